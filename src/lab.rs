//! # The laboratory: two settings of the search, measured side by side
//!
//! `umax lab A-SPEC B-SPEC [--depth D | --time S]` searches the bench positions
//! under two settings of the laboratory's switches (see
//! [`techniques`](crate::search::techniques)) and prints, iteration by
//! iteration, what an engine author measures before and after a change (seed
//! 002's log): nodes to depth, time to depth, effective branching factor, and
//! the share of fail-highs on the first move (FH1 %) and on the first four
//! (FH4 %), each of one iteration alone. Both settings search the same positions to the same depth with a
//! fresh table each, so their node counts compare directly; times are wall
//! time on a shared machine and carry its noise.

use std::fmt::Write;
use std::time::Duration;

use crate::board::{Board, Move};
use crate::clock::Limits;
use crate::search::{SearchStats, Searcher, Settings, Silent};
use crate::tools::BENCH_POSITIONS;

/// Table size `umax lab` uses unless `--hash` is given: 2^22 entries (48 MiB),
/// enough for the bench positions at the lab's depths.
pub const LAB_TABLE_LOG2: u32 = 22;

/// Depth `umax lab` uses when none is given.
pub const DEFAULT_LAB_DEPTH: u32 = 7;

/// What one setting did over a list of positions.
#[derive(Clone, Debug)]
pub struct LabRun {
    /// The spec of the setting.
    pub spec: String,
    /// Statistics added up over the positions, iteration by iteration.
    pub stats: SearchStats,
    /// The move chosen in each position.
    pub best_moves: Vec<Option<Move>>,
}

impl LabRun {
    /// Nodes over all positions.
    pub fn nodes(&self) -> u64 {
        self.stats.total.nodes()
    }

    /// Time over all positions.
    pub fn elapsed(&self) -> Duration {
        self.stats.elapsed
    }
}

/// Search each of `fens` under `settings` with `limits`, each with a freshly
/// cleared table of `2^log2_entries` entries.
pub fn run_positions(
    settings: &Settings,
    fens: &[&str],
    limits: &Limits,
    log2_entries: u32,
) -> Result<LabRun, String> {
    let mut searcher = Searcher::new(log2_entries);
    searcher.set_settings(settings.clone());
    let mut stats = SearchStats::default();
    let mut best_moves = Vec::new();
    for fen in fens {
        let board = Board::from_fen(fen).map_err(|e| format!("bad FEN '{fen}': {e}"))?;
        searcher.clear_table();
        let result = searcher.think(&board, &[], limits, &mut Silent);
        stats.add(searcher.stats());
        best_moves.push(result.best_move);
    }
    Ok(LabRun {
        spec: settings.to_spec(),
        stats,
        best_moves,
    })
}

/// The side-by-side table of two runs over the same positions.
pub fn comparison_table(a: &LabRun, b: &LabRun) -> String {
    let mut text = String::new();
    let _ = writeln!(text, "A: {}", a.spec);
    let _ = writeln!(text, "B: {}", b.spec);
    let _ = writeln!(
        text,
        "| depth | nodes to depth A | nodes to depth B | B/A | time A (s) | time B (s) | EBF A | EBF B | FH1% A | FH1% B | FH4% A | FH4% B |"
    );
    let _ = writeln!(
        text,
        "|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"
    );
    let depths = a.stats.iterations.len().max(b.stats.iterations.len());
    let ebf = |run: &LabRun, index: usize| {
        run.stats
            .branching_factor(index)
            .map_or("-".to_string(), |ebf| format!("{ebf:.2}"))
    };
    for index in 0..depths {
        let (Some(ia), Some(ib)) = (a.stats.iterations.get(index), b.stats.iterations.get(index))
        else {
            continue;
        };
        let nodes_a = ia.counters.nodes();
        let nodes_b = ib.counters.nodes();
        let _ = writeln!(
            text,
            "| {} | {} | {} | {:.2} | {:.3} | {:.3} | {} | {} | {:.1} | {:.1} | {:.1} | {:.1} |",
            ia.depth,
            nodes_a,
            nodes_b,
            nodes_b as f64 / nodes_a.max(1) as f64,
            ia.elapsed.as_secs_f64(),
            ib.elapsed.as_secs_f64(),
            ebf(a, index),
            ebf(b, index),
            a.stats.iteration_counters(index).fail_high_first_percent(),
            b.stats.iteration_counters(index).fail_high_first_percent(),
            a.stats
                .iteration_counters(index)
                .fail_high_first_four_percent(),
            b.stats
                .iteration_counters(index)
                .fail_high_first_four_percent(),
        );
    }
    let nps = |run: &LabRun| run.nodes() as f64 / run.elapsed().as_secs_f64().max(1e-9);
    let mean_ebf = |run: &LabRun| {
        run.stats
            .mean_branching_factor(4)
            .map_or("-".to_string(), |ebf| format!("{ebf:.2}"))
    };
    let _ = writeln!(
        text,
        "nodes (all iterations): A {} B {}; time: A {:.3} s B {:.3} s; nodes/s: A {:.0} B {:.0}",
        a.nodes(),
        b.nodes(),
        a.elapsed().as_secs_f64(),
        b.elapsed().as_secs_f64(),
        nps(a),
        nps(b)
    );
    let same = a
        .best_moves
        .iter()
        .zip(&b.best_moves)
        .filter(|(x, y)| x == y)
        .count();
    let _ = writeln!(
        text,
        "mean EBF (last 4 iterations): A {} B {}; same best move in {same} of {} positions",
        mean_ebf(a),
        mean_ebf(b),
        a.best_moves.len()
    );
    text
}

/// `umax lab A-SPEC B-SPEC`: run both settings over the bench positions and
/// return the table.
pub fn lab(
    a_spec: &str,
    b_spec: &str,
    limits: &Limits,
    log2_entries: u32,
) -> Result<String, String> {
    let a = Settings::from_spec(a_spec).map_err(|e| format!("A-SPEC: {e}"))?;
    let b = Settings::from_spec(b_spec).map_err(|e| format!("B-SPEC: {e}"))?;
    let run_a = run_positions(&a, &BENCH_POSITIONS, limits, log2_entries)?;
    let run_b = run_positions(&b, &BENCH_POSITIONS, limits, log2_entries)?;
    Ok(comparison_table(&run_a, &run_b))
}
