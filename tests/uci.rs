//! Transcript tests of the UCI front end: the built binary gets what UCI GUIs
//! (cutechess, python-chess, Arena) send, and must answer `isready` at once,
//! send exactly one `bestmove` per `go`, never end `go infinite` on its own,
//! and survive whatever garbage it is given.

mod common;

use std::time::{Duration, Instant};

use common::{Engine, MATE_IN_ONE, MATED, ONE_MOVE, STALEMATE, START, is_legal, play};

/// Start umax as a GUI would (no flags) and finish the `uci` handshake.
fn start_uci() -> Engine {
    let mut engine = Engine::start(&[]);
    engine.send("uci");
    engine.until_exact("uciok");
    engine
}

/// `isready`, then the lines sent before `readyok`.
fn sync(engine: &mut Engine) -> Vec<String> {
    engine.send("isready");
    engine.until_exact("readyok")
}

/// Wait for `bestmove`; returns the lines before it and the move.
fn wait_for_bestmove(engine: &mut Engine) -> (Vec<String>, String) {
    let (before, line) = engine.until("bestmove", |l| l.starts_with("bestmove"));
    let words: Vec<&str> = line.split_whitespace().collect();
    assert!(
        words.len() == 2 || (words.len() == 4 && words[2] == "ponder"),
        "malformed {line:?}"
    );
    (before, words[1].to_string())
}

fn count_bestmoves(lines: &[String]) -> usize {
    lines.iter().filter(|l| l.starts_with("bestmove")).count()
}

/// The lines the engine sends within `millis`, which must hold no `bestmove`
/// (the search is running on until `stop` or `ponderhit`).
fn no_bestmove_within(engine: &mut Engine, millis: u64) -> Vec<String> {
    let quiet = engine.lines_within(Duration::from_millis(millis));
    assert_eq!(count_bestmoves(&quiet), 0, "bestmove too early: {quiet:?}");
    quiet
}

#[test]
fn handshake_identifies_the_engine_and_its_options() {
    let mut engine = Engine::start(&[]);
    engine.send("uci");
    let lines = engine.until_exact("uciok");
    assert!(lines[0].starts_with("id name umax"), "{lines:?}");
    assert!(lines[1].starts_with("id author "), "{lines:?}");
    let hash = lines
        .iter()
        .find(|l| l.starts_with("option name Hash type spin "))
        .unwrap_or_else(|| panic!("no Hash option in {lines:?}"));
    assert!(
        lines.contains(&"option name Ponder type check default false".to_string()),
        "{lines:?}"
    );
    // The laboratory's switches are one string option (`tests/gui_options.rs`).
    assert!(
        lines.contains(&"option name Lab type string default <empty>".to_string()),
        "{lines:?}"
    );
    let words: Vec<&str> = hash.split_whitespace().collect();
    let value_after = |key: &str| -> u64 {
        let at = words.iter().position(|w| *w == key).unwrap();
        words[at + 1].parse().unwrap()
    };
    assert!(value_after("min") <= value_after("default"));
    assert!(value_after("default") <= value_after("max"));
    assert!(
        lines
            .iter()
            .all(|l| l.starts_with("id ") || l.starts_with("option "))
    );
    assert_eq!(sync(&mut engine), Vec::<String>::new());
    engine.send("quit");
    assert!(engine.wait_exit(Duration::from_secs(2)).success());
}

/// The sequence cutechess uses: options, isready, ucinewgame, position, go with
/// both clocks; then the next move of the game.
#[test]
fn no_two_options_differ_only_in_case() {
    // Option names are not case-sensitive (the UCI specification), so a
    // GUI or python-chess could not tell two such options apart.
    let mut engine = Engine::start(&[]);
    engine.send("uci");
    let lines = engine.until_exact("uciok");
    let mut names: Vec<String> = lines
        .iter()
        .filter_map(|line| line.strip_prefix("option name "))
        .map(|rest| rest.split(" type ").next().unwrap().to_ascii_lowercase())
        .collect();
    let count = names.len();
    // The player's options and `Lab`: no more than a GUI can show.
    assert!((8..=13).contains(&count), "{lines:?}");
    names.sort();
    names.dedup();
    assert_eq!(
        names.len(),
        count,
        "options whose names differ only in case"
    );
}

