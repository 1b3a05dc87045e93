//! Behaviour of the search: it finds mates, avoids stalemate when winning, takes
//! a repetition draw when losing, under-promotes when that is the only win, and
//! keeps to its time limit. Every position was checked with Stockfish.

use std::time::{Duration, Instant};

use umax::board::Board;
use umax::clock::Limits;
use umax::game::{Game, GameStatus, san};
use umax::search::{SearchInfo, SearchResult, Searcher, Settings, Silent, mate_in, see};

mod common;

/// A small table keeps the tests light; the search itself is the same.
const TEST_TABLE_LOG2: u32 = 18;

/// "Kiwipete", a middle game full of captures, checks and castling.
const KIWIPETE_FEN: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

fn search(fen: &str, limits: Limits) -> (Board, SearchResult) {
    let board = Board::from_fen(fen).expect("test positions are valid FEN");
    let mut searcher = Searcher::new(TEST_TABLE_LOG2);
    let result = searcher.think(&board, &[], &limits, &mut Silent);
    (board, result)
}

/// Search `fen` to `depth` plies and return the best move in SAN and the score.
fn best_san(fen: &str, depth: u32) -> (String, i32) {
    let (board, result) = search(fen, Limits::depth(depth));
    let mv = result.best_move.expect("a legal move exists");
    (san(&board, mv), result.info.score)
}

fn assert_mate(fen: &str, depth: u32, moves: i32, expected_first: &[&str]) {
    let (first, score) = best_san(fen, depth);
    assert_eq!(
        mate_in(score),
        Some(moves),
        "{fen}: score {score}, played {first}"
    );
    assert!(
        expected_first.contains(&first.as_str()),
        "{fen}: played {first}, expected one of {expected_first:?}"
    );
}

#[test]
fn finds_mate_in_one() {
    assert_mate(
        "r1bqkbnr/pppp1ppp/2n5/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4",
        3,
        1,
        &["Qxf7#"],
    );
    assert_mate("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", 3, 1, &["Ra8#"]);
    assert_mate(
        "rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2",
        3,
        1,
        &["Qh4#"],
    );
}

#[test]
fn finds_mate_in_two() {
    // WAC.001. The queen sacrifice is a quiet move late in the root's list:
    // table LMR reduces it, and a reduced move is searched again only if it
    // beats the best score so far (`research=best`), so the default proves
    // the mate at 14 plies (at 11 before the bolder reductions and null move
    // of `bundle_refit3`); with micro-Max's re-searches (`research=alpha`)
    // an older default did at 10. Without aspiration windows a lucky
    // table entry from another root move used to show it at depth 4; with
    // `lmr_root=off` the default finds it at depth 4, but that measured
    // -13.9 ± 27.8 Elo (not resolved) and is not the default.
    assert_mate(
        "2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - 0 1",
        14,
        2,
        &["Qg6"],
    );
    assert_mate(
        "r2qkb1r/pp2nppp/3p4/2pNN1B1/2BnP3/3P4/PPP2PPP/R2bK2R w KQkq - 1 1",
        5,
        2,
        &["Nf6+"],
    );
    assert_mate(
        "5k2/6pp/p1qN4/1p1p4/3P4/2PKP2Q/PP3r2/3R4 b - - 0 1",
        5,
        2,
        &["Qc4+"],
    );
}

#[test]
fn finds_mate_in_three() {
    assert_mate(
        "r3q1kr/ppp5/3p2pQ/8/3PP1b1/5R2/PPP3P1/5RK1 w - - 0 1",
        7,
        3,
        &["Rf8+"],
    );
    assert_mate(
        "6kr/1q2r1p1/1p2N1Q1/5p2/1P1p4/6R1/7P/2R3K1 w - - 0 1",
        7,
        3,
        &["Rc8+"],
    );
    assert_mate(
        "8/6pp/3q1p2/3n1k2/1P6/3NQ2P/5PP1/6K1 w - - 0 1",
        7,
        3,
        &["g4+"],
    );
}

#[test]
fn avoids_stalemate_when_winning() {
    // Every queen move along the b-file stalemates; several moves mate in two.
    let fen = "k7/8/1K6/8/8/8/8/1Q6 w - - 0 1";
    let (board, result) = search(fen, Limits::depth(5));
    let mv = result.best_move.unwrap();
    let mut game = Game::from_board(board);
    game.play(mv).unwrap();
    assert_ne!(game.status(), GameStatus::Stalemate, "played {mv}");
    assert_eq!(
        mate_in(result.info.score),
        Some(2),
        "score {}",
        result.info.score
    );
}

