//! `umax selfplay` end to end: games are played and counted, the PGN it writes
//! is re-read by umax's own PGN/SAN reader and every game replays legally to
//! its recorded result, a time forfeit is detected, the SPRT stops a match,
//! an interrupted match keeps its finished games; the built-in openings are
//! legal and distinct; and `umax bench` stays readable by OpenBench.

use std::collections::HashSet;
use std::path::PathBuf;
use std::process::Command;

mod common;

use common::{stdout, umax};

use umax::game::{PgnGame, parse_pgn};
use umax::openings::{BUILT_IN, built_in};

/// A fresh path in the temporary directory for this test.
fn temp_path(name: &str) -> PathBuf {
    let path = std::env::temp_dir().join(format!("umax-selfplay-{}-{name}", std::process::id()));
    let _ = std::fs::remove_file(&path);
    path
}

/// The number after `label` in the summary line starting with `line_start`.
fn summary_number(text: &str, line_start: &str, label: &str) -> u64 {
    let line = text
        .lines()
        .find(|line| line.starts_with(line_start))
        .unwrap_or_else(|| panic!("no '{line_start}' line in\n{text}"));
    let after = &line[line.find(label).expect(label) + label.len()..];
    after
        .split(|c: char| !c.is_ascii_digit())
        .find(|part| !part.is_empty())
        .and_then(|digits| digits.parse().ok())
        .unwrap_or_else(|| panic!("no number after '{label}' in {line}"))
}

fn read_pgn(path: &PathBuf) -> Vec<PgnGame> {
    let text = std::fs::read_to_string(path).expect("the PGN file exists");
    parse_pgn(&text).unwrap_or_else(|e| panic!("{e}\n{text}"))
}

#[test]
fn a_short_match_writes_every_game_as_pgn_that_replays_to_its_result() {
    let pgn = temp_path("short.pgn");
    let output = umax(&[
        "selfplay",
        "--a",
        "null=off",
        "--b",
        "default",
        "--depth",
        "2",
        "--games",
        "4",
        "--pgn",
        pgn.to_str().unwrap(),
    ]);
    let text = stdout(&output);
    assert!(output.status.success(), "{text}");
    assert_eq!(summary_number(&text, "Games:", "Games:"), 4, "{text}");
    assert_eq!(summary_number(&text, "Pairs:", "Pairs:"), 2, "{text}");
    assert!(text.contains("Elo "), "{text}");

    let games = read_pgn(&pgn);
    assert_eq!(games.len(), 4);
    let first_opening = BUILT_IN[0].game().unwrap().san_moves();
    for (index, record) in games.iter().enumerate() {
        // Colours alternate within a pair; the settings are in the names.
        let (white, black) = if index.is_multiple_of(2) {
            ("umax a: default,null=off", "umax b: default")
        } else {
            ("umax b: default", "umax a: default,null=off")
        };
        assert_eq!(record.tag("White"), Some(white));
        assert_eq!(record.tag("Black"), Some(black));
        assert_eq!(record.tag("TimeControl"), Some("-"));
        assert_eq!(record.tag("Round"), Some((index + 1).to_string().as_str()));
        // Both games of the first pair start with the first opening.
        if index < 2 {
            assert_eq!(record.game.san_moves()[..8], first_opening[..]);
        }
        // The rules ended every game, and the record replays to that result.
        assert_eq!(record.tag("Termination"), Some("normal"));
        let status = record.game.status();
        assert!(status.is_over(), "game {}: {status:?}", index + 1);
        assert_eq!(record.tag("Result"), Some(status.result()));
        assert_eq!(record.result, status.result());
    }
    let _ = std::fs::remove_file(&pgn);
}

#[test]
fn a_clock_far_too_short_is_a_time_forfeit() {
    let pgn = temp_path("forfeit.pgn");
    let output = umax(&[
        "selfplay",
        "--tc",
        "0.001+0",
        "--games",
        "2",
        "--pgn",
        pgn.to_str().unwrap(),
    ]);
    let text = stdout(&output);
    assert!(output.status.success(), "{text}");
    let forfeits = summary_number(&text, "Games:", "time forfeits: a ")
        + summary_number(&text, "Games:", ", b ");
    assert_eq!(forfeits, 2, "{text}");
    for record in read_pgn(&pgn) {
        assert_eq!(record.tag("Termination"), Some("time forfeit"));
        assert_eq!(record.tag("TimeControl"), Some("0.001"));
        // The game is not over by the rules: the flag decided it.
        assert!(!record.game.status().is_over());
        assert!(matches!(record.result.as_str(), "1-0" | "0-1"));
    }
    let _ = std::fs::remove_file(&pgn);
}

