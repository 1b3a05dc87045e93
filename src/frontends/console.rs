//! # The console: playing umax in a terminal
//!
//! A thin loop over the engine: read a line, do what it says, print the result.
//! The words are the ones people know from TSCP and xboard: `new`, `undo`, `go`,
//! `st`, `sd`, `d`, `bench` and the rest (see [`HELP`]); they may be typed in
//! any case. A line that is not a command is read as a move, in SAN as people
//! type it (`Nf3`, `nf3`, `exd5`, `exd`, `O-O`, `o-o`, `e8=Q`) or in
//! coordinates (`g1f3`, `e7e8q`). Anything else gets one line saying why it was
//! not understood, and nothing changes. Every line gets its answer: none is
//! swallowed, not even a move typed as the player's flag fell.
//!
//! After every move the console shows the move with its number (`12. Nf3`,
//! `12... d5`); the board, from the player's side, with whose move it is,
//! follows once per turn: after umax's reply, not also after the player's move
//! it answers. While umax thinks it prints one line per finished iteration
//! (`post`), with scores from White's point of view, cut to the terminal's
//! width. umax plays Black, White, both sides (`play both`, `auto`) or
//! neither. With a `level` both sides have a clock and either can lose on time:
//! while the player thinks, the console waits for a line no longer than the
//! player's clock has left, so a flag falls (and is announced) when it falls.
//! The player can also `resign`, offer a draw or claim one (`draw`).
//! The game itself, the engine and who plays what are kept in a
//! [`Session`], as xboard keeps them. `random` (off by default, so that analysis and tests repeat) varies umax's
//! first moves among near-best ones.
//!
//! **Typed or piped.** When a person types at a terminal, umax reads the input
//! while it thinks: `stop`, `?` or `move` make it move at once, any line typed
//! stops `auto`, and the end of input stops the think. When the input is a
//! pipe or a file, its lines are a script: each command finishes before the
//! next line is read (`perft 5` counts to the end, `go` thinks its full time,
//! `auto` plays the game out), and the end of input waits for the command
//! running. `--interactive` reads a pipe as if typed (for tests and for
//! programs that stand in for a person).
//!
//! If the first command is `uci` or `xboard` (as a GUI sends it, a byte-order
//! mark or `\r` around it allowed), the console hands over to that protocol,
//! just as when the first line of a pipe says so ([`protocol_request`]).
//!
//! Everything the console echoes back from the input goes through
//! [`quote`], as in the other front ends: control
//! characters are shown escaped (`\x1b`), never sent to the terminal, and a
//! long line is cut short.

use std::io::{IsTerminal, Write};
use std::path::PathBuf;
use std::time::{Duration, Instant};

use crate::board::{Board, Color, Move, PieceKind, Square};
use crate::clock::{Limits, TimeControl, read_seconds};
use crate::eval::Score;
use crate::game::{Game, GameStatus, pgn_date_today};
use crate::input::{Busy, Input, Polled, escape, quote, send};
use crate::notation::{move_shape, parse_move, san};
use crate::search::strength::{MAX_ELO, MIN_ELO, StrengthOptions, random_seed, xorshift64};
use crate::search::{
    INFINITY, Listener, MAX_PLIES, SearchInfo, SearchResult, Searcher, Silent, mate_in, techniques,
};
use crate::session::{EngineRole, Outcome, Session, side_name};
use crate::tools;

/// How long umax thinks per move until `st` or `level` says otherwise.
pub const DEFAULT_THINK_TIME: Duration = Duration::from_secs(3);

/// How long umax thinks for a `hint`.
const HINT_TIME: Duration = Duration::from_secs(1);

/// With `random` on, umax varies its moves up to this move number.
pub const RANDOM_MOVES: u32 = 8;

/// With `random` on, a move may be chosen instead of the best one if its score
/// is at most this much lower (centipawns, after a quick search of each move).
/// micro-Max's evaluation is flat in the opening (six plies deep, 1. Nc3 and
/// 1. Nf3 score +0.16, 1. h4 +0.08, 1. e4 +0.04), so the margin is narrow.
pub const RANDOM_MARGIN: Score = 5;

/// The depth of the quick search that scores each move for `random`: shallower
/// searches cannot tell 1. e4 from 1. h4.
const RANDOM_DEPTH: u32 = 6;

/// The size of `random`'s own hash table: 2^16 entries.
const QUICK_TABLE_LOG2: u32 = 16;

/// At most this long for the quick search of one move for `random`.
const RANDOM_TIME_PER_MOVE: Duration = Duration::from_millis(100);

/// The deepest `perft` the console accepts (it can be stopped, but depth 11
/// from the start position would not finish in a lifetime).
const MAX_PERFT_DEPTH: u32 = 10;

/// The console's perft counts subtrees this deep in one go between two looks at
/// the input: a few million leaves at most, a few hundredths of a second.
const PERFT_CHUNK_DEPTH: u32 = 4;

/// Thinking lines are cut to this many columns when `COLUMNS` does not say
/// how wide the terminal is.
pub const DEFAULT_COLUMNS: usize = 80;

/// The narrowest width thinking lines are cut to, whatever `COLUMNS` says.
const MIN_COLUMNS: usize = 40;

/// umax accepts a draw offer when it scores its own side this much below
/// equality or worse (centipawns): two pawns down, clearly losing.
pub const DRAW_ACCEPT_SCORE: Score = -200;

/// The depth of the quick search that judges a draw offer.
const DRAW_OFFER_DEPTH: u32 = 8;

/// At most this long for the quick search that judges a draw offer.
const DRAW_OFFER_TIME: Duration = Duration::from_millis(500);

/// The list `help` prints.
pub const HELP: &str = "\
Moves: type them in SAN (Nf3, exd5, O-O, e8=Q) or coordinates (g1f3, e7e8q);
lower case works when it is unambiguous (nf3, exd, o-o, ra1b1; a lower-case b
is the b-pawn when that move is legal, else the bishop), and so do capitals
(NF3, E4).
Commands (in any case):
  new              start a new game (umax plays Black)
  undo             take back your last move and umax's reply
  go               umax plays the side to move (from now on)
  play white|black umax plays that side; 'play none' to move both sides yourself
  play both, auto  umax plays itself until the game ends or you type a line
  st SECONDS       think this long per move (fractions allowed; default 3 s)
  sd DEPTH         search at most this many plies (0 = no limit)
  level MPS BASE INC  a clock for both sides: MPS moves in BASE minutes,
                   INC seconds added per move; you lose if your flag falls
  time             show both clocks
  post, nopost     show or hide umax's thinking (on by default); scores are in
                   pawns from White's point of view
  ?, stop, move    while umax thinks: move now (typed at a terminal; piped
                   input runs a command at a time, each to its end)
  random [on|off]  vary umax's first 8 moves among near-best ones (off by default)
  elo [N|off]      play at about N Elo (1000 to 1800), or at full strength
  hint             suggest a move for you
  resign           give up the game
  draw             claim a draw by the 50-move rule or threefold repetition
                   if one holds, else offer one (umax accepts when it stands
                   at -2.00 or worse, or when no one can win);
                   'draw claim' / 'draw offer' for only the one
  moves, history   list the moves of the game
  fen              print the position as FEN
  fen FEN          set up a position
  d, show          show the board and the FEN
  flip             turn the board around (it shows your side at the bottom)
  ascii            switch between Unicode and ASCII pieces
  pgn FILE         save the game as PGN (added to the end of an existing file)
  perft DEPTH      count the move tree of the current position ('stop' stops it)
  bench            measure the engine's speed (with the current settings)
  set              list the search laboratory's switches and their values
  set NAME VALUE   set one (set null off, set preset micromax)
  stats            the statistics of umax's last search (EBF, FH1 %, ...)
  help             this list
  quit             leave (end of input does the same)";

/// The usage line of a command that needs an argument, for when it is typed
/// alone; `None` for a command that does something without one.
fn usage(command: &str) -> Option<&'static str> {
    Some(match command {
        "st" => "Usage: st SECONDS, e.g. 'st 5' or 'st 0.5': umax thinks this long per move.",
        "sd" => "Usage: sd DEPTH, e.g. 'sd 8': umax searches at most 8 plies ('sd 0': no limit).",
        "level" => {
            "Usage: level MPS BASE INC: MPS moves (0 = all) in BASE minutes (5, 0.5 or 2:30), \
             INC seconds added per move; e.g. 'level 40 5 0' or 'level 0 2:30 1'."
        }
        "perft" => "Usage: perft DEPTH, e.g. 'perft 4': count the move tree to that depth.",
        "play" => "Usage: play white|black|both|none: the side umax plays ('none': you move both).",
        "pgn" => "Usage: pgn FILE, e.g. 'pgn game.pgn': save the game (added to an existing file).",
        "setboard" => "Usage: setboard FEN (or fen FEN): set up a position.",
        _ => return None,
    })
}

