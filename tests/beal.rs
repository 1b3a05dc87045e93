//! Beal's 1986 tactics search (`src/engine/search/beal.rs`): the capture tree on
//! hand-checked exchanges, mate seeing, WAC positions it solves, and limits.

use umax::board::{Board, Move, Square};
use umax::clock::Limits;
use umax::game::parse_san;
use umax::search::beal::{BealSearch, Flag, KING_CAPTURE, MATE};
use umax::tools::parse_epd_line;

/// A searcher set up on `fen` with `matev(mate_depth)`.
fn searcher_on(fen: &str, mate_depth: u32) -> BealSearch {
    let board = Board::from_fen(fen).expect("valid FEN");
    let mut search = BealSearch::new();
    search.set_mate_depth(mate_depth);
    search.set_position(&board, &[]);
    search
}

/// The capture tree's value of `fen` with the full window.
fn t1v(fen: &str) -> i32 {
    searcher_on(fen, 1).t1v(-MATE, MATE)
}

#[test]
fn capture_tree_takes_an_undefended_knight() {
    // White R (5) against N (3): balance +2; Rxe5 wins the knight: +5.
    assert_eq!(t1v("4k3/8/8/4n3/8/8/8/4RK2 w - - 0 1"), 5);
}

#[test]
fn capture_tree_stands_pat_rather_than_lose_the_rook() {
    // The knight is defended by d6: Rxe5 dxe5 would leave -1; standing pat keeps +1.
    assert_eq!(t1v("4k3/8/3p4/4n3/8/8/8/4RK2 w - - 0 1"), 1);
}

#[test]
fn capture_tree_pawn_takes_defended_knight() {
    // Balance -3 (P against P+N); dxe5 dxe5 gains the knight for a pawn: -1.
    assert_eq!(t1v("4k3/8/3p4/4n3/3P4/8/8/4K3 w - - 0 1"), -1);
}

#[test]
fn capture_tree_follows_a_chain_of_exchanges() {
    // Balance R+B (8) against Q+P (10): -2. Rxd5 wins the queen (+9), cxd5
    // the rook back (-5), and nothing retakes on d5: -2 + 9 - 5 = +2.
    assert_eq!(t1v("4k3/8/2p5/3q4/8/8/8/3RBK2 w - - 0 1"), 2);
}

#[test]
fn capture_tree_sees_a_king_capture_and_stores_it_exact() {
    // Black, in check from the rook, plays a7-a6 (pseudo-legal, illegal):
    // White to move can take the black king.
    let mut board = Board::from_fen("4k3/p7/8/8/8/8/8/4RK2 b - - 0 1").unwrap();
    let illegal = Move::new(Square::parse("a7").unwrap(), Square::parse("a6").unwrap());
    assert!(!board.is_legal(illegal));
    board.make_move(illegal);
    let mut search = BealSearch::new();
    search.set_position(&board, &[]);
    assert_eq!(search.t1v(-MATE, MATE), KING_CAPTURE);
    assert_eq!(search.entry().map(|entry| entry.flag), Some(Flag::Exact));
}

#[test]
fn capture_tree_stand_pat_cuts_off_at_the_upper_bound() {
    // Balance +2 with window (-1, 1): fails high at once, no node counted.
    let mut search = searcher_on("4k3/8/8/4n3/8/8/8/4RK2 w - - 0 1", 1);
    assert!(search.t1v(-1, 1) >= 1);
    assert_eq!(search.nodes(), 0);
}

#[test]
fn matev_1_finds_a_back_rank_mate_in_one() {
    let fen = "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1";
    let mut search = searcher_on(fen, 1);
    assert!(search.matev(1));
    let entry = search.entry().expect("a mate is stored");
    assert_eq!(entry.flag, Flag::Exact);
    assert_eq!(entry.value, MATE);
    let board = Board::from_fen(fen).unwrap();
    assert_eq!(entry.best_move, Some(parse_san(&board, "Ra8").unwrap()));
}

#[test]
fn matev_finds_nothing_in_the_start_position() {
    let mut search = searcher_on(umax::board::START_FEN, 2);
    assert!(!search.matev(1));
    assert!(!search.matev(2));
}

#[test]
fn matev_2_sees_a_mate_in_two_through_a_single_reply() {
    // Rd8+ Rxd8 (the only reply) Rxd8#; there is no mate in one.
    let fen = "r5k1/5ppp/8/8/8/8/3R1PPP/3R2K1 w - - 0 1";
    let mut board = Board::from_fen(fen).unwrap();
    let check = parse_san(&board, "Rd8+").unwrap();
    board.make_move(check);
    assert_eq!(board.legal_moves().len(), 1, "the check has a single reply");

    let mut search = searcher_on(fen, 1);
    assert!(!search.matev(1), "no mate in one");
    let mut search = searcher_on(fen, 2);
    assert!(search.matev(2), "mate in two with a single reply");
}

#[test]
fn mated_detects_checkmate_and_an_escape() {
    let mut mated = searcher_on("R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1", 1);
    assert!(mated.mated(1));
    // With h7 free the king escapes: in check but not mated.
    let mut escapes = searcher_on("R5k1/5pp1/8/8/8/8/8/6K1 b - - 0 1", 2);
    assert!(!escapes.mated(1));
    assert!(!escapes.mated(2));
}

#[test]
fn xt1v_returns_the_upper_bound_when_it_sees_a_mate() {
    // The capture tree sees only the extra rook (+5); matev sees Ra8#.
    let mut search = searcher_on("6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1", 1);
    let capture_tree = search.t1v(-MATE, MATE);
    assert!(capture_tree < MATE);
    assert_eq!(search.xt1v(-MATE, MATE), MATE);
}

