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
//!
//! On a clock the soft limit is the move's **nominal time**, an equal share of
//! what is left plus most of the increment (the search may stretch it while
//! its best move changes, see `search.rs`), and the hard limit allows
//! [`HARD_LIMIT_FACTOR`] times that, but never more than
//! [`MOST_OF_THE_CLOCK_DIVISOR`]th of what is left: one hard move cannot spend
//! the game's time. A **move overhead** (UCI `Move Overhead`: the GUI's and
//! the network's lag) is taken off the clock, and off a fixed time per move,
//! before any of this is worked out.

use std::time::{Duration, Instant};

use crate::board::Move;
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

/// The hard limit on a clock is at most this many times the move's nominal
/// time: an iteration that runs long is cut off there.
pub const HARD_LIMIT_FACTOR: u32 = 3;

/// One move never takes more than this fraction (1/N) of the time left on
/// the clock, whatever the moves to go and the increment say.
pub const MOST_OF_THE_CLOCK_DIVISOR: u32 = 5;

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
    /// Time lost outside the search on every move (the GUI's, the pipe's,
    /// the network's), taken off [`Limits::move_time`] and off the clock's
    /// time left before the move's time is worked out (UCI `Move Overhead`).
    pub move_overhead: Duration,
    /// Search only these root moves (UCI `go searchmoves`); all if empty.
    pub search_moves: Vec<crate::board::Move>,
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

    /// The deadlines of a search by umax's time switches
    /// ([`Limits::deadlines`] shaped by them).
    ///
    /// Deviation from micro-Max (switch `time_moves`, 45 in the default): a
    /// clock that does not say how many moves are left is shared out over
    /// that many, so a smaller number spends more of the clock early on.
    ///
    /// Deviation from micro-Max (switch `half_time_stop`, off by default): on
    /// a clock, no new iteration starts once half of the hard limit is used
    /// (seed 002's rule), instead of at the soft limit. Either way, an
    /// iteration takes several times longer than the last, so one started
    /// late would be cut off unfinished. A fixed time per move keeps its
    /// soft limit.
    pub fn search_deadlines(
        &self,
        start: Instant,
        time_moves: u32,
        half_time_stop: bool,
    ) -> Deadlines {
        let mut limits = self.clone();
        if let Some(clock) = &mut limits.clock
            && clock.moves_to_go.is_none()
        {
            clock.moves_to_go = Some(time_moves);
        }
        let mut deadlines = limits.deadlines(start);
        if half_time_stop
            && self.is_on_clock()
            && let Some(hard) = deadlines.hard
        {
            deadlines.soft = Some(start + (hard - start) / 2);
        }
        deadlines
    }

    /// Does the search play on a clock (whose time it shares out itself),
    /// not a fixed time per move?
    pub fn is_on_clock(&self) -> bool {
        self.clock.is_some() && self.move_time.is_none()
    }

    /// The soft and hard time limits of a search starting at `start`, the
    /// move overhead taken off the time per move and off the clock.
    pub fn deadlines(&self, start: Instant) -> Deadlines {
        if self.infinite || self.ponder {
            return Deadlines::default();
        }
        let mut deadlines = Deadlines::default();
        if let Some(time) = self.move_time {
            let time = time.saturating_sub(self.move_overhead);
            deadlines.soft = Some(start + time);
            deadlines.hard = Some(start + time);
        }
        if let Some(clock) = self.clock {
            let clock = Clock {
                remaining: clock.remaining.saturating_sub(self.move_overhead),
                ..clock
            };
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
    /// The soft limit is the move's [nominal time](Clock::nominal_time); the
    /// hard limit lets an iteration that is nearly done overrun it up to
    /// [`HARD_LIMIT_FACTOR`] times. Neither is ever more than
    /// [`Clock::most_for_one_move`], and `SAFETY_MARGIN` always stays on the
    /// clock.
    pub fn budget(&self) -> (Duration, Duration) {
        let nominal = self.nominal_time();
        let most = self.most_for_one_move();
        let soft = nominal.min(most);
        let hard = (nominal * HARD_LIMIT_FACTOR).min(most).max(soft);
        (soft, hard)
    }

    /// The time one move is meant to take: an equal share of the time left
    /// over the moves to go, plus most of the increment.
    pub fn nominal_time(&self) -> Duration {
        let usable = self.usable();
        let moves = self.moves_to_go.unwrap_or(DEFAULT_MOVES_TO_GO).clamp(1, 50);
        // An equal share, spread over a few more moves than announced for
        // safety (the GUI may count moves differently). With few moves to go
        // the share is large: `most_for_one_move` caps it.
        usable / (moves + 2) + self.increment.mul_f64(0.75)
    }

    /// The most one move may take: a [`MOST_OF_THE_CLOCK_DIVISOR`]th of the
    /// time left (after `SAFETY_MARGIN`), however few the moves to go or large
    /// the increment, so that one long think never decides the game on time.
    pub fn most_for_one_move(&self) -> Duration {
        self.usable() / MOST_OF_THE_CLOCK_DIVISOR
    }

    /// The time left less `SAFETY_MARGIN`.
    fn usable(&self) -> Duration {
        self.remaining.saturating_sub(SAFETY_MARGIN)
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

/// Switch `time_stability`: iterations before the soft limit is scaled (the
/// first few change their best move often and take no time).
pub const STABILITY_MIN_PLIES: u32 = 5;

/// Switch `time_stability`: the factor on the soft limit, by how many
/// iterations in a row the best move has stayed the same and by how many
/// centipawns the score fell in the last one. A best move that just changed
/// may change again, so it gets more time; one that has held will likely
/// hold, and the time saved goes to later moves. A falling score means
/// trouble: look further before playing.
///
/// Deviation from micro-Max: micro-Max thinks a fixed share of the clock.
pub fn stability_factor(stable_iterations: u32, score_drop: i32) -> f64 {
    let by_stability = match stable_iterations {
        0 => 1.5,
        1 => 1.2,
        2 => 1.0,
        3 => 0.85,
        _ => 0.7,
    };
    let by_score = if score_drop >= 25 { 1.3 } else { 1.0 };
    by_stability * by_score
}

/// Switch `time_nodes`: the factor on the soft limit by the share of the
/// last iteration's root nodes its best move took. A best move whose
/// search took nearly all of them is clear (x0.675); one that took few had
/// rivals the search worked hard to refute (up to x2.025). With the switch
/// off (`None`), 1.
pub fn best_move_nodes_factor(best_move_share: Option<f64>) -> f64 {
    best_move_share.map_or(1.0, |share| (1.5 - share.clamp(0.0, 1.0)) * 1.35)
}

/// Switch `time_nodes`: the nodes each root move took in the iteration
/// under way, and the share the best move took in the last one completed.
#[derive(Clone, Debug)]
pub struct RootNodeTally {
    per_move: Vec<(Move, u64)>,
    /// The root move being charged, and the node count when it began.
    charged: Option<(Move, u64)>,
    /// The share of the last completed iteration's root nodes its best move took.
    pub best_move_share: f64,
}

impl Default for RootNodeTally {
    fn default() -> Self {
        RootNodeTally {
            per_move: Vec::new(),
            charged: None,
            best_move_share: 1.0,
        }
    }
}

impl RootNodeTally {
    /// An iteration begins: forget what the last one's moves took.
    pub fn begin_iteration(&mut self) {
        self.per_move.clear();
    }

    /// With the node count now `nodes`: charge the nodes since the last call
    /// to the root move searched till now, and those from now on to `next`.
    pub fn charge(&mut self, nodes: u64, next: Option<Move>) {
        if let Some((mv, began)) = self.charged.take() {
            match self.per_move.iter_mut().find(|(each, _)| *each == mv) {
                Some((_, taken)) => *taken += nodes - began,
                None => self.per_move.push((mv, nodes - began)),
            }
        }
        self.charged = next.map(|mv| (mv, nodes));
    }

    /// The iteration completed at `nodes` with `best` its best move: keep the
    /// share of its nodes that `best` took (1 where `best` is not listed).
    pub fn complete_iteration(&mut self, nodes: u64, best: Option<Move>) {
        self.charge(nodes, None);
        let all: u64 = self.per_move.iter().map(|(_, taken)| taken).sum();
        let best = self.per_move.iter().find(|(mv, _)| Some(*mv) == best);
        self.best_move_share = best.map_or(1.0, |(_, taken)| *taken as f64 / all.max(1) as f64);
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// Limits for a game on a clock: a minute left, no increment.
    pub(crate) fn a_minute_on_the_clock() -> Limits {
        Limits {
            clock: Some(Clock {
                remaining: Duration::from_secs(60),
                increment: Duration::ZERO,
                moves_to_go: None,
            }),
            ..Limits::default()
        }
    }

    #[test]
    fn a_best_move_that_took_fewer_of_the_root_nodes_gets_more_time() {
        assert_eq!(best_move_nodes_factor(Some(1.0)), 0.5 * 1.35);
        assert_eq!(best_move_nodes_factor(Some(0.0)), 1.5 * 1.35);
        assert!(best_move_nodes_factor(Some(0.3)) > best_move_nodes_factor(Some(0.7)));
        // A share outside 0 to 1 (never met) stays within those bounds.
        assert_eq!(
            best_move_nodes_factor(Some(2.0)),
            best_move_nodes_factor(Some(1.0))
        );
        assert_eq!(best_move_nodes_factor(None), 1.0);
    }

    #[test]
    fn the_best_moves_share_is_its_part_of_the_root_moves_nodes() {
        let board = crate::board::Board::start();
        let e4 = board.parse_coordinate_move("e2e4").unwrap();
        let d4 = board.parse_coordinate_move("d2d4").unwrap();
        let mut tally = RootNodeTally::default();
        assert_eq!(tally.best_move_share, 1.0);
        tally.begin_iteration();
        tally.charge(1000, Some(e4));
        tally.charge(1200, Some(d4));
        tally.charge(1300, Some(e4));
        tally.complete_iteration(1400, Some(e4));
        assert_eq!(tally.best_move_share, 0.75);
        tally.begin_iteration();
        tally.charge(2000, Some(d4));
        tally.complete_iteration(2400, Some(e4));
        assert_eq!(tally.best_move_share, 1.0, "a best move not searched");
    }

    #[test]
    fn half_time_stop_moves_the_soft_limit_to_half_the_hard_limit_on_a_clock() {
        let start = Instant::now();
        let clock = a_minute_on_the_clock();
        // 30 moves to go: the clock's own share, which `deadlines` gives.
        let plain = clock.search_deadlines(start, 30, false);
        let half = clock.search_deadlines(start, 30, true);
        assert_eq!(plain, clock.deadlines(start));
        assert_eq!(half.hard, plain.hard);
        let hard = plain.hard.unwrap() - start;
        assert_eq!(half.soft, Some(start + hard / 2));
        assert_ne!(half.soft, plain.soft);
        // A fixed time per move keeps its limits: there is no time to save.
        let fixed = Limits::move_time(Duration::from_secs(1));
        assert_eq!(
            fixed.search_deadlines(start, 30, true),
            fixed.deadlines(start)
        );
    }

    #[test]
    fn time_moves_shares_a_clock_without_moves_to_go_over_that_many_moves() {
        let start = Instant::now();
        let clock = a_minute_on_the_clock();
        assert_eq!(
            clock.search_deadlines(start, DEFAULT_MOVES_TO_GO, false),
            clock.deadlines(start),
            "the clock's own default"
        );
        let soft = |moves| clock.search_deadlines(start, moves, false).soft.unwrap();
        assert!(soft(50) < soft(45) && soft(45) < soft(30));
        // A clock that says how many moves are left keeps its own count.
        let mut forty = clock.clone();
        forty.clock.as_mut().unwrap().moves_to_go = Some(40);
        assert_eq!(
            forty.search_deadlines(start, 50, false),
            forty.deadlines(start)
        );
        // So does a fixed time per move.
        let fixed = Limits::move_time(Duration::from_secs(1));
        assert_eq!(
            fixed.search_deadlines(start, 50, false),
            fixed.deadlines(start)
        );
    }

    #[test]
    fn stability_gives_more_time_while_the_best_move_changes_or_the_score_falls() {
        assert!(stability_factor(0, 0) > stability_factor(2, 0));
        assert!(stability_factor(2, 0) > stability_factor(4, 0));
        assert!(stability_factor(4, 30) > stability_factor(4, 0));
        // Never past the hard limit (three times the soft one).
        assert!(stability_factor(0, 1000) < HARD_LIMIT_FACTOR as f64);
    }

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

    /// A clock of `remaining` ms, `increment` ms and `moves_to_go`.
    fn clock(remaining: u64, increment: u64, moves_to_go: Option<u32>) -> Clock {
        Clock {
            remaining: Duration::from_millis(remaining),
            increment: Duration::from_millis(increment),
            moves_to_go,
        }
    }

    #[test]
    fn hard_limit_is_at_most_three_nominal_moves_and_a_fifth_of_the_clock() {
        for remaining in [0, 40, 500, 1000, 10_000, 300_000, 3_600_000] {
            for increment in [0, 10, 100, 2000, 30_000] {
                for moves_to_go in [None, Some(1), Some(2), Some(5), Some(40), Some(99)] {
                    let clock = clock(remaining, increment, moves_to_go);
                    let (soft, hard) = clock.budget();
                    let usable = Duration::from_millis(remaining).saturating_sub(SAFETY_MARGIN);
                    let why = format!("{remaining} ms + {increment} ms, {moves_to_go:?} to go");
                    assert!(soft <= hard, "{why}");
                    assert!(soft <= clock.nominal_time(), "{why}");
                    assert!(hard <= clock.nominal_time() * 3, "{why}: {hard:?}");
                    assert!(hard <= usable / 5, "{why}: {hard:?}");
                }
            }
        }
    }

    #[test]
    fn forty_moves_in_five_minutes_budget() {
        // xboard's `level 40 5 0` on the first move: 7.1 s nominal (an
        // equal share over 42 moves), cut off at three times that, 21.4 s
        // (it was four times, 28.6 s).
        let first_move = clock(300_000, 0, Some(40));
        let nominal = Duration::from_millis(300_000 - 30) / 42;
        assert_eq!(first_move.nominal_time(), nominal);
        assert_eq!(first_move.budget(), (nominal, nominal * 3));
        // The last move before new time: a fifth of the clock (it was half).
        let last = clock(10_030, 0, Some(1));
        assert_eq!(last.nominal_time(), Duration::from_millis(10_000) / 3);
        assert_eq!(
            last.budget(),
            (Duration::from_secs(2), Duration::from_secs(2))
        );
        // An increment larger than the clock does not lift the cap either.
        let rich = clock(1030, 5000, None);
        assert_eq!(rich.budget().1, Duration::from_millis(200));
    }

    #[test]
    fn move_overhead_comes_off_the_clock_and_the_time_per_move() {
        let start = Instant::now();
        let on_clock = |overhead_ms| {
            Limits {
                clock: Some(clock(1000, 0, None)),
                move_overhead: Duration::from_millis(overhead_ms),
                ..Limits::default()
            }
            .deadlines(start)
        };
        // 1000 ms less 900 of overhead leaves 100: a fifth of 70 after the
        // safety margin is 14 ms at most.
        let tight = on_clock(900);
        assert_eq!(
            tight.hard,
            Some(start + clock(100, 0, None).budget().1),
            "the budget of the clock less the overhead"
        );
        assert!(tight.hard.unwrap() - start <= Duration::from_millis(14));
        assert!(on_clock(10).hard > tight.hard);
        // An overhead beyond the clock leaves no time (depth 1 still finishes:
        // `search.rs`).
        assert_eq!(on_clock(5000).hard, Some(start));
        let per_move = Limits {
            move_overhead: Duration::from_millis(10),
            ..Limits::move_time(Duration::from_millis(250))
        };
        let deadlines = per_move.deadlines(start);
        assert_eq!(deadlines.hard, Some(start + Duration::from_millis(240)));
        assert_eq!(deadlines.soft, deadlines.hard);
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