/// One sentence saying who plays what.
fn describe(role: EngineRole) -> &'static str {
    match role {
        EngineRole::Neither => "umax plays neither side; you move for both.",
        EngineRole::White => "umax plays White; you play Black.",
        EngineRole::Black => "umax plays Black; you play White.",
        EngineRole::Both => "umax plays both sides; type any line to stop it.",
    }
}

/// A protocol a GUI asks for with its first line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Protocol {
    /// xboard / CECP.
    Xboard,
    /// UCI.
    Uci,
}

/// The protocol the first line of input asks for: `xboard` or `uci`, in any
/// case, with spaces, a `\r` or a UTF-8 byte-order mark around it (some
/// programs on Windows write one at the start of a pipe). `None` for any
/// other line. The same test decides at the start of a pipe and at the
/// console's first command, so both behave alike.
///
/// ```
/// use umax::console::{Protocol, protocol_request};
/// assert_eq!(protocol_request("\u{feff}uci\r"), Some(Protocol::Uci));
/// assert_eq!(protocol_request(" XBoard "), Some(Protocol::Xboard));
/// assert_eq!(protocol_request("uci now"), None);
/// ```
pub fn protocol_request(line: &str) -> Option<Protocol> {
    let word = without_byte_order_mark(line).trim();
    if word.eq_ignore_ascii_case("uci") {
        Some(Protocol::Uci)
    } else if word.eq_ignore_ascii_case("xboard") {
        Some(Protocol::Xboard)
    } else {
        None
    }
}

/// `line` without the UTF-8 byte-order mark (and spaces before it) that may
/// start the first line of a file or pipe.
pub fn without_byte_order_mark(line: &str) -> &str {
    let line = line.trim_start();
    line.strip_prefix('\u{feff}').unwrap_or(line)
}

/// Who played a move of the game (for the PGN's names and strength tags).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum PlayedBy {
    /// The person at the keyboard.
    Player,
    /// umax, at about this Elo (`None`: at full strength).
    Umax { elo: Option<u32> },
}

/// One side's clock when a `level` is set: what is left and how many moves
/// that side has made since the clock was set.
#[derive(Clone, Copy, Debug)]
struct SideClock {
    remaining: Duration,
    moves_played: u32,
}

/// The console's state: the game session, and the player's clock and
/// preferences.
pub struct Console {
    /// The game, the engine, who plays what, the time control, `sd`, `post`.
    session: Session,
    /// For each move of the game: who played it, and umax at which strength.
    played_by: Vec<PlayedBy>,
    /// A result the players gave, off the board: a resignation or a draw
    /// agreed. (A loss on time is the session's.)
    agreed_result: Option<Outcome>,
    /// The two clocks under a `level`, indexed by [`Color::index`].
    clocks: [SideClock; 2],
    /// When the side to move's turn began: its clock runs from here.
    turn_started: Instant,
    /// Vary umax's opening moves among near-best ones.
    random: bool,
    /// The random generator for `random` (xorshift64, seeded per run).
    rng: u64,
    /// A small searcher of its own for the quick searches of `random` and of a
    /// draw offer, so that what the main table remembers from the real think
    /// does not favour some moves.
    quick_searcher: Option<Searcher>,
    unicode: bool,
    /// Turn the board from its usual side (the player's side at the bottom).
    flipped: bool,
    /// Print a prompt when waiting for a line (a person at a terminal).
    prompt: bool,
    /// Read the input while umax is busy, as typed by a person: `stop` makes
    /// it move, a line stops `auto`, the end of input stops the think. Off
    /// when the input is a script (a pipe or a file), whose lines wait their
    /// turn.
    interactive: bool,
    /// The width thinking lines are cut to.
    columns: usize,
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
    /// A console over `searcher`, umax playing Black.
    pub fn new(searcher: Searcher, unicode: bool) -> Console {
        Console {
            session: Session::new(searcher, TimeControl::PerMove(DEFAULT_THINK_TIME)),
            played_by: Vec::new(),
            agreed_result: None,
            clocks: [SideClock {
                remaining: Duration::ZERO,
                moves_played: 0,
            }; 2],
            turn_started: Instant::now(),
            random: false,
            // std's hashers are seeded randomly per process: a seed without a crate.
            rng: random_seed(),
            quick_searcher: None,
            unicode,
            flipped: false,
            prompt: false,
            interactive: false,
            columns: terminal_columns(),
            quit: false,
        }
    }

    /// Read piped input as if a person typed it (see [`Console::run`]); a
    /// terminal is always read so.
    pub fn set_interactive(&mut self, interactive: bool) {
        self.interactive = interactive;
    }

    /// The searcher, to hand to the protocol the first command asked for.
    pub fn into_searcher(self) -> Searcher {
        self.session.searcher
    }

    /// Run until `quit` or end of input. `first_line`, if any, was already read
    /// (while deciding which front end to run) and is handled first. A prompt
    /// is shown only when a person types at a terminal: in a pipe it would
    /// run into the next line of output. Input from a terminal (or any input
    /// after [`Console::set_interactive`]) is read while umax is busy; other
    /// input is a script, run a command at a time (see the module docs).
    ///
    /// Returns the protocol asked for if the first command was `uci` or
    /// `xboard`: the caller starts it with [`Console::into_searcher`].
    pub fn run(&mut self, input: &mut Input, first_line: Option<String>) -> Option<Protocol> {
        self.prompt = std::io::stdin().is_terminal();
        self.interactive |= self.prompt;
        send("umax, a Rust port of micro-Max. Type 'help' for the commands.");
        send(&format!(
            "You play White; umax thinks {} s per move ('st' or 'level' to change).",
            DEFAULT_THINK_TIME.as_secs_f64()
        ));
        self.show_position();
        let mut first_command = true;
        let mut pending = first_line;
        while !self.quit {
            let line = match pending.take() {
                Some(line) => line,
                None => match self.read_line(input) {
                    Some(line) => line,
                    None if input.at_end() => break,
                    None => continue,
                },
            };
            if first_command && !line.trim().is_empty() {
                first_command = false;
                if let Some(protocol) = protocol_request(&line) {
                    return Some(protocol);
                }
                self.handle(without_byte_order_mark(&line), input);
            } else {
                self.handle(&line, input);
            }
        }
        None
    }

    /// The next line of input; `None` at the end of input, or when the
    /// player's flag fell while the console waited (it has been announced).
    fn read_line(&mut self, input: &mut Input) -> Option<String> {
        if self.prompt && !input.has_deferred() {
            send_prompt(&self.prompt_text());
        }
        // While the player's clock runs, wait no longer than it has left:
        // the flag falls when it falls, not at the next line typed.
        match self.player_time_left() {
            Some(left) => match input.next_line_within(left) {
                Some(line) => line,
                None => {
                    self.check_flag();
                    None
                }
            },
            None => input.next_line(),
        }
    }

    /// The prompt: the move number when it is the player's move.
    fn prompt_text(&self) -> String {
        let board = self.session.game.board();
        if self.is_over() || self.session.engine_to_move() {
            "umax> ".to_string()
        } else {
            format!("{} your move> ", move_number(board))
        }
    }

