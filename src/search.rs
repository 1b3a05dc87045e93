//! # The search: micro-Max's one recursive function
//!
//! Everything umax knows about choosing a move is in `Searcher::search`, a
//! port of micro-Max 4.8's `D()`. Read it beside the C listing: each block below
//! carries the name micro-Max's comments give it. In one function it combines:
//!
//! 1. **Negamax alpha-beta.** A score is always from the point of view of the
//!    side to move; the reply's score is negated. A move that scores `>= beta`
//!    refutes the opponent's previous move (a *cut-off*): stop looking.
//! 2. **Internal iterative deepening (IID) at every node.** A node does not
//!    search its requested depth at once; it searches 1 ply, then 2, ... up to
//!    the depth asked for. Each iteration leaves its best move in the hash
//!    table, so the next iteration tries it first, and a good first move makes
//!    alpha-beta cut off early. The hash table also records how deep the node
//!    got, so a later visit **resumes** where the last one stopped, and a visit
//!    that asks for no more than is stored is answered from the table.
//! 3. **Best move first.** The only move ordering micro-Max has: the best move
//!    of the previous iteration is tried first, then the others. (umax then
//!    tries the captures in MVV/LVA order before the quiet moves; this and the
//!    other departures are marked `Deviation from micro-Max:` in the code.)
//! 4. **Two-pass MVV/LVA quiescence.** Depth is counted so that iteration 1 is a
//!    *scoring pass* (captures are ranked by Most Valuable Victim / Least
//!    Valuable Attacker without being searched, and a capture of the king shows
//!    the previous move was illegal) and iteration 2 is the *quiescence search*
//!    (only captures are searched, best-ranked first, and the side to move may
//!    "stand pat" on the current score). Every full-width iteration (3 and up)
//!    searches all moves with quiescence below.
//! 5. **Futility pruning.** If a move's score after it is made cannot reach
//!    alpha and the reply would only be a quiescence search, the reply would
//!    stand pat and fail high at once: so we do not search it at all.
//! 6. **Null-move pruning** (R = 2), **late-move reduction** of quiet moves, and
//!    a **check extension**, as in micro-Max 4.8.
//!
//! Legality is tested the micro-Max way: moves are pseudo-legal, and a move
//! that leaves the king in check is refuted when the reply captures the king
//! (the reply returns [`INFINITY`]).
//!
//! ## Depth
//! As in micro-Max, depth counts quiescence as 2: iteration `d` searches all
//! moves `d - 2` plies deep and then captures. The root driver
//! [`Searcher::think`] asks for `plies + QUIESCENCE_DEPTH`.
//!
//! ## Mate scores and the delayed-loss bonus
//! micro-Max lowers alpha by one on entry (`q--`) and adds one to a score below
//! the static evaluation on return (`m += m < e`). A loss found later thus looks
//! a little better than the same loss found sooner, which makes the side that
//! loses resist longest and, mirrored, the side that wins pick the shortest
//! mate: mate in `n` moves scores `INFINITY - n`.

use std::time::{Duration, Instant};

use crate::board::{Board, Move, MoveKind, Piece, PieceKind};
use crate::clock::{Deadlines, Limits, POLL_INTERVAL};
use crate::eval::{self, Score};
use crate::table::{Bound, TranspositionTable};

/// micro-Max's `I`: more than any evaluation; the score of capturing a king.
pub const INFINITY: Score = 32000;

/// Scores beyond this are mates (micro-Max: `I - M`, M = 136).
pub const MATE_BOUND: Score = INFINITY - 500;

/// The score of a draw.
pub const DRAW_SCORE: Score = 0;

/// Iteration 1: rank captures by MVV/LVA without searching them.
pub const SCORING_PASS: i32 = 1;

/// Iteration 2: search captures only (quiescence). Iterations above are full width.
pub const QUIESCENCE_DEPTH: i32 = 2;

/// A mate score is true at any depth: store it with this depth so no deeper
/// search of the position is ever made (micro-Max: `d = 98`).
pub const MATE_DEPTH: i32 = 98;

/// With a single legal move the root driver stops after this many plies.
pub const ONLY_MOVE_PLIES: u32 = 4;

/// The deepest full-width search the root driver will ask for.
pub const MAX_PLIES: u32 = MATE_DEPTH as u32 - 3;

/// Null-move reduction: the null move is searched 2 plies shallower than a real
/// move would be (micro-Max 4.8: `d - 3` instead of `d - 1`).
pub const NULL_MOVE_REDUCTION: i32 = 2;

