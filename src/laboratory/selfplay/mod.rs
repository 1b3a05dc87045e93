//! # Self-play: what a search setting is worth, measured in games
//!
//! Node counts say how much a technique saves; only games say whether it makes
//! the engine stronger. `umax selfplay` plays engine A against engine B, each
//! a [`Searcher`] with its own settings and hash table, in one process:
//!
//! ```text
//! umax selfplay --a null=off --b default --tc 10+0.1 --games 200 --concurrency 2
//! umax selfplay --a default --b preset=plain --sprt 0,5 --tc 5+0.05
//! umax selfplay --worth --tc 5+0.05 --games 100
//! ```
//!
//! * **Games.** Each game starts from an opening ([`crate::openings`]), and
//!   each opening is played twice with colours swapped: a game pair. The
//!   [`referee`] plays a game by umax's own rules with a real clock per side.
//!   `--concurrency C` plays C games at a time, one thread each; every thread
//!   owns its two searchers, so nothing is shared but the tally.
//! * **Statistics.** W/D/L from A's side, the pentanomial count of pairs, the
//!   score and logistic Elo with a 95 % interval, and with `--sprt` the
//!   log-likelihood ratio of the normalized-Elo test as fishtest and fastchess
//!   compute it; the match stops as soon as the test decides. See [`stats`].
//! * **Records.** Every finished game is appended to the `--pgn` file and
//!   flushed at once, with both settings in the player names, so a match that
//!   is interrupted (Ctrl-C, SIGTERM, a full disk) loses no finished game;
//!   the summary counts exactly the games in the file. `--resume` goes on
//!   with a match that file holds: its games count, the missing ones are
//!   played, so that an SPRT can run to its decision over several sittings
//!   (each game's `Searches` tag, the nodes of a small bench of A and of B,
//!   makes sure the same searches play on).
//! * **The worth table.** `--worth` plays the default against each technique
//!   of the search laboratory turned off (or set to its alternative) and prints
//!   a markdown table: what each technique is worth here, or "not resolved"
//!   when the error bars are wider than the effect; `--svg FILE` draws it,
//!   each technique's Elo with its 95 % error bar.

pub mod referee;
pub mod stats;

use std::collections::{HashMap, HashSet};
use std::fs::File;
use std::io::{IsTerminal, Write};
use std::path::PathBuf;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

use crate::board::Color;
use crate::game::{PgnGame, parse_pgn, pgn_date_today, split_games};
use crate::input::{take_flag, take_option};
use crate::laboratory::svg::WorthBar;
use crate::openings::{self, StartPosition};
use crate::search::techniques::worth_rows;
use crate::search::{Searcher, Settings};
use crate::table::TranspositionTable;
use referee::{GameRecord, Termination, ThinkingLimit, play_game};
use stats::{EloEstimate, Pentanomial, Sprt, SprtVerdict, Trinomial};

/// Hash table per engine when `--hash` is not given: small, so that two
/// engines on each of several threads fit anywhere.
pub const DEFAULT_HASH_MEGABYTES: usize = 16;

/// The time control when none is given: 10 s + 0.1 s a move, fishtest's
/// short time control.
pub const DEFAULT_TIME_CONTROL: &str = "10+0.1";

/// The most games an SPRT plays when `--games` is not given.
pub const DEFAULT_SPRT_GAMES: u64 = 20_000;

/// The command-line help of `umax selfplay`.
pub const USAGE: &str = "\
usage: umax selfplay --a SPEC --b SPEC [--tc BASE+INC | --nodes N | --depth D]
                     [--games N] [--concurrency C] [--openings FILE]
                     [--sprt ELO0,ELO1[,ALPHA,BETA]] [--hash MB] [--pgn FILE]
                     [--max-plies N] [--seed S] [--resume]
       umax selfplay --worth [--tc BASE+INC | --nodes N | --depth D] [--games N]
                     [--svg FILE] ...

SPEC is a list of search settings ('null=off,lmr=off', 'preset=plain');
'' or 'default' is the default. --tc is in seconds (default 10+0.1). Games
come in pairs, each opening once with each colour (58 built-in openings, or
FEN/EPD/SAN lines from --openings; --seed S shuffles their order). --games
defaults to two per opening, or 20000 with --sprt, whose bounds are in
normalized Elo (alpha and beta default to 0.05). --max-plies ends a game
as a draw after that many plies. --resume, with --pgn FILE, goes on with
the match FILE holds (same players, searches, time control, openings and
seed): its games count and the missing ones are played. Elo is A's, with a
95 % interval. With
--worth, --svg FILE draws the worth table: each technique's Elo with its
95 % error bar.";

/// Everything a match needs to know.
#[derive(Clone, Debug)]
pub struct MatchOptions {
    /// Engine A's settings, as [`Settings::from_spec`] reads them.
    pub spec_a: String,
    /// Engine B's settings.
    pub spec_b: String,
    /// How long each engine may think.
    pub limit: ThinkingLimit,
    /// Games to play at most.
    pub games: u64,
    /// Games played at a time, one thread each.
    pub concurrency: usize,
    /// The start positions, played in this order, each twice.
    pub openings: Vec<StartPosition>,
    /// Stop when this test decides.
    pub sprt: Option<Sprt>,
    /// Hash table size of each engine.
    pub hash_megabytes: usize,
    /// Append every finished game here.
    pub pgn: Option<PathBuf>,
    /// End a game as a draw after this many plies.
    pub max_plies: Option<usize>,
    /// Go on with the match the `pgn` file holds (`--resume`).
    pub resume: bool,
}

impl MatchOptions {
    /// A match of `games` games between `spec_a` and `spec_b` at `limit`, on
    /// one thread, from the built-in openings, without SPRT or PGN.
    pub fn new(spec_a: &str, spec_b: &str, limit: ThinkingLimit, games: u64) -> MatchOptions {
        MatchOptions {
            spec_a: spec_a.to_string(),
            spec_b: spec_b.to_string(),
            limit,
            games,
            concurrency: 1,
            openings: openings::built_in(),
            sprt: None,
            hash_megabytes: DEFAULT_HASH_MEGABYTES,
            pgn: None,
            max_plies: None,
            resume: false,
        }
    }
}

