//! # The board: 0x88 squares, pieces, moves, FEN, move generation, make/unmake
//!
//! micro-Max keeps its board in a `char b[129]` indexed the **0x88** way: a square
//! is `16 * rank + file`, so only the left 8 of 16 columns are real. Stepping off
//! the board in any direction sets bit `0x08` (left or right edge) or `0x80` (top
//! or bottom), so one test, `square & 0x88 != 0`, replaces four bounds checks, and
//! a move generator is just "add the piece's step until you hit the edge or a
//! piece". We keep that scheme, with a named [`Square`] type.
//!
//! Pieces are bytes as in micro-Max: the low three bits give the [`PieceKind`]
//! and one of two colour flags says whose piece it is (`WHITE_FLAG = 8`,
//! `BLACK_FLAG = 16`), so `piece & colour_flag` tests ownership and an empty
//! square is `0`. Unlike micro-Max we do not pack a "has moved" bit into the
//! piece: castling rights live in [`CastlingRights`], as in FEN.
//!
//! Deviation from micro-Max: beside the board array, umax keeps each side's
//! squares, and those of each of its piece kinds, as 64-bit sets. They answer
//! "is any rook or queen on this square's lines?" with one `&`, and where only a
//! slider's first piece along a ray matters (captures, attacks, mobility) a table
//! of rays finds it without stepping (see "Rays as 64-bit sets" below).
//!
//! This module knows **every rule of chess**: castling (never out of, through or
//! into check), en passant (even when taking would expose the king along the
//! rank), the four promotions, check, checkmate and stalemate. Two generators:
//!
//! * [`Board::generate_moves`]: fast *pseudo-legal* moves (they may leave the
//!   king in check). The search uses these and, like micro-Max, finds out a move
//!   was illegal when the reply captures the king.
//! * [`Board::legal_moves`]: only legal moves, for perft, the console and the
//!   protocols. It computes pinned pieces once so that most moves need no test.
//!
//! [`Board::make_move`] returns an [`Undo`] record and [`Board::unmake_move`]
//! restores the position exactly, Zobrist key included. The key (see
//! [`Board::key`]) covers pieces, side to move, castling rights and the en-passant
//! file, so equal keys mean "the same position" for repetition detection.

use std::fmt;

use crate::input::quote;

/// Bits that are set in an index that has left the 8x8 part of the 0x88 board.
pub const OFF_BOARD: u8 = 0x88;

// ----- Squares -----

/// A square of the 0x88 board: `16 * rank + file`, rank 0 being White's back rank
/// (so a1 = 0x00, h1 = 0x07, a8 = 0x70, h8 = 0x77). micro-Max puts rank 8 at
/// index 0 to print top-down; the orientation changes nothing in the algorithm.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct Square(u8);

/// The squares castling involves, by name (the only ones the code names).
#[allow(missing_docs)] // a square's name is its documentation
impl Square {
    pub const A1: Square = Square(0x00);
    pub const B1: Square = Square(0x01);
    pub const C1: Square = Square(0x02);
    pub const D1: Square = Square(0x03);
    pub const E1: Square = Square(0x04);
    pub const F1: Square = Square(0x05);
    pub const G1: Square = Square(0x06);
    pub const H1: Square = Square(0x07);
    pub const A8: Square = Square(0x70);
    pub const B8: Square = Square(0x71);
    pub const C8: Square = Square(0x72);
    pub const D8: Square = Square(0x73);
    pub const E8: Square = Square(0x74);
    pub const F8: Square = Square(0x75);
    pub const G8: Square = Square(0x76);
    pub const H8: Square = Square(0x77);
}

impl Square {
    /// The square on `file` (0 = a) and `rank` (0 = rank 1). Both must be below 8.
    pub const fn new(file: u8, rank: u8) -> Square {
        assert!(file < 8 && rank < 8);
        Square(rank * 16 + file)
    }

    /// The square with 0x88 index `index`, or `None` if that index is off the board.
    pub const fn from_index(index: u8) -> Option<Square> {
        if index & OFF_BOARD == 0 {
            Some(Square(index))
        } else {
            None
        }
    }

    /// The 0x88 index, for indexing the board array (masked below 128: no bounds tests).
    #[inline]
    pub const fn index(self) -> usize {
        (self.0 & 0x7F) as usize
    }

    /// File 0..8 (0 = the a-file).
    #[inline]
    pub const fn file(self) -> u8 {
        self.0 & 7
    }

    /// Rank 0..8 (0 = rank 1).
    #[inline]
    pub const fn rank(self) -> u8 {
        self.0 >> 4
    }

    /// How many king steps apart this square and `other` are: the larger
    /// of the file and the rank difference.
    #[inline]
    pub const fn distance(self, other: Square) -> i32 {
        let files = self.file().abs_diff(other.file());
        let ranks = self.rank().abs_diff(other.rank());
        (if files > ranks { files } else { ranks }) as i32
    }

    /// The square `step` 0x88 units away, or `None` if that falls off the board.
    #[inline]
    pub const fn offset(self, step: i8) -> Option<Square> {
        Square::from_index(self.0.wrapping_add(step as u8))
    }

    /// This square's bit in a 64-bit set of squares (`8 * rank + file`).
    #[inline]
    pub const fn bit(self) -> u64 {
        1u64 << self.bit_index()
    }

    /// This square's bit index (0..64, `rank * 8 + file`) in a 64-bit set.
    #[inline]
    pub const fn bit_index(self) -> usize {
        ((self.0 >> 1 & 0x38) | (self.0 & 7)) as usize
    }

    /// The square whose bit is `bit_index` (0..64) in a 64-bit set of squares.
    #[inline]
    pub const fn from_bit_index(bit_index: u32) -> Square {
        Square(((bit_index as u8 & 0x38) << 1) | (bit_index as u8 & 7))
    }

    /// All 64 squares, a1, b1, ... h8.
    pub fn all() -> impl Iterator<Item = Square> {
        (0..64).map(Square::from_bit_index)
    }

    /// Parse a square name such as `e4`.
    pub fn parse(text: &str) -> Option<Square> {
        let bytes = text.as_bytes();
        if bytes.len() != 2 {
            return None;
        }
        let file = bytes[0].wrapping_sub(b'a');
        let rank = bytes[1].wrapping_sub(b'1');
        (file < 8 && rank < 8).then(|| Square::new(file, rank))
    }

    /// The file letter, `'a'..='h'`.
    pub fn file_char(self) -> char {
        (b'a' + self.file()) as char
    }

    /// The rank digit, `'1'..='8'`.
    pub fn rank_char(self) -> char {
        (b'1' + self.rank()) as char
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        write!(f, "{}{}", self.file_char(), self.rank_char())
    }
}

/// Iterate over the squares in a 64-bit square set (such as
/// [`Board::occupied_by`]), lowest first.
#[inline]
pub fn squares_in(mut set: u64) -> impl Iterator<Item = Square> {
    std::iter::from_fn(move || {
        if set == 0 {
            return None;
        }
        let bit_index = set.trailing_zeros();
        set &= set - 1;
        Some(Square::from_bit_index(bit_index))
    })
}

// ----- Colours and pieces -----

/// The two sides.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Color {
    /// White, who moves first.
    White = 0,
    /// Black.
    Black = 1,
}

/// The colour flag of a white piece byte (micro-Max: 8).
pub const WHITE_FLAG: u8 = 8;
/// The colour flag of a black piece byte (micro-Max: 16).
pub const BLACK_FLAG: u8 = 16;

impl Color {
    /// The other side.
    #[inline]
    pub const fn opposite(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }

    /// 0 for White, 1 for Black, for indexing per-colour arrays.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The colour flag that this side's piece bytes carry.
    #[inline]
    pub const fn flag(self) -> u8 {
        [WHITE_FLAG, BLACK_FLAG][self.index()]
    }

    /// The 0x88 step of a pawn push for this side: one rank up for White, down for Black.
    #[inline]
    pub const fn pawn_push(self) -> i8 {
        [16, -16][self.index()]
    }

    /// The rank (0..8) this side's pawns start on.
    pub const fn pawn_start_rank(self) -> u8 {
        [1, 6][self.index()]
    }

    /// The rank (0..8) on which this side's pawns promote.
    pub const fn promotion_rank(self) -> u8 {
        [7, 0][self.index()]
    }

    /// `"white"` or `"black"`.
    pub const fn name(self) -> &'static str {
        ["white", "black"][self.index()]
    }
}

/// The six kinds of chess piece. The numbers are the low three bits of a piece byte.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub enum PieceKind {
    /// Pawn (micro-Max distinguishes pawns by direction; we by colour).
    Pawn = 1,
    /// Knight.
    Knight = 2,
    /// Bishop.
    Bishop = 3,
    /// Rook.
    Rook = 4,
    /// Queen.
    Queen = 5,
    /// King.
    King = 6,
}

/// The four pieces a pawn may promote to, most useful first.
pub const PROMOTION_KINDS: [PieceKind; 4] = [
    PieceKind::Queen,
    PieceKind::Knight,
    PieceKind::Rook,
    PieceKind::Bishop,
];

