//! # xboard / CECP version 2
//!
//! The Chess Engine Communication Protocol is how xboard, WinBoard, cutechess
//! and python-chess talk to engines that are not UCI. The GUI keeps the game;
//! the engine is told the moves (`usermove e2e4`), when to think (`go`), how
//! long (`level`, `st`, `time`), and answers with `move e7e5`. Between moves
//! the GUI may ask `ping N`, to which the engine answers `pong N` once it has
//! dealt with everything sent before.
//!
//! While the engine thinks, `XboardListener` reads the input: `?` means move
//! now; a command that changes the game (`force`, `new`, `result`, `setboard`,
//! `undo`, `quit`...) aborts the search without a move; everything else,
//! `ping` included, waits until the move has been sent, as the protocol asks.
//! In analysis mode `.` and `ping` are answered at once and any other command
//! interrupts the analysis, is handled, and analysis resumes (but not while
//! the old `edit` mode is setting up a position: analysis waits for its `.`).
//! End of input means the GUI has gone: the search ends at once.
//!
//! A refused position leaves no position: after a `setboard` (or an `edit`)
//! umax cannot set up, it says `tellusererror Illegal position: WHY`, and until
//! `new` or a position it can set up, `go` is answered with `Error (...): go`
//! and a move with `Illegal move (...)`, and there is nothing to analyse or
//! hint. The GUI believes the position it sent is on the board: a move found
//! in the old one would be a move in another game.
//!
//! Bad input is answered with one `Error (...)` line that repeats at most
//! [`ECHO_CHARS`](crate::input::ECHO_CHARS) characters of it, escaped; clocks
//! beyond what umax can use are read as the most it can use.

use std::time::{Duration, Instant};

use crate::board::{Board, Color, FenError, Piece, PieceKind, Square};
use crate::clock::{Limits, MAX_SECONDS, POLL_INTERVAL, TimeControl, read_seconds};
use crate::game::Game;
use crate::input::{Busy, Input, Polled, parse_clamped, parse_number, quote, send};
use crate::notation::{MoveShape, move_shape, parse_move, san};
use crate::search::strength::{DEFAULT_ELO, MAX_ELO, MIN_ELO, StrengthOptions};
use crate::search::{
    INFINITY, Listener, MAX_PLIES, Progress, SearchInfo, Searcher, Silent, mate_in,
    techniques::THREADS_OPTION,
};
use crate::session::{EngineRole, Outcome, Session};
use crate::uci::{LAB_OPTION, MAX_MULTIPV, lab_settings};

/// The features umax announces after `protover 2`. `sigint=0`: xboard must not
/// interrupt umax with SIGINT (it would end the process). `sigterm` keeps its
/// default, 1: when xboard sends SIGTERM umax ends, which is what it asks
/// (python-chess rejects `sigterm=0`).
pub fn features() -> String {
    format!(
        "feature myname=\"umax {}\" ping=1 setboard=1 usermove=1 time=1 draw=0 sigint=0 \
         reuse=1 analyze=1 colors=0 memory=1 smp=1 san=0 nps=0 debug=1 variants=\"normal\"",
        env!("CARGO_PKG_VERSION")
    )
}

/// The largest `time` / `otim` value used, in centiseconds: [`MAX_SECONDS`].
const MAX_CENTISECONDS: i64 = MAX_SECONDS as i64 * 100;

/// How long umax thinks for a `hint`.
const HINT_TIME: Duration = Duration::from_millis(500);

/// The time control until the GUI sends one: 40 moves in 5 minutes.
const DEFAULT_LEVEL: TimeControl = TimeControl::Level {
    moves_per_session: 40,
    base: Duration::from_secs(300),
    increment: Duration::ZERO,
};