#[test]
fn cutechess_game_start() {
    let mut engine = start_uci();
    engine.send("setoption name Hash value 32");
    engine.send("setoption name Clear Hash");
    assert!(sync(&mut engine).is_empty(), "{}", engine.transcript());
    engine.send("ucinewgame");
    engine.send("position startpos moves e2e4");
    engine.send("go wtime 30000 btime 30000 winc 100 binc 100");
    let started = Instant::now();
    let (info, reply) = wait_for_bestmove(&mut engine);
    assert!(started.elapsed() < Duration::from_secs(8));
    assert!(is_legal(&play(START, &["e2e4"]), &reply), "{reply}");
    assert!(info.iter().all(|l| l.starts_with("info ")), "{info:?}");
    assert!(info.iter().any(|l| l.contains(" pv ")), "{info:?}");

    engine.send(&format!("position startpos moves e2e4 {reply} g1f3"));
    engine.send("go wtime 29000 btime 29500 winc 100 binc 100");
    let (_, second) = wait_for_bestmove(&mut engine);
    assert!(is_legal(&play(START, &["e2e4", &reply, "g1f3"]), &second));
    assert!(sync(&mut engine).is_empty());
    engine.assert_no_errors();
}

#[test]
fn isready_is_answered_during_go_infinite_and_stop_gives_one_bestmove() {
    let mut engine = start_uci();
    engine.send("position startpos");
    engine.send("go infinite");
    engine.until("search output", |l| l.starts_with("info depth"));
    let asked = Instant::now();
    let before = sync(&mut engine);
    assert!(
        asked.elapsed() < Duration::from_secs(1),
        "readyok took {:?} during a search",
        asked.elapsed()
    );
    assert_eq!(count_bestmoves(&before), 0);
    // No bestmove before stop.
    no_bestmove_within(&mut engine, 300);
    engine.send("stop");
    let (_, best) = wait_for_bestmove(&mut engine);
    assert!(is_legal(&play(START, &[]), &best));
    let after = sync(&mut engine);
    assert_eq!(count_bestmoves(&after), 0, "a second bestmove: {after:?}");
    engine.assert_no_errors();
}

/// In a mate in one or with a single legal move, the search has nothing left
/// to do, but after `go infinite` it must still wait for `stop`.
#[test]
fn go_infinite_waits_for_stop_even_when_the_search_is_over() {
    let mut engine = start_uci();
    for (fen, expected) in [(MATE_IN_ONE, "h5f7"), (ONE_MOVE, "h8h7")] {
        engine.send(&format!("position fen {fen}"));
        engine.send("go infinite");
        no_bestmove_within(&mut engine, 700);
        let asked = Instant::now();
        sync(&mut engine);
        assert!(asked.elapsed() < Duration::from_secs(1));
        engine.send("stop");
        let (_, best) = wait_for_bestmove(&mut engine);
        assert_eq!(best, expected);
        assert_eq!(count_bestmoves(&sync(&mut engine)), 0);
    }
    // With no legal move at all as well.
    engine.send(&format!("position fen {MATED}"));
    engine.send("go infinite");
    no_bestmove_within(&mut engine, 300);
    engine.send("stop");
    assert_eq!(wait_for_bestmove(&mut engine).1, "0000");
    assert_eq!(count_bestmoves(&sync(&mut engine)), 0);
}

