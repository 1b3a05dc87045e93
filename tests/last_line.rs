//! The last line of thinking a GUI or a person sees starts with the move umax
//! plays, in all three front ends, when a time limit cuts the last iteration
//! short (issue: `info ... pv g1f3 ...` followed by `bestmove c2c4`).

mod common;

use common::Engine;

/// Positions where the best move often changes late in an iteration.
const FENS: [&str; 3] = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "5r2/pb1p3n/1p2k1q1/P1B2p1p/2p1P2P/R5p1/1n3PK1/4N3 w - - 3 43",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
];

/// Search times in milliseconds: short and odd, so iterations are cut at
/// different moments.
const TIMES_MS: [u32; 3] = [97, 233, 411];

#[test]
fn uci_last_info_line_starts_with_bestmove() {
    let mut engine = Engine::start(&["--uci"]);
    engine.send("uci");
    engine.until_exact("uciok");
    for fen in FENS {
        for time in TIMES_MS {
            engine.send("ucinewgame");
            engine.send(&format!("position fen {fen}"));
            engine.send(&format!("go movetime {time}"));
            let (lines, bestmove) = engine.until("bestmove", |line| line.starts_with("bestmove"));
            let last = lines
                .iter()
                .rev()
                .find(|line| line.starts_with("info depth"))
                .expect("an info line");
            let pv_first = last.split(" pv ").nth(1).unwrap().split_whitespace().next();
            let played = bestmove.split_whitespace().nth(1);
            assert_eq!(pv_first, played, "{fen} {time} ms\n{}", engine.transcript());
        }
    }
    engine.send("quit");
}

#[test]
fn xboard_last_thinking_line_starts_with_the_move() {
    let mut engine = Engine::start(&["--xboard"]);
    engine.send("xboard");
    engine.send("protover 2");
    engine.until_exact("feature done=1");
    engine.send("post");
    for fen in FENS {
        for time in TIMES_MS {
            engine.send("new");
            engine.send("force");
            engine.send(&format!("setboard {fen}"));
            engine.send(&format!("st {}", f64::from(time) / 1000.0));
            engine.send("go");
            let (lines, played) = engine.until("move", |line| line.starts_with("move "));
            let last = lines
                .iter()
                .rev()
                .find(|line| line.starts_with(|c: char| c.is_ascii_digit()))
                .expect("a thinking line");
            let pv_first = last.split_whitespace().nth(4);
            assert_eq!(
                pv_first,
                played.split_whitespace().nth(1),
                "{fen} {time} ms"
            );
        }
    }
    engine.send("quit");
}

#[test]
fn console_last_thinking_line_starts_with_the_move() {
    let mut engine = Engine::start(&["--ascii"]);
    for fen in FENS {
        for time in TIMES_MS {
            engine.send(&format!("fen {fen}"));
            engine.send(&format!("st {}", f64::from(time) / 1000.0));
            engine.send("go");
            let (lines, played) = engine.until("umax's move", |line| {
                line.strip_prefix("umax plays ")
                    .is_some_and(|rest| rest.starts_with(|c: char| c.is_ascii_digit()))
            });
            let last = lines
                .iter()
                .rev()
                .find(|line| line.starts_with("depth "))
                .unwrap_or_else(|| panic!("no thinking line\n{}", engine.transcript()));
            // `... pv 1... d5 2. d4` / `umax plays 1... d5`: compare the SAN moves.
            let pv_first = last
                .split(" pv ")
                .nth(1)
                .unwrap()
                .split_whitespace()
                .find(|word| !word.ends_with('.'));
            let played = played.split_whitespace().last();
            assert_eq!(pv_first, played, "{fen} {time} ms\n{}", engine.transcript());
            engine.send("play none");
        }
    }
    engine.send("quit");
}