/// The xboard front end's state.
pub struct Xboard {
    /// The game, the engine, the side it plays (none in force mode), the time
    /// control, `sd` and `post`.
    session: Session,
    /// The last `level`, which `st 0` returns to.
    level: TimeControl,
    /// Our clock, from `time`.
    engine_time: Option<Duration>,
    analyzing: bool,
    /// Option `MultiPV`: how many best lines analysis shows.
    analysis_lines: usize,
    /// Set when the position changed while analysing, so analysis restarts.
    analysis_stale: bool,
    /// Inside `edit` mode: the placement being edited.
    editing: Option<EditPlacement>,
    /// Why the last position the GUI set up was refused, while no position
    /// has come since (see the module docs).
    refused_position: Option<String>,
    quit: bool,
}

/// The reason given for `go` and moves after a refused position.
const NO_POSITION: &str = "no position: the last one set up was illegal";

/// What the listener saw while the engine was thinking.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Interrupt {
    None,
    /// `?`: play the best move so far.
    MoveNow,
    /// A command that needs the search gone without a move.
    Abort,
}

impl Xboard {
    /// An xboard front end over `searcher`.
    pub fn new(searcher: Searcher) -> Xboard {
        Xboard {
            session: Session::new(searcher, DEFAULT_LEVEL),
            level: DEFAULT_LEVEL,
            engine_time: None,
            analyzing: false,
            analysis_lines: 1,
            analysis_stale: false,
            editing: None,
            refused_position: None,
            quit: false,
        }
    }

    /// Run until `quit` or end of input.
    pub fn run(&mut self, input: &mut Input) {
        input.set_too_long_message(|start| format!("Error (line too long): {start}"));
        while !self.quit {
            // Commands that interrupted the analysis are handled before it
            // resumes, and a position being edited is finished first.
            if self.analyzing
                && self.analysis_stale
                && self.editing.is_none()
                && !input.has_deferred()
                && !input.end_seen()
            {
                self.analyze(input);
                continue;
            }
            let Some(line) = input.next_line() else { break };
            self.handle(&line, input);
        }
    }