// ---------------------------------------------------------------------------
// Engine settings
// ---------------------------------------------------------------------------

/// A searcher with `settings` and a fresh table of `megabytes` MiB.
fn engine_for(settings: &Settings, megabytes: usize) -> Result<Searcher, String> {
    let mut searcher = Searcher::with_table(TranspositionTable::try_with_megabytes(megabytes)?);
    searcher.set_settings(settings.clone());
    Ok(searcher)
}

// ---------------------------------------------------------------------------
// The tally
// ---------------------------------------------------------------------------

/// The counts of a match so far, from engine A's side.
#[derive(Clone, Debug, Default)]
pub struct Tally {
    /// Finished games: A's losses, draws and wins.
    pub games: Trinomial,
    /// Finished pairs (both games of an opening).
    pub pairs: Pentanomial,
    /// A's half points in the first finished game of each unfinished pair.
    waiting: HashMap<u64, u8>,
    /// Games engine A lost (or drew against a bare king) on time.
    pub forfeits_a: u64,
    /// Games engine B lost (or drew against a bare king) on time.
    pub forfeits_b: u64,
    /// Games ended at `--max-plies` and scored as draws.
    pub ply_limit: u64,
}

impl Tally {
    /// Count game `index`'s record. Returns whether it completed a pair.
    fn record(&mut self, index: u64, record: &GameRecord) -> bool {
        let Some(white_half_points) = record.white_half_points() else {
            return false;
        };
        let forfeit_loser = match record.termination {
            Termination::TimeForfeit { loser } => Some(loser),
            _ => None,
        };
        let ply_limit = record.termination == Termination::PlyLimit;
        self.count(&FinishedGame {
            index,
            white_half_points,
            forfeit_loser,
            ply_limit,
        })
    }

    /// Count a finished game. Returns whether it completed a pair.
    fn count(&mut self, game: &FinishedGame) -> bool {
        let (index, white) = (game.index, game.white_half_points);
        let a_is_white = a_plays_white(index);
        let a_points = if a_is_white { white } else { 2 - white };
        self.games.add(a_points);
        if let Some(loser) = game.forfeit_loser {
            if (loser == Color::White) == a_is_white {
                self.forfeits_a += 1;
            } else {
                self.forfeits_b += 1;
            }
        }
        self.ply_limit += u64::from(game.ply_limit);
        let pair = index / 2;
        match self.waiting.remove(&pair) {
            Some(first) => {
                self.pairs.add_pair(first, a_points);
                true
            }
            None => {
                self.waiting.insert(pair, a_points);
                false
            }
        }
    }

    /// Elo from the pairs, or from the games while no pair is complete.
    pub fn elo(&self) -> Option<EloEstimate> {
        self.pairs.elo().or_else(|| self.games.elo())
    }

    /// Finished games whose pair is not finished (counted in W/D/L only).
    pub fn unpaired(&self) -> usize {
        self.waiting.len()
    }
}

/// A finished game as the tally counts it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FinishedGame {
    /// Its number in the match, from 0 (the PGN's round less one).
    pub index: u64,
    /// White's half points.
    pub white_half_points: u8,
    /// Whose flag fell, if the clock ended it.
    pub forfeit_loser: Option<Color>,
    /// Ended at `--max-plies`.
    pub ply_limit: bool,
}

/// `--resume`: the games an earlier run of this match wrote to `pgn` (the
/// text of its file), each checked by [`resumed_game`]; and how much of the
/// text holds whole games.
pub fn finished_games(
    options: &MatchOptions,
    pgn: &str,
    searches: &str,
) -> Result<(Vec<FinishedGame>, usize), String> {
    let (games, whole) = whole_games(pgn)?;
    let labels = player_labels(options);
    let mut finished = Vec::new();
    let mut seen = HashSet::new();
    for game in &games {
        let Some(game) = resumed_game(options, &labels, game, searches)? else {
            continue; // unfinished: played again
        };
        if !seen.insert(game.index) {
            return Err(format!(
                "--resume: round {} is in the file twice",
                game.index + 1
            ));
        }
        finished.push(game);
    }
    Ok((finished, whole))
}

/// The games of the PGN text `pgn`, and how many of its bytes hold whole
/// games: a run killed while it wrote may leave half a game at the end,
/// which is dropped (and played again).
fn whole_games(pgn: &str) -> Result<(Vec<PgnGame>, usize), String> {
    let pieces = split_games(pgn);
    let (mut games, mut whole) = (Vec::new(), 0);
    for (number, piece) in pieces.iter().enumerate() {
        match parse_pgn(piece) {
            Ok(parsed) if parsed.len() == 1 && piece.ends_with("\n\n") => {
                games.extend(parsed);
                whole += piece.len();
            }
            _ if number + 1 == pieces.len() => break, // half a game, last: dropped
            Err(error) => return Err(format!("--resume: {error}")),
            Ok(_) => return Err("--resume: a game the file does not hold whole".to_string()),
        }
    }
    Ok((games, whole))
}

