//! Transcript tests of the console: a person's session replayed through a pipe
//! (moves in SAN and coordinates, undo, mistakes, a checkmate, a PGN file),
//! checking the position with the `fen` command along the way.

mod common;

use std::time::{Duration, Instant};

use common::{
    Engine, MATE_IN_ONE, MATED, STALEMATE, START, fen, looks_like_fen, play, start_console,
    start_console_with,
};
use umax::board::Board;
use umax::game::san;

/// Start the console reading its pipe as typed at a terminal (`--interactive`):
/// `stop` interrupts a think, a line stops `auto`, end of input stops at once.
fn start_interactive_console() -> Engine {
    start_console_with(&["--interactive"])
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
    for line in [
        "st fast",
        "sd deep",
        "sd 96",
        "sd -1",
        "level 40",
        "perft many",
        "perft 11",
        "play chess",
        "random maybe",
    ] {
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
        "new",
        "undo",
        "go",
        "st ",
        "sd ",
        "level",
        "hint",
        "fen",
        "pgn",
        "perft",
        "help",
        "quit",
        "moves",
        "history",
        "play both",
        "auto",
        "post",
        "nopost",
        "time",
        "default 3 s",
        "?, stop, move",
        "resign",
        "draw claim",
        "draw offer",
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
    let black = reply.trim_start_matches("umax plays 1... ").to_string();
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
    assert_eq!(reply, "umax plays 4. Qxf7#");
    let (_, over) = engine.until("the result", |l| l.contains("Checkmate"));
    assert!(over.contains("1-0"), "{over}");
    // No more moves: a move gets an explanation, and undo works.
    engine.send("e4");
    let (before, _) = fen(&mut engine);
    assert_eq!(before.len(), 1, "{before:?}");
    engine.send("undo");
    engine.until_exact("Took back 1 half-move.");
    assert_eq!(fen(&mut engine).1, MATE_IN_ONE);

    // It is umax's move again (it plays White): the player's move is refused
    // until the player takes White.
    engine.send("Qxf7#");
    let (before, same) = fen(&mut engine);
    assert_eq!(same, MATE_IN_ONE);
    assert!(
        before.len() == 1 && before[0].starts_with("Error: it is umax's move (White)"),
        "{before:?}"
    );
    engine.send("play black");
    engine.until_exact("umax plays Black; you play White.");
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

    // And in the middle of a long think, when the input is read as typed.
    let mut engine = start_interactive_console();
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
    let mut engine = start_interactive_console();
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

// ---------------------------------------------------------------------------
// Whose move and what happened
// ---------------------------------------------------------------------------

/// The line under the board that says whose move it is.
fn is_status_line(line: &str) -> bool {
    line.starts_with("   ")
        && (line.contains(" to move")
            || line.ends_with(" is checkmated")
            || line.ends_with(" is stalemated"))
}

/// Read up to and including the next board; returns the board's lines (the
/// file letters first, the status line last) and the lines before it.
fn next_board(engine: &mut Engine) -> (Vec<String>, Vec<String>) {
    let (before, letters) = engine.until("a board", |l| {
        let l = l.trim_start();
        l.starts_with("a b c") || l.starts_with("h g f")
    });
    let mut board = vec![letters];
    let (rows, status) = engine.until("the side to move", is_status_line);
    board.extend(rows);
    board.push(status);
    (before, board)
}

#[test]
fn every_move_shows_its_number_the_board_and_the_side_to_move() {
    let mut engine = start_console();
    engine.send("e4");
    // The player's move, umax's thinking and reply, then one board for both.
    let (before, board) = next_board(&mut engine);
    assert_eq!(before[0], "You play 1. e4", "{}", engine.transcript());
    let reply = before.last().unwrap();
    assert!(
        reply.starts_with("umax plays 1... "),
        "{}",
        engine.transcript()
    );
    assert!(
        before[1..before.len() - 1]
            .iter()
            .all(|line| line.starts_with("depth ")),
        "{before:?}"
    );
    assert_eq!(board.last().unwrap(), "   White to move");
    assert!(
        board.contains(&" 4 | . . . . P . . . | 4".to_string()),
        "{board:?}"
    );
    // White's pieces at the bottom: the player plays White.
    assert_eq!(board[0].trim(), "a b c d e f g h");
    engine.assert_no_errors();
}

#[test]
fn the_board_turns_to_the_player_taking_black_and_flip_still_works() {
    let mut engine = start_console();
    engine.send("play white");
    engine.until_exact("umax plays White; you play Black.");
    let (before, board) = next_board(&mut engine);
    assert!(
        before.last().unwrap().starts_with("umax plays 1. "),
        "{}",
        engine.transcript()
    );
    assert_eq!(board[0].trim(), "h g f e d c b a");
    assert!(board[2].starts_with(" 1 |"), "{board:?}");
    assert_eq!(board.last().unwrap(), "   Black to move");
    engine.send("flip");
    let (_, board) = next_board(&mut engine);
    assert_eq!(board[0].trim(), "a b c d e f g h");
    engine.send("flip");
    let (_, board) = next_board(&mut engine);
    assert_eq!(board[0].trim(), "h g f e d c b a");
    // A new game: the player has White again, at the bottom (flip is kept off).
    engine.send("new");
    let (_, board) = next_board(&mut engine);
    assert_eq!(board[0].trim(), "a b c d e f g h");
}

#[test]
fn d_shows_the_fen_and_a_checkmated_side() {
    let mut engine = start_console();
    engine.send(&format!("fen {MATED}"));
    let (_, board) = next_board(&mut engine);
    assert_eq!(board.last().unwrap(), "   Black is checkmated");
    engine.until("the result", |l| l == "Checkmate: 1-0 {White mates}");
    engine.send("d");
    let (_, board) = next_board(&mut engine);
    assert_eq!(board.last().unwrap(), "   Black is checkmated");
    assert_eq!(engine.line(), format!("FEN: {MATED}"));
    engine.send(&format!("fen {STALEMATE}"));
    let (_, board) = next_board(&mut engine);
    assert_eq!(board.last().unwrap(), "   Black is stalemated");
}

#[test]
fn a_mating_move_shows_the_final_position_and_the_result() {
    let mut engine = start_console();
    engine.send(&format!("fen {MATE_IN_ONE}"));
    engine.send("play none");
    engine.until_exact("umax plays neither side; you move for both.");
    engine.send("qxf7");
    let (before, board) = next_board(&mut engine);
    assert_eq!(before.last().unwrap(), "You play 4. Qxf7#");
    assert_eq!(board.last().unwrap(), "   Black is checkmated");
    assert_eq!(engine.line(), "Checkmate: 1-0 {White mates}");
}

#[test]
fn moves_lists_the_game_with_move_numbers() {
    let mut engine = start_console();
    engine.send("moves");
    engine.until_exact("No moves yet.");
    engine.send("play none");
    for text in ["e4", "e5", "Nf3"] {
        engine.send(text);
    }
    engine.send("MOVES");
    engine.until_exact("1. e4 e5");
    assert_eq!(engine.line(), "2. Nf3");
    engine.send("history");
    engine.until_exact("1. e4 e5");
    // From a position with Black to move, the first move is numbered 1...
    engine.send(&format!("fen {MATE_IN_ONE}"));
    engine.send("Qxf7#");
    engine.send("moves");
    engine.until_exact("4. Qxf7#");
    assert_eq!(engine.line(), "1-0 {White mates}");
    engine.send("fen rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
    engine.send("e5");
    engine.send("moves");
    engine.until_exact("1... e5");
    engine.assert_no_errors();
}

// ---------------------------------------------------------------------------
// Input as people type it
// ---------------------------------------------------------------------------

#[test]
fn commands_in_any_case_and_moves_in_lower_case() {
    let mut engine = start_console();
    engine.send("PLAY None");
    engine.until_exact("umax plays neither side; you move for both.");
    engine.send("St 0.5");
    engine.until_exact("Thinking 0.5 s per move.");
    for (text, shown) in [
        ("E4", "You play 1. e4"),
        ("d5", "You play 1... d5"),
        ("exd", "You play 2. exd5"),
        ("nf6", "You play 2... Nf6"),
        ("bc4", "You play 3. Bc4"),
        ("nxd5", "You play 3... Nxd5"),
        ("nf3", "You play 4. Nf3"),
        ("e6", "You play 4... e6"),
        ("o-o", "You play 5. O-O"),
        ("be7", "You play 5... Be7"),
        ("rf1e1", "You play 6. Re1"),
    ] {
        engine.send(text);
        engine.until(shown, |l| l == shown);
    }
    let (_, fen) = fen(&mut engine);
    assert_eq!(
        fen,
        "rnbqk2r/ppp1bppp/4p3/3n4/2B5/5N2/PPPP1PPP/RNBQR1K1 b kq - 3 6"
    );
    engine.send("FEN");
    engine.until_exact(&fen);
    engine.assert_no_errors();
}

#[test]
fn a_wrong_move_is_called_a_wrong_move_with_the_reason() {
    let mut engine = start_console();
    for (text, answer) in [
        (
            "exd",
            "Illegal move: exd (no pawn on the e-file can capture on the d-file)",
        ),
        (
            "Nf9",
            "Illegal move: Nf9 (not a move: try SAN like Nf3 or coordinates like g1f3)",
        ),
        ("nd4", "Illegal move: nd4 (no knight can reach d4)"),
        (
            "o-o",
            "Illegal move: o-o (castling needs the right to castle, empty squares between king and rook, and a king not in, through or into check)",
        ),
        (
            "bc4",
            "Illegal move: bc4 (as a bishop move: no bishop can reach c4; as a b-pawn move: no pawn can reach c4)",
        ),
    ] {
        engine.send(text);
        let (before, same) = fen(&mut engine);
        assert_eq!(same, START);
        assert_eq!(before, [answer], "{text}");
    }
    // A promotion capture without its piece suggests the whole move.
    engine.send("fen 3r3k/4P3/8/8/8/8/8/4K3 w - - 0 1");
    engine.send("exd8");
    engine.until_exact("Illegal move: exd8 (say which piece to promote to, e.g. exd8=Q)");
}

#[test]
fn a_move_typed_on_umaxs_turn_is_refused() {
    let mut engine = start_console();
    let black_to_move = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1";
    engine.send(&format!("fen {black_to_move}"));
    engine.send("e5");
    let (before, same) = fen(&mut engine);
    assert_eq!(same, black_to_move);
    assert_eq!(
        before.last().unwrap(),
        "Error: it is umax's move (Black); type 'go' to let it move, or 'play none' to move for both sides."
    );
    // `go` lets it move; then it is the player's turn again.
    engine.send("go");
    engine.until("umax's move", |l| l.starts_with("umax plays 1... "));
    engine.send("d4");
    engine.until("the player's move", |l| l == "You play 2. d4");
}

// ---------------------------------------------------------------------------
// Play either side, or watch
// ---------------------------------------------------------------------------

#[test]
fn play_both_plays_to_the_end_of_the_game() {
    let mut engine = start_console();
    engine.send(&format!("fen {MATE_IN_ONE}"));
    engine.send("play both");
    engine.until_exact("umax plays both sides; type any line to stop it.");
    engine.until_exact("umax plays 4. Qxf7#");
    engine.until_exact("Checkmate: 1-0 {White mates}");
    let path = std::env::temp_dir().join(format!("umax-console-both-{}.pgn", std::process::id()));
    let _ = std::fs::remove_file(&path);
    engine.send(&format!("pgn {}", path.display()));
    engine.until_exact(&format!("Saved the game to {}.", path.display()));
    let pgn = std::fs::read_to_string(&path).unwrap();
    let _ = std::fs::remove_file(&path);
    assert!(pgn.contains("[White \"umax\"]\n[Black \"umax\"]"), "{pgn}");
}

#[test]
fn auto_plays_itself_until_a_line_is_typed() {
    let mut engine = start_interactive_console();
    engine.send("st 0.05");
    engine.send("auto");
    for number in 1..=3 {
        engine.until("White's move", |l| {
            l.starts_with(&format!("umax plays {number}. "))
        });
        engine.until("Black's move", |l| {
            l.starts_with(&format!("umax plays {number}... "))
        });
    }
    engine.send("fen");
    engine.until_exact("umax stops playing itself: it plays neither side now ('auto' goes on).");
    // The line typed is handled, and umax plays no more.
    let (_, fen) = engine.until("a FEN", looks_like_fen);
    let quiet = engine.lines_within(Duration::from_millis(500));
    assert!(
        quiet.iter().all(|l| !l.starts_with("umax plays")),
        "{quiet:?}"
    );
    let (_, same) = self::fen(&mut engine);
    assert_eq!(same, fen);
}

// ---------------------------------------------------------------------------
// Thinking you can follow
// ---------------------------------------------------------------------------

/// The score of a thinking line, in pawns from White's point of view.
fn white_score(line: &str) -> f64 {
    let text = line
        .split("score ")
        .nth(1)
        .and_then(|rest| rest.split("  ").next())
        .unwrap_or_else(|| panic!("no score in {line}"));
    text.parse()
        .unwrap_or_else(|_| panic!("bad score in {line}"))
}

#[test]
fn thinking_shows_each_iteration_from_whites_point_of_view() {
    let mut engine = start_console();
    engine.send("sd 3");
    // Black, to move, is a queen up: the score is negative for White.
    engine.send("fen 3qk3/8/8/8/8/8/8/4K3 b - - 0 1");
    engine.send("go");
    let (before, _) = engine.until("umax's move", |l| l.starts_with("umax plays"));
    let thinking: Vec<&String> = before.iter().filter(|l| l.starts_with("depth ")).collect();
    assert_eq!(thinking.len(), 3, "{before:?}");
    for (depth, line) in thinking.iter().enumerate() {
        assert!(
            line.starts_with(&format!("depth {}  score ", depth + 1)),
            "{line}"
        );
        assert!(line.contains("pv 1... "), "{line}");
        assert!(white_score(line) < -5.0, "{line}");
    }
    // Mates are named by who mates, in moves.
    engine.send(&format!("fen {MATE_IN_ONE}"));
    engine.send("go");
    let (before, _) = engine.until("umax's move", |l| l.starts_with("umax plays"));
    assert!(
        before
            .iter()
            .any(|l| l.contains("score White mates in 1") && l.contains("pv 4. Qxf7#")),
        "{before:?}"
    );
    engine.send("fen r5k1/8/8/8/8/8/5PPP/6K1 b - - 0 1");
    engine.send("go");
    let (before, _) = engine.until("umax's move", |l| l.starts_with("umax plays"));
    assert!(
        before.iter().any(|l| l.contains("score Black mates in 1")),
        "{before:?}"
    );
    // nopost hides the thinking, post shows it again.
    engine.send("nopost");
    engine.until_exact("Hiding umax's thinking.");
    engine.send("new");
    engine.send("e4");
    let (before, _) = engine.until("umax's move", |l| l.starts_with("umax plays"));
    assert!(
        before.iter().all(|l| !l.starts_with("depth ")),
        "{before:?}"
    );
    engine.send("post");
    engine.until_exact("Showing umax's thinking (scores from White's point of view).");
    engine.send("d4");
    let (before, _) = engine.until("umax's move", |l| l.starts_with("umax plays"));
    assert!(before.iter().any(|l| l.starts_with("depth ")), "{before:?}");
}

#[test]
fn stop_makes_umax_move_now() {
    let mut engine = start_interactive_console();
    engine.send("st 30");
    engine.send("e4");
    std::thread::sleep(Duration::from_millis(300));
    let asked = std::time::Instant::now();
    engine.send("STOP");
    engine.until("umax's move", |l| l.starts_with("umax plays 1... "));
    assert!(asked.elapsed() < Duration::from_secs(3));
    engine.send("?");
    engine.until_exact(umax::console::HELP.lines().next().unwrap());
}

// ---------------------------------------------------------------------------
// Clocks for both sides
// ---------------------------------------------------------------------------

/// The two clock readings of a `time` line, in seconds.
fn clocks(line: &str) -> (f64, f64) {
    let seconds = |side: &str| {
        let text = line
            .split(&format!("{side} "))
            .nth(1)
            .unwrap()
            .split(' ')
            .next()
            .unwrap();
        let (minutes, seconds) = text.split_once(':').unwrap();
        minutes.parse::<f64>().unwrap() * 60.0 + seconds.parse::<f64>().unwrap()
    };
    (seconds("White"), seconds("Black"))
}

#[test]
fn level_runs_both_clocks() {
    let mut engine = start_console();
    engine.send("time");
    engine
        .until_exact("No clock: umax thinks 0.2 s per move ('level' sets a clock for both sides).");
    engine.send("level 0 0:10 0");
    engine.until_exact("Clock for both sides: all moves in 0:10.0, 0 s increment.");
    engine.send("time");
    let (_, line) = engine.until("the clocks", |l| l.starts_with("White "));
    assert!(
        line.contains("(you, to move)") && line.contains("(umax)"),
        "{line}"
    );
    std::thread::sleep(Duration::from_millis(500));
    engine.send("e4");
    engine.until("umax's move", |l| l.starts_with("umax plays 1... "));
    // Under the board, both clocks.
    let (_, board) = next_board(&mut engine);
    assert_eq!(board.last().unwrap(), "   White to move");
    let under = engine.line();
    assert!(
        under.starts_with("   White 0:0") && under.contains("(you, to move)  Black 0:0"),
        "{under}"
    );
    engine.send("time");
    let (_, line) = engine.until("the clocks", |l| l.starts_with("White "));
    let (white, black) = clocks(&line);
    assert!(white < 9.6, "the player's clock ran: {line}");
    assert!(black < 10.0, "umax's clock ran: {line}");
    assert!(line.contains("(you, to move)"), "{line}");
}

#[test]
fn the_player_loses_on_time() {
    let mut engine = start_console();
    engine.send("level 0 0:01 0");
    engine.until("the clock", |l| l.starts_with("Clock for both sides"));
    std::thread::sleep(Duration::from_millis(1200));
    engine.send("e4");
    engine.until_exact("White's flag fell.");
    engine.until_exact("Time forfeit: 0-1 {White loses on time}");
    // The move typed as the flag fell is answered, like every line, and
    // what it says agrees with what `undo` says.
    let (before, same) = fen(&mut engine);
    assert_eq!(same, START);
    assert_eq!(before, [OVER_ON_TIME], "{}", engine.transcript());
    engine.send("undo");
    engine.until_exact(
        "Nothing to undo: the game is over (White loses on time); type 'new' for a new game.",
    );
    let path = std::env::temp_dir().join(format!("umax-console-flag-{}.pgn", std::process::id()));
    let _ = std::fs::remove_file(&path);
    engine.send(&format!("pgn {}", path.display()));
    engine.until("saved", |l| l.starts_with("Saved the game"));
    let pgn = std::fs::read_to_string(&path).unwrap();
    let _ = std::fs::remove_file(&path);
    assert!(
        pgn.contains("[Result \"0-1\"]\n[Termination \"time forfeit\"]"),
        "{pgn}"
    );
    assert!(pgn.ends_with("\n0-1\n"), "{pgn}");
    // Against a lone king the flag's fall is a draw.
    engine.send("fen 4k3/8/8/8/8/8/3P4/4K3 w - - 0 1");
    std::thread::sleep(Duration::from_millis(1200));
    engine.send("d4");
    engine.until_exact("White's flag fell.");
    engine.until_exact("Flag fall: 1/2-1/2 {White's flag fell, but Black cannot mate: a draw}");
    // A new game sets the clocks back.
    engine.send("new");
    engine.send("time");
    engine.until("the clocks", |l| {
        l.starts_with("White 0:01.0") || l.starts_with("White 0:00.9")
    });
}

/// The answer to a move once the player's flag has fallen.
const OVER_ON_TIME: &str =
    "Error: the game is over (White loses on time); type 'new' for a new game.";

/// The flag falls when the player's time is up, said at once: the console does
/// not wait for the next line typed. A move typed after it is refused.
#[test]
fn the_flag_fall_is_announced_when_it_happens() {
    let mut engine = start_console();
    engine.send("level 0 0:01 0");
    engine.until("the clock", |l| l.starts_with("Clock for both sides"));
    let set = Instant::now();
    let before = engine.until_exact("White's flag fell.");
    assert!(before.is_empty(), "{before:?}");
    assert!(
        set.elapsed() >= Duration::from_millis(900),
        "the flag fell early: {:?}",
        set.elapsed()
    );
    engine.until_exact("Time forfeit: 0-1 {White loses on time}");
    engine.send("e4");
    let (before, fen) = fen(&mut engine);
    assert_eq!(before, [OVER_ON_TIME]);
    assert_eq!(fen, START);
    // A clock with time left says nothing.
    engine.send("new");
    engine.until_exact("New game: you play White, umax plays Black.");
    engine.send("level 0 60 0");
    engine.until("the clock", |l| l.starts_with("Clock for both sides"));
    let quiet = engine.lines_within(Duration::from_millis(1000));
    assert!(quiet.iter().all(|l| !l.contains("flag")), "{quiet:?}");
}

// ---------------------------------------------------------------------------
// PGN
// ---------------------------------------------------------------------------

#[test]
fn pgn_names_the_players_and_appends_to_an_existing_file() {
    let mut engine = start_console();
    engine.send("play white");
    engine.until("umax's move", |l| l.starts_with("umax plays 1. "));
    let path = std::env::temp_dir().join(format!("umax-console-append-{}.pgn", std::process::id()));
    let _ = std::fs::remove_file(&path);
    let shown = path.display().to_string();
    engine.send(&format!("pgn {shown}"));
    engine.until_exact(&format!("Saved the game to {shown}."));
    engine.send(&format!("pgn {shown}"));
    engine.until_exact(&format!(
        "Added the game to the end of {shown} (the file already existed)."
    ));
    let pgn = std::fs::read_to_string(&path).unwrap();
    let _ = std::fs::remove_file(&path);
    assert_eq!(pgn.matches("[Event ").count(), 2, "{pgn}");
    assert!(pgn.contains("*\n\n[Event "), "{pgn}");
    assert!(pgn.contains("[White \"umax\"]\n[Black \"Human\"]"), "{pgn}");

    // `~` is the home directory.
    let Some(home) = std::env::var_os("HOME").filter(|h| !h.is_empty()) else {
        return;
    };
    let name = format!("umax-console-home-{}.pgn", std::process::id());
    let in_home = std::path::PathBuf::from(home).join(&name);
    let _ = std::fs::remove_file(&in_home);
    engine.send(&format!("pgn ~/{name}"));
    let (_, saved) = engine.until("saved", |l| {
        l.starts_with("Saved the game to ") || l.starts_with("Error")
    });
    let written = std::fs::read_to_string(&in_home);
    let _ = std::fs::remove_file(&in_home);
    if saved.starts_with("Error") {
        return; // a read-only home: nothing more to check
    }
    assert_eq!(saved, format!("Saved the game to {}.", in_home.display()));
    assert!(written.unwrap().contains("[White \"umax\"]"));
}

// ---------------------------------------------------------------------------
// Bad input contained
// ---------------------------------------------------------------------------

#[test]
fn perft_stops_on_stop_quit_and_end_of_input() {
    let mut engine = start_interactive_console();
    engine.send("perft 8");
    std::thread::sleep(Duration::from_millis(300));
    engine.send("stop");
    let (_, stopped) = engine.until("perft to stop", |l| l.starts_with("perft stopped"));
    assert!(
        stopped.starts_with("perft stopped after ") && stopped.contains(" of 20 root moves ("),
        "{stopped}"
    );
    let (_, same) = fen(&mut engine);
    assert_eq!(same, START);
    // A small perft still counts to the end.
    engine.send("perft 3");
    engine.until_exact("Nodes searched: 8902");

    let mut engine = start_interactive_console();
    engine.send("perft 8");
    std::thread::sleep(Duration::from_millis(300));
    engine.send("quit");
    assert!(engine.wait_exit(Duration::from_secs(3)).success());

    let mut engine = start_interactive_console();
    engine.send("perft 8");
    std::thread::sleep(Duration::from_millis(300));
    engine.close_stdin();
    assert!(engine.wait_exit(Duration::from_secs(3)).success());
}

#[test]
fn echoed_input_is_escaped_and_cut_short() {
    let mut engine = start_console();
    engine.send_bytes(b"\x1b[2J\x1b]0;owned\x07hello\n");
    let (before, _) = fen(&mut engine);
    assert_eq!(
        before,
        ["Unknown command: \\x1b[2J\\x1b]0;owned\\x07hello (type 'help' for the list)"]
    );
    engine.send_bytes(b"e2\x1be4\n");
    let (before, _) = fen(&mut engine);
    assert_eq!(before.len(), 1, "{before:?}");
    assert!(
        before[0].starts_with("Illegal move: e2\\x1be4 ("),
        "{before:?}"
    );
    engine.send(&"z".repeat(5000));
    let (before, _) = fen(&mut engine);
    assert_eq!(
        before,
        [format!(
            "Unknown command: {}... (type 'help' for the list)",
            "z".repeat(80)
        )]
    );
    engine.send(&format!("st {}", "9".repeat(300)));
    let (before, _) = fen(&mut engine);
    assert!(before.len() == 1 && before[0].len() < 200, "{before:?}");
    engine.send(&format!(
        "fen 8/8/8/8/8/8/8/K6k {} - - 0 1",
        "w".repeat(300)
    ));
    let (before, _) = fen(&mut engine);
    assert!(
        before.len() == 1 && before[0].starts_with("Bad FEN: ") && before[0].len() < 200,
        "{before:?}"
    );
    assert!(before.iter().all(|l| !l.contains('\u{1b}')));
}

// ---------------------------------------------------------------------------
// Variety
// ---------------------------------------------------------------------------

/// umax's first move as White in a new game (after `new`, `go`), and the
/// `random:` line before it if there was one.
fn first_move(engine: &mut Engine) -> (String, Option<String>) {
    engine.send("new");
    engine.send("go");
    let (before, reply) = engine.until("umax's move", |l| l.starts_with("umax plays 1. "));
    let random = before.into_iter().find(|l| l.starts_with("random: "));
    (reply["umax plays 1. ".len()..].to_string(), random)
}

#[test]
fn random_varies_the_opening_only_when_asked() {
    let mut engine = start_console();
    engine.send("sd 2");
    // Off by default: the same game twice.
    let (first, random) = first_move(&mut engine);
    assert_eq!(random, None);
    assert_eq!(first_move(&mut engine), (first, None));

    engine.send("RANDOM");
    engine.until_exact("Random choice among near-best moves in umax's first 8 moves: on.");
    // On a busy machine a quick search may be cut short and leave a single
    // candidate (then no `random:` line), so not every game must vary.
    let mut seen = std::collections::BTreeSet::new();
    for _ in 0..8 {
        let (chosen, random) = first_move(&mut engine);
        seen.insert(chosen.clone());
        let Some(random) = random else { continue };
        // "random: Nf3 among 3 near-best moves (Nc3 Nf3 d4)"
        let candidates = random.split(['(', ')']).nth(1).unwrap();
        let candidates: Vec<&str> = candidates.split(' ').collect();
        assert!(
            random.starts_with(&format!("random: {chosen} among ")),
            "{random}"
        );
        assert!(
            candidates.len() > 1 && candidates.contains(&chosen.as_str()),
            "{random}"
        );
        for text in &candidates {
            assert!(
                umax::game::parse_san(&Board::start(), text).is_ok(),
                "{random}"
            );
        }
    }
    assert!(seen.len() > 1, "always {seen:?}");

    // Only in the first moves: not at move 20.
    engine.send("fen r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 20");
    engine.send("go");
    let (before, _) = engine.until("umax's move", |l| l.starts_with("umax plays 20. "));
    assert!(
        before.iter().all(|l| !l.starts_with("random: ")),
        "{before:?}"
    );

    engine.send("random off");
    engine.until_exact("Random choice among near-best moves in umax's first 8 moves: off.");
    engine.send("random maybe");
    engine.until_exact("Error: random needs on, off or nothing, not 'maybe'");
}

#[test]
fn set_lists_and_changes_the_search_switches_and_stats_shows_the_last_search() {
    let mut engine = start_console();
    engine.send("stats");
    let (_, line) = engine.until("no search yet", |line| line.starts_with("No search yet"));
    assert!(line.contains("last search"));
    engine.send("set");
    let (_, line) = engine.until("the null switch", |line| {
        line.trim_start().starts_with("null ")
    });
    assert!(line.contains(" on "), "{line}");
    engine.send("set null off");
    let (_, line) = engine.until("the new settings", |line| {
        line.starts_with("Search settings")
    });
    assert_eq!(line, "Search settings: default,null=off");
    engine.send("set lmr sometimes");
    let (_, line) = engine.until("an error", |line| line.starts_with("Error"));
    assert!(line.contains("on or off"), "{line}");
    engine.send("sd 4");
    engine.send("go");
    engine.until("umax's move", |line| line.starts_with("umax plays"));
    engine.send("stats");
    let (_, line) = engine.until("the null-move counts", |line| {
        line.starts_with("null moves")
    });
    assert!(
        line.starts_with("null moves 0, cut-offs 0; move lists generated "),
        "{line}"
    );
    engine.send("quit");
}

#[test]
fn st_errors_name_the_accepted_range() {
    let mut engine = start_console();
    engine.send("st -1");
    let (_, line) = engine.until("an error", |line| line.starts_with("Error"));
    assert!(line.contains("from 0 to 1000000000"), "{line}");
    engine.send("st 0");
    let (_, line) = engine.until("an error", |line| line.starts_with("Error"));
    assert!(line.contains("above 0"), "{line}");
    engine.send("quit");
}
