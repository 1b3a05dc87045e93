//! perft: the move generator checked against published node counts.
//!
//! Each line of the data files in `tests/data/` is a position and its counts,
//! `FEN ;D1 n ;D2 n ...`, where `Dk n` says the legal move tree `k` plies deep
//! from that position has `n` leaves. `perft_cpw.epd` holds the positions of the
//! Chess Programming Wiki's perft page (start position, "Kiwipete", and the
//! others); `perftsuite.epd` is the well-known 126-position suite that stresses
//! castling, en passant and promotion corner cases.
//!
//! The default tests run every position at every depth whose stored count is at
//! most [`NODE_CAP`], so that `cargo test --release` stays quick. The `#[ignore]`d
//! tests run every stored depth (30 billion leaves; about 160 s on two cores):
//!
//! ```text
//! cargo test --release --test perft -- --ignored
//! ```

use umax::board::Board;

/// The default tests skip any depth whose stored count exceeds this many leaves:
/// about 690 million leaves in all, which the default tests (run in parallel by the
/// test harness) get through in about 6 s on two cores in release mode. A debug
/// build is some 20 times slower, so there the cap is much lower.
const NODE_CAP: u64 = if cfg!(debug_assertions) {
    1_000_000
} else {
    50_000_000
};

/// One line of a perft file: a position and its `(depth, leaf count)` pairs.
struct PerftCase {
    fen: String,
    counts: Vec<(u32, u64)>,
}

/// Read a `FEN ;D1 n ;D2 n ...` file, skipping blank lines and `#` comments.
fn read_cases(path: &str) -> Vec<PerftCase> {
    let text = std::fs::read_to_string(path).unwrap_or_else(|err| panic!("{path}: {err}"));
    text.lines()
        .map(str::trim)
        .filter(|line| !line.is_empty() && !line.starts_with('#'))
        .map(|line| {
            let mut fields = line.split(';');
            let fen = fields.next().unwrap_or_default().trim().to_string();
            let counts = fields
                .map(|field| {
                    let (depth, nodes) = field
                        .trim()
                        .strip_prefix('D')
                        .and_then(|rest| rest.split_once(' '))
                        .unwrap_or_else(|| panic!("{path}: bad field '{field}' in: {line}"));
                    (
                        depth.parse().expect("depth is a number"),
                        nodes.trim().parse().expect("node count is a number"),
                    )
                })
                .collect();
            PerftCase { fen, counts }
        })
        .collect()
}

/// Run the cases of `path` at every depth whose count is at most `cap` and fail
/// with the FEN, depth, expected and actual count of every mismatch. Only every
/// `parts`-th case starting at `part` is run, so that a big file can be split
/// over several tests, which the test harness runs on different cores.
fn check_file(path: &str, cap: u64, part: usize, parts: usize) {
    let cases = read_cases(path);
    let mut failures = Vec::new();
    let mut checked = 0;
    for case in cases.iter().skip(part).step_by(parts) {
        let mut board = Board::from_fen(&case.fen)
            .unwrap_or_else(|err| panic!("{path}: cannot read FEN {}: {err}", case.fen));
        for &(depth, expected) in case.counts.iter().filter(|&&(_, n)| n <= cap) {
            let actual = board.perft(depth);
            checked += 1;
            if actual != expected {
                failures.push(format!(
                    "FEN {} depth {depth}: expected {expected}, got {actual}",
                    case.fen
                ));
            }
        }
        // perft must leave the position as it found it.
        assert_eq!(board.to_fen(), case.fen, "perft changed the board");
    }
    assert!(checked > 0, "{path}: no depth under the cap");
    assert!(
        failures.is_empty(),
        "{path}: {} perft mismatch(es):\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn data_files_hold_all_positions() {
    let cpw = read_cases("tests/data/perft_cpw.epd");
    let suite = read_cases("tests/data/perftsuite.epd");
    assert_eq!(cpw.len(), 7);
    assert_eq!(suite.len(), 126);
    for case in cpw.iter().chain(&suite) {
        assert!(!case.counts.is_empty(), "no counts for {}", case.fen);
        // Depths are 1, 2, 3, ... in order, so a cap keeps a prefix of them.
        for (index, &(depth, _)) in case.counts.iter().enumerate() {
            assert_eq!(
                depth as usize,
                index + 1,
                "depths out of order for {}",
                case.fen
            );
        }
    }
}

#[test]
fn perft_cpw_positions_up_to_node_cap() {
    check_file("tests/data/perft_cpw.epd", NODE_CAP, 0, 1);
}

#[test]
fn perft_suite_even_lines_up_to_node_cap() {
    check_file("tests/data/perftsuite.epd", NODE_CAP, 0, 2);
}

#[test]
fn perft_suite_odd_lines_up_to_node_cap() {
    check_file("tests/data/perftsuite.epd", NODE_CAP, 1, 2);
}

/// Every stored depth of the Chess Programming Wiki positions (17 billion
/// leaves). Run with `cargo test --release --test perft -- --ignored`.
#[test]
#[ignore = "full depth: cargo test --release -- --ignored"]
fn perft_cpw_positions_full_depth() {
    check_file("tests/data/perft_cpw.epd", u64::MAX, 0, 1);
}

/// Every stored depth of the 126-position suite (13 billion leaves). Run with
/// `cargo test --release --test perft -- --ignored`.
#[test]
#[ignore = "full depth: cargo test --release -- --ignored"]
fn perft_suite_full_depth() {
    check_file("tests/data/perftsuite.epd", u64::MAX, 0, 1);
}

/// perft(1) counts the legal moves, and `perft_divide` splits perft by root
/// move: its parts must add up to the whole.
#[test]
fn perft_divide_sums_to_perft() {
    let fen = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    let mut board = Board::from_fen(fen).unwrap();
    assert_eq!(board.perft(0), 1);
    assert_eq!(board.perft(1), board.legal_moves().len() as u64);
    let divide = board.perft_divide(3);
    assert_eq!(divide.len(), 48);
    assert_eq!(divide.iter().map(|&(_, n)| n).sum::<u64>(), 97_862);
    assert_eq!(board.to_fen(), fen);
}
