//! The console read as a script: input from a pipe or a file runs a command
//! at a time (each finishes before the next line is read, and the end of
//! input waits for the one running), while a first line `uci` or `xboard`
//! switches protocol, in a pipe and at a real terminal alike.

mod common;

use std::io::{Read, Write};
use std::process::{Command, ExitStatus, Stdio};
use std::thread;
use std::time::{Duration, Instant};

use common::{Engine, START, looks_like_fen};

/// Run `umax` with `args` (plus `--ascii --hash 16`) and `env`, feed it all of
/// `input` and close its input, as `printf ... | umax` does; returns its
/// output lines and exit status. Fails the test if it runs past `timeout`.
fn run_script(
    args: &[&str],
    env: &[(&str, &str)],
    input: &[u8],
    timeout: Duration,
) -> (Vec<String>, ExitStatus) {
    let mut command = Command::new(env!("CARGO_BIN_EXE_umax"));
    command
        .args(["--ascii", "--hash", "16"])
        .args(args)
        .env_remove("COLUMNS")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit());
    for (name, value) in env {
        command.env(name, value);
    }
    let mut child = command.spawn().expect("the umax binary starts");
    let mut stdin = child.stdin.take().expect("stdin is piped");
    // All at once: the whole script is there before the first command ends.
    stdin.write_all(input).expect("umax reads its input");
    drop(stdin);
    let mut stdout = child.stdout.take().expect("stdout is piped");
    let reader = thread::spawn(move || {
        let mut text = String::new();
        let _ = stdout.read_to_string(&mut text);
        text
    });
    let deadline = Instant::now() + timeout;
    let status = loop {
        if let Some(status) = child.try_wait().expect("umax can be waited for") {
            break status;
        }
        if Instant::now() > deadline {
            let _ = child.kill();
            let _ = child.wait();
            panic!("umax ran past {timeout:?} on {input:?}");
        }
        thread::sleep(Duration::from_millis(10));
    };
    let text = reader.join().expect("the reader thread ends");
    (text.lines().map(str::to_string).collect(), status)
}

/// `printf 'perft 4\nquit\n' | umax` counted nothing: `quit` waiting in the
/// pipe stopped the count. Now the count ends, then `quit` is read.
#[test]
fn perft_in_a_script_counts_to_the_end_before_the_next_line() {
    let (lines, status) = run_script(&[], &[], b"perft 4\nquit\n", Duration::from_secs(20));
    assert!(status.success(), "{lines:?}");
    assert!(
        lines.iter().all(|line| !line.starts_with("perft stopped")),
        "{lines:?}"
    );
    assert!(
        lines.contains(&"Nodes searched: 197281".to_string()),
        "{lines:?}"
    );
    assert_eq!(
        lines.iter().filter(|line| line.contains(": ")).count(),
        // 20 root moves, "Nodes searched", "Time".
        22,
        "{lines:?}"
    );

    // perft 3 then another command: both run, in order.
    let (lines, _) = run_script(&[], &[], b"perft 3\nfen\nquit\n", Duration::from_secs(20));
    let total = lines
        .iter()
        .position(|line| line == "Nodes searched: 8902")
        .unwrap_or_else(|| panic!("{lines:?}"));
    assert_eq!(
        lines.iter().position(|line| line == START),
        Some(total + 2),
        "{lines:?}"
    );

    // The end of input waits for the count running (a few tenths of a second).
    let (lines, status) = run_script(&[], &[], b"perft 5", Duration::from_secs(60));
    assert!(status.success());
    assert!(
        lines.contains(&"Nodes searched: 4865609".to_string()),
        "{lines:?}"
    );
}

/// `printf 'go\n' | umax` stopped at depth 4, cut short by the end of input.
/// Now umax thinks to its limit (here `sd 6`), plays, and then leaves.
#[test]
fn go_in_a_script_thinks_to_its_limit_then_the_end_of_input_ends_it() {
    let (lines, status) = run_script(&[], &[], b"sd 6\ngo\n", Duration::from_secs(30));
    assert!(status.success(), "{lines:?}");
    let depths: Vec<&String> = lines
        .iter()
        .filter(|line| line.starts_with("depth "))
        .collect();
    assert_eq!(depths.len(), 6, "{lines:?}");
    assert!(depths[5].starts_with("depth 6  score "), "{lines:?}");
    let played = lines
        .iter()
        .position(|line| line.starts_with("umax plays 1. "))
        .unwrap_or_else(|| panic!("no move: {lines:?}"));
    // The board after the move, whose status line ends the transcript.
    assert_eq!(lines.last().unwrap(), "   Black to move", "{lines:?}");
    assert!(played + 12 < lines.len(), "{lines:?}");

    // The lines after `go` wait for the move, then run in order.
    let (lines, _) = run_script(&[], &[], b"sd 3\ngo\nfen\n", Duration::from_secs(30));
    let played = lines
        .iter()
        .position(|line| line.starts_with("umax plays 1. "))
        .unwrap();
    let fen = lines.iter().position(|line| looks_like_fen(line)).unwrap();
    assert!(fen > played, "{lines:?}");
    assert_ne!(lines[fen], START);
}

