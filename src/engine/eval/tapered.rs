//! # A tapered piece-square evaluation (`eval=tapered`)
//!
//! micro-Max's evaluation is a handful of hand-set terms. The usual next step
//! in chess programming replaces them by **piece-square tables**: one number
//! per piece kind and square, saying what that piece is worth there. A king
//! on g1 is worth more than one on e4 — but only while queens are on the
//! board. That is why the tables are **tapered**: every piece kind has a
//! *middle-game* and an *end-game* value and table, blended by the phase:
//!
//! ```text
//! blended = (middle_game * phase + end_game * (FULL_PHASE - phase)) / FULL_PHASE
//! ```
//!
//! where `phase` counts the non-pawn material on the board in micro-Max's
//! units ([`FULL_PHASE`] = 40 with every piece, 0 with kings and pawns). The
//! numbers are not set by hand: `umax tune` fits them to self-play games
//! (Texel tuning, see `tune.rs`), starting from umax's own evaluation written
//! as tables (`tune::umax_tables`), and writes them to [`super::tuned`].
//!
//! **Still incremental.** The search adds what each move gains
//! ([`move_gain_cached`]) at a fixed phase: micro-Max's `R`, the root's.
//! Each table entry is blended and rounded on its own, so a position's
//! value is a sum of per-piece numbers and a move's gain is exactly the
//! change of that sum. [`static_eval`] uses the position's own phase, which
//! at the root is the search's. umax's default (switch `node_phase`) keeps
//! each node at its own phase instead: a capture that changes the phase
//! moves the reply's evaluation by the position's [`spread`] times the
//! change, and the moves below it gain at the new phase.
//!
//! **Every table has all 64 squares.** The board is not symmetric: kings
//! castle short more often than long, the queen starts on d1. The king's
//! table tells g1 and c1 (castled) from f1 (stepped aside, castling lost).
//! Black's pieces read the same tables with the ranks turned around. A
//! kind's value and table overlap; the tuner keeps each table's average where
//! it started, so the values read beside umax's [`PIECE_VALUES`].
//!
//! **Position terms** ([`Term`]) say what a table cannot, because it looks at
//! one piece alone: passed pawns by rank, isolated, doubled, backward and
//! supported pawns, the king's pawn shelter, each castling right held, and
//! the kings' race to each passed pawn. Each has a middle-game and an
//! end-game value and a switch (`tapered_*`). They depend only on the pawns,
//! the kings and the castling rights ([`Structure`]), so a move that touches
//! none of them leaves them alone; the others re-count them on bit sets,
//! with a **pawn hash table** ([`StructureCache`]) because the same few
//! structures come back in most nodes.
//!
//! **Activity terms** look at where the pieces can go: mobility by kind
//! (and the part of it an enemy pawn attacks), attacks on the enemy king's
//! squares and their squared weight (king danger), rooks on open files,
//! pieces attacked by pawns, the bishop pair, and the mop-up of a bare king.
//! A move anywhere can open or close a line, so these are not incremental:
//! the search counts them in full-width nodes ([`activity`]) and lets the
//! nodes near the horizon inherit them (see `search/umax.rs`).
//!
//! Deviation from micro-Max: the whole of this file; micro-Max has no
//! piece-square tables, no tapering (its only phase-dependent terms are the
//! frozen king and the pawn push) and no pawn-structure terms beyond its
//! move-based penalty.

use crate::board::{
    Board, CastlingRights, Color, FILE_A, KING_LEAPS, Move, MoveKind, Piece, PieceKind, Square,
    castling_rook_squares, pawn_attacks, piece_attacks, squares_in,
};

use super::{
    EvalTerms, FULL_PHASE_UNITS, PIECE_VALUES, Score, for_side, material_gone, relative_rank, tuned,
};

/// The phase of a full board (micro-Max's units: knight and bishop 2, rook 3,
/// queen 6 for each side); 0 is a board with kings and pawns only.
pub const FULL_PHASE: i32 = FULL_PHASE_UNITS;

/// A piece-square table: 8 rows (rank 8 first, as on a diagram with White at
/// the bottom) of 8 files (a to h), from White's point of view. Black's
/// pieces read the rows turned around.
pub type Table = [[Score; 8]; 8];

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

