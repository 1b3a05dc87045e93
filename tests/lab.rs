//! The search laboratory: every switch is alive (turning it changes the search),
//! every setting still plays legal moves, the statistics add up, and the
//! default search is pinned by its bench node signature.

use umax::board::Board;
use umax::clock::Limits;
use umax::lab::{LabRun, run_positions};
use umax::search::techniques::{CALIBRATED_PRESET, OPTIONS, OptionKind, PRESETS};
use umax::search::{Searcher, Settings, Silent};
use umax::tools::BENCH_POSITIONS;

const TABLE_LOG2: u32 = 18;

/// A few bench positions: Kiwipete, a pawn ending, a rook ending.
fn positions() -> Vec<&'static str> {
    [1, 9, 28].iter().map(|&i| BENCH_POSITIONS[i]).collect()
}

fn nodes_and_check_legal(settings: &Settings, depth: u32) -> u64 {
    let fens = positions();
    let run = run_positions(settings, &fens, &Limits::depth(depth), TABLE_LOG2).unwrap();
    for (fen, best) in fens.iter().zip(&run.best_moves) {
        let board = Board::from_fen(fen).unwrap();
        let best = best.expect("every position has a legal move");
        assert!(
            board.legal_moves().contains(&best),
            "{}: {best} is illegal in {fen}",
            settings.to_spec()
        );
    }
    run.nodes()
}

/// Options measured on top of another setting, because under the default
/// they have nothing left to act on: delta pruning skips only captures that
/// micro-Max's futility test (margin 0, the move's whole gain) already skips;
/// the aspiration margin matters only with aspiration windows; micro-Max's
/// LMR depth and size matter only when the table does not set them.
const BASES: &[(&str, &str)] = &[
    ("delta", "futility=off"),
    ("aspiration_margin", "aspiration=on"),
    ("futility_ply_margin", "futility_plies=2"),
    // Futility a third ply from the horizon changes the 30 bench positions'
    // search under the default (`umax bench --set futility_plies=3`), but
    // not these three positions' by depth 7: late-move pruning skips first
    // the late quiet moves it would decide on.
    ("futility_plies", "lmp=off"),
    ("lmr_min_depth", "lmr_table=off"),
    ("lmr_reduction", "lmr_table=off"),
    // The tapered position terms count only under eval=tapered.
    ("tapered_passed", "eval=tapered"),
    ("tapered_isolated", "eval=tapered"),
    ("tapered_doubled", "eval=tapered"),
    ("tapered_shelter", "eval=tapered"),
    ("tapered_castling", "eval=tapered"),
    // Where the activity terms are counted matters only when they count.
    ("activity_plies", "mobility=on"),
];

/// Options that change only when a timed search stops (or which move a
/// stopped search plays), not the tree searched to a fixed depth (each has
/// its own test in `search::tests`).
const TIME_ONLY: &[&str] = &[
    "half_time_stop",
    "time_stability",
    "time_moves",
    "time_nodes",
];

/// Options that act only deep in the tree, compared at depth 7 as well:
/// with the default's null-move reduction of 3, a larger reduction changes
/// nothing these three positions search to depth 5; nor does reverse
/// futility 4 plies from the horizon, nor internal iterative reduction,
/// which acts only 4 or more plies from the horizon, nor the adaptive null
/// move.
const DEEP_ONLY: &[&str] = &["null_reduction", "rfp_max_plies", "iir", "null_adaptive"];

/// Settings whose effect needs many positions (checked on the 30 bench
/// positions to depth 7 instead, `many_positions_settings_change_the_bench_positions_search`):
/// late-move pruning 4 plies from the horizon skips only after 19 quiet
/// moves have failed, which these three positions' searches do not meet by
/// depth 7. With late-move pruning and internal iterative reduction in the
/// default, a wider futility margin per ply changes these three positions'
/// trees by depth 7 no more: the quiet moves it would decide on two plies
/// from the horizon are mostly the late ones late-move pruning skips. Nor,
/// with the tables fitted since, does futility pruning 3 plies out.
const MANY_POSITIONS_ONLY: &[&str] = &[
    "lmp_max_plies=4",
    "futility_ply_margin=249",
    "futility_plies=3",
];

/// Switches that change how much work a node does more than the tree: the
/// null move tried before the move list changes only the order history
/// gives a few nodes (800 of 2,756,890 bench nodes), none in these three
/// positions' searches (see
/// `null_first_answers_null_move_cut_offs_without_a_move_list`).
const WORK_ONLY: &[&str] = &["null_first"];

