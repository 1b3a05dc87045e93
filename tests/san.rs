//! Notation: SAN out (`san`), SAN and coordinates in (`parse_san`,
//! `parse_move`, `Game::play_text`) with the errors people see, and PGN out.

mod common;

use common::Rng;
use umax::board::{Board, Move, START_FEN};
use umax::game::{Game, MoveError, parse_move, parse_san, san};

fn position(fen: &str) -> Board {
    Board::from_fen(fen).unwrap_or_else(|err| panic!("{fen}: {err}"))
}

/// The legal move written `coordinate` (e.g. "e7d8q") in `board`.
#[track_caller]
fn legal_move(board: &Board, coordinate: &str) -> Move {
    board
        .legal_moves()
        .into_iter()
        .find(|mv| mv.coordinate() == coordinate)
        .unwrap_or_else(|| panic!("{coordinate} is not legal in {}", board.to_fen()))
}

/// Check that the SAN of each coordinate move is as given, and reads back.
#[track_caller]
fn assert_san(fen: &str, expected: &[(&str, &str)]) {
    let board = position(fen);
    for &(coordinate, text) in expected {
        let mv = legal_move(&board, coordinate);
        assert_eq!(san(&board, mv), text, "SAN of {coordinate} in {fen}");
        assert_eq!(parse_san(&board, text), Ok(mv), "reading {text} in {fen}");
        assert_eq!(parse_move(&board, text), Ok(mv), "reading {text} in {fen}");
    }
}

/// Check that each of `texts` reads as the move `coordinate` in `fen`.
#[track_caller]
fn assert_reads(fen: &str, coordinate: &str, texts: &[&str]) {
    let board = position(fen);
    let mv = legal_move(&board, coordinate);
    for text in texts {
        assert_eq!(
            parse_move(&board, text),
            Ok(mv),
            "reading {text:?} in {fen}"
        );
    }
}

/// Check that `text` is refused in `fen` with exactly `message`.
#[track_caller]
fn assert_refused(fen: &str, text: &str, message: &str) {
    match parse_move(&position(fen), text) {
        Ok(mv) => panic!("{text:?} accepted as {mv} in {fen}"),
        Err(err) => assert_eq!(err.to_string(), message, "{text:?} in {fen}"),
    }
}

// ---------------------------------------------------------------------------
// SAN out (and straight back in)
// ---------------------------------------------------------------------------

#[test]
fn san_disambiguates_by_file_then_rank_then_both() {
    // Three queens can reach e1: h4 shares a rank with e4 and a file with h1.
    assert_san(
        "1k6/8/8/8/4Q2Q/8/8/K6Q w - - 0 1",
        &[
            ("h4e1", "Qh4e1"),
            ("e4e1", "Qee1"),
            ("h1e1", "Q1e1"),
            ("e4f4", "Qef4+"),
            ("h1g2", "Qhg2"),
            ("h4h2", "Q4h2+"),
            ("h4g3", "Qg3+"),
        ],
    );
}

#[test]
fn san_disambiguates_knights_and_rooks() {
    assert_san(
        "4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1",
        &[("b1d2", "Nbd2"), ("f3d2", "Nfd2")],
    );
    assert_san(
        "4k3/8/8/R7/8/8/8/R3K3 w - - 0 1",
        &[("a1a3", "R1a3"), ("a5a3", "R5a3")],
    );
    assert_san(
        "4k3/8/8/6N1/8/8/8/4K1N1 w - - 0 1",
        &[("g1f3", "N1f3"), ("g5f3", "N5f3")],
    );
}

#[test]
fn san_does_not_disambiguate_against_a_pinned_piece() {
    // The knight on c3 is pinned by the bishop on b4, so only one knight can go to e2.
    assert_san("4k3/8/8/8/1b6/2N5/8/4K1N1 w - - 0 1", &[("g1e2", "Ne2")]);
}

