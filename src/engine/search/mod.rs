//! # The search: micro-Max's one recursive function and its root driver
//!
//! Everything umax knows about choosing a move is in one recursive function,
//! a port of micro-Max 4.8's `D()`: `micromax.rs` in micro-Max's block order,
//! with its contract and a glossary of micro-Max's one-letter names, and
//! `umax.rs`, the same function with what measured stronger. This file holds
//! the root driver ([`Searcher::think`]), what it reports ([`SearchInfo`],
//! [`Listener`]) and its clock; `techniques.rs` the laboratory's switches,
//! `stats.rs` the counters. The function combines:
//!
//! 1. **Negamax alpha-beta.** A score is from the side to move's point of
//!    view; the reply's score is negated. A move scoring `>= beta` refutes the
//!    opponent's previous move (a *cut-off*): stop looking.
//! 2. **Internal iterative deepening at every node.** A node searches 1 ply,
//!    then 2, ... up to the depth asked, each iteration leaving its best move
//!    in the hash table to be tried first by the next. The table also records
//!    how deep the node got, so a later visit resumes there. (umax's default
//!    turns this off, switch `iid`: its move ordering makes the shallow passes
//!    cost more than they save.)
//! 3. **Best move first**, micro-Max's only move ordering. (umax then tries
//!    captures in MVV/LVA order; departures like this are marked
//!    `Deviation from micro-Max:` in the code.)
//! 4. **Two-pass MVV/LVA quiescence.** Iteration 1 is a *scoring pass*:
//!    captures are ranked by Most Valuable Victim / Least Valuable Attacker
//!    without being searched, and a capture of the king shows the previous
//!    move was illegal. Iteration 2 is the *quiescence search*: only captures,
//!    best-ranked first, and the side to move may "stand pat". Iterations 3
//!    and up search all moves, with quiescence below.
//! 5. **Futility pruning.** A move whose score cannot reach alpha, where the
//!    reply would only be quiescence, would be refuted by the reply standing
//!    pat: it is not searched.
//! 6. **Null-move pruning**, **late-move reduction** of quiet moves and a
//!    **check extension**, as in micro-Max 4.8.
//!
//! Legality is tested the micro-Max way: moves are pseudo-legal, and a move
//! that leaves the king in check is refuted when the reply captures the king
//! (the reply returns [`INFINITY`]).
//!
//! ## Depth
//! As in micro-Max, depth counts quiescence as 2: iteration `d` searches all
//! moves `d - 2` plies deep and then captures. The root driver asks for
//! `plies + QUIESCENCE_DEPTH`, one iteration per call.
//!
//! ## Mate scores and the delayed-loss bonus
//! micro-Max lowers alpha by one on entry (`q--`) and adds one to a score below
//! the static evaluation on return (`m += m < e`). A loss found later thus looks
//! a little better than the same loss found sooner: the losing side resists
//! longest and the winning side picks the shortest mate, which in `n` moves
//! scores `INFINITY - n`.
//!
//! ## Threads
//! micro-Max searches on one thread. With switch `threads` above 1, umax
//! runs *Lazy SMP* (see [`Searcher::think`]): helper threads share only the
//! hash table, and the recursive search knows nothing of them.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

use crate::board::{Board, Move, Square};
use crate::clock::{self, Deadlines, Limits, STABILITY_MIN_PLIES, stability_factor};
use crate::eval::{self, Score};
use crate::table::{self, Bound, TranspositionTable, usable_megabytes};

pub mod beal;
mod micromax;
mod ordering;
pub mod see;
pub mod stats;
pub mod strength;
pub mod techniques;
mod umax;

use ordering::ScoredMove;
pub use stats::SearchStats;
pub use techniques::{LMR_MIN_DEPTH, LMR_REDUCTION, NULL_MOVE_REDUCTION, SearchFunction, Settings};

/// micro-Max's `I`: more than any evaluation; the score of capturing a king.
pub const INFINITY: Score = 32000;

/// Scores beyond this are mates. micro-Max tests `m > I - M` with `M = 136`
/// of its units; umax keeps a wider band (500 below [`INFINITY`]), since the
/// delayed-loss bonus lowers a mate score by about one per move.
pub const MATE_BOUND: Score = INFINITY - 500;

/// The score of a draw.
pub const DRAW_SCORE: Score = 0;

/// Iteration 1: rank captures by MVV/LVA without searching them.
pub const SCORING_PASS: i32 = 1;

/// Iteration 2: search captures only (quiescence). Iterations above are full width.
pub const QUIESCENCE_DEPTH: i32 = 2;

/// A mate score is true at any depth: store it with this depth so no deeper
/// search of the position is ever made (micro-Max: `d = 98`).
pub const MATE_DEPTH: i32 = 98;

/// With a single legal move the root driver stops after this many plies.
pub const ONLY_MOVE_PLIES: u32 = 4;

/// Aspiration windows (switch `aspiration`) wider than this are opened fully.
pub const ASPIRATION_OPEN: Score = 1000;

/// The deepest full-width search the root driver will ask for.
pub const MAX_PLIES: u32 = MATE_DEPTH as u32 - 3;

/// How often an unfinished iteration is reported on, and after how long a
/// search starts to.
pub const PROGRESS_INTERVAL: Duration = Duration::from_secs(1);

/// How a search should be reported on and interrupted: the front ends implement
/// this to print thinking output and to read their input while the engine thinks.
pub trait Listener {
    /// Called every [`POLL_INTERVAL`](crate::clock::POLL_INTERVAL) nodes; return
    /// `true` to stop the search now (the best move so far is still returned).
    fn should_stop(&mut self) -> bool {
        false
    }

    /// Called after every completed iteration at the root, and, once the
    /// search has run a second, when an unfinished iteration finds a new
    /// best root move.
    fn iteration_done(&mut self, _info: &SearchInfo) {}

