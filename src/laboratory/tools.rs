//! # Tools: perft, bench and EPD test suites
//!
//! Three ways to measure the engine from the command line (and the console):
//!
//! * `umax perft DEPTH [FEN]` counts the leaves of the legal move tree, split by
//!   root move, in the same shape as Stockfish's `go perft` so the two can be
//!   compared line by line.
//! * `umax bench [DEPTH]` searches a fixed list of positions to a fixed depth
//!   with a fresh hash table. Its node count is a *signature*: it changes only
//!   when the search changes. Its nodes per second measure speed. `--stats`
//!   adds the search's statistics, and `--svg FILE` draws them
//!   ([`write_bench_svg`]).
//! * `umax epd FILE` runs a test suite (best move `bm` / avoid move `am`) and
//!   reports how many positions the engine solves, and how soon: a position
//!   is *solved by* a time (or node count, or depth) if every iteration
//!   completed from then on chose a solving move, and so did the search's
//!   end: the *time to solution* by which test-suite results are often
//!   quoted. One long run thus tells what shorter runs would score. (It is
//!   a little stricter than the shorter run itself: a move found in time and
//!   given up later counts there, not here.)

use std::time::{Duration, Instant};

use crate::board::{Board, FenError, Move};
use crate::clock::Limits;
use crate::game::{parse_san, san};
use crate::input::{send, warn};
use crate::search::beal::BealSearch;
use crate::search::{Listener, SearchInfo, SearchStats, Searcher, Settings, Silent};

/// Print perft divide for `board`: one line per legal root move, then the total.
/// Returns the total.
pub fn perft(board: &Board, depth: u32) -> u64 {
    let start = Instant::now();
    let mut board = board.clone();
    let divide = if depth == 0 {
        Vec::new()
    } else {
        board.perft_divide(depth)
    };
    let mut total = 0;
    for (mv, nodes) in &divide {
        send(&format!("{mv}: {nodes}"));
        total += nodes;
    }
    if depth == 0 {
        total = 1;
    }
    let elapsed = start.elapsed();
    send("");
    send(&format!("Nodes searched: {total}"));
    // On standard error, so that the output keeps the shape of Stockfish's.
    warn(&format!(
        "Time: {:.3} s ({:.1} M nodes/s)",
        elapsed.as_secs_f64(),
        total as f64 / elapsed.as_secs_f64().max(1e-9) / 1e6
    ));
    total
}