    /// Do what one line of input says.
    pub fn handle(&mut self, line: &str, input: &mut Input) {
        let line = line.trim();
        if line.is_empty() {
            return;
        }
        // A flag that has fallen is announced before the line is answered (a
        // move typed as it fell is then refused: the game is over).
        self.check_flag();
        let (word, argument) = match line.split_once(char::is_whitespace) {
            Some((word, argument)) => (word, argument.trim()),
            None => (line, ""),
        };
        let word = word.to_ascii_lowercase();
        if argument.is_empty()
            && let Some(usage) = usage(&word)
        {
            send(usage);
            return;
        }
        match word.as_str() {
            "help" | "?" => send(HELP),
            "quit" | "exit" => self.quit = true,
            "new" => self.new_game(),
            "undo" => self.undo(),
            "go" => self.go(input),
            "play" => self.play_side(&argument.to_ascii_lowercase(), input),
            "auto" => self.play_side("both", input),
            "stop" | "move" => send("umax is not thinking: there is nothing to stop."),
            "st" => self.set_move_time(argument),
            "sd" => self.set_depth(argument),
            "level" => self.set_level(argument),
            "time" => self.show_clocks(),
            "post" => {
                self.session.post = true;
                send("Showing umax's thinking (scores from White's point of view).");
            }
            "nopost" => {
                self.session.post = false;
                send("Hiding umax's thinking.");
            }
            "random" => self.set_random(&argument.to_ascii_lowercase()),
            "elo" => self.set_elo(argument),
            "hint" => self.hint(input),
            "resign" => self.resign(),
            "draw" => self.draw(&argument.to_ascii_lowercase()),
            "moves" | "history" => self.show_moves(),
            "fen" if argument.is_empty() => send(&self.session.game.board().to_fen()),
            "fen" | "setboard" => self.set_position(argument),
            "d" | "show" | "board" => {
                self.show_position();
                send(&format!("FEN: {}", self.session.game.board().to_fen()));
            }
            "flip" => {
                self.flipped = !self.flipped;
                self.show_position();
            }
            "ascii" => {
                self.unicode = !self.unicode;
                self.show_position();
            }
            "pgn" => self.save_pgn(argument),
            "perft" => match argument.parse::<u32>() {
                Ok(depth) if depth <= MAX_PERFT_DEPTH => self.perft(depth, input),
                _ => send(&format!(
                    "Error: perft needs a depth from 0 to {MAX_PERFT_DEPTH}, not '{}'",
                    quote(argument)
                )),
            },
            "bench" => {
                let log2_entries = self.session.searcher.table().len().trailing_zeros();
                let settings = self.session.searcher.settings().clone();
                tools::bench_with(&settings, tools::DEFAULT_BENCH_DEPTH, log2_entries, false);
            }
            "set" => self.set_option(argument),
            "stats" => {
                let stats = self.session.searcher.stats();
                if stats.iterations.is_empty() {
                    send("No search yet: the statistics are those of umax's last search.");
                } else {
                    send(stats.table().trim_end());
                }
            }
            _ => self.player_move(line, input),
        }
    }

    /// `set` lists the laboratory's switches; `set NAME VALUE` sets one.
    fn set_option(&mut self, argument: &str) {
        let settings = self.session.searcher.settings().clone();
        if argument.is_empty() {
            send(&format!("Search settings: {}", settings.to_spec()));
            // Columns as wide as the longest name and value.
            let values: Vec<String> = techniques::OPTIONS
                .iter()
                .map(|option| option.value_text(&settings))
                .collect();
            let name_width = techniques::OPTIONS
                .iter()
                .map(|option| option.name.len())
                .max()
                .unwrap_or(0);
            let value_width = values.iter().map(String::len).max().unwrap_or(0);
            for (option, value) in techniques::OPTIONS.iter().zip(&values) {
                send(&format!(
                    "  {:<name_width$} {value:<value_width$} {}",
                    option.name, option.doc
                ));
            }
            return;
        }
        let (name, value) = match argument.split_once(char::is_whitespace) {
            Some((name, value)) => (name, value.trim()),
            None => argument.split_once('=').unwrap_or((argument, "")),
        };
        let mut changed = settings;
        match changed.set(name, value) {
            Ok(()) => {
                send(&format!("Search settings: {}", changed.to_spec()));
                self.session.searcher.set_settings(changed);
            }
            Err(error) => send(&format!("Error: {}", quote(&error))),
        }
    }

    // ----- the game -----

    fn new_game(&mut self) {
        self.session.new_game();
        self.played_by.clear();
        self.agreed_result = None;
        self.reset_clocks();
        send("New game: you play White, umax plays Black.");
        self.show_position();
    }

    fn set_position(&mut self, fen: &str) {
        match Game::from_fen(fen) {
            Ok(game) => {
                self.session.set_game(game);
                self.played_by.clear();
                self.agreed_result = None;
                self.reset_clocks();
                self.show_position();
                self.announce_if_over();
            }
            Err(error) => send(&format!("Bad FEN: {}", quote(&error.to_string()))),
        }
    }

    /// umax plays the side to move from now on (or both sides, if it does).
    fn go(&mut self, input: &mut Input) {
        if self.announce_if_over() {
            return;
        }
        if self.session.role != EngineRole::Both {
            self.session.role = EngineRole::side(self.session.game.board().side_to_move());
        }
        self.let_umax_play(input);
    }

    fn play_side(&mut self, argument: &str, input: &mut Input) {
        self.session.role = match argument {
            "white" | "w" => EngineRole::White,
            "black" | "b" => EngineRole::Black,
            "none" | "neither" => EngineRole::Neither,
            "both" => EngineRole::Both,
            _ => {
                send(&format!(
                    "Error: play needs white, black, both or none, not '{}'",
                    quote(argument)
                ));
                return;
            }
        };
        send(describe(self.session.role));
        if self.session.engine_to_move() {
            self.let_umax_play(input);
        }
    }

    fn undo(&mut self) {
        if let Some(outcome) = self.final_outcome() {
            send(&format!(
                "Nothing to undo: the game is over ({}); type 'new' for a new game.",
                outcome.reason
            ));
            return;
        }
        // Take back a full move: umax's reply and the player's move, so that it
        // is the player's turn again.
        if self.take_back().is_none() {
            send("Nothing to undo.");
            return;
        }
        let mut taken = 1;
        if self.session.engine_to_move()
            && self.session.role != EngineRole::Both
            && self.take_back().is_some()
        {
            taken += 1;
        }
        self.turn_started = Instant::now();
        send(&format!(
            "Took back {taken} half-move{}.",
            if taken == 1 { "" } else { "s" }
        ));
        self.show_position();
    }

    /// Take back the last move of the game and forget who played it.
    fn take_back(&mut self) -> Option<Move> {
        let mv = self.session.game.undo()?;
        self.played_by.pop();
        Some(mv)
    }

    /// A line that is not a command: the player's move, or a mistake.
    fn player_move(&mut self, text: &str, input: &mut Input) {
        if move_shape(text).is_none() {
            send(&format!(
                "Unknown command: {} (type 'help' for the list)",
                quote(text)
            ));
            return;
        }
        if self.refused_because_over() {
            return;
        }
        let side = self.session.game.board().side_to_move();
        if self.session.role.plays(side) {
            send(&format!(
                "Error: it is umax's move ({}); type 'go' to let it move, or 'play none' to move for both sides.",
                side_name(side)
            ));
            return;
        }
        match parse_move(self.session.game.board(), text) {
            Ok(mv) => {
                let used = self.turn_started.elapsed();
                if !self.charge_clock(side, used) {
                    return;
                }
                self.play_move(mv, false);
                self.let_umax_play(input);
            }
            Err(error) => send(&escape(&error.to_string())),
        }
    }

    /// Play `mv` (legal) and show what happened: the move with its number, the
    /// board, whose move it is, and the result if the game is over. The board
    /// waits when umax is about to answer the player's move: one board a turn.
    fn play_move(&mut self, mv: Move, by_umax: bool) {
        let board = self.session.game.board().clone();
        let numbered = format!("{} {}", move_number(&board), san(&board, mv));
        self.session
            .game
            .play(mv)
            .expect("only legal moves are played");
        self.played_by.push(if by_umax {
            PlayedBy::Umax {
                elo: self.current_elo(),
            }
        } else {
            PlayedBy::Player
        });
        self.turn_started = Instant::now();
        let who = if by_umax { "umax plays" } else { "You play" };
        send(&format!("{who} {numbered}"));
        let umax_answers = !by_umax && self.session.engine_to_move() && !self.is_over();
        if !umax_answers {
            self.show_position();
        }
        self.announce_if_over();
    }

    /// While it is umax's turn, let it move: once, or when it plays both sides,
    /// until the game ends or a line typed stops it.
    fn let_umax_play(&mut self, input: &mut Input) {
        while !self.quit && !self.is_over() && self.session.engine_to_move() {
            let interrupted = self.umax_move(input);
            let watching = self.session.role == EngineRole::Both && !self.is_over();
            // A script's lines wait until the game is over.
            let line_typed = self.interactive && (interrupted || line_waiting(input));
            if watching && line_typed {
                self.session.role = EngineRole::Neither;
                send("umax stops playing itself: it plays neither side now ('auto' goes on).");
            }
            if self.interactive && input.end_seen() {
                break;
            }
        }
    }

    /// umax thinks and plays a move for the side to move. Returns whether a
    /// line typed (or the end of input) cut the think short.
    fn umax_move(&mut self, input: &mut Input) -> bool {
        let side = self.session.game.board().side_to_move();
        let started = Instant::now();
        let limits = self.limits(side);
        let (result, interrupted) = self.choose_move(input, &limits);
        let chosen = result.best_move.map(|best| {
            if self.random && self.session.game.board().fullmove_number() <= RANDOM_MOVES {
                // With a clock running, at most a twentieth of what is left.
                let budget = self
                    .clock_after(side, started.elapsed())
                    .map(|left| left / 20);
                self.vary(best, budget)
            } else {
                best
            }
        });
        if !self.charge_clock(side, started.elapsed()) {
            // The board umax was to answer, as it stays.
            self.show_position();
            return interrupted;
        }
        if let Some(mv) = chosen {
            self.play_move(mv, true);
        }
        interrupted
    }