/// `go ponder` thinks on the opponent's time: no `bestmove` until `ponderhit`
/// (or `stop`), and after `ponderhit` the time limit counts from that moment.
#[test]
fn go_ponder_waits_for_ponderhit_then_thinks_on_the_clock() {
    let mut engine = start_uci();
    engine.send("setoption name Ponder value true");
    assert!(sync(&mut engine).is_empty(), "{}", engine.transcript());
    engine.send("position startpos moves e2e4 e7e5");
    engine.send("go ponder movetime 300");
    let quiet = no_bestmove_within(&mut engine, 600);
    assert!(
        quiet.iter().any(|l| l.starts_with("info depth")),
        "{quiet:?}"
    );
    engine.send("ponderhit");
    let hit = Instant::now();
    let (_, best) = wait_for_bestmove(&mut engine);
    // The 300 ms start at ponderhit, not at `go` (600 ms earlier).
    assert!(
        hit.elapsed() >= Duration::from_millis(250),
        "bestmove {:?} after ponderhit",
        hit.elapsed()
    );
    assert!(is_legal(&play(START, &["e2e4", "e7e5"]), &best));
    assert_eq!(count_bestmoves(&sync(&mut engine)), 0);

    // `stop` ends pondering with one bestmove, as after `go infinite`.
    engine.send("go ponder wtime 60000 btime 60000");
    engine.until("search output", |l| l.starts_with("info depth"));
    engine.send("stop");
    let (_, best) = wait_for_bestmove(&mut engine);
    assert!(is_legal(&play(START, &["e2e4", "e7e5"]), &best));
    assert_eq!(count_bestmoves(&sync(&mut engine)), 0);
    engine.assert_no_errors();
}

/// A search that ends while pondering (here: mate in one, found at once) keeps
/// its `bestmove` until `ponderhit`, then sends it at once.
#[test]
fn go_ponder_that_finishes_early_answers_at_ponderhit() {
    let mut engine = start_uci();
    engine.send(&format!("position fen {MATE_IN_ONE}"));
    engine.send("go ponder depth 3");
    no_bestmove_within(&mut engine, 400);
    engine.send("ponderhit");
    let (_, best) = wait_for_bestmove(&mut engine);
    assert_eq!(best, "h5f7");
    assert_eq!(count_bestmoves(&sync(&mut engine)), 0);
    engine.assert_no_errors();
}

#[test]
fn positions_with_moves_from_startpos_and_fen() {
    let mut engine = start_uci();
    let moves = ["e2e4", "e7e5", "g1f3", "b8c6", "f1b5", "a7a6", "e1g1"];
    engine.send(&format!("position startpos moves {}", moves.join(" ")));
    engine.send("go depth 3");
    let (_, best) = wait_for_bestmove(&mut engine);
    assert!(is_legal(&play(START, &moves), &best), "{best}");

    // En passant and promotion in the move list.
    let fen = "4k3/1P6/8/8/3p4/8/4P3/4K3 w - - 0 1";
    engine.send(&format!("position fen {fen} moves e2e4 d4e3 b7b8n"));
    engine.send("go depth 2");
    let (_, best) = wait_for_bestmove(&mut engine);
    assert!(
        is_legal(&play(fen, &["e2e4", "d4e3", "b7b8n"]), &best),
        "{best}"
    );

    // `position fen` without the move counters.
    engine.send("position fen 4k3/8/8/8/8/8/4P3/4K3 b - -");
    engine.send("go depth 1");
    let (_, best) = wait_for_bestmove(&mut engine);
    assert!(is_legal(
        &play("4k3/8/8/8/8/8/4P3/4K3 b - - 0 1", &[]),
        &best
    ));
    engine.assert_no_errors();
}

#[test]
fn go_parameters_in_any_order() {
    let mut engine = start_uci();
    engine.send("position startpos moves d2d4");
    let started = Instant::now();
    engine.send("go movestogo 5 btime 1000 wtime 1000 binc 10 winc 10");
    let (_, best) = wait_for_bestmove(&mut engine);
    // 1 s for 5 moves: well under a second.
    assert!(
        started.elapsed() < Duration::from_secs(2),
        "{:?}",
        started.elapsed()
    );
    assert!(is_legal(&play(START, &["d2d4"]), &best));

    let started = Instant::now();
    engine.send("go nodes 5000 depth 30");
    let (_, best) = wait_for_bestmove(&mut engine);
    assert!(
        started.elapsed() < Duration::from_secs(2),
        "{:?}",
        started.elapsed()
    );
    assert!(is_legal(&play(START, &["d2d4"]), &best));

    engine.send("go depth 2 movetime 5000");
    let (info, _) = wait_for_bestmove(&mut engine);
    let depths: Vec<&str> = info
        .iter()
        .filter_map(|l| l.strip_prefix("info depth "))
        .map(|rest| rest.split_whitespace().next().unwrap())
        .collect();
    assert_eq!(depths, ["1", "2"]);
    engine.assert_no_errors();
}