    /// Handle one command line.
    pub fn handle(&mut self, line: &str, input: &mut Input) {
        let line = line.trim();
        if let Some(edit) = self.editing.take() {
            self.edit_command(line, edit);
            return;
        }
        // What an error repeats of the line.
        let echo = quote(line);
        let (command, argument) = match line.split_once(char::is_whitespace) {
            Some((command, argument)) => (command, argument.trim()),
            None => (line, ""),
        };
        match command {
            // Accepted and ignored: umax does not ponder under xboard (`hard`),
            // has no tablebases and no random mode.
            "" | "xboard" | "accepted" | "rejected" | "random" | "computer" | "name" | "rating"
            | "ics" | "hard" | "easy" | "draw" | "egtpath" | "nps" | "pause" | "resume" => {}
            "protover" => {
                send("feature done=0");
                send(&features());
                // The options: the hash size and the threads are `memory` and
                // `cores` (features above), then the strength limit and the
                // search laboratory, all its switches in one spec (empty: the
                // default), as UCI offers it.
                send(&format!(
                    "feature option=\"{} -check 0\"",
                    StrengthOptions::LIMIT_NAME
                ));
                send(&format!(
                    "feature option=\"{} -spin {DEFAULT_ELO} {MIN_ELO} {MAX_ELO}\"",
                    StrengthOptions::ELO_NAME
                ));
                send(&format!(
                    "feature option=\"MultiPV -spin 1 1 {MAX_MULTIPV}\""
                ));
                send(&format!("feature option=\"{LAB_OPTION} -string \""));
                send("feature done=1");
            }
            "option" => self.set_option(argument),
            "new" => {
                self.refused_position = None;
                self.session.new_game();
                self.session.max_depth = None;
                self.engine_time = None;
                self.analysis_stale = true;
            }
            "variant" => {
                if argument != "normal" {
                    send(&format!("Error (unsupported variant): {}", quote(argument)));
                }
            }
            "quit" => self.quit = true,
            "force" => self.session.role = EngineRole::Neither,
            "go" => {
                self.session.role = EngineRole::side(self.session.game.board().side_to_move());
                if self.refused_position.is_some() {
                    send(&format!("Error ({NO_POSITION}): go"));
                    return;
                }
                self.think_and_move(input);
            }
            "playother" => {
                let side = self.session.game.board().side_to_move();
                self.session.role = EngineRole::side(side.opposite());
            }
            "white" | "black" => {
                let side = if command == "white" {
                    Color::White
                } else {
                    Color::Black
                };
                self.set_side_to_move(side);
                self.session.role = EngineRole::side(side.opposite());
            }
            "level" => self.set_level(argument, &echo),
            "st" => match read_seconds(argument) {
                Ok(time) if !time.is_zero() => {
                    self.session.time_control = TimeControl::PerMove(time)
                }
                // `st 0` (sent by some GUIs) means no fixed time per move: the
                // last `level` applies again.
                Ok(_) => self.session.time_control = self.level,
                Err(error) => send(&format!("Error (bad time): st {error} seconds")),
            },
            // `sd 0` means no limit; a depth beyond umax's deepest is no limit either.
            "sd" => match parse_clamped(argument, 0..=MAX_PLIES) {
                Ok(depth) => self.session.max_depth = (depth > 0).then_some(depth),
                Err(error) => send(&format!("Error (bad depth): sd {error} plies")),
            },
            // A clock may run negative (a flag fell) or be absurdly large: the
            // most umax uses is MAX_SECONDS, so a larger clock is read as that.
            "time" => match parse_clamped(argument, 0..=MAX_CENTISECONDS) {
                Ok(centiseconds) => {
                    self.engine_time = Some(Duration::from_millis(centiseconds as u64 * 10));
                }
                Err(error) => send(&format!("Error (bad time): time {error} centiseconds")),
            },
            "otim" => {
                if let Err(error) = parse_clamped(argument, 0..=MAX_CENTISECONDS) {
                    send(&format!("Error (bad time): otim {error} centiseconds"));
                }
            }
            "usermove" => self.user_move(argument, input),
            "?" => {} // nothing to interrupt
            "ping" => send(&format!("pong {}", quote(argument))),
            "result" => self.session.role = EngineRole::Neither,
            "setboard" => self.set_position(Game::from_fen(argument)),
            "edit" => self.editing = Some(EditPlacement::from_board(self.session.game.board())),
            "undo" => {
                self.session.game.undo();
                self.analysis_stale = true;
            }
            "remove" => {
                self.session.game.undo();
                self.session.game.undo();
                self.analysis_stale = true;
            }
            "hint" => self.hint(),
            "bk" => {
                send(" umax has no opening book.");
                send("");
            }
            "post" => self.session.post = true,
            "nopost" => self.session.post = false,
            "analyze" => {
                self.analyzing = true;
                self.analysis_stale = true;
            }
            "exit" => {
                self.analyzing = false;
                self.analysis_stale = false;
            }
            // Analysis status: while a search runs its listener answers; here
            // analysis is idle (no legal move, or between two searches).
            "." if self.analyzing => send("stat01: 0 0 0 0 0"),
            "." => {} // only answered while analysing
            "memory" => self.set_memory(argument),
            // `cores N` (announced with `smp=1`) sets switch `threads`.
            "cores" => self.set_switch(THREADS_OPTION, argument, "cores", argument),
            // A bare move, as protocol 1 sends it: coordinates only, since a
            // GUI sends nothing else (`e7e8=q` is read as `e7e8q`).
            _ if argument.is_empty()
                && move_shape(&command.replace('=', "")) == Some(MoveShape::Coordinate) =>
            {
                self.user_move(command, input);
            }
            _ => send(&format!("Error (unknown command): {}", quote(command))),
        }
    }

