//! # micro-Max's `D()`: the one recursive search function
//!
//! This file holds micro-Max 4.8's search function and nothing else, its blocks
//! in micro-Max's order, each named after micro-Max's own comment. Read it
//! beside the C listing (`umax4_8.c`); the [glossary](#glossary) maps its
//! one-letter names to ours. Each laboratory switch ([`Settings`]) is one extra
//! condition in the block it belongs to.
//!
//! ## Contract of [`Searcher::search`]
//! * It returns a **fail-soft** score of the position on `self.board` for the
//!   side to move: if the result is `<= alpha` the true score is at most that
//!   much, if `>= beta` at least that much, otherwise exact (for the depth).
//! * [`INFINITY`] means the side to move can capture the king: the move that
//!   led here was **illegal**. The caller sees `-INFINITY` and never plays it.
//! * A **stopped** search (time, nodes, `stop`) returns 0; the caller must look
//!   at `self.stopped` and discard the value.
//! * The **delayed-loss bonus** is included: a score below the static
//!   evaluation comes back one point better, so that a mate found further away
//!   scores less than one found sooner (see the module docs of `search`).
//! * The caller passes `eval`, the incremental evaluation of the position
//!   (micro-Max's `e`); the board, the move stack and the key path are
//!   restored on return. The table receives, at the end of every iteration,
//!   the score, its bound, the iteration reached and the best move.
//!
//! ## Glossary
//! | micro-Max | umax | meaning |
//! |---|---|---|
//! | `k` | `board.side_to_move()` | side to move (8 = white, 16 = black) |
//! | `q`, `l` | `alpha`, `beta` | the window (`q--` lowers alpha by one) |
//! | `e` | `eval` | incremental evaluation of the position |
//! | `E` | `board.en_passant_square()` | e.p. square |
//! | `z` | `ply == 0` | "this is the root" |
//! | `n` | `depth` | requested depth (quiescence counts 2) |
//! | `d` | `iteration` | the deepening loop's current depth |
//! | `m` | `best` | best score so far |
//! | `X`, `Y` | `best_move` | best move so far (from-square, to-square) |
//! | `P` | `null_score` | the null move's score (`P == I`: in check) |
//! | `R` | `material_gone` | non-pawn material gone (game phase) |
//! | `C` | `child_depth` | depth of the reply's search |
//! | `V` | `child_alpha` | alpha passed to the reply |
//! | `v` | `new_eval`, `score` | a move's evaluation, then its searched score |
//! | `s` | `score` | the reply's score |
//! | `h` | `is_hint` | "this is the hash move, tried first" |
//! | `t` | `victim` | the captured piece |
//! | `u`, `p` | `mover` | the moving piece and its type |
//! | `i` | `move_gain`'s material | value of the captured piece |
//! | `N` | `nodes` | node count |
//! | `I` | [`INFINITY`] | more than any score: a king capture |
//! | `a` | `entry` | the hash-table slot of this position |

use crate::board::{Move, MoveKind, Piece, PieceKind};
use crate::eval::{self, EvalStyle, Score};
use crate::table::{Bound, Entry};

use super::techniques::{CaptureOrder, CheckExtension, NullMove, Quiescence};
use super::{
    DRAW_SCORE, INFINITY, Listener, MATE_BOUND, MATE_DEPTH, QUIESCENCE_DEPTH, SCORING_PASS,
    Searcher,
};

/// micro-Max ignores the null move's score once more than this much non-pawn
/// material is gone (`R > 35`), where zugzwang becomes likely.
pub const NULL_MOVE_MATERIAL_LIMIT: i32 = 35;

/// One move of a node's move list, with its ordering key.
#[derive(Clone, Copy, Debug)]
pub(super) struct ScoredMove {
    mv: Move,
    /// MVV/LVA key for captures and promotions; `None` for quiet moves.
    capture_rank: Option<Score>,
}

/// Captures (and, with `queen_pushes`, queen promotions) are what quiescence
/// searches; under-promotions that capture nothing are treated as quiet moves.
///
/// Deviation from micro-Max (eval style `umax`): micro-Max's quiescence ignores
/// promotions that capture nothing; umax lets quiescence push a pawn to queen.
/// (micro-Max promotes to a queen only; umax generates all four promotions in
/// full-width nodes, under both styles: the rules stay complete.)
#[inline]
fn is_tactical(victim: Piece, mv: Move, queen_pushes: bool) -> bool {
    !victim.is_empty()
        || mv.kind == MoveKind::EnPassant
        || (queen_pushes && mv.promotion == Some(PieceKind::Queen))
}