#[test]
fn converts_king_and_queen_against_king_without_stalemate() {
    // Play the engine against itself; the stronger side must mate, not stalemate.
    let mut game = Game::from_fen("8/8/8/3k4/8/8/8/Q3K3 w - - 0 1").unwrap();
    let mut searcher = Searcher::new(TEST_TABLE_LOG2);
    for _ in 0..60 {
        if game.status().is_over() {
            break;
        }
        let board = game.board().clone();
        let result = searcher.think(&board, game.history_keys(), &Limits::depth(7), &mut Silent);
        game.play(result.best_move.unwrap()).unwrap();
    }
    assert_eq!(
        game.status(),
        GameStatus::Checkmate {
            winner: umax::board::Color::White
        },
        "moves: {:?}",
        game.san_moves()
    );
}

#[test]
fn takes_a_perpetual_check_when_losing() {
    // White is a queen and a rook down but draws by perpetual check with Qh5+.
    let fen = "8/6pk/8/8/8/r7/1q3PPP/3Q2K1 w - - 0 1";
    let (first, score) = best_san(fen, 8);
    assert_eq!(first, "Qh5+");
    assert!(score.abs() < 50, "a perpetual is a draw, got {score}");
}

#[test]
fn recognises_repetition_of_game_positions() {
    // After Qh5+ Kg8 Qe8+ Kh7 the start position has occurred twice; repeating
    // it once more is a draw, which the losing side must be happy to take.
    let mut game = Game::from_fen("8/6pk/8/8/8/r7/1q3PPP/3Q2K1 w - - 0 1").unwrap();
    for text in ["Qh5+", "Kg8", "Qe8+", "Kh7"] {
        game.play_text(text).unwrap();
    }
    let mut searcher = Searcher::new(TEST_TABLE_LOG2);
    let board = game.board().clone();
    let result = searcher.think(&board, game.history_keys(), &Limits::depth(6), &mut Silent);
    assert_eq!(san(&board, result.best_move.unwrap()), "Qh5+");
    assert_eq!(result.info.score, 0);
}

#[test]
fn under_promotes_to_a_knight_when_that_mates() {
    let (first, score) = best_san("6br/5Ppk/6pp/8/8/1q6/8/K7 w - - 0 1", 3);
    assert_eq!(first, "f8=N#");
    assert_eq!(mate_in(score), Some(1));
}

#[test]
fn keeps_to_a_fixed_time_per_move() {
    // A behaviour check, not a speed test: the bound is generous.
    let board = Board::from_fen(KIWIPETE_FEN).unwrap();
    let mut searcher = Searcher::new(TEST_TABLE_LOG2);
    let started = Instant::now();
    let result = searcher.think(
        &board,
        &[],
        &Limits::move_time(Duration::from_millis(100)),
        &mut Silent,
    );
    let elapsed = started.elapsed();
    assert!(elapsed < Duration::from_millis(400), "took {elapsed:?}");
    assert!(
        elapsed >= Duration::from_millis(90),
        "gave up early: {elapsed:?}"
    );
    assert!(board.is_legal(result.best_move.unwrap()));
    assert!(result.info.depth >= 1);
}

#[test]
fn tallies_the_share_of_the_root_nodes_the_best_move_took() {
    // Switch `time_nodes` scales the soft limit by this share: each root
    // move is charged the nodes of its search.
    let mut searcher = Searcher::new(TEST_TABLE_LOG2);
    let start = Board::start();
    searcher.think(&start, &[], &Limits::depth(6), &mut Silent);
    let share = searcher.best_move_node_share();
    assert!(share > 0.0 && share < 1.0, "{share}");
    // A single legal move (the king takes the rook) takes nearly all: the
    // pseudo-legal king moves into check are refuted in a node each.
    let only_move = Board::from_fen("k7/8/8/8/8/8/6r1/7K w - - 0 1").unwrap();
    searcher.think(&only_move, &[], &Limits::depth(6), &mut Silent);
    let share = searcher.best_move_node_share();
    assert!(share > 0.9 && share < 1.0, "{share}");
}

#[test]
fn a_single_legal_move_stops_early_but_one_move_in_searchmoves_is_analysed() {
    // The king must take the rook: a forced move is played after a few plies.
    let mut searcher = Searcher::new(TEST_TABLE_LOG2);
    let forced = Board::from_fen("k7/8/8/8/8/8/6r1/7K w - - 0 1").unwrap();
    let result = searcher.think(&forced, &[], &Limits::nodes(2_000_000), &mut Silent);
    assert_eq!(result.info.depth, umax::search::ONLY_MOVE_PLIES);
    // `go nodes N searchmoves e2e4`: the GUI asks how good e2e4 is, so the
    // search goes on to its node limit like any other.
    let start = Board::start();
    let mut limits = Limits::nodes(200_000);
    limits.search_moves = vec![start.parse_coordinate_move("e2e4").unwrap()];
    let result = searcher.think(&start, &[], &limits, &mut Silent);
    assert_eq!(
        result.best_move.map(|mv| mv.coordinate()).as_deref(),
        Some("e2e4")
    );
    assert!(
        result.info.depth > umax::search::ONLY_MOVE_PLIES + 2,
        "{}",
        result.info.depth
    );
}