    /// Play on from a position the GUI set up (`setboard`, `edit`), or, if
    /// it cannot be set up, say why and have no position until the next one.
    fn set_position(&mut self, game: Result<Game, FenError>) {
        match game {
            Ok(game) => {
                self.session.game = game;
                self.refused_position = None;
            }
            Err(error) => {
                let error = format!("Illegal position: {error}");
                send(&format!("tellusererror {error}"));
                self.refused_position = Some(error);
            }
        }
        // Analysis restarts, or stops if there is nothing to analyse.
        self.analysis_stale = true;
    }

    fn set_level(&mut self, argument: &str, echo: &str) {
        match TimeControl::parse_level(argument) {
            Some(level) => {
                self.level = level;
                self.session.time_control = level;
            }
            None => send(&format!(
                "Error (bad level): {echo} (expected 'level MOVES MINUTES[:SECONDS] \
                 INCREMENT', times up to {MAX_SECONDS} seconds)"
            )),
        }
    }

    /// Protocol 1 `white` / `black`: set the side to move, keeping the rest of
    /// the position (castling rights included). The move history cannot survive
    /// a side that moves twice, so the game restarts from the new position; an
    /// en-passant capture is no longer possible. If the side not to move would
    /// be in check the position is impossible and stays as it was.
    fn set_side_to_move(&mut self, side: Color) {
        if self.session.game.board().side_to_move() == side {
            return;
        }
        let fen = self.session.game.board().to_fen();
        let mut fields: Vec<&str> = fen.split(' ').collect();
        fields[1] = if side == Color::White { "w" } else { "b" };
        fields[3] = "-";
        match Game::from_fen(&fields.join(" ")) {
            Ok(game) => {
                self.session.game = game;
                self.analysis_stale = true;
            }
            Err(error) => send(&format!("Error (cannot set the side to move): {error}")),
        }
    }

    /// `memory N`: a hash table of at most N MiB. The old table is freed first,
    /// so the two are never held together; if the memory cannot be had, the
    /// largest table that can is used and the GUI is told. A size beyond
    /// what this machine could ever give (as UCI's `Hash` maximum) is an
    /// error that keeps the table as it is.
    fn set_memory(&mut self, argument: &str) {
        let max = self.session.searcher.most_table_megabytes();
        let megabytes = match parse_number(argument, 1..=max) {
            Ok(megabytes) => megabytes,
            Err(error) => {
                send(&format!(
                    "Error (bad memory size): memory {error} MiB ({max} MiB is the most \
                     that can be allocated here)"
                ));
                return;
            }
        };
        if let Some(warning) = self.session.searcher.resize_table_or_less(megabytes) {
            send(&format!("telluser {warning}"));
        }
        // A new table's memory is handed out page by page as the search
        // first touches it, and zeroing a fresh page costs more than a node:
        // a search on a clock right after `memory` (GUIs may send it after
        // `new`) would look at the clock seconds late with a big table. Get
        // it all now, off the clock, as UCI does at `isready`.
        self.session.searcher.prefault_table();
    }

    /// `option NAME=VALUE`: set the strength limit, the laboratory's spec
    /// (`option Lab=null=off,lmr=off`: the name ends at the first `=`), or,
    /// unannounced, one of its switches by its own name (`option null=off`).
    fn set_option(&mut self, argument: &str) {
        let Some((name, value)) = argument.split_once('=') else {
            send(&format!(
                "Error (option needs NAME=VALUE): option {}",
                quote(argument)
            ));
            return;
        };
        if let Some(outcome) = self.session.set_strength_option(name, value) {
            if let Err(error) = outcome {
                send(&format!(
                    "Error ({}): option {}",
                    quote(&error),
                    quote(argument)
                ));
            }
            return;
        }
        if name.trim().eq_ignore_ascii_case(LAB_OPTION) {
            self.set_lab(value, argument);
            return;
        }
        if name.trim().eq_ignore_ascii_case("MultiPV") {
            match parse_clamped(value.trim(), 1..=MAX_MULTIPV as i64) {
                Ok(lines) => self.analysis_lines = lines as usize,
                Err(error) => send(&format!(
                    "Error (MultiPV: {error}): option {}",
                    quote(argument)
                )),
            }
            return;
        }
        self.set_switch(name, value, "option", argument);
    }