    /// Called about once a second while an iteration runs, once the search
    /// has run a second: the root move being searched, and the counts.
    fn progress(&mut self, _progress: &Progress) {}

    /// Asked after [`Listener::should_stop`] while pondering: `true` once the
    /// opponent has played the expected move, so that the clock starts now.
    fn ponder_hit(&mut self) -> bool {
        false
    }
}

/// A listener that prints nothing and never interrupts.
pub struct Silent;

impl Listener for Silent {}

/// What the main thread and its helper threads share besides the table
/// (switch `threads`).
#[derive(Default)]
struct HelperSignals {
    /// Set by the main thread when it stops: the helpers stop too.
    stop: AtomicBool,
    /// The helpers' nodes so far, counted every
    /// [`POLL_INTERVAL`](crate::clock::POLL_INTERVAL) nodes.
    nodes: AtomicU64,
}

/// A helper thread's listener: it reports its nodes and stops when the
/// main thread does.
struct HelperListener(Arc<HelperSignals>);

impl Listener for HelperListener {
    fn should_stop(&mut self) -> bool {
        self.0
            .nodes
            .fetch_add(clock::POLL_INTERVAL, Ordering::Relaxed);
        self.0.stop.load(Ordering::Relaxed)
    }
}

/// The root of a search, as the root driver's steps need it: its legal moves
/// (the searched ones with `go searchmoves`), when the search started, and
/// its static evaluation.
struct Root<'a> {
    legal: &'a [Move],
    start: Instant,
    eval: Score,
}

/// The state of the search after a completed iteration.
#[derive(Clone, Debug, Default)]
pub struct SearchInfo {
    /// Full-width depth in plies.
    pub depth: u32,
    /// Deepest ply reached, quiescence included.
    pub selective_depth: u32,
    /// Score in centipawns from the side to move's point of view; mate scores are
    /// beyond [`MATE_BOUND`] (see [`mate_in`]).
    pub score: Score,
    /// Time since the search started.
    pub elapsed: Duration,
    /// Nodes searched so far (counted as micro-Max counts them).
    pub nodes: u64,
    /// Principal variation (best line), read back from the hash table.
    pub pv: Vec<Move>,
    /// Per mille of the hash table in use.
    pub hash_permille: usize,
    /// The line's rank when several best lines are searched (MultiPV): 1 for
    /// the best; 0 when one line is searched.
    pub multipv: usize,
}

/// How an unfinished iteration is going (see [`Listener::progress`]).
#[derive(Clone, Debug)]
pub struct Progress {
    /// The iteration's depth in plies.
    pub depth: u32,
    /// The root move being searched.
    pub current_move: Move,
    /// Its number in the order the root tries its moves (1 for the first).
    pub move_number: u32,
    /// The root's legal moves.
    pub move_count: usize,
    /// Nodes searched so far.
    pub nodes: u64,
    /// Time since the search started.
    pub elapsed: Duration,
    /// Per mille of the hash table in use.
    pub hash_permille: usize,
}

/// What [`Searcher::think`] returns.
#[derive(Clone, Debug)]
pub struct SearchResult {
    /// The move to play; `None` only when there is no legal move.
    pub best_move: Option<Move>,
    /// The move the engine expects in reply (for pondering hints).
    pub ponder_move: Option<Move>,
    /// The last completed iteration (or a default if none completed).
    pub info: SearchInfo,
}

/// Moves to mate for a mate score: positive when the side to move mates in
/// that many moves, negative when it is mated; `None` for ordinary scores.
pub fn mate_in(score: Score) -> Option<i32> {
    if score > MATE_BOUND {
        Some(INFINITY - score)
    } else if score < -MATE_BOUND {
        Some(-(score + INFINITY - 1).max(1))
    } else {
        None
    }
}

/// Plies needed to see the mate of a mate score: `2n - 1` to mate in `n`
/// moves, `2n` to be mated in `n`; `None` for ordinary scores.
pub fn mate_plies(score: Score) -> Option<u32> {
    mate_in(score).map(|moves| {
        let plies = 2 * moves.unsigned_abs();
        if moves > 0 { plies - 1 } else { plies }
    })
}