#[test]
fn exactly_one_bestmove_per_go() {
    let mut engine = start_uci();
    engine.send("position startpos");
    engine.send("go depth 2");
    engine.send("go depth 3");
    engine.send("stop");
    engine.send("go movetime 100");
    engine.send("stop");
    engine.send("stop");
    let lines = sync(&mut engine);
    assert_eq!(count_bestmoves(&lines), 3, "{}", engine.transcript());
    assert!(engine.lines_within(Duration::from_millis(300)).is_empty());
}

#[test]
fn bestmove_0000_when_mated_or_stalemated() {
    let mut engine = start_uci();
    for fen in [MATED, STALEMATE] {
        engine.send(&format!("position fen {fen}"));
        engine.send("go wtime 1000 btime 1000");
        let (_, best) = wait_for_bestmove(&mut engine);
        assert_eq!(best, "0000", "{fen}");
        engine.send("go depth 3");
        assert_eq!(wait_for_bestmove(&mut engine).1, "0000");
    }
    assert_eq!(count_bestmoves(&sync(&mut engine)), 0);
}

/// `go` after a refused `position`: the `info string` saying why, then
/// `bestmove 0000`, and nothing else.
fn assert_refused_go(engine: &mut Engine, why: &str) {
    engine.send("go depth 3");
    let (before, best) = wait_for_bestmove(engine);
    assert_eq!(best, "0000", "{}", engine.transcript());
    assert!(
        matches!(&before[..], [line] if line.starts_with("info string No position to search")
            && line.contains(why)),
        "{before:?}"
    );
}

#[test]
fn a_refused_position_is_explained_and_never_searched() {
    let mut engine = start_uci();
    // The transcripts: `go` searched the position before the bad
    // one, or the list up to the bad move, and played g8f6 / g1f3.
    engine.send("position startpos moves e2e4");
    engine.send("position fen garbage");
    assert!(engine.line().starts_with("info string Illegal position: "));
    assert_refused_go(&mut engine, "Illegal position");
    engine.send("position startpos moves e2e4 e7e5 g1f3 xx");
    let line = engine.line();
    assert!(line.starts_with("info string Illegal move: xx"), "{line}");
    assert_refused_go(&mut engine, "Illegal move: xx");
    // A bad move anywhere in the list, a bad side to move, a bad setup.
    for (position, why) in [
        (
            "position startpos moves e2e4 e7e5 e1e3 g8f6".to_string(),
            "e1e3",
        ),
        (
            format!("position fen {MATE_IN_ONE} moves h5f7 e8f7"),
            "e8f7",
        ),
        (
            "position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1".to_string(),
            "Illegal position",
        ),
        (
            "position fen 8/8/8/8 w - - 0 1".to_string(),
            "Illegal position",
        ),
        ("position".to_string(), "position needs"),
        ("position fen".to_string(), "Illegal position"),
        ("position startpos e2e4".to_string(), "position needs"),
    ] {
        engine.send(&position);
        let line = engine.line();
        assert!(
            line.starts_with("info string ") && line.contains(why),
            "{line}"
        );
        assert_refused_go(&mut engine, why);
        // Every `go`, with any limits, until a valid position.
        engine.send("go wtime 1000 btime 1000 movetime 50");
        assert_eq!(wait_for_bestmove(&mut engine).1, "0000", "{position}");
    }
    // `ucinewgame` alone is not a position either.
    engine.send("ucinewgame");
    assert_refused_go(&mut engine, "position needs");
    // `go infinite` still waits for `stop`.
    engine.send("go infinite");
    let quiet = no_bestmove_within(&mut engine, 300);
    assert!(
        matches!(&quiet[..], [line] if line.starts_with("info string No position to search")),
        "{quiet:?}"
    );
    engine.send("stop");
    assert_eq!(wait_for_bestmove(&mut engine).1, "0000");
    // A valid position is searched again.
    engine.send(&format!("position fen {MATE_IN_ONE}"));
    engine.send("go depth 3");
    assert_eq!(wait_for_bestmove(&mut engine).1, "h5f7");
    assert!(sync(&mut engine).is_empty(), "{}", engine.transcript());
}