/// A game an earlier run wrote, checked against this match: the players
/// (`labels`: A's and B's names), the time control and the opening of its
/// round, and `searches` (the `Searches` tag). A game of another match is
/// an error that names it; an unfinished one is `None`.
fn resumed_game(
    options: &MatchOptions,
    (label_a, label_b): &(String, String),
    game: &PgnGame,
    searches: &str,
) -> Result<Option<FinishedGame>, String> {
    let tag = |name| game.tag(name).unwrap_or_default();
    let round = tag("Round");
    let Some(index) = round
        .parse::<u64>()
        .ok()
        .and_then(|round| round.checked_sub(1))
    else {
        return Err(format!(
            "--resume: a game without a round number ('{round}')"
        ));
    };
    let (white, black) = if a_plays_white(index) {
        (label_a, label_b)
    } else {
        (label_b, label_a)
    };
    let time_control = options.limit.pgn_tag();
    let expected = [
        ("White", white.as_str()),
        ("Black", black.as_str()),
        ("TimeControl", time_control.as_str()),
        ("Opening", opening_of(options, index).name.as_str()),
        ("Searches", searches),
    ];
    if let Some((name, expected)) = expected
        .into_iter()
        .find(|&(name, value)| tag(name) != value)
    {
        return Err(format!(
            "--resume: round {round} is another match's: {name} '{}', this match's '{expected}'",
            tag(name)
        ));
    }
    let Some(white_half_points) = referee::white_half_points(&game.result) else {
        return Ok(None);
    };
    Ok(Some(FinishedGame {
        index,
        white_half_points,
        // The clock that ran out was that of the side to move.
        forfeit_loser: (tag("Termination") == "time forfeit")
            .then(|| game.game.board().side_to_move()),
        ply_limit: tag("Termination") == "adjudication",
    }))
}

/// The opening game `index` of the match starts from (a pair's two games
/// share one).
fn opening_of(options: &MatchOptions, index: u64) -> &StartPosition {
    &options.openings[((index / 2) % options.openings.len() as u64) as usize]
}

/// The `Searches` tag of a match: how long each move may think, and the
/// nodes A and B search on the bench positions to depth [`SEARCHES_DEPTH`],
/// which tells two builds or two settings apart.
fn searches_tag(limit: &ThinkingLimit, settings_a: &Settings, settings_b: &Settings) -> String {
    let depth = crate::clock::Limits::depth(SEARCHES_DEPTH);
    let nodes = |settings| {
        let run = crate::lab::run_positions(settings, &crate::tools::BENCH_POSITIONS, &depth, 16);
        run.expect("bench positions are valid").nodes()
    };
    let (a, b) = (nodes(settings_a), nodes(settings_b));
    format!(
        "{}; bench to depth {SEARCHES_DEPTH}: a {a}, b {b} nodes",
        limit.describe()
    )
}

/// How deep [`searches_tag`] searches: a tenth of a second.
const SEARCHES_DEPTH: u32 = 5;

/// The PGN names of A and B: the settings in words.
fn player_labels(options: &MatchOptions) -> (String, String) {
    (
        format!("umax a: {}", label(&options.spec_a)),
        format!("umax b: {}", label(&options.spec_b)),
    )
}

/// Why a match ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ending {
    /// All the games asked for were played.
    Complete,
    /// The SPRT decided.
    Sprt(SprtVerdict),
    /// Ctrl-C or SIGTERM.
    Interrupted,
    /// The PGN file could not be written (a full disk, ...).
    PgnError,
}

/// What a match produced.
#[derive(Clone, Debug)]
pub struct MatchReport {
    /// The counts.
    pub tally: Tally,
    /// Why it ended.
    pub ending: Ending,
    /// The last LLR, with `--sprt`.
    pub llr: Option<f64>,
    /// Wall time of the match.
    pub elapsed: Duration,
    /// Why the PGN could not be written, if so.
    pub pgn_error: Option<String>,
    /// Games an earlier run played (`--resume`), counted in `tally`.
    pub resumed: usize,
}

// ---------------------------------------------------------------------------
// Running a match
// ---------------------------------------------------------------------------

/// Shared by the threads of a match.
struct Shared<'a> {
    options: &'a MatchOptions,
    tally: Mutex<Tally>,
    pgn: Mutex<Option<File>>,
    pgn_error: Mutex<Option<String>>,
    next_game: AtomicU64,
    /// Games an earlier run played (`--resume`), by index: not played again.
    finished_before: HashSet<u64>,
    /// The `Searches` tag of every game.
    searches: String,
    /// Set when the SPRT has decided or the PGN failed: no new games, and the
    /// games in progress are abandoned.
    finished: AtomicBool,
    verdict: Mutex<Option<(f64, SprtVerdict)>>,
    progress: &'a (dyn Fn(&Tally, Option<f64>) + Sync),
}

impl Shared<'_> {
    fn should_stop(&self) -> bool {
        self.finished.load(Ordering::Relaxed) || interrupt::requested()
    }
}