#[test]
fn the_sprt_stops_the_match_when_it_decides() {
    // Identical engines at a fixed depth play each pair's two games alike, so
    // every pair scores exactly 1: far from "A is 300 nElo stronger" (H1).
    let output = umax(&[
        "selfplay",
        "--depth",
        "1",
        "--games",
        "200",
        "--sprt",
        "100,300,0.2,0.2",
    ]);
    let text = stdout(&output);
    assert!(output.status.success(), "{text}");
    assert!(text.contains("H0 accepted"), "{text}");
    let games = summary_number(&text, "Games:", "Games:");
    assert!(games < 200 && games.is_multiple_of(2), "{text}");
}

#[test]
fn bad_arguments_are_refused_with_a_reason() {
    for (args, reason) in [
        (&["selfplay", "--a", "null=maybe"][..], "null"),
        (&["selfplay", "--tc", "1+x"][..], "--tc"),
        (
            &["selfplay", "--depth", "2", "--nodes", "100"][..],
            "one of",
        ),
        (&["selfplay", "--sprt", "5,0"][..], "--sprt"),
        (&["selfplay", "--frobnicate"][..], "unknown argument"),
    ] {
        let output = umax(args);
        let error = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{args:?}: {error}");
        assert!(error.contains(reason), "{args:?}: {error}");
    }
}

#[test]
fn an_openings_file_is_read() {
    let openings = temp_path("openings.txt");
    std::fs::write(
        &openings,
        "# two openings\n\
         rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2\n\
         Queen's Gambit | 1. d4 d5 2. c4\n",
    )
    .unwrap();
    let pgn = temp_path("from-file.pgn");
    let output = umax(&[
        "selfplay",
        "--depth",
        "1",
        "--openings",
        openings.to_str().unwrap(),
        "--pgn",
        pgn.to_str().unwrap(),
    ]);
    assert!(output.status.success(), "{}", stdout(&output));
    // Without --games: each opening once with each colour.
    let games = read_pgn(&pgn);
    assert_eq!(games.len(), 4);
    assert!(games[0].tag("FEN").is_some());
    assert_eq!(games[2].tag("Opening"), Some("Queen's Gambit"));
    assert_eq!(games[2].game.san_moves()[..3], ["d4", "d5", "c4"]);
    // Four games replay no opening more than twice.
    assert!(
        !stdout(&output).contains("more than twice"),
        "{}",
        stdout(&output)
    );
    // Six games replay two openings three times each: said at the start and
    // in the summary.
    let output = umax(
        &["selfplay", "--depth", "1", "--games", "6", "--openings"]
            .into_iter()
            .chain([openings.to_str().unwrap()])
            .collect::<Vec<_>>(),
    );
    let text = stdout(&output);
    let warnings = text
        .lines()
        .filter(|line| line.starts_with("Warning: 6 games replay the 2 openings"));
    assert_eq!(warnings.count(), 2, "{text}");
    let _ = std::fs::remove_file(&openings);
    let _ = std::fs::remove_file(&pgn);
}

#[cfg(unix)]
#[test]
fn ctrl_c_keeps_and_counts_the_finished_games() {
    a_signal_keeps_and_counts_the_finished_games("INT");
}

/// `kill` without a signal name sends SIGTERM: a script stopping a run gets
/// the summary too, time forfeits included.
#[cfg(unix)]
#[test]
fn sigterm_keeps_and_counts_the_finished_games() {
    a_signal_keeps_and_counts_the_finished_games("TERM");
}

