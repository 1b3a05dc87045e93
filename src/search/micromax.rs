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

use crate::board::{Color, Move, MoveKind, Piece, PieceKind, piece_attacks, squares_in};
use crate::eval::{self, EvalStyle, PIECE_VALUES, Score};
use crate::table::{Bound, Entry, prefetch};

use super::see;
use super::techniques::{
    CaptureOrder, CheckExtension, HorizonChecks, LmrThreats, MateThreat, MoveOrdering, NullMove,
    Quiescence, Research, Singular,
};
use super::{
    DRAW_SCORE, INFINITY, Listener, MATE_BOUND, MATE_DEPTH, QUIESCENCE_DEPTH, SCORING_PASS,
    Searcher,
};

/// micro-Max ignores the null move's score once more than this much non-pawn
/// material is gone (`R > 35`), where zugzwang becomes likely.
pub const NULL_MOVE_MATERIAL_LIMIT: i32 = 35;

/// Delta pruning's margin (switch `delta`): two pawns. A capture is skipped
/// in quiescence only if even winning its victim *and* 200 centipawns more
/// would leave the score at or below alpha. The margin covers what the
/// evaluation's positional terms can add to a capture (an advanced pawn,
/// centralisation, a passed pawn's progress); two pawns is the textbook
/// choice, safe without being useless.
pub const DELTA_MARGIN: Score = 200;

/// SEE pruning of full-width moves works this many plies from the horizon
/// at most (switch `see_prune_full`).
pub const SEE_PRUNE_MAX_PLIES: i32 = 3;

/// The most plies from the horizon at which history pruning (switch
/// `history_prune`) skips quiet moves.
const HISTORY_PRUNE_MAX_PLIES: i32 = 3;

/// Razoring acts in nodes at most this many plies from the horizon.
pub const RAZORING_MAX_PLIES: i32 = 2;

/// Switch `countermove`: entries of the counter-move table, one per side,
/// piece kind code (1 to 6, of 8) and target square (of 64).
pub(super) const COUNTERMOVE_ENTRIES: usize = 2 * 8 * 64;

/// Switch `countermove_history`: entries of the counter-move history, one
/// per previous move and reply, each kept as a counter-move index.
pub(super) const COUNTERMOVE_HISTORY_ENTRIES: usize = COUNTERMOVE_ENTRIES * COUNTERMOVE_ENTRIES;

/// Switch `capture_history`: entries of the capture history, one per side,
/// moving piece's kind code, target square and victim's kind code (each code
/// of 8).
pub(super) const CAPTURE_HISTORY_ENTRIES: usize = 2 * 8 * 64 * 8;

/// Switch `capture_history`: a capture's history score counts this many
/// times less than a centipawn of its MVV/LVA rank, so that at most it
/// reorders captures of victims a little over a pawn apart.
const CAPTURE_HISTORY_GRAIN: Score = 128;

/// Switch `null_margin_reduction`: the centipawns above beta for each
/// further ply of null-move reduction.
const NULL_MARGIN_PER_PLY: Score = 200;

/// Switch `null_margin_reduction`: the most plies it adds.
const NULL_MARGIN_MAX_PLIES: Score = 3;

/// Switch `see_prune_full`: the material a move may lose by static exchange
/// per ply left before it is skipped, in centipawns (a pawn).
pub const SEE_PRUNE_MARGIN: Score = 100;

/// Switch `probcut`: the fewest plies left at which a node tries it.
const PROBCUT_MIN_PLIES: i32 = 5;

/// Switch `probcut`: how many plies shallower than the node's moves its
/// captures are searched.
const PROBCUT_REDUCTION: i32 = 3;

/// The largest history score (switch `ordering=history`).
pub const HISTORY_LIMIT: Score = 16384;

/// Switch `threat_ordering`: what a quiet move that attacks a bigger piece
/// adds to its history score when the quiet moves are sorted, a quarter of
/// the history's range.
const THREAT_ORDERING_BONUS: Score = HISTORY_LIMIT / 4;

/// Slots in the searcher's cache of activity terms (a power of two; 16
/// bytes each).
const ACTIVITY_CACHE_ENTRIES: usize = 1 << 16;

/// The activity cache's slot for the position with Zobrist key `key`: its
/// top bits (the hash table uses the low ones).
#[inline]
fn activity_slot(key: u64) -> usize {
    (key >> (64 - ACTIVITY_CACHE_ENTRIES.trailing_zeros())) as usize
}

/// Switch `singular`: the fewest plies left at which a node asks whether
/// its table move is singular (the question costs a search of every other
/// move to half the depth).
const SINGULAR_MIN_PLIES: i32 = 7;

/// Switch `singular`: how many plies shallower than the node the table's
/// entry may have been searched and still be trusted for the question.
const SINGULAR_DEPTH_SLACK: i32 = 3;

/// The fewest plies left at which a node without a move from the table is
/// searched a ply less deep (switch `iir`).
const IIR_MIN_PLIES: i32 = 4;

/// The table LMR's reduction (switch `lmr_table`): about
/// ln(plies) · ln(move number) / 2.25, rounded, so it grows slowly with
/// both: a move late in the list of a deep node is reduced by 3 or 4 plies,
/// an early move or a shallow node's by 1 or none. The divisor is the
/// switch `lmr_divisor`, in hundredths (225).
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

/// History points per ply of table LMR (switch `lmr_history`). A history
/// score moves by the square of the plies searched per update, so a few
/// hundred points is a move that failed (or refuted) in many recent nodes;
/// of the moves table LMR may reduce in the bench positions, about one in
/// ten has a score below -256, and one in two hundred above +256.
const LMR_HISTORY_SCALE: Score = 256;

/// Entries of the correction history (switch `correction`) per side to
/// move: pawn structures that share an entry share their correction.
pub(super) const CORRECTION_ENTRIES: usize = 1 << 14;

/// A correction history entry counts in 1/256 of a centipawn, so that the
/// small steps of its running average are not lost to rounding.
const CORRECTION_GRAIN: i32 = 256;

/// The most a correction may move the evaluation, in centipawns.
const CORRECTION_LIMIT: i32 = 128;

/// The weight, out of 1024, of one search's error in its entry's running
/// average: deeper searches know better, so they weigh more.
fn correction_weight(plies_left: i32) -> i32 {
    (plies_left * plies_left + 2 * plies_left + 1).min(128)
}

/// A move that table LMR may reduce: its place in the node's list (1 for
/// the first move searched), whether the node has an open window, and
/// whether it is improving (switch `improving`).
#[derive(Clone, Copy, Debug)]
struct LateMove {
    number: u32,
    in_pv: bool,
    /// Switch `improving` on, and the node's evaluation improving.
    improving: bool,
    /// Switch `lmr_cut` on, and the node expected to cut off.
    cut_node: bool,
    /// Switch `lmr_capture_best` on, and the node's best move so far (the
    /// table's move, or the one that raised the score in this pass) a
    /// capture.
    best_captures: bool,
}

/// Switch `lmr_cut`: is the reply to the `tried`-th move of a node expected
/// to cut off? Knuth and Moore's node types: the later moves of a node on
/// the principal variation are expected to be refuted, so their replies cut
/// off; a cut node's reply must try every move and fails low (an all node);
/// and an all node's replies are cut nodes again.
fn child_is_cut_node(pv_node: bool, cut_node: bool, tried: u32) -> bool {
    if pv_node { tried > 1 } else { !cut_node }
}

/// What a cut-off `plies` from the horizon moves a history score by: the
/// square of the plies, so that deep results count most (at most a quarter
/// of [`HISTORY_LIMIT`]).
#[inline]
fn history_bonus(plies: i32) -> Score {
    (plies * plies).min(HISTORY_LIMIT / 4)
}

/// Move a history score by `bonus`, less the more it already leans that way.
#[inline]
fn nudge_history(score: &mut Score, bonus: Score) {
    *score += bonus - *score * bonus.abs() / HISTORY_LIMIT;
}

/// A move's place in the sorted list as one number, so that sorting
/// compares integers: its class (good captures, killers, counter-move, quiet
/// moves, bad captures) first, then its value within the class (lower
/// first), then its place in the generated list, which breaks ties.
#[inline]
fn ordering_key(class: u8, value: Score, place: usize) -> u64 {
    // Flipping the sign bit makes the order of the unsigned numbers that of
    // the signed values.
    let value = u64::from(value.cast_unsigned() ^ 0x8000_0000);
    u64::from(class) << 48 | value << 16 | place as u64
}

/// The place in the generated list that [`ordering_key`] put in `key`.
#[inline]
fn place_of(key: u64) -> usize {
    (key & 0xFFFF) as usize
}

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
/// Deviation from micro-Max (eval styles `umax` and `tapered`): micro-Max's
/// quiescence ignores promotions that capture nothing; umax lets quiescence
/// push a pawn to queen. (micro-Max promotes to a queen only; umax generates
/// all four promotions in full-width nodes, under every style: the rules stay
/// complete.)
#[inline]
fn is_tactical(victim: Piece, mv: Move, queen_pushes: bool) -> bool {
    !victim.is_empty()
        || mv.kind == MoveKind::EnPassant
        || (queen_pushes && mv.promotion == Some(PieceKind::Queen))
}

/// Does a node searched `depth` deep count the activity terms itself
/// (`activity_plies`: the fewest plies from the horizon that do)? Nodes
/// nearer the horizon inherit them instead. A node is `depth - QUIESCENCE_DEPTH`
/// plies from the horizon: 1 or more for full-width nodes, 0 for the first
/// quiescence ply (the replies to the horizon's moves), -1 for the deeper
/// quiescence nodes.
#[inline]
fn counts_activity(depth: i32, activity_plies: i32) -> bool {
    depth >= QUIESCENCE_DEPTH + activity_plies
}

/// The evaluation handed to a reply searched `child_depth` deep: `eval` (this
/// node's, with its `activity` terms) without the activity if the reply
/// counts its own ([`counts_activity`]); with it if the reply inherits it.
#[inline]
fn handed_eval(eval: Score, activity: Score, child_depth: i32, activity_plies: i32) -> Score {
    if counts_activity(child_depth, activity_plies) {
        eval - activity
    } else {
        eval
    }
}

/// The score a node judges itself by with `table_eval`: the table entry's
/// score where its bound says the true score lies beyond `judged_eval` (an
/// exact score, a lower bound above it, an upper bound below it), else
/// `judged_eval`. Mate scores are left alone: they are distances, not
/// judgements of the position.
fn table_judged_eval(judged_eval: Score, entry: Entry) -> Score {
    let beyond = match entry.bound {
        Bound::Exact => true,
        Bound::Lower => entry.score > judged_eval,
        Bound::Upper => entry.score < judged_eval,
    };
    if beyond && entry.score.abs() < MATE_BOUND {
        entry.score
    } else {
        judged_eval
    }
}

/// Is a null move's score a mate against the side that passed? (Not
/// `-INFINITY`, which [`Searcher::search_null_move`] returns for a score
/// it does not trust.)
fn is_mate_threat(null_score: Score) -> bool {
    null_score > -INFINITY && null_score < -MATE_BOUND
}