/// Switches that act only in a bare-king ending, which the bench positions'
/// searches do not reach (see `mop_up_changes_a_bare_king_ending`).
const BARE_KING_ONLY: &[&str] = &["mop_up"];

/// Switches that act only in an ending without pawns that one side is far
/// enough ahead in to mate, which the bench positions' searches do not
/// reach (see `mop_up_pieces_changes_a_queen_against_a_rook`).
const PAWNLESS_WIN_ONLY: &[&str] = &["mop_up_pieces"];

/// Switches that act only where the side ahead has no pawns left, which
/// the bench positions' searches do not reach (see
/// `drawish_changes_a_search_of_a_pawnless_ending` in tests/eval_terms.rs).
const PAWNLESS_ONLY: &[&str] = &["drawish"];

/// Settings that act only where the table holds a mate score, which these
/// three positions' searches do not find (see
/// `pv_table_cutoffs_not_mates_searches_a_stored_mate_again`).
const STORED_MATE_ONLY: &[&str] = &["pv_table_cutoffs=not-mates"];

/// Switches that act only from a game's second search on, which the
/// bench's searches of one position each never reach (see
/// `keep_history_carries_what_a_search_learnt_into_the_next_move` in
/// tests/search.rs).
const GAME_ONLY: &[&str] = &["keep_history"];

/// The setting an option's alternatives are compared with (see [`BASES`]).
fn base_of(spec: &str) -> &'static str {
    let name = spec.split('=').next().unwrap_or_default();
    BASES
        .iter()
        .find(|(option, _)| *option == name)
        .map_or("default", |(_, base)| base)
}

/// Every other value of every option, as specs.
fn alternatives() -> Vec<String> {
    let default = Settings::default();
    let mut specs = Vec::new();
    for option in OPTIONS {
        let current = default.get(option.name).unwrap();
        let values: Vec<String> = match option.kind {
            OptionKind::Switch => vec!["on".into(), "off".into()],
            OptionKind::Spin { min, max } => {
                // A step big enough to matter: a tenth of the range.
                let now: i32 = current.parse().unwrap();
                let step = ((max - min) / 10).max(1);
                vec![
                    (if now < max {
                        (now + step).min(max)
                    } else {
                        min
                    })
                    .to_string(),
                ]
            }
            OptionKind::Choice(names) => names.iter().map(|name| name.to_string()).collect(),
        };
        for value in values.into_iter().filter(|value| *value != current) {
            specs.push(format!("{}={value}", option.name));
        }
    }
    for preset in PRESETS.iter().skip(1) {
        specs.push(format!("preset={preset}"));
    }
    specs
}

/// A node that counts its own activity terms where it would inherit them
/// (`activity_lazy`) swaps the inherited ones out of its evaluation, as the
/// ply stack of activity says: with a margin that takes in every node, the
/// nodes nearer the horizon than `activity_plies` search exactly as if
/// every node counted its own.
#[test]
fn activity_lazy_everywhere_searches_as_counting_the_activity_terms_everywhere() {
    let nodes = |spec: &str| nodes_and_check_legal(&Settings::from_spec(spec).unwrap(), 5);
    let everywhere = nodes("activity_plies=-1");
    assert_eq!(nodes("activity_plies=1,activity_lazy=64000"), everywhere);
    assert_ne!(nodes("activity_plies=1,activity_lazy=0"), everywhere);
}

