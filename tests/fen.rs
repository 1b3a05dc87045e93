//! FEN in and out: round trips, default counters, and every way a FEN can be
//! rejected, each with the message a user would read.

mod common;

use common::Rng;
use umax::board::{Board, CastlingRights, Color, FenError, START_FEN, Square};

/// Parse `fen`, which must be rejected, and return the error's Display text.
fn rejection(fen: &str) -> String {
    match Board::from_fen(fen) {
        Ok(board) => panic!("accepted bad FEN {fen:?} as {}", board.to_fen()),
        Err(err) => err.to_string(),
    }
}

/// Assert that `fen` is rejected with a message containing `expected`.
#[track_caller]
fn assert_rejected(fen: &str, expected: &str) {
    let message = rejection(fen);
    assert!(
        message.contains(expected),
        "FEN {fen:?}: message {message:?} does not contain {expected:?}"
    );
}

// ---------------------------------------------------------------------------
// Accepted FENs
// ---------------------------------------------------------------------------

#[test]
fn fen_round_trips_exactly() {
    let fens = [
        START_FEN,
        // Kiwipete: every castling right, pins, promotions nearby.
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        // En-passant squares for both sides to move.
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
        "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
        "rnbqkbnr/pppp1ppp/8/8/3Pp3/8/PPP1PPPP/RNBQKBNR b KQkq d3 0 2",
        // Partial castling rights, one letter of each kind.
        "r3k2r/8/8/8/8/8/8/R3K2R w K - 3 40",
        "r3k2r/8/8/8/8/8/8/R3K2R b Q - 0 1",
        "r3k2r/8/8/8/8/8/8/R3K2R w k - 0 1",
        "r3k2r/8/8/8/8/8/8/R3K2R b q - 0 1",
        "r3k2r/8/8/8/8/8/8/R3K2R w Kq - 12 30",
        "r3k2r/8/8/8/8/8/8/R3K2R b Qk - 0 1",
        "r3k3/8/8/8/8/8/8/4K2R w Kq - 0 1",
        // No castling, big counters, black to move.
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 b - - 99 150",
    ];
    for fen in fens {
        let board = Board::from_fen(fen).unwrap_or_else(|err| panic!("{fen}: {err}"));
        assert_eq!(board.to_fen(), fen);
        assert_eq!(board.key(), board.compute_key(), "key of {fen}");
    }
}

#[test]
fn fen_fields_are_read_into_the_board() {
    let board =
        Board::from_fen("rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w Kq f6 4 17").unwrap();
    assert_eq!(board.side_to_move(), Color::White);
    assert!(
        board
            .castling_rights()
            .contains(CastlingRights::WHITE_KINGSIDE)
    );
    assert!(
        !board
            .castling_rights()
            .contains(CastlingRights::WHITE_QUEENSIDE)
    );
    assert!(
        !board
            .castling_rights()
            .contains(CastlingRights::BLACK_KINGSIDE)
    );
    assert!(
        board
            .castling_rights()
            .contains(CastlingRights::BLACK_QUEENSIDE)
    );
    assert_eq!(board.en_passant_square(), Square::parse("f6"));
    assert_eq!(board.halfmove_clock(), 4);
    assert_eq!(board.fullmove_number(), 17);
    assert_eq!(board.king_square(Color::White), Square::E1);
    assert_eq!(board.king_square(Color::Black), Square::E8);
}

#[test]
fn four_and_five_field_fens_default_the_counters() {
    let four = Board::from_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -").unwrap();
    assert_eq!(four.halfmove_clock(), 0);
    assert_eq!(four.fullmove_number(), 1);
    assert_eq!(four, Board::start());

    let five = Board::from_fen("r3k2r/8/8/8/8/8/8/R3K2R b Kq - 7").unwrap();
    assert_eq!(five.halfmove_clock(), 7);
    assert_eq!(five.fullmove_number(), 1);
    assert_eq!(five.to_fen(), "r3k2r/8/8/8/8/8/8/R3K2R b Kq - 7 1");
}

