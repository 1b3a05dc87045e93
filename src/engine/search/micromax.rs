//! # micro-Max's `D()`: the one recursive search function
//!
//! [`Searcher::micromax_search`] is micro-Max 4.8's search (`umax4_8.c`),
//! ported block by block in micro-Max's order; each block starts with a
//! comment that quotes micro-Max's own. It has no laboratory switches:
//! `search=micromax` (or `preset=micromax`) runs it as it is, with
//! micro-Max's evaluation. umax's stronger default, `umax.rs`, is the same
//! function with the techniques that measured better.
//!
//! ## Contract
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
//! * `depth` counts quiescence as 2 (see `search`'s docs); `eval` is the
//!   incremental evaluation of the position (micro-Max's `e`). The board, the
//!   move stack and the key path are restored on return. The table receives,
//!   at the end of every iteration, the score, its bound, the iteration
//!   reached and the best move.
//!
//! ## Glossary
//! | micro-Max | umax | meaning |
//! |---|---|---|
//! | `k` | `board.side_to_move()` | side to move |
//! | `q`, `l` | `alpha`, `beta` | the window (`q--` lowers alpha by one) |
//! | `e`, `E` | `eval`, the board's e.p. square | evaluation; e.p. square |
//! | `z` | `ply == 0` | "this is the root" |
//! | `n`, `d` | `depth`, `iteration` | depth asked; the deepening loop's depth |
//! | `m`; `Y`; `X` | `best`; `best_move`; its `from` or `scan_start` | best score, move; scan's start |
//! | `P` | `null_score` | the null move's score (`P == I`: in check) |
//! | `R` | `material_gone` | non-pawn material gone (game phase) |
//! | `C`, `V` | `child_depth`, `child_alpha` | depth and alpha of the reply |
//! | `v`, `s` | `new_eval`, `score` | a move's evaluation, then its score |
//! | `h`; `t` | `is_hint`; `is_capture` | hash move; captured piece |
//! | `N`; `I`; `a` | `nodes`; [`INFINITY`]; `entry` | nodes; a king capture; hash slot |
//!
//! ## Departures
//! Each is marked `Deviation from micro-Max:` where it happens. Those every
//! umax search shares: full rules (castling through check, every promotion,
//! repetition and the 50-move rule), a clock and `stop` polled by the node
//! count, and the root's deepening loop in the root driver (`search`'s
//! `Searcher::deepen`, micro-Max's `z` branch).

use crate::board::{PieceKind, Square};
use crate::eval::{self, EvalStyle, Score};
use crate::table::Bound;

use super::ordering::ScoredMove;
use super::{
    DRAW_SCORE, INFINITY, Listener, MATE_BOUND, MATE_DEPTH, QUIESCENCE_DEPTH, SCORING_PASS,
    Searcher,
};

/// micro-Max ignores the null move's score once more than this much non-pawn
/// material is gone (`R > 35`), where zugzwang becomes likely.
pub const NULL_MOVE_MATERIAL_LIMIT: i32 = 35;

/// micro-Max reduces quiet non-pawn moves other than the hash move in
/// iterations deeper than this (`d > 5`) ...
pub const LMR_MIN_DEPTH: i32 = 5;

/// ... by this many plies (`d - 1 - 1`); and the null move's search by this
/// many (`d - 3`: R = 2).
pub const NULL_MOVE_REDUCTION: i32 = 2;

