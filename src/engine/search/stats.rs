//! # Search statistics: what the tree looked like
//!
//! Counters, not code paths: the search makes one short call where an event
//! happens (a node, a cut-off, a pruned move) and this module adds them up and
//! reports them. They answer the questions an engine author asks of every change
//! (seed 002's log):
//!
//! * **time to depth**: how long until iteration `d` is finished;
//! * **effective branching factor** (EBF): how many times more nodes iteration
//!   `d` took than iteration `d - 1`. A perfect alpha-beta tree of width `b`
//!   has an EBF near `sqrt(b)`; pruning and reductions push it lower;
//! * **fail-high on the first move** (FH1 %): of the full-width iterations that
//!   ended in a beta cut-off by a move, the share where the first move tried
//!   already cut off; FH4 % counts the first four. Move ordering is good when
//!   FH1 is high. Null-move cut-offs are counted apart, not as fail-highs.
//!
//! Nodes are counted as micro-Max counts them: one per pass of a node's
//! deepening loop, split into scoring passes, quiescence passes and full-width
//! passes.

use std::fmt::Write;
use std::time::Duration;

/// Event counts of a search (or of several searches added up).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Counters {
    /// Scoring passes (micro-Max's iteration 1).
    pub scoring_nodes: u64,
    /// Quiescence passes (iteration 2).
    pub quiescence_nodes: u64,
    /// Full-width passes (iteration 3 and up).
    pub full_width_nodes: u64,
    /// Full-width iterations that ended in a beta cut-off by a move.
    pub fail_highs: u64,
    /// ... of which the first move tried cut off.
    pub fail_highs_first: u64,
    /// ... of which one of the first four moves tried cut off.
    pub fail_highs_first_four: u64,
    /// Hash-table probes.
    pub hash_probes: u64,
    /// Probes that found the position.
    pub hash_hits: u64,
    /// Nodes answered from the table without a search.
    pub hash_cutoffs: u64,
    /// Null moves searched.
    pub null_tries: u64,
    /// Null moves whose score cut off.
    pub null_cutoffs: u64,
    /// Moves not searched because they could not raise alpha (futility).
    pub futility_prunes: u64,
    /// Moves searched with a late-move reduction.
    pub lmr_reductions: u64,
    /// Reduced moves searched again at full depth because they beat alpha.
    pub lmr_researches: u64,
    /// Moves searched a ply deeper because the side to move was in check.
    pub check_extensions: u64,
    /// Nodes cut off by reverse futility pruning (switch `rfp`).
    pub reverse_futility_prunes: u64,
    /// Quiet moves skipped by late-move pruning (switch `lmp`).
    pub late_move_prunes: u64,
    /// Nodes that generated their moves (the others were answered before:
    /// by the table, reverse futility or, with `null_first`, the null move).
    pub move_lists: u64,
}

impl Counters {
    /// All nodes, as micro-Max counts them.
    pub fn nodes(&self) -> u64 {
        self.scoring_nodes + self.quiescence_nodes + self.full_width_nodes
    }

    /// Record a beta cut-off by the `tried`-th move (1 = the first).
    #[inline]
    pub fn fail_high(&mut self, tried: u32) {
        self.fail_highs += 1;
        self.fail_highs_first += u64::from(tried == 1);
        self.fail_highs_first_four += u64::from(tried <= 4);
    }

    /// The counts as an array, in field order.
    fn to_array(self) -> [u64; 18] {
        [
            self.scoring_nodes,
            self.quiescence_nodes,
            self.full_width_nodes,
            self.fail_highs,
            self.fail_highs_first,
            self.fail_highs_first_four,
            self.hash_probes,
            self.hash_hits,
            self.hash_cutoffs,
            self.null_tries,
            self.null_cutoffs,
            self.futility_prunes,
            self.lmr_reductions,
            self.lmr_researches,
            self.check_extensions,
            self.reverse_futility_prunes,
            self.late_move_prunes,
            self.move_lists,
        ]
    }

    /// The counts from an array in field order.
    fn from_array(c: [u64; 18]) -> Counters {
        Counters {
            scoring_nodes: c[0],
            quiescence_nodes: c[1],
            full_width_nodes: c[2],
            fail_highs: c[3],
            fail_highs_first: c[4],
            fail_highs_first_four: c[5],
            hash_probes: c[6],
            hash_hits: c[7],
            hash_cutoffs: c[8],
            null_tries: c[9],
            null_cutoffs: c[10],
            futility_prunes: c[11],
            lmr_reductions: c[12],
            lmr_researches: c[13],
            check_extensions: c[14],
            reverse_futility_prunes: c[15],
            late_move_prunes: c[16],
            move_lists: c[17],
        }
    }