/// The engine: owns the board being searched, the hash table and the limits.
/// There is no global state; two searchers can run side by side.
pub struct Searcher {
    /// Shared with the helper threads while a search with `threads > 1` runs;
    /// held by this searcher alone between searches.
    table: Arc<TranspositionTable>,
    /// While helper threads search beside this one: what they share with it.
    helpers: Option<Arc<HelperSignals>>,
    /// 0 for the searcher a front end calls; 1, 2, ... for its helper threads.
    helper_number: usize,
    board: Board,
    /// Keys of the game's positions since the last irreversible move, then of
    /// the positions on the current search path: for repetition detection.
    path_keys: Vec<u64>,
    /// Move lists of all nodes on the current path, each node using a slice.
    move_stack: Vec<ScoredMove>,
    /// Scratch buffer for the move generator.
    generated: Vec<Move>,
    /// Two killer moves per ply (`ordering=killers` and `history`), cleared per search.
    killers: Vec<[Option<Move>; 2]>,
    /// History scores of quiet moves by side, from- and to-square (switch
    /// `ordering=history`), cleared per search (halved with `keep_history`).
    history: Vec<Score>,
    /// Switch `recapture_extension`: for each ply of the search path, the
    /// square the move that led there captured on and the value it took
    /// (`None` if it captured nothing, and at the root).
    path_captures: Vec<Option<(Square, Score)>>,
    /// The activity terms (mobility, king attack) of positions met in this
    /// search, by key: deepening visits most nodes again, and a look-up is
    /// cheaper than counting. Cleared per search (the phase and switches change).
    activity_cache: Vec<(u64, Score)>,
    /// For each ply of the search path, the activity terms in that node's
    /// evaluation (its own or its parent's), handed to its replies within theirs.
    path_activity: Vec<Score>,
    /// `eval=tapered`'s pawn hash table (see [`eval::tapered::StructureCache`]).
    structure_cache: eval::tapered::StructureCache,
    /// Scratch buffers for sorting a node's moves: their ordering keys, and
    /// the moves in the order they were listed.
    ordering_scratch: (Vec<u64>, Vec<ScoredMove>),
    /// micro-Max's `R`: non-pawn material gone from the board (see `eval.rs`).
    material_gone: i32,
    /// Switch `node_phase`: the material gone at the node being searched.
    node_material_gone: i32,
    /// Nodes as micro-Max counts them: passes of the deepening loop.
    nodes: u64,
    selective_depth: u32,
    node_limit: Option<u64>,
    deadlines: Deadlines,
    /// Switch `time_stability` on a clock: when the deadlines were set, and
    /// the soft limit's share of the time from then on, to be stretched or
    /// shrunk by [`stability_factor`](crate::clock::stability_factor).
    soft_budget: Option<(Instant, Duration)>,
    /// While pondering: the limits that apply from `ponderhit` on.
    limits_after_ponder_hit: Option<Limits>,
    stopped: bool,
    /// The best move at the root in the iteration in progress, and its score.
    root_best: Option<Move>,
    root_best_score: Score,
    /// The iteration the root resumes from (see `deepen`).
    root_resume: i32,
    /// When the search started, and the root's legal moves.
    started: Instant,
    root_move_count: usize,
    /// The root move being searched and its number, for the progress reports.
    root_move: Option<(Move, u32)>,
    /// Switch `time_nodes`: the nodes each root move took.
    root_nodes: clock::RootNodeTally,
    /// The low end of the root's window: a move scoring no more is no new best.
    root_low: Score,
    /// When the last progress report was made (since `started`), and the
    /// best root move last reported.
    reported: (Duration, Option<Move>),
    /// The moves the root may search (all when empty): `go searchmoves`, and
    /// the moves not yet in a line of a MultiPV search.
    root_moves: Vec<Move>,
    /// How many best lines to search and report (MultiPV, 1 normally), and
    /// the lines of the last iteration that finished them all, the best first.
    lines: usize,
    lines_found: Vec<SearchInfo>,
    /// The laboratory's switches.
    settings: Settings,
    /// What the last search counted.
    stats: stats::Counters,
    /// Per-iteration statistics of the last search.
    search_stats: SearchStats,
    /// The strength limit of [`Searcher::play`], if any.
    strength: Option<strength::Strength>,
}

impl Searcher {
    /// A searcher with a hash table of `2^log2_entries` entries.
    pub fn new(log2_entries: u32) -> Searcher {
        Searcher::with_table(TranspositionTable::new(log2_entries))
    }

    /// A searcher using `table`.
    pub fn with_table(table: TranspositionTable) -> Searcher {
        Searcher::sharing(Arc::new(table))
    }

    /// A searcher using `table`, which other searchers may share.
    fn sharing(table: Arc<TranspositionTable>) -> Searcher {
        Searcher {
            table,
            helpers: None,
            helper_number: 0,
            board: Board::start(),
            path_keys: Vec::with_capacity(1024),
            move_stack: Vec::with_capacity(8192),
            generated: Vec::with_capacity(256),
            killers: Vec::new(),
            history: vec![0; 2 * 128 * 128],
            path_captures: Vec::with_capacity(256),
            activity_cache: Vec::new(),
            path_activity: Vec::with_capacity(256),
            structure_cache: eval::tapered::StructureCache::new(),
            ordering_scratch: (Vec::with_capacity(256), Vec::with_capacity(256)),
            material_gone: 0,
            node_material_gone: 0,
            nodes: 0,
            selective_depth: 0,
            node_limit: None,
            deadlines: Deadlines::default(),
            soft_budget: None,
            limits_after_ponder_hit: None,
            stopped: false,
            root_best: None,
            root_best_score: 0,
            root_resume: 0,
            started: Instant::now(),
            root_move_count: 0,
            root_move: None,
            root_nodes: clock::RootNodeTally::default(),
            root_low: -INFINITY,
            reported: (Duration::ZERO, None),
            root_moves: Vec::new(),
            lines: 1,
            lines_found: Vec::new(),
            settings: Settings::default(),
            stats: stats::Counters::default(),
            search_stats: SearchStats::default(),
            strength: None,
        }
    }

    /// The largest table, in MiB, that a resize could have now: what can be
    /// allocated, or the current table's size (it is freed before a new one
    /// is made, so it can always be had again). The protocols' maximum.
    pub fn most_table_megabytes(&self) -> usize {
        usable_megabytes().max(self.table.megabytes())
    }

    /// Replace the hash table by the largest of at most `megabytes` MiB that can
    /// be allocated, keeping every setting (switches, strength). The old table
    /// is freed first. Returns a warning when the table is smaller than asked.
    pub fn resize_table_or_less(&mut self, megabytes: usize) -> Option<String> {
        self.table = Arc::new(TranspositionTable::empty());
        let (table, warning) = TranspositionTable::with_megabytes_or_less(megabytes);
        self.table = Arc::new(table);
        warning
    }

    /// The hash table (for its size).
    pub fn table(&self) -> &TranspositionTable {
        &self.table
    }

    /// The table, for a change that no other thread may see half done.
    /// Helper threads hold it only while a search runs, so between searches
    /// this searcher is its one owner.
    fn table_mut(&mut self) -> &mut TranspositionTable {
        Arc::get_mut(&mut self.table).expect("no helper thread outlives its search")
    }

    /// Forget all stored positions (a new game), and what the move
    /// histories learnt (switch `keep_history`).
    pub fn clear_table(&mut self) {
        self.table_mut().clear();
        self.forget_move_histories();
    }