/// Play a match. `progress` is called after every finished game with the
/// tally and the current LLR (with `--sprt`). The PGN file, if any, is
/// created (or truncated) first; an error there is returned before any game.
pub fn run_match(
    options: &MatchOptions,
    progress: &(dyn Fn(&Tally, Option<f64>) + Sync),
) -> Result<MatchReport, String> {
    let settings_a = Settings::from_spec(&options.spec_a)?;
    let settings_b = Settings::from_spec(&options.spec_b)?;
    if options.openings.is_empty() {
        return Err("no openings to play".to_string());
    }
    let searches = match &options.pgn {
        Some(_) => searches_tag(&options.limit, &settings_a, &settings_b),
        None => String::new(),
    };
    let mut tally = Tally::default();
    let mut finished_before = HashSet::new();
    let pgn = match &options.pgn {
        Some(path) if options.resume => {
            let text = match std::fs::read_to_string(path) {
                Err(e) if e.kind() == std::io::ErrorKind::NotFound => String::new(),
                read => read.map_err(|e| format!("cannot read {}: {e}", path.display()))?,
            };
            let (games, whole) = finished_games(options, &text, &searches)?;
            for game in games {
                tally.count(&game);
                finished_before.insert(game.index);
            }
            if whole < text.len() {
                std::fs::write(path, &text[..whole])
                    .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
            }
            let file = std::fs::OpenOptions::new()
                .create(true)
                .append(true)
                .open(path);
            Some(file.map_err(|e| format!("cannot open {}: {e}", path.display()))?)
        }
        Some(path) => {
            Some(File::create(path).map_err(|e| format!("cannot create {}: {e}", path.display()))?)
        }
        None if options.resume => return Err("--resume needs --pgn FILE".to_string()),
        None => None,
    };
    // An SPRT the earlier games decided plays no more.
    let verdict = options.sprt.map(|sprt| {
        let llr = sprt.llr(&tally.pairs);
        (llr, sprt.verdict(llr))
    });
    let decided = verdict.is_some_and(|(_, verdict)| verdict != SprtVerdict::Continue);
    // Make every table before the first game, so that a size the machine
    // cannot give is an error, not a crash in a thread.
    let threads = options.concurrency.clamp(1, options.games.max(1) as usize);
    let mut engines = Vec::new();
    for _ in 0..threads {
        engines.push((
            engine_for(&settings_a, options.hash_megabytes)?,
            engine_for(&settings_b, options.hash_megabytes)?,
        ));
    }
    let shared = Shared {
        options,
        tally: Mutex::new(tally),
        pgn: Mutex::new(pgn),
        pgn_error: Mutex::new(None),
        next_game: AtomicU64::new(0),
        finished_before,
        searches,
        finished: AtomicBool::new(decided),
        verdict: Mutex::new(verdict),
        progress,
    };
    let labels = player_labels(options);
    let resumed = shared.finished_before.len();
    let start = Instant::now();
    std::thread::scope(|scope| {
        for (engine_a, engine_b) in engines {
            let shared = &shared;
            let labels = &labels;
            scope.spawn(move || play_games(shared, engine_a, engine_b, labels));
        }
    });
    let verdict = *shared.verdict.lock().unwrap();
    let pgn_error = shared.pgn_error.lock().unwrap().clone();
    let ending = if pgn_error.is_some() {
        Ending::PgnError
    } else if let Some((_, verdict)) = verdict.filter(|(_, v)| *v != SprtVerdict::Continue) {
        Ending::Sprt(verdict)
    } else if interrupt::requested() {
        Ending::Interrupted
    } else {
        Ending::Complete
    };
    Ok(MatchReport {
        tally: shared.tally.into_inner().unwrap(),
        ending,
        llr: verdict.map(|(llr, _)| llr),
        elapsed: start.elapsed(),
        pgn_error,
        resumed,
    })
}

/// One thread's work: take the next game number until none is left.
fn play_games(
    shared: &Shared,
    mut engine_a: Searcher,
    mut engine_b: Searcher,
    labels: &(String, String),
) {
    let options = shared.options;
    let stop = || shared.should_stop();
    loop {
        let index = shared.next_game.fetch_add(1, Ordering::Relaxed);
        if index >= options.games || stop() {
            return;
        }
        if shared.finished_before.contains(&index) {
            continue;
        }
        let opening = opening_of(options, index);
        let a_is_white = a_plays_white(index);
        let record = if a_is_white {
            play_game(
                &opening.game,
                &mut engine_a,
                &mut engine_b,
                &options.limit,
                options.max_plies,
                &stop,
            )
        } else {
            play_game(
                &opening.game,
                &mut engine_b,
                &mut engine_a,
                &options.limit,
                options.max_plies,
                &stop,
            )
        };
        if record.termination == Termination::Abandoned {
            return;
        }
        let (white, black) = if a_is_white {
            (&labels.0, &labels.1)
        } else {
            (&labels.1, &labels.0)
        };
        let names = [
            white.as_str(),
            black.as_str(),
            &opening.name,
            &shared.searches,
        ];
        let text = game_pgn(&record, index, names, &options.limit);
        // The tally and the file are updated under one lock, so the summary
        // counts exactly the games the file holds.
        let mut tally = shared.tally.lock().unwrap();
        if !write_pgn(shared, &text) {
            return;
        }
        let pair_done = tally.record(index, &record);
        let mut llr = shared.verdict.lock().unwrap().map(|(llr, _)| llr);
        if let Some(sprt) = options.sprt
            && pair_done
        {
            let value = sprt.llr(&tally.pairs);
            let verdict = sprt.verdict(value);
            *shared.verdict.lock().unwrap() = Some((value, verdict));
            llr = Some(value);
            if verdict != SprtVerdict::Continue {
                shared.finished.store(true, Ordering::Relaxed);
            }
        }
        (shared.progress)(&tally, llr);
    }
}

/// Game `2k` and `2k + 1` share opening `k`; A plays White in the first.
fn a_plays_white(index: u64) -> bool {
    index.is_multiple_of(2)
}

/// Append one game to the PGN file and flush it; on failure remember why and
/// stop the match. Returns whether the game was kept.
fn write_pgn(shared: &Shared, text: &str) -> bool {
    let mut file = shared.pgn.lock().unwrap();
    let Some(open) = file.as_mut() else {
        return true;
    };
    if let Err(error) = open.write_all(text.as_bytes()).and_then(|()| open.flush()) {
        let path = shared.options.pgn.as_ref().map(|p| p.display().to_string());
        *shared.pgn_error.lock().unwrap() = Some(format!(
            "cannot write {}: {error}",
            path.unwrap_or_default()
        ));
        *file = None;
        shared.finished.store(true, Ordering::Relaxed);
        return false;
    }
    true
}

/// One game as PGN, the settings in the player names.
/// `names` are White's, Black's, the opening's and the `Searches` tag (none
/// if empty).
fn game_pgn(
    record: &GameRecord,
    index: u64,
    [white, black, opening, searches]: [&str; 4],
    limit: &ThinkingLimit,
) -> String {
    let date = pgn_date_today();
    let round = (index + 1).to_string();
    let time_control = limit.pgn_tag();
    let tags = [
        ("Event", "umax selfplay"),
        ("Site", "?"),
        ("Date", date.as_str()),
        ("Round", round.as_str()),
        ("White", white),
        ("Black", black),
        ("Result", record.result),
        ("TimeControl", time_control.as_str()),
        ("Termination", record.termination_tag()),
        ("Opening", opening),
        ("Searches", searches),
    ];
    let tags = &tags[..tags.len() - usize::from(searches.is_empty())];
    let mut text = record.game.to_pgn_with_tags(tags, record.result);
    text.push('\n');
    text
}

// ---------------------------------------------------------------------------
// Reporting
// ---------------------------------------------------------------------------

