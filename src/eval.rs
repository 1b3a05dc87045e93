//! # Evaluation: micro-Max's terms, named
//!
//! micro-Max never evaluates a whole position. It evaluates **moves**: when the
//! search makes a move it adds to the running score `e` what that move gains
//! for the side that makes it (the captured piece, the step towards the centre,
//! a castling bonus, ...), and hands `-(e + gain)` to the reply. The score of a
//! position is therefore the score of its parent plus the gain of the move that
//! led to it; only at the root do we need a full evaluation,
//! [`static_eval`], which sums the position-dependent terms.
//!
//! The terms, in micro-Max 4.8's order (its units scaled so that a pawn is 100,
//! i.e. scores are centipawns):
//!
//! * **material** ([`PIECE_VALUES`]), with pawns gaining value as they reach
//!   their 6th and 7th rank ([`ADVANCED_PAWN_BONUS`], micro-Max 4.8's "gradual
//!   promotion"), and a promotion worth the new piece minus that pawn;
//! * **centralisation** ([`centralisation`]): pawns, knights, bishops and the king
//!   score for standing near the centre; rooks and queens do not care;
//! * **castling** ([`CASTLING_BONUS`]) and, while there is still material on the
//!   board, a penalty for every other king move ([`KING_MOVE_PENALTY`], the
//!   "frozen king" that keeps the king safe without any king-safety code);
//! * **pawn structure** ([`PAWN_STRUCTURE_PENALTY`]): moving a pawn that has no
//!   friendly pawn two files away on its rank leaves squares undefended, and
//!   moving the pawn right in front of the king strips its shelter;
//! * **end-game pawn push** ([`pawn_push_bonus`]): the fewer pieces are left, the
//!   more every pawn step is worth, so passers run in the end game.
//!
//! Some details can be taken exactly as micro-Max 4.8 has them ([`EvalStyle`]):
//! where the centre is, which king the pawn shelter protects, what a promotion
//! gains, and whether quiescence pushes pawns to queen.

use crate::board::{Board, CastlingRights, Color, Move, MoveKind, Piece, PieceKind, Square};

/// Which version of the evaluation's details to use (the laboratory's `eval`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EvalStyle {
    /// umax's evaluation: the centre lies between the d- and e-files, and every
    /// king is sheltered by the pawn in front of it.
    ///
    /// Deviation from micro-Max: micro-Max's centre table `(K-4)*(K-4)` puts the
    /// centre on the e-file (and truncates the squares to whole numbers), so it
    /// draws pieces to the king's side; its shelter term fires only for a king
    /// that has moved (castled), and looks at the square `x^16`.
    Umax,
    /// micro-Max 4.8's details exactly (in its units scaled to centipawns).
    MicroMax,
}

/// Scores are centipawns from the point of view of the side to move.
pub type Score = i32;

/// Material values by piece-kind code (index 0 = empty square, 6 = king; the king
/// has no material value: capturing it ends the search, see `search.rs`).
/// micro-Max 4.8 uses 74, 259, 296, 444, 851 (its pawn is 74).
pub const PIECE_VALUES: [Score; 7] = [0, 100, 350, 400, 600, 1150, 0];

/// Value a pawn gains on reaching its 6th rank, and again on its 7th
/// (micro-Max 4.8: 64 of its units).
pub const ADVANCED_PAWN_BONUS: Score = 86;

/// What a promotion gains in micro-Max 4.8 (`647 - p`: 646 of its units, scaled
/// to centipawns), whatever the pawn stood on before.
///
/// Deviation from micro-Max (style `umax`): the new piece's value minus the
/// pawn's value on its 7th rank, so that under-promotions are valued too.
pub const MICROMAX_PROMOTION_GAIN: Score = 646 * 135 / 100;

/// Bonus for castling (micro-Max 4.8: 50 units).
pub const CASTLING_BONUS: Score = 68;

/// Penalty for any other king move while the middle game lasts (micro-Max: 20).
pub const KING_MOVE_PENALTY: Score = 27;

/// Penalty per square a pawn move leaves undefended (micro-Max: 9).
pub const PAWN_STRUCTURE_PENALTY: Score = 12;

