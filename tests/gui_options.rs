//! What a GUI sees of umax's options, over UCI and xboard: the few a player
//! expects, and `Lab`, which takes the search laboratory's switches as one
//! spec (`null=off,lmr=off`). Every announced option must read back the way a
//! GUI or python-chess parses it, and `Lab` must reach the search as
//! python-chess, cutechess-cli and fastchess send it.

mod common;

use common::{Engine, library_nodes, uci_nodes, xboard_search};
use umax::search::techniques::{OPTIONS, THREADS_OPTION};

/// The most options a GUI may be shown.
const MOST_OPTIONS: usize = 13;

/// The words that structure a UCI `option` line: no value may be one.
const UCI_KEYWORDS: [&str; 6] = ["name", "type", "default", "min", "max", "var"];

/// The options a player expects of a UCI engine, which umax offers
/// (`Move Overhead` is set by lichess-bot and by GUIs on a slow link).
const PLAYER_OPTIONS: [&str; 8] = [
    "Hash",
    "Clear Hash",
    "Ponder",
    "Threads",
    "Stats",
    "UCI_LimitStrength",
    "UCI_Elo",
    "Move Overhead",
];

/// The spec python-chess configures in `tests/data/python_chess_lab.txt`.
const PYTHON_CHESS_SPEC: &str = "null=off,lmr=off";

/// What python-chess 1.11.2 sent to umax to configure `Lab` and play one move
/// at depth 3, recorded from its debug log (`<< LINE`); `#` lines are notes.
const PYTHON_CHESS_TRANSCRIPT: &str = include_str!("data/python_chess_lab.txt");

/// One UCI `option` line, read as a GUI reads it: a keyword starts a field,
/// the words up to the next keyword are its value.
#[derive(Debug)]
struct UciOption {
    name: String,
    kind: String,
    default: Option<String>,
    min: Option<i64>,
    max: Option<i64>,
    vars: Vec<String>,
}

/// Parse an `option` line; the error says why a GUI could not read it back
/// (a value that is a keyword leaves a field empty or repeats one).
fn parse_uci_option(line: &str) -> Result<UciOption, String> {
    let mut words = line.split_whitespace();
    if words.next() != Some("option") {
        return Err("not an option line".to_string());
    }
    let mut fields: Vec<(&str, Vec<&str>)> = Vec::new();
    for word in words {
        if UCI_KEYWORDS.contains(&word) {
            fields.push((word, Vec::new()));
        } else {
            match fields.last_mut() {
                Some((_, value)) => value.push(word),
                None => return Err(format!("'{word}' before 'name'")),
            }
        }
    }
    if fields.first().map(|(keyword, _)| *keyword) != Some("name") {
        return Err("no 'name' first".to_string());
    }
    let mut option = UciOption {
        name: String::new(),
        kind: String::new(),
        default: None,
        min: None,
        max: None,
        vars: Vec::new(),
    };
    let mut seen = Vec::new();
    for (keyword, value) in fields {
        if value.is_empty() {
            return Err(format!("'{keyword}' has no value"));
        }
        if keyword != "var" && seen.contains(&keyword) {
            return Err(format!("'{keyword}' twice"));
        }
        seen.push(keyword);
        let value = value.join(" ");
        let number = || {
            value
                .parse::<i64>()
                .map_err(|_| format!("{keyword} '{value}' is not a number"))
        };
        match keyword {
            "name" => option.name = value,
            "type" => option.kind = value,
            "default" => option.default = Some(value),
            "min" => option.min = Some(number()?),
            "max" => option.max = Some(number()?),
            _ => option.vars.push(value),
        }
    }
    let default = option.default.as_deref();
    let consistent = match option.kind.as_str() {
        "button" => default.is_none(),
        "check" => matches!(default, Some("true" | "false")),
        "string" => default.is_some(),
        "combo" => default.is_some_and(|default| option.vars.iter().any(|var| var == default)),
        "spin" => match (
            default.and_then(|d| d.parse::<i64>().ok()),
            option.min,
            option.max,
        ) {
            (Some(default), Some(min), Some(max)) => min <= default && default <= max,
            _ => false,
        },
        _ => false,
    };
    if !consistent {
        return Err(format!("type '{}' with these values", option.kind));
    }
    Ok(option)
}