impl Searcher {
    /// micro-Max's `D()`: the score of the position on `self.board` for the side
    /// to move, searched `depth` deep (see the module docs of `search` for what
    /// depth means) within the window `alpha..beta`. `eval` is the incremental
    /// evaluation of the position (micro-Max's `e`), `ply` the distance from
    /// the root. The [contract](self) says what the score means.
    pub(super) fn search(
        &mut self,
        alpha: Score,
        beta: Score,
        eval: Score,
        depth: i32,
        ply: usize,
        listener: &mut dyn Listener,
    ) -> Score {
        self.calls += 1;
        if self.stopped {
            return 0;
        }
        self.selective_depth = self.selective_depth.max(ply as u32);

        // Deviation from micro-Max: repetitions and the 50-move rule are detected
        // from a list of keys (game plus search path) instead of locking the
        // game's positions in the hash table as draws.
        if ply > 0 && self.is_draw_by_rule() {
            return DRAW_SCORE;
        }

        let alpha = alpha - 1; // adj. window: delay bonus (micro-Max: `q--`)

        // Lookup pos. in hash table.
        //
        // Deviation from micro-Max (switch `quiescence_hash`, off by default):
        // nodes that will only do quiescence neither probe nor store the table.
        // They are most of the tree, and each probe is a cache miss.
        let uses_table =
            self.settings.hash && (depth > QUIESCENCE_DEPTH || self.settings.quiescence_hash);
        let key = self.board.key();
        let entry = if uses_table {
            let entry = self.table.probe(key);
            self.stats.hash_probes += 1;
            self.stats.hash_hits += u64::from(entry.is_some());
            entry
        } else {
            None
        };
        let (mut iteration, mut best) = self.resume_at_stored_depth(entry, alpha, beta, depth, ply);
        if iteration >= depth.max(QUIESCENCE_DEPTH) {
            self.stats.hash_cutoffs += 1;
            return best + Score::from(best < eval); // deep enough: answered from the table
        }

        // Pass 1, the scoring pass (micro-Max's iteration d = 1): rank the
        // captures by MVV/LVA and see whether we can capture the king.
        //
        // Deviation from micro-Max: micro-Max generates moves afresh in every
        // iteration by scanning the board. We generate once per node (captures
        // only if the node will only do quiescence) and order them once.
        let first = self.move_stack.len();
        if self.generate_and_rank(depth) {
            // The pass that found the king capture: the scoring pass, unless a
            // switch or the table made the node start later.
            self.count_node((iteration + 1).max(SCORING_PASS), listener);
            self.move_stack.truncate(first);
            return INFINITY; // K capture: the previous move was illegal
        }
        let last = self.move_stack.len();
        if iteration < SCORING_PASS {
            iteration = SCORING_PASS;
            self.count_node(SCORING_PASS, listener);
        }

        let mut best_move = self.put_hint_first(entry, ply, first, last);

        // Deviation from micro-Max: micro-Max learns that it is in check when its
        // null move gets the king captured (`P == I`); we ask the board, so that
        // the null move can be skipped in check and stalemate told from mate.
        let full_width = depth > QUIESCENCE_DEPTH;
        let in_check = full_width && self.board.in_check();
        // Extend 1 ply if in check: evasions are few and forcing (micro-Max 4.8
        // does not extend in the end game). Decided once for the node.
        let extend_check = in_check
            && match self.settings.check_extension {
                CheckExtension::Off => false,
                CheckExtension::On => true,
                CheckExtension::NotInEndgame => self.material_gone < eval::ENDGAME_MATERIAL_GONE,
            };

        // Iterative deepening loop.
        while iteration < depth || iteration < QUIESCENCE_DEPTH {
            iteration += 1;
            self.count_node(iteration, listener);

            // Search null move, then prune or stand pat: in quiescence the side
            // to move may decline to capture and keep the current score.
            let null_score = self.search_null_move(beta, eval, iteration, ply, in_check, listener);
            if self.stopped {
                self.move_stack.truncate(first);
                return 0;
            }
            best = if null_score >= beta {
                self.stats.null_cutoffs += 1;
                null_score
            } else if iteration > QUIESCENCE_DEPTH {
                -INFINITY
            } else {
                eval
            };

            // Try the best move first, then scan the others.
            let mut tried = 0;
            for index in first..last {
                if best >= beta {
                    break; // abort on fail high
                }
                let ScoredMove { mv, capture_rank } = self.move_stack[index];
                let is_capture = capture_rank.is_some();
                if iteration <= QUIESCENCE_DEPTH && !is_capture {
                    continue; // quiescence: captures (and queen promotions) only
                }
                tried += 1;

                // New eval and alpha.
                let gain = eval::move_gain_with(
                    self.settings.eval,
                    self.settings.eval_terms,
                    &self.board,
                    mv,
                    self.material_gone,
                );
                let new_eval = eval + gain;
                let child_alpha = best.max(alpha);
                let is_hint = index == first && best_move == Some(mv);
                let child_depth =
                    self.child_depth(iteration, mv, is_capture, is_hint, extend_check);

                let score = self.search_one_move(
                    mv,
                    [alpha, child_alpha, beta],
                    new_eval,
                    child_depth,
                    iteration,
                    ply,
                    listener,
                );
                if self.stopped {
                    self.move_stack.truncate(first);
                    return 0;
                }

                if score > best {
                    // New best: update max, best.
                    best = score;
                    best_move = Some(mv);
                    if ply == 0 && iteration > QUIESCENCE_DEPTH {
                        self.root_best = Some(mv);
                        self.root_best_score = score;
                    }
                    // Keep it first in the list so the next iteration tries it first.
                    self.move_stack[first..=index].rotate_right(1);
                    if best >= beta && iteration > QUIESCENCE_DEPTH {
                        self.stats.fail_high(tried);
                    }
                }
            }

            // Mate holds to any depth.
            if best.abs() > MATE_BOUND {
                iteration = iteration.max(MATE_DEPTH);
            }
            // Best loses the king: every move was illegal. Checkmate if we are in
            // check, otherwise stalemate (micro-Max: `m = m + I | P == I ? m : 0`).
            if best == -INFINITY && full_width && !in_check {
                best = DRAW_SCORE;
            }
            // Always store in the hash table (always replace, as in micro-Max).
            if uses_table {
                let bound = if best >= beta {
                    Bound::Lower
                } else if best <= alpha {
                    Bound::Upper
                } else {
                    Bound::Exact
                };
                self.table.store(key, best, iteration, bound, best_move);
            }
        }
        self.move_stack.truncate(first);
        best + Score::from(best < eval) // delayed-loss bonus
    }