#[test]
fn san_of_promotions_with_capture_check_and_mate() {
    assert_san(
        "3r3k/4P3/8/8/8/8/8/4K3 w - - 0 1",
        &[
            ("e7d8q", "exd8=Q+"),
            ("e7d8n", "exd8=N"),
            ("e7e8q", "e8=Q+"),
            ("e7e8b", "e8=B"),
        ],
    );
    assert_san(
        "r7/pP6/pkpN4/ppp5/8/8/8/7K w - - 0 1",
        &[
            ("b7a8n", "bxa8=N#"),
            ("b7a8q", "bxa8=Q"),
            ("b7b8q", "b8=Q+"),
        ],
    );
}

#[test]
fn san_of_castling_with_check_and_mate() {
    assert_san("5k2/8/8/8/8/8/8/4K2R w K - 0 1", &[("e1g1", "O-O+")]);
    assert_san("8/8/8/8/5pp1/2N1pkp1/8/4K2R w K - 0 1", &[("e1g1", "O-O#")]);
    assert_san("r3k3/8/8/8/8/8/8/3K4 b q - 0 1", &[("e8c8", "O-O-O+")]);
    assert_san(
        "r3k2r/8/8/8/8/8/8/4K3 b kq - 0 1",
        &[("e8g8", "O-O"), ("e8c8", "O-O-O")],
    );
}

#[test]
fn san_of_en_passant_and_plain_moves() {
    assert_san(
        "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2",
        &[("e5d6", "exd6"), ("e5e6", "e6")],
    );
    assert_san(
        START_FEN,
        &[("g1f3", "Nf3"), ("e2e4", "e4"), ("b1c3", "Nc3")],
    );
    assert_san("4k3/8/8/8/8/8/3p4/4K3 w - - 0 1", &[("e1d2", "Kxd2")]);
    assert_san(
        "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2",
        &[("e4d5", "exd5")],
    );
}

// ---------------------------------------------------------------------------
// Reading moves leniently
// ---------------------------------------------------------------------------

#[test]
fn reads_promotions_written_loosely() {
    let fen = "3r3k/4P3/8/8/8/8/8/4K3 w - - 0 1";
    assert_reads(
        fen,
        "e7e8q",
        &[
            "e8=Q", "e8Q", "e8=q", "e8q", "e8=Q+", "e8Q+", "e7e8q", "e7e8Q",
        ],
    );
    assert_reads(fen, "e7e8n", &["e8=N", "e8N", "e8n", "e7e8n"]);
    assert_reads(
        fen,
        "e7d8q",
        &["exd8=Q+", "exd8=Q", "exd8Q", "ed8Q", "e7xd8=Q", "e7d8q"],
    );
    assert_reads(fen, "e7d8r", &["exd8=R+", "exd8r"]);
}

#[test]
fn reads_castling_written_with_zeros_or_without_check_sign() {
    let fen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
    assert_reads(fen, "e1g1", &["O-O", "0-0", "O-O+", "e1g1"]);
    assert_reads(fen, "e1c1", &["O-O-O", "0-0-0", "0-0-0+", "e1c1"]);
    // O-O+ written without its check sign, and O-O# without its mate sign.
    assert_reads(
        "5k2/8/8/8/8/8/8/4K2R w K - 0 1",
        "e1g1",
        &["O-O", "O-O+", "0-0"],
    );
    assert_reads(
        "8/8/8/8/5pp1/2N1pkp1/8/4K2R w K - 0 1",
        "e1g1",
        &["O-O", "O-O#", "O-O+"],
    );
}

#[test]
fn reads_check_signs_and_annotations_whether_right_or_not() {
    // Missing "+": Qh5 is not check, Qxf7 is mate.
    let fen = "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4";
    assert_reads(
        fen,
        "h5f7",
        &["Qxf7#", "Qxf7", "Qxf7+", "Qf7", "Qh5xf7", "h5f7"],
    );
    // Superfluous "+" and annotation marks.
    assert_reads(
        START_FEN,
        "g1f3",
        &["Nf3", "Nf3+", "Nf3#", "Nf3!", "Nf3!?", "Nf3?!", " Nf3 "],
    );
    // parse_san trims before it strips the check sign.
    let start = position(START_FEN);
    assert_eq!(parse_san(&start, " Nf3+ "), Ok(legal_move(&start, "g1f3")));
}