impl Searcher {
    /// micro-Max's `D()`: the score of the position on `self.board` for the side
    /// to move, searched `depth` deep within the window `alpha..beta`; `eval`
    /// is the incremental evaluation (micro-Max's `e`), `ply` the distance from
    /// the root. The [contract](self) says what the score means.
    pub(super) fn micromax_search(
        &mut self,
        alpha: Score,
        beta: Score,
        eval: Score,
        depth: i32,
        ply: usize,
        listener: &mut dyn Listener,
    ) -> Score {
        let key = self.board.key();
        self.table.prefetch(key); // its slot arrives while the moves are generated
        // Deviation from micro-Max: draws by rule, from the keys of the game
        // and the path (`enter_node`).
        if let Some(score) = self.enter_node(ply) {
            return score;
        }
        let alpha = alpha - 1; // adj. window: delay bonus

        // Deviation from micro-Max: micro-Max scans the board for its moves
        // in every iteration; we generate them once (captures only in a node
        // that will only do quiescence) and try them in the order of its scan
        // (`micro_max_scan_order`), the hint once, not again in the scan. We
        // generate before reading the table, while its slot is fetched.
        let full_width = depth > QUIESCENCE_DEPTH;
        let first = self.move_stack.len();
        let legal = self.generate_in_scan_order(full_width);

        // Lookup pos. in hash table; resume at stored depth, if the stored
        // bound fits the window (miss, or window incompatible: start iter.
        // from scratch). The root does not trust the table (micro-Max's `z`):
        // it resumes where the root driver's last iteration ended.
        let entry = self.probe_table(key);
        let fits = |entry: &crate::table::Entry| match entry.bound {
            Bound::Exact => true,
            Bound::Lower => entry.score >= beta,
            Bound::Upper => entry.score <= alpha,
        };
        let (mut iteration, mut best) = match entry {
            _ if ply == 0 => (self.root_resume, -INFINITY),
            Some(entry) if fits(&entry) => (entry.depth, entry.score),
            _ => (0, -INFINITY),
        };
        if iteration >= depth.max(QUIESCENCE_DEPTH) {
            self.stats.hash_cutoffs += 1;
            self.move_stack.truncate(first);
            return best + Score::from(best < eval); // deep enough: the table answers
        }
        if !legal {
            self.count_node((iteration + 1).max(SCORING_PASS), listener);
            return INFINITY; // K capture: the move that led here was illegal
        }
        if ply == 0 {
            self.keep_root_moves(first); // `go searchmoves`, MultiPV
        }
        let stored = self.stored_move(first, full_width, entry);
        let last = self.move_stack.len();
        // Start at best-move hint: the stored move if the entry fits, at the
        // root the root's best. The scan starts at its from-square, or at the
        // stored move's if the entry misfits (micro-Max's `X`). (Deviation
        // from micro-Max: on a miss micro-Max's `X` is what the slot holds,
        // another position's; ours is a8.)
        let hint = if ply == 0 { self.root_best } else { stored };
        let mut best_move = hint.filter(|_| ply == 0 || iteration > 0);
        let scan_start = best_move.or(stored).map_or(Square::A8, |mv| mv.from);
        if iteration < SCORING_PASS {
            iteration = SCORING_PASS; // the scoring pass is done
            self.count_node(SCORING_PASS, listener);
            best_move = self.scoring_pass(first, last, scan_start, eval);
        }
        // Extend 1 ply if in check, but not in the end game (`R > 29`).
        // Deviation from micro-Max: micro-Max learns it is in check when its
        // null move gets the king captured (`P == I`); we ask the board.
        let in_check = full_width && self.board.in_check();
        let extend_check = in_check && self.material_gone < eval::ENDGAME_MATERIAL_GONE;

        // Iterative deepening loop.
        while iteration < depth || iteration < QUIESCENCE_DEPTH {
            iteration += 1;
            self.count_node(iteration, listener); // node count (for timing)

            // Try the best move first, then scan the others. Deviation from micro-Max:
            // a full-width node fetches the first reply's slot while the null move runs.
            let order = self.micro_max_scan_order(first, last, scan_start, best_move);
            let (mut order, mut tried) = (order.peekable(), 0);
            if let Some(&(first_move, _)) = order.peek().filter(|_| full_width) {
                self.table
                    .prefetch(self.board.key_after(self.move_stack[first_move].mv));
            }

            // Search null move: let the opponent move twice, R = 2 plies less deep.
            let null_score = if iteration > QUIESCENCE_DEPTH {
                self.stats.null_tries += 1;
                let undo = self.board.make_null_move();
                self.path_keys.push(self.board.key());
                let null_depth = iteration - 1 - NULL_MOVE_REDUCTION;
                let score =
                    -self.micromax_search(-beta, 1 - beta, -eval, null_depth, ply + 1, listener);
                self.path_keys.pop();
                self.board.unmake_null_move(undo);
                score
            } else {
                -INFINITY
            };
            if self.stopped {
                self.move_stack.truncate(first);
                return 0;
            }
            // Prune or stand pat: in quiescence the side to move may keep the
            // current score; its null move's score is ignored late in the game.
            best = if null_score >= beta && self.material_gone <= NULL_MOVE_MATERIAL_LIMIT {
                self.stats.null_cutoffs += 1;
                null_score
            } else if iteration > QUIESCENCE_DEPTH {
                -INFINITY
            } else {
                eval
            };

            for (index, is_hint) in order {
                if best >= beta {
                    break; // abort on fail high
                }
                let ScoredMove { mv, capture_rank } = self.move_stack[index];
                let is_capture = capture_rank.is_some();
                let under_promotion = mv.promotion.is_some_and(|kind| kind != PieceKind::Queen);
                if iteration <= QUIESCENCE_DEPTH && (!is_capture || under_promotion) {
                    continue; // quiescence: captures only, promoting to queens
                }
                tried += 1;
                self.note_root_move(ply, mv, tried);

                // New eval and alpha.
                let new_eval = eval
                    + eval::move_gain_in(EvalStyle::MicroMax, &self.board, mv, self.material_gone);
                let child_alpha = best.max(alpha);
                // Reduction of non-pawn, non-capture moves except the hash
                // move (LMR); extend 1 ply if in check.
                let is_pawn = self.board.piece_at(mv.from).kind() == Some(PieceKind::Pawn);
                let reduced = iteration > LMR_MIN_DEPTH && !is_capture && !is_hint && !is_pawn;
                let mut child_depth = if extend_check && iteration > QUIESCENCE_DEPTH {
                    self.stats.check_extensions += 1;
                    iteration
                } else if reduced {
                    self.stats.lmr_reductions += 1;
                    iteration - 2
                } else {
                    iteration - 1
                };

                // Recursive eval. of reply, or fail low if futile: a reply that
                // would only stand pat cannot bring a move below alpha back.
                let score = if child_depth <= QUIESCENCE_DEPTH && new_eval <= child_alpha {
                    self.stats.futility_prunes += 1;
                    new_eval
                } else {
                    let undo = self.board.make_move(mv);
                    self.path_keys.push(self.board.key());
                    let mut score;
                    loop {
                        score = -self.micromax_search(
                            -beta,
                            -child_alpha,
                            -new_eval,
                            child_depth,
                            ply + 1,
                            listener,
                        );
                        // A reduced move that beats alpha is searched again, a ply deeper.
                        if self.stopped || score <= alpha || child_depth + 1 >= iteration {
                            break;
                        }
                        child_depth = iteration - 1;
                        self.stats.lmr_researches += 1;
                    }
                    self.path_keys.pop();
                    self.board.unmake_move(mv, undo);
                    score
                };
                if self.stopped {
                    self.move_stack.truncate(first);
                    return 0;
                }

                if score > best {
                    // New best, update max, best: the next iteration's hint.
                    best = score;
                    best_move = Some(mv);
                    if ply == 0 && iteration > QUIESCENCE_DEPTH {
                        (self.root_best, self.root_best_score) = (Some(mv), score);
                    }
                    if best >= beta && iteration > QUIESCENCE_DEPTH {
                        self.stats.fail_high(tried);
                    }
                }
            }

            // Mate holds to any depth. (Not at the root's quiescence pass:
            // the root still has to search its moves full width to pick one.)
            if best.abs() > MATE_BOUND && (iteration > QUIESCENCE_DEPTH || ply > 0) {
                iteration = iteration.max(MATE_DEPTH);
            }
            // Best loses K: (stale)mate. Checkmate if in check, else stalemate.
            if best == -INFINITY && full_width && !in_check {
                best = DRAW_SCORE;
            }
            // Always store in hash tab: move, type (bound or exact).
            self.store_node(key, best, [alpha, beta], iteration, best_move);
        }
        self.move_stack.truncate(first);
        best + Score::from(best < eval) // delayed-loss bonus
    }
}