    /// Resume at stored depth: a hash entry whose bound fits the window tells
    /// how deep this node has been searched and with what score. Returns the
    /// iteration to resume from and the score it had.
    fn resume_at_stored_depth(
        &self,
        entry: Option<Entry>,
        alpha: Score,
        beta: Score,
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
        }
        // The root does not trust the table (micro-Max's `z` flag): it resumes
        // where the root driver's previous iteration ended, so that it sees every
        // move and reports its best one.
        if ply == 0 {
            resume = (self.root_resume, -INFINITY);
        }
        // Switch `iid=off`: no internal iterative deepening, the node searches
        // the depth asked for at once.
        if !self.settings.iid && ply > 0 && depth > QUIESCENCE_DEPTH {
            resume.0 = resume.0.max(depth - 1);
        }
        // Switch `quiescence=plain`: no scoring pass, and a full-width node starts
        // at its first full-width iteration (no quiescence pass first).
        if self.settings.quiescence == Quiescence::Plain {
            let skip = if depth > QUIESCENCE_DEPTH {
                QUIESCENCE_DEPTH
            } else {
                SCORING_PASS
            };
            resume.0 = resume.0.max(skip);
        }
        resume
    }

    /// Start at best-move hint: put the stored best move first and return it.
    ///
    /// Deviation from micro-Max: when the stored bound does not fit the window,
    /// micro-Max keeps only the move's from-square as the place to start its
    /// board scan; we keep the whole move. At the root the hint is the best move
    /// of the previous iteration, which micro-Max's root keeps in its locals
    /// `X`, `Y` from one iteration to the next.
    fn put_hint_first(
        &mut self,
        entry: Option<Entry>,
        ply: usize,
        first: usize,
        last: usize,
    ) -> Option<Move> {
        let root_best = self.root_best;
        let is_hint = |mv: Move| match (ply, entry) {
            (0, _) => root_best == Some(mv),
            (_, Some(entry)) => entry.is_best_move(mv),
            _ => false,
        };
        // Switch `hint=off`: the table's move is not put first.
        let has_hint = match (ply, entry) {
            (0, _) => root_best.is_some(),
            (_, Some(entry)) => self.settings.hint && entry.has_best_move(),
            _ => false,
        };
        if !has_hint {
            return None;
        }
        let index = (first..last).find(|&i| is_hint(self.move_stack[i].mv))?;
        self.move_stack[first..=index].rotate_right(1);
        Some(self.move_stack[first].mv)
    }

    /// Search null move: let the opponent move twice. If we are still >= beta
    /// after searching that `R` plies shallower, the position is so good that a
    /// real move will be too: the caller cuts off without trying one. Returns
    /// the null move's score, or `-INFINITY` when none was searched or its score
    /// is not to be trusted.
    ///
    /// Deviation from micro-Max (switch `null=on`, the default): micro-Max tries
    /// the null move in every node, in check too, and ignores its score late in
    /// the game (`R > 35`); we skip it at the root, in check, and whenever the
    /// side to move has only king and pawns, where zugzwang makes it unsound.
    fn search_null_move(
        &mut self,
        beta: Score,
        eval: Score,
        iteration: i32,
        ply: usize,
        in_check: bool,
        listener: &mut dyn Listener,
    ) -> Score {
        let allowed = iteration > QUIESCENCE_DEPTH
            && match self.settings.null {
                NullMove::Off => false,
                NullMove::On => {
                    ply > 0
                        && !in_check
                        && self.board.has_non_pawn_material(self.board.side_to_move())
                }
                NullMove::MicroMax => true,
            };
        if !allowed {
            return -INFINITY;
        }
        self.stats.null_tries += 1;
        let undo = self.board.make_null_move();
        self.path_keys.push(self.board.key());
        let null_depth = iteration - 1 - self.settings.null_reduction;
        let score = -self.search(-beta, 1 - beta, -eval, null_depth, ply + 1, listener);
        self.path_keys.pop();
        self.board.unmake_null_move(undo);
        let ignored = self.settings.null == NullMove::MicroMax
            && self.material_gone > NULL_MOVE_MATERIAL_LIMIT;
        if ignored { -INFINITY } else { score }
    }

    /// The depth of the reply's search: one less than this iteration, less a
    /// late-move reduction, or this iteration's own depth when the node extends
    /// check evasions (micro-Max's `C`).
    #[inline]
    fn child_depth(
        &mut self,
        iteration: i32,
        mv: Move,
        is_capture: bool,
        is_hint: bool,
        extend_check: bool,
    ) -> i32 {
        if extend_check {
            self.stats.check_extensions += 1;
            return iteration;
        }
        // Late-move reduction: reduce quiet non-pawn moves other than the hint
        // move; they are re-searched at full depth if they beat alpha.
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

    /// Search one move: skip it if futile, else make it, search the reply, and
    /// search a reduced move again at full depth if it beat alpha. `window` is
    /// the node's alpha, the reply's alpha (best so far) and beta.
    #[allow(clippy::too_many_arguments)]
    fn search_one_move(
        &mut self,
        mv: Move,
        [alpha, child_alpha, beta]: [Score; 3],
        new_eval: Score,
        mut child_depth: i32,
        iteration: i32,
        ply: usize,
        listener: &mut dyn Listener,
    ) -> Score {
        // Futility: the reply would stand pat and fail high, so this move cannot
        // raise alpha. Do not even make it (micro-Max: `C > 2 | v > V`).
        if child_depth <= QUIESCENCE_DEPTH
            && new_eval + self.settings.futility_margin <= child_alpha
            && self.settings.futility
        {
            self.stats.futility_prunes += 1;
            return new_eval;
        }
        let undo = self.board.make_move(mv);
        self.path_keys.push(self.board.key());
        let mut score;
        loop {
            // Recursive evaluation of the reply.
            score = -self.search(
                -beta,
                -child_alpha,
                -new_eval,
                child_depth,
                ply + 1,
                listener,
            );
            // A reduced move that beats alpha is re-searched deeper.
            child_depth += 1;
            if !(score > alpha && child_depth < iteration) || self.stopped {
                break;
            }
            self.stats.lmr_researches += 1;
        }
        self.path_keys.pop();
        self.board.unmake_move(mv, undo);
        score
    }

    /// Generate this node's moves onto the move stack, ordered as the switch
    /// `captures` says. Returns `true` if one of them captures the king.
    fn generate_and_rank(&mut self, depth: i32) -> bool {
        self.generated.clear();
        if depth > QUIESCENCE_DEPTH {
            self.board.generate_moves(&mut self.generated);
        } else {
            self.board.generate_captures(&mut self.generated);
        }
        let first = self.move_stack.len();
        let queen_pushes = self.settings.eval == EvalStyle::Umax;
        match (self.settings.captures, queen_pushes) {
            (CaptureOrder::MvvLva, true) => self.rank_mvv_lva::<true>(first),
            (CaptureOrder::MvvLva, false) => self.rank_mvv_lva::<false>(first),
            _ => self.generate_in_order(first, queen_pushes),
        }
    }

    /// Put the generated moves on the move stack from `first` on: captures (and
    /// with `QUEEN_PUSHES` queen promotions) by MVV/LVA, then the quiet moves.
    /// Returns `true` if a move captures the king. (A compile-time flag, so the
    /// loops over every generated move test nothing they need not.)
    fn rank_mvv_lva<const QUEEN_PUSHES: bool>(&mut self, first: usize) -> bool {
        // Captures (and promotions) first, ranked by MVV/LVA ...
        for &mv in &self.generated {
            let victim = self.board.piece_at(mv.to);
            if victim.kind() == Some(PieceKind::King) {
                return true;
            }
            if is_tactical(victim, mv, QUEEN_PUSHES) {
                let rank = eval::mvv_lva(&self.board, mv);
                // Insertion sort: a node has only a handful of captures.
                let mut at = self.move_stack.len();
                self.move_stack.push(ScoredMove {
                    mv,
                    capture_rank: Some(rank),
                });
                while at > first && self.move_stack[at - 1].capture_rank < Some(rank) {
                    self.move_stack.swap(at - 1, at);
                    at -= 1;
                }
            }
        }
        // ... then the quiet moves in generation order.
        for &mv in &self.generated {
            if !is_tactical(self.board.piece_at(mv.to), mv, QUEEN_PUSHES) {
                self.move_stack.push(ScoredMove {
                    mv,
                    capture_rank: None,
                });
            }
        }
        false
    }

    /// Switch `captures=generation` / `bestfirst`: the moves in the order the
    /// generator made them; with `bestfirst` the best MVV/LVA capture goes first,
    /// as micro-Max's scoring pass leaves it as the hint. Returns `true` if one
    /// of the moves captures the king.
    fn generate_in_order(&mut self, first: usize, queen_pushes: bool) -> bool {
        let mut best_capture: Option<(usize, Score)> = None;
        for &mv in &self.generated {
            let victim = self.board.piece_at(mv.to);
            if victim.kind() == Some(PieceKind::King) {
                return true;
            }
            let rank =
                is_tactical(victim, mv, queen_pushes).then(|| eval::mvv_lva(&self.board, mv));
            if let Some(rank) = rank
                && best_capture.is_none_or(|(_, best)| rank > best)
            {
                best_capture = Some((self.move_stack.len(), rank));
            }
            self.move_stack.push(ScoredMove {
                mv,
                capture_rank: rank,
            });
        }
        if self.settings.captures == CaptureOrder::BestFirst
            && let Some((at, _)) = best_capture
        {
            self.move_stack[first..=at].rotate_right(1);
        }
        false
    }

    /// micro-Max's `N++`: count one node per pass of the deepening loop (the
    /// scoring pass included), and every [`POLL_INTERVAL`](crate::clock::POLL_INTERVAL)
    /// nodes look at the clock and the input. Counting where micro-Max counts
    /// makes our nodes per second comparable with micro-Max's and Fairy-Max's.
    /// A node answered from the hash table makes no pass and is not counted
    /// ([`Searcher::calls`] counts those too).
    #[inline]
    fn count_node(&mut self, iteration: i32, listener: &mut dyn Listener) {
        self.nodes += 1;
        // Full-width passes are the rest: `Searcher::counters` works them out.
        if iteration == SCORING_PASS {
            self.stats.scoring_nodes += 1;
        } else if iteration == QUIESCENCE_DEPTH {
            self.stats.quiescence_nodes += 1;
        }
        if self.nodes.is_multiple_of(crate::clock::POLL_INTERVAL) {
            self.poll(listener);
        }
    }
}