    /// Choose umax's move at the strength set; also says whether the input
    /// stopped the search.
    fn choose_move(&mut self, input: &mut Input, limits: &Limits) -> (SearchResult, bool) {
        let board = self.session.game.board().clone();
        let mut listener = self.listener(input, &board);
        let result = self.session.play(limits, &mut listener);
        (result, listener.interrupted)
    }

    /// `elo N` plays at about N Elo, `elo off` at full strength, `elo` says which.
    fn set_elo(&mut self, argument: &str) {
        let word = argument.to_ascii_lowercase();
        let changes = match word.as_str() {
            "" => vec![],
            "off" | "full" => vec![(StrengthOptions::LIMIT_NAME, "off")],
            number => vec![
                (StrengthOptions::ELO_NAME, number),
                (StrengthOptions::LIMIT_NAME, "on"),
            ],
        };
        for (name, value) in changes {
            if let Some(Err(error)) = self.session.set_strength_option(name, value) {
                send(&format!(
                    "Error: elo needs a number or off ({})",
                    quote(&error)
                ));
                return;
            }
        }
        let strength = self.session.strength;
        if strength.limit {
            send(&format!(
                "umax plays at about {} Elo (Stockfish's UCI_Elo scale, blitz; from {MIN_ELO} to {MAX_ELO}).",
                strength.elo
            ));
        } else {
            send("umax plays at full strength.");
        }
    }

    fn set_random(&mut self, argument: &str) {
        self.random = match argument {
            "" => !self.random,
            "on" => true,
            "off" => false,
            _ => {
                send(&format!(
                    "Error: random needs on, off or nothing, not '{}'",
                    quote(argument)
                ));
                return;
            }
        };
        send(&format!(
            "Random choice among near-best moves in umax's first {RANDOM_MOVES} moves: {}.",
            if self.random { "on" } else { "off" }
        ));
    }

    /// Variety for `random`: score every legal move with a quick search of the
    /// same depth and pick one at random among those within [`RANDOM_MARGIN`]
    /// of the best of them; `best`, the move the full think chose, is always a
    /// candidate. If the quick searches take longer than `budget`, `best` it is.
    fn vary(&mut self, best: Move, budget: Option<Duration>) -> Move {
        let deadline = budget.map(|budget| Instant::now() + budget);
        let board = self.session.game.board().clone();
        let mut history = self.session.game.history_keys().to_vec();
        history.push(board.key());
        let searcher = self
            .quick_searcher
            .get_or_insert_with(|| Searcher::new(QUICK_TABLE_LOG2));
        searcher.clear_table();
        let mut scored = Vec::new();
        for mv in board.legal_moves() {
            let mut after = board.clone();
            after.make_move(mv);
            let score = if after.legal_moves().is_empty() {
                if after.in_check() { INFINITY } else { 0 }
            } else {
                let limits = Limits {
                    depth: Some(RANDOM_DEPTH),
                    move_time: Some(RANDOM_TIME_PER_MOVE),
                    ..Limits::default()
                };
                -searcher
                    .think(&after, &history, &limits, &mut Silent)
                    .info
                    .score
            };
            scored.push((mv, score));
            if deadline.is_some_and(|deadline| Instant::now() > deadline) {
                return best;
            }
        }
        let top = scored.iter().map(|&(_, score)| score).max().unwrap_or(0);
        let mut near_best: Vec<Move> = scored
            .iter()
            .filter(|&&(mv, score)| mv != best && score >= top - RANDOM_MARGIN)
            .map(|&(mv, _)| mv)
            .collect();
        near_best.insert(0, best);
        let choice = near_best[(xorshift64(&mut self.rng) % near_best.len() as u64) as usize];
        if near_best.len() == 1 {
            return choice;
        }
        send(&format!(
            "random: {} among {} near-best moves ({})",
            san(&board, choice),
            near_best.len(),
            near_best
                .iter()
                .map(|&mv| san(&board, mv))
                .collect::<Vec<_>>()
                .join(" ")
        ));
        choice
    }

    /// A listener for umax's think that reads the input only when it is typed.
    fn listener<'a>(&self, input: &'a mut Input, board: &'a Board) -> ConsoleListener<'a> {
        ConsoleListener {
            input,
            board,
            post: self.session.post,
            interactive: self.interactive,
            columns: self.columns,
            interrupted: false,
        }
    }

    fn hint(&mut self, input: &mut Input) {
        if self.is_over() {
            send("No hint: the game is over.");
            return;
        }
        let board = self.session.game.board().clone();
        let mut listener = self.listener(input, &board);
        if let Some(mv) = self.session.hint(HINT_TIME, &mut listener) {
            send(&format!("Hint: {}", san(&board, mv)));
        }
    }

    /// How the game ended: by resignation or a draw agreed, on time, or on
    /// the board; `None` while it goes on.
    fn outcome(&self) -> Option<Outcome> {
        self.agreed_result
            .clone()
            .or_else(|| self.session.outcome())
    }

    /// The outcome when `undo` cannot take it back: a resignation, a draw
    /// agreed or a flag's fall (the clock cannot be wound back).
    fn final_outcome(&self) -> Option<Outcome> {
        if self.agreed_result.is_some() || self.session.lost_on_time.is_some() {
            self.outcome()
        } else {
            None
        }
    }

    fn is_over(&self) -> bool {
        self.outcome().is_some()
    }

    /// If the game is over, say so with what can be done now, and return
    /// `true`. The advice agrees with what `undo` does.
    fn refused_because_over(&self) -> bool {
        let Some(outcome) = self.outcome() else {
            return false;
        };
        let advice = if self.final_outcome().is_some() {
            "type 'new' for a new game"
        } else {
            "type 'new' or 'undo'"
        };
        send(&format!(
            "Error: the game is over ({}); {advice}.",
            outcome.reason
        ));
        true
    }

    /// If the game has ended, say how, and return `true`.
    fn announce_if_over(&self) -> bool {
        let Some(Outcome { result, reason }) = self.outcome() else {
            return false;
        };
        let what = if self.agreed_result.is_some() {
            if result == "1/2-1/2" {
                "Draw agreed"
            } else {
                "Resignation"
            }
        } else if self.session.lost_on_time.is_some() {
            if result == "1/2-1/2" {
                "Flag fall"
            } else {
                "Time forfeit"
            }
        } else {
            match self.session.game.status() {
                GameStatus::Checkmate { .. } => "Checkmate",
                GameStatus::Stalemate => "Stalemate",
                GameStatus::ThreefoldRepetition => "Threefold repetition",
                GameStatus::FiftyMoveRule => "Fifty-move rule",
                GameStatus::InsufficientMaterial => "Insufficient material",
                GameStatus::Ongoing => "",
            }
        };
        send(&format!("{what}: {result} {{{reason}}}"));
        true
    }

    // ----- resigning and draws -----

    /// The player gives up: the side the player plays loses (the side to
    /// move when the player moves for both).
    fn resign(&mut self) {
        if self.refused_because_over() {
            return;
        }
        let loser = match self.session.role {
            EngineRole::White => Color::Black,
            EngineRole::Black => Color::White,
            EngineRole::Neither => self.session.game.board().side_to_move(),
            EngineRole::Both => {
                send("Error: umax plays both sides, so you have no side to resign.");
                return;
            }
        };
        self.agreed_result = Some(Outcome {
            result: match loser {
                Color::White => "0-1",
                Color::Black => "1-0",
            },
            reason: format!("{} resigns", side_name(loser)),
        });
        self.announce_if_over();
    }

    /// `draw claim` claims a draw by the rules, `draw offer` offers one to
    /// umax, and `draw` alone claims if a claim holds, else offers.
    fn draw(&mut self, argument: &str) {
        let drawn_by_rule = matches!(
            self.session.game.status(),
            GameStatus::ThreefoldRepetition | GameStatus::FiftyMoveRule
        );
        match argument {
            "" | "claim" if drawn_by_rule && self.final_outcome().is_none() => {
                // The rules ended the game as the position arose: the claim
                // holds and confirms it.
                let outcome = self.session.game.status();
                send(&format!(
                    "Your claim holds: 1/2-1/2 {{{}}}",
                    outcome.reason()
                ));
            }
            _ if !matches!(argument, "" | "claim" | "offer") => send(&format!(
                "Error: draw needs nothing, 'claim' or 'offer', not '{}'",
                quote(argument)
            )),
            _ if self.refused_because_over() => {}
            "claim" => {
                let game = &self.session.game;
                let times = game.repetitions();
                send(&format!(
                    "No draw to claim: this position has occurred {times} time{} (a claim needs 3) \
                     and {} half-moves have passed without a capture or pawn move (it needs 100).",
                    if times == 1 { "" } else { "s" },
                    game.board().halfmove_clock()
                ));
            }
            _ => self.offer_draw(),
        }
    }

