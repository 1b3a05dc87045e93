//! Transcript tests of the xboard (CECP v2) front end: the built binary is fed
//! what xboard, cutechess and python-chess really send, paced as they pace it
//! (waiting for `feature done=1`, for `move`, for `pong`), and its answers are
//! checked line by line.

mod common;

use std::time::{Duration, Instant};

use common::{Engine, MATE_IN_ONE, MATED, PROMOTION, STALEMATE, START, is_error, is_legal, play};

/// Black to move after 1.e4.
const AFTER_E4: &str = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1";
/// White to move after 1.e4 e5 (python-chess sends the en passant square).
const AFTER_E4_E5: &str = "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2";

/// Start umax as a GUI would (no flags: the first line picks the protocol) and
/// wait for the end of the feature negotiation.
fn start_xboard() -> Engine {
    let mut engine = Engine::start(&[]);
    engine.send("xboard");
    engine.send("protover 2");
    engine.until_exact("feature done=1");
    engine
}

/// `ping N`, then the lines sent before `pong N`.
fn ping(engine: &mut Engine, n: u32) -> Vec<String> {
    engine.send(&format!("ping {n}"));
    engine.until_exact(&format!("pong {n}"))
}

/// Is `line` thinking output, `ply score time nodes pv`, with a PV that is legal
/// from `fen`?
fn is_thinking_from(line: &str, fen: &str) -> bool {
    let words: Vec<&str> = line.split_whitespace().collect();
    if words.len() < 5 || words[..4].iter().any(|w| w.parse::<i64>().is_err()) {
        return false;
    }
    let numbers: Vec<i64> = words[..4].iter().map(|w| w.parse().unwrap()).collect();
    if numbers[0] < 1 || numbers[2] < 0 || numbers[3] < 0 {
        return false;
    }
    let mut board = play(fen, &[]);
    for text in &words[4..] {
        match board.parse_coordinate_move(text) {
            Some(mv) => {
                board.make_move(mv);
            }
            None => return false,
        }
    }
    true
}

/// Looks like thinking output at all (four numbers first)?
fn looks_like_thinking(line: &str) -> bool {
    let words: Vec<&str> = line.split_whitespace().collect();
    words.len() >= 4 && words[..4].iter().all(|w| w.parse::<i64>().is_ok())
}

/// Wait for `move X`; returns the thinking lines before it and X.
fn wait_for_move(engine: &mut Engine) -> (Vec<String>, String) {
    let (before, line) = engine.until("a move", |l| l.starts_with("move "));
    (before, line["move ".len()..].trim().to_string())
}

#[test]
fn protover_2_announces_the_features_then_answers_ping() {
    let mut engine = Engine::start(&[]);
    engine.send("xboard");
    engine.send("protover 2");
    assert_eq!(engine.line(), "feature done=0");
    let features = engine.line();
    let expected = format!(
        "feature myname=\"umax {}\" ping=1 setboard=1 usermove=1 time=1 draw=0 sigint=0 \
         reuse=1 analyze=1 colors=0 memory=1 smp=1 san=0 nps=0 debug=1 variants=\"normal\"",
        env!("CARGO_PKG_VERSION")
    );
    assert_eq!(features, expected);
    // Then one `feature option=` for each strength option, MultiPV (for
    // analysis) and one for the laboratory's switches, all in one spec
    // (`Lab`), and done.
    let (options, _) = engine.until("feature done=1", |line| line == "feature done=1");
    assert_eq!(
        options,
        [
            "feature option=\"UCI_LimitStrength -check 0\"".to_string(),
            format!(
                "feature option=\"UCI_Elo -spin {} {} {}\"",
                umax::search::strength::DEFAULT_ELO,
                umax::search::strength::MIN_ELO,
                umax::search::strength::MAX_ELO
            ),
            "feature option=\"MultiPV -spin 1 1 64\"".to_string(),
            "feature option=\"Lab -string \"".to_string(),
        ]
    );
    // python-chess rejects `sigterm=0` (it ends engines with SIGTERM), so umax
    // leaves sigterm at its default. It accepts memory, then pings.
    assert!(!features.contains("sigterm"), "{features}");
    engine.send("accepted memory");
    assert_eq!(ping(&mut engine, 1), Vec::<String>::new());
    engine.send("quit");
    assert!(engine.wait_exit(Duration::from_secs(2)).success());
}