/// The `option` lines of the answer to `uci`.
fn announced_uci_options(engine: &mut Engine) -> Vec<String> {
    engine.send("uci");
    let lines = engine.until_exact("uciok");
    lines
        .into_iter()
        .filter(|line| line.starts_with("option "))
        .collect()
}

/// The `feature` lines of the answer to `protover 2`, up to `feature done=1`.
fn xboard_feature_lines(engine: &mut Engine) -> Vec<String> {
    engine.send("xboard");
    engine.send("protover 2");
    engine.until_exact("feature done=1")
}

/// The `NAME=VALUE` pairs of a `feature` line; a value may be quoted.
fn features(line: &str) -> Vec<(String, String)> {
    let mut pairs = Vec::new();
    let mut rest = line.strip_prefix("feature").unwrap_or("").trim_start();
    while let Some((name, after)) = rest.split_once('=') {
        let (value, after) = match after.strip_prefix('"') {
            Some(quoted) => {
                let end = quoted.find('"').expect("a closing quote");
                (&quoted[..end], &quoted[end + 1..])
            }
            None => after.split_once(' ').unwrap_or((after, "")),
        };
        pairs.push((name.trim().to_string(), value.to_string()));
        rest = after.trim_start();
    }
    pairs
}

/// Nodes of a new UCI game's search of the start position to `depth`.
fn uci_search(engine: &mut Engine, depth: u32) -> u64 {
    engine.send("ucinewgame");
    engine.send("position startpos");
    engine.send(&format!("go depth {depth}"));
    uci_nodes(engine)
}

/// The lines sent before `readyok`, after `isready`.
fn uci_sync(engine: &mut Engine) -> Vec<String> {
    engine.send("isready");
    engine.until_exact("readyok")
}

/// Whether `name` is one of the laboratory's switches, or its preset; its
/// `threads` is the player's `Threads` (xboard: `cores`), not counted.
fn is_lab_switch(name: &str) -> bool {
    !name.eq_ignore_ascii_case(THREADS_OPTION)
        && (name.eq_ignore_ascii_case("preset")
            || OPTIONS
                .iter()
                .any(|option| option.name.eq_ignore_ascii_case(name)))
}

#[test]
fn uci_announces_a_few_options_that_a_gui_reads_back() {
    let mut engine = Engine::start(&["--uci"]);
    let lines = announced_uci_options(&mut engine);
    assert!(
        lines.len() <= MOST_OPTIONS,
        "{} options:\n{}",
        lines.len(),
        lines.join("\n")
    );
    assert!(
        lines.contains(&"option name Lab type string default <empty>".to_string()),
        "{lines:?}"
    );
    let options: Vec<UciOption> = lines
        .iter()
        .map(|line| parse_uci_option(line).unwrap_or_else(|error| panic!("{line}: {error}")))
        .collect();
    for name in PLAYER_OPTIONS {
        assert!(
            options.iter().any(|option| option.name == name),
            "{name} not offered: {lines:?}"
        );
    }
    for option in &options {
        assert!(!is_lab_switch(&option.name), "{} announced", option.name);
    }
    // Setting each option to the default it announced is accepted.
    for option in &options {
        match &option.default {
            Some(default) => {
                engine.send(&format!("setoption name {} value {default}", option.name))
            }
            None => engine.send(&format!("setoption name {}", option.name)),
        }
    }
    assert_eq!(uci_sync(&mut engine), Vec::<String>::new());
    engine.assert_no_errors();
    // And the default `Lab` searches as the default settings do.
    assert_eq!(uci_search(&mut engine, 3), library_nodes("", 3));
    engine.send("quit");
}