#[test]
fn fen_tolerates_extra_whitespace_and_move_number_zero() {
    let board = Board::from_fen("  4k3/8/8/8/8/8/8/4K3   w  -  -  0  0 ").unwrap();
    // Some tools write move number 0; it is read as 1.
    assert_eq!(board.to_fen(), "4k3/8/8/8/8/8/8/4K3 w - - 0 1");
}

#[test]
fn fen_accepts_the_largest_plausible_counters() {
    let board = Board::from_fen("4k3/8/8/8/8/8/8/4K2R w - - 1000000 1000000").unwrap();
    assert_eq!(board.halfmove_clock(), 1_000_000);
    assert_eq!(board.fullmove_number(), 1_000_000);
}

// ---------------------------------------------------------------------------
// Rejected FENs: one test per kind of mistake, each checking the message
// ---------------------------------------------------------------------------

#[test]
fn rejects_bad_piece_letters() {
    assert_rejected(
        "rnbqkbnr/ppppxppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "bad piece letter 'x'",
    );
    // 0 and 9 are not run lengths.
    assert_rejected("4k3/8/8/8/8/8/8/4K2R0 w - - 0 1", "bad piece letter '0'");
    assert_rejected("4k3/8/9/8/8/8/8/4K3 w - - 0 1", "bad piece letter '9'");
    // A non-ASCII letter whose upper case would be a piece letter is still junk.
    assert_rejected("4k3/8/8/8/8/8/8/4K2\u{0131} w - - 0 1", "bad piece letter");
    assert_eq!(
        Board::from_fen("4k3/8/8/8/8/8/8/4K2Z w - - 0 1"),
        Err(FenError::BadPieceChar('Z'))
    );
}

#[test]
fn rejects_ranks_that_are_too_long() {
    assert_rejected(
        "rnbqkbnr/ppppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "rank 7 does not have exactly 8 squares",
    );
    assert_rejected(
        "4k3/8/8/8/8/8/8/4K3p w - - 0 1",
        "rank 1 does not have exactly 8 squares",
    );
    assert_rejected(
        "4k3/8/8/8/8/71n/8/4K3 w - - 0 1",
        "rank 3 does not have exactly 8 squares",
    );
    assert_rejected(
        "4k3/8/8/44/8/8/8/4K31 w - - 0 1",
        "rank 1 does not have exactly 8 squares",
    );
}

#[test]
fn rejects_ranks_that_are_too_short() {
    assert_rejected(
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPP/RNBQKBNR w KQkq - 0 1",
        "rank 2 does not have exactly 8 squares",
    );
    assert_rejected(
        "4k3/8/7/8/8/8/8/4K3 w - - 0 1",
        "rank 6 does not have exactly 8 squares",
    );
    // An empty rank between two slashes.
    assert_rejected(
        "4k3/8//8/8/8/8/4K3 w - - 0 1",
        "rank 6 does not have exactly 8 squares",
    );
}

#[test]
fn rejects_wrong_number_of_ranks() {
    assert_rejected(
        "4k3/8/8/8/8/8/4K3 w - - 0 1",
        "expected 8 ranks separated by '/', found 7",
    );
    assert_rejected(
        "4k3/8/8/8/8/8/8/8/4K3 w - - 0 1",
        "expected 8 ranks separated by '/', found 9",
    );
    assert_rejected("4k3/8/8/8/8/8/8/4K3/ w - - 0 1", "found 9");
}

#[test]
fn rejects_missing_kings() {
    assert_rejected("4k3/8/8/8/8/8/8/8 w - - 0 1", "white has no king");
    assert_rejected("8/8/8/8/8/8/8/4K3 w - - 0 1", "black has no king");
    assert_eq!(
        Board::from_fen("8/8/8/8/8/8/8/8 w - - 0 1"),
        Err(FenError::MissingKing(Color::White))
    );
}

#[test]
fn rejects_two_kings_of_one_colour() {
    assert_rejected(
        "4k3/8/8/8/8/8/8/K3K3 w - - 0 1",
        "white has more than one king",
    );
    assert_rejected(
        "k3k3/8/8/8/8/8/8/4K3 w - - 0 1",
        "black has more than one king",
    );
}

