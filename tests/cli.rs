//! The command-line tools of the built binary: `perft`, `bench`, `epd`, and what
//! happens with arguments it does not understand.

use std::process::{Command, Stdio};

mod common;

use common::{stdout, umax};

#[test]
fn perft_prints_divide_lines_and_the_total_like_stockfish() {
    let output = umax(&["perft", "3"]);
    assert!(output.status.success());
    let text = stdout(&output);
    let divide: Vec<&str> = text.lines().filter(|line| line.contains(": ")).collect();
    // 20 root moves, then "Nodes searched: N".
    assert_eq!(divide.len(), 21, "{text}");
    assert!(text.contains("e2e4: 600"), "{text}");
    assert!(text.trim_end().ends_with("Nodes searched: 8902"), "{text}");
}

#[test]
fn perft_takes_the_fen_as_one_argument_or_several() {
    let kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    let one = stdout(&umax(&["perft", "2", kiwipete]));
    assert!(one.contains("Nodes searched: 2039"), "{one}");
    let mut args = vec!["perft", "2"];
    args.extend(kiwipete.split(' '));
    let several = stdout(&umax(&args));
    assert_eq!(one, several);
}

#[test]
fn bench_node_count_is_a_signature() {
    let first = stdout(&umax(&["--hash", "16", "bench", "4"]));
    let second = stdout(&umax(&["--hash", "16", "bench", "4"]));
    let nodes = |text: &str| {
        text.lines()
            .find_map(|line| line.strip_prefix("Nodes searched: "))
            .map(str::to_string)
    };
    assert!(nodes(&first).is_some(), "{first}");
    assert_eq!(nodes(&first), nodes(&second));
    assert!(first.contains("Nodes/second: "), "{first}");
    assert_eq!(
        first.lines().filter(|l| l.starts_with("position ")).count(),
        30
    );
}

#[test]
fn epd_reports_each_position_and_the_total() {
    let path = std::env::temp_dir().join(format!("umax-cli-test-{}.epd", std::process::id()));
    std::fs::write(
        &path,
        "r1bqkbnr/pppp1ppp/2n5/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - bm Qxf7#; id \"scholar\";\n\
         this line is not EPD\n\
         6k1/5ppp/8/8/8/8/8/R5K1 w - - am Kf1; id \"avoid\";\n",
    )
    .unwrap();
    let output = umax(&[
        "--hash",
        "16",
        "epd",
        path.to_str().unwrap(),
        "--depth",
        "4",
    ]);
    std::fs::remove_file(&path).ok();
    let text = stdout(&output);
    assert!(output.status.success(), "{text}");
    assert!(text.contains("scholar"), "{text}");
    assert!(text.contains("skipped"), "{text}");
    assert!(text.trim_end().ends_with("solved 2/2"), "{text}");
    // How soon: the mate in one is found at depth 1 and kept.
    assert!(text.contains("found at depth 1,"), "{text}");
    for depth in 1..4 {
        assert!(
            text.contains(&format!("solved by depth {depth}: 2/2")),
            "{text}"
        );
    }
}

#[test]
fn bad_arguments_get_a_message_and_a_failure_status() {
    for args in [
        &["frobnicate"][..],
        &["perft"],
        &["perft", "x"],
        &["perft", "2", "not a fen"],
        &["epd"],
        &["epd", "/no/such/file.epd"],
        &["--hash"],
        &["--hash", "zero"],
    ] {
        let output = umax(args);
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        let message = String::from_utf8_lossy(&output.stderr);
        assert!(message.starts_with("umax: "), "{args:?}: {message}");
        // One line, not the whole usage text.
        assert_eq!(message.lines().count(), 1, "{args:?}: {message}");
    }
}

