//! # The laboratory: two settings of the search, measured side by side
//!
//! `umax lab A-SPEC B-SPEC [--depth D | --time S]` searches the bench positions
//! under two settings of the laboratory's switches (see
//! [`techniques`](crate::search::techniques)) and prints, iteration by
//! iteration, what an engine author measures before and after a change (seed
//! 002's log): nodes to depth, time to depth, effective branching factor, and
//! the share of fail-highs on the first move (FH1 %) and on the first four
//! (FH4 %), each of one iteration alone. Both settings search the same positions to the same depth with a
//! fresh table each, so their node counts compare directly; times are wall
//! time on a shared machine and carry its noise.
//!
//! ## Paired experiments
//! The same positions searched under A and under B give *pairs*: position i
//! costs a_i nodes under A and b_i under B. Whether B saves nodes is a question
//! about the differences d_i = b_i - a_i, and the lab answers it the way a
//! paper would (seed 003 backs its claim with a paired t-test): the mean
//! difference with its 95 % confidence interval, Student's paired t with its
//! degrees of freedom and one- and two-sided p-values, the effect size
//! (Cohen's d_z: the mean difference over the standard deviation of the
//! differences), and the ratio of the geometric means of B's and A's nodes,
//! which weighs every position alike however big its tree (the t-test on
//! log nodes gives its confidence interval). `--positions FILE` reads the
//! positions from an EPD or FEN file instead of the 30 bench positions, and
//! `--per-position` lists every pair. `--svg FILE` draws the comparison
//! ([`lab_with`]): nodes to depth of both settings on a log scale with
//! the EBF, and B/A per depth with its 95 % interval.
//!
//! ## Beal's search
//! A spec `beal` (or `beal,matev=2`) runs Beal's 1986 tactics search
//! ([`BealSearch`]) instead of umax's, to the same depth on the same
//! positions: the table then shows, iteration by iteration, nodes as each
//! search counts them (Beal's where a move list is made, umax's per pass of
//! its deepening loop) and time, and how often the two choose the same move.

use std::fmt::Write;
use std::path::Path;
use std::time::Duration;

use crate::board::{Board, Move};
use crate::clock::Limits;
use crate::search::beal::BealSearch;
use crate::search::{SearchStats, Searcher, Settings, Silent};
use crate::tools::BENCH_POSITIONS;

/// Table size `umax lab` uses unless `--hash` is given: 2^22 entries (48 MiB),
/// enough for the bench positions at the lab's depths.
pub const LAB_TABLE_LOG2: u32 = 22;

/// Depth `umax lab` uses when none is given.
pub const DEFAULT_LAB_DEPTH: u32 = 7;

/// What one setting did over a list of positions.
#[derive(Clone, Debug)]
pub struct LabRun {
    /// The spec of the setting.
    pub spec: String,
    /// Statistics added up over the positions, iteration by iteration.
    pub stats: SearchStats,
    /// The move chosen in each position.
    pub best_moves: Vec<Option<Move>>,
    /// What each position cost, in the order searched.
    pub positions: Vec<PositionRun>,
}

/// What one position cost under one setting.
#[derive(Clone, Debug, Default)]
pub struct PositionRun {
    /// Nodes, as the search counts them.
    pub nodes: u64,
    /// Wall time.
    pub elapsed: Duration,
    /// Nodes counted by the end of each completed iteration (index 0 = the
    /// first).
    pub iteration_nodes: Vec<u64>,
    /// Time by the end of each completed iteration.
    pub iteration_elapsed: Vec<Duration>,
}

impl LabRun {
    /// Nodes over all positions.
    pub fn nodes(&self) -> u64 {
        self.stats.total.nodes()
    }

    /// Time over all positions.
    pub fn elapsed(&self) -> Duration {
        self.stats.elapsed
    }
}

/// Search each of `fens` under `settings` with `limits`, each with a freshly
/// cleared table of `2^log2_entries` entries.
pub fn run_positions(
    settings: &Settings,
    fens: &[&str],
    limits: &Limits,
    log2_entries: u32,
) -> Result<LabRun, String> {
    let mut searcher = Searcher::new(log2_entries);
    searcher.set_settings(settings.clone());
    let mut stats = SearchStats::default();
    let mut best_moves = Vec::new();
    let mut positions = Vec::new();
    for fen in fens {
        let board = Board::from_fen(fen).map_err(|e| format!("bad FEN '{fen}': {e}"))?;
        // Page faults are not search time (see `tools::bench_with`).
        searcher.clear_and_prefault_table();
        let result = searcher.think(&board, &[], limits, &mut Silent);
        let searched = searcher.stats();
        stats.add(searched);
        best_moves.push(result.best_move);
        positions.push(PositionRun {
            nodes: searched.total.nodes(),
            elapsed: searched.elapsed,
            iteration_nodes: searched
                .iterations
                .iter()
                .map(|iteration| iteration.counters.nodes())
                .collect(),
            iteration_elapsed: searched
                .iterations
                .iter()
                .map(|iteration| iteration.elapsed)
                .collect(),
        });
    }
    Ok(LabRun {
        spec: settings.to_spec(),
        stats,
        best_moves,
        positions,
    })
}