/// Late-move reduction starts at iterations deeper than this (micro-Max: `d > 5`).
pub const LMR_MIN_DEPTH: i32 = 5;

/// Late-move reduction: quiet non-pawn moves other than the best-so-far move
/// are searched this much shallower, and again at full depth if they beat alpha.
pub const LMR_REDUCTION: i32 = 1;

/// How a search should be reported on and interrupted: the front ends implement
/// this to print thinking output and to read their input while the engine thinks.
pub trait Listener {
    /// Called every [`POLL_INTERVAL`] nodes; return `true` to stop the search now
    /// (the best move found so far is still returned).
    fn should_stop(&mut self) -> bool {
        false
    }

    /// Called after every completed iteration at the root.
    fn iteration_done(&mut self, _info: &SearchInfo) {}

    /// Asked after [`Listener::should_stop`] while pondering: `true` once the
    /// opponent has played the expected move, so that the clock starts now.
    fn ponder_hit(&mut self) -> bool {
        false
    }
}

/// A listener that prints nothing and never interrupts.
pub struct Silent;

impl Listener for Silent {}

/// The state of the search after a completed iteration.
#[derive(Clone, Debug)]
pub struct SearchInfo {
    /// Full-width depth in plies.
    pub depth: u32,
    /// Deepest ply reached, quiescence included.
    pub selective_depth: u32,
    /// Score in centipawns from the side to move's point of view; mate scores are
    /// beyond [`MATE_BOUND`] (see [`mate_in`]).
    pub score: Score,
    /// Time since the search started.
    pub elapsed: Duration,
    /// Nodes searched so far (counted as micro-Max counts them).
    pub nodes: u64,
    /// Principal variation (best line), read back from the hash table.
    pub pv: Vec<Move>,
    /// Per mille of the hash table in use.
    pub hash_permille: usize,
}

/// What [`Searcher::think`] returns.
#[derive(Clone, Debug)]
pub struct SearchResult {
    /// The move to play; `None` only when there is no legal move.
    pub best_move: Option<Move>,
    /// The move the engine expects in reply (for pondering hints).
    pub ponder_move: Option<Move>,
    /// The last completed iteration (or a default if none completed).
    pub info: SearchInfo,
}

/// Moves to mate for a mate score: positive when the side to move mates in
/// that many moves, negative when it is mated; `None` for ordinary scores.
pub fn mate_in(score: Score) -> Option<i32> {
    if score > MATE_BOUND {
        Some(INFINITY - score)
    } else if score < -MATE_BOUND {
        Some(-(score + INFINITY - 1).max(1))
    } else {
        None
    }
}

/// Plies needed to see the mate of a mate score: `2n - 1` to mate in `n`
/// moves, `2n` to be mated in `n`; `None` for ordinary scores.
pub fn mate_plies(score: Score) -> Option<u32> {
    mate_in(score).map(|moves| {
        let plies = 2 * moves.unsigned_abs();
        if moves > 0 { plies - 1 } else { plies }
    })
}

/// Captures and queen promotions are what quiescence searches; under-promotions
/// that capture nothing are treated as quiet moves.
///
/// Deviation from micro-Max: micro-Max promotes to a queen only and its
/// quiescence ignores promotions that capture nothing. We generate all four
/// promotions in full-width nodes and let quiescence try pushing a pawn to queen.
#[inline]
fn is_tactical(victim: Piece, mv: Move) -> bool {
    !victim.is_empty() || mv.kind == MoveKind::EnPassant || mv.promotion == Some(PieceKind::Queen)
}

/// One move of a node's move list, with its ordering key.
#[derive(Clone, Copy, Debug)]
struct ScoredMove {
    mv: Move,
    /// MVV/LVA key for captures and promotions; `None` for quiet moves.
    capture_rank: Option<Score>,
}

