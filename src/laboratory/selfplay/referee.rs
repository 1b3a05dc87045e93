//! # The referee: one game between two searchers, by the rules and the clock
//!
//! The referee holds the game record and both clocks. It asks the side to move
//! for a move (its own [`Searcher`], told the game's history so that it sees
//! repetitions), stops that side's clock, and checks the move against the rules
//! of [`Game::play`]. A game ends only when [`Game::status`] says so
//! (checkmate, stalemate, threefold repetition, the 50-move rule, insufficient
//! material), when a side oversteps its time, or at an optional ply limit.
//!
//! Each side's clock is real wall time: the time its search took is taken
//! from its clock, and the increment added after the move, as a chess clock
//! does. A side whose clock falls below zero during its move loses on time,
//! unless the opponent has only its king left: a bare king can never mate, so
//! that is a draw (FIDE Laws 6.9).

use std::time::{Duration, Instant};

use crate::board::{Color, PieceKind, Square};
use crate::clock::{Clock, Limits};
use crate::game::{Game, GameStatus};
use crate::search::{Listener, Searcher};

/// How long each engine may think.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum ThinkingLimit {
    /// A clock: `base` for the game, `increment` added after every move.
    Clock {
        /// Time for the whole game.
        base: Duration,
        /// Time added after each move.
        increment: Duration,
    },
    /// A fixed depth per move, no clock.
    Depth(u32),
    /// A fixed number of nodes per move, no clock.
    Nodes(u64),
}

impl ThinkingLimit {
    /// Parse `BASE+INC` in seconds (`10+0.1`, `60`).
    pub fn parse_clock(text: &str) -> Result<ThinkingLimit, String> {
        let (base, increment) = text.split_once('+').unwrap_or((text, "0"));
        let seconds = |part: &str| {
            crate::clock::parse_seconds(part)
                .ok_or_else(|| format!("--tc needs BASE+INC in seconds, like 10+0.1, not '{text}'"))
        };
        Ok(ThinkingLimit::Clock {
            base: seconds(base)?,
            increment: seconds(increment)?,
        })
    }

    /// The time control as a PGN `ThinkingLimit` tag says it: `10+0.1` (seconds),
    /// or `-` for a fixed depth or node count, which PGN cannot express.
    pub fn pgn_tag(&self) -> String {
        match self {
            ThinkingLimit::Clock { base, increment } if increment.is_zero() => {
                format!("{}", base.as_secs_f64())
            }
            ThinkingLimit::Clock { base, increment } => {
                format!("{}+{}", base.as_secs_f64(), increment.as_secs_f64())
            }
            ThinkingLimit::Depth(_) | ThinkingLimit::Nodes(_) => "-".to_string(),
        }
    }

    /// In words for the summary: `tc 10+0.1`, `depth 4`, `5000 nodes`.
    pub fn describe(&self) -> String {
        match self {
            ThinkingLimit::Clock { .. } => format!("tc {}", self.pgn_tag()),
            ThinkingLimit::Depth(depth) => format!("depth {depth}"),
            ThinkingLimit::Nodes(nodes) => format!("{nodes} nodes"),
        }
    }
}

/// Why a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Termination {
    /// The rules ended it: mate or a draw by rule.
    Rules(GameStatus),
    /// The side `loser`'s clock ran out (a draw if the other side had a bare king).
    TimeForfeit {
        /// Whose flag fell.
        loser: Color,
    },
    /// The game reached the ply limit and is scored a draw.
    PlyLimit,
    /// The match was stopped while the game went on; it is not counted.
    Abandoned,
}

/// White's score in half points (2 = win, 1 = draw, 0 = loss) in the PGN
/// result `result`; `None` for an unfinished game (`*`).
pub fn white_half_points(result: &str) -> Option<u8> {
    match result {
        "1-0" => Some(2),
        "1/2-1/2" => Some(1),
        "0-1" => Some(0),
        _ => None,
    }
}

/// A finished (or abandoned) game.
#[derive(Clone, Debug)]
pub struct GameRecord {
    /// The moves, from the opening's start position.
    pub game: Game,
    /// Why it ended.
    pub termination: Termination,
    /// The result for PGN: `1-0`, `0-1`, `1/2-1/2`, or `*` if abandoned.
    pub result: &'static str,
}

impl GameRecord {
    /// White's score in half points (2 = win, 1 = draw, 0 = loss); `None` for
    /// an abandoned game.
    pub fn white_half_points(&self) -> Option<u8> {
        white_half_points(self.result)
    }

    /// The PGN `Termination` tag: `normal`, `time forfeit`, `adjudication` or
    /// `unterminated`, the values the PGN standard names.
    pub fn termination_tag(&self) -> &'static str {
        match self.termination {
            Termination::Rules(_) => "normal",
            Termination::TimeForfeit { .. } => "time forfeit",
            Termination::PlyLimit => "adjudication",
            Termination::Abandoned => "unterminated",
        }
    }

    /// Why the game ended, in words, for a PGN comment.
    pub fn reason(&self) -> String {
        match self.termination {
            Termination::Rules(status) => status.reason().to_string(),
            Termination::TimeForfeit { loser } => format!("{} loses on time", loser.name()),
            Termination::PlyLimit => "Ply limit reached: scored a draw".to_string(),
            Termination::Abandoned => "Match stopped".to_string(),
        }
    }
}

/// Tells a search to stop when the whole match stops.
struct MatchListener<'a> {
    stop: &'a dyn Fn() -> bool,
}

impl Listener for MatchListener<'_> {
    fn should_stop(&mut self) -> bool {
        (self.stop)()
    }
}

