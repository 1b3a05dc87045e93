//! Static exchange evaluation (`search/see.rs`): each test gives the
//! capture sequence and the swap arithmetic.

use umax::board::{Board, Move, Square};
use umax::eval::{PIECE_VALUES, Score};
use umax::search::see::{KING_VALUE, is_en_prise, is_good_capture, see};

/// SEE of the legal move `text` (coordinate notation) in `fen`.
fn see_of(fen: &str, text: &str) -> Score {
    let board = Board::from_fen(fen).expect("test FEN is valid");
    let mv = board
        .parse_coordinate_move(text)
        .unwrap_or_else(|| panic!("{text} is legal in {fen}"));
    see(&board, mv)
}

const P: Score = PIECE_VALUES[1];
const N: Score = PIECE_VALUES[2];
const B: Score = PIECE_VALUES[3];
const R: Score = PIECE_VALUES[4];
const Q: Score = PIECE_VALUES[5];

// Each test gives the sequence and the swap arithmetic: `gains` as the
// forward pass records it, then the backward pass.

#[test]
fn a_piece_is_en_prise_when_its_least_valuable_attacker_wins() {
    let en_prise = |fen: &str, square: &str| {
        let board = Board::from_fen(fen).expect("test FEN is valid");
        is_en_prise(&board, Square::parse(square).expect("test square"))
    };
    // A knight attacked by a pawn, defended or not.
    assert!(en_prise("4k3/8/4p3/3N4/8/8/8/3RK3 w - - 0 1", "d5"));
    // A rook attacked by a bishop and defended: the bishop still wins
    // the exchange. A rook attacked only by a rook and defended: not.
    assert!(en_prise("7k/1b6/8/8/4R3/5P2/8/4K3 w - - 0 1", "e4"));
    assert!(!en_prise("4k3/4r3/8/8/4R3/5P2/8/4K3 w - - 0 1", "e4"));
    // An undefended bishop attacked by a rook; the side to move does
    // not matter.
    assert!(en_prise("4k3/8/8/8/4B2r/8/8/K7 w - - 0 1", "e4"));
    assert!(en_prise("4k3/8/8/8/4B2r/8/8/K7 b - - 0 1", "e4"));
    // Nothing attacks it; an empty square.
    assert!(!en_prise("4k3/8/8/3N4/8/8/8/3RK3 w - - 0 1", "d5"));
    assert!(!en_prise("4k3/8/8/3N4/8/8/8/3RK3 w - - 0 1", "d4"));
}

#[test]
fn capture_of_an_undefended_piece_wins_it() {
    // Rd1xd5, nothing defends the knight: gains = [350], SEE = +N = 350.
    assert_eq!(see_of("4k3/8/8/3n4/8/8/8/3RK3 w - - 0 1", "d1d5"), N);
}

#[test]
fn rook_takes_pawn_defended_by_pawn_loses_the_exchange() {
    // Rd1xd5 exd5: gains = [100, 600 - 100 = 500];
    // gains[0] = -max(-100, 500) = -500 = P - R.
    assert_eq!(see_of("4k3/8/4p3/3p4/8/8/8/3RK3 w - - 0 1", "d1d5"), P - R);
    assert_eq!(P - R, -500);
}

#[test]
fn knight_takes_pawn_defended_by_pawn_with_a_second_attacker() {
    // Nf4xd5 exd5 Rd1xd5: gains = [100, 350 - 100 = 250, 100 - 250 = -150];
    // gains[1] = -max(-250, -150) = 150 (Black recaptures);
    // gains[0] = -max(-100, 150) = -150 = P - N + P.
    let fen = "4k3/8/4p3/3p4/5N2/8/8/3RK3 w - - 0 1";
    assert_eq!(see_of(fen, "f4d5"), P - N + P);
    assert_eq!(P - N + P, -150);
    // The rook first, Rd1xd5 exd5 Nf4xd5: gains = [100, 500, -400];
    // gains[1] = -max(-500, -400) = 400; gains[0] = -max(-100, 400) = -400.
    assert_eq!(see_of(fen, "d1d5"), P - R + P);
}