#[test]
fn reads_over_specified_moves_and_coordinates_with_a_dash() {
    assert_reads(
        START_FEN,
        "g1f3",
        &["Ng1f3", "Ng1-f3", "Ngf3", "N1f3", "g1f3"],
    );
    assert_reads(START_FEN, "e2e4", &["e4", "e2e4", "e2-e4", "e2-e4+"]);
    assert_reads(
        "1k6/8/8/8/4Q2Q/8/8/K6Q w - - 0 1",
        "h4e1",
        &["Qh4e1", "Qh4-e1", "h4e1"],
    );
}

#[test]
fn reads_en_passant_with_or_without_the_suffix() {
    assert_reads(
        "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2",
        "e5d6",
        &[
            "exd6",
            "exd6e.p.",
            "exd6 e.p.",
            "exd6+",
            "ed6",
            "e5xd6",
            "e5d6",
        ],
    );
}

// ---------------------------------------------------------------------------
// Refusals, with the message the user reads
// ---------------------------------------------------------------------------

#[test]
fn ambiguous_san_lists_the_candidates() {
    let fen = "4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1";
    assert_refused(fen, "Nd2", "Ambiguous move: Nd2 (could be Nbd2 or Nfd2)");
    assert_eq!(
        parse_san(&position(fen), "Nd2"),
        Err(MoveError::Ambiguous {
            text: "Nd2".to_string(),
            candidates: vec!["Nbd2".to_string(), "Nfd2".to_string()],
        })
    );
    // Three queens: each partial disambiguation still leaves two candidates.
    let fen = "1k6/8/8/8/4Q2Q/8/8/K6Q w - - 0 1";
    assert_refused(
        fen,
        "Qe1",
        "Ambiguous move: Qe1 (could be Q1e1 or Qee1 or Qh4e1)",
    );
    assert_refused(fen, "Qhe1", "Ambiguous move: Qhe1 (could be Q1e1 or Qh4e1)");
    assert_refused(fen, "Q4e1", "Ambiguous move: Q4e1 (could be Qee1 or Qh4e1)");
}

#[test]
fn san_for_a_piece_that_cannot_get_there_is_refused() {
    assert_refused(
        START_FEN,
        "Nf6",
        "Illegal move: Nf6 (no knight can reach f6)",
    );
    assert_refused(
        START_FEN,
        "Qd3",
        "Illegal move: Qd3 (no queen can reach d3)",
    );
    assert_refused(START_FEN, "e5", "Illegal move: e5 (no pawn can reach e5)");
    assert_refused(
        START_FEN,
        "Nbd2",
        "Illegal move: Nbd2 (no knight can reach d2)",
    );
    assert_refused(
        START_FEN,
        "O-O",
        &format!("Illegal move: O-O ({CASTLING_REFUSED})"),
    );
}

const CASTLING_REFUSED: &str = "castling needs the right to castle, empty squares between king and rook, and a king not in, through or into check";

#[test]
fn a_pawn_without_a_file_letter_only_pushes() {
    // "d6" is a pawn push; it must not be read as the capture exd6.
    let fen = "4k3/8/3n4/4P3/8/8/8/4K3 w - - 0 1";
    assert_refused(
        fen,
        "d6",
        "Illegal move: d6 (a pawn capture is written with the pawn's file, e.g. exd6)",
    );
    assert_reads(fen, "e5d6", &["exd6", "ed6"]);
    // Nor as an en-passant capture.
    let fen = "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2";
    assert_refused(
        fen,
        "d6",
        "Illegal move: d6 (a pawn capture is written with the pawn's file, e.g. exd6)",
    );
    // With no capture there either, the plain explanation.
    assert_refused(START_FEN, "d5", "Illegal move: d5 (no pawn can reach d5)");
}