/// cutechess starts a game from a position with Black to move, sends the clock
/// and `go`; later it interrupts a long search with `?`, ends the game with
/// `result` and pings.
#[test]
fn cutechess_game_with_setboard_clock_and_move_now() {
    let mut engine = Engine::start(&[]);
    engine.send("xboard");
    engine.send("protover 2");
    engine.until_exact("feature done=1");
    for feature in [
        "myname", "ping", "setboard", "usermove", "time", "draw", "reuse", "analyze", "memory",
        "san", "debug", "variants", "done",
    ] {
        engine.send(&format!("accepted {feature}"));
    }
    for feature in ["sigint", "sigterm", "colors", "nps"] {
        engine.send(&format!("rejected {feature}"));
    }
    engine.send("new");
    engine.send("force");
    engine.send("b2b3"); // a dummy move, undone by the setboard that follows
    engine.send(&format!("setboard {AFTER_E4}"));
    engine.send("st 0"); // no fixed time per move: the level decides
    engine.send("level 40 0:30 0");
    engine.send("post");
    engine.send("easy");
    engine.send("computer");
    engine.send("name Opponent 1.0");
    engine.send("time 3000");
    engine.send("otim 3000");
    let started = Instant::now();
    engine.send("go");
    let (thinking, reply) = wait_for_move(&mut engine);
    // 30 s for 40 moves: under a second a move, and never a third of the clock.
    assert!(
        started.elapsed() < Duration::from_secs(8),
        "took {:?} for a move with 30 s for 40 moves",
        started.elapsed()
    );
    assert!(
        is_legal(&play(AFTER_E4, &[]), &reply),
        "{reply} is not a move for Black\n{}",
        engine.transcript()
    );
    assert!(!thinking.is_empty(), "no thinking output after post");
    for line in &thinking {
        assert!(
            is_thinking_from(line, AFTER_E4),
            "not a thinking line: {line:?}\n{}",
            engine.transcript()
        );
    }

    // The opponent replies; the engine now thinks 5 s, but `?` moves at once.
    let board = play(AFTER_E4, &[&reply]);
    let answer = board.legal_moves()[0].to_string();
    engine.send("st 5");
    engine.send("time 2900");
    engine.send("otim 2900");
    let started = Instant::now();
    engine.send(&format!("usermove {answer}"));
    let (_, first) = engine.until("thinking output", looks_like_thinking);
    assert!(is_thinking_from(
        &first,
        &play(AFTER_E4, &[&reply, &answer]).to_fen()
    ));
    let interrupted = Instant::now();
    engine.send("?");
    let (_, second_reply) = wait_for_move(&mut engine);
    assert!(
        interrupted.elapsed() < Duration::from_millis(1500),
        "'?' took {:?} to produce a move",
        interrupted.elapsed()
    );
    assert!(started.elapsed() < Duration::from_secs(4));
    assert!(is_legal(&play(AFTER_E4, &[&reply, &answer]), &second_reply));

    // End of game as cutechess does it.
    engine.send("force");
    engine.send("result 1/2-1/2 {Draw by adjudication}");
    assert_eq!(ping(&mut engine, 17), Vec::<String>::new());
    engine.assert_no_errors();
    engine.send("quit");
    assert!(engine.wait_exit(Duration::from_secs(2)).success());
}

/// The most one move may take on a clock with `remaining` left and
/// `moves_to_go`, as `clock.rs` promises it, worked out here again: three
/// times the move's nominal time (an equal share over two moves more than
/// are left, plus three quarters of the increment), and never more than a
/// fifth of the clock (less a 30 ms safety margin).
fn move_time_cap(remaining: Duration, increment: Duration, moves_to_go: u32) -> Duration {
    let usable = remaining.saturating_sub(Duration::from_millis(30));
    let nominal = usable / (moves_to_go + 2) + increment * 3 / 4;
    (nominal * 3).min(usable / 5)
}

/// At `level 40 5 0` umax once thought 21 s on a move (7.5 s a move on
/// average). The same level with 15 s left on umax's clock (`time 1500`,
/// as a GUI sends it late in the session; 5 minutes would make a long
/// test): every move stays under three times its share, and a clock paid
/// mostly in increments still never spends more than a fifth of it.
#[test]
fn a_move_never_takes_more_than_its_cap() {
    /// How late a move may come after its cap on a busy machine.
    const SLACK: Duration = Duration::from_millis(350);
    let mut engine = start_xboard();
    engine.send("new");
    engine.send("level 40 5 0");
    engine.send("post");
    let mut remaining = Duration::from_secs(15);
    let mut board = play(START, &[]);
    for move_number in 0..6 {
        engine.send(&format!("time {}", remaining.as_millis() / 10));
        engine.send(&format!("otim {}", remaining.as_millis() / 10));
        let ours = board.legal_moves()[0];
        board.make_move(ours);
        let started = Instant::now();
        engine.send(&format!("usermove {ours}"));
        let (thinking, reply) = wait_for_move(&mut engine);
        let took = started.elapsed();
        let cap = move_time_cap(remaining, Duration::ZERO, 40 - move_number);
        assert!(
            took <= cap + SLACK,
            "move {move_number}: {took:?}, cap {cap:?}\n{}",
            engine.transcript()
        );
        let last = thinking.last().expect("thinking output");
        let centiseconds: u128 = last.split_whitespace().nth(2).unwrap().parse().unwrap();
        assert!(
            centiseconds * 10 <= cap.as_millis() + 20,
            "{last}, cap {cap:?}"
        );
        let reply = board.parse_coordinate_move(&reply);
        board.make_move(reply.expect("a legal reply"));
        remaining = remaining.saturating_sub(took);
    }

    // 10 s on the clock and 30 s of increment a move: the nominal time is
    // over 22 s, the cap a fifth of the clock, 2 s (it was a third).
    engine.send("force");
    engine.send("level 0 0:10 30");
    engine.send("time 1000");
    let started = Instant::now();
    engine.send("go");
    wait_for_move(&mut engine);
    let cap = move_time_cap(Duration::from_secs(10), Duration::from_secs(30), 45);
    assert_eq!(cap, Duration::from_millis(1994));
    assert!(started.elapsed() <= cap + SLACK, "{:?}", started.elapsed());
    engine.assert_no_errors();
}

/// A ping sent while the engine thinks on its own move is answered after the
/// move, not before.
#[test]
fn ping_during_search_is_answered_after_the_move() {
    let mut engine = start_xboard();
    engine.send("new");
    engine.send("st 0.5");
    engine.send("post");
    engine.send("go");
    engine.send("ping 3");
    let before = engine.until_exact("pong 3");
    let moves: Vec<&String> = before.iter().filter(|l| l.starts_with("move ")).collect();
    assert_eq!(moves.len(), 1, "{}", engine.transcript());
    let reply = &moves[0]["move ".len()..];
    assert!(is_legal(&play(START, &[]), reply));
    assert!(before.last().unwrap().starts_with("move "));
    engine.assert_no_errors();
}

