//! # Move ordering: which move a node tries first
//!
//! Alpha-beta cuts off as soon as one move refutes the position, so the
//! sooner the refutation comes, the less is searched. micro-Max orders by
//! one rule, **best move first**: the move that was best in the previous
//! iteration (or that the hash table remembers) is tried first, then the
//! others as its board scan meets them, with the best capture of the scoring
//! pass as the first hint ([`Searcher::micro_max_scan_order`] orders
//! `search=micromax`'s moves so). umax's default adds what the seeds'
//! move-ordering log measured:
//!
//! * **MVV/LVA**: captures before quiet moves, the most valuable victim
//!   first and, among equal victims, the least valuable attacker
//!   ([`crate::eval::mvv_lva`]);
//! * **killers**: the two quiet moves that last refuted a sibling position at
//!   the same ply, tried right after the good captures;
//! * **history**: the other quiet moves by how often they cut off anywhere in
//!   the tree, less how often they were tried in vain;
//! * **bad captures last**: a capture that loses material by static exchange
//!   ([`super::see`]) comes after every quiet move.
//!
//! Each node's moves live in one slice of the searcher's move stack; these
//! functions fill and reorder that slice.

use crate::board::{Board, Color, Move, MoveKind, Piece, PieceKind, Square};
use crate::eval::{self, EvalStyle, Score};
use crate::table::Entry;

use super::Searcher;
use super::see;
use super::techniques::{CaptureOrder, MoveOrdering};

/// The largest history score (switch `ordering=history`).
pub const HISTORY_LIMIT: Score = 16384;

/// Move a history score by `bonus`, less the more it already leans that way,
/// so that old results fade and no score passes ±[`HISTORY_LIMIT`].
#[inline]
fn nudge_history(score: &mut Score, bonus: Score) {
    *score += bonus - *score * bonus.abs() / HISTORY_LIMIT;
}

/// A move's place in the sorted list as one number, so that sorting
/// compares integers: its class (good captures, killers, quiet moves, bad
/// captures) first, then its value within the class (lower first), then its
/// place in the generated list (the low 16 bits), which breaks ties.
#[inline]
fn ordering_key(class: u8, value: Score, place: usize) -> u64 {
    // Flipping the sign bit orders the unsigned numbers as the signed values.
    let value = u64::from(value.cast_unsigned() ^ 0x8000_0000);
    u64::from(class) << 48 | value << 16 | place as u64
}

/// One move of a node's move list, with its ordering key.
#[derive(Clone, Copy, Debug)]
pub(super) struct ScoredMove {
    pub(super) mv: Move,
    /// MVV/LVA key for captures and promotions; `None` for quiet moves.
    pub(super) capture_rank: Option<Score>,
}

/// Captures (and, with `queen_pushes`, queen promotions) are what quiescence
/// searches; under-promotions that capture nothing count as quiet moves.
///
/// Deviation from micro-Max (eval styles `umax` and `tapered`): quiescence
/// pushes a pawn to queen too. (Full-width nodes generate all four
/// promotions under every style; micro-Max only queens.)
#[inline]
pub(super) fn is_tactical(victim: Piece, mv: Move, queen_pushes: bool) -> bool {
    !victim.is_empty()
        || mv.kind == MoveKind::EnPassant
        || (queen_pushes && mv.promotion == Some(PieceKind::Queen))
}

/// micro-Max's step vectors `o[]`, on its own 0x88 board (row 0 is rank 8,
/// so -16 is a step towards rank 8), a 0 ending each piece's list.
const MICRO_MAX_STEPS: [i32; 17] = [
    -16, -15, -17, 0, 1, 16, 0, 1, 16, 15, 17, 0, 14, 18, 31, 33, 0,
];

/// Where each piece's steps start in [`MICRO_MAX_STEPS`] (micro-Max's
/// `o[p + 16]`, one before the first), by micro-Max's piece code `p`.
const MICRO_MAX_FIRST_STEP: [i32; 8] = [0, 7, -1, 11, 6, 8, 3, 6];