/// Mask of the piece-kind bits in a piece byte.
const KIND_MASK: u8 = 7;

impl PieceKind {
    /// The kind whose code (low three bits of a piece byte) is `code`.
    #[inline]
    pub const fn from_code(code: u8) -> Option<PieceKind> {
        match code {
            1 => Some(PieceKind::Pawn),
            2 => Some(PieceKind::Knight),
            3 => Some(PieceKind::Bishop),
            4 => Some(PieceKind::Rook),
            5 => Some(PieceKind::Queen),
            6 => Some(PieceKind::King),
            _ => None,
        }
    }

    /// Upper-case letter as used in SAN and (for White) FEN.
    pub const fn letter(self) -> char {
        b"PNBRQK"[self as usize - 1] as char
    }

    /// The kind for a letter (either case), e.g. `'n'` or `'N'` for a knight.
    pub fn from_letter(letter: char) -> Option<PieceKind> {
        (1..=6)
            .filter_map(PieceKind::from_code)
            .find(|kind| kind.letter() == letter.to_ascii_uppercase())
    }

    /// Does this piece slide along diagonals (bishop, queen)?
    #[inline]
    const fn slides_diagonally(self) -> bool {
        matches!(self, PieceKind::Bishop | PieceKind::Queen)
    }

    /// Does this piece slide along ranks and files (rook, queen)?
    #[inline]
    const fn slides_straight(self) -> bool {
        matches!(self, PieceKind::Rook | PieceKind::Queen)
    }
}

/// A piece byte: colour flag plus kind code, `Piece::EMPTY` (0) for an empty square.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct Piece(u8);

impl Piece {
    /// The contents of an empty square.
    pub const EMPTY: Piece = Piece(0);

    /// A piece of the given colour and kind.
    #[inline]
    pub const fn new(color: Color, kind: PieceKind) -> Piece {
        Piece(color.flag() | kind as u8)
    }

    /// Is this square empty?
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Does this piece belong to `color`? (micro-Max's `u & k`.)
    #[inline]
    pub const fn is_color(self, color: Color) -> bool {
        self.0 & color.flag() != 0
    }

    /// The piece's kind, `None` for an empty square.
    #[inline]
    pub const fn kind(self) -> Option<PieceKind> {
        PieceKind::from_code(self.0 & KIND_MASK)
    }

    /// The kind code 0..7 (0 for empty), for indexing per-kind tables.
    #[inline]
    pub const fn kind_code(self) -> usize {
        (self.0 & KIND_MASK) as usize
    }

    /// The piece's colour, `None` for an empty square.
    #[inline]
    pub const fn color(self) -> Option<Color> {
        if self.0 & WHITE_FLAG != 0 {
            Some(Color::White)
        } else if self.0 & BLACK_FLAG != 0 {
            Some(Color::Black)
        } else {
            None
        }
    }

    /// Is this a piece of exactly this colour and kind?
    #[inline]
    pub const fn is(self, color: Color, kind: PieceKind) -> bool {
        self.0 == Piece::new(color, kind).0
    }

    /// Index 0..16 for Zobrist tables (the byte value without spare bits).
    #[inline]
    const fn zobrist_index(self) -> usize {
        (self.0 & KIND_MASK) as usize | ((self.0 & BLACK_FLAG) >> 1) as usize
    }

    /// FEN letter: upper case for White, lower case for Black, `'.'` when empty.
    pub fn fen_char(self) -> char {
        match (self.color(), self.kind()) {
            (Some(Color::White), Some(kind)) => kind.letter(),
            (Some(Color::Black), Some(kind)) => kind.letter().to_ascii_lowercase(),
            _ => '.',
        }
    }
}

// ----- Moves -----

/// What is special about a move, beyond its from- and to-square.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum MoveKind {
    /// Any move or capture with no side effect (promotions included).
    Normal,
    /// A pawn's two-square first move; it creates an en-passant square.
    DoublePush,
    /// A pawn capturing en passant; the captured pawn is not on the to-square.
    EnPassant,
    /// Castling, written as the king's move (e1g1); the rook moves too.
    Castle,
}

/// A move: from, to, the promotion piece if any, and its [`MoveKind`]. Four bytes.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Move {
    /// The square the piece leaves.
    pub from: Square,
    /// The square it goes to (for castling, the king's destination).
    pub to: Square,
    /// The piece a pawn becomes on the last rank.
    pub promotion: Option<PieceKind>,
    /// What else the move does (double push, en passant, castling).
    pub kind: MoveKind,
}

impl Move {
    /// A plain move with no promotion and no special effect.
    pub const fn new(from: Square, to: Square) -> Move {
        Move {
            from,
            to,
            promotion: None,
            kind: MoveKind::Normal,
        }
    }

    /// Coordinate notation as used by UCI and xboard: `e2e4`, `e7e8q`, castling `e1g1`.
    pub fn coordinate(self) -> String {
        self.to_string()
    }

    /// The square of the piece this move captures, if any: its to-square, or
    /// for an en-passant capture that of the pawn passed by, beside `from`.
    #[inline]
    pub const fn captured_square(self) -> Square {
        match self.kind {
            MoveKind::EnPassant => Square::new(self.to.file(), self.from.rank()),
            _ => self.to,
        }
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        write!(f, "{}{}", self.from, self.to)?;
        if let Some(kind) = self.promotion {
            write!(f, "{}", kind.letter().to_ascii_lowercase())?;
        }
        Ok(())
    }
}

// ----- Step vectors (micro-Max's o[] table, in 0x88 units) -----

/// The eight knight jumps.
pub const KNIGHT_STEPS: [i8; 8] = [33, 31, 18, 14, -14, -18, -31, -33];
/// The eight king steps; also the queen's eight ray directions.
pub const KING_STEPS: [i8; 8] = [1, 15, 16, 17, -1, -15, -16, -17];
/// The four diagonal ray directions.
pub const BISHOP_STEPS: [i8; 4] = [15, 17, -15, -17];
/// The four straight ray directions.
pub const ROOK_STEPS: [i8; 4] = [1, 16, -1, -16];

/// For two squares `a`, `b` on a common rank, file or diagonal, the step
/// from `a` towards `b`, indexed by the 0x88 difference `b - a + 119`; 0
/// where they share no line. (On a 0x88 board a difference names one
/// direction and distance, whatever the squares.)
static ALIGNMENT: [i8; 239] = {
    let mut table = [0i8; 239];
    let mut direction = 0;
    while direction < KING_STEPS.len() {
        let step = KING_STEPS[direction];
        let mut distance = 1;
        while distance < 8 {
            table[(step as i32 * distance + 119) as usize] = step;
            distance += 1;
        }
        direction += 1;
    }
    table
};

/// The step from `a` towards `b` along their common line, or 0.
#[inline]
fn alignment(a: Square, b: Square) -> i8 {
    ALIGNMENT[(b.index() as i32 - a.index() as i32 + 119) as usize]
}

/// The test of whether a piece kind slides along `step` (a queen step):
/// diagonally or straight.
#[inline]
fn slides_along(step: i8) -> fn(PieceKind) -> bool {
    if BISHOP_STEPS.contains(&step) {
        PieceKind::slides_diagonally
    } else {
        PieceKind::slides_straight
    }
}

// ----- Rays as 64-bit sets -----
//
// Deviation from micro-Max: instead of stepping along a ray until it meets a
// piece, umax looks the first piece up. For every direction and square a table
// holds the squares beyond it to the edge as a 64-bit set (bit `8 * rank +
// file`); the occupied ones among them give the first piece at once: the
// lowest bit along a step that raises the 0x88 index (+1, +15, +16, +17), the
// highest along the others. The answers are those of the stepping loop.

/// For each of the eight [`KING_STEPS`] directions and each square (bit
/// index), the squares beyond it in that direction, up to the edge.
static RAYS: [[u64; 64]; 8] = {
    let mut table = [[0u64; 64]; 8];
    let mut direction = 0;
    while direction < 8 {
        let mut bit_index = 0;
        while bit_index < 64 {
            let mut square = Square::from_bit_index(bit_index as u32);
            while let Some(next) = square.offset(KING_STEPS[direction]) {
                table[direction][bit_index] |= next.bit();
                square = next;
            }
            bit_index += 1;
        }
        direction += 1;
    }
    table
};

/// The place in [`KING_STEPS`] (and [`RAYS`]) of each queen step, indexed by
/// `step + 17`.
static DIRECTION_OF_STEP: [u8; 35] = {
    let mut table = [0u8; 35];
    let mut direction = 0;
    while direction < 8 {
        table[(KING_STEPS[direction] + 17) as usize] = direction as u8;
        direction += 1;
    }
    table
};

/// For each square (bit index), the squares a piece on it reaches on an
/// empty board along `steps`, as a 64-bit set: one step each for a leaper,
/// every step to the edge for a slider (`slides`).
const fn reach_table(steps: &[i8], slides: bool) -> [u64; 64] {
    let mut table = [0u64; 64];
    let mut bit_index = 0;
    while bit_index < 64 {
        let from = Square::from_bit_index(bit_index as u32);
        let mut step = 0;
        while step < steps.len() {
            let mut square = from;
            while let Some(next) = square.offset(steps[step]) {
                table[bit_index] |= next.bit();
                if !slides {
                    break;
                }
                square = next;
            }
            step += 1;
        }
        bit_index += 1;
    }
    table
}