/// The spec of Beal's search: `beal` (`matev(1)`) or `beal,matev=N`. Returns
/// the matev depth, or `None` if the spec is not Beal's.
pub fn beal_spec(spec: &str) -> Option<Result<u32, String>> {
    let mut items = spec.split([',', ' ']).filter(|item| !item.is_empty());
    if items.next() != Some("beal") {
        return None;
    }
    let mut mate_depth = 1;
    for item in items {
        match item.split_once('=') {
            Some(("matev", "1")) => mate_depth = 1,
            Some(("matev", "2")) => mate_depth = 2,
            _ => {
                return Some(Err(format!(
                    "'{item}': Beal's search takes only matev=1 or matev=2"
                )));
            }
        }
    }
    Some(Ok(mate_depth))
}

/// Search each of `fens` with Beal's 1986 search (`matev(mate_depth)`) under
/// `limits` (depth = `it2v`'s depth), each with an empty table. Its
/// statistics hold no umax counters: only `positions` and `best_moves` say
/// what it did.
pub fn run_positions_beal(
    mate_depth: u32,
    fens: &[&str],
    limits: &Limits,
) -> Result<LabRun, String> {
    let mut search = BealSearch::new();
    search.set_mate_depth(mate_depth);
    let mut best_moves = Vec::new();
    let mut positions = Vec::new();
    let mut stats = SearchStats::default();
    for fen in fens {
        let board = Board::from_fen(fen).map_err(|e| format!("bad FEN '{fen}': {e}"))?;
        let result = search.search(&board, &[], limits);
        stats.elapsed += result.elapsed;
        best_moves.push(result.best_move);
        positions.push(PositionRun {
            nodes: result.nodes,
            elapsed: result.elapsed,
            iteration_nodes: result.nodes_per_iteration.clone(),
            iteration_elapsed: result.elapsed_per_iteration.clone(),
        });
    }
    Ok(LabRun {
        spec: format!("beal,matev={mate_depth}"),
        stats,
        best_moves,
        positions,
    })
}

/// Run one spec, umax's search or Beal's.
fn run_spec(
    spec: &str,
    fens: &[&str],
    limits: &Limits,
    log2_entries: u32,
) -> Result<LabRun, String> {
    match beal_spec(spec) {
        Some(mate_depth) => run_positions_beal(mate_depth?, fens, limits),
        None => {
            let settings = Settings::from_spec(spec)?;
            run_positions(&settings, fens, limits, log2_entries)
        }
    }
}

/// The side-by-side table of two runs over the same positions.
pub fn comparison_table(a: &LabRun, b: &LabRun) -> String {
    let mut text = String::new();
    let _ = writeln!(text, "A: {}", a.spec);
    let _ = writeln!(text, "B: {}", b.spec);
    let _ = writeln!(
        text,
        "| depth | nodes to depth A | nodes to depth B | B/A | time A (s) | time B (s) | EBF A | EBF B | FH1% A | FH1% B | FH4% A | FH4% B |"
    );
    let _ = writeln!(
        text,
        "|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"
    );
    let depths = a.stats.iterations.len().max(b.stats.iterations.len());
    let ebf = |run: &LabRun, index: usize| {
        run.stats
            .branching_factor(index)
            .map_or("-".to_string(), |ebf| format!("{ebf:.2}"))
    };
    for index in 0..depths {
        let (Some(ia), Some(ib)) = (a.stats.iterations.get(index), b.stats.iterations.get(index))
        else {
            continue;
        };
        let nodes_a = ia.counters.nodes();
        let nodes_b = ib.counters.nodes();
        let _ = writeln!(
            text,
            "| {} | {} | {} | {:.2} | {:.3} | {:.3} | {} | {} | {:.1} | {:.1} | {:.1} | {:.1} |",
            ia.depth,
            nodes_a,
            nodes_b,
            nodes_b as f64 / nodes_a.max(1) as f64,
            ia.elapsed.as_secs_f64(),
            ib.elapsed.as_secs_f64(),
            ebf(a, index),
            ebf(b, index),
            a.stats.iteration_counters(index).fail_high_first_percent(),
            b.stats.iteration_counters(index).fail_high_first_percent(),
            a.stats
                .iteration_counters(index)
                .fail_high_first_four_percent(),
            b.stats
                .iteration_counters(index)
                .fail_high_first_four_percent(),
        );
    }
    let nps = |run: &LabRun| run.nodes() as f64 / run.elapsed().as_secs_f64().max(1e-9);
    let mean_ebf = |run: &LabRun| {
        run.stats
            .mean_branching_factor(4)
            .map_or("-".to_string(), |ebf| format!("{ebf:.2}"))
    };
    let _ = writeln!(
        text,
        "nodes (all iterations): A {} B {}; time: A {:.3} s B {:.3} s; nodes/s: A {:.0} B {:.0}",
        a.nodes(),
        b.nodes(),
        a.elapsed().as_secs_f64(),
        b.elapsed().as_secs_f64(),
        nps(a),
        nps(b)
    );
    let same = same_best_moves(a, b);
    let _ = writeln!(
        text,
        "mean EBF (last 4 iterations): A {} B {}; same best move in {same} of {} positions",
        mean_ebf(a),
        mean_ebf(b),
        a.best_moves.len()
    );
    text
}