/// Moves as people type them: lower-case piece letters, castling in lower
/// case, a pawn capture without its `x` or without its target's rank.
#[test]
fn moves_typed_in_lower_case() {
    assert_reads(START_FEN, "g1f3", &["nf3", "ng1f3", "ngf3", "n1f3"]);
    assert_reads(START_FEN, "e2e4", &["e4", "e2-e4"]);
    let fen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
    assert_reads(fen, "e1g1", &["o-o", "O-o", "0-0"]);
    assert_reads(fen, "e1c1", &["o-o-o"]);
    assert_reads(fen, "a1b1", &["ra1b1", "rb1", "Rab1"]);
    assert_reads(fen, "e1d1", &["kd1"]);
    assert_reads("4k3/8/8/8/8/8/8/3QK3 w - - 0 1", "d1d7", &["qd7", "qd7+"]);
    // Pawn captures: `ed5`, and `exd`/`ed` when one capture fits.
    let fen = "4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1";
    assert_reads(fen, "e4d5", &["exd5", "ed5", "exd", "ed", "e:d"]);
    // Two captures from the e-file onto the d-file: `exd` is ambiguous.
    let fen = "4k3/8/3p4/4P3/3p4/4P3/8/4K3 w - - 0 1";
    assert_refused(fen, "exd", "Ambiguous move: exd (could be exd4 or exd6)");
    assert_reads(fen, "e5d6", &["exd6", "ed6"]);
    assert_refused(
        START_FEN,
        "exd",
        "Illegal move: exd (no pawn on the e-file can capture on the d-file)",
    );
    // A file-only promotion capture still asks for the piece.
    let fen = "3r3k/4P3/8/8/8/8/8/4K3 w - - 0 1";
    assert_refused(
        fen,
        "exd",
        "Illegal move: exd (say which piece to promote to, e.g. exd8=Q)",
    );
    assert_reads(fen, "e7d8n", &["exd=N", "exd8n", "ed8n"]);
}

/// A capture mark on a move that takes nothing is refused, wherever the mark
/// stands (`Bxc4`, `Bc4x`, `B:c4`), with the move there named; on a capture
/// (en passant too) it is fine.
#[test]
fn a_capture_mark_on_a_quiet_move_is_refused() {
    let open_diagonal = "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2";
    for text in ["Bc4x", "Bxc4", "B:c4", "bxc4", "Bf1xc4", "Bxc4+"] {
        assert_refused(
            open_diagonal,
            text,
            &format!(
                "Illegal move: {text} (x marks a capture, but there is nothing to take on c4; the move there is Bc4)"
            ),
        );
    }
    assert_reads(open_diagonal, "f1c4", &["Bc4", "bc4", "Bfc4"]);
    assert_refused(
        START_FEN,
        "Nxf3",
        "Illegal move: Nxf3 (x marks a capture, but there is nothing to take on f3; the move there is Nf3)",
    );
    assert_refused(
        START_FEN,
        "e2xe4",
        "Illegal move: e2xe4 (x marks a capture, but there is nothing to take on e4; the move there is e4)",
    );
    // Real captures keep their mark, the en-passant one too.
    assert_reads(
        "4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1",
        "e4d5",
        &["exd5", "e4xd5", "exd5x"],
    );
    assert_reads(
        "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1",
        "e5d6",
        &["exd6", "exd6e.p.", "e:d6"],
    );
}

/// A move typed with caps lock on is read in lower case when it is no move as
/// typed; the error, if any, is for the text as typed.
#[test]
fn moves_typed_in_capitals() {
    assert_reads(START_FEN, "e2e4", &["E4", "E2E4", "E2-E4"]);
    assert_reads(START_FEN, "g1f3", &["NF3", "NG1F3"]);
    assert_reads(START_FEN, "b2b4", &["B4"]);
    // A capital first letter is a piece when it can be: BXC4 is the bishop's
    // capture if the bishop can make it, else the pawn's.
    let fen = "4k3/8/8/8/2p5/1P6/8/4KB2 w - - 0 1";
    assert_reads(fen, "f1c4", &["BXC4", "BC4"]);
    assert_reads(fen, "b3c4", &["bxc4", "B3XC4"]);
    assert_reads("4k3/8/8/8/2p5/1P6/8/4K3 w - - 0 1", "b3c4", &["BXC4"]);
    // Only all-caps text is read again: `Bb4` stays a bishop move (illegal
    // here), never the pawn's b4.
    assert_refused(
        START_FEN,
        "Bb4",
        "Illegal move: Bb4 (no bishop can reach b4)",
    );
    let fen = "4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1";
    assert_reads(fen, "e4d5", &["EXD5", "EXD"]);
    assert_refused(
        START_FEN,
        "E5",
        "Illegal move: E5 ('E' is not a piece letter (K, Q, R, B, N))",
    );
}