    /// Empty the table that learns which moves cut off: the history.
    fn forget_move_histories(&mut self) {
        self.history.fill(0);
    }

    /// Switch `keep_history`: a new search of the same game keeps what the
    /// last one learnt about moves, at half weight, since the position has
    /// moved on (a new game forgets it: [`clear_table`](Self::clear_table)).
    fn age_move_histories(&mut self) {
        for score in &mut self.history {
            *score /= 2;
        }
    }

    /// Get an empty table's memory from the operating system now, before
    /// a clock runs (UCI `isready`); see [`TranspositionTable::prefault`].
    pub fn prefault_table(&mut self) {
        self.table_mut().prefault();
    }

    /// Forget all stored positions and get the table's memory now, before
    /// a clock runs (a new game in the console and xboard, each position of
    /// `epd` and `lab`); see [`TranspositionTable::clear_and_prefault`].
    pub fn clear_and_prefault_table(&mut self) {
        self.table_mut().clear_and_prefault();
        self.forget_move_histories();
    }

    /// The laboratory's switches in use.
    pub fn settings(&self) -> &Settings {
        &self.settings
    }

    /// Use these switches from the next search on.
    pub fn set_settings(&mut self, settings: Settings) {
        self.settings = settings;
    }

    /// Search and report the best `lines` root moves, each with its line
    /// (UCI's MultiPV; 1, the normal search, by default).
    pub fn set_lines(&mut self, lines: usize) {
        self.lines = lines.max(1);
    }

    /// The statistics of the last [`Searcher::think`]: one row per completed
    /// iteration, and the totals.
    pub fn stats(&self) -> &SearchStats {
        &self.search_stats
    }

    /// Nodes searched by the last [`Searcher::think`], counted as micro-Max
    /// counts them (one per pass of a node's deepening loop).
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// Switch `time_nodes`: the share of the root's nodes that the best move
    /// of the last completed iteration took.
    pub fn best_move_node_share(&self) -> f64 {
        self.root_nodes.best_move_share
    }

    /// Choose a move in `board`. `history` holds the keys of the positions
    /// played before it in the game (oldest first), for repetition detection.
    ///
    /// Deviation from micro-Max (switch `threads`, 1 by default): **Lazy
    /// SMP**. Helper threads run their own iterative deepening of `board`
    /// and share only the hash table, so each thread finds many nodes
    /// answered or well ordered by the others' work. Odd-numbered helpers
    /// search only odd depths, to work a ply ahead of the main thread. The
    /// main thread's lines are shown and its move played, unless a helper got
    /// a ply deeper: then the helper's move is played and its line shown last.
    /// Node counts include the helpers'; when the main thread stops, so do they.
    pub fn think(
        &mut self,
        board: &Board,
        history: &[u64],
        limits: &Limits,
        listener: &mut dyn Listener,
    ) -> SearchResult {
        // A node budget (and the strength limit, which is one) counts this
        // thread's nodes: helpers would make it mean more than it says.
        let helper_count = if limits.nodes.is_none() && self.strength.is_none() {
            self.settings.threads.max(1) as usize - 1
        } else {
            0
        };
        if helper_count == 0 {
            self.deepen(board, history, limits, listener)
        } else {
            self.think_with_helpers(helper_count, board, history, limits, listener)
        }
    }

    /// [`Searcher::think`] with `helper_count` helper threads (Lazy SMP).
    fn think_with_helpers(
        &mut self,
        helper_count: usize,
        board: &Board,
        history: &[u64],
        limits: &Limits,
        listener: &mut dyn Listener,
    ) -> SearchResult {
        let signals = Arc::new(HelperSignals::default());
        let mut helpers: Vec<Searcher> = (1..=helper_count)
            .map(|helper_number| {
                let mut helper = Searcher::sharing(Arc::clone(&self.table));
                helper.settings = self.settings.clone();
                helper.helper_number = helper_number;
                helper
            })
            .collect();
        // A helper searches until the main thread stops it (or to the depth
        // asked for).
        let helper_limits = Limits {
            depth: limits.depth,
            infinite: true,
            ..Limits::default()
        };
        self.helpers = Some(Arc::clone(&signals));
        let (mut result, helper_results) = std::thread::scope(|scope| {
            let running: Vec<_> = helpers
                .iter_mut()
                .map(|helper| {
                    let mut helper_listener = HelperListener(Arc::clone(&signals));
                    let helper_limits = &helper_limits;
                    scope.spawn(move || {
                        helper.deepen(board, history, helper_limits, &mut helper_listener)
                    })
                })
                .collect();
            let result = self.deepen(board, history, limits, listener);
            signals.stop.store(true, Ordering::Relaxed);
            let helper_results: Vec<SearchResult> = running
                .into_iter()
                .map(|helper| helper.join().expect("a helper thread does not panic"))
                .collect();
            (result, helper_results)
        });
        self.helpers = None;
        let nodes = self.nodes + helpers.iter().map(|helper| helper.nodes).sum::<u64>();
        // Show the deeper helper's line last, so that the last line shown
        // starts with the move played.
        let deepest = helper_results
            .into_iter()
            .max_by_key(|helper| helper.info.depth);
        if let Some(helper) = deepest.filter(|helper| helper.info.depth > result.info.depth) {
            result = SearchResult {
                info: SearchInfo {
                    elapsed: result.info.elapsed,
                    nodes,
                    ..helper.info
                },
                ..helper
            };
            listener.iteration_done(&result.info);
        }
        result.info.nodes = nodes;
        result
    }