/// The position terms: what a table cannot say because it looks at one piece
/// alone. Each is counted on a position (White's count minus Black's) and
/// has a `[middle game, end game]` value per count.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Term {
    /// A pawn with no enemy pawn in front of it on its own or a neighbouring
    /// file, on its 2nd rank (the terms for ranks 3 to 7 follow).
    PassedRank2,
    /// A passed pawn on its 3rd rank.
    PassedRank3,
    /// A passed pawn on its 4th rank.
    PassedRank4,
    /// A passed pawn on its 5th rank.
    PassedRank5,
    /// A passed pawn on its 6th rank.
    PassedRank6,
    /// A passed pawn on its 7th rank.
    PassedRank7,
    /// A pawn with no friendly pawn on a neighbouring file.
    Isolated,
    /// Each pawn on a file that holds another pawn of its side.
    Doubled,
    /// An own pawn one rank in front of the king, on its file or next to it.
    ShelterNear,
    /// An own pawn two ranks in front of the king, on its file or next to it.
    ShelterFar,
    /// A castling right still held.
    CastlingRight,
    /// Each square a knight reaches (empty or enemy-held).
    MobilityKnight,
    /// Each square a bishop reaches.
    MobilityBishop,
    /// Each square a rook reaches.
    MobilityRook,
    /// Each square a queen reaches.
    MobilityQueen,
    /// Each attack by a knight, bishop, rook or queen on the enemy king's
    /// square or a square next to it.
    KingAttack,
    /// A pawn defended by an own pawn.
    SupportedPawn,
    /// Each passed pawn's distance from its own king (to the square in front
    /// of it), times the ranks it has advanced from its 2nd.
    PassedOwnKing,
    /// The same distance from the enemy king.
    PassedEnemyKing,
    /// A rook on a file without pawns.
    RookOpenFile,
    /// A rook on a file with enemy pawns only.
    RookHalfOpenFile,
    /// A knight, bishop, rook or queen attacked by an enemy pawn (counted
    /// against its side).
    PawnThreat,
    /// Two bishops or more.
    BishopPair,
    /// Each square a knight, bishop, rook or queen reaches that an enemy
    /// pawn attacks: mobility the pawn takes away.
    UnsafeMobility,
    /// A pawn that no own pawn on a neighbouring file can come to defend,
    /// whose square in front an enemy pawn attacks.
    Backward,
    /// The squared weight of an attack on the enemy king ([`king_danger`]):
    /// the danger grows faster than the attackers.
    KingDanger,
}

/// Number of position terms.
pub const TERMS: usize = 26;

/// The position terms in the order of [`TaperedParams::terms`].
pub const ALL_TERMS: [Term; TERMS] = [
    Term::PassedRank2,
    Term::PassedRank3,
    Term::PassedRank4,
    Term::PassedRank5,
    Term::PassedRank6,
    Term::PassedRank7,
    Term::Isolated,
    Term::Doubled,
    Term::ShelterNear,
    Term::ShelterFar,
    Term::CastlingRight,
    Term::MobilityKnight,
    Term::MobilityBishop,
    Term::MobilityRook,
    Term::MobilityQueen,
    Term::KingAttack,
    Term::SupportedPawn,
    Term::PassedOwnKing,
    Term::PassedEnemyKing,
    Term::RookOpenFile,
    Term::RookHalfOpenFile,
    Term::PawnThreat,
    Term::BishopPair,
    Term::UnsafeMobility,
    Term::Backward,
    Term::KingDanger,
];

impl Term {
    /// The laboratory switch that turns this term on and off.
    pub const fn switch(self) -> EvalTerms {
        match self {
            Term::Isolated => EvalTerms::TAPERED_ISOLATED,
            Term::Doubled => EvalTerms::TAPERED_DOUBLED,
            Term::ShelterNear | Term::ShelterFar => EvalTerms::TAPERED_SHELTER,
            Term::CastlingRight => EvalTerms::TAPERED_CASTLING,
            Term::MobilityKnight
            | Term::MobilityBishop
            | Term::MobilityRook
            | Term::MobilityQueen => EvalTerms::MOBILITY,
            Term::KingAttack => EvalTerms::KING_ATTACK,
            Term::SupportedPawn => EvalTerms::TAPERED_SUPPORTED,
            Term::PassedOwnKing | Term::PassedEnemyKing => EvalTerms::TAPERED_PASSED_KING,
            Term::RookOpenFile | Term::RookHalfOpenFile => EvalTerms::ROOK_FILE_TERMS,
            Term::PawnThreat => EvalTerms::PAWN_THREATS,
            Term::BishopPair => EvalTerms::BISHOP_PAIR,
            Term::UnsafeMobility => EvalTerms::UNSAFE_MOBILITY,
            Term::Backward => EvalTerms::TAPERED_BACKWARD,
            Term::KingDanger => EvalTerms::KING_DANGER,
            _ => EvalTerms::TAPERED_PASSED,
        }
    }
}

