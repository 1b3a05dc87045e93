//! # The console: playing umax in a terminal
//!
//! A thin loop over the engine: read a line, do what it says, print the result.
//! The words are the ones people know from TSCP and xboard: `new`, `undo`, `go`,
//! `st`, `sd`, `d`, `bench` and the rest (see [`HELP`]). A line that is not a
//! command is read as a move, in SAN (`Nf3`, `exd5`, `O-O`, `e8=Q`) or in
//! coordinates (`g1f3`, `e7e8q`). Anything else gets one line saying why it
//! was not understood, and nothing changes.

use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use crate::board::{Board, Color, Move, PieceKind, Square};
use crate::clock::{Limits, TimeControl, parse_seconds};
use crate::game::{Game, GameStatus, MoveError, parse_move, san};
use crate::input::{Input, send};
use crate::search::{Listener, SearchInfo, SearchResult, Searcher, mate_in};
use crate::tools;

/// The list `help` prints.
pub const HELP: &str = "\
Moves: type them in SAN (Nf3, exd5, O-O, e8=Q) or coordinates (g1f3, e7e8q).
Commands:
  new              start a new game (the engine plays Black)
  undo             take back your last move and the engine's reply
  go               the engine plays the side to move (from now on)
  play white|black the engine plays that side; `play none` for no engine
  st SECONDS       think this long per move (fractions allowed)
  sd DEPTH         search at most this many plies (0 = no limit)
  level MPS BASE INC  a clock: MPS moves in BASE minutes, INC seconds added per move
  hint             suggest a move for you
  fen              print the position as FEN
  fen FEN          set up a position
  d, show          show the board
  flip             turn the board around
  ascii            switch between Unicode and ASCII pieces
  pgn FILE         save the game as PGN
  perft DEPTH      count the move tree of the current position
  bench            measure the engine's speed
  help             this list
  quit             leave (end of input does the same)";

/// The engine's clock when a `level` is set: what is left and how many moves
/// the engine has made since the clock was set.
#[derive(Clone, Copy, Debug)]
struct EngineClock {
    remaining: Duration,
    moves_played: u32,
}

/// The console's state: the game, the engine and the user's preferences.
pub struct Console {
    game: Game,
    searcher: Searcher,
    engine_side: Option<Color>,
    time_control: TimeControl,
    clock: EngineClock,
    max_depth: Option<u32>,
    unicode: bool,
    flipped: bool,
    quit: bool,
}

/// Does the locale say the terminal speaks UTF-8?
pub fn terminal_has_unicode() -> bool {
    ["LC_ALL", "LC_CTYPE", "LANG"]
        .iter()
        .filter_map(|name| std::env::var(name).ok())
        .find(|value| !value.is_empty())
        .is_some_and(|value| {
            let value = value.to_ascii_lowercase();
            value.contains("utf-8") || value.contains("utf8")
        })
}

impl Console {
    /// A console over `searcher`, the engine playing Black.
    pub fn new(searcher: Searcher, unicode: bool) -> Console {
        Console {
            game: Game::new(),
            searcher,
            engine_side: Some(Color::Black),
            time_control: TimeControl::PerMove(Duration::from_secs(3)),
            clock: EngineClock {
                remaining: Duration::ZERO,
                moves_played: 0,
            },
            max_depth: None,
            unicode,
            flipped: false,
            quit: false,
        }
    }

    /// Run until `quit` or end of input. `first_line`, if any, was already read
    /// (while deciding which front end to run) and is handled first.
    pub fn run(&mut self, input: &mut Input, first_line: Option<String>) {
        send("umax, a Rust port of micro-Max. Type 'help' for the commands.");
        self.show_board();
        if let Some(line) = first_line {
            self.handle(&line, input);
        }
        while !self.quit {
            let Some(line) = input.next_line() else { break };
            self.handle(&line, input);
        }
    }