#[test]
fn returns_no_move_when_there_is_none() {
    // Checkmated and stalemated sides have nothing to play.
    let (_, mated) = search("R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1", Limits::depth(3));
    assert_eq!(mated.best_move, None);
    let (_, stalemated) = search("k7/8/1Q6/8/8/8/8/1K6 b - - 0 1", Limits::depth(3));
    assert_eq!(stalemated.best_move, None);
}

#[test]
fn node_limit_stops_the_search() {
    let (board, result) = search(umax::board::START_FEN, Limits::nodes(20_000));
    assert!(board.is_legal(result.best_move.unwrap()));
    // The limit is checked every few thousand nodes, so it may be passed a little.
    assert!(
        result.info.nodes < 40_000,
        "searched {} nodes",
        result.info.nodes
    );
}

#[test]
fn same_search_gives_same_result() {
    // The bench signature relies on the search being deterministic.
    let fen = "r1b2rk1/2q1b1pp/p2ppn2/1p6/3QP3/1BN1B3/PPP3PP/R4RK1 w - - 0 1";
    let (_, first) = search(fen, Limits::depth(6));
    let (_, second) = search(fen, Limits::depth(6));
    assert_eq!(first.info.nodes, second.info.nodes);
    assert_eq!(first.best_move, second.best_move);
}

/// Records every line the search reports; with `stop`, tells it to stop at
/// its first look at its limits.
#[derive(Default)]
struct Recorder {
    reports: Vec<umax::search::SearchInfo>,
    progress: Vec<umax::search::Progress>,
    stop: bool,
}

impl umax::search::Listener for Recorder {
    fn should_stop(&mut self) -> bool {
        self.stop
    }

    fn iteration_done(&mut self, info: &umax::search::SearchInfo) {
        self.reports.push(info.clone());
    }

    fn progress(&mut self, progress: &umax::search::Progress) {
        self.progress.push(progress.clone());
    }
}

/// The fuzzed position where the ponder move once came from another line.
const PONDER_BUG_FEN: &str = "5r2/pb1p3n/1p2k1q1/P1B2p1p/2p1P2P/R5p1/1n3PK1/4N3 w - - 3 43";

#[test]
fn last_reported_line_starts_with_the_move_played_and_ponder_move_is_its_reply() {
    // Node limits cut iterations off at many different moments, deterministically.
    let fens = [
        umax::board::START_FEN,
        PONDER_BUG_FEN,
        KIWIPETE_FEN,
        "2q1rr1k/3bbnnp/p2p1pp1/2pPp3/PpP1P1P1/1P2BNNP/2BQ1PRK/7R b - - 0 1",
    ];
    let mut best_changed_in_unfinished_iteration = 0;
    for fen in fens {
        let board = Board::from_fen(fen).unwrap();
        for nodes in (0..40).map(|i| 3_000 + i * 7_919) {
            let mut searcher = Searcher::new(TEST_TABLE_LOG2);
            let mut recorder = Recorder::default();
            let result = searcher.think(&board, &[], &Limits::nodes(nodes), &mut recorder);
            let best = result.best_move.unwrap();
            let last = recorder.reports.last().expect("at least one line");
            assert_eq!(last.pv.first(), Some(&best), "{fen} nodes {nodes}");
            if recorder.reports.len() >= 2 {
                let previous = &recorder.reports[recorder.reports.len() - 2];
                if previous.pv.first() != Some(&best) && last.nodes >= nodes {
                    best_changed_in_unfinished_iteration += 1;
                }
            }
            if let Some(reply) = result.ponder_move {
                assert_eq!(last.pv.get(1), Some(&reply), "{fen} nodes {nodes}");
                let mut after = board.clone();
                after.make_move(best);
                assert!(
                    after.legal_moves().contains(&reply),
                    "{fen} nodes {nodes}: ponder {reply} illegal after {best}"
                );
            }
        }
    }
    // The rule was exercised: the best move did change in an unfinished iteration.
    assert!(best_changed_in_unfinished_iteration > 0);
}

/// Win At Chess positions (120, 200, 269) whose best move changes in a late
/// iteration while the side to move stands better.
const LEAD_CHANGE_FENS: [&str; 3] = [
    "r4rk1/1bn2qnp/3p1B1Q/p2P1pP1/1pp5/5N1P/PPB2P2/2KR3R w - - 0 1",
    "2rqrn1k/pb4pp/1p2pp2/n2P4/2P3N1/P2B2Q1/1B3PPP/2R1R1K1 w - - 0 1",
    "2kr2nr/pp1n1ppp/2p1p3/q7/1b1P1B2/P1N2Q1P/1PP1BPP1/R3K2R w KQ - 0 1",
];

