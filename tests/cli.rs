//! The command-line tools of the built binary: `perft`, `bench`, `epd`, and what
//! happens with arguments it does not understand.

use std::process::{Command, Output};

fn umax(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_umax"))
        .args(args)
        .output()
        .expect("the umax binary runs")
}

fn stdout(output: &Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned()
}

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
        "2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - bm Qg6; id \"WAC.001\";\n\
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
    assert!(text.contains("WAC.001"), "{text}");
    assert!(text.contains("skipped"), "{text}");
    assert!(text.trim_end().ends_with("solved 2/2"), "{text}");
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
    }
}
