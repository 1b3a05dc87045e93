//! # Evaluation: micro-Max's terms, named
//!
//! micro-Max never evaluates a whole position. It evaluates **moves**: when the
//! search makes a move it adds to the running score `e` what that move gains
//! for the side that makes it (the captured piece, the step towards the centre,
//! a castling bonus, ...), and hands `-(e + gain)` to the reply. The score of a
//! position is therefore the score of its parent plus the gain of the move that
//! led to it ([`move_gain_in`]); only at the root do we need a full
//! evaluation, [`static_eval_in`], which sums the position-dependent terms.
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
//! Some details can be taken exactly as micro-Max 4.8 has them ([`EvalStyle`]).
//! A third style, [`tapered`], replaces all these terms by tuned piece-square
//! tables and position terms; umax's default plays with it. Terms that a move
//! anywhere can change (mobility, king attack, ...) do not fit the incremental
//! scheme: the search counts them in its full-width nodes ([`activity_with`]).

use crate::board::{Board, Color, FILE_A, Move, MoveKind, Piece, PieceKind, Square, squares_in};

pub mod tapered;
pub mod tuned;

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
    /// Tuned, tapered piece-square tables and position terms (see
    /// [`tapered`]). Quiescence pushes pawns to queen, as under `umax`.
    ///
    /// Deviation from micro-Max: tables replace all its positional terms.
    Tapered,
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
pub const PHASE_UNITS: [i32; 7] = [0, 0, 2, 2, 3, 6, 0];
/// The units of the full set: [`material_gone`] when only kings and pawns
/// are left.
pub const FULL_PHASE_UNITS: i32 = 40;

/// How much non-pawn material has left the board, in micro-Max's units (its
/// global `R`): 0 at the start, 40 with bare kings and pawns.
///
/// Deviation from micro-Max: micro-Max adds up the material captured during the
/// game; we count what is missing from the board, so a position set up from FEN
/// gets the right phase too.
pub fn material_gone(board: &Board) -> i32 {
    let units: i32 = Square::all()
        .map(|square| PHASE_UNITS[board.piece_at(square).kind_code()])
        .sum();
    (FULL_PHASE_UNITS - units).max(0)
}

/// Switch `drawish`: a side that cannot mate at all is scored this many
/// times closer to a draw.
pub const CANNOT_WIN_DIVISOR: Score = 16;

/// Switch `drawish`: a side without pawns that is at most a minor piece
/// ahead is scored this many times closer to a draw.
pub const DRAWISH_DIVISOR: Score = 4;

/// A score for the side to move, moved towards a draw when the side it
/// favours has no pawns left and too little material to mate (switch
/// `drawish`). With one minor piece or two knights it cannot mate: the score
/// is divided by [`CANNOT_WIN_DIVISOR`], or is 0 if the other side has no
/// pawns either. At most a minor piece ahead (rook against bishop, queen
/// against rook and minor, ...) it seldom can: divided by [`DRAWISH_DIVISOR`].
/// The search scales only the score it judges a node by, not the one it
/// hands to the moves.
///
/// Deviation from micro-Max: micro-Max counts material and nothing more.
pub fn drawish_scaled(board: &Board, score: Score) -> Score {
    let us = board.side_to_move();
    let strong = if score > 0 { us } else { us.opposite() };
    if score == 0 || board.pawns_of(strong) != 0 {
        return score;
    }
    const KNIGHT: usize = PieceKind::Knight as usize;
    // Non-pawn material in micro-Max's phase units (minor 2, rook 3, queen
    // 6), and how many of those pieces are knights.
    let material = |color: Color| {
        squares_in(board.occupied_by(color) & !board.pawns_of(color))
            .map(|square| board.piece_at(square).kind_code())
            .fold((0, 0), |(units, knights), kind| {
                (
                    units + PHASE_UNITS[kind],
                    knights + i32::from(kind == KNIGHT),
                )
            })
    };
    let (strong_units, strong_knights) = material(strong);
    let minor = PHASE_UNITS[KNIGHT];
    let two_knights = strong_knights == 2 && strong_units == 2 * minor;
    if strong_units <= minor || two_knights {
        // Without pawns on the other side either, nothing is left to play for.
        if board.pawns_of(strong.opposite()) == 0 {
            0
        } else {
            score / CANNOT_WIN_DIVISOR
        }
    } else if strong_units - material(strong.opposite()).0 <= minor {
        score / DRAWISH_DIVISOR
    } else {
        score
    }
}