    /// Do what one line of input says.
    pub fn handle(&mut self, line: &str, input: &mut Input) {
        let line = line.trim();
        let (command, argument) = match line.split_once(char::is_whitespace) {
            Some((command, argument)) => (command, argument.trim()),
            None => (line, ""),
        };
        match command {
            "" => {}
            "help" | "?" => send(HELP),
            "quit" | "exit" => self.quit = true,
            "new" => {
                self.game = Game::new();
                self.searcher.clear_table();
                self.engine_side = Some(Color::Black);
                self.reset_clock();
                send("New game: you play White.");
                self.show_board();
            }
            "undo" => self.undo(),
            "go" => {
                self.engine_side = Some(self.game.board().side_to_move());
                self.engine_move(input);
            }
            "play" => self.play_side(argument, input),
            "st" => match parse_seconds(argument) {
                Some(time) if !time.is_zero() => {
                    self.time_control = TimeControl::PerMove(time);
                    send(&format!("Thinking {} s per move.", time.as_secs_f64()));
                }
                _ => send(&format!(
                    "Error: st needs a number of seconds above 0, not '{argument}'"
                )),
            },
            "sd" => match argument.parse::<u32>() {
                Ok(0) => {
                    self.max_depth = None;
                    send("No depth limit.");
                }
                Ok(depth) => {
                    self.max_depth = Some(depth);
                    send(&format!("Searching at most {depth} plies."));
                }
                Err(_) => send(&format!(
                    "Error: sd needs a depth in plies, not '{argument}'"
                )),
            },
            "level" => self.set_level(argument),
            "hint" => self.hint(input),
            "fen" if argument.is_empty() => send(&self.game.board().to_fen()),
            "fen" | "setboard" => match Game::from_fen(argument) {
                Ok(game) => {
                    self.game = game;
                    self.searcher.clear_table();
                    self.reset_clock();
                    self.show_board();
                    self.announce_if_over();
                }
                Err(error) => send(&format!("Bad FEN: {error}")),
            },
            "d" | "show" | "board" => self.show_board(),
            "flip" => {
                self.flipped = !self.flipped;
                self.show_board();
            }
            "ascii" => {
                self.unicode = !self.unicode;
                self.show_board();
            }
            "pgn" => self.save_pgn(argument),
            "perft" => match argument.parse::<u32>() {
                Ok(depth) if depth <= 10 => {
                    tools::perft(self.game.board(), depth);
                }
                _ => send(&format!(
                    "Error: perft needs a depth from 0 to 10, not '{argument}'"
                )),
            },
            "bench" => {
                let log2_entries = self.searcher.table().len().trailing_zeros();
                tools::bench(tools::DEFAULT_BENCH_DEPTH, log2_entries);
            }
            _ => self.user_move(line, input),
        }
    }

    fn play_side(&mut self, argument: &str, input: &mut Input) {
        self.engine_side = match argument {
            "white" | "w" => Some(Color::White),
            "black" | "b" => Some(Color::Black),
            "none" => None,
            _ => {
                send(&format!(
                    "Error: play needs white, black or none, not '{argument}'"
                ));
                return;
            }
        };
        match self.engine_side {
            Some(color) => send(&format!("umax plays {}.", color.name())),
            None => send("umax plays neither side."),
        }
        if self.engine_side == Some(self.game.board().side_to_move()) {
            self.engine_move(input);
        }
    }

    fn set_level(&mut self, argument: &str) {
        match TimeControl::parse_level(argument) {
            Some(
                level @ TimeControl::Level {
                    moves_per_session,
                    base,
                    increment,
                },
            ) if !base.is_zero() || !increment.is_zero() => {
                self.time_control = level;
                self.reset_clock();
                let moves = if moves_per_session == 0 {
                    "all moves".to_string()
                } else {
                    format!("{moves_per_session} moves")
                };
                send(&format!(
                    "Clock: {moves} in {} s, {} s increment.",
                    base.as_secs_f64(),
                    increment.as_secs_f64()
                ));
            }
            _ => send(&format!(
                "Error: level needs MPS BASE INC, e.g. 'level 40 5 0' or 'level 0 2:30 1', not '{argument}'"
            )),
        }
    }