/// The bench positions: the start position, Kiwipete, the 24 Bratko-Kopec
/// positions, perft positions 3, 4 and 6, and two end games.
pub const BENCH_POSITIONS: [&str; 30] = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "1k1r4/pp1b1R2/3q2pp/4p3/2B5/4Q3/PPP2B2/2K5 b - - 0 1",
    "3r1k2/4npp1/1ppr3p/p6P/P2PPPP1/1NR5/5K2/2R5 w - - 0 1",
    "2q1rr1k/3bbnnp/p2p1pp1/2pPp3/PpP1P1P1/1P2BNNP/2BQ1PRK/7R b - - 0 1",
    "rnbqkb1r/p3pppp/1p6/2ppP3/3N4/2P5/PPP1QPPP/R1B1KB1R w KQkq - 0 1",
    "r1b2rk1/2q1b1pp/p2ppn2/1p6/3QP3/1BN1B3/PPP3PP/R4RK1 w - - 0 1",
    "2r3k1/pppR1pp1/4p3/4P1P1/5P2/1P4K1/P1P5/8 w - - 0 1",
    "1nk1r1r1/pp2n1pp/4p3/q2pPp1N/b1pP1P2/B1P2R2/2P1B1PP/R2Q2K1 w - - 0 1",
    "4b3/p3kp2/6p1/3pP2p/2pP1P2/4K1P1/P3N2P/8 w - - 0 1",
    "2kr1bnr/pbpq4/2n1pp2/3p3p/3P1P1B/2N2N1Q/PPP3PP/2KR1B1R w - - 0 1",
    "3rr1k1/pp3pp1/1qn2np1/8/3p4/PP1R1P2/2P1NQPP/R1B3K1 b - - 0 1",
    "2r1nrk1/p2q1ppp/bp1p4/n1pPp3/P1P1P3/2PBB1N1/4QPPP/R4RK1 w - - 0 1",
    "r3r1k1/ppqb1ppp/8/4p1NQ/8/2P5/PP3PPP/R3R1K1 b - - 0 1",
    "r2q1rk1/4bppp/p2p4/2pP4/3pP3/3Q4/PP1B1PPP/R3R1K1 w - - 0 1",
    "rnb2r1k/pp2p2p/2pp2p1/q2P1p2/8/1Pb2NP1/PB2PPBP/R2Q1RK1 w - - 0 1",
    "2r3k1/1p2q1pp/2b1pr2/p1pp4/6Q1/1P1PP1R1/P1PN2PP/5RK1 w - - 0 1",
    "r1bqkb1r/4npp1/p1p4p/1p1pP1B1/8/1B6/PPPN1PPP/R2Q1RK1 w kq - 0 1",
    "r2q1rk1/1ppnbppp/p2p1nb1/3Pp3/2P1P1P1/2N2N1P/PPB1QP2/R1B2RK1 b - - 0 1",
    "r1bq1rk1/pp2ppbp/2np2p1/2n5/P3PP2/N1P2N2/1PB3PP/R1B1QRK1 b - - 0 1",
    "3rr3/2pq2pk/p2p1pnp/8/2QBPP2/1P6/P5PP/4RRK1 b - - 0 1",
    "r4k2/pb2bp1r/1p1qp2p/3pNp2/3P1P2/2N3P1/PPP1Q2P/2KRR3 w - - 0 1",
    "3rn2k/ppb2rpp/2ppqp2/5N2/2P1P3/1P5Q/PB3PPP/3RR1K1 w - - 0 1",
    "2r2rk1/1bqnbpp1/1p1ppn1p/pP6/N1P1P3/P2B1N1P/1B2QPP1/R2R2K1 b - - 0 1",
    "r1bqk2r/pp2bppp/2p5/3pP3/P2Q1P2/2N1B3/1PP3PP/R4RK1 b kq - 0 1",
    "r2qnrnk/p2b2b1/1p1p2pp/2pPpp2/1PP1P3/PRNBB3/3QNPPP/5RK1 w - - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "8/k7/3p4/p2P1p2/P2P1P2/8/8/K7 w - - 0 1",
    "8/8/1k6/8/2R5/1K6/1P6/3r4 w - - 0 1",
];

/// Depth `umax bench` uses when none is given.
pub const DEFAULT_BENCH_DEPTH: u32 = 8;

/// Totals of a bench run.
pub struct BenchResult {
    /// Nodes searched over all positions.
    pub nodes: u64,
    /// Time spent searching them.
    pub elapsed: Duration,
    /// The search statistics added up over the positions, iteration by
    /// iteration (what `--stats` prints and `--svg` draws).
    pub stats: SearchStats,
}

/// Search every bench position to `depth` with a freshly cleared table of
/// `2^log2_entries` entries, print one line per position and the totals.
pub fn bench(depth: u32, log2_entries: u32) -> BenchResult {
    bench_with(&Settings::default(), depth, log2_entries, false)
}

/// [`bench()`] under the laboratory's `settings`; with `show_stats`, the search
/// statistics added up over the positions are printed before the totals.
pub fn bench_with(
    settings: &Settings,
    depth: u32,
    log2_entries: u32,
    show_stats: bool,
) -> BenchResult {
    let mut searcher = Searcher::new(log2_entries);
    searcher.set_settings(settings.clone());
    let mut stats = SearchStats::default();
    let mut nodes = 0;
    let mut elapsed = Duration::ZERO;
    for (index, fen) in BENCH_POSITIONS.iter().enumerate() {
        let board = Board::from_fen(fen).expect("bench positions are valid");
        // The page faults of a fresh table are not search speed: take them
        // before the clock runs.
        searcher.clear_and_prefault_table();
        let result = searcher.think(&board, &[], &Limits::depth(depth), &mut Silent);
        stats.add(searcher.stats());
        nodes += result.info.nodes;
        elapsed += result.info.elapsed;
        let best = result
            .best_move
            .map_or("(none)".to_string(), |mv| san(&board, mv));
        send(&format!(
            "position {:2}/{}: {:>10} nodes  best {best}",
            index + 1,
            BENCH_POSITIONS.len(),
            result.info.nodes
        ));
    }
    if show_stats {
        send(&format!(
            "Statistics over the {} positions ({}):",
            BENCH_POSITIONS.len(),
            settings.to_spec()
        ));
        send(stats.table().trim_end());
    }
    // OpenBench reads the last lines: keep "Nodes searched" and "Nodes/second" last.
    let seconds = elapsed.as_secs_f64().max(1e-9);
    send(&format!("Nodes searched: {nodes}"));
    send(&format!("Time: {:.3} s", seconds));
    send(&format!(
        "Nodes/second: {}",
        (nodes as f64 / seconds) as u64
    ));
    BenchResult {
        nodes,
        elapsed,
        stats,
    }
}

