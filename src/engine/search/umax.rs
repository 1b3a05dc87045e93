//! # umax's search: micro-Max's `D()` and what measured stronger
//!
//! [`Searcher::umax_search`] is the search umax plays with. It is
//! micro-Max's `D()` (`micromax.rs`: read that first, for the contract, the
//! glossary and the blocks in micro-Max's order) with the techniques that
//! won their place in self-play, and the seeds' experiments. Every one is a
//! switch of [`Settings`](super::Settings), so that it can be turned off and
//! measured (`umax lab`, `umax selfplay`), and every one is one named block
//! or helper here, its comment giving what it measured: the Elo of the
//! default against it switched off, ± 95 %, the games and the time control
//! (the README's worth table; `bench/NOTEBOOK.md` for the experiments that
//! did not measure well and left the code).
//!
//! In micro-Max's block order, what umax adds:
//! * **the table**: not probed in quiescence; a node on the principal
//!   variation may refuse a stored score (`pv_table_cutoffs`);
//! * **no internal deepening** (`iid`): a node searches the depth asked at
//!   once, its moves ordered by the table, killers and history, one ply
//!   from the horizon too (`ordering.rs`, `horizon_ordering`); one the table
//!   has never seen, far from the horizon, searches a ply less (`iir`);
//! * **the evaluation**: the tuned tapered one (`eval/tapered.rs`), its
//!   activity terms counted far from the horizon or near the window, each
//!   node blended at its own phase (`node_phase`);
//! * **reverse futility**, **the null move** before the move list, only
//!   where the evaluation reaches beta and with R = 3;
//! * **late-move pruning**, **futility pruning** a ply before the horizon
//!   too, **SEE pruning** of losing captures in quiescence;
//! * **late-move reductions** from a table, searched again only if they beat
//!   the best score (`research`); **principal variation search**;
//! * **extensions**: recaptures (micro-Max's check extension is off: `check_extension`);
//! * at the root (`search`'s driver): **aspiration windows**.

use crate::board::{Move, PieceKind};
use crate::eval::{self, PIECE_VALUES, Score};
use crate::table::{Bound, Entry, prefetch};

use super::ordering::ScoredMove;
use super::see;
use super::techniques::{CheckExtension, MoveOrdering, NullMove, Quiescence, Research};
use super::{
    DRAW_SCORE, INFINITY, Listener, MATE_BOUND, MATE_DEPTH, QUIESCENCE_DEPTH, SCORING_PASS,
    Searcher,
};

/// Delta pruning's margin (switch `delta`): the textbook two pawns, for what
/// the positional terms can add to a capture beyond its victim.
pub const DELTA_MARGIN: Score = 200;

/// Internal iterative reduction (switch `iir`) acts this many plies or more
/// from the horizon (4ku: depth above 3).
const IIR_MIN_PLIES: i32 = 4;

/// Slots in the searcher's cache of activity terms (a power of two; 16
/// bytes each).
const ACTIVITY_CACHE_ENTRIES: usize = 1 << 16;

/// The activity cache's slot for the position with Zobrist key `key`: its
/// top bits (the hash table uses the low ones).
#[inline]
fn activity_slot(key: u64) -> usize {
    (key >> (64 - ACTIVITY_CACHE_ENTRIES.trailing_zeros())) as usize
}

/// The table LMR's reduction (switch `lmr_table`): about
/// 0.75 + ln(plies) · ln(move number) / 2, rounded down, so it grows slowly with
/// both: a move late in the list of a deep node is reduced by 3 or 4 plies,
/// an early move or a shallow node's by 1 or none. The divisor is the
/// switch `lmr_divisor`, in hundredths (200).
fn late_move_reduction(plies: i32, move_number: u32, divisor: i32) -> i32 {
    let plies = natural_log(plies.max(1).unsigned_abs());
    let move_number = natural_log(move_number.max(1));
    (0.75 + plies * move_number * 100.0 / f64::from(divisor)) as i32
}

/// ln(`n`), looked up for the small numbers late-move reduction asks about
/// (a reduced move asks twice, and the logarithm is slow to compute).
#[inline]
fn natural_log(n: u32) -> f64 {
    const TABULATED: usize = 256;
    static LOGARITHMS: std::sync::OnceLock<[f64; TABULATED]> = std::sync::OnceLock::new();
    let table = LOGARITHMS.get_or_init(|| std::array::from_fn(|i| (i as f64).ln()));
    match table.get(n as usize) {
        Some(&logarithm) => logarithm,
        None => f64::from(n).ln(),
    }
}

/// Does a node searched `depth` deep count the activity terms itself
/// (`activity_plies`: the fewest plies from the horizon that do)? A node is
/// `depth - QUIESCENCE_DEPTH` plies from the horizon: 1 or more full width,
/// 0 in the first quiescence ply, -1 deeper.
#[inline]
fn counts_activity(depth: i32, activity_plies: i32) -> bool {
    depth >= QUIESCENCE_DEPTH + activity_plies
}

/// What a node knows of itself once the table has not answered it: its
/// beta, its evaluations and where it stands in the tree.
struct Node {
    beta: Score,
    /// The incremental evaluation with this node's activity terms.
    eval: Score,
    /// The score the node stands on and judges itself by: `eval` moved
    /// towards a draw where the material overrates the ending (`drawish`).
    standing: Score,
    depth: i32,
    ply: usize,
    pv_node: bool,
    in_check: bool,
    /// A null-window node below the root, full width and not in check,
    /// where the evaluation alone may judge it (the prunings act only there).
    judged_by_eval: bool,
}

