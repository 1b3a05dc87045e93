//! # Beal's 1986 tactics search: null-move quiescence on material
//!
//! A second search algorithm, kept beside micro-Max's (`micromax.rs`) so that
//! the two can be compared on the same test suites. It is Don Beal's
//! "generalised quiescence search" (AI Journal; *Advances in Computer Chess 5*,
//! "Experiments with the null move"), ported from the untested pseudocode
//! (version 2, with a hash table) that Beal published in 2006 and that umax
//! keeps as a seed document.
//!
//! ## The idea: quiescence of the quiescence
//! An ordinary quiescence search lets the side to move *stand pat* (do
//! nothing and keep the current score) or try a capture. Standing pat is a
//! **null move** followed by an evaluation. Beal's *first-order quiescence*
//! ([`BealSearch::t1v`]) is exactly that on material: the score of a position
//! is the better of its material balance and the best capture. It is a
//! "capture tree".
//!
//! *Second-order quiescence* ([`BealSearch::t2v`]) applies the same idea one
//! level up, with the capture tree as the evaluation: at each node the side to
//! move may pass (the **null move**, after which the opponent's capture tree
//! gives a score) or try *any* move, each followed by the same search one
//! level down. A move is only worth a deeper look if it does better than
//! passing would, so quiet positions where nothing threatens cost one null
//! move and one capture tree. There is no evaluation beyond material and a
//! check-mate detector; the depth `d` counts how many full-width plies are
//! allowed before the capture tree takes over.
//!
//! ## Seeing checkmates
//! The capture tree alone cannot see a mate. Beal "enhanced the value returned
//! from the first-order quiescence with the ability to see checkmates":
//! [`BealSearch::xt1v`] is the capture tree plus [`BealSearch::matev`], which
//! asks "has the side to move a checking move after which the opponent is
//! mated?". [`BealSearch::mated`] answers "is the side to move mated?": no
//! legal reply, or (with `n = 2`) a single legal reply after which the other
//! side again has a mate in one (the *single-reply extension*). Beal was not
//! sure whether his experiments used `matev(1)` or `matev(2)`, so it is a
//! parameter ([`BealSearch::set_mate_depth`], `--matev` on the command line).
//!
//! ## The published result
//! "Material double-quiescence solved 276 of the 300 positions" of *Win at
//! Chess* (1986, on a Z8000, without a time limit). `umax epd FILE --search
//! beal` runs the same experiment here.
//!
//! ## Nodes
//! Beal counts a node where a move list is made: in `t1v` after the hash move,
//! in `matev` and `mated`, in `t2v` before the full move list, and once per
//! iteration at the root. Positions answered from the table or by the stand-pat
//! test cost no node.
//!
//! ## The hash table
//! Version 2 of the pseudocode keeps, per position, a flag (the entry was made
//! by `t1v`, by `t2v`, or is exact), the best move, the value and **both**
//! bounds `lv`, `uv` of the window it was searched with. umax's shared
//! [`TranspositionTable`](crate::table::TranspositionTable) stores one bound
//! type and a depth, which is not what these rules need, so this search has a
//! small table of its own: a `HashMap` keyed by the full 64-bit Zobrist key.
//! The searches this algorithm makes are small (thousands to a few million
//! positions), a map grows only as needed, and the full key means a stored move
//! is (barring a 64-bit collision) a move of this very position. Like `it2v`,
//! each search starts with an empty table.
//!
//! ## What shares what
//! `BealSearch` is its own struct rather than another `impl Searcher`: its
//! state (material balance, the table above, the matev depth) has nothing in
//! common with micro-Max's. It shares the board and its move generation, the
//! draw rule (`draw_by_rule` in `search/mod.rs`), the clock ([`Limits`],
//! [`POLL_INTERVAL`]) and reports through the same [`SearchInfo`].
//!
//! ## Where the untested pseudocode had to be interpreted
//! 1. **The garbled condition in `t2v`.** The published text reads
//!    `if( !found || (d>1 && found==FLAGt1v) || hlv>lv || huvbestv) { bestm=m;
//!    bestv=v; } ...`: everything between a `<` and a `>` was lost (as if eaten
//!    as an HTML tag), so it read `huv<uv) ... if(v>bestv)`. What survives after
//!    the gap is the tail of "search the previous best move first". The lost
//!    condition says when the table's entry does *not* describe a second-order
//!    search of at least this window: no entry, only a capture-tree entry while
//!    more than one ply from the horizon, or a stored window narrower than ours
//!    (`hlv > lv || huv < uv`). We read it as the test for whether the stored
//!    move is a trustworthy *previous best move*: when it holds, the entry's
//!    move is not tried first (a capture tree's best capture, or a move that
//!    merely refuted a narrower window, is no second-order best move), and the
//!    moves are taken in `t1v` order instead. When it does not hold, the
//!    stored move is searched first. Without a stored depth no entry can end
//!    the search early, so this is the only use the bounds can have.
//! 2. **`found=FLAGexact`** is read as the comparison `==`.
//! 3. **`prevm` in `t1v`** is undefined there; it is the hash move `m`. The hash
//!    move is only tried in `t1v` when it is a capture or promotion (an entry
//!    left by `t2v` may hold a quiet move, which the capture tree must not
//!    play), and under the same "cannot beat the best" test as the others.
//! 4. **King capture.** Version 1 returns `lv` when the king can be taken, which
//!    would make an illegal move fail *high* for its mover; version 2 returns
//!    `KINGCAPT`, which we follow ([`KING_CAPTURE`]).
//! 5. **Values.** `KINGCAPT` and `MATEV` are unspecified: a capture of the king
//!    scores [`KING_CAPTURE`]; a mate seen by `matev` is stored as the exact value
//!    [`MATE`], and the root searches with the window `(-MATE, MATE)`, so a mate
//!    seen by `xt1v` (which returns `uv`) and one read from the table agree.
//!    Without distance to mate (Beal's note 1) all mates are equal.
//! 6. **Storing.** Every `t1v` and `t2v` return stores an entry, as written; an
//!    entry stored without a best move keeps the move already there, so a
//!    capture tree run at the horizon does not erase the previous iteration's
//!    best move of the same position.
//! 7. **`sortbyt1v`** orders the moves by the value the table holds for the
//!    position after each move (negated); moves with no entry follow, by
//!    material gain. As written, only when `d > 1`.
//! 8. **The root.** `it2v` calls `t2v` at the root, whose null move would give a
//!    value but no move. Like Beal's program BCP ("a top level scan of legal
//!    moves ... evaluating moves via the tactics search"), the root here scans
//!    the legal moves, each searched with `t2v(d - 1)`, the best of the last
//!    iteration first: depth `d` matches `it2v(d)`. Iteration 0 is `xt1v` at
//!    the root, as in `it2v`; a mate it sees (stored with its move) is played
//!    at once, since no later iteration asks `matev` at the root.
//! 9. **Mate and stalemate in `t2v`.** A side with no legal move finds every
//!    move, and the null move, refuted by a king capture, so `t2v` returns `lv`
//!    for it: its opponent's move fails high. A mate is thus seen as a win,
//!    but so is a stalemate. This is the algorithm as written (material only).
//! 10. **Repetition** uses umax's draw rule (repetition since the last
//!     irreversible move, or the 50-move rule); the null move counts as a move
//!     there, as in micro-Max's search.

