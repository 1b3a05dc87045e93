//! # A tapered piece-square evaluation (`eval=tapered`)
//!
//! micro-Max's evaluation is a handful of hand-set terms: material, a pull
//! towards the centre, a castling bonus, a frozen king, a pawn-structure
//! penalty, a pawn push that grows in the end game. The usual next step in
//! chess programming replaces them by **piece-square tables**: one number per
//! piece kind and square, saying what that piece is worth there. A knight on
//! e5 is worth more than one on a1; a pawn on the 7th more than one on the
//! 2nd; a king on g1 more than one on e4 — but only while queens are on the
//! board. That last point is why the tables are **tapered**: every piece kind
//! has a *middle-game* and an *end-game* value and table, and the evaluation
//! blends the two by the game phase:
//!
//! ```text
//! blended = (middle_game * phase + end_game * (FULL_PHASE - phase)) / FULL_PHASE
//! ```
//!
//! where `phase` counts the non-pawn material still on the board in
//! micro-Max's units ([`FULL_PHASE`] = 40 with every piece, 0 with bare kings
//! and pawns). The tables' numbers are not set by hand: `umax tune` fits them
//! to the results of self-play games (Texel tuning, see `tune.rs`) and writes
//! them to [`super::tuned`].
//!
//! ## Still incremental
//!
//! The search keeps micro-Max's design: it never evaluates a whole position,
//! it adds what each move gains ([`move_gain`]). That needs a phase that does
//! not change inside the search; like micro-Max's `R` it is fixed at the root
//! (`material_gone` is measured once per search). The blending is done *per
//! table entry*, each rounded on its own, so a position's value is a sum of
//! per-piece numbers and a move's gain is exactly the change of that sum: the
//! value of the piece on its new square minus on its old, plus the captured
//! piece's, a promotion's new piece, castling's rook, an en-passant victim.
//! [`static_eval`] of a position uses that position's own phase, which is the
//! root's phase at the root: the search, the root and the tuner agree.
//!
//! ## What the tables replace
//!
//! Under `eval=tapered` the tables are the whole positional evaluation:
//! micro-Max's centralisation, castling bonus, frozen king, pawn advancement,
//! end-game pawn push and pawn-structure penalty are all off. The king's
//! tables learn where the king is safe in the middle game and where it
//! belongs in the end game; the pawn's tables learn what an advanced pawn is
//! worth in each phase. The pawn-structure penalty (which looks at
//! neighbouring pawns) cannot be a table entry and is dropped; the seed-002
//! terms (`eval_passed`, `eval_isolated`, ...) are still added on top when
//! switched on.
//!
//! ## Why mirrored tables
//!
//! Each table has 32 entries, not 64: files a–d are stored, and files h–e
//! mirror them (a piece on g3 reads the b3 entry). The board is not quite
//! symmetric (the queen and king start on different files) but nearly so, and
//! half the parameters need half the data to fit and are half as much to read:
//! 6 piece kinds × 32 squares × 2 phases, plus a middle-game and an end-game
//! value per kind. Black's pieces read the same tables with the ranks turned
//! around. The value and the table of a kind overlap (adding a constant to a
//! table and taking it from the value changes nothing); the tuner keeps each
//! table's average where it started (umax's evaluation), so the tuned values
//! can be read beside umax's [`PIECE_VALUES`](super::PIECE_VALUES).
//!
//! ## What a table cannot say
//!
//! The tuning starts from umax's own evaluation written as tables
//! ([`TaperedParams::from_umax`]), but three of umax's terms do not fit in a
//! table and are only approximated there: the frozen king is a cost per king
//! *move* in umax and becomes a value per *square* (so a king that has
//! stepped off its home square once pays once, and Ke1-f1 reads the same
//! entry as a king castled long on c1); the pawn-structure penalty and the
//! king's pawn shelter look at neighbouring pawns and are gone. The tuner can
//! only repair this as far as its games teach it.
//!
//! Deviation from micro-Max: the whole of this file; micro-Max has no
//! piece-square tables and no tapering (its only phase-dependent terms are the
//! frozen king and the pawn push). The style is a laboratory switch, off by
//! default.

use crate::board::{Board, Color, Move, MoveKind, Piece, PieceKind, Square};

use super::{FULL_PHASE_UNITS, Score, material_gone, tuned};

/// The phase of a full board (micro-Max's units: knight and bishop 2, rook 3,
/// queen 6 for each side); 0 is a board with kings and pawns only.
pub const FULL_PHASE: i32 = FULL_PHASE_UNITS;

/// A piece-square table: 8 rows (rank 8 first, as on a diagram with White at
/// the bottom) of 4 files (a to d; h to e read them mirrored), from White's
/// point of view. Black's pieces read the rows turned around.
pub type Table = [[Score; 4]; 8];

/// The evaluation parameters of one piece kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PieceParams {
    /// Material: `[middle game, end game]`.
    pub value: [Score; 2],
    /// Middle-game table, added to the middle-game value.
    pub middle_game: Table,
    /// End-game table, added to the end-game value.
    pub end_game: Table,
}

