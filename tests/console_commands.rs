//! Transcript tests of the console's commands for ending a game (`resign`,
//! `draw` as a claim and as an offer), what its PGN records (`TimeControl`,
//! umax's strength), usage lines for commands typed without their argument,
//! and the columns of `set` and `umax options`.

mod common;

use std::time::Duration;

use common::{Engine, START, fen, start_console, stdout, umax};

/// Save the game to a fresh temporary file and return the PGN written.
fn saved_pgn(engine: &mut Engine, name: &str) -> String {
    let path = std::env::temp_dir().join(format!("umax-{name}-{}.pgn", std::process::id()));
    let _ = std::fs::remove_file(&path);
    engine.send(&format!("pgn {}", path.display()));
    engine.until_exact(&format!("Saved the game to {}.", path.display()));
    let pgn = std::fs::read_to_string(&path).expect("the PGN file was written");
    let _ = std::fs::remove_file(&path);
    pgn
}

/// The value of the PGN tag `name`, if the game has it.
fn tag<'a>(pgn: &'a str, name: &str) -> Option<&'a str> {
    pgn.lines()
        .find_map(|line| line.strip_prefix(&format!("[{name} \"")))
        .and_then(|rest| rest.strip_suffix("\"]"))
}

#[test]
fn resign_ends_the_game_for_the_players_side() {
    let mut engine = start_console();
    engine.send("e4");
    engine.until("umax's move", |line| line.starts_with("umax plays 1... "));
    engine.send("resign");
    engine.until_exact("Resignation: 0-1 {White resigns}");
    // Every line after it is answered, and the answers agree: no undo.
    let over = "Error: the game is over (White resigns); type 'new' for a new game.";
    engine.send("d4");
    let (before, after_resigning) = fen(&mut engine);
    assert_eq!(before, [over]);
    engine.send("undo");
    engine.until_exact(
        "Nothing to undo: the game is over (White resigns); type 'new' for a new game.",
    );
    engine.send("resign");
    engine.until_exact(over);
    engine.send("draw");
    engine.until_exact(over);
    assert_eq!(fen(&mut engine).1, after_resigning);
    let pgn = saved_pgn(&mut engine, "resign");
    assert_eq!(tag(&pgn, "Result"), Some("0-1"), "{pgn}");
    assert_eq!(tag(&pgn, "Termination"), Some("normal"), "{pgn}");
    assert!(pgn.trim_end().ends_with(" 0-1"), "{pgn}");

    // Playing Black, the player's resignation is Black's; moving for both
    // sides, the side to move resigns; watching umax play itself, none.
    engine.send("new");
    engine.send("play white");
    engine.until("umax's move", |line| line.starts_with("umax plays 1. "));
    engine.send("resign");
    engine.until_exact("Resignation: 1-0 {Black resigns}");
    engine.send("new");
    engine.send("play none");
    engine.send("resign");
    engine.until_exact("Resignation: 0-1 {White resigns}");
    // A new game forgets the resignation.
    engine.send("new");
    engine.send("e4");
    engine.until("umax's move", |line| line.starts_with("umax plays 1... "));
}