/// Every parameter of the tapered evaluation: one [`PieceParams`] per piece
/// kind, pawn to king (index `kind code - 1`), and the position terms.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TaperedParams {
    /// Pawn, knight, bishop, rook, queen, king.
    pub pieces: [PieceParams; 6],
    /// The `[middle game, end game]` value of each [`Term`], in the order of
    /// [`ALL_TERMS`].
    pub terms: [[Score; 2]; TERMS],
}

/// Number of table entries over all piece kinds: 64 squares for each of
/// the six.
pub const ENTRIES: usize = 6 * 64;

/// Number of the tuner's features: the table entries, then the position
/// terms (feature `ENTRIES + t` is term `t`).
pub const FEATURES: usize = ENTRIES + TERMS;

/// The table entry (0..[`ENTRIES`]) that a piece of `kind` and `color` on
/// `square` reads: `(kind code - 1) * 64 + row * 8 + file`, where row 0 is
/// the eighth rank for White and the first for Black.
#[inline]
pub const fn entry_index(kind: PieceKind, color: Color, square: Square) -> usize {
    let (row, file) = (
        7 - relative_rank(color, square) as usize,
        square.file() as usize,
    );
    (kind as usize - 1) * 64 + row * 8 + file
}

/// Where table entry `entry` (0..[`ENTRIES`]) lives: `(kind index, row,
/// file)`.
#[inline]
pub const fn entry_cell(entry: usize) -> (usize, usize, usize) {
    (entry / 64, entry % 64 / 8, entry % 8)
}

impl TaperedParams {
    /// The `[middle game, end game]` value of feature `feature` (see
    /// [`FEATURES`]): for a table entry ([`entry_index`]) material plus
    /// table, for a term its value.
    #[inline]
    pub const fn entry(&self, feature: usize) -> [Score; 2] {
        if feature >= ENTRIES {
            return self.terms[feature - ENTRIES];
        }
        let (kind, row, file) = entry_cell(feature);
        let piece = &self.pieces[kind];
        [
            piece.value[0] + piece.middle_game[row][file],
            piece.value[1] + piece.end_game[row][file],
        ]
    }
}

/// The game phase for the evaluation: non-pawn material on the board, from
/// [`FULL_PHASE`] (all of it) down to 0.
#[inline]
pub fn phase(material_gone: i32) -> i32 {
    FULL_PHASE - material_gone.clamp(0, FULL_PHASE)
}

/// A `[middle game, end game]` pair blended for `phase`, rounded towards zero.
/// Every table entry is blended (and rounded) on its own, so that a sum of
/// entries changes by exactly what a move changes.
#[inline]
pub const fn blend([middle_game, end_game]: [Score; 2], phase: i32) -> Score {
    (middle_game * phase + end_game * (FULL_PHASE - phase)) / FULL_PHASE
}

/// Every piece's value on every square, blended for every phase
/// (0..=[`FULL_PHASE`]) from the tuned parameters at compile time; indexed by
/// phase, kind code (0, an empty square, is worth nothing) and White's square
/// as a bit index (Black's turned around with `^ 56`). A move's gain is
/// read at one phase from one slice, with no division.
static BLENDED: [[[Score; 64]; 7]; FULL_PHASE as usize + 1] = blended_tables(&tuned::TUNED);