/// Non-pawn material that may be gone before the end game starts: the king
/// stops being frozen and check extensions stop (micro-Max: `R > 29`).
pub const ENDGAME_MATERIAL_GONE: i32 = 30;

/// Non-pawn material counted in micro-Max's units (knight and bishop 2, rook 3,
/// queen 6; 40 for the full set of both sides).
const PHASE_UNITS: [i32; 7] = [0, 0, 2, 2, 3, 6, 0];
const FULL_PHASE_UNITS: i32 = 40;

/// How much non-pawn material has left the board, in micro-Max's units (its
/// global `R`): 0 at the start, 40 with bare kings and pawns.
///
/// Deviation from micro-Max: micro-Max adds up the material captured during the
/// game; we count what is missing from the board, so a position set up from FEN
/// gets the right phase too.
pub fn material_gone(board: &Board) -> i32 {
    let mut units = 0;
    for square in Square::all() {
        units += PHASE_UNITS[board.piece_at(square).kind_code()];
    }
    (FULL_PHASE_UNITS - units).max(0)
}

/// Bonus for each pawn step in the end game: a quarter of `material_gone`, in
/// micro-Max units scaled to centipawns (micro-Max: `R >> 2`).
#[inline]
pub fn pawn_push_bonus(material_gone: i32) -> Score {
    material_gone * 135 / 400
}

/// How many ranks past its 5th a pawn of `color` on `square` stands (0, 1 or 2).
#[inline]
fn ranks_advanced(color: Color, square: Square) -> i32 {
    let relative_rank = match color {
        Color::White => square.rank(),
        Color::Black => 7 - square.rank(),
    };
    (i32::from(relative_rank) - 4).max(0)
}

/// Material value of `piece` standing on `square` (pawns gain value as they advance).
#[inline]
pub fn piece_value(piece: Piece, square: Square) -> Score {
    let value = PIECE_VALUES[piece.kind_code()];
    match (piece.kind(), piece.color()) {
        (Some(PieceKind::Pawn), Some(color)) => {
            value + ADVANCED_PAWN_BONUS * ranks_advanced(color, square)
        }
        _ => value,
    }
}

/// Closeness to the centre: micro-Max's table of squared distances from the
/// centre, turned around so that more is better (0 in a corner, 33 in the middle).
/// This is umax's version, centred between the d- and e-files.
const fn centralisation_table() -> [Score; 128] {
    let mut table = [0; 128];
    let mut rank = 0;
    while rank < 8 {
        let mut file = 0;
        while file < 8 {
            let df = 2 * file - 7;
            let dr = 2 * rank - 7;
            let distance_squared_x4 = df * df + dr * dr; // 2..98
            table[(rank * 16 + file) as usize] = (98 - distance_squared_x4) * 135 / 400;
            file += 1;
        }
        rank += 1;
    }
    table
}
const CENTRALISATION: [Score; 128] = centralisation_table();

/// micro-Max 4.8's own centre table: `(K-4)*(K-4) + (L-3.5)*(L-3.5)` stored in
/// a `char` (so truncated), centred on the e-file; turned around and scaled
/// to centipawns like [`CENTRALISATION`].
const fn micromax_centralisation_table() -> [Score; 128] {
    let mut table = [0; 128];
    let mut rank = 0;
    while rank < 8 {
        let mut file = 0;
        while file < 8 {
            let df = file - 4;
            let dr4 = (2 * rank - 7) * (2 * rank - 7); // 4 * (L - 3.5)^2
            let distance_squared = df * df + dr4 / 4; // truncated as a char is
            table[(rank * 16 + file) as usize] = (28 - distance_squared) * 135 / 100;
            file += 1;
        }
        rank += 1;
    }
    table
}
const MICROMAX_CENTRALISATION: [Score; 128] = micromax_centralisation_table();

/// The centralisation score of a piece of `kind` on `square`. micro-Max gives it
/// to pawns, knights, bishops and the king (the "magnetic king"), not to rooks
/// and queens, which work from a distance.
#[inline]
pub fn centralisation(kind: PieceKind, square: Square) -> Score {
    centralisation_in(EvalStyle::Umax, kind, square)
}