/// `+12.3 ± 4.5`, with the interval's half width; `±inf` when a side scored
/// everything.
pub fn format_elo(estimate: &EloEstimate) -> String {
    let error = estimate.error();
    // A score a rounding error below 50 % should not print as "-0.0".
    let elo = if estimate.elo.abs() < 0.05 {
        0.0
    } else {
        estimate.elo
    };
    if elo.is_finite() && error.is_finite() {
        format!("{elo:+.1} ± {error:.1}")
    } else {
        format!("{elo:+.1} ± inf")
    }
}

/// The one-line progress report: games, W/D/L, time forfeits, Elo ± error
/// (`—` while it is not finite), LLR. The forfeits are there so that a run stopped before its summary
/// still shows whether either side lost on time.
pub fn progress_line(tally: &Tally, games: u64, sprt: Option<&Sprt>, llr: Option<f64>) -> String {
    let g = &tally.games;
    let mut line = format!(
        "games {}/{games}  +{} ={} -{}  forfeits a {} b {}",
        g.games(),
        g.wins,
        g.draws,
        g.losses,
        tally.forfeits_a,
        tally.forfeits_b
    );
    // Until both the Elo and its interval are finite (after the first games
    // one side has usually scored everything: -inf ± inf), there is no
    // figure to show yet.
    match tally
        .elo()
        .filter(|estimate| estimate.elo.is_finite() && estimate.error().is_finite())
    {
        Some(estimate) => line.push_str(&format!("  Elo {}", format_elo(&estimate))),
        None => line.push_str("  Elo —"),
    }
    if let Some(sprt) = sprt {
        line.push_str(&format!(
            "  LLR {:.2} ({:.2}, {:.2})",
            llr.unwrap_or(0.0),
            sprt.lower_bound(),
            sprt.upper_bound()
        ));
    }
    line
}

/// The closing summary of a match, several lines.
pub fn summary(options: &MatchOptions, report: &MatchReport) -> String {
    let tally = &report.tally;
    let g = &tally.games;
    let p = &tally.pairs.0;
    let mut lines = vec![format!(
        "Match: a = '{}' vs b = '{}', {}, {} thread(s), {} opening(s)",
        label(&options.spec_a),
        label(&options.spec_b),
        options.limit.describe(),
        options.concurrency,
        options.openings.len()
    )];
    lines.extend(warnings(options, g.games()));
    if report.resumed > 0 {
        lines.push(format!(
            "Resumed: {} games from the file, played before",
            report.resumed
        ));
    }
    lines.push(format!(
        "Games: {} (W/D/L for a: {} / {} / {}), time forfeits: a {}, b {}, ply limit: {}",
        g.games(),
        g.wins,
        g.draws,
        g.losses,
        tally.forfeits_a,
        tally.forfeits_b,
        tally.ply_limit
    ));
    lines.push(format!(
        "Pairs: {} (LL {}, LD {}, WL+DD {}, WD {}, WW {}){}",
        tally.pairs.pairs(),
        p[0],
        p[1],
        p[2],
        p[3],
        p[4],
        match tally.unpaired() {
            0 => String::new(),
            n => format!("; {n} game(s) of unfinished pairs count in W/D/L only"),
        }
    ));
    if let Some(estimate) = tally.elo() {
        let verdict = if estimate.is_resolved() {
            ""
        } else {
            ", not resolved (the interval contains 0)"
        };
        lines.push(format!(
            "Score: {:.1} %, Elo {} (95 %, logistic), nElo {:+.1}{verdict}",
            estimate.score * 100.0,
            format_elo(&estimate),
            estimate.normalized_elo
        ));
    }
    if let Some(sprt) = &options.sprt {
        let decision = match report.ending {
            Ending::Sprt(SprtVerdict::AcceptH1) => "H1 accepted",
            Ending::Sprt(SprtVerdict::AcceptH0) => "H0 accepted",
            _ => "no decision",
        };
        lines.push(format!(
            "SPRT: nElo [{}, {}], alpha {}, beta {}: LLR {:.2} ({:.2}, {:.2}), {decision}",
            sprt.elo0,
            sprt.elo1,
            sprt.alpha,
            sprt.beta,
            report.llr.unwrap_or(0.0),
            sprt.lower_bound(),
            sprt.upper_bound()
        ));
    }
    let minutes = report.elapsed.as_secs_f64() / 60.0;
    lines.push(format!(
        "Time: {:.2} s, {:.1} games per minute",
        report.elapsed.as_secs_f64(),
        g.games() as f64 / minutes.max(1e-9)
    ));
    match report.ending {
        Ending::Interrupted => {
            lines.push("Interrupted: finished games are counted and kept.".into())
        }
        Ending::PgnError => lines.push(format!(
            "Stopped: {}; the games before it are counted and kept.",
            report.pgn_error.as_deref().unwrap_or("PGN error")
        )),
        _ => {}
    }
    lines.join("\n")
}

/// A SPEC as the reports and the PGN headers show it: the laboratory's own
/// spelling (`default`, `default,null=off`).
fn label(spec: &str) -> String {
    Settings::from_spec(spec).map_or_else(|_| spec.to_string(), |settings| settings.to_spec())
}

/// Prints progress on stdout: one line rewritten in place on a terminal,
/// plain lines otherwise.
struct Progress {
    terminal: bool,
    games: u64,
    sprt: Option<Sprt>,
}

impl Progress {
    fn show(&self, tally: &Tally, llr: Option<f64>) {
        let line = progress_line(tally, self.games, self.sprt.as_ref(), llr);
        let mut out = std::io::stdout().lock();
        let written = if self.terminal {
            // Return to the line's start and clear it to its end.
            write!(out, "\r{line}\x1b[K")
        } else {
            writeln!(out, "{line}")
        };
        // Nobody reading stdout any more is no reason to stop playing: the
        // games still go to the PGN file.
        let _ = written.and_then(|()| out.flush());
    }

    fn end(&self) {
        if self.terminal {
            println!();
        }
    }
}

// ---------------------------------------------------------------------------
// The worth table
// ---------------------------------------------------------------------------