/// `umax bench [DEPTH] --stats --svg FILE`: draw `result` (a bench to
/// `depth` under `settings`) into `path`: where the nodes go and the
/// fail-high-first rates per depth ([`svg::bench_svg`](crate::laboratory::svg::bench_svg)).
pub fn write_bench_svg(
    path: &std::path::Path,
    result: &BenchResult,
    settings: &Settings,
    depth: u32,
) -> Result<(), String> {
    use crate::laboratory::svg;
    let caption = format!(
        "{} bench positions to depth {depth} under '{}', each from an empty table: {} nodes, mean EBF {} (last 4 iterations)",
        BENCH_POSITIONS.len(),
        settings.to_spec(),
        svg::thousands(result.nodes),
        result
            .stats
            .mean_branching_factor(4)
            .map_or("-".to_string(), |ebf| format!("{ebf:.2}"))
    );
    svg::save(path, &svg::bench_svg(&result.stats, &caption))
}

/// One EPD test position: a board, its best moves and moves to avoid.
#[derive(Clone, Debug)]
pub struct EpdPosition {
    /// The position.
    pub board: Board,
    /// Its `id` operation, e.g. `WAC.001` (empty if none).
    pub id: String,
    /// The `bm` moves: playing one of them solves the position.
    pub best_moves: Vec<Move>,
    /// The `am` moves: playing one of them fails.
    pub avoid_moves: Vec<Move>,
}

impl EpdPosition {
    /// Does playing `mv` solve this position?
    pub fn is_solved_by(&self, mv: Move) -> bool {
        (self.best_moves.is_empty() || self.best_moves.contains(&mv))
            && !self.avoid_moves.contains(&mv)
    }
}

/// Parse one EPD line: four FEN fields, then operations such as
/// `bm Qg6; id "WAC.001";`. Moves are SAN.
pub fn parse_epd_line(line: &str) -> Result<EpdPosition, String> {
    let fields: Vec<&str> = line.split_whitespace().collect();
    if fields.len() < 4 {
        return Err("an EPD line needs at least the four FEN fields".to_string());
    }
    let board = Board::from_fen(&fields[..4].join(" ")).map_err(|e: FenError| e.to_string())?;
    // The operations follow the fourth field of the original line.
    let mut rest = line.trim_start();
    for _ in 0..4 {
        rest = rest.trim_start();
        rest = rest.find(char::is_whitespace).map_or("", |at| &rest[at..]);
    }
    let mut position = EpdPosition {
        board,
        id: String::new(),
        best_moves: Vec::new(),
        avoid_moves: Vec::new(),
    };
    for operation in rest.split(';') {
        let mut words = operation.split_whitespace();
        let Some(opcode) = words.next() else { continue };
        let operands: Vec<&str> = words.collect();
        match opcode {
            "bm" | "am" => {
                for text in &operands {
                    let mv = parse_san(&position.board, text).map_err(|e| e.to_string())?;
                    if opcode == "bm" {
                        position.best_moves.push(mv);
                    } else {
                        position.avoid_moves.push(mv);
                    }
                }
            }
            "id" => position.id = operands.join(" ").trim_matches('"').to_string(),
            // Counters given as operations set nothing we need.
            _ => {}
        }
    }
    Ok(position)
}

/// Run an EPD suite with `limits` per position: print one line per position and
/// finally `solved N/M`. Returns (solved, total). Lines that cannot be parsed
/// are reported and skipped.
pub fn run_epd(text: &str, limits: &Limits, log2_entries: u32) -> (usize, usize) {
    run_epd_with(text, limits, log2_entries, &Settings::default(), false)
}

