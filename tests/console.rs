//! Transcript tests of the console: a person's session replayed through a pipe
//! (moves in SAN and coordinates, undo, mistakes, a checkmate, a PGN file),
//! checking the position with the `fen` command along the way.

mod common;

use std::time::Duration;

use common::{Engine, MATE_IN_ONE, START, play};
use umax::board::Board;
use umax::game::san;

/// Start the console (no flags, plain ASCII) and read the greeting and board.
fn start_console() -> Engine {
    let mut engine = Engine::start(&["--ascii"]);
    engine.send("st 0.2");
    engine.until_exact("Thinking 0.2 s per move.");
    engine
}

fn looks_like_fen(line: &str) -> bool {
    let fields: Vec<&str> = line.split(' ').collect();
    fields.len() == 6 && fields[0].matches('/').count() == 7
}

/// Ask for the FEN; returns the lines before it and the FEN.
fn fen(engine: &mut Engine) -> (Vec<String>, String) {
    engine.send("fen");
    engine.until("a FEN", looks_like_fen)
}

/// Play `text` and wait for the engine's answer; returns the answer line.
fn play_and_wait(engine: &mut Engine, text: &str) -> String {
    engine.send(text);
    let (_, line) = engine.until("umax's reply", |l| l.contains("umax plays"));
    line
}

#[test]
fn short_game_with_san_coordinates_and_undo() {
    let mut engine = start_console();
    let (_, fen0) = fen(&mut engine);
    assert_eq!(fen0, START);

    let reply = play_and_wait(&mut engine, "e4");
    assert!(reply.starts_with("umax plays "), "{reply}");
    let (_, fen1) = fen(&mut engine);
    let board1 = Board::from_fen(&fen1).unwrap();
    // The engine's move was legal: the position is the start after e4 and one
    // Black move.
    let after_e4 = play(START, &["e2e4"]);
    assert!(
        after_e4.legal_moves().iter().any(|&mv| {
            let mut board = after_e4.clone();
            board.make_move(mv);
            board.to_fen() == fen1
        }),
        "{fen1} does not follow 1.e4\n{}",
        engine.transcript()
    );

    // A move in SAN, chosen among the legal ones (Nf3 if possible).
    let moves = board1.legal_moves();
    let knight = moves
        .iter()
        .map(|&mv| san(&board1, mv))
        .find(|text| text == "Nf3")
        .unwrap_or_else(|| san(&board1, moves[0]));
    play_and_wait(&mut engine, &knight);
    let (_, fen2) = fen(&mut engine);
    assert_eq!(Board::from_fen(&fen2).unwrap().fullmove_number(), 3);

    // A move in coordinates; then undo takes back it and the reply.
    let board2 = Board::from_fen(&fen2).unwrap();
    let coordinate = board2.legal_moves()[0].to_string();
    play_and_wait(&mut engine, &coordinate);
    let (_, fen3) = fen(&mut engine);
    assert_ne!(fen3, fen2);
    engine.send("undo");
    engine.until_exact("Took back 2 half-moves.");
    let (_, after_undo) = fen(&mut engine);
    assert_eq!(after_undo, fen2);
    engine.assert_no_errors();

    // A second undo goes back another full move.
    engine.send("undo");
    engine.until_exact("Took back 2 half-moves.");
    assert_eq!(fen(&mut engine).1, fen1);
}

#[test]
fn mistakes_get_one_line_and_change_nothing() {
    let mut engine = start_console();
    // An illegal move.
    engine.send("e2e5");
    let (before, same) = fen(&mut engine);
    assert_eq!(same, START);
    assert_eq!(before.len(), 1, "{before:?}");
    assert!(before[0].starts_with("Illegal move: e2e5"), "{before:?}");
    // Illegal SAN.
    engine.send("Ke2");
    let (before, same) = fen(&mut engine);
    assert_eq!(same, START);
    assert_eq!(before.len(), 1, "{before:?}");
    assert!(before[0].starts_with("Illegal move: Ke2"), "{before:?}");
    // An unknown command.
    engine.send("frobnicate");
    let (before, _) = fen(&mut engine);
    assert_eq!(before.len(), 1, "{before:?}");
    assert!(
        before[0].starts_with("Unknown command: frobnicate"),
        "{before:?}"
    );
    // A bad FEN.
    engine.send("fen 8/8/8/8 w - - 0 1");
    let (before, same) = fen(&mut engine);
    assert_eq!(same, START);
    assert_eq!(before.len(), 1, "{before:?}");
    assert!(before[0].starts_with("Bad FEN: "), "{before:?}");
    engine.send("fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 extra");
    let (before, same) = fen(&mut engine);
    assert_eq!(same, START);
    assert!(
        before.len() == 1 && before[0].starts_with("Bad FEN: "),
        "{before:?}"
    );
    // Bad arguments.
    for line in ["st fast", "sd deep", "level 40", "perft many", "play chess"] {
        engine.send(line);
        let (before, _) = fen(&mut engine);
        assert!(
            before.len() == 1 && before[0].starts_with("Error"),
            "{line}: {before:?}"
        );
    }
    // Garbage bytes.
    engine.send_bytes(b"\xff\xfe\x80garbage\x00\n");
    let (before, same) = fen(&mut engine);
    assert_eq!(same, START);
    assert_eq!(before.len(), 1, "{before:?}");
    assert!(before[0].starts_with("Unknown command: "), "{before:?}");
    engine.send_bytes(b"e2\xffe4\n");
    let (before, same) = fen(&mut engine);
    assert_eq!(same, START);
    assert_eq!(before.len(), 1, "{before:?}");
    // Blank lines say nothing.
    engine.send("");
    engine.send("   ");
    let (before, _) = fen(&mut engine);
    assert!(before.is_empty(), "{before:?}");
}