    /// Set the engine's clock back to the full base time (new game or level).
    fn reset_clock(&mut self) {
        if let TimeControl::Level { base, .. } = self.time_control {
            self.clock = EngineClock {
                remaining: base,
                moves_played: 0,
            };
        }
    }

    fn limits(&self) -> Limits {
        self.time_control.limits(
            Some(self.clock.remaining),
            self.clock.moves_played,
            self.max_depth,
        )
    }

    /// Take the time the engine used off its clock and add the increment; a
    /// new session's time arrives after every `moves_per_session` moves.
    fn charge_clock(&mut self, used: Duration) {
        if let TimeControl::Level {
            moves_per_session,
            base,
            increment,
        } = self.time_control
        {
            let clock = &mut self.clock;
            clock.remaining = clock.remaining.saturating_sub(used) + increment;
            clock.moves_played += 1;
            if moves_per_session > 0 && clock.moves_played.is_multiple_of(moves_per_session) {
                clock.remaining += base;
            }
        }
    }

    fn undo(&mut self) {
        // Take back a full move: the engine's reply and the user's move, so that
        // it is the user's turn again.
        let Some(last) = self.game.undo() else {
            send("Nothing to undo.");
            return;
        };
        let mut taken = vec![last];
        if self.engine_side.is_some()
            && self.engine_side == Some(self.game.board().side_to_move())
            && let Some(previous) = self.game.undo()
        {
            taken.push(previous);
        }
        send(&format!(
            "Took back {} half-move{}.",
            taken.len(),
            if taken.len() == 1 { "" } else { "s" }
        ));
        self.show_board();
    }

    fn user_move(&mut self, text: &str, input: &mut Input) {
        if !looks_like_a_move(text) {
            send(&format!(
                "Unknown command: {text} (type 'help' for the list)"
            ));
            return;
        }
        if self.game.status().is_over() {
            send(&format!(
                "Error: the game is over ({}); type 'new' or 'undo'.",
                self.game.status().reason()
            ));
            return;
        }
        let board = self.game.board().clone();
        match parse_move(&board, text) {
            Ok(mv) => {
                let notation = san(&board, mv);
                self.game
                    .play(mv)
                    .expect("parse_move only returns legal moves");
                if self.engine_side.is_none() {
                    send(&format!("You played {notation}."));
                    self.show_board();
                }
                if self.announce_if_over() {
                    return;
                }
                if self.engine_side == Some(self.game.board().side_to_move()) {
                    self.engine_move(input);
                }
            }
            Err(error @ MoveError::Illegal { .. }) | Err(error @ MoveError::Ambiguous { .. }) => {
                send(&error.to_string())
            }
        }
    }

    /// The engine thinks and plays a move for the side to move.
    fn engine_move(&mut self, input: &mut Input) {
        if self.announce_if_over() {
            return;
        }
        let started = Instant::now();
        let result = self.think(input);
        self.charge_clock(started.elapsed());
        let Some(mv) = result.best_move else {
            return;
        };
        let board = self.game.board().clone();
        let notation = san(&board, mv);
        self.game
            .play(mv)
            .expect("the searcher returns legal moves");
        send(&thinking_line(&board, &result.info));
        send(&format!("umax plays {notation}"));
        self.show_board();
        self.announce_if_over();
    }

    fn think(&mut self, input: &mut Input) -> SearchResult {
        let mut listener = ConsoleListener { input };
        let board = self.game.board().clone();
        let limits = self.limits();
        self.searcher
            .think(&board, self.game.history_keys(), &limits, &mut listener)
    }