    /// Offer umax a draw. It accepts when no one can win (see
    /// [`no_one_can_win`]) or when a quick search scores its side at
    /// [`DRAW_ACCEPT_SCORE`] or worse; otherwise it plays on.
    fn offer_draw(&mut self) {
        let umax_side = match self.session.role {
            EngineRole::White => Color::White,
            EngineRole::Black => Color::Black,
            EngineRole::Neither | EngineRole::Both => {
                send(&format!(
                    "Error: {} There is no one to offer a draw to.",
                    describe(self.session.role)
                ));
                return;
            }
        };
        let board = self.session.game.board().clone();
        let verdict = if no_one_can_win(&board) {
            Some("no one can win this".to_string())
        } else {
            let score = self.quick_score();
            let for_umax = if board.side_to_move() == umax_side {
                score
            } else {
                -score
            };
            let judged = judgement(for_umax);
            if for_umax <= DRAW_ACCEPT_SCORE {
                Some(judged)
            } else {
                send(&format!(
                    "umax declines the draw: {judged} (it accepts at {:+.2} or worse, or when no one can win). Play on.",
                    f64::from(DRAW_ACCEPT_SCORE) / 100.0
                ));
                None
            }
        };
        if let Some(reason) = verdict {
            send(&format!("umax accepts the draw: {reason}."));
            self.agreed_result = Some(Outcome {
                result: "1/2-1/2",
                reason: "Draw by agreement".to_string(),
            });
            self.announce_if_over();
        }
    }

    /// The score of the position for the side to move, from a quick search
    /// with the console's own small table (the game's table is left as it
    /// is, so the next move's search is not changed by the question).
    fn quick_score(&mut self) -> Score {
        let board = self.session.game.board().clone();
        let history = self.session.game.history_keys().to_vec();
        let searcher = self
            .quick_searcher
            .get_or_insert_with(|| Searcher::new(QUICK_TABLE_LOG2));
        searcher.clear_table();
        let limits = Limits {
            depth: Some(DRAW_OFFER_DEPTH),
            move_time: Some(DRAW_OFFER_TIME),
            ..Limits::default()
        };
        searcher
            .think(&board, &history, &limits, &mut Silent)
            .info
            .score
    }

    // ----- time -----

    fn set_move_time(&mut self, argument: &str) {
        match read_seconds(argument) {
            Ok(time) if !time.is_zero() => {
                self.session.time_control = TimeControl::PerMove(time);
                send(&format!("Thinking {} s per move.", time.as_secs_f64()));
            }
            Ok(_) => send("Error: st needs a number of seconds above 0"),
            // The error names the accepted range (up to MAX_SECONDS).
            Err(error) => send(&format!("Error: st {error} seconds")),
        }
    }

