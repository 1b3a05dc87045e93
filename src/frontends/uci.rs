//! # UCI: the Universal Chess Interface
//!
//! In UCI the GUI owns the game completely: before every search it sends the
//! whole position (`position startpos moves e2e4 e7e5`) and then `go` with the
//! clocks. The engine answers `info ...` lines while it thinks and exactly one
//! `bestmove` per `go`. `isready` must be answered with `readyok` at once, even
//! in the middle of a search, and `stop` ends the search with a `bestmove`.
//! After `go infinite` the engine may not send `bestmove` before `stop`, even
//! if it has nothing left to search. `go ponder` is the same search on the
//! opponent's time, in the position after the move umax expects: if the
//! opponent plays it the GUI says `ponderhit` and the clock given with
//! `go ponder` starts to run; if not, it says `stop` and discards the move.
//!
//! **A refused `position` leaves no position.** A `position` with a bad FEN,
//! or with a move anywhere in its list that is illegal or unreadable, is
//! refused whole with an `info string` saying why, and until the next valid
//! `position` every `go` is answered with an `info string` repeating why and
//! `bestmove 0000` (after `stop` for `go infinite` and `go ponder`, as
//! always). The GUI believes it set up a position umax does not have: a move
//! for the old position, or for the list up to the bad move, would be a move
//! in another game. `ucinewgame` alone does not end this: the GUI follows it
//! with the game's `position`.
//!
//! **Move Overhead** (an option, in milliseconds) is the time the GUI and the
//! connection lose on each move; it is taken off the clock and off
//! `movetime` before umax shares out its time (see
//! [`Limits::move_overhead`]).
//!
//! Bad input is answered with one `info string` line that repeats at most
//! [`ECHO_CHARS`] characters of it, escaped. The
//! numbers of `go` are brought into the range umax can use (a clock of a
//! billion years is the longest clock umax knows, `mate 2147483648` is as deep
//! as it searches); a `go` word without a number is reported and ignored.

use std::time::{Duration, Instant};

use crate::board::Move;
use crate::clock::{Clock, Limits, MAX_SECONDS};
use crate::game::{Game, parse_coordinate};
use crate::input::{
    Busy, ECHO_CHARS, Input, NumberError, Polled, parse_clamped, parse_number, quote, send,
};
use crate::search::strength::{DEFAULT_ELO, MAX_ELO, MIN_ELO, StrengthOptions};
use crate::search::techniques::THREADS_OPTION;
use crate::search::{
    Listener, MAX_PLIES, Progress, SearchInfo, Searcher, Settings, mate_in, techniques,
};
use crate::table::DEFAULT_MEGABYTES;

/// The longest time in a `go` command, in milliseconds: [`MAX_SECONDS`].
const MAX_MILLISECONDS: i64 = MAX_SECONDS as i64 * 1000;

/// The one option through which a GUI reaches the search laboratory: a spec
/// of switches (`null=off,lmr=off`, as `umax --set` takes it, see
/// [`Settings::from_spec`]) applied to the default settings. The switches are
/// not announced one by one: a GUI would show them all, over a hundred.
/// xboard offers the same option.
pub const LAB_OPTION: &str = "Lab";

/// The most best lines `MultiPV` may ask for.
pub const MAX_MULTIPV: usize = 64;

/// How UCI writes an empty string value (`default <empty>`).
pub const EMPTY_STRING: &str = "<empty>";

/// The option for the time lost outside umax on each move, in milliseconds.
pub const MOVE_OVERHEAD_OPTION: &str = "Move Overhead";

/// [`MOVE_OVERHEAD_OPTION`]'s default: a local GUI's pipe costs less, a
/// server's connection more (lichess-bot sets its own).
pub const DEFAULT_MOVE_OVERHEAD_MS: u64 = 10;

/// The largest [`MOVE_OVERHEAD_OPTION`]: five seconds of lag on every move.
pub const MAX_MOVE_OVERHEAD_MS: u64 = 5000;