/// The iteration table of two runs of which one (or both) is Beal's search:
/// nodes and time to each iteration, summed over the positions (a position
/// whose search ended sooner, at a mate, counts what it had used), then
/// totals and how often the two chose the same move.
pub fn iteration_table(a: &LabRun, b: &LabRun) -> String {
    let mut text = String::new();
    let _ = writeln!(text, "A: {}", a.spec);
    let _ = writeln!(text, "B: {}", b.spec);
    let _ = writeln!(
        text,
        "| iteration | nodes to depth A | nodes to depth B | B/A | time A (s) | time B (s) |"
    );
    let _ = writeln!(text, "|---:|---:|---:|---:|---:|---:|");
    let iterations = |run: &LabRun| {
        run.positions
            .iter()
            .map(|position| position.iteration_nodes.len())
            .max()
            .unwrap_or(0)
    };
    // Nodes and time by the end of iteration `index`, over all positions.
    let to_depth = |run: &LabRun, index: usize| {
        let mut nodes = 0;
        let mut elapsed = Duration::ZERO;
        for position in &run.positions {
            let at = index.min(position.iteration_nodes.len().saturating_sub(1));
            nodes += position
                .iteration_nodes
                .get(at)
                .copied()
                .unwrap_or(position.nodes);
            elapsed += position
                .iteration_elapsed
                .get(at)
                .copied()
                .unwrap_or(position.elapsed);
        }
        (nodes, elapsed)
    };
    for index in 0..iterations(a).max(iterations(b)) {
        let (nodes_a, time_a) = to_depth(a, index);
        let (nodes_b, time_b) = to_depth(b, index);
        let _ = writeln!(
            text,
            "| {} | {nodes_a} | {nodes_b} | {:.2} | {:.3} | {:.3} |",
            index + 1,
            nodes_b as f64 / nodes_a.max(1) as f64,
            time_a.as_secs_f64(),
            time_b.as_secs_f64(),
        );
    }
    let total = |run: &LabRun| run.positions.iter().map(|p| p.nodes).sum::<u64>();
    let time = |run: &LabRun| {
        run.positions
            .iter()
            .map(|p| p.elapsed)
            .sum::<Duration>()
            .as_secs_f64()
    };
    let _ = writeln!(
        text,
        "nodes (all iterations): A {} B {}; time: A {:.3} s B {:.3} s; same best move in {} of {} positions",
        total(a),
        total(b),
        time(a),
        time(b),
        same_best_moves(a, b),
        a.best_moves.len()
    );
    let _ = writeln!(
        text,
        "(Beal's search counts a node where it makes a move list; umax's, a pass of its deepening loop.)"
    );
    text
}

/// In how many positions the two runs chose the same move.
pub fn same_best_moves(a: &LabRun, b: &LabRun) -> usize {
    a.best_moves
        .iter()
        .zip(&b.best_moves)
        .filter(|(x, y)| x == y)
        .count()
}

/// A position for the lab: a label (the EPD `id`, or its line number) and
/// its FEN.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LabPosition {
    /// The EPD `id`, or `#N` for the N-th position.
    pub label: String,
    /// The position (EPD's four fields, or a full FEN).
    pub fen: String,
}

/// The positions of an EPD or FEN file, one a line (blank lines and lines
/// starting with `#` skipped). A line whose 5th and 6th fields are numbers is a
/// full FEN; otherwise its first four fields are the position and the rest
/// EPD operations, of which only `id` is read.
pub fn read_positions(text: &str) -> Result<Vec<LabPosition>, String> {
    let mut positions = Vec::new();
    for (number, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let fields: Vec<&str> = line.split_whitespace().collect();
        let is_counter = |index: usize| fields.get(index).is_some_and(|f| f.parse::<u32>().is_ok());
        let used = if is_counter(4) && is_counter(5) { 6 } else { 4 };
        if fields.len() < 4 {
            return Err(format!("line {}: not a FEN or EPD line", number + 1));
        }
        let fen = fields[..used].join(" ");
        Board::from_fen(&fen).map_err(|e| format!("line {}: {e}", number + 1))?;
        let label = line
            .split(';')
            .find_map(|operation| operation.trim().strip_prefix("id "))
            .map(|id| id.trim().trim_matches('"').to_string())
            .unwrap_or_else(|| format!("#{}", positions.len() + 1));
        positions.push(LabPosition { label, fen });
    }
    if positions.is_empty() {
        return Err("no positions in the file".to_string());
    }
    Ok(positions)
}

/// The 30 bench positions, labelled `#1` to `#30`.
pub fn bench_positions() -> Vec<LabPosition> {
    BENCH_POSITIONS
        .iter()
        .enumerate()
        .map(|(index, fen)| LabPosition {
            label: format!("#{}", index + 1),
            fen: fen.to_string(),
        })
        .collect()
}

/// `umax lab A-SPEC B-SPEC`: run both settings over the bench positions and
/// return the table.
pub fn lab(
    a_spec: &str,
    b_spec: &str,
    limits: &Limits,
    log2_entries: u32,
) -> Result<String, String> {
    lab_with(
        a_spec,
        b_spec,
        &bench_positions(),
        limits,
        log2_entries,
        false,
        None,
    )
}

/// `umax lab A-SPEC B-SPEC [--positions FILE] [--per-position] [--svg FILE]`:
/// run both specs (umax settings, or `beal`) over `positions` and return the
/// iteration table, the paired comparison and, with `per_position`, every
/// pair; with `svg`, the picture of the comparison
/// ([`svg::lab_svg`](crate::laboratory::svg::lab_svg)) is written to that
/// file: nodes to depth on a log scale with the EBF, and B/A per depth with
/// its 95 % interval.
pub fn lab_with(
    a_spec: &str,
    b_spec: &str,
    positions: &[LabPosition],
    limits: &Limits,
    log2_entries: u32,
    per_position: bool,
    svg: Option<&Path>,
) -> Result<String, String> {
    let fens: Vec<&str> = positions.iter().map(|p| p.fen.as_str()).collect();
    let run_a =
        run_spec(a_spec, &fens, limits, log2_entries).map_err(|e| format!("A-SPEC: {e}"))?;
    let run_b =
        run_spec(b_spec, &fens, limits, log2_entries).map_err(|e| format!("B-SPEC: {e}"))?;
    let mut text = if beal_spec(a_spec).is_some() || beal_spec(b_spec).is_some() {
        iteration_table(&run_a, &run_b)
    } else {
        comparison_table(&run_a, &run_b)
    };
    text.push('\n');
    text.push_str(&paired_table(&run_a, &run_b));
    if per_position {
        text.push('\n');
        text.push_str(&per_position_table(positions, &run_a, &run_b));
    }
    if let Some(path) = svg {
        crate::laboratory::svg::save(path, &crate::laboratory::svg::lab_svg(&run_a, &run_b))?;
    }
    Ok(text)
}