/// The squares on the diagonals through each square (bit index), itself
/// left out: where a bishop or queen could attack it from.
pub static DIAGONAL_LINES: [u64; 64] = reach_table(&BISHOP_STEPS, true);

/// The squares on the rank and file through each square (bit index),
/// itself left out: where a rook or queen could attack it from.
pub static STRAIGHT_LINES: [u64; 64] = reach_table(&ROOK_STEPS, true);

/// Where a piece of each kind (by its code; pawns: none) on each square (bit index)
/// captures on an empty board: one lookup, not a `match` that mispredicts its jump.
static CAPTURE_REACH: [[u64; 64]; 7] = {
    let (none, queen) = ([0; 64], reach_table(&KING_STEPS, true));
    let (knight, bishop, rook) = (KNIGHT_LEAPS, DIAGONAL_LINES, STRAIGHT_LINES);
    [none, none, knight, bishop, rook, queen, KING_LEAPS]
};

/// The squares a knight on each square (bit index) jumps to.
pub static KNIGHT_LEAPS: [u64; 64] = reach_table(&KNIGHT_STEPS, false);

/// The squares next to each square (bit index): where a king there steps.
pub static KING_LEAPS: [u64; 64] = reach_table(&KING_STEPS, false);

/// The first square of `occupancy` (a 64-bit set) met going from `from`
/// along the queen step `step`, or `None` if the ray to the edge is empty.
#[inline]
pub fn first_occupied_along(from: Square, step: i8, occupancy: u64) -> Option<Square> {
    let direction = DIRECTION_OF_STEP[(step + 17) as usize] as usize;
    let met = RAYS[direction][from.bit_index()] & occupancy;
    if met == 0 {
        return None;
    }
    let nearest = if step > 0 {
        met.trailing_zeros()
    } else {
        63 - met.leading_zeros()
    };
    Some(Square::from_bit_index(nearest))
}

/// The a-file as a set of squares (bit `rank * 8 + file`, as [`Square::bit`]).
pub const FILE_A: u64 = 0x0101_0101_0101_0101;

/// The squares the pawns `pawns` of `color` attack (none wraps round a board edge).
#[inline]
pub const fn pawn_attacks(color: Color, pawns: u64) -> u64 {
    let ahead = match color {
        Color::White => pawns << 8,
        Color::Black => pawns >> 8,
    };
    (ahead >> 1 & !(FILE_A << 7)) | (ahead << 1 & !FILE_A)
}

/// The squares a slider on `from` reaches along the queen step `step` when
/// `occupancy` is occupied: every square up to and including the first
/// occupied one (whoever stands there).
#[inline]
pub fn ray_reach(from: Square, step: i8, occupancy: u64) -> u64 {
    let direction = DIRECTION_OF_STEP[(step + 17) as usize] as usize;
    let ray = RAYS[direction][from.bit_index()];
    match first_occupied_along(from, step, occupancy) {
        Some(blocker) => ray ^ RAYS[direction][blocker.bit_index()],
        None => ray,
    }
}

/// The step vectors of each piece kind (indexed by its code, see [`PieceKind`])
/// and whether it repeats them along a ray: micro-Max's `o[]` table, in
/// umax's own order ([`MICRO_MAX_MOVEMENT`] keeps micro-Max's). Pawns are
/// generated separately: their moves depend on colour and on captures.
pub const MOVEMENT: [(&[i8], bool); 7] = [
    (&[], false),           // empty square
    (&[], false),           // pawn
    (&KNIGHT_STEPS, false), // knight
    (&BISHOP_STEPS, true),  // bishop
    (&ROOK_STEPS, true),    // rook
    (&KING_STEPS, true),    // queen: the king's steps, repeated
    (&KING_STEPS, false),   // king
];

/// [`MOVEMENT`] in micro-Max's order, which the generator follows in scan
/// order: micro-Max's `o[]` as its direction loop reads it (each step, then
/// its opposite), its rows turned over to umax's board (rank 1 first).
pub const MICRO_MAX_MOVEMENT: [(&[i8], bool); 7] = [
    (&[], false),
    (&[], false),
    (&[18, -18, 14, -14, 33, -33, 31, -31], false),
    (&[17, -17, 15, -15], true),
    (&[-1, 1, 16, -16], true),
    (&MICRO_MAX_KING_STEPS, true),
    (&MICRO_MAX_KING_STEPS, false),
];

/// The king's (and the queen's) steps in micro-Max's order.
const MICRO_MAX_KING_STEPS: [i8; 8] = [-1, 1, 16, -16, 17, -17, 15, -15];

/// The squares a `color` piece of `kind` on `from` attacks when `occupancy`
/// is occupied: up to and including the first occupied square along each
/// ray (whoever stands there), a pawn's two diagonal squares ahead.
#[inline]
pub fn piece_attacks(kind: PieceKind, color: Color, from: Square, occupancy: u64) -> u64 {
    match kind {
        PieceKind::Pawn => pawn_attacks(color, from.bit()),
        PieceKind::Knight => KNIGHT_LEAPS[from.bit_index()],
        PieceKind::King => KING_LEAPS[from.bit_index()],
        _ => {
            let (steps, _) = MOVEMENT[kind as usize];
            steps
                .iter()
                .fold(0, |set, &step| set | ray_reach(from, step, occupancy))
        }
    }
}

// ----- Castling rights -----

/// Which castlings are still allowed, as four named flags (FEN's `KQkq`).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct CastlingRights(u8);

impl CastlingRights {
    /// White may castle short (O-O), FEN `K`.
    pub const WHITE_KINGSIDE: CastlingRights = CastlingRights(1);
    /// White may castle long (O-O-O), FEN `Q`.
    pub const WHITE_QUEENSIDE: CastlingRights = CastlingRights(2);
    /// Black may castle short, FEN `k`.
    pub const BLACK_KINGSIDE: CastlingRights = CastlingRights(4);
    /// Black may castle long, FEN `q`.
    pub const BLACK_QUEENSIDE: CastlingRights = CastlingRights(8);
    /// No castling at all, FEN `-`.
    pub const NONE: CastlingRights = CastlingRights(0);
    /// All four castlings, FEN `KQkq`.
    pub const ALL: CastlingRights = CastlingRights(15);

    /// Are all the rights in `other` present?
    #[inline]
    pub const fn contains(self, other: CastlingRights) -> bool {
        self.0 & other.0 == other.0
    }

    /// These rights plus `other`.
    pub const fn with(self, other: CastlingRights) -> CastlingRights {
        CastlingRights(self.0 | other.0)
    }

    /// How many of its two castlings `color` may still make (0, 1 or 2).
    #[inline]
    pub const fn count(self, color: Color) -> i32 {
        (self.0 >> (2 * color.index()) & 3).count_ones() as i32
    }

    /// 0..16, for the Zobrist table.
    const fn index(self) -> usize {
        self.0 as usize
    }
}

/// The rights that survive a move touching each square: moving from or capturing
/// on a king or rook home square removes the rights that piece carried.
const fn castling_kept_table() -> [u8; 128] {
    let mut table = [CastlingRights::ALL.0; 128];
    table[Square::E1.0 as usize] = 15 - 1 - 2;
    table[Square::H1.0 as usize] = 15 - 1;
    table[Square::A1.0 as usize] = 15 - 2;
    table[Square::E8.0 as usize] = 15 - 4 - 8;
    table[Square::H8.0 as usize] = 15 - 4;
    table[Square::A8.0 as usize] = 15 - 8;
    table
}
const CASTLING_KEPT: [u8; 128] = castling_kept_table();

/// One castling move described by its squares.
struct Castling {
    right: CastlingRights,
    king_from: Square,
    king_to: Square,
    rook_from: Square,
    rook_to: Square,
    /// Squares that must be empty.
    between: &'static [Square],
    /// Squares the king stands on, crosses or lands on: none may be attacked.
    king_path: [Square; 3],
}

const CASTLINGS: [[Castling; 2]; 2] = [
    [
        Castling {
            right: CastlingRights::WHITE_KINGSIDE,
            king_from: Square::E1,
            king_to: Square::G1,
            rook_from: Square::H1,
            rook_to: Square::F1,
            between: &[Square::F1, Square::G1],
            king_path: [Square::E1, Square::F1, Square::G1],
        },
        Castling {
            right: CastlingRights::WHITE_QUEENSIDE,
            king_from: Square::E1,
            king_to: Square::C1,
            rook_from: Square::A1,
            rook_to: Square::D1,
            between: &[Square::D1, Square::C1, Square::B1],
            king_path: [Square::E1, Square::D1, Square::C1],
        },
    ],
    [
        Castling {
            right: CastlingRights::BLACK_KINGSIDE,
            king_from: Square::E8,
            king_to: Square::G8,
            rook_from: Square::H8,
            rook_to: Square::F8,
            between: &[Square::F8, Square::G8],
            king_path: [Square::E8, Square::F8, Square::G8],
        },
        Castling {
            right: CastlingRights::BLACK_QUEENSIDE,
            king_from: Square::E8,
            king_to: Square::C8,
            rook_from: Square::A8,
            rook_to: Square::D8,
            between: &[Square::D8, Square::C8, Square::B8],
            king_path: [Square::E8, Square::D8, Square::C8],
        },
    ],
];