/// Bonus for each pawn step in the end game: a quarter of `material_gone`, in
/// micro-Max units scaled to centipawns (micro-Max: `R >> 2`).
#[inline]
pub fn pawn_push_bonus(material_gone: i32) -> Score {
    material_gone * 135 / 400
}

/// Material value of `piece` standing on `square` (pawns gain value as they advance).
#[inline]
pub fn piece_value(piece: Piece, square: Square) -> Score {
    let value = PIECE_VALUES[piece.kind_code()];
    match (piece.kind(), piece.color()) {
        // A bonus for each rank past the pawn's 5th.
        (Some(PieceKind::Pawn), Some(color)) => {
            value + ADVANCED_PAWN_BONUS * (i32::from(relative_rank(color, square)) - 4).max(0)
        }
        _ => value,
    }
}

/// Closeness to the centre: micro-Max's table of squared distances from the
/// centre, turned around so that more is better and scaled to centipawns.
/// umax's centre lies between the d- and e-files (0 in a corner, 33 in the
/// middle); micro-Max 4.8's, `(K-4)*(K-4) + (L-3.5)*(L-3.5)` stored in a
/// `char` (so truncated), on the e-file.
const fn centralisation_table(style: EvalStyle) -> [Score; 128] {
    let mut table = [0; 128];
    let mut rank = 0;
    while rank < 8 {
        let mut file = 0;
        while file < 8 {
            let dr = 2 * rank - 7;
            table[(rank * 16 + file) as usize] = match style {
                EvalStyle::MicroMax => {
                    let df = file - 4;
                    (28 - (df * df + dr * dr / 4)) * 135 / 100
                }
                _ => {
                    let df = 2 * file - 7;
                    (98 - (df * df + dr * dr)) * 135 / 400
                }
            };
            file += 1;
        }
        rank += 1;
    }
    table
}
const CENTRALISATION: [Score; 128] = centralisation_table(EvalStyle::Umax);
const MICROMAX_CENTRALISATION: [Score; 128] = centralisation_table(EvalStyle::MicroMax);

/// umax's centralisation score of a piece of `kind` on `square`. micro-Max
/// gives it to pawns, knights, bishops and the king (the "magnetic king"), not
/// to rooks and queens, which work from a distance.
#[inline]
pub fn centralisation(kind: PieceKind, square: Square) -> Score {
    centre_table(EvalStyle::Umax, kind)[square.index()]
}

/// No centralisation: rooks and queens.
const NO_CENTRALISATION: [Score; 128] = [0; 128];

/// The centralisation table of a piece of `kind` in `style`.
#[inline]
fn centre_table(style: EvalStyle, kind: PieceKind) -> &'static [Score; 128] {
    match (kind, style) {
        (PieceKind::Rook | PieceKind::Queen, _) => &NO_CENTRALISATION,
        // The tapered style has its own tables; asked for centralisation, it
        // answers umax's.
        (_, EvalStyle::Umax | EvalStyle::Tapered) => &CENTRALISATION,
        (_, EvalStyle::MicroMax) => &MICROMAX_CENTRALISATION,
    }
}

