//! umax's `preset=micromax` against micro-Max 4.8 itself.
//!
//! `tests/data/micromax48_bench.txt` holds what H.G. Muller's C program
//! (`umax4_8.c`, run by a small FEN driver) finds on the 30 bench positions
//! at depths 1 to 7: its best move, its score and its node count. Its header
//! says how it was made and how to make it again. Here umax searches each
//! position to the same depth with `preset=micromax`, a fresh searcher (an
//! empty table) for every search as the driver cleared micro-Max's table,
//! and compares:
//!
//! * the best move and the score, micro-Max's units converted to umax's
//!   centipawns (× 1.35, within [`SCORE_TOLERANCE`] for the rounding of each
//!   term; a mate `8000 - n` is `INFINITY - n`). Every pair that differs must
//!   be listed in the data file as an exception, with its reason, and every
//!   exception listed must differ, so that the list stays true; and at least
//!   [`MINIMUM_MATCH_PERCENT`] of all pairs must agree;
//! * the node counts, printed side by side (`-- --nocapture`) but not
//!   asserted: the trees are the same only where the move order, the units
//!   and the hash table all are.
//!
//! Every depth runs by default, each pair searched once for all the tests
//! and the searches spread over the cores (a few seconds in release):
//! `cargo test --release --test micromax_reference -- --nocapture`.

use std::collections::BTreeMap;
use std::ops::RangeInclusive;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Mutex, OnceLock};

use umax::board::Board;
use umax::clock::Limits;
use umax::search::{INFINITY, Searcher, Settings, Silent};
use umax::tools::BENCH_POSITIONS;

/// micro-Max's results and the exceptions.
const REFERENCE: &str = include_str!("data/micromax48_bench.txt");

/// The depths of the quick test, and those of the slower one.
const DEFAULT_DEPTHS: RangeInclusive<u32> = 1..=5;
const DEEP_DEPTHS: RangeInclusive<u32> = 6..=7;

/// Table size of each search: 2^20 entries, room for every node of a depth-7
/// search of these positions (micro-Max's has 2^24).
const TABLE_LOG2: u32 = 20;

/// umax's `eval=micromax` scales micro-Max's terms to centipawns and rounds
/// each on its own, so a line's score may differ from 1.35 times micro-Max's
/// by the rounding of its terms: at most 3 over all the pairs that match.
const SCORE_TOLERANCE: i32 = 3;

/// micro-Max's `I` (a king capture) and `M`: scores past `I - M` are mates.
const MICRO_MAX_INFINITY: i32 = 8000;
const MICRO_MAX_MATE_BAND: i32 = 136;

/// The share of pairs with micro-Max's move and score that umax should reach.
const MINIMUM_MATCH_PERCENT: usize = 95;

/// One search of micro-Max's: a position (1-based index), a depth, and what
/// it found.
struct Pair {
    index: usize,
    depth: u32,
    best: String,
    score: i32,
    nodes: u64,
}

/// The data file: the positions, micro-Max's results and the exceptions with
/// their reasons.
struct Reference {
    positions: Vec<String>,
    pairs: Vec<Pair>,
    exceptions: BTreeMap<(usize, u32), String>,
}

fn reference() -> Reference {
    let mut reference = Reference {
        positions: Vec::new(),
        pairs: Vec::new(),
        exceptions: BTreeMap::new(),
    };
    let number = |text: &str| -> usize { text.parse().expect("a number") };
    for line in REFERENCE.lines() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let fields: Vec<&str> = line.split_whitespace().collect();
        match fields[0] {
            "position" => {
                assert_eq!(number(fields[1]), reference.positions.len() + 1, "{line}");
                reference.positions.push(fields[2..].join(" "));
            }
            "exception" => {
                let key = (number(fields[1]), number(fields[2]) as u32);
                let reason = fields[3..].join(" ");
                assert!(!reason.is_empty(), "an exception says why: {line}");
                let earlier = reference.exceptions.insert(key, reason);
                assert!(earlier.is_none(), "listed twice: {line}");
            }
            _ => {
                let [index, depth, best, score, nodes] = fields[..] else {
                    panic!("not a result: {line}");
                };
                reference.pairs.push(Pair {
                    index: number(index),
                    depth: number(depth) as u32,
                    best: best.to_string(),
                    score: score.parse().expect("a score"),
                    nodes: nodes.parse().expect("a node count"),
                });
            }
        }
    }
    reference
}