/// `nopost` sent while the engine thinks holds for the next searches too.
#[test]
fn nopost_during_a_search_lasts() {
    let mut engine = start_xboard();
    engine.send("new");
    engine.send("post");
    engine.send("st 0.3");
    engine.send("go");
    engine.until("thinking output", looks_like_thinking);
    engine.send("nopost");
    wait_for_move(&mut engine);
    engine.send("force");
    engine.send("sd 3");
    engine.send("go");
    let (before, _) = wait_for_move(&mut engine);
    assert!(before.is_empty(), "thinking after nopost: {before:?}");
    // And `post` during analysis holds afterwards as well.
    engine.send("force");
    engine.send("analyze");
    engine.until("analysis output", looks_like_thinking);
    engine.send("nopost");
    engine.send("post");
    engine.send("exit");
    ping(&mut engine, 1);
    engine.send("go");
    let (before, _) = wait_for_move(&mut engine);
    assert!(!before.is_empty(), "no thinking after post");
    engine.assert_no_errors();
}

/// What python-chess sends for `engine.play()` twice and `engine.analysis()`:
/// bare moves (it rejects usermove), `st` with fractions, a `level` with a
/// fractional increment, `nopost`, and `remove`/`undo` to resynchronise.
#[test]
fn python_chess_play_resync_and_analysis() {
    let mut engine = start_xboard();
    engine.send("rejected usermove");
    engine.send("rejected sigterm");
    engine.send("accepted memory");
    assert!(ping(&mut engine, 1).is_empty());

    // play(board after 1.e4 e5 2.Nf3 Nc6, Limit(time=0.1, white_clock=90, ...))
    engine.send("memory 16");
    engine.send("new");
    engine.send("force");
    engine.send(&format!("setboard {AFTER_E4_E5}"));
    engine.send("g1f3");
    engine.send("b8c6");
    engine.send("level 0 1:30 0.5");
    engine.send("st 0.1");
    engine.send("time 9000");
    engine.send("otim 9000");
    engine.send("nopost");
    engine.send("easy");
    let started = Instant::now();
    engine.send("go");
    let (before, first) = wait_for_move(&mut engine);
    assert!(before.is_empty(), "output besides the move: {before:?}");
    assert!(
        started.elapsed() < Duration::from_secs(3),
        "st 0.1 took {:?}",
        started.elapsed()
    );
    assert!(is_legal(&play(AFTER_E4_E5, &["g1f3", "b8c6"]), &first));
    // python-chess pings after the move and waits for the pong.
    assert!(ping(&mut engine, 2).is_empty());

    // play() again with another line: take back the engine's move and Nc6.
    engine.send("force");
    engine.send("remove");
    engine.send("g8f6");
    engine.send("st 0.1");
    engine.send("nopost");
    engine.send("easy");
    engine.send("go");
    let (before, second) = wait_for_move(&mut engine);
    assert!(before.is_empty(), "output besides the move: {before:?}");
    assert!(
        is_legal(&play(AFTER_E4_E5, &["g1f3", "g8f6"]), &second),
        "{second} is not legal after remove\n{}",
        engine.transcript()
    );
    assert!(ping(&mut engine, 3).is_empty());

    // And once more after taking back only the engine's move.
    engine.send("force");
    engine.send("undo");
    engine.send("sd 2");
    engine.send("go");
    let (_, third) = wait_for_move(&mut engine);
    assert!(is_legal(&play(AFTER_E4_E5, &["g1f3", "g8f6"]), &third));
    assert!(ping(&mut engine, 4).is_empty());

    // analysis(board): force, post, analyze ... then ".", "exit", ping.
    engine.send("force");
    engine.send("undo");
    engine.send("post");
    engine.send("analyze");
    let analysed = play(AFTER_E4_E5, &["g1f3", "g8f6"]).to_fen();
    let (_, line) = engine.until("analysis output", looks_like_thinking);
    assert!(is_thinking_from(&line, &analysed), "{line}");
    engine.send(".");
    engine.send("exit");
    let before = ping(&mut engine, 5);
    for line in &before {
        assert!(
            is_thinking_from(line, &analysed) || line.starts_with("stat01: "),
            "unexpected {line:?}\n{}",
            engine.transcript()
        );
    }
    // Analysis has ended: nothing more arrives.
    assert_eq!(
        engine.lines_within(Duration::from_millis(300)),
        Vec::<String>::new()
    );
    engine.assert_no_errors();
    engine.send("quit");
    assert!(engine.wait_exit(Duration::from_secs(2)).success());
}

#[test]
fn blank_lines_are_ignored_and_end_of_input_exits() {
    let mut engine = start_xboard();
    engine.send("");
    engine.send("   ");
    engine.send("\t");
    engine.send_bytes(b"\r\n");
    assert_eq!(ping(&mut engine, 4), Vec::<String>::new());
    engine.close_stdin();
    let status = engine.wait_exit(Duration::from_secs(2));
    assert!(status.success(), "exit status {status}");
}

/// The GUI may go away while the engine thinks: it must not keep thinking
/// (here for 20 s) with nobody to tell the move to.
#[test]
fn end_of_input_during_a_search_exits_promptly() {
    let mut engine = start_xboard();
    engine.send("new");
    engine.send("st 20");
    engine.send("post");
    engine.send("go");
    engine.until("thinking output", looks_like_thinking);
    engine.close_stdin();
    let status = engine.wait_exit(Duration::from_secs(2));
    assert!(status.success(), "exit status {status}");
}