/// [`centralisation`] in the given style.
#[inline]
pub fn centralisation_in(style: EvalStyle, kind: PieceKind, square: Square) -> Score {
    centre_table(style, kind)[square.index()]
}

/// No centralisation: rooks and queens.
const NO_CENTRALISATION: [Score; 128] = [0; 128];

/// The centralisation table of a piece of `kind` in `style`.
#[inline]
fn centre_table(style: EvalStyle, kind: PieceKind) -> &'static [Score; 128] {
    match (kind, style) {
        (PieceKind::Rook | PieceKind::Queen, _) => &NO_CENTRALISATION,
        (_, EvalStyle::Umax) => &CENTRALISATION,
        (_, EvalStyle::MicroMax) => &MICROMAX_CENTRALISATION,
    }
}

/// What the move `mv` (pseudo-legal, not yet made) gains for the side making it:
/// micro-Max's incremental evaluation, computed from the board before the move.
pub fn move_gain(board: &Board, mv: Move, material_gone: i32) -> Score {
    move_gain_in(EvalStyle::Umax, board, mv, material_gone)
}

/// [`move_gain`] in the given style.
#[inline]
pub fn move_gain_in(style: EvalStyle, board: &Board, mv: Move, material_gone: i32) -> Score {
    let mover = board.piece_at(mv.from);
    let Some(kind) = mover.kind() else { return 0 };
    let us = board.side_to_move();

    // Material: whatever we capture (an e.p. victim stands beside the to-square).
    let captured_square = match mv.kind {
        MoveKind::EnPassant => Square::new(mv.to.file(), mv.from.rank()),
        _ => mv.to,
    };
    let mut gain = piece_value(board.piece_at(captured_square), captured_square);

    // Centralisation: the step towards (or away from) the centre.
    let centre = centre_table(style, kind);
    gain += centre[mv.to.index()] - centre[mv.from.index()];

    if kind == PieceKind::King {
        if mv.kind == MoveKind::Castle {
            gain += CASTLING_BONUS;
        }
        // The frozen king: in the middle game every king move costs something,
        // so the king stays home (or where castling put it) behind its pawns.
        if material_gone < ENDGAME_MATERIAL_GONE {
            gain -= KING_MOVE_PENALTY;
        }
    }

    if kind == PieceKind::Pawn {
        gain += pawn_move_gain(style, board, mv, us, material_gone);
    }
    gain
}

/// The pawn terms of [`move_gain`]: structure, king shelter, end-game push,
/// advancement and promotion.
fn pawn_move_gain(
    style: EvalStyle,
    board: &Board,
    mv: Move,
    us: Color,
    material_gone: i32,
) -> Score {
    let own_pawn = Piece::new(us, PieceKind::Pawn);
    let pawn_beside = |file_step: i8| {
        mv.from
            .offset(file_step)
            .is_some_and(|square| board.piece_at(square) == own_pawn)
    };
    // Squares this pawn was guarding that no pawn two files away still guards,
    // minus one so that a pawn with a single such neighbour moves for free.
    let undefended = i32::from(!pawn_beside(-2)) + i32::from(!pawn_beside(2)) - 1;
    // The pawn right in front of the king is its shelter.
    let shelters_king = match style {
        EvalStyle::Umax => mv
            .from
            .offset(-us.pawn_push())
            .is_some_and(|square| board.piece_at(square).is(us, PieceKind::King)),
        // micro-Max: `b[x^16] == k+36`, its own king, moved, on the square whose
        // rank differs in the lowest bit (behind a pawn on rank 2, 4 or 6).
        EvalStyle::MicroMax => {
            Square::from_index(mv.from.index() as u8 ^ 16).is_some_and(|square| {
                board.piece_at(square).is(us, PieceKind::King) && king_has_moved(board, us, square)
            })
        }
    };
    let mut gain = -PAWN_STRUCTURE_PENALTY * (undefended + i32::from(shelters_king));
    gain += pawn_push_bonus(material_gone);

    // Advancement and promotion: the pawn's value where it lands minus its value now.
    let value_after = match (mv.promotion, style) {
        // micro-Max: a flat `647 - p` units for a promotion (to a queen: the only
        // one it has; under-promotions keep umax's value, so that a knight is
        // never counted as a queen).
        (Some(PieceKind::Queen), EvalStyle::MicroMax) => {
            return gain + MICROMAX_PROMOTION_GAIN;
        }
        (Some(promoted), _) => PIECE_VALUES[promoted as usize],
        (None, _) => piece_value(own_pawn, mv.to),
    };
    gain + value_after - piece_value(own_pawn, mv.from)
}