    /// `option Lab=SPEC`: the laboratory's switches as SPEC says, on top of
    /// the default, the thread count (`cores`) kept. A bad spec changes
    /// nothing and is reported in one `Error` line.
    fn set_lab(&mut self, spec: &str, argument: &str) {
        match lab_settings(spec, self.session.searcher.settings().threads) {
            Ok(settings) => self.session.searcher.set_settings(settings),
            Err(error) => send(&format!(
                "Error ({}): option {}",
                quote(&error),
                quote(argument)
            )),
        }
    }

    /// Set one of the laboratory's switches; an error repeats the command,
    /// `command argument`.
    fn set_switch(&mut self, name: &str, value: &str, command: &str, argument: &str) {
        let mut settings = self.session.searcher.settings().clone();
        match settings.set(name, value) {
            Ok(()) => self.session.searcher.set_settings(settings),
            Err(error) => send(&format!(
                "Error ({}): {command} {}",
                quote(&error),
                quote(argument)
            )),
        }
    }

    fn user_move(&mut self, text: &str, input: &mut Input) {
        let text = text.replace('=', "");
        if self.refused_position.is_some() {
            send(&format!("Illegal move ({NO_POSITION}): {}", quote(&text)));
            return;
        }
        match parse_move(self.session.game.board(), &text) {
            Ok(mv) => {
                self.session
                    .game
                    .play(mv)
                    .expect("parse_move returns legal moves");
                self.analysis_stale = true;
                if self.announce_result_if_over() {
                    return;
                }
                if !self.analyzing && self.session.engine_to_move() {
                    self.think_and_move(input);
                }
            }
            Err(_) => send(&format!("Illegal move: {}", quote(&text))),
        }
    }

    /// Tell the GUI the game is over if it is; returns whether it was.
    fn announce_result_if_over(&mut self) -> bool {
        let Some(Outcome { result, reason }) = self.session.outcome() else {
            return false;
        };
        send(&format!("{result} {{{reason}}}"));
        true
    }

    fn limits(&self) -> Limits {
        // The side to move's moves since the game (or `setboard`) began: that is
        // how xboard counts the moves of a `level` session.
        let plies = self.session.game.moves().len() as u32;
        let moved_first = self.session.game.start_board().side_to_move()
            == self.session.game.board().side_to_move();
        let moves_played = (plies + u32::from(moved_first)) / 2;
        self.session.limits(self.engine_time, moves_played)
    }

    /// Think on the engine's move and send it (unless interrupted by a command
    /// that cancels the move).
    fn think_and_move(&mut self, input: &mut Input) {
        if self.announce_result_if_over() {
            self.session.role = EngineRole::Neither;
            return;
        }
        let limits = self.limits();
        let board = self.session.game.board().clone();
        let mut listener = XboardListener::new(input, self.session.post, false, board);
        let result = self.session.play(&limits, &mut listener);
        self.session.post = listener.post_changed.unwrap_or(self.session.post);
        if listener.interrupt == Interrupt::Abort {
            return;
        }
        let Some(mv) = result.best_move else { return };
        self.session
            .game
            .play(mv)
            .expect("the searcher returns legal moves");
        send(&format!("move {mv}"));
        self.announce_result_if_over();
    }

    /// Analyse the current position until a command changes it or ends analysis.
    fn analyze(&mut self, input: &mut Input) {
        self.analysis_stale = false;
        if self.refused_position.is_some() || self.session.game.board().legal_moves().is_empty() {
            return; // nothing to analyse: wait for the next command
        }
        let limits = Limits {
            infinite: true,
            ..Limits::default()
        };
        let board = self.session.game.board().clone();
        let mut listener = XboardListener::new(input, true, true, board);
        // Option MultiPV: the best lines in analysis; a game move is one line's.
        self.session.searcher.set_lines(self.analysis_lines);
        self.session.think(&limits, &mut listener);
        self.session.searcher.set_lines(1);
        self.session.post = listener.post_changed.unwrap_or(self.session.post);
        // A command interrupted the analysis: once it is handled, analyse again
        // (on the same position if it did not change it).
        if listener.interrupt == Interrupt::Abort && !input.end_seen() {
            self.analysis_stale = true;
        }
    }