const fn blended_tables(params: &TaperedParams) -> [[[Score; 64]; 7]; FULL_PHASE as usize + 1] {
    let mut tables = [[[0; 64]; 7]; FULL_PHASE as usize + 1];
    let mut phase = 0;
    while phase <= FULL_PHASE as usize {
        let mut kind = 1;
        while kind < 7 {
            let Some(piece_kind) = PieceKind::from_code(kind as u8) else {
                panic!("kind codes 1..=6")
            };
            let mut bit = 0;
            while bit < 64 {
                let square = Square::from_bit_index(bit as u32);
                let entry = params.entry(entry_index(piece_kind, Color::White, square));
                tables[phase][kind][bit] = blend(entry, phase as i32);
                bit += 1;
            }
            kind += 1;
        }
        phase += 1;
    }
    tables
}

/// What `piece` on `square` is worth to its owner at `phase` (0 for an empty
/// square).
#[inline]
fn value(piece: Piece, square: Square, phase: i32) -> Score {
    let turn = if piece.is_color(Color::Black) { 56 } else { 0 };
    BLENDED[phase as usize][piece.kind_code()][square.bit_index() ^ turn]
}

// ----- the position terms -----

/// The squares `ranks_ahead` ranks in front of the king of `color` on
/// `king`, on its file and the two beside it: the king's pawn shelter.
fn shelter(color: Color, king: Square, ranks_ahead: i32) -> u64 {
    let rank = match color {
        Color::White => i32::from(king.rank()) + ranks_ahead,
        Color::Black => i32::from(king.rank()) - ranks_ahead,
    };
    if !(0..8).contains(&rank) {
        return 0;
    }
    let on_rank_1 = 1u64 << king.file();
    (west(on_rank_1) | on_rank_1 | east(on_rank_1)) << (rank * 8)
}

/// What the position terms look at: the pawns of each side as bit sets, the
/// kings' squares and the castling rights (indexed by [`Color::index`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Structure {
    pawns: [u64; 2],
    kings: [Square; 2],
    rights: CastlingRights,
}

impl Structure {
    /// The structure of `board`.
    pub fn of(board: &Board) -> Structure {
        Structure {
            pawns: [board.pawns_of(Color::White), board.pawns_of(Color::Black)],
            kings: [
                board.king_square(Color::White),
                board.king_square(Color::Black),
            ],
            rights: board.castling_rights(),
        }
    }

    /// The structure after the move `mv` (pseudo-legal, moving `mover`) on
    /// `board`, whose structure this is.
    fn after(mut self, board: &Board, mv: Move, mover: Piece) -> Structure {
        let us = board.side_to_move();
        let (own, enemy) = (us.index(), us.opposite().index());
        match mover.kind() {
            Some(PieceKind::Pawn) => {
                self.pawns[own] &= !mv.from.bit();
                if mv.promotion.is_none() {
                    self.pawns[own] |= mv.to.bit();
                }
            }
            Some(PieceKind::King) => self.kings[own] = mv.to,
            _ => {}
        }
        self.pawns[enemy] &= !mv.captured_square().bit();
        self.rights = board.castling_rights_after(mv);
        self
    }

    /// How often each term occurs: White's count minus Black's, in the order
    /// of [`ALL_TERMS`].
    pub fn counts(&self) -> [i32; TERMS] {
        let mut counts = [0; TERMS];
        let passed = passed_pawns(self.pawns);
        for color in [Color::White, Color::Black] {
            let sign = if color == Color::White { 1 } else { -1 };
            let own = self.pawns[color.index()];
            let king = self.kings[color.index()];
            // Isolated: no own pawn on a neighbouring file; doubled: another
            // own pawn in front of it or behind it.
            let files = fill_up(fill_down(own));
            counts[Term::Isolated as usize] +=
                sign * sparse_count(own & !(west(files) | east(files)));
            let doubled = own & (fill_up(own << 8) | fill_down(own >> 8));
            counts[Term::Doubled as usize] += sign * sparse_count(doubled);
            counts[Term::SupportedPawn as usize] +=
                sign * sparse_count(own & pawn_attacks(color, own));
            // Backward: no own pawn level with it or behind it on a
            // neighbouring file, and its stop square attacked by a pawn.
            let enemy_attacks =
                pawn_attacks(color.opposite(), self.pawns[color.opposite().index()]);
            let (own_and_ahead, attacked_in_front) = match color {
                Color::White => (fill_up(own), enemy_attacks >> 8),
                Color::Black => (fill_down(own), enemy_attacks << 8),
            };
            let defensible = west(own_and_ahead) | east(own_and_ahead);
            counts[Term::Backward as usize] +=
                sign * sparse_count(own & !defensible & attacked_in_front);
            // Each passed pawn by its rank (2nd to 7th: terms 0 to 5), and
            // each king's distance to its stop square (the one in front of
            // it), weighted by how far the pawn has come.
            for pawn in squares_in(passed[color.index()]) {
                let Some(stop) = pawn.offset(color.pawn_push()) else {
                    continue;
                };
                let advanced = i32::from(relative_rank(color, pawn)) - 1;
                counts[advanced as usize] += sign;
                let enemy_king = self.kings[color.opposite().index()];
                counts[Term::PassedOwnKing as usize] += sign * advanced * king.distance(stop);
                counts[Term::PassedEnemyKing as usize] +=
                    sign * advanced * enemy_king.distance(stop);
            }
            counts[Term::ShelterNear as usize] +=
                sign * sparse_count(own & shelter(color, king, 1));
            counts[Term::ShelterFar as usize] += sign * sparse_count(own & shelter(color, king, 2));
            counts[Term::CastlingRight as usize] += sign * self.rights.count(color);
        }
        counts
    }
}