    fn set_depth(&mut self, argument: &str) {
        match argument.parse::<u32>() {
            Ok(0) => {
                self.session.max_depth = None;
                send("No depth limit.");
            }
            Ok(depth) if depth <= MAX_PLIES => {
                self.session.max_depth = Some(depth);
                send(&format!("Searching at most {depth} plies."));
            }
            _ => send(&format!(
                "Error: sd needs a depth from 0 (no limit) to {MAX_PLIES} plies, not '{}'",
                quote(argument)
            )),
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
                self.session.time_control = level;
                self.reset_clocks();
                let moves = if moves_per_session == 0 {
                    "all moves".to_string()
                } else {
                    format!("{moves_per_session} moves")
                };
                send(&format!(
                    "Clock for both sides: {moves} in {}, {} s increment.",
                    clock_text(base),
                    increment.as_secs_f64()
                ));
            }
            _ => send(&format!(
                "Error: level needs MPS BASE INC, e.g. 'level 40 5 0' or 'level 0 2:30 1', not '{}'",
                quote(argument)
            )),
        }
    }

    /// Set both clocks back to the full base time (new game, position or level).
    fn reset_clocks(&mut self) {
        self.session.lost_on_time = None;
        self.turn_started = Instant::now();
        if let TimeControl::Level { base, .. } = self.session.time_control {
            self.clocks = [SideClock {
                remaining: base,
                moves_played: 0,
            }; 2];
        }
    }

    /// The limits for umax's think as `side`.
    fn limits(&self, side: Color) -> Limits {
        let clock = self.clocks[side.index()];
        self.session
            .limits(Some(clock.remaining), clock.moves_played)
    }

    /// The clock of `side` after `used` more time, if a `level` is set.
    fn clock_after(&self, side: Color, used: Duration) -> Option<Duration> {
        match self.session.time_control {
            TimeControl::Level { .. } => {
                Some(self.clocks[side.index()].remaining.saturating_sub(used))
            }
            TimeControl::PerMove(_) => None,
        }
    }

    /// Charge `side` for a move that took `used`: take the time off its clock,
    /// add the increment, and a new session's time after every
    /// `moves_per_session` moves. If the time ran out first, `side`'s flag
    /// falls (said at once) and `false` is returned: the move does not count.
    fn charge_clock(&mut self, side: Color, used: Duration) -> bool {
        let TimeControl::Level {
            moves_per_session,
            base,
            increment,
        } = self.session.time_control
        else {
            return true;
        };
        let clock = &mut self.clocks[side.index()];
        if used > clock.remaining {
            clock.remaining = Duration::ZERO;
            self.flag_fell(side);
            return false;
        }
        clock.remaining = clock.remaining - used + increment;
        clock.moves_played += 1;
        if moves_per_session > 0 && clock.moves_played.is_multiple_of(moves_per_session) {
            clock.remaining += base;
        }
        true
    }

    /// What is left on the player's clock while it runs: under a `level`, in
    /// a game not over, on the player's turn. `None` when no clock runs.
    fn player_time_left(&self) -> Option<Duration> {
        if self.is_over() || self.session.engine_to_move() {
            return None;
        }
        let side = self.session.game.board().side_to_move();
        self.clock_after(side, self.turn_started.elapsed())
    }

    /// Has the player to move run out of time? Then the flag has fallen,
    /// whatever the player is typing, and we say so now.
    fn check_flag(&mut self) {
        if self.player_time_left() == Some(Duration::ZERO) {
            let side = self.session.game.board().side_to_move();
            self.clocks[side.index()].remaining = Duration::ZERO;
            self.flag_fell(side);
        }
    }

    fn flag_fell(&mut self, side: Color) {
        self.session.lost_on_time = Some(side);
        send(&format!("{}'s flag fell.", side_name(side)));
        self.announce_if_over();
    }

    fn show_clocks(&self) {
        match self.session.time_control {
            TimeControl::Level { .. } => send(&self.clock_line()),
            TimeControl::PerMove(time) => send(&format!(
                "No clock: umax thinks {} s per move ('level' sets a clock for both sides).",
                time.as_secs_f64()
            )),
        }
    }

    /// Both clocks, the running one as it stands now, e.g.
    /// `White 4:58.2 (you, to move)  Black 5:00.0 (umax)`.
    fn clock_line(&self) -> String {
        let to_move = self.session.game.board().side_to_move();
        let running = !self.is_over() && !self.session.role.plays(to_move);
        let mut parts = Vec::new();
        for side in [Color::White, Color::Black] {
            let remaining = if side == to_move && running {
                self.clock_after(side, self.turn_started.elapsed())
                    .unwrap_or_default()
            } else {
                self.clocks[side.index()].remaining
            };
            let who = if self.session.role.plays(side) {
                "umax"
            } else {
                "you"
            };
            let moving = if side == to_move && !self.is_over() {
                ", to move"
            } else {
                ""
            };
            parts.push(format!(
                "{} {} ({who}{moving})",
                side_name(side),
                clock_text(remaining)
            ));
        }
        parts.join("  ")
    }

    // ----- showing things -----

    /// The board from the player's side, whose move it is, and the clocks.
    fn show_position(&self) {
        let black_at_bottom = (self.session.role == EngineRole::White) != self.flipped;
        send(&render_board(
            self.session.game.board(),
            self.unicode,
            black_at_bottom,
        ));
        if let TimeControl::Level { .. } = self.session.time_control {
            send(&format!("   {}", self.clock_line()));
        }
    }

    fn show_moves(&self) {
        let lines = numbered_moves(self.session.game.start_board(), self.session.game.moves());
        if lines.is_empty() {
            send("No moves yet.");
        }
        for line in lines {
            send(&line);
        }
        if let Some(Outcome { result, reason }) = self.session.outcome() {
            send(&format!("{result} {{{reason}}}"));
        }
    }

    // ----- PGN -----

    fn save_pgn(&self, path: &str) {
        let pgn = self.pgn(&pgn_date_today());
        let file = expand_home(path);
        let shown = escape(&file.to_string_lossy());
        let existed = file.exists();
        let written = std::fs::OpenOptions::new()
            .append(true)
            .create(true)
            .open(&file)
            .and_then(|mut out| {
                // A blank line between games, as PGN files have.
                let separator = if existed && out.metadata()?.len() > 0 {
                    "\n"
                } else {
                    ""
                };
                out.write_all(format!("{separator}{pgn}").as_bytes())
            });
        match written {
            Ok(()) if existed => send(&format!(
                "Added the game to the end of {shown} (the file already existed)."
            )),
            Ok(()) => send(&format!("Saved the game to {shown}.")),
            Err(error) => send(&format!(
                "Error: cannot write {}: {error}",
                quote(&file.to_string_lossy())
            )),
        }
    }

    /// The game as PGN: the Seven Tag Roster, then in ASCII order (as PGN's
    /// export format has them) `BlackElo` / `WhiteElo` for a side umax played
    /// at a limited strength, `Termination` when the game did not end on the
    /// board (a flag's fall, a resignation, a draw agreed), `TimeControl` in
    /// PGN's form (`40/300`, `300+2`; `-` without a clock) and `UmaxStrength`,
    /// how strong umax played and how long it thought.
    fn pgn(&self, date: &str) -> String {
        let outcome = self.outcome();
        let result = outcome.as_ref().map_or("*", |outcome| outcome.result);
        let mut tags = vec![
            ("Event", "umax game".to_string()),
            ("Site", "?".to_string()),
            ("Date", date.to_string()),
            ("Round", "-".to_string()),
            ("White", self.player_name(Color::White)),
            ("Black", self.player_name(Color::Black)),
            ("Result", result.to_string()),
        ];
        if let Some(elo) = self.limited_elo(Color::Black) {
            tags.push(("BlackElo", elo.to_string()));
        }
        if self.session.lost_on_time.is_some() {
            tags.push(("Termination", "time forfeit".to_string()));
        } else if self.agreed_result.is_some() {
            // PGN calls a resignation or a draw agreed a normal end.
            tags.push(("Termination", "normal".to_string()));
        }
        tags.push(("TimeControl", pgn_time_control(&self.session.time_control)));
        tags.push(("UmaxStrength", self.strength_text()));
        if let Some(elo) = self.limited_elo(Color::White) {
            tags.push(("WhiteElo", elo.to_string()));
        }
        let tags: Vec<(&str, &str)> = tags
            .iter()
            .map(|(name, value)| (*name, value.as_str()))
            .collect();
        self.session.game.to_pgn_with_tags(&tags, result)
    }

    /// Who played each of `color`'s moves so far, in order.
    fn moves_of(&self, color: Color) -> Vec<PlayedBy> {
        let first = self.session.game.start_board().side_to_move();
        let skip = usize::from(first != color);
        self.played_by
            .iter()
            .skip(skip)
            .step_by(2)
            .copied()
            .collect()
    }

    /// The Elo umax played `color` at, if it played all of that side's moves
    /// at one limited strength (or, before its first move there, will).
    fn limited_elo(&self, color: Color) -> Option<u32> {
        let moves = self.moves_of(color);
        let Some(&first) = moves.first() else {
            let strength = self.session.strength;
            let limited = self.session.role.plays(color) && strength.limit;
            return limited.then_some(strength.elo);
        };
        match first {
            PlayedBy::Umax { elo: Some(elo) } if moves.iter().all(|&by| by == first) => Some(elo),
            _ => None,
        }
    }

    /// umax's strength in words for the PGN: each setting it played at, in
    /// order (`about 1400 Elo, then full strength`), or the one set if it
    /// has not moved yet; then its time per move, or its depth limit.
    fn strength_text(&self) -> String {
        let words = |elo: Option<u32>| match elo {
            Some(elo) => format!("about {elo} Elo"),
            None => "full strength".to_string(),
        };
        let mut strengths: Vec<String> = Vec::new();
        for by in &self.played_by {
            if let PlayedBy::Umax { elo } = by {
                let text = words(*elo);
                if strengths.last() != Some(&text) {
                    strengths.push(text);
                }
            }
        }
        if strengths.is_empty() {
            strengths.push(words(self.current_elo()));
        }
        let mut text = strengths.join(", then ");
        if let TimeControl::PerMove(time) = self.session.time_control {
            text.push_str(&format!("; {} s per move", time.as_secs_f64()));
        }
        if let Some(depth) = self.session.max_depth {
            text.push_str(&format!("; at most {depth} plies"));
        }
        text
    }

    /// The Elo umax plays at now; `None` at full strength.
    fn current_elo(&self) -> Option<u32> {
        let strength = self.session.strength;
        strength.limit.then_some(strength.elo)
    }

    /// The name of whoever played `color`'s moves: `umax`, `Human`, or both
    /// when they took turns; before the first move, whoever is to play it.
    fn player_name(&self, color: Color) -> String {
        let moves = self.moves_of(color);
        let umax = moves.iter().any(|&by| by != PlayedBy::Player);
        let human = moves.contains(&PlayedBy::Player);
        match (umax, human) {
            (true, true) => "Human and umax",
            (true, false) => "umax",
            (false, true) => "Human",
            (false, false) if self.session.role.plays(color) => "umax",
            (false, false) => "Human",
        }
        .to_string()
    }

    // ----- perft -----

    /// perft divide, as `umax perft` prints it, that `stop`, `quit` and the
    /// end of input interrupt when typed (a script's count runs to its end).
    fn perft(&self, depth: u32, input: &mut Input) {
        let started = Instant::now();
        let mut board = self.session.game.board().clone();
        let mut total = u64::from(depth == 0);
        // A script's next line waits until the count is done.
        let interactive = self.interactive;
        let mut stop = || interactive && perft_should_stop(input);
        if depth > 0 {
            let root_moves = board.legal_moves();
            for (counted, &mv) in root_moves.iter().enumerate() {
                let undo = board.make_move(mv);
                let nodes = interruptible_perft(&mut board, depth - 1, &mut stop);
                board.unmake_move(mv, undo);
                let Some(nodes) = nodes else {
                    send(&format!(
                        "perft stopped after {counted} of {} root moves ({total} nodes).",
                        root_moves.len()
                    ));
                    return;
                };
                send(&format!("{mv}: {nodes}"));
                total += nodes;
            }
        }
        let seconds = started.elapsed().as_secs_f64();
        send("");
        send(&format!("Nodes searched: {total}"));
        send(&format!(
            "Time: {seconds:.3} s ({:.1} M nodes/s)",
            total as f64 / seconds.max(1e-9) / 1e6
        ));
    }
}

/// Polls the input while umax thinks in the console, when a person types it:
/// `stop`, `?` or `move` make it move now; `quit` and end of input too, and
/// the console exits once the lines typed before them are handled. Other
/// lines wait until the move is made. A script's input is not read at all
/// until the think is over. Each finished iteration is printed when `post`
/// is on, cut to `columns`.
struct ConsoleListener<'a> {
    input: &'a mut Input,
    /// The position searched (for the best line in SAN).
    board: &'a Board,
    post: bool,
    /// Is the input typed by a person (read while thinking)?
    interactive: bool,
    /// The width of a thinking line.
    columns: usize,
    /// Did a line typed or the end of input stop the think?
    interrupted: bool,
}

impl Listener for ConsoleListener<'_> {
    fn should_stop(&mut self) -> bool {
        if !self.interactive {
            return false;
        }
        // End of input does what `quit` does: move now, then leave (after the
        // lines already typed).
        let stop = self
            .input
            .poll_while_busy(|line| while_busy(line, &MOVE_NOW))
            != Polled::Carry;
        self.interrupted |= stop;
        stop
    }

    fn iteration_done(&mut self, info: &SearchInfo) {
        if self.post {
            send(&thinking_line(self.board, info, self.columns));
        }
    }
}

/// The words that make umax move now while it thinks.
const MOVE_NOW: [&str; 3] = ["stop", "?", "move"];

/// What a line typed while umax is busy means: one of the `stop_words` stops
/// it (and is used up); `quit` or `exit` stops it too, and is handled (after
/// the lines typed before it) so that the console leaves; any other line waits
/// until umax is done.
fn while_busy(line: &str, stop_words: &[&str]) -> Busy {
    let word = line.trim().to_ascii_lowercase();
    if stop_words.contains(&word.as_str()) {
        Busy::Stop
    } else if word == "quit" || word == "exit" {
        Busy::StopThenHandle
    } else {
        Busy::Later
    }
}

