//! Unit tests of the board's square sets and ray tables, through its public API.

use umax::board::{
    BISHOP_STEPS, Board, Color, DIAGONAL_LINES, KING_LEAPS, KING_STEPS, KNIGHT_LEAPS, KNIGHT_STEPS,
    Move, PieceKind, ROOK_STEPS, STRAIGHT_LINES, Square, first_occupied_along, ray_reach,
};

/// What stepping square by square finds along `step` from `from` on
/// `occupancy`: the squares up to and including the first occupied
/// one, and that one.
fn stepped_ray(from: Square, step: i8, occupancy: u64) -> (u64, Option<Square>) {
    let (mut reach, mut square) = (0, from);
    while let Some(next) = square.offset(step) {
        square = next;
        reach |= square.bit();
        if occupancy & square.bit() != 0 {
            return (reach, Some(square));
        }
    }
    (reach, None)
}

#[test]
fn looked_up_rays_find_what_stepping_finds() {
    // A fixed pseudo-random sequence of occupancies, sparse to dense.
    let mut seed = 0x9E37_79B9_7F4A_7C15u64;
    let mut occupancies = vec![0, u64::MAX];
    for _ in 0..200 {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        occupancies.push(seed & seed.rotate_left(23));
        occupancies.push(seed);
    }
    for from in Square::all() {
        for occupancy in &occupancies {
            let occupancy = occupancy & !from.bit();
            for step in KING_STEPS {
                let (reach, first) = stepped_ray(from, step, occupancy);
                assert_eq!(first_occupied_along(from, step, occupancy), first);
                assert_eq!(ray_reach(from, step, occupancy), reach, "{from} {step}");
            }
        }
        let leaps = |steps: &[i8]| {
            steps
                .iter()
                .filter_map(|&step| from.offset(step))
                .fold(0, |set, to| set | to.bit())
        };
        assert_eq!(KNIGHT_LEAPS[from.bit_index()], leaps(&KNIGHT_STEPS));
        assert_eq!(KING_LEAPS[from.bit_index()], leaps(&KING_STEPS));
        let lines = |steps: &[i8]| {
            steps
                .iter()
                .fold(0, |set, &step| set | stepped_ray(from, step, 0).0)
        };
        assert_eq!(DIAGONAL_LINES[from.bit_index()], lines(&BISHOP_STEPS));
        assert_eq!(STRAIGHT_LINES[from.bit_index()], lines(&ROOK_STEPS));
        let queen = DIAGONAL_LINES[from.bit_index()] | STRAIGHT_LINES[from.bit_index()];
        assert_eq!(
            queen,
            lines(&KING_STEPS),
            "a queen's lines are a bishop's and a rook's"
        );
    }
}

#[test]
fn square_bits_round_trip() {
    for square in Square::all() {
        let bit = square.bit();
        assert_eq!(bit.count_ones(), 1);
        assert_eq!(Square::from_bit_index(bit.trailing_zeros()), square);
    }
    assert_eq!(Square::parse("e4").unwrap().to_string(), "e4");
    assert_eq!(Square::parse("i1"), None);
}

/// Visit every pseudo-legal move of every position `depth` plies down
/// from `board` (not below a move that leaves the king in check when
/// `legal_only`): `before(board, mv)` runs before the move is made, and
/// `after(board, mv, answer)` on the board after it, with `before`'s answer.
fn walk_moves<T>(
    board: &mut Board,
    depth: u32,
    legal_only: bool,
    before: &mut impl FnMut(&Board, Move) -> T,
    after: &mut impl FnMut(&Board, Move, T),
) {
    let mut moves = Vec::new();
    board.generate_moves(&mut moves);
    for mv in moves {
        let answer = before(board, mv);
        let undo = board.make_move(mv);
        after(board, mv, answer);
        let mover = board.side_to_move().opposite();
        if depth > 1
            && (!legal_only || !board.is_attacked(board.king_square(mover), board.side_to_move()))
        {
            walk_moves(board, depth - 1, legal_only, before, after);
        }
        board.unmake_move(mv, undo);
    }
}