/// Every parameter of the tapered evaluation: one [`PieceParams`] per piece
/// kind, pawn to king (index `kind code - 1`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TaperedParams {
    /// Pawn, knight, bishop, rook, queen, king.
    pub pieces: [PieceParams; 6],
}

/// Number of table entries over all piece kinds (6 × 32): the tuner's
/// features are these entries.
pub const ENTRIES: usize = 6 * 32;

/// The table entry (0..[`ENTRIES`]) that a piece of `kind` and `color` on
/// `square` reads: `(kind code - 1) * 32 + row * 4 + column`.
#[inline]
pub const fn entry_index(kind: PieceKind, color: Color, square: Square) -> usize {
    let rank = match color {
        Color::White => square.rank(),
        Color::Black => 7 - square.rank(),
    };
    let file = square.file();
    let column = if file < 4 { file } else { 7 - file };
    (kind as usize - 1) * 32 + (7 - rank as usize) * 4 + column as usize
}

impl TaperedParams {
    /// umax's own evaluation written as tapered tables: the starting point of
    /// tuning, so that "before tuning" means umax's evaluation (nearly: the
    /// pawn-structure penalty cannot be written as a table).
    ///
    /// * every kind's value is [`PIECE_VALUES`](super::PIECE_VALUES) in both phases;
    /// * pawns, knights, bishops and the king get umax's centralisation in
    ///   both tables; rooks and queens nothing;
    /// * a pawn's tables add [`ADVANCED_PAWN_BONUS`](super::ADVANCED_PAWN_BONUS)
    ///   per rank past its 5th, and its end-game table the full end-game pawn
    ///   push for each step from its start square;
    /// * the king's middle-game table charges the frozen king's
    ///   [`KING_MOVE_PENALTY`](super::KING_MOVE_PENALTY) off its home square
    ///   (e1, read also by d1) and credits the
    ///   [`CASTLING_BONUS`](super::CASTLING_BONUS) on the back rank's b/g and
    ///   c/f squares, where castling puts it.
    pub fn from_umax() -> TaperedParams {
        let mut pieces = [PieceParams {
            value: [0, 0],
            middle_game: [[0; 4]; 8],
            end_game: [[0; 4]; 8],
        }; 6];
        let end_game_push = super::pawn_push_bonus(FULL_PHASE);
        for (index, params) in pieces.iter_mut().enumerate() {
            let kind = PieceKind::from_code(index as u8 + 1).expect("six kinds");
            let value = super::PIECE_VALUES[kind as usize];
            params.value = [value, value];
            for rank in 0..8u8 {
                for file in 0..4u8 {
                    let square = Square::new(file, rank);
                    let (row, column) = (usize::from(7 - rank), usize::from(file));
                    let centre = super::centralisation(kind, square);
                    let (mut middle, mut end) = (centre, centre);
                    match kind {
                        PieceKind::Pawn if rank == 0 || rank == 7 => (middle, end) = (0, 0),
                        PieceKind::Pawn => {
                            let advanced =
                                super::ADVANCED_PAWN_BONUS * (i32::from(rank) - 4).max(0);
                            middle += advanced;
                            end += advanced + end_game_push * (i32::from(rank) - 1);
                        }
                        PieceKind::King if rank == 0 && file == 3 => {}
                        PieceKind::King if rank == 0 && (file == 1 || file == 2) => {
                            middle += super::CASTLING_BONUS - super::KING_MOVE_PENALTY;
                        }
                        PieceKind::King => middle -= super::KING_MOVE_PENALTY,
                        _ => {}
                    }
                    params.middle_game[row][column] = middle;
                    params.end_game[row][column] = end;
                }
            }
        }
        TaperedParams { pieces }
    }

    /// The `[middle game, end game]` value (material plus table) of table
    /// entry `entry` (see [`entry_index`]).
    #[inline]
    pub const fn entry(&self, entry: usize) -> [Score; 2] {
        let piece = &self.pieces[entry / 32];
        let (row, column) = (entry % 32 / 4, entry % 4);
        [
            piece.value[0] + piece.middle_game[row][column],
            piece.value[1] + piece.end_game[row][column],
        ]
    }
}

/// The game phase for the evaluation: non-pawn material on the board, from
/// [`FULL_PHASE`] (all of it) down to 0.
#[inline]
pub const fn phase(material_gone: i32) -> i32 {
    FULL_PHASE
        - if material_gone < 0 {
            0
        } else if material_gone > FULL_PHASE {
            FULL_PHASE
        } else {
            material_gone
        }
}

/// A `[middle game, end game]` pair blended for `phase`, rounded towards zero.
/// Every table entry is blended (and rounded) on its own, so that a sum of
/// entries changes by exactly what a move changes.
#[inline]
pub const fn blend([middle_game, end_game]: [Score; 2], phase: i32) -> Score {
    (middle_game * phase + end_game * (FULL_PHASE - phase)) / FULL_PHASE
}