/// Each side's passed pawns: those outside the squares that the enemy pawns
/// have in front of them on their own and the neighbouring files.
fn passed_pawns([white, black]: [u64; 2]) -> [u64; 2] {
    let widen = |set: u64| set | west(set) | east(set);
    // Black's pawns look down the board, White's up.
    [
        white & !widen(fill_down(black >> 8)),
        black & !widen(fill_up(white << 8)),
    ]
}

/// How many squares `set` holds, counted one by one: quicker than
/// `count_ones` for the few squares these terms see, on processors that are
/// built for without a population-count instruction (the default target).
#[inline]
fn sparse_count(mut set: u64) -> i32 {
    let mut count = 0;
    while set != 0 {
        set &= set - 1;
        count += 1;
    }
    count
}

/// Every square of `set` and all squares above them (towards rank 8).
#[inline]
const fn fill_up(mut set: u64) -> u64 {
    set |= set << 8;
    set |= set << 16;
    set | set << 32
}

/// Every square of `set` and all squares below them (towards rank 1).
#[inline]
const fn fill_down(mut set: u64) -> u64 {
    set |= set >> 8;
    set |= set >> 16;
    set | set >> 32
}

/// `set` moved one file towards the a-file (nothing wraps onto the h-file).
#[inline]
const fn west(set: u64) -> u64 {
    (set >> 1) & !(FILE_A << 7)
}

/// `set` moved one file towards the h-file (nothing wraps onto the a-file).
#[inline]
const fn east(set: u64) -> u64 {
    (set << 1) & !FILE_A
}

/// The position terms switched on in `terms`, from White's point of view,
/// for term counts `counts` at `phase`.
#[inline]
fn terms_score(terms: EvalTerms, counts: &[i32; TERMS], phase: i32) -> Score {
    let mut score = 0;
    for (index, term) in ALL_TERMS.iter().enumerate() {
        if counts[index] != 0 && terms.contains(term.switch()) {
            score += counts[index] * blend(tuned::TUNED.terms[index], phase);
        }
    }
    score
}

/// Slots in a [`StructureCache`] (a power of two).
const STRUCTURE_CACHE_SLOTS: usize = 1 << 12;

/// One remembered score of the position terms (White's point of view), with
/// what it was counted for: the structure, the terms switched on, the phase.
type StructureSlot = ((Structure, EvalTerms, i32), Score);

/// A cache of the position terms' scores by [`Structure`]: chess programs'
/// **pawn hash table**. A slot remembers the whole structure it scored, so
/// an answer is exact, never a collision's guess. An empty cache
/// ([`StructureCache::default`]) remembers nothing and counts every time.
#[derive(Clone, Debug, Default)]
pub struct StructureCache {
    slots: Vec<Option<StructureSlot>>,
    /// The structure a move last started from ([`Self::score_before_move`]):
    /// every move of a node starts from the same one, so it is kept apart,
    /// where the structures after the moves cannot push it out.
    before_move: Option<StructureSlot>,
}

impl StructureCache {
    /// A cache with room for a few thousand structures.
    pub fn new() -> StructureCache {
        StructureCache {
            slots: vec![None; STRUCTURE_CACHE_SLOTS],
            before_move: None,
        }
    }

