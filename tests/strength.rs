//! The strength setting: a limited umax plays legal moves, reports the move it
//! plays last, stays within its node budget, varies its choice, and refuses
//! bad values with one line.

mod common;

use std::collections::HashSet;

use common::Engine;
use umax::board::Board;
use umax::clock::Limits;
use umax::search::strength::{MAX_ELO, MIN_ELO, Strength};
use umax::search::{Searcher, Silent};

/// Play `plies` moves of a game against itself through UCI at `elo`, checking
/// each move: legal, the last info line starts with it, the ponder move is a
/// legal reply. Returns the moves played.
fn uci_game(elo: u32, plies: usize) -> Vec<String> {
    let mut engine = Engine::start(&["--uci"]);
    engine.send("uci");
    engine.until_exact("uciok");
    engine.send("setoption name UCI_LimitStrength value true");
    engine.send(&format!("setoption name UCI_Elo value {elo}"));
    engine.send("ucinewgame");
    let mut board = Board::start();
    let mut moves: Vec<String> = Vec::new();
    for _ in 0..plies {
        if board.legal_moves().is_empty() {
            break;
        }
        engine.send(&format!("position startpos moves {}", moves.join(" ")));
        engine.send("go wtime 20000 btime 20000 winc 100 binc 100");
        let (lines, bestmove) = engine.until("bestmove", |line| line.starts_with("bestmove"));
        let words: Vec<&str> = bestmove.split_whitespace().collect();
        let played = words[1];
        let legal = board.legal_moves();
        let mv = *legal
            .iter()
            .find(|mv| mv.to_string() == played)
            .unwrap_or_else(|| panic!("illegal {played}\n{}", engine.transcript()));
        let last = lines
            .iter()
            .rev()
            .find(|line| line.starts_with("info depth"))
            .expect("an info line");
        let pv_first = last
            .split(" pv ")
            .nth(1)
            .and_then(|pv| pv.split(' ').next());
        assert_eq!(pv_first, Some(played), "{}", engine.transcript());
        board.make_move(mv);
        if let Some(ponder) = words.get(3) {
            assert!(
                board.legal_moves().iter().any(|m| m.to_string() == *ponder),
                "ponder {ponder} after {played}\n{}",
                engine.transcript()
            );
        }
        moves.push(played.to_string());
    }
    engine.send("quit");
    moves
}

#[test]
fn limited_play_is_legal_and_reports_the_move_played() {
    let weak = uci_game(MIN_ELO, 40);
    // Either all 40 plies were played, or the game ended on the board: the
    // weakest setting plays random moves and can be mated early.
    let mut board = Board::start();
    for played in &weak {
        let mv = *board
            .legal_moves()
            .iter()
            .find(|mv| mv.to_string() == *played)
            .unwrap();
        board.make_move(mv);
    }
    assert!(
        weak.len() == 40 || board.legal_moves().is_empty(),
        "{weak:?}"
    );
    uci_game(1800, 12);
}

#[test]
fn the_weakest_setting_varies_its_moves() {
    let mut searcher = Searcher::new(16);
    searcher.set_strength(Some(Strength::with_seed(MIN_ELO, 42)));
    let board = Board::start();
    let played: HashSet<String> = (0..20)
        .map(|_| {
            let result = searcher.play(&board, &[], &Limits::depth(30), &mut Silent);
            result.best_move.unwrap().to_string()
        })
        .collect();
    assert!(played.len() >= 3, "{played:?}");
    // At full strength the same position gives the same move every time.
    searcher.set_strength(None);
    let full: HashSet<String> = (0..3)
        .map(|_| {
            searcher.clear_table();
            let result = searcher.play(&board, &[], &Limits::depth(4), &mut Silent);
            result.best_move.unwrap().to_string()
        })
        .collect();
    assert_eq!(full.len(), 1, "{full:?}");
}

#[test]
fn the_search_stays_within_the_node_budget() {
    for elo in [MIN_ELO, 1500, MAX_ELO] {
        let strength = Strength::with_seed(elo, 1);
        let budget = strength.node_budget();
        let mut searcher = Searcher::new(16);
        searcher.set_strength(Some(strength));
        let board =
            Board::from_fen("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3")
                .unwrap();
        searcher.play(&board, &[], &Limits::depth(40), &mut Silent);
        // The main search's statistics are kept; it may overshoot the budget
        // only until the next poll of the clock and limits.
        let nodes = searcher.stats().total.nodes();
        assert!(
            nodes <= budget + umax::clock::POLL_INTERVAL,
            "{elo}: {nodes} > {budget}"
        );
    }
}