/// A lower-case `b` is the b-file or, as people type, the bishop: legality
/// decides, and when both readings are legal SAN's rule (a lower-case letter
/// is a file) makes it the pawn.
#[test]
fn lower_case_b_is_decided_by_legality() {
    // Only the bishop can reach c4.
    assert_reads(
        "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2",
        "f1c4",
        &["bc4", "Bc4", "bfc4"],
    );
    // Only the b-pawn can capture on c4.
    let fen = "4k3/8/8/8/2p5/1P6/8/4K3 w - - 0 1";
    assert_reads(fen, "b3c4", &["bc4", "bxc4", "bxc"]);
    // Both can: the pawn, as in SAN; the bishop with its capital letter.
    let fen = "4k3/8/8/8/2p5/1P6/8/4KB2 w - - 0 1";
    assert_reads(fen, "b3c4", &["bxc4", "bc4", "b3xc4", "bxc"]);
    assert_reads(fen, "f1c4", &["Bxc4", "bfxc4", "bfc4"]);
    // Neither can: both readings are explained.
    assert_refused(
        START_FEN,
        "bc4",
        "Illegal move: bc4 (as a bishop move: no bishop can reach c4; as a b-pawn move: no pawn can reach c4)",
    );
    // `b4` is a pawn move only.
    assert_reads(START_FEN, "b2b4", &["b4"]);
}

#[test]
fn a_pawn_reaching_the_last_rank_must_name_its_piece() {
    let fen = "3r3k/4P3/8/8/8/8/8/4K3 w - - 0 1";
    assert_refused(
        fen,
        "e8",
        "Illegal move: e8 (say which piece to promote to, e.g. e8=Q)",
    );
    assert_refused(
        fen,
        "exd8",
        "Illegal move: exd8 (say which piece to promote to, e.g. exd8=Q)",
    );
    assert_refused(
        fen,
        "e8+",
        "Illegal move: e8+ (say which piece to promote to, e.g. e8=Q)",
    );
    assert_refused(
        fen,
        "e7e8",
        "Illegal move: e7e8 (say which piece to promote to, e.g. e7e8q)",
    );
    assert_refused(fen, "e8=K", "Illegal move: e8=K (cannot promote to 'K')");
    assert_refused(fen, "e8=P", "Illegal move: e8=P (cannot promote to 'P')");
    assert_refused(
        fen,
        "e7e8k",
        "Illegal move: e7e8k (a pawn promotes to q, r, b or n)",
    );
    // A promotion piece on a move that does not promote.
    assert_refused(
        fen,
        "Kf2=Q",
        "Illegal move: Kf2=Q (only a pawn reaching the last rank promotes)",
    );
    assert_refused(
        fen,
        "e1f1q",
        "Illegal move: e1f1q (only a pawn reaching the last rank promotes)",
    );
}

#[test]
fn garbage_is_refused_without_panicking() {
    let board = position(START_FEN);
    for junk in [
        "",
        " ",
        "hello",
        "Zz9",
        "e9",
        "i4",
        "Nf",
        "N",
        "NN3",
        "x",
        "+",
        "=",
        "=Q",
        "#",
        "e.p.",
        "O-O-O-O",
        "OO",
        "e2e4e5",
        "e2e",
        "e4e4",
        "a1a1",
        "Kk",
        "1-0",
        "*",
        "\u{0}",
        "e4\u{0}",
        "ｅ4",
        "♞f3",
        "Nf3♞",
        "é",
        "🙂🙂🙂🙂",
        "e2é4",
        "\u{feff}e4",
        "e2\u{301}e4",
    ] {
        let result = parse_move(&board, junk);
        assert!(result.is_err(), "{junk:?} read as {result:?}");
        let message = result.unwrap_err().to_string();
        assert!(message.starts_with("Illegal move: "), "{junk:?}: {message}");
        assert!(parse_san(&board, junk).is_err(), "parse_san {junk:?}");
    }
    let not_a_move = "not a move: try SAN like Nf3 or coordinates like g1f3";
    assert_refused(
        START_FEN,
        "hello",
        &format!("Illegal move: hello ({not_a_move})"),
    );
    assert_refused(START_FEN, "Nf", &format!("Illegal move: Nf ({not_a_move})"));
    assert_refused(
        START_FEN,
        "Zz9",
        "Illegal move: Zz9 ('Z' is not a piece letter (K, Q, R, B, N))",
    );
    let message = parse_move(&board, "").unwrap_err().to_string();
    assert!(message.contains(not_a_move), "{message}");
}