/// The depth and the time of the last `info depth` line among `lines`.
fn last_depth_and_time(lines: &[String]) -> (u32, u64) {
    let last = lines
        .iter()
        .rev()
        .find(|line| line.starts_with("info depth "))
        .unwrap_or_else(|| panic!("no info line in {lines:?}"));
    let words: Vec<&str> = last.split_whitespace().collect();
    let after = |key: &str| words[words.iter().position(|word| *word == key).unwrap() + 1];
    (
        after("depth").parse().unwrap(),
        after("time").parse().unwrap(),
    )
}

/// `Move Overhead` (milliseconds lost on every move outside umax) comes off
/// the clock before umax shares it out.
#[test]
fn move_overhead_comes_off_the_clock() {
    let mut engine = start_uci();
    engine.send("setoption name Move Overhead value 900");
    assert!(sync(&mut engine).is_empty(), "{}", engine.transcript());
    engine.send("position startpos");
    let started = Instant::now();
    engine.send("go wtime 1000 btime 1000");
    let (info, best) = wait_for_bestmove(&mut engine);
    let elapsed = started.elapsed();
    assert!(is_legal(&play(START, &[]), &best), "{best}");
    // 1000 ms less 900 leaves 100; after the 30 ms safety margin one move
    // gets a fifth of that at most, 14 ms (and a little slack for a busy
    // machine).
    let (_, reported) = last_depth_and_time(&info);
    assert!(reported <= 14 + 40, "{info:?}");
    assert!(elapsed < Duration::from_millis(500), "{elapsed:?}");

    // The same clock with and without an overhead of 5 s: 100 ms to share
    // out, or 5.1 s (at least 100 ms on this move): the search without is
    // deeper.
    let search = |engine: &mut Engine, overhead: u32| {
        engine.send("ucinewgame");
        engine.send(&format!("setoption name Move Overhead value {overhead}"));
        engine.send("position startpos");
        engine.send("go wtime 5100 btime 5100");
        last_depth_and_time(&wait_for_bestmove(engine).0)
    };
    let (shallow, time) = search(&mut engine, 5000);
    assert!(time <= 14 + 40, "{}", engine.transcript());
    let (deep, _) = search(&mut engine, 0);
    assert!(deep > shallow, "{}", engine.transcript());

    // A movetime too; an overhead past the most (5000 ms) is read as the
    // most: no time is left, and depth 1 (which always finishes) is all.
    engine.send("setoption name Move Overhead value 99999");
    engine.send("go movetime 4000");
    let started = Instant::now();
    let (info, _) = wait_for_bestmove(&mut engine);
    assert!(started.elapsed() < Duration::from_secs(2), "{info:?}");
    let depths: Vec<&String> = info
        .iter()
        .filter(|l| l.starts_with("info depth"))
        .collect();
    assert!(
        matches!(&depths[..], [line] if line.starts_with("info depth 1 ")),
        "{info:?}"
    );
    // A value that is not a number is reported and changes nothing.
    engine.send("setoption name move overhead value soon");
    assert_eq!(
        sync(&mut engine),
        ["info string Move Overhead: 'soon' is not a number from 0 to 5000 milliseconds"]
    );
}

