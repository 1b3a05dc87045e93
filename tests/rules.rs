//! The rules of chess as the board and the game record apply them: castling,
//! en passant, promotion, make/unmake, checkmate and stalemate, repetition, the
//! 50-move rule, insufficient material and taking moves back.

mod common;

use common::Rng;
use umax::board::{Board, CastlingRights, Color, Move, MoveKind, PieceKind, START_FEN, Square};
use umax::game::{Game, GameStatus, insufficient_material};

fn position(fen: &str) -> Board {
    Board::from_fen(fen).unwrap_or_else(|err| panic!("{fen}: {err}"))
}

fn game_from(fen: &str) -> Game {
    Game::from_fen(fen).unwrap_or_else(|err| panic!("{fen}: {err}"))
}

fn square(name: &str) -> Square {
    Square::parse(name).unwrap_or_else(|| panic!("not a square: {name}"))
}

/// The legal moves in coordinate notation.
fn legal(board: &Board) -> Vec<String> {
    board
        .legal_moves()
        .iter()
        .map(|mv| mv.coordinate())
        .collect()
}

/// Play moves given in SAN or coordinates, failing with the move's text on error.
fn play(game: &mut Game, moves: &str) {
    for text in moves.split_whitespace() {
        if let Err(err) = game.play_text(text) {
            panic!("{text} in {}: {err}", game.board().to_fen());
        }
    }
}

/// The castling field of the current position's FEN.
fn castling_field(game: &Game) -> String {
    game.board().to_fen().split(' ').nth(2).unwrap().to_string()
}

// ---------------------------------------------------------------------------
// Castling
// ---------------------------------------------------------------------------

const CASTLING_REFUSED: &str = "castling needs the right to castle, empty squares between king and rook, and a king not in, through or into check";

/// The castling move as the board generates it.
fn castle(from: &str, to: &str) -> Move {
    Move {
        kind: MoveKind::Castle,
        ..Move::new(square(from), square(to))
    }
}

/// Check that `king_move` (e.g. "e1g1") is not legal in `fen` and is refused, with
/// the castling explanation, both as a [`Move`] and as text.
#[track_caller]
fn assert_castling_refused(fen: &str, king_move: &str) {
    let mut game = game_from(fen);
    assert!(
        !legal(game.board()).contains(&king_move.to_string()),
        "{king_move} is legal in {fen}"
    );
    let err = game
        .play(castle(&king_move[0..2], &king_move[2..4]))
        .expect_err(king_move);
    assert_eq!(
        err.to_string(),
        format!("Illegal move: {king_move} ({CASTLING_REFUSED})")
    );
    let err = game.play_text(king_move).expect_err(king_move);
    assert_eq!(
        err.to_string(),
        format!("Illegal move: {king_move} ({CASTLING_REFUSED})")
    );
    let san = if king_move.as_bytes()[2] == b'g' {
        "O-O"
    } else {
        "O-O-O"
    };
    let err = game.play_text(san).expect_err(san);
    assert_eq!(
        err.to_string(),
        format!("Illegal move: {san} ({CASTLING_REFUSED})")
    );
    assert_eq!(
        game.board().to_fen(),
        position(fen).to_fen(),
        "a refused move changed the board"
    );
}