/// The rook's from- and to-square for a castling king move to `king_to` (g1, c1,
/// g8 or c8), read from [`CASTLINGS`] so the squares are written down only once.
pub fn castling_rook_squares(king_to: Square) -> (Square, Square) {
    let color = usize::from(king_to.rank() != 0);
    let side = usize::from(king_to.file() != 6);
    let castling = &CASTLINGS[color][side];
    debug_assert_eq!(castling.king_to, king_to);
    (castling.rook_from, castling.rook_to)
}

// ----- Zobrist keys -----

/// Random numbers for Zobrist hashing, generated at compile time from a fixed seed
/// so that keys (and `umax bench` node counts) are the same on every run.
struct ZobristKeys {
    pieces: [[u64; 128]; 16],
    black_to_move: u64,
    castling: [u64; 16],
    en_passant_file: [u64; 8],
}

/// SplitMix64: a tiny, good-quality generator that works in a `const fn`.
const fn splitmix64(state: u64) -> (u64, u64) {
    let state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (state, z ^ (z >> 31))
}

const fn zobrist_keys() -> ZobristKeys {
    let mut keys = ZobristKeys {
        pieces: [[0; 128]; 16],
        black_to_move: 0,
        castling: [0; 16],
        en_passant_file: [0; 8],
    };
    // One stream of numbers: pieces by piece and square, side, castling, e.p. file.
    let mut state = 0x756D_6178_u64; // "umax"
    let mut n = 0;
    while n < 16 * 128 + 1 + 16 + 8 {
        let (next, value) = splitmix64(state);
        state = next;
        match n {
            0..2048 => keys.pieces[n / 128][n % 128] = value,
            2048 => keys.black_to_move = value,
            2049..2065 => keys.castling[n - 2049] = value,
            _ => keys.en_passant_file[n - 2065] = value,
        }
        n += 1;
    }
    keys
}

static ZOBRIST: ZobristKeys = zobrist_keys();

#[inline]
fn piece_key(piece: Piece, square: Square) -> u64 {
    ZOBRIST.pieces[piece.zobrist_index()][square.index()]
}

// ----- FEN errors -----

/// The largest half-move clock or full-move number a FEN may give. No game comes
/// near it (the 75-move rule ends every game within about 9000 moves), and it
/// leaves ample room to play on without the `u32` counters overflowing.
pub const MAX_FEN_COUNTER: u32 = 1_000_000;

/// Why a FEN string was rejected.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FenError {
    /// Not 4 to 6 space-separated fields.
    FieldCount(usize),
    /// The placement field does not have 8 ranks separated by `/`.
    RankCount(usize),
    /// A character that is neither a piece letter nor a digit 1-8.
    BadPieceChar(char),
    /// A rank that does not describe exactly 8 squares (rank number 1..8).
    BadRankLength(u8),
    /// A side has no king.
    MissingKing(Color),
    /// A side has more than one king.
    TooManyKings(Color),
    /// A pawn stands on the first or last rank.
    PawnOnBackRank(Square),
    /// A side has more than 16 pieces (the number given).
    TooManyPieces(Color, usize),
    /// A side has more than 8 pawns (the number given).
    TooManyPawns(Color, usize),
    /// A side has more promoted pieces (queens beyond one, rooks, bishops or
    /// knights beyond two; the number given) than its missing pawns allow.
    TooManyPromoted(Color, usize),
    /// The side that just moved is still in check.
    SideNotToMoveInCheck,
    /// The side-to-move field is not `w` or `b`.
    BadSideToMove(String),
    /// The castling field is malformed or claims a right the position cannot have.
    BadCastling(String),
    /// The en-passant field is malformed or impossible in this position.
    BadEnPassant(String),
    /// The half-move clock is not a number from 0 to [`MAX_FEN_COUNTER`].
    BadHalfmoveClock(String),
    /// The full-move number is not a number from 0 (read as 1) to [`MAX_FEN_COUNTER`].
    BadFullmoveNumber(String),
}

impl fmt::Display for FenError {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        match self {
            FenError::FieldCount(n) => write!(f, "expected 4 to 6 fields, found {n}"),
            FenError::RankCount(n) => write!(f, "expected 8 ranks separated by '/', found {n}"),
            FenError::BadPieceChar(c) => write!(f, "bad piece letter '{c}'"),
            FenError::BadRankLength(rank) => {
                write!(f, "rank {rank} does not have exactly 8 squares")
            }
            FenError::MissingKing(color) => write!(f, "{} has no king", color.name()),
            FenError::TooManyKings(color) => write!(f, "{} has more than one king", color.name()),
            FenError::PawnOnBackRank(square) => write!(
                f,
                "pawn on {square}: pawns cannot stand on the first or last rank"
            ),
            FenError::TooManyPieces(color, count) => write!(
                f,
                "{} has {count} pieces: no game reaches more than 16",
                color.name()
            ),
            FenError::TooManyPawns(color, count) => write!(
                f,
                "{} has {count} pawns: no game reaches more than 8",
                color.name()
            ),
            FenError::TooManyPromoted(color, count) => write!(
                f,
                "{} has {count} promoted pieces, more than its missing pawns could have made",
                color.name()
            ),
            FenError::SideNotToMoveInCheck => write!(f, "the side not to move is in check"),
            FenError::BadSideToMove(s) => {
                write!(f, "side to move must be 'w' or 'b', not '{}'", quote(s))
            }
            FenError::BadCastling(why) => write!(f, "bad castling field: {}", quote(why)),
            FenError::BadEnPassant(why) => write!(f, "bad en-passant field: {}", quote(why)),
            FenError::BadHalfmoveClock(s) => write!(
                f,
                "bad half-move clock '{}' (expected a number from 0 to {MAX_FEN_COUNTER})",
                quote(s)
            ),
            FenError::BadFullmoveNumber(s) => write!(
                f,
                "bad full-move number '{}' (expected a number from 1 to {MAX_FEN_COUNTER})",
                quote(s)
            ),
        }
    }
}

impl std::error::Error for FenError {}

// ----- The board -----

/// The FEN of the standard starting position.
pub const START_FEN: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// A chess position: 0x88 piece array plus everything FEN records, and a Zobrist key.
#[derive(Clone, PartialEq, Eq)]
pub struct Board {
    squares: [Piece; 128],
    side_to_move: Color,
    castling: CastlingRights,
    en_passant: Option<Square>,
    halfmove_clock: u32,
    fullmove_number: u32,
    key: u64,
    king_square: [Square; 2],
    /// The squares each side occupies (micro-Max scans all 64 for its pieces).
    occupied: [u64; 2],
    /// Each side's squares by kind code (0, the empty square's, stays empty; 8 rows: no
    /// bounds tests), so the evaluation and the attack tests need no board scan.
    pieces: [[u64; 8]; 2],
}

/// What [`Board::make_move`] must remember so that [`Board::unmake_move`] can
/// restore the position exactly.
#[derive(Clone, Copy, Debug)]
pub struct Undo {
    /// The piece the move captured (`Piece::EMPTY` if none).
    pub captured: Piece,
    castling: CastlingRights,
    en_passant: Option<Square>,
    halfmove_clock: u32,
    key: u64,
}

/// Pieces pinned to their king and whether the king is in check: enough to tell
/// most moves legal without playing them.
struct PinInfo {
    pinned: u64,
    in_check: bool,
}

impl Default for Board {
    fn default() -> Board {
        Board::start()
    }
}

impl Board {
    /// The standard starting position.
    pub fn start() -> Board {
        Board::from_fen(START_FEN).expect("the start position is a valid FEN")
    }

    fn empty() -> Board {
        Board {
            squares: [Piece::EMPTY; 128],
            side_to_move: Color::White,
            castling: CastlingRights::NONE,
            en_passant: None,
            halfmove_clock: 0,
            fullmove_number: 1,
            key: 0,
            king_square: [Square::E1, Square::E8],
            occupied: [0; 2],
            pieces: [[0; 8]; 2],
        }
    }

    // ----- accessors -----

    /// The piece on `square` (`Piece::EMPTY` if none).
    #[inline]
    pub fn piece_at(&self, square: Square) -> Piece {
        self.squares[square.index()]
    }

    /// Whose move it is.
    #[inline]
    pub fn side_to_move(&self) -> Color {
        self.side_to_move
    }

    /// The castling rights still available.
    pub fn castling_rights(&self) -> CastlingRights {
        self.castling
    }

    /// The castling rights left after `mv`: moving from or capturing on a
    /// king's or a rook's home square takes away the rights it carried.
    #[inline]
    pub fn castling_rights_after(&self, mv: Move) -> CastlingRights {
        CastlingRights(
            self.castling.0 & CASTLING_KEPT[mv.from.index()] & CASTLING_KEPT[mv.to.index()],
        )
    }