/// Search `fen` with `spec`'s settings under `limits`, recording every line.
fn search_recorded(fen: &str, spec: &str, limits: &Limits) -> (SearchResult, Recorder) {
    let board = Board::from_fen(fen).unwrap();
    let mut searcher = Searcher::new(TEST_TABLE_LOG2);
    searcher.set_settings(Settings::from_spec(spec).unwrap());
    let mut recorder = Recorder::default();
    let result = searcher.think(&board, &[], limits, &mut recorder);
    (result, recorder)
}

/// The iterations of the default's search to 9 plies where the best move changed from
/// one with a score above `above`, with at least 20,000 nodes between them:
/// (the iteration before, the iteration after).
fn lead_changes(fen: &str, above: i32) -> Vec<(SearchInfo, SearchInfo)> {
    let (_, recorder) = search_recorded(fen, "default", &Limits::depth(9));
    recorder
        .reports
        .windows(2)
        .filter(|pair| {
            let (before, after) = (&pair[0], &pair[1]);
            before.pv.first() != after.pv.first()
                && before.score > above
                && after.depth >= 6
                && after.nodes - before.nodes > 20_000
        })
        .map(|pair| (pair[0].clone(), pair[1].clone()))
        .collect()
}

#[test]
fn a_lead_taken_in_an_unfinished_iteration_is_played_when_ahead() {
    // The root's aspiration window lies above zero when the side to move is
    // ahead; a stopped search, which returns no score, was once taken for a
    // fail low there, and the new lead was dropped for the last iteration's.
    // Stops every 128 nodes over the last 4,096 of the iteration that changed
    // its mind: once it has taken the new lead, a stop plays it.
    let mut checked = 0;
    for fen in LEAD_CHANGE_FENS {
        for (_, after) in lead_changes(fen, 50) {
            let mut taken = false;
            for before_end in (1..=32).rev().map(|step| step * 128) {
                let limits = Limits::nodes(after.nodes - before_end);
                let (result, recorder) = search_recorded(fen, "default", &limits);
                let last = recorder.reports.last().unwrap();
                if last.nodes >= after.nodes {
                    continue; // the search looked at its limits too late
                }
                assert_eq!(last.pv.first(), result.best_move.as_ref(), "{fen}");
                if result.best_move.as_ref() == after.pv.first() {
                    assert_eq!(last.depth, after.depth, "{fen}");
                    taken = true;
                } else {
                    assert!(
                        !taken,
                        "{fen}: the lead was dropped {before_end} nodes before the end"
                    );
                }
            }
            checked += usize::from(taken);
        }
    }
    assert!(
        checked > 0,
        "no new lead was played in an unfinished iteration"
    );
}

/// A position whose first iteration takes more nodes (about 2,300) than
/// the search visits between looks at its limits (1,024).
const CAPTURES_GALORE_FEN: &str =
    "1k1r3r/pp2qpp1/2n1bn1p/2bpp3/2B1P1Q1/2NPBN1P/PPP2PP1/1K1R3R w - - 0 1";

#[test]
fn a_node_limit_inside_depth_one_still_searches_depth_one() {
    // A strength-limited search's budget (1,000 nodes at the weakest) can run
    // out inside the first iteration, which once left the move played
    // unsearched and no line shown at all.
    for fen in [umax::board::START_FEN, CAPTURES_GALORE_FEN] {
        let board = Board::from_fen(fen).unwrap();
        for nodes in [1, 10, 100] {
            let mut searcher = Searcher::new(TEST_TABLE_LOG2);
            let mut recorder = Recorder::default();
            let result = searcher.think(&board, &[], &Limits::nodes(nodes), &mut recorder);
            let last = recorder.reports.last().expect("a line");
            assert!(last.depth >= 1, "{fen} nodes {nodes}");
            assert_eq!(
                last.pv.first(),
                result.best_move.as_ref(),
                "{fen} nodes {nodes}"
            );
        }
    }
}

#[test]
fn a_search_out_of_time_at_once_still_searches_depth_one() {
    let board = Board::from_fen(CAPTURES_GALORE_FEN).unwrap();
    let mut searcher = Searcher::new(TEST_TABLE_LOG2);
    let mut recorder = Recorder::default();
    let limits = Limits::move_time(std::time::Duration::ZERO);
    let result = searcher.think(&board, &[], &limits, &mut recorder);
    let last = recorder.reports.last().expect("a line");
    assert_eq!(last.depth, 1);
    assert_eq!(last.pv.first(), result.best_move.as_ref());
}

