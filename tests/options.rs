//! The laboratory's options reach the search through every way in: the
//! command line (`--set`), UCI (`setoption`) and xboard (`option`). The
//! protocols announce them as one option, `Lab`, which takes a spec of them
//! (`null=off,lmr=off`); each switch can still be set by its own name,
//! unannounced. (`tests/gui_options.rs` checks what a GUI sees.)

mod common;

use common::{Engine, library_nodes, uci_nodes, xboard_search};
use umax::search::techniques::OPTIONS;

const DEPTH: u32 = 5;

#[test]
fn uci_offers_lab_and_setoption_changes_the_search() {
    let mut engine = Engine::start(&["--uci"]);
    engine.send("uci");
    let (lines, _) = engine.until("uciok", |line| line == "uciok");
    // One option for all the switches; `threads` is UCI's standard `Threads`.
    assert!(
        lines.contains(&"option name Lab type string default <empty>".to_string()),
        "{}",
        engine.transcript()
    );
    assert!(
        lines
            .iter()
            .any(|line| line == "option name Threads type spin default 1 min 1 max 256"),
        "{}",
        engine.transcript()
    );
    for option in OPTIONS.iter().map(|option| option.name).chain(["preset"]) {
        assert!(
            !lines
                .iter()
                .any(|line| line.starts_with(&format!("option name {option} "))),
            "{option} announced\n{}",
            engine.transcript()
        );
    }
    // Through `Lab`, and (unannounced) by the switch's own name.
    for (setoption, spec) in [
        ("setoption name Lab value null=off", "null=off"),
        (
            "setoption name Lab value preset=micromax",
            "preset=micromax",
        ),
        (
            "setoption name Lab value calibrated,null=off",
            "calibrated,null=off",
        ),
        ("setoption name null value off", "null=off"),
        ("setoption name preset value micromax", "preset=micromax"),
    ] {
        engine.send("ucinewgame");
        engine.send(setoption);
        engine.send("position startpos");
        engine.send(&format!("go depth {DEPTH}"));
        assert_eq!(
            uci_nodes(&mut engine),
            library_nodes(spec, DEPTH),
            "{setoption}"
        );
        engine.send("setoption name Lab value <empty>");
    }
    engine.send("setoption name null value sometimes");
    let (_, error) = engine.until("an error", |line| line.starts_with("info string"));
    assert!(error.contains("one of off, on"), "{error}");
    engine.send("setoption name Lab value null=sometimes");
    let (_, error) = engine.until("an error", |line| line.starts_with("info string"));
    assert!(error.starts_with("info string Lab not set: "), "{error}");
    assert!(error.contains("one of off, on"), "{error}");
    engine.send("quit");
}

#[test]
fn xboard_offers_lab_and_option_changes_the_search() {
    let mut engine = Engine::start(&["--xboard"]);
    engine.send("xboard");
    engine.send("protover 2");
    let (lines, _) = engine.until("feature done=1", |line| line == "feature done=1");
    assert!(
        lines.contains(&"feature option=\"Lab -string \"".to_string()),
        "{lines:?}"
    );
    for option in OPTIONS.iter().map(|option| option.name).chain(["preset"]) {
        assert!(
            !lines
                .iter()
                .any(|line| line.contains(&format!("option=\"{option} -"))),
            "{option} announced"
        );
    }
    // Through `Lab` (its value holds `=`), and by the switch's own name.
    for command in ["option Lab=null=off", "option null=off"] {
        engine.send(command);
        let nodes = xboard_search(&mut engine, DEPTH);
        assert_eq!(nodes, library_nodes("null=off", DEPTH), "{command}");
        engine.send("option Lab=");
    }
    engine.send("option lmr=maybe");
    let (_, error) = engine.until("an error", |line| line.starts_with("Error"));
    assert!(error.contains("on or off"), "{error}");
    engine.send("option Lab=lmr=maybe");
    let (_, error) = engine.until("an error", |line| line.starts_with("Error"));
    assert!(error.contains("on or off"), "{error}");
    engine.send("quit");
}

#[test]
fn command_line_set_reaches_bench() {
    let output = common::umax(&["--hash", "3", "bench", "4", "--set", "null=off", "--stats"]);
    let text = String::from_utf8_lossy(&output.stdout);
    assert!(text.contains("default,null=off"), "{text}");
    assert!(text.contains("null moves 0, cut-offs 0"), "{text}");
    let bad = common::umax(&["bench", "2", "--set", "null_reduction=9"]);
    assert!(!bad.status.success());
    assert!(String::from_utf8_lossy(&bad.stderr).contains("from 1 to 4"));
}

#[test]
fn selfplay_refuses_set_instead_of_ignoring_it() {
    let output = common::umax(&[
        "--set", "null=off", "selfplay", "--a", "default", "--b", "lmr=off",
    ]);
    assert!(!output.status.success());
    assert!(String::from_utf8_lossy(&output.stderr).contains("from its specs"));
}
