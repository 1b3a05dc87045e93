//! Switch `threads` (Lazy SMP): helper threads search beside the main one and
//! share its hash table. The moves stay legal and sound, the node counts add
//! up, a node budget keeps its meaning, and every way in sets it: `--set`,
//! UCI's `Threads` and xboard's `cores`.

mod common;

use std::time::Duration;

use common::{Engine, is_legal, play};
use umax::board::Board;
use umax::clock::Limits;
use umax::notation::san;
use umax::search::{Searcher, Settings, Silent, mate_in};

const TABLE_LOG2: u32 = 18;

fn searcher(threads: u32) -> Searcher {
    let mut searcher = Searcher::new(TABLE_LOG2);
    searcher.set_settings(Settings::from_spec(&format!("threads={threads}")).unwrap());
    searcher
}

#[test]
fn two_threads_find_a_mate_in_two_and_count_the_helpers_nodes() {
    let board =
        Board::from_fen("r2qkb1r/pp2nppp/3p4/2pNN1B1/2BnP3/3P4/PPP2PPP/R2bK2R w KQkq - 1 1")
            .unwrap();
    for threads in [2, 3] {
        let mut searcher = searcher(threads);
        let result = searcher.think(&board, &[], &Limits::depth(5), &mut Silent);
        let best = result.best_move.expect("a move");
        assert_eq!(san(&board, best), "Nf6+", "threads={threads}");
        assert_eq!(mate_in(result.info.score), Some(2), "threads={threads}");
        // `nodes()` is the main thread's count; the result adds the helpers'.
        assert!(
            result.info.nodes > searcher.nodes(),
            "threads={threads}: {} nodes reported, {} searched by the main thread",
            result.info.nodes,
            searcher.nodes()
        );
    }
}

#[test]
fn a_node_budget_is_searched_by_one_thread_as_before() {
    let board =
        Board::from_fen("r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4")
            .unwrap();
    let limits = Limits::nodes(40_000);
    let alone = searcher(1).think(&board, &[], &limits, &mut Silent);
    let helped = searcher(2).think(&board, &[], &limits, &mut Silent);
    assert_eq!(alone.best_move, helped.best_move);
    assert_eq!(alone.info.nodes, helped.info.nodes);
    assert_eq!(alone.info.pv, helped.info.pv);
}

#[test]
fn more_threads_than_cores_play_legal_moves_on_a_clock() {
    let mut searcher = searcher(4);
    for fen in [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "8/8/1k6/8/8/3K4/3P4/8 w - - 0 1",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    ] {
        let board = Board::from_fen(fen).unwrap();
        let result = searcher.think(
            &board,
            &[],
            &Limits::move_time(Duration::from_millis(150)),
            &mut Silent,
        );
        let best = result.best_move.expect("a move");
        assert!(board.legal_moves().contains(&best), "{fen}");
        assert_eq!(result.info.pv.first(), Some(&best), "{fen}");
    }
}

/// The last `info depth` line before `bestmove`, and the move played.
fn last_line_and_move(engine: &mut Engine) -> (String, String) {
    let (lines, bestmove) = engine.until("bestmove", |line| line.starts_with("bestmove"));
    let last = lines
        .iter()
        .rev()
        .find(|line| line.starts_with("info depth"))
        .expect("an info line")
        .clone();
    let played = bestmove.split_whitespace().nth(1).unwrap().to_string();
    (last, played)
}

#[test]
fn uci_threads_searches_with_helpers_and_refuses_bad_values() {
    let mut engine = Engine::start(&["--uci"]);
    engine.send("uci");
    engine.until_exact("uciok");
    engine.send("setoption name Threads value 2");
    engine.send("isready");
    engine.until_exact("readyok");
    engine.assert_no_errors();
    engine.send("position startpos moves e2e4");
    engine.send("go movetime 300");
    let (last, played) = last_line_and_move(&mut engine);
    let board = play(
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        &["e2e4"],
    );
    assert!(is_legal(&board, &played), "{played}");
    assert!(
        last.contains(&format!(" pv {played}")),
        "the last line shows another move than {played}: {last}"
    );
    // Analysis with helpers stops when told.
    engine.send("go infinite");
    std::thread::sleep(Duration::from_millis(200));
    engine.send("stop");
    let (last, played) = last_line_and_move(&mut engine);
    assert!(is_legal(&board, &played), "{played}");
    assert!(last.contains(&format!(" pv {played}")), "{last}");
    for bad in ["0", "257", "two"] {
        engine.send(&format!("setoption name Threads value {bad}"));
        let (_, error) = engine.until("an error", |line| line.starts_with("info string"));
        assert!(error.contains("threads"), "{error}");
    }
    engine.send("quit");
}

#[test]
fn xboard_cores_sets_the_threads() {
    let mut engine = Engine::start(&["--xboard"]);
    engine.send("xboard");
    engine.send("protover 2");
    let (lines, _) = engine.until("feature done=1", |line| line == "feature done=1");
    assert!(
        lines.iter().any(|line| line.contains(" smp=1 ")),
        "{lines:?}"
    );
    engine.send("cores 2");
    engine.send("ping 1");
    engine.until_exact("pong 1");
    engine.assert_no_errors();
    engine.send("new");
    engine.send("st 1");
    engine.send("e2e4");
    let (_, reply) = engine.until("a move", |line| line.starts_with("move "));
    let board = play(
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        &["e2e4"],
    );
    assert!(is_legal(&board, &reply[5..]), "{reply}");
    engine.send("cores 0");
    let (_, error) = engine.until("an error", |line| line.starts_with("Error"));
    assert!(
        error.contains("threads") && error.ends_with(": cores 0"),
        "{error}"
    );
    engine.send("quit");
}