impl Searcher {
    /// umax's search: micro-Max's `D()` ([`Searcher::micromax_search`], whose
    /// [contract](super::micromax) it keeps, block for block) with the
    /// techniques that measured stronger, each a switch of
    /// [`Settings`](super::Settings) and each one named block or helper below,
    /// with what it measured (Elo of the default against it switched off,
    /// ± 95 %, games, time control; n.r.: not resolved; the README's worth
    /// table and `bench/NOTEBOOK.md` have the commands).
    pub(super) fn umax_search(
        &mut self,
        alpha: Score,
        beta: Score,
        eval: Score,
        depth: i32,
        ply: usize,
        listener: &mut dyn Listener,
    ) -> Score {
        // Deviation from micro-Max: draws by rule (`enter_node`).
        if let Some(score) = self.enter_node(ply) {
            return score;
        }
        let pv_node = beta > alpha + 1; // an open window: maybe the principal variation
        let alpha = alpha - 1; // adj. window: delay bonus

        // Lookup pos. in hash table (hash table: +124.5 ± 54.6, 160 games at
        // 1+0.01); resume at stored depth. Deviation from micro-Max: quiescence
        // nodes, most of the tree, neither probe nor store it.
        let uses_table = self.settings.hash && depth > QUIESCENCE_DEPTH;
        let key = self.board.key();
        let entry = uses_table.then(|| self.probe_table(key)).flatten();
        // The evaluation comes with the parent's activity terms, which a node
        // far enough from the horizon swaps for its own (`node_activity`).
        let counts_own = counts_activity(depth, self.settings.activity_plies);
        let handed = ply.checked_sub(1).and_then(|p| self.path_activity.get(p));
        let inherited = handed.map_or(0, |activity| -activity); // seen from this side
        // Internal iterative reduction (switch `iir`: +11.0 ± 8.2, 3,316 at 2+0.02).
        let depth = self.iir_depth(depth, ply, uses_table && entry.is_none());
        let (mut iteration, mut best) =
            self.resume_at_stored_depth(entry, [alpha, beta], pv_node, depth, ply);
        if iteration >= depth.max(QUIESCENCE_DEPTH) {
            self.stats.hash_cutoffs += 1;
            // Deep enough: the table answers (delayed-loss bonus against the
            // evaluation less any terms it would swap: the trees measured).
            return best + Score::from(best < eval - inherited * Score::from(counts_own));
        }

        let full_width = depth > QUIESCENCE_DEPTH;
        let checks_ply = self.settings.quiescence_checks && depth == QUIESCENCE_DEPTH;
        let eval = self.node_activity(eval, [inherited, alpha, beta], counts_own, ply);
        // Deviation from micro-Max: the board says whether we are in check
        // (micro-Max learns it when its null move loses the king).
        let in_check = (full_width || checks_ply) && self.board.in_check();
        let node = Node {
            beta,
            eval,
            standing: self.towards_draw(eval),
            depth,
            ply,
            pv_node,
            in_check,
            judged_by_eval: full_width && !pv_node && !in_check && ply > 0,
        };

        // Reverse futility pruning (switch `rfp`: +19.1 ± 39.7 n.r., 200 at 1+0.01).
        if let Some(score) = self.reverse_futility(&node, iteration, listener) {
            return score;
        }
        // The null move before the move list (switch `null_first`: +6.9 ± 28.2
        // n.r., 400 at 2+0.02, the same search in 7.5 % less time).
        let null_first = self.settings.null_first
            && full_width
            && iteration == depth - 1
            && self.null_move_allowed(&node, depth)
            && !self.previous_move_was_illegal();
        if null_first
            && let Some(score) =
                self.null_move_first(&node, uses_table.then_some((key, entry)), listener)
        {
            return score;
        }
        if self.stopped {
            return 0;
        }

        // Pass 1, the scoring pass: generate the moves (captures only if the
        // node will only do quiescence) and rank them; a king capture means
        // the move that led here was illegal. (Quiet checks in the first
        // quiescence ply are generated only where they will be searched.)
        let first = self.move_stack.len();
        self.stats.move_lists += 1;
        let all_moves = full_width || (checks_ply && (in_check || eval < beta));
        if self.generate_and_rank(all_moves, depth == QUIESCENCE_DEPTH + 1, ply) {
            self.count_node((iteration + 1).max(SCORING_PASS), listener);
            self.move_stack.truncate(first);
            return INFINITY; // K capture
        }
        if ply == 0 {
            self.keep_root_moves(first); // `go searchmoves`, MultiPV
        }
        let last = self.move_stack.len();
        if iteration < SCORING_PASS {
            iteration = SCORING_PASS;
            self.count_node(SCORING_PASS, listener);
        }
        // Start at best-move hint (the table's move first: +117.2 ± 49.5, 160 at 1+0.01).
        let mut best_move = self.put_hint_first(entry, ply, first, last, self.settings.hint);
        // Switch `quiescence_checks` (seed 001): in check in the first
        // quiescence ply, every evasion is searched and no standing pat.
        let evading = checks_ply && in_check;
        // Extend 1 ply if in check. Deviation from micro-Max: the default does not.
        let extend_check = full_width && in_check && self.extends_checks();
        // Table LMR reduces only where there is no check to answer.
        let late_moves_reducible =
            self.settings.lmr && self.settings.lmr_table && full_width && !in_check;

        // Iterative deepening loop (deepening at every node, switch `iid`, is off:
        // without it +72.2 ± 42.0, 200 at 1+0.01).
        while iteration < depth || iteration < QUIESCENCE_DEPTH {
            iteration += 1;
            self.count_node(iteration, listener);

            // Search null move (+72.7 ± 42.7, 160 at 1+0.01), unless tried
            // before the move list; then prune or stand pat.
            let null_score = if !(null_first && iteration == depth)
                && self.null_move_allowed(&node, iteration)
            {
                self.search_null_move(&node, iteration, listener)
            } else {
                -INFINITY
            };
            if self.stopped {
                self.move_stack.truncate(first);
                return 0;
            }
            best = if null_score >= beta {
                self.stats.null_cutoffs += 1;
                null_score
            } else if iteration > QUIESCENCE_DEPTH || evading {
                -INFINITY
            } else {
                node.standing
            };

            // Switch `quiet_first`: Wheeler's quiet move first at the horizon
            // (replies only quiescence searches; seed 003).
            let horizon = iteration == QUIESCENCE_DEPTH + 1 && !extend_check;
            if self.settings.quiet_first && horizon {
                self.put_quiet_first(first, last);
            }

            // Try the best move first, then scan the others.
            let mut tried = 0;
            let mut quiets_tried = 0;
            let mut fetched_ahead = None;
            for index in first..last {
                if best >= beta {
                    break; // abort on fail high
                }
                let ScoredMove { mv, capture_rank } = self.move_stack[index];
                let is_capture = capture_rank.is_some();
                let is_quiet = !is_capture && mv.promotion.is_none();
                let is_hint = index == first && best_move == Some(mv);
                // Quiescence: captures (and queen promotions) only. Deviation from
                // micro-Max (switch `quiescence_checks`): and quiet checks in its first ply.
                let quiet_check = iteration <= QUIESCENCE_DEPTH && !evading && !is_capture;
                if quiet_check && !(checks_ply && self.gives_check(mv)) {
                    continue;
                }
                if is_quiet && iteration > QUIESCENCE_DEPTH {
                    // Late-move pruning (switch `lmp`: +9.7 ± 6.6, 6,062 at 2+0.02).
                    if self.late_move_pruned(&node, best, iteration, quiets_tried, mv) {
                        continue;
                    }
                    quiets_tried += 1;
                }
                tried += 1;
                self.note_root_move(ply, mv, tried);
                if iteration > QUIESCENCE_DEPTH + 1 {
                    self.prefetch_replies(index, last, &mut fetched_ahead, iteration);
                }

                // New eval and alpha; the reply's depth.
                let new_eval = eval + self.move_gain(mv);
                let child_alpha = best.max(alpha);
                let child_depth = if quiet_check {
                    QUIESCENCE_DEPTH // the reply searches its evasions
                } else {
                    let late_move = late_moves_reducible.then_some(tried);
                    self.child_depth(
                        iteration,
                        mv,
                        is_capture,
                        is_hint,
                        extend_check,
                        late_move,
                        ply,
                    )
                };
                // Fail low if futile: futility pruning (+79.5 ± 47.3, 160 at 1+0.01)
                // and the other prunings of a move that cannot raise alpha. A quiet
                // check or an evasion in quiescence is searched whatever the score.
                let pruned = if quiet_check || evading {
                    None
                } else {
                    let quiet_futility =
                        node.judged_by_eval && is_quiet && !is_hint && best > -MATE_BOUND;
                    self.prune_at_horizon(
                        mv,
                        [eval, new_eval, child_alpha],
                        [child_depth, iteration],
                        quiet_futility,
                    )
                };
                // Principal variation search (switch `pvs`: +40.1 ± 39.8, 200 at 1+0.01).
                let null_window = self.settings.pvs && tried > 1 && iteration > QUIESCENCE_DEPTH;
                let score = match pruned {
                    Some(bound) => bound,
                    None => self.search_one_move(
                        mv,
                        [alpha, child_alpha, beta],
                        null_window,
                        new_eval,
                        child_depth,
                        iteration,
                        ply,
                        listener,
                    ),
                };
                if self.stopped {
                    self.move_stack.truncate(first);
                    return 0;
                }
                if score > best {
                    // New best, update max, best (and the killers and history on a cut-off).
                    best = score;
                    best_move = Some(mv);
                    self.new_best(first, index, [score, beta], iteration, tried, ply);
                }
            }

            // Mate holds to any depth (not at the root's quiescence pass,
            // which must go on to pick a move full width).
            if best.abs() > MATE_BOUND && (iteration > QUIESCENCE_DEPTH || ply > 0) {
                iteration = iteration.max(MATE_DEPTH);
            }
            // Best loses K: checkmate if in check, else stalemate.
            if best == -INFINITY && full_width && !in_check {
                best = DRAW_SCORE;
            }
            // Always store in hash tab (always replace, as micro-Max).
            if uses_table {
                self.store_node(key, best, [alpha, beta], iteration, best_move);
            }
        }
        self.move_stack.truncate(first);
        best + Score::from(best < eval) // delayed-loss bonus
    }