#[test]
fn rejects_pawns_on_the_first_or_last_rank() {
    assert_rejected(
        "P3k3/8/8/8/8/8/8/4K3 w - - 0 1",
        "pawn on a8: pawns cannot stand on the first or last rank",
    );
    assert_rejected("4k3/8/8/8/8/8/8/4K2p w - - 0 1", "pawn on h1");
    assert_rejected("4k2p/8/8/8/8/8/8/4K3 w - - 0 1", "pawn on h8");
    assert_rejected("4k3/8/8/8/8/8/8/P3K3 w - - 0 1", "pawn on a1");
}

#[test]
fn rejects_the_side_not_to_move_being_in_check() {
    // White to move while Black's king is attacked by the rook.
    assert_rejected(
        "4k3/4R3/8/8/8/8/8/4K3 w - - 0 1",
        "the side not to move is in check",
    );
    // Black to move while White's king is attacked by a knight.
    assert_rejected(
        "4k3/8/8/8/8/8/2n5/4K3 b - - 0 1",
        "the side not to move is in check",
    );
    // Kings standing next to each other.
    assert_rejected(
        "8/8/8/8/8/8/4k3/4K3 w - - 0 1",
        "the side not to move is in check",
    );
}

#[test]
fn rejects_a_bad_side_to_move() {
    assert_rejected(
        "4k3/8/8/8/8/8/8/4K3 x - - 0 1",
        "side to move must be 'w' or 'b', not 'x'",
    );
    assert_rejected("4k3/8/8/8/8/8/8/4K3 W - - 0 1", "not 'W'");
    assert_rejected("4k3/8/8/8/8/8/8/4K3 white - - 0 1", "not 'white'");
}

#[test]
fn rejects_bad_castling_letters() {
    assert_rejected(
        "r3k2r/8/8/8/8/8/8/R3K2R w KQxq - 0 1",
        "bad castling field: 'KQxq' (use '-' or letters from KQkq)",
    );
    assert_rejected("r3k2r/8/8/8/8/8/8/R3K2R w K- - 0 1", "'K-'");
    // Chess960-style file letters are not supported.
    assert_rejected("r3k2r/8/8/8/8/8/8/R3K2R w HAha - 0 1", "'HAha'");
    assert_rejected(
        "r3k2r/8/8/8/8/8/8/R3K2R w KK - 0 1",
        "bad castling field: 'K' appears twice",
    );
}

#[test]
fn rejects_castling_rights_without_king_or_rook_at_home() {
    assert_rejected(
        "r3k2r/8/8/8/8/8/8/R2K3R w K - 0 1",
        "bad castling field: 'K' but the white king is not on e1",
    );
    assert_rejected(
        "r3k2r/8/8/8/8/8/8/R3K3 w K - 0 1",
        "bad castling field: 'K' but there is no white rook on h1",
    );
    assert_rejected(
        "r3k2r/8/8/8/8/8/8/1R2K2R w Q - 0 1",
        "'Q' but there is no white rook on a1",
    );
    assert_rejected(
        "r4k1r/8/8/8/8/8/8/R3K2R w k - 0 1",
        "'k' but the black king is not on e8",
    );
    assert_rejected(
        "4k2r/8/8/8/8/8/8/R3K2R w q - 0 1",
        "'q' but there is no black rook on a8",
    );
    // A rook of the wrong colour in the corner does not count.
    assert_rejected(
        "R3k2r/8/8/8/8/8/8/4K2R w q - 0 1",
        "'q' but there is no black rook on a8",
    );
}

#[test]
fn rejects_bad_en_passant_squares() {
    assert_rejected(
        "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq z9 0 3",
        "bad en-passant field: 'z9' is not a square",
    );
    assert_rejected(
        "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f66 0 3",
        "'f66' is not a square",
    );
    // Wrong rank for the side to move.
    assert_rejected(
        "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f3 0 3",
        "bad en-passant field: f3 is not on rank 6 for white to move",
    );
    assert_rejected(
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e6 0 1",
        "e6 is not on rank 3 for black to move",
    );
    // Right rank, but no pawn that could just have passed the square.
    assert_rejected(
        "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 3",
        "bad en-passant field: no black pawn can just have passed e6",
    );
    // The pawn is there but its start square is occupied, so it cannot have come from there.
    // (A knight stands on e2: a ninth pawn there is no position at all.)
    assert_rejected(
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPPNPPP/RNBQKB1R b KQkq e3 0 1",
        "no white pawn can just have passed e3",
    );
}