#[test]
fn the_option_parser_catches_keywords_as_values() {
    // What umax announced before: python-chess read `default default` wrong.
    for line in [
        "option name preset type combo default default var default var micromax",
        "option name Lab type string default",
        "option name X type combo default on var on var off var",
        "option name Hash min type spin default 1 min 1 max 2",
        "option name Hash type spin default 3 min 1 max 2",
    ] {
        assert!(parse_uci_option(line).is_err(), "{line}");
    }
    let option = parse_uci_option("option name Clear Hash type button").unwrap();
    assert_eq!(
        (option.name.as_str(), option.kind.as_str()),
        ("Clear Hash", "button")
    );
}

#[test]
fn xboard_announces_a_few_options_that_a_gui_reads_back() {
    let mut engine = Engine::start(&["--xboard"]);
    let lines = xboard_feature_lines(&mut engine);
    let pairs: Vec<(String, String)> = lines.iter().flat_map(|line| features(line)).collect();
    let options: Vec<&str> = pairs
        .iter()
        .filter(|(name, _)| name == "option")
        .map(|(_, value)| value.as_str())
        .collect();
    // `memory` and `smp` are xboard's Hash and Threads: options a GUI shows.
    let equivalents = pairs
        .iter()
        .filter(|(name, value)| ["memory", "smp"].contains(&name.as_str()) && value == "1")
        .count();
    assert_eq!(equivalents, 2, "{lines:?}");
    assert!(
        options.len() + equivalents <= MOST_OPTIONS,
        "{} options: {options:?}",
        options.len() + equivalents
    );
    assert!(
        lines.contains(&"feature option=\"Lab -string \"".to_string()),
        "{lines:?}"
    );
    for option in &options {
        let words: Vec<&str> = option.split_whitespace().collect();
        let (name, kind, values) = (words[0], words[1], &words[2..]);
        assert!(!is_lab_switch(name), "{name} announced");
        // Set each option to the default it announced.
        let default = match kind {
            "-check" => {
                assert!(matches!(values, ["0" | "1"]), "{option}");
                values[0].to_string()
            }
            "-spin" => {
                let numbers: Vec<i64> = values.iter().map(|word| word.parse().unwrap()).collect();
                assert!(
                    matches!(numbers[..], [default, min, max] if min <= default && default <= max),
                    "{option}"
                );
                values[0].to_string()
            }
            "-string" => values.join(" "),
            _ => panic!("unexpected option type: {option}"),
        };
        engine.send(&format!("option {name}={default}"));
    }
    engine.send("ping 1");
    assert_eq!(engine.until_exact("pong 1"), Vec::<String>::new());
    engine.assert_no_errors();
    assert_eq!(xboard_search(&mut engine, 3), library_nodes("", 3));
    engine.send("quit");
}

/// The recorded python-chess session, replayed: the engine waits as
/// python-chess does (for `uciok`, `readyok`, `bestmove`), and the search it
/// asked for must be that of the spec it configured, not the default's (a
/// `Lab` ignored, or cut at its comma or at its `=`, searches other trees).
#[test]
fn python_chess_configures_lab() {
    let commands: Vec<&str> = PYTHON_CHESS_TRANSCRIPT
        .lines()
        .filter(|line| !line.starts_with('#') && !line.trim().is_empty())
        .collect();
    assert!(
        commands.contains(&format!("setoption name Lab value {PYTHON_CHESS_SPEC}").as_str()),
        "{commands:?}"
    );
    let mut engine = Engine::start(&[]);
    let mut searches = Vec::new();
    for command in commands {
        engine.send(command);
        match command.split_whitespace().collect::<Vec<_>>()[..] {
            ["uci"] => {
                engine.until_exact("uciok");
            }
            ["isready"] => {
                engine.until_exact("readyok");
            }
            ["go", "depth", depth] => {
                searches.push((depth.parse::<u32>().unwrap(), uci_nodes(&mut engine)));
            }
            _ => {}
        }
    }
    assert!(engine.wait_exit(common::TIMEOUT).success());
    engine.assert_no_errors();
    let [(depth, nodes)] = searches[..] else {
        panic!("one search expected: {searches:?}");
    };
    assert_eq!(nodes, library_nodes(PYTHON_CHESS_SPEC, depth));
    // Each switch of the spec changes this search: all of it was applied.
    for other in ["", "null=off", "lmr=off"] {
        assert_ne!(nodes, library_nodes(other, depth), "as with '{other}'");
    }
}