    /// These counts plus `other`'s.
    pub fn add(&mut self, other: &Counters) {
        let (mine, theirs) = (self.to_array(), other.to_array());
        *self = Counters::from_array(std::array::from_fn(|i| mine[i] + theirs[i]));
    }

    /// What was counted after `earlier` (counts taken from the same search).
    pub fn since(&self, earlier: &Counters) -> Counters {
        let (now, before) = (self.to_array(), earlier.to_array());
        Counters::from_array(std::array::from_fn(|i| now[i] - before[i]))
    }

    /// FH1 %: share of fail-highs made by the first move.
    pub fn fail_high_first_percent(&self) -> f64 {
        percent(self.fail_highs_first, self.fail_highs)
    }

    /// FH4 %: share of fail-highs made by one of the first four moves.
    pub fn fail_high_first_four_percent(&self) -> f64 {
        percent(self.fail_highs_first_four, self.fail_highs)
    }

    /// Share of the nodes that are quiescence passes (scoring passes included).
    pub fn quiescence_percent(&self) -> f64 {
        percent(self.scoring_nodes + self.quiescence_nodes, self.nodes())
    }
}

fn percent(part: u64, whole: u64) -> f64 {
    if whole == 0 {
        0.0
    } else {
        100.0 * part as f64 / whole as f64
    }
}

/// One completed root iteration: the counts since the search started.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Iteration {
    /// Full-width depth in plies.
    pub depth: u32,
    /// Time since the search started (time to depth).
    pub elapsed: Duration,
    /// Everything counted up to the end of this iteration.
    pub counters: Counters,
}

/// The statistics of one search, or of several added up depth by depth.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct SearchStats {
    /// Completed iterations, shallowest first.
    pub iterations: Vec<Iteration>,
    /// Everything counted, the unfinished iteration included.
    pub total: Counters,
    /// The deepest ply reached.
    pub selective_depth: u32,
    /// Time the search took.
    pub elapsed: Duration,
}

impl SearchStats {
    /// What iteration `index` alone counted.
    pub fn iteration_counters(&self, index: usize) -> Counters {
        let before = match index {
            0 => Counters::default(),
            _ => self.iterations[index - 1].counters,
        };
        self.iterations[index].counters.since(&before)
    }

    /// Nodes of iteration `index` alone.
    pub fn iteration_nodes(&self, index: usize) -> u64 {
        self.iteration_counters(index).nodes()
    }

    /// Effective branching factor of iteration `index`: its nodes over the
    /// previous iteration's (`None` for the first).
    pub fn branching_factor(&self, index: usize) -> Option<f64> {
        (index > 0).then(|| {
            self.iteration_nodes(index) as f64 / self.iteration_nodes(index - 1).max(1) as f64
        })
    }

    /// Geometric mean of the EBF over the last `count` iterations.
    pub fn mean_branching_factor(&self, count: usize) -> Option<f64> {
        let last = self.iterations.len().checked_sub(1)?;
        let count = count.min(last);
        if count == 0 {
            return None;
        }
        let ratio =
            self.iteration_nodes(last) as f64 / self.iteration_nodes(last - count).max(1) as f64;
        Some(ratio.powf(1.0 / count as f64))
    }

    /// Add `other`'s counts to these, iteration by iteration (for a total over
    /// many positions searched to the same depth). A search that ended early (a
    /// mate proved, a single legal move) counts at the deeper iterations with
    /// what it had when it ended, so that iteration node counts stay the sum of
    /// what each position added.
    pub fn add(&mut self, other: &SearchStats) {
        let depths = self.iterations.len().max(other.iterations.len());
        let at = |iterations: &[Iteration], index: usize| {
            iterations
                .get(index)
                .or(iterations.last())
                .map(|iteration| (iteration.counters, iteration.elapsed))
                .unwrap_or_default()
        };
        let mut sum = Vec::with_capacity(depths);
        for index in 0..depths {
            let (mut counters, mine) = at(&self.iterations, index);
            let (theirs, elapsed) = at(&other.iterations, index);
            counters.add(&theirs);
            sum.push(Iteration {
                depth: index as u32 + 1,
                elapsed: mine + elapsed,
                counters,
            });
        }
        self.iterations = sum;
        self.total.add(&other.total);
        self.selective_depth = self.selective_depth.max(other.selective_depth);
        self.elapsed += other.elapsed;
    }