/// The settings option [`LAB_OPTION`] gives for `spec`: the spec applied to
/// the default settings (an empty spec, or `<empty>`, is the default), with
/// `threads` search threads. The thread count is not the laboratory's: it
/// stays what the GUI set (`Threads`, xboard's `cores`), and a spec that
/// names it is refused. The error says what is wrong with the spec.
pub fn lab_settings(spec: &str, threads: i32) -> Result<Settings, String> {
    let spec = spec.trim();
    let spec = if spec == EMPTY_STRING { "" } else { spec };
    let names_threads = spec
        .split([',', ' '])
        .filter_map(|item| item.split_once('='))
        .any(|(name, _)| name.trim().eq_ignore_ascii_case(THREADS_OPTION));
    if names_threads {
        return Err(format!(
            "{THREADS_OPTION} is not set in {LAB_OPTION}: the thread count is option \
             Threads (xboard: cores)"
        ));
    }
    let mut settings = Settings::from_spec(spec)?;
    settings.threads = threads;
    Ok(settings)
}

/// The UCI front end's state.
pub struct Uci {
    game: Game,
    searcher: Searcher,
    quit: bool,
    /// Option `Stats`: print the search statistics as `info string` lines.
    show_stats: bool,
    /// Options `UCI_LimitStrength` and `UCI_Elo` (see
    /// [`strength`](crate::search::strength)).
    strength: StrengthOptions,
    /// Option `Move Overhead`: taken off every time limit.
    move_overhead: Duration,
    /// Why the last `position` was refused, while no valid one has come
    /// since: `go` then answers `bestmove 0000` (see the module docs).
    refused_position: Option<String>,
}

impl Uci {
    /// A UCI front end over `searcher`.
    pub fn new(searcher: Searcher) -> Uci {
        Uci {
            game: Game::new(),
            searcher,
            quit: false,
            show_stats: false,
            strength: StrengthOptions::default(),
            move_overhead: Duration::from_millis(DEFAULT_MOVE_OVERHEAD_MS),
            refused_position: None,
        }
    }

    /// Run until `quit` or end of input. `first_line` (normally `uci`) was
    /// already read while choosing the protocol.
    pub fn run(&mut self, input: &mut Input, first_line: Option<String>) {
        input.set_too_long_message(|start| format!("info string Error: line too long: {start}"));
        if let Some(line) = first_line {
            self.handle(&line, input);
        }
        while !self.quit {
            let Some(line) = input.next_line() else { break };
            self.handle(&line, input);
        }
    }

    /// Handle one command line.
    pub fn handle(&mut self, line: &str, input: &mut Input) {
        let words: Vec<&str> = line.split_whitespace().collect();
        let Some(&command) = words.first() else {
            return;
        };
        let arguments = &words[1..];
        match command {
            "uci" => {
                send(&format!("id name umax {}", env!("CARGO_PKG_VERSION")));
                send("id author the umax developers (after H.G. Muller's micro-Max)");
                let max = self.searcher.most_table_megabytes();
                send(&format!(
                    "option name Hash type spin default {} min 1 max {max}",
                    DEFAULT_MEGABYTES.min(max)
                ));
                send("option name Clear Hash type button");
                send("option name Ponder type check default false");
                send(&format!(
                    "option name Threads type spin default 1 min 1 max {}",
                    techniques::MAX_THREADS
                ));
                send("option name Stats type check default false");
                send(&format!(
                    "option name {} type check default false",
                    StrengthOptions::LIMIT_NAME
                ));
                send(&format!(
                    "option name {} type spin default {DEFAULT_ELO} min {MIN_ELO} max {MAX_ELO}",
                    StrengthOptions::ELO_NAME
                ));
                send(&format!(
                    "option name MultiPV type spin default 1 min 1 max {MAX_MULTIPV}"
                ));
                send(&format!(
                    "option name {MOVE_OVERHEAD_OPTION} type spin default \
                     {DEFAULT_MOVE_OVERHEAD_MS} min 0 max {MAX_MOVE_OVERHEAD_MS}"
                ));
                // The search laboratory, all its switches in one spec.
                send(&format!(
                    "option name {LAB_OPTION} type string default {EMPTY_STRING}"
                ));
                send("uciok");
            }
            "isready" => {
                // The GUI waits here, off the clock: the time to get the
                // table's memory is best spent now.
                self.searcher.prefault_table();
                send("readyok");
            }
            "ucinewgame" => {
                self.game = Game::new();
                self.searcher.clear_table();
            }
            "setoption" => self.set_option(arguments),
            "position" => self.set_position(arguments),
            "go" => self.go(arguments, input),
            "stop" | "ponderhit" => {} // no search is running
            "quit" => self.quit = true,
            "debug" | "register" => {}
            _ => send(&format!("info string Unknown command: {}", quote(command))),
        }
    }

