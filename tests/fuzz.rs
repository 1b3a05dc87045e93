//! Fuzzing the protocol front ends through the built binary: random bytes and
//! mutated commands (huge and negative numbers, control characters, lines cut
//! short or run together, invalid UTF-8, over-long lines) are thrown at the
//! xboard and UCI front ends in batches. After every batch the engine must
//! still answer `ping N` with `pong N` (xboard) or `isready` with `readyok`
//! (UCI) in time, every line it sent must be valid for its protocol and free of
//! control characters, and at the end it must quit with status 0 (no panic).
//!
//! The default run takes a few seconds (a fixed seed, so failures repeat). For
//! a longer run with other seeds:
//!
//! ```text
//! cargo test --release --test fuzz -- --ignored
//! UMAX_FUZZ_SEED=7 UMAX_FUZZ_BATCHES=2000 cargo test --release --test fuzz -- --ignored
//! ```

mod common;

use std::time::Duration;

use common::{Engine, Rng};

/// Commands as GUIs send them, to be mutated.
const XBOARD_COMMANDS: &[&str] = &[
    "new",
    "force",
    "go",
    "?",
    "post",
    "nopost",
    "level 40 5 0",
    "level 0 0:30 0.5",
    "st 0.05",
    "sd 3",
    "time 3000",
    "otim 2900",
    "usermove e2e4",
    "e7e5",
    "g1f3",
    "setboard 4k3/8/8/8/8/8/4P3/4K3 w - - 0 1",
    "setboard rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
    "undo",
    "remove",
    "white",
    "black",
    "playother",
    "edit",
    "#",
    "Ke1",
    "c",
    "Ke8",
    ".",
    "analyze",
    "exit",
    "memory 4",
    "result 1-0 {White mates}",
    "hint",
    "bk",
    "variant normal",
    "protover 2",
];

const UCI_COMMANDS: &[&str] = &[
    "uci",
    "isready",
    "ucinewgame",
    "position startpos",
    "position startpos moves e2e4 e7e5 g1f3",
    "position fen 4k3/8/8/8/8/8/4P3/4K3 w - - 0 1 moves e2e4",
    "position fen 5r2/pb1p3n/1p2k1q1/P1B2p1p/2p1P2P/R5p1/1n3PK1/4N3 w - - 3 43",
    "go depth 3",
    "go movetime 20",
    "go nodes 5000",
    "go wtime 1000 btime 1000 winc 10 binc 10 movestogo 5",
    "go mate 2",
    "go infinite",
    "go ponder movetime 20",
    "ponderhit",
    "stop",
    "setoption name Hash value 4",
    "setoption name Clear Hash",
    "setoption name Ponder value true",
    "debug on",
];

/// Words that make numbers interesting.
const NUMBERS: &[&str] = &[
    "0",
    "-1",
    "1",
    "2147483648",
    "4294967296",
    "1844674407370955161",
    "99999999999999999999999",
    "1e20",
    "nan",
    "inf",
    "-inf",
    "0.5",
    "",
];

/// Bytes that make lines interesting.
const NASTY_BYTES: &[u8] = b"\0\r\x1b\x07\x08\t\x7f\xff\xfe\xc3\x80 ;=:/";

/// One line of fuzz: a mutated command or random bytes, without its line end.
fn fuzz_line(rng: &mut Rng, commands: &[&str]) -> Vec<u8> {
    match rng.below(10) {
        // Random bytes, mostly short.
        0 => {
            let length = if rng.below(20) == 0 {
                70_000 // over the 64 KiB line limit
            } else {
                rng.below(40)
            };
            (0..length)
                .map(|_| match rng.below(3) {
                    0 => NASTY_BYTES[rng.below(NASTY_BYTES.len())],
                    _ => rng.next() as u8,
                })
                .collect()
        }
        // A command with every number replaced by an interesting one.
        1..=3 => {
            let command = commands[rng.below(commands.len())];
            let words: Vec<String> = command
                .split(' ')
                .map(|word| {
                    if word.bytes().any(|b| b.is_ascii_digit()) && rng.below(2) == 0 {
                        NUMBERS[rng.below(NUMBERS.len())].to_string()
                    } else {
                        word.to_string()
                    }
                })
                .collect();
            words.join(" ").into_bytes()
        }
        // A command with a byte changed, inserted or removed, or cut short.
        4..=6 => {
            let mut bytes = commands[rng.below(commands.len())].as_bytes().to_vec();
            for _ in 0..=rng.below(3) {
                let at = rng.below(bytes.len() + 1);
                match rng.below(4) {
                    0 if at < bytes.len() => bytes[at] = NASTY_BYTES[rng.below(NASTY_BYTES.len())],
                    1 => bytes.insert(at, NASTY_BYTES[rng.below(NASTY_BYTES.len())]),
                    2 if at < bytes.len() => {
                        bytes.remove(at);
                    }
                    _ => bytes.truncate(at),
                }
            }
            bytes
        }
        // The command as it is, or with extra words.
        _ => {
            let mut line = commands[rng.below(commands.len())].to_string();
            if rng.below(4) == 0 {
                line.push(' ');
                line.push_str(NUMBERS[rng.below(NUMBERS.len())]);
            }
            line.into_bytes()
        }
    }
}