#[test]
fn end_of_input_during_analysis_exits_promptly() {
    let mut engine = start_xboard();
    engine.send("new");
    engine.send("post");
    engine.send("analyze");
    engine.until("analysis output", looks_like_thinking);
    engine.close_stdin();
    let status = engine.wait_exit(Duration::from_secs(2));
    assert!(status.success(), "exit status {status}");
}

#[test]
fn under_promotion_is_accepted_and_illegal_moves_rejected() {
    let mut engine = start_xboard();
    engine.send("new");
    engine.send("force");
    engine.send(&format!("setboard {PROMOTION}"));
    engine.send("usermove e7e8n");
    engine.send("usermove a2b2");
    // Only a knight on e8 can go to f6.
    engine.send("usermove e8f6");
    assert!(ping(&mut engine, 1).is_empty(), "{}", engine.transcript());

    engine.send("new");
    engine.send("force");
    engine.send("usermove e2e5");
    assert_eq!(engine.line(), "Illegal move: e2e5");
    engine.send("e2e5"); // the same without the prefix
    assert_eq!(engine.line(), "Illegal move: e2e5");
    engine.send("usermove e7e5"); // not White's move: the position is unchanged
    assert_eq!(engine.line(), "Illegal move: e7e5");
    engine.send("usermove e2e4");
    engine.send("usermove e7e5");
    assert!(ping(&mut engine, 2).is_empty(), "{}", engine.transcript());

    // Promotion moves need the piece.
    engine.send(&format!("setboard {PROMOTION}"));
    engine.send("usermove e7e8");
    assert_eq!(engine.line(), "Illegal move: e7e8");
    engine.send("usermove e7e8k");
    assert_eq!(engine.line(), "Illegal move: e7e8k");
    engine.send("usermove e7e8q");
    assert!(ping(&mut engine, 3).is_empty(), "{}", engine.transcript());
}

#[test]
fn bad_setboard_is_refused_and_the_position_kept() {
    let mut engine = start_xboard();
    engine.send("new");
    engine.send("force");
    engine.send(&format!("setboard {PROMOTION}"));
    engine.send("setboard 8/8/8/8 w - - 0 1");
    assert_eq!(
        engine.line(),
        "tellusererror Illegal position: expected 8 ranks separated by '/', found 4"
    );
    engine.send("setboard this is not a FEN");
    assert!(engine.line().starts_with("tellusererror Illegal position"));
    // No kings: not a position either.
    engine.send("setboard 8/8/8/8/8/8/8/8 w - - 0 1");
    assert_eq!(
        engine.line(),
        "tellusererror Illegal position: white has no king"
    );
    // Nor are 23 queens (found by fuzzing: searched as "mate -2648").
    engine.send("setboard 7k/8/8/pppppppp/QQQQQQQQ/QQQQQQQQ/QQQQQQQQ/KQQQQQQQ w - - 0 1");
    assert!(
        engine
            .line()
            .starts_with("tellusererror Illegal position: white has 32 pieces"),
        "{}",
        engine.transcript()
    );
    // Now there is no position: the GUI's is not on the board, and the old
    // one (the promotion position) is not the GUI's. A move is refused, and
    // `go` answers an error, not a move in another position.
    engine.send("usermove e7e8q");
    assert_eq!(
        engine.line(),
        "Illegal move (no position: the last one set up was illegal): e7e8q"
    );
    engine.send("st 0.1");
    engine.send("go");
    assert_eq!(
        engine.line(),
        "Error (no position: the last one set up was illegal): go"
    );
    engine.send("hint");
    assert!(ping(&mut engine, 1).is_empty(), "{}", engine.transcript());
    // A position umax can set up is played again.
    engine.send("force");
    engine.send(&format!("setboard {PROMOTION}"));
    engine.send("usermove e7e8q");
    assert!(ping(&mut engine, 2).is_empty(), "{}", engine.transcript());
    // So is a new game after a refused position.
    engine.send("setboard 8/8/8/8/8/8/8/8 w - - 0 1");
    assert!(engine.line().starts_with("tellusererror Illegal position"));
    engine.send("new");
    engine.send("go");
    let (_, mv) = wait_for_move(&mut engine);
    assert!(is_legal(&play(START, &[]), &mv), "{mv}");
}

/// Analysis of a refused position stops: the old position is not the GUI's.
#[test]
fn analysis_stops_at_a_refused_position() {
    let mut engine = start_xboard();
    engine.send("new");
    engine.send("force");
    engine.send("post");
    engine.send("analyze");
    engine.until("analysis output", looks_like_thinking);
    engine.send("setboard 8/8/8/8 w - - 0 1");
    engine.until("the refusal", |l| {
        l.starts_with("tellusererror Illegal position")
    });
    ping(&mut engine, 1);
    assert_eq!(
        engine.lines_within(Duration::from_millis(300)),
        Vec::<String>::new(),
        "analysis went on"
    );
    // A good position is analysed.
    engine.send(&format!("setboard {AFTER_E4}"));
    engine.until("analysis of the new position", |l| {
        is_thinking_from(l, AFTER_E4)
    });
    engine.send("exit");
    engine.send("quit");
    assert!(engine.wait_exit(Duration::from_secs(2)).success());
}