/// Random strings over the characters SAN uses are never a panic, and whatever
/// is accepted is a legal move.
#[test]
fn random_move_text_never_panics() {
    let alphabet: Vec<char> = "abcdefgh12345678KQRBNOPxX=+#-0:!?. eé♞\u{0}"
        .chars()
        .collect();
    let boards = [
        position(START_FEN),
        position("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"),
        position("n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1"),
        position("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2"),
    ];
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let mut accepted = 0;
    for round in 0..50_000 {
        let board = &boards[round % boards.len()];
        let length = rng.below(8);
        let text: String = (0..length)
            .map(|_| alphabet[rng.below(alphabet.len())])
            .collect();
        if let Ok(mv) = parse_move(board, &text) {
            assert!(board.legal_moves().contains(&mv), "{text:?} gave {mv}");
            accepted += 1;
        }
    }
    assert!(
        accepted > 0,
        "no random text was a move; the test tests nothing"
    );
}

#[test]
fn illegal_coordinate_moves_are_explained() {
    let mut game = Game::new();
    let err = game.play_text("e2e5").unwrap_err();
    assert_eq!(
        err.to_string(),
        "Illegal move: e2e5 (no piece can reach e5)"
    );
    let err = game.play_text("e3e4").unwrap_err();
    assert_eq!(err.to_string(), "Illegal move: e3e4 (no piece on e3)");
    let err = game.play_text("e7e5").unwrap_err();
    assert_eq!(
        err.to_string(),
        "Illegal move: e7e5 (the piece on e7 is black's and it is white's move)"
    );
    let err = game.play_text("g1g3").unwrap_err();
    assert_eq!(
        err.to_string(),
        "Illegal move: g1g3 (the knight on g1 cannot move to g3)"
    );
    assert_eq!(game.moves().len(), 0);
    assert_eq!(game.board(), &Board::start());
}

#[test]
fn a_move_that_leaves_the_king_in_check_says_so() {
    // The knight on e2 is pinned by the rook on e7.
    let fen = "4k3/4r3/8/8/8/8/4N3/4K3 w - - 0 1";
    let mut game = Game::from_fen(fen).unwrap();
    let err = game.play_text("e2c3").unwrap_err();
    assert_eq!(
        err.to_string(),
        "Illegal move: e2c3 (it would leave the king in check)"
    );
    let err = game.play_text("Nc3").unwrap_err();
    assert_eq!(
        err.to_string(),
        "Illegal move: Nc3 (it would leave the king in check)"
    );
    // The king stepping onto an attacked square.
    let fen = "4k3/8/8/8/8/8/3r4/4K3 w - - 0 1";
    let mut game = Game::from_fen(fen).unwrap();
    assert_eq!(
        game.play_text("e1e2").unwrap_err().to_string(),
        "Illegal move: e1e2 (it would leave the king in check)"
    );
    assert_eq!(
        game.play_text("Kf2").unwrap_err().to_string(),
        "Illegal move: Kf2 (it would leave the king in check)"
    );
    // Ignoring a check.
    let fen = "4k3/8/8/8/8/8/4r3/R3K3 w - - 0 1";
    let mut game = Game::from_fen(fen).unwrap();
    assert_eq!(
        game.play_text("a1a7").unwrap_err().to_string(),
        "Illegal move: a1a7 (it would leave the king in check)"
    );
}

#[test]
fn a_king_two_squares_from_home_is_not_told_about_castling() {
    let mut game = Game::from_fen("k7/8/8/4K3/8/8/8/8 w - - 0 1").unwrap();
    let message = game.play_text("e5g5").unwrap_err().to_string();
    assert!(!message.contains("castl"), "{message}");
    assert_eq!(message, "Illegal move: e5g5 (no piece can reach g5)");
    // From home without the right, castling is what the user meant.
    let mut game = Game::from_fen("k7/8/8/8/8/8/8/4K2R w - - 0 1").unwrap();
    let message = game.play_text("e1g1").unwrap_err().to_string();
    assert!(
        message.contains("castling needs the right to castle"),
        "{message}"
    );
}

