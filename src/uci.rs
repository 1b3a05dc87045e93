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

use std::time::{Duration, Instant};

use crate::board::Move;
use crate::clock::{Clock, Limits};
use crate::game::{Game, parse_coordinate};
use crate::input::{Input, send};
use crate::search::{Listener, SearchInfo, Searcher, mate_in};
use crate::table::DEFAULT_ENTRIES_LOG2;

/// Largest hash size offered, in MiB.
const MAX_HASH_MEGABYTES: usize = 65_536;

/// The UCI front end's state.
pub struct Uci {
    game: Game,
    searcher: Searcher,
    quit: bool,
}

impl Uci {
    /// A UCI front end over `searcher`.
    pub fn new(searcher: Searcher) -> Uci {
        Uci {
            game: Game::new(),
            searcher,
            quit: false,
        }
    }

    /// Run until `quit` or end of input. `first_line` (normally `uci`) was
    /// already read while choosing the protocol.
    pub fn run(&mut self, input: &mut Input, first_line: Option<String>) {
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
                let default_megabytes =
                    ((1usize << DEFAULT_ENTRIES_LOG2) * crate::table::SLOT_BYTES) >> 20;
                send(&format!(
                    "option name Hash type spin default {default_megabytes} min 1 max {MAX_HASH_MEGABYTES}"
                ));
                send("option name Clear Hash type button");
                send("option name Ponder type check default false");
                send("uciok");
            }
            "isready" => send("readyok"),
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
            _ => send(&format!("info string Unknown command: {command}")),
        }
    }

    fn set_option(&mut self, arguments: &[&str]) {
        // setoption name <id words> [value <value words>]
        let text = arguments.join(" ");
        let Some(rest) = text.strip_prefix("name ") else {
            send("info string setoption needs: setoption name NAME [value VALUE]");
            return;
        };
        let (name, value) = match rest.split_once(" value ") {
            Some((name, value)) => (name.trim(), Some(value.trim())),
            None => (rest.trim(), None),
        };
        match name.to_ascii_lowercase().as_str() {
            "hash" => match value.and_then(|v| v.parse::<usize>().ok()) {
                Some(megabytes) if (1..=MAX_HASH_MEGABYTES).contains(&megabytes) => {
                    if let Err(error) = self.searcher.resize_table(megabytes) {
                        send(&format!("info string {error}"));
                    }
                }
                _ => send(&format!(
                    "info string Hash must be a number of MiB from 1 to {MAX_HASH_MEGABYTES}"
                )),
            },
            "clear hash" => self.searcher.clear_table(),
            // The GUI says whether it will send `go ponder`; nothing to set up.
            "ponder" => {}
            _ => send(&format!("info string Unknown option: {name}")),
        }
    }

    /// `position startpos|fen FEN [moves M1 M2 ...]`. On a bad FEN or an illegal
    /// move the position stays as it was and an `info string` says why.
    fn set_position(&mut self, arguments: &[&str]) {
        let moves_at = arguments.iter().position(|&word| word == "moves");
        let (setup, moves) = match moves_at {
            Some(at) => (&arguments[..at], &arguments[at + 1..]),
            None => (arguments, &[][..]),
        };
        let game = match setup {
            ["startpos"] => Ok(Game::new()),
            ["fen", fen @ ..] => {
                Game::from_fen(&fen.join(" ")).map_err(|e| format!("Illegal position: {e}"))
            }
            _ => Err("position needs 'startpos' or 'fen FEN'".to_string()),
        };
        let mut game = match game {
            Ok(game) => game,
            Err(error) => {
                send(&format!("info string {error}"));
                return;
            }
        };
        for text in moves {
            match parse_coordinate(game.board(), text) {
                Ok(mv) => game.play(mv).expect("parse_coordinate returns legal moves"),
                Err(error) => {
                    send(&format!("info string {error}"));
                    return;
                }
            }
        }
        self.game = game;
    }

    fn go(&mut self, arguments: &[&str], input: &mut Input) {
        let limits = parse_go(
            arguments,
            self.game.board().side_to_move() == crate::board::Color::White,
        );
        let board = self.game.board().clone();
        let mut listener = UciListener {
            input,
            stopped: false,
            quit: false,
            ponder_hit: false,
        };
        let result = self
            .searcher
            .think(&board, self.game.history_keys(), &limits, &mut listener);
        listener.wait_until_bestmove_allowed(&limits);
        self.quit |= listener.quit;
        match (result.best_move, result.ponder_move) {
            (Some(best), Some(ponder)) => send(&format!("bestmove {best} ponder {ponder}")),
            (Some(best), None) => send(&format!("bestmove {best}")),
            (None, _) => send("bestmove 0000"),
        }
    }
}