#[test]
fn rejects_bad_counters() {
    assert_rejected("4k3/8/8/8/8/8/8/4K3 w - - x 1", "bad half-move clock 'x'");
    assert_rejected("4k3/8/8/8/8/8/8/4K3 w - - -1 1", "bad half-move clock '-1'");
    assert_rejected(
        "4k3/8/8/8/8/8/8/4K3 w - - 1.5 1",
        "bad half-move clock '1.5'",
    );
    assert_rejected(
        "4k3/8/8/8/8/8/8/4K3 w - - 0 abc",
        "bad full-move number 'abc'",
    );
    assert_rejected(
        "4k3/8/8/8/8/8/8/4K3 w - - 0 -3",
        "bad full-move number '-3'",
    );
}

/// Counters so large that playing on would overflow them are rejected rather
/// than accepted and left to panic (or wrap) on the next move.
#[test]
fn rejects_counters_too_large_to_play_on() {
    assert_rejected(
        "4k3/8/8/8/8/8/8/4K2R w - - 4294967295 1",
        "bad half-move clock '4294967295'",
    );
    assert_rejected(
        "4k3/8/8/8/8/8/8/4K2R w - - 0 4294967295",
        "bad full-move number '4294967295'",
    );
    assert_rejected(
        "4k3/8/8/8/8/8/8/4K2R w - - 99999999999999999999 1",
        "bad half-move clock",
    );
}

#[test]
fn rejects_too_few_or_too_many_fields() {
    assert_rejected("4k3/8/8/8/8/8/8/4K3 w -", "expected 4 to 6 fields, found 3");
    assert_rejected("4k3/8/8/8/8/8/8/4K3", "expected 4 to 6 fields, found 1");
    assert_rejected(
        "4k3/8/8/8/8/8/8/4K3 w - - 0 1 extra",
        "expected 4 to 6 fields, found 7",
    );
    // EPD operations after the four fields are not FEN.
    assert_rejected(
        "4k3/8/8/8/8/8/8/4K3 w - - bm Kd2; id \"x\";",
        "expected 4 to 6 fields",
    );
}

#[test]
fn rejects_empty_and_blank_strings() {
    assert_rejected("", "expected 4 to 6 fields, found 0");
    assert_rejected("   \t\n ", "expected 4 to 6 fields, found 0");
}

#[test]
fn rejects_unicode_and_control_junk() {
    for junk in [
        "♔♕♖♗♘♙ w - - 0 1",
        "4k3/8/8/8/8/8/8/4K3 w ♖ - 0 1",
        "4k3/8/8/8/8/8/8/4K3 w - é3 0 1",
        "4k3/8/8/8/8/8/8/4K3 w - - ٣ 1",
        "4k3/8/8/8/8/8/8/4K3 w - - 0 ١",
        "4k3/8/8/8/8/8/8/4K3 ｗ - - 0 1",
        "４k3/8/8/8/8/8/8/4K3 w - - 0 1",
        "\u{0}\u{1}\u{7f} \u{fffd} \u{200b} \u{10ffff}",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR\u{0} w KQkq - 0 1",
        "🙂/🙂/🙂/🙂/🙂/🙂/🙂/🙂 w - - 0 1",
    ] {
        let message = rejection(junk);
        assert!(!message.is_empty(), "{junk:?}");
    }
}