use std::collections::HashMap;
use std::time::{Duration, Instant};

use crate::board::{Board, Move, MoveKind, PieceKind, Undo};
use crate::clock::{Deadlines, Limits, POLL_INTERVAL};

use super::{SearchInfo, draw_by_rule};

/// A material score in Beal's units: pawn 1, knight and bishop 3, rook 5, queen 9.
pub type Value = i32;

/// The value of capturing the king: the previous move was illegal.
pub const KING_CAPTURE: Value = 1000;

/// The value of a position in which `matev` sees a mate (Beal's `MATEV`); also
/// the root's window is `(-MATE, MATE)`.
pub const MATE: Value = 500;

/// The draw score given to a repeated position.
pub const DRAW: Value = 0;

/// The deepest iteration the root will run when no depth is given.
pub const MAX_DEPTH: u32 = 64;

/// Beal's piece values; the king's is [`KING_CAPTURE`].
pub fn piece_value(kind: PieceKind) -> Value {
    match kind {
        PieceKind::Pawn => 1,
        PieceKind::Knight | PieceKind::Bishop => 3,
        PieceKind::Rook => 5,
        PieceKind::Queen => 9,
        PieceKind::King => KING_CAPTURE,
    }
}

/// The material balance of `board` from the side to move's point of view
/// (Beal's `mb`). Kings are not counted.
pub fn material_balance(board: &Board) -> Value {
    let us = board.side_to_move();
    crate::board::Square::all()
        .filter_map(|square| {
            let piece = board.piece_at(square);
            let kind = piece.kind().filter(|&kind| kind != PieceKind::King)?;
            let value = piece_value(kind);
            Some(if piece.is_color(us) { value } else { -value })
        })
        .sum()
}