/// Is `iteration` a *horizon* iteration: full width, with replies that are
/// only quiescence searches (unless the node extends check evasions)?
#[inline]
fn is_horizon(iteration: i32, extend_check: bool) -> bool {
    iteration == QUIESCENCE_DEPTH + 1 && !extend_check
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

        // A node searched with an open window may be on the principal variation;
        // the pruning switches below leave such nodes alone.
        let pv_node = beta > alpha + 1;
        let alpha = alpha - 1; // adj. window: delay bonus (micro-Max: `q--`)
        // Switch `lmr_cut`: is this null-window node expected to cut off?
        let cut_node = self.settings.lmr_cut && !pv_node && self.is_expected_cut(ply);

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
        let (mut iteration, mut best) =
            self.resume_at_stored_depth(entry, [alpha, beta], pv_node, depth, ply);
        if iteration >= depth.max(QUIESCENCE_DEPTH) {
            self.stats.hash_cutoffs += 1;
            return best + Score::from(best < eval); // deep enough: answered from the table
        }

        let checks_ply = self.settings.quiescence_checks && depth == QUIESCENCE_DEPTH;
        // Deviation from micro-Max (switch `quiescence_evasions`, off by
        // default): a quiescence node in check (after a capture that gave
        // check) searches every evasion and may not stand pat, as in the
        // first quiescence ply with `quiescence_checks`.
        let quiescence_in_check = self.settings.quiescence_evasions
            && depth <= QUIESCENCE_DEPTH
            && !checks_ply
            && self.board.in_check();
        let full_width = depth > QUIESCENCE_DEPTH;
        // Deviation from micro-Max (switches `mobility`, `king_attack` and
        // the other activity terms, on in the default): they depend on every
        // piece, so no move's gain can keep them up to date. A full-width node
        // counts them afresh and adds them to the incremental evaluation it
        // was handed; it takes them out again before handing the score to a
        // reply that counts its own. Nodes nearer the horizon than
        // `activity_plies` do not count them: they inherit those of the last
        // node that did (the moves in between change them little, and
        // counting them in every node costs time). With `activity_plies` 2
        // (the default) the full-width nodes one ply from the horizon and
        // every quiescence node inherit them; with 1 the quiescence nodes;
        // with 0 those below the first quiescence ply; with -1 none. Counted only
        // here, once the table has not answered (a node answered from the
        // table adds the delayed-loss bonus against the evaluation without
        // them), and before the scoring pass, as reverse futility needs them:
        // a position reached by an illegal move counts them in vain.
        let activity = if counts_activity(depth, self.settings.activity_plies) {
            self.activity()
        } else {
            0
        };
        let eval = eval + activity;
        // Deviation from micro-Max (switches `drawish`, on in the default, and
        // `opposite_bishops`, off): the score this node stands on and judges
        // itself by moves towards a draw in endings that a material count
        // overrates ([`Self::towards_draw`]). The score handed to the moves
        // stays whole: each node scales its own, so scalings never pile up.
        //
        // Deviation from micro-Max (switch `tempo`, 0 by default): the side
        // to move is worth a little more than the pieces say, since it moves
        // first. Only the node's own score gets it; added to the score
        // handed on, it would cancel out every two plies.
        let standing = self.towards_draw(eval) + self.settings.tempo;

        // Deviation from micro-Max: micro-Max learns that it is in check when its
        // null move gets the king captured (`P == I`); we ask the board, so that
        // the null move can be skipped in check and stalemate told from mate.
        let in_check = quiescence_in_check || ((full_width || checks_ply) && self.board.in_check());
        // Deviation from micro-Max (switch `rfp`, on by default): reverse
        // futility pruning. Near the horizon, if the evaluation beats beta by
        // a margin for every ply left, assume some move keeps it above beta.
        //
        // It and razoring below judge a node by its evaluation alone, so they
        // act only where that is safe: a full-width null-window node below the
        // root, not in check. Tested before the node generates its moves
        // (micro-Max's scoring pass): most nodes it prunes would never look
        // at them. The one thing that pass would have told, whether the move
        // into the node was legal, is asked of the board instead, last.
        let plies_left = depth - QUIESCENCE_DEPTH;
        let judged_by_eval = full_width && !pv_node && !in_check && ply > 0;
        // Deviation from micro-Max (switch `correction`, off by default):
        // correction history. The incremental evaluation misjudges some
        // kinds of position the same way again and again; what searches
        // found it off by, for positions with the same pawns, corrects the
        // evaluation the pruning decisions below judge by. (The evaluation
        // handed to the moves, and stood on in quiescence, is left alone.)
        let corrects = self.settings.correction && full_width && !in_check;
        let judged_eval = if corrects {
            standing + self.correction_of_position() / CORRECTION_GRAIN
        } else {
            standing
        };
        // Deviation from micro-Max (switch `table_eval`, off by default): a
        // score the table holds for this position came from a search, which
        // saw further than the evaluation; where its bound says the true
        // score lies beyond the evaluation, judge the node by it instead.
        let judged_eval = match entry {
            Some(entry) if self.settings.table_eval && full_width && !in_check => {
                table_judged_eval(judged_eval, entry)
            }
            _ => judged_eval,
        };
        // Deviation from micro-Max (switch `improving`, off by default): is
        // the evaluation above that of this side's last node on the path?
        // If so a fail high is likelier, and a late move's refutation less.
        let improving =
            full_width && self.settings.improving && self.is_improving(eval, in_check, ply);
        if self.settings.rfp
            && judged_by_eval
            && plies_left <= self.settings.rfp_max_plies
            && beta.abs() < MATE_BOUND
            && judged_eval - self.settings.rfp_margin * (plies_left - i32::from(improving)) >= beta
            && !self.previous_move_was_illegal()
        {
            // Counted as the scoring pass it skips, so that the node counts
            // do not depend on where the pruning happens.
            if iteration < SCORING_PASS {
                self.count_node(SCORING_PASS, listener);
            }
            self.stats.reverse_futility_prunes += 1;
            return judged_eval;
        }

        // Deviation from micro-Max (switch `null_first`, on in the default):
        // a node that will search one iteration (no internal deepening)
        // tries the null move before it generates its moves, so that a
        // null-move cut-off costs no move list. micro-Max tries it inside
        // the deepening loop, after the scoring pass, which is also where it
        // learns that the move into the node was illegal; here the board is
        // asked that first, as for reverse futility. The tree stays nearly
        // the same: only the history the null move's search leaves behind
        // now sorts the node's moves.
        let mut null_tried_at = None;
        // Switch `mate_threat`: whether this node's null move was mated.
        let mut mate_threatened = false;
        if self.settings.null_first
            && full_width
            && iteration == depth - 1
            && self.null_move_allowed(beta, judged_eval, depth, ply, in_check, entry)
            && !self.previous_move_was_illegal()
        {
            null_tried_at = Some(depth);
            let null_score =
                self.search_null_move(beta, [eval, activity, judged_eval], depth, ply, listener);
            if self.stopped {
                return 0;
            }
            mate_threatened = is_mate_threat(null_score);
            if null_score >= beta {
                // Counted as the one pass the node would have made (its
                // scoring pass was skipped: it starts at `depth - 1`).
                self.count_node(depth, listener);
                self.stats.null_cutoffs += 1;
                if uses_table {
                    self.table
                        .store_keeping_move(key, null_score, depth, Bound::Lower, entry);
                }
                return null_score + Score::from(null_score < eval);
            }
        }

        // Pass 1, the scoring pass (micro-Max's iteration d = 1): rank the
        // captures by MVV/LVA and see whether we can capture the king.
        //
        // Deviation from micro-Max: micro-Max generates moves afresh in every
        // iteration by scanning the board. We generate once per node (captures
        // only if the node will only do quiescence) and order them once.
        let first = self.move_stack.len();
        self.stats.move_lists += 1;
        // The first quiescence ply of `quiescence_checks` needs its quiet
        // moves only if it will search any: in check, or when standing pat
        // does not fail high at once (the captures still tell an illegal move).
        let quiet_checks_wanted = checks_ply && (in_check || eval < beta);
        let all_moves = depth > QUIESCENCE_DEPTH || quiet_checks_wanted || quiescence_in_check;
        if self.generate_and_rank(all_moves, depth == QUIESCENCE_DEPTH + 1, ply) {
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

        if ply == 0 && self.settings.root_by_nodes {
            self.sort_root_by_nodes(first, last);
        }
        let mut best_move = self.put_hint_first(entry, ply, first, last);

        // Deviation from micro-Max (switch `probcut`, off by default):
        // ProbCut. Far from the horizon, a capture that beats beta by a
        // margin when searched a few plies shallower will, most likely,
        // beat beta at the full depth too: the node is cut off on the
        // shallow search's word, and the table keeps it as a lower bound
        // of that shallower depth. Only in a null-window node not in check.
        if self.settings.probcut
            && judged_by_eval
            && plies_left >= PROBCUT_MIN_PLIES
            && beta.abs() < MATE_BOUND
        {
            let probcut_beta = beta + self.settings.probcut_margin;
            let cut = self.probcut(
                entry,
                first..last,
                probcut_beta,
                [eval, activity, judged_eval],
                depth,
                ply,
                listener,
            );
            if self.stopped {
                self.move_stack.truncate(first);
                return 0;
            }
            if let Some((score, mv)) = cut {
                self.move_stack.truncate(first);
                self.stats.probcut_cutoffs += 1;
                if uses_table {
                    let searched = depth - PROBCUT_REDUCTION;
                    self.table
                        .store(key, score, searched, Bound::Lower, Some(mv));
                }
                return score + Score::from(score < eval);
            }
        }

        // Deviation from micro-Max (switch `quiescence_checks`, off by default):
        // in check in the first quiescence ply, every evasion is searched and
        // the side to move may not stand pat.
        let evading = (checks_ply && in_check) || quiescence_in_check;
        // Extend 1 ply if in check: evasions are few and forcing (micro-Max 4.8
        // does not extend in the end game). Decided once for the node.
        let extend_check = full_width
            && in_check
            && match self.settings.check_extension {
                CheckExtension::Off => false,
                CheckExtension::On => true,
                CheckExtension::NotInEndgame => self.material_gone < eval::ENDGAME_MATERIAL_GONE,
                CheckExtension::Captures => false, // decided per move, in `child_depth`
            };

        // Deviation from micro-Max (switch `razoring`, off by default): the
        // mirror image of reverse futility. Near the horizon, if the
        // evaluation is below alpha by a margin for every ply left, quiet
        // moves are unlikely to help: the deepening loop stops after its
        // quiescence pass if that fails low too.
        let razoring = self.settings.razoring
            && judged_by_eval
            && plies_left <= RAZORING_MAX_PLIES
            && alpha.abs() < MATE_BOUND
            && judged_eval + self.settings.razor_margin * plies_left <= alpha;
        if razoring {
            iteration = iteration.min(QUIESCENCE_DEPTH - 1);
        }
        // Table LMR reduces only where there is no check to answer.
        let mut late_moves_reducible =
            self.settings.lmr && self.settings.lmr_table && full_width && !in_check;

        // Deviation from micro-Max (switch `iir`, off by default): internal
        // iterative reduction. A node with no move from the table to try
        // first would order its moves blind; instead of deepening to find
        // one (`iid`), it searches a ply less deep, cheaply, and leaves its
        // best move in the table for the next visit.
        let depth = if self.settings.iir
            && ply > 0
            && best_move.is_none()
            && !in_check
            && plies_left >= IIR_MIN_PLIES
        {
            self.stats.iir_reductions += 1;
            // The deepening loop below then runs once, to the reduced depth.
            iteration = iteration.min(depth - 2);
            depth - 1
        } else {
            depth
        };

        // Deviation from micro-Max (switch `mate_threat`, off by default): a
        // node whose null move was answered by mate would be mated if it
        // passed. Its quiet moves may be the only defence, so it either
        // reduces none of them or searches a ply deeper. (A node that tries
        // its null move inside the deepening loop below, because it resumed
        // from the table, answers a threat it finds there the same way.)
        let mut depth = depth;
        let mut extended_for_threat = false;
        if mate_threatened && self.answer_mate_threat(&mut late_moves_reducible) {
            // One pass, a ply deeper than the node would have searched.
            iteration = iteration.max(depth - 1) + 1;
            depth += 1;
            extended_for_threat = true;
        }

        // Deviation from micro-Max (switch `singular`, off by default): is the
        // table's move a candidate for the singular extension? Only where the
        // table says it reached (nearly) this depth and held at least its
        // score, so that "the others stay below it" is worth asking.
        let singular_beta = self.singular_beta(entry, depth, ply, full_width && !extend_check);

        // Iterative deepening loop.
        while iteration < depth || iteration < QUIESCENCE_DEPTH {
            iteration += 1;
            self.count_node(iteration, listener);

            // Search null move, then prune or stand pat: in quiescence the side
            // to move may decline to capture and keep the current score.
            // (Not again if it was tried before the moves were generated.)
            let null_score = if null_tried_at != Some(iteration)
                && self.null_move_allowed(beta, judged_eval, iteration, ply, in_check, entry)
            {
                self.search_null_move(
                    beta,
                    [eval, activity, judged_eval],
                    iteration,
                    ply,
                    listener,
                )
            } else {
                -INFINITY
            };
            if self.stopped {
                self.move_stack.truncate(first);
                return 0;
            }
            if !mate_threatened && is_mate_threat(null_score) {
                mate_threatened = true;
                if self.answer_mate_threat(&mut late_moves_reducible) {
                    depth += 1; // one more pass once this one is done
                    extended_for_threat = true;
                }
            }
            best = if null_score >= beta {
                self.stats.null_cutoffs += 1;
                null_score
            } else if iteration > QUIESCENCE_DEPTH || evading {
                -INFINITY
            } else {
                standing
            };

            // Deviation from micro-Max (switch `quiet_first`, off by default):
            // Wheeler's quiet-first ordering at the horizon (seed 003).
            if self.settings.quiet_first && is_horizon(iteration, extend_check) {
                self.put_quiet_first(first, last);
            }

            // Try the best move first, then scan the others.
            let mut tried = 0;
            let mut quiets_tried = 0;
            // The move whose reply's slots the move before it already fetched.
            let mut fetched_ahead = None;
            let iteration_plies = iteration - QUIESCENCE_DEPTH;
            for index in first..last {
                if best >= beta {
                    break; // abort on fail high
                }
                let ScoredMove { mv, capture_rank } = self.move_stack[index];
                let is_capture = capture_rank.is_some();
                // Quiescence: captures (and queen promotions) only.
                let mut quiet_check = false;
                if iteration <= QUIESCENCE_DEPTH && !evading {
                    match self.quiescence_move(mv, is_capture, checks_ply) {
                        Some(is_quiet_check) => quiet_check = is_quiet_check,
                        None => continue,
                    }
                }
                // Deviation from micro-Max (switch `lmp`, on by default):
                // late-move pruning. Near the horizon (at most
                // `lmp_max_plies` from it), once 3 + plies² quiet moves have
                // failed, the later ones (worst by ordering) are skipped,
                // unless they give check. Not in a node one ply from the
                // horizon: its quiet moves are not sorted (`generate_and_rank`),
                // so the last are not the worst.
                let is_quiet = !is_capture && mv.promotion.is_none();
                let is_hint = index == first && best_move == Some(mv);
                if is_quiet && iteration > QUIESCENCE_DEPTH {
                    // Both prunings of quiet moves act only in a null-window
                    // node not in check, once a move has been searched (so
                    // that a node never mistakes its skipped moves for no
                    // legal move at all).
                    let may_skip_quiet = !pv_node && !in_check && best > -MATE_BOUND;
                    if self.settings.lmp
                        && may_skip_quiet
                        && depth > QUIESCENCE_DEPTH + 1
                        && iteration_plies <= self.settings.lmp_max_plies
                        && quiets_tried >= 3 + iteration_plies * iteration_plies
                        && !self.gives_check(mv)
                    {
                        self.stats.late_move_prunes += 1;
                        continue;
                    }
                    // Deviation from micro-Max (switch `history_prune`, off
                    // by default): history pruning. Near the horizon, a
                    // quiet move that has lately failed in many nodes (its
                    // history score far below zero) is skipped, unless it is
                    // the table's move, a killer or a check.
                    if self.settings.history_prune
                        && self.settings.ordering == MoveOrdering::History
                        && may_skip_quiet
                        && iteration_plies <= HISTORY_PRUNE_MAX_PLIES
                        && !is_hint
                        && !self.is_killer(mv, ply)
                        && self.quiet_history(mv, self.countermove_history_row(ply))
                            < -self.settings.history_prune_margin * iteration_plies
                        && !self.gives_check(mv)
                    {
                        self.stats.history_prunes += 1;
                        continue;
                    }
                    quiets_tried += 1;
                }
                // Deviation from micro-Max (switch `see_prune_full`, off by
                // default): near the horizon, a move that loses material by
                // static exchange, more than a pawn for every ply left, is
                // not searched unless it gives check: the opponent would
                // simply take, and so few plies are unlikely to win it back.
                // Only once a move has been searched, so that a node never
                // mistakes its skipped moves for no legal move at all.
                if self.settings.see_prune_full
                    && judged_by_eval
                    && iteration > QUIESCENCE_DEPTH
                    && iteration_plies <= SEE_PRUNE_MAX_PLIES
                    && best > -MATE_BOUND
                    && mv.promotion.is_none()
                    && mv.kind != MoveKind::EnPassant
                    && see::see(&self.board, mv) < -SEE_PRUNE_MARGIN * iteration_plies
                    && !self.gives_check(mv)
                {
                    self.stats.see_prunes += 1;
                    continue;
                }
                tried += 1;
                // Two plies or more from the horizon every reply is a
                // full-width node that will read the table (and perhaps the
                // activity cache): start fetching now, so that memory works
                // while the move's gain and depth are found; and the next
                // move's too, so that memory works while this one is searched
                // (near the horizon that search is short).
                if iteration > QUIESCENCE_DEPTH + 1 {
                    if fetched_ahead != Some(index) {
                        self.prefetch_reply(mv, iteration - 1);
                    }
                    if index + 1 < last {
                        self.prefetch_reply(self.move_stack[index + 1].mv, iteration - 1);
                        fetched_ahead = Some(index + 1);
                    }
                }

                // New eval and alpha.
                let new_eval = eval + self.move_gain(mv);
                let child_alpha = best.max(alpha);
                let child_depth = if quiet_check {
                    QUIESCENCE_DEPTH // the reply searches its evasions
                } else {
                    let late_move = late_moves_reducible.then_some(LateMove {
                        number: tried,
                        in_pv: pv_node,
                        improving,
                        cut_node,
                        best_captures: self.settings.lmr_capture_best
                            && self.move_stack[first].capture_rank.is_some(),
                    });
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

                // Deviation from micro-Max (switch `singular`, off by
                // default): the table's move, searched first in the node's
                // last pass, goes a ply deeper if no other move comes near
                // its score when searched to half the depth. With
                // `singular=multicut`, another move that reaches a score at
                // or above beta there cuts the node off at once: two moves
                // beat beta, and the table's move need not be searched.
                let mut multi_cut = None;
                let child_depth = match singular_beta {
                    Some(singular_beta)
                        if is_hint && iteration == depth && child_depth == iteration - 1 =>
                    {
                        let half_depth = QUIESCENCE_DEPTH + (iteration_plies - 1) / 2;
                        let others = first + 1..last;
                        let other_best = self.best_of_others(
                            others,
                            singular_beta,
                            [eval, activity],
                            half_depth,
                            ply,
                            listener,
                        );
                        if self.stopped {
                            self.move_stack.truncate(first);
                            return 0;
                        }
                        if other_best < singular_beta {
                            self.stats.singular_extensions += 1;
                            iteration
                        } else {
                            if self.settings.singular == Singular::MultiCut && singular_beta >= beta
                            {
                                multi_cut = Some(singular_beta);
                            }
                            child_depth
                        }
                    }
                    _ => child_depth,
                };

                // A quiet check (or an evasion) in quiescence is searched
                // whatever the score: its point is the threat, which the score
                // does not show (and an evasion may be the only legal move).
                // A multi-cut's bound stands for the move's score.
                let pruned = if multi_cut.is_some() || quiet_check || evading {
                    multi_cut
                } else {
                    // Futility before the horizon (switch `futility_plies`)
                    // judges only quiet moves other than the hint, in a
                    // null-window node not in check that has a score.
                    let quiet_futility =
                        judged_by_eval && is_quiet && !is_hint && best > -MATE_BOUND;
                    self.prune_at_horizon(
                        mv,
                        [eval, new_eval, child_alpha],
                        [child_depth, iteration],
                        quiet_futility,
                    )
                };
                // Deviation from micro-Max (switch `pvs`, on by default):
                // principal variation search, after the first move.
                let null_window = self.settings.pvs && tried > 1 && iteration > QUIESCENCE_DEPTH;
                if self.settings.lmr_cut {
                    self.expect_cut(ply + 1, child_is_cut_node(pv_node, cut_node, tried));
                }
                let score = match pruned {
                    Some(bound) => bound,
                    None => self.search_one_move(
                        mv,
                        [alpha, child_alpha, beta],
                        null_window,
                        [new_eval, activity],
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
                        if self.settings.ordering != MoveOrdering::MicroMax && is_quiet {
                            self.remember_killer(mv, ply);
                        }
                        // Deviation from micro-Max (switch `countermove`,
                        // off by default): this quiet move refuted the
                        // move before it; remember it for that move.
                        if self.settings.countermove
                            && is_quiet
                            && let Some(previous) = self.path_moves.get(ply).copied().flatten()
                        {
                            self.countermoves[previous] = Some(mv);
                        }
                        if self.settings.ordering == MoveOrdering::History && is_quiet {
                            self.update_history(first, index, iteration_plies, ply);
                        }
                        if self.settings.capture_history
                            && self.settings.ordering == MoveOrdering::History
                        {
                            self.update_capture_history(first, index, iteration_plies);
                        }
                    }
                }
            }

            // Mate holds to any depth. (Not at the root's quiescence pass,
            // which can see a mate with `quiescence_evasions`: the root
            // still has to search its moves full width to pick one.)
            if best.abs() > MATE_BOUND && (iteration > QUIESCENCE_DEPTH || ply > 0) {
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
            if razoring && iteration == QUIESCENCE_DEPTH && best <= alpha {
                self.stats.razor_prunes += 1;
                break;
            }
        }
        if corrects && !self.stopped {
            self.update_correction(eval, best, [alpha, beta], best_move, plies_left);
        }
        self.move_stack.truncate(first);
        if extended_for_threat {
            self.mate_threat_extended = false;
        }
        best + Score::from(best < eval) // delayed-loss bonus
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

    /// Switch `mate_threat`: what a node does once its null move has been
    /// answered by mate. `no-reductions` turns late-move reductions off in
    /// the node; `extend` returns true, the node is to search one ply deeper,
    /// unless a node above it on the path already does.
    fn answer_mate_threat(&mut self, late_moves_reducible: &mut bool) -> bool {
        self.stats.mate_threats += 1;
        match self.settings.mate_threat {
            MateThreat::Off => false,
            MateThreat::NoReductions => {
                *late_moves_reducible = false;
                false
            }
            // One extension per path: a threat that stays (a mate the
            // defender can only put off) would otherwise deepen every node
            // below it, and the search would never end.
            MateThreat::Extend if !self.mate_threat_extended => {
                self.mate_threat_extended = true;
                true
            }
            MateThreat::Extend => false,
        }
    }

    /// Switch `lmr_cut`: whether the node at `ply` was expected to cut off
    /// by its parent (the root is not). The move loop and the null move set
    /// it; the side searches of `singular` and `probcut` do not, and their
    /// replies read what the last move at that ply left.
    fn is_expected_cut(&self, ply: usize) -> bool {
        self.path_cut_nodes.get(ply).copied().unwrap_or(false)
    }

    /// Switch `lmr_cut`: say whether the node about to be searched at `ply`
    /// is expected to cut off.
    fn expect_cut(&mut self, ply: usize, cut: bool) {
        if self.path_cut_nodes.len() <= ply {
            self.path_cut_nodes.resize(ply + 1, false);
        }
        self.path_cut_nodes[ply] = cut;
    }

    /// Does `mv` move a pawn to its seventh rank (switch `pawn_push_extension`)?
    fn is_push_to_seventh(&self, mv: Move) -> bool {
        let mover = self.board.piece_at(mv.from);
        mover.kind() == Some(PieceKind::Pawn)
            && eval::relative_rank(self.board.side_to_move(), mv.to) == 6
    }

    /// Switches `lmr_threats` and `threat_ordering`: does quiet move `mv`
    /// put its piece where it attacks an enemy piece worth more than a pawn
    /// above itself (a pawn hitting a knight, a knight or bishop a rook, a
    /// rook the queen)? Next move it wins material unless the opponent
    /// answers, which a reduced search may not look far enough to see.
    /// Kings threaten nothing here.
    fn threatens_bigger_piece(&self, mv: Move) -> bool {
        let mover = self.board.piece_at(mv.from);
        let Some(kind) = mover.kind() else {
            return false;
        };
        if kind == PieceKind::King {
            return false;
        }
        let us = self.board.side_to_move();
        // The piece has left its square, so a ray may pass through it.
        let occupancy = self.board.occupied() & !mv.from.bit();
        let attacks = piece_attacks(kind, us, mv.to, occupancy);
        let threshold = PIECE_VALUES[kind as usize] + PIECE_VALUES[PieceKind::Pawn as usize];
        squares_in(attacks & self.board.occupied_by(us.opposite()))
            .any(|square| PIECE_VALUES[self.board.piece_at(square).kind_code()] > threshold)
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
    /// (switches `singular` and `horizon_checks`)? Only on paths up to twice
    /// the root's depth, so that extensions cannot chain without end.
    fn may_extend_at(&self, ply: usize) -> bool {
        let root_plies = self.root_resume + 1 - QUIESCENCE_DEPTH;
        (ply as i32) < 2 * root_plies
    }

    /// Switch `singular`: the score every other move must stay below for
    /// the table's move to be extended, or `None` if this node does not try.
    ///
    /// It tries in a full-width node below the root, not already extended
    /// for check, at least [`SINGULAR_MIN_PLIES`] from the horizon, whose
    /// table entry has a move, was searched at most
    /// [`SINGULAR_DEPTH_SLACK`] plies less deep and is a lower bound (or
    /// exact) that is no mate score; and only on paths no longer than twice
    /// the root's depth, so that extensions cannot chain without end.
    fn singular_beta(
        &self,
        entry: Option<Entry>,
        depth: i32,
        ply: usize,
        eligible: bool,
    ) -> Option<Score> {
        let plies_left = depth - QUIESCENCE_DEPTH;
        let entry = entry?;
        let tries = self.settings.singular != Singular::Off
            && eligible
            && ply > 0
            && self.may_extend_at(ply)
            && plies_left >= SINGULAR_MIN_PLIES
            && entry.has_best_move()
            && entry.bound != Bound::Upper
            && entry.depth >= depth - SINGULAR_DEPTH_SLACK
            && entry.score.abs() < MATE_BOUND;
        tries.then(|| entry.score - self.settings.singular_margin * plies_left)
    }

    /// Switch `singular`: the best score of the moves in `others` (the
    /// node's moves but the table's), each searched `half_depth` deep with
    /// the null window just below `singular_beta`. Below `singular_beta`,
    /// the table's move is the only one that holds its score and deserves
    /// a deeper look. Stops at the first move that reaches `singular_beta`.
    fn best_of_others(
        &mut self,
        others: std::ops::Range<usize>,
        singular_beta: Score,
        [eval, activity]: [Score; 2],
        half_depth: i32,
        ply: usize,
        listener: &mut dyn Listener,
    ) -> Score {
        let mut best = -INFINITY;
        for index in others {
            let mv = self.move_stack[index].mv;
            let score = self.search_against_bound(
                mv,
                singular_beta,
                [eval, activity],
                half_depth,
                ply,
                listener,
            );
            best = best.max(score);
            if self.stopped || best >= singular_beta {
                break;
            }
        }
        best
    }

    /// The score of `mv`, searched `child_depth` deep with the null window
    /// just below `bound`: enough to tell whether the move reaches `bound`,
    /// and never searched again deeper (switches `singular` and `probcut`
    /// ask only that).
    fn search_against_bound(
        &mut self,
        mv: Move,
        bound: Score,
        [eval, activity]: [Score; 2],
        child_depth: i32,
        ply: usize,
        listener: &mut dyn Listener,
    ) -> Score {
        let new_eval = eval + self.move_gain(mv);
        // `iteration` one more than the reply's depth: no re-search.
        self.search_one_move(
            mv,
            [bound - 1, bound - 1, bound],
            false,
            [new_eval, activity],
            child_depth,
            child_depth + 1,
            ply,
            listener,
        )
    }

    /// Switch `probcut`: does a capture among `moves` cut the node off?
    /// Unless the table already puts the node below `probcut_beta` at
    /// nearly this depth, each capture that wins at least what
    /// `probcut_beta` asks beyond the evaluation by static exchange is
    /// searched [`PROBCUT_REDUCTION`] plies shallower than the node's
    /// moves; the first that reaches `probcut_beta` is returned with its
    /// score. `None` if none does (or the search was stopped).
    #[allow(clippy::too_many_arguments)]
    fn probcut(
        &mut self,
        entry: Option<Entry>,
        moves: std::ops::Range<usize>,
        probcut_beta: Score,
        [eval, activity, judged_eval]: [Score; 3],
        depth: i32,
        ply: usize,
        listener: &mut dyn Listener,
    ) -> Option<(Score, Move)> {
        let table_says_below = entry.is_some_and(|entry| {
            entry.bound != Bound::Lower
                && entry.depth >= depth - PROBCUT_REDUCTION
                && entry.score < probcut_beta
        });
        if table_says_below {
            return None;
        }
        for index in moves {
            let ScoredMove { mv, capture_rank } = self.move_stack[index];
            if capture_rank.is_none()
                || mv.promotion.is_some()
                || see::see(&self.board, mv) < probcut_beta - judged_eval
            {
                continue;
            }
            let score = self.search_against_bound(
                mv,
                probcut_beta,
                [eval, activity],
                depth - 1 - PROBCUT_REDUCTION,
                ply,
                listener,
            );
            if self.stopped {
                return None;
            }
            if score >= probcut_beta {
                return Some((score, mv));
            }
        }
        None
    }

    /// Switch `correction`: the index of the position's correction history
    /// entry, by side to move and the pawns of both sides.
    fn correction_index(&self) -> usize {
        let pawns = [Color::White, Color::Black].map(|color| self.board.pawns_of(color));
        let slot = eval::tapered::pawn_slot(pawns, 0, CORRECTION_ENTRIES);
        self.board.side_to_move().index() * CORRECTION_ENTRIES + slot
    }

    /// Switch `correction`: the position's correction (in 1/`CORRECTION_GRAIN`
    /// of a centipawn, from the side to move).
    fn correction_of_position(&self) -> i32 {
        self.correction[self.correction_index()]
    }

    /// Switch `correction`: move the position's entry towards the error the
    /// node's search found in its evaluation `eval` (its score `best` less
    /// `eval`), weighted by the plies searched. Only where the score says
    /// something about the evaluation: not a mate, not won by a capture or
    /// promotion (those the evaluation does not see coming), and not a
    /// bound on the wrong side (a fail high above the evaluation says it is
    /// at least that far off; one below it says nothing).
    fn update_correction(
        &mut self,
        eval: Score,
        best: Score,
        [alpha, beta]: [Score; 2],
        best_move: Option<Move>,
        plies_left: i32,
    ) {
        let tactical = best_move.is_some_and(|mv| {
            mv.promotion.is_some()
                || mv.kind == MoveKind::EnPassant
                || !self.board.piece_at(mv.to).is_empty()
        });
        if tactical
            || best.abs() >= MATE_BOUND
            || (best >= beta && best <= eval)
            || (best <= alpha && best >= eval)
        {
            return;
        }
        let error = (best - eval).clamp(-CORRECTION_LIMIT, CORRECTION_LIMIT) * CORRECTION_GRAIN;
        let weight = correction_weight(plies_left);
        let index = self.correction_index();
        let entry = &mut self.correction[index];
        *entry = (*entry * (1024 - weight) + error * weight) / 1024;
    }

    /// Switch `improving`: record this full-width node's evaluation for the
    /// nodes below, and say whether it is above the evaluation of the same
    /// side's node two plies up (four if that one was in check). A node in
    /// check is never improving: its evaluation says little.
    fn is_improving(&mut self, eval: Score, in_check: bool, ply: usize) -> bool {
        if self.path_evals.len() <= ply {
            self.path_evals.resize(ply + 1, None);
        }
        self.path_evals[ply] = (!in_check).then_some(eval);
        if in_check {
            return false;
        }
        let earlier = |back: usize| ply.checked_sub(back).and_then(|p| self.path_evals[p]);
        match earlier(2).or_else(|| earlier(4)) {
            Some(before) => eval > before,
            None => true,
        }
    }

    /// `eval` moved towards a draw where the ending is more drawn than the
    /// material says: the side ahead has no pawns and too little to mate
    /// (switch `drawish`, [`eval::drawish_scaled`]), or only bishops on
    /// opposite colours and pawns are left (switch `opposite_bishops`,
    /// [`eval::opposite_bishops_scaled`]).
    fn towards_draw(&self, eval: Score) -> Score {
        let mut score = eval;
        if self.settings.drawish {
            score = eval::drawish_scaled(&self.board, score);
        }
        if self.settings.opposite_bishops {
            score = eval::opposite_bishops_scaled(&self.board, score);
        }
        score
    }

    /// Start fetching what the reply to `mv`, searched `reply_depth` deep,
    /// will read first: its hash slot and, if it counts the activity terms,
    /// its slot of the activity cache. Each read would otherwise wait on
    /// main memory (the table is far larger than any cache). Only a hint:
    /// it changes no search.
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

    /// The activity terms (mobility, king attack, ...) of the position, from the
    /// searcher's cache or counted and remembered there.
    fn activity(&mut self) -> Score {
        if !eval::has_activity(self.settings.eval, self.settings.eval_terms) {
            return 0;
        }
        // Made on first use: a search without the terms needs no cache.
        if self.activity_cache.is_empty() {
            self.activity_cache = vec![(0, 0); ACTIVITY_CACHE_ENTRIES];
        }
        let key = self.board.key();
        let slot = activity_slot(key);
        // Key 0 marks an empty slot: the start position's key is not 0, and
        // a real key of 0 only costs a count.
        if self.activity_cache[slot].0 == key && key != 0 {
            return self.activity_cache[slot].1;
        }
        let gone = if self.scores_at_node_phase() {
            self.node_material_gone
        } else {
            self.material_gone
        };
        let activity = eval::tapered::activity(self.settings.eval_terms, &self.board, gone);
        self.activity_cache[slot] = (key, activity);
        activity
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
        // Deviation from micro-Max (switch `iid_hintless`, off by default):
        // deepening is there to find a good first move; a node whose entry
        // already has one (from a search with another window, or shallower)
        // goes straight to the depth asked for.
        let skip_deepening = !self.settings.iid
            || (self.settings.iid_hintless && entry.is_some_and(|entry| entry.has_best_move()));
        if skip_deepening && ply > 0 && depth > QUIESCENCE_DEPTH {
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

    /// Deviation from micro-Max (switch `root_by_nodes`, off by default):
    /// sort the root's moves by the nodes their searches took in the last
    /// iteration, most first; moves not searched yet keep their order after
    /// them. Nearly every root move but the best fails low, and a null-window
    /// score says only "no better"; how hard the move was to refute says how
    /// close it came. A move tried earlier is reduced less (table LMR grows
    /// with the move number), so a move that took many nodes, the kind that
    /// becomes the best one an iteration later, gets more of the next depth.
    /// The best move is put first afterwards, as in every iteration.
    fn sort_root_by_nodes(&mut self, first: usize, last: usize) {
        let counts = &self.root_move_nodes;
        let nodes_of = |mv: Move| {
            let counted = counts.iter().find(|&&(root_move, _)| root_move == mv);
            counted.map_or(0, |&(_, nodes)| nodes)
        };
        // A stable sort: moves with equal counts (none, before they are
        // searched) keep the order the node gave them.
        self.move_stack[first..last].sort_by_key(|scored| std::cmp::Reverse(nodes_of(scored.mv)));
    }

    /// Switch `root_by_nodes`: remember the nodes `mv`'s search at the root
    /// took, for the next iteration's order.
    fn record_root_move_nodes(&mut self, mv: Move, nodes: u64) {
        match self
            .root_move_nodes
            .iter_mut()
            .find(|(root_move, _)| *root_move == mv)
        {
            Some(entry) => entry.1 = nodes,
            None => self.root_move_nodes.push((mv, nodes)),
        }
    }

    /// Wheeler's quiet-first (seed 003): put the first move that would not
    /// *extend* the search (no capture, no promotion, no check) at the head of
    /// the list, ahead of the captures and of a capturing hint.
    ///
    /// Wheeler's program HAL searches full width to a fixed depth; at its
    /// horizon a capture, a promotion or a check is searched one ply further,
    /// any other move is scored by the evaluation at once. His claim is that
    /// alpha-beta cuts off sooner if such a non-extending move is tried before
    /// the extending ones: it is cheap, and if it already refutes the
    /// opponent's last move, the expensive capture sequences are never
    /// searched (Newborn's idea of trying one move before generating all).
    /// Our horizon is the full-width iteration whose replies are quiescence
    /// searches; we take the first such move in the list (the hint, if it is
    /// quiet, else the first quiet move generated). Here its reply is a
    /// quiescence search, not a bare evaluation, unless futility pruning
    /// skips it. The move stays at the head for the node's later iterations
    /// unless a better move takes its place, as any best move does.
    fn put_quiet_first(&mut self, first: usize, last: usize) {
        for index in first..last {
            let ScoredMove { mv, capture_rank } = self.move_stack[index];
            if capture_rank.is_none() && mv.promotion.is_none() && !self.gives_check(mv) {
                self.move_stack[first..=index].rotate_right(1);
                return;
            }
        }
    }

    /// Does `mv` (pseudo-legal, of the side to move) give check?
    fn gives_check(&mut self, mv: Move) -> bool {
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
    /// the null move's score, or `-INFINITY` when its score is not to be
    /// trusted. The caller has asked [`Self::null_move_allowed`] first.
    /// `[eval, activity]` is this node's evaluation and the activity terms in
    /// it (see [`handed_eval`]).
    fn search_null_move(
        &mut self,
        beta: Score,
        [eval, activity, judged_eval]: [Score; 3],
        iteration: i32,
        ply: usize,
        listener: &mut dyn Listener,
    ) -> Score {
        self.stats.null_tries += 1;
        if self.settings.lmr_cut {
            // The null move's reply is the opposite type of this node.
            self.expect_cut(ply + 1, !self.is_expected_cut(ply));
        }
        if self.tracks_path_moves() {
            self.set_path_move(ply + 1, None);
        }
        if self.settings.recapture_extension && ply + 1 < self.path_captures.len() {
            self.path_captures[ply + 1] = None;
        }
        let undo = self.board.make_null_move();
        self.path_keys.push(self.board.key());
        // Deviation from micro-Max (switch `null_adaptive`, off by default):
        // deeper nodes reduce the null move more, one ply per 6 plies left.
        let adaptive = if self.settings.null_adaptive {
            (iteration - QUIESCENCE_DEPTH) / 6
        } else {
            0
        };
        // Deviation from micro-Max (switch `null_margin_reduction`, off by
        // default): the further the evaluation stands above beta, the less
        // the null move's search needs to see to confirm it.
        let margin_plies = if self.settings.null_margin_reduction {
            ((judged_eval - beta) / NULL_MARGIN_PER_PLY).clamp(0, NULL_MARGIN_MAX_PLIES)
        } else {
            0
        };
        // Deviation from micro-Max (switch `null_reduction`, 3 in the
        // default): micro-Max reduces the null move's search by R = 2 plies;
        // 3 measured stronger here (the README's seventh step).
        let null_depth = iteration - 1 - self.settings.null_reduction - adaptive - margin_plies;
        let handed = handed_eval(eval, activity, null_depth, self.settings.activity_plies);
        let score = -self.search(-beta, 1 - beta, -handed, null_depth, ply + 1, listener);
        self.path_keys.pop();
        self.board.unmake_null_move(undo);
        let ignored = self.settings.null == NullMove::MicroMax
            && self.material_gone > NULL_MOVE_MATERIAL_LIMIT;
        if ignored { -INFINITY } else { score }
    }

    /// May this node's `iteration` try the null move?
    ///
    /// Deviation from micro-Max (switch `null=on`, the default): micro-Max tries
    /// the null move in every node, in check too, and ignores its score late in
    /// the game (`R > 35`); we skip it at the root, in check, and (switch
    /// `null_guard`, on by default) whenever the side to move has only king and
    /// pawns, where zugzwang makes it unsound.
    fn null_move_allowed(
        &self,
        beta: Score,
        eval: Score,
        iteration: i32,
        ply: usize,
        in_check: bool,
        entry: Option<Entry>,
    ) -> bool {
        // Deviation from micro-Max (switch `null_eval`, on in the default): a
        // position that does not even reach beta standing still will hardly
        // reach it after passing, so the null move is not worth its search.
        //
        // Deviation from micro-Max (switch `null_table`, off by default): nor
        // will it where a search of this position at least a ply deeper
        // than the null move's stayed below beta with its best move:
        // passing is seldom better than every move.
        let table_says_below = self.settings.null_table
            && entry.is_some_and(|entry| {
                entry.bound != Bound::Lower
                    && entry.score < beta
                    && entry.depth >= iteration - self.settings.null_reduction
            });
        iteration > QUIESCENCE_DEPTH
            && (!self.settings.null_eval || eval >= beta)
            && !table_says_below
            && match self.settings.null {
                NullMove::Off => false,
                NullMove::On => {
                    ply > 0
                        && !in_check
                        && (!self.settings.null_guard
                            || self.board.has_non_pawn_material(self.board.side_to_move()))
                }
                NullMove::MicroMax => true,
            }
    }

    /// The depth of the reply's search: one less than this iteration, less a
    /// late-move reduction, or this iteration's own depth when the node extends
    /// check evasions (micro-Max's `C`). `late_move` is the move's place in
    /// the node's list (and whether the node is on the principal variation)
    /// when table LMR may reduce it (`None`: micro-Max's rule applies); `ply`
    /// finds the node's killers.
    #[inline]
    #[allow(clippy::too_many_arguments)]
    fn child_depth(
        &mut self,
        iteration: i32,
        mv: Move,
        is_capture: bool,
        is_hint: bool,
        extend_check: bool,
        late_move: Option<LateMove>,
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
        // Deviation from micro-Max (switch `horizon_checks`, off by default):
        // one ply from the horizon a checking move would lead to quiescence,
        // where the side in check may stand pat as if nothing threatened it,
        // and futility pruning would skip the move unless it wins material
        // at once. Searched a ply deeper, the reply is a full-width node in
        // check that must find an evasion (and extends them itself), so a
        // mating or forking check at the horizon is seen. Only on paths up to
        // twice the root's depth, so that checks cannot chain without end.
        // With `horizon_checks=safe` only a check that does not lose
        // material by static exchange: one the opponent answers by taking
        // the checking piece rarely starts a combination.
        if self.settings.horizon_checks != HorizonChecks::Off
            && iteration == QUIESCENCE_DEPTH + 1
            && self.may_extend_at(ply)
            && self.gives_check(mv)
            && (self.settings.horizon_checks == HorizonChecks::On || see::see(&self.board, mv) >= 0)
        {
            self.stats.check_extensions += 1;
            return iteration;
        }
        // Deviation from micro-Max (switch `pawn_endgame_extension`, 0 by
        // default): a capture that takes the last knight, bishop, rook or
        // queen off the board enters a pawn ending, where one tempo decides
        // between a win and a loss and the evaluation cannot count them.
        // The exchange happens once on a path, so the plies are few.
        if self.settings.pawn_endgame_extension > 0
            && is_capture
            && iteration > QUIESCENCE_DEPTH
            && eval::material_gone_after(&self.board, mv, self.node_material_gone)
                == eval::FULL_PHASE_UNITS
            && self.node_material_gone != eval::FULL_PHASE_UNITS
            && self.may_extend_at(ply)
        {
            return iteration - 1 + self.settings.pawn_endgame_extension;
        }
        // Deviation from micro-Max (switch `pawn_push_extension`, off by
        // default): a pawn that steps to its seventh rank threatens to
        // queen next move; a ply more lets the search see whether it can be
        // stopped, where a reduced or horizon search would stand pat on a
        // position that is about to change by a queen.
        if self.settings.pawn_push_extension
            && iteration > QUIESCENCE_DEPTH
            && self.is_push_to_seventh(mv)
            && self.may_extend_at(ply)
        {
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
        // list, and pawn moves are reduced too; the hint, captures (but
        // see `lmr_bad_captures`), promotions, killers, checks and the
        // first two moves are not.
        if let Some(LateMove {
            number: move_number,
            in_pv,
            improving,
            cut_node,
            best_captures,
        }) = late_move
        {
            let plies = iteration - QUIESCENCE_DEPTH;
            // Switch `lmr_root` (on by default): table LMR reduces the
            // root's moves too. Off, every root move is searched to the full
            // depth: each can become the move played, and a reduced move that
            // fails low there is not looked at again in this iteration.
            //
            // Deviation from micro-Max (switch `lmr_bad_captures`, off by
            // default): a capture that loses material by static exchange
            // comes last in the list, and is reduced as a late quiet move is.
            if plies >= 3
                && (ply > 0 || self.settings.lmr_root)
                && move_number >= 3
                && (!is_capture
                    || (self.settings.lmr_bad_captures && !see::is_good_capture(&self.board, mv)))
                && !is_hint
                && mv.promotion.is_none()
                && !self.is_killer(mv, ply)
                && !self.gives_check(mv)
            {
                // Deviation from micro-Max (switch `lmr_pv`, off by default):
                // a node on the principal variation is where the root's score
                // comes from; it reduces a ply less than the null-window nodes
                // that only prove a move no better.
                let mut reduction =
                    late_move_reduction(plies, move_number, self.settings.lmr_divisor)
                        - i32::from(in_pv && self.settings.lmr_pv);
                // Deviation from micro-Max (switch `lmr_history`, off by
                // default): the history says how often this move refuted
                // siblings lately; trust it, a ply per `LMR_HISTORY_SCALE`.
                if self.settings.lmr_history && self.settings.ordering == MoveOrdering::History {
                    reduction -= self.history[self.history_index(mv)] / LMR_HISTORY_SCALE;
                }
                // Switch `improving`: a node whose evaluation is not rising
                // is less likely to be saved by a late quiet move.
                if self.settings.improving_lmr && !improving && !in_pv {
                    reduction += 1;
                }
                // Deviation from micro-Max (switch `lmr_cut`, off by
                // default): in a node expected to cut off, the first moves
                // should do it; a late quiet move that has to is rare there.
                if cut_node {
                    reduction += 1;
                }
                // Deviation from micro-Max (switch `lmr_capture_best`, off
                // by default): where the best move found is a capture, the
                // position is tactical and a quiet move is unlikely to do
                // better.
                if best_captures && !is_capture {
                    reduction += 1;
                }
                // Deviation from micro-Max (switch `lmr_escapes`, off by
                // default): a quiet move that takes an en-prise piece out of
                // danger saves material; reduced as any late move, the
                // search may not see that staying loses it.
                if self.settings.lmr_escapes && see::is_en_prise(&self.board, mv.from) {
                    reduction -= 1;
                }
                // Deviation from micro-Max (switch `lmr_threats`, off by
                // default): a quiet move that attacks a bigger piece is a
                // threat to win material, and threats are how combinations
                // begin; reduced as a plain quiet move, it fails low before
                // the search sees the material fall.
                let threat_reduction = match self.settings.lmr_threats {
                    LmrThreats::Off => None,
                    LmrThreats::Less => Some(reduction - 1),
                    LmrThreats::Unreduced => Some(0),
                    LmrThreats::PvUnreduced => in_pv.then_some(0),
                };
                if let Some(lesser) = threat_reduction
                    && self.threatens_bigger_piece(mv)
                {
                    reduction = lesser;
                }
                if reduction > 0 {
                    self.stats.lmr_reductions += 1;
                    return (iteration - 1 - reduction).max(QUIESCENCE_DEPTH + 1);
                }
            }
            return iteration - 1;
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

    /// Which moves quiescence searches. micro-Max: captures (and queen
    /// promotions) only. Returns `None` to skip `mv`, else whether it is a quiet
    /// check to be searched.
    ///
    /// Deviation from micro-Max (switch `quiescence_checks`, off by default):
    /// in the first quiescence ply (`checks_ply`), quiet moves that give check
    /// are searched too, after the captures (seeds 001 and 002). Their reply
    /// searches every evasion without standing pat; the evasions' replies are
    /// plain quiescence, so a check sequence ends there.
    fn quiescence_move(&mut self, mv: Move, is_capture: bool, checks_ply: bool) -> Option<bool> {
        if is_capture {
            Some(false)
        } else {
            (checks_ply && self.gives_check(mv)).then_some(true)
        }
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
        // With `quiescence_checks` (`quiescence_evasions`) a reply in check
        // in the first quiescence ply (in any) may not stand pat, so a
        // checking move into it is not futile.
        let reply_evades = (self.settings.quiescence_checks && child_depth == QUIESCENCE_DEPTH)
            || self.settings.quiescence_evasions;
        if child_depth <= QUIESCENCE_DEPTH
            && new_eval + self.settings.futility_margin <= child_alpha
            && self.settings.futility
            && !(reply_evades && self.gives_check(mv))
        {
            self.stats.futility_prunes += 1;
            return Some(new_eval);
        }
        // Deviation from micro-Max (switch `delta`, off by default): delta
        // pruning in quiescence. Skip a capture if the stand-pat score plus the
        // victim's material plus a margin cannot reach alpha. micro-Max's
        // futility test above is the same idea with no margin and the move's
        // full gain, so with `futility=on` delta pruning finds little left to
        // prune; it is measured against `futility=off`.
        if self.settings.delta && iteration <= QUIESCENCE_DEPTH && mv.promotion.is_none() {
            let victim = match mv.kind {
                MoveKind::EnPassant => PIECE_VALUES[PieceKind::Pawn as usize],
                _ => PIECE_VALUES[self.board.piece_at(mv.to).kind_code()],
            };
            let bound = eval + victim + DELTA_MARGIN;
            if bound <= child_alpha {
                return Some(bound);
            }
        }
        // Deviation from micro-Max (switch `see_prune`, on by default): skip a
        // capture in quiescence that loses material by static exchange
        // evaluation (seed 001): the opponent would recapture, and standing pat
        // is better. Tested last, as it is the dearest test. Such a move counts
        // as never searched: its score, -INFINITY, never becomes the best.
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
    /// reply's alpha (best so far) and beta; `[new_eval, activity]` the
    /// evaluation after the move (from this side, with this node's activity
    /// terms) and those terms (see [`handed_eval`]).
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
        [new_eval, activity]: [Score; 2],
        mut child_depth: i32,
        iteration: i32,
        ply: usize,
        listener: &mut dyn Listener,
    ) -> Score {
        if self.tracks_path_moves() {
            self.set_path_move(ply + 1, Some(self.countermove_index(mv)));
        }
        if self.settings.recapture_extension {
            self.set_path_capture(ply + 1, mv);
        }
        let nodes_before = self.nodes;
        let gone = self.node_material_gone;
        self.node_material_gone = eval::material_gone_after(&self.board, mv, gone);
        let undo = self.board.make_move(mv);
        if child_depth > QUIESCENCE_DEPTH {
            // The reply will probe the table first: start fetching its slot.
            self.table.prefetch(self.board.key());
        }
        self.path_keys.push(self.board.key());
        // Deviation from micro-Max (switch `research=best`, the default):
        // micro-Max searches a reduced move again at full depth whenever it
        // beats the node's alpha. Once an earlier move has raised the best
        // score above alpha, the reply was searched against that best score
        // and failed low: a fail-soft score between alpha and best says
        // "no better than the best", and the full depth is spent in vain.
        let research_above = match self.settings.research {
            Research::Alpha => alpha,
            Research::Best => child_alpha,
        };
        let mut score;
        loop {
            // Recursive evaluation of the reply.
            let reply_beta = if null_window { child_alpha + 1 } else { beta };
            score = -self.search(
                -reply_beta,
                -child_alpha,
                -handed_eval(
                    new_eval,
                    activity,
                    child_depth,
                    self.settings.activity_plies,
                ),
                child_depth,
                ply + 1,
                listener,
            );
            if self.stopped {
                break;
            }
            // Deviation from micro-Max (switch `stop_fail_high`, off by
            // default): a root move that beats the best move in the null
            // window at full depth is better than it, whatever the open
            // window will say of how much; if time runs out while it is
            // searched again, it is the move to play.
            if ply == 0
                && self.settings.stop_fail_high
                && null_window
                && score > child_alpha
                && child_depth + 1 >= iteration
            {
                self.root_fail_high = Some((mv, score));
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
        if ply == 0 && self.settings.stop_fail_high && !self.stopped {
            self.root_fail_high = None; // searched to the end: no longer pending
        }
        if ply == 0 && self.settings.root_by_nodes {
            self.record_root_move_nodes(mv, self.nodes - nodes_before);
        }
        self.path_keys.pop();
        self.board.unmake_move(mv, undo);
        self.node_material_gone = gone;
        score
    }

    /// What `mv` gains for the side to move: micro-Max's incremental
    /// evaluation at the root's phase, or (switch `node_phase`) at the
    /// node's, where a move that changes the phase also re-blends every
    /// piece ([`eval::move_gain_across_phases`]).
    fn move_gain(&mut self, mv: Move) -> Score {
        if self.scores_at_node_phase() {
            let gone = self.node_material_gone;
            return eval::move_gain_across_phases(
                self.settings.eval_terms,
                &self.board,
                mv,
                [gone, eval::material_gone_after(&self.board, mv, gone)],
                &mut self.structure_cache,
            );
        }
        eval::move_gain_cached(
            self.settings.eval,
            self.settings.eval_terms,
            &self.board,
            mv,
            self.material_gone,
            &mut self.structure_cache,
        )
    }

    /// Deviation from micro-Max (switch `node_phase`, off by default): does
    /// the search score each node at its own phase? micro-Max fixes the
    /// phase at the root, so that a move's gain never depends on the path;
    /// the tuner, though, scores each position at its own phase, and a
    /// search whose captures lead into an end game should see the end
    /// game's values there.
    #[inline]
    fn scores_at_node_phase(&self) -> bool {
        self.settings.node_phase && self.settings.eval == EvalStyle::Tapered
    }

    /// Generate this node's moves onto the move stack, ordered as the switches
    /// `captures` and `ordering` say. Returns `true` if one of them captures
    /// the king.
    /// `all_moves` is false for a quiescence node, which needs only captures;
    /// `horizon` is true for a node one ply from quiescence.
    fn generate_and_rank(&mut self, all_moves: bool, horizon: bool, ply: usize) -> bool {
        self.generated.clear();
        if all_moves {
            self.board.generate_moves(&mut self.generated);
        } else {
            self.board.generate_captures(&mut self.generated);
        }
        let first = self.move_stack.len();
        let queen_pushes = self.settings.eval != EvalStyle::MicroMax;
        let king_capture = match (self.settings.captures, queen_pushes) {
            (CaptureOrder::MvvLva, true) => self.rank_mvv_lva::<true>(first),
            (CaptureOrder::MvvLva, false) => self.rank_mvv_lva::<false>(first),
            _ => self.generate_in_order(first, queen_pushes),
        };
        // Quiescence keeps MVV/LVA: it has no quiet moves to put killers
        // among, and a static exchange evaluation of every capture there
        // would cost more than it saves.
        //
        // With `ordering=history` a horizon node keeps the MVV/LVA order too:
        // futility pruning skips most of its quiet moves unsearched, so
        // sorting them would cost more than it saves.
        let ordered = match self.settings.ordering {
            MoveOrdering::MicroMax => false,
            MoveOrdering::Killers => all_moves,
            MoveOrdering::History => all_moves && !horizon,
        };
        if !king_capture && ordered {
            self.order_with_killers(first, ply);
        } else if !king_capture
            && horizon
            && self.settings.horizon_killers
            && self.settings.ordering == MoveOrdering::History
        {
            self.put_killers_after_captures(first, ply);
        }
        king_capture
    }

    /// Switch `ordering=killers` (seed 002's move ordering). After the hint:
    /// the *good* captures by MVV/LVA (a capture is good if it promotes, takes
    /// a piece worth at least the capturer, or loses nothing by static
    /// exchange evaluation), then the two killer moves of this ply, then the
    /// other quiet moves, and last the *bad* captures, least bad first.
    ///
    /// A **killer** is a quiet move that refuted a position at the same ply:
    /// a sibling position is likely to be refuted by the same move (a threat
    /// the opponent keeps making whatever we play).
    ///
    /// With `ordering=history` the other quiet moves are sorted by their
    /// history score, best first.
    ///
    /// Deviation from micro-Max: micro-Max has no killers, no history and no
    /// SEE; it tries every capture before any quiet move.
    fn order_with_killers(&mut self, first: usize, ply: usize) {
        let [killer_1, killer_2] = self.killers.get(ply).copied().unwrap_or_default();
        let counter = self.countermove(ply);
        let by_history = self.settings.ordering == MoveOrdering::History;
        let reply_row = self.countermove_history_row(ply);
        let (mut keys, mut unsorted) = std::mem::take(&mut self.ordering_scratch);
        keys.clear();
        unsorted.clear();
        unsorted.extend_from_slice(&self.move_stack[first..]);
        for (place, &scored) in unsorted.iter().enumerate() {
            let mv = scored.mv;
            let (class, value) = match scored.capture_rank {
                Some(rank) if see::is_good_capture(&self.board, mv) => {
                    let learned = if self.settings.capture_history {
                        self.capture_history[self.capture_history_index(mv)] / CAPTURE_HISTORY_GRAIN
                    } else {
                        0
                    };
                    (0, -(rank + learned))
                }
                Some(_) => (5, -see::see(&self.board, mv)),
                None if Some(mv) == killer_1 => (1, 0),
                None if Some(mv) == killer_2 => (2, 0),
                None if counter == Some(mv) => (3, 0),
                // Deviation from micro-Max (switch `threat_ordering`, off by
                // default): a threat to win material is often the best quiet
                // move, before its history has learnt so.
                None if by_history => {
                    let mut value = self.quiet_history(mv, reply_row);
                    if self.settings.threat_ordering && self.threatens_bigger_piece(mv) {
                        value += THREAT_ORDERING_BONUS;
                    }
                    (4, -value)
                }
                None => (4, 0),
            };
            keys.push(ordering_key(class, value, place));
        }
        // Ties keep their order (the place breaks them: quiet moves stay in
        // generation order). Sorting the bare keys is faster than sorting the
        // moves with them; each key's place then fetches its move.
        keys.sort_unstable();
        for (slot, &key) in self.move_stack[first..].iter_mut().zip(&keys) {
            *slot = unsorted[place_of(key)];
        }
        self.ordering_scratch = (keys, unsorted);
    }

    /// Switch `horizon_killers` (with `ordering=history`): in a node one ply
    /// from the horizon, which is not sorted, move this ply's killers from
    /// among the quiet moves to just after the captures. Most fail-highs of
    /// such a node come from a quiet move; in generation order the one that
    /// refutes is seldom first, and every quiet move tried before it costs a
    /// quiescence search. The killer refuted a sibling, so it often refutes
    /// here too. Finding two moves costs far less than sorting the list.
    ///
    /// Deviation from micro-Max: micro-Max has no killers.
    fn put_killers_after_captures(&mut self, first: usize, ply: usize) {
        let Some(&killers) = self.killers.get(ply) else {
            return;
        };
        let captures = self.move_stack[first..]
            .iter()
            .take_while(|scored| scored.capture_rank.is_some())
            .count();
        let mut place = first + captures;
        for killer in killers.into_iter().flatten() {
            let found = (place..self.move_stack.len()).find(|&i| self.move_stack[i].mv == killer);
            if let Some(index) = found {
                self.move_stack[place..=index].rotate_right(1);
                place += 1;
            }
        }
    }

    /// Switch `countermove`: the quiet move that last refuted the move that
    /// led to the node at `ply`, if any.
    fn countermove(&self, ply: usize) -> Option<Move> {
        if !self.settings.countermove {
            return None;
        }
        let previous = self.path_moves.get(ply).copied().flatten()?;
        self.countermoves[previous]
    }

    /// Switch `countermove`: where the reply that refutes `mv` (a move of
    /// the side to move, not yet made) is kept: by the moving piece and
    /// its target square.
    fn countermove_index(&self, mv: Move) -> usize {
        let side = self.board.side_to_move().index();
        let kind = self.board.piece_at(mv.from).kind_code();
        (side * 8 + kind) * 64 + mv.to.bit_index()
    }

    /// Switch `countermove`: record which move leads to the node at `ply`
    /// (`None` for a null move).
    fn set_path_move(&mut self, ply: usize, countermove_index: Option<usize>) {
        if self.path_moves.len() <= ply {
            self.path_moves.resize(ply + 1, None);
        }
        self.path_moves[ply] = countermove_index;
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

    /// Remember a quiet move that caused a beta cut-off at `ply` as its first
    /// killer; the old first killer becomes the second.
    fn remember_killer(&mut self, mv: Move, ply: usize) {
        if self.killers.len() <= ply {
            self.killers.resize(ply + 1, [None; 2]);
        }
        let killers = &mut self.killers[ply];
        if killers[0] != Some(mv) {
            killers[1] = killers[0];
            killers[0] = Some(mv);
        }
    }

    /// Is `mv` one of the two killers of the node at `ply`?
    fn is_killer(&self, mv: Move, ply: usize) -> bool {
        self.killers
            .get(ply)
            .is_some_and(|killers| killers.contains(&Some(mv)))
    }

    /// Where `mv` of the side to move keeps its history score.
    #[inline]
    fn history_index(&self, mv: Move) -> usize {
        let side = self.board.side_to_move() as usize;
        (side * 128 + mv.from.index()) * 128 + mv.to.index()
    }

    /// A quiet move, now first in the list at `first`, cut off after the
    /// moves now at `first + 1..=cut_at` were tried: reward it and penalise
    /// the quiet ones among them, by the square of the plies searched. Each
    /// update moves a score part of the way to ±[`HISTORY_LIMIT`], so that
    /// old results fade and no score outgrows the others.
    ///
    /// With `countermove_history` the same goes for their scores as replies
    /// to the move that led to the node at `ply`.
    fn update_history(&mut self, first: usize, cut_at: usize, plies: i32, ply: usize) {
        let bonus = history_bonus(plies);
        let reply_row = self.countermove_history_row(ply);
        self.nudge_quiet_move(self.move_stack[first].mv, bonus, reply_row);
        for index in first + 1..=cut_at {
            let ScoredMove { mv, capture_rank } = self.move_stack[index];
            if capture_rank.is_none() && mv.promotion.is_none() {
                self.nudge_quiet_move(mv, -bonus, reply_row);
            }
        }
    }

    /// Deviation from micro-Max (switch `capture_history`, off by default):
    /// the move now first in the list at `first` cut off after the moves now
    /// at `first + 1..=cut_at` were tried. Reward it if it captures, and
    /// penalise the captures tried before it, as `update_history` does for
    /// quiet moves: MVV/LVA ranks a capture by what it takes, the capture
    /// history by whether taking it worked here lately.
    fn update_capture_history(&mut self, first: usize, cut_at: usize, plies: i32) {
        let bonus = history_bonus(plies);
        for index in first..=cut_at {
            let ScoredMove { mv, capture_rank } = self.move_stack[index];
            if capture_rank.is_some() {
                let slot = self.capture_history_index(mv);
                let sign = if index == first { 1 } else { -1 };
                nudge_history(&mut self.capture_history[slot], sign * bonus);
            }
        }
    }

    /// Switch `capture_history`: where capture `mv` of the side to move
    /// keeps its score. The victim is what stands on the target square:
    /// nothing (code 0) for en passant and a queen promotion that takes
    /// nothing.
    #[inline]
    fn capture_history_index(&self, mv: Move) -> usize {
        let side = self.board.side_to_move().index();
        let mover = self.board.piece_at(mv.from).kind_code();
        let victim = self.board.piece_at(mv.to).kind_code();
        ((side * 8 + mover) * 64 + mv.to.bit_index()) * 8 + victim
    }

    /// Move the history score of quiet move `mv` by `bonus`, and (switch
    /// `countermove_history`) its score in the row `reply_row`.
    fn nudge_quiet_move(&mut self, mv: Move, bonus: Score, reply_row: Option<usize>) {
        let slot = self.history_index(mv);
        nudge_history(&mut self.history[slot], bonus);
        if let Some(row) = reply_row {
            let slot = row + self.countermove_index(mv);
            nudge_history(&mut self.countermove_history[slot], bonus);
        }
    }

    /// A quiet move's history score: by its squares (`ordering=history`),
    /// plus (switch `countermove_history`) its score as a reply to the
    /// previous move, whose row of the table is `reply_row`.
    fn quiet_history(&self, mv: Move, reply_row: Option<usize>) -> Score {
        let mut score = self.history[self.history_index(mv)];
        if let Some(row) = reply_row {
            score += self.countermove_history[row + self.countermove_index(mv)];
        }
        score
    }

    /// Deviation from micro-Max: micro-Max has no history. Switch
    /// `countermove_history`: where the scores of the replies to the move
    /// that led to the node at `ply` begin in the counter-move history, if
    /// that move is known (not at the root nor after a null move).
    fn countermove_history_row(&self, ply: usize) -> Option<usize> {
        if !self.settings.countermove_history {
            return None;
        }
        let previous = self.path_moves.get(ply).copied().flatten()?;
        Some(previous * COUNTERMOVE_ENTRIES)
    }

    /// Do the switches need the moves of the search path
    /// (`countermove`, `countermove_history`)?
    #[inline]
    fn tracks_path_moves(&self) -> bool {
        self.settings.countermove || self.settings.countermove_history
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Board;
    use crate::search::Settings;

    #[test]
    fn improving_compares_with_the_same_sides_node_two_plies_up() {
        let mut searcher = Searcher::new(10);
        // The root and its reply have nothing two plies up to compare with.
        assert!(searcher.is_improving(10, false, 0));
        assert!(searcher.is_improving(-50, false, 1));
        // Ply 2 is the root's side again: 20 is above the root's 10, 5 is not.
        assert!(searcher.is_improving(20, false, 2));
        assert!(!searcher.is_improving(5, false, 2));
        // A node in check is never improving, and the next node of its side
        // looks past it, four plies up (ply 2's 5).
        assert!(!searcher.is_improving(100, true, 4));
        assert!(searcher.is_improving(6, false, 6));
        assert!(!searcher.is_improving(4, false, 6));
    }

    #[test]
    fn correction_learns_only_from_scores_that_tell_the_evaluations_error() {
        let mut searcher = ordering_position("correction=on");
        searcher.correction = vec![0; 2 * CORRECTION_ENTRIES];
        let quiet = searcher.board.parse_coordinate_move("b1c3").unwrap();
        let capture = searcher.board.parse_coordinate_move("e4d5").unwrap();
        let window = [0, 100];
        // A fail high at or below the evaluation, a fail low at or above it,
        // a mate and a capture's win say nothing about the evaluation.
        searcher.update_correction(150, 120, window, Some(quiet), 4);
        searcher.update_correction(-50, -10, window, Some(quiet), 4);
        searcher.update_correction(50, MATE_BOUND + 3, window, Some(quiet), 4);
        searcher.update_correction(50, 70, window, Some(capture), 4);
        assert_eq!(searcher.correction_of_position(), 0);
        // An exact score 20 cp above the evaluation moves the entry up by
        // its weight: 25/1024 of 20 cp at 4 plies.
        searcher.update_correction(50, 70, window, Some(quiet), 4);
        assert_eq!(
            searcher.correction_of_position(),
            20 * CORRECTION_GRAIN * 25 / 1024
        );
        // A fail high above the evaluation, and a fail low below it, count.
        searcher.update_correction(50, 130, window, Some(quiet), 4);
        let after_fail_high = searcher.correction_of_position();
        assert!(after_fail_high > 20 * CORRECTION_GRAIN * 25 / 1024);
        searcher.update_correction(50, -20, window, None, 10);
        assert!(searcher.correction_of_position() < after_fail_high);
        // The other side to move has its own entries.
        searcher.board.make_null_move();
        assert_eq!(searcher.correction_of_position(), 0);
    }

    #[test]
    fn singular_extension_asks_only_with_a_deep_lower_bound_from_the_table() {
        let mut searcher = ordering_position("singular=on");
        searcher.root_resume = QUIESCENCE_DEPTH + 9; // a 10-ply search
        let key = searcher.board.key();
        let depth = QUIESCENCE_DEPTH + 8;
        let hint = searcher.board.parse_coordinate_move("e4d5").unwrap();
        let entry_of = |score, entry_depth, bound| {
            searcher
                .table
                .store(key, score, entry_depth, bound, Some(hint));
            searcher.table.probe(key)
        };
        let lower = entry_of(120, depth - 3, Bound::Lower);
        let exact = entry_of(120, depth, Bound::Exact);
        let upper = entry_of(120, depth, Bound::Upper);
        let shallow = entry_of(120, depth - 4, Bound::Lower);
        let mate = entry_of(MATE_BOUND + 5, depth, Bound::Lower);
        // The margin: 3 cp for each of the 8 plies left.
        assert_eq!(searcher.singular_beta(lower, depth, 1, true), Some(96));
        assert_eq!(searcher.singular_beta(exact, depth, 1, true), Some(96));
        for entry in [upper, shallow, mate, None] {
            assert_eq!(searcher.singular_beta(entry, depth, 1, true), None);
        }
        // Not at the root, not when extended for check, not near the
        // horizon, not past twice the root's depth, not when switched off.
        assert_eq!(searcher.singular_beta(lower, depth, 0, true), None);
        assert_eq!(searcher.singular_beta(lower, depth, 1, false), None);
        let near = QUIESCENCE_DEPTH + SINGULAR_MIN_PLIES - 1;
        assert_eq!(searcher.singular_beta(lower, near, 1, true), None);
        assert_eq!(searcher.singular_beta(lower, depth, 20, true), None);
        searcher.settings = Settings::from_spec("singular=off").unwrap();
        assert_eq!(searcher.singular_beta(lower, depth, 1, true), None);
    }

    #[test]
    fn a_move_is_singular_when_no_other_comes_near_it() {
        // Only the rook takes the queen: singular. Add a bishop that can
        // take it too, and the rook's capture is no longer the only one.
        for (fen, singular) in [
            ("4k3/8/8/3q4/8/8/3R4/4K3 w - - 0 1", true),
            ("4k3/8/8/3q4/8/1B6/3R4/4K3 w - - 0 1", false),
        ] {
            let mut searcher = Searcher::new(10);
            searcher.board = Board::from_fen(fen).unwrap();
            searcher.settings = Settings::from_spec("singular=on").unwrap();
            assert!(!searcher.generate_and_rank(true, false, 0));
            let rook_takes = searcher.board.parse_coordinate_move("d2d5").unwrap();
            let index = searcher
                .move_stack
                .iter()
                .position(|m| m.mv == rook_takes)
                .unwrap();
            searcher.move_stack[..=index].rotate_right(1);
            let others = 1..searcher.move_stack.len();
            let half_depth = QUIESCENCE_DEPTH + 3;
            let best = searcher.best_of_others(
                others,
                500,
                [0, 0],
                half_depth,
                0,
                &mut crate::search::Silent,
            );
            assert_eq!(best < 500, singular, "{fen}: {best}");
        }
    }

    #[test]
    fn table_eval_takes_a_stored_bound_only_where_it_says_more() {
        let mut table = crate::table::TranspositionTable::new(10);
        let stored = |table: &mut crate::table::TranspositionTable, score, bound| {
            table.store(1, score, 4, bound, None);
            table.probe(1).unwrap()
        };
        // An exact score replaces the evaluation either way.
        assert_eq!(
            table_judged_eval(50, stored(&mut table, 120, Bound::Exact)),
            120
        );
        assert_eq!(
            table_judged_eval(50, stored(&mut table, -30, Bound::Exact)),
            -30
        );
        // A lower bound counts only above the evaluation, an upper only below.
        assert_eq!(
            table_judged_eval(50, stored(&mut table, 120, Bound::Lower)),
            120
        );
        assert_eq!(
            table_judged_eval(50, stored(&mut table, 20, Bound::Lower)),
            50
        );
        assert_eq!(
            table_judged_eval(50, stored(&mut table, 20, Bound::Upper)),
            20
        );
        assert_eq!(
            table_judged_eval(50, stored(&mut table, 120, Bound::Upper)),
            50
        );
        // A mate is a distance, not a judgement of the position.
        let mate = MATE_BOUND + 10;
        assert_eq!(
            table_judged_eval(50, stored(&mut table, mate, Bound::Exact)),
            50
        );
    }

    #[test]
    fn a_push_to_the_seventh_rank_is_a_pawn_reaching_its_own_seventh() {
        let cases = [
            (
                "4k3/8/3P4/8/8/8/8/4K3 w - - 0 1",
                ["d6d7", "e1e2"],
                [true, false],
            ),
            (
                "4k3/8/8/8/8/3p4/8/4K3 b - - 0 1",
                ["d3d2", "e8e7"],
                [true, false],
            ),
            (
                "4k3/8/8/3P4/8/3p4/8/4K3 w - - 0 1",
                ["d5d6", "e1d2"],
                [false, false],
            ),
        ];
        assert_each_move(&cases, Searcher::is_push_to_seventh);
    }

    /// For each (FEN, moves, answers): `question` asked of each move in its
    /// position gives the answer beside it.
    fn assert_each_move(
        cases: &[(&str, [&str; 2], [bool; 2])],
        question: fn(&Searcher, Move) -> bool,
    ) {
        let mut searcher = Searcher::new(10);
        for (fen, moves, answers) in cases {
            searcher.board = Board::from_fen(fen).unwrap();
            for (text, answer) in moves.iter().zip(answers) {
                let mv = searcher.board.parse_coordinate_move(text).unwrap();
                assert_eq!(question(&searcher, mv), *answer, "{fen} {text}");
            }
        }
    }

    #[test]
    fn a_threat_attacks_a_piece_worth_more_than_a_pawn_above_the_mover() {
        let cases = [
            // WAC.080: Ra1 attacks the queen on a2; Rd2 attacks nothing.
            (
                "r4rk1/p1B1bpp1/1p2pn1p/8/2PP4/3B1P2/qP2QP1P/3R1RK1 w - - 0 1",
                ["d1a1", "d1d2"],
                [true, false],
            ),
            // WAC.291: h3 attacks the queen on g4; Kf1 is a king's step.
            (
                "5r1k/3b2p1/p6p/1pRpR3/1P1P2q1/P4pP1/5QnP/1B4K1 w - - 0 1",
                ["h2h3", "g1f1"],
                [true, false],
            ),
            // The rook looks back through the square it left to the queen.
            (
                "4k3/8/8/8/3R4/8/3q4/7K w - - 0 1",
                ["d4d6", "d4h4"],
                [true, false],
            ),
            // A knight attacking a rook threatens; attacking a bishop, worth
            // less than a pawn more than itself, does not.
            (
                "4k3/8/8/3b4/8/8/6N1/4K3 w - - 0 1",
                ["g2e3", "g2f4"],
                [false, false],
            ),
            (
                "4k3/8/8/3r4/8/8/6N1/4K3 w - - 0 1",
                ["g2e3", "g2h4"],
                [true, false],
            ),
            // A black pawn attacks downwards: g5 hits the knight on f4.
            (
                "4k3/6p1/8/8/5N2/8/8/4K3 b - - 0 1",
                ["g7g5", "g7g6"],
                [true, false],
            ),
        ];
        assert_each_move(&cases, Searcher::threatens_bigger_piece);
    }

    /// A searcher under `spec` on a position for the ordering tests: exd5
    /// wins a knight (good); Qxh5 loses the queen to gxh5 (bad); the pawn on
    /// d3 keeps the queen off d5.
    fn ordering_position(spec: &str) -> Searcher {
        let mut searcher = Searcher::new(10);
        searcher.board = Board::from_fen("6k1/8/6p1/3n3p/4P3/3P4/8/1N1Q2K1 w - - 0 1").unwrap();
        searcher.settings = Settings::from_spec(spec).unwrap();
        searcher
    }

    /// The moves on the move stack, in order, as coordinates.
    fn listed_moves(searcher: &Searcher) -> Vec<String> {
        let moves = searcher.move_stack.iter();
        moves.map(|scored| scored.mv.coordinate()).collect()
    }

    #[test]
    fn node_types_alternate_below_the_principal_variation() {
        // The principal variation's first reply is on it too; its later
        // replies are cut nodes, whose replies are all nodes, and so on.
        assert!(!child_is_cut_node(true, false, 1));
        assert!(child_is_cut_node(true, false, 2));
        assert!(!child_is_cut_node(false, true, 1));
        assert!(!child_is_cut_node(false, true, 5));
        assert!(child_is_cut_node(false, false, 1));
        assert!(child_is_cut_node(false, false, 5));
    }

    /// The depth table LMR gives the 10th move `text` of `fen`, searched 8
    /// plies from the horizon, under `spec`, in a node that is or is not
    /// expected to cut off and whose best move so far is or is not a
    /// capture.
    fn late_move_depth(
        fen: &str,
        text: &str,
        spec: &str,
        cut_node: bool,
        best_captures: bool,
    ) -> i32 {
        let mut searcher = Searcher::new(10);
        searcher.settings = Settings::from_spec(spec).unwrap();
        searcher.board = Board::from_fen(fen).unwrap();
        let mv = searcher.board.parse_coordinate_move(text).unwrap();
        let late_move = LateMove {
            number: 10,
            in_pv: false,
            improving: false,
            cut_node,
            best_captures,
        };
        searcher.child_depth(
            QUIESCENCE_DEPTH + 8,
            mv,
            false,
            false,
            false,
            Some(late_move),
            1,
        )
    }

    #[test]
    fn late_moves_are_reduced_more_in_cut_nodes_and_after_a_best_capture() {
        let fen = "6k1/8/8/8/8/8/8/1N1Q2K1 w - - 0 1";
        let depth = |cut_node, best_captures| {
            late_move_depth(fen, "b1c3", "default", cut_node, best_captures)
        };
        let plain = depth(false, false);
        assert!(plain < QUIESCENCE_DEPTH + 7, "a late quiet move is reduced");
        assert_eq!(depth(true, false), plain - 1);
        assert_eq!(depth(false, true), plain - 1);
        assert_eq!(depth(true, true), plain - 2);
    }

    #[test]
    fn lmr_escapes_reduces_a_move_out_of_danger_a_ply_less() {
        // The black pawn on c2 attacks the knight on b1 (and the queen).
        let fen = "6k1/8/8/8/8/8/2p5/1N1Q2K1 w - - 0 1";
        let depth = |spec| late_move_depth(fen, "b1a3", spec, false, false);
        assert_eq!(depth("lmr_escapes=on"), depth("lmr_escapes=off") + 1);
        // Nothing attacks the king on g1: its move is no escape.
        let king = |spec| late_move_depth(fen, "g1h2", spec, false, false);
        assert_eq!(king("lmr_escapes=on"), king("lmr_escapes=off"));
    }

    #[test]
    fn threat_ordering_sorts_a_threat_first_among_the_quiet_moves() {
        // No capture; of the quiet moves Na3 and Nd2 attack the rook on c4.
        let first = |spec: &str| {
            let mut searcher = ordering_position(spec);
            searcher.board = Board::from_fen("6k1/8/8/8/2r5/8/8/1N1Q2K1 w - - 0 1").unwrap();
            assert!(!searcher.generate_and_rank(true, false, 0));
            listed_moves(&searcher)[0].clone()
        };
        let threats = ["b1a3", "b1d2"];
        assert!(threats.contains(&first("threat_ordering=on").as_str()));
        assert!(!threats.contains(&first("threat_ordering=off").as_str()));
    }

    #[test]
    fn root_by_nodes_sorts_the_root_moves_by_their_last_search_nodes() {
        let mut searcher = ordering_position("root_by_nodes=on");
        assert!(!searcher.generate_and_rank(true, false, 0));
        let unsorted = listed_moves(&searcher);
        let moved = |coordinate: &str| searcher.board.parse_coordinate_move(coordinate).unwrap();
        let (quiet, bad_capture) = (moved("b1c3"), moved("d1h5"));
        searcher.record_root_move_nodes(quiet, 500);
        searcher.record_root_move_nodes(bad_capture, 900);
        searcher.record_root_move_nodes(quiet, 1_000); // the last count holds
        let last = searcher.move_stack.len();
        searcher.sort_root_by_nodes(0, last);
        let sorted = listed_moves(&searcher);
        assert_eq!(sorted[..2], ["b1c3", "d1h5"]);
        // The moves not searched yet keep the node's order after them.
        let others: Vec<_> = unsorted
            .iter()
            .filter(|mv| !sorted[..2].contains(mv))
            .collect();
        assert_eq!(sorted[2..].iter().collect::<Vec<_>>(), others);
    }

    #[test]
    fn killer_ordering_is_good_captures_killer_quiet_moves_bad_captures() {
        let mut searcher = ordering_position("ordering=killers");
        let killer = searcher.board.parse_coordinate_move("b1c3").unwrap();
        searcher.remember_killer(killer, 0);
        assert!(!searcher.generate_and_rank(true, false, 0));
        let moves = listed_moves(&searcher);
        assert_eq!(moves[0], "e4d5");
        assert_eq!(moves[1], "b1c3");
        assert_eq!(moves.last().unwrap(), "d1h5");
        let quiet = &searcher.move_stack[2..moves.len() - 1];
        assert!(quiet.iter().all(|scored| scored.capture_rank.is_none()));
    }

    #[test]
    fn history_ordering_puts_quiet_moves_that_cut_off_first() {
        let mut searcher = ordering_position("ordering=history");
        let killer = searcher.board.parse_coordinate_move("b1c3").unwrap();
        let often_good = searcher.board.parse_coordinate_move("g1f2").unwrap();
        let once_good = searcher.board.parse_coordinate_move("d1e2").unwrap();
        searcher.remember_killer(killer, 0);
        // g1f2 cut off twice at 5 plies, d1e2 once at 2 plies.
        for (mv, plies) in [(often_good, 5), (often_good, 5), (once_good, 2)] {
            searcher.move_stack.clear();
            searcher.move_stack.push(ScoredMove {
                mv,
                capture_rank: None,
            });
            searcher.update_history(0, 0, plies, 0);
        }
        searcher.move_stack.clear();
        assert!(!searcher.generate_and_rank(true, false, 0));
        let moves = listed_moves(&searcher);
        assert_eq!(moves[..4], ["e4d5", "b1c3", "g1f2", "d1e2"]);
        assert_eq!(moves.last().unwrap(), "d1h5");
        // A horizon node is not sorted: its quiet moves stay in generation order.
        searcher.move_stack.clear();
        assert!(!searcher.generate_and_rank(true, true, 0));
        assert_ne!(searcher.move_stack[2].mv, often_good);
    }

    #[test]
    fn capture_history_puts_the_capture_that_cut_off_before_its_equals() {
        // exd5 and exf5 take equal knights with the same pawn: MVV/LVA
        // cannot tell them apart, and they stay in generation order.
        let fen = "6k1/8/8/3n1n2/4P3/8/8/6K1 w - - 0 1";
        let first_two = |spec: &str, reward: Option<&str>| {
            let mut searcher = Searcher::new(10);
            searcher.board = Board::from_fen(fen).unwrap();
            searcher.settings = Settings::from_spec(spec).unwrap();
            if let Some(text) = reward {
                let mv = searcher.board.parse_coordinate_move(text).unwrap();
                searcher.move_stack.push(ScoredMove {
                    mv,
                    capture_rank: Some(eval::mvv_lva(&searcher.board, mv)),
                });
                for _ in 0..4 {
                    searcher.update_capture_history(0, 0, 6);
                }
                searcher.move_stack.clear();
            }
            assert!(!searcher.generate_and_rank(true, false, 0));
            listed_moves(&searcher)[..2].to_vec()
        };
        let plain = first_two("ordering=history", None);
        assert_eq!(plain.iter().filter(|m| m.starts_with("e4")).count(), 2);
        let later = plain[1].clone();
        let learned = first_two("ordering=history,capture_history=on", Some(&later));
        assert_eq!(learned[0], later);
        // A capture tried before a quiet move cut off is penalised: its
        // equal goes first.
        let mut searcher = Searcher::new(10);
        searcher.board = Board::from_fen(fen).unwrap();
        searcher.settings = Settings::from_spec("ordering=history,capture_history=on").unwrap();
        let quiet = searcher.board.parse_coordinate_move("g1g2").unwrap();
        let failed = searcher.board.parse_coordinate_move(&plain[0]).unwrap();
        for (mv, capture_rank) in [(quiet, None), (failed, Some(0))] {
            searcher.move_stack.push(ScoredMove { mv, capture_rank });
        }
        for _ in 0..4 {
            searcher.update_capture_history(0, 1, 6);
        }
        searcher.move_stack.clear();
        assert!(!searcher.generate_and_rank(true, false, 0));
        assert_eq!(listed_moves(&searcher)[0], later);
    }

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

    #[test]
    fn the_countermove_comes_right_after_the_killers() {
        let mut searcher = ordering_position("ordering=history,countermove=on");
        let killer = searcher.board.parse_coordinate_move("b1c3").unwrap();
        let counter = searcher.board.parse_coordinate_move("d1a4").unwrap();
        searcher.remember_killer(killer, 1);
        // Black's last move was ...Nf6-d5 (as if); a4 refuted it before.
        searcher.board = Board::from_fen("6k1/8/5np1/7p/4P3/3P4/8/1N1Q2K1 b - - 0 1").unwrap();
        let previous = searcher.board.parse_coordinate_move("f6d5").unwrap();
        let previous_index = searcher.countermove_index(previous);
        searcher.countermoves[previous_index] = Some(counter);
        searcher.set_path_move(1, Some(previous_index));
        searcher.board = ordering_position("").board;
        assert!(!searcher.generate_and_rank(true, false, 1));
        let moves = listed_moves(&searcher);
        assert_eq!(moves[..3], ["e4d5", "b1c3", "d1a4"]);
        // Without the switch it is a quiet move like the others (none has
        // a history yet), and so it is after another move than ...Nd5.
        let third_move = |searcher: &mut Searcher| {
            searcher.move_stack.clear();
            assert!(!searcher.generate_and_rank(true, false, 1));
            listed_moves(searcher)[2].clone()
        };
        searcher.settings.countermove = false;
        assert_ne!(third_move(&mut searcher), "d1a4");
        searcher.settings.countermove = true;
        searcher.set_path_move(1, None);
        assert_ne!(third_move(&mut searcher), "d1a4");
    }

    #[test]
    fn countermove_history_scores_replies_to_the_previous_move_only() {
        let mut searcher = ordering_position("ordering=history,countermove_history=on");
        searcher.countermove_history = vec![0; COUNTERMOVE_HISTORY_ENTRIES];
        // Black's last move was ...Nf6-d5 (as if), another time ...Kg8-f8.
        searcher.board = Board::from_fen("6k1/8/5np1/7p/4P3/3P4/8/1N1Q2K1 b - - 0 1").unwrap();
        let [previous, other] =
            ["f6d5", "g8f8"].map(|text| searcher.board.parse_coordinate_move(text).unwrap());
        let [previous, other] = [previous, other].map(|mv| Some(searcher.countermove_index(mv)));
        searcher.board = ordering_position("").board;
        let [cut, vain] =
            ["d1a4", "b1c3"].map(|text| searcher.board.parse_coordinate_move(text).unwrap());
        searcher.move_stack = [cut, vain]
            .map(|mv| ScoredMove {
                mv,
                capture_rank: None,
            })
            .to_vec();
        searcher.set_path_move(1, previous);
        searcher.update_history(0, 1, 4, 1);
        // After ...Nd5 both tables count: 16 each.
        let scores = |searcher: &Searcher| {
            [cut, vain].map(|mv| searcher.quiet_history(mv, searcher.countermove_history_row(1)))
        };
        assert_eq!(scores(&searcher), [32, -32]);
        // After another move only the plain history does; so without the switch.
        searcher.set_path_move(1, other);
        assert_eq!(scores(&searcher), [16, -16]);
        searcher.set_path_move(1, previous);
        searcher.settings.countermove_history = false;
        assert_eq!(scores(&searcher), [16, -16]);
        // And the order follows: with the switch, after ...Nd5, a4 comes
        // before every other quiet move.
        searcher.settings.countermove_history = true;
        searcher.history.fill(0);
        searcher.move_stack.clear();
        assert!(!searcher.generate_and_rank(true, false, 1));
        let moves = listed_moves(&searcher);
        assert_eq!(moves[..2], ["e4d5", "d1a4"]);
        searcher.set_path_move(1, other);
        searcher.move_stack.clear();
        assert!(!searcher.generate_and_rank(true, false, 1));
        assert_ne!(listed_moves(&searcher)[1], "d1a4");
    }

    #[test]
    fn history_rewards_the_cut_and_penalises_quiet_moves_tried_before() {
        let mut searcher = Searcher::new(10);
        searcher.settings = Settings::from_spec("ordering=history").unwrap();
        let [cut, vain, capture] = ["g1f3", "b1c3", "e2e4"]
            .map(|text| searcher.board.parse_coordinate_move(text).unwrap());
        searcher.move_stack = vec![
            ScoredMove {
                mv: cut,
                capture_rank: None,
            },
            ScoredMove {
                mv: vain,
                capture_rank: None,
            },
            ScoredMove {
                mv: capture,
                capture_rank: Some(1),
            },
        ];
        searcher.update_history(0, 2, 4, 0);
        let score = |searcher: &Searcher, mv| searcher.history[searcher.history_index(mv)];
        let scores = [cut, vain, capture].map(|mv| score(&searcher, mv));
        // A capture (here a move the list says is one) keeps its score.
        assert_eq!(scores, [16, -16, 0]);
        // Scores approach the limit but never pass it.
        for _ in 0..10_000 {
            searcher.update_history(0, 0, 40, 0);
        }
        let cut_score = score(&searcher, cut);
        assert!(cut_score > HISTORY_LIMIT / 2 && cut_score <= HISTORY_LIMIT);
    }

    #[test]
    fn micro_max_ordering_tries_every_capture_first() {
        let mut searcher = ordering_position("ordering=micromax");
        assert!(!searcher.generate_and_rank(true, false, 0));
        let captures = &listed_moves(&searcher)[..2];
        assert!(captures.contains(&"e4d5".to_string()) && captures.contains(&"d1h5".to_string()));
    }
}