    /// The square a pawn just skipped with a double push, if any.
    pub fn en_passant_square(&self) -> Option<Square> {
        self.en_passant
    }

    /// Half-moves since the last capture or pawn move (for the 50-move rule).
    pub fn halfmove_clock(&self) -> u32 {
        self.halfmove_clock
    }

    /// The full-move number, starting at 1 and incremented after Black's move.
    pub fn fullmove_number(&self) -> u32 {
        self.fullmove_number
    }

    /// The Zobrist key of the position.
    #[inline]
    pub fn key(&self) -> u64 {
        self.key
    }

    /// Where `color`'s king stands.
    #[inline]
    pub fn king_square(&self, color: Color) -> Square {
        self.king_square[color.index()]
    }

    /// The squares occupied by `color`'s pieces, as a 64-bit set.
    pub fn occupied_by(&self, color: Color) -> u64 {
        self.occupied[color.index()]
    }

    /// Every occupied square, either side's, as a 64-bit set.
    #[inline]
    pub fn occupied(&self) -> u64 {
        self.occupied[0] | self.occupied[1]
    }

    /// The squares occupied by `color`'s pawns, as a 64-bit set.
    #[inline]
    pub fn pawns_of(&self, color: Color) -> u64 {
        self.pieces_of(color, PieceKind::Pawn)
    }

    /// The squares occupied by `color`'s pieces of kind `kind`, as a 64-bit set.
    #[inline]
    pub fn pieces_of(&self, color: Color, kind: PieceKind) -> u64 {
        self.pieces[color.index()][kind as usize]
    }

    /// The squares of `color`'s pieces that slide diagonally (bishops and
    /// queens) or, with `diagonally` false, straight (rooks and queens).
    #[inline]
    pub fn sliders_of(&self, color: Color, diagonally: bool) -> u64 {
        let slider = if diagonally {
            PieceKind::Bishop
        } else {
            PieceKind::Rook
        };
        self.pieces_of(color, slider) | self.pieces_of(color, PieceKind::Queen)
    }

    /// Is the side to move in check?
    pub fn in_check(&self) -> bool {
        let us = self.side_to_move;
        self.is_attacked(self.king_square(us), us.opposite())
    }

    /// Does `color` have any piece other than king and pawns?
    pub fn has_non_pawn_material(&self, color: Color) -> bool {
        let pawns_and_king = self.pawns_of(color) | self.pieces_of(color, PieceKind::King);
        self.occupied_by(color) & !pawns_and_king != 0
    }

    // ----- placing pieces (keeps key and occupancy in step) -----

    #[inline]
    fn put(&mut self, square: Square, piece: Piece) {
        self.squares[square.index()] = piece;
        self.toggle(square, piece);
    }

    #[inline]
    fn remove(&mut self, square: Square) -> Piece {
        let piece = std::mem::take(&mut self.squares[square.index()]);
        self.toggle(square, piece);
        piece
    }

    /// Add `piece` on `square` to the key and the piece sets, or take it out:
    /// both are one exclusive or.
    #[inline]
    fn toggle(&mut self, square: Square, piece: Piece) {
        self.key ^= piece_key(piece, square);
        let color = if piece.is_color(Color::White) { 0 } else { 1 };
        self.occupied[color] ^= square.bit();
        self.pieces[color][piece.kind_code()] ^= square.bit();
    }

    /// The key part for the en-passant square. It is only hashed when the side to
    /// move can really capture en passant, so that positions which differ only in
    /// an unusable e.p. square count as the same position for repetition, as
    /// FIDE's rules (and python-chess) say.
    pub fn en_passant_key(&self) -> u64 {
        match self.en_passant {
            Some(square) if self.en_passant_capture_is_legal(square) => {
                ZOBRIST.en_passant_file[square.file() as usize]
            }
            _ => 0,
        }
    }

    /// Can the side to move legally capture en passant onto `target`? Usually no
    /// pawn stands ready and the answer is quick; otherwise we try the capture on
    /// a copy of the board, since a pin can forbid it.
    fn en_passant_capture_is_legal(&self, target: Square) -> bool {
        let us = self.side_to_move;
        let pawn = Piece::new(us, PieceKind::Pawn);
        [1i8, -1].iter().any(|&side| {
            target
                .offset(-us.pawn_push() + side)
                .filter(|&from| self.piece_at(from) == pawn)
                .is_some_and(|from| {
                    self.clone().leaves_king_safe(Move {
                        kind: MoveKind::EnPassant,
                        ..Move::new(from, target)
                    })
                })
        })
    }

    /// Compute the Zobrist key from scratch (used after FEN set-up and in tests).
    pub fn compute_key(&self) -> u64 {
        let mut key = 0;
        for square in Square::all() {
            let piece = self.piece_at(square);
            if !piece.is_empty() {
                key ^= piece_key(piece, square);
            }
        }
        if self.side_to_move == Color::Black {
            key ^= ZOBRIST.black_to_move;
        }
        key ^ ZOBRIST.castling[self.castling.index()] ^ self.en_passant_key()
    }

    // ----- attacks -----

    /// Is `square` attacked by any piece of colour `by`?
    ///
    /// We look outwards from the square: a knight of `by` a knight's jump away, a
    /// pawn of `by` diagonally behind (from `by`'s point of view), a king next to
    /// it, or the first piece along a ray being a slider that moves along that ray.
    pub fn is_attacked(&self, square: Square, by: Color) -> bool {
        // A slider's rays are walked only if one stands on its lines at all.
        let on_lines = |lines: &[u64; 64], diagonally| {
            lines[square.bit_index()] & self.sliders_of(by, diagonally) != 0
        };
        self.is_attacked_by_leaper(square, by)
            || (on_lines(&DIAGONAL_LINES, true)
                && self.slider_attacks(square, by, &BISHOP_STEPS, PieceKind::slides_diagonally))
            || (on_lines(&STRAIGHT_LINES, false)
                && self.slider_attacks(square, by, &ROOK_STEPS, PieceKind::slides_straight))
    }

    /// Is `square` attacked by a pawn, knight or king of colour `by` (the pieces
    /// that attack from a fixed distance)?
    fn is_attacked_by_leaper(&self, square: Square, by: Color) -> bool {
        // A pawn of `by` attacks `square` from where an enemy pawn on it attacks.
        let at = square.bit_index();
        pawn_attacks(by.opposite(), square.bit()) & self.pawns_of(by) != 0
            || KNIGHT_LEAPS[at] & self.pieces_of(by, PieceKind::Knight) != 0
            || KING_LEAPS[at] & self.pieces_of(by, PieceKind::King) != 0
    }

    /// Does the first piece along one of `directions` from `square` belong to `by`
    /// and slide that way?
    #[inline]
    fn slider_attacks(
        &self,
        square: Square,
        by: Color,
        directions: &[i8],
        slides: fn(PieceKind) -> bool,
    ) -> bool {
        let all = self.occupied();
        directions.iter().any(|&step| {
            first_occupied_along(square, step, all).is_some_and(|from| {
                let piece = self.piece_at(from);
                piece.is_color(by) && piece.kind().is_some_and(slides)
            })
        })
    }

    /// Does the ordinary move `mv` check the enemy king? `None` for castling,
    /// en passant and promotions, which the caller answers by making the
    /// move; for the rest, the same answer as making the move and asking
    /// [`Board::in_check`], without changing the board.
    ///
    /// A move checks directly (the moved piece attacks the king from its
    /// new square) or by discovery (it leaves a line between the king and
    /// one of our sliders). On the 0x88 board, whether two squares share a
    /// line, and along which step, is one lookup of their difference.
    pub fn gives_check_quickly(&self, mv: Move) -> Option<bool> {
        if mv.kind == MoveKind::EnPassant || mv.kind == MoveKind::Castle || mv.promotion.is_some() {
            return None;
        }
        let us = self.side_to_move;
        let king = self.king_square(us.opposite());
        let kind = self.piece_at(mv.from).kind()?;
        let vacated = self.occupied() & !mv.from.bit();
        let direct = match kind {
            // A king's move next to the other king is illegal, but making it
            // would show a check, and the answer must be the same.
            PieceKind::Pawn | PieceKind::Knight | PieceKind::King => {
                piece_attacks(kind, us, mv.to, vacated) & king.bit() != 0
            }
            slider => {
                let step = alignment(mv.to, king);
                step != 0
                    && slides_along(step)(slider)
                    && first_occupied_along(mv.to, step, vacated) == Some(king)
            }
        };
        if direct {
            return Some(true);
        }
        // Discovered: the king sees `from` along a line, the piece leaves
        // that line, and beyond `from` the first piece is our slider of the
        // line's kind.
        let step = alignment(king, mv.from);
        if step == 0
            || alignment(king, mv.to) == step
            || first_occupied_along(king, step, self.occupied()) != Some(mv.from)
        {
            return Some(false);
        }
        Some(
            first_occupied_along(mv.from, step, self.occupied()).is_some_and(|square| {
                let piece = self.piece_at(square);
                piece.is_color(us) && piece.kind().is_some_and(slides_along(step))
            }),
        )
    }