    /// The root driver: iterative deepening on a real clock, one
    /// [`search_root`](Self::search_root) per ply, until a limit or a
    /// stop rule ([`enough_plies`](Self::enough_plies)) ends it.
    fn deepen(
        &mut self,
        board: &Board,
        history: &[u64],
        limits: &Limits,
        listener: &mut dyn Listener,
    ) -> SearchResult {
        let start = Instant::now();
        self.start_search(board, history, limits, start);
        let mut legal = board.legal_moves();
        legal.retain(|mv| self.root_moves.is_empty() || self.root_moves.contains(mv));
        let mut result = SearchResult {
            best_move: legal.first().copied(),
            ponder_move: None,
            info: SearchInfo::default(),
        };
        if legal.is_empty() {
            return result;
        }
        self.root_move_count = legal.len();
        let max_plies = limits.depth.unwrap_or(MAX_PLIES).clamp(1, MAX_PLIES);
        let mut stability = (0, 0);
        // A forced move: the position's only legal move. A `searchmoves`
        // list of one asks for that move's analysis, searched as asked.
        let forced = legal.len() == 1 && limits.search_moves.is_empty();
        let root = Root {
            legal: &legal,
            start,
            eval: eval::static_eval_with(self.settings.eval, self.settings.eval_terms, board),
        };
        for plies in 1..=max_plies {
            // Lazy SMP: odd-numbered helpers search the odd depths only.
            if self.helper_number % 2 == 1 && plies % 2 == 0 && plies < max_plies {
                continue;
            }
            let depth = plies as i32 + QUIESCENCE_DEPTH;
            // micro-Max's root runs one deepening loop; this loop is that one,
            // so each call resumes where the last stopped and adds one
            // iteration (the first makes the scoring and quiescence passes too).
            self.root_resume = if plies == 1 { 0 } else { depth - 1 };
            let previous = (plies > 1).then_some(result.info.score);
            self.root_nodes.begin_iteration();
            let score = self.search_root(depth, root.eval, previous, listener);
            if !self.stopped {
                self.complete_iteration(&mut result, &root, plies, score, &mut stability);
            }
            if !self.stopped && self.lines > 1 {
                self.search_other_lines(&mut result, &root, plies, listener);
            }
            if self.stopped && self.lines > 1 && !self.lines_found.is_empty() {
                self.play_last_lines(&mut result, listener);
                break;
            } else if self.stopped {
                self.play_stopped_iteration(&mut result, &root, plies, listener);
                break;
            }
            // From here on a limit may stop the search (all lines of depth 1 are done).
            self.search_stats.iterations.push(stats::Iteration {
                depth: plies,
                elapsed: start.elapsed(),
                counters: self.counters(),
            });
            listener.iteration_done(&result.info);
            if self.enough_plies(limits, forced, plies, score, stability) {
                break;
            }
        }
        // The ponder move is the reply in the played move's own line, or none.
        result.ponder_move = match (result.best_move, result.info.pv.as_slice()) {
            (Some(best), [first, reply, ..]) if *first == best => Some(*reply),
            _ => None,
        };
        result.info.elapsed = start.elapsed();
        result.info.nodes = self.nodes;
        self.search_stats.total = self.counters();
        self.search_stats.selective_depth = self.selective_depth;
        self.search_stats.elapsed = result.info.elapsed;
        result
    }

    /// Set up a search of `board` on `limits` starting at `start`: the path,
    /// the move histories and caches, the counters and the deadlines.
    fn start_search(&mut self, board: &Board, history: &[u64], limits: &Limits, start: Instant) {
        self.board = board.clone();
        self.path_keys.clear();
        let irreversible = (board.halfmove_clock() as usize).min(history.len());
        self.path_keys
            .extend_from_slice(&history[history.len() - irreversible..]);
        self.path_keys.push(board.key());
        self.move_stack.clear();
        self.root_moves.clone_from(&limits.search_moves);
        self.lines_found.clear();
        self.killers.clear();
        self.path_captures.clear();
        if self.settings.keep_history {
            self.age_move_histories();
        } else {
            // A position always gets the same search (the laboratory compares
            // searches position by position).
            self.forget_move_histories();
        }
        self.activity_cache.fill((0, 0));
        self.path_activity.clear();
        self.material_gone = eval::material_gone(board);
        self.node_material_gone = self.material_gone;
        self.nodes = 0;
        self.selective_depth = 0;
        self.node_limit = limits.nodes;
        self.set_deadlines(limits, start);
        // Deviation from micro-Max: pondering. The search runs without a time
        // limit until the opponent plays the expected move, then on the clock.
        self.limits_after_ponder_hit = limits.ponder.then(|| Limits {
            ponder: false,
            ..limits.clone()
        });
        self.stopped = false;
        self.root_best = None;
        (self.started, self.root_move, self.reported) = (start, None, (Duration::ZERO, None));
        self.stats = stats::Counters::default();
        self.search_stats = SearchStats::default();
    }

    /// Take a completed iteration of `plies` that scored `score`: its best
    /// move, the line to show, and (for switch
    /// `time_stability`) the iterations in a row the best move has held and
    /// how far the score fell.
    fn complete_iteration(
        &mut self,
        result: &mut SearchResult,
        root: &Root,
        plies: u32,
        score: Score,
        (stable_iterations, score_drop): &mut (u32, Score),
    ) {
        let best_before = result.best_move;
        if let Some(best) = self.root_best.filter(|mv| root.legal.contains(mv)) {
            result.best_move = Some(best);
        }
        self.root_nodes
            .complete_iteration(self.nodes, result.best_move);
        if plies > 1 {
            let same_best = result.best_move == best_before;
            *stable_iterations = if same_best { *stable_iterations + 1 } else { 0 };
            *score_drop = result.info.score - score;
        }
        result.info = self.info(root.start, plies, score);
        self.reported.1 = result.best_move;
    }