/// A score of micro-Max's in umax's centipawns: × 1.35 rounded half away
/// from zero, or for a mate the same distance from umax's [`INFINITY`].
fn centipawns(score: i32) -> i32 {
    if score.abs() > MICRO_MAX_INFINITY - MICRO_MAX_MATE_BAND {
        score.signum() * (INFINITY - (MICRO_MAX_INFINITY - score.abs()))
    } else {
        (score * 135 + score.signum() * 50) / 100
    }
}

/// What umax's searches of one depth range showed.
struct Outcome {
    pairs: usize,
    /// The pairs where umax's move or score differs, with what it found.
    mismatches: BTreeMap<(usize, u32), String>,
}

/// What umax found on one pair: its best move, its score and its nodes.
struct Found {
    best: String,
    score: i32,
    nodes: u64,
}

/// umax's search of `pair` with `preset=micromax`.
fn search(reference: &Reference, pair: &Pair) -> Found {
    let settings = Settings::from_spec("preset=micromax").expect("the preset exists");
    let board = Board::from_fen(&reference.positions[pair.index - 1]).expect("a valid FEN");
    let mut searcher = Searcher::new(TABLE_LOG2);
    searcher.set_settings(settings);
    let result = searcher.think(&board, &[], &Limits::depth(pair.depth), &mut Silent);
    Found {
        best: result
            .best_move
            .map_or("(none)".to_string(), |mv| mv.to_string()),
        score: result.info.score,
        nodes: result.info.nodes,
    }
}

/// Search every pair of `depths` (on every core: each search is on its
/// own) and print the results beside micro-Max's.
fn compare(reference: &Reference, depths: RangeInclusive<u32>) -> Outcome {
    let pairs: Vec<&Pair> = reference
        .pairs
        .iter()
        .filter(|p| depths.contains(&p.depth))
        .collect();
    assert!(!pairs.is_empty(), "no pairs at depths {depths:?}");
    let found: Vec<Mutex<Option<Found>>> = pairs.iter().map(|_| Mutex::new(None)).collect();
    let next = AtomicUsize::new(0);
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    std::thread::scope(|scope| {
        for _ in 0..threads.min(pairs.len()) {
            scope.spawn(|| {
                loop {
                    let at = next.fetch_add(1, Ordering::Relaxed);
                    let Some(pair) = pairs.get(at) else { break };
                    *found[at].lock().unwrap() = Some(search(reference, pair));
                }
            });
        }
    });

    let mut outcome = Outcome {
        pairs: pairs.len(),
        mismatches: BTreeMap::new(),
    };
    let (mut micro_max_nodes, mut umax_nodes, mut same_nodes) = (0, 0, 0);
    let mut table =
        String::from("pos depth | micro-Max: move score (cp) nodes | umax: move score nodes\n");
    for (pair, found) in pairs.iter().zip(found) {
        let Found { best, score, nodes } = found.into_inner().unwrap().expect("searched");
        let expected = centipawns(pair.score);
        let matches = best == pair.best && (score - expected).abs() <= SCORE_TOLERANCE;
        let key = (pair.index, pair.depth);
        let mark = match (matches, reference.exceptions.contains_key(&key)) {
            (true, _) => "",
            (false, true) => "  (listed exception)",
            (false, false) => "  DIFFERS",
        };
        table += &format!(
            "{:3} {:5} | {:6} {:6} ({:6}) {:9} | {best:6} {score:6} {nodes:9}{mark}\n",
            pair.index, pair.depth, pair.best, pair.score, expected, pair.nodes
        );
        if !matches {
            outcome.mismatches.insert(
                key,
                format!(
                    "micro-Max {} {} ({expected} cp), umax {best} {score} cp",
                    pair.best, pair.score
                ),
            );
        }
        micro_max_nodes += pair.nodes;
        umax_nodes += nodes;
        same_nodes += usize::from(nodes == pair.nodes);
    }
    let matched = outcome.pairs - outcome.mismatches.len();
    println!(
        "{table}depths {depths:?}: micro-Max's move and score in {matched} of {} pairs \
         ({:.1} %); nodes: micro-Max {micro_max_nodes}, umax {umax_nodes} ({:.3} times), \
         the same count in {same_nodes} pairs",
        outcome.pairs,
        100.0 * matched as f64 / outcome.pairs as f64,
        umax_nodes as f64 / micro_max_nodes as f64,
    );
    outcome
}