/// What the move `mv` (pseudo-legal, not yet made) gains for the side making it
/// in `style`: micro-Max's incremental evaluation, computed from the board
/// before the move.
#[inline]
pub fn move_gain_in(style: EvalStyle, board: &Board, mv: Move, material_gone: i32) -> Score {
    if style == EvalStyle::Tapered {
        let no_cache = &mut tapered::StructureCache::default();
        return tapered::move_gain_cached(EvalTerms::DEFAULT, board, mv, material_gone, no_cache);
    }
    let mover = board.piece_at(mv.from);
    let Some(kind) = mover.kind() else { return 0 };
    let us = board.side_to_move();

    // Material: whatever we capture.
    let captured_square = mv.captured_square();
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

/// The pawn terms of [`move_gain_in`]: structure, king shelter, end-game push,
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
        // (The tapered style has no pawn terms here: see `move_gain_in`.)
        EvalStyle::Umax | EvalStyle::Tapered => mv
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
    let home = [Square::E1, Square::E8][color.index()];
    square != home || board.castling_rights().count(color) == 0
}

/// The full evaluation of `board` for the side to move in `style`: material
/// (with pawn advancement) plus centralisation. Only the root of a search
/// needs it; below the root the score is carried along by [`move_gain_in`].
pub fn static_eval_in(style: EvalStyle, board: &Board) -> Score {
    if style == EvalStyle::Tapered {
        return tapered::static_eval(EvalTerms::DEFAULT, board);
    }
    let us = board.side_to_move();
    let mut score = 0;
    for square in Square::all() {
        let piece = board.piece_at(square);
        let Some(kind) = piece.kind() else { continue };
        let value = piece_value(piece, square) + centre_table(style, kind)[square.index()];
        score += if piece.is_color(us) { value } else { -value };
    }
    score
}

// ----- Seed 002's evaluation terms: switches, all off by default -----
//
// Six classic terms from an engine author's log (seed 002), each a switch
// (`eval_tropism`, `eval_rook_files`, `eval_passed`, `eval_isolated`,
// `eval_doubled`, `eval_seventh`) so that they can be measured. They are
// counted on the board's 64-bit piece sets; a move's gain is the terms after
// it minus the terms before, which keeps the incremental scheme exact.

/// The evaluation terms that are switched on, as a set of bits: the seed-002
/// terms (added to any style) and the position terms of `eval=tapered`
/// (see [`tapered::Term`]; they count only under that style).
///
/// Deviation from micro-Max: micro-Max has none of these terms.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct EvalTerms(u32);

impl EvalTerms {
    /// No term.
    pub const NONE: EvalTerms = EvalTerms(0);
    /// The default: every tapered position term on, every seed-002 term off.
    pub const DEFAULT: EvalTerms = EvalTerms::TAPERED_TERMS;
    /// Knight tropism: a knight is penalised by its distance to the enemy king.
    pub const TROPISM: EvalTerms = EvalTerms(1);
    /// A rook on an open file, or a half-open one, earns a bonus.
    pub const ROOK_FILES: EvalTerms = EvalTerms(2);
    /// A passed pawn earns a bonus.
    pub const PASSED: EvalTerms = EvalTerms(4);
    /// An isolated pawn is penalised.
    pub const ISOLATED: EvalTerms = EvalTerms(8);
    /// Each of two or more pawns of one side on a file is penalised.
    pub const DOUBLED: EvalTerms = EvalTerms(16);
    /// A rook or queen on the 7th rank, the enemy king on the 8th, earns a bonus.
    pub const SEVENTH: EvalTerms = EvalTerms(32);