/// micro-Max's piece codes (`p = u & 7`) of `side`'s pieces, by umax's kind
/// code: white pawn 1, black pawn 2, knight 3, king 4, bishop 5, rook 6,
/// queen 7.
#[inline]
fn micro_max_codes(side: Color) -> [usize; 8] {
    let pawn = if side == Color::White { 1 } else { 2 };
    [0, pawn, 3, 5, 6, 7, 4, 0] // -, P, N, B, R, Q, K
}

/// `DIRECTIONS[p]`: the directions of micro-Max's piece `p` in the order its
/// direction loop tries them (`r = p > 2 & r < 0 ? -r : -o[++j]`: a pawn's
/// push, then its captures, the h-side first for White, the a-side for
/// Black; the other pieces each step and then its opposite), as umax's 0x88
/// steps (rank 1 first); 0 ends the list.
const DIRECTIONS: [[i32; 8]; 8] = {
    let mut directions = [[0; 8]; 8];
    let mut code = 1;
    while code < 8 {
        let (mut j, mut r, mut direction) = (MICRO_MAX_FIRST_STEP[code], code as i32, 0);
        loop {
            r = if code > 2 && r < 0 {
                -r
            } else {
                j += 1;
                -MICRO_MAX_STEPS[j as usize]
            };
            if r == 0 {
                break;
            }
            let file_step = ((r + 8) & 15) - 8;
            directions[code][direction] = file_step - (r - file_step); // rows flipped
            direction += 1;
        }
        code += 1;
    }
    directions
};

/// micro-Max's square number `x` of `square`: its 0x88 index with rank 8 as
/// row 0. The board scan (`x = x + 9 & ~M`) meets the squares in its order.
#[inline]
fn scan_index(square: Square) -> usize {
    square.index() ^ 0x70
}

/// The move of `moves` (each with its rank and its place in a scan) with the
/// highest rank, the first in the scan of those, if that rank beats `eval`:
/// micro-Max's scoring pass, `if (v > m)`.
fn first_best(moves: impl Iterator<Item = (Move, Score, u64)>, eval: Score) -> Option<Move> {
    let mut best: Option<(Score, u64, Move)> = None;
    for (mv, rank, place) in moves {
        if best.map_or(rank > eval, |(high, at, _)| (rank, at) > (high, place)) {
            best = Some((rank, place, mv));
        }
    }
    best.map(|(_, _, mv)| mv)
}

/// The quiet move micro-Max's scoring pass picks on `board`, which has no
/// capture: a quiet move ranks minus its piece's code, so the pass picks the
/// first piece met in a scan from `start` of those with a quiet move and
/// the lowest code, if minus that code beats `eval`, and its first quiet move.
fn first_quiet_move(board: &Board, start: Square, eval: Score) -> Option<Move> {
    const BY_CODE: [PieceKind; 6] = [
        PieceKind::Pawn,
        PieceKind::Knight,
        PieceKind::King,
        PieceKind::Bishop,
        PieceKind::Rook,
        PieceKind::Queen,
    ];
    let us = board.side_to_move();
    let codes = micro_max_codes(us);
    let empty = !board.occupied();
    // A set of squares turned so that bit `i` is the square the scan from
    // `start` meets `i`-th (its bytes swapped, rank 8 comes first).
    let start = (start.bit_index() ^ 56) as u32;
    let turn = |set: u64| set.swap_bytes().rotate_right(start);
    let square = |i: u32| Square::from_bit_index(((i + start) & 63) ^ 56);
    for kind in BY_CODE {
        let code = codes[kind as usize];
        if -(code as Score) <= eval {
            return None;
        }
        let mut pieces = turn(board.pieces_of(us, kind));
        while pieces != 0 {
            let from = square(pieces.trailing_zeros());
            pieces &= pieces - 1;
            // A pawn's only quiet moves are its pushes, the first direction.
            let directions = DIRECTIONS[code].iter().take(if code < 3 { 1 } else { 8 });
            let step = directions
                .take_while(|&&step| step != 0)
                .find_map(|&step| from.offset(step as i8).filter(|to| empty & to.bit() != 0));
            if let Some(to) = step {
                let promotes = kind == PieceKind::Pawn && to.rank() == us.promotion_rank();
                return Some(Move {
                    promotion: promotes.then_some(PieceKind::Queen),
                    ..Move::new(from, to)
                });
            }
        }
    }
    None
}