/// A search longer than a second reports, about once a second, the root
/// move it is searching: `info depth D currmove M currmovenumber N nodes ...
/// nps ... hashfull ... time ...`, with a legal move, its number among the
/// legal moves, and counts that grow.
#[test]
fn a_long_search_reports_the_move_it_is_searching() {
    let mut engine = start_uci();
    engine.send("position startpos moves e2e4");
    engine.send("go movetime 2600");
    let (info, best) = wait_for_bestmove(&mut engine);
    let board = play(START, &["e2e4"]);
    assert!(is_legal(&board, &best), "{best}");
    let progress: Vec<Vec<&str>> = info
        .iter()
        .filter(|line| line.contains(" currmove "))
        .map(|line| line.split_whitespace().collect())
        .collect();
    assert!((1..=3).contains(&progress.len()), "{}", engine.transcript());
    let mut last = (0, 0);
    for words in &progress {
        let keys: Vec<&str> = words[1..].iter().step_by(2).copied().collect();
        assert_eq!(
            (words[0], &keys[..]),
            (
                "info",
                &[
                    "depth",
                    "currmove",
                    "currmovenumber",
                    "nodes",
                    "nps",
                    "hashfull",
                    "time"
                ][..]
            ),
            "{words:?}"
        );
        let number = |key: &str| -> u64 {
            let at = words.iter().position(|word| *word == key).unwrap();
            words[at + 1].parse().unwrap()
        };
        assert!(is_legal(&board, words[4]), "{words:?}");
        assert!((1..=20).contains(&number("currmovenumber")), "{words:?}");
        assert!(number("time") >= 1000, "{words:?}");
        assert!((number("nodes"), number("time")) > last, "{words:?}");
        last = (number("nodes"), number("time"));
    }
}

#[test]
fn unknown_commands_and_garbage_give_one_line() {
    let mut engine = start_uci();
    engine.send("frobnicate the engine");
    let line = engine.line();
    assert!(
        line.starts_with("info string ") && line.contains("frobnicate"),
        "{line}"
    );
    assert!(sync(&mut engine).is_empty());
    engine.send_bytes(b"\xff\xfe\x80garbage\x00\n");
    assert!(engine.line().starts_with("info string "));
    assert!(sync(&mut engine).is_empty());
    // Blank lines say nothing.
    engine.send("");
    engine.send("  ");
    assert!(sync(&mut engine).is_empty());
    engine.send("setoption name NoSuchOption value 3");
    assert!(engine.line().starts_with("info string "));
    engine.send("setoption name Hash value lots");
    assert!(engine.line().starts_with("info string "));
    engine.send("debug on");
    engine.send("ponderhit");
    assert!(sync(&mut engine).is_empty());
    engine.send("position startpos");
    engine.send("go depth 1");
    assert!(is_legal(
        &play(START, &[]),
        &wait_for_bestmove(&mut engine).1
    ));
}

#[test]
fn quit_during_a_search_exits_promptly() {
    let mut engine = start_uci();
    engine.send("position startpos");
    engine.send("go infinite");
    engine.until("search output", |l| l.starts_with("info depth"));
    engine.send("quit");
    let status = engine.wait_exit(Duration::from_secs(2));
    assert!(status.success(), "exit status {status}");

    let mut engine = start_uci();
    engine.send("position startpos");
    engine.send("go wtime 600000 btime 600000");
    engine.until("search output", |l| l.starts_with("info depth"));
    engine.send("quit");
    assert!(engine.wait_exit(Duration::from_secs(2)).success());
}

/// A GUI that dies leaves end of input: no search may go on without it.
#[test]
fn end_of_input_ends_the_engine_even_during_go_infinite() {
    let mut engine = start_uci();
    engine.close_stdin();
    assert!(engine.wait_exit(Duration::from_secs(2)).success());

    let mut engine = start_uci();
    engine.send("position startpos");
    engine.send("go infinite");
    engine.until("search output", |l| l.starts_with("info depth"));
    engine.close_stdin();
    assert!(engine.wait_exit(Duration::from_secs(2)).success());
}

/// `umax --uci` speaks UCI from the first line.
#[test]
fn forced_uci_mode() {
    let mut engine = Engine::start(&["--uci"]);
    engine.send("isready");
    assert_eq!(engine.line(), "readyok");
    engine.send("uci");
    engine.until_exact("uciok");
    engine.send("quit");
    assert!(engine.wait_exit(Duration::from_secs(2)).success());
}