    /// What an iteration of `plies` cut short leaves to play, reported
    /// first so that the last line shown always starts with the move played.
    fn play_stopped_iteration(
        &mut self,
        result: &mut SearchResult,
        root: &Root,
        plies: u32,
        listener: &mut dyn Listener,
    ) {
        // A move that took the lead was fully searched to this depth and beat
        // everything searched before it, the old best move included.
        if let Some(best) = self.root_best.filter(|mv| root.legal.contains(mv))
            && result.best_move != Some(best)
        {
            result.best_move = Some(best);
            result.info = self.info(root.start, plies, self.root_best_score);
            listener.iteration_done(&result.info);
        } else if plies == 1 {
            // Stopped before any move was searched: the first legal move is
            // played unsearched, and the one line shown says so, depth 0.
            result.info = SearchInfo {
                pv: result.best_move.into_iter().collect(),
                ..self.info(root.start, 0, root.eval)
            };
            listener.iteration_done(&result.info);
        }
    }

    /// MultiPV: after the best line of an iteration of `plies` (`result`),
    /// the next best lines, each the best of the root moves not yet in a
    /// line, searched with the full window; all sorted by score (one that
    /// beats the first line becomes the move to play) and reported but the
    /// first, which the root driver reports last. If a limit stops it, the
    /// iteration is left unfinished ([`Searcher::play_last_lines`]).
    fn search_other_lines(
        &mut self,
        result: &mut SearchResult,
        root: &Root,
        plies: u32,
        listener: &mut dyn Listener,
    ) {
        let mut lines = vec![result.info.clone()];
        let search_moves = std::mem::replace(&mut self.root_moves, root.legal.to_vec());
        while let Some(searched) = self.root_best
            && lines.len() < self.lines
        {
            self.root_moves.retain(|&mv| mv != searched);
            if self.root_moves.is_empty() {
                break; // every move has its line
            }
            self.root_best = None;
            let depth = plies as i32 + QUIESCENCE_DEPTH;
            let score = self.search(-INFINITY, INFINITY, root.eval, depth, 0, listener);
            if self.stopped || self.root_best.is_none() {
                break;
            }
            lines.push(self.info(root.start, plies, score));
        }
        self.root_moves = search_moves;
        if self.stopped {
            return;
        }
        lines.sort_by_key(|line| -line.score); // stable: a tie keeps the first line first
        for (rank, line) in lines.iter_mut().enumerate() {
            line.multipv = rank + 1;
        }
        for line in lines[1..].iter().rev() {
            listener.iteration_done(line);
        }
        result.info = lines[0].clone();
        result.best_move = result.info.pv.first().copied();
        (self.root_best, self.root_best_score) = (result.best_move, result.info.score);
        self.reported.1 = result.best_move;
        self.lines_found = lines;
    }

    /// MultiPV, stopped in an unfinished iteration: its lines would rank
    /// moves searched to different depths, so the last finished iteration's
    /// lines are reported again, the best last, and its best move played.
    fn play_last_lines(&mut self, result: &mut SearchResult, listener: &mut dyn Listener) {
        for line in self.lines_found.iter().rev() {
            listener.iteration_done(line);
        }
        result.info = self.lines_found[0].clone();
        result.best_move = result.info.pv.first().copied();
    }

    /// The root's moves from `first` on the move stack, less those it may not
    /// search (`root_moves`: `go searchmoves`, MultiPV's other lines).
    fn keep_root_moves(&mut self, first: usize) {
        if !self.root_moves.is_empty() {
            let moves = self.move_stack.split_off(first);
            let allowed = |scored: &ScoredMove| self.root_moves.contains(&scored.mv);
            self.move_stack.extend(moves.into_iter().filter(allowed));
        }
    }

    /// Should deepening stop after a completed iteration of `plies` that
    /// scored `score`? `forced`: the root has a single legal move.
    /// `stability` scales the soft limit (`time_stability`).
    fn enough_plies(
        &self,
        limits: &Limits,
        forced: bool,
        plies: u32,
        score: Score,
        (stable_iterations, score_drop): (u32, Score),
    ) -> bool {
        let soft_limit = match self.soft_budget {
            Some((set_at, budget)) if plies >= STABILITY_MIN_PLIES => {
                let share = self
                    .settings
                    .time_nodes
                    .then_some(self.root_nodes.best_move_share);
                let factor = stability_factor(stable_iterations, score_drop);
                Some(set_at + budget.mul_f64(factor * clock::best_move_nodes_factor(share)))
            }
            _ => self.deadlines.soft,
        };
        let soft_limit_passed = soft_limit.is_some_and(|t| Instant::now() >= t);
        // Only a search with a time to stop at may stop early.
        let on_time = !limits.infinite && self.limits_after_ponder_hit.is_none();
        // A single legal move is played after a few plies, so that the score
        // shown is not a 1-ply guess.
        let only_move = forced && plies >= ONLY_MOVE_PLIES && on_time && limits.depth.is_none();
        // A mate proved within the plies searched cannot be made shorter.
        let mate_proved = mate_plies(score).is_some_and(|mate| plies >= mate) && on_time;
        soft_limit_passed || only_move || mate_proved || self.node_limit_reached()
    }

