//! # The console: playing umax in a terminal
//!
//! A thin loop over the engine: read a line, do what it says, print the result.
//! The words are the ones people know from TSCP and xboard: `new`, `undo`, `go`,
//! `st`, `sd`, `d`, `bench` and the rest (see [`HELP`]); they may be typed in
//! any case. A line that is not a command is read as a move, in SAN as people
//! type it (`Nf3`, `nf3`, `exd5`, `exd`, `O-O`, `o-o`, `e8=Q`) or in
//! coordinates (`g1f3`, `e7e8q`). Anything else gets one line saying why it was
//! not understood, and nothing changes.
//!
//! After every move, umax's or the player's, the console shows the move with its
//! number (`12. Nf3`, `12... d5`), the board from the player's side, and whose
//! move it is. While umax thinks it prints one line per finished iteration
//! (`post`), with scores from White's point of view, and reads the input, so
//! that `stop`, `?` or `move` make it move at once. umax plays Black, White,
//! both sides (`play both`, `auto`: it plays itself until a line is typed) or
//! neither. With a `level` both sides have a clock and either can lose on time:
//! while the player thinks, the console waits for a line no longer than the
//! player's clock has left, so a flag falls (and is announced) when it falls.
//! The game itself, the engine and who plays what are kept in a
//! [`Session`], as xboard keeps them. `random` (off by default, so that analysis and tests repeat) varies umax's
//! first moves among near-best ones.
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
  ?, stop, move    while umax thinks: move now
  random [on|off]  vary umax's first 8 moves among near-best ones (off by default)
  elo [N|off]      play at about N Elo (1000 to 1800), or at full strength
  hint             suggest a move for you
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