/// Found by fuzzing: `go mate 2147483648` doubled into a 1-ply search. Numbers
/// beyond what umax can use are read as the most it can use.
#[test]
fn huge_go_numbers_are_clamped_not_wrapped() {
    let mut engine = start_uci();
    engine.send("position startpos");
    engine.send("go mate 2147483648");
    let early = no_bestmove_within(&mut engine, 400);
    assert!(
        early.iter().any(|line| line.starts_with("info depth 2 ")),
        "{}",
        engine.transcript()
    );
    engine.send("stop");
    wait_for_bestmove(&mut engine);
    // A clock of 1844674407370955161 ms is the longest clock umax knows.
    engine.send("go wtime 1844674407370955161 btime 1844674407370955161 winc -5");
    no_bestmove_within(&mut engine, 400);
    engine.send("stop");
    wait_for_bestmove(&mut engine);
    engine.assert_no_errors();
}

/// A `go` word whose number is not a number is reported and skipped.
#[test]
fn go_with_a_bad_number_says_so_and_still_moves() {
    let mut engine = start_uci();
    engine.send("position startpos");
    engine.send("go depth deep movetime 100");
    assert_eq!(
        engine.line(),
        "info string go depth: 'deep' is not a number from 1 to 95"
    );
    let (_, best) = wait_for_bestmove(&mut engine);
    assert!(is_legal(&play(START, &[]), &best));
}

/// The Hash option offers no more than can be had, and a larger value says
/// what the maximum is.
#[test]
fn hash_maximum_is_what_can_be_allocated() {
    let mut engine = Engine::start(&[]);
    engine.send("uci");
    let (lines, _) = engine.until("uciok", |line| line == "uciok");
    let option = lines
        .iter()
        .find(|line| line.starts_with("option name Hash "))
        .expect("a Hash option");
    let max: usize = option
        .rsplit(' ')
        .next()
        .and_then(|max| max.parse().ok())
        .expect("max is a number");
    if let Some(total) = std::fs::read_to_string("/proc/meminfo")
        .ok()
        .and_then(|info| {
            let line = info
                .lines()
                .find(|l| l.starts_with("MemTotal:"))?
                .to_string();
            line.split_whitespace().nth(1)?.parse::<usize>().ok()
        })
    {
        assert!(
            max <= total / 1024,
            "{option}: more than the machine's memory"
        );
    }
    engine.send(&format!("setoption name Hash value {}", max + 1));
    let line = engine.line();
    assert_eq!(
        line,
        format!(
            "info string Hash: '{}' is not a number from 1 to {max} MiB ({max} MiB is the \
             most that can be allocated here)",
            max + 1
        )
    );
    engine.send("setoption name Hash value 2");
    sync(&mut engine);
    engine.send("position startpos");
    engine.send("go depth 3");
    wait_for_bestmove(&mut engine);
}

/// Carriage returns end lines; control characters are echoed escaped.
#[test]
fn carriage_returns_and_control_characters() {
    let mut engine = start_uci();
    engine.send_bytes(b"isready\risready\r\n");
    assert_eq!(engine.line(), "readyok");
    assert_eq!(engine.line(), "readyok");
    engine.send_bytes(b"frob\x1b[31mnicate\x07\n");
    assert_eq!(
        engine.line(),
        "info string Unknown command: frob\\x1b[31mnicate\\x07"
    );
    engine.send(&format!(
        "position startpos moves e2e4 {}",
        "e7".repeat(5000)
    ));
    let line = engine.line();
    assert!(
        line.starts_with("info string Illegal move: e7e7") && line.len() < 120,
        "{line}"
    );
    let mut long = b"isready ".to_vec();
    long.extend(std::iter::repeat_n(b'x', 100_000));
    long.push(b'\n');
    engine.send_bytes_quietly(&long);
    assert!(
        engine
            .line()
            .starts_with("info string Error: line too long: isready xxx")
    );
    sync(&mut engine);
}