#[test]
fn a_draw_claim_holds_only_by_the_rules() {
    let mut engine = start_console();
    engine.send("draw claim");
    engine.until_exact(
        "No draw to claim: this position has occurred 1 time (a claim needs 3) and 0 half-moves \
         have passed without a capture or pawn move (it needs 100).",
    );
    engine.send("play none");
    for text in ["Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1"] {
        engine.send(text);
    }
    engine.send("draw claim");
    engine.until_exact(
        "No draw to claim: this position has occurred 2 times (a claim needs 3) and 7 half-moves \
         have passed without a capture or pawn move (it needs 100).",
    );
    engine.send("Ng8");
    engine.until_exact("Threefold repetition: 1/2-1/2 {Draw by repetition}");
    engine.send("draw");
    engine.until_exact("Your claim holds: 1/2-1/2 {Draw by repetition}");
    engine.send("draw claim");
    engine.until_exact("Your claim holds: 1/2-1/2 {Draw by repetition}");
    // A claim changes nothing but the words: the game ended by itself.
    assert_eq!(fen(&mut engine).1, START.replace(" 0 1", " 8 5"));

    // The fifty-move rule, from a position set up with its clock at 100.
    engine.send("fen 4k3/8/8/8/8/8/8/R3K3 w - - 100 80");
    engine.until_exact("Fifty-move rule: 1/2-1/2 {Draw by fifty-move rule}");
    engine.send("draw");
    engine.until_exact("Your claim holds: 1/2-1/2 {Draw by fifty-move rule}");
    // On a game over otherwise there is nothing to claim.
    engine.send("fen 7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
    engine.until_exact("Stalemate: 1/2-1/2 {Stalemate}");
    engine.send("draw claim");
    engine.until_exact("Error: the game is over (Stalemate); type 'new' or 'undo'.");
    engine.send("draw please");
    engine.until_exact("Error: draw needs nothing, 'claim' or 'offer', not 'please'");
}

#[test]
fn umax_accepts_a_draw_offer_only_when_losing_or_when_no_one_can_win() {
    let mut engine = start_console();
    // Level: declined, and the game goes on.
    engine.send("draw");
    let (_, declined) = engine.until("an answer", |line| line.starts_with("umax declines"));
    assert!(
        declined.starts_with("umax declines the draw: it scores its position ")
            && declined.ends_with(
                " for itself (it accepts at -2.00 or worse, or when no one can win). Play on."
            ),
        "{declined}"
    );
    let (before, same) = fen(&mut engine);
    assert!(before.is_empty(), "{before:?}");
    assert_eq!(same, START);
    engine.send("e4");
    engine.until("umax's move", |line| line.starts_with("umax plays 1... "));

    // A queen down (umax plays Black): accepted.
    engine.send("fen 4k3/8/8/8/8/8/8/3QK3 w - - 0 1");
    engine.send("draw offer");
    let (_, accepted) = engine.until("an answer", |line| line.starts_with("umax accepts"));
    assert!(
        accepted.starts_with("umax accepts the draw: it scores its position -")
            || accepted.starts_with("umax accepts the draw: it sees itself mated in "),
        "{accepted}"
    );
    engine.until_exact("Draw agreed: 1/2-1/2 {Draw by agreement}");
    engine.send("Qd7+");
    engine.until_exact("Error: the game is over (Draw by agreement); type 'new' for a new game.");
    let pgn = saved_pgn(&mut engine, "draw");
    assert_eq!(tag(&pgn, "Result"), Some("1/2-1/2"), "{pgn}");
    assert!(pgn.trim_end().ends_with("1/2-1/2"), "{pgn}");

    // Rook against rook, no pawns: no one can win.
    engine.send("fen 4k3/r7/8/8/8/8/7R/4K3 w - - 0 1");
    engine.send("draw");
    engine.until_exact("umax accepts the draw: no one can win this.");
    engine.until_exact("Draw agreed: 1/2-1/2 {Draw by agreement}");

    // Nobody to offer it to.
    engine.send("fen 4k3/8/8/8/8/8/8/3QK3 w - - 0 1");
    engine.send("play none");
    engine.send("draw offer");
    engine.until_exact(
        "Error: umax plays neither side; you move for both. There is no one to offer a draw to.",
    );
}

#[test]
fn the_pgn_records_the_time_control_and_umaxs_strength() {
    let mut engine = start_console();
    let pgn = saved_pgn(&mut engine, "untimed");
    assert_eq!(tag(&pgn, "TimeControl"), Some("-"), "{pgn}");
    assert_eq!(
        tag(&pgn, "UmaxStrength"),
        Some("full strength; 0.2 s per move"),
        "{pgn}"
    );
    assert_eq!(tag(&pgn, "WhiteElo"), None, "{pgn}");
    assert_eq!(tag(&pgn, "BlackElo"), None, "{pgn}");

    engine.send("elo 1400");
    engine.until("the setting", |line| line.contains("about 1400 Elo"));
    engine.send("level 40 0:20 0");
    engine.until("the clock", |line| line.starts_with("Clock for both sides"));
    engine.send("play white");
    engine.until("umax's move", |line| line.starts_with("umax plays 1. "));
    let pgn = saved_pgn(&mut engine, "limited");
    assert_eq!(tag(&pgn, "TimeControl"), Some("40/20"), "{pgn}");
    assert_eq!(tag(&pgn, "WhiteElo"), Some("1400"), "{pgn}");
    assert_eq!(tag(&pgn, "BlackElo"), None, "{pgn}");
    assert_eq!(tag(&pgn, "UmaxStrength"), Some("about 1400 Elo"), "{pgn}");
    // The Seven Tag Roster first, then the others in ASCII order.
    let names: Vec<&str> = pgn
        .lines()
        .filter_map(|line| line.strip_prefix('['))
        .filter_map(|line| line.split(' ').next())
        .collect();
    assert_eq!(
        names,
        [
            "Event",
            "Site",
            "Date",
            "Round",
            "White",
            "Black",
            "Result",
            "TimeControl",
            "UmaxStrength",
            "WhiteElo"
        ],
        "{pgn}"
    );

    // At full strength from the next move on: both settings are told, and
    // White's moves no longer have one Elo.
    engine.send("elo off");
    engine.until_exact("umax plays at full strength.");
    engine.send("level 0 1 2");
    engine.until_exact("Clock for both sides: all moves in 1:00.0, 2 s increment.");
    // d5 is legal after any first move.
    engine.send("d5");
    engine.until("umax's move", |line| line.starts_with("umax plays 2. "));
    let pgn = saved_pgn(&mut engine, "both");
    assert_eq!(tag(&pgn, "TimeControl"), Some("60+2"), "{pgn}");
    assert_eq!(tag(&pgn, "WhiteElo"), None, "{pgn}");
    assert_eq!(
        tag(&pgn, "UmaxStrength"),
        Some("about 1400 Elo, then full strength"),
        "{pgn}"
    );
}

#[test]
fn commands_typed_without_their_argument_say_how_to_use_them() {
    let mut engine = start_console();
    for (command, usage) in [
        (
            "level",
            "Usage: level MPS BASE INC: MPS moves (0 = all) in BASE minutes (5, 0.5 or 2:30), \
             INC seconds added per move; e.g. 'level 40 5 0' or 'level 0 2:30 1'.",
        ),
        (
            "st",
            "Usage: st SECONDS, e.g. 'st 5' or 'st 0.5': umax thinks this long per move.",
        ),
        (
            "SD",
            "Usage: sd DEPTH, e.g. 'sd 8': umax searches at most 8 plies ('sd 0': no limit).",
        ),
        (
            "perft",
            "Usage: perft DEPTH, e.g. 'perft 4': count the move tree to that depth.",
        ),
        (
            "play",
            "Usage: play white|black|both|none: the side umax plays ('none': you move both).",
        ),
        (
            "pgn",
            "Usage: pgn FILE, e.g. 'pgn game.pgn': save the game (added to an existing file).",
        ),
        (
            "setboard",
            "Usage: setboard FEN (or fen FEN): set up a position.",
        ),
    ] {
        engine.send(command);
        let (before, same) = fen(&mut engine);
        assert_eq!(before, [usage], "{command}");
        assert_eq!(same, START);
    }
    // Nothing changed: still 0.2 s a move, no clock.
    engine.send("time");
    engine
        .until_exact("No clock: umax thinks 0.2 s per move ('level' sets a clock for both sides).");
    // A wrong argument is still an error naming it.
    engine.send("level 40");
    let (_, error) = engine.until("an error", |line| line.starts_with("Error"));
    assert!(error.ends_with("not '40'"), "{error}");
}

/// Columns line up however long an option's name or values are
/// (`futility_ply_margin`, `check_extension`'s four values).
#[test]
fn option_lists_keep_their_columns() {
    let output = umax(&["options"]);
    assert!(output.status.success());
    let text = stdout(&output);
    let lines: Vec<&str> = text.lines().collect();
    assert!(lines.len() > 20, "{text}");
    assert!(
        lines
            .iter()
            .any(|line| line.starts_with("futility_ply_margin ")),
        "{text}"
    );
    let column = |line: &str| line.find(" default ");
    let first = column(lines[0]);
    assert!(first.is_some(), "{text}");
    for line in &lines {
        assert_eq!(column(line), first, "{line}\n{text}");
    }

    // The console's `set`: name, value, then the description, each in line.
    let mut engine = Engine::start(&["--ascii"]);
    engine.send("set");
    engine.until("the settings", |line| line.starts_with("Search settings: "));
    let rows = engine.lines_within(Duration::from_millis(500));
    assert!(rows.len() > 20, "{rows:?}");
    let description_column = |line: &str| {
        let words: Vec<&str> = line.split_whitespace().take(3).collect();
        let value_end = line.find(&format!(" {} ", words[1])).unwrap() + 1 + words[1].len();
        value_end + line[value_end..].find(words[2]).unwrap()
    };
    let first = description_column(&rows[0]);
    for row in &rows {
        assert!(row.starts_with("  "), "{row}");
        assert_eq!(description_column(row), first, "{row}\n{rows:?}");
    }
}