#[test]
fn a_mate_is_always_played() {
    let mut searcher = Searcher::new(16);
    searcher.set_strength(Some(Strength::with_seed(MIN_ELO, 3)));
    // Scholar's mate in one: Qxf7#.
    let board =
        Board::from_fen("r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5Q2/PPPP1PPP/RNB1K1NR w KQkq - 4 4")
            .unwrap();
    for _ in 0..10 {
        let result = searcher.play(&board, &[], &Limits::depth(5), &mut Silent);
        assert_eq!(result.best_move.unwrap().to_string(), "f3f7");
    }
}

#[test]
fn bad_strength_values_get_one_line_and_change_nothing() {
    let mut engine = Engine::start(&["--uci"]);
    engine.send("uci");
    let lines = engine.until_exact("uciok");
    assert!(
        lines
            .iter()
            .any(|line| line == "option name UCI_LimitStrength type check default false")
    );
    assert!(lines.iter().any(|line| line
        == &format!("option name UCI_Elo type spin default 1500 min {MIN_ELO} max {MAX_ELO}")));
    engine.send("setoption name UCI_Elo value strong");
    let (_, error) = engine.until("an error", |line| line.starts_with("info string"));
    assert!(error.contains("UCI_Elo"), "{error}");
    engine.send("setoption name UCI_LimitStrength value maybe");
    let (_, error) = engine.until("an error", |line| line.starts_with("info string"));
    assert!(error.contains("true or false"), "{error}");
    engine.send("isready");
    engine.until_exact("readyok");
    engine.send("quit");
}

#[test]
fn xboard_offers_and_applies_the_same_two_options() {
    let mut engine = Engine::start(&["--xboard"]);
    engine.send("xboard");
    engine.send("protover 2");
    let features = engine.until_exact("feature done=1");
    assert!(
        features
            .iter()
            .any(|line| line == "feature option=\"UCI_LimitStrength -check 0\""),
        "{features:?}"
    );
    assert!(
        features
            .iter()
            .any(|line| line
                == &format!("feature option=\"UCI_Elo -spin 1500 {MIN_ELO} {MAX_ELO}\"")),
        "{features:?}"
    );
    engine.send("option UCI_Elo=lots");
    let (_, error) = engine.until("an error", |line| line.starts_with("Error"));
    assert!(error.contains("UCI_Elo"), "{error}");
    engine.send("option UCI_LimitStrength=1");
    engine.send(&format!("option UCI_Elo={MIN_ELO}"));
    engine.send("new");
    engine.send("st 1");
    engine.send("e2e4");
    let (_, reply) = engine.until("a move", |line| line.starts_with("move "));
    let mut board = Board::start();
    board.make_move(
        board
            .legal_moves()
            .into_iter()
            .find(|m| m.to_string() == "e2e4")
            .unwrap(),
    );
    let played = reply.trim_start_matches("move ");
    assert!(
        board.legal_moves().iter().any(|m| m.to_string() == played),
        "{}",
        engine.transcript()
    );
    engine.send("quit");
}

#[test]
fn console_elo_command_sets_shows_and_refuses() {
    let mut engine = Engine::start(&[]);
    engine.send("elo 1234");
    let (_, line) = engine.until("the setting", |line| line.contains("Elo"));
    assert!(line.contains("about 1234 Elo"), "{line}");
    engine.send("elo nonsense");
    let (_, line) = engine.until("an error", |line| line.starts_with("Error"));
    assert!(line.contains("elo needs a number or off"), "{line}");
    engine.send("elo");
    let (_, line) = engine.until("the setting", |line| line.contains("umax plays at"));
    assert!(
        line.contains("about 1234 Elo"),
        "an error changes nothing: {line}"
    );
    engine.send("go");
    let (_, line) = engine.until("umax's move", |line| line.starts_with("umax plays 1."));
    assert!(line.len() > "umax plays 1. ".len(), "{line}");
    engine.send("elo off");
    let (_, line) = engine.until("the setting", |line| line.contains("umax plays at"));
    assert!(line.contains("full strength"), "{line}");
    engine.send("quit");
}

#[test]
fn a_limited_strength_plays_with_the_calibrated_search_and_keeps_the_own() {
    let mut searcher = Searcher::new(16);
    let own = umax::search::Settings::from_spec("null=off").unwrap();
    searcher.set_settings(own.clone());
    searcher.set_strength(Some(Strength::with_seed(1400, 3)));
    let board = Board::start();
    searcher.play(&board, &[], &Limits::depth(30), &mut Silent);
    assert_eq!(searcher.settings(), &own);
    // The calibrated search counts null moves; `null=off` would count none.
    assert!(searcher.stats().total.null_tries > 0);
}