    /// Internal iterative reduction (switch `iir`): a node far from the
    /// horizon that the table has never seen would order its moves blind,
    /// so it searches a ply less deep and leaves a best move in the table
    /// for its next visit (4ku's form: decided before the table's answer,
    /// reverse futility and the null move; never at the root).
    fn iir_depth(&self, depth: i32, ply: usize, table_missed: bool) -> i32 {
        let reduces = self.settings.iir
            && table_missed
            && ply > 0
            && depth - QUIESCENCE_DEPTH >= IIR_MIN_PLIES;
        depth - i32::from(reduces)
    }

    /// Reverse futility pruning (switch `rfp`): near the horizon, if the
    /// evaluation beats beta by a margin for every ply left, assume some move
    /// keeps it above beta and return at once. Tested before the moves are
    /// generated (most nodes it prunes would never look at them); whether the
    /// move into the node was legal, which the scoring pass would have told,
    /// is asked of the board, last.
    fn reverse_futility(
        &mut self,
        node: &Node,
        iteration: i32,
        listener: &mut dyn Listener,
    ) -> Option<Score> {
        let plies_left = node.depth - QUIESCENCE_DEPTH;
        let prunes = self.settings.rfp
            && node.judged_by_eval
            && plies_left <= self.settings.rfp_max_plies
            && node.beta.abs() < MATE_BOUND
            && node.standing - self.settings.rfp_margin * plies_left >= node.beta
            && !self.previous_move_was_illegal();
        if !prunes {
            return None;
        }
        // Counted as the scoring pass it skips, so that the node counts do
        // not depend on where the pruning happens.
        if iteration < SCORING_PASS {
            self.count_node(SCORING_PASS, listener);
        }
        self.stats.reverse_futility_prunes += 1;
        Some(node.standing)
    }