#[test]
fn every_switch_changes_the_search_and_plays_legal_moves() {
    // Shallow first (some settings, such as unordered captures, make big
    // trees); deeper only for switches that act at deeper iterations (LMR).
    let default_nodes = [3, 5].map(|depth| nodes_and_check_legal(&Settings::default(), depth));
    let mut dead = Vec::new();
    for spec in alternatives() {
        let name = spec.split('=').next().unwrap_or_default();
        if TIME_ONLY.contains(&name)
            || BARE_KING_ONLY.contains(&name)
            || PAWNLESS_WIN_ONLY.contains(&name)
            || PAWNLESS_ONLY.contains(&name)
            || MANY_POSITIONS_ONLY
                .iter()
                .any(|spec| spec.split('=').next() == Some(name))
            || WORK_ONLY.contains(&name)
            || STORED_MATE_ONLY.contains(&spec.as_str())
            || GAME_ONLY.contains(&name)
        {
            continue;
        }
        let base = base_of(&spec);
        let base_nodes = if base == "default" {
            default_nodes
        } else {
            let base = Settings::from_spec(base).unwrap();
            [3, 5].map(|depth| nodes_and_check_legal(&base, depth))
        };
        let settings = Settings::from_spec(&format!("{base},{spec}")).unwrap();
        let deep = DEEP_ONLY.contains(&name);
        let alive = nodes_and_check_legal(&settings, 3) != base_nodes[0]
            || nodes_and_check_legal(&settings, 5) != base_nodes[1]
            || (deep
                && nodes_and_check_legal(&settings, 7)
                    != nodes_and_check_legal(&Settings::from_spec(base).unwrap(), 7));
        if !alive {
            dead.push(spec);
        }
    }
    assert!(dead.is_empty(), "switches that change nothing: {dead:?}");
}

/// The nodes of depth-6 searches of `fens` under `spec`, with a table of
/// 2^`table_log2` slots.
fn nodes_to_depth_6(spec: &str, fens: &[&str], table_log2: u32) -> u64 {
    run_to_depth(spec, fens, 6, table_log2).nodes()
}

/// The searches of `fens` to `depth` under `spec`, with a table of
/// 2^`table_log2` slots.
fn run_to_depth(spec: &str, fens: &[&str], depth: u32, table_log2: u32) -> LabRun {
    let settings = Settings::from_spec(spec).unwrap();
    run_positions(&settings, fens, &Limits::depth(depth), table_log2).unwrap()
}

#[test]
fn mop_up_changes_a_bare_king_ending() {
    let fens = [
        "8/8/8/3k4/8/8/8/Q3K3 w - - 0 1",
        "8/8/8/4k3/8/8/8/R3K3 b - - 0 1",
    ];
    assert_ne!(
        nodes_to_depth_6("mop_up=on", &fens, 16),
        nodes_to_depth_6("mop_up=off", &fens, 16)
    );
}

#[test]
fn mop_up_pieces_changes_a_queen_against_a_rook() {
    let fens = [
        "8/8/8/3k4/5r2/8/8/Q3K3 w - - 0 1",
        "8/2r5/8/4k3/8/8/8/R2RK3 b - - 0 1",
    ];
    assert_ne!(
        nodes_to_depth_6("mop_up_pieces=on", &fens, 16),
        nodes_to_depth_6("mop_up_pieces=off", &fens, 16)
    );
    // It widens mop_up, and does nothing without it.
    assert_eq!(
        nodes_to_depth_6("mop_up=off,mop_up_pieces=on", &fens, 16),
        nodes_to_depth_6("mop_up=off,mop_up_pieces=off", &fens, 16)
    );
}

#[test]
fn pv_table_cutoffs_not_mates_searches_a_stored_mate_again() {
    // A back-rank mate (Rd8#), searched twice by one searcher: the second
    // time the table holds the mate. micro-Max's table answers the line
    // with it; with `not-mates` the open-window nodes search it again, so
    // the second search takes more nodes. Without a mate on the board the
    // two search alike.
    let second_search = |spec: &str, fen: &str| {
        let board = Board::from_fen(fen).unwrap();
        let mut searcher = Searcher::new(16);
        searcher.set_settings(Settings::from_spec(spec).unwrap());
        searcher.think(&board, &[], &Limits::depth(6), &mut Silent);
        searcher
            .think(&board, &[], &Limits::depth(6), &mut Silent)
            .info
            .nodes
    };
    let mate = "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1";
    assert!(
        second_search("pv_table_cutoffs=on", mate)
            < second_search("pv_table_cutoffs=not-mates", mate)
    );
    let quiet = BENCH_POSITIONS[0];
    assert_eq!(
        second_search("pv_table_cutoffs=on", quiet),
        second_search("pv_table_cutoffs=not-mates", quiet)
    );
}

#[test]
fn many_positions_settings_change_the_bench_positions_search() {
    // To depth 7: with the bolder reductions and null move of
    // `bundle_refit3`, futility 3 plies out changes no tree by depth 6.
    let nodes_to_depth_7 = |spec| run_to_depth(spec, &BENCH_POSITIONS, 7, TABLE_LOG2).nodes();
    let default = nodes_to_depth_7("default");
    for spec in MANY_POSITIONS_ONLY {
        let nodes = nodes_to_depth_7(spec);
        assert_ne!(nodes, default, "{spec} changes nothing");
    }
}