#[test]
fn analysis_follows_moves_and_answers_dot_ping_and_book() {
    let mut engine = start_xboard();
    engine.send("new");
    engine.send("force");
    engine.send("post");
    engine.send("analyze");
    let (_, line) = engine.until("analysis output", looks_like_thinking);
    assert!(is_thinking_from(&line, START), "{line}");
    engine.send(".");
    let (_, stat) = engine.until("a stat01 line", |l| !looks_like_thinking(l));
    assert!(stat.starts_with("stat01: "), "{stat}");
    // A ping in analysis mode is answered at once.
    assert!(ping(&mut engine, 1).iter().all(|l| looks_like_thinking(l)));

    // A move restarts the analysis on the new position.
    let after_e4 = play(START, &["e2e4"]).to_fen();
    engine.send("usermove e2e4");
    let (_, line) = engine.until("analysis of the new position", |l| {
        is_thinking_from(l, &after_e4)
    });
    assert!(line.starts_with("1 "), "analysis did not restart: {line}");
    // Bare moves too.
    let after_e5 = play(START, &["e2e4", "e7e5"]).to_fen();
    engine.send("e7e5");
    engine.until("analysis after a bare move", |l| {
        is_thinking_from(l, &after_e5)
    });
    // undo goes back one move.
    engine.send("undo");
    engine.until("analysis after undo", |l| is_thinking_from(l, &after_e4));

    // Commands that do not change the position are answered and analysis goes on.
    engine.send("bk");
    engine.until_exact(" umax has no opening book.");
    engine.send("otim 1000");
    engine.send("time 1000");
    engine.until("analysis after bk", |l| is_thinking_from(l, &after_e4));
    // The same after a command that ends a search elsewhere: after the pong,
    // a depth-1 line can only come from analysis started after `memory`.
    ping(&mut engine, 10);
    engine.send("memory 16");
    engine.until("analysis after memory", |l| {
        l.starts_with("1 ") && is_thinking_from(l, &after_e4)
    });

    engine.send("exit");
    ping(&mut engine, 2);
    assert_eq!(
        engine.lines_within(Duration::from_millis(300)),
        Vec::<String>::new()
    );
    // Out of analysis, the position is still the one after 1.e4.
    engine.send("usermove e7e5");
    assert!(ping(&mut engine, 3).is_empty());
    engine.assert_no_errors();
}

#[test]
fn memory_then_new_then_shallow_search() {
    let mut engine = start_xboard();
    engine.send("memory 32");
    engine.send("new");
    engine.send("sd 3");
    engine.send("post");
    let started = Instant::now();
    engine.send("go");
    let (thinking, reply) = wait_for_move(&mut engine);
    assert!(
        started.elapsed() < Duration::from_secs(3),
        "sd 3 took {:?}",
        started.elapsed()
    );
    assert!(is_legal(&play(START, &[]), &reply));
    let depths: Vec<&str> = thinking
        .iter()
        .map(|l| l.split_whitespace().next().unwrap())
        .collect();
    assert_eq!(depths, ["1", "2", "3"], "{}", engine.transcript());
    engine.assert_no_errors();
}

/// Everything xboard, cutechess and python-chess may send is understood
/// without an error; only a really unknown command is reported.
#[test]
fn gui_commands_are_not_errors_and_unknown_ones_are() {
    let mut engine = start_xboard();
    for line in [
        "accepted ping",
        "accepted done",
        "rejected sigint",
        "new",
        "variant normal",
        "random",
        "computer",
        "name Some Engine 2.1",
        "rating 2100 1850",
        "ics -",
        "hard",
        "easy",
        "post",
        "nopost",
        "level 40 5 0",
        "level 0 2 12",
        "level 0 1:30 0.5",
        "st 1",
        "st 0",
        "sd 4",
        "sd 0",
        "time 30000",
        "otim 29000",
        "memory 16",
        "cores 1",
        "egtpath syzygy /nonexistent",
        "option null=on",
        "draw",
        "bk",
        "force",
        "result 1-0 {White mates}",
        "undo",
        "remove",
        "playother",
        "force",
        "pause",
        "resume",
        "nps 0",
        "analyze",
        ".",
        "exit",
        ".",
        "?",
        "hint",
        "new",
    ] {
        engine.send(line);
    }
    let before = ping(&mut engine, 1);
    let errors: Vec<&String> = before.iter().filter(|l| is_error(l)).collect();
    assert!(errors.is_empty(), "{errors:?}\n{}", engine.transcript());

    engine.send("frobnicate now");
    assert_eq!(engine.line(), "Error (unknown command): frobnicate");
    engine.send("variant crazyhouse");
    assert!(engine.line().starts_with("Error"));
    assert!(ping(&mut engine, 2).is_empty());
}

#[test]
fn garbage_bytes_give_one_error_line() {
    let mut engine = start_xboard();
    engine.send_bytes(b"\xff\xfe\x80garbage\x00\n");
    let line = engine.line();
    assert!(line.starts_with("Error (unknown command): "), "{line}");
    engine.send_bytes(b"\xc3\n");
    assert!(engine.line().starts_with("Error (unknown command): "));
    assert!(ping(&mut engine, 1).is_empty(), "{}", engine.transcript());
    // Still playing.
    engine.send("sd 2");
    engine.send("go");
    let (_, reply) = wait_for_move(&mut engine);
    assert!(is_legal(&play(START, &[]), &reply));
}