/// Has a line been typed (or the input ended) since the last look? A line
/// that says to stop is used up; any other is kept to be handled.
fn line_waiting(input: &mut Input) -> bool {
    input.has_deferred()
        || input.poll_while_busy(|line| match while_busy(line, &MOVE_NOW) {
            Busy::Stop => Busy::Stop,
            _ => Busy::StopThenHandle,
        }) != Polled::Carry
}

/// Should the console's perft stop? `stop` stops it; `quit` and end of input
/// too (and the console then leaves); other lines wait until it is done.
fn perft_should_stop(input: &mut Input) -> bool {
    input.poll_while_busy(|line| while_busy(line, &["stop"])) != Polled::Carry
}

/// The leaves of the legal move tree `depth` plies below `board`, counted in
/// chunks of [`PERFT_CHUNK_DEPTH`] plies with a call of `stop` before each;
/// `None` once `stop` says so.
fn interruptible_perft(
    board: &mut Board,
    depth: u32,
    stop: &mut impl FnMut() -> bool,
) -> Option<u64> {
    if depth <= PERFT_CHUNK_DEPTH {
        return (!stop()).then(|| board.perft(depth));
    }
    let mut nodes = 0;
    for mv in board.legal_moves() {
        let undo = board.make_move(mv);
        let below = interruptible_perft(board, depth - 1, stop);
        board.unmake_move(mv, undo);
        nodes += below?;
    }
    Some(nodes)
}

/// `12.` when White is to move in `board`, `12...` when Black is.
pub fn move_number(board: &Board) -> String {
    match board.side_to_move() {
        Color::White => format!("{}.", board.fullmove_number()),
        Color::Black => format!("{}...", board.fullmove_number()),
    }
}

/// `moves` played from `start` in SAN with their numbers, a full move a line:
/// `1. e4 e5`, `2. Nf3` (or `1... e5` when Black moved first).
pub fn numbered_moves(start: &Board, moves: &[Move]) -> Vec<String> {
    let mut board = start.clone();
    let mut lines: Vec<String> = Vec::new();
    for (index, &mv) in moves.iter().enumerate() {
        let text = san(&board, mv);
        if index == 0 || board.side_to_move() == Color::White {
            lines.push(format!("{} {text}", move_number(&board)));
        } else if let Some(line) = lines.last_mut() {
            line.push(' ');
            line.push_str(&text);
        }
        board.make_move(mv);
    }
    lines
}

/// One line of thinking output for people: depth, the score in pawns from
/// White's point of view (or who mates in how many moves), time, nodes, and
/// the first moves of the best line in SAN with move numbers, as many as fit
/// in `columns` (then ` ...`), so that the line never wraps. The move chosen
/// is always shown: on a narrow terminal the time and then the nodes give
/// way to it (only a terminal too narrow even for depth, score and the move
/// cuts it).
///
/// ```
/// use umax::board::Board;
/// use umax::console::thinking_line;
/// use umax::search::SearchInfo;
/// let board = Board::start();
/// let info = SearchInfo {
///     depth: 3,
///     score: 25,
///     pv: board.legal_moves()[..1].to_vec(),
///     ..SearchInfo::default()
/// };
/// let line = thinking_line(&board, &info, 80);
/// assert!(line.starts_with("depth 3  score +0.25  time "), "{line}");
/// ```
pub fn thinking_line(board: &Board, info: &SearchInfo, columns: usize) -> String {
    let us = board.side_to_move();
    let score = match mate_in(info.score) {
        Some(moves) if moves > 0 => format!("{} mates in {moves}", side_name(us)),
        Some(moves) => format!("{} mates in {}", side_name(us.opposite()), -moves),
        None => {
            let for_white = if us == Color::White {
                info.score
            } else {
                -info.score
            };
            format!("{:+.2}", f64::from(for_white) / 100.0)
        }
    };
    let depth = format!("depth {}  score {score}", info.depth);
    let time = format!("  time {:.2} s", info.elapsed.as_secs_f64());
    let nodes = format!("  nodes {}", info.nodes);
    let moves = numbered_pv(board, &info.pv);
    const CUT: &str = " ...";
    // Room for the move chosen, and for the mark of a cut if more follow.
    let first_move = moves.first().map_or(0, |text| 1 + text.len())
        + if moves.len() > 1 { CUT.len() } else { 0 };
    // On a narrow terminal the time, then the nodes, make room for the move.
    let head = [
        format!("{depth}{time}{nodes}  pv"),
        format!("{depth}{nodes}  pv"),
        format!("{depth}  pv"),
    ]
    .into_iter()
    .find(|head| head.chars().count() + first_move <= columns);
    let mut line = head.unwrap_or_else(|| format!("{depth}  pv"));
    for (index, text) in moves.iter().enumerate() {
        let more_after = index + 1 < moves.len();
        let needed = 1 + text.len() + if more_after { CUT.len() } else { 0 };
        if index > 0 && line.chars().count() + needed > columns {
            line.push_str(CUT);
            break;
        }
        line.push(' ');
        line.push_str(text);
    }
    // Narrower than even depth, score and the move chosen: cut, not wrap.
    if line.chars().count() > columns {
        line = line.chars().take(columns).collect();
    }
    line
}

/// The moves of `pv` from `board` in SAN, each with its number when White
/// moves and the first also when Black does: `1. e4`, `e5`, `2. Nf3`.
fn numbered_pv(board: &Board, pv: &[Move]) -> Vec<String> {
    let mut board = board.clone();
    let mut texts = Vec::with_capacity(pv.len());
    for (index, &mv) in pv.iter().enumerate() {
        let text = san(&board, mv);
        if index == 0 || board.side_to_move() == Color::White {
            texts.push(format!("{} {text}", move_number(&board)));
        } else {
            texts.push(text);
        }
        board.make_move(mv);
    }
    texts
}

/// The width to cut thinking lines to: `COLUMNS` if the shell exported it
/// (at least [`MIN_COLUMNS`]), else [`DEFAULT_COLUMNS`]. (std cannot ask the
/// terminal itself.)
fn terminal_columns() -> usize {
    std::env::var("COLUMNS")
        .ok()
        .and_then(|text| text.trim().parse::<usize>().ok())
        .map_or(DEFAULT_COLUMNS, |columns| columns.max(MIN_COLUMNS))
}

/// What umax makes of its position when offered a draw, from its `score`
/// (its own point of view): `it scores its position +0.35 for itself`, or
/// the mate it sees.
fn judgement(score: Score) -> String {
    match mate_in(score) {
        Some(moves) if moves > 0 => format!("it sees a mate in {moves} for itself"),
        Some(moves) => format!("it sees itself mated in {}", -moves),
        None => format!(
            "it scores its position {:+.2} for itself",
            f64::from(score) / 100.0
        ),
    }
}

/// Can neither side still win, as umax judges a draw offer? No pawn is left
/// and the two sides' pieces are worth within 3 of each other (knight and
/// bishop 3, rook 5, queen 9): rook against rook or against a minor piece,
/// bishop against knight, queen against queen. (Material with which no one
/// can ever mate ends the game by itself, before any offer.)
fn no_one_can_win(board: &Board) -> bool {
    let mut worth = [0i32; 2];
    for square in Square::all() {
        let piece = board.piece_at(square);
        let (Some(color), Some(kind)) = (piece.color(), piece.kind()) else {
            continue;
        };
        worth[color.index()] += match kind {
            PieceKind::Pawn => return false,
            PieceKind::Knight | PieceKind::Bishop => 3,
            PieceKind::Rook => 5,
            PieceKind::Queen => 9,
            PieceKind::King => 0,
        };
    }
    (worth[0] - worth[1]).abs() <= 3
}

/// Draw the board with coordinates (Black at the bottom when `flipped`), then
/// whose move it is: `White to move`, `(in check)`, or `Black is checkmated`.
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
    let side = side_name(board.side_to_move());
    let no_moves = board.legal_moves().is_empty();
    let status = match (board.in_check(), no_moves) {
        (true, true) => format!("{side} is checkmated"),
        (false, true) => format!("{side} is stalemated"),
        (true, false) => format!("{side} to move (in check)"),
        (false, false) => format!("{side} to move"),
    };
    text.push_str(&format!("   {status}"));
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