    fn hint(&mut self, input: &mut Input) {
        if self.game.status().is_over() {
            send("No hint: the game is over.");
            return;
        }
        let board = self.game.board().clone();
        let mut listener = ConsoleListener { input };
        let limits = Limits {
            move_time: Some(Duration::from_secs(1)),
            depth: self.max_depth,
            ..Limits::default()
        };
        let result = self
            .searcher
            .think(&board, self.game.history_keys(), &limits, &mut listener);
        if let Some(mv) = result.best_move {
            send(&format!("Hint: {}", san(&board, mv)));
        }
    }

    /// If the game has ended, say how, and return `true`.
    fn announce_if_over(&self) -> bool {
        let status = self.game.status();
        if status == GameStatus::Ongoing {
            return false;
        }
        let what = match status {
            GameStatus::Checkmate { .. } => "Checkmate",
            GameStatus::Stalemate => "Stalemate",
            GameStatus::ThreefoldRepetition => "Threefold repetition",
            GameStatus::FiftyMoveRule => "Fifty-move rule",
            GameStatus::InsufficientMaterial => "Insufficient material",
            GameStatus::Ongoing => "",
        };
        send(&format!(
            "{what}: {} {{{}}}",
            status.result(),
            status.reason()
        ));
        true
    }

    fn save_pgn(&self, path: &str) {
        if path.is_empty() {
            send("Error: pgn needs a file name, e.g. 'pgn game.pgn'");
            return;
        }
        let (white, black) = match self.engine_side {
            Some(Color::White) => ("umax", "Human"),
            Some(Color::Black) => ("Human", "umax"),
            None => ("Human", "Human"),
        };
        let pgn = self.game.to_pgn(white, black, &today());
        match std::fs::write(path, pgn) {
            Ok(()) => send(&format!("Saved the game to {path}.")),
            Err(error) => send(&format!("Error: cannot write {path}: {error}")),
        }
    }

    fn show_board(&self) {
        send(&render_board(self.game.board(), self.unicode, self.flipped));
    }
}

/// Polls the input while the engine thinks in the console: `stop`, `?` or
/// `move` make it move now; `quit` and end of input too, and the console exits
/// once the lines typed before them are handled. Other lines wait until the
/// move is made.
struct ConsoleListener<'a> {
    input: &'a mut Input,
}

impl Listener for ConsoleListener<'_> {
    fn should_stop(&mut self) -> bool {
        loop {
            let line = match self.input.poll_line() {
                None => return false,
                Some(Some(line)) => line,
                // End of input does what `quit` does: move now, then leave
                // (after the lines already typed).
                Some(None) => return true,
            };
            match line.trim() {
                "stop" | "?" | "move" => return true,
                // Move now; the lines typed before `quit` are still handled,
                // in order, and then `quit` itself.
                "quit" | "exit" => {
                    self.input.defer(line);
                    return true;
                }
                _ => self.input.defer(line),
            }
        }
    }
}

/// Could `text` be meant as a move (as opposed to a mistyped command)?
fn looks_like_a_move(text: &str) -> bool {
    let text = text.trim();
    let starts_like_a_move = text
        .chars()
        .next()
        .is_some_and(|c| matches!(c, 'a'..='h' | 'K' | 'Q' | 'R' | 'B' | 'N' | 'O' | '0'));
    let has_square = text.chars().any(|c| c.is_ascii_digit()) || text.contains("O-O");
    starts_like_a_move && has_square && text.len() <= 10 && !text.contains(' ')
}

/// One line of thinking output for people: depth, score, time, nodes, PV in SAN.
pub fn thinking_line(board: &Board, info: &SearchInfo) -> String {
    let score = match mate_in(info.score) {
        Some(moves) if moves > 0 => format!("mate in {moves}"),
        Some(moves) => format!("mated in {}", -moves),
        None => format!("{:+.2}", f64::from(info.score) / 100.0),
    };
    format!(
        "depth {}  score {score}  time {:.2} s  nodes {}  pv {}",
        info.depth,
        info.elapsed.as_secs_f64(),
        info.nodes,
        san_line(board, &info.pv)
    )
}