/// `umax </dev/null` printed nothing at all: now the console says who it is,
/// shows the board and leaves.
#[test]
fn empty_input_shows_the_console_and_exits_cleanly() {
    let output = Command::new(env!("CARGO_BIN_EXE_umax"))
        .args(["--ascii", "--hash", "16"])
        .stdin(Stdio::null())
        .output()
        .expect("the umax binary runs");
    assert!(output.status.success());
    let text = String::from_utf8_lossy(&output.stdout);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(
        lines.first(),
        Some(&"umax, a Rust port of micro-Max. Type 'help' for the commands."),
        "{text}"
    );
    assert_eq!(lines.last(), Some(&"   White to move"), "{text}");
}

/// The first line of a pipe switches protocol with a byte-order mark before
/// it or a carriage return after it, after blank lines, in any case; the
/// console says nothing first.
#[test]
fn a_first_line_uci_or_xboard_in_a_pipe_switches_protocol() {
    for first in [&b"uci\n"[..], b"\xef\xbb\xbfuci\r\n", b"\n  \r\nUCI \r\n"] {
        let mut engine = Engine::start(&["--ascii"]);
        engine.send_bytes(first);
        let before = engine.until_exact("uciok");
        assert!(
            before[0].starts_with("id name umax"),
            "{first:?}: {before:?}"
        );
        engine.send("isready");
        engine.until_exact("readyok");
        engine.send("quit");
        assert!(engine.wait_exit(Duration::from_secs(5)).success());
    }
    for first in [&b"xboard\n"[..], b"\xef\xbb\xbfxboard\r\n"] {
        let mut engine = Engine::start(&["--ascii"]);
        engine.send_bytes(first);
        engine.send("protover 2");
        let (before, _) = engine.until("the features", |line| line.contains("done=1"));
        assert!(
            before.iter().all(|line| line.starts_with("feature ")),
            "{first:?}: {before:?}"
        );
        engine.send("quit");
        assert!(engine.wait_exit(Duration::from_secs(5)).success());
    }
    // Only the first command: later, `uci` is no console command.
    let mut engine = Engine::start(&["--ascii"]);
    engine.send("fen");
    engine.until_exact(START);
    engine.send("uci");
    engine.until_exact("Unknown command: uci (type 'help' for the list)");
    // A byte-order mark before a console command is not part of it.
    let mut engine = Engine::start(&["--ascii"]);
    engine.send_bytes(b"\xef\xbb\xbffen\n");
    engine.until_exact(START);
}

/// Typed at a real terminal, `uci` as the first command switches too (after
/// the console's greeting, which a person at the terminal sees). The terminal
/// is the pseudo-terminal of util-linux's `script`.
#[test]
fn uci_typed_at_a_terminal_switches_protocol() {
    let umax = env!("CARGO_BIN_EXE_umax");
    let Ok(mut child) = Command::new("script")
        .args(["-qec", &format!("{umax} --ascii --hash 16"), "/dev/null"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
    else {
        eprintln!("no 'script' command (util-linux): the terminal is not tried");
        return;
    };
    let mut stdin = child.stdin.take().unwrap();
    let mut stdout = child.stdout.take().unwrap();
    let reader = thread::spawn(move || {
        let mut text = String::new();
        let _ = stdout.read_to_string(&mut text);
        text
    });
    // One line at a time, as typed: the console must be reading a terminal.
    for line in ["\u{feff}uci\r", "isready", "quit"] {
        thread::sleep(Duration::from_millis(500));
        let _ = writeln!(stdin, "{line}");
    }
    let deadline = Instant::now() + Duration::from_secs(20);
    while child.try_wait().unwrap().is_none() {
        if Instant::now() > deadline {
            let _ = child.kill();
            panic!("umax did not leave at 'quit'");
        }
        thread::sleep(Duration::from_millis(10));
    }
    drop(stdin);
    let text = reader.join().unwrap();
    let lines: Vec<&str> = text
        .lines()
        .map(|line| line.trim_end_matches('\r'))
        .collect();
    assert!(
        lines
            .iter()
            .any(|line| line.starts_with("umax, a Rust port")),
        "{text}"
    );
    // The prompt may stand before the first line of the UCI answer.
    assert!(
        lines
            .iter()
            .any(|line| line.ends_with("id name umax 0.1.0")),
        "{text}"
    );
    assert!(lines.contains(&"uciok"), "{text}");
    assert!(lines.contains(&"readyok"), "{text}");
    assert!(!text.contains("Unknown command"), "{text}");
}

/// Thinking lines are cut to the terminal's width (`COLUMNS`, else 80), with
/// ` ...` where the line was cut, and each move shows one board.
#[test]
fn thinking_lines_fit_the_width_and_each_turn_shows_one_board() {
    let script = b"sd 8\ne4\nd4\nquit\n";
    for (env, width) in [(&[][..], 80), (&[("COLUMNS", "60")][..], 60)] {
        let (lines, status) = run_script(&[], env, script, Duration::from_secs(60));
        assert!(status.success());
        let thinking: Vec<&String> = lines
            .iter()
            .filter(|line| line.starts_with("depth "))
            .collect();
        assert_eq!(thinking.len(), 16, "{lines:?}");
        for line in &thinking {
            assert!(line.chars().count() <= width, "{width}: {line}");
            // The move chosen is always there.
            assert!(
                line.contains(" pv 1... ") || line.contains(" pv 2... "),
                "{line}"
            );
        }
        assert!(
            thinking.iter().any(|line| line.ends_with(" ...")),
            "{width}: {thinking:?}"
        );
        // The start position, then one board per turn (after umax's reply).
        let boards = lines
            .iter()
            .filter(|line| line.trim() == "a b c d e f g h")
            .count();
        assert_eq!(boards, 2 * 3, "{lines:?}");
    }
}