impl Searcher {
    /// Start at best-move hint: put the stored best move first and return it
    /// (umax's search; micro-Max's, `micromax.rs`, starts as micro-Max does).
    ///
    /// Deviation from micro-Max: when the stored bound does not fit the window,
    /// micro-Max keeps only the move's from-square as the place to start its
    /// board scan; we keep the whole move. At the root the hint is the best move
    /// of the previous iteration, which micro-Max's root keeps in its locals
    /// `X`, `Y` from one iteration to the next.
    pub(super) fn put_hint_first(
        &mut self,
        entry: Option<Entry>,
        ply: usize,
        first: usize,
        last: usize,
        table_hint: bool,
    ) -> Option<Move> {
        let root_best = self.root_best;
        // Switch `hint=off` (`table_hint` false): the table's move is not put first.
        let is_hint = |mv: Move| match (ply, entry) {
            (0, _) => root_best == Some(mv),
            (_, Some(entry)) => table_hint && entry.has_best_move() && entry.is_best_move(mv),
            _ => false,
        };
        let index = (first..last).find(|&i| is_hint(self.move_stack[i].mv))?;
        self.move_stack[first..=index].rotate_right(1);
        Some(self.move_stack[first].mv)
    }

    /// Wheeler's quiet-first (seed 003): at the horizon, put the first move
    /// that would not *extend* the search (no capture, no promotion, no check)
    /// ahead of the captures and of a capturing hint. In Wheeler's HAL such a
    /// move is scored by the evaluation at once: cheap, and if it already
    /// refutes the opponent's last move, the dear capture sequences are never
    /// searched. Here its reply is a quiescence search.
    pub(super) fn put_quiet_first(&mut self, first: usize, last: usize) {
        for index in first..last {
            let ScoredMove { mv, capture_rank } = self.move_stack[index];
            if capture_rank.is_none() && mv.promotion.is_none() && !self.gives_check(mv) {
                self.move_stack[first..=index].rotate_right(1);
                return;
            }
        }
    }

    /// Generate this node's moves onto the move stack, ordered as the switches
    /// `captures` and `ordering` say: all of them, or (`all_moves` false) the
    /// captures only; `horizon`: the node is one ply from quiescence. Returns
    /// `true` if a move captures the king.
    pub(super) fn generate_and_rank(&mut self, all_moves: bool, horizon: bool, ply: usize) -> bool {
        self.generate(all_moves, false);
        let first = self.move_stack.len();
        let queen_pushes = self.settings.eval != EvalStyle::MicroMax;
        let king_capture = match (self.settings.captures, queen_pushes) {
            (CaptureOrder::MvvLva, true) => self.rank_mvv_lva::<true>(first),
            (CaptureOrder::MvvLva, false) => self.rank_mvv_lva::<false>(first),
            (CaptureOrder::Generation, _) => self.generate_in_order(queen_pushes),
        };
        // Quiescence keeps MVV/LVA: it has no quiet moves to put killers
        // among, and SEE of every capture would cost more than it saves. A
        // horizon node is sorted only with `horizon_ordering` (on in the
        // default: +16.8 ± 11.0, 1,906 games at 2+0.02), though futility
        // pruning skips most of its quiet moves unsearched.
        let ordered = match self.settings.ordering {
            MoveOrdering::MicroMax => false,
            MoveOrdering::Killers => all_moves,
            MoveOrdering::History => all_moves && (!horizon || self.settings.horizon_ordering),
        };
        if !king_capture && ordered {
            self.order_with_killers(first, ply);
        }
        king_capture
    }

