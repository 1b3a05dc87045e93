//! # Time: how long to think
//!
//! micro-Max measures "time" as a node budget (`N < 1e6`): simple, but a node
//! budget takes a different number of seconds on every machine and position.
//! umax uses a real clock.
//!
//! Deviation from micro-Max: the root driver in `search.rs` stops deepening on a
//! wall-clock budget computed here, and the search itself polls the clock every
//! [`POLL_INTERVAL`] nodes so that a hard limit is kept to within a millisecond.
//!
//! A search gets two limits:
//! * the **soft** limit: do not start another iteration after it, since an
//!   iteration takes several times longer than the previous one;
//! * the **hard** limit: abort the iteration in progress and play the best move
//!   found so far. A fixed time per move (`st`, `movetime`) is a hard limit.

use std::time::{Duration, Instant};

use crate::input::{NumberError, parse_number};

/// The longest time umax accepts anywhere (a clock, a time per move, a
/// `level`), in seconds: a billion, about 31 years. Any longer time means the
/// same in practice, and every [`Duration`] and deadline up to it is exact.
pub const MAX_SECONDS: f64 = 1e9;

/// How many nodes the search visits between looks at the clock and the input.
pub const POLL_INTERVAL: u64 = 1024;

/// Time kept in reserve on a running clock, for process and pipe overhead.
const SAFETY_MARGIN: Duration = Duration::from_millis(30);

/// Moves we expect still to play when the clock gives no moves-to-go (the
/// search's switch `time_moves` may say otherwise).
pub const DEFAULT_MOVES_TO_GO: u32 = 30;

/// A chess clock: time left for the side to move, increment, moves to the next
/// time control (none = the whole game).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Clock {
    /// Time left on the clock of the side to move.
    pub remaining: Duration,
    /// Time added to it after each move.
    pub increment: Duration,
    /// Moves until more time arrives; `None`: the rest of the game.
    pub moves_to_go: Option<u32>,
}

/// What limits a search. Any combination may be given; the first reached ends it.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Limits {
    /// Maximum depth in plies (full-width plies, quiescence not counted).
    pub depth: Option<u32>,
    /// Maximum number of nodes.
    pub nodes: Option<u64>,
    /// Think exactly this long (a hard limit).
    pub move_time: Option<Duration>,
    /// Share out the time on a clock.
    pub clock: Option<Clock>,
    /// Search until told to stop (analysis, `go infinite`).
    pub infinite: bool,
    /// Think on the opponent's time (UCI `go ponder`): no time limit until the
    /// opponent plays the expected move (`ponderhit`); from then on the other
    /// limits apply, counted from that moment.
    pub ponder: bool,
}

impl Limits {
    /// Search to a fixed depth.
    pub fn depth(plies: u32) -> Limits {
        Limits {
            depth: Some(plies),
            ..Limits::default()
        }
    }

    /// Search for a fixed time.
    pub fn move_time(time: Duration) -> Limits {
        Limits {
            move_time: Some(time),
            ..Limits::default()
        }
    }

    /// Search a fixed number of nodes.
    pub fn nodes(nodes: u64) -> Limits {
        Limits {
            nodes: Some(nodes),
            ..Limits::default()
        }
    }

    /// The soft and hard time limits of a search starting at `start`.
    pub fn deadlines(&self, start: Instant) -> Deadlines {
        if self.infinite || self.ponder {
            return Deadlines::default();
        }
        let mut deadlines = Deadlines::default();
        if let Some(time) = self.move_time {
            deadlines.soft = Some(start + time);
            deadlines.hard = Some(start + time);
        }
        if let Some(clock) = self.clock {
            let (soft, hard) = clock.budget();
            deadlines.soft = Some(deadlines.soft.map_or(start + soft, |d| d.min(start + soft)));
            deadlines.hard = Some(deadlines.hard.map_or(start + hard, |d| d.min(start + hard)));
        }
        deadlines
    }
}