/// One row of the worth table: the default against one alternative.
#[derive(Clone, Debug)]
pub struct WorthRow {
    /// The technique, as the laboratory names it.
    pub technique: String,
    /// The SPEC of the alternative played against the default.
    pub alternative: String,
    /// The default's result against it.
    pub report: MatchReport,
    /// The node / time-to-depth effect from `umax lab`, when known. The
    /// laboratory fills this in; the table shows the column only if a row has it.
    pub lab: Option<String>,
}

/// The worth table's rows as [`worth_svg`](crate::laboratory::svg::worth_svg)
/// draws them: the default's Elo against each alternative with its 95 %
/// interval (from the game pairs, or from the games while no pair is done).
pub fn worth_bars(rows: &[WorthRow]) -> Vec<WorthBar> {
    rows.iter()
        .map(|row| {
            let estimate = row.report.tally.elo();
            WorthBar {
                technique: row.technique.clone(),
                alternative: row.alternative.clone(),
                elo: estimate.map(|e| e.elo),
                lower: estimate.map_or(0.0, |e| e.lower),
                upper: estimate.map_or(0.0, |e| e.upper),
                games: row.report.tally.games.games(),
            }
        })
        .collect()
}

/// The worth table in markdown: Elo is the default's against the alternative,
/// i.e. what the technique is worth (negative: the alternative is stronger).
pub fn worth_table(rows: &[WorthRow], limit: &ThinkingLimit) -> String {
    let with_lab = rows.iter().any(|row| row.lab.is_some());
    let mut text = format!(
        "| technique (default vs) | Elo ± 95 % | games | W/D/L | verdict |{}\n|---|---|---|---|---|{}\n",
        if with_lab { " lab |" } else { "" },
        if with_lab { "---|" } else { "" }
    );
    for row in rows {
        let tally = &row.report.tally;
        let g = &tally.games;
        let (elo, verdict) = match tally.elo() {
            Some(estimate) if estimate.is_resolved() => (format_elo(&estimate), "resolved"),
            Some(estimate) => (format_elo(&estimate), "not resolved"),
            None => ("-".to_string(), "no games"),
        };
        text.push_str(&format!(
            "| {} (`{}`) | {elo} | {} | {}/{}/{} | {verdict} |{}\n",
            row.technique,
            row.alternative,
            g.games(),
            g.wins,
            g.draws,
            g.losses,
            match (&row.lab, with_lab) {
                (Some(lab), _) => format!(" {lab} |"),
                (None, true) => " - |".to_string(),
                (None, false) => String::new(),
            }
        ));
    }
    text.push_str(&format!(
        "\n{}, W/D/L from the default's side, Elo logistic from game pairs.\n",
        limit.describe()
    ));
    text
}

// ---------------------------------------------------------------------------
// The command line
// ---------------------------------------------------------------------------

/// Run `umax selfplay ARGS`; `hash_megabytes` is the global `--hash`. A bad
/// argument is an error; when the PGN file cannot be written (a full disk) the
/// match stops, the summary is printed and the process exits with status 1.
pub fn main(args: &[String], hash_megabytes: Option<usize>) -> Result<(), String> {
    let mut args: Vec<String> = args.to_vec();
    let worth = take_flag(&mut args, "--worth");
    let text = |args: &mut Vec<String>, name: &str| take_option(args, name);
    let spec_a = text(&mut args, "--a")?;
    let spec_b = text(&mut args, "--b")?;
    let tc = text(&mut args, "--tc")?;
    let nodes = text(&mut args, "--nodes")?;
    let depth = text(&mut args, "--depth")?;
    let games = text(&mut args, "--games")?;
    let concurrency = text(&mut args, "--concurrency")?;
    let openings_file = text(&mut args, "--openings")?;
    let sprt = text(&mut args, "--sprt")?;
    let pgn = text(&mut args, "--pgn")?;
    let max_plies = text(&mut args, "--max-plies")?;
    let seed = text(&mut args, "--seed")?;
    let svg = text(&mut args, "--svg")?;
    let resume = take_flag(&mut args, "--resume");
    if let Some(unknown) = args.first() {
        return Err(format!("selfplay: unknown argument '{unknown}'\n{USAGE}"));
    }
    if svg.is_some() && !worth {
        return Err("selfplay: --svg draws the worth table; it needs --worth".to_string());
    }

    let limit = match (tc, nodes, depth) {
        (tc, None, None) => {
            ThinkingLimit::parse_clock(tc.as_deref().unwrap_or(DEFAULT_TIME_CONTROL))?
        }
        (None, Some(nodes), None) => ThinkingLimit::Nodes(number(&nodes, "--nodes")?),
        (None, None, Some(depth)) => ThinkingLimit::Depth(number(&depth, "--depth")?),
        _ => return Err("give one of --tc, --nodes and --depth".to_string()),
    };
    let mut openings = match &openings_file {
        Some(path) => {
            let text =
                std::fs::read_to_string(path).map_err(|e| format!("cannot read {path}: {e}"))?;
            openings::parse_openings(&text).map_err(|e| format!("{path}: {e}"))?
        }
        None => openings::built_in(),
    };
    if let Some(seed) = seed {
        shuffle(&mut openings, number(&seed, "--seed")?);
    }
    let sprt = sprt.as_deref().map(Sprt::parse).transpose()?;
    let games = match games {
        Some(games) => number(&games, "--games")?,
        None if sprt.is_some() => DEFAULT_SPRT_GAMES,
        None => 2 * openings.len() as u64,
    };
    let mut options = MatchOptions {
        spec_a: spec_a.unwrap_or_default(),
        spec_b: spec_b.unwrap_or_default(),
        limit,
        games,
        concurrency: concurrency
            .map(|c| number(&c, "--concurrency"))
            .transpose()?
            .unwrap_or(1)
            .max(1),
        openings,
        sprt,
        hash_megabytes: hash_megabytes.unwrap_or(DEFAULT_HASH_MEGABYTES),
        pgn: pgn.map(PathBuf::from),
        max_plies: max_plies.map(|n| number(&n, "--max-plies")).transpose()?,
        resume,
    };
    if resume && (worth || options.pgn.is_none()) {
        return Err("selfplay: --resume goes on with the match of --pgn FILE (not --worth)".into());
    }
    interrupt::install();
    if worth {
        return run_worth(&mut options, svg.as_deref().map(std::path::Path::new));
    }
    let report = run_with_progress(&options)?;
    println!("{}", summary(&options, &report));
    if report.ending == Ending::PgnError {
        // Not a usage error: the summary above says what was kept.
        eprintln!(
            "umax: selfplay stopped: {}",
            report.pgn_error.unwrap_or_default()
        );
        std::process::exit(1);
    }
    Ok(())
}