    /// `eval=tapered`: passed pawns by rank.
    pub const TAPERED_PASSED: EvalTerms = EvalTerms(64);
    /// `eval=tapered`: isolated pawns.
    pub const TAPERED_ISOLATED: EvalTerms = EvalTerms(128);
    /// `eval=tapered`: doubled pawns.
    pub const TAPERED_DOUBLED: EvalTerms = EvalTerms(256);
    /// `eval=tapered`: the king's pawn shelter.
    pub const TAPERED_SHELTER: EvalTerms = EvalTerms(512);
    /// `eval=tapered`: castling rights held.
    pub const TAPERED_CASTLING: EvalTerms = EvalTerms(1024);
    /// `eval=tapered`: pawns defended by a pawn.
    pub const TAPERED_SUPPORTED: EvalTerms = EvalTerms(1 << 13);
    /// `eval=tapered`: each king's distance to the passed pawns.
    pub const TAPERED_PASSED_KING: EvalTerms = EvalTerms(1 << 14);
    /// `eval=tapered`: backward pawns.
    pub const TAPERED_BACKWARD: EvalTerms = EvalTerms(1 << 20);
    /// Every tapered position term (a move's gain keeps them up to date).
    pub const TAPERED_TERMS: EvalTerms =
        EvalTerms(64 | 128 | 256 | 512 | 1024 | 1 << 13 | 1 << 14 | 1 << 20);
    /// The squares each knight, bishop, rook and queen reaches (under
    /// `eval=umax` and `eval=tapered`, with the tuned values).
    pub const MOBILITY: EvalTerms = EvalTerms(2048);
    /// Attacks on the squares around the enemy king (as [`Self::MOBILITY`]).
    pub const KING_ATTACK: EvalTerms = EvalTerms(4096);
    /// A rook on an open or half-open file (as [`Self::MOBILITY`]).
    pub const ROOK_FILE_TERMS: EvalTerms = EvalTerms(1 << 15);
    /// A knight, bishop, rook or queen attacked by an enemy pawn (as
    /// [`Self::MOBILITY`]).
    pub const PAWN_THREATS: EvalTerms = EvalTerms(1 << 16);
    /// Two bishops or more (as [`Self::MOBILITY`]).
    pub const BISHOP_PAIR: EvalTerms = EvalTerms(1 << 17);
    /// A bare king against a queen or rook: drive it to the edge, bring the
    /// kings together (as [`Self::MOBILITY`], but not tuned).
    pub const MOP_UP: EvalTerms = EvalTerms(1 << 18);
    /// The squares a knight, bishop, rook or queen reaches that an enemy
    /// pawn attacks (as [`Self::MOBILITY`]): mobility a pawn takes away.
    pub const UNSAFE_MOBILITY: EvalTerms = EvalTerms(1 << 19);
    /// With [`Self::MOP_UP`]: mop up in pawnless endings where the weaker
    /// side keeps pieces too, if the stronger side is far enough ahead to
    /// mate.
    pub const MOP_UP_PIECES: EvalTerms = EvalTerms(1 << 22);
    /// The square of the weight of the attack on the enemy king, for a side
    /// with its queen and two attackers or more (as [`Self::MOBILITY`]).
    pub const KING_DANGER: EvalTerms = EvalTerms(1 << 26);
    /// The terms counted afresh in every full-width node ([`activity_with`]).
    pub const ACTIVITY_TERMS: EvalTerms = EvalTerms(
        2048 | 4096 | 1 << 15 | 1 << 16 | 1 << 17 | 1 << 18 | 1 << 19 | 1 << 22 | 1 << 26,
    );
    /// Every seed-002 term.
    const SEED_TERMS: EvalTerms = EvalTerms(63);

    /// Is every term of `other` in this set?
    #[inline]
    pub const fn contains(self, other: EvalTerms) -> bool {
        self.0 & other.0 == other.0
    }

    /// Is any term of `other` in this set?
    #[inline]
    pub const fn intersects(self, other: EvalTerms) -> bool {
        self.0 & other.0 != 0
    }

    /// This set with the terms of `other` switched on or off.
    #[inline]
    pub const fn with(self, other: EvalTerms, on: bool) -> EvalTerms {
        EvalTerms((self.0 & !other.0) | if on { other.0 } else { 0 })
    }
}

/// Knight tropism: centipawns a knight loses per square of distance (the
/// larger of the rank and file differences) to the enemy king (seed 002: 2).
///
/// Deviation from micro-Max: a new term (switch `eval_tropism`, off by default).
pub const TROPISM_PER_SQUARE: Score = 2;

/// A rook on a file with no pawn (seed 002: 25).
///
/// The seed says "files with no other pieces"; we read it, as engines usually
/// do, as no *pawns*.
///
/// Deviation from micro-Max: a new term (switch `eval_rook_files`, off by default).
pub const ROOK_OPEN_FILE_BONUS: Score = 25;