/// [`run_epd`] under the laboratory's `settings`; with `show_stats`, a summary
/// of the search statistics over all positions follows.
pub fn run_epd_with(
    text: &str,
    limits: &Limits,
    log2_entries: u32,
    settings: &Settings,
    show_stats: bool,
) -> (usize, usize) {
    let mut searcher = Searcher::new(log2_entries);
    searcher.set_settings(settings.clone());
    let mut stats = SearchStats::default();
    let mut solutions = Vec::new();
    let (solved, total) = run_suite(text, |position| {
        // Page faults are not search time (see `bench_with`).
        searcher.clear_and_prefault_table();
        let mut watch = SolutionWatch::default();
        let result = searcher.think(&position.board, &[], limits, &mut watch);
        stats.add(searcher.stats());
        let mut detail = format!("depth {}, {} nodes", result.info.depth, result.info.nodes);
        let played_solves = result.best_move.is_some_and(|mv| position.is_solved_by(mv));
        let found = watch.solved_since(position).filter(|_| played_solves);
        if let Some(found) = found {
            detail += &format!(
                "; found at depth {}, {:.3} s, {} nodes",
                found.depth,
                found.elapsed.as_secs_f64(),
                found.nodes
            );
            solutions.push(found);
        }
        (result.best_move, detail)
    });
    if show_stats {
        send(&format!(
            "Statistics over {total} positions ({}):",
            settings.to_spec()
        ));
        send(stats.table().trim_end());
    }
    for (label, count) in solved_by(&solutions, limits) {
        send(&format!("solved by {label}: {count}/{total}"));
    }
    send(&format!("solved {solved}/{total}"));
    (solved, total)
}

/// Where a search stood when it completed an iteration (or, interrupted,
/// changed its mind): what [`SolutionWatch`] records.
#[derive(Clone, Copy, Debug)]
struct Progress {
    depth: u32,
    elapsed: Duration,
    nodes: u64,
    /// The move the search would play from then on.
    best_move: Option<Move>,
}

/// A listener that records the search's [`Progress`], to tell when it found
/// the move it finally plays.
#[derive(Default)]
struct SolutionWatch(Vec<Progress>);

impl Listener for SolutionWatch {
    fn iteration_done(&mut self, info: &SearchInfo) {
        self.0.push(Progress {
            depth: info.depth,
            elapsed: info.elapsed,
            nodes: info.nodes,
            best_move: info.pv.first().copied(),
        });
    }
}

impl SolutionWatch {
    /// The first report of the unbroken run of reports, at the end of the
    /// search, whose move solves `position`: from then on the search kept a
    /// solution. `None` if the last report's move does not solve it.
    fn solved_since(&self, position: &EpdPosition) -> Option<Progress> {
        self.0
            .iter()
            .rev()
            .take_while(|report| report.best_move.is_some_and(|mv| position.is_solved_by(mv)))
            .last()
            .copied()
    }
}

/// How many of the `solutions` (when each solved position was found and
/// kept) came within 1/16, 1/8, 1/4 and 1/2 of the time or node limit, or
/// within 4, 3, 2 and 1 plies less than the depth limit: label and count.
fn solved_by(solutions: &[Progress], limits: &Limits) -> Vec<(String, usize)> {
    let count = |within: &dyn Fn(&Progress) -> bool| solutions.iter().filter(|s| within(s)).count();
    let mut lines = Vec::new();
    if let Some(time) = limits.move_time {
        for divisor in [16, 8, 4, 2] {
            let bound = time / divisor;
            let label = format!("{} s", bound.as_secs_f64());
            lines.push((label, count(&|s| s.elapsed <= bound)));
        }
    } else if let Some(nodes) = limits.nodes {
        for divisor in [16, 8, 4, 2] {
            let bound = nodes / divisor;
            lines.push((format!("{bound} nodes"), count(&|s| s.nodes <= bound)));
        }
    } else if let Some(depth) = limits.depth {
        for bound in depth.saturating_sub(4).max(1)..depth {
            lines.push((format!("depth {bound}"), count(&|s| s.depth <= bound)));
        }
    }
    lines
}