    /// The position terms' score of `structure` (White's point of view),
    /// from the cache or counted and remembered.
    fn score(&mut self, terms: EvalTerms, structure: &Structure, phase: i32) -> Score {
        if self.slots.is_empty() {
            return terms_score(terms, &structure.counts(), phase);
        }
        // The slot mixes the kings and the phase in with the pawns (the
        // tuner and the search ask for one structure at several phases,
        // which would otherwise evict each other).
        let kings = structure.kings[0].index() << 8 | structure.kings[1].index();
        let index = pawn_slot(
            structure.pawns,
            kings as u64 ^ (phase as u64) << 58,
            STRUCTURE_CACHE_SLOTS,
        );
        let counted_for = (*structure, terms, phase);
        if let Some((_, score)) = self.slots[index].filter(|slot| slot.0 == counted_for) {
            return score;
        }
        let score = terms_score(terms, &structure.counts(), phase);
        self.slots[index] = Some((counted_for, score));
        score
    }

    /// [`Self::score`] of the structure a move starts from.
    fn score_before_move(&mut self, terms: EvalTerms, structure: &Structure, phase: i32) -> Score {
        let counted_for = (*structure, terms, phase);
        if let Some((_, score)) = self.before_move.filter(|slot| slot.0 == counted_for) {
            return score;
        }
        let score = self.score(terms, structure, phase);
        if !self.slots.is_empty() {
            self.before_move = Some((counted_for, score));
        }
        score
    }
}

/// The slot, of `slots` (a power of two), of a table kept by pawn
/// structure: White's and Black's pawns (as 64-bit sets) with `extra` bits
/// mixed in. Multiply-shift hashing: the top bits of the product mix every
/// bit.
pub fn pawn_slot([white, black]: [u64; 2], extra: u64, slots: usize) -> usize {
    let mixed = (white ^ black.rotate_left(29) ^ extra).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    (mixed >> (64 - slots.trailing_zeros())) as usize
}

/// What the move `mv` (pseudo-legal, not yet made) gains for the side making
/// it, at the phase of `material_gone` (the root's, or with `node_phase` the
/// node's), the position terms in `terms` switched on and their scores
/// looked up in `cache`.
#[inline]
pub fn move_gain_cached(
    terms: EvalTerms,
    board: &Board,
    mv: Move,
    material_gone: i32,
    cache: &mut StructureCache,
) -> Score {
    let phase = phase(material_gone);
    let mover = board.piece_at(mv.from);
    let us = board.side_to_move();
    let captured_square = mv.captured_square();
    let captured = board.piece_at(captured_square);
    let placed = mv.promotion.map_or(mover, |kind| Piece::new(us, kind));
    let mut gain = value(captured, captured_square, phase) + value(placed, mv.to, phase)
        - value(mover, mv.from, phase);
    if mv.kind == MoveKind::Castle {
        let (rook_from, rook_to) = castling_rook_squares(mv.to);
        let rook = Piece::new(us, PieceKind::Rook);
        gain += value(rook, rook_to, phase) - value(rook, rook_from, phase);
    }
    // The position terms change only when a pawn moves or is taken, a king
    // moves, or a castling right is lost: re-count them then.
    if terms.intersects(EvalTerms::TAPERED_TERMS)
        && (matches!(mover.kind(), Some(PieceKind::Pawn | PieceKind::King))
            || captured.kind() == Some(PieceKind::Pawn)
            || board.castling_rights_after(mv) != board.castling_rights())
    {
        let before = Structure::of(board);
        let after = before.after(board, mv, mover);
        gain += for_side(
            us,
            cache.score(terms, &after, phase) - cache.score_before_move(terms, &before, phase),
        );
    }
    gain
}

/// Switch `node_phase`: the middle-game less the end-game value of every
/// piece on `board` and of the position terms in `terms` (White's point of
/// view): how much the evaluation moves per unit of phase, times
/// [`FULL_PHASE`].
pub fn spread(terms: EvalTerms, board: &Board, cache: &mut StructureCache) -> Score {
    let mut spread = 0;
    for square in squares_in(board.occupied()) {
        let piece = board.piece_at(square);
        if let Some(owner) = piece.color() {
            let difference = value(piece, square, FULL_PHASE) - value(piece, square, 0);
            spread += for_side(owner, difference);
        }
    }
    if terms.intersects(EvalTerms::TAPERED_TERMS) {
        let structure = Structure::of(board);
        spread += cache.score(terms, &structure, FULL_PHASE) - cache.score(terms, &structure, 0);
    }
    spread
}

