//! # The hash table (transposition table)
//!
//! Different move orders often reach the same position: 1.e4 e5 2.Nf3 and
//! 1.Nf3 e5 2.e4 are one position searched twice. micro-Max remembers every
//! position it has searched in a table of 2^24 entries indexed by the low bits of
//! the position's Zobrist key. An entry records what the search learned:
//!
//! * a **check** value (more key bits) to tell this position from others that
//!   share the slot;
//! * the **score** and what kind of bound it is (exact, or only "at least" after
//!   a beta cut-off, or only "at most" when every move failed low);
//! * the **depth** it was searched to, which is where internal iterative
//!   deepening resumes next time;
//! * the **best move**, tried first on the next visit.
//!
//! As in micro-Max every store simply overwrites the slot ("always replace"):
//! the newest information is usually the most useful, and it costs nothing to
//! decide. An entry is 12 bytes, so the default 2^24 entries take 192 MiB.

use crate::board::{Move, PieceKind, Square};

/// The score kind stored with an entry.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Bound {
    /// The true score is exactly `score`.
    Exact,
    /// A beta cut-off: the true score is at least `score`.
    Lower,
    /// Every move failed low: the true score is at most `score`.
    Upper,
}

/// A move squeezed into 16 bits for the table: from (6 bits), to (6 bits) and
/// promotion (3 bits, 0 = none). The move kind is recovered by matching the
/// generated moves, which also proves the move is pseudo-legal in the position.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
struct PackedMove(u16);

const NO_MOVE: PackedMove = PackedMove(0);

impl PackedMove {
    fn pack(mv: Move) -> PackedMove {
        let promotion = mv.promotion.map_or(0, |kind| kind as u16);
        let from = mv.from.bit().trailing_zeros() as u16;
        let to = mv.to.bit().trailing_zeros() as u16;
        PackedMove(from | to << 6 | promotion << 12)
    }

    fn from(self) -> Square {
        Square::from_bit_index(u32::from(self.0 & 63))
    }

    fn to(self) -> Square {
        Square::from_bit_index(u32::from(self.0 >> 6 & 63))
    }

    fn promotion(self) -> Option<PieceKind> {
        PieceKind::from_code((self.0 >> 12) as u8)
    }

    /// Does this packed move stand for `mv`?
    pub fn matches(self, mv: Move) -> bool {
        self != NO_MOVE
            && self.from() == mv.from
            && self.to() == mv.to
            && self.promotion() == mv.promotion
    }
}

/// One slot of the table.
#[derive(Clone, Copy, Debug)]
struct Slot {
    check: u32,
    score: i16,
    best_move: PackedMove,
    depth: u8,
    bound: Bound,
}

const EMPTY_SLOT: Slot = Slot {
    check: 0,
    score: 0,
    best_move: NO_MOVE,
    depth: 0,
    bound: Bound::Upper,
};

/// What a probe found: everything but the check bits.
#[derive(Clone, Copy, Debug)]
pub struct Entry {
    /// The score stored (see `bound` for what it means).
    pub score: i32,
    /// The depth (deepening iteration) it was searched to.
    pub depth: i32,
    /// Whether `score` is exact, a lower or an upper bound.
    pub bound: Bound,
    best_move: PackedMove,
}

impl Entry {
    /// Is the stored best move `mv`? (The stored move is only a hint: callers
    /// look it up among the moves they generated.)
    pub fn is_best_move(&self, mv: Move) -> bool {
        self.best_move.matches(mv)
    }

    /// Does the entry carry a best move at all?
    pub fn has_best_move(&self) -> bool {
        self.best_move != NO_MOVE
    }
}

/// Bytes per slot, for converting a size in MiB to a number of entries.
pub const SLOT_BYTES: usize = std::mem::size_of::<Slot>();

/// micro-Max's table size: 2^24 entries.
pub const DEFAULT_ENTRIES_LOG2: u32 = 24;

/// The transposition table itself.
pub struct TranspositionTable {
    slots: Vec<Slot>,
    /// `slots.len() - 1`: the slot of a key is `key & index_mask`.
    index_mask: u64,
    /// Slots written since the last clear (for `hashfull`).
    used: usize,
}

impl TranspositionTable {
    /// A table of `2^log2_entries` slots. Panics only if the allocation fails;
    /// use [`TranspositionTable::try_with_megabytes`] for user-chosen sizes.
    pub fn new(log2_entries: u32) -> TranspositionTable {
        TranspositionTable::try_with_entries(1 << log2_entries)
            .expect("could not allocate the hash table")
    }