/// Nodes and time of every position under A and B.
pub fn per_position_table(positions: &[LabPosition], a: &LabRun, b: &LabRun) -> String {
    let mut text = String::new();
    let _ = writeln!(
        text,
        "| position | nodes A | nodes B | B/A | time A (ms) | time B (ms) | move A | move B |"
    );
    let _ = writeln!(text, "|---|---:|---:|---:|---:|---:|---|---|");
    let show = |mv: &Option<Move>| mv.map_or("-".to_string(), |mv| mv.to_string());
    for (index, position) in positions.iter().enumerate() {
        let (Some(pa), Some(pb)) = (a.positions.get(index), b.positions.get(index)) else {
            continue;
        };
        let _ = writeln!(
            text,
            "| {} | {} | {} | {:.3} | {:.1} | {:.1} | {} | {} |",
            position.label,
            pa.nodes,
            pb.nodes,
            pb.nodes as f64 / pa.nodes.max(1) as f64,
            pa.elapsed.as_secs_f64() * 1000.0,
            pb.elapsed.as_secs_f64() * 1000.0,
            show(&a.best_moves[index]),
            show(&b.best_moves[index]),
        );
    }
    text
}

/// The paired comparison of two runs over the same positions: one row for
/// nodes, one for time (see [`PairedSummary`]).
pub fn paired_table(a: &LabRun, b: &LabRun) -> String {
    let n = a.positions.len().min(b.positions.len());
    let mut text = String::new();
    if n < 2 {
        let _ = writeln!(text, "(a paired comparison needs at least 2 positions)");
        return text;
    }
    let nodes =
        |run: &LabRun| -> Vec<f64> { run.positions[..n].iter().map(|p| p.nodes as f64).collect() };
    let millis = |run: &LabRun| -> Vec<f64> {
        run.positions[..n]
            .iter()
            .map(|p| p.elapsed.as_secs_f64() * 1000.0)
            .collect()
    };
    let _ = writeln!(text, "Paired over {n} positions, per position d = B - A:");
    let _ = writeln!(
        text,
        "| measure | mean A | mean B | mean d | 95 % CI of d | d_z | t | df | p (B<A) | p (B>A) | p two-sided | geo. mean B/A (95 % CI) |"
    );
    let _ = writeln!(
        text,
        "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"
    );
    for (label, xs, ys) in [
        ("nodes", nodes(a), nodes(b)),
        ("time (ms)", millis(a), millis(b)),
    ] {
        let summary = paired_summary(&xs, &ys);
        let test = &summary.test;
        let (low, high) = test.confidence_interval_95;
        let ratio = match summary.log_test {
            Some(log_test) => format!(
                "{:.4} ({:.4} .. {:.4})",
                summary.geometric_mean_ratio,
                log_test.confidence_interval_95.0.exp(),
                log_test.confidence_interval_95.1.exp()
            ),
            None => "-".to_string(),
        };
        let _ = writeln!(
            text,
            "| {label} | {:.1} | {:.1} | {:.1} | {:.1} .. {:.1} | {:.3} | {:.3} | {} | {} | {} | {} | {ratio} |",
            summary.mean_a,
            summary.mean_b,
            test.mean_difference,
            low,
            high,
            summary.effect_size,
            test.t,
            test.degrees_of_freedom,
            format_p(summary.p_b_below_a()),
            format_p(test.p_one_sided),
            format_p(test.p_two_sided),
        );
    }
    text
}

/// A p-value with four decimals, or in scientific notation when smaller.
fn format_p(p: f64) -> String {
    if p > 0.0 && p < 1e-4 {
        format!("{p:.1e}")
    } else {
        format!("{p:.4}")
    }
}

/// A paired comparison of measurements `a[i]` and `b[i]` of the same items:
/// the paired t-test of the differences `b[i] - a[i]`, their effect size and
/// the ratio of geometric means.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PairedSummary {
    /// Number of pairs.
    pub n: usize,
    /// Mean of `a`.
    pub mean_a: f64,
    /// Mean of `b`.
    pub mean_b: f64,
    /// Sample standard deviation (divisor n - 1) of the differences `b - a`.
    pub sd_difference: f64,
    /// Cohen's d_z: the mean difference over `sd_difference` (0 when every
    /// difference is 0, infinite when all are equal but not 0).
    pub effect_size: f64,
    /// The paired t-test of `b` against `a`: its mean difference is
    /// mean(b - a), its one-sided p the evidence that B is *larger*.
    pub test: PairedTTest,
    /// exp(mean(ln b) - mean(ln a)): the ratio of the geometric means (1.0 if
    /// some value is not positive).
    pub geometric_mean_ratio: f64,
    /// The paired t-test of `ln b` against `ln a`, when every value is
    /// positive; its confidence interval, exponentiated, is the interval of
    /// the geometric mean ratio.
    pub log_test: Option<PairedTTest>,
}

