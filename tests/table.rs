//! Tests of the transposition table through its public API.

use std::sync::atomic::{AtomicBool, Ordering};

use umax::board::{Move, PieceKind, Square};
use umax::table::{
    Bound, DEFAULT_ENTRIES_LOG2, DEFAULT_MEGABYTES, SLOT_BYTES, TranspositionTable, entries_within,
};

#[test]
fn store_and_probe() {
    let table = TranspositionTable::new(10);
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
fn a_store_always_replaces_the_slot() {
    // micro-Max's scheme: the newest entry wins, however shallow.
    let deep = 0x0000_0001_0000_0100;
    let single = TranspositionTable::new(10);
    single.store(deep, 10, 9, Bound::Exact, None);
    single.store(deep ^ (1 << 40), 20, 1, Bound::Exact, None);
    assert!(single.probe(deep).is_none());
}

#[test]
fn threads_sharing_a_slot_never_read_half_of_one_store_and_half_of_another() {
    let table = TranspositionTable::new(4);
    let key = 0x0123_4567_0000_0005;
    // Two writers store different entries for one key, over and over; a
    // reader must find one of the two whole, or nothing.
    let entries = [(100, 5, Bound::Lower), (-2000, 9, Bound::Upper)];
    let done = AtomicBool::new(false);
    let mut found = [0u32; 2];
    std::thread::scope(|scope| {
        for (score, depth, bound) in entries {
            let (table, done) = (&table, &done);
            scope.spawn(move || {
                while !done.load(Ordering::Relaxed) {
                    table.store(key, score, depth, bound, None);
                }
            });
        }
        // Until the reader has seen 10,000 whole entries (a few
        // milliseconds), or gives up after many more probes.
        for _ in 0..100_000_000 {
            if found.iter().sum::<u32>() >= 10_000 {
                break;
            }
            if let Some(entry) = table.probe(key) {
                let whole = entries
                    .iter()
                    .position(|&stored| stored == (entry.score, entry.depth, entry.bound));
                let index = whole.unwrap_or_else(|| panic!("a torn entry: {entry:?}"));
                found[index] += 1;
            }
        }
        done.store(true, Ordering::Relaxed);
    });
    assert!(
        found.iter().sum::<u32>() >= 10_000,
        "the reader found {found:?}"
    );
}

#[test]
fn megabytes_round_down_to_power_of_two() {
    let table = TranspositionTable::try_with_megabytes(1).unwrap();
    assert!(table.len().is_power_of_two());
    assert!(table.len() * SLOT_BYTES <= 1 << 20);
    assert_eq!(entries_within(DEFAULT_MEGABYTES), 1 << DEFAULT_ENTRIES_LOG2);
    assert_eq!(
        entries_within(DEFAULT_MEGABYTES * 2 - 1),
        1 << DEFAULT_ENTRIES_LOG2
    );
    assert_eq!(entries_within(0), 1);
    let error = TranspositionTable::try_with_megabytes(usize::MAX >> 21)
        .err()
        .expect("no machine has that much memory");
    assert!(error.contains("rounds down to"), "{error}");
    assert!(error.contains("at most"), "{error}");
}

#[test]
fn clear_forgets_every_store() {
    let mut table = TranspositionTable::new(8);
    let keys: Vec<u64> = (0..1000u64)
        .map(|key| key.wrapping_mul(0x9E37_79B9_7F4A_7C15))
        .collect();
    for &key in &keys {
        table.store(key, 5, 3, Bound::Lower, None);
    }
    assert!(table.permille_used() > 0);
    table.clear();
    assert!(keys.iter().all(|&key| table.probe(key).is_none()));
    assert_eq!(table.len(), 1 << 8);
    assert_eq!(table.permille_used(), 0);
    table.clear(); // clearing an empty table changes nothing
    assert_eq!(table.permille_used(), 0);
}