    /// Deviation from micro-Max (switch `null_first`): a node that will search
    /// one iteration (no internal deepening) tries its null move before it
    /// generates its moves, so that a null-move cut-off costs no move list.
    /// micro-Max tries it in the deepening loop, after the scoring pass. The
    /// score of a cut-off, stored in `table` (the node's key and entry) if the
    /// node uses it; `None` if the null move does not cut off (or the search
    /// stopped: the caller looks).
    fn null_move_first(
        &mut self,
        node: &Node,
        table: Option<(u64, Option<Entry>)>,
        listener: &mut dyn Listener,
    ) -> Option<Score> {
        let null_score = self.search_null_move(node, node.depth, listener);
        if self.stopped || null_score < node.beta {
            return None;
        }
        // Counted as the one pass the node would have made.
        self.count_node(node.depth, listener);
        self.stats.null_cutoffs += 1;
        if let Some((key, entry)) = table {
            self.table
                .store_keeping_move(key, null_score, node.depth, Bound::Lower, entry);
        }
        Some(null_score + Score::from(null_score < node.eval))
    }

    /// Late-move pruning (switch `lmp`): near the horizon (at most
    /// `lmp_max_plies` from it), once 3 + plies² quiet moves have failed, the
    /// later ones (worst by ordering) are skipped unless they give check.
    /// Only in a null-window node not in check that has a score (so that it
    /// never mistakes its skipped moves for no legal move at all), and not one
    /// ply from the horizon, whose quiet moves are not sorted.
    fn late_move_pruned(
        &mut self,
        node: &Node,
        best: Score,
        iteration: i32,
        quiets_tried: i32,
        mv: Move,
    ) -> bool {
        let plies = iteration - QUIESCENCE_DEPTH;
        let pruned = self.settings.lmp
            && !node.pv_node
            && !node.in_check
            && best > -MATE_BOUND
            && node.depth > QUIESCENCE_DEPTH + 1
            && plies <= self.settings.lmp_max_plies
            && quiets_tried >= 3 + plies * plies
            && !self.gives_check(mv);
        self.stats.late_move_prunes += u64::from(pruned);
        pruned
    }

    /// Two plies or more from the horizon every reply is a full-width node
    /// that will read the table (and perhaps the activity cache): start
    /// fetching the slots of the move at `index` and of the next move, so
    /// that memory works while this one is searched. `fetched_ahead` is the
    /// move whose slots the move before fetched. A speed-up only.
    fn prefetch_replies(
        &self,
        index: usize,
        last: usize,
        fetched_ahead: &mut Option<usize>,
        iteration: i32,
    ) {
        if *fetched_ahead != Some(index) {
            self.prefetch_reply(self.move_stack[index].mv, iteration - 1);
        }
        if index + 1 < last {
            self.prefetch_reply(self.move_stack[index + 1].mv, iteration - 1);
            *fetched_ahead = Some(index + 1);
        }
    }

    /// The move at `index` is the node's new best, with `score` (`[score,
    /// beta]`): the root remembers it, the list keeps it first for the next
    /// iteration, and a quiet move that cuts off becomes a killer and earns
    /// history (switch `ordering`: history ordering +17.4 ± 39.5 n.r., 200
    /// games at 1+0.01; histories kept through a game, switch `keep_history`:
    /// +17.3, 95 % +7.2 to +27.4, 2,778 games at 2+0.02).
    fn new_best(
        &mut self,
        first: usize,
        index: usize,
        [score, beta]: [Score; 2],
        iteration: i32,
        tried: u32,
        ply: usize,
    ) {
        let ScoredMove { mv, capture_rank } = self.move_stack[index];
        if ply == 0 && iteration > QUIESCENCE_DEPTH {
            (self.root_best, self.root_best_score) = (Some(mv), score);
        }
        self.move_stack[first..=index].rotate_right(1);
        if score >= beta && iteration > QUIESCENCE_DEPTH {
            self.stats.fail_high(tried);
            let is_quiet = capture_rank.is_none() && mv.promotion.is_none();
            if self.settings.ordering != MoveOrdering::MicroMax && is_quiet {
                self.remember_killer(mv, ply);
            }
            if self.settings.ordering == MoveOrdering::History && is_quiet {
                self.update_history(first, index, iteration - QUIESCENCE_DEPTH);
            }
        }
    }