/// Who made a table entry, which decides how it may be used (Beal's flags).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Flag {
    /// Left by the capture tree `t1v`.
    CaptureTree,
    /// Left by the second-order search `t2v`.
    SecondOrder,
    /// A true value whatever the window: a king capture, or a mate `matev` saw.
    Exact,
}

/// One position's entry in Beal's table.
#[derive(Clone, Copy, Debug)]
pub struct Entry {
    /// Who made it.
    pub flag: Flag,
    /// The best move found, if any move beat the null move / stand pat.
    pub best_move: Option<Move>,
    /// The value returned.
    pub value: Value,
    /// The window `(lower, upper)` it was searched with (Beal's `lv`, `uv`).
    pub lower: Value,
    /// See `lower`.
    pub upper: Value,
}

/// What a finished [`BealSearch::search`] found.
#[derive(Clone, Debug)]
pub struct BealResult {
    /// The move chosen; `None` only without a legal move.
    pub best_move: Option<Move>,
    /// Its value in Beal's units (`MATE` for a mate seen).
    pub value: Value,
    /// The last completed iteration (0 if none completed).
    pub depth: u32,
    /// Nodes, counted as Beal counts them.
    pub nodes: u64,
    /// Nodes counted by the end of each completed iteration (index 0 = depth 1).
    pub nodes_per_iteration: Vec<u64>,
    /// Time used by the end of each completed iteration (for `umax lab`).
    pub elapsed_per_iteration: Vec<Duration>,
    /// Time used.
    pub elapsed: Duration,
}

impl BealResult {
    /// The result as umax's other front ends report a search.
    pub fn info(&self) -> SearchInfo {
        SearchInfo {
            depth: self.depth,
            selective_depth: self.depth,
            score: self.value,
            elapsed: self.elapsed,
            nodes: self.nodes,
            pv: self.best_move.into_iter().collect(),
            hash_permille: 0,
            multipv: 0,
        }
    }
}

/// Beal's tactics search: the board being searched, its material balance, the
/// table, and the limits.
pub struct BealSearch {
    board: Board,
    /// Beal's `mb`: material from the side to move's point of view.
    material: Value,
    /// Keys since the last irreversible move, then of the search path.
    path_keys: Vec<u64>,
    table: HashMap<u64, Entry>,
    /// `n` of `matev(n)` as called by `xt1v`: 1 or 2.
    mate_depth: u32,
    nodes: u64,
    node_limit: Option<u64>,
    deadlines: Deadlines,
    next_poll: u64,
    stopped: bool,
}

/// What [`BealSearch::play`] must remember to take a move back.
struct Played {
    undo: Undo,
    material: Value,
}

impl Default for BealSearch {
    fn default() -> Self {
        BealSearch::new()
    }
}

