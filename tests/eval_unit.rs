//! Unit checks of the evaluation through its public API: micro-Max's
//! incremental terms (`eval.rs`) and the tapered tables (`eval/tapered.rs`).

use umax::board::{Board, Color, Piece, PieceKind, Square};
use umax::eval::tapered::{self, ENTRIES, FULL_PHASE, blend, entry_cell, entry_index, phase};
use umax::eval::{self, EvalStyle, EvalTerms, PIECE_VALUES};

#[test]
fn start_position_is_balanced() {
    assert_eq!(eval::static_eval_in(EvalStyle::Umax, &Board::start()), 0);
    assert_eq!(eval::material_gone(&Board::start()), 0);
}

#[test]
fn move_gain_matches_static_eval_for_position_terms() {
    // A knight move changes only centralisation: the incremental gain must
    // equal the difference of full evaluations.
    let mut board = Board::start();
    let mv = board.parse_coordinate_move("g1f3").unwrap();
    let before = eval::static_eval_in(EvalStyle::Umax, &board);
    let gain = eval::move_gain_in(EvalStyle::Umax, &board, mv, 0);
    board.make_move(mv);
    assert_eq!(
        -eval::static_eval_in(EvalStyle::Umax, &board),
        before + gain
    );
}

#[test]
fn capture_gains_victim_value() {
    let board = Board::from_fen("4k3/8/8/3p4/4N3/8/8/4K3 w - - 0 1").unwrap();
    let mv = board.parse_coordinate_move("e4d6").unwrap();
    assert!(eval::move_gain_in(EvalStyle::Umax, &board, mv, 0) < 50);
    let capture = Board::from_fen("4k3/8/3p4/8/4N3/8/8/4K3 w - - 0 1").unwrap();
    let mv = capture.parse_coordinate_move("e4d6").unwrap();
    // The pawn's value, less the knight's step away from the centre.
    let centre_step = eval::centralisation(PieceKind::Knight, mv.from)
        - eval::centralisation(PieceKind::Knight, mv.to);
    assert_eq!(
        eval::move_gain_in(EvalStyle::Umax, &capture, mv, 0),
        PIECE_VALUES[1] - centre_step
    );
}

#[test]
fn every_square_has_its_entry_and_black_reads_the_ranks_turned() {
    let (g3, b3, b6) = (
        Square::parse("g3").unwrap(),
        Square::parse("b3").unwrap(),
        Square::parse("b6").unwrap(),
    );
    let knight = PieceKind::Knight;
    assert_ne!(
        entry_index(knight, Color::White, g3),
        entry_index(knight, Color::White, b3)
    );
    assert_eq!(
        entry_index(knight, Color::Black, b6),
        entry_index(knight, Color::White, b3)
    );
    // Row 0 is rank 8: a white pawn on a7 reads row 1, file 0.
    let a7 = Square::parse("a7").unwrap();
    assert_eq!(entry_index(PieceKind::Pawn, Color::White, a7), 8);
    assert_eq!(
        entry_index(PieceKind::King, Color::White, Square::H1),
        5 * 64 + 7 * 8 + 7
    );
    for entry in 0..ENTRIES {
        let (kind, row, file) = entry_cell(entry);
        let kind = PieceKind::from_code(kind as u8 + 1).unwrap();
        let square = Square::new(file as u8, 7 - row as u8);
        assert_eq!(entry_index(kind, Color::White, square), entry);
    }
}

#[test]
fn blending_follows_the_phase() {
    assert_eq!(blend([100, 200], FULL_PHASE), 100);
    assert_eq!(blend([100, 200], 0), 200);
    assert_eq!(blend([100, 200], FULL_PHASE / 2), 150);
    assert_eq!(phase(0), FULL_PHASE);
    assert_eq!(phase(FULL_PHASE + 5), 0);
}

#[test]
fn the_start_position_is_balanced_and_umax_tables_match_umax_on_it() {
    assert_eq!(tapered::static_eval(EvalTerms::DEFAULT, &Board::start()), 0);
    // From umax's evaluation: a knight's value and centralisation.
    let params = umax::tune::umax_tables();
    let f3 = Square::parse("f3").unwrap();
    let entry = params.entry(entry_index(PieceKind::Knight, Color::White, f3));
    let umax = eval::piece_value(Piece::new(Color::White, PieceKind::Knight), f3)
        + eval::centralisation(PieceKind::Knight, f3);
    assert_eq!(entry, [umax, umax]);
}