    fn set_option(&mut self, arguments: &[&str]) {
        // setoption name <id words> [value <value words>]: the value is
        // everything after the first word `value`, `=` and `,` included; a
        // `value` with nothing after it (python-chess's empty string) is "".
        let ["name", rest @ ..] = arguments else {
            send("info string setoption needs: setoption name NAME [value VALUE]");
            return;
        };
        let (name, value) = match rest.iter().position(|&word| word == "value") {
            Some(at) => (rest[..at].join(" "), Some(rest[at + 1..].join(" "))),
            None => (rest.join(" "), None),
        };
        let value = value.as_deref();
        match name.to_ascii_lowercase().as_str() {
            "hash" => self.set_hash(value.unwrap_or("")),
            "lab" => self.set_lab(value.unwrap_or("")),
            "clear hash" => self.searcher.clear_table(),
            // The GUI says whether it will send `go ponder`; nothing to set up.
            "ponder" => {}
            "move overhead" => self.set_move_overhead(value.unwrap_or("")),
            "multipv" => match parse_clamped(value.unwrap_or(""), 1..=MAX_MULTIPV as i64) {
                Ok(lines) => self.searcher.set_lines(lines as usize),
                Err(error) => send(&format!("info string MultiPV: {error}")),
            },
            "stats" => match value.map(str::to_ascii_lowercase).as_deref() {
                Some("true") => self.show_stats = true,
                Some("false") => self.show_stats = false,
                _ => send("info string Stats is true or false"),
            },
            lower => match self.strength.set(lower, value.unwrap_or("")) {
                Some(Ok(())) => self.searcher.set_strength(self.strength.strength()),
                Some(Err(error)) => send(&format!("info string {error}")),
                None => self.set_switch(lower, value.unwrap_or("")),
            },
        }
    }

    /// `setoption name Lab value SPEC`: the laboratory's switches as SPEC
    /// says, on top of the default, the thread count kept. A bad spec changes
    /// nothing and is reported in one `info string` line.
    fn set_lab(&mut self, spec: &str) {
        match lab_settings(spec, self.searcher.settings().threads) {
            Ok(settings) => self.searcher.set_settings(settings),
            Err(error) => send(&format!(
                "info string {LAB_OPTION} not set: {}",
                quote(&error)
            )),
        }
    }

    /// `setoption` of one of the laboratory's switches by its own name (not
    /// announced: [`LAB_OPTION`] is), and of `Threads`.
    fn set_switch(&mut self, name: &str, value: &str) {
        let mut settings = self.searcher.settings().clone();
        match settings.set(name, value) {
            Ok(()) => self.searcher.set_settings(settings),
            Err(error) => send(&format!("info string {}", quote(&error))),
        }
    }

    /// `setoption name Move Overhead value MS`: a number out of range is
    /// brought into it, one that is not a number is reported and ignored.
    fn set_move_overhead(&mut self, value: &str) {
        match parse_clamped(value, 0..=MAX_MOVE_OVERHEAD_MS) {
            Ok(millis) => self.move_overhead = Duration::from_millis(millis),
            Err(error) => send(&format!(
                "info string {MOVE_OVERHEAD_OPTION}: {error} milliseconds"
            )),
        }
    }

    /// `setoption name Hash value N`: a table of at most N MiB, up to the most
    /// that can be allocated (what `uci` advertised). The old table is freed
    /// first, so that the two are never held together.
    fn set_hash(&mut self, value: &str) {
        let max = self.searcher.most_table_megabytes();
        let megabytes = match parse_number(value, 1..=max) {
            Ok(megabytes) => megabytes,
            Err(error) => {
                send(&format!(
                    "info string Hash: {error} MiB ({max} MiB is the most that can be \
                     allocated here)"
                ));
                return;
            }
        };
        if let Some(warning) = self.searcher.resize_table_or_less(megabytes) {
            send(&format!("info string {warning}"));
        }
    }

    /// `position startpos|fen FEN [moves M1 M2 ...]`. A bad FEN or an illegal
    /// move is reported in an `info string`, and leaves no position to search
    /// until the next valid one (see the module docs).
    fn set_position(&mut self, arguments: &[&str]) {
        match read_position(arguments) {
            Ok(game) => {
                self.game = game;
                self.refused_position = None;
            }
            Err(error) => {
                send(&format!("info string {error}"));
                self.refused_position = Some(error);
            }
        }
    }