impl BealSearch {
    /// A searcher with `matev(1)` and no limits, on the start position.
    pub fn new() -> BealSearch {
        BealSearch {
            board: Board::start(),
            material: 0,
            path_keys: Vec::new(),
            table: HashMap::new(),
            mate_depth: 1,
            nodes: 0,
            node_limit: None,
            deadlines: Deadlines::default(),
            next_poll: POLL_INTERVAL,
            stopped: false,
        }
    }

    /// Use `matev(n)` in `xt1v` (`n` is clamped to 1..=2).
    pub fn set_mate_depth(&mut self, n: u32) {
        self.mate_depth = n.clamp(1, 2);
    }

    /// Search `board` to the node / depth / time limits given; `history` holds
    /// the keys of the game's earlier positions, oldest first. This is `it2v`
    /// with a scan of the legal moves at the root (see the module docs, point 8).
    pub fn search(&mut self, board: &Board, history: &[u64], limits: &Limits) -> BealResult {
        let start = Instant::now();
        self.set_position(board, history);
        self.node_limit = limits.nodes;
        self.deadlines = limits.deadlines(start);
        let legal = board.legal_moves();
        let legal_is_empty = legal.is_empty();
        let mut result = BealResult {
            best_move: legal.first().copied(),
            value: 0,
            depth: 0,
            nodes: 0,
            nodes_per_iteration: Vec::new(),
            elapsed_per_iteration: Vec::new(),
            elapsed: Duration::ZERO,
        };
        // The root's moves with the value each got in the last iteration,
        // best first.
        let mut root_moves: Vec<(Move, Value)> = self
            .order_by_capture_tree(legal)
            .into_iter()
            .map(|mv| (mv, -MATE))
            .collect();
        if legal_is_empty {
            return result;
        }
        // Iteration 0 is `xt1v` at the root: the capture tree, and `matev`,
        // which stores a mate it sees as an exact entry with its move. Later
        // iterations never call `matev` for the root's own side at the root.
        self.count_node();
        if self.xt1v(-MATE, MATE) >= MATE
            && let Some(entry) = self.entry()
            && entry.flag == Flag::Exact
            && entry.value >= MATE
            && entry.best_move.is_some()
        {
            result.best_move = entry.best_move;
            result.value = MATE;
            result.nodes = self.nodes;
            result.elapsed = start.elapsed();
            return result;
        }
        let max_depth = limits.depth.unwrap_or(MAX_DEPTH).max(1);
        for depth in 1..=max_depth {
            self.count_node();
            let mut best = -MATE;
            let mut best_move = None;
            for (mv, value) in root_moves.iter_mut() {
                let played = self.play(*mv);
                *value = -self.t2v(depth - 1, -MATE, -best);
                self.take_back(*mv, played);
                if self.stopped {
                    break;
                }
                if *value > best || best_move.is_none() {
                    best = (*value).max(best);
                    best_move = Some(*mv);
                }
            }
            if self.stopped {
                break;
            }
            result.best_move = best_move;
            result.value = best;
            result.depth = depth;
            result.nodes_per_iteration.push(self.nodes);
            result.elapsed_per_iteration.push(start.elapsed());
            // The best first; the others in the order of their values (a
            // stable sort keeps ties in the previous order).
            root_moves.sort_by_key(|&(mv, value)| (Some(mv) != best_move, -value));
            if best >= MATE || self.node_limit_reached() {
                break;
            }
            if self.deadlines.soft.is_some_and(|t| Instant::now() >= t) {
                break;
            }
        }
        result.nodes = self.nodes;
        result.elapsed = start.elapsed();
        result
    }

    /// Set up `board` for one of the public search functions: an empty table, no
    /// nodes, no limits.
    pub fn set_position(&mut self, board: &Board, history: &[u64]) {
        self.board = board.clone();
        self.material = material_balance(board);
        self.path_keys.clear();
        let irreversible = (board.halfmove_clock() as usize).min(history.len());
        self.path_keys
            .extend_from_slice(&history[history.len() - irreversible..]);
        self.path_keys.push(board.key());
        self.table.clear();
        self.nodes = 0;
        self.next_poll = POLL_INTERVAL;
        self.stopped = false;
        self.node_limit = None;
        self.deadlines = Deadlines::default();
    }