    /// Deviation from micro-Max (switches `mobility`, `king_attack` and the
    /// other activity terms of the tapered evaluation: +33.1, 95 % +11.6 to
    /// +54.9, 800 games at 1+0.01): they depend on every piece, so no move's
    /// gain can keep them up to date. A node is handed its parent's, seen from
    /// this side, within its evaluation; at least `activity_plies` from the
    /// horizon it swaps them for its own, counted afresh. Nearer (0 here) it
    /// keeps them, as the moves between change them little and counting costs
    /// time, unless its evaluation lies within `activity_lazy` of the window,
    /// where they may decide (+16.0 ± 10.6, 1,981 games at 5+0.05).
    fn node_activity(
        &mut self,
        eval: Score,
        [inherited, alpha, beta]: [Score; 3],
        counts_own: bool,
        ply: usize,
    ) -> Score {
        if !eval::has_activity(self.settings.eval, self.settings.eval_terms) {
            return eval;
        }
        let margin = self.settings.activity_lazy;
        let near_window = margin > 0 && (alpha - margin..=beta + margin).contains(&eval);
        let activity = if counts_own || near_window {
            // From the searcher's cache, made on first use (a search without
            // the terms needs none), or counted and remembered there.
            if self.activity_cache.is_empty() {
                self.activity_cache = vec![(0, 0); ACTIVITY_CACHE_ENTRIES];
            }
            let key = self.board.key();
            let gone = self.eval_material_gone();
            let slot = &mut self.activity_cache[activity_slot(key)];
            // Key 0 marks an empty slot: the start position's key is not 0,
            // and a real key of 0 only costs a count.
            if slot.0 != key || key == 0 {
                let terms = self.settings.eval_terms;
                slot.1 = eval::tapered::activity(terms, &self.board, gone);
                slot.0 = key;
            }
            slot.1
        } else {
            inherited
        };
        self.path_activity.truncate(ply);
        self.path_activity.push(activity);
        eval - inherited + activity
    }

    /// Does this node extend its check evasions a ply (switch
    /// `check_extension`; micro-Max 4.8: not in the end game, `R > 29`)?
    /// With `captures` the capturing checks are extended instead, move by
    /// move ([`Self::child_depth`]).
    fn extends_checks(&self) -> bool {
        match self.settings.check_extension {
            CheckExtension::Off | CheckExtension::Captures => false,
            CheckExtension::On => true,
            CheckExtension::NotInEndgame => self.material_gone < eval::ENDGAME_MATERIAL_GONE,
        }
    }

    /// Can the side to move capture the king? Then the move that led here
    /// was illegal. micro-Max finds out in its scoring pass, when a move
    /// captures the king; reverse futility answers a node before that pass,
    /// so it asks the board.
    fn previous_move_was_illegal(&self) -> bool {
        let us = self.board.side_to_move();
        self.board
            .is_attacked(self.board.king_square(us.opposite()), us)
    }

    /// Switch `recapture_extension`: does capture `mv`, in the node at `ply`,
    /// take back on the square where the move into the node captured, a
    /// piece within a pawn of the value that move took?
    fn is_recapture(&self, mv: Move, ply: usize) -> bool {
        let Some(Some((square, taken))) = self.path_captures.get(ply).copied() else {
            return false;
        };
        let victim = PIECE_VALUES[self.board.piece_at(mv.to).kind_code()];
        mv.to == square && (victim - taken).abs() <= PIECE_VALUES[PieceKind::Pawn as usize]
    }

    /// May a node `ply` plies from the root be searched deeper than asked
    /// (switch `recapture_extension`)? Only on paths up to twice the root's
    /// depth, so that extensions cannot chain without end.
    fn may_extend_at(&self, ply: usize) -> bool {
        let root_plies = self.root_resume + 1 - QUIESCENCE_DEPTH;
        (ply as i32) < 2 * root_plies
    }

    /// `eval` moved towards a draw where the ending is more drawn than the
    /// material says: the side ahead has no pawns and too little to mate
    /// (switch `drawish`, [`eval::drawish_scaled`]).
    fn towards_draw(&self, eval: Score) -> Score {
        if self.settings.drawish {
            eval::drawish_scaled(&self.board, eval)
        } else {
            eval
        }
    }

    /// Start fetching what the reply to `mv`, searched `reply_depth` deep,
    /// will read first: its hash slot and, if it counts the activity terms,
    /// its activity cache slot, each of which would otherwise wait on memory.
    fn prefetch_reply(&self, mv: Move, reply_depth: i32) {
        let uses_table = self.settings.hash;
        let counts = counts_activity(reply_depth, self.settings.activity_plies)
            && !self.activity_cache.is_empty();
        if !uses_table && !counts {
            return;
        }
        let key = self.board.key_after(mv);
        if uses_table {
            self.table.prefetch(key);
        }
        if counts {
            prefetch(&self.activity_cache[activity_slot(key)]);
        }
    }

    /// Resume at stored depth: a hash entry whose bound fits the window tells
    /// how deep this node has been searched and with what score. Returns the
    /// iteration to resume from and the score it had.
    fn resume_at_stored_depth(
        &self,
        entry: Option<Entry>,
        [alpha, beta]: [Score; 2],
        pv_node: bool,
        depth: i32,
        ply: usize,
    ) -> (i32, Score) {
        let mut resume = (0, -INFINITY);
        if let Some(entry) = entry {
            let usable = match entry.bound {
                Bound::Exact => true,
                Bound::Lower => entry.score >= beta,
                Bound::Upper => entry.score <= alpha,
            };
            if usable {
                resume = (entry.depth, entry.score);
            }
            // Deviation from micro-Max (switch `pv_table_cutoffs`): a
            // stored score was found on some path to this position, blind to
            // repetitions of the game now being played (a mate stored two
            // moves ago may now run into a third repetition). A node with an
            // open window, on the principal variation, may not take it as its
            // answer: it searches its last iteration.
            if pv_node
                && depth > QUIESCENCE_DEPTH
                && resume.0 >= depth
                && !self.settings.pv_table_cutoffs.answers(entry.score)
            {
                resume = (depth - 1, -INFINITY);
            }
        }
        // The root does not trust the table (micro-Max's `z` flag): it resumes
        // where the root driver's previous iteration ended, so that it sees every
        // move and reports its best one.
        if ply == 0 {
            resume = (self.root_resume, -INFINITY);
        }
        // Deviation from micro-Max (switch `iid`, off by default): no internal
        // iterative deepening, the node searches the depth asked for at once;
        // the table's move, killers and history order its moves instead.
        if !self.settings.iid && ply > 0 && depth > QUIESCENCE_DEPTH {
            resume.0 = resume.0.max(depth - 1);
        }
        // Switch `quiescence=plain`: no scoring pass, and a full-width node
        // starts at its first full-width iteration (no quiescence pass first).
        if self.settings.quiescence == Quiescence::Plain {
            let full_width = depth > QUIESCENCE_DEPTH;
            resume.0 = resume.0.max(if full_width {
                QUIESCENCE_DEPTH
            } else {
                SCORING_PASS
            });
        }
        resume
    }