#[test]
fn pawn_attacked_twice_and_defended_twice_by_knights() {
    // Nc3xd5 Nb6xd5 Ne3xd5 Nf6xd5: gains = [100, 250, 100, 250];
    // gains[2] = -max(-100, 250) = -250 (White stops after Nb6xd5);
    // gains[1] = -max(-250, -250) = 250; gains[0] = -max(-100, 250) = -250.
    let fen = "4k3/8/1n3n2/3p4/8/2N1N3/8/4K3 w - - 0 1";
    assert_eq!(see_of(fen, "c3d5"), P - N);
}

#[test]
fn bishop_takes_knight_with_a_queen_x_ray_behind_the_bishop() {
    // Bc4 with Qb3 behind it on the b3-g8 diagonal; the knight on e6 is
    // defended by the rook on e8. Bc4xe6 Re8xe6 Qb3xe6 (the queen joins
    // through c4 once the bishop has left it): gains = [350, 400 - 350 =
    // 50, 600 - 50 = 550]; gains[1] = -max(-50, 550) = -550 (Black had
    // better not recapture); gains[0] = -max(-350, -550) = 350 = +N.
    let fen = "4r2k/8/4n3/8/2B5/1Q6/8/4K3 w - - 0 1";
    assert_eq!(see_of(fen, "c4e6"), N);
    // Without the queen, Bxe6 Rxe6: gains = [350, 50];
    // gains[0] = -max(-350, 50) = -50 = N - B.
    assert_eq!(see_of("4r2k/8/4n3/8/2B5/8/8/4K3 w - - 0 1", "c4e6"), N - B);
}

#[test]
fn rook_battery_on_a_file_x_rays_through_the_front_rook() {
    // Rooks doubled on d2 and d1 against a pawn on d6 defended by Rd8.
    // Rd2xd6 Rd8xd6 Rd1xd6: gains = [100, 600 - 100 = 500, 600 - 500 =
    // 100]; gains[1] = -max(-500, 100) = -100 (Black loses a rook for a
    // rook and a pawn either way); gains[0] = -max(-100, -100) = 100 = +P.
    let fen = "3rk3/8/3p4/8/8/8/3R4/3RK3 w - - 0 1";
    assert_eq!(see_of(fen, "d2d6"), P);
    // One rook only: Rxd6 Rxd6, gains = [100, 500], SEE = -500 = P - R.
    assert_eq!(see_of("3rk3/8/3p4/8/8/8/3R4/4K3 w - - 0 1", "d2d6"), P - R);
}