#[test]
fn help_lists_the_commands() {
    let mut engine = start_console();
    engine.send("help");
    let (before, _) = fen(&mut engine);
    let text = before.join("\n");
    for command in [
        "new", "undo", "go", "st ", "sd ", "level", "hint", "fen", "pgn", "perft", "help", "quit",
    ] {
        assert!(
            text.contains(command),
            "help does not mention {command}:\n{text}"
        );
    }
}

#[test]
fn pgn_file_holds_the_moves() {
    let mut engine = start_console();
    let reply = play_and_wait(&mut engine, "d4");
    let black = reply.trim_start_matches("umax plays ").to_string();
    let path = std::env::temp_dir().join(format!("umax-console-test-{}.pgn", std::process::id()));
    let path_text = path.to_str().unwrap().to_string();
    engine.send(&format!("pgn {path_text}"));
    engine.until_exact(&format!("Saved the game to {path_text}."));
    let pgn = std::fs::read_to_string(&path).expect("the PGN file was written");
    let _ = std::fs::remove_file(&path);
    assert!(pgn.contains("[White \"Human\"]"), "{pgn}");
    assert!(pgn.contains("[Black \"umax\"]"), "{pgn}");
    assert!(pgn.contains(&format!("1. d4 {black}")), "{pgn}");

    engine.send("pgn /nonexistent-dir/x.pgn");
    let (before, _) = fen(&mut engine);
    assert!(
        before.len() == 1 && before[0].starts_with("Error"),
        "{before:?}"
    );
}

#[test]
fn checkmate_is_announced() {
    let mut engine = start_console();
    engine.send(&format!("fen {MATE_IN_ONE}"));
    engine.send("go");
    let (_, reply) = engine.until("umax's move", |l| l.contains("umax plays"));
    assert_eq!(reply, "umax plays Qxf7#");
    let (_, over) = engine.until("the result", |l| l.contains("Checkmate"));
    assert!(over.contains("1-0"), "{over}");
    // No more moves: a move gets an explanation, and undo works.
    engine.send("e4");
    let (before, _) = fen(&mut engine);
    assert_eq!(before.len(), 1, "{before:?}");
    engine.send("undo");
    engine.until_exact("Took back 1 half-move.");
    assert_eq!(fen(&mut engine).1, MATE_IN_ONE);

    // The user mates.
    engine.send("Qxf7#");
    let (_, over) = engine.until("the result", |l| l.contains("Checkmate"));
    assert!(over.contains("1-0"), "{over}");
    // An unknown command after the game is still called unknown.
    engine.send("frobnicate");
    let (before, _) = fen(&mut engine);
    assert!(
        before.len() == 1 && before[0].starts_with("Unknown command: frobnicate"),
        "{before:?}"
    );
}

#[test]
fn end_of_input_exits_cleanly() {
    let mut engine = Engine::start(&["--ascii"]);
    engine.send("fen");
    engine.until("a FEN", looks_like_fen);
    engine.close_stdin();
    let status = engine.wait_exit(Duration::from_secs(2));
    assert!(status.success(), "exit status {status}");

    // Also with nothing at all on standard input.
    let mut engine = Engine::start(&[]);
    engine.close_stdin();
    assert!(engine.wait_exit(Duration::from_secs(2)).success());

    // And in the middle of a long think.
    let mut engine = start_console();
    engine.send("st 30");
    engine.send("go");
    std::thread::sleep(Duration::from_millis(300));
    engine.close_stdin();
    assert!(engine.wait_exit(Duration::from_secs(3)).success());
}

/// Garbage as the very first line does not pick a protocol: the console
/// answers it and goes on.
#[test]
fn garbage_first_line_starts_the_console() {
    let mut engine = Engine::start(&["--ascii"]);
    engine.send_bytes(b"\xff\xfe\x80\n");
    let (_, line) = engine.until("an answer", |l| l.starts_with("Unknown command: "));
    assert!(line.contains('\u{fffd}'), "{line}");
    let (before, fen) = fen(&mut engine);
    assert!(before.is_empty(), "{before:?}");
    assert_eq!(fen, START);
}

/// Lines typed while the engine thinks are handled in order after its move,
/// even when `quit` follows them.
#[test]
fn lines_typed_during_a_think_are_not_lost_to_quit() {
    let mut engine = start_console();
    engine.send("st 30");
    engine.send("go");
    std::thread::sleep(Duration::from_millis(200));
    engine.send("fen");
    engine.send("quit");
    let (_, reply) = engine.until("umax's move", |l| l.contains("umax plays"));
    assert!(reply.starts_with("umax plays "), "{reply}");
    let (_, after) = engine.until("a FEN", looks_like_fen);
    assert_ne!(after, START);
    assert!(engine.wait_exit(Duration::from_secs(2)).success());
}

#[test]
fn quit_leaves() {
    let mut engine = start_console();
    engine.send("quit");
    assert!(engine.wait_exit(Duration::from_secs(2)).success());
}