    /// Fill the generator's scratch list with every pseudo-legal move, or
    /// (`all_moves` false) with the captures only; `scan`: in micro-Max's
    /// scan order (see [`Board::generate`]).
    fn generate(&mut self, all_moves: bool, scan: bool) {
        self.generated.clear();
        let moves = &mut self.generated;
        match (all_moves, scan) {
            (true, false) => self.board.generate::<false, false>(moves),
            (true, true) => self.board.generate::<false, true>(moves),
            (false, false) => self.board.generate::<true, false>(moves),
            (false, true) => self.board.generate::<true, true>(moves),
        }
    }

    /// The generated moves onto the move stack, in the order the generator
    /// made them (switch `captures=generation`). Returns `true` if one of the
    /// moves captures the king.
    fn generate_in_order(&mut self, queen_pushes: bool) -> bool {
        for &mv in &self.generated {
            let victim = self.board.piece_at(mv.to);
            if victim.kind() == Some(PieceKind::King) {
                return true;
            }
            let capture_rank =
                is_tactical(victim, mv, queen_pushes).then(|| eval::mvv_lva(&self.board, mv));
            self.move_stack.push(ScoredMove { mv, capture_rank });
        }
        false
    }

    /// micro-Max's moves of a node onto the move stack from `first` on, in the
    /// order of its board scan from a8 (the generator's `SCAN_ORDER`; see
    /// [`Searcher::micro_max_scan_order`]), each capture ranked by micro-Max's
    /// MVV/LVA (`i - p`: the victim's value, in centipawns as umax's
    /// evaluation is, less the capturer's piece code). All moves, or
    /// (`all_moves` false: a quiescence node) the captures only.
    ///
    /// Returns `false` (and puts nothing there) if a move captures the king.
    pub(super) fn generate_in_scan_order(&mut self, all_moves: bool) -> bool {
        self.stats.move_lists += 1;
        self.generate(all_moves, true);
        let (board, first) = (&self.board, self.move_stack.len());
        let codes = micro_max_codes(board.side_to_move());
        for &mv in &self.generated {
            let victim = board.piece_at(mv.to);
            if victim.kind() == Some(PieceKind::King) {
                self.move_stack.truncate(first);
                return false;
            }
            let capture_rank = is_tactical(victim, mv, false).then(|| {
                let value = match mv.kind {
                    MoveKind::EnPassant => eval::PIECE_VALUES[PieceKind::Pawn as usize],
                    _ => eval::piece_value(victim, mv.to),
                };
                value - codes[board.piece_at(mv.from).kind_code()] as Score
            });
            self.move_stack.push(ScoredMove { mv, capture_rank });
        }
        true
    }

    /// The table's move (`entry`'s) among the moves from `first` on, or in a
    /// quiescence node (`all_moves` false) perhaps a quiet one, which
    /// micro-Max's scan would start from.
    pub(super) fn stored_move(
        &mut self,
        first: usize,
        all_moves: bool,
        entry: Option<Entry>,
    ) -> Option<Move> {
        let entry = entry.filter(Entry::has_best_move)?;
        let mut moves = self.move_stack[first..].iter().map(|scored| scored.mv);
        let stored = moves.find(|&mv| entry.is_best_move(mv));
        if stored.is_some() || all_moves {
            return stored;
        }
        self.generate(true, false); // a quiet move, perhaps
        let mut moves = self.generated.iter().copied();
        moves.find(|&mv| entry.is_best_move(mv))
    }