impl Clock {
    /// The soft and hard budget for one move.
    ///
    /// The target is an equal share of the time left over the moves to go, plus
    /// most of the increment. We may overrun the target by up to four times when
    /// an iteration is nearly done, but never use more than a third of what is
    /// left (half on the last move before new time), and always keep
    /// `SAFETY_MARGIN` on the clock.
    pub fn budget(&self) -> (Duration, Duration) {
        let usable = self.remaining.saturating_sub(SAFETY_MARGIN);
        let moves = self.moves_to_go.unwrap_or(DEFAULT_MOVES_TO_GO).clamp(1, 50);
        // An equal share, spread over a few more moves than announced for
        // safety. With one move to go, new time arrives after it, so we may use
        // half of what is left (not all: the GUI may count moves differently).
        let share = if moves == 1 {
            usable / 2
        } else {
            usable / (moves + 2)
        };
        let target = share + self.increment.mul_f64(0.75);
        let ceiling = if moves == 1 { usable / 2 } else { usable / 3 };
        let soft = target.min(ceiling);
        let hard = (target * 4).min(ceiling).max(soft);
        (soft, hard)
    }
}

/// A time control as a person or a GUI sets it: `st SECONDS` or
/// `level MPS BASE INC` (the words of xboard, used by the console too).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum TimeControl {
    /// Exactly this long per move.
    PerMove(Duration),
    /// `moves_per_session` moves (0 = all the game) in `base`, plus `increment`
    /// added after every move.
    Level {
        /// Moves per session (0 = the whole game).
        moves_per_session: u32,
        /// Time for a session.
        base: Duration,
        /// Time added after every move.
        increment: Duration,
    },
}

impl TimeControl {
    /// Parse the arguments of `level`: `MPS BASE INC`, with BASE in minutes
    /// (`5`, `0.5`) or minutes and seconds (`2:30`), INC in seconds (`0.1`).
    pub fn parse_level(arguments: &str) -> Option<TimeControl> {
        let words: Vec<&str> = arguments.split_whitespace().collect();
        let [moves, base, increment] = words.as_slice() else {
            return None;
        };
        Some(TimeControl::Level {
            moves_per_session: parse_number(moves, 0..=u32::MAX).ok()?,
            base: parse_base_time(base)?,
            increment: parse_seconds(increment)?,
        })
    }

    /// The limits for one move: `remaining` is what is left on the engine's
    /// clock (`None`: the whole base time), `moves_played` how many moves the
    /// engine has made in this game, `depth` an optional depth limit.
    pub fn limits(
        &self,
        remaining: Option<Duration>,
        moves_played: u32,
        depth: Option<u32>,
    ) -> Limits {
        let mut limits = Limits {
            depth,
            ..Limits::default()
        };
        match *self {
            TimeControl::PerMove(time) => limits.move_time = Some(time),
            TimeControl::Level {
                moves_per_session,
                base,
                increment,
            } => {
                let moves_to_go = (moves_per_session > 0)
                    .then(|| moves_per_session - moves_played % moves_per_session);
                limits.clock = Some(Clock {
                    remaining: remaining.unwrap_or(base),
                    increment,
                    moves_to_go,
                });
            }
        }
        limits
    }
}

/// A number of seconds (`st 0.1`, the increment of `level`, `epd --time`)
/// from 0 to [`MAX_SECONDS`], so that it makes a [`Duration`] (and a deadline)
/// without overflowing; the error names that range.
pub fn read_seconds(text: &str) -> Result<Duration, NumberError> {
    parse_number(text, 0.0..=MAX_SECONDS).map(Duration::from_secs_f64)
}

/// [`read_seconds`] for callers that word their own error.
pub fn parse_seconds(text: &str) -> Option<Duration> {
    read_seconds(text).ok()
}

/// `BASE` of `level`: minutes (`5`, `0.5`) or `minutes:seconds` (`2:30`), in
/// all at most [`MAX_SECONDS`].
pub fn parse_base_time(text: &str) -> Option<Duration> {
    const MAX_MINUTES: f64 = MAX_SECONDS / 60.0;
    let seconds = match text.split_once(':') {
        Some((minutes, seconds)) => {
            parse_number(minutes, 0..=MAX_MINUTES as u64).ok()? as f64 * 60.0
                + parse_number(seconds, 0.0..=MAX_SECONDS).ok()?
        }
        None => parse_number(text, 0.0..=MAX_MINUTES).ok()? * 60.0,
    };
    (seconds <= MAX_SECONDS).then(|| Duration::from_secs_f64(seconds))
}