    fn hint(&mut self) {
        if self.refused_position.is_some() {
            return;
        }
        if let Some(mv) = self.session.hint(HINT_TIME, &mut Silent) {
            send(&format!("Hint: {mv}"));
        }
    }

    /// One line of the old `edit` mode: `c` toggles the colour, `#` clears the
    /// board, `Pa4` puts a piece, `xa4` empties a square, `.` leaves (the side
    /// to move stays as it was). Beyond the protocol, `ping` is answered and
    /// `quit` quits, so that a GUI that gives up half-way is not ignored.
    fn edit_command(&mut self, line: &str, mut edit: EditPlacement) {
        match line.split_whitespace().next().unwrap_or("") {
            "" => {}
            "quit" => {
                self.quit = true;
                return;
            }
            "ping" => send(&format!("pong {}", quote(line["ping".len()..].trim()))),
            "c" => edit.color = edit.color.opposite(),
            "#" => edit.squares = [None; 64],
            "." => {
                let fen = edit.fen(self.session.game.board().side_to_move());
                self.set_position(Game::from_fen(&fen));
                return;
            }
            _ => {
                let letter = line.chars().next().unwrap_or(' ');
                let square = line.get(letter.len_utf8()..).and_then(Square::parse);
                let kind = PieceKind::from_letter(letter);
                match (letter, square, kind) {
                    ('x' | 'X', Some(square), _) => edit.put(square, None),
                    (_, Some(square), Some(kind)) => {
                        edit.put(square, Some(Piece::new(edit.color, kind)))
                    }
                    _ => send(&format!("Error (bad edit command): {}", quote(line))),
                }
            }
        }
        self.editing = Some(edit);
    }
}

/// The placement being built in `edit` mode. It may pass through positions no
/// [`Board`] accepts (no kings yet), so it is a plain array until `.` ends it.
#[derive(Clone, Debug)]
struct EditPlacement {
    squares: [Option<Piece>; 64],
    /// The colour of the pieces being placed (`c` toggles it).
    color: Color,
}

impl EditPlacement {
    fn from_board(board: &Board) -> EditPlacement {
        let mut squares = [None; 64];
        for square in Square::all() {
            let piece = board.piece_at(square);
            if !piece.is_empty() {
                squares[square.bit().trailing_zeros() as usize] = Some(piece);
            }
        }
        EditPlacement {
            squares,
            color: Color::White,
        }
    }

    fn at(&self, square: Square) -> Option<Piece> {
        self.squares[square.bit().trailing_zeros() as usize]
    }

    fn put(&mut self, square: Square, piece: Option<Piece>) {
        self.squares[square.bit().trailing_zeros() as usize] = piece;
    }

    /// The placement as FEN, with castling rights wherever king and rook stand
    /// on their home squares (edit mode cannot say more).
    fn fen(&self, side: Color) -> String {
        let mut placement = String::new();
        for rank in (0..8).rev() {
            let mut empty = 0;
            for file in 0..8 {
                match self.at(Square::new(file, rank)) {
                    None => empty += 1,
                    Some(piece) => {
                        if empty > 0 {
                            placement.push_str(&empty.to_string());
                            empty = 0;
                        }
                        placement.push(piece.fen_char());
                    }
                }
            }
            if empty > 0 {
                placement.push_str(&empty.to_string());
            }
            if rank > 0 {
                placement.push('/');
            }
        }
        let has = |square, color, kind| self.at(square) == Some(Piece::new(color, kind));
        let mut castling = String::new();
        for (king, rook, color, letter) in [
            (Square::E1, Square::H1, Color::White, 'K'),
            (Square::E1, Square::A1, Color::White, 'Q'),
            (Square::E8, Square::H8, Color::Black, 'k'),
            (Square::E8, Square::A8, Color::Black, 'q'),
        ] {
            if has(king, color, PieceKind::King) && has(rook, color, PieceKind::Rook) {
                castling.push(letter);
            }
        }
        if castling.is_empty() {
            castling.push('-');
        }
        let side = if side == Color::White { 'w' } else { 'b' };
        format!("{placement} {side} {castling} - 0 1")
    }
}