    /// `go` with nothing to search (after a refused `position`, or with no
    /// legal move in `searchmoves`): say `why`, wait for `stop` if the GUI
    /// will send one, and answer `bestmove 0000`.
    fn refuse_go(&mut self, why: &str, limits: &Limits, input: &mut Input) {
        send(&format!("info string {why}"));
        let mut listener = UciListener {
            input,
            stopped: false,
            quit: false,
            ponder_hit: false,
        };
        listener.wait_until_bestmove_allowed(limits);
        self.quit |= listener.quit;
        send("bestmove 0000");
    }

    /// The legal moves among the words after `go searchmoves`; each other
    /// word is reported and ignored.
    fn legal_search_moves(&self, listed: &[&str]) -> Vec<Move> {
        let parsed = listed
            .iter()
            .map(|text| parse_coordinate(self.game.board(), text));
        let reported = |(text, result): (&&str, Result<Move, _>)| {
            result
                .map_err(|error| send(&format!("info string searchmoves {}: {error}", quote(text))))
                .ok()
        };
        listed.iter().zip(parsed).filter_map(reported).collect()
    }

    fn go(&mut self, arguments: &[&str], input: &mut Input) {
        let (mut limits, errors) = parse_go(
            arguments,
            self.game.board().side_to_move() == crate::board::Color::White,
        );
        for error in errors {
            send(&format!("info string {error}"));
        }
        limits.move_overhead = self.move_overhead;
        if let Some(refused) = self.refused_position.clone() {
            let why = format!("No position to search: the last position was refused ({refused})");
            self.refuse_go(&why, &limits, input);
            return;
        }
        if let Some(listed) = search_moves_listed(arguments) {
            limits.search_moves = self.legal_search_moves(listed);
            if limits.search_moves.is_empty() {
                self.refuse_go(
                    "No move to search: searchmoves lists no legal move",
                    &limits,
                    input,
                );
                return;
            }
        }
        let board = self.game.board().clone();
        let mut listener = UciListener {
            input,
            stopped: false,
            quit: false,
            ponder_hit: false,
        };
        let result = self
            .searcher
            .play(&board, self.game.history_keys(), &limits, &mut listener);
        listener.wait_until_bestmove_allowed(&limits);
        self.quit |= listener.quit;
        if self.show_stats {
            for line in self.searcher.stats().table().lines() {
                send(&format!("info string {line}"));
            }
        }
        match (result.best_move, result.ponder_move) {
            (Some(best), Some(ponder)) => send(&format!("bestmove {best} ponder {ponder}")),
            (Some(best), None) => send(&format!("bestmove {best}")),
            (None, _) => send("bestmove 0000"),
        }
    }
}

/// The game `position`'s arguments set up: `startpos` or `fen FEN`, then the
/// moves after `moves`, every one of them legal. The error says what was
/// refused (the FEN, or the first bad move).
pub fn read_position(arguments: &[&str]) -> Result<Game, String> {
    let moves_at = arguments.iter().position(|&word| word == "moves");
    let (setup, moves) = match moves_at {
        Some(at) => (&arguments[..at], &arguments[at + 1..]),
        None => (arguments, &[][..]),
    };
    let mut game = match setup {
        ["startpos"] => Game::new(),
        ["fen", fen @ ..] => {
            Game::from_fen(&fen.join(" ")).map_err(|e| format!("Illegal position: {e}"))?
        }
        _ => return Err("position needs 'startpos' or 'fen FEN'".to_string()),
    };
    for text in moves {
        match parse_coordinate(game.board(), text) {
            Ok(mv) => game.play(mv).expect("parse_coordinate returns legal moves"),
            // A long word is garbage, not a move worth explaining.
            Err(_) if text.chars().count() > ECHO_CHARS => {
                return Err(format!("Illegal move: {}", quote(text)));
            }
            Err(error) => return Err(error.to_string()),
        }
    }
    Ok(game)
}