    // ----- move generation -----

    /// Append every pseudo-legal move of the side to move to `moves`: moves that
    /// obey how the pieces move but may leave the own king in check. Castling is
    /// only generated when it is fully legal (not out of, through or into check).
    pub fn generate_moves(&self, moves: &mut Vec<Move>) {
        self.generate::<false, false>(moves);
    }

    /// Append the pseudo-legal captures (en passant included, capturing promotions
    /// as queen only) and the pawn pushes that promote to a queen: the moves the
    /// quiescence search looks at.
    pub fn generate_captures(&self, moves: &mut Vec<Move>) {
        self.generate::<true, false>(moves);
    }

    /// The generator behind both: `CAPTURES_ONLY` and `SCAN_ORDER` are
    /// compile-time flags so that each version has no test for them in its
    /// inner loop. With `SCAN_ORDER` the moves come in the order of micro-Max's
    /// scan, so that its search needs no sort: the pieces from a8 (rank 8
    /// first, each from the a-file), each piece's steps in micro-Max's order
    /// ([`MICRO_MAX_MOVEMENT`]; a pawn's push, double push, then captures, the
    /// h-side first for White), castling as the king's second step along its
    /// rank, a promotion's queen first.
    pub fn generate<const CAPTURES_ONLY: bool, const SCAN_ORDER: bool>(
        &self,
        moves: &mut Vec<Move>,
    ) {
        let us = self.side_to_move;
        let all = self.occupied();
        // Captures only: leave out the pawns with no capture and no promotion
        // (a pawn attacks what an enemy pawn on its target would attack).
        let enemies = self.occupied[us.opposite().index()];
        let targets = enemies | self.en_passant.map_or(0, Square::bit);
        let busy = pawn_attacks(us.opposite(), targets) | [0xFF << 48, 0xFF << 8][us.index()];
        let idle_pawns = self.pawns_of(us) & !busy & if CAPTURES_ONLY { !0 } else { 0 };
        // In scan order the set is turned over (rank 8 first), each square turned back.
        let own = self.occupied[us.index()] & !idle_pawns;
        for from in squares_in(if SCAN_ORDER { own.swap_bytes() } else { own }) {
            let from = Square(from.0 ^ (0x70 * u8::from(SCAN_ORDER)));
            let piece = self.piece_at(from);
            let Some(kind) = piece.kind() else { continue };
            if kind == PieceKind::Pawn {
                self.generate_pawn_moves::<CAPTURES_ONLY, SCAN_ORDER>(from, moves);
                continue;
            }
            let movement = if SCAN_ORDER {
                &MICRO_MAX_MOVEMENT
            } else {
                &MOVEMENT
            };
            let (steps, slides) = movement[kind as usize];
            // A piece with no enemy piece a leap away (a knight or king) or
            // on its lines (a slider) has no capture: most of them, in the
            // captures-only generation.
            let at = from.bit_index();
            if CAPTURES_ONLY && CAPTURE_REACH[kind as usize][at] & enemies == 0 {
                continue;
            }
            for &step in steps {
                // A slider's only capture along a ray is its first piece, if an enemy.
                if CAPTURES_ONLY && slides {
                    if RAYS[DIRECTION_OF_STEP[(step + 17) as usize] as usize][at] & enemies != 0
                        && let Some(to) = first_occupied_along(from, step, all)
                        && enemies & to.bit() != 0
                    {
                        moves.push(Move::new(from, to));
                    }
                    continue;
                }
                let mut to = from;
                while let Some(next) = to.offset(step) {
                    to = next;
                    let target = self.piece_at(to);
                    if target.is_empty() {
                        if !CAPTURES_ONLY {
                            moves.push(Move::new(from, to));
                        }
                        if slides {
                            continue;
                        }
                    } else if !target.is_color(us) {
                        moves.push(Move::new(from, to));
                    }
                    break;
                }
                if !CAPTURES_ONLY && SCAN_ORDER && kind == PieceKind::King && step.abs() == 1 {
                    self.generate_castling(moves, step);
                }
            }
        }
        if !CAPTURES_ONLY && !SCAN_ORDER {
            self.generate_castling(moves, 0);
        }
    }

    #[inline(always)]
    fn generate_pawn_moves<const CAPTURES_ONLY: bool, const SCAN_ORDER: bool>(
        &self,
        from: Square,
        moves: &mut Vec<Move>,
    ) {
        let us = self.side_to_move;
        let push = us.pawn_push();
        let Some(one_up) = from.offset(push) else {
            return;
        };
        let promotes = one_up.rank() == us.promotion_rank();
        if self.piece_at(one_up).is_empty() {
            if promotes {
                push_promotions(moves, from, one_up, CAPTURES_ONLY);
            } else if !CAPTURES_ONLY {
                moves.push(Move::new(from, one_up));
                if from.rank() == us.pawn_start_rank()
                    && let Some(two_up) = one_up.offset(push)
                    && self.piece_at(two_up).is_empty()
                {
                    moves.push(Move {
                        kind: MoveKind::DoublePush,
                        ..Move::new(from, two_up)
                    });
                }
            }
        }
        let h_side_first = SCAN_ORDER && us == Color::White;
        for side in if h_side_first { [1, -1] } else { [-1i8, 1] } {
            let Some(to) = one_up.offset(side) else {
                continue;
            };
            let target = self.piece_at(to);
            if !target.is_empty() && !target.is_color(us) {
                if promotes {
                    push_promotions(moves, from, to, CAPTURES_ONLY);
                } else {
                    moves.push(Move::new(from, to));
                }
            } else if Some(to) == self.en_passant && target.is_empty() {
                moves.push(Move {
                    kind: MoveKind::EnPassant,
                    ..Move::new(from, to)
                });
            }
        }
    }

    /// The legal castlings of the side to move: the king's step along its
    /// rank `direction` (-1 or 1), or with 0 both.
    fn generate_castling(&self, moves: &mut Vec<Move>, direction: i8) {
        let us = self.side_to_move;
        let them = us.opposite();
        for castling in &CASTLINGS[us.index()] {
            let step = (castling.king_to.file() as i8 - castling.king_from.file() as i8).signum();
            if direction != 0 && step != direction {
                continue;
            }
            // Deviation from micro-Max: micro-Max lets the king castle freely and
            // rejects it one ply later if the reply lands next to the e.p.-marked
            // rook square; we test "not out of, through or into check" here, which
            // is exact and costs three attack tests on the rare occasions it applies.
            if self.castling.contains(castling.right)
                && castling
                    .between
                    .iter()
                    .all(|&s| self.piece_at(s).is_empty())
                && castling
                    .king_path
                    .iter()
                    .all(|&s| !self.is_attacked(s, them))
            {
                moves.push(Move {
                    kind: MoveKind::Castle,
                    ..Move::new(castling.king_from, castling.king_to)
                });
            }
        }
    }

    /// All legal moves of the side to move.
    pub fn legal_moves(&self) -> Vec<Move> {
        let mut moves = Vec::with_capacity(64);
        self.clone().generate_legal(&mut moves);
        moves
    }

    /// Is `mv` one of the legal moves here?
    pub fn is_legal(&self, mv: Move) -> bool {
        self.legal_moves().contains(&mv)
    }

    /// Append the legal moves to `moves` (pseudo-legal generation, then a filter).
    /// Takes `&mut self` only to try moves on the board; the position is unchanged.
    pub fn generate_legal(&mut self, moves: &mut Vec<Move>) {
        let start = moves.len();
        self.generate_moves(moves);
        let pins = self.pin_info();
        let king = self.king_square(self.side_to_move);
        let mut kept = start;
        for read in start..moves.len() {
            let mv = moves[read];
            // A move that is not by the king, not by a pinned piece, not en passant
            // and not made while in check cannot expose the king: no test needed.
            let needs_test = pins.in_check
                || mv.from == king
                || mv.kind == MoveKind::EnPassant
                || pins.pinned & mv.from.bit() != 0;
            if !needs_test || self.leaves_king_safe(mv) {
                moves[kept] = mv;
                kept += 1;
            }
        }
        moves.truncate(kept);
    }

    /// Find the own pieces that shield the king from an enemy slider, and whether
    /// the king is in check. One look along each line from the king finds both
    /// the pins and the checks by sliders; pawns, knights and kings are looked
    /// up separately.
    fn pin_info(&self) -> PinInfo {
        let us = self.side_to_move;
        let them = us.opposite();
        let king = self.king_square(us);
        let mut pinned = 0;
        let mut in_check = self.is_attacked_by_leaper(king, them);
        let all = self.occupied();
        for step in KING_STEPS {
            let Some(first) = first_occupied_along(king, step, all) else {
                continue;
            };
            // An enemy slider of the line's kind checks if it comes first,
            // and pins our piece if that comes first and it second.
            let (shield, attacker) = if self.piece_at(first).is_color(us) {
                let Some(second) = first_occupied_along(first, step, all) else {
                    continue;
                };
                (Some(first), self.piece_at(second))
            } else {
                (None, self.piece_at(first))
            };
            if attacker.is_color(them) && attacker.kind().is_some_and(slides_along(step)) {
                match shield {
                    Some(shield) => pinned |= shield.bit(),
                    None => in_check = true,
                }
            }
        }
        PinInfo { pinned, in_check }
    }