#[test]
fn a_search_stopped_inside_depth_one_shows_the_move_it_plays() {
    let board = Board::from_fen(CAPTURES_GALORE_FEN).unwrap();
    let mut searcher = Searcher::new(TEST_TABLE_LOG2);
    // The search must still be on its first move at its first look at the
    // limits (1,024 nodes). Under the default's `activity_lazy` the first
    // move here is done before that look, so the test turns it off, and
    // quiescence searches losing captures too (`see_prune=off`): depth 1
    // then takes 5,324 nodes in all (1,021 with `activity_lazy=0` alone,
    // done before the look).
    let spec = "activity_lazy=0,see_prune=off";
    searcher.set_settings(Settings::from_spec(spec).unwrap());
    let mut recorder = Recorder {
        stop: true,
        ..Recorder::default()
    };
    let result = searcher.think(&board, &[], &Limits::default(), &mut recorder);
    let best = result.best_move.expect("a move");
    assert!(board.legal_moves().contains(&best));
    let last = recorder.reports.last().expect("a line");
    assert_eq!((last.depth, last.pv.as_slice()), (0, [best].as_slice()));
}

#[test]
fn the_fuzzed_ponder_move_is_legal() {
    let (board, result) = search(PONDER_BUG_FEN, Limits::nodes(217_088));
    let best = result.best_move.unwrap();
    let mut after = board.clone();
    after.make_move(best);
    if let Some(reply) = result.ponder_move {
        assert!(after.legal_moves().contains(&reply), "{best} {reply}");
    }
}

#[test]
fn a_proved_mate_ends_the_iterations() {
    // Mate in two: once proved, deeper iterations could not shorten it.
    let board =
        Board::from_fen("r2qkb1r/pp2nppp/3p4/2pNN1B1/2BnP3/3P4/PPP2PPP/R2bK2R w KQkq - 1 1")
            .unwrap();
    let mut searcher = Searcher::new(TEST_TABLE_LOG2);
    let mut recorder = Recorder::default();
    let limits = Limits::move_time(Duration::from_secs(5));
    let started = Instant::now();
    let result = searcher.think(&board, &[], &limits, &mut recorder);
    assert!(started.elapsed() < Duration::from_secs(2), "kept searching");
    assert_eq!(mate_in(result.info.score), Some(2));
    let mate_lines = recorder
        .reports
        .iter()
        .filter(|info| mate_in(info.score).is_some())
        .count();
    assert!(mate_lines <= 2, "{mate_lines} lines repeat the mate");
    assert!(result.info.depth <= 4, "depth {}", result.info.depth);
}

#[test]
fn a_single_legal_move_keeps_the_mate_in_view() {
    // Black's only move is Kh8 and White mates next move: the score must say so.
    let (_, result) = search(
        "6k1/5Q2/6K1/8/8/8/8/8 b - - 0 1",
        Limits::move_time(Duration::from_secs(5)),
    );
    assert_eq!(
        mate_in(result.info.score),
        Some(-1),
        "{}",
        result.info.score
    );
}

/// Search `board` to `depth` plies with the switches of `spec`.
fn search_with(spec: &str, board: &Board, depth: u32) -> SearchResult {
    let mut searcher = Searcher::new(TEST_TABLE_LOG2);
    searcher.set_settings(Settings::from_spec(spec).unwrap());
    searcher.think(board, &[], &Limits::depth(depth), &mut Silent)
}

/// Search `fen` to `depth` plies with the switches of `spec`; the move in SAN.
fn best_san_with(spec: &str, fen: &str, depth: u32) -> String {
    let board = Board::from_fen(fen).unwrap();
    let result = search_with(spec, &board, depth);
    san(&board, result.best_move.unwrap())
}

#[test]
fn checks_in_quiescence_see_a_back_rank_mate_beyond_the_horizon() {
    // Nxb5 wins a pawn but allows ...Ra1#. At 2 plies the mate is a quiet
    // check one ply beyond the horizon: plain quiescence (captures only)
    // does not see it, quiescence with checks does.
    let fen = "r5k1/5ppp/8/1p6/8/2N5/5PPP/6K1 w - - 0 1";
    assert_eq!(best_san_with("default", fen, 2), "Nxb5");
    let with_checks = best_san_with("quiescence_checks=on", fen, 2);
    assert_ne!(with_checks, "Nxb5");
    // ... and the move it plays is no blunder: a deeper plain search agrees
    // that the back rank must be seen to.
    assert!(["f4", "f3", "g3", "g4", "h3", "h4", "Kf1"].contains(&with_checks.as_str()));
}