    /// One iteration at the root: the search of `depth` with the full window,
    /// or, with the switch `aspiration`, around the `previous` iteration's score.
    ///
    /// Deviation from micro-Max (switch `aspiration`, on by default):
    /// **aspiration windows**. The score seldom moves far between iterations,
    /// so the root searches only `previous ± aspiration_margin`, where
    /// alpha-beta cuts off more. A score outside it is only a bound: the
    /// window is widened on that side, four times as far each time (fully
    /// open past [`ASPIRATION_OPEN`]), and the iteration searched again.
    fn search_root(
        &mut self,
        depth: i32,
        root_eval: Score,
        previous: Option<Score>,
        listener: &mut dyn Listener,
    ) -> Score {
        let mut widening = self.settings.aspiration_margin;
        let [mut low, mut high] = match previous {
            Some(score) if self.settings.aspiration && score.abs() < MATE_BOUND => {
                [score - widening, score + widening]
            }
            _ => [-INFINITY, INFINITY],
        };
        loop {
            let best_before = (self.root_best, self.root_best_score);
            self.root_low = low;
            let score = self.search(low, high, root_eval, depth, 0, listener);
            // Below the window every score is only an upper bound: a move
            // that "took the lead" there is not known to be better. (A
            // stopped search returns no score, only its lead so far.)
            let search_failed_low = !self.stopped && score <= low;
            if low > -INFINITY && (search_failed_low || self.root_best_score <= low) {
                (self.root_best, self.root_best_score) = best_before;
            }
            let failed_low = low > -INFINITY && score <= low;
            let failed_high = high < INFINITY && score >= high;
            if self.stopped || !(failed_low || failed_high) {
                return score;
            }
            widening *= 4;
            let open = widening > ASPIRATION_OPEN;
            if failed_low {
                low = if open { -INFINITY } else { score - widening };
            } else {
                high = if open { INFINITY } else { score + widening };
            }
        }
    }

    /// The counters so far, full-width passes included (the nodes that are
    /// neither scoring nor quiescence passes; not counted one by one).
    fn counters(&self) -> stats::Counters {
        let mut counters = self.stats;
        counters.full_width_nodes = self.nodes - counters.scoring_nodes - counters.quiescence_nodes;
        counters
    }

    /// What to report after an iteration of `plies` that proved `score` for the
    /// root's best move.
    fn info(&self, start: Instant, plies: u32, score: Score) -> SearchInfo {
        SearchInfo {
            depth: plies,
            selective_depth: self.selective_depth.max(plies),
            score,
            elapsed: start.elapsed(),
            nodes: self.total_nodes(),
            pv: self.principal_variation(self.root_best, plies as usize + 8),
            hash_permille: self.table.permille_used(),
            multipv: usize::from(self.lines > 1),
        }
    }

    /// Nodes searched so far, the helper threads' included.
    fn total_nodes(&self) -> u64 {
        let helpers = self.helpers.as_ref();
        self.nodes + helpers.map_or(0, |signals| signals.nodes.load(Ordering::Relaxed))
    }

    /// At the root (`ply` 0): the move tried `number`-th, for the progress reports.
    #[inline]
    fn note_root_move(&mut self, ply: usize, mv: Move, number: u32) {
        if ply == 0 {
            self.root_move = Some((mv, number));
            self.root_nodes.charge(self.nodes, Some(mv));
        }
    }

    /// Once the search has run a second: a new best root move of an
    /// unfinished iteration as soon as it is found, and once a second the
    /// root move being searched (the GUIs' `currmove`).
    fn report_progress(&mut self, listener: &mut dyn Listener) {
        let elapsed = self.started.elapsed();
        if elapsed < PROGRESS_INTERVAL || !self.first_iteration_done() {
            return;
        }
        let plies = (self.root_resume + 1 - QUIESCENCE_DEPTH).max(1) as u32;
        let new_best = self.root_best != self.reported.1 && self.root_best_score > self.root_low;
        if new_best && self.lines == 1 {
            self.reported.1 = self.root_best;
            listener.iteration_done(&self.info(self.started, plies, self.root_best_score));
        }
        if elapsed >= self.reported.0 + PROGRESS_INTERVAL
            && let Some((current_move, move_number)) = self.root_move
        {
            self.reported.0 = elapsed;
            listener.progress(&Progress {
                depth: plies,
                current_move,
                // Pseudo-legal moves tried count too: never more than the legal ones.
                move_number: move_number.min(self.root_move_count as u32),
                move_count: self.root_move_count,
                nodes: self.total_nodes(),
                elapsed,
                hash_permille: self.table.permille_used(),
            });
        }
    }

    /// micro-Max's `N++`: count one node per pass of the deepening loop (the
    /// scoring pass included; a node answered from the table makes none), and
    /// every [`POLL_INTERVAL`](crate::clock::POLL_INTERVAL) nodes look at the
    /// clock and the input. Counting where micro-Max counts keeps our nodes
    /// per second comparable with micro-Max's and Fairy-Max's.
    #[inline]
    fn count_node(&mut self, iteration: i32, listener: &mut dyn Listener) {
        self.nodes += 1;
        // Full-width passes are the rest: `Searcher::counters` works them out.
        if iteration == SCORING_PASS {
            self.stats.scoring_nodes += 1;
        } else if iteration == QUIESCENCE_DEPTH {
            self.stats.quiescence_nodes += 1;
        }
        if self.nodes.is_multiple_of(clock::POLL_INTERVAL) {
            self.poll(listener);
        }
    }

    /// What every node of either search does first: give up if the search was
    /// told to stop (0, which the caller discards), note how deep the path
    /// goes, and score a draw by rule. `None`: search on.
    ///
    /// Deviation from micro-Max: repetitions and the 50-move rule are found in
    /// the list of keys of the game and the path, where micro-Max locks the
    /// game's positions in the hash table as draws.
    fn enter_node(&mut self, ply: usize) -> Option<Score> {
        if self.stopped {
            return Some(0);
        }
        self.selective_depth = self.selective_depth.max(ply as u32);
        (ply > 0 && draw_by_rule(&self.board, &self.path_keys)).then_some(DRAW_SCORE)
    }

    /// Lookup pos. in hash table: the entry stored for `key`, if any, counted
    /// in the statistics.
    fn probe_table(&mut self, key: u64) -> Option<table::Entry> {
        let entry = self.table.probe(key);
        self.stats.hash_probes += 1;
        self.stats.hash_hits += u64::from(entry.is_some());
        entry
    }