    /// Play `mv` on the piece array and the occupied squares only, see
    /// whether the own king is attacked, and put everything back. Cheaper
    /// than a full make/unmake.
    fn leaves_king_safe(&mut self, mv: Move) -> bool {
        let us = self.side_to_move;
        let piece = self.squares[mv.from.index()];
        let captured_square = mv.captured_square();
        let captured = self.squares[captured_square.index()];
        let occupied = self.occupied;
        self.occupied[us.index()] ^= mv.from.bit() | mv.to.bit();
        // The captured piece attacks no more (the mover's own piece sets
        // need no change: only the enemy's attacks are asked about).
        if !captured.is_empty() {
            self.occupied[us.opposite().index()] ^= captured_square.bit();
            self.pieces[us.opposite().index()][captured.kind_code()] ^= captured_square.bit();
        }
        self.squares[captured_square.index()] = Piece::EMPTY;
        self.squares[mv.from.index()] = Piece::EMPTY;
        self.squares[mv.to.index()] = piece;
        let king = if mv.from == self.king_square(us) {
            mv.to
        } else {
            self.king_square(us)
        };
        let safe = !self.is_attacked(king, us.opposite());
        // Restore in this order: the to-square may also be the captured square.
        self.squares[mv.to.index()] = Piece::EMPTY;
        self.squares[captured_square.index()] = captured;
        self.squares[mv.from.index()] = piece;
        self.occupied = occupied;
        if !captured.is_empty() {
            self.pieces[us.opposite().index()][captured.kind_code()] ^= captured_square.bit();
        }
        safe
    }

    // ----- make / unmake -----

    /// Play `mv` (which must be pseudo-legal here) and return what is needed to
    /// take it back. The move may leave the own king in check; the caller decides.
    pub fn make_move(&mut self, mv: Move) -> Undo {
        let us = self.side_to_move;
        let undo = self.undo_record();
        self.key ^= self.en_passant_key() ^ ZOBRIST.castling[self.castling.index()];

        let captured_square = mv.captured_square();
        let captured = self.piece_at(captured_square);
        if !captured.is_empty() {
            self.remove(captured_square);
        }
        let piece = self.remove(mv.from);
        self.put(
            mv.to,
            mv.promotion.map_or(piece, |kind| Piece::new(us, kind)),
        );

        if piece.kind() == Some(PieceKind::King) {
            self.king_square[us.index()] = mv.to;
            if mv.kind == MoveKind::Castle {
                let (rook_from, rook_to) = castling_rook_squares(mv.to);
                let rook = self.remove(rook_from);
                self.put(rook_to, rook);
            }
        }

        self.castling = self.castling_rights_after(mv);
        self.en_passant = (mv.kind == MoveKind::DoublePush)
            .then(|| Square(mv.from.0.wrapping_add(us.pawn_push() as u8)));
        if piece.kind() == Some(PieceKind::Pawn) || !captured.is_empty() {
            self.halfmove_clock = 0;
        } else {
            self.halfmove_clock += 1;
        }
        if us == Color::Black {
            self.fullmove_number += 1;
        }
        self.side_to_move = us.opposite();
        self.key ^=
            ZOBRIST.black_to_move ^ ZOBRIST.castling[self.castling.index()] ^ self.en_passant_key();
        Undo { captured, ..undo }
    }

    /// The Zobrist key the position will have once `mv` (pseudo-legal here)
    /// is made, without making it: what a search needs to start fetching the
    /// reply's hash slot early. Exact, except after a double push that
    /// allows an en-passant capture: whether one is legal is only known on
    /// the new board, so that key part is left out (the fetch is then merely
    /// in vain).
    pub fn key_after(&self, mv: Move) -> u64 {
        let us = self.side_to_move;
        let mut key = self.key
            ^ self.en_passant_key()
            ^ ZOBRIST.black_to_move
            ^ ZOBRIST.castling[self.castling.index()]
            ^ ZOBRIST.castling[self.castling_rights_after(mv).index()];
        let piece = self.piece_at(mv.from);
        let placed = mv.promotion.map_or(piece, |kind| Piece::new(us, kind));
        key ^= piece_key(piece, mv.from) ^ piece_key(placed, mv.to);
        let captured_square = mv.captured_square();
        let captured = self.piece_at(captured_square);
        if !captured.is_empty() {
            key ^= piece_key(captured, captured_square);
        }
        if mv.kind == MoveKind::Castle {
            let (rook_from, rook_to) = castling_rook_squares(mv.to);
            let rook = self.piece_at(rook_from);
            key ^= piece_key(rook, rook_from) ^ piece_key(rook, rook_to);
        }
        key
    }

    /// Take back `mv`, which must be the last move made, using its [`Undo`].
    pub fn unmake_move(&mut self, mv: Move, undo: Undo) {
        let them = self.side_to_move;
        let us = them.opposite();
        self.side_to_move = us;
        if us == Color::Black {
            self.fullmove_number -= 1;
        }
        let placed = self.remove(mv.to);
        let piece = mv
            .promotion
            .map_or(placed, |_| Piece::new(us, PieceKind::Pawn));
        self.put(mv.from, piece);
        if piece.kind() == Some(PieceKind::King) {
            self.king_square[us.index()] = mv.from;
            if mv.kind == MoveKind::Castle {
                let (rook_from, rook_to) = castling_rook_squares(mv.to);
                let rook = self.remove(rook_to);
                self.put(rook_from, rook);
            }
        }
        if !undo.captured.is_empty() {
            let captured_square = mv.captured_square();
            self.put(captured_square, undo.captured);
        }
        self.castling = undo.castling;
        self.en_passant = undo.en_passant;
        self.halfmove_clock = undo.halfmove_clock;
        self.key = undo.key;
    }

    /// Pass the move to the opponent (for null-move pruning). Undo with
    /// [`Board::unmake_null_move`].
    pub fn make_null_move(&mut self) -> Undo {
        let undo = self.undo_record();
        self.key ^= self.en_passant_key();
        self.en_passant = None;
        self.side_to_move = self.side_to_move.opposite();
        self.key ^= ZOBRIST.black_to_move;
        self.halfmove_clock += 1;
        undo
    }

    /// What a move changes that unmaking cannot work out (no capture yet).
    fn undo_record(&self) -> Undo {
        Undo {
            captured: Piece::EMPTY,
            castling: self.castling,
            en_passant: self.en_passant,
            halfmove_clock: self.halfmove_clock,
            key: self.key,
        }
    }

    /// Take back a null move.
    pub fn unmake_null_move(&mut self, undo: Undo) {
        self.side_to_move = self.side_to_move.opposite();
        self.en_passant = undo.en_passant;
        self.halfmove_clock = undo.halfmove_clock;
        self.key = undo.key;
    }

    // ----- perft -----

    /// Count the leaf nodes of the legal move tree `depth` plies deep: the
    /// standard test of a move generator against published counts.
    pub fn perft(&mut self, depth: u32) -> u64 {
        let mut stack = Vec::with_capacity(256 * depth.max(1) as usize);
        self.perft_recursive(depth, &mut stack)
    }

    /// perft split by root move ("divide"), in generation order.
    pub fn perft_divide(&mut self, depth: u32) -> Vec<(Move, u64)> {
        let mut stack = Vec::with_capacity(256 * depth.max(1) as usize);
        let mut root_moves = Vec::new();
        self.generate_legal(&mut root_moves);
        root_moves
            .into_iter()
            .map(|mv| {
                let undo = self.make_move(mv);
                let nodes = if depth <= 1 {
                    1
                } else {
                    self.perft_recursive(depth - 1, &mut stack)
                };
                self.unmake_move(mv, undo);
                (mv, nodes)
            })
            .collect()
    }

    fn perft_recursive(&mut self, depth: u32, stack: &mut Vec<Move>) -> u64 {
        if depth == 0 {
            return 1;
        }
        let start = stack.len();
        self.generate_legal(stack);
        // Bulk counting: at the last ply the number of legal moves is the answer.
        if depth == 1 {
            let count = (stack.len() - start) as u64;
            stack.truncate(start);
            return count;
        }
        let mut nodes = 0;
        for index in start..stack.len() {
            let mv = stack[index];
            let undo = self.make_move(mv);
            nodes += self.perft_recursive(depth - 1, stack);
            self.unmake_move(mv, undo);
        }
        stack.truncate(start);
        nodes
    }

    // ----- FEN -----

