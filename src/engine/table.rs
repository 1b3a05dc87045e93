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
//!
//! Mate scores need no correction when stored: the search's delayed-loss
//! bonus makes every score count its distance to mate from the node it
//! belongs to, not from the root, so an entry is valid wherever it is found.
//!
//! Deviation from micro-Max: the memory is asked for already zeroed, and an
//! all-zero slot is an empty one, so the operating system hands out pages only
//! when the search first touches them. When memory is short the table falls
//! back to a smaller size ([`TranspositionTable::with_megabytes_or_less`]).
//!
//! ## Several threads
//! Deviation from micro-Max (switch `threads`): helper threads share the table
//! with no lock. Each slot is three 32-bit words, each read and written whole,
//! but a reader may get some words of one store and some of another. So the
//! first word holds the check bits mixed (exclusive or) with the other two; a
//! reader unmixes them, and words from two different stores give check bits
//! that match neither position, so the probe misses (R. Hyatt's lockless
//! hashing).
//!
//! Speed: a probe lands on a random slot of a table far larger than the
//! caches. On Linux the table asks for 2 MiB pages (fewer address translations
//! to miss), and the search fetches a child's slot as soon as it has made the
//! move ([`TranspositionTable::prefetch`]). Neither changes what is found.

use std::alloc::{self, Layout};
use std::sync::atomic::{AtomicU32, AtomicUsize, Ordering};

use crate::board::{Move, PieceKind, Square};

/// The score kind stored with an entry. `Exact` is the zero byte, so that
/// zeroed memory is a table of valid (empty) slots.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
#[repr(u8)]
pub enum Bound {
    /// The true score is exactly `score`.
    Exact = 0,
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

/// What one slot holds. Every field accepts all-zero bytes, and a slot of
/// depth 0 is empty.
#[derive(Clone, Copy, Debug, PartialEq)]
struct SlotData {
    check: u32,
    score: i16,
    best_move: PackedMove,
    depth: u8,
    bound: Bound,
}

impl SlotData {
    /// The three words a slot stores: the check bits mixed with the other two
    /// (see "Several threads" above), the score and move, the depth and bound.
    fn to_words(self) -> [u32; 3] {
        let score_and_move = u32::from(self.score as u16) | u32::from(self.best_move.0) << 16;
        let depth_and_kind = u32::from(self.depth) | u32::from(self.bound as u8) << 8;
        [
            self.check ^ score_and_move ^ depth_and_kind,
            score_and_move,
            depth_and_kind,
        ]
    }

    /// The inverse of [`to_words`](Self::to_words).
    fn from_words([mixed_check, score_and_move, depth_and_kind]: [u32; 3]) -> SlotData {
        SlotData {
            check: mixed_check ^ score_and_move ^ depth_and_kind,
            score: score_and_move as u16 as i16,
            best_move: PackedMove((score_and_move >> 16) as u16),
            depth: depth_and_kind as u8,
            bound: match (depth_and_kind >> 8) as u8 {
                1 => Bound::Lower,
                2 => Bound::Upper,
                _ => Bound::Exact,
            },
        }
    }
}

/// One slot of the table as stored: three 32-bit words, each read and written
/// whole, so that search threads can share the table without locks.
#[derive(Debug, Default)]
struct Slot([AtomicU32; 3]);

impl Slot {
    #[inline]
    fn load(&self) -> SlotData {
        SlotData::from_words(self.0.each_ref().map(|word| word.load(Ordering::Relaxed)))
    }

    /// Does the slot hold no entry (depth 0)? The depth is the low byte of
    /// the third word (see [`SlotData::to_words`]), so one load tells.
    #[inline]
    fn is_empty(&self) -> bool {
        self.0[2].load(Ordering::Relaxed) as u8 == 0
    }