    /// Nodes counted since the last [`BealSearch::set_position`].
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// The table's entry for the current position.
    pub fn entry(&self) -> Option<Entry> {
        self.table.get(&self.board.key()).copied()
    }

    /// Beal's `t1v(lv, uv)`, the capture tree (first-order quiescence on
    /// material). Returns the better of the material balance (standing pat: the
    /// null move) and the best capture or promotion, searched the same way;
    /// [`KING_CAPTURE`] if the king can be taken. A value `>= uv` is a lower
    /// bound, a value `<= lv` an upper bound.
    pub fn t1v(&mut self, lower: Value, upper: Value) -> Value {
        // A stopped search unwinds without counting or storing anything more.
        if self.stopped {
            return lower;
        }
        // Stand pat: the null move keeps the material balance.
        let mut best = lower.max(self.material);
        let mut best_move = None;
        if best >= upper {
            return self.store(Flag::CaptureTree, best_move, best, lower, upper);
        }
        // Try the previous iteration's best capture before listing moves.
        let entry = self.entry();
        if let Some(entry) = entry
            && entry.flag == Flag::Exact
        {
            return entry.value;
        }
        let hash_move = entry
            .and_then(|entry| entry.best_move)
            .filter(|&mv| self.is_capture_or_promotion(mv));
        if let Some(mv) = hash_move
            && self.material + self.material_gain(mv) > best
        {
            let value = self.t1v_child(mv, upper, best);
            if value > best {
                best = value;
                best_move = Some(mv);
            }
            if best >= upper {
                return self.store(Flag::CaptureTree, best_move, best, lower, upper);
            }
        }
        self.count_node();
        let mut captures = Vec::with_capacity(32);
        self.board.generate_captures(&mut captures);
        // Captures in order of material gain; a king capture comes first.
        let mut by_gain: Vec<(Move, Value)> = captures
            .into_iter()
            .map(|mv| (mv, self.material_gain(mv)))
            .collect();
        by_gain.sort_by_key(|&(_, gain)| -gain);
        if let Some(&(mv, gain)) = by_gain.first()
            && gain >= KING_CAPTURE
        {
            // The previous move left the king en prise: it was illegal.
            self.store(Flag::Exact, Some(mv), KING_CAPTURE, lower, upper);
            return KING_CAPTURE;
        }
        for (mv, gain) in by_gain {
            if Some(mv) == hash_move {
                continue;
            }
            // Sorted by gain: once a capture cannot beat the best, none can.
            if self.material + gain <= best {
                break;
            }
            let value = self.t1v_child(mv, upper, best);
            if value > best {
                best = value;
                best_move = Some(mv);
            }
            if best >= upper || self.stopped {
                break;
            }
        }
        self.store(Flag::CaptureTree, best_move, best, lower, upper)
    }

    /// Play `mv` and score the reply's capture tree with the window `(best, upper)`.
    fn t1v_child(&mut self, mv: Move, upper: Value, best: Value) -> Value {
        let played = self.play(mv);
        let value = -self.t1v(-upper, -best);
        self.take_back(mv, played);
        value
    }

    /// Beal's `matev(n)`: has the side to move a checking move after which the
    /// opponent is [`mated`](BealSearch::mated)`(n)`? `n = 1` sees mates in one;
    /// `n = 2` also mates in two where every check in between has one reply.
    /// A mate found is stored as an exact entry.
    pub fn matev(&mut self, n: u32) -> bool {
        if self.stopped {
            return false;
        }
        self.count_node();
        let mover = self.board.side_to_move();
        let mut moves = Vec::with_capacity(64);
        self.board.generate_moves(&mut moves);
        for mv in moves {
            let played = self.play(mv);
            let legal = !self
                .board
                .is_attacked(self.board.king_square(mover), mover.opposite());
            let mates = legal && self.board.in_check() && self.mated(n);
            self.take_back(mv, played);
            if mates {
                self.store(Flag::Exact, Some(mv), MATE, -MATE, MATE);
                return true;
            }
            if self.stopped {
                break;
            }
        }
        false
    }