/// Play one game from `start` between `white` and `black` under `time_control`,
/// ending it at `max_plies` plies (counted from the start position, opening
/// moves included) if given. When `stop` turns true (the match is over or
/// interrupted) the game is abandoned.
pub fn play_game(
    start: &Game,
    white: &mut Searcher,
    black: &mut Searcher,
    time_control: &ThinkingLimit,
    max_plies: Option<usize>,
    stop: &dyn Fn() -> bool,
) -> GameRecord {
    let mut game = start.clone();
    white.clear_table();
    black.clear_table();
    let base = match time_control {
        ThinkingLimit::Clock { base, .. } => *base,
        _ => Duration::ZERO,
    };
    let mut remaining = [base, base]; // indexed by Color as usize: white, black
    let finish = |game: Game, termination: Termination, result| GameRecord {
        game,
        termination,
        result,
    };
    loop {
        let status = game.status();
        if status.is_over() {
            return finish(game, Termination::Rules(status), status.result());
        }
        if max_plies.is_some_and(|limit| game.moves().len() >= limit) {
            return finish(game, Termination::PlyLimit, "1/2-1/2");
        }
        if stop() {
            return finish(game, Termination::Abandoned, "*");
        }
        let side = game.board().side_to_move();
        let clock = &mut remaining[side_index(side)];
        let limits = match *time_control {
            ThinkingLimit::Clock { increment, .. } => Limits {
                clock: Some(Clock {
                    remaining: *clock,
                    increment,
                    moves_to_go: None,
                }),
                ..Limits::default()
            },
            ThinkingLimit::Depth(depth) => Limits::depth(depth),
            ThinkingLimit::Nodes(nodes) => Limits::nodes(nodes),
        };
        let searcher = if side == Color::White {
            &mut *white
        } else {
            &mut *black
        };
        let board = game.board().clone();
        let thinking = Instant::now();
        let result = searcher.think(
            &board,
            game.history_keys(),
            &limits,
            &mut MatchListener { stop },
        );
        let used = thinking.elapsed();
        if stop() {
            return finish(game, Termination::Abandoned, "*");
        }
        if let ThinkingLimit::Clock { increment, .. } = *time_control {
            if used > *clock {
                let result = if has_bare_king(&game, side.opposite()) {
                    "1/2-1/2"
                } else if side == Color::White {
                    "0-1"
                } else {
                    "1-0"
                };
                return finish(game, Termination::TimeForfeit { loser: side }, result);
            }
            *clock = *clock - used + increment;
        }
        let best = result
            .best_move
            .expect("a position that is not over has a legal move");
        game.play(best).expect("the searcher plays a legal move");
    }
}

fn side_index(side: Color) -> usize {
    usize::from(side == Color::Black)
}

/// Has `color` nothing but its king?
fn has_bare_king(game: &Game, color: Color) -> bool {
    Square::all().all(|square| {
        let piece = game.board().piece_at(square);
        !piece.is_color(color) || piece.kind() == Some(PieceKind::King)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicBool, Ordering};

    #[test]
    fn clocks_parse_and_print_as_pgn_wants() {
        let tc = ThinkingLimit::parse_clock("10+0.1").unwrap();
        assert_eq!(
            tc,
            ThinkingLimit::Clock {
                base: Duration::from_secs(10),
                increment: Duration::from_millis(100),
            }
        );
        assert_eq!(tc.pgn_tag(), "10+0.1");
        assert_eq!(ThinkingLimit::parse_clock("60").unwrap().pgn_tag(), "60");
        assert_eq!(ThinkingLimit::Depth(3).pgn_tag(), "-");
        for bad in ["", "x+1", "1+", "-1+0"] {
            assert!(ThinkingLimit::parse_clock(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn a_game_at_fixed_depth_ends_by_the_rules_and_is_repeatable() {
        let start = Game::new();
        let stop = || false;
        let play = || {
            let mut white = Searcher::new(12);
            let mut black = Searcher::new(12);
            play_game(
                &start,
                &mut white,
                &mut black,
                &ThinkingLimit::Depth(2),
                None,
                &stop,
            )
        };
        let first = play();
        assert!(matches!(first.termination, Termination::Rules(_)));
        assert_eq!(first.result, first.game.status().result());
        assert_eq!(play().game.moves(), first.game.moves());
    }

    #[test]
    fn the_ply_limit_and_the_stop_flag_end_a_game() {
        let start = Game::new();
        let mut white = Searcher::new(12);
        let mut black = Searcher::new(12);
        let stopped = AtomicBool::new(false);
        let stop = || stopped.load(Ordering::Relaxed);
        let limited = play_game(
            &start,
            &mut white,
            &mut black,
            &ThinkingLimit::Depth(1),
            Some(7),
            &stop,
        );
        assert_eq!(limited.termination, Termination::PlyLimit);
        assert_eq!((limited.game.moves().len(), limited.result), (7, "1/2-1/2"));
        stopped.store(true, Ordering::Relaxed);
        let abandoned = play_game(
            &start,
            &mut white,
            &mut black,
            &ThinkingLimit::Depth(1),
            None,
            &stop,
        );
        assert_eq!(abandoned.termination, Termination::Abandoned);
        assert_eq!(abandoned.white_half_points(), None);
    }

    #[test]
    fn a_flag_falls_when_the_clock_is_far_too_short() {
        let start = Game::new();
        let mut white = Searcher::new(12);
        let mut black = Searcher::new(12);
        let stop = || false;
        let tc = ThinkingLimit::Clock {
            base: Duration::from_micros(1),
            increment: Duration::ZERO,
        };
        let record = play_game(&start, &mut white, &mut black, &tc, None, &stop);
        // White's first search takes longer than a microsecond.
        assert_eq!(
            record.termination,
            Termination::TimeForfeit {
                loser: Color::White
            }
        );
        assert_eq!(record.result, "0-1");
        assert!(record.game.moves().is_empty());
    }
}