/// Starts a long match, sends `signal` once a game has finished, and checks
/// that the match ends with its summary, counting exactly the games in the PGN
/// file.
#[cfg(unix)]
fn a_signal_keeps_and_counts_the_finished_games(signal: &str) {
    use std::time::{Duration, Instant};
    let pgn = temp_path(&format!("interrupted_{signal}.pgn"));
    let child = Command::new(env!("CARGO_BIN_EXE_umax"))
        .args(["selfplay", "--tc", "0.2+0.01", "--games", "1000"])
        .args(["--pgn", pgn.to_str().unwrap()])
        .stdout(std::process::Stdio::piped())
        .spawn()
        .expect("umax starts");
    // Wait for the first finished game, then send the signal.
    let start = Instant::now();
    while !std::fs::read_to_string(&pgn).is_ok_and(|text| text.contains("[Result")) {
        assert!(
            start.elapsed() < Duration::from_secs(60),
            "no game finished"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
    let sent = Command::new("kill")
        .args([&format!("-{signal}"), &child.id().to_string()])
        .status()
        .expect("kill runs");
    assert!(sent.success());
    let output = child.wait_with_output().expect("umax ends");
    let text = stdout(&output);
    assert!(output.status.success(), "{text}");
    assert!(text.contains("Interrupted"), "{text}");
    assert!(text.contains("time forfeits: a "), "{text}");
    let counted = summary_number(&text, "Games:", "Games:");
    assert!((1..1000).contains(&counted), "{text}");
    assert_eq!(read_pgn(&pgn).len() as u64, counted, "{text}");
    let _ = std::fs::remove_file(&pgn);
}

#[test]
fn the_built_in_openings_are_legal_and_distinct() {
    assert!(BUILT_IN.len() >= 50);
    let openings = built_in();
    let mut names = HashSet::new();
    let mut positions = HashSet::new();
    for opening in &openings {
        assert_eq!(opening.game.moves().len(), 8, "{}", opening.name);
        assert!(!opening.game.status().is_over(), "{}", opening.name);
        assert!(names.insert(opening.name.clone()), "{}", opening.name);
        assert!(
            positions.insert(opening.game.board().key()),
            "{} repeats a position",
            opening.name
        );
    }
}

/// OpenBench reads a bench's node count and speed from its output: from the
/// last line up, every character that is not a letter or digit becomes a
/// space, and the first line matching (case-insensitively)
/// `(\d+\s+nodes)|(nodes\s+\d+)|(nodes searched\s+\d+)` gives the nodes and
/// the first matching `(\d+\s+nps)|(nps\s+\d+)|(nodes second\s+\d+)` the
/// speed. Words split on whitespace make `\s+` between them.
fn openbench_value(output: &str, patterns: &[&[&str]]) -> Option<u64> {
    for line in output.lines().rev() {
        let cleaned: String = line
            .chars()
            .map(|c| if c.is_ascii_alphanumeric() { c } else { ' ' })
            .collect::<String>()
            .to_lowercase();
        let words: Vec<&str> = cleaned.split_whitespace().collect();
        for pattern in patterns {
            for at in 0..words.len() {
                let window = words.get(at..at + pattern.len());
                let found = window.is_some_and(|window| {
                    window.iter().zip(pattern.iter()).all(|(word, want)| {
                        if *want == "N" {
                            word.chars().all(|c| c.is_ascii_digit())
                        } else {
                            word == want
                        }
                    })
                });
                if found {
                    let number_at = at + pattern.iter().position(|w| *w == "N").unwrap();
                    return words[number_at].parse().ok();
                }
            }
        }
    }
    None
}

#[test]
fn bench_output_is_readable_by_openbench_and_repeatable() {
    let nodes_patterns: &[&[&str]] = &[
        &["N", "nodes"],
        &["nodes", "N"],
        &["nodes", "searched", "N"],
    ];
    let speed_patterns: &[&[&str]] = &[&["N", "nps"], &["nps", "N"], &["nodes", "second", "N"]];
    let first = stdout(&umax(&["bench", "3"]));
    let second = stdout(&umax(&["bench", "3"]));
    let nodes = openbench_value(&first, nodes_patterns).expect("a node count OpenBench finds");
    let total = first
        .lines()
        .find_map(|line| line.strip_prefix("Nodes searched: "))
        .and_then(|n| n.trim().parse::<u64>().ok());
    assert_eq!(
        Some(nodes),
        total,
        "OpenBench must read the total:\n{first}"
    );
    assert!(
        openbench_value(&first, speed_patterns).is_some_and(|nps| nps > 0),
        "{first}"
    );
    assert_eq!(openbench_value(&second, nodes_patterns), Some(nodes));
}

#[test]
fn the_pgn_reader_skips_comments_variations_and_annotations() {
    let text = r#"[Event "a \"quoted\" name \\ here"]
[Result "1-0"]

1. e4 {best by test} e5 2. Nf3 (2. f4 exf4 (2... d5)) 2... Nc6 $1 3.Bc4 ; a comment
Nf6?! 4. Ng5 d5 5. exd5 Nxd5?? 6. Nxf7 Kxf7 7. Qf3+ 1-0

[FEN "8/8/8/8/8/8/k7/2K1Q3 w - - 0 1"]
[SetUp "1"]

1. Qb4 Ka1 2. Qb2# 1-0
"#;
    let games = parse_pgn(text).unwrap();
    assert_eq!(games.len(), 2);
    assert_eq!(games[0].tag("Event"), Some(r#"a "quoted" name \ here"#));
    assert_eq!(games[0].game.moves().len(), 13);
    assert_eq!(games[0].result, "1-0");
    assert_eq!(games[1].game.moves().len(), 3);
    assert!(games[1].game.status().is_over());

    // What to_pgn_with_tags writes, parse_pgn reads back.
    let written = games[1]
        .game
        .to_pgn_with_tags(&[("White", "a \"b\" \\ c"), ("Result", "1-0")], "1-0");
    let again = parse_pgn(&written).unwrap();
    assert_eq!(again[0].tag("White"), Some("a \"b\" \\ c"));
    assert_eq!(again[0].game.moves(), games[1].game.moves());

    let illegal = parse_pgn("1. e4 e5 2. Ke3 *\n").unwrap_err();
    assert!(
        illegal.contains("game 1") && illegal.contains("Ke3"),
        "{illegal}"
    );
}

#[cfg(target_os = "linux")]
#[test]
fn a_full_disk_stops_the_match_and_says_so() {
    // Every write to /dev/full fails with "No space left on device".
    let output = umax(&[
        "selfplay",
        "--depth",
        "1",
        "--games",
        "4",
        "--pgn",
        "/dev/full",
    ]);
    let text = stdout(&output);
    let error = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(1), "{text}\n{error}");
    assert!(error.contains("/dev/full"), "{error}");
    assert!(text.contains("Stopped: cannot write /dev/full"), "{text}");
    // The game that could not be written is not counted.
    assert_eq!(summary_number(&text, "Games:", "Games:"), 0, "{text}");
}

/// `umax selfplay` at depth 1 between `null=off` and the default, with `extra`
/// arguments, writing to `pgn`; its output.
fn depth_one_match(pgn: &std::path::Path, extra: &[&str]) -> String {
    let mut args = vec!["selfplay", "--a", "null=off", "--b", "default"];
    args.extend(["--depth", "1", "--pgn", pgn.to_str().unwrap()]);
    args.extend(extra);
    let output = umax(&args);
    let text = stdout(&output);
    assert!(output.status.success(), "{text}\n{:?}", output.stderr);
    text
}

#[test]
fn a_resumed_match_plays_only_the_games_the_file_lacks() {
    let pgn = temp_path("resume.pgn");
    depth_one_match(&pgn, &["--games", "4"]);
    // An interrupted match may lack a game in the middle: drop round 3.
    let text = std::fs::read_to_string(&pgn).unwrap();
    let kept: Vec<&str> = text
        .split_inclusive("\n\n[Event")
        .filter(|game| !game.contains("[Round \"3\"]"))
        .collect();
    assert_eq!(kept.len(), 3, "{text}");
    std::fs::write(&pgn, kept.concat().trim_end_matches("[Event")).unwrap();
    assert_eq!(read_pgn(&pgn).len(), 3);

    let text = depth_one_match(&pgn, &["--games", "6", "--resume"]);
    assert_eq!(summary_number(&text, "Resumed:", "Resumed:"), 3, "{text}");
    assert_eq!(summary_number(&text, "Games:", "Games:"), 6, "{text}");
    assert_eq!(summary_number(&text, "Pairs:", "Pairs:"), 3, "{text}");
    let mut rounds: Vec<u64> = read_pgn(&pgn)
        .iter()
        .map(|game| game.tag("Round").unwrap().parse().unwrap())
        .collect();
    rounds.sort_unstable();
    assert_eq!(rounds, [1, 2, 3, 4, 5, 6], "every round once");
    for game in read_pgn(&pgn) {
        let searches = game.tag("Searches").expect("a Searches tag");
        assert!(
            searches.starts_with("depth 1; bench to depth 5: a "),
            "{searches}"
        );
    }

    // A run killed while writing leaves half a game: it is played again.
    let whole = std::fs::read_to_string(&pgn).unwrap();
    let last = whole.rfind("[Event ").unwrap();
    std::fs::write(&pgn, &whole[..last + (whole.len() - last) / 2]).unwrap();
    let text = depth_one_match(&pgn, &["--games", "6", "--resume"]);
    assert_eq!(summary_number(&text, "Resumed:", "Resumed:"), 5, "{text}");
    assert_eq!(std::fs::read_to_string(&pgn).unwrap().len(), whole.len());

    // A finished match resumed plays nothing more.
    let text = depth_one_match(&pgn, &["--games", "6", "--resume"]);
    assert_eq!(summary_number(&text, "Resumed:", "Resumed:"), 6, "{text}");
    assert_eq!(summary_number(&text, "Games:", "Games:"), 6, "{text}");
    assert_eq!(read_pgn(&pgn).len(), 6);
    let _ = std::fs::remove_file(&pgn);
}

#[test]
fn resume_refuses_the_file_of_another_match() {
    let pgn = temp_path("resume-other.pgn");
    depth_one_match(&pgn, &["--games", "2"]);
    let before = std::fs::read_to_string(&pgn).unwrap();
    // Other settings for A, or the same players at another depth.
    for args in [
        &[
            "selfplay", "--a", "null=on", "--b", "default", "--depth", "1",
        ][..],
        &[
            "selfplay", "--a", "null=off", "--b", "default", "--depth", "2",
        ][..],
    ] {
        let mut args = args.to_vec();
        args.extend(["--games", "4", "--resume", "--pgn", pgn.to_str().unwrap()]);
        let output = umax(&args);
        assert!(!output.status.success());
        let error = String::from_utf8_lossy(&output.stderr);
        assert!(error.contains("another match's"), "{error}");
    }
    assert_eq!(
        std::fs::read_to_string(&pgn).unwrap(),
        before,
        "the file is kept"
    );
    // Without --pgn there is nothing to resume.
    let output = umax(&["selfplay", "--depth", "1", "--games", "2", "--resume"]);
    assert!(!output.status.success());
    let _ = std::fs::remove_file(&pgn);
}

#[test]
fn the_same_search_at_a_fixed_node_count_plays_each_pair_alike_and_is_warned_of() {
    let pgn = temp_path("mirror.pgn");
    let mut args = vec![
        "selfplay", "--a", "default", "--b", "lmr=on", "--nodes", "300",
    ];
    args.extend(["--games", "4", "--pgn", pgn.to_str().unwrap()]);
    let output = umax(&args);
    let text = stdout(&output);
    assert!(output.status.success(), "{text}");
    assert!(
        text.contains("each pair's second game repeats the first"),
        "{text}"
    );
    let games = read_pgn(&pgn);
    assert_eq!(games.len(), 4);
    for pair in games.chunks(2) {
        assert_eq!(pair[0].game.san_moves(), pair[1].game.san_moves());
    }
    let _ = std::fs::remove_file(&pgn);
    // Different searches, or a clock, draw no such warning.
    for (b, limit, value) in [
        ("null=off", "--nodes", "300"),
        ("default", "--tc", "1+0.01"),
    ] {
        let args = [
            "selfplay", "--a", "default", "--b", b, limit, value, "--games", "2",
        ];
        let text = stdout(&umax(&args));
        assert!(!text.contains("repeats the first"), "{b} {limit}: {text}");
    }
}