impl PairedSummary {
    /// One-sided p-value for "B is smaller than A": P(T <= t).
    pub fn p_b_below_a(&self) -> f64 {
        student_t_cdf(self.test.t, self.test.degrees_of_freedom)
    }
}

/// The [`PairedSummary`] of `b` against `a` (same length, at least 2).
pub fn paired_summary(a: &[f64], b: &[f64]) -> PairedSummary {
    let test = paired_t_test(b, a);
    let n = test.n;
    let mean = |values: &[f64]| values.iter().sum::<f64>() / values.len() as f64;
    let sd_difference = test.standard_error * (n as f64).sqrt();
    let effect_size = if test.mean_difference == 0.0 {
        0.0
    } else {
        test.mean_difference / sd_difference
    };
    let positive = a.iter().chain(b).all(|&value| value > 0.0);
    let log_test = positive.then(|| {
        let ln = |values: &[f64]| values.iter().map(|v| v.ln()).collect::<Vec<f64>>();
        paired_t_test(&ln(b), &ln(a))
    });
    PairedSummary {
        n,
        mean_a: mean(a),
        mean_b: mean(b),
        sd_difference,
        effect_size,
        test,
        geometric_mean_ratio: log_test.map_or(1.0, |t| t.mean_difference.exp()),
        log_test,
    }
}

// ===========================================================================
// Student's t distribution and the paired t-test
// ===========================================================================
//
// Two settings of the search measured on the same positions give *paired*
// figures: position i searched under A and under B. The paired t-test asks
// whether the mean of the differences d_i = a_i - b_i is far from 0 compared
// with its standard error, s / sqrt(n) (s the standard deviation of the d_i).
// If the true mean difference were 0 and the differences roughly normal, the
// ratio t = mean / (s / sqrt(n)) would follow Student's t distribution with
// n - 1 degrees of freedom; the p-value is how often a t at least as extreme
// would occur by chance. Seed 003 (Wheeler) backs its quiet-first claim with
// such a test: t = 2.63 over 24 moves, one-tailed p = 0.0075.
//
// Student's t tail is a regularized incomplete beta function:
//
//   P(|T| > t) = I_x(df / 2, 1 / 2)   with   x = df / (df + t^2),
//
// and I_x(a, b) is computed from its continued fraction (below), which needs
// ln Gamma for the factor in front. Everything here is std only.

/// Relative precision at which the continued fraction stops.
const CONTINUED_FRACTION_EPSILON: f64 = 1e-15;

/// Stop the continued fraction after this many terms (it needs about
/// sqrt(max(a, b)) terms; 10 000 covers a million degrees of freedom and more).
const CONTINUED_FRACTION_MAX_TERMS: usize = 10_000;

/// Stand-in for 0 in the continued fraction's divisions (modified Lentz method).
const TINY: f64 = 1e-300;

/// The natural logarithm of the Gamma function, for `x > 0`.
///
/// Lanczos' approximation with g = 7 and nine coefficients (the set Paul
/// Godfrey published), accurate to about 15 significant digits:
/// Gamma(x + 1) = sqrt(2 pi) (x + g + 1/2)^(x + 1/2) e^-(x + g + 1/2) A(x),
/// with A(x) = c0 + sum c_k / (x + k). Below 1/2 we use the reflection
/// formula Gamma(x) Gamma(1 - x) = pi / sin(pi x).
pub fn ln_gamma(x: f64) -> f64 {
    const G: f64 = 7.0;
    const COEFFICIENTS: [f64; 9] = [
        0.999_999_999_999_809_9,
        676.520_368_121_885_1,
        -1_259.139_216_722_402_8,
        771.323_428_777_653_1,
        -176.615_029_162_140_6,
        12.507_343_278_686_905,
        -0.138_571_095_265_720_12,
        9.984_369_578_019_572e-6,
        1.505_632_735_149_311_6e-7,
    ];
    if x < 0.5 {
        let pi = std::f64::consts::PI;
        return (pi / (pi * x).sin()).abs().ln() - ln_gamma(1.0 - x);
    }
    let x = x - 1.0;
    let series = COEFFICIENTS[1..]
        .iter()
        .enumerate()
        .fold(COEFFICIENTS[0], |sum, (k, c)| {
            sum + c / (x + k as f64 + 1.0)
        });
    let t = x + G + 0.5;
    0.5 * (2.0 * std::f64::consts::PI).ln() + (x + 0.5) * t.ln() - t + series.ln()
}

/// The regularized incomplete beta function I_x(a, b) = B(x; a, b) / B(a, b),
/// for `0 <= x <= 1` and `a, b > 0`: the probability that a Beta(a, b)
/// variable is at most `x`.
///
/// It is computed from the continued fraction
///
/// ```text
/// I_x(a, b) = x^a (1 - x)^b / (a B(a, b)) * 1 / (1 + d1 / (1 + d2 / (1 + ...)))
/// d(2m + 1) = -(a + m)(a + b + m) x / ((a + 2m)(a + 2m + 1))
/// d(2m)     = m (b - m) x / ((a + 2m - 1)(a + 2m))
/// ```
///
/// evaluated front to back by the modified Lentz method. The fraction
/// converges fast for `x < (a + 1) / (a + b + 2)`; above that we use the
/// symmetry I_x(a, b) = 1 - I_(1-x)(b, a).
pub fn regularized_incomplete_beta(x: f64, a: f64, b: f64) -> f64 {
    if x <= 0.0 {
        return 0.0;
    }
    if x >= 1.0 {
        return 1.0;
    }
    if x > (a + 1.0) / (a + b + 2.0) {
        return 1.0 - regularized_incomplete_beta(1.0 - x, b, a);
    }
    let ln_front = a * x.ln() + b * (1.0 - x).ln() - ln_beta(a, b);
    ln_front.exp() / a * beta_continued_fraction(x, a, b)
}