/// One sentence saying who plays what.
fn describe(role: EngineRole) -> &'static str {
    match role {
        EngineRole::Neither => "umax plays neither side; you move for both.",
        EngineRole::White => "umax plays White; you play Black.",
        EngineRole::Black => "umax plays Black; you play White.",
        EngineRole::Both => "umax plays both sides; type any line to stop it.",
    }
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
    /// For each move of the game: did umax play it? (For the PGN's names.)
    played_by_umax: Vec<bool>,
    /// The two clocks under a `level`, indexed by [`Color::index`].
    clocks: [SideClock; 2],
    /// When the side to move's turn began: its clock runs from here.
    turn_started: Instant,
    /// The player's flag has just fallen while the console waited for a line:
    /// the announcement answers the move the player was typing, if that is
    /// the next line.
    flag_answers_next_move: bool,
    /// Vary umax's opening moves among near-best ones.
    random: bool,
    /// The random generator for `random` (xorshift64, seeded per run).
    rng: u64,
    /// A small searcher of its own for `random`'s quick searches, so that what
    /// the main table remembers from the real think does not favour some moves.
    quick_searcher: Option<Searcher>,
    unicode: bool,
    /// Turn the board from its usual side (the player's side at the bottom).
    flipped: bool,
    /// Print a prompt when waiting for a line (a person at a terminal).
    prompt: bool,
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
            played_by_umax: Vec::new(),
            clocks: [SideClock {
                remaining: Duration::ZERO,
                moves_played: 0,
            }; 2],
            turn_started: Instant::now(),
            flag_answers_next_move: false,
            random: false,
            // std's hashers are seeded randomly per process: a seed without a crate.
            rng: random_seed(),
            quick_searcher: None,
            unicode,
            flipped: false,
            prompt: false,
            quit: false,
        }
    }

    /// Run until `quit` or end of input. `first_line`, if any, was already read
    /// (while deciding which front end to run) and is handled first. A prompt
    /// is shown only when a person types at a terminal: in a pipe it would
    /// run into the next line of output.
    pub fn run(&mut self, input: &mut Input, first_line: Option<String>) {
        self.prompt = std::io::stdin().is_terminal();
        send("umax, a Rust port of micro-Max. Type 'help' for the commands.");
        send(&format!(
            "You play White; umax thinks {} s per move ('st' or 'level' to change).",
            DEFAULT_THINK_TIME.as_secs_f64()
        ));
        self.show_position();
        if let Some(line) = first_line {
            self.handle(&line, input);
        }
        while !self.quit {
            if self.prompt && !input.has_deferred() {
                send_prompt(&self.prompt_text());
            }
            // While the player's clock runs, wait no longer than it has left:
            // the flag falls when it falls, not at the next line typed.
            let line = match self.player_time_left() {
                Some(left) => match input.next_line_within(left) {
                    Some(line) => line,
                    None => {
                        self.check_flag();
                        continue;
                    }
                },
                None => input.next_line(),
            };
            let Some(line) = line else { break };
            self.handle(&line, input);
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
        // A move typed as the flag fell is answered by the flag's fall.
        self.check_flag();
        if std::mem::take(&mut self.flag_answers_next_move) && move_shape(line).is_some() {
            return;
        }
        let (word, argument) = match line.split_once(char::is_whitespace) {
            Some((word, argument)) => (word, argument.trim()),
            None => (line, ""),
        };
        match word.to_ascii_lowercase().as_str() {
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
            for option in techniques::OPTIONS {
                send(&format!(
                    "  {:<16} {:<15} {}",
                    option.name,
                    option.value_text(&settings),
                    option.doc
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
        self.played_by_umax.clear();
        self.reset_clocks();
        send("New game: you play White, umax plays Black.");
        self.show_position();
    }

    fn set_position(&mut self, fen: &str) {
        match Game::from_fen(fen) {
            Ok(game) => {
                self.session.set_game(game);
                self.played_by_umax.clear();
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
        if self.session.lost_on_time.is_some() {
            send("The game was lost on time; type 'new' for a new game.");
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
        self.played_by_umax.pop();
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
        if let Some(outcome) = self.session.outcome() {
            send(&format!(
                "Error: the game is over ({}); type 'new' or 'undo'.",
                outcome.reason
            ));
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
    /// board, whose move it is, and the result if the game is over.
    fn play_move(&mut self, mv: Move, by_umax: bool) {
        let board = self.session.game.board().clone();
        let numbered = format!("{} {}", move_number(&board), san(&board, mv));
        self.session
            .game
            .play(mv)
            .expect("only legal moves are played");
        self.played_by_umax.push(by_umax);
        self.turn_started = Instant::now();
        let who = if by_umax { "umax plays" } else { "You play" };
        send(&format!("{who} {numbered}"));
        self.show_position();
        self.announce_if_over();
    }

    /// While it is umax's turn, let it move: once, or when it plays both sides,
    /// until the game ends or a line typed stops it.
    fn let_umax_play(&mut self, input: &mut Input) {
        while !self.quit && !self.is_over() && self.session.engine_to_move() {
            let interrupted = self.umax_move(input);
            let watching = self.session.role == EngineRole::Both && !self.is_over();
            if watching && (interrupted || line_waiting(input)) {
                self.session.role = EngineRole::Neither;
                send("umax stops playing itself: it plays neither side now ('auto' goes on).");
            }
            if input.end_seen() {
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
        let mut listener = ConsoleListener::new(input, &board, self.session.post);
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

    fn hint(&mut self, input: &mut Input) {
        if self.is_over() {
            send("No hint: the game is over.");
            return;
        }
        let board = self.session.game.board().clone();
        let mut listener = ConsoleListener::new(input, &board, self.session.post);
        if let Some(mv) = self.session.hint(HINT_TIME, &mut listener) {
            send(&format!("Hint: {}", san(&board, mv)));
        }
    }

    fn is_over(&self) -> bool {
        self.session.is_over()
    }

    /// If the game has ended, say how, and return `true`.
    fn announce_if_over(&self) -> bool {
        let Some(Outcome { result, reason }) = self.session.outcome() else {
            return false;
        };
        let what = if self.session.lost_on_time.is_some() {
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
            self.flag_answers_next_move = true;
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
        if path.is_empty() {
            send("Error: pgn needs a file name, e.g. 'pgn game.pgn'");
            return;
        }
        let mut pgn = self.session.game.to_pgn(
            &self.player_name(Color::White),
            &self.player_name(Color::Black),
            &pgn_date_today(),
        );
        if let Some(Outcome { result, .. }) = self
            .session
            .outcome()
            .filter(|_| self.session.lost_on_time.is_some())
        {
            // The game record knows no clocks: put the result on time in.
            pgn = pgn.replacen(
                "[Result \"*\"]",
                &format!("[Result \"{result}\"]\n[Termination \"time forfeit\"]"),
                1,
            );
            if let Some(moves) = pgn.strip_suffix("*\n") {
                pgn = format!("{moves}{result}\n");
            }
        }
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

    /// The name of whoever played `color`'s moves: `umax`, `Human`, or both
    /// when they took turns; before the first move, whoever is to play it.
    fn player_name(&self, color: Color) -> String {
        let mut side = self.session.game.start_board().side_to_move();
        let (mut umax, mut human) = (false, false);
        for &by_umax in &self.played_by_umax {
            if side == color {
                umax |= by_umax;
                human |= !by_umax;
            }
            side = side.opposite();
        }
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
    /// end of input interrupt.
    fn perft(&self, depth: u32, input: &mut Input) {
        let started = Instant::now();
        let mut board = self.session.game.board().clone();
        let mut total = u64::from(depth == 0);
        let mut stop = || perft_should_stop(input);
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

/// Polls the input while umax thinks in the console: `stop`, `?` or `move`
/// make it move now; `quit` and end of input too, and the console exits once
/// the lines typed before them are handled. Other lines wait until the move is
/// made. Each finished iteration is printed when `post` is on.
struct ConsoleListener<'a> {
    input: &'a mut Input,
    /// The position searched (for the best line in SAN).
    board: &'a Board,
    post: bool,
    /// Did a line typed or the end of input stop the think?
    interrupted: bool,
}

impl<'a> ConsoleListener<'a> {
    fn new(input: &'a mut Input, board: &'a Board, post: bool) -> ConsoleListener<'a> {
        ConsoleListener {
            input,
            board,
            post,
            interrupted: false,
        }
    }
}

impl Listener for ConsoleListener<'_> {
    fn should_stop(&mut self) -> bool {
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
            send(&thinking_line(self.board, info));
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
/// the best line in SAN with move numbers.
pub fn thinking_line(board: &Board, info: &SearchInfo) -> String {
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
            format!("{:+.2} (White's view)", f64::from(for_white) / 100.0)
        }
    };
    format!(
        "depth {}  score {score}  time {:.2} s  nodes {}  pv {}",
        info.depth,
        info.elapsed.as_secs_f64(),
        info.nodes,
        numbered_moves(board, &info.pv).join(" ")
    )
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