/// A rook on a file with enemy pawns only (seed 002: 15).
pub const ROOK_HALF_OPEN_FILE_BONUS: Score = 15;

/// A pawn with no enemy pawn in front of it on its own or a neighbouring file
/// (seed 002: 20).
///
/// Deviation from micro-Max: a new term (switch `eval_passed`, off by default).
pub const PASSED_PAWN_BONUS: Score = 20;

/// A pawn with no friendly pawn on a neighbouring file (seed 002: 20).
///
/// Deviation from micro-Max: a new term (switch `eval_isolated`, off by default).
pub const ISOLATED_PAWN_PENALTY: Score = 20;

/// Each pawn on a file that holds another pawn of its side (seed 002: 10,
/// "awarded to each pawn").
///
/// Deviation from micro-Max: a new term (switch `eval_doubled`, off by default).
pub const DOUBLED_PAWN_PENALTY: Score = 10;

/// A rook or queen on its 7th rank while the enemy king is on its 8th
/// (seed 002: 50; its extra 80 for two majors there measured worse).
///
/// Deviation from micro-Max: a new term (switch `eval_seventh`, off by default).
pub const MAJOR_ON_SEVENTH_BONUS: Score = 50;

/// The rank of `square` counted from `color`'s side (0 = its back rank).
#[inline]
pub(crate) const fn relative_rank(color: Color, square: Square) -> u8 {
    match color {
        Color::White => square.rank(),
        Color::Black => 7 - square.rank(),
    }
}

/// White's score minus Black's, turned to the point of view of `color`.
#[inline]
fn for_side(color: Color, white_score: Score) -> Score {
    match color {
        Color::White => white_score,
        Color::Black => -white_score,
    }
}

/// The seed-002 terms of `board`, from White's point of view.
fn terms_score(terms: EvalTerms, board: &Board) -> Score {
    let mut white_score = 0;
    for color in [Color::White, Color::Black] {
        let (own_pawns, their_pawns) = (board.pawns_of(color), board.pawns_of(color.opposite()));
        let enemy_king = board.king_square(color.opposite());
        let mut score = 0;
        if terms.contains(EvalTerms::TROPISM) {
            for knight in squares_in(board.pieces_of(color, PieceKind::Knight)) {
                score -= TROPISM_PER_SQUARE * knight.distance(enemy_king);
            }
        }
        if terms.contains(EvalTerms::SEVENTH) && relative_rank(color, enemy_king) == 7 {
            let majors =
                board.pieces_of(color, PieceKind::Rook) | board.pieces_of(color, PieceKind::Queen);
            for major in squares_in(majors) {
                if relative_rank(color, major) == 6 {
                    score += MAJOR_ON_SEVENTH_BONUS;
                }
            }
        }
        for pawn in squares_in(own_pawns) {
            let file = FILE_A << pawn.file();
            let beside = (file << 1 & !FILE_A) | (file >> 1 & !(FILE_A << 7));
            // The ranks in front of the pawn, seen from its side.
            let rank = u32::from(pawn.rank());
            let ahead = match color {
                Color::White => u64::MAX.checked_shl(8 * (rank + 1)).unwrap_or(0),
                Color::Black => (1u64 << (8 * rank)) - 1,
            };
            if terms.contains(EvalTerms::DOUBLED) && (own_pawns & file).count_ones() >= 2 {
                score -= DOUBLED_PAWN_PENALTY;
            }
            if terms.contains(EvalTerms::ISOLATED) && own_pawns & beside == 0 {
                score -= ISOLATED_PAWN_PENALTY;
            }
            if terms.contains(EvalTerms::PASSED) && their_pawns & (file | beside) & ahead == 0 {
                score += PASSED_PAWN_BONUS;
            }
        }
        if terms.contains(EvalTerms::ROOK_FILES) {
            for rook in squares_in(board.pieces_of(color, PieceKind::Rook)) {
                let file = FILE_A << rook.file();
                if (own_pawns | their_pawns) & file == 0 {
                    score += ROOK_OPEN_FILE_BONUS;
                } else if own_pawns & file == 0 {
                    score += ROOK_HALF_OPEN_FILE_BONUS;
                }
            }
        }
        white_score += for_side(color, score);
    }
    white_score
}