/// Thinking output in xboard's format: `ply score time nodes pv`, score in
/// centipawns (mate in N as 100000 + N), time in centiseconds.
pub fn thinking_line(info: &SearchInfo) -> String {
    let score = match mate_in(info.score) {
        Some(moves) if moves > 0 => 100_000 + moves,
        Some(moves) => -100_000 + moves,
        None => info.score.clamp(-INFINITY, INFINITY),
    };
    let pv: Vec<String> = info.pv.iter().map(|mv| mv.to_string()).collect();
    format!(
        "{} {} {} {} {}",
        info.depth,
        score,
        info.elapsed.as_millis() / 10,
        info.nodes,
        pv.join(" ")
    )
}

/// Reads the input while the engine thinks (see the module docs).
struct XboardListener<'a> {
    input: &'a mut Input,
    post: bool,
    /// `post` or `nopost` received during the search, for the front end to keep.
    post_changed: Option<bool>,
    analyzing: bool,
    /// When the search started (for `stat01`).
    start: Instant,
    interrupt: Interrupt,
    /// What the search has said of itself, for `stat01`.
    status: SearchStatus,
}

impl<'a> XboardListener<'a> {
    /// A listener for a search (an analysis if `analyzing`) of `board`.
    fn new(input: &'a mut Input, post: bool, analyzing: bool, board: Board) -> XboardListener<'a> {
        XboardListener {
            input,
            post,
            post_changed: None,
            analyzing,
            start: Instant::now(),
            interrupt: Interrupt::None,
            status: SearchStatus {
                board,
                depth: 0,
                nodes: 0,
                progress: None,
                polls: 0,
            },
        }
    }
}

/// What a search has reported of itself so far.
struct SearchStatus {
    /// The position searched.
    board: Board,
    /// Depth and nodes of the last iteration reported.
    depth: u32,
    nodes: u64,
    /// The search's last report on an unfinished iteration (the first comes
    /// after a second of search, the next about a second later).
    progress: Option<Progress>,
    /// Calls of `should_stop`: the search makes one every
    /// [`POLL_INTERVAL`] nodes, so this counts its nodes between reports.
    polls: u64,
}

impl SearchStatus {
    /// The answer to `.` in analysis: `stat01: TIME NODES PLY MOVES-LEFT
    /// TOTAL-MOVES [MOVE]`, time in centiseconds since `start`. The nodes are
    /// counted up to now; the depth, the moves left of the iteration in
    /// progress and the move being searched are the search's last report on
    /// it (at most about a second old), or, until there is one, the last
    /// finished iteration's depth, with no moves left.
    fn stat01(&self, start: Instant) -> String {
        let centiseconds = start.elapsed().as_millis() / 10;
        let legal_moves = self.board.legal_moves();
        let reported_nodes = self.progress.as_ref().map_or(0, |progress| progress.nodes);
        let nodes = (self.polls * POLL_INTERVAL)
            .max(self.nodes)
            .max(reported_nodes);
        match &self.progress {
            Some(progress) if progress.depth >= self.depth => {
                let moves_left = progress
                    .move_count
                    .saturating_sub(progress.move_number as usize);
                // Only a legal move has a name (the search may be trying
                // one that leaves its king in check, about to be refused).
                let name = if legal_moves.contains(&progress.current_move) {
                    format!(" {}", san(&self.board, progress.current_move))
                } else {
                    String::new()
                };
                format!(
                    "stat01: {centiseconds} {nodes} {} {moves_left} {}{name}",
                    progress.depth, progress.move_count
                )
            }
            _ => format!(
                "stat01: {centiseconds} {nodes} {} 0 {}",
                self.depth,
                legal_moves.len()
            ),
        }
    }
}

impl Listener for XboardListener<'_> {
    fn should_stop(&mut self) -> bool {
        self.status.polls += 1;
        let polled = self.input.poll_while_busy(|line| {
            let command = line.split_whitespace().next().unwrap_or("");
            match command {
                "post" | "nopost" => {
                    self.post = command == "post";
                    self.post_changed = Some(self.post);
                    Busy::Handled
                }
                "" | "?" if self.analyzing => Busy::Handled,
                "." if self.analyzing => {
                    send(&self.status.stat01(self.start));
                    Busy::Handled
                }
                // While analysing, a ping is answered at once (as while pondering).
                "ping" if self.analyzing => {
                    let argument = line.split_whitespace().nth(1).unwrap_or("");
                    send(&format!("pong {}", quote(argument)));
                    Busy::Handled
                }
                // Anything else is handled between two analyses.
                _ if self.analyzing => {
                    self.interrupt = Interrupt::Abort;
                    Busy::StopThenHandle
                }
                "?" => {
                    self.interrupt = Interrupt::MoveNow;
                    Busy::Stop
                }
                "force" | "new" | "result" | "setboard" | "undo" | "remove" | "quit" | "edit"
                | "white" | "black" | "playother" | "analyze" | "exit" | "go" | "usermove"
                | "memory" => {
                    self.interrupt = Interrupt::Abort;
                    Busy::StopThenHandle
                }
                // `ping` and the rest wait until the move has been sent.
                _ => Busy::Later,
            }
        });
        match polled {
            Polled::Carry => false,
            Polled::Stop => true,
            // End of input: the GUI has gone, nobody will say `?`.
            Polled::End => {
                self.interrupt = if self.analyzing {
                    Interrupt::Abort
                } else {
                    Interrupt::MoveNow
                };
                true
            }
        }
    }