/// Parse the arguments of `go`, in any order; unknown words are skipped. Each
/// number is brought into the range umax can use ([`parse_clamped`]); a word
/// whose number is missing or not a number is skipped, and the second value
/// returned says why.
pub fn parse_go(arguments: &[&str], white_to_move: bool) -> (Limits, Vec<String>) {
    let mut limits = Limits::default();
    let mut errors = Vec::new();
    let mut white_time = None;
    let mut black_time = None;
    let mut white_increment = Duration::ZERO;
    let mut black_increment = Duration::ZERO;
    let mut moves_to_go = None;
    let mut index = 0;
    while index < arguments.len() {
        let word = arguments[index];
        let value = arguments.get(index + 1).copied().unwrap_or("");
        let mut consumed = 2;
        // The value of `word`, clamped to `range`; `None` (and an error) if it
        // is not a number.
        let mut number = |range| {
            parse_clamped(value, range)
                .map_err(|error: NumberError| errors.push(format!("go {word}: {error}")))
                .ok()
        };
        let mut millis = || number(0..=MAX_MILLISECONDS).map(|ms| Duration::from_millis(ms as u64));
        match word {
            "wtime" => white_time = millis(),
            "btime" => black_time = millis(),
            "winc" => white_increment = millis().unwrap_or_default(),
            "binc" => black_increment = millis().unwrap_or_default(),
            "movetime" => limits.move_time = millis(),
            // `movestogo 0` is read as "no moves to go given".
            "movestogo" => {
                moves_to_go = number(0..=i64::from(u32::MAX))
                    .filter(|&moves| moves > 0)
                    .map(|moves| moves as u32)
            }
            "depth" => limits.depth = number(1..=i64::from(MAX_PLIES)).map(|d| d as u32),
            "nodes" => {
                limits.nodes = parse_clamped(value, 1..=u64::MAX)
                    .map_err(|error| errors.push(format!("go nodes: {error}")))
                    .ok()
            }
            // Mate in N moves: search 2N - 1 plies deep at least.
            "mate" => {
                limits.depth = number(1..=i64::from(MAX_PLIES.div_ceil(2)))
                    .map(|moves| (2 * moves as u32).min(MAX_PLIES))
            }
            "infinite" => {
                limits.infinite = true;
                consumed = 1;
            }
            "ponder" => {
                limits.ponder = true;
                consumed = 1;
            }
            _ => consumed = 1,
        }
        index += consumed;
    }
    let (time, increment) = if white_to_move {
        (white_time, white_increment)
    } else {
        (black_time, black_increment)
    };
    if let Some(remaining) = time {
        limits.clock = Some(Clock {
            remaining,
            increment,
            moves_to_go,
        });
    }
    (limits, errors)
}

/// The words after `searchmoves` in `go`'s arguments, up to the next of
/// `go`'s keywords; `None` if there is no `searchmoves`.
fn search_moves_listed<'a>(arguments: &'a [&'a str]) -> Option<&'a [&'a str]> {
    const GO_KEYWORDS: [&str; 11] = [
        "wtime",
        "btime",
        "winc",
        "binc",
        "movestogo",
        "depth",
        "nodes",
        "mate",
        "movetime",
        "infinite",
        "ponder",
    ];
    let start = arguments.iter().position(|&word| word == "searchmoves")? + 1;
    let listed = &arguments[start..];
    let end = listed.iter().position(|word| GO_KEYWORDS.contains(word));
    Some(&listed[..end.unwrap_or(listed.len())])
}

/// One `info` line for a completed iteration.
pub fn info_line(info: &SearchInfo) -> String {
    let score = match mate_in(info.score) {
        Some(moves) => format!("mate {moves}"),
        None => format!("cp {}", info.score),
    };
    let millis = info.elapsed.as_millis().max(1);
    let nps = info.nodes as u128 * 1000 / millis;
    let pv: Vec<String> = info.pv.iter().map(Move::to_string).collect();
    // The line's rank only when several lines are searched (MultiPV).
    let line = match info.multipv {
        0 => String::new(),
        rank => format!(" multipv {rank}"),
    };
    format!(
        "info depth {} seldepth {}{line} score {score} time {} nodes {} nps {nps} hashfull {} pv {}",
        info.depth,
        info.selective_depth,
        info.elapsed.as_millis(),
        info.nodes,
        info.hash_permille,
        pv.join(" ")
    )
}

/// One `info` line on an unfinished iteration (sent about once a second
/// after the first): the root move being searched and the counts so far.
pub fn progress_line(progress: &Progress) -> String {
    let millis = progress.elapsed.as_millis().max(1);
    let nps = progress.nodes as u128 * 1000 / millis;
    format!(
        "info depth {} currmove {} currmovenumber {} nodes {} nps {nps} hashfull {} time {}",
        progress.depth,
        progress.current_move,
        progress.move_number,
        progress.nodes,
        progress.hash_permille,
        progress.elapsed.as_millis()
    )
}

/// Reads the input during a search: `isready` is answered at once, `stop` and
/// `quit` (and end of input) end the search, `ponderhit` starts the clock of a
/// `go ponder` search, anything else waits until `bestmove` has been sent.
struct UciListener<'a> {
    input: &'a mut Input,
    stopped: bool,
    quit: bool,
    /// `ponderhit` has arrived.
    ponder_hit: bool,
}