/// ln B(a, b) = ln Gamma(a) + ln Gamma(b) - ln Gamma(a + b).
fn ln_beta(a: f64, b: f64) -> f64 {
    ln_gamma(a) + ln_gamma(b) - ln_gamma(a + b)
}

/// The continued fraction 1 / (1 + d1 / (1 + d2 / ...)) of
/// [`regularized_incomplete_beta`], by the modified Lentz method: the value is
/// the product of the ratios C_j D_j of successive convergents, where
/// D_j = 1 / (1 + d_j D_(j-1)) and C_j = 1 + d_j / C_(j-1), each kept away
/// from 0 by [`TINY`].
fn beta_continued_fraction(x: f64, a: f64, b: f64) -> f64 {
    let away_from_zero = |value: f64| {
        if value.abs() < TINY { TINY } else { value }
    };
    // The first convergent is 1 / (1 + d1).
    let mut c = 1.0;
    let mut d = 1.0 / away_from_zero(1.0 - (a + b) * x / (a + 1.0));
    let mut fraction = d;
    for m in 1..CONTINUED_FRACTION_MAX_TERMS {
        let m = m as f64;
        let even_term = m * (b - m) * x / ((a + 2.0 * m - 1.0) * (a + 2.0 * m));
        let odd_term = -(a + m) * (a + b + m) * x / ((a + 2.0 * m) * (a + 2.0 * m + 1.0));
        for term in [even_term, odd_term] {
            d = 1.0 / away_from_zero(1.0 + term * d);
            c = away_from_zero(1.0 + term / c);
            fraction *= c * d;
        }
        if (c * d - 1.0).abs() < CONTINUED_FRACTION_EPSILON {
            break;
        }
    }
    fraction
}

/// P(T <= t) for Student's t distribution with `degrees_of_freedom` (> 0,
/// need not be a whole number).
pub fn student_t_cdf(t: f64, degrees_of_freedom: f64) -> f64 {
    let tail = student_t_upper_tail(t.abs(), degrees_of_freedom);
    if t >= 0.0 { 1.0 - tail } else { tail }
}

/// P(T >= t) for `t >= 0`: half of P(|T| >= t) = I_x(df / 2, 1 / 2),
/// x = df / (df + t^2).
fn student_t_upper_tail(t: f64, degrees_of_freedom: f64) -> f64 {
    let x = degrees_of_freedom / (degrees_of_freedom + t * t);
    0.5 * regularized_incomplete_beta(x, degrees_of_freedom / 2.0, 0.5)
}

/// One-sided p-value: P(T >= t), the chance of a t at least this large when
/// the true mean is 0 (the alternative being a mean above 0).
pub fn student_t_p_one_sided(t: f64, degrees_of_freedom: f64) -> f64 {
    1.0 - student_t_cdf(t, degrees_of_freedom)
}

/// Two-sided p-value: P(|T| >= |t|).
pub fn student_t_p_two_sided(t: f64, degrees_of_freedom: f64) -> f64 {
    (2.0 * student_t_upper_tail(t.abs(), degrees_of_freedom)).min(1.0)
}

/// The quantile of Student's t: the `t` with P(T <= t) = `probability`
/// (0 < probability < 1), found by bisection on [`student_t_cdf`]. The table
/// value "t(0.975, 10) = 2.228" is `student_t_quantile(0.975, 10.0)`.
pub fn student_t_quantile(probability: f64, degrees_of_freedom: f64) -> f64 {
    assert!(
        probability > 0.0 && probability < 1.0,
        "a quantile needs 0 < probability < 1, got {probability}"
    );
    if probability < 0.5 {
        return -student_t_quantile(1.0 - probability, degrees_of_freedom);
    }
    // The quantile is >= 0; double the upper end until it brackets it.
    let mut low = 0.0;
    let mut high = 1.0;
    while student_t_cdf(high, degrees_of_freedom) < probability {
        low = high;
        high *= 2.0;
    }
    // Halve the bracket until it is as narrow as f64 allows (at most ~1100
    // halvings; usually about 60).
    loop {
        let middle = 0.5 * (low + high);
        if middle <= low || middle >= high {
            return middle;
        }
        if student_t_cdf(middle, degrees_of_freedom) < probability {
            low = middle;
        } else {
            high = middle;
        }
    }
}

/// The outcome of [`paired_t_test`]: is the mean of `a[i] - b[i]` different
/// from 0?
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PairedTTest {
    /// Number of pairs.
    pub n: usize,
    /// Mean of the differences `a[i] - b[i]`.
    pub mean_difference: f64,
    /// Standard error of that mean: the differences' sample standard
    /// deviation (divisor n - 1) over sqrt(n).
    pub standard_error: f64,
    /// The t statistic, `mean_difference / standard_error`.
    pub t: f64,
    /// n - 1.
    pub degrees_of_freedom: f64,
    /// P(T >= t): evidence that the mean difference is above 0 (that `a`
    /// is larger than `b`).
    pub p_one_sided: f64,
    /// P(|T| >= |t|): evidence that the mean difference is not 0.
    pub p_two_sided: f64,
    /// The 95 % confidence interval of the mean difference,
    /// `mean ± t(0.975, n - 1) * standard_error`.
    pub confidence_interval_95: (f64, f64),
}