/// What the move `mv` changes in the seed-002 terms, for the side making it:
/// the terms after the move minus the terms before. A captured king keeps its
/// square in the board's record, as the terms expect of a pseudo-legal move.
#[inline(never)]
fn terms_gain(terms: EvalTerms, board: &Board, mv: Move) -> Score {
    let mut after = board.clone();
    after.make_move(mv);
    for_side(
        board.side_to_move(),
        terms_score(terms, &after) - terms_score(terms, board),
    )
}

/// [`move_gain_in`] with the `terms` switched on: the tapered position terms
/// (under `eval=tapered`) and the change of the seed-002 terms.
#[inline]
pub fn move_gain_with(
    style: EvalStyle,
    terms: EvalTerms,
    board: &Board,
    mv: Move,
    material_gone: i32,
) -> Score {
    let no_cache = &mut tapered::StructureCache::default();
    move_gain_cached(style, terms, board, mv, material_gone, no_cache)
}

/// [`move_gain_with`], with `eval=tapered`'s position terms looked up in
/// (and added to) `cache`, as the search does.
#[inline]
pub fn move_gain_cached(
    style: EvalStyle,
    terms: EvalTerms,
    board: &Board,
    mv: Move,
    material_gone: i32,
    cache: &mut tapered::StructureCache,
) -> Score {
    let gain = match style {
        EvalStyle::Tapered => tapered::move_gain_cached(terms, board, mv, material_gone, cache),
        _ => move_gain_in(style, board, mv, material_gone),
    };
    // Deviation from micro-Max: the seed-002 terms (all off by default).
    if terms.intersects(EvalTerms::SEED_TERMS) {
        return gain + terms_gain(terms, board, mv);
    }
    gain
}

/// The part of the evaluation that no move's gain keeps up to date, for the
/// side to move: the activity terms switched on in `terms`
/// ([`tapered::activity`], with the tuned values), always 0 under
/// `eval=micromax`. The search adds it in full-width nodes to the
/// incremental evaluation it was handed.
///
/// Deviation from micro-Max: micro-Max's evaluation has none of these terms.
#[inline]
pub fn activity_with(
    style: EvalStyle,
    terms: EvalTerms,
    board: &Board,
    material_gone: i32,
) -> Score {
    if has_activity(style, terms) {
        tapered::activity(terms, board, material_gone)
    } else {
        0
    }
}

/// Do the `terms` under `style` have an activity part ([`activity_with`]
/// not always 0)?
#[inline]
pub fn has_activity(style: EvalStyle, terms: EvalTerms) -> bool {
    style != EvalStyle::MicroMax && terms.intersects(EvalTerms::ACTIVITY_TERMS)
}

/// [`static_eval_in`] with the `terms` switched on (see [`move_gain_with`]).
pub fn static_eval_with(style: EvalStyle, terms: EvalTerms, board: &Board) -> Score {
    let score = match style {
        EvalStyle::Tapered => tapered::static_eval(terms, board),
        _ => static_eval_in(style, board),
    };
    // Deviation from micro-Max: the seed-002 terms (all off by default).
    if terms.intersects(EvalTerms::SEED_TERMS) {
        return score + for_side(board.side_to_move(), terms_score(terms, board));
    }
    score
}

/// Most-valuable-victim / least-valuable-attacker key for ordering captures:
/// the victim's value dominates and the attacker's kind breaks ties
/// (micro-Max: `i - p`, victim value minus attacker code).
#[inline]
pub fn mvv_lva(board: &Board, mv: Move) -> Score {
    let captured = mv.captured_square();
    let victim = piece_value(board.piece_at(captured), captured);
    let promotion = mv.promotion.map_or(0, |kind| PIECE_VALUES[kind as usize]);
    victim + promotion - board.piece_at(mv.from).kind_code() as Score
}