// ----- the activity terms: one walk along every piece's lines -----

/// The activity terms' counts of `board` (mobility by kind, king attack,
/// rook files, pawn threats, bishop pair), White's minus Black's, at their
/// places in [`ALL_TERMS`]; every other count is 0.
pub fn activity_counts(board: &Board) -> [i32; TERMS] {
    let mut counts = [0; TERMS];
    for color in [Color::White, Color::Black] {
        let sign = if color == Color::White { 1 } else { -1 };
        // The enemy king's square and its neighbours.
        let enemy_king = board.king_square(color.opposite());
        let king_zone = KING_LEAPS[enemy_king.bit_index()] | enemy_king.bit();
        let own = board.occupied_by(color);
        let occupied = board.occupied();
        let own_pawns = board.pawns_of(color);
        let enemy_pawns = board.pawns_of(color.opposite());
        let threatened = pawn_attacks(color.opposite(), enemy_pawns);
        let mut bishops = 0;
        let mut king_attackers = 0;
        let mut attack_weight = 0;
        let mut has_queen = false;
        for from in squares_in(board.occupied_by(color)) {
            let piece = board.piece_at(from);
            let Some(kind) = piece.kind() else {
                continue;
            };
            let term = match kind {
                PieceKind::Knight => Term::MobilityKnight,
                PieceKind::Bishop => Term::MobilityBishop,
                PieceKind::Rook => Term::MobilityRook,
                PieceKind::Queen => Term::MobilityQueen,
                _ => continue,
            };
            if threatened & from.bit() != 0 {
                counts[Term::PawnThreat as usize] -= sign;
            }
            match term {
                Term::MobilityBishop => bishops += 1,
                Term::MobilityRook => {
                    let file = FILE_A << from.file();
                    if own_pawns & file == 0 {
                        let open = enemy_pawns & file == 0;
                        let file_term = if open {
                            Term::RookOpenFile
                        } else {
                            Term::RookHalfOpenFile
                        };
                        counts[file_term as usize] += sign;
                    }
                }
                _ => {}
            }
            // Every square the piece attacks, up to and including the first
            // piece along each ray (own pieces too: they are defended).
            let attacked = piece_attacks(kind, color, from, occupied);
            // It may go to those not held by its own side.
            let reached = attacked & !own;
            counts[term as usize] += sign * reached.count_ones() as i32;
            counts[Term::UnsafeMobility as usize] += sign * sparse_count(reached & threatened);
            let king_squares = sparse_count(attacked & king_zone);
            counts[Term::KingAttack as usize] += sign * king_squares;
            king_attackers += i32::from(king_squares != 0);
            attack_weight += KING_DANGER_WEIGHTS[piece.kind_code()] * king_squares;
            has_queen |= term == Term::MobilityQueen;
        }
        counts[Term::KingDanger as usize] +=
            sign * king_danger(attack_weight, king_attackers, has_queen);
        if bishops >= 2 {
            counts[Term::BishopPair as usize] += sign;
        }
    }
    counts
}

/// Each attack on a square at the enemy king, by the attacking piece's kind
/// (by kind code: knight and bishop 2, rook 3, queen 5).
const KING_DANGER_WEIGHTS: [i32; 7] = [0, 0, 2, 2, 3, 5, 0];

/// The largest [`king_danger`] count: no attack is worth more (and the
/// tuner's counts, a byte each, stay exact).
const KING_DANGER_MAX: i32 = 100;

/// The count of [`Term::KingDanger`] for one side: the square of its attack
/// weight (the sum of `KING_DANGER_WEIGHTS` over every attack on a square
/// at the enemy king), divided by 16 — but only with its queen on the board
/// and two pieces or more in the attack, and at most `KING_DANGER_MAX`.
/// A queen and a knight that bear on three squares each weigh 21 and count
/// 27; add a rook on two and they weigh 27 and count 45.
pub fn king_danger(attack_weight: i32, attackers: i32, has_queen: bool) -> i32 {
    if has_queen && attackers >= 2 {
        (attack_weight * attack_weight / 16).min(KING_DANGER_MAX)
    } else {
        0
    }
}