/// The paired t-test of `a` against `b` (the same items measured twice).
///
/// Panics unless `a` and `b` have the same length, at least 2. If all
/// differences are equal the standard error is 0: t is then infinite (or 0
/// when the differences are all 0) and the p-values 0 or 1 (or 0.5 and 1).
pub fn paired_t_test(a: &[f64], b: &[f64]) -> PairedTTest {
    assert_eq!(a.len(), b.len(), "a paired test needs pairs");
    assert!(a.len() >= 2, "a t-test needs at least two pairs");
    let n = a.len();
    let differences: Vec<f64> = a.iter().zip(b).map(|(x, y)| x - y).collect();
    let mean = differences.iter().sum::<f64>() / n as f64;
    let sum_of_squares: f64 = differences.iter().map(|d| (d - mean).powi(2)).sum();
    let standard_deviation = (sum_of_squares / (n - 1) as f64).sqrt();
    let standard_error = standard_deviation / (n as f64).sqrt();
    let t = if mean == 0.0 {
        0.0
    } else {
        mean / standard_error
    };
    let degrees_of_freedom = (n - 1) as f64;
    let half_width = student_t_quantile(0.975, degrees_of_freedom) * standard_error;
    PairedTTest {
        n,
        mean_difference: mean,
        standard_error,
        t,
        degrees_of_freedom,
        p_one_sided: student_t_p_one_sided(t, degrees_of_freedom),
        p_two_sided: student_t_p_two_sided(t, degrees_of_freedom),
        confidence_interval_95: (mean - half_width, mean + half_width),
    }
}

#[cfg(test)]
mod student_t_tests {
    use super::*;

    /// Is `value` within `tolerance` of `expected`?
    fn close(value: f64, expected: f64, tolerance: f64) -> bool {
        (value - expected).abs() <= tolerance
    }

    #[test]
    fn ln_gamma_of_whole_and_half_numbers() {
        // Gamma(n) = (n - 1)!, Gamma(1/2) = sqrt(pi).
        assert!(close(ln_gamma(1.0), 0.0, 1e-14));
        assert!(close(ln_gamma(5.0), 24f64.ln(), 1e-13));
        assert!(close(ln_gamma(11.0), 3_628_800f64.ln(), 1e-12));
        assert!(close(
            ln_gamma(0.5),
            std::f64::consts::PI.sqrt().ln(),
            1e-13
        ));
        assert!(close(ln_gamma(0.25), 3.625_609_908_221_908f64.ln(), 1e-13));
    }

    #[test]
    fn incomplete_beta_closed_forms() {
        // I_x(a, 1) = x^a; I_x(1, b) = 1 - (1 - x)^b; I_(1/2)(a, a) = 1/2.
        assert!(close(
            regularized_incomplete_beta(0.3, 4.0, 1.0),
            0.3f64.powi(4),
            1e-14
        ));
        assert!(close(
            regularized_incomplete_beta(0.3, 1.0, 3.0),
            1.0 - 0.7f64.powi(3),
            1e-14
        ));
        assert!(close(
            regularized_incomplete_beta(0.5, 7.5, 7.5),
            0.5,
            1e-14
        ));
        assert_eq!(regularized_incomplete_beta(0.0, 2.0, 3.0), 0.0);
        assert_eq!(regularized_incomplete_beta(1.0, 2.0, 3.0), 1.0);
        // A value from SciPy's betainc(2.5, 3.5, 0.3) = 0.29675298929566646,
        // and one on the far side of the symmetry switch, betainc(10, 0.5,
        // 0.9) = 0.15164090963470994.
        assert!(close(
            regularized_incomplete_beta(0.3, 2.5, 3.5),
            0.296_752_989_295_666,
            1e-12
        ));
        assert!(close(
            regularized_incomplete_beta(0.9, 10.0, 0.5),
            0.151_640_909_634_710,
            1e-12
        ));
    }

    #[test]
    fn t_cdf_matches_closed_forms() {
        // df = 1 is the Cauchy distribution: F(t) = 1/2 + atan(t) / pi.
        for t in [-3.0f64, -0.5, 0.0, 1.0, 4.0] {
            let expected = 0.5 + f64::atan(t) / std::f64::consts::PI;
            assert!(close(student_t_cdf(t, 1.0), expected, 1e-13), "df 1, t {t}");
        }
        // df = 2: F(t) = 1/2 + t / (2 sqrt(2 + t^2)); F(2) = 0.908248...
        for t in [-2.0f64, 0.3, 2.0, 10.0] {
            let expected = 0.5 + t / (2.0 * (2.0 + t * t).sqrt());
            assert!(close(student_t_cdf(t, 2.0), expected, 1e-13), "df 2, t {t}");
        }
        // df = 4: F(t) = 1/2 + (3/8) u (1 - t^2 / (12 (1 + t^2/4))),
        // u = t / sqrt(1 + t^2/4). At t = 2 sqrt 2: 1/2 + (3/8)(2 sqrt2 /
        // sqrt 3)(7/9) = 0.976290.
        assert!(close(
            student_t_cdf(8f64.sqrt(), 4.0),
            0.976_289_672_207_840,
            1e-12
        ));
        // Two SciPy values: t.cdf(-1.5, 7) = 0.088649243494985,
        // t.cdf(0.7, 3) = 0.7328365008476182.
        assert!(close(
            student_t_cdf(-1.5, 7.0),
            0.088_649_243_494_985,
            1e-12
        ));
        assert!(close(student_t_cdf(0.7, 3.0), 0.732_836_500_847_618, 1e-12));
        // Infinite t.
        assert_eq!(student_t_cdf(f64::INFINITY, 5.0), 1.0);
        assert_eq!(student_t_cdf(f64::NEG_INFINITY, 5.0), 0.0);
    }