#[test]
fn game_end_is_announced_after_mate_and_stalemate() {
    let mut engine = start_xboard();
    // The engine mates.
    engine.send("new");
    engine.send("force");
    engine.send(&format!("setboard {MATE_IN_ONE}"));
    engine.send("sd 3");
    engine.send("nopost");
    engine.send("go");
    let (_, reply) = wait_for_move(&mut engine);
    assert_eq!(reply, "h5f7");
    assert_eq!(engine.line(), "1-0 {White mates}");
    // Asked to move in a mated position it only repeats the result.
    engine.send("go");
    assert_eq!(engine.line(), "1-0 {White mates}");
    assert!(ping(&mut engine, 1).is_empty());

    // The opponent mates.
    engine.send("new");
    engine.send(&format!("setboard {MATE_IN_ONE}"));
    engine.send("usermove h5f7");
    assert_eq!(engine.line(), "1-0 {White mates}");
    assert!(ping(&mut engine, 2).is_empty());

    // The opponent stalemates.
    engine.send("new");
    engine.send("force");
    engine.send("setboard 7k/8/6K1/8/8/8/8/5Q2 w - - 0 1");
    engine.send("usermove f1f7");
    assert_eq!(engine.line(), "1/2-1/2 {Stalemate}");
    engine.send(&format!("setboard {STALEMATE}"));
    engine.send("go");
    assert_eq!(engine.line(), "1/2-1/2 {Stalemate}");
    assert!(ping(&mut engine, 3).is_empty());
}

/// `umax --xboard` speaks xboard from the first line, and `xboard` is harmless.
#[test]
fn forced_xboard_mode() {
    let mut engine = Engine::start(&["--xboard"]);
    engine.send("xboard");
    engine.send("protover 2");
    assert_eq!(engine.line(), "feature done=0");
    engine.until_exact("feature done=1");
    assert!(ping(&mut engine, 9).is_empty());
    engine.send("quit");
    assert!(engine.wait_exit(Duration::from_secs(2)).success());
}

/// Protocol 1 sends moves without `usermove`: a bare word in coordinates is a
/// move (with or without `=` before the promotion piece); any other word is an
/// unknown command, not an illegal move.
#[test]
fn bare_coordinate_moves_are_moves_and_other_words_commands() {
    let mut engine = start_xboard();
    engine.send("force");
    engine.send(&format!("setboard {PROMOTION}"));
    // Each word and its answer; e7e8=n is played without one, and then it is
    // Black's move, so White's king may not move.
    for (word, answer) in [
        ("e2e4xy", Some("Error (unknown command): e2e4xy")),
        ("Nf3", Some("Error (unknown command): Nf3")),
        ("e7e8=n", None),
        ("e1e2", Some("Illegal move: e1e2")),
    ] {
        engine.send(word);
        if let Some(answer) = answer {
            assert_eq!(engine.line(), answer, "{}", engine.transcript());
        }
    }
    assert!(ping(&mut engine, 1).is_empty(), "{}", engine.transcript());
}

/// Found by fuzzing: `edit` during analysis never ended, so that `exit`,
/// `force` and even `quit` were answered `Error (bad edit command)`. Edit mode
/// ends at `.`; analysis then resumes on the edited position.
#[test]
fn edit_mode_during_analysis_ends_at_dot() {
    let mut engine = start_xboard();
    for line in [
        "new", "force", "post", "analyze", "edit", "#", "Ke1", "c", "Ke8", ".",
    ] {
        engine.send(line);
    }
    // Analysis of the two kings, White to move.
    let kings = "4k3/8/8/8/8/8/8/4K3 w - - 0 1";
    let (_, first) = engine.until("thinking on the edited position", |line| {
        is_thinking_from(line, kings)
    });
    assert!(
        first
            .split_whitespace()
            .nth(4)
            .is_some_and(|mv| mv.starts_with("e1"))
    );
    engine.send(".");
    engine.until("a status line", |line| line.starts_with("stat01: "));
    engine.send("exit");
    engine.send("force");
    let before = ping(&mut engine, 1);
    assert!(
        before.iter().all(|line| !is_error(line)),
        "{}",
        engine.transcript()
    );
    engine.assert_no_errors();
    engine.send("quit");
    assert!(engine.wait_exit(Duration::from_secs(5)).success());
}

/// The old `edit` mode outside analysis: pieces put and removed, `c` for the
/// colour, castling rights where king and rook stand at home, the side to
/// move kept; bad edit commands are reported and edit mode goes on.
#[test]
fn edit_mode_sets_up_a_position() {
    let mut engine = start_xboard();
    engine.send("new");
    engine.send("force");
    engine.send("edit");
    engine.send("#");
    engine.send("Ke1");
    engine.send("Rh1");
    engine.send("Pa2");
    engine.send("xa2");
    engine.send("Zz9");
    assert_eq!(engine.line(), "Error (bad edit command): Zz9");
    engine.send("c");
    engine.send("Ke8");
    engine.send("Pd7");
    engine.send(".");
    // White castles short (the rights follow from king and rook at home), the
    // a-pawn is gone, and Black's pawn is there.
    engine.send("e1g1");
    engine.send("d7d5");
    assert!(ping(&mut engine, 1).is_empty(), "{}", engine.transcript());
    engine.send("a2a3");
    assert!(engine.line().starts_with("Illegal move"));
    engine.assert_no_errors_but(&["Error (bad edit command): Zz9", "Illegal move: a2a3"]);
}