    /// Beal's `mated(n)`: is the side to move (who is in check) mated? With no
    /// legal reply, yes; with `n > 1` and exactly one reply, if after it the
    /// other side has `matev(n - 1)` (the single-reply extension).
    pub fn mated(&mut self, n: u32) -> bool {
        if self.stopped {
            return false;
        }
        self.count_node();
        let replies = self.board.legal_moves();
        match replies.as_slice() {
            [] => true,
            &[only] if n > 1 => {
                let played = self.play(only);
                let mates = self.matev(n - 1);
                self.take_back(only, played);
                mates
            }
            _ => false,
        }
    }

    /// Beal's `xt1v(lv, uv)`: the capture tree, and if it does not reach `uv`,
    /// `uv` anyway when the side to move can mate (`matev(n)` with the depth set
    /// by [`BealSearch::set_mate_depth`]). Fail-hard: never above `uv`.
    pub fn xt1v(&mut self, lower: Value, upper: Value) -> Value {
        let value = self.t1v(lower, upper);
        if value >= upper {
            return upper;
        }
        if self.matev(self.mate_depth) {
            return upper;
        }
        value
    }

    /// Beal's `t2v(d, lv, uv)`, second-order quiescence: a repeated position is
    /// a draw; at `d = 0` the value is [`xt1v`](BealSearch::xt1v); otherwise the
    /// side to move may pass (the null move, scored by the opponent's `xt1v`) or
    /// play any move, scored by `t2v(d - 1)`. Never returns less than `lv`
    /// (`lv` itself means "no better than `lv`"); a value `>= uv` is a cut-off
    /// and only a lower bound.
    pub fn t2v(&mut self, depth: u32, lower: Value, upper: Value) -> Value {
        if self.stopped {
            return lower;
        }
        if draw_by_rule(&self.board, &self.path_keys) {
            return DRAW;
        }
        let entry = self.entry();
        if let Some(entry) = entry
            && entry.flag == Flag::Exact
        {
            return entry.value;
        }
        if depth == 0 {
            return self.xt1v(lower, upper);
        }
        // Null move first: pass, and let the opponent's capture tree score it.
        let undo = self.board.make_null_move();
        self.path_keys.push(self.board.key());
        self.material = -self.material;
        let null_value = -self.xt1v(-upper, -lower);
        self.material = -self.material;
        self.path_keys.pop();
        self.board.unmake_null_move(undo);
        let mut best = lower.max(null_value);
        let mut best_move = None;
        if best >= upper || self.stopped {
            return self.store(Flag::SecondOrder, best_move, best, lower, upper);
        }
        // The previous best move first, if the entry describes a second-order
        // search of at least this window (module docs, point 1).
        let previous_best = entry.and_then(|entry| {
            let not_second_order = (depth > 1 && entry.flag == Flag::CaptureTree)
                || entry.lower > lower
                || entry.upper < upper;
            if not_second_order {
                None
            } else {
                entry.best_move
            }
        });
        if let Some(mv) = previous_best {
            let value = self.t2v_child(mv, depth, upper, best);
            if value > best {
                best = value;
                best_move = Some(mv);
            }
            if best >= upper || self.stopped {
                return self.store(Flag::SecondOrder, best_move, best, lower, upper);
            }
        }
        self.count_node();
        let mut moves = Vec::with_capacity(64);
        self.board.generate_moves(&mut moves);
        if depth > 1 {
            moves = self.order_by_capture_tree(moves);
        }
        for mv in moves {
            if Some(mv) == previous_best {
                continue;
            }
            let value = self.t2v_child(mv, depth, upper, best);
            if value > best {
                best = value;
                best_move = Some(mv);
            }
            if best >= upper || self.stopped {
                break;
            }
        }
        self.store(Flag::SecondOrder, best_move, best, lower, upper)
    }