#[test]
fn the_sign_only_exchange_agrees_with_the_full_one() {
    // `see_is_not_negative` stops the swap list once the sign is settled;
    // over every capture and promotion of random games it must say what the
    // full SEE says, and the games must hold exchanges of both signs.
    let (mut checked, mut losing) = (0, 0);
    common::walk_random_games(29, 60, |board| {
        let mut moves = Vec::new();
        board.generate_moves(&mut moves);
        for &mv in &moves {
            if board.piece_at(mv.to).is_empty() && mv.promotion.is_none() {
                continue;
            }
            let full = see::see(board, mv);
            assert_eq!(
                see::see_is_not_negative(board, mv),
                full >= 0,
                "{mv} in {}",
                board.to_fen()
            );
            checked += 1;
            losing += usize::from(full < 0);
        }
    });
    assert!(
        checked > 5_000 && losing > 1_000,
        "{checked} captures, {losing} losing"
    );
}

#[test]
fn keep_history_carries_what_a_search_learnt_into_the_next_move() {
    // The same two searches of a game (the start, then after 1.e4 e5), by
    // one searcher: the second is a different tree when it starts from the
    // first one's move histories, and the same again once a new game has
    // forgotten them.
    let start = Board::start();
    let mut after = start.clone();
    for text in ["e2e4", "e7e5"] {
        let mv = umax::notation::parse_move(&after, text).unwrap();
        after.make_move(mv);
    }
    let second_search_nodes = |spec: &str, new_game_between: bool| {
        let mut searcher = Searcher::new(TEST_TABLE_LOG2);
        searcher.set_settings(Settings::from_spec(spec).unwrap());
        searcher.think(&start, &[], &Limits::depth(7), &mut Silent);
        if new_game_between {
            searcher.clear_table();
        }
        searcher
            .think(&after, &[], &Limits::depth(7), &mut Silent)
            .info
            .nodes
    };
    let fresh = second_search_nodes("keep_history=off", false);
    assert_ne!(second_search_nodes("keep_history=on", false), fresh);
    assert_eq!(
        second_search_nodes("keep_history=on", true),
        second_search_nodes("keep_history=off", true)
    );
}

#[test]
fn internal_iterative_reduction_keeps_the_score_sane() {
    // A node that reduces its own depth must still search that depth: the
    // scores stay near the unreduced search's, and no mate appears where
    // there is none.
    for fen in [KIWIPETE_FEN, umax::board::START_FEN] {
        let board = Board::from_fen(fen).unwrap();
        let reduced = search_with("iir=on", &board, 8).info.score;
        let full = search_with("iir=off", &board, 8).info.score;
        assert_eq!(mate_in(reduced), None, "{fen}: {reduced}");
        assert!((reduced - full).abs() < 100, "{fen}: {reduced} vs {full}");
    }
}

#[test]
fn futility_before_the_horizon_prunes_quiet_moves() {
    // Black is a queen down: before the horizon, most of its quiet moves
    // leave it far below alpha, and `futility_plies=3` skips them. Searched to
    // depth 8: without the check extension, depth 6 prunes as many either way.
    let lopsided =
        Board::from_fen("r3k2r/ppp2ppp/2n5/8/8/2N5/PPP1QPPP/R3K2R b KQkq - 0 1").unwrap();
    let prunes = |spec: &str| {
        let mut searcher = Searcher::new(TEST_TABLE_LOG2);
        searcher.set_settings(Settings::from_spec(spec).unwrap());
        searcher.think(&lopsided, &[], &Limits::depth(8), &mut Silent);
        searcher.stats().total.futility_prunes
    };
    assert!(prunes("futility_plies=3") > prunes("futility_plies=1"));
}

#[test]
fn pruning_harder_keeps_the_forced_mates() {
    // Futility before the horizon never skips a check or an evasion: forced
    // mates stay in view.
    for spec in ["futility_plies=3", "research=best", "research=alpha"] {
        for (fen, depth, moves, first) in [
            (
                "r3q1kr/ppp5/3p2pQ/8/3PP1b1/5R2/PPP3P1/5RK1 w - - 0 1",
                7,
                3,
                "Rf8+",
            ),
            (
                "6kr/1q2r1p1/1p2N1Q1/5p2/1P1p4/6R1/7P/2R3K1 w - - 0 1",
                7,
                3,
                "Rc8+",
            ),
            (
                "8/6pp/3q1p2/3n1k2/1P6/3NQ2P/5PP1/6K1 w - - 0 1",
                7,
                3,
                "g4+",
            ),
            (
                "r2qkb1r/pp2nppp/3p4/2pNN1B1/2BnP3/3P4/PPP2PPP/R2bK2R w KQkq - 1 1",
                5,
                2,
                "Nf6+",
            ),
        ] {
            let board = Board::from_fen(fen).unwrap();
            let result = search_with(spec, &board, depth);
            assert_eq!(mate_in(result.info.score), Some(moves), "{spec}: {fen}");
            assert_eq!(
                san(&board, result.best_move.unwrap()),
                first,
                "{spec}: {fen}"
            );
        }
    }
}