/// The engine: owns the board being searched, the hash table and the limits.
/// There is no global state; two searchers can run side by side.
pub struct Searcher {
    table: TranspositionTable,
    board: Board,
    /// Keys of the game's positions since the last irreversible move, then of
    /// the positions on the current search path: for repetition detection.
    path_keys: Vec<u64>,
    /// Move lists of all nodes on the current path, each node using a slice.
    move_stack: Vec<ScoredMove>,
    /// Scratch buffer for the move generator.
    generated: Vec<Move>,
    /// micro-Max's `R`: non-pawn material gone from the board (see `eval.rs`).
    material_gone: i32,
    /// Nodes as micro-Max counts them: passes of the deepening loop.
    nodes: u64,
    /// Calls of the search function (positions visited), for comparison.
    calls: u64,
    selective_depth: u32,
    node_limit: Option<u64>,
    deadlines: Deadlines,
    /// While pondering: the limits that apply from `ponderhit` on.
    limits_after_ponder_hit: Option<Limits>,
    stopped: bool,
    /// The best move at the root in the iteration in progress, and its score.
    root_best: Option<Move>,
    root_best_score: Score,
    /// The iteration the root resumes from (see [`Searcher::think`]).
    root_resume: i32,
}

impl Searcher {
    /// A searcher with a hash table of `2^log2_entries` entries.
    pub fn new(log2_entries: u32) -> Searcher {
        Searcher::with_table(TranspositionTable::new(log2_entries))
    }

    /// A searcher using `table`.
    pub fn with_table(table: TranspositionTable) -> Searcher {
        Searcher {
            table,
            board: Board::start(),
            path_keys: Vec::with_capacity(1024),
            move_stack: Vec::with_capacity(8192),
            generated: Vec::with_capacity(256),
            material_gone: 0,
            nodes: 0,
            calls: 0,
            selective_depth: 0,
            node_limit: None,
            deadlines: Deadlines::default(),
            limits_after_ponder_hit: None,
            stopped: false,
            root_best: None,
            root_best_score: 0,
            root_resume: 0,
        }
    }

    /// Replace the hash table by one of `megabytes` MiB. On failure the old table
    /// is kept and the error says why.
    pub fn resize_table(&mut self, megabytes: usize) -> Result<(), String> {
        self.table = TranspositionTable::try_with_megabytes(megabytes)?;
        Ok(())
    }

    /// The hash table (for its size).
    pub fn table(&self) -> &TranspositionTable {
        &self.table
    }

    /// Forget all stored positions (a new game).
    pub fn clear_table(&mut self) {
        self.table.clear();
    }

    /// Nodes searched by the last [`Searcher::think`], counted as micro-Max
    /// counts them (see `Searcher::count_node`).
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// Calls of the search function in the last [`Searcher::think`]: positions
    /// visited, hash-table answers included.
    pub fn calls(&self) -> u64 {
        self.calls
    }

    /// Choose a move in `board`. `history` holds the keys of the positions
    /// played before it in the game (oldest first), for repetition detection.
    ///
    /// This is the root driver: iterative deepening with a real clock. Each call
    /// of `Searcher::search` with one more ply resumes from the depth stored in
    /// the root's hash entry, so it adds exactly one iteration.
    pub fn think(
        &mut self,
        board: &Board,
        history: &[u64],
        limits: &Limits,
        listener: &mut dyn Listener,
    ) -> SearchResult {
        let start = Instant::now();
        self.board = board.clone();
        self.path_keys.clear();
        let irreversible = (board.halfmove_clock() as usize).min(history.len());
        self.path_keys
            .extend_from_slice(&history[history.len() - irreversible..]);
        self.path_keys.push(board.key());
        self.move_stack.clear();
        self.material_gone = eval::material_gone(board);
        self.nodes = 0;
        self.calls = 0;
        self.selective_depth = 0;
        self.node_limit = limits.nodes;
        self.deadlines = limits.deadlines(start);
        // Deviation from micro-Max: pondering. The search runs without a time
        // limit until the opponent plays the expected move, then on the clock.
        self.limits_after_ponder_hit = limits.ponder.then(|| Limits {
            ponder: false,
            ..limits.clone()
        });
        self.stopped = false;
        self.root_best = None;

        let legal = board.legal_moves();
        let mut result = SearchResult {
            best_move: legal.first().copied(),
            ponder_move: None,
            info: SearchInfo {
                depth: 0,
                selective_depth: 0,
                score: 0,
                elapsed: Duration::ZERO,
                nodes: 0,
                pv: Vec::new(),
                hash_permille: 0,
            },
        };
        if legal.is_empty() {
            return result;
        }

        let max_plies = limits.depth.unwrap_or(MAX_PLIES).clamp(1, MAX_PLIES);
        let root_eval = eval::static_eval(board);
        for plies in 1..=max_plies {
            let depth = plies as i32 + QUIESCENCE_DEPTH;
            // The root resumes where the last iteration stopped (micro-Max's root
            // runs one deepening loop; our driver is that loop): the first call
            // makes the scoring pass and the quiescence pass too, each later call
            // adds exactly one iteration.
            self.root_resume = if plies == 1 { 0 } else { depth - 1 };
            let score = self.search(-INFINITY, INFINITY, root_eval, depth, 0, listener);
            if self.stopped {
                // A move that took the lead in the interrupted iteration was fully
                // searched to this depth and beat everything searched before it,
                // the old best move included: play it, and say so first, so that
                // the last line shown always starts with the move played.
                if let Some(best) = self.root_best.filter(|mv| legal.contains(mv))
                    && result.best_move != Some(best)
                {
                    result.best_move = Some(best);
                    result.info = self.info(start, plies, self.root_best_score);
                    listener.iteration_done(&result.info);
                }
                break;
            }
            if let Some(best) = self.root_best.filter(|mv| legal.contains(mv)) {
                result.best_move = Some(best);
            }
            result.info = self.info(start, plies, score);
            listener.iteration_done(&result.info);

            let soft_limit_passed = self.deadlines.soft.is_some_and(|t| Instant::now() >= t);
            // A single legal move is played at once, after a few plies so that the
            // score shown is not a 1-ply guess (a mate seen before stays visible).
            let only_move = legal.len() == 1
                && plies >= ONLY_MOVE_PLIES
                && !limits.infinite
                && self.limits_after_ponder_hit.is_none()
                && limits.depth.is_none();
            // A mate proved within the plies searched cannot be made shorter
            // by searching deeper: further iterations would only repeat it.
            let mate_proved = mate_plies(score).is_some_and(|mate| plies >= mate)
                && !limits.infinite
                && self.limits_after_ponder_hit.is_none();
            if soft_limit_passed || only_move || mate_proved || self.node_limit_reached() {
                break;
            }
        }
        // The ponder move is the reply in the played move's own line, or none.
        result.ponder_move = match (result.best_move, result.info.pv.as_slice()) {
            (Some(best), [first, reply, ..]) if *first == best => Some(*reply),
            _ => None,
        };
        result.info.elapsed = start.elapsed();
        result.info.nodes = self.nodes;
        result
    }