#[test]
fn castling_is_legal_when_nothing_is_in_the_way() {
    let board = position("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    let moves = board.legal_moves();
    assert!(moves.contains(&castle("e1", "g1")));
    assert!(moves.contains(&castle("e1", "c1")));
    let board = position("r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1");
    let moves = board.legal_moves();
    assert!(moves.contains(&castle("e8", "g8")));
    assert!(moves.contains(&castle("e8", "c8")));
}

#[test]
fn castling_out_of_check_is_illegal() {
    // The rook on e7 gives check.
    assert_castling_refused("4k3/4r3/8/8/8/8/8/R3K2R w KQ - 0 1", "e1g1");
    assert_castling_refused("4k3/4r3/8/8/8/8/8/R3K2R w KQ - 0 1", "e1c1");
    // A knight check for Black.
    assert_castling_refused("r3k2r/8/3N4/8/8/8/8/4K3 b kq - 0 1", "e8g8");
    assert_castling_refused("r3k2r/8/3N4/8/8/8/8/4K3 b kq - 0 1", "e8c8");
}

#[test]
fn castling_through_check_is_illegal() {
    // f1 is attacked: no O-O, but O-O-O is fine.
    let fen = "4k3/5r2/8/8/8/8/8/R3K2R w KQ - 0 1";
    assert_castling_refused(fen, "e1g1");
    assert!(position(fen).legal_moves().contains(&castle("e1", "c1")));
    // d8 is attacked by a bishop: no O-O-O for Black, but O-O is fine.
    let fen = "r3k2r/8/8/8/7B/8/8/4K3 b kq - 0 1";
    assert_castling_refused(fen, "e8c8");
    assert!(position(fen).legal_moves().contains(&castle("e8", "g8")));
}

#[test]
fn castling_into_check_is_illegal() {
    // g1 is attacked by the rook on g7.
    let fen = "4k3/6r1/8/8/8/8/8/R3K2R w KQ - 0 1";
    assert_castling_refused(fen, "e1g1");
    assert!(position(fen).legal_moves().contains(&castle("e1", "c1")));
    // c1 is attacked by a pawn on b2.
    let fen = "4k3/8/8/8/8/8/1p6/R3K2R w KQ - 0 1";
    assert_castling_refused(fen, "e1c1");
    assert!(position(fen).legal_moves().contains(&castle("e1", "g1")));
}

#[test]
fn queenside_castling_ignores_an_attack_on_the_b_file() {
    // b1 is attacked, but the king never crosses it: O-O-O stays legal.
    let fen = "1r2k3/8/8/8/8/8/8/R3K2R w KQ - 0 1";
    let moves = position(fen).legal_moves();
    assert!(moves.contains(&castle("e1", "c1")));
    assert!(moves.contains(&castle("e1", "g1")));
}

#[test]
fn castling_needs_empty_squares_and_the_right() {
    // A knight on b1 blocks O-O-O even though the king does not cross b1.
    assert_castling_refused("4k3/8/8/8/8/8/8/RN2K2R w KQ - 0 1", "e1c1");
    assert_castling_refused("4k3/8/8/8/8/8/8/R3KB1R w KQ - 0 1", "e1g1");
    // No right, though king and rooks are at home.
    assert_castling_refused("4k3/8/8/8/8/8/8/R3K2R w Q - 0 1", "e1g1");
    assert_castling_refused("4k3/8/8/8/8/8/8/R3K2R w - - 0 1", "e1c1");
}

#[test]
fn castling_moves_the_rook_and_clears_both_rights() {
    let mut game = game_from("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    play(&mut game, "O-O");
    assert_eq!(game.board().to_fen(), "r3k2r/8/8/8/8/8/8/R4RK1 b kq - 1 1");
    play(&mut game, "O-O-O");
    assert_eq!(game.board().to_fen(), "2kr3r/8/8/8/8/8/8/R4RK1 w - - 2 2");
    game.undo();
    game.undo();
    assert_eq!(
        game.board().to_fen(),
        "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"
    );
}

#[test]
fn castling_rights_are_lost_when_the_king_moves() {
    let mut game = game_from("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    play(&mut game, "Ke2");
    assert_eq!(castling_field(&game), "kq");
    play(&mut game, "Kd8");
    assert_eq!(castling_field(&game), "-");
    // Going back home does not bring the rights back.
    play(&mut game, "Ke1 Ke8");
    assert_eq!(castling_field(&game), "-");
    assert!(!legal(game.board()).contains(&"e1g1".to_string()));
}

#[test]
fn castling_rights_are_lost_when_a_rook_moves() {
    let mut game = game_from("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    play(&mut game, "Rh2");
    assert_eq!(castling_field(&game), "Qkq");
    play(&mut game, "Ra7");
    assert_eq!(castling_field(&game), "Qk");
    play(&mut game, "Rb1 Rg8");
    assert_eq!(castling_field(&game), "-");
}

#[test]
fn castling_rights_are_lost_when_a_rook_is_captured() {
    // Rook takes rook: both rooks leave their corners.
    let mut game = game_from("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    play(&mut game, "Rxa8+");
    assert_eq!(castling_field(&game), "Kk");
    // A bishop captures the rook on h8: only Black's king-side right goes.
    let mut game = game_from("r3k2r/8/8/8/8/8/1B6/R3K2R w KQkq - 0 1");
    play(&mut game, "Bxh8");
    assert_eq!(castling_field(&game), "KQq");
    // A black knight captures on a1.
    let mut game = game_from("r3k2r/8/8/8/8/1n6/8/R3K2R b KQkq - 0 1");
    play(&mut game, "Nxa1");
    assert_eq!(castling_field(&game), "Kkq");
}

// ---------------------------------------------------------------------------
// En passant
// ---------------------------------------------------------------------------

#[test]
fn en_passant_captures_the_pawn_that_passed() {
    let mut game = game_from("rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3");
    let ep = Move {
        kind: MoveKind::EnPassant,
        ..Move::new(square("e5"), square("f6"))
    };
    assert!(game.board().legal_moves().contains(&ep));
    // Only f6 is the e.p. square: d6 is not.
    assert!(!legal(game.board()).contains(&"e5d6".to_string()));
    game.play(ep).unwrap();
    assert_eq!(
        game.board().to_fen(),
        "rnbqkbnr/ppp1p1pp/5P2/3p4/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 3"
    );
    assert_eq!(game.board().key(), game.board().compute_key());
}

#[test]
fn en_passant_is_only_possible_right_after_the_double_push() {
    let mut game = game_from("4k3/3p4/8/4P3/8/8/8/4K3 b - - 0 1");
    play(&mut game, "d5");
    assert_eq!(game.board().en_passant_square(), Some(square("d6")));
    assert!(legal(game.board()).contains(&"e5d6".to_string()));
    play(&mut game, "Kd2 Kd7");
    assert_eq!(game.board().en_passant_square(), None);
    assert!(!legal(game.board()).contains(&"e5d6".to_string()));
}

#[test]
fn en_passant_that_exposes_the_king_along_the_rank_is_illegal() {
    // Taking c5 would remove both pawns from the fifth rank and let the rook on h5
    // see the king on a5.
    let board = position("8/8/8/KPp4r/8/8/8/7k w - c6 0 1");
    let moves = legal(&board);
    assert!(!moves.contains(&"b5c6".to_string()), "{moves:?}");
    // The ordinary push is fine: the black pawn still shields the king.
    assert!(moves.contains(&"b5b6".to_string()));
    // The same for Black, with the king on the right and the rook on the left.
    let board = position("7K/8/8/8/R4pPk/8/8/8 b - g3 0 1");
    let moves = legal(&board);
    assert!(!moves.contains(&"f4g3".to_string()), "{moves:?}");
    assert!(moves.contains(&"f4f3".to_string()));
    // Without the rook the capture is legal.
    assert!(legal(&position("7K/8/8/8/5pPk/8/8/8 b - g3 0 1")).contains(&"f4g3".to_string()));
}

#[test]
fn en_passant_by_a_diagonally_pinned_pawn_only_along_the_pin() {
    // The e5 pawn is pinned by the bishop on g7 against the king on c3: taking d6
    // would leave the diagonal, and so would pushing.
    let board = position("4k3/6b1/8/3pP3/8/2K5/8/8 w - d6 0 1");
    let moves = legal(&board);
    assert!(!moves.contains(&"e5d6".to_string()), "{moves:?}");
    assert!(!moves.contains(&"e5e6".to_string()), "{moves:?}");
    // Pinned by the bishop on c7 against the king on h2: taking d6 stays on the
    // diagonal c7-h2, so it is legal, though the push is not.
    let board = position("4k3/2b5/8/3pP3/8/8/7K/8 w - d6 0 1");
    let moves = legal(&board);
    assert!(moves.contains(&"e5d6".to_string()), "{moves:?}");
    assert!(!moves.contains(&"e5e6".to_string()), "{moves:?}");
}

#[test]
fn en_passant_can_capture_the_pawn_that_gives_check() {
    // The pawn that just moved to d4 attacks the king on c5; taking it en passant
    // answers the check.
    let board = position("8/8/8/2k5/3Pp3/8/8/4K3 b - d3 0 1");
    assert!(board.in_check());
    let moves = legal(&board);
    assert!(moves.contains(&"e4d3".to_string()), "{moves:?}");
    // The plain push does not answer the check.
    assert!(!moves.contains(&"e4e3".to_string()), "{moves:?}");
}

// ---------------------------------------------------------------------------
// Promotion
// ---------------------------------------------------------------------------

#[test]
fn promotion_offers_all_four_pieces() {
    // A push and two captures, each to queen, rook, bishop and knight.
    let board = position("1r1n3k/2P5/8/8/8/8/8/K7 w - - 0 1");
    let promotions: Vec<Move> = board
        .legal_moves()
        .into_iter()
        .filter(|mv| mv.promotion.is_some())
        .collect();
    assert_eq!(promotions.len(), 12, "{promotions:?}");
    for to in ["b8", "c8", "d8"] {
        for kind in [
            PieceKind::Queen,
            PieceKind::Rook,
            PieceKind::Bishop,
            PieceKind::Knight,
        ] {
            let mv = Move {
                promotion: Some(kind),
                ..Move::new(square("c7"), square(to))
            };
            assert!(promotions.contains(&mv), "missing {mv}");
        }
    }
    // A pawn reaching the last rank must promote: no move to c8 without a piece.
    assert!(
        !board
            .legal_moves()
            .contains(&Move::new(square("c7"), square("c8")))
    );
}

#[test]
fn promotion_places_the_chosen_piece() {
    for (letter, kind) in [
        ('q', PieceKind::Queen),
        ('r', PieceKind::Rook),
        ('b', PieceKind::Bishop),
        ('n', PieceKind::Knight),
    ] {
        let mut game = game_from("4k3/8/8/8/8/8/p7/4K3 b - - 0 1");
        game.play_text(&format!("a2a1{letter}")).unwrap();
        let piece = game.board().piece_at(square("a1"));
        assert!(piece.is(Color::Black, kind), "{letter}: {piece:?}");
        assert!(game.board().piece_at(square("a2")).is_empty());
        assert_eq!(game.board().key(), game.board().compute_key());
        game.undo();
        assert!(
            game.board()
                .piece_at(square("a2"))
                .is(Color::Black, PieceKind::Pawn)
        );
        assert!(game.board().piece_at(square("a1")).is_empty());
    }
}

// ---------------------------------------------------------------------------
// Make/unmake, checked by random playouts
// ---------------------------------------------------------------------------

/// Start positions for the random games: the opening, Kiwipete (castling, pins),
/// and positions full of promotions and en passant.
const PLAYOUT_STARTS: [&str; 5] = [
    START_FEN,
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
    "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
];

/// The legal moves worked out the slow, obvious way: every pseudo-legal move
/// after which the mover's king is not attacked.
fn legal_by_make_unmake(board: &mut Board) -> Vec<Move> {
    let us = board.side_to_move();
    let mut pseudo = Vec::new();
    board.generate_moves(&mut pseudo);
    pseudo
        .into_iter()
        .filter(|&mv| {
            let before = board.clone();
            let undo = board.make_move(mv);
            let safe = !board.is_attacked(board.king_square(us), us.opposite());
            board.unmake_move(mv, undo);
            assert_eq!(*board, before, "unmaking pseudo-legal {mv}");
            safe
        })
        .collect()
}

/// 200 random games of up to 100 plies. At every ply: the incremental key equals
/// the key computed from scratch, the FEN reads back to the same board, the fast
/// legal-move filter agrees with make/unmake, the capture generator yields
/// exactly the captures and queen promotions, and a null move is undone exactly.
/// At the end every move is taken back and must restore the exact earlier board.
#[test]
fn random_playouts_make_and_unmake_exactly() {
    let mut rng = Rng(0x5EED_0F00_1234);
    let mut plies_played = 0;
    for game_number in 0..200 {
        let mut board = position(PLAYOUT_STARTS[game_number % PLAYOUT_STARTS.len()]);
        let mut history: Vec<(Board, Move, umax::board::Undo)> = Vec::new();
        for _ in 0..100 {
            assert_eq!(
                board.key(),
                board.compute_key(),
                "key of {}",
                board.to_fen()
            );
            assert_eq!(
                Board::from_fen(&board.to_fen()).as_ref(),
                Ok(&board),
                "FEN round trip"
            );

            let moves = board.legal_moves();
            assert_eq!(
                moves,
                legal_by_make_unmake(&mut board),
                "legal moves of {board:?}"
            );

            let mut captures = Vec::new();
            board.generate_captures(&mut captures);
            let mut pseudo = Vec::new();
            board.generate_moves(&mut pseudo);
            let mut expected: Vec<Move> = pseudo
                .into_iter()
                .filter(|mv| {
                    let capture =
                        mv.kind == MoveKind::EnPassant || !board.piece_at(mv.to).is_empty();
                    (capture || mv.promotion.is_some())
                        && matches!(mv.promotion, None | Some(PieceKind::Queen))
                })
                .collect();
            captures.sort_by_key(|mv| mv.coordinate());
            expected.sort_by_key(|mv| mv.coordinate());
            assert_eq!(captures, expected, "captures of {board:?}");

            if !board.in_check() {
                let before = board.clone();
                let undo = board.make_null_move();
                assert_eq!(board.key(), board.compute_key(), "key after null move");
                assert_ne!(board.side_to_move(), before.side_to_move());
                board.unmake_null_move(undo);
                assert_eq!(board, before, "after unmaking a null move");
            }

            if moves.is_empty() {
                break;
            }
            let mv = moves[rng.below(moves.len())];
            let before = board.clone();
            let undo = board.make_move(mv);
            history.push((before, mv, undo));
            plies_played += 1;
        }
        while let Some((before, mv, undo)) = history.pop() {
            board.unmake_move(mv, undo);
            assert_eq!(board, before, "unmaking {mv}");
            assert_eq!(board.key(), board.compute_key());
        }
    }
    assert!(plies_played > 10_000, "only {plies_played} plies played");
}

// ---------------------------------------------------------------------------
// Checkmate and stalemate
// ---------------------------------------------------------------------------

#[test]
fn fools_mate_is_checkmate_for_black() {
    let mut game = Game::new();
    play(&mut game, "f3 e5 g4");
    assert_eq!(game.status(), GameStatus::Ongoing);
    play(&mut game, "Qh4#");
    assert_eq!(
        game.status(),
        GameStatus::Checkmate {
            winner: Color::Black
        }
    );
    assert_eq!(game.status().result(), "0-1");
    assert!(game.status().is_over());
    assert!(game.board().in_check());
    assert!(game.board().legal_moves().is_empty());
}

#[test]
fn back_rank_mate_is_checkmate_for_white() {
    let mut game = game_from("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1");
    play(&mut game, "Ra8");
    assert_eq!(
        game.status(),
        GameStatus::Checkmate {
            winner: Color::White
        }
    );
    assert_eq!(game.status().result(), "1-0");
    assert_eq!(game.status().reason(), "White mates");
}

#[test]
fn check_with_an_escape_is_not_mate() {
    let mut game = game_from("6k1/5pp1/8/8/8/8/8/R5K1 w - - 0 1");
    play(&mut game, "Ra8");
    assert!(game.board().in_check());
    assert_eq!(game.status(), GameStatus::Ongoing);
}

#[test]
fn stalemate_is_a_draw() {
    let mut game = game_from("7k/8/6K1/8/8/8/8/5Q2 w - - 0 1");
    assert_eq!(game.status(), GameStatus::Ongoing);
    play(&mut game, "Qf7");
    assert_eq!(game.status(), GameStatus::Stalemate);
    assert_eq!(game.status().result(), "1/2-1/2");
    assert!(!game.board().in_check());
    // A bare king stalemated by king and pawn.
    let game = game_from("k7/P7/K7/8/8/8/8/8 b - - 0 1");
    assert_eq!(game.status(), GameStatus::Stalemate);
}

// ---------------------------------------------------------------------------
// The game record: repetition, 50-move rule, insufficient material, undo
// ---------------------------------------------------------------------------

#[test]
fn threefold_repetition_on_the_third_occurrence_only() {
    let mut game = Game::new();
    let mut repetitions = Vec::new();
    for text in "Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1".split_whitespace() {
        play(&mut game, text);
        repetitions.push(game.repetitions());
        assert_eq!(game.status(), GameStatus::Ongoing, "after {text}");
    }
    assert_eq!(repetitions, [1, 1, 1, 2, 2, 2, 2]);
    play(&mut game, "Ng8");
    assert_eq!(game.repetitions(), 3);
    assert_eq!(game.status(), GameStatus::ThreefoldRepetition);
    assert_eq!(game.status().result(), "1/2-1/2");
    // Taking back the last move takes back the draw.
    game.undo();
    assert_eq!(game.status(), GameStatus::Ongoing);
}

#[test]
fn an_en_passant_square_nobody_can_use_does_not_change_the_position() {
    // After 1.e4 no black pawn can take en passant, so the position after 1.e4 is
    // the same position as after 1.e4 Nf6 2.Nf3 Ng8 3.Ng1.
    let mut game = Game::new();
    play(&mut game, "e4");
    assert_eq!(game.repetitions(), 1);
    play(&mut game, "Nf6 Nf3 Ng8 Ng1");
    assert_eq!(game.repetitions(), 2);
    play(&mut game, "Nf6 Nf3 Ng8 Ng1");
    assert_eq!(game.status(), GameStatus::ThreefoldRepetition);
}

#[test]
fn a_usable_en_passant_capture_makes_the_position_different() {
    // After e2e4 the pawn on d4 may take en passant: that position differs from
    // the same placement later, when the right has gone.
    let mut game = game_from("rnbqkbnr/ppp1pppp/8/8/3p4/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    play(&mut game, "e4");
    let with_ep = game.board().key();
    play(&mut game, "Nf6 Nf3 Ng8 Ng1");
    assert_ne!(game.board().key(), with_ep);
    assert_eq!(game.repetitions(), 1);
    play(&mut game, "Nf6 Nf3 Ng8 Ng1");
    assert_eq!(game.repetitions(), 2);
    assert_eq!(game.status(), GameStatus::Ongoing);
    play(&mut game, "Nf6 Nf3 Ng8 Ng1");
    assert_eq!(game.status(), GameStatus::ThreefoldRepetition);
}

#[test]
fn fifty_move_rule_after_a_hundred_quiet_half_moves() {
    let mut game = game_from("4k3/8/8/8/8/8/4P3/R3K3 w - - 99 80");
    assert_eq!(game.status(), GameStatus::Ongoing);
    play(&mut game, "Ra2");
    assert_eq!(game.board().halfmove_clock(), 100);
    assert_eq!(game.status(), GameStatus::FiftyMoveRule);
    assert_eq!(game.status().result(), "1/2-1/2");
}

#[test]
fn a_capture_or_pawn_move_resets_the_fifty_move_count() {
    let fen = "4k3/8/8/8/8/8/r3P3/R3K3 w - - 99 80";
    let mut game = game_from(fen);
    play(&mut game, "Rxa2");
    assert_eq!(game.board().halfmove_clock(), 0);
    assert_eq!(game.status(), GameStatus::Ongoing);
    let mut game = game_from(fen);
    play(&mut game, "e3");
    assert_eq!(game.board().halfmove_clock(), 0);
    assert_eq!(game.status(), GameStatus::Ongoing);
    let mut game = game_from(fen);
    play(&mut game, "e4");
    assert_eq!(game.board().halfmove_clock(), 0);
    assert_eq!(game.status(), GameStatus::Ongoing);
}

#[test]
fn checkmate_on_the_hundredth_half_move_is_mate() {
    let mut game = game_from("6k1/5ppp/8/8/8/8/8/R5K1 w - - 99 80");
    play(&mut game, "Ra8#");
    assert_eq!(game.board().halfmove_clock(), 100);
    assert_eq!(
        game.status(),
        GameStatus::Checkmate {
            winner: Color::White
        }
    );
}

#[test]
fn insufficient_material_draws() {
    for fen in [
        // K v K
        "4k3/8/8/8/8/8/8/4K3 w - - 0 1",
        // KN v K, K v KN
        "4k3/8/8/8/8/8/8/1N2K3 w - - 0 1",
        "4k3/8/8/8/8/8/8/1n2K3 b - - 0 1",
        // KB v K
        "4k3/8/8/8/8/8/8/2B1K3 w - - 0 1",
        // KB v KB, both bishops on dark squares (c1 and f8)
        "4kb2/8/8/8/8/8/8/2B1K3 w - - 0 1",
        // KB v KB, both on light squares (f1 and c8)
        "2b1k3/8/8/8/8/8/8/4KB2 w - - 0 1",
        // Several bishops, all on dark squares
        "4kb2/8/8/8/8/8/8/B1B1K3 w - - 0 1",
    ] {
        let board = position(fen);
        assert!(insufficient_material(&board), "{fen}");
        assert_eq!(
            game_from(fen).status(),
            GameStatus::InsufficientMaterial,
            "{fen}"
        );
    }
}

#[test]
fn enough_material_to_mate_is_not_a_draw() {
    for fen in [
        // KB v KB on opposite colours: a (helped) mate exists
        "2b1k3/8/8/8/8/8/8/2B1K3 w - - 0 1",
        // KNN v K is not automatically dead; we do not call it a draw
        "4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1",
        // KN v KN and KB v KN
        "1n2k3/8/8/8/8/8/8/1N2K3 w - - 0 1",
        "1n2k3/8/8/8/8/8/8/2B1K3 w - - 0 1",
        // KBB on both colours v K
        "4k3/8/8/8/8/8/8/2BBK3 w - - 0 1",
        // A pawn, a rook or a queen can mate
        "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1",
        "4k3/8/8/8/8/8/4p3/K7 w - - 0 1",
        "4k3/8/8/8/8/8/8/R3K3 w - - 0 1",
        "4k3/8/8/8/8/8/8/3QK3 w - - 0 1",
    ] {
        let board = position(fen);
        assert!(!insufficient_material(&board), "{fen}");
        assert_eq!(game_from(fen).status(), GameStatus::Ongoing, "{fen}");
    }
}

#[test]
fn capturing_the_last_pawn_can_leave_insufficient_material() {
    let mut game = game_from("4k3/8/8/8/8/8/3p4/4K3 w - - 0 1");
    assert_eq!(game.status(), GameStatus::Ongoing);
    play(&mut game, "Kxd2");
    assert_eq!(game.status(), GameStatus::InsufficientMaterial);
}

#[test]
fn undo_restores_the_previous_position() {
    let mut game = Game::new();
    let mut boards = vec![game.board().clone()];
    for text in [
        "e4", "d5", "exd5", "c5", "dxc6", "Nf6", "cxb7", "Nbd7", "bxa8=Q", "O-O-O",
    ] {
        // The last one, O-O-O, is refused: White has just taken the rook on a8.
        if game.play_text(text).is_ok() {
            boards.push(game.board().clone());
        }
    }
    assert_eq!(game.moves().len(), boards.len() - 1);
    assert_eq!(game.moves().len(), 9);
    assert_eq!(game.history_keys().len(), 9);
    while let Some(expected) = boards.pop() {
        assert_eq!(game.board(), &expected);
        assert_eq!(game.history_keys().len(), boards.len());
        if boards.is_empty() {
            assert_eq!(game.undo(), None);
        } else {
            assert!(game.undo().is_some());
        }
    }
    assert_eq!(game.board(), &Board::start());
    assert_eq!(game.start_board(), &Board::start());
}

#[test]
fn a_refused_move_leaves_the_game_unchanged() {
    let mut game = Game::new();
    play(&mut game, "e4");
    let before = game.board().clone();
    assert!(game.play_text("e4").is_err());
    assert!(game.play_text("Ke2").is_err());
    assert!(game.play(Move::new(square("e1"), square("e3"))).is_err());
    assert_eq!(game.board(), &before);
    assert_eq!(game.moves().len(), 1);
}

/// [`Game::play`] takes the move as a caller would build it with [`Move::new`]:
/// the kind (double push, en passant, castling) is the board's business.
#[test]
fn game_play_accepts_moves_built_with_move_new() {
    let mut game = game_from("r3k2r/8/8/8/3p4/8/4P3/R3K2R w KQkq - 0 1");
    game.play(Move::new(square("e2"), square("e4"))).unwrap();
    assert_eq!(game.board().en_passant_square(), Some(square("e3")));
    assert_eq!(game.moves()[0].kind, MoveKind::DoublePush);
    game.play(Move::new(square("d4"), square("e3"))).unwrap();
    assert_eq!(game.moves()[1].kind, MoveKind::EnPassant);
    assert!(game.board().piece_at(square("e4")).is_empty());
    game.play(Move::new(square("e1"), square("g1"))).unwrap();
    assert_eq!(game.moves()[2].kind, MoveKind::Castle);
    assert!(
        game.board()
            .piece_at(square("f1"))
            .is(Color::White, PieceKind::Rook)
    );
    game.play(Move::new(square("e8"), square("c8"))).unwrap();
    assert!(
        game.board()
            .piece_at(square("d8"))
            .is(Color::Black, PieceKind::Rook)
    );
    assert_eq!(game.board().castling_rights(), CastlingRights::NONE);
    assert_eq!(game.board().key(), game.board().compute_key());
    // Still refused: a promotion without the piece, and a plain illegal move.
    let mut game = game_from("4k3/P7/8/8/8/8/8/4K3 w - - 0 1");
    let err = game
        .play(Move::new(square("a7"), square("a8")))
        .unwrap_err();
    assert!(
        err.to_string().contains("say which piece to promote to"),
        "{err}"
    );
    assert!(game.play(Move::new(square("e1"), square("e3"))).is_err());
}

#[test]
fn status_reasons_are_worded_for_people() {
    assert_eq!(GameStatus::Ongoing.result(), "*");
    assert!(!GameStatus::Ongoing.is_over());
    assert_eq!(GameStatus::Stalemate.reason(), "Stalemate");
    assert_eq!(
        GameStatus::ThreefoldRepetition.reason(),
        "Draw by repetition"
    );
    assert_eq!(
        GameStatus::FiftyMoveRule.reason(),
        "Draw by fifty-move rule"
    );
    assert_eq!(
        GameStatus::InsufficientMaterial.reason(),
        "Draw by insufficient material"
    );
    assert_eq!(
        GameStatus::Checkmate {
            winner: Color::Black
        }
        .reason(),
        "Black mates"
    );
}

#[test]
fn en_passant_square_counts_for_repetition_only_when_the_capture_is_legal() {
    let key = |fen: &str| Board::from_fen(fen).unwrap().key();
    // The b5 pawn could take on c6, but that would expose its king on a5 to the
    // rook on h5: the positions with and without the e.p. square are the same.
    assert_eq!(
        key("8/8/8/KPp4r/8/8/8/7k w - c6 0 1"),
        key("8/8/8/KPp4r/8/8/8/7k w - - 0 1")
    );
    // Without the pin the capture is possible and the positions differ.
    assert_ne!(
        key("8/8/8/1Pp5/8/8/8/K6k w - c6 0 1"),
        key("8/8/8/1Pp5/8/8/8/K6k w - - 0 1")
    );
}