#[test]
fn without_pv_table_cutoffs_the_principal_variation_is_searched_again() {
    // The same position searched twice by one searcher: the second time the
    // table holds a deep enough score for every node on the principal
    // variation. micro-Max takes it (the second search is over in a few
    // nodes); with `pv_table_cutoffs=off` each open-window node searches its
    // last iteration, so the line is searched again, with whatever history
    // the game now has in view.
    let board = Board::from_fen(KIWIPETE_FEN).unwrap();
    let second_search = |spec: &str| {
        let mut searcher = Searcher::new(TEST_TABLE_LOG2);
        searcher.set_settings(Settings::from_spec(spec).unwrap());
        let first = searcher.think(&board, &[], &Limits::depth(6), &mut Silent);
        let second = searcher.think(&board, &[], &Limits::depth(6), &mut Silent);
        (first.info.nodes, second.info.nodes)
    };
    let (first_on, second_on) = second_search("pv_table_cutoffs=on");
    let (first_off, second_off) = second_search("pv_table_cutoffs=off");
    // The table still saves most of the work either way...
    assert!(second_on < first_on && second_off < first_off);
    // ...but without the cut-offs the principal variation costs more.
    assert!(second_on < second_off, "{second_on} >= {second_off}");
}

#[test]
fn research_best_searches_again_only_the_reduced_moves_that_beat_the_best() {
    // In a node on the principal variation, once the first move has raised
    // the best score above alpha, the later moves are searched against that
    // best score. A reduced one that fails low there may still score above
    // alpha (the search is fail-soft): micro-Max searches it again at full
    // depth, `research=best` does not, as it cannot become the best move.
    let board = Board::from_fen(KIWIPETE_FEN).unwrap();
    let searched = |spec: &str| {
        let mut searcher = Searcher::new(TEST_TABLE_LOG2);
        searcher.set_settings(Settings::from_spec(spec).unwrap());
        let result = searcher.think(&board, &[], &Limits::depth(8), &mut Silent);
        (result.info.nodes, searcher.stats().total.lmr_researches)
    };
    let (nodes_alpha, researches_alpha) = searched("research=alpha");
    let (nodes_best, researches_best) = searched("research=best");
    assert!(
        researches_best < researches_alpha,
        "{researches_best} >= {researches_alpha}"
    );
    assert!(nodes_best < nodes_alpha, "{nodes_best} >= {nodes_alpha}");
}

#[test]
fn multipv_reports_distinct_lines_in_order_and_the_best_last() {
    // Kiwipete: many moves of different worth; and a position with 2 legal moves.
    for (fen, lines) in [
        (KIWIPETE_FEN, 3),
        ("7k/8/8/8/8/8/6PP/7K w - - 0 1", 4),
        ("7k/8/8/8/8/8/8/6BK w - - 0 1", 64),
    ] {
        let board = Board::from_fen(fen).unwrap();
        let mut searcher = Searcher::new(TEST_TABLE_LOG2);
        searcher.set_lines(lines);
        let mut recorder = Recorder::default();
        let result = searcher.think(&board, &[], &Limits::depth(5), &mut recorder);
        let legal = board.legal_moves().len();
        let expected = lines.min(legal);
        // Each iteration reports its lines worst first, the best (multipv 1) last.
        let depth_5: Vec<_> = recorder
            .reports
            .iter()
            .filter(|info| info.depth == 5)
            .collect();
        assert_eq!(depth_5.len(), expected, "{fen}");
        let ranks: Vec<usize> = depth_5.iter().map(|info| info.multipv).collect();
        assert_eq!(ranks, (1..=expected).rev().collect::<Vec<_>>(), "{fen}");
        let mut firsts: Vec<_> = depth_5.iter().map(|info| info.pv[0]).collect();
        firsts.sort_by_key(|mv| mv.to_string());
        firsts.dedup();
        assert_eq!(firsts.len(), expected, "{fen}: distinct first moves");
        // In order of score, best first.
        let scores: Vec<i32> = depth_5.iter().rev().map(|info| info.score).collect();
        assert!(
            scores.windows(2).all(|pair| pair[0] >= pair[1]),
            "{fen}: {scores:?}"
        );
        assert_eq!(
            depth_5.last().unwrap().pv[0],
            result.best_move.unwrap(),
            "{fen}"
        );
    }
    // One line searches exactly as before.
    let board = Board::from_fen(KIWIPETE_FEN).unwrap();
    let mut single = Searcher::new(TEST_TABLE_LOG2);
    single.set_lines(1);
    let (_, plain) = search(KIWIPETE_FEN, Limits::depth(5));
    let one = single.think(&board, &[], &Limits::depth(5), &mut Silent);
    assert_eq!(
        (one.info.nodes, one.best_move),
        (plain.info.nodes, plain.best_move)
    );
    assert_eq!(one.info.multipv, 0);
}