    #[test]
    fn t_quantiles_match_the_printed_table() {
        // Critical values as printed in any t table (e.g. NIST/SEMATECH
        // e-Handbook 1.3.6.7.2), to three decimals.
        let table = [
            (0.975, 1.0, 12.706),
            (0.975, 10.0, 2.228),
            (0.95, 23.0, 1.714),
            (0.975, 30.0, 2.042),
            (0.995, 5.0, 4.032),
            (0.975, 4.0, 2.776),
            (0.90, 2.0, 1.886),
            // The normal distribution's 1.960 as df grows without bound.
            (0.975, 1.0e6, 1.960),
        ];
        for (probability, df, printed) in table {
            let quantile = student_t_quantile(probability, df);
            assert!(
                close(quantile, printed, 0.0005),
                "t({probability}, {df}) = {quantile}, table {printed}"
            );
            // Lower quantiles by symmetry.
            assert!(close(
                student_t_quantile(1.0 - probability, df),
                -quantile,
                1e-9
            ));
            // The quantile inverts the CDF.
            assert!(close(student_t_cdf(quantile, df), probability, 1e-12));
        }
        // More digits, from SciPy's t.ppf: 12.706204736174694 and
        // 2.228138851986274.
        assert!(close(
            student_t_quantile(0.975, 1.0),
            12.706_204_736_174_694,
            1e-9
        ));
        assert!(close(
            student_t_quantile(0.975, 10.0),
            2.228_138_851_986_274,
            1e-12
        ));
    }

    #[test]
    fn wheelers_published_t_gives_his_p_value() {
        // Seed 003: t = 2.63 with 23 degrees of freedom, one-tailed
        // p = 0.0075 (SciPy: t.sf(2.63, 23) = 0.0074839).
        let p = student_t_p_one_sided(2.63, 23.0);
        assert!(close(p, 0.0075, 0.00005), "p = {p}");
        assert!(close(p, 0.007_483_945_898_413, 1e-12));
        assert!(close(student_t_p_two_sided(2.63, 23.0), 2.0 * p, 1e-15));
        assert!(close(student_t_p_two_sided(-2.63, 23.0), 2.0 * p, 1e-15));
    }

    #[test]
    fn paired_test_on_a_hand_computed_example() {
        // a - b = [2, 3, 0, 4, 1]: mean 2; deviations 0, 1, -2, 2, -1, sum of
        // squares 10, variance 10 / 4 = 2.5, standard error sqrt(2.5 / 5) =
        // sqrt(0.5) = 0.70711, t = 2 / sqrt(0.5) = 2 sqrt 2 = 2.82843 with
        // 4 degrees of freedom. One-sided p = 1 - 0.976290 = 0.023710 (the
        // df 4 closed form above); two-sided 0.047421 (SciPy's ttest_rel:
        // 0.04742065558431961). 95 % interval: 2 ± 2.776445 * 0.707107 =
        // 2 ± 1.963243.
        let a = [12.0, 15.0, 11.0, 18.0, 14.0];
        let b = [10.0, 12.0, 11.0, 14.0, 13.0];
        let test = paired_t_test(&a, &b);
        assert_eq!(test.n, 5);
        assert!(close(test.mean_difference, 2.0, 1e-15));
        assert!(close(test.standard_error, 0.5f64.sqrt(), 1e-15));
        assert!(close(test.t, 8f64.sqrt(), 1e-14));
        assert_eq!(test.degrees_of_freedom, 4.0);
        assert!(close(test.p_one_sided, 0.023_710_327_792_160, 1e-12));
        assert!(close(test.p_two_sided, 0.047_420_655_584_320, 1e-12));
        let (low, high) = test.confidence_interval_95;
        assert!(close(low, 2.0 - 1.963_243, 1e-6));
        assert!(close(high, 2.0 + 1.963_243, 1e-6));
        // Swapping a and b flips the sign of t and the one-sided question.
        let swapped = paired_t_test(&b, &a);
        assert!(close(swapped.t, -test.t, 1e-14));
        assert!(close(swapped.p_one_sided, 1.0 - test.p_one_sided, 1e-12));
        assert!(close(swapped.p_two_sided, test.p_two_sided, 1e-15));
    }

    #[test]
    fn paired_test_with_no_spread() {
        // All differences equal to 0: t = 0, nothing to see.
        let same = paired_t_test(&[1.0, 2.0, 3.0], &[1.0, 2.0, 3.0]);
        assert_eq!(same.t, 0.0);
        assert!(close(same.p_one_sided, 0.5, 1e-15));
        assert!(close(same.p_two_sided, 1.0, 1e-15));
        // All differences equal to 1: infinitely significant.
        let shifted = paired_t_test(&[2.0, 3.0, 4.0], &[1.0, 2.0, 3.0]);
        assert_eq!(shifted.t, f64::INFINITY);
        assert_eq!(shifted.p_one_sided, 0.0);
        assert_eq!(shifted.p_two_sided, 0.0);
    }
}