/// The error for each bad number names the range umax accepts. These used to
/// panic (`--time -1`, `nan`, `inf`, `1e20`, `1.8e19`: exit 101).
#[test]
fn bad_numbers_name_the_accepted_range() {
    let epd = std::env::temp_dir().join(format!("umax-cli-range-{}.epd", std::process::id()));
    std::fs::write(&epd, "6k1/5ppp/8/8/8/8/8/R5K1 w - - bm Ra8#;\n").unwrap();
    let epd = epd.to_str().unwrap();
    for time in ["-1", "nan", "NaN", "inf", "1e20", "1.8e19", "soon"] {
        assert_eq!(
            error_of(&["epd", epd, "--time", time]),
            format!("umax: --time: '{time}' is not a number from 0 to 1000000000")
        );
    }
    assert_eq!(
        error_of(&["epd", epd, "--depth", "0"]),
        "umax: --depth PLIES: '0' is not a number from 1 to 95"
    );
    assert_eq!(
        error_of(&["epd", epd, "--nodes", "-5"]),
        "umax: --nodes N: '-5' is not a number from 1 to 18446744073709551615"
    );
    assert_eq!(
        error_of(&["perft", "99"]),
        "umax: perft DEPTH: '99' is not a number from 0 to 12"
    );
    assert_eq!(
        error_of(&["bench", "-1"]),
        "umax: bench DEPTH: '-1' is not a number from 1 to 95"
    );
    // A valid time still runs.
    let output = umax(&["--hash", "1", "epd", epd, "--time", "0.05"]);
    std::fs::remove_file(epd).ok();
    assert!(
        stdout(&output).contains("solved 1/1"),
        "{}",
        stdout(&output)
    );
}

/// `--hash` says what a size rounded down to, why it failed and what the most
/// is; an unknown flag is called a flag.
#[test]
fn hash_size_and_flag_errors_explain_themselves() {
    let error = error_of(&["--hash", "100000000", "bench", "1"]);
    assert!(
        error.starts_with(
            "umax: --hash 100000000: a hash table of 100000000 MiB rounds down to \
             50331648 MiB (2^42 entries of 12 bytes), more than this machine can allocate"
        ),
        "{error}"
    );
    assert!(error.contains("at most "), "{error}");
    let error = error_of(&["--hash", "0"]);
    assert!(
        error.starts_with("umax: --hash: '0' is not a size in MiB"),
        "{error}"
    );
    assert_eq!(
        error_of(&["--hsah", "16"]),
        "umax: unknown flag '--hsah' (see 'umax --help')"
    );
    assert_eq!(
        error_of(&["frobnicate"]),
        "umax: unknown command 'frobnicate' (see 'umax --help')"
    );
    assert_eq!(
        error_of(&["epd", "x.epd", "--tmie", "1"]),
        "umax: unknown flag '--tmie' for epd (see 'umax --help')"
    );
    // Control characters in an argument are shown escaped.
    assert_eq!(
        error_of(&["\x1b[2J"]),
        "umax: unknown command '\\x1b[2J' (see 'umax --help')"
    );
}

/// Found by fuzzing: with standard error closed, every error path panicked
/// (`umax nonsense 2>&1 >/dev/null | true`: exit 101). Now the message is lost
/// but the exit status is the usual one.
#[test]
fn a_closed_standard_error_is_no_panic() {
    let (reader, writer) = std::io::pipe().expect("a pipe");
    drop(reader); // every write to the pipe now fails
    let status = Command::new(env!("CARGO_BIN_EXE_umax"))
        .arg("nonsense")
        .stdout(Stdio::null())
        .stderr(writer)
        .status()
        .expect("the umax binary runs");
    assert_eq!(status.code(), Some(2));
    // The same for perft's timing line, and a closed standard output.
    let (reader, writer) = std::io::pipe().expect("a pipe");
    drop(reader);
    let (out_reader, out_writer) = std::io::pipe().expect("a pipe");
    drop(out_reader);
    let status = Command::new(env!("CARGO_BIN_EXE_umax"))
        .args(["perft", "2"])
        .stdout(out_writer)
        .stderr(writer)
        .status()
        .expect("the umax binary runs");
    assert!(status.code().is_some_and(|code| code != 101), "{status}");
}

/// The one line on standard error of a failing run.
fn error_of(args: &[&str]) -> String {
    let output = umax(args);
    assert_eq!(output.status.code(), Some(2), "{args:?}");
    let message = String::from_utf8_lossy(&output.stderr).into_owned();
    assert_eq!(message.lines().count(), 1, "{args:?}: {message}");
    message.trim_end().to_string()
}