#[test]
fn en_passant_capture_and_the_file_it_opens() {
    // ...d7-d5 has just been played; e5xd6 e.p. and nothing recaptures:
    // gains = [100], SEE = +P.
    assert_eq!(see_of("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "e5d6"), P);
    // Rd8 defends d6: exd6 Rxd6, gains = [100, 100 - 100 = 0];
    // gains[0] = -max(-100, 0) = 0.
    assert_eq!(see_of("3rk3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "e5d6"), 0);
    // A white rook on d1 behind the captured d5 pawn: removing that pawn
    // opens the file. exd6 Rxd6 Rxd6: gains = [100, 0, 600 - 0 = 600];
    // gains[1] = -max(0, 600) = -600; gains[0] = -max(-100, -600) = 100.
    assert_eq!(see_of("3rk3/8/8/3pP3/8/8/8/3RK3 w - d6 0 1", "e5d6"), P);
}

#[test]
fn king_as_last_attacker_may_not_capture_into_a_defended_square() {
    // Rd1xd5 Bb7xd5, and the king on e4 may not take the bishop because
    // Rd8 still guards d5: gains = [350, 600 - 350 = 250] and the exchange
    // ends; gains[0] = -max(-350, 250) = -250 = N - R.
    let fen = "3rk3/1b6/8/3n4/4K3/8/8/3R4 w - - 0 1";
    assert_eq!(see_of(fen, "d1d5"), N - R);
    // Without Rd8 the king may take: Rxd5 Bxd5 Kxd5, gains = [350, 250,
    // 400 - 250 = 150]; gains[1] = -max(-250, 150) = -150 (Black still
    // recaptures: -150 beats -350); gains[0] = -max(-350, -150) = 150
    // = N - R + B.
    assert_eq!(
        see_of("4k3/1b6/8/3n4/4K3/8/8/3R4 w - - 0 1", "d1d5"),
        N - R + B
    );
}

#[test]
fn king_capturing_a_defended_piece_loses_the_king() {
    // Ke4xd5 with the pawn defended by e6: pseudo-legal, not legal.
    // gains = [100, KING_VALUE - 100]; gains[0] = 100 - KING_VALUE.
    let board = Board::from_fen("4k3/8/4p3/3p4/4K3/8/8/8 w - - 0 1").unwrap();
    let mv = Move::new(Square::parse("e4").unwrap(), Square::parse("d5").unwrap());
    assert_eq!(see(&board, mv), P - KING_VALUE);
    assert!(!is_good_capture(&board, mv));
    // Undefended, the king simply wins the pawn: +P.
    assert_eq!(see_of("4k3/8/8/3p4/4K3/8/8/8 w - - 0 1", "e4d5"), P);
}

#[test]
fn promotions_gain_the_new_piece_minus_the_pawn() {
    // e7-e8=Q, e8 unguarded: gains = [1150 - 100] = Q - P = 1050.
    assert_eq!(see_of("k7/4P3/8/8/8/8/8/4K3 w - - 0 1", "e7e8q"), Q - P);
    // e7xd8=Q takes a rook; Qa8xd8 takes the new queen: gains = [600 +
    // 1050 = 1650, 1150 - 1650 = -500]; gains[0] = -max(-1650, -500) = 500.
    assert_eq!(
        see_of("q2r3k/4P3/8/8/8/8/8/4K3 w - - 0 1", "e7d8q"),
        R + Q - P - Q
    );
    // e7-e8=N under-promotion into Rd8's guard: gains = [350 - 100 = 250,
    // 350 - 250 = 100]; gains[0] = -max(-250, 100) = -100 = -P.
    assert_eq!(see_of("3r3k/4P3/8/8/8/8/8/4K3 w - - 0 1", "e7e8n"), -P);
}

#[test]
fn a_recapturing_pawn_on_its_last_rank_becomes_a_queen() {
    // Qa1xa8 takes a knight guarded by Rb8, and the pawn on b7 guards a8.
    // Qxa8 Rxa8 bxa8=Q: gains = [350, 1150 - 350 = 800, 600 + 1150 - 100
    // - 800 = 850]; gains[1] = -max(-800, 850) = -850 (Black does not
    // recapture); gains[0] = -max(-350, -850) = 350 = +N. Were the pawn
    // to stay a pawn, gains[2] = 600 - 800 = -200, Black would recapture
    // and the SEE would be -200.
    let fen = "nr4k1/1P6/8/8/8/8/8/Q3K3 w - - 0 1";
    assert_eq!(see_of(fen, "a1a8"), N);
}

#[test]
fn good_captures_follow_seed_002() {
    let board = Board::from_fen("4k3/8/4p3/3p4/5N2/8/8/3RK3 w - - 0 1").unwrap();
    let knight_takes = board.parse_coordinate_move("f4d5").unwrap();
    let rook_takes = board.parse_coordinate_move("d1d5").unwrap();
    let quiet = board.parse_coordinate_move("d1c1").unwrap();
    assert!(!is_good_capture(&board, knight_takes));
    assert!(!is_good_capture(&board, rook_takes));
    assert!(!is_good_capture(&board, quiet));
    // Victim at least the attacker, whatever the SEE: PxN, and QxQ defended.
    let board = Board::from_fen("3qk3/8/8/3Q4/4n3/3P4/8/4K3 w - - 0 1").unwrap();
    assert!(is_good_capture(
        &board,
        board.parse_coordinate_move("d3e4").unwrap()
    ));
    assert!(is_good_capture(
        &board,
        board.parse_coordinate_move("d5d8").unwrap()
    ));
    // An undefended piece taken by a more valuable one: SEE >= 0.
    assert!(is_good_capture(
        &board,
        board.parse_coordinate_move("d5e4").unwrap()
    ));
}

#[test]
fn quiet_moves_exchange_nothing() {
    assert_eq!(see_of(umax::board::START_FEN, "g1f3"), 0);
}