    /// Does `mv` (pseudo-legal, of the side to move) give check?
    pub(super) fn gives_check(&mut self, mv: Move) -> bool {
        if let Some(check) = self.board.gives_check_quickly(mv) {
            return check;
        }
        let undo = self.board.make_move(mv);
        let check = self.board.in_check();
        self.board.unmake_move(mv, undo);
        check
    }

    /// Search null move: let the opponent move twice. If we are still >= beta
    /// after searching that `R` plies shallower, the position is so good that a
    /// real move will be too: the caller cuts off without trying one. Returns
    /// the null move's score; the caller has asked [`Self::null_move_allowed`].
    fn search_null_move(
        &mut self,
        node: &Node,
        iteration: i32,
        listener: &mut dyn Listener,
    ) -> Score {
        let (beta, ply) = (node.beta, node.ply);
        self.stats.null_tries += 1;
        if self.settings.recapture_extension && ply + 1 < self.path_captures.len() {
            self.path_captures[ply + 1] = None;
        }
        let undo = self.board.make_null_move();
        self.path_keys.push(self.board.key());
        // Deviation from micro-Max (switch `null_reduction`, 3 in the
        // default): micro-Max reduces the null move's search by R = 2 plies;
        // 3 measured stronger here (+42.8 ± 27.8, 400 games at 2+0.02).
        let mut null_depth = iteration - 1 - self.settings.null_reduction;
        // Switch `null_adaptive` (Ethereal's form; within the bundle
        // `bundle_refit3`: +15.3 ± 10.4, 2,181 games at 2+0.02): deeper
        // nodes and larger leads reduce the null move's search more (each 3 plies at most).
        if self.settings.null_adaptive {
            let lead = ((node.standing - beta) / 200).clamp(0, 3);
            null_depth -= ((iteration - QUIESCENCE_DEPTH) / 6).min(3) + lead;
        }
        let score = -self.umax_search(-beta, 1 - beta, -node.eval, null_depth, ply + 1, listener);
        self.path_keys.pop();
        self.board.unmake_null_move(undo);
        score
    }

    /// May this node's `iteration` try the null move?
    ///
    /// Deviation from micro-Max (switch `null=on`, the default): micro-Max tries
    /// the null move in every node, in check too, and ignores its score late in
    /// the game (`R > 35`); we skip it at the root, in check, and (switch
    /// `null_guard`, on by default) whenever the side to move has only king and
    /// pawns, where zugzwang makes it unsound.
    fn null_move_allowed(&self, node: &Node, iteration: i32) -> bool {
        let (beta, eval, ply, in_check) = (node.beta, node.standing, node.ply, node.in_check);
        // Deviation from micro-Max (switch `null_eval`, on in the default): a
        // position that does not even reach beta standing still will hardly
        // reach it after passing, so the null move is not worth its search.
        iteration > QUIESCENCE_DEPTH
            && (!self.settings.null_eval || eval >= beta)
            && match self.settings.null {
                NullMove::Off => false,
                NullMove::On => {
                    ply > 0
                        && !in_check
                        && (!self.settings.null_guard
                            || self.board.has_non_pawn_material(self.board.side_to_move()))
                }
            }
    }

    /// The depth of the reply's search: one less than this iteration, less a
    /// late-move reduction, or this iteration's own depth when the node extends
    /// check evasions (micro-Max's `C`). `late_move` is the move's place in
    /// the node's list (1: the first tried) when table LMR may reduce it
    /// (`None`: micro-Max's rule applies).
    #[inline]
    #[allow(clippy::too_many_arguments)]
    fn child_depth(
        &mut self,
        iteration: i32,
        mv: Move,
        is_capture: bool,
        is_hint: bool,
        extend_check: bool,
        late_move: Option<u32>,
        ply: usize,
    ) -> i32 {
        // Deviation from micro-Max (switch `check_extension=captures`): only a
        // capture that gives check is extended, decided by the capturing side
        // (seed 002: "capturing checks only"), so that an extended line must
        // lose material on the way and cannot go on for ever.
        let capturing_check = self.settings.check_extension == CheckExtension::Captures
            && is_capture
            && iteration > QUIESCENCE_DEPTH
            && self.gives_check(mv);
        if extend_check || capturing_check {
            self.stats.check_extensions += 1;
            return iteration;
        }
        // Deviation from micro-Max (switch `recapture_extension`, on in the
        // default): taking back a piece of about the value just taken, on
        // the same square, only restores the balance; cutting the exchange
        // short at the horizon would judge the position with one side a
        // piece up. A ply more lets the search see past it.
        if self.settings.recapture_extension
            && is_capture
            && iteration > QUIESCENCE_DEPTH
            && self.is_recapture(mv, ply)
            && self.may_extend_at(ply)
        {
            return iteration;
        }
        // Deviation from micro-Max (switch `lmr_table`, on by default): the
        // reduction grows with the depth and with the move's place in the
        // list, and pawn moves are reduced too; the hint, captures,
        // promotions, killers, checks and the first two moves are not.
        if let Some(move_number) = late_move {
            let plies = iteration - QUIESCENCE_DEPTH;
            // Switch `lmr_root` (on by default): table LMR reduces the
            // root's moves too. Off, every root move is searched to the full
            // depth: each can become the move played, and a reduced move that
            // fails low there is not looked at again in this iteration.
            if plies >= 3
                && (ply > 0 || self.settings.lmr_root)
                && move_number >= 3
                && !is_capture
                && !is_hint
                && mv.promotion.is_none()
                && !self.is_killer(mv, ply)
                && !self.gives_check(mv)
            {
                let reduction = late_move_reduction(plies, move_number, self.settings.lmr_divisor);
                if reduction > 0 {
                    self.stats.lmr_reductions += 1;
                    return (iteration - 1 - reduction).max(QUIESCENCE_DEPTH + 1);
                }
            }
            return iteration - 1;
        }
        // Reduction of non-pawn, non-capture moves except the hash move (LMR):
        // re-searched at full depth if they beat alpha.
        let settings = &self.settings;
        if iteration > settings.lmr_min_depth
            && settings.lmr
            && !is_capture
            && !is_hint
            && self.board.piece_at(mv.from).kind() != Some(PieceKind::Pawn)
        {
            self.stats.lmr_reductions += 1;
            return iteration - 1 - settings.lmr_reduction;
        }
        iteration - 1
    }