/// Every piece's `[middle game, end game]` value on every square, indexed by
/// kind code and White's 0x88 square (Black's squares are turned around with
/// `^ 0x70`); kind code 0 (an empty square) is worth nothing. Built from the
/// tuned parameters at compile time.
const PIECE_SQUARE: [[[Score; 2]; 128]; 7] = piece_square(&tuned::TUNED);

const fn piece_square(params: &TaperedParams) -> [[[Score; 2]; 128]; 7] {
    let mut table = [[[0; 2]; 128]; 7];
    let mut kind = 1;
    while kind <= 6 {
        let mut index = 0;
        while index < 64 {
            let square = Square::from_bit_index(index);
            let piece_kind = match PieceKind::from_code(kind as u8) {
                Some(piece_kind) => piece_kind,
                None => panic!("kind codes 1..=6"),
            };
            table[kind][square.index()] =
                params.entry(entry_index(piece_kind, Color::White, square));
            index += 1;
        }
        kind += 1;
    }
    table
}

/// What `piece` on `square` is worth to its owner at `phase` (0 for an empty
/// square).
#[inline]
fn value(piece: Piece, square: Square, phase: i32) -> Score {
    let index = match piece.color() {
        Some(Color::Black) => square.index() ^ 0x70,
        _ => square.index(),
    };
    blend(PIECE_SQUARE[piece.kind_code()][index], phase)
}

/// What the move `mv` (pseudo-legal, not yet made) gains for the side making
/// it, with the phase fixed at the root's (`material_gone`).
#[inline]
pub fn move_gain(board: &Board, mv: Move, material_gone: i32) -> Score {
    let phase = phase(material_gone);
    let mover = board.piece_at(mv.from);
    let us = board.side_to_move();
    let captured_square = match mv.kind {
        MoveKind::EnPassant => Square::new(mv.to.file(), mv.from.rank()),
        _ => mv.to,
    };
    let placed = mv.promotion.map_or(mover, |kind| Piece::new(us, kind));
    let mut gain = value(board.piece_at(captured_square), captured_square, phase)
        + value(placed, mv.to, phase)
        - value(mover, mv.from, phase);
    if mv.kind == MoveKind::Castle {
        let rank = mv.from.rank();
        let (rook_from, rook_to) = if mv.to.file() == 6 { (7, 5) } else { (0, 3) };
        let rook = Piece::new(us, PieceKind::Rook);
        gain += value(rook, Square::new(rook_to, rank), phase)
            - value(rook, Square::new(rook_from, rank), phase);
    }
    gain
}

/// The full tapered evaluation of `board` for the side to move, at the
/// board's own phase.
pub fn static_eval(board: &Board) -> Score {
    static_eval_at(board, material_gone(board))
}

/// The full tapered evaluation of `board` for the side to move, at the phase
/// of `material_gone` (the search's positions are scored at the root's).
pub fn static_eval_at(board: &Board, material_gone: i32) -> Score {
    let phase = phase(material_gone);
    let us = board.side_to_move();
    let mut score = 0;
    for square in Square::all() {
        let piece = board.piece_at(square);
        if piece.is_empty() {
            continue;
        }
        let value = value(piece, square, phase);
        score += if piece.is_color(us) { value } else { -value };
    }
    score
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entries_mirror_files_and_turn_ranks_for_black() {
        let (g3, b3, b6) = (
            Square::parse("g3").unwrap(),
            Square::parse("b3").unwrap(),
            Square::parse("b6").unwrap(),
        );
        let knight = PieceKind::Knight;
        assert_eq!(
            entry_index(knight, Color::White, g3),
            entry_index(knight, Color::White, b3)
        );
        assert_eq!(
            entry_index(knight, Color::Black, b6),
            entry_index(knight, Color::White, b3)
        );
        // Row 0 is rank 8: a white pawn on a7 reads row 1, column 0.
        let a7 = Square::parse("a7").unwrap();
        assert_eq!(entry_index(PieceKind::Pawn, Color::White, a7), 4);
        assert_eq!(
            entry_index(PieceKind::King, Color::White, Square::H1),
            5 * 32 + 7 * 4
        );
    }

    #[test]
    fn blending_follows_the_phase() {
        assert_eq!(blend([100, 200], FULL_PHASE), 100);
        assert_eq!(blend([100, 200], 0), 200);
        assert_eq!(blend([100, 200], FULL_PHASE / 2), 150);
        assert_eq!(phase(0), FULL_PHASE);
        assert_eq!(phase(FULL_PHASE + 5), 0);
    }

    #[test]
    fn the_start_position_is_balanced_and_umax_tables_match_umax_on_it() {
        assert_eq!(static_eval(&Board::start()), 0);
        // From umax's evaluation: a knight's value and centralisation.
        let params = TaperedParams::from_umax();
        let f3 = Square::parse("f3").unwrap();
        let entry = params.entry(entry_index(PieceKind::Knight, Color::White, f3));
        let umax = super::super::piece_value(Piece::new(Color::White, PieceKind::Knight), f3)
            + super::super::centralisation(PieceKind::Knight, f3);
        assert_eq!(entry, [umax, umax]);
    }
}