/// A time control as PGN's `TimeControl` tag writes it: `40/300` (40 moves
/// in 300 seconds), `300+2` (all moves, 2 s increment), `40/300+2` as
/// cutechess writes both; `-` when there is no clock (umax's time per move
/// alone is no clock of the game's).
fn pgn_time_control(time_control: &TimeControl) -> String {
    let TimeControl::Level {
        moves_per_session,
        base,
        increment,
    } = *time_control
    else {
        return "-".to_string();
    };
    // f64's Display writes whole numbers without a fraction: 300, 0.5.
    let mut text = format!("{}", base.as_secs_f64());
    if moves_per_session > 0 {
        text = format!("{moves_per_session}/{text}");
    }
    if !increment.is_zero() {
        text.push_str(&format!("+{}", increment.as_secs_f64()));
    }
    text
}

/// A clock reading: `4:58.2`, or `1:02:03` from an hour up.
fn clock_text(time: Duration) -> String {
    let tenths = time.as_millis() / 100;
    let (hours, minutes) = (tenths / 36_000, tenths / 600 % 60);
    let (seconds, tenth) = (tenths / 10 % 60, tenths % 10);
    if hours > 0 {
        format!("{hours}:{minutes:02}:{seconds:02}")
    } else {
        format!("{minutes}:{seconds:02}.{tenth}")
    }
}

/// Write the prompt without ending the line, so the player types after it.
fn send_prompt(prompt: &str) {
    let mut out = std::io::stdout().lock();
    if write!(out, "{prompt}").and_then(|()| out.flush()).is_err() {
        std::process::exit(0);
    }
}

/// `~` or `~/...` at the start of a path is the home directory, as in a shell.
fn expand_home(path: &str) -> PathBuf {
    let home = std::env::var_os("HOME").filter(|home| !home.is_empty());
    match (path.strip_prefix('~'), home) {
        (Some(""), Some(home)) => PathBuf::from(home),
        (Some(rest), Some(home)) if rest.starts_with('/') => {
            PathBuf::from(home).join(rest.trim_start_matches('/'))
        }
        _ => PathBuf::from(path),
    }
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
        let date = pgn_date_today();
        assert_eq!(date.len(), 10);
        assert_eq!(&date[4..5], ".");
    }

    #[test]
    fn the_prompt_gives_the_move_number() {
        let mut console = Console::new(Searcher::new(10), false);
        assert_eq!(console.prompt_text(), "1. your move> ");
        console.session.game.play_text("e4").unwrap();
        console.session.role = EngineRole::White;
        assert_eq!(console.prompt_text(), "1... your move> ");
        console.session.role = EngineRole::Both;
        assert_eq!(console.prompt_text(), "umax> ");
    }

    #[test]
    fn pgn_names_come_from_who_played() {
        let mut console = Console::new(Searcher::new(10), false);
        assert_eq!(console.player_name(Color::White), "Human");
        assert_eq!(console.player_name(Color::Black), "umax");
        let e4 = parse_move(console.session.game.board(), "e4").unwrap();
        console.play_move(e4, false);
        let e5 = parse_move(console.session.game.board(), "e5").unwrap();
        console.play_move(e5, true);
        let nf3 = parse_move(console.session.game.board(), "Nf3").unwrap();
        console.play_move(nf3, true);
        // The player handed White to umax after the first move.
        console.session.role = EngineRole::Both;
        assert_eq!(console.player_name(Color::White), "Human and umax");
        assert_eq!(console.player_name(Color::Black), "umax");
    }

    #[test]
    fn the_first_command_may_ask_for_a_protocol() {
        // Blank lines first, a byte-order mark and `\r`: still the first command.
        let mut input = Input::from_reader(&b"\n \n\xef\xbb\xbfuci\r\nisready\n"[..]);
        let mut console = Console::new(Searcher::new(10), false);
        assert_eq!(console.run(&mut input, None), Some(Protocol::Uci));
        // The rest of the input is the protocol's.
        assert_eq!(input.next_line().as_deref(), Some("isready"));
        let mut input = Input::from_reader(&b"XBoard\n"[..]);
        let mut console = Console::new(Searcher::new(10), false);
        assert_eq!(console.run(&mut input, None), Some(Protocol::Xboard));
        // Later it is no command of the console's.
        let mut input = Input::from_reader(&b"fen\nuci\n"[..]);
        let mut console = Console::new(Searcher::new(10), false);
        assert_eq!(console.run(&mut input, None), None);
        assert!(input.at_end());
    }

    #[test]
    fn time_controls_are_written_as_pgn_has_them() {
        let level = |moves_per_session, base: f64, increment: f64| TimeControl::Level {
            moves_per_session,
            base: Duration::from_secs_f64(base),
            increment: Duration::from_secs_f64(increment),
        };
        assert_eq!(pgn_time_control(&level(40, 300.0, 0.0)), "40/300");
        assert_eq!(pgn_time_control(&level(0, 300.0, 2.0)), "300+2");
        assert_eq!(pgn_time_control(&level(0, 60.0, 0.0)), "60");
        assert_eq!(pgn_time_control(&level(40, 150.0, 0.5)), "40/150+0.5");
        let per_move = TimeControl::PerMove(Duration::from_secs(3));
        assert_eq!(pgn_time_control(&per_move), "-");
    }

    #[test]
    fn no_one_can_win_without_pawns_and_with_even_pieces() {
        let no_one = |fen: &str| no_one_can_win(&Board::from_fen(fen).unwrap());
        assert!(no_one("4k3/r7/8/8/8/8/7R/4K3 w - - 0 1")); // rook v rook
        assert!(no_one("4k3/b7/8/8/8/8/7R/4K3 w - - 0 1")); // rook v bishop
        assert!(no_one("4k3/n7/8/8/8/8/7B/4K3 w - - 0 1")); // bishop v knight
        assert!(!no_one("4k3/8/8/8/8/8/7Q/4K3 w - - 0 1")); // queen v king
        assert!(!no_one("4k3/r7/8/8/8/8/7Q/4K3 w - - 0 1")); // queen v rook
        assert!(!no_one("4k3/r7/8/8/8/8/P6R/4K3 w - - 0 1")); // a pawn
        assert!(!no_one("4k3/8/8/8/8/8/6BB/4K3 w - - 0 1")); // two bishops
    }

    #[test]
    fn thinking_lines_are_cut_to_the_width() {
        let board = Board::start();
        let mut game = Game::new();
        for text in ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4", "Nf6", "O-O"] {
            game.play_text(text).unwrap();
        }
        let info = SearchInfo {
            depth: 12,
            score: -31,
            elapsed: Duration::from_millis(12_345),
            nodes: 123_456_789,
            pv: game.moves().to_vec(),
            ..SearchInfo::default()
        };
        let wide = thinking_line(&board, &info, 200);
        assert_eq!(
            wide,
            "depth 12  score -0.31  time 12.35 s  nodes 123456789  pv \
             1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O"
        );
        let fitting = thinking_line(&board, &info, 80);
        assert_eq!(
            fitting,
            "depth 12  score -0.31  time 12.35 s  nodes 123456789  pv 1. e4 e5 2. Nf3 Nc6 ..."
        );
        assert_eq!(fitting.len(), 80);
        // Narrow: the time, then the nodes, give way to the move chosen.
        assert_eq!(
            thinking_line(&board, &info, 52),
            "depth 12  score -0.31  nodes 123456789  pv 1. e4 ..."
        );
        assert_eq!(
            thinking_line(&board, &info, 44),
            "depth 12  score -0.31  pv 1. e4 e5 ..."
        );
    }

    #[test]
    fn clocks_read_like_clocks() {
        assert_eq!(clock_text(Duration::from_millis(298_250)), "4:58.2");
        assert_eq!(clock_text(Duration::from_secs(3723)), "1:02:03");
        assert_eq!(clock_text(Duration::ZERO), "0:00.0");
    }

    #[test]
    fn home_is_expanded() {
        if let Some(home) = std::env::var_os("HOME").filter(|h| !h.is_empty()) {
            assert_eq!(expand_home("~/x.pgn"), PathBuf::from(home).join("x.pgn"));
        }
        assert_eq!(expand_home("~user/x.pgn"), PathBuf::from("~user/x.pgn"));
        assert_eq!(expand_home("x.pgn"), PathBuf::from("x.pgn"));
    }

    #[test]
    fn moves_are_numbered() {
        let mut game = Game::new();
        for text in ["e4", "e5", "Nf3"] {
            game.play_text(text).unwrap();
        }
        assert_eq!(
            numbered_moves(game.start_board(), game.moves()),
            ["1. e4 e5", "2. Nf3"]
        );
        let black_first =
            Board::from_fen("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1").unwrap();
        let mut game = Game::from_board(black_first.clone());
        game.play_text("e5").unwrap();
        game.play_text("Nf3").unwrap();
        assert_eq!(
            numbered_moves(&black_first, game.moves()),
            ["1... e5", "2. Nf3"]
        );
    }
}