    fn iteration_done(&mut self, info: &SearchInfo) {
        self.status.nodes = info.nodes;
        self.status.depth = info.depth;
        if self.post {
            send(&thinking_line(info));
        }
    }

    fn progress(&mut self, progress: &Progress) {
        self.status.progress = Some(progress.clone());
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::Settings;
    use crate::table::TranspositionTable;

    #[test]
    fn option_lab_sets_a_spec_and_keeps_the_cores() {
        let table = TranspositionTable::try_with_megabytes(1).unwrap();
        let mut xboard = Xboard::new(Searcher::with_table(table));
        let mut input = Input::from_reader(std::io::empty());
        xboard.handle("cores 3", &mut input);
        xboard.handle("option lmr=off", &mut input);
        // The name ends at the first `=`: the rest is the spec, `=` and all.
        xboard.handle("option Lab=null=off,hash_table=off", &mut input);
        let expected = Settings {
            threads: 3,
            ..Settings::from_spec("null=off,hash_table=off").unwrap()
        };
        assert_eq!(xboard.session.searcher.settings(), &expected);
        // A bad spec changes nothing; the thread count is not the spec's.
        for bad in ["Lab=lmr=on,null=sometimes", "Lab=threads=2", "Lab"] {
            xboard.handle(&format!("option {bad}"), &mut input);
            assert_eq!(xboard.session.searcher.settings(), &expected, "{bad}");
        }
        // `option Lab=` (an empty string) is the default.
        xboard.handle("option Lab=", &mut input);
        let default = Settings {
            threads: 3,
            ..Settings::default()
        };
        assert_eq!(xboard.session.searcher.settings(), &default);
    }
}