#[test]
fn statistics_add_up() {
    let board = Board::from_fen(BENCH_POSITIONS[1]).unwrap();
    let mut searcher = Searcher::new(TABLE_LOG2);
    let result = searcher.think(&board, &[], &Limits::depth(6), &mut Silent);
    let stats = searcher.stats();
    let total = &stats.total;
    assert_eq!(total.nodes(), result.info.nodes);
    assert_eq!(stats.iterations.len(), 6);
    assert!(total.fail_highs_first <= total.fail_highs_first_four);
    assert!(total.fail_highs_first_four <= total.fail_highs);
    assert!(total.fail_highs <= total.nodes());
    assert!(total.hash_hits <= total.hash_probes);
    assert!(total.hash_cutoffs <= total.hash_hits);
    assert!(total.null_cutoffs <= total.null_tries);
    assert!(total.lmr_researches <= total.lmr_reductions);
    assert!(total.fail_highs > 0 && total.null_tries > 0 && total.futility_prunes > 0);
    // Iterations are cumulative and end at the total.
    let mut previous = 0;
    for iteration in &stats.iterations {
        assert!(iteration.counters.nodes() > previous);
        previous = iteration.counters.nodes();
    }
    assert_eq!(previous, total.nodes());
    // The reported branching factor is the ratio of iteration node counts.
    let ebf = stats.branching_factor(5).unwrap();
    let expected = stats.iteration_nodes(5) as f64 / stats.iteration_nodes(4) as f64;
    assert!((ebf - expected).abs() < 1e-12);
}

#[test]
fn plain_preset_has_no_pruning_or_table() {
    let board = Board::from_fen(BENCH_POSITIONS[1]).unwrap();
    let mut searcher = Searcher::new(TABLE_LOG2);
    searcher.set_settings(Settings::from_spec("preset=plain").unwrap());
    searcher.think(&board, &[], &Limits::depth(4), &mut Silent);
    let total = searcher.stats().total;
    assert_eq!(total.hash_probes, 0);
    assert_eq!(total.null_tries, 0);
    assert_eq!(total.futility_prunes, 0);
    assert_eq!(total.lmr_reductions, 0);
    assert_eq!(total.check_extensions, 0);
    assert_eq!(total.scoring_nodes, 0);
}

/// The signature of `umax bench` (depth 8, 2^24 entries): it changes only when
/// the search changes. If a change to the search is intended, update it here,
/// in the README, and say so in the commit.
const BENCH_SIGNATURE: u64 = 776_590;

/// The bench signature of the `calibrated` preset: umax's default search when
/// the strength scale (`UCI_Elo`) was measured. It must never change, or the
/// scale is no longer the one measured.
const CALIBRATED_BENCH_SIGNATURE: u64 = 62_426_916;

#[test]
fn bench_signature_is_pinned() {
    let result = umax::tools::bench(umax::tools::DEFAULT_BENCH_DEPTH, 24);
    assert_eq!(result.nodes, BENCH_SIGNATURE);
}

#[test]
fn calibrated_preset_is_the_search_the_strength_scale_was_measured_with() {
    let settings = Settings::preset(CALIBRATED_PRESET).unwrap();
    let result = umax::tools::bench_with(&settings, umax::tools::DEFAULT_BENCH_DEPTH, 24, false);
    assert_eq!(result.nodes, CALIBRATED_BENCH_SIGNATURE);
}

#[test]
fn null_first_answers_null_move_cut_offs_without_a_move_list() {
    // The same null moves cut off either way (the two trees differ only in
    // how history orders a few nodes); with `null_first` the nodes they cut
    // off no longer generate and sort their moves first.
    let board = Board::from_fen(BENCH_POSITIONS[1]).unwrap();
    let counters = |spec: &str| {
        let mut searcher = Searcher::new(TABLE_LOG2);
        searcher.set_settings(Settings::from_spec(spec).unwrap());
        searcher.think(&board, &[], &Limits::depth(8), &mut Silent);
        searcher.stats().total
    };
    let (after, first) = (counters("null_first=off"), counters("null_first=on"));
    assert!(first.null_cutoffs > 100);
    assert!(after.move_lists - first.move_lists >= first.null_cutoffs * 9 / 10);
}