// ---------------------------------------------------------------------------
// Round trips over random games
// ---------------------------------------------------------------------------

/// In every position of many random games: every legal move's SAN is unique,
/// reads back as that move, its check and mate signs are right, and its
/// coordinate form reads back too.
#[test]
fn san_and_coordinates_round_trip_in_random_games() {
    let starts = [
        START_FEN,
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
        "1k6/8/8/8/4Q2Q/8/8/K6Q w - - 0 1",
    ];
    let mut rng = Rng(0x2545_F491_4F6C_DD1D);
    let mut checked = 0;
    for game_number in 0..60 {
        let mut board = position(starts[game_number % starts.len()]);
        for _ in 0..80 {
            let moves = board.legal_moves();
            if moves.is_empty() {
                break;
            }
            let mut texts: Vec<String> = Vec::new();
            for &mv in &moves {
                let text = san(&board, mv);
                assert_eq!(parse_san(&board, &text), Ok(mv), "{text} in {board:?}");
                assert_eq!(
                    parse_move(&board, &mv.coordinate()),
                    Ok(mv),
                    "{mv} in {board:?}"
                );
                let mut after = board.clone();
                after.make_move(mv);
                let mate = after.in_check() && after.legal_moves().is_empty();
                assert_eq!(text.ends_with('#'), mate, "{text} in {board:?}");
                assert_eq!(
                    text.ends_with('+'),
                    after.in_check() && !mate,
                    "{text} in {board:?}"
                );
                assert!(!texts.contains(&text), "{text} twice in {board:?}");
                texts.push(text);
                checked += 1;
            }
            board.make_move(moves[rng.below(moves.len())]);
        }
    }
    assert!(checked > 50_000, "only {checked} moves checked");
}

// ---------------------------------------------------------------------------
// PGN
// ---------------------------------------------------------------------------

fn play(game: &mut Game, moves: &str) {
    for text in moves.split_whitespace() {
        if let Err(err) = game.play_text(text) {
            panic!("{text}: {err}");
        }
    }
}

#[test]
fn pgn_of_a_short_game() {
    let mut game = Game::new();
    play(&mut game, "e4 e5 Qh5 Nc6 Bc4 Nf6 Qxf7");
    let pgn = game.to_pgn("Alice", "Bob", "2024.05.01");
    assert_eq!(
        pgn,
        "[Event \"umax game\"]\n\
         [Site \"?\"]\n\
         [Date \"2024.05.01\"]\n\
         [Round \"-\"]\n\
         [White \"Alice\"]\n\
         [Black \"Bob\"]\n\
         [Result \"1-0\"]\n\
         \n\
         1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n"
    );
    assert!(!pgn.contains("[SetUp"));
}

#[test]
fn pgn_of_an_unfinished_game_and_of_a_draw() {
    let mut game = Game::new();
    assert!(
        game.to_pgn("A", "B", "????.??.??")
            .ends_with("[Result \"*\"]\n\n*\n")
    );
    play(&mut game, "d4");
    assert!(
        game.to_pgn("A", "B", "????.??.??")
            .ends_with("\n\n1. d4 *\n")
    );
    play(&mut game, "Nf6 Nf3 Ng8 Ng1 Nf6 Nf3 Ng8 Ng1");
    let pgn = game.to_pgn("A", "B", "????.??.??");
    assert!(pgn.contains("[Result \"1/2-1/2\"]"), "{pgn}");
    assert!(pgn.ends_with("5. Ng1 1/2-1/2\n"), "{pgn}");
}