#[test]
fn a_long_iteration_reports_the_move_it_searches_about_once_a_second() {
    let board = Board::from_fen(KIWIPETE_FEN).unwrap();
    let legal = board.legal_moves();
    let mut searcher = Searcher::new(TEST_TABLE_LOG2);
    let mut recorder = Recorder::default();
    let limits = Limits::move_time(Duration::from_millis(3_500));
    searcher.think(&board, &[], &limits, &mut recorder);
    // Reports from the first second on, about a second apart: two or three.
    let progress = &recorder.progress;
    assert!((2..=3).contains(&progress.len()), "{progress:?}");
    for (report, next) in progress.iter().zip(&progress[1..]) {
        assert!(next.elapsed >= report.elapsed + Duration::from_secs(1));
        assert!(next.nodes > report.nodes && next.depth >= report.depth);
    }
    for report in progress {
        assert!(report.elapsed >= Duration::from_secs(1));
        assert!(legal.contains(&report.current_move), "{report:?}");
        assert_eq!(report.move_count, legal.len());
        assert!(
            (1..=legal.len() as u32).contains(&report.move_number),
            "{report:?}"
        );
    }
}

#[test]
fn a_stopped_multipv_search_ends_with_distinct_lines_and_the_move_played_last() {
    let board = Board::from_fen(KIWIPETE_FEN).unwrap();
    let mut shown_again = 0;
    for nodes in (0..30).map(|i| 2_000 + i * 9_973) {
        let mut searcher = Searcher::new(TEST_TABLE_LOG2);
        searcher.set_lines(3);
        let mut recorder = Recorder::default();
        let result = searcher.think(&board, &[], &Limits::nodes(nodes), &mut recorder);
        let last_three = &recorder.reports[recorder.reports.len() - 3..];
        let ranks: Vec<usize> = last_three.iter().map(|info| info.multipv).collect();
        assert_eq!(ranks, [3, 2, 1], "nodes {nodes}");
        let mut firsts: Vec<_> = last_three.iter().map(|info| info.pv[0]).collect();
        assert_eq!(firsts[2], result.best_move.unwrap(), "nodes {nodes}");
        firsts.sort_by_key(|mv| mv.to_string());
        firsts.dedup();
        assert_eq!(firsts.len(), 3, "nodes {nodes}: {last_three:?}");
        // One finished iteration: the same depth, scores in order.
        assert!(
            last_three
                .iter()
                .all(|info| info.depth == last_three[0].depth)
        );
        assert!(last_three[0].score <= last_three[1].score);
        assert!(last_three[1].score <= last_three[2].score);
        // Nothing of an unfinished iteration is shown: stopped in one, the
        // last finished iteration's lines are shown again, and its move played.
        let reports = &recorder.reports;
        let deepest = reports.iter().map(|info| info.depth).max();
        assert_eq!(deepest, Some(last_three[0].depth), "nodes {nodes}");
        let same = |a: &SearchInfo, b: &SearchInfo| {
            (a.multipv, a.depth, &a.pv) == (b.multipv, b.depth, &b.pv)
        };
        if let Some(before) = reports.len().checked_sub(6).map(|at| &reports[at..at + 3]) {
            shown_again += usize::from(before.iter().zip(last_three).all(|(a, b)| same(a, b)));
        }
    }
    assert!(shown_again > 10, "{shown_again} of 30");
}

#[test]
fn on_the_99th_half_move_every_line_starts_with_a_legal_move() {
    // Found by a MultiPV match: a king move into check was scored as a
    // 50-move draw instead of being refuted, and became a line's first move.
    for fen in [
        "8/3B4/8/p2k2b1/P7/8/3p4/3K4 w - - 99 98",
        "8/1R6/6kP/6P1/8/2r2K2/8/8 w - - 99 99",
    ] {
        let board = Board::from_fen(fen).unwrap();
        let legal = board.legal_moves();
        for lines in [1, 3] {
            let mut searcher = Searcher::new(TEST_TABLE_LOG2);
            searcher.set_lines(lines);
            let mut recorder = Recorder::default();
            let result = searcher.think(&board, &[], &Limits::depth(6), &mut recorder);
            assert!(legal.contains(&result.best_move.unwrap()), "{fen}");
            for info in &recorder.reports {
                assert!(
                    legal.contains(&info.pv[0]),
                    "{fen}, {lines} lines: {info:?}"
                );
            }
        }
    }
}