/// A warning when `games` replay each of `openings` more than twice (once
/// per colour): such games are not independent, and an Elo or SPRT figure
/// from them means less than it says.
pub fn replay_warning(games: u64, openings: usize) -> Option<String> {
    (games > 2 * openings as u64).then(|| {
        format!(
            "Warning: {games} games replay the {openings} openings more than twice each; \
             use a larger book (--openings ../shared/openings/8moves_v3.epd: 34,700 openings)"
        )
    })
}

/// A warning when both sides play the same search at a fixed depth or node
/// count: the search is deterministic, so each pair's second game repeats
/// the first with the colours swapped, and half the games say nothing new.
pub fn mirror_warning(options: &MatchOptions) -> Option<String> {
    let spec = |text: &str| Settings::from_spec(text).map(|settings| settings.to_spec());
    let fixed = !matches!(options.limit, ThinkingLimit::Clock { .. });
    (fixed && spec(&options.spec_a) == spec(&options.spec_b)).then(|| {
        "Warning: a and b play the same search at a fixed depth or node count: \
         each pair's second game repeats the first (for training games, the \
         tuner drops the repeats)"
            .to_string()
    })
}

/// What a match of `games` games under `options` is warned of, at its
/// start and in its summary.
fn warnings(options: &MatchOptions, games: u64) -> impl Iterator<Item = String> {
    let replay = replay_warning(games, options.openings.len());
    replay.into_iter().chain(mirror_warning(options))
}

/// Run one match, showing progress on stdout.
fn run_with_progress(options: &MatchOptions) -> Result<MatchReport, String> {
    for warning in warnings(options, options.games) {
        println!("{warning}");
    }
    let progress = Progress {
        terminal: std::io::stdout().is_terminal(),
        games: options.games,
        sprt: options.sprt,
    };
    let report = run_match(options, &|tally, llr| progress.show(tally, llr))?;
    progress.end();
    Ok(report)
}

/// `--worth`: the default against each technique's alternative, then the
/// table; with `svg`, the picture of the rows so far is written to that file
/// before the first match (so that a path that cannot be written is an
/// error before any game) and after each.
fn run_worth(options: &mut MatchOptions, svg: Option<&std::path::Path>) -> Result<(), String> {
    let techniques = worth_rows();
    let base_pgn = options.pgn.clone();
    let caption = format!(
        "umax selfplay --worth: the default against each alternative, {}, up to {} games each; Elo from game pairs",
        options.limit.describe(),
        options.games
    );
    let draw = |rows: &[WorthRow]| match svg {
        Some(path) => crate::laboratory::svg::save(
            path,
            &crate::laboratory::svg::worth_svg(&worth_bars(rows), &caption),
        ),
        None => Ok(()),
    };
    draw(&[])?;
    let default_lab = lab_run("default")?;
    let mut rows = Vec::new();
    for (technique, alternative) in techniques {
        options.spec_a = "default".to_string();
        options.spec_b = alternative.clone();
        // One PGN file per row, named after the alternative: `worth.null-off.pgn`.
        let suffix: String = alternative
            .chars()
            .map(|c| if c.is_ascii_alphanumeric() { c } else { '-' })
            .collect();
        options.pgn = base_pgn
            .as_ref()
            .map(|path| path.with_extension(format!("{suffix}.pgn")));
        println!("{technique}: default vs '{alternative}'");
        let report = run_with_progress(options)?;
        println!("{}\n", summary(options, &report));
        let interrupted = matches!(report.ending, Ending::Interrupted | Ending::PgnError);
        let lab = lab_run(&alternative)?;
        rows.push(WorthRow {
            technique,
            alternative,
            report,
            lab: Some(lab_effect(&default_lab, &lab)),
        });
        draw(&rows)?;
        if interrupted {
            break;
        }
    }
    println!("{}", worth_table(&rows, &options.limit));
    Ok(())
}

/// Depth of the laboratory's measurement in the worth table: shallow, because
/// some alternatives (unordered captures) grow the tree enormously.
pub const WORTH_LAB_DEPTH: u32 = 4;

/// `umax lab`'s measurement of `spec` over the bench positions at
/// [`WORTH_LAB_DEPTH`].
fn lab_run(spec: &str) -> Result<crate::lab::LabRun, String> {
    let settings = Settings::from_spec(spec)?;
    crate::lab::run_positions(
        &settings,
        &crate::tools::BENCH_POSITIONS,
        &crate::clock::Limits::depth(WORTH_LAB_DEPTH),
        crate::lab::LAB_TABLE_LOG2,
    )
}

/// The worth table's lab column: nodes and time to depth of the alternative
/// relative to the default's (`x2.00` = twice as many).
fn lab_effect(default: &crate::lab::LabRun, alternative: &crate::lab::LabRun) -> String {
    let time = |run: &crate::lab::LabRun| run.elapsed().as_secs_f64().max(1e-9);
    format!(
        "nodes to depth {WORTH_LAB_DEPTH} x{:.2}, time x{:.2}",
        alternative.nodes() as f64 / default.nodes().max(1) as f64,
        time(alternative) / time(default)
    )
}