/// The `info` lines of `lines` at `depth` that carry `multipv`: (rank, score, first move).
fn multipv_lines(lines: &[String], depth: u32) -> Vec<(usize, i32, String)> {
    let prefix = format!("info depth {depth} ");
    lines
        .iter()
        .filter(|line| line.starts_with(&prefix) && line.contains(" multipv "))
        .map(|line| {
            let words: Vec<&str> = line.split_whitespace().collect();
            let after = |key: &str| words[words.iter().position(|w| *w == key).unwrap() + 1];
            assert_eq!(after("score"), "cp", "{line}");
            let score_at = words.iter().position(|w| *w == "cp").unwrap() + 1;
            (
                after("multipv").parse().unwrap(),
                words[score_at].parse().unwrap(),
                after("pv").to_string(),
            )
        })
        .collect()
}

#[test]
fn multipv_reports_the_best_lines_each_iteration_and_plays_the_first() {
    let mut engine = start_uci();
    engine.send("setoption name MultiPV value 3");
    engine
        .send("position fen r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1");
    engine.send("go depth 5");
    let (before, best) = wait_for_bestmove(&mut engine);
    let lines = multipv_lines(&before, 5);
    // Ranks 3, 2, 1: the best line last, with the move played.
    let ranks: Vec<usize> = lines.iter().map(|line| line.0).collect();
    assert_eq!(ranks, [3, 2, 1], "{before:?}");
    assert_eq!(lines[2].2, best);
    assert!(
        lines[0].1 <= lines[1].1 && lines[1].1 <= lines[2].1,
        "{lines:?}"
    );
    let mut moves: Vec<&String> = lines.iter().map(|line| &line.2).collect();
    moves.sort();
    moves.dedup();
    assert_eq!(moves.len(), 3, "{lines:?}");
    // Back to one line: no `multipv` in the lines; out of range is clamped.
    engine.send("setoption name MultiPV value 1");
    engine.send("go depth 3");
    let (before, _) = wait_for_bestmove(&mut engine);
    assert!(
        before.iter().all(|line| !line.contains("multipv")),
        "{before:?}"
    );
    engine.send("setoption name MultiPV value 500");
    engine.send("position startpos");
    engine.send("go depth 2");
    let (before, _) = wait_for_bestmove(&mut engine);
    assert_eq!(
        multipv_lines(&before, 2).len(),
        20,
        "every legal move has its line"
    );
    engine.send("setoption name MultiPV value many");
    assert!(engine.line().starts_with("info string MultiPV: "));
}

#[test]
fn go_searchmoves_searches_only_the_moves_listed() {
    let mut engine = start_uci();
    engine.send("position startpos");
    // The transcript answered e2e4.
    engine.send("go depth 6 searchmoves a2a3 h2h3");
    let (before, best) = wait_for_bestmove(&mut engine);
    assert!(["a2a3", "h2h3"].contains(&best.as_str()), "{before:?}");
    for line in before.iter().filter(|line| line.contains(" pv ")) {
        let first = line
            .split(" pv ")
            .nth(1)
            .unwrap()
            .split(' ')
            .next()
            .unwrap();
        assert!(["a2a3", "h2h3"].contains(&first), "{line}");
    }
    // Illegal and unparsable moves are reported and left out; other `go`
    // words may follow the list.
    engine.send("go searchmoves e7e5 zz b1c3 depth 4");
    let (before, best) = wait_for_bestmove(&mut engine);
    assert_eq!(best, "b1c3", "{before:?}");
    let reported = before
        .iter()
        .filter(|l| l.starts_with("info string searchmoves "))
        .count();
    assert_eq!(reported, 2, "{before:?}");
    assert!(
        before.iter().any(|line| line.starts_with("info depth 4 ")),
        "{before:?}"
    );
    // None left: said so, and no move.
    engine.send("go depth 3 searchmoves e7e5");
    let (before, best) = wait_for_bestmove(&mut engine);
    assert_eq!(best, "0000");
    assert!(
        before
            .last()
            .unwrap()
            .contains("searchmoves lists no legal move"),
        "{before:?}"
    );
}