impl UciListener<'_> {
    /// Read the lines that arrived during the search: `isready` is answered,
    /// `ponderhit` noted, `stop` and `quit` end the search, the rest waits.
    fn poll(&mut self) -> Polled {
        self.input
            .poll_while_busy(|line| match line.split_whitespace().next().unwrap_or("") {
                "isready" => {
                    send("readyok");
                    Busy::Handled
                }
                "stop" => {
                    self.stopped = true;
                    Busy::Stop
                }
                "ponderhit" => {
                    self.ponder_hit = true;
                    Busy::Handled
                }
                "quit" => {
                    self.quit = true;
                    Busy::Stop
                }
                _ => Busy::Later,
            })
    }

    /// Whether `bestmove` may be sent: after `go infinite` only once `stop`
    /// (or `quit`) has come, after `go ponder` once `ponderhit` or `stop` has,
    /// even if the search has nothing left to do.
    fn bestmove_allowed(&self, limits: &Limits) -> bool {
        let waiting_for_gui = limits.infinite || (limits.ponder && !self.ponder_hit);
        self.stopped || self.quit || !waiting_for_gui
    }

    /// A search that ended before `bestmove` is allowed waits here.
    fn wait_until_bestmove_allowed(&mut self, limits: &Limits) {
        let start = Instant::now();
        while !self.bestmove_allowed(limits) {
            match self.poll() {
                Polled::Stop => {}
                Polled::End => return, // end of input: nobody will say stop
                Polled::Carry => std::thread::sleep(Duration::from_millis(
                    if start.elapsed() < Duration::from_secs(1) {
                        1
                    } else {
                        10
                    },
                )),
            }
        }
    }
}