    /// Futility pruning (and, by switch, futility just before the horizon,
    /// and delta and SEE pruning in quiescence): if the move cannot raise
    /// alpha, return the bound it is worth without making it. `scores` is
    /// the node's evaluation, the evaluation after the move and the reply's
    /// alpha; `quiet_futility` whether futility before the horizon may
    /// judge this move.
    fn prune_at_horizon(
        &mut self,
        mv: Move,
        [eval, new_eval, child_alpha]: [Score; 3],
        [child_depth, iteration]: [i32; 2],
        quiet_futility: bool,
    ) -> Option<Score> {
        // Deviation from micro-Max (switch `futility_plies`, 2 in the default):
        // futility a ply or two before the horizon too. A quiet move that
        // leaves the evaluation far below alpha would need the opponent's
        // reply to lose that much in the few plies left; its bound is its
        // evaluation plus the margin, which stays at or below alpha.
        let plies_before_horizon = iteration - QUIESCENCE_DEPTH - 1;
        if quiet_futility && (1..self.settings.futility_plies).contains(&plies_before_horizon) {
            let bound = new_eval + self.settings.futility_ply_margin * plies_before_horizon;
            if bound <= child_alpha && !self.gives_check(mv) {
                self.stats.futility_prunes += 1;
                return Some(bound);
            }
        }
        // Futility: the reply would stand pat and fail high, so this move cannot
        // raise alpha. Do not even make it (micro-Max: `C > 2 | v > V`).
        // With `quiescence_checks` a reply in check in the first quiescence
        // ply may not stand pat, so a checking move into it is not futile.
        let reply_evades = self.settings.quiescence_checks && child_depth == QUIESCENCE_DEPTH;
        if child_depth <= QUIESCENCE_DEPTH
            && new_eval + self.settings.futility_margin <= child_alpha
            && self.settings.futility
            && !(reply_evades && self.gives_check(mv))
        {
            self.stats.futility_prunes += 1;
            return Some(new_eval);
        }
        // Deviation from micro-Max (switch `delta`, off by default): delta
        // pruning in quiescence, if the stand-pat score plus the victim plus a
        // margin cannot reach alpha. The futility test above is the same idea
        // with the move's full gain, so it is measured against `futility=off`.
        if self.settings.delta && iteration <= QUIESCENCE_DEPTH && mv.promotion.is_none() {
            let victim = PIECE_VALUES[self.board.piece_at(mv.captured_square()).kind_code()];
            let bound = eval + victim + DELTA_MARGIN;
            if bound <= child_alpha {
                return Some(bound);
            }
        }
        // Deviation from micro-Max (switch `see_prune`, on by default): skip a
        // capture in quiescence that loses material by SEE (seed 001); standing
        // pat is better. Tested last, the dearest; -INFINITY never becomes best.
        if self.settings.see_prune
            && iteration <= QUIESCENCE_DEPTH
            && !see::is_good_capture(&self.board, mv)
        {
            return Some(-INFINITY);
        }
        None
    }