/// The two wall-clock limits of a search; `None` means no limit.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Deadlines {
    /// Do not start another iteration after this.
    pub soft: Option<Instant>,
    /// Stop searching at this instant.
    pub hard: Option<Instant>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn budget_never_exceeds_the_clock() {
        for remaining_ms in [0u64, 10, 31, 50, 100, 1000, 60_000] {
            for moves_to_go in [None, Some(1), Some(2), Some(40)] {
                let clock = Clock {
                    remaining: Duration::from_millis(remaining_ms),
                    increment: Duration::from_millis(100),
                    moves_to_go,
                };
                let (soft, hard) = clock.budget();
                assert!(soft <= hard);
                let limit = Duration::from_millis(remaining_ms).saturating_sub(SAFETY_MARGIN);
                assert!(
                    hard <= limit,
                    "{remaining_ms} ms, {moves_to_go:?}: {hard:?}"
                );
            }
        }
    }

    #[test]
    fn level_and_seconds_parse() {
        assert_eq!(parse_base_time("5"), Some(Duration::from_secs(300)));
        assert_eq!(parse_base_time("0:30"), Some(Duration::from_secs(30)));
        assert_eq!(parse_base_time("1:30"), Some(Duration::from_secs(90)));
        assert_eq!(parse_base_time("0.5"), Some(Duration::from_secs(30)));
        for bad in ["x", "-1", "1:x", "1e30", "NaN", "inf", "1:-5", "16666667"] {
            assert_eq!(parse_base_time(bad), None, "{bad}");
        }
        assert_eq!(parse_seconds("0.1"), Some(Duration::from_millis(100)));
        assert_eq!(parse_seconds("0"), Some(Duration::ZERO));
        for bad in ["-1", "1e30", "inf", "NaN", "", "x", "1.8e19"] {
            assert_eq!(parse_seconds(bad), None, "{bad}");
        }
        assert_eq!(
            read_seconds("1e20").unwrap_err().to_string(),
            "'1e20' is not a number from 0 to 1000000000"
        );
        assert_eq!(
            read_seconds("1000000000"),
            Ok(Duration::from_secs(1_000_000_000))
        );
        assert_eq!(
            TimeControl::parse_level("40 0:30 0.5"),
            Some(TimeControl::Level {
                moves_per_session: 40,
                base: Duration::from_secs(30),
                increment: Duration::from_millis(500),
            })
        );
        assert_eq!(TimeControl::parse_level("40 5"), None);
    }

    #[test]
    fn level_limits_count_moves_to_go() {
        let level = TimeControl::parse_level("40 5 0").unwrap();
        let limits = level.limits(None, 0, Some(7));
        assert_eq!(limits.depth, Some(7));
        let clock = limits.clock.unwrap();
        assert_eq!(clock.remaining, Duration::from_secs(300));
        assert_eq!(clock.moves_to_go, Some(40));
        let clock = level
            .limits(Some(Duration::from_secs(9)), 39, None)
            .clock
            .unwrap();
        assert_eq!(
            (clock.remaining, clock.moves_to_go),
            (Duration::from_secs(9), Some(1))
        );
        let per_move = TimeControl::PerMove(Duration::from_millis(100)).limits(None, 0, None);
        assert_eq!(per_move.move_time, Some(Duration::from_millis(100)));
    }

    #[test]
    fn move_time_is_a_hard_limit() {
        let start = Instant::now();
        let limits = Limits::move_time(Duration::from_millis(250));
        let deadlines = limits.deadlines(start);
        assert_eq!(deadlines.hard, Some(start + Duration::from_millis(250)));
        assert_eq!(Limits::default().deadlines(start).hard, None);
    }
}