/// A line of moves in SAN, from `board`.
pub fn san_line(board: &Board, moves: &[Move]) -> String {
    let mut board = board.clone();
    let mut words = Vec::new();
    for &mv in moves {
        words.push(san(&board, mv));
        board.make_move(mv);
    }
    words.join(" ")
}

/// Draw the board with coordinates and the side to move; Unicode pieces or
/// plain ASCII letters.
pub fn render_board(board: &Board, unicode: bool, flipped: bool) -> String {
    let files: Vec<u8> = if flipped {
        (0..8).rev().collect()
    } else {
        (0..8).collect()
    };
    let ranks: Vec<u8> = if flipped {
        (0..8).collect()
    } else {
        (0..8).rev().collect()
    };
    let file_letters: String = files
        .iter()
        .map(|&f| format!(" {}", (b'a' + f) as char))
        .collect();
    let mut text = format!("   {file_letters}\n   +-----------------+\n");
    for &rank in &ranks {
        text.push_str(&format!(" {} |", rank + 1));
        for &file in &files {
            let piece = board.piece_at(Square::new(file, rank));
            text.push(' ');
            text.push(piece_symbol(piece.color(), piece.kind(), unicode));
        }
        text.push_str(&format!(" | {}\n", rank + 1));
    }
    text.push_str(&format!("   +-----------------+\n   {file_letters}\n"));
    let side = match board.side_to_move() {
        Color::White => "White",
        Color::Black => "Black",
    };
    let check = if board.in_check() { " (in check)" } else { "" };
    text.push_str(&format!("   {side} to move{check}"));
    text
}

fn piece_symbol(color: Option<Color>, kind: Option<PieceKind>, unicode: bool) -> char {
    let (Some(color), Some(kind)) = (color, kind) else {
        return if unicode { '·' } else { '.' };
    };
    if !unicode {
        let letter = kind.letter();
        return if color == Color::White {
            letter
        } else {
            letter.to_ascii_lowercase()
        };
    }
    let index = kind as usize - 1;
    match color {
        Color::White => ['♙', '♘', '♗', '♖', '♕', '♔'][index],
        Color::Black => ['♟', '♞', '♝', '♜', '♛', '♚'][index],
    }
}

/// Today's date as PGN wants it (`YYYY.MM.DD`), from the system clock (UTC).
fn today() -> String {
    let Ok(since_epoch) = SystemTime::now().duration_since(UNIX_EPOCH) else {
        return "????.??.??".to_string();
    };
    // Days since 1970-01-01 to a civil date (Howard Hinnant's algorithm).
    let days = (since_epoch.as_secs() / 86_400) as i64 + 719_468;
    let era = days.div_euclid(146_097);
    let day_of_era = days.rem_euclid(146_097);
    let year_of_era =
        (day_of_era - day_of_era / 1460 + day_of_era / 36_524 - day_of_era / 146_096) / 365;
    let day_of_year = day_of_era - (365 * year_of_era + year_of_era / 4 - year_of_era / 100);
    let month_index = (5 * day_of_year + 2) / 153;
    let day = day_of_year - (153 * month_index + 2) / 5 + 1;
    let month = if month_index < 10 {
        month_index + 3
    } else {
        month_index - 9
    };
    let year = year_of_era + era * 400 + i64::from(month <= 2);
    format!("{year:04}.{month:02}.{day:02}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn board_renders_in_both_styles() {
        let board = Board::start();
        let ascii = render_board(&board, false, false);
        assert!(ascii.contains(" 8 | r n b q k b n r | 8"));
        assert!(ascii.ends_with("White to move"));
        let unicode = render_board(&board, true, true);
        assert!(unicode.contains(" 1 | ♖ ♘ ♗ ♔ ♕ ♗ ♘ ♖ | 1"));
    }

    #[test]
    fn date_looks_like_a_date() {
        let date = today();
        assert_eq!(date.len(), 10);
        assert_eq!(&date[4..5], ".");
    }
}