#[test]
fn pgn_from_a_fen_with_black_to_move() {
    let fen = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 3 12";
    let mut game = Game::from_fen(fen).unwrap();
    play(&mut game, "Nf6 d3 Be7");
    let pgn = game.to_pgn("White", "Black", "2024.05.01");
    let (tags, movetext) = pgn.split_once("\n\n").unwrap();
    let tag_lines: Vec<&str> = tags.lines().collect();
    assert_eq!(
        tag_lines,
        [
            "[Event \"umax game\"]",
            "[Site \"?\"]",
            "[Date \"2024.05.01\"]",
            "[Round \"-\"]",
            "[White \"White\"]",
            "[Black \"Black\"]",
            "[Result \"*\"]",
            "[SetUp \"1\"]",
            &format!("[FEN \"{fen}\"]"),
        ]
    );
    assert_eq!(movetext, "12... Nf6 13. d3 Be7 *\n");
}

#[test]
fn pgn_from_a_fen_with_white_to_move() {
    let mut game = Game::from_fen("4k3/8/8/8/8/8/8/R3K3 w Q - 0 30").unwrap();
    play(&mut game, "O-O-O Kf7");
    let pgn = game.to_pgn("A", "B", "2024.05.01");
    assert!(
        pgn.contains("[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/8/R3K3 w Q - 0 30\"]\n"),
        "{pgn}"
    );
    assert!(pgn.ends_with("\n\n30. O-O-O Kf7 *\n"), "{pgn}");
}

#[test]
fn pgn_escapes_quotes_and_backslashes_in_tags() {
    let pgn = Game::new().to_pgn("A \"quoted\" name", "back\\slash", "2024.05.01");
    assert!(pgn.contains("[White \"A \\\"quoted\\\" name\"]\n"), "{pgn}");
    assert!(pgn.contains("[Black \"back\\\\slash\"]\n"), "{pgn}");
}

#[test]
fn pgn_movetext_is_wrapped_before_eighty_columns() {
    let mut game = Game::new();
    let mut state = 0x1234_5678_9ABC_DEF1_u64;
    for _ in 0..160 {
        if game.status().is_over() {
            break;
        }
        let moves = game.board().legal_moves();
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        game.play(moves[(state % moves.len() as u64) as usize])
            .unwrap();
    }
    let pgn = game.to_pgn("A", "B", "2024.05.01");
    let movetext = pgn.split_once("\n\n").unwrap().1;
    assert!(movetext.lines().count() > 5, "{movetext}");
    for line in movetext.lines() {
        assert!(line.len() < 80, "line of {} characters: {line}", line.len());
        assert_eq!(line.trim(), line);
    }
    // Wrapping only replaces spaces by newlines: the tokens are all there, in order.
    let tokens: Vec<&str> = movetext.split_whitespace().collect();
    let sans = game.san_moves();
    let moves_in_text: Vec<&str> = tokens
        .iter()
        .copied()
        .filter(|token| !token.ends_with('.'))
        .collect();
    assert_eq!(moves_in_text.len(), sans.len() + 1);
    assert_eq!(
        moves_in_text[..sans.len()],
        sans.iter().map(String::as_str).collect::<Vec<_>>()[..]
    );
    assert_eq!(*tokens.last().unwrap(), game.status().result());
}

/// The one classification the front ends share: a word is coordinates, SAN as
/// people type it, or no move at all (a command umax does not know).
#[test]
fn a_word_is_coordinates_san_or_no_move() {
    use umax::notation::{MoveShape, move_shape};
    for word in ["e2e4", "e7e8q", "a1h8", "e1g1"] {
        assert_eq!(move_shape(word), Some(MoveShape::Coordinate), "{word}");
    }
    for word in [
        "Nf3", "nf3", "NF3", "exd5", "exd", "ed", "O-O", "o-o-o", "0-0", "e8=Q", "e7e8=q", "Ng1f3",
    ] {
        assert_eq!(move_shape(word), Some(MoveShape::San), "{word}");
    }
    for word in [
        "help",
        "new",
        "d",
        "bad",
        "ee",
        "ac",
        "e4 e5",
        "Zz9",
        "perft",
        "Nf3xxxxxxxxx",
    ] {
        assert_eq!(move_shape(word), None, "{word}");
    }
    // Whatever the shape, reading it gives a move or a reason, never a panic.
    for word in ["e2e4", "nf3", "é2e4", "e2\u{1b}4"] {
        let _ = parse_move(&Board::start(), word);
    }
}