    /// Read a position from FEN. Accepts 4 to 6 fields (missing half-move clock
    /// and full-move number default to 0 and 1) and rejects anything malformed or
    /// impossible with a [`FenError`] saying what is wrong.
    pub fn from_fen(fen: &str) -> Result<Board, FenError> {
        let fields: Vec<&str> = fen.split_whitespace().collect();
        if !(4..=6).contains(&fields.len()) {
            return Err(FenError::FieldCount(fields.len()));
        }
        let mut board = Board::empty();

        let ranks: Vec<&str> = fields[0].split('/').collect();
        if ranks.len() != 8 {
            return Err(FenError::RankCount(ranks.len()));
        }
        let mut kings = [0; 2];
        for (row, text) in ranks.iter().enumerate() {
            let rank = 7 - row as u8;
            let mut file = 0u8;
            for c in text.chars() {
                if let Some(empty) = c.to_digit(10).filter(|d| (1..=8).contains(d)) {
                    file += empty as u8;
                    if file > 8 {
                        return Err(FenError::BadRankLength(rank + 1));
                    }
                    continue;
                }
                let kind = PieceKind::from_letter(c)
                    .filter(|_| c.is_ascii_alphabetic())
                    .ok_or(FenError::BadPieceChar(c))?;
                if file >= 8 {
                    return Err(FenError::BadRankLength(rank + 1));
                }
                let color = if c.is_ascii_uppercase() {
                    Color::White
                } else {
                    Color::Black
                };
                let square = Square::new(file, rank);
                if kind == PieceKind::Pawn && (rank == 0 || rank == 7) {
                    return Err(FenError::PawnOnBackRank(square));
                }
                if kind == PieceKind::King {
                    kings[color.index()] += 1;
                    board.king_square[color.index()] = square;
                }
                board.put(square, Piece::new(color, kind));
                file += 1;
            }
            if file != 8 {
                return Err(FenError::BadRankLength(rank + 1));
            }
        }
        for color in [Color::White, Color::Black] {
            match kings[color.index()] {
                0 => return Err(FenError::MissingKing(color)),
                1 => {}
                _ => return Err(FenError::TooManyKings(color)),
            }
            board.check_material(color)?;
        }

        board.side_to_move = match fields[1] {
            "w" => Color::White,
            "b" => Color::Black,
            other => return Err(FenError::BadSideToMove(other.to_string())),
        };
        board.castling = board.parse_castling(fields[2])?;
        board.en_passant = board.parse_en_passant(fields[3])?;
        // Counters above MAX_FEN_COUNTER are rejected: accepting u32::MAX would make
        // the next move overflow the counter (a panic in debug builds).
        let counter = |text: &str| text.parse().ok().filter(|&n| n <= MAX_FEN_COUNTER);
        if let Some(text) = fields.get(4) {
            board.halfmove_clock =
                counter(text).ok_or_else(|| FenError::BadHalfmoveClock(text.to_string()))?;
        }
        if let Some(text) = fields.get(5) {
            let number =
                counter(text).ok_or_else(|| FenError::BadFullmoveNumber(text.to_string()))?;
            // Some tools write 0; treat it as the first move rather than reject it.
            board.fullmove_number = number.max(1);
        }

        let them = board.side_to_move.opposite();
        if board.is_attacked(board.king_square(them), board.side_to_move) {
            return Err(FenError::SideNotToMoveInCheck);
        }
        board.key = board.compute_key();
        Ok(board)
    }

    /// Could a game have left `color` with its pieces? At most 8 pawns, at most
    /// 16 pieces (as python-chess checks), and no more promoted pieces (a second
    /// queen, a third rook...) than pawns are missing.
    fn check_material(&self, color: Color) -> Result<(), FenError> {
        let count = |kind| self.pieces_of(color, kind).count_ones() as usize;
        let pawns = count(PieceKind::Pawn);
        let pieces = self.occupied_by(color).count_ones() as usize;
        if pieces > 16 {
            return Err(FenError::TooManyPieces(color, pieces));
        }
        if pawns > 8 {
            return Err(FenError::TooManyPawns(color, pawns));
        }
        let promoted: usize = [
            (PieceKind::Queen, 1),
            (PieceKind::Rook, 2),
            (PieceKind::Bishop, 2),
            (PieceKind::Knight, 2),
        ]
        .into_iter()
        .map(|(kind, at_start)| count(kind).saturating_sub(at_start))
        .sum();
        if promoted > 8 - pawns {
            return Err(FenError::TooManyPromoted(color, promoted));
        }
        Ok(())
    }

    fn parse_castling(&self, field: &str) -> Result<CastlingRights, FenError> {
        if field == "-" {
            return Ok(CastlingRights::NONE);
        }
        let mut rights = CastlingRights::NONE;
        for c in field.chars() {
            // FEN's letters name the castlings in the order of [`CASTLINGS`].
            let Some(index) = "KQkq".find(c) else {
                return Err(FenError::BadCastling(format!(
                    "'{field}' (use '-' or letters from KQkq)"
                )));
            };
            let castling = &CASTLINGS[index / 2][index % 2];
            let (right, king_home, rook_square) =
                (castling.right, castling.king_from, castling.rook_from);
            let color = [Color::White, Color::Black][index / 2];
            if rights.contains(right) {
                return Err(FenError::BadCastling(format!("'{c}' appears twice")));
            }
            if !self.piece_at(king_home).is(color, PieceKind::King) {
                return Err(FenError::BadCastling(format!(
                    "'{c}' but the {} king is not on {king_home}",
                    color.name()
                )));
            }
            if !self.piece_at(rook_square).is(color, PieceKind::Rook) {
                return Err(FenError::BadCastling(format!(
                    "'{c}' but there is no {} rook on {rook_square}",
                    color.name()
                )));
            }
            rights = rights.with(right);
        }
        Ok(rights)
    }

    fn parse_en_passant(&self, field: &str) -> Result<Option<Square>, FenError> {
        if field == "-" {
            return Ok(None);
        }
        let square = Square::parse(field)
            .ok_or_else(|| FenError::BadEnPassant(format!("'{field}' is not a square")))?;
        let us = self.side_to_move;
        let them = us.opposite();
        // The e.p. square lies behind a pawn of `them` that has just moved two squares.
        let expected_rank = if us == Color::White { 5 } else { 2 };
        if square.rank() != expected_rank {
            return Err(FenError::BadEnPassant(format!(
                "{square} is not on rank {} for {} to move",
                expected_rank + 1,
                us.name()
            )));
        }
        let pawn_square = Square(square.0.wrapping_sub(us.pawn_push() as u8));
        let origin = Square(square.0.wrapping_add(us.pawn_push() as u8));
        if !self.piece_at(pawn_square).is(them, PieceKind::Pawn)
            || !self.piece_at(square).is_empty()
            || !self.piece_at(origin).is_empty()
        {
            return Err(FenError::BadEnPassant(format!(
                "no {} pawn can just have passed {square}",
                them.name()
            )));
        }
        Ok(Some(square))
    }

    /// Write the position as FEN (all six fields).
    pub fn to_fen(&self) -> String {
        let mut fen = String::new();
        for rank in (0..8).rev() {
            let mut empty = 0;
            for file in 0..8 {
                let piece = self.piece_at(Square::new(file, rank));
                if piece.is_empty() {
                    empty += 1;
                    continue;
                }
                if empty > 0 {
                    fen.push(char::from(b'0' + empty));
                    empty = 0;
                }
                fen.push(piece.fen_char());
            }
            if empty > 0 {
                fen.push(char::from(b'0' + empty));
            }
            if rank > 0 {
                fen.push('/');
            }
        }
        let side = ['w', 'b'][self.side_to_move.index()];
        let mut castling: String = (CASTLINGS.iter().flatten().zip("KQkq".chars()))
            .filter_map(|(castling, letter)| {
                self.castling.contains(castling.right).then_some(letter)
            })
            .collect();
        if castling.is_empty() {
            castling.push('-');
        }
        let en_passant = self
            .en_passant
            .map_or("-".to_string(), |square| square.to_string());
        let (clock, number) = (self.halfmove_clock, self.fullmove_number);
        format!("{fen} {side} {castling} {en_passant} {clock} {number}")
    }

    // ----- move parsing -----

    /// Find the legal move written in coordinate notation (`e2e4`, `e7e8q`,
    /// castling as the king's move `e1g1`). Upper-case promotion letters are
    /// accepted (`e7e8Q`), as some interfaces send them.
    pub fn parse_coordinate_move(&self, text: &str) -> Option<Move> {
        let text = text.trim();
        if !text.is_ascii() || !(4..=5).contains(&text.len()) {
            return None;
        }
        let from = Square::parse(&text[0..2])?;
        let to = Square::parse(&text[2..4])?;
        let promotion = match text.as_bytes().get(4) {
            None => None,
            Some(&letter) => Some(
                PieceKind::from_letter(letter as char)
                    .filter(|k| !matches!(k, PieceKind::Pawn | PieceKind::King))?,
            ),
        };
        self.legal_moves()
            .into_iter()
            .find(|mv| mv.from == from && mv.to == to && mv.promotion == promotion)
    }
}

/// Push the four promotions (or just the queen when `queen_only`).
fn push_promotions(moves: &mut Vec<Move>, from: Square, to: Square, queen_only: bool) {
    let kinds: &[PieceKind] = if queen_only {
        &PROMOTION_KINDS[..1]
    } else {
        &PROMOTION_KINDS
    };
    for &kind in kinds {
        moves.push(Move {
            promotion: Some(kind),
            ..Move::new(from, to)
        });
    }
}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        write!(f, "Board({})", self.to_fen())
    }
}