    #[inline]
    fn save(&self, data: SlotData) {
        for (word, value) in self.0.iter().zip(data.to_words()) {
            word.store(value, Ordering::Relaxed);
        }
    }
}

/// Start loading the memory at `address` into the processor's cache: a hint
/// that changes nothing but how soon a later read of it finds it there.
#[inline]
pub fn prefetch<T>(address: *const T) {
    #[cfg(target_arch = "x86_64")]
    {
        use std::arch::x86_64::{_MM_HINT_T0, _mm_prefetch};
        // SAFETY: a prefetch never faults, whatever the address.
        unsafe { _mm_prefetch::<_MM_HINT_T0>(address.cast::<i8>()) };
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = address;
}

/// The empty slot: all zero bytes, what freshly allocated memory holds.
#[cfg(test)]
const EMPTY_SLOT: SlotData = SlotData {
    check: 0,
    score: 0,
    best_move: NO_MOVE,
    depth: 0,
    bound: Bound::Exact,
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

/// The default table size in MiB (192).
pub const DEFAULT_MEGABYTES: usize = ((1 << DEFAULT_ENTRIES_LOG2) * SLOT_BYTES) >> 20;

/// The largest table size offered, in MiB (64 GiB), whatever the machine has.
pub const MAX_MEGABYTES: usize = 1 << 16;

/// The number of slots in the largest power-of-two table that fits in
/// `megabytes` MiB (at least one slot).
pub fn entries_within(megabytes: usize) -> usize {
    let wanted = (megabytes.saturating_mul(1 << 20) / SLOT_BYTES).max(1);
    1 << (usize::BITS - 1 - wanted.leading_zeros())
}

/// The size in MiB of a table of `entries` slots, rounded down.
fn megabytes_of(entries: usize) -> usize {
    entries.saturating_mul(SLOT_BYTES) >> 20
}

/// The largest table size in MiB (at most [`MAX_MEGABYTES`]) that this
/// process can allocate now (zeroed memory freed untouched costs nothing):
/// the useful maximum to offer.
pub fn usable_megabytes() -> usize {
    let mut entries = entries_within(MAX_MEGABYTES);
    while entries > 1 && TranspositionTable::try_with_entries(entries).is_none() {
        entries /= 2;
    }
    megabytes_of(entries).max(1)
}

/// The machine's memory in MiB where the system tells (Linux's `MemTotal`).
/// Memory is handed out lazily, so a table larger than the machine could be
/// allocated and fail only when filled: such a table is refused up front.
fn physical_megabytes() -> Option<usize> {
    let meminfo = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = meminfo.lines().find(|line| line.starts_with("MemTotal:"))?;
    let kilobytes: usize = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kilobytes >> 10)
}

/// `entries` empty slots in zeroed memory, or `None` if the memory cannot be
/// had. Unlike `vec![EMPTY_SLOT; entries]` this neither writes the memory
/// (so the pages stay untouched until used) nor aborts the process on failure.
fn allocate_empty_slots(entries: usize) -> Option<Vec<Slot>> {
    let layout = Layout::array::<Slot>(entries).ok()?;
    if layout.size() == 0 {
        return Some(Vec::new());
    }
    // SAFETY: the layout has a non-zero size.
    let memory = unsafe { alloc::alloc_zeroed(layout) }.cast::<Slot>();
    if memory.is_null() {
        return None;
    }
    advise_huge_pages(memory.cast::<u8>(), layout.size());
    // SAFETY: the memory comes from the global allocator with the layout of
    // `entries` slots, and all-zero bytes are a valid slot (`EMPTY_SLOT`: zero
    // integers, `NO_MOVE`, `Bound::Exact` = 0), so all `entries` are initialised.
    Some(unsafe { Vec::from_raw_parts(memory, entries, entries) })
}

/// Ask Linux to back the table with 2 MiB pages, so that its address
/// translations stay cached. The kernel may decline (`transparent_hugepage` is
/// `never`, or no huge page is free); the table works either way.
#[cfg(target_os = "linux")]
fn advise_huge_pages(start: *mut u8, bytes: usize) {
    const HUGE_PAGE: usize = 2 << 20;
    const MADV_HUGEPAGE: i32 = 14;
    unsafe extern "C" {
        // The C library's madvise(2), which the standard library links already.
        fn madvise(addr: *mut u8, length: usize, advice: i32) -> i32;
    }
    // Only whole huge pages inside the allocation may be advised.
    let first = (start as usize).next_multiple_of(HUGE_PAGE);
    let end = (start as usize + bytes) / HUGE_PAGE * HUGE_PAGE;
    if end > first {
        // SAFETY: [first, end) lies inside memory this process just allocated;
        // MADV_HUGEPAGE changes how it is backed, never its contents.
        unsafe {
            madvise(first as *mut u8, end - first, MADV_HUGEPAGE);
        }
    }
}

/// Elsewhere the table keeps the system's ordinary pages.
#[cfg(not(target_os = "linux"))]
fn advise_huge_pages(_start: *mut u8, _bytes: usize) {}

/// The transposition table itself.
pub struct TranspositionTable {
    slots: Vec<Slot>,
    /// `slots.len() - 1`: the slot of a key is `key & index_mask`.
    index_mask: u64,
    /// Slots written since the last clear (for `hashfull`). Threads storing at
    /// once may miscount a little: the figure is only shown.
    used: AtomicUsize,
    /// Every page of `slots` has been written (by a clear or `touch_all`), so
    /// the memory is the process's already.
    all_pages_touched: bool,
}

impl TranspositionTable {
    /// A table of `2^log2_entries` slots, or, if that much memory cannot be
    /// had, of as many as can (see [`TranspositionTable::len`]).
    pub fn new(log2_entries: u32) -> TranspositionTable {
        TranspositionTable::with_entries_or_fewer(1 << log2_entries).0
    }

    /// A table of one slot: a placeholder that holds no memory to speak of,
    /// for while the old table is freed before a new one is built.
    pub fn empty() -> TranspositionTable {
        TranspositionTable::new(0)
    }

    /// The largest power-of-two table that fits in `megabytes` MiB (at least one
    /// slot), or an error saying what that came to, why it failed and what can
    /// be had instead.
    pub fn try_with_megabytes(megabytes: usize) -> Result<TranspositionTable, String> {
        let entries = entries_within(megabytes);
        TranspositionTable::try_with_entries(entries).ok_or_else(|| {
            format!(
                "a hash table of {megabytes} MiB rounds down to {} MiB (2^{} entries of \
                 {SLOT_BYTES} bytes), more than this machine can allocate; at most \
                 {} MiB can be had now",
                megabytes_of(entries),
                entries.trailing_zeros(),
                usable_megabytes()
            )
        })
    }

    /// The largest power-of-two table within `megabytes` MiB; if that much
    /// memory cannot be had, the largest smaller table that can, with a
    /// one-line warning saying so.
    pub fn with_megabytes_or_less(megabytes: usize) -> (TranspositionTable, Option<String>) {
        TranspositionTable::with_entries_or_fewer(entries_within(megabytes))
    }

    /// `entries` slots, or half as many, and so on, until the memory can be had.
    fn with_entries_or_fewer(entries: usize) -> (TranspositionTable, Option<String>) {
        let mut fewer = entries;
        loop {
            if let Some(table) = TranspositionTable::try_with_entries(fewer) {
                let warning = (fewer < entries).then(|| {
                    format!(
                        "cannot allocate {} MiB for the hash table: using {} MiB",
                        megabytes_of(entries),
                        megabytes_of(fewer)
                    )
                });
                return (table, warning);
            }
            // Not even one slot: out of memory altogether.
            assert!(fewer > 1, "cannot allocate a hash table at all");
            fewer /= 2;
        }
    }

    fn try_with_entries(entries: usize) -> Option<TranspositionTable> {
        if physical_megabytes().is_some_and(|physical| megabytes_of(entries) > physical) {
            return None;
        }
        let slots = allocate_empty_slots(entries)?;
        Some(TranspositionTable {
            slots,
            index_mask: entries as u64 - 1,
            used: AtomicUsize::new(0),
            all_pages_touched: false,
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
        megabytes_of(self.slots.len())
    }

    /// Forget everything (a new game). An empty table is left untouched, so its
    /// memory stays with the operating system; one with fewer stores than pages
    /// gets fresh zeroed memory rather than a write to every page.
    pub fn clear(&mut self) {
        const SLOTS_PER_PAGE: usize = 4096 / SLOT_BYTES;
        if *self.used.get_mut() == 0 {
            return;
        }
        if !self.all_pages_touched
            && *self.used.get_mut() < self.slots.len() / SLOTS_PER_PAGE
            && let Some(fresh) = allocate_empty_slots(self.slots.len())
        {
            self.slots = fresh;
        } else {
            self.touch_all();
        }
        *self.used.get_mut() = 0;
    }

    /// Make an empty table's memory the process's own now, so that the next
    /// search does not pay for the operating system zeroing each page it
    /// first touches. A table holding entries is left as it is.
    pub fn prefault(&mut self) {
        if *self.used.get_mut() == 0 && !self.all_pages_touched {
            self.touch_all();
        }
    }

    /// [`clear`](Self::clear) then [`prefault`](Self::prefault), without first
    /// handing the memory back: for a clear just before a timed search.
    pub fn clear_and_prefault(&mut self) {
        if *self.used.get_mut() > 0 || !self.all_pages_touched {
            self.touch_all();
        }
    }

    /// Write every slot now, emptying the table and making all its memory the
    /// process's.
    fn touch_all(&mut self) {
        self.slots.fill_with(Slot::default);
        *self.used.get_mut() = 0;
        self.all_pages_touched = true;
    }

    /// Per mille of the slots written since the last clear (UCI `hashfull`).
    pub fn permille_used(&self) -> usize {
        self.used.load(Ordering::Relaxed).min(self.slots.len()) * 1000 / self.slots.len()
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

    /// Start loading the slot of `key` into the processor's cache, so that a
    /// [`probe`](Self::probe) a little later need not wait for memory. Both
    /// ends: one slot in eight straddles two cache lines.
    #[inline]
    pub fn prefetch(&self, key: u64) {
        let slot = self.slots.as_ptr().wrapping_add(self.slot_index(key));
        prefetch(slot);
        prefetch(slot.cast::<u8>().wrapping_add(SLOT_BYTES - 1));
    }

    /// Look up the position with Zobrist key `key`.
    #[inline]
    pub fn probe(&self, key: u64) -> Option<Entry> {
        let check = Self::check_bits(key);
        Some(self.slots[self.slot_index(key)].load())
            .filter(|slot| slot.check == check && slot.depth > 0)
            .map(|slot| Entry {
                score: i32::from(slot.score),
                depth: i32::from(slot.depth),
                bound: slot.bound,
                best_move: slot.best_move,
            })
    }

    /// Store what the search learned about the position with key `key`.
    #[inline]
    pub fn store(&self, key: u64, score: i32, depth: i32, bound: Bound, best_move: Option<Move>) {
        let best_move = best_move.map_or(NO_MOVE, PackedMove::pack);
        self.store_packed(key, score, depth, bound, best_move);
    }

    /// Store like [`store`](Self::store), keeping the best move of `probed`,
    /// what an earlier probe of the same key found: for a node that answers
    /// before it generates the moves that move would be among.
    #[inline]
    pub fn store_keeping_move(
        &self,
        key: u64,
        score: i32,
        depth: i32,
        bound: Bound,
        probed: Option<Entry>,
    ) {
        let best_move = probed.map_or(NO_MOVE, |entry| entry.best_move);
        self.store_packed(key, score, depth, bound, best_move);
    }

    #[inline]
    fn store_packed(&self, key: u64, score: i32, depth: i32, bound: Bound, best_move: PackedMove) {
        let check = Self::check_bits(key);
        let slot = &self.slots[self.slot_index(key)];
        if slot.is_empty() {
            self.used
                .store(self.used.load(Ordering::Relaxed) + 1, Ordering::Relaxed);
        }
        slot.save(SlotData {
            check,
            score: score.clamp(i32::from(i16::MIN), i32::from(i16::MAX)) as i16,
            best_move,
            depth: depth.clamp(1, i32::from(u8::MAX)) as u8,
            bound,
        });
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
    fn a_slot_whose_words_come_from_two_stores_is_a_miss() {
        let table = TranspositionTable::new(4);
        let (first, second) = (0x0000_0001_0000_0003, 0x0000_0002_0000_0003);
        table.store(first, 7, 3, Bound::Exact, None);
        let first_words = table.slots[3]
            .0
            .each_ref()
            .map(|w| w.load(Ordering::Relaxed));
        table.store(second, -7, 4, Bound::Lower, None);
        // Half written: the second store's check word, the first's data.
        table.slots[3].0[1].store(first_words[1], Ordering::Relaxed);
        table.slots[3].0[2].store(first_words[2], Ordering::Relaxed);
        assert!(table.probe(second).is_none());
        assert!(table.probe(first).is_none());
    }

    #[test]
    fn fresh_memory_is_a_table_of_empty_slots() {
        let table = TranspositionTable::new(12);
        assert!(table.slots.iter().all(|slot| slot.load() == EMPTY_SLOT));
        assert_eq!(table.permille_used(), 0);
    }

    #[test]
    fn prefault_touches_an_empty_table_and_only_clear_and_prefault_empties_a_full_one() {
        let mut table = TranspositionTable::new(12);
        table.prefault();
        assert!(table.all_pages_touched);
        *table.used.get_mut() = 0;
        table.all_pages_touched = false;
        table.store(0x1234_5678_9abc_def1, 17, 3, Bound::Exact, None);
        table.prefault();
        assert_eq!(*table.used.get_mut(), 1, "the entry is kept");
        assert!(!table.all_pages_touched);
        assert!(table.probe(0x1234_5678_9abc_def1).is_some());
        table.clear_and_prefault();
        assert_eq!(*table.used.get_mut(), 0, "the entry is forgotten");
        assert!(table.all_pages_touched);
        assert!(table.probe(0x1234_5678_9abc_def1).is_none());
    }

    #[test]
    fn a_table_too_large_falls_back_with_a_warning() {
        let usable = usable_megabytes();
        assert!((1..=MAX_MEGABYTES).contains(&usable));
        let (table, warning) = TranspositionTable::with_megabytes_or_less(1);
        assert!(warning.is_none());
        assert_eq!(table.len(), entries_within(1));
        // usize::MAX >> 21 MiB cannot be had anywhere.
        let (table, warning) = TranspositionTable::with_entries_or_fewer(1 << 50);
        assert!(table.len() < 1 << 50);
        assert!(warning.unwrap().starts_with("cannot allocate"));
    }
}