    /// Search one move: make it, search the reply, and search a reduced move
    /// again at full depth if it beat alpha. `window` is the node's alpha, the
    /// reply's alpha (best so far) and beta; `new_eval` the evaluation after
    /// the move (from this side, with this node's activity terms).
    ///
    /// With `null_window` (switch `pvs`), the move is first searched with the
    /// null window `child_alpha..child_alpha + 1`: **principal variation
    /// search** (seed 002). With good ordering the first move is the best, so
    /// for the others it is enough to prove that they are no better, and a
    /// null window proves that with the most cut-offs. A move that beats it
    /// (but not beta) may be better: it is searched again with the full window.
    #[allow(clippy::too_many_arguments)]
    fn search_one_move(
        &mut self,
        mv: Move,
        [alpha, child_alpha, beta]: [Score; 3],
        mut null_window: bool,
        mut new_eval: Score,
        mut child_depth: i32,
        iteration: i32,
        ply: usize,
        listener: &mut dyn Listener,
    ) -> Score {
        if self.settings.recapture_extension {
            self.set_path_capture(ply + 1, mv);
        }
        let gone_before = self.node_material_gone;
        let units = |code: usize| eval::PHASE_UNITS[code];
        let gone_after = gone_before + units(self.board.piece_at(mv.to).kind_code())
            - mv.promotion.map_or(0, |kind| units(kind as usize));
        let undo = self.board.make_move(mv);
        // Each node at its own phase (switch `node_phase`, with the tables
        // refitted beside it: +22.8 ± 13.0, 1,283 at 2+0.02).
        if self.settings.node_phase && gone_after != gone_before {
            new_eval = self.rephased(new_eval, gone_after);
        }
        if child_depth > QUIESCENCE_DEPTH {
            // The reply will probe the table first: start fetching its slot.
            self.table.prefetch(self.board.key());
        }
        self.path_keys.push(self.board.key());
        // Deviation from micro-Max (switch `research=best`, the default):
        // micro-Max searches a reduced move again whenever it beats alpha; but
        // once the best score is above alpha, a fail-soft score between the
        // two says only "no better than the best".
        let research_above = match self.settings.research {
            Research::Alpha => alpha,
            Research::Best => child_alpha,
        };
        let mut score;
        loop {
            // Recursive eval. of reply.
            let reply_beta = if null_window { child_alpha + 1 } else { beta };
            score = -self.umax_search(
                -reply_beta,
                -child_alpha,
                -new_eval,
                child_depth,
                ply + 1,
                listener,
            );
            if self.stopped {
                break;
            }
            if score > research_above && child_depth + 1 < iteration {
                // A reduced move that beats `research_above` is re-searched at full depth.
                child_depth = iteration - 1;
                self.stats.lmr_researches += 1;
            } else if null_window && score > child_alpha && score < beta {
                // PVS: it beat the null window; search it with the full one.
                null_window = false;
            } else {
                break;
            }
        }
        self.path_keys.pop();
        self.board.unmake_move(mv, undo);
        self.node_material_gone = gone_before;
        score
    }

    /// Switch `node_phase`: the move just made took a piece or promoted,
    /// so that `gone` units of material are gone. If the phase changed, the
    /// reply's evaluation moves to its own phase by its spread (the activity
    /// terms are those of the node that moved, as always): `new_eval`, from
    /// the mover's side.
    fn rephased(&mut self, new_eval: Score, gone: i32) -> Score {
        let phase = eval::tapered::phase;
        let change = phase(gone) - phase(self.node_material_gone);
        self.node_material_gone = gone;
        if change == 0 || self.settings.eval != eval::EvalStyle::Tapered {
            return new_eval;
        }
        let terms = self.settings.eval_terms;
        let spread = eval::tapered::spread(terms, &self.board, &mut self.structure_cache);
        // The spread is White's; the reply's side gains it as the phase moves.
        let reply_gain = match self.board.side_to_move() {
            crate::board::Color::White => spread,
            crate::board::Color::Black => -spread,
        } * change
            / eval::tapered::FULL_PHASE;
        new_eval - reply_gain
    }

    /// The material gone that the evaluation is blended at: the node's own
    /// with `node_phase`, else the root's.
    fn eval_material_gone(&self) -> i32 {
        if self.settings.node_phase {
            self.node_material_gone
        } else {
            self.material_gone
        }
    }

    /// What `mv` gains for the side to move: micro-Max's incremental
    /// evaluation, at the root's phase (with `node_phase`, the node's).
    fn move_gain(&mut self, mv: Move) -> Score {
        eval::move_gain_cached(
            self.settings.eval,
            self.settings.eval_terms,
            &self.board,
            mv,
            self.eval_material_gone(),
            &mut self.structure_cache,
        )
    }

    /// Switch `recapture_extension`: record what the move that leads to the
    /// node at `ply` captures, and where.
    fn set_path_capture(&mut self, ply: usize, mv: Move) {
        if self.path_captures.len() <= ply {
            self.path_captures.resize(ply + 1, None);
        }
        let victim = self.board.piece_at(mv.to);
        self.path_captures[ply] =
            (!victim.is_empty()).then(|| (mv.to, PIECE_VALUES[victim.kind_code()]));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Board;
    use crate::search::Settings;

    #[test]
    fn a_recapture_takes_back_about_the_same_value_on_the_same_square() {
        let mut searcher = Searcher::new(10);
        searcher.settings = Settings::from_spec("recapture_extension=on").unwrap();
        searcher.board = Board::from_fen("4k3/8/4p3/3n1q2/8/2N5/8/4K3 w - - 0 1").unwrap();
        let knight_takes = searcher.board.parse_coordinate_move("c3d5").unwrap();
        searcher.set_path_capture(1, knight_takes);
        searcher.board.make_move(knight_takes);
        let is_recapture = |searcher: &Searcher, text: &str| {
            let mv = searcher.board.parse_coordinate_move(text).unwrap();
            searcher.is_recapture(mv, 1)
        };
        assert!(is_recapture(&searcher, "e6d5"));
        assert!(is_recapture(&searcher, "f5d5"));
        // A quiet move to elsewhere is no recapture; nor is anything after
        // a move that took nothing.
        assert!(!is_recapture(&searcher, "f5f4"));
        searcher.board = Board::from_fen("4k3/8/4p3/3Q1q2/8/8/8/4K3 b - - 0 1").unwrap();
        searcher.set_path_capture(1, searcher.board.parse_coordinate_move("f5f4").unwrap());
        assert!(!is_recapture(&searcher, "e6d5"));
        // Taking a queen back for a pawn is a gain, not a recapture.
        let pawn_taken = Board::from_fen("4k3/8/4p3/3p1q2/8/8/8/3QK3 w - - 0 1").unwrap();
        searcher.board = pawn_taken;
        let queen_takes = searcher.board.parse_coordinate_move("d1d5").unwrap();
        searcher.set_path_capture(1, queen_takes);
        searcher.board.make_move(queen_takes);
        assert!(!is_recapture(&searcher, "e6d5"));
    }
}