    /// micro-Max's scoring pass (its iteration 1, `v = i - p`): of the moves
    /// from `first` to `last` (in scan order from a8), the first met in a
    /// scan from `start` with the highest MVV/LVA rank, a quiet move ranking
    /// minus its piece's code, if that beats `eval`: the first iteration's
    /// hint. (With no capture, a quiescence node may pick a quiet move: it
    /// is not searched there, but the table keeps it.)
    pub(super) fn scoring_pass(
        &self,
        first: usize,
        last: usize,
        start: Square,
        eval: Score,
    ) -> Option<Move> {
        let moves = &self.move_stack[first..last];
        let captures = moves.iter().enumerate().filter_map(|(index, scored)| {
            // Its place in the scan from `start`: its square's, then its own.
            let turned = (scan_index(scored.mv.from) + 0x80 - scan_index(start)) & 0x7F;
            Some((
                scored.mv,
                scored.capture_rank?,
                (turned << 16 | index) as u64,
            ))
        });
        if let Some(mv) = first_best(captures, eval) {
            return Some(mv);
        }
        // A capture outranks every quiet move, which ranks -1 at most.
        if eval >= -1 || moves.iter().any(|scored| scored.capture_rank.is_some()) {
            return None;
        }
        first_quiet_move(&self.board, start, eval)
    }