    /// The largest power-of-two table that fits in `megabytes` MiB (at least one
    /// slot), or an error saying the memory could not be had.
    pub fn try_with_megabytes(megabytes: usize) -> Result<TranspositionTable, String> {
        let bytes = megabytes.saturating_mul(1 << 20);
        let wanted = (bytes / SLOT_BYTES).max(1);
        let entries = 1usize << (usize::BITS - 1 - wanted.leading_zeros());
        TranspositionTable::try_with_entries(entries)
    }

    fn try_with_entries(entries: usize) -> Result<TranspositionTable, String> {
        let mut slots = Vec::new();
        slots.try_reserve_exact(entries).map_err(|_| {
            format!(
                "cannot allocate {} MiB for the hash table",
                entries.saturating_mul(SLOT_BYTES) >> 20
            )
        })?;
        slots.resize(entries, EMPTY_SLOT);
        Ok(TranspositionTable {
            slots,
            index_mask: entries as u64 - 1,
            used: 0,
        })
    }

    /// Number of slots.
    pub fn len(&self) -> usize {
        self.slots.len()
    }

    /// Is the table empty of slots? (Never: there is always at least one.)
    pub fn is_empty(&self) -> bool {
        self.slots.is_empty()
    }

    /// Size in MiB (rounded down).
    pub fn megabytes(&self) -> usize {
        (self.slots.len() * SLOT_BYTES) >> 20
    }

    /// Forget everything (a new game).
    pub fn clear(&mut self) {
        self.slots.fill(EMPTY_SLOT);
        self.used = 0;
    }

    /// Per mille of the slots written since the last clear (UCI `hashfull`).
    pub fn permille_used(&self) -> usize {
        self.used.min(self.slots.len()) * 1000 / self.slots.len()
    }

    #[inline]
    fn slot_index(&self, key: u64) -> usize {
        (key & self.index_mask) as usize
    }

    /// The check bits: the top 32 bits of the key, independent of the index bits.
    #[inline]
    fn check_bits(key: u64) -> u32 {
        (key >> 32) as u32
    }

    /// Look up the position with Zobrist key `key`.
    #[inline]
    pub fn probe(&self, key: u64) -> Option<Entry> {
        let slot = self.slots[self.slot_index(key)];
        (slot.check == Self::check_bits(key) && slot.depth > 0).then_some(Entry {
            score: i32::from(slot.score),
            depth: i32::from(slot.depth),
            bound: slot.bound,
            best_move: slot.best_move,
        })
    }

    /// Store what the search learned about the position with key `key`.
    #[inline]
    pub fn store(
        &mut self,
        key: u64,
        score: i32,
        depth: i32,
        bound: Bound,
        best_move: Option<Move>,
    ) {
        let index = self.slot_index(key);
        if self.slots[index].depth == 0 {
            self.used += 1;
        }
        self.slots[index] = Slot {
            check: Self::check_bits(key),
            score: score.clamp(i32::from(i16::MIN), i32::from(i16::MAX)) as i16,
            best_move: best_move.map_or(NO_MOVE, PackedMove::pack),
            depth: depth.clamp(1, i32::from(u8::MAX)) as u8,
            bound,
        };
    }

    /// The stored best move for `key`, if any, as the caller's legal move.
    pub fn best_move_among(&self, key: u64, moves: &[Move]) -> Option<Move> {
        let entry = self.probe(key)?;
        moves.iter().copied().find(|&mv| entry.is_best_move(mv))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn store_and_probe() {
        let mut table = TranspositionTable::new(10);
        let mv = Move {
            promotion: Some(PieceKind::Knight),
            ..Move::new(Square::parse("e7").unwrap(), Square::parse("e8").unwrap())
        };
        let key = 0xDEAD_BEEF_0123_4567;
        assert!(table.probe(key).is_none());
        table.store(key, -123, 7, Bound::Lower, Some(mv));
        let entry = table.probe(key).unwrap();
        assert_eq!(
            (entry.score, entry.depth, entry.bound),
            (-123, 7, Bound::Lower)
        );
        assert!(entry.is_best_move(mv));
        assert!(!entry.is_best_move(Move::new(mv.from, mv.to)));
        // Same slot, different check bits: a miss.
        assert!(table.probe(key ^ (1 << 40)).is_none());
    }

    #[test]
    fn megabytes_round_down_to_power_of_two() {
        let table = TranspositionTable::try_with_megabytes(1).unwrap();
        assert!(table.len().is_power_of_two());
        assert!(table.len() * SLOT_BYTES <= 1 << 20);
        assert!(TranspositionTable::try_with_megabytes(usize::MAX >> 21).is_err());
    }
}