/// Has the king of `color` on `square` moved (micro-Max's virgin bit is off)?
/// A king on its home square with a castling right left has not.
fn king_has_moved(board: &Board, color: Color, square: Square) -> bool {
    let (home, short, long) = match color {
        Color::White => (
            Square::E1,
            CastlingRights::WHITE_KINGSIDE,
            CastlingRights::WHITE_QUEENSIDE,
        ),
        Color::Black => (
            Square::E8,
            CastlingRights::BLACK_KINGSIDE,
            CastlingRights::BLACK_QUEENSIDE,
        ),
    };
    let rights = board.castling_rights();
    let can_castle = rights.contains(short) || rights.contains(long);
    square != home || !can_castle
}

/// The full evaluation of `board` for the side to move: material (with pawn
/// advancement) plus centralisation. Only the root of a search needs it; below
/// the root the score is carried along by [`move_gain`].
pub fn static_eval(board: &Board) -> Score {
    static_eval_in(EvalStyle::Umax, board)
}

/// [`static_eval`] in the given style.
pub fn static_eval_in(style: EvalStyle, board: &Board) -> Score {
    let us = board.side_to_move();
    let mut score = 0;
    for square in Square::all() {
        let piece = board.piece_at(square);
        let Some(kind) = piece.kind() else { continue };
        let value = piece_value(piece, square) + centralisation_in(style, kind, square);
        score += if piece.is_color(us) { value } else { -value };
    }
    score
}

/// Most-valuable-victim / least-valuable-attacker key for ordering captures:
/// the victim's value dominates and the attacker's kind breaks ties
/// (micro-Max: `i - p`, victim value minus attacker code).
#[inline]
pub fn mvv_lva(board: &Board, mv: Move) -> Score {
    let victim = match mv.kind {
        MoveKind::EnPassant => PIECE_VALUES[PieceKind::Pawn as usize],
        _ => piece_value(board.piece_at(mv.to), mv.to),
    };
    let promotion = mv.promotion.map_or(0, |kind| PIECE_VALUES[kind as usize]);
    victim + promotion - board.piece_at(mv.from).kind_code() as Score
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_position_is_balanced() {
        assert_eq!(static_eval(&Board::start()), 0);
        assert_eq!(material_gone(&Board::start()), 0);
    }

    #[test]
    fn move_gain_matches_static_eval_for_position_terms() {
        // A knight move changes only centralisation: the incremental gain must
        // equal the difference of full evaluations.
        let mut board = Board::start();
        let mv = board.parse_coordinate_move("g1f3").unwrap();
        let before = static_eval(&board);
        let gain = move_gain(&board, mv, 0);
        board.make_move(mv);
        assert_eq!(-static_eval(&board), before + gain);
    }

    #[test]
    fn capture_gains_victim_value() {
        let board = Board::from_fen("4k3/8/8/3p4/4N3/8/8/4K3 w - - 0 1").unwrap();
        let mv = board.parse_coordinate_move("e4d6").unwrap();
        assert!(move_gain(&board, mv, 0) < 50);
        let capture = Board::from_fen("4k3/8/3p4/8/4N3/8/8/4K3 w - - 0 1").unwrap();
        let mv = capture.parse_coordinate_move("e4d6").unwrap();
        // The pawn's value, less the knight's step away from the centre.
        let centre_step =
            centralisation(PieceKind::Knight, mv.from) - centralisation(PieceKind::Knight, mv.to);
        assert_eq!(move_gain(&capture, mv, 0), PIECE_VALUES[1] - centre_step);
    }
}