/// Random mutations of valid FENs never panic, and whatever is accepted writes
/// back as a FEN that reads to the same board.
#[test]
fn mutated_fens_never_panic_and_accepted_ones_round_trip() {
    let seeds = [
        START_FEN,
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    ];
    let alphabet: Vec<char> = "pnbrqkPNBRQK12345678/ -wbKQkqabcdefgh09é♔\u{0}"
        .chars()
        .collect();
    let mut rng = Rng(0x0123_4567_89AB_CDEF);
    let mut accepted = 0;
    for round in 0..20_000 {
        let mut chars: Vec<char> = seeds[round % seeds.len()].chars().collect();
        for _ in 0..1 + rng.below(3) {
            let at = rng.below(chars.len() + 1);
            match rng.below(3) {
                0 if at < chars.len() => chars[at] = alphabet[rng.below(alphabet.len())],
                1 if at < chars.len() => {
                    chars.remove(at);
                }
                _ => chars.insert(at, alphabet[rng.below(alphabet.len())]),
            }
        }
        let fen: String = chars.into_iter().collect();
        if let Ok(board) = Board::from_fen(&fen) {
            accepted += 1;
            let written = board.to_fen();
            let reread = Board::from_fen(&written)
                .unwrap_or_else(|err| panic!("{fen:?} wrote {written:?}, rejected: {err}"));
            assert_eq!(reread, board, "{fen:?}");
            assert_eq!(board.key(), board.compute_key(), "{fen:?}");
        }
    }
    // The mutations are mild enough that some survive; otherwise this tests little.
    assert!(accepted > 100, "only {accepted} mutated FENs accepted");
}

/// Random bytes, decoded leniently, are never a panic.
#[test]
fn random_bytes_never_panic() {
    let mut rng = Rng(0xDEAD_BEEF_CAFE_F00D);
    for _ in 0..20_000 {
        let length = rng.below(80);
        let bytes: Vec<u8> = (0..length).map(|_| rng.next() as u8).collect();
        let text = String::from_utf8_lossy(&bytes);
        assert!(Board::from_fen(&text).is_err(), "{text:?}");
    }
}

#[test]
fn rejects_material_no_game_can_reach() {
    // 23 queens (found by fuzzing: searched as "mate -2648").
    assert_rejected(
        "7k/8/8/pppppppp/QQQQQQQQ/QQQQQQQQ/QQQQQQQQ/KQQQQQQQ w - - 0 1",
        "white has 32 pieces: no game reaches more than 16",
    );
    assert_rejected(
        "rnbqkbnr/pppppppp/8/8/8/P7/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "white has 17 pieces",
    );
    assert_rejected(
        "4k3/pppppppp/p7/8/8/8/8/4K3 w - - 0 1",
        "black has 9 pawns: no game reaches more than 8",
    );
    // Eight pawns and a second queen: no pawn is missing to have promoted.
    assert_rejected(
        "4k3/8/8/8/8/8/PPPPPPPP/QQ2K3 w - - 0 1",
        "white has 1 promoted pieces, more than its missing pawns could have made",
    );
    // Three knights and two queens with six pawns: two promotions, two pawns missing.
    assert!(Board::from_fen("4k3/8/8/8/8/8/PPPPPP2/QQNNN1K1 w - - 0 1").is_ok());
    // ...but not with seven pawns.
    assert_rejected(
        "4k3/8/8/8/8/8/PPPPPPP1/QQNNN1K1 w - - 0 1",
        "white has 2 promoted pieces",
    );
    // Nine queens and a king: all eight pawns promoted.
    assert!(Board::from_fen("QQQQQQQQ/Q7/8/8/8/8/8/K6k b - - 0 1").is_ok());
    assert_eq!(
        Board::from_fen("QQQQQQQQ/QQ6/8/8/8/8/8/K6k b - - 0 1"),
        Err(FenError::TooManyPromoted(Color::White, 9))
    );
}

#[test]
fn echoed_fields_are_escaped_and_short() {
    let long = "x".repeat(10_000);
    let error = Board::from_fen(&format!("4k3/8/8/8/8/8/8/4K3 {long} - - 0 1"))
        .unwrap_err()
        .to_string();
    assert!(error.len() < 200, "{error}");
    let error = Board::from_fen("4k3/8/8/8/8/8/8/4K3 w - - \x1b[2J 1")
        .unwrap_err()
        .to_string();
    assert!(!error.contains('\x1b'), "{error}");
}