    /// What to report after an iteration of `plies` that proved `score` for the
    /// root's best move.
    fn info(&self, start: Instant, plies: u32, score: Score) -> SearchInfo {
        SearchInfo {
            depth: plies,
            selective_depth: self.selective_depth.max(plies),
            score,
            elapsed: start.elapsed(),
            nodes: self.nodes,
            pv: self.principal_variation(self.root_best, plies as usize + 8),
            hash_permille: self.table.permille_used(),
        }
    }

    /// micro-Max's `D()`: the score of the position on `self.board` for the side
    /// to move, searched `depth` deep (see the module docs for what depth means)
    /// within the window `alpha..beta`. `eval` is the incremental evaluation of
    /// the position (micro-Max's `e`), `ply` the distance from the root.
    fn search(
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

        // Deviation from micro-Max: nodes that will only do quiescence neither
        // probe nor store the hash table. They are most of the tree, and each
        // probe is a cache miss; without them `umax bench` reaches the same depth
        // in less time, though it visits more nodes.
        let uses_table = depth > QUIESCENCE_DEPTH;

        // Resume at stored depth: a hash entry whose bound fits the window tells
        // how deep this node has been searched and with what score.
        let key = self.board.key();
        let mut iteration = 0;
        let mut best = -INFINITY;
        let entry = if uses_table {
            self.table.probe(key)
        } else {
            None
        };
        if let Some(entry) = entry {
            let usable = match entry.bound {
                Bound::Exact => true,
                Bound::Lower => entry.score >= beta,
                Bound::Upper => entry.score <= alpha,
            };
            if usable && ply > 0 {
                iteration = entry.depth;
                best = entry.score;
            }
        }
        // The root does not trust the table (micro-Max's `z` flag): it resumes
        // where the root driver's previous iteration ended, so that it sees every
        // move and reports its best one.
        if ply == 0 {
            iteration = self.root_resume;
        }
        if iteration >= depth.max(QUIESCENCE_DEPTH) {
            return best + Score::from(best < eval); // deep enough: answered from the table
        }

        // Pass 1, the scoring pass (micro-Max's iteration d = 1): rank the
        // captures by MVV/LVA and see whether we can capture the king.
        //
        // Deviation from micro-Max: micro-Max generates moves afresh in every
        // iteration by scanning the board, and remembers only the single best
        // capture. We generate once per node (captures only if the node will only
        // do quiescence) and sort all captures by MVV/LVA, so every iteration
        // tries them in that order after the best move.
        let first = self.move_stack.len();
        if self.generate_and_rank(depth) {
            self.count_node(listener);
            self.move_stack.truncate(first);
            return INFINITY; // K capture: the previous move was illegal
        }
        let last = self.move_stack.len();
        if iteration < SCORING_PASS {
            iteration = SCORING_PASS;
            self.count_node(listener);
        }

        // Start at best-move hint: put the stored best move first.
        //
        // Deviation from micro-Max: when the stored bound does not fit the window,
        // micro-Max keeps only the move's from-square as the place to start its
        // board scan; we keep the whole move.
        //
        // At the root the hint is the best move of the previous iteration, which
        // micro-Max's root keeps in its locals `X`, `Y` from one iteration to the next.
        let mut best_move: Option<Move> = None;
        let is_hint = |mv: Move| match (ply, entry) {
            (0, _) => self.root_best == Some(mv),
            (_, Some(entry)) => entry.is_best_move(mv),
            _ => false,
        };
        if let Some(index) = (first..last).find(|&i| is_hint(self.move_stack[i].mv)) {
            self.move_stack[first..=index].rotate_right(1);
            best_move = Some(self.move_stack[first].mv);
        }

        // Deviation from micro-Max: micro-Max learns that it is in check when its
        // null move gets the king captured (`P == I`); we ask the board, so that
        // the null move can be skipped in check and stalemate told from mate.
        let full_width = depth > QUIESCENCE_DEPTH;
        let in_check = full_width && self.board.in_check();
        let endgame = self.material_gone >= eval::ENDGAME_MATERIAL_GONE;

        // Iterative deepening loop.
        while iteration < depth || iteration < QUIESCENCE_DEPTH {
            iteration += 1;
            self.count_node(listener);

            // Search null move: let the opponent move twice. If we are still
            // >= beta after searching that 2 plies shallower, the position is so
            // good that a real move will be too: cut off without trying one.
            //
            // Deviation from micro-Max: micro-Max turns the null move off late in
            // the game (`R > 35`); we turn it off whenever the side to move has
            // only king and pawns, where zugzwang makes it unsound, and at the root.
            let null_move_allowed = iteration > QUIESCENCE_DEPTH
                && ply > 0
                && !in_check
                && self.board.has_non_pawn_material(self.board.side_to_move());
            let mut null_score = -INFINITY;
            if null_move_allowed {
                let undo = self.board.make_null_move();
                self.path_keys.push(self.board.key());
                let null_depth = iteration - 1 - NULL_MOVE_REDUCTION;
                null_score = -self.search(-beta, 1 - beta, -eval, null_depth, ply + 1, listener);
                self.path_keys.pop();
                self.board.unmake_null_move(undo);
                if self.stopped {
                    self.move_stack.truncate(first);
                    return 0;
                }
            }
            // Prune or stand pat: in quiescence the side to move may decline to
            // capture and keep the current score.
            best = if null_score >= beta {
                null_score
            } else if iteration > QUIESCENCE_DEPTH {
                -INFINITY
            } else {
                eval
            };

            // Try the best move first, then scan the others.
            for index in first..last {
                if best >= beta {
                    break; // abort on fail high
                }
                let ScoredMove { mv, capture_rank } = self.move_stack[index];
                let is_capture = capture_rank.is_some();
                if iteration <= QUIESCENCE_DEPTH && !is_capture {
                    continue; // quiescence: captures (and queen promotions) only
                }

                // New eval and alpha.
                let new_eval = eval + eval::move_gain(&self.board, mv, self.material_gone);
                let child_alpha = best.max(alpha);

                // Late-move reduction: reduce quiet non-pawn moves other than the
                // best move so far; they are re-searched below if they beat alpha.
                let mover = self.board.piece_at(mv.from).kind();
                let is_hint = index == first && best_move == Some(mv);
                let mut child_depth = iteration - 1;
                if iteration > LMR_MIN_DEPTH
                    && mover != Some(PieceKind::Pawn)
                    && !is_capture
                    && !is_hint
                {
                    child_depth -= LMR_REDUCTION;
                }
                // Extend 1 ply if in check: evasions are few and forcing
                // (micro-Max 4.8 does not extend in the end game).
                if in_check && !endgame {
                    child_depth = iteration;
                }

                let score = if child_depth <= QUIESCENCE_DEPTH && new_eval <= child_alpha {
                    // Futility: the reply would stand pat and fail high, so this
                    // move cannot raise alpha. Do not even make it.
                    new_eval
                } else {
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
                    // New best: update max, best.
                    best = score;
                    best_move = Some(mv);
                    if ply == 0 && iteration > QUIESCENCE_DEPTH {
                        self.root_best = Some(mv);
                        self.root_best_score = score;
                    }
                    // Keep it first in the list so the next iteration tries it first.
                    self.move_stack[first..=index].rotate_right(1);
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
            let bound = if best >= beta {
                Bound::Lower
            } else if best <= alpha {
                Bound::Upper
            } else {
                Bound::Exact
            };
            if uses_table {
                self.table.store(key, best, iteration, bound, best_move);
            }
        }
        self.move_stack.truncate(first);
        best + Score::from(best < eval) // delayed-loss bonus
    }

    /// Generate this node's moves onto the move stack, with captures first in
    /// MVV/LVA order. Returns `true` if one of them captures the king.
    fn generate_and_rank(&mut self, depth: i32) -> bool {
        self.generated.clear();
        if depth > QUIESCENCE_DEPTH {
            self.board.generate_moves(&mut self.generated);
        } else {
            self.board.generate_captures(&mut self.generated);
        }
        let first = self.move_stack.len();
        // Captures (and promotions) first, ranked by MVV/LVA ...
        for &mv in &self.generated {
            let victim = self.board.piece_at(mv.to);
            if victim.kind() == Some(PieceKind::King) {
                return true;
            }
            if is_tactical(victim, mv) {
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
            if !is_tactical(self.board.piece_at(mv.to), mv) {
                self.move_stack.push(ScoredMove {
                    mv,
                    capture_rank: None,
                });
            }
        }
        false
    }

    /// Is the current position (not the root) drawn by threefold repetition or
    /// the 50-move rule? Within the search one repetition is enough: if the
    /// position could be repeated once, it can be repeated again.
    fn is_draw_by_rule(&self) -> bool {
        let halfmove = self.board.halfmove_clock() as usize;
        if halfmove >= 100 {
            // Checkmate on the 100th half-move still wins.
            return !(self.board.in_check() && self.board.legal_moves().is_empty());
        }
        let keys = &self.path_keys;
        let current = keys.len() - 1;
        let reach = halfmove.min(current);
        (4..=reach)
            .step_by(2)
            .any(|back| keys[current - back] == keys[current])
    }

    /// micro-Max's `N++`: count one node per pass of the deepening loop (the
    /// scoring pass included), and every [`POLL_INTERVAL`] nodes look at the
    /// clock and the input. Counting where micro-Max counts makes our nodes per
    /// second comparable with micro-Max's and Fairy-Max's. A node answered from
    /// the hash table makes no pass and is not counted ([`Searcher::calls`]
    /// counts those too).
    #[inline]
    fn count_node(&mut self, listener: &mut dyn Listener) {
        self.nodes += 1;
        if self.nodes.is_multiple_of(POLL_INTERVAL) {
            self.poll(listener);
        }
    }

    /// Look at the clock, the node limit and the listener.
    fn poll(&mut self, listener: &mut dyn Listener) {
        let interrupted = listener.should_stop();
        if let Some(limits) = &self.limits_after_ponder_hit
            && listener.ponder_hit()
        {
            self.deadlines = limits.deadlines(Instant::now());
            self.limits_after_ponder_hit = None;
        }
        let time_up = self.deadlines.hard.is_some_and(|t| Instant::now() >= t);
        if interrupted || time_up || self.node_limit_reached() {
            self.stopped = true;
        }
    }

    fn node_limit_reached(&self) -> bool {
        self.node_limit.is_some_and(|limit| self.nodes >= limit)
    }

    /// The best line: `first`, then the best moves stored in the hash table,
    /// as long as they are legal and do not repeat a position.
    fn principal_variation(&self, first: Option<Move>, max_length: usize) -> Vec<Move> {
        let mut pv = Vec::new();
        let Some(first) = first else { return pv };
        let mut board = self.board.clone();
        let mut seen = vec![board.key()];
        let mut next = Some(first);
        while let Some(mv) = next {
            board.make_move(mv);
            pv.push(mv);
            if seen.contains(&board.key()) || pv.len() >= max_length {
                break;
            }
            seen.push(board.key());
            next = self
                .table
                .best_move_among(board.key(), &board.legal_moves());
        }
        pv
    }
}