/// The activity terms switched on in `terms` ([`EvalTerms::ACTIVITY_TERMS`]),
/// for the side to move, at the phase of `material_gone`.
pub fn activity(terms: EvalTerms, board: &Board, material_gone: i32) -> Score {
    let counts = activity_counts(board);
    let mut score = terms_score(terms, &counts, phase(material_gone));
    if terms.contains(EvalTerms::MOP_UP) {
        score += mop_up(board, terms.contains(EvalTerms::MOP_UP_PIECES));
    }
    for_side(board.side_to_move(), score)
}

/// Centipawns for each step the bare king stands from the centre.
const MOP_UP_EDGE: Score = 10;
/// Centipawns for each step the kings come closer (of 7 at most).
const MOP_UP_KINGS: Score = 4;

/// Material a pawnless side must be ahead by (in [`PIECE_VALUES`]) for
/// `mop_up_pieces` to drive the other king: a queen against a rook (550)
/// or a rook more (600) are wins; a minor piece more (350 or 400), as in a
/// rook and bishop against a rook, is mostly a draw and left alone.
const MOP_UP_PIECES_LEAD: Score = 500;

/// The mop-up term (switch `mop_up`), from White's point of view: against a
/// bare king, a side with a queen or a rook gains for every step the bare
/// king stands from the centre and every step its own king comes closer.
/// Mating needs both, beyond a short search's horizon, and the tuned tables
/// (such endings are rare in games) leave the kings to wander. With
/// `with_pieces` (switch `mop_up_pieces`) the weaker side may keep pieces
/// too, in a pawnless ending where the stronger side is
/// [`MOP_UP_PIECES_LEAD`] or more ahead.
///
/// Deviation from micro-Max: micro-Max has no end-game knowledge of this
/// kind; its king centralisation alone drives a bare king to the edge.
fn mop_up(board: &Board, with_pieces: bool) -> Score {
    let no_pawns = board.pawns_of(Color::White) | board.pawns_of(Color::Black) == 0;
    for (strong, sign) in [(Color::White, 1), (Color::Black, -1)] {
        let weak = strong.opposite();
        let bare = board.occupied_by(weak).count_ones() == 1;
        let pawnless_with_pieces = with_pieces && no_pawns;
        if !(bare || pawnless_with_pieces) {
            continue;
        }
        let can_mate = board.sliders_of(strong, false) != 0; // a queen or a rook
        if !can_mate || (!bare && material_lead(board, strong) < MOP_UP_PIECES_LEAD) {
            continue;
        }
        let lone = board.king_square(weak);
        let from_centre =
            |coordinate: u8| (3 - i32::from(coordinate)).max(i32::from(coordinate) - 4);
        let edge = from_centre(lone.file()) + from_centre(lone.rank());
        let apart = lone.distance(board.king_square(strong));
        return sign * (MOP_UP_EDGE * edge + MOP_UP_KINGS * (7 - apart));
    }
    0
}

/// How far `color` is ahead in material ([`PIECE_VALUES`]).
fn material_lead(board: &Board, color: Color) -> Score {
    let material = |side: Color| -> Score {
        squares_in(board.occupied_by(side))
            .filter_map(|square| board.piece_at(square).kind())
            .map(|kind| PIECE_VALUES[kind as usize])
            .sum()
    };
    material(color) - material(color.opposite())
}

/// The full tapered evaluation of `board` for the side to move, at the
/// board's own phase, with the position terms in `terms`.
pub fn static_eval(terms: EvalTerms, board: &Board) -> Score {
    static_eval_at(terms, board, material_gone(board))
}

/// The full tapered evaluation of `board` for the side to move, at the phase
/// of `material_gone` (the search's positions are scored at the root's).
pub fn static_eval_at(terms: EvalTerms, board: &Board, material_gone: i32) -> Score {
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
    if terms.intersects(EvalTerms::TAPERED_TERMS) {
        let counts = Structure::of(board).counts();
        score += for_side(us, terms_score(terms, &counts, phase));
    }
    score
}