    /// Always store in hash tab (either search): the score, its bound against
    /// the window `[alpha, beta]`, the iteration reached and the best move.
    fn store_node(
        &self,
        key: u64,
        best: Score,
        [alpha, beta]: [Score; 2],
        iteration: i32,
        best_move: Option<Move>,
    ) {
        let bound = if best >= beta {
            Bound::Lower
        } else if best <= alpha {
            Bound::Upper
        } else {
            Bound::Exact
        };
        self.table.store(key, best, iteration, bound, best_move);
    }

    /// The recursive search the settings choose (switch `search`):
    /// micro-Max's `D()` ([`micromax`]) or umax's default ([`umax`]). The
    /// root driver calls it; each calls itself below the root.
    fn search(
        &mut self,
        alpha: Score,
        beta: Score,
        eval: Score,
        depth: i32,
        ply: usize,
        listener: &mut dyn Listener,
    ) -> Score {
        match self.settings.search {
            SearchFunction::MicroMax => {
                self.micromax_search(alpha, beta, eval, depth, ply, listener)
            }
            SearchFunction::Umax => self.umax_search(alpha, beta, eval, depth, ply, listener),
        }
    }

    /// Set the deadlines of a search on `limits` from `start` on (at the
    /// search's start, or at `ponderhit`), and the soft budget that switch
    /// `time_stability` scales.
    fn set_deadlines(&mut self, limits: &Limits, start: Instant) {
        let (time_moves, half_time_stop) = (self.settings.time_moves, self.settings.half_time_stop);
        self.deadlines = limits.search_deadlines(start, time_moves as u32, half_time_stop);
        self.soft_budget = match self.deadlines.soft {
            Some(soft) if self.settings.time_stability && limits.is_on_clock() => {
                Some((start, soft - start))
            }
            _ => None,
        };
    }

    /// Look at the clock, the node limit and the listener.
    fn poll(&mut self, listener: &mut dyn Listener) {
        let interrupted = listener.should_stop();
        if let Some(limits) = &self.limits_after_ponder_hit
            && listener.ponder_hit()
        {
            let limits = limits.clone();
            self.set_deadlines(&limits, Instant::now());
            self.limits_after_ponder_hit = None;
        }
        // A deadline, like the node budget, waits for the first iteration:
        // depth 1 takes a few thousand nodes at most, and a move played
        // unsearched may lose at once. Only an order to stop stops it.
        let time_up =
            self.deadlines.hard.is_some_and(|t| Instant::now() >= t) && self.first_iteration_done();
        if interrupted || time_up || self.node_limit_reached() {
            self.stopped = true;
        } else {
            self.report_progress(listener);
        }
    }

    /// Has the search used its node budget? Not before the first iteration
    /// is done: a move is never played unsearched for want of nodes (a
    /// strength-limited search's small budget can run out inside depth 1).
    fn node_limit_reached(&self) -> bool {
        self.node_limit.is_some_and(|limit| self.nodes >= limit) && self.first_iteration_done()
    }

    /// Has the root finished depth 1 in this search?
    fn first_iteration_done(&self) -> bool {
        !self.search_stats.iterations.is_empty()
    }

    /// The best line: `first`, then the best moves stored in the hash table,
    /// as long as they are legal and do not repeat a position.
    fn principal_variation(&self, first: Option<Move>, max_length: usize) -> Vec<Move> {
        let mut pv = Vec::new();
        let Some(first) = first else { return pv };
        let mut board = self.board.clone();
        let mut seen = vec![board.key()];
        let mut next = Some(first);
        while let Some(mv) = next {
            board.make_move(mv);
            pv.push(mv);
            if seen.contains(&board.key()) || pv.len() >= max_length {
                break;
            }
            seen.push(board.key());
            next = self
                .table
                .best_move_among(board.key(), &board.legal_moves());
        }
        pv
    }
}

/// Is `board` (the last of `path_keys`: the game's positions since the last
/// irreversible move, then the search path) drawn by repetition or the
/// 50-move rule? Within a search one repetition is enough: a position that
/// could be repeated once can be repeated again. Beal's search shares it.
pub(crate) fn draw_by_rule(board: &Board, path_keys: &[u64]) -> bool {
    let halfmove = board.halfmove_clock() as usize;
    if halfmove >= 100 {
        // Checkmate on the 100th half-move still wins, and a move that left
        // its king in check is no draw but illegal: the reply takes the king.
        let mover = board.side_to_move().opposite();
        let king_en_prise = board.is_attacked(board.king_square(mover), board.side_to_move());
        let mated = board.in_check() && board.legal_moves().is_empty();
        return !(king_en_prise || mated);
    }
    let current = path_keys.len() - 1;
    let reach = halfmove.min(current);
    (4..=reach)
        .step_by(2)
        .any(|back| path_keys[current - back] == path_keys[current])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::clock::tests::a_minute_on_the_clock;

    #[test]
    fn time_stability_scales_the_soft_limit_on_a_clock_only() {
        let start = Instant::now();
        let clock = a_minute_on_the_clock();
        let mut searcher = Searcher::new(10);
        // 30 moves to go: the clock's own share, which `clock.deadlines` gives.
        searcher.set_settings(Settings::from_spec("time_moves=30,time_stability=off").unwrap());
        searcher.set_deadlines(&clock, start);
        assert_eq!(searcher.soft_budget, None);
        searcher.set_settings(Settings::from_spec("time_moves=30,time_stability=on").unwrap());
        searcher.set_deadlines(&clock, start);
        let soft = clock.deadlines(start).soft.unwrap();
        assert_eq!(searcher.soft_budget, Some((start, soft - start)));
        // A fixed time per move is a hard limit, not to be stretched.
        searcher.set_deadlines(&Limits::move_time(Duration::from_secs(1)), start);
        assert_eq!(searcher.soft_budget, None);
    }
}