/// Compare [`Board::gives_check_quickly`] with making each move, for
/// every pseudo-legal move of every position `depth` plies down.
fn count_quick_check_answers(board: &mut Board, depth: u32) -> (u64, u64) {
    let (mut answered, mut checks) = (0, 0);
    walk_moves(
        board,
        depth,
        true,
        &mut |board, mv| board.gives_check_quickly(mv),
        &mut |board, mv, quick| {
            let check = board.in_check();
            if let Some(quick) = quick {
                assert_eq!(quick, check, "{mv:?} in {}", board.to_fen());
                answered += 1;
                checks += u64::from(check);
            }
        },
    );
    (answered, checks)
}

#[test]
fn quick_check_test_agrees_with_making_the_move() {
    for fen in [
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        // Kings near each other: a king's move next to the other king
        // counts as a check, as making it shows.
        "8/8/3k4/8/3K4/8/1Q6/8 w - - 0 1",
    ] {
        let mut board = Board::from_fen(fen).unwrap();
        let (answered, checks) = count_quick_check_answers(&mut board, 3);
        assert!(
            answered > 1000 && checks > 10,
            "{fen}: {answered} moves, {checks} checks"
        );
    }
}

/// Compare [`Board::key_after`] with the key making each move gives, for
/// every pseudo-legal move of every position `depth` plies down; returns
/// (moves compared, of them the double pushes that allow an en-passant
/// capture, whose key part `key_after` leaves out).
fn count_keys_after(board: &mut Board, depth: u32) -> (u64, u64) {
    let (mut compared, mut en_passant) = (0, 0);
    walk_moves(
        board,
        depth,
        false,
        &mut |board, mv| board.key_after(mv),
        &mut |board, mv, predicted| {
            let missing = board.en_passant_key();
            assert_eq!(
                predicted ^ missing,
                board.key(),
                "{mv:?}, now {}",
                board.to_fen()
            );
            compared += 1;
            en_passant += u64::from(missing != 0);
        },
    );
    (compared, en_passant)
}

#[test]
fn key_after_predicts_the_key_of_the_move_made() {
    // Castling (rights lost by king and rook moves and captures),
    // promotions with and without capture, en passant both ways.
    for fen in [
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    ] {
        let mut board = Board::from_fen(fen).unwrap();
        let (compared, en_passant) = count_keys_after(&mut board, 3);
        assert!(compared > 1000, "{fen}: {compared} moves");
        if fen.starts_with("8/2p5") {
            assert!(en_passant > 0, "{fen}: no en-passant key met");
        }
    }
}

/// The piece sets of `board` as a scan of its squares finds them.
fn scanned_piece_sets(board: &Board) -> [[u64; 7]; 2] {
    let mut sets = [[0; 7]; 2];
    for square in Square::all() {
        let piece = board.piece_at(square);
        if let Some(color) = piece.color() {
            sets[color.index()][piece.kind_code()] |= square.bit();
        }
    }
    sets
}

#[test]
fn piece_sets_follow_every_move_and_the_legality_test() {
    // Castling both ways, en passant, promotions with and without a capture.
    for fen in [
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "r3k2r/1P4P1/8/3pP3/8/8/6p1/R3K2R w KQkq d6 0 1",
        "r3k2r/1P4P1/8/3pP3/8/8/6p1/R3K2R b KQkq - 0 1",
    ] {
        let mut board = Board::from_fen(fen).unwrap();
        assert_eq!(piece_sets(&board), scanned_piece_sets(&board), "{fen}");
        let original = board.clone();
        let mut moves = Vec::new();
        // The legality filter plays each move on the board and takes it back.
        board.generate_legal(&mut moves);
        assert_eq!(board, original, "{fen}");
        for mv in moves {
            let undo = board.make_move(mv);
            assert_eq!(
                piece_sets(&board),
                scanned_piece_sets(&board),
                "{fen}: after {mv}"
            );
            board.unmake_move(mv, undo);
        }
    }
}

/// The piece sets of `board` as it keeps them.
fn piece_sets(board: &Board) -> [[u64; 7]; 2] {
    let mut sets = [[0; 7]; 2];
    for color in [Color::White, Color::Black] {
        for kind in [
            PieceKind::Pawn,
            PieceKind::Knight,
            PieceKind::Bishop,
            PieceKind::Rook,
            PieceKind::Queen,
            PieceKind::King,
        ] {
            sets[color.index()][kind as usize] = board.pieces_of(color, kind);
        }
    }
    sets
}