    /// The statistics as a table: one row per iteration, then the totals.
    pub fn table(&self) -> String {
        let mut text = String::new();
        let _ = writeln!(
            text,
            "depth      nodes   time(s)   EBF   FH1%   FH4%  qnodes%"
        );
        for (index, iteration) in self.iterations.iter().enumerate() {
            let ebf = self
                .branching_factor(index)
                .map_or("-".to_string(), |ebf| format!("{ebf:.2}"));
            let c = self.iteration_counters(index);
            let _ = writeln!(
                text,
                "{:>5} {:>10} {:>9.3} {:>5} {:>6.1} {:>6.1} {:>8.1}",
                iteration.depth,
                self.iteration_nodes(index),
                iteration.elapsed.as_secs_f64(),
                ebf,
                c.fail_high_first_percent(),
                c.fail_high_first_four_percent(),
                c.quiescence_percent(),
            );
        }
        let c = &self.total;
        let seconds = self.elapsed.as_secs_f64().max(1e-9);
        let lines = [
            format!(
                "nodes {} (full-width {}, quiescence {}, scoring {}), {:.0} nodes/s",
                c.nodes(),
                c.full_width_nodes,
                c.quiescence_nodes,
                c.scoring_nodes,
                c.nodes() as f64 / seconds
            ),
            format!(
                "mean EBF (last 4 iterations) {}",
                self.mean_branching_factor(4)
                    .map_or("-".to_string(), |ebf| format!("{ebf:.2}"))
            ),
            format!(
                "fail-highs {} (first move {:.1} %, first four {:.1} %; null-move cut-offs not included)",
                c.fail_highs,
                c.fail_high_first_percent(),
                c.fail_high_first_four_percent()
            ),
            format!(
                "hash probes {}, hits {}, cut-offs {}",
                c.hash_probes, c.hash_hits, c.hash_cutoffs
            ),
            format!(
                "null moves {}, cut-offs {}; move lists generated {}",
                c.null_tries, c.null_cutoffs, c.move_lists
            ),
            format!(
                "futility prunes {}, LMR reductions {}, re-searches {}, check extensions {}",
                c.futility_prunes, c.lmr_reductions, c.lmr_researches, c.check_extensions
            ),
            format!(
                "reverse futility prunes {}, late-move prunes {}",
                c.reverse_futility_prunes, c.late_move_prunes
            ),
            format!(
                "selective depth {}, quiescence share {:.1} %",
                self.selective_depth,
                c.quiescence_percent()
            ),
        ];
        for line in lines {
            let _ = writeln!(text, "{line}");
        }
        text
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn iteration(depth: u32, nodes: u64) -> Iteration {
        Iteration {
            depth,
            elapsed: Duration::from_millis(u64::from(depth)),
            counters: Counters {
                full_width_nodes: nodes,
                ..Counters::default()
            },
        }
    }

    #[test]
    fn branching_factor_is_the_ratio_of_iteration_nodes() {
        let stats = SearchStats {
            iterations: vec![iteration(1, 10), iteration(2, 40), iteration(3, 130)],
            ..SearchStats::default()
        };
        assert_eq!(stats.iteration_nodes(2), 90);
        assert_eq!(stats.branching_factor(0), None);
        assert_eq!(stats.branching_factor(1), Some(3.0));
        assert_eq!(stats.branching_factor(2), Some(3.0));
        assert!((stats.mean_branching_factor(4).unwrap() - 3.0).abs() < 1e-9);
    }

    #[test]
    fn adding_a_search_that_ended_early_keeps_its_last_counts() {
        let mut sum = SearchStats {
            iterations: vec![iteration(1, 10), iteration(2, 40), iteration(3, 130)],
            ..SearchStats::default()
        };
        let short = SearchStats {
            iterations: vec![iteration(1, 5)],
            ..SearchStats::default()
        };
        sum.add(&short);
        assert_eq!(sum.iterations.len(), 3);
        assert_eq!(sum.iteration_nodes(0), 15);
        assert_eq!(sum.iteration_nodes(1), 30);
        assert_eq!(sum.iteration_nodes(2), 90);
    }

    #[test]
    fn fail_high_shares() {
        let mut counters = Counters::default();
        for tried in [1, 1, 3, 7] {
            counters.fail_high(tried);
        }
        assert_eq!(counters.fail_high_first_percent(), 50.0);
        assert_eq!(counters.fail_high_first_four_percent(), 75.0);
    }

    #[test]
    fn adding_counts_every_field() {
        let mut all = Counters::default();
        let mut one = Counters::default();
        one.fail_high(1);
        one.check_extensions = 2;
        one.hash_probes = 5;
        all.add(&one);
        all.add(&one);
        assert_eq!(all.fail_highs, 2);
        assert_eq!(all.check_extensions, 4);
        assert_eq!(all.hash_probes, 10);
    }
}