impl Listener for UciListener<'_> {
    fn should_stop(&mut self) -> bool {
        // At the end of input the GUI has gone and will never say `stop`: end
        // the search now (as `quit` would) instead of thinking on.
        self.poll() != Polled::Carry
    }

    fn iteration_done(&mut self, info: &SearchInfo) {
        send(&info_line(info));
    }

    fn progress(&mut self, progress: &Progress) {
        send(&progress_line(progress));
    }

    fn ponder_hit(&mut self) -> bool {
        self.ponder_hit
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::table::TranspositionTable;

    /// A UCI front end with a small table, and input that is already over.
    fn uci() -> (Uci, Input) {
        let table = TranspositionTable::try_with_megabytes(1).unwrap();
        (
            Uci::new(Searcher::with_table(table)),
            Input::from_reader(std::io::empty()),
        )
    }

    /// The default settings with `threads` threads.
    fn default_with_threads(threads: i32) -> Settings {
        Settings {
            threads,
            ..Settings::default()
        }
    }

    #[test]
    fn lab_sets_a_spec_on_top_of_the_default_and_keeps_the_threads() {
        let (mut uci, mut input) = uci();
        uci.handle("setoption name Threads value 3", &mut input);
        uci.handle("setoption name lmr value off", &mut input);
        uci.handle(
            "setoption name Lab value null=off,hash_table=off",
            &mut input,
        );
        let expected = Settings {
            threads: 3,
            ..Settings::from_spec("null=off,hash_table=off").unwrap()
        };
        // `lmr=off`, set before by its own name, is gone: Lab starts from the default.
        assert_eq!(uci.searcher.settings(), &expected);
        // A preset in the spec does not reset the threads either.
        uci.handle(
            "setoption name LAB value preset=calibrated null=off",
            &mut input,
        );
        let expected = Settings {
            threads: 3,
            ..Settings::from_spec("calibrated,null=off").unwrap()
        };
        assert_eq!(uci.searcher.settings(), &expected);
        // Threads set after Lab leaves the spec in force.
        uci.handle("setoption name Threads value 2", &mut input);
        assert_eq!(
            uci.searcher.settings(),
            &Settings {
                threads: 2,
                ..expected
            }
        );
    }

    #[test]
    fn an_empty_lab_is_the_default() {
        for empty in [
            "setoption name Lab value <empty>",
            "setoption name Lab value ",
            "setoption name Lab value",
            "setoption name Lab",
            "setoption name Lab value default",
        ] {
            let (mut uci, mut input) = uci();
            uci.handle("setoption name Threads value 2", &mut input);
            uci.handle("setoption name Lab value null=off", &mut input);
            assert_ne!(uci.searcher.settings(), &default_with_threads(2));
            uci.handle(empty, &mut input);
            assert_eq!(uci.searcher.settings(), &default_with_threads(2), "{empty}");
        }
    }

    #[test]
    fn a_bad_lab_changes_nothing() {
        let (mut uci, mut input) = uci();
        uci.handle("setoption name Threads value 2", &mut input);
        uci.handle("setoption name Lab value null=off,lmr=off", &mut input);
        let before = uci.searcher.settings().clone();
        for bad in [
            "lmr=on,null=sometimes",
            "lmr=on,nul=off",
            "lmr=on,threads=4",
            "lmr=on,nonsense",
            "<empty>,null=on",
        ] {
            uci.handle(&format!("setoption name Lab value {bad}"), &mut input);
            assert_eq!(uci.searcher.settings(), &before, "{bad}");
        }
    }

    #[test]
    fn lab_errors_say_what_is_wrong() {
        let error = |spec| lab_settings(spec, 1).unwrap_err();
        assert!(error("null=sometimes").contains("null is one of off, on"));
        assert!(error("nul=off").starts_with("unknown option 'nul'"));
        assert!(error("lmr=off nonsense").contains("'nonsense' is not NAME=VALUE"));
        assert!(error("Threads=4").contains("threads is not set in Lab"));
        assert_eq!(lab_settings("", 4).unwrap(), default_with_threads(4));
        assert_eq!(
            lab_settings(" <empty> ", 4).unwrap(),
            default_with_threads(4)
        );
    }

    #[test]
    fn go_parameters_in_any_order() {
        let (limits, errors) = parse_go(
            &[
                "movestogo",
                "20",
                "binc",
                "100",
                "wtime",
                "60000",
                "btime",
                "30000",
                "infinite",
            ],
            false,
        );
        assert!(limits.infinite);
        assert!(errors.is_empty());
        let clock = limits.clock.unwrap();
        assert_eq!(clock.remaining, Duration::from_millis(30000));
        assert_eq!(clock.increment, Duration::from_millis(100));
        assert_eq!(clock.moves_to_go, Some(20));
        let (limits, _) = parse_go(&["depth", "7", "movetime", "250", "nodes", "1000"], true);
        assert_eq!(limits.depth, Some(7));
        assert_eq!(limits.nodes, Some(1000));
        assert_eq!(limits.move_time, Some(Duration::from_millis(250)));
        assert_eq!(limits.clock, None);
    }

    #[test]
    fn go_numbers_are_clamped_or_reported() {
        let (limits, errors) = parse_go(&["mate", "2147483648"], true);
        assert_eq!(limits.depth, Some(MAX_PLIES));
        assert!(errors.is_empty());
        let (limits, _) = parse_go(&["mate", "2"], true);
        assert_eq!(limits.depth, Some(4));
        let (limits, _) = parse_go(&["wtime", "1844674407370955161", "winc", "-5"], true);
        let clock = limits.clock.unwrap();
        assert_eq!(clock.remaining, Duration::from_secs(MAX_SECONDS as u64));
        assert_eq!(clock.increment, Duration::ZERO);
        let (limits, _) = parse_go(&["depth", "0", "nodes", "99999999999999999999999"], true);
        assert_eq!((limits.depth, limits.nodes), (Some(1), Some(u64::MAX)));
        let (limits, errors) = parse_go(&["depth", "x", "movetime", "nan"], true);
        assert_eq!((limits.depth, limits.move_time), (None, None));
        assert_eq!(
            errors,
            [
                format!("go depth: 'x' is not a number from 1 to {MAX_PLIES}"),
                format!("go movetime: 'nan' is not a number from 0 to {MAX_MILLISECONDS}"),
            ]
        );
    }
}