/// An impossible placement is refused at `.`, and the game stays as it was.
#[test]
fn edit_mode_refuses_an_impossible_position() {
    let mut engine = start_xboard();
    engine.send("new");
    engine.send("force");
    engine.send("edit");
    engine.send("#");
    engine.send("Ke1");
    engine.send(".");
    assert_eq!(
        engine.line(),
        "tellusererror Illegal position: black has no king"
    );
    // No position until the GUI sends one: the start position is not the GUI's.
    engine.send("e2e4");
    assert_eq!(
        engine.line(),
        "Illegal move (no position: the last one set up was illegal): e2e4"
    );
    engine.send("edit");
    engine.send("#");
    engine.send("Ke1");
    engine.send("Pe2");
    engine.send("c");
    engine.send("Ke8");
    engine.send(".");
    engine.send("e2e4");
    assert!(ping(&mut engine, 1).is_empty(), "{}", engine.transcript());
}

/// A `stat01` line's numbers (time, nodes, ply, moves left, moves in all)
/// and the move named after them, if any.
fn read_stat01(line: &str) -> ([u64; 5], Option<String>) {
    let words: Vec<&str> = line
        .strip_prefix("stat01: ")
        .unwrap_or_else(|| panic!("not a stat01 line: {line}"))
        .split_whitespace()
        .collect();
    assert!(matches!(words.len(), 5 | 6), "{line}");
    let numbers = std::array::from_fn(|at| {
        words[at]
            .parse()
            .unwrap_or_else(|_| panic!("{line}: field {at}"))
    });
    (numbers, words.get(5).map(|word| word.to_string()))
}

/// `.` in analysis is answered with the search as it goes: the time and the
/// nodes grow from one answer to the next, the ply is the search's, and once
/// an iteration has run long enough to be reported on, the moves left of
/// the 20 at the start and the move being searched (which must be one of
/// them).
#[test]
fn dot_in_analysis_reports_the_search_as_it_goes() {
    let mut engine = start_xboard();
    engine.send("new");
    engine.send("force");
    engine.send("post");
    engine.send("analyze");
    let mut deepest_shown = 0;
    let mut last_nodes = 0;
    let mut last_time = 0;
    let mut named = None;
    let started = Instant::now();
    while named.is_none() && started.elapsed() < Duration::from_secs(8) {
        std::thread::sleep(Duration::from_millis(300));
        engine.send(".");
        let (thinking, stat) = engine.until("a stat01 line", |l| l.starts_with("stat01: "));
        for line in &thinking {
            assert!(is_thinking_from(line, START), "{line}");
            let words: Vec<u64> = line
                .split_whitespace()
                .take(4)
                .map(|w| w.parse().unwrap())
                .collect();
            deepest_shown = deepest_shown.max(words[0]);
            last_nodes = last_nodes.max(words[3]);
        }
        let ([time, nodes, ply, left, total], name) = read_stat01(&stat);
        assert_eq!(total, 20, "{stat}");
        assert!(left < total, "{stat}");
        assert!(
            nodes > 0 && nodes >= last_nodes,
            "{stat} after {last_nodes} nodes"
        );
        assert!(time >= last_time, "{stat}");
        // The iteration finished last, or the one after it.
        assert!(
            ply == deepest_shown || ply == deepest_shown + 1,
            "{stat} after depth {deepest_shown}\n{}",
            engine.transcript()
        );
        (last_nodes, last_time) = (nodes + 1, time);
        named = name;
    }
    let name = named.unwrap_or_else(|| panic!("no move named\n{}", engine.transcript()));
    let board = play(START, &[]);
    assert!(
        board
            .legal_moves()
            .iter()
            .any(|&mv| umax::notation::san(&board, mv) == name),
        "{name}"
    );
    engine.send("exit");
    engine.send("quit");
    assert!(engine.wait_exit(Duration::from_secs(2)).success());
}

/// `.` in analysis mode is answered with a `stat01` line even when there is
/// nothing to analyse (here Black is mated).
#[test]
fn dot_in_analysis_is_answered_even_with_nothing_to_analyse() {
    let mut engine = start_xboard();
    engine.send("new");
    engine.send("force");
    engine.send(&format!("setboard {MATED}"));
    engine.send("analyze");
    engine.send(".");
    assert_eq!(engine.line(), "stat01: 0 0 0 0 0");
    engine.send("exit");
    engine.send(".");
    assert!(ping(&mut engine, 1).is_empty(), "{}", engine.transcript());
}

/// Found by fuzzing: protocol 1 `black` / `white` dropped the castling rights.
#[test]
fn protocol_1_side_to_move_keeps_castling_rights() {
    let mut engine = start_xboard();
    for line in ["new", "force", "black", "force"] {
        engine.send(line);
    }
    // Black moves first now; White castles on its fourth move.
    for mv in [
        "e7e5", "g1f3", "b8c6", "g2g3", "g8f6", "f1g2", "f8c5", "e1g1",
    ] {
        engine.send(mv);
    }
    assert!(ping(&mut engine, 1).is_empty(), "{}", engine.transcript());
    // `black` when Black is to move changes nothing; Black castles too.
    engine.send("black");
    engine.send("force");
    engine.send("e8g8");
    assert!(ping(&mut engine, 2).is_empty(), "{}", engine.transcript());
    // `white` when White is to move changes nothing either.
    engine.send("white");
    engine.send("force");
    engine.send("g1h1");
    assert!(ping(&mut engine, 3).is_empty(), "{}", engine.transcript());
}