/// cutechess-cli and fastchess take `option.Lab=null=off,lmr=off`: both cut
/// the argument at its first `=` and send `setoption name Lab value` and the
/// rest, whole. Specs with a preset or spaces (as `--set` takes them) too.
#[test]
fn tournament_managers_set_lab_with_equals_signs_and_commas() {
    let mut engine = Engine::start(&["--uci"]);
    announced_uci_options(&mut engine);
    for argument in [
        "option.Lab=null=off,lmr=off",
        "option.Lab=preset=calibrated,null=off",
        "option.Lab=calibrated,lmr=off",
        "option.Lab=lmr=off hash_table=off",
    ] {
        let (key, value) = argument.split_once('=').unwrap();
        let name = key.strip_prefix("option.").unwrap();
        engine.send(&format!("setoption name {name} value {value}"));
        assert_eq!(uci_sync(&mut engine), Vec::<String>::new(), "{argument}");
        let nodes = uci_search(&mut engine, 3);
        assert_eq!(nodes, library_nodes(value, 3), "{argument}");
        assert_ne!(nodes, library_nodes("", 3), "{argument}");
    }
    // An empty value, as a GUI sends the default back, is the default.
    engine.send("setoption name Lab value <empty>");
    assert_eq!(uci_search(&mut engine, 3), library_nodes("", 3));
    engine.assert_no_errors();
    engine.send("quit");
}

/// A bad spec is one clear error line and changes nothing: the spec set before
/// stays, whole (none of the bad spec's good part is applied).
#[test]
fn a_bad_lab_is_one_error_and_changes_nothing() {
    let mut engine = Engine::start(&["--uci"]);
    announced_uci_options(&mut engine);
    engine.send(&format!("setoption name Lab value {PYTHON_CHESS_SPEC}"));
    engine.send("setoption name Lab value lmr=on,nul=off");
    let errors = uci_sync(&mut engine);
    assert!(
        matches!(&errors[..], [error] if error.starts_with("info string Lab not set: unknown option 'nul'")),
        "{errors:?}"
    );
    assert_eq!(
        uci_search(&mut engine, 3),
        library_nodes(PYTHON_CHESS_SPEC, 3)
    );
    engine.send("setoption name Lab value threads=2");
    let errors = uci_sync(&mut engine);
    assert!(
        matches!(&errors[..], [error] if error.contains("threads is not set in Lab")),
        "{errors:?}"
    );
    engine.send("quit");

    let mut engine = Engine::start(&["--xboard"]);
    xboard_feature_lines(&mut engine);
    engine.send(&format!("option Lab={PYTHON_CHESS_SPEC}"));
    engine.send("option Lab=lmr=on,null=sometimes");
    engine.send("ping 2");
    let errors = engine.until_exact("pong 2");
    assert_eq!(
        errors,
        ["Error (null is one of off, on, not 'sometimes'): option Lab=lmr=on,null=sometimes"]
    );
    assert_eq!(
        xboard_search(&mut engine, 3),
        library_nodes(PYTHON_CHESS_SPEC, 3)
    );
    engine.send("quit");
}

/// The switches keep working by their own names, unannounced (`setoption
/// name null value off`, `option null=off`), as before `Lab`.
#[test]
fn switches_by_their_own_names_still_work() {
    let mut engine = Engine::start(&["--uci"]);
    announced_uci_options(&mut engine);
    engine.send("setoption name null value off");
    engine.send("setoption name lmr value off");
    assert_eq!(
        uci_search(&mut engine, 3),
        library_nodes("null=off,lmr=off", 3)
    );
    engine.assert_no_errors();
    engine.send("quit");

    let mut engine = Engine::start(&["--xboard"]);
    xboard_feature_lines(&mut engine);
    engine.send("option lmr=off");
    assert_eq!(xboard_search(&mut engine, 3), library_nodes("lmr=off", 3));
    engine.assert_no_errors();
    engine.send("quit");
}