/// Shuffle the openings with a fixed seed (Fisher-Yates over SplitMix64), so
/// that the same seed gives the same order on every machine.
fn shuffle(openings: &mut [StartPosition], seed: u64) {
    let mut state = seed;
    let mut next = || {
        state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    };
    for i in (1..openings.len()).rev() {
        let j = (next() % (i as u64 + 1)) as usize;
        openings.swap(i, j);
    }
}

fn number<T: std::str::FromStr>(text: &str, option: &str) -> Result<T, String> {
    text.trim()
        .parse()
        .map_err(|_| format!("{option} needs a number, not '{text}'"))
}

// ---------------------------------------------------------------------------
// Ctrl-C
// ---------------------------------------------------------------------------

/// Ctrl-C (or `kill`'s SIGTERM) stops a match the way a decided SPRT does:
/// games in progress are abandoned, finished ones are already in the PGN
/// file, and the summary is printed. A second one ends the process at once.
///
/// The standard library has no signal handling, so on Unix we ask the C
/// library (which every Rust program on Unix links) for `signal()`; the
/// handler only sets an atomic flag, which is safe in a signal handler.
/// Elsewhere Ctrl-C ends the process, and the PGN file, flushed after every
/// game, still holds every finished game.
mod interrupt {
    use std::sync::atomic::{AtomicBool, Ordering};

    static REQUESTED: AtomicBool = AtomicBool::new(false);

    /// Has Ctrl-C been pressed (or SIGTERM sent)?
    pub fn requested() -> bool {
        REQUESTED.load(Ordering::Relaxed)
    }

    #[cfg(unix)]
    mod unix {
        use super::{Ordering, REQUESTED};

        const SIGINT: i32 = 2;
        /// `SIG_DFL`: the default action, which ends the process.
        const DEFAULT_ACTION: usize = 0;

        unsafe extern "C" {
            fn signal(signal: i32, handler: usize) -> usize;
        }

        /// `kill`'s default signal, which a script stopping a run sends.
        const SIGTERM: i32 = 15;

        extern "C" fn on_interrupt(signal_number: i32) {
            REQUESTED.store(true, Ordering::Relaxed);
            // SAFETY: `signal` is async-signal-safe (POSIX); the next such
            // signal takes the default action and ends the process.
            unsafe {
                signal(signal_number, DEFAULT_ACTION);
            }
        }

        pub fn install() {
            let handler: extern "C" fn(i32) = on_interrupt;
            // SAFETY: the handler is a plain function that touches nothing but
            // an atomic flag and `signal` itself.
            unsafe {
                signal(SIGINT, handler as usize);
                signal(SIGTERM, handler as usize);
            }
        }
    }

    /// Catch Ctrl-C and SIGTERM from now on (Unix only).
    pub fn install() {
        #[cfg(unix)]
        unix::install();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_tally_pairs_games_of_one_opening_whatever_their_order() {
        let record = |result: &'static str| GameRecord {
            game: crate::game::Game::new(),
            termination: Termination::Rules(crate::game::GameStatus::Ongoing),
            result,
        };
        let mut tally = Tally::default();
        // Game 3 (A black) finishes before game 2 (A white): both from pair 1.
        assert!(!tally.record(3, &record("0-1"))); // A wins with Black
        assert!(!tally.record(0, &record("1/2-1/2")));
        assert!(tally.record(2, &record("0-1"))); // A loses with White
        assert_eq!(tally.pairs.0, [0, 0, 1, 0, 0]);
        assert_eq!(tally.games.counts(), [1, 1, 1]);
        assert_eq!(tally.unpaired(), 1);
        let forfeit = GameRecord {
            termination: Termination::TimeForfeit {
                loser: crate::board::Color::Black,
            },
            ..record("1-0")
        };
        // A is Black in game 1 and lost on time: with the draw of game 0, an LD pair.
        assert!(tally.record(1, &forfeit));
        assert_eq!((tally.forfeits_a, tally.forfeits_b), (1, 0));
        assert_eq!(tally.pairs.0, [0, 1, 1, 0, 0]);
        // The progress line shows the forfeits, so that a run stopped before
        // its summary still tells them.
        let line = progress_line(&tally, 10, None, None);
        assert!(
            line.starts_with("games 4/10  +1 =1 -2  forfeits a 1 b 0"),
            "{line}"
        );
    }

    #[test]
    fn progress_shows_a_dash_until_the_elo_is_finite() {
        let tally = |losses, draws, wins| Tally {
            games: Trinomial {
                losses,
                draws,
                wins,
            },
            ..Tally::default()
        };
        // No game yet, one loss (-inf), two wins (+inf): nothing to show.
        for (losses, draws, wins) in [(0, 0, 0), (1, 0, 0), (0, 0, 2)] {
            let line = progress_line(&tally(losses, draws, wins), 10, None, None);
            assert!(line.ends_with("  Elo —"), "{line}");
            assert!(!line.contains("inf"), "{line}");
        }
        // A win, a draw and a loss: an even score with a finite interval.
        let line = progress_line(&tally(1, 1, 1), 10, None, None);
        assert!(line.contains("  Elo +0.0 ± "), "{line}");
        assert!(!line.contains('—') && !line.contains("inf"), "{line}");
    }

    #[test]
    fn the_seeded_shuffle_is_a_fixed_permutation() {
        let mut first = openings::built_in();
        let mut second = openings::built_in();
        shuffle(&mut first, 7);
        shuffle(&mut second, 7);
        let names =
            |list: &[StartPosition]| list.iter().map(|o| o.name.clone()).collect::<Vec<_>>();
        assert_eq!(names(&first), names(&second));
        assert_ne!(names(&first), names(&openings::built_in()));
        let mut sorted = names(&first);
        sorted.sort();
        let mut original = names(&openings::built_in());
        original.sort();
        assert_eq!(sorted, original);
    }

    #[test]
    fn unknown_settings_are_refused_before_any_game() {
        let options = MatchOptions::new("frobnicate=on", "", ThinkingLimit::Depth(1), 2);
        let error = run_match(&options, &|_, _| {}).unwrap_err();
        assert!(error.contains("frobnicate"), "{error}");
    }
}