/// Found by fuzzing: `time 1844674407370955161` wrapped around in the
/// conversion to milliseconds, and umax moved at once. A clock beyond a
/// billion seconds is read as a billion seconds.
#[test]
fn huge_clocks_do_not_wrap() {
    let mut engine = start_xboard();
    engine.send("new");
    engine.send("level 0 5 0");
    engine.send("time 1844674407370955161");
    engine.send("otim 99999999999999999999999");
    engine.send("e2e4");
    let early = engine.lines_within(Duration::from_millis(500));
    assert!(
        early.iter().all(|line| !line.starts_with("move ")),
        "moved at once: {}",
        engine.transcript()
    );
    engine.send("?");
    let (_, reply) = wait_for_move(&mut engine);
    assert!(is_legal(&play(START, &["e2e4"]), &reply));
    // A negative clock (a flag fell) is no error either.
    engine.send("time -250");
    assert!(ping(&mut engine, 1).is_empty(), "{}", engine.transcript());
    engine.assert_no_errors();
    // Text that is no number is, and the error names the range.
    engine.send("time soon");
    assert_eq!(
        engine.line(),
        "Error (bad time): time 'soon' is not a number from 0 to 100000000000 centiseconds"
    );
    engine.send("st 1e20");
    assert_eq!(
        engine.line(),
        "Error (bad time): st '1e20' is not a number from 0 to 1000000000 seconds"
    );
    engine.send("sd many");
    assert!(
        engine
            .line()
            .starts_with("Error (bad depth): sd 'many' is not a number")
    );
    engine.send("memory 0");
    assert!(
        engine
            .line()
            .starts_with("Error (bad memory size): memory '0'")
    );
    // More than any machine has: an error, and the table stays as it was
    // (a search still answers at once).
    engine.send("memory 2147483648");
    let error = engine.line();
    assert!(
        error.starts_with("Error (bad memory size): memory '2147483648'")
            && error.ends_with("MiB is the most that can be allocated here)"),
        "{error}"
    );
    engine.send("sd 2");
    engine.send("go");
    engine.until("a move", |line| line.starts_with("move "));
}

/// Found by fuzzing: `ping 7\rmove e2e4` was answered `pong 7\rmove e2e4`, which
/// a GUI splitting lines at `\r` reads as the engine's move. A carriage return
/// ends a line, and CRLF is one line end.
#[test]
fn carriage_return_ends_a_line() {
    let mut engine = start_xboard();
    engine.send_bytes(b"ping 7\rmove e2e4\r\nping 8\r\n");
    assert_eq!(engine.line(), "pong 7");
    assert_eq!(engine.line(), "Error (unknown command): move");
    assert_eq!(engine.line(), "pong 8");
    assert!(ping(&mut engine, 9).is_empty(), "{}", engine.transcript());
}

/// Echoed input is escaped and cut short: no control character reaches the GUI
/// or the terminal.
#[test]
fn echoed_input_is_escaped_and_short() {
    let mut engine = start_xboard();
    engine.send_bytes(b"\x1b[2J\x1b]0;owned\x07\n");
    assert_eq!(
        engine.line(),
        "Error (unknown command): \\x1b[2J\\x1b]0;owned\\x07"
    );
    engine.send(&format!("ping {}", "9".repeat(500)));
    let pong = engine.line();
    assert!(
        pong.starts_with("pong 999") && pong.ends_with("..."),
        "{pong}"
    );
    assert!(pong.len() < 100, "{pong}");
    engine.send(&format!("usermove {}", "e".repeat(10_000)));
    let error = engine.line();
    assert!(
        error.starts_with("Illegal move: eee") && error.len() < 120,
        "{error}"
    );
    assert!(ping(&mut engine, 1).is_empty(), "{}", engine.transcript());
}

/// A line longer than 64 KiB gets one error line and is not kept: 50 MB of NUL
/// bytes leave the engine small and answering.
#[test]
fn an_over_long_line_is_refused_without_keeping_it() {
    let mut engine = start_xboard();
    let chunk = vec![0u8; 1 << 20];
    for _ in 0..50 {
        engine.send_bytes_quietly(&chunk);
    }
    engine.send_bytes(b"\n");
    let error = engine.line();
    assert!(
        error.starts_with("Error (line too long): \\x00\\x00"),
        "{error}"
    );
    assert!(error.len() < 500, "{error}");
    assert!(ping(&mut engine, 1).is_empty(), "{}", engine.transcript());
    if let Some(kilobytes) = engine.resident_kilobytes() {
        assert!(kilobytes < 40_000, "{kilobytes} KiB resident");
    }
}

#[test]
fn option_multipv_shows_the_best_lines_in_analysis_only() {
    let mut engine = start_xboard();
    engine.send("option MultiPV=3");
    engine.send("new");
    engine.send("force");
    engine.send("post");
    engine.send("analyze");
    std::thread::sleep(Duration::from_millis(700));
    engine.send("exit");
    let thinking = ping(&mut engine, 1);
    // Each depth shown three times, with three different first moves.
    let depth_3: Vec<&String> = thinking.iter().filter(|l| l.starts_with("3 ")).collect();
    assert!(depth_3.len() >= 3, "{thinking:?}");
    let mut firsts: Vec<&str> = depth_3
        .iter()
        .map(|l| l.split_whitespace().nth(4).unwrap())
        .collect();
    firsts.sort();
    firsts.dedup();
    assert_eq!(firsts.len(), 3, "{depth_3:?}");
    // A game move thinks on one line: one line per depth.
    engine.send("new");
    engine.send("sd 4");
    engine.send("go");
    let (thinking, _) = wait_for_move(&mut engine);
    let depth_3 = thinking.iter().filter(|l| l.starts_with("3 ")).count();
    assert_eq!(depth_3, 1, "{thinking:?}");
    engine.send("option MultiPV=x");
    assert!(engine.line().starts_with("Error (MultiPV: "));
}