/// The outcome at `depths` (the quick or the slower range), searched once
/// for all the tests that ask.
fn outcome(depths: RangeInclusive<u32>) -> &'static Outcome {
    static QUICK: OnceLock<Outcome> = OnceLock::new();
    static SLOWER: OnceLock<Outcome> = OnceLock::new();
    let cell = if depths == DEFAULT_DEPTHS {
        &QUICK
    } else {
        &SLOWER
    };
    cell.get_or_init(|| compare(&reference(), depths))
}

/// Every pair of `depths` that differs is a listed exception, and every
/// exception listed at those depths differs.
fn assert_exceptions_are_the_mismatches(
    reference: &Reference,
    depths: RangeInclusive<u32>,
    outcome: &Outcome,
) {
    let unlisted: Vec<String> = outcome
        .mismatches
        .iter()
        .filter(|(key, _)| !reference.exceptions.contains_key(key))
        .map(|((index, depth), what)| format!("position {index} depth {depth}: {what}"))
        .collect();
    let now_matching: Vec<String> = reference
        .exceptions
        .iter()
        .filter(|((_, depth), _)| depths.contains(depth))
        .filter(|(key, _)| !outcome.mismatches.contains_key(key))
        .map(|((index, depth), why)| format!("position {index} depth {depth}: {why}"))
        .collect();
    assert!(
        unlisted.is_empty() && now_matching.is_empty(),
        "umax's preset=micromax and micro-Max 4.8 (tests/data/micromax48_bench.txt)\n\
         differ where no exception is listed:\n  {}\n\
         agree where an exception is listed (remove it):\n  {}",
        unlisted.join("\n  "),
        now_matching.join("\n  "),
    );
}

#[test]
fn the_reference_holds_every_bench_position_at_every_depth() {
    let reference = reference();
    assert_eq!(
        reference.positions, BENCH_POSITIONS,
        "regenerate the data file"
    );
    for index in 1..=BENCH_POSITIONS.len() {
        let depths: Vec<u32> = reference
            .pairs
            .iter()
            .filter(|p| p.index == index)
            .map(|p| p.depth)
            .collect();
        assert_eq!(depths, (1..=7).collect::<Vec<_>>(), "position {index}");
    }
    for (index, depth) in reference.exceptions.keys() {
        assert!(
            (1..=BENCH_POSITIONS.len()).contains(index) && (1..=7).contains(depth),
            "exception {index} {depth} names no pair"
        );
    }
    // The conversion: a pawn (74) is 100 cp, a mate keeps its distance.
    assert_eq!(centipawns(74), 100);
    assert_eq!(centipawns(-74), -100);
    assert_eq!(centipawns(10), 14);
    assert_eq!(centipawns(7997), INFINITY - 3);
    assert_eq!(centipawns(-7998), -(INFINITY - 2));
}

#[test]
fn micromax_preset_finds_micro_max_48s_moves_and_scores_to_depth_5() {
    let outcome = outcome(DEFAULT_DEPTHS);
    assert_exceptions_are_the_mismatches(&reference(), DEFAULT_DEPTHS, outcome);
}

#[test]
fn micromax_preset_finds_micro_max_48s_moves_and_scores_at_depths_6_and_7() {
    let outcome = outcome(DEEP_DEPTHS);
    assert_exceptions_are_the_mismatches(&reference(), DEEP_DEPTHS, outcome);
}

#[test]
fn micromax_preset_agrees_with_micro_max_48_on_95_percent_of_the_pairs() {
    let outcomes = [outcome(DEFAULT_DEPTHS), outcome(DEEP_DEPTHS)];
    let pairs: usize = outcomes.iter().map(|outcome| outcome.pairs).sum();
    let mismatches = outcomes.iter().flat_map(|outcome| &outcome.mismatches);
    let mismatches: Vec<String> = mismatches
        .map(|((index, depth), what)| format!("position {index} depth {depth}: {what}"))
        .collect();
    let matched = pairs - mismatches.len();
    assert!(
        100 * matched >= MINIMUM_MATCH_PERCENT * pairs,
        "micro-Max's move and score in only {matched} of {pairs} pairs:\n  {}",
        mismatches.join("\n  "),
    );
}