/// Would this line end the session (which the fuzzer does only at the end)?
/// A `\r` or `\n` inside the line splits it, so every part is checked.
fn quits(line: &[u8]) -> bool {
    line.split(|&b| b == b'\r' || b == b'\n').any(|part| {
        String::from_utf8_lossy(part)
            .split_whitespace()
            .next()
            .is_some_and(|word| word == "quit")
    })
}

/// Is `line` something a GUI may receive from an xboard engine?
fn valid_xboard_line(line: &str) -> bool {
    let words: Vec<&str> = line.split_whitespace().collect();
    let thinking = words.len() >= 4 && words[..4].iter().all(|w| w.parse::<i64>().is_ok());
    thinking
        || line.is_empty()
        || [
            "feature ",
            "pong ",
            "move ",
            "Error (",
            "Illegal move",
            "tellusererror ",
            "telluser ",
            "Hint: ",
            "stat01: ",
            "1-0 {",
            "0-1 {",
            "1/2-1/2 {",
            " umax has no opening book.",
        ]
        .iter()
        .any(|start| line.starts_with(start))
        || line == "pong"
}

/// Is `line` something a GUI may receive from a UCI engine?
fn valid_uci_line(line: &str) -> bool {
    ["id ", "option name ", "info ", "bestmove "]
        .iter()
        .any(|start| line.starts_with(start))
        || line == "uciok"
        || line == "readyok"
}

/// Check every line the engine sent in a batch.
fn check_lines(engine: &Engine, lines: &[String], valid: fn(&str) -> bool) {
    for line in lines {
        assert!(
            !line.chars().any(char::is_control),
            "raw control character in {line:?}\n{}",
            engine.transcript()
        );
        assert!(line.len() < 4096, "line of {} bytes", line.len());
        assert!(
            valid(line),
            "not a protocol line: {line:?}\n{}",
            engine.transcript()
        );
    }
}

/// Throw `batches` batches of fuzz at the xboard front end.
fn fuzz_xboard(seed: u64, batches: usize) {
    let mut rng = Rng(seed);
    let mut engine = Engine::start(&["--xboard"]);
    engine.send("xboard");
    engine.send("protover 2");
    engine.until_exact("feature done=1");
    // Short searches, so that a `go` does not outlast its batch by much.
    engine.send("st 0.05");
    for batch in 0..batches {
        for _ in 0..=rng.below(8) {
            let mut line = fuzz_line(&mut rng, XBOARD_COMMANDS);
            if quits(&line) {
                continue;
            }
            line.push(b'\n');
            engine.send_bytes_quietly(&line);
        }
        // End searches, analysis and edit mode; then the engine must answer.
        engine.send_bytes(format!(".\nforce\nexit\nping {batch}\n").as_bytes());
        let lines = engine.until_exact(&format!("pong {batch}"));
        check_lines(&engine, &lines, valid_xboard_line);
    }
    engine.send("quit");
    assert!(engine.wait_exit(Duration::from_secs(10)).success());
}

/// Throw `batches` batches of fuzz at the UCI front end.
fn fuzz_uci(seed: u64, batches: usize) {
    let mut rng = Rng(seed);
    let mut engine = Engine::start(&["--uci"]);
    engine.send("uci");
    engine.until_exact("uciok");
    for _ in 0..batches {
        for _ in 0..=rng.below(8) {
            let mut line = fuzz_line(&mut rng, UCI_COMMANDS);
            if quits(&line) {
                continue;
            }
            line.push(b'\n');
            engine.send_bytes_quietly(&line);
        }
        // End any search; then the engine must answer.
        engine.send("stop");
        engine.send("isready");
        let lines = engine.until_exact("readyok");
        check_lines(&engine, &lines, valid_uci_line);
    }
    engine.send("quit");
    assert!(engine.wait_exit(Duration::from_secs(10)).success());
}

/// Seed and batch count for the long runs, from the environment.
fn long_run() -> (u64, usize) {
    let read = |name: &str, default: u64| {
        std::env::var(name)
            .ok()
            .and_then(|value| value.parse().ok())
            .unwrap_or(default)
    };
    (
        read("UMAX_FUZZ_SEED", 2024),
        read("UMAX_FUZZ_BATCHES", 1000) as usize,
    )
}

#[test]
fn xboard_survives_fuzz() {
    fuzz_xboard(0x5EED_0001, 60);
}

#[test]
fn uci_survives_fuzz() {
    fuzz_uci(0x5EED_0002, 60);
}

#[test]
#[ignore = "long: run with --ignored (UMAX_FUZZ_SEED, UMAX_FUZZ_BATCHES)"]
fn xboard_survives_long_fuzz() {
    let (seed, batches) = long_run();
    fuzz_xboard(seed, batches);
}

#[test]
#[ignore = "long: run with --ignored (UMAX_FUZZ_SEED, UMAX_FUZZ_BATCHES)"]
fn uci_survives_long_fuzz() {
    let (seed, batches) = long_run();
    fuzz_uci(seed.wrapping_add(1), batches);
}