/// WAC positions (copied from ../shared/epd/wac.epd) that the search solves at
/// depth 2 with `matev(1)`: checked with `umax epd wac.epd --search beal
/// --depth 2` (they are also solved at depth 4). 004 and 012 are mates seen by
/// the mate test; 008, 020, 024 and 102 win material.
const WAC_SOLVED_AT_DEPTH_2: [&str; 6] = [
    r#"r1bq2rk/pp3pbp/2p1p1pQ/7P/3P4/2PB1N2/PP3PPR/2KR4 w - - bm Qxh7+; id "WAC.004";"#,
    r#"4k1r1/2p3r1/1pR1p3/3pP2p/3P2qP/P4N2/1PQ4P/5R1K b - - bm Qxf3+; id "WAC.012";"#,
    r#"r4q1k/p2bR1rp/2p2Q1N/5p2/5p2/2P5/PP3PPP/R5K1 w - - bm Rf7; id "WAC.008";"#,
    r#"r2qkb1r/1ppb1ppp/p7/4p3/P1Q1P3/2P5/5PPP/R1B2KNR b kq - bm Bb5; id "WAC.020";"#,
    r#"6k1/1b1nqpbp/pp4p1/5P2/1PN5/4Q3/P5PP/1B2B1K1 b - - bm Bd4; id "WAC.024";"#,
    r#"2Q2n2/2R4p/1p1qpp1k/8/3P3P/3B2P1/5PK1/r7 w - - bm Qxf8+; id "WAC.102";"#,
];

#[test]
fn solves_wac_positions_at_depth_2() {
    let mut search = BealSearch::new();
    for line in WAC_SOLVED_AT_DEPTH_2 {
        let position = parse_epd_line(line).unwrap();
        let result = search.search(&position.board, &[], &Limits::depth(2));
        let played = result.best_move.expect("a move");
        assert!(
            position.is_solved_by(played),
            "{}: played {played}",
            position.id
        );
        assert!(
            result.value > 0,
            "{}: a win, not {}",
            position.id,
            result.value
        );
    }
}

#[test]
fn a_mate_in_two_is_scored_as_a_mate() {
    // WAC.004: Qxh7+ Kxh7 hxg6+ ... the mate test sees it at depth 2.
    let position = parse_epd_line(WAC_SOLVED_AT_DEPTH_2[0]).unwrap();
    let result = BealSearch::new().search(&position.board, &[], &Limits::depth(2));
    assert_eq!(result.value, MATE);
}

#[test]
fn a_mate_in_one_is_played_from_iteration_0() {
    let board = Board::from_fen("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1").unwrap();
    let result = BealSearch::new().search(&board, &[], &Limits::depth(3));
    assert_eq!(result.best_move, Some(parse_san(&board, "Ra8").unwrap()));
    assert_eq!(result.value, MATE);
    assert_eq!(result.depth, 0);
}

#[test]
fn depth_limit_is_respected() {
    let position = parse_epd_line(WAC_SOLVED_AT_DEPTH_2[2]).unwrap();
    let result = BealSearch::new().search(&position.board, &[], &Limits::depth(3));
    assert_eq!(result.depth, 3);
    assert_eq!(result.nodes_per_iteration.len(), 3);
    // Each iteration adds nodes.
    assert!(result.nodes_per_iteration.windows(2).all(|w| w[0] < w[1]));
}

#[test]
fn node_limit_is_respected() {
    let position = parse_epd_line(WAC_SOLVED_AT_DEPTH_2[2]).unwrap();
    for limit in [50, 500, 5000] {
        let result = BealSearch::new().search(&position.board, &[], &Limits::nodes(limit));
        assert!(
            result.nodes <= limit,
            "limit {limit}: {} nodes",
            result.nodes
        );
        let played = result.best_move.expect("a move even when stopped early");
        assert!(position.board.is_legal(played));
    }
}

#[test]
fn time_limit_is_respected() {
    let position = parse_epd_line(WAC_SOLVED_AT_DEPTH_2[2]).unwrap();
    let limits = Limits::move_time(std::time::Duration::from_millis(50));
    let result = BealSearch::new().search(&position.board, &[], &limits);
    // The clock is polled every POLL_INTERVAL nodes: well within a second.
    assert!(result.elapsed < std::time::Duration::from_secs(1));
    assert!(result.best_move.is_some());
}

#[test]
fn epd_command_runs_beals_search() {
    let dir = std::env::temp_dir().join(format!("umax-beal-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("two.epd");
    std::fs::write(
        &file,
        format!(
            "{}\n{}\n",
            WAC_SOLVED_AT_DEPTH_2[2], WAC_SOLVED_AT_DEPTH_2[3]
        ),
    )
    .unwrap();
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_umax"))
        .args(["epd", file.to_str().unwrap(), "--search", "beal"])
        .args(["--depth", "2", "--matev", "2"])
        .output()
        .unwrap();
    std::fs::remove_dir_all(&dir).unwrap();
    let text = String::from_utf8_lossy(&output.stdout);
    assert!(output.status.success(), "{text}");
    let lines: Vec<&str> = text.lines().collect();
    assert!(lines[0].starts_with("WAC.008") && lines[0].contains(" ok (depth 2,"));
    assert!(lines[1].starts_with("WAC.020") && lines[1].contains(" ok "));
    assert!(lines[2].starts_with("nodes ") && lines[2].ends_with("(matev 2)"));
    assert_eq!(lines.last(), Some(&"solved 2/2"));
}