/// Parse the arguments of `go`, in any order; unknown words are skipped.
pub fn parse_go(arguments: &[&str], white_to_move: bool) -> Limits {
    let mut limits = Limits::default();
    let mut white_time = None;
    let mut black_time = None;
    let mut white_increment = Duration::ZERO;
    let mut black_increment = Duration::ZERO;
    let mut moves_to_go = None;
    let millis = |text: Option<&&str>| {
        text.and_then(|t| t.parse::<i64>().ok())
            .map(|ms| Duration::from_millis(ms.max(0) as u64))
    };
    let mut index = 0;
    while index < arguments.len() {
        let value = arguments.get(index + 1);
        let mut consumed = 2;
        match arguments[index] {
            "wtime" => white_time = millis(value),
            "btime" => black_time = millis(value),
            "winc" => white_increment = millis(value).unwrap_or_default(),
            "binc" => black_increment = millis(value).unwrap_or_default(),
            "movestogo" => {
                moves_to_go = value.and_then(|v| v.parse::<u32>().ok()).filter(|&m| m > 0)
            }
            "depth" => limits.depth = value.and_then(|v| v.parse().ok()),
            "nodes" => limits.nodes = value.and_then(|v| v.parse().ok()),
            "movetime" => limits.move_time = millis(value),
            "mate" => {
                limits.depth = value
                    .and_then(|v| v.parse::<u32>().ok())
                    .map(|moves| 2 * moves)
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
    limits
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
    format!(
        "info depth {} seldepth {} score {score} time {} nodes {} nps {nps} hashfull {} pv {}",
        info.depth,
        info.selective_depth,
        info.elapsed.as_millis(),
        info.nodes,
        info.hash_permille,
        pv.join(" ")
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
    /// Handle one line arriving during a search; returns `true` if the search
    /// must end.
    fn handle_during_search(&mut self, line: String) -> bool {
        match line.split_whitespace().next().unwrap_or("") {
            "isready" => send("readyok"),
            "stop" => {
                self.stopped = true;
                return true;
            }
            "ponderhit" => self.ponder_hit = true,
            "quit" => {
                self.quit = true;
                return true;
            }
            _ => self.input.defer(line),
        }
        false
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
            match self.input.poll_line() {
                Some(Some(line)) => {
                    self.handle_during_search(line);
                }
                Some(None) => return, // end of input: nobody will say stop
                None => std::thread::sleep(Duration::from_millis(
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
        loop {
            match self.input.poll_line() {
                None => return false,
                Some(Some(line)) => {
                    if self.handle_during_search(line) {
                        return true;
                    }
                }
                // End of input: the GUI has gone and will never say `stop`, so
                // end the search now (as `quit` would) instead of thinking on.
                Some(None) => return true,
            }
        }
    }

    fn iteration_done(&mut self, info: &SearchInfo) {
        send(&info_line(info));
    }

    fn ponder_hit(&mut self) -> bool {
        self.ponder_hit
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn go_parameters_in_any_order() {
        let limits = parse_go(
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
        let clock = limits.clock.unwrap();
        assert_eq!(clock.remaining, Duration::from_millis(30000));
        assert_eq!(clock.increment, Duration::from_millis(100));
        assert_eq!(clock.moves_to_go, Some(20));
        let limits = parse_go(&["depth", "7", "movetime", "250", "nodes", "1000"], true);
        assert_eq!(limits.depth, Some(7));
        assert_eq!(limits.nodes, Some(1000));
        assert_eq!(limits.move_time, Some(Duration::from_millis(250)));
        assert_eq!(limits.clock, None);
    }
}