    /// Play `mv` and search the reply with `t2v(depth - 1)` and the window `(best, upper)`.
    fn t2v_child(&mut self, mv: Move, depth: u32, upper: Value, best: Value) -> Value {
        let played = self.play(mv);
        let value = -self.t2v(depth - 1, -upper, -best);
        self.take_back(mv, played);
        value
    }

    /// Beal's `sortbyt1v`: `moves` ordered by the value the table holds for the
    /// position after each (negated, so best for us first); moves whose
    /// position has no entry follow, by material gain (module docs, point 7).
    fn order_by_capture_tree(&mut self, moves: Vec<Move>) -> Vec<Move> {
        let mut scored: Vec<(Move, bool, Value)> = moves
            .into_iter()
            .map(|mv| {
                let gain = self.material_gain(mv);
                let undo = self.board.make_move(mv);
                let stored = self.table.get(&self.board.key()).map(|entry| entry.value);
                self.board.unmake_move(mv, undo);
                match stored {
                    Some(value) => (mv, false, -value),
                    None => (mv, true, gain),
                }
            })
            .collect();
        scored.sort_by_key(|&(_, unknown, value)| (unknown, -value));
        scored.into_iter().map(|(mv, _, _)| mv).collect()
    }

    /// Beal's `hashstore(flag, bestm, bestv, lv, uv)`; returns `value`. An entry
    /// stored without a best move keeps the one already there (module docs,
    /// point 6).
    fn store(
        &mut self,
        flag: Flag,
        best_move: Option<Move>,
        value: Value,
        lower: Value,
        upper: Value,
    ) -> Value {
        let key = self.board.key();
        let kept = best_move.or_else(|| self.table.get(&key).and_then(|entry| entry.best_move));
        self.table.insert(
            key,
            Entry {
                flag,
                best_move: kept,
                value,
                lower,
                upper,
            },
        );
        value
    }

    /// The material the side to move wins by `mv`: the piece captured, plus what
    /// a promotion adds to the pawn.
    pub fn material_gain(&self, mv: Move) -> Value {
        let captured = if mv.kind == MoveKind::EnPassant {
            piece_value(PieceKind::Pawn)
        } else {
            self.board.piece_at(mv.to).kind().map_or(0, piece_value)
        };
        let promoted = mv
            .promotion
            .map_or(0, |kind| piece_value(kind) - piece_value(PieceKind::Pawn));
        captured + promoted
    }

    fn is_capture_or_promotion(&self, mv: Move) -> bool {
        mv.promotion.is_some()
            || mv.kind == MoveKind::EnPassant
            || !self.board.piece_at(mv.to).is_empty()
    }

    /// Make `mv` on the board, the path and the material balance.
    fn play(&mut self, mv: Move) -> Played {
        let gain = self.material_gain(mv);
        let material = self.material;
        let undo = self.board.make_move(mv);
        self.path_keys.push(self.board.key());
        self.material = -(material + gain);
        Played { undo, material }
    }

    /// Take back what [`BealSearch::play`] did.
    fn take_back(&mut self, mv: Move, played: Played) {
        self.path_keys.pop();
        self.board.unmake_move(mv, played.undo);
        self.material = played.material;
    }

    /// Count a node (Beal: a position where moves are listed) and every
    /// [`POLL_INTERVAL`] nodes look at the clock and the node limit.
    fn count_node(&mut self) {
        self.nodes += 1;
        if self.node_limit_reached() {
            self.stopped = true;
        }
        if self.nodes >= self.next_poll {
            self.next_poll = self.nodes + POLL_INTERVAL;
            if self.deadlines.hard.is_some_and(|t| Instant::now() >= t) {
                self.stopped = true;
            }
        }
    }

    fn node_limit_reached(&self) -> bool {
        self.node_limit.is_some_and(|limit| self.nodes >= limit)
    }
}