    /// The order in which micro-Max tries the moves from `first` to `last`
    /// (in the order of its scan from a8) in an iteration with the best-move
    /// hint `hint`, its scan starting at the hint's from-square (without a
    /// hint, at `start`): their indices, each with whether it is tried as the
    /// hint.
    ///
    /// micro-Max has no move list. Each iteration scans the board (`x = x + 9
    /// & ~M`: a8 to h8, a7 ... h1, wrapping round to a8) from the from-square
    /// `X` of the best move so far, trying each piece's moves in the order of
    /// its steps (`Board::generate`'s `SCAN_ORDER`). Before the scan it tries
    /// the hint `Y`, unless that is castling or a double push (`h = Y & S`),
    /// which the scan meets soon enough. (The scan meets the hint again and
    /// finds its score in the table; we do not try it twice.)
    pub(super) fn micro_max_scan_order(
        &self,
        first: usize,
        last: usize,
        start: Square,
        hint: Option<Move>,
    ) -> impl Iterator<Item = (usize, bool)> + use<> {
        // The scan begins at the first move of the first square met from
        // `start` (past the last square: round to a8).
        let start = scan_index(hint.map_or(start, |mv| mv.from));
        let moves = &self.move_stack[first..last];
        let at = first
            + moves
                .iter()
                .position(|m| scan_index(m.mv.from) >= start)
                .unwrap_or(0);
        let scan = (at..last).chain(first..at);
        let hint = hint.filter(|mv| !matches!(mv.kind, MoveKind::Castle | MoveKind::DoublePush));
        let hint = hint.and_then(|hint| moves.iter().position(|scored| scored.mv == hint));
        let hint = hint.map(|index| first + index);
        let scan = scan.filter(move |&index| Some(index) != hint);
        hint.map(|index| (index, true))
            .into_iter()
            .chain(scan.map(|index| (index, false)))
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
                let capture_rank = Some(eval::mvv_lva(&self.board, mv));
                // Insertion sort: a node has only a handful of captures.
                let mut at = self.move_stack.len();
                self.move_stack.push(ScoredMove { mv, capture_rank });
                while at > first && self.move_stack[at - 1].capture_rank < capture_rank {
                    self.move_stack.swap(at - 1, at);
                    at -= 1;
                }
            }
        }
        // ... then the quiet moves in generation order.
        for &mv in &self.generated {
            if !is_tactical(self.board.piece_at(mv.to), mv, QUEEN_PUSHES) {
                let capture_rank = None;
                self.move_stack.push(ScoredMove { mv, capture_rank });
            }
        }
        false
    }

    /// Switch `ordering=killers` (seed 002): after the hint, the *good*
    /// captures by MVV/LVA (good: it promotes, takes a piece worth at least
    /// the capturer, or loses nothing by SEE), then this ply's two killers,
    /// the other quiet moves (with `ordering=history` by history score, best
    /// first), and last the *bad* captures, least bad first. A **killer**
    /// refuted a sibling position, which a threat the opponent keeps making
    /// whatever we play likely refutes again.
    ///
    /// Deviation from micro-Max: micro-Max has no killers, no history and no
    /// SEE; it tries every capture before any quiet move.
    pub(super) fn order_with_killers(&mut self, first: usize, ply: usize) {
        let [killer_1, killer_2] = self.killers.get(ply).copied().unwrap_or_default();
        let by_history = self.settings.ordering == MoveOrdering::History;
        let (mut keys, mut unsorted) = std::mem::take(&mut self.ordering_scratch);
        keys.clear();
        unsorted.clear();
        unsorted.extend_from_slice(&self.move_stack[first..]);
        for (place, &scored) in unsorted.iter().enumerate() {
            let mv = scored.mv;
            let (class, value) = match scored.capture_rank {
                Some(rank) if see::is_good_capture(&self.board, mv) => (0, -rank),
                Some(_) => (5, -see::see(&self.board, mv)),
                None if Some(mv) == killer_1 => (1, 0),
                None if Some(mv) == killer_2 => (2, 0),
                None if by_history => (3, -self.history[self.history_index(mv)]),
                None => (3, 0),
            };
            keys.push(ordering_key(class, value, place));
        }
        // The place breaks ties (quiet moves stay in generation order).
        // Sorting bare keys is faster than sorting the moves with them.
        keys.sort_unstable();
        for (slot, &key) in self.move_stack[first..].iter_mut().zip(&keys) {
            *slot = unsorted[(key & 0xFFFF) as usize];
        }
        self.ordering_scratch = (keys, unsorted);
    }

    /// Remember a quiet move that caused a beta cut-off at `ply` as its first
    /// killer; the old first killer becomes the second.
    pub(super) fn remember_killer(&mut self, mv: Move, ply: usize) {
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
    pub(super) fn is_killer(&self, mv: Move, ply: usize) -> bool {
        self.killers
            .get(ply)
            .is_some_and(|killers| killers.contains(&Some(mv)))
    }

    /// Where `mv` of the side to move keeps its history score.
    #[inline]
    pub(super) fn history_index(&self, mv: Move) -> usize {
        let side = self.board.side_to_move() as usize;
        (side * 128 + mv.from.index()) * 128 + mv.to.index()
    }

    /// A quiet move, now first in the list at `first`, cut off after the
    /// moves now at `first + 1..=cut_at` were tried: reward it and penalise
    /// the quiet ones among them, by the square of the plies searched (deep
    /// results count most), at most a quarter of [`HISTORY_LIMIT`].
    pub(super) fn update_history(&mut self, first: usize, cut_at: usize, plies: i32) {
        let bonus = (plies * plies).min(HISTORY_LIMIT / 4);
        let slot = self.history_index(self.move_stack[first].mv);
        nudge_history(&mut self.history[slot], bonus);
        for index in first + 1..=cut_at {
            let ScoredMove { mv, capture_rank } = self.move_stack[index];
            if capture_rank.is_none() && mv.promotion.is_none() {
                let slot = self.history_index(mv);
                nudge_history(&mut self.history[slot], -bonus);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Board;
    use crate::search::Settings;

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
            let capture_rank = None;
            searcher.move_stack = vec![ScoredMove { mv, capture_rank }];
            searcher.update_history(0, 0, plies);
        }
        searcher.move_stack.clear();
        assert!(!searcher.generate_and_rank(true, false, 0));
        let moves = listed_moves(&searcher);
        assert_eq!(moves[..4], ["e4d5", "b1c3", "g1f2", "d1e2"]);
        assert_eq!(moves.last().unwrap(), "d1h5");
        // A horizon node is sorted too (`horizon_ordering`, in the default);
        // without it, its quiet moves stay in generation order.
        searcher.move_stack.clear();
        assert!(!searcher.generate_and_rank(true, true, 0));
        assert_eq!(searcher.move_stack[2].mv, often_good);
        searcher.settings.horizon_ordering = false;
        searcher.move_stack.clear();
        assert!(!searcher.generate_and_rank(true, true, 0));
        assert_ne!(searcher.move_stack[2].mv, often_good);
    }

    #[test]
    fn history_rewards_the_cut_and_penalises_quiet_moves_tried_before() {
        let mut searcher = Searcher::new(10);
        searcher.settings = Settings::from_spec("ordering=history").unwrap();
        let [cut, vain, capture] = ["g1f3", "b1c3", "e2e4"]
            .map(|text| searcher.board.parse_coordinate_move(text).unwrap());
        let listed = [(cut, None), (vain, None), (capture, Some(1))];
        let listed = listed.map(|(mv, capture_rank)| ScoredMove { mv, capture_rank });
        searcher.move_stack = listed.to_vec();
        searcher.update_history(0, 2, 4);
        let score = |searcher: &Searcher, mv| searcher.history[searcher.history_index(mv)];
        let scores = [cut, vain, capture].map(|mv| score(&searcher, mv));
        // A capture (here a move the list says is one) keeps its score.
        assert_eq!(scores, [16, -16, 0]);
        // Scores approach the limit but never pass it.
        for _ in 0..10_000 {
            searcher.update_history(0, 0, 40);
        }
        let cut_score = score(&searcher, cut);
        assert!(cut_score > HISTORY_LIMIT / 2 && cut_score <= HISTORY_LIMIT);
    }

    /// The moves of `fen` in micro-Max's scan from a8, as coordinates.
    fn scanned_moves(fen: &str) -> (Searcher, Vec<String>) {
        let mut searcher = Searcher::new(10);
        searcher.board = Board::from_fen(fen).unwrap();
        assert!(searcher.generate_in_scan_order(true));
        let moves = listed_moves(&searcher);
        (searcher, moves)
    }

    #[test]
    fn the_generator_steps_as_micro_max_reads_its_step_table() {
        for kind in [
            PieceKind::Knight,
            PieceKind::Bishop,
            PieceKind::Rook,
            PieceKind::Queen,
        ] {
            let code = micro_max_codes(Color::White)[kind as usize];
            let steps = DIRECTIONS[code].iter().take_while(|&&step| step != 0);
            let steps: Vec<i8> = steps.map(|&step| step as i8).collect();
            assert_eq!(crate::board::MICRO_MAX_MOVEMENT[kind as usize].0, steps);
        }
    }

    #[test]
    fn micro_max_scan_meets_squares_from_a8_and_steps_in_its_table_order() {
        let (searcher, moves) = scanned_moves(crate::board::START_FEN);
        let pawns = [
            "a2a3", "a2a4", "b2b3", "b2b4", "c2c3", "c2c4", "d2d3", "d2d4",
        ];
        assert_eq!(moves[..8], pawns);
        assert_eq!(moves[16..], ["b1c3", "b1a3", "g1h3", "g1f3"]);
        // Castling is the king's second step along its rank.
        let (_, moves) = scanned_moves("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
        let king: Vec<&String> = moves.iter().filter(|mv| mv.starts_with("e1")).collect();
        assert_eq!(
            king,
            ["e1d1", "e1c1", "e1f1", "e1g1", "e1e2", "e1f2", "e1d2"]
        );
        // A pawn pushes, then captures, White h-side first, Black a-side first.
        let (_, moves) = scanned_moves("4k3/8/8/3p1p2/4P3/8/8/4K3 w - - 0 1");
        assert_eq!(moves[..3], ["e4e5", "e4f5", "e4d5"]);
        let (_, moves) = scanned_moves("4k3/8/8/4p3/3P1P2/8/8/4K3 b - - 0 1");
        assert_eq!(moves[5..], ["e5e4", "e5d4", "e5f4"]); // after the king's

        // An iteration starts at the hint's square, the hint first, and wraps round.
        let moves = &searcher.move_stack;
        let order = |start: &str, hint: &str| {
            let hint = searcher.board.parse_coordinate_move(hint);
            let start = Square::parse(start).unwrap();
            let order = searcher.micro_max_scan_order(0, moves.len(), start, hint);
            let order = order.map(|(index, is_hint)| (moves[index].mv.coordinate(), is_hint));
            order.collect::<Vec<_>>()
        };
        let from_g1 = order("g1", "g1f3");
        assert_eq!(
            from_g1[..3],
            [
                ("g1f3".into(), true),
                ("g1h3".into(), false),
                ("a2a3".into(), false)
            ]
        );
        assert_eq!(from_g1.len(), 20);
        assert_eq!(from_g1[19].0, "b1a3");
        // A double push is not tried first; the scan meets it soon enough.
        assert_eq!(
            order("e2", "e2e4")[..2],
            [("e2e3".into(), false), ("e2e4".into(), false)]
        );
    }

    #[test]
    fn scoring_pass_picks_the_first_best_capture_of_the_scan() {
        // The pawn's two captures rank the same: the scan meets e5 first.
        let (searcher, moves) = scanned_moves("4k3/8/8/2p1p3/3P4/8/8/4K3 w - - 0 1");
        let a8 = Square::A8;
        let pick = |start, eval| searcher.scoring_pass(0, moves.len(), start, eval);
        assert_eq!(pick(a8, 0).unwrap().coordinate(), "d4e5");
        assert_eq!(pick(a8, 100), None); // it must beat the evaluation
        // A pawn takes before a knight (micro-Max's codes 1 and 3).
        let (searcher, moves) = scanned_moves("4k3/8/8/3p4/4P3/2N5/8/4K3 w - - 0 1");
        let pick = searcher.scoring_pass(0, moves.len(), Square::A8, 0);
        assert_eq!(pick.unwrap().coordinate(), "e4d5");
    }

    /// The quiet move micro-Max's scoring pass picks, found the long way.
    fn first_quiet_move_by_generation(board: &Board, start: Square, eval: Score) -> Option<Move> {
        let codes = micro_max_codes(board.side_to_move());
        let mut moves = Vec::new();
        board.generate::<false, true>(&mut moves); // in scan order from a8
        let quiet = moves
            .into_iter()
            .enumerate()
            .filter(|&(_, mv)| board.piece_at(mv.to).is_empty() && mv.kind != MoveKind::EnPassant);
        let quiet = quiet.map(|(index, mv)| {
            let code = codes[board.piece_at(mv.from).kind_code()];
            let turned = (scan_index(mv.from) + 0x80 - scan_index(start)) & 0x7F;
            (mv, -(code as Score), (turned << 16 | index) as u64)
        });
        first_best(quiet, eval)
    }

    #[test]
    fn first_quiet_move_is_the_quiet_move_the_scoring_pass_picks() {
        for fen in crate::tools::BENCH_POSITIONS {
            for side in ["w", "b"] {
                let mut fields: Vec<&str> = fen.split(' ').collect();
                fields[1] = side;
                let fen = fields.join(" ");
                let Ok(board) = Board::from_fen(&fen) else {
                    continue;
                };
                for start in ["a8", "e4", "h1", "d5", "b2"] {
                    let start = Square::parse(start).unwrap();
                    for eval in [-100, -4, -2, -1] {
                        assert_eq!(
                            first_quiet_move(&board, start, eval),
                            first_quiet_move_by_generation(&board, start, eval),
                            "{fen} from {start:?}, eval {eval}"
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn micro_max_ordering_tries_every_capture_first() {
        let mut searcher = ordering_position("ordering=micromax");
        assert!(!searcher.generate_and_rank(true, false, 0));
        let captures = &listed_moves(&searcher)[..2];
        assert!(captures.contains(&"e4d5".to_string()) && captures.contains(&"d1h5".to_string()));
    }
}