/// Run an EPD suite with Beal's 1986 tactics search (`search/beal.rs`) under
/// `limits` (depth = `it2v` depth), `matev(mate_depth)` in the capture tree's
/// mate test: one line per position (move, solved, depth, nodes), then a
/// total of nodes and `solved N/M`. Returns (solved, total).
pub fn run_epd_beal(text: &str, limits: &Limits, mate_depth: u32) -> (usize, usize) {
    let mut search = BealSearch::new();
    search.set_mate_depth(mate_depth);
    let mut nodes = 0;
    let (solved, total) = run_suite(text, |position| {
        let result = search.search(&position.board, &[], limits);
        nodes += result.nodes;
        let detail = format!(
            "depth {}, value {}, {} nodes",
            result.depth, result.value, result.nodes
        );
        (result.best_move, detail)
    });
    send(&format!("nodes {nodes} (matev {mate_depth})"));
    send(&format!("solved {solved}/{total}"));
    (solved, total)
}

/// Search every position of an EPD suite with `solve`, which returns the move
/// played and a few words about its search, and print one line per position:
/// id, the expected move (`bm`) or the move to avoid (`am`), the move played,
/// `ok` or `--`. Lines that cannot be parsed are reported and skipped.
/// Returns (solved, total).
fn run_suite(
    text: &str,
    mut solve: impl FnMut(&EpdPosition) -> (Option<Move>, String),
) -> (usize, usize) {
    let (mut solved, mut total) = (0, 0);
    for (number, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let position = match parse_epd_line(line) {
            Ok(position) => position,
            Err(error) => {
                send(&format!("line {}: skipped: {error}", number + 1));
                continue;
            }
        };
        total += 1;
        let (played, detail) = solve(&position);
        let ok = played.is_some_and(|mv| position.is_solved_by(mv));
        solved += usize::from(ok);
        let describe = |moves: &[Move]| {
            moves
                .iter()
                .map(|&mv| san(&position.board, mv))
                .collect::<Vec<_>>()
                .join(" ")
        };
        let expected = if position.best_moves.is_empty() {
            format!("am {}", describe(&position.avoid_moves))
        } else {
            format!("bm {}", describe(&position.best_moves))
        };
        let id = if position.id.is_empty() {
            format!("#{total}")
        } else {
            position.id.clone()
        };
        send(&format!(
            "{id:<10} {expected:<16} played {:<8} {} ({detail})",
            played.map_or("-".to_string(), |mv| san(&position.board, mv)),
            if ok { "ok" } else { "--" },
        ));
    }
    (solved, total)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn epd_line_is_parsed() {
        let position = parse_epd_line(
            "2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - bm Qg6; id \"WAC.001\";",
        )
        .unwrap();
        assert_eq!(position.id, "WAC.001");
        assert_eq!(position.best_moves.len(), 1);
        assert_eq!(position.best_moves[0].to_string(), "g3g6");
        assert!(parse_epd_line("not an epd line").is_err());
    }

    #[test]
    fn a_position_is_solved_since_the_first_report_of_the_last_unbroken_run() {
        let position = parse_epd_line(
            "2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - bm Qg6; id \"WAC.001\";",
        )
        .unwrap();
        let solution = position.best_moves[0];
        let other = Move::new(solution.from, solution.from.offset(16).unwrap());
        let report = |depth: u32, mv: Move| Progress {
            depth,
            elapsed: Duration::from_millis(u64::from(depth) * 10),
            nodes: u64::from(depth) * 1000,
            best_move: Some(mv),
        };
        let moves = [other, solution, other, solution, solution];
        let watch = SolutionWatch((1..).zip(moves).map(|(d, mv)| report(d, mv)).collect());
        let found = watch.solved_since(&position).unwrap();
        assert_eq!((found.depth, found.nodes), (4, 4000));
        // Found once, given up at the end: not solved.
        let watch = SolutionWatch(vec![report(1, solution), report(2, other)]);
        assert!(watch.solved_since(&position).is_none());
        assert!(SolutionWatch::default().solved_since(&position).is_none());

        // The counts by a tenth of a second limit's fractions.
        let solutions = [report(1, solution), report(4, solution)];
        let limits = Limits::move_time(Duration::from_millis(100));
        let lines = solved_by(&solutions, &limits);
        let counts: Vec<usize> = lines.iter().map(|(_, count)| *count).collect();
        assert_eq!(counts, [0, 1, 1, 2], "{lines:?}");
        assert_eq!(lines[0].0, "0.00625 s");
    }

    #[test]
    fn bench_positions_are_valid() {
        for fen in BENCH_POSITIONS {
            assert!(Board::from_fen(fen).is_ok(), "{fen}");
        }
    }
}
