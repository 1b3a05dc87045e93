//! Seed 002's evaluation terms (`eval_tropism`, `eval_rook_files`,
//! `eval_passed`, `eval_isolated`, `eval_doubled`, `eval_seventh`): each term
//! has the sign and size the seed gives it on a hand-checked position, its
//! incremental change (what a move gains) agrees exactly with the full
//! evaluation, each switch changes the search, and every evaluation scores a
//! position and its colour mirror the same.

use umax::board::{Board, Move};
use umax::clock::Limits;
use umax::eval::tapered::Term;
use umax::eval::{
    self, DOUBLED_PAWN_PENALTY, EvalStyle, EvalTerms, ISOLATED_PAWN_PENALTY,
    MAJOR_ON_SEVENTH_BONUS, PASSED_PAWN_BONUS, ROOK_HALF_OPEN_FILE_BONUS, ROOK_OPEN_FILE_BONUS,
    Score, TROPISM_PER_SQUARE, tapered,
};
use umax::lab::run_positions;
use umax::search::Settings;
use umax::tools::BENCH_POSITIONS;

mod common;

/// Every term, with its switch name.
const TERMS: [(&str, EvalTerms); 6] = [
    ("eval_tropism", EvalTerms::TROPISM),
    ("eval_rook_files", EvalTerms::ROOK_FILES),
    ("eval_passed", EvalTerms::PASSED),
    ("eval_isolated", EvalTerms::ISOLATED),
    ("eval_doubled", EvalTerms::DOUBLED),
    ("eval_seventh", EvalTerms::SEVENTH),
];

/// All six terms at once.
fn all_terms() -> EvalTerms {
    TERMS
        .iter()
        .fold(EvalTerms::NONE, |all, &(_, term)| all.with(term, true))
}

/// What `terms` add to the full evaluation of `fen`, for the side to move.
fn term_score(terms: EvalTerms, fen: &str) -> Score {
    let board = Board::from_fen(fen).unwrap();
    term_score_of(terms, &board)
}

fn term_score_of(terms: EvalTerms, board: &Board) -> Score {
    eval::static_eval_with(EvalStyle::Umax, terms, board)
        - eval::static_eval_with(EvalStyle::Umax, EvalTerms::NONE, board)
}

/// What `terms` add to the gain of the move `coordinate` in `fen`.
fn term_gain(terms: EvalTerms, fen: &str, coordinate: &str) -> Score {
    let board = Board::from_fen(fen).unwrap();
    let mv = board.parse_coordinate_move(coordinate).unwrap();
    term_gain_of(terms, &board, mv)
}

fn term_gain_of(terms: EvalTerms, board: &Board, mv: Move) -> Score {
    let material_gone = eval::material_gone(board);
    eval::move_gain_with(EvalStyle::Umax, terms, board, mv, material_gone)
        - eval::move_gain_with(EvalStyle::Umax, EvalTerms::NONE, board, mv, material_gone)
}

#[test]
fn knight_tropism_penalises_distance_to_the_enemy_king() {
    // Knight a1, black king e8: distance max(4, 7) = 7 squares.
    let fen = "4k3/8/8/8/8/8/8/N3K3 w - - 0 1";
    assert_eq!(term_score(EvalTerms::TROPISM, fen), -7 * TROPISM_PER_SQUARE);
    // Na1-b3: distance max(3, 5) = 5, two squares closer.
    assert_eq!(
        term_gain(EvalTerms::TROPISM, fen, "a1b3"),
        2 * TROPISM_PER_SQUARE
    );
    // The black king stepping towards the knight (e8-d7, distance 6) helps White.
    let black = "4k3/8/8/8/8/8/8/N3K3 b - - 0 1";
    assert_eq!(
        term_score(EvalTerms::TROPISM, black),
        7 * TROPISM_PER_SQUARE
    );
    assert_eq!(
        term_gain(EvalTerms::TROPISM, black, "e8d7"),
        -TROPISM_PER_SQUARE
    );
    // No other term sees the knight.
    assert_eq!(
        term_score(all_terms().with(EvalTerms::TROPISM, false), fen),
        0
    );
}

#[test]
fn rooks_on_open_and_half_open_files() {
    // a-file: a black pawn only, so half-open for White's rook.
    let half_open = "4k3/p7/8/8/8/8/1P6/R3K3 w - - 0 1";
    assert_eq!(
        term_score(EvalTerms::ROOK_FILES, half_open),
        ROOK_HALF_OPEN_FILE_BONUS
    );
    // Ra1-b1 puts it behind its own b-pawn: the bonus is lost.
    assert_eq!(
        term_gain(EvalTerms::ROOK_FILES, half_open, "a1b1"),
        -ROOK_HALF_OPEN_FILE_BONUS
    );
    // No pawn at all on the a-file: open.
    let open = "4k3/1p6/8/8/8/8/1P6/R3K3 w - - 0 1";
    assert_eq!(
        term_score(EvalTerms::ROOK_FILES, open),
        ROOK_OPEN_FILE_BONUS
    );
    // A black rook on the open file balances it; with Black to move the score
    // is Black's.
    let both = "r3k3/1p6/8/8/8/8/1P6/R3K3 b - - 0 1";
    assert_eq!(term_score(EvalTerms::ROOK_FILES, both), 0);
    // Castling moves the rook h1-f1, from an open h-file to the f-file with
    // the f2 pawn: the bonus goes.
    let castle = "4k3/8/8/8/8/8/5P2/4K2R w K - 0 1";
    assert_eq!(
        term_score(EvalTerms::ROOK_FILES, castle),
        ROOK_OPEN_FILE_BONUS
    );
    assert_eq!(
        term_gain(EvalTerms::ROOK_FILES, castle, "e1g1"),
        -ROOK_OPEN_FILE_BONUS
    );
}

#[test]
fn passed_pawns_have_no_enemy_pawn_in_front() {
    let passed = "4k3/8/8/3P4/8/8/8/4K3 w - - 0 1";
    assert_eq!(term_score(EvalTerms::PASSED, passed), PASSED_PAWN_BONUS);
    // A black pawn on e6 stands in front of d5 on a neighbouring file, and d5
    // stands in front of it: neither is passed.
    let blocked = "4k3/8/4p3/3P4/8/8/8/4K3 w - - 0 1";
    assert_eq!(term_score(EvalTerms::PASSED, blocked), 0);
    // A black pawn on c4, behind d5: both are passed, and cancel out.
    let behind = "4k3/8/8/3P4/2p5/8/8/4K3 w - - 0 1";
    assert_eq!(term_score(EvalTerms::PASSED, behind), 0);
    // d5xe6 captures the only blocker: White's pawn is passed again.
    assert_eq!(
        term_gain(EvalTerms::PASSED, blocked, "d5e6"),
        PASSED_PAWN_BONUS
    );
}

#[test]
fn isolated_pawns_have_no_friend_beside_them() {
    // a2 and c2 with nothing on the b-file: both isolated.
    let isolated = "4k3/8/8/8/8/8/P1P5/4K3 w - - 0 1";
    assert_eq!(
        term_score(EvalTerms::ISOLATED, isolated),
        -2 * ISOLATED_PAWN_PENALTY
    );
    assert_eq!(
        term_score(EvalTerms::ISOLATED, "4k3/8/8/8/8/8/PPP5/4K3 w - - 0 1"),
        0
    );
    // Black to move sees White's weakness as its gain.
    let black = "4k3/8/8/8/8/8/P1P5/4K3 b - - 0 1";
    assert_eq!(
        term_score(EvalTerms::ISOLATED, black),
        2 * ISOLATED_PAWN_PENALTY
    );
}

#[test]
fn doubled_pawns_are_penalised_each() {
    let doubled = "4k3/8/8/8/8/P7/P7/4K3 w - - 0 1";
    assert_eq!(
        term_score(EvalTerms::DOUBLED, doubled),
        -2 * DOUBLED_PAWN_PENALTY
    );
    // A capture that undoubles them: a3xb4.
    let undouble = "4k3/8/8/8/1p6/P7/P7/4K3 w - - 0 1";
    assert_eq!(
        term_gain(EvalTerms::DOUBLED, undouble, "a3b4"),
        2 * DOUBLED_PAWN_PENALTY
    );
}

#[test]
fn majors_on_the_seventh_need_the_king_on_the_eighth() {
    let rook = "4k3/R7/8/8/8/8/8/4K3 w - - 0 1";
    assert_eq!(term_score(EvalTerms::SEVENTH, rook), MAJOR_ON_SEVENTH_BONUS);
    let queen = "4k3/Q7/8/8/8/8/8/4K3 w - - 0 1";
    assert_eq!(
        term_score(EvalTerms::SEVENTH, queen),
        MAJOR_ON_SEVENTH_BONUS
    );
    // The king off its back rank: no bonus.
    assert_eq!(
        term_score(EvalTerms::SEVENTH, "8/Rp1k4/8/8/8/8/8/4K3 w - - 0 1"),
        0
    );
    // Black's rook on its 7th (rank 2), White's king on rank 1.
    assert_eq!(
        term_score(EvalTerms::SEVENTH, "4k3/8/8/8/8/8/r7/4K3 b - - 0 1"),
        MAJOR_ON_SEVENTH_BONUS
    );
    // The black king stepping up (e8-d7, behind its b7 pawn's shield) takes
    // the bonus away from White.
    let black = "4k3/Rp6/8/8/8/8/8/4K3 b - - 0 1";
    assert_eq!(
        term_gain(EvalTerms::SEVENTH, black, "e8d7"),
        MAJOR_ON_SEVENTH_BONUS
    );
}

#[test]
fn incremental_gain_equals_the_change_of_the_full_evaluation() {
    // Random games from every bench position; at each position every
    // pseudo-legal move's gain must be the difference of full evaluations.
    let mut sets: Vec<EvalTerms> = TERMS.iter().map(|&(_, term)| term).collect();
    sets.push(all_terms());
    let mut checked = 0;
    common::walk_random_games(2024, 30, |board| {
        let mut moves = Vec::new();
        board.generate_moves(&mut moves);
        for &mv in &moves {
            if board.piece_at(mv.to).kind() == Some(umax::board::PieceKind::King) {
                continue;
            }
            let mut after = board.clone();
            after.make_move(mv);
            for &terms in &sets {
                let before = term_score_of(terms, board);
                let gain = term_gain_of(terms, board, mv);
                assert_eq!(
                    -term_score_of(terms, &after),
                    before + gain,
                    "{terms:?}: {mv} in {}",
                    board.to_fen()
                );
                checked += 1;
            }
        }
    });
    assert!(checked > 10_000, "only {checked} moves checked");
}

#[test]
fn each_term_changes_the_bench_node_count() {
    let limits = Limits::depth(4);
    let fens: Vec<&str> = BENCH_POSITIONS.to_vec();
    let off = run_positions(&Settings::default(), &fens, &limits, 18)
        .unwrap()
        .nodes();
    for (name, _) in TERMS {
        let settings = Settings::from_spec(&format!("{name}=on")).unwrap();
        let on = run_positions(&settings, &fens, &limits, 18)
            .unwrap()
            .nodes();
        assert_ne!(on, off, "{name} changes nothing");
    }
}

#[test]
fn seed_terms_are_off_by_default_and_in_no_preset() {
    // (The tapered position terms are on, but count only under eval=tapered;
    // the default adds mobility and king attack.)
    for preset in ["micromax", "plain"] {
        let settings = Settings::preset(preset).unwrap();
        assert_eq!(settings.eval_terms, EvalTerms::DEFAULT, "{preset}");
        // Every tapered term.
        assert_eq!(settings.eval_terms, EvalTerms::TAPERED_TERMS, "{preset}");
    }
    let default_terms = EvalTerms::DEFAULT.with(EvalTerms::ACTIVITY_TERMS, true);
    assert_eq!(Settings::default().eval_terms, default_terms);
    let spec = "eval_tropism=on,eval_seventh=on";
    let settings = Settings::from_spec(spec).unwrap();
    assert_eq!(
        settings.eval_terms,
        default_terms
            .with(EvalTerms::TROPISM, true)
            .with(EvalTerms::SEVENTH, true)
    );
    assert_eq!(settings.to_spec(), format!("default,{spec}"));
    assert_eq!(Settings::from_spec(&settings.to_spec()).unwrap(), settings);
}

#[test]
fn tapered_incremental_gain_equals_the_change_of_the_full_evaluation() {
    // The same walk for `eval=tapered`: tables alone, with each of its
    // position terms, with all of them, and with every seed-002 term on top. The search fixes the phase at the root, so both positions are
    // evaluated at the phase of the one before the move (a capture changes
    // the phase of the position after it). The search's gain, which looks
    // the position terms up in a pawn hash table kept over the whole walk
    // (every term set and phase sharing it), must be the same.
    let mut checked = 0;
    let mut captures = 0;
    let mut cache = tapered::StructureCache::new();
    common::walk_random_games(13, 30, |board| {
        let mut moves = Vec::new();
        board.generate_moves(&mut moves);
        let root_phase = eval::material_gone(board);
        for &mv in &moves {
            if board.piece_at(mv.to).kind() == Some(umax::board::PieceKind::King) {
                continue;
            }
            let mut after = board.clone();
            after.make_move(mv);
            captures += usize::from(eval::material_gone(&after) != root_phase);
            for terms in tapered_term_sets() {
                let before = tapered_eval_at(terms, board, root_phase);
                let gain = eval::move_gain_with(EvalStyle::Tapered, terms, board, mv, root_phase);
                let style = EvalStyle::Tapered;
                let cached =
                    eval::move_gain_cached(style, terms, board, mv, root_phase, &mut cache);
                assert_eq!(cached, gain, "{terms:?}: {mv} in {}", board.to_fen());
                assert_eq!(
                    -tapered_eval_at(terms, &after, root_phase),
                    before + gain,
                    "{terms:?}: {mv} in {}",
                    board.to_fen()
                );
                checked += 1;
            }
        }
    });
    assert!(checked > 10_000, "only {checked} moves checked");
    assert!(captures > 100, "only {captures} moves change the phase");
}

/// The sets of terms the tapered walk checks: none, each tapered position
/// term alone, all of them (the default), and everything.
fn tapered_term_sets() -> Vec<EvalTerms> {
    let mut sets = vec![EvalTerms::NONE, EvalTerms::DEFAULT];
    for (_, term) in TAPERED_TERMS {
        sets.push(EvalTerms::NONE.with(term, true));
    }
    sets.push(EvalTerms::DEFAULT.with(all_terms(), true));
    sets
}

/// The tapered evaluation of `board` (with `terms`) at the phase of
/// `material_gone`, the root's, rather than at its own.
fn tapered_eval_at(terms: EvalTerms, board: &Board, material_gone: i32) -> Score {
    let own_phase = eval::material_gone(board);
    let with_seed_terms = eval::static_eval_with(EvalStyle::Tapered, terms, board);
    // The seed-002 terms do not depend on the phase; the tapered part does.
    tapered::static_eval_at(terms, board, material_gone) + with_seed_terms
        - tapered::static_eval_at(terms, board, own_phase)
}

/// The tapered position terms, with their switch names.
const TAPERED_TERMS: [(&str, EvalTerms); 8] = [
    ("tapered_passed", EvalTerms::TAPERED_PASSED),
    ("tapered_isolated", EvalTerms::TAPERED_ISOLATED),
    ("tapered_doubled", EvalTerms::TAPERED_DOUBLED),
    ("tapered_shelter", EvalTerms::TAPERED_SHELTER),
    ("tapered_castling", EvalTerms::TAPERED_CASTLING),
    ("tapered_supported", EvalTerms::TAPERED_SUPPORTED),
    ("tapered_passed_king", EvalTerms::TAPERED_PASSED_KING),
    ("tapered_backward", EvalTerms::TAPERED_BACKWARD),
];

/// The terms that occur in `counts` (indexed as [`tapered::ALL_TERMS`]), with
/// their counts.
fn occurring(counts: [i32; tapered::TERMS]) -> Vec<(Term, i32)> {
    tapered::ALL_TERMS
        .iter()
        .zip(counts)
        .filter(|&(_, count)| count != 0)
        .map(|(&term, count)| (term, count))
        .collect()
}

/// The position-term counts of `fen`, White's minus Black's, by term.
fn counts(fen: &str) -> Vec<(Term, i32)> {
    occurring(tapered::Structure::of(&Board::from_fen(fen).unwrap()).counts())
}

#[test]
fn tapered_terms_count_passed_isolated_doubled_shelter_and_castling() {
    // White: a2 a3 doubled (a7 stops both), b2, d5 passed and isolated, h2
    // passed and isolated. Black: a7 isolated, not passed (a2, b2).
    assert_eq!(
        counts("4k3/p7/8/3P4/8/P7/PP5P/4K3 w - - 0 1"),
        vec![
            (Term::PassedRank2, 1),
            (Term::PassedRank5, 1),
            (Term::Isolated, 1),
            (Term::Doubled, 2),
            // b2 defends a3.
            (Term::SupportedPawn, 1),
            // d5 has come 3 ranks; its stop square d6 is 5 steps from
            // White's king, 2 from Black's (h2 has not come any).
            (Term::PassedOwnKing, 15),
            (Term::PassedEnemyKing, 6),
        ]
    );
    // A king castled short behind f2 g2 h2 (three passed pawns, too).
    assert_eq!(
        counts("4k3/8/8/8/8/8/5PPP/6K1 w - - 0 1"),
        vec![(Term::PassedRank2, 3), (Term::ShelterNear, 3)]
    );
    // g3 two ranks in front of the king on g1 (and isolated; g6 h7 are
    // too far from Black's king to shelter it).
    assert_eq!(
        counts("4k3/7p/6p1/8/8/6P1/8/6K1 w - - 0 1"),
        vec![
            (Term::Isolated, 1),
            (Term::ShelterFar, 1),
            // h7 defends g6.
            (Term::SupportedPawn, -1),
        ]
    );
    // Castling rights: White's two, Black's one.
    assert_eq!(
        counts("r3k2r/8/8/8/8/8/8/R3K2R w KQk - 0 1"),
        vec![(Term::CastlingRight, 1)]
    );
}

#[test]
fn supported_pawns_and_the_kings_race_to_a_passed_pawn_are_counted() {
    // c2 defends b3. b3 is passed on its 3rd rank (1 rank come): its stop
    // square b4 is 3 king steps from e1 and 4 from e8.
    let white = counts("4k3/8/8/8/8/1P6/2P5/4K3 w - - 0 1");
    assert_eq!(
        white,
        vec![
            (Term::PassedRank2, 1),
            (Term::PassedRank3, 1),
            (Term::SupportedPawn, 1),
            (Term::PassedOwnKing, 3),
            (Term::PassedEnemyKing, 4),
        ]
    );
    // The same position with the colours swapped: every count changes sign.
    let negated: Vec<(Term, i32)> = white.iter().map(|&(term, count)| (term, -count)).collect();
    assert_eq!(counts("4k3/2p5/1p6/8/8/8/8/4K3 b - - 0 1"), negated);
}

#[test]
fn rook_files_pawn_threats_and_the_bishop_pair_are_counted() {
    let has = |fen: &str, term: Term, count: i32| {
        let counts = activity_counts(fen);
        assert!(counts.contains(&(term, count)), "{fen}: {counts:?}");
    };
    // Rooks on the a and h files, no pawns anywhere: two open files.
    has("4k3/8/8/8/8/8/8/R3K2R w - - 0 1", Term::RookOpenFile, 2);
    // A black pawn on a7 makes the a-file half-open for White's rook...
    has("4k3/p7/8/8/8/8/8/R3K3 w - - 0 1", Term::RookHalfOpenFile, 1);
    // ...and an own pawn closes it.
    let closed = activity_counts("4k3/p7/8/8/8/8/P7/R3K3 w - - 0 1");
    assert!(
        !closed
            .iter()
            .any(|(term, _)| matches!(term, Term::RookOpenFile | Term::RookHalfOpenFile)),
        "{closed:?}"
    );
    // The black pawn on d5 attacks White's knight on e4 (counted against
    // White); a pawn does not attack straight ahead (the knight on d4 of
    // the second position is safe).
    has("4k3/8/8/3p4/4N3/8/8/4K3 w - - 0 1", Term::PawnThreat, -1);
    let safe = activity_counts("4k3/8/8/3p4/3N4/8/8/4K3 w - - 0 1");
    assert!(!safe.iter().any(|(term, _)| *term == Term::PawnThreat));
    // Black has both bishops, White one.
    has("2b1kb2/8/8/8/8/8/8/2B1K3 w - - 0 1", Term::BishopPair, -1);
}

/// The activity counts of `fen` (mobility and king attack), White's minus
/// Black's, by term.
fn activity_counts(fen: &str) -> Vec<(Term, i32)> {
    occurring(tapered::activity_counts(&Board::from_fen(fen).unwrap()))
}

/// The activity count of one `term` in `fen` (0 if it does not occur).
fn activity_count(fen: &str, term: Term) -> i32 {
    tapered::activity_counts(&Board::from_fen(fen).unwrap())[term as usize]
}

#[test]
fn activity_terms_count_reached_squares_and_attacks_on_the_king_zone() {
    // The start position is symmetric: every count is 0.
    assert_eq!(
        activity_counts("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"),
        vec![]
    );
    // A rook on e4 reaches e5-e8 (the king included: a square it attacks),
    // e3 e2 (not e1, its own king), a4-d4 and f4-h4: 13 squares. Of those,
    // e7 and e8 lie in the black king's zone (e8 and the squares around it).
    // The e-file has no pawns: an open file.
    assert_eq!(
        activity_counts("4k3/8/8/8/4R3/8/8/4K3 b - - 0 1"),
        vec![
            (Term::MobilityRook, 13),
            (Term::KingAttack, 2),
            (Term::RookOpenFile, 1)
        ]
    );
    // A knight in the corner reaches two squares; one on d4 eight. Black's
    // count is taken from White's.
    assert_eq!(
        activity_counts("n3k3/8/8/8/3N4/8/8/4K3 w - - 0 1"),
        vec![(Term::MobilityKnight, 6)]
    );
    // A bishop and a queen, each blocked by its own pawn on one line.
    // Bishop c1: b2 a3 on one diagonal, its own pawn on d2 on the other.
    let board = "3qk3/3p4/8/8/8/8/3P4/2B1K3 w - - 0 1";
    let counts = activity_counts(board);
    assert!(counts.contains(&(Term::MobilityBishop, 2)), "{counts:?}");
    // Queen d8: a8-c8 (3), c7 b6 a5 (3), e7 f6 g5 h4 (4); e8 is its king.
    assert!(counts.contains(&(Term::MobilityQueen, -10)), "{counts:?}");
}

#[test]
fn activity_switches_change_the_evaluation_where_their_terms_occur() {
    // A full board, where both terms' middle-game values count: the rook
    // on e4 bears on e7, next to the black king.
    let board =
        Board::from_fen("rnbqk1nr/ppppbppp/8/8/4R3/8/PPPP1PPP/RNBQKBN1 w Qkq - 0 1").unwrap();
    let activity = |terms: EvalTerms| {
        eval::activity_with(
            EvalStyle::Tapered,
            terms,
            &board,
            eval::material_gone(&board),
        )
    };
    for (name, term) in [
        ("mobility", EvalTerms::MOBILITY),
        ("king_attack", EvalTerms::KING_ATTACK),
    ] {
        assert_ne!(
            activity(EvalTerms::NONE.with(term, true)),
            0,
            "{name} adds nothing"
        );
        // A laboratory switch, on by default.
        assert!(Settings::default().eval_terms.contains(term));
        let settings = Settings::from_spec(&format!("{name}=off")).unwrap();
        assert!(!settings.eval_terms.contains(term));
    }
    assert_eq!(activity(EvalTerms::NONE), 0);
    // The piece terms counted with them, each where it occurs.
    for (name, term, fen) in [
        (
            "rook_files",
            EvalTerms::ROOK_FILE_TERMS,
            "4k3/p7/8/8/8/8/8/R3K3 w - - 0 1",
        ),
        (
            "pawn_threats",
            EvalTerms::PAWN_THREATS,
            "4k3/8/8/3p4/4N3/8/8/4K3 w - - 0 1",
        ),
        (
            "bishop_pair",
            EvalTerms::BISHOP_PAIR,
            "2b1kb2/8/8/8/8/8/8/2B1K3 w - - 0 1",
        ),
        (
            "unsafe_mobility",
            EvalTerms::UNSAFE_MOBILITY,
            "4k3/4p3/8/8/4N3/8/8/4K3 w - - 0 1",
        ),
    ] {
        let board = Board::from_fen(fen).unwrap();
        let on = EvalTerms::NONE.with(term, true);
        let score = eval::activity_with(EvalStyle::Tapered, on, &board, 0);
        assert_ne!(score, 0, "{name} adds nothing in {fen}");
        assert!(Settings::default().eval_terms.contains(term));
        let settings = Settings::from_spec(&format!("{name}=off")).unwrap();
        assert!(!settings.eval_terms.contains(term));
    }
    // They count under eval=umax too, with the same tuned values, but never
    // under micro-Max's own evaluation.
    let all = EvalTerms::DEFAULT.with(EvalTerms::ACTIVITY_TERMS, true);
    let material_gone = eval::material_gone(&board);
    assert_eq!(
        eval::activity_with(EvalStyle::Umax, all, &board, material_gone),
        activity(all)
    );
    assert_eq!(
        eval::activity_with(EvalStyle::MicroMax, all, &board, material_gone),
        0
    );
    // They are not part of the incremental evaluation: turning them on
    // changes no move's gain.
    let mv = board.parse_coordinate_move("e4a4").unwrap();
    assert_eq!(
        eval::move_gain_with(EvalStyle::Tapered, EvalTerms::DEFAULT, &board, mv, 0),
        eval::move_gain_with(
            EvalStyle::Tapered,
            EvalTerms::DEFAULT.with(EvalTerms::ACTIVITY_TERMS, true),
            &board,
            mv,
            0
        )
    );
}

#[test]
fn under_tapered_castling_is_worth_more_than_stepping_the_king_aside() {
    // Under a king table with files h-e tied to a-d, Ke1-f1 would read the
    // entry of a king castled long (c1); f1 has its own entry, and the step
    // also gives up both castling rights.
    let board =
        Board::from_fen("r1bqk2r/pppp1ppp/2n2n2/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4")
            .unwrap();
    let gain = |coordinate: &str| {
        let mv = board.parse_coordinate_move(coordinate).unwrap();
        eval::move_gain_with(EvalStyle::Tapered, EvalTerms::DEFAULT, &board, mv, 0)
    };
    assert!(
        gain("e1g1") > gain("e1f1") + 30,
        "{} {}",
        gain("e1g1"),
        gain("e1f1")
    );
}

#[test]
fn each_tapered_term_switch_changes_the_evaluation_where_its_term_occurs() {
    let fens = [
        ("tapered_passed", "4k3/8/8/3P4/8/8/8/4K3 w - - 0 1"),
        ("tapered_isolated", "4k3/8/8/3P4/8/8/8/4K3 w - - 0 1"),
        ("tapered_doubled", "4k3/8/8/8/8/P7/P7/4K3 w - - 0 1"),
        // (A full board for the shelter, which matters in the middle game;
        // the tuned castling right is worth something only towards the end
        // game, so rooks and pawns only for it.)
        (
            "tapered_shelter",
            "rnbqkbnr/8/8/8/8/8/5PPP/RNBQ1BKR w - - 0 1",
        ),
        (
            "tapered_castling",
            "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w kq - 0 1",
        ),
        ("tapered_supported", "4k3/8/8/8/8/1P6/2P5/4K3 w - - 0 1"),
        ("tapered_passed_king", "4k3/8/8/3P4/8/8/8/4K3 w - - 0 1"),
        ("tapered_backward", "4k3/8/1p6/2p5/8/3P4/8/4K3 w - - 0 1"),
    ];
    for ((name, term), (fen_name, fen)) in TAPERED_TERMS.iter().zip(fens) {
        assert_eq!(*name, fen_name);
        let board = Board::from_fen(fen).unwrap();
        let on = eval::static_eval_with(EvalStyle::Tapered, EvalTerms::DEFAULT, &board);
        let off = eval::static_eval_with(
            EvalStyle::Tapered,
            EvalTerms::DEFAULT.with(*term, false),
            &board,
        );
        assert_ne!(on, off, "{name} changes nothing in {fen}");
        // The switch is a laboratory option, on by default.
        let settings = Settings::from_spec(&format!("eval=tapered,{name}=off")).unwrap();
        assert!(!settings.eval_terms.contains(*term));
        assert!(Settings::default().eval_terms.contains(*term));
    }
}

#[test]
fn tapered_is_the_default_and_a_choice_of_the_eval_option() {
    assert_eq!(Settings::default().eval, EvalStyle::Tapered);
    let settings = Settings::from_spec("eval=umax,eval_passed=on").unwrap();
    assert_eq!(settings.eval, EvalStyle::Umax);
    assert_eq!(
        settings.eval_terms,
        Settings::default().eval_terms.with(EvalTerms::PASSED, true)
    );
    // The style changes the search.
    let limits = Limits::depth(4);
    let fens: Vec<&str> = BENCH_POSITIONS.to_vec();
    let tapered = run_positions(&Settings::default(), &fens, &limits, 18).unwrap();
    let umax = run_positions(
        &Settings::from_spec("eval=umax").unwrap(),
        &fens,
        &limits,
        18,
    )
    .unwrap();
    assert_ne!(umax.nodes(), tapered.nodes());
}

#[test]
fn backward_pawns_and_squares_a_pawn_takes_away_are_counted() {
    let has = |counts: &[(Term, i32)], term: Term, count: i32| {
        assert!(counts.contains(&(term, count)), "{counts:?}");
    };
    // White's d3 has no pawn beside it and Black's c5 attacks d4: backward.
    // Black's c5 is covered by b6, level with it or behind it on the
    // b-file, so it is not backward although d3 attacks c4.
    has(
        &counts("4k3/8/1p6/2p5/8/3P4/8/4K3 w - - 0 1"),
        Term::Backward,
        1,
    );
    // With a white pawn on e2, behind d3 on a neighbouring file, d3 can be
    // defended: no backward pawn (and b6, c5 are not backward either).
    let defended = counts("4k3/8/1p6/2p5/8/3P4/4P3/4K3 w - - 0 1");
    assert!(
        !defended.iter().any(|(term, _)| *term == Term::Backward),
        "{defended:?}"
    );
    // A pawn in front of it on a neighbouring file does not help: e4 is
    // ahead of d3, so d3 is still backward.
    has(
        &counts("4k3/8/1p6/2p5/4P3/3P4/8/4K3 w - - 0 1"),
        Term::Backward,
        1,
    );
    // The knight on e4 reaches c3, c5, d2, d6, f2, f6, g3, g5; Black's pawn
    // on e7 attacks d6 and f6: two squares it takes away (counted for
    // White, as mobility is; the tuned value is what makes them a loss).
    has(
        &activity_counts("4k3/4p3/8/8/4N3/8/8/4K3 w - - 0 1"),
        Term::UnsafeMobility,
        2,
    );
}

#[test]
fn each_new_term_switch_changes_the_evaluation_where_its_term_occurs() {
    // The last term adopted, king danger: it moves the evaluation (through
    // its activity part) of a position where it occurs, and leaves alone
    // one where it does not.
    let cases = [(
        "king_danger",
        EvalTerms::KING_DANGER,
        "6k1/8/8/6NQ/8/8/8/6K1 w - - 0 1",
    )];
    let played = Settings::default().eval_terms;
    for (name, term, fen) in cases {
        assert!(played.contains(term), "{name} on by default");
        let default = played.with(term, false);
        let settings = Settings::from_spec(&format!("{name}=off")).unwrap();
        assert_eq!(settings.eval_terms, default);
        let settings = Settings::from_spec(&format!("{name}=on")).unwrap();
        assert_eq!(settings.eval_terms, default.with(term, true));
        let evaluate = |terms: EvalTerms, fen: &str| {
            let board = Board::from_fen(fen).unwrap();
            let gone = eval::material_gone(&board);
            eval::static_eval_with(EvalStyle::Tapered, terms, &board)
                + eval::activity_with(EvalStyle::Tapered, terms, &board, gone)
        };
        assert_ne!(
            evaluate(default.with(term, true), fen),
            evaluate(default, fen),
            "{name} changes nothing in {fen}"
        );
        // Two bare kings: no such term, no change.
        let bare = "4k3/8/8/8/8/8/8/4K3 w - - 0 1";
        assert_eq!(
            evaluate(default.with(term, true), bare),
            evaluate(default, bare)
        );
    }
}

/// `fen` with the colours swapped: the board turned upside down, White's
/// pieces made Black's and the other way round, and the other side to move.
fn colour_mirror(fen: &str) -> String {
    let fields: Vec<&str> = fen.split_whitespace().collect();
    let swap_case = |c: char| {
        if c.is_ascii_uppercase() {
            c.to_ascii_lowercase()
        } else {
            c.to_ascii_uppercase()
        }
    };
    let ranks: Vec<String> = fields[0]
        .split('/')
        .rev()
        .map(|rank| rank.chars().map(swap_case).collect())
        .collect();
    let side = if fields[1] == "w" { "b" } else { "w" };
    let mut castling: Vec<char> = fields[2].chars().map(swap_case).collect();
    castling.sort_by_key(|&c| (c.is_ascii_lowercase(), c == 'q' || c == 'Q'));
    let castling: String = castling.into_iter().collect();
    let en_passant = match fields[3] {
        "-" => "-".to_string(),
        square => {
            let rank = if &square[1..] == "3" { '6' } else { '3' };
            format!("{}{rank}", &square[..1])
        }
    };
    format!(
        "{} {side} {castling} {en_passant} {} {}",
        ranks.join("/"),
        fields[4],
        fields[5]
    )
}

#[test]
fn the_evaluation_is_the_same_for_both_colours() {
    // A position and its colour mirror are the same position for the side
    // to move, so every evaluation must score them the same: a term that
    // looks at one colour's squares the wrong way round shows up here.
    assert_eq!(
        colour_mirror("r3k2r/8/8/3pP3/8/8/8/R3K2R w KQq d6 0 1"),
        "r3k2r/8/8/8/3Pp3/8/8/R3K2R b Qkq d3 0 1"
    );
    let settings = Settings::default();
    let mut checked = 0;
    common::walk_random_games(29, 40, |board| {
        let fen = board.to_fen();
        let mirrored = Board::from_fen(&colour_mirror(&fen)).unwrap();
        let phase = eval::material_gone(board);
        assert_eq!(eval::material_gone(&mirrored), phase, "{fen}");
        for style in [EvalStyle::Umax, EvalStyle::MicroMax, EvalStyle::Tapered] {
            for terms in [settings.eval_terms, all_terms()] {
                let score = eval::static_eval_with(style, terms, board)
                    + eval::activity_with(style, terms, board, phase);
                let mirror_score = eval::static_eval_with(style, terms, &mirrored)
                    + eval::activity_with(style, terms, &mirrored, phase);
                assert_eq!(score, mirror_score, "{style:?} {terms:?}: {fen}");
                checked += 1;
            }
        }
    });
    assert!(checked > 5_000, "only {checked} positions checked");
}

/// `eval::drawish_scaled` of `score` for the side to move in `fen`.
fn drawish(fen: &str, score: Score) -> Score {
    eval::drawish_scaled(&Board::from_fen(fen).unwrap(), score)
}

#[test]
fn a_side_without_pawns_and_without_mating_material_is_scored_near_a_draw() {
    // A knight against a pawn (from a game umax drew, thinking it +4.34):
    // the knight's side cannot mate, so its score is divided by 16, for
    // either side to move.
    assert_eq!(drawish("8/3N4/8/6k1/8/7p/7K/8 w - - 0 1", 400), 25);
    assert_eq!(drawish("8/3N4/8/6k1/8/7p/7K/8 b - - 0 1", -400), -25);
    // The pawn's side keeps its (small) advantage whole.
    assert_eq!(drawish("8/3N4/8/6k1/8/7p/7K/8 b - - 0 1", 50), 50);
    // Two knights cannot force mate either; a knight and a bishop can.
    assert_eq!(drawish("8/8/4k3/8/8/2NN4/6p1/4K3 w - - 0 1", 320), 20);
    assert_eq!(drawish("8/8/4k3/8/8/2NB4/6p1/4K3 w - - 0 1", 320), 320);
    // Nothing to play for on either side: a lone minor piece, or two.
    assert_eq!(drawish("8/8/4k3/8/8/2B5/8/4K3 w - - 0 1", 300), 0);
    assert_eq!(drawish("8/8/4k3/3n4/8/2B5/8/4K3 b - - 0 1", -30), 0);
}

#[test]
fn a_side_without_pawns_at_most_a_minor_piece_ahead_is_scored_nearer_a_draw() {
    // Rook against bishop, rook and bishop against rook, queen against
    // rook and knight: divided by 4.
    assert_eq!(drawish("8/8/3k4/8/8/2b5/1R6/4K3 w - - 0 1", 200), 50);
    assert_eq!(drawish("8/3R4/3r4/4k3/8/3B2K1/8/8 w - - 0 1", 400), 100);
    assert_eq!(drawish("8/8/3k4/2nr4/8/8/1Q6/4K3 b - - 0 1", -120), -30);
    // Queen against rook, a rook against a bare king, a pawn up: a win,
    // left alone.
    assert_eq!(drawish("8/8/3k4/3r4/8/8/1Q6/4K3 w - - 0 1", 500), 500);
    assert_eq!(drawish("8/8/3k4/8/8/8/1R6/4K3 w - - 0 1", 700), 700);
    assert_eq!(drawish("8/8/3k4/8/8/2b5/1R5P/4K3 w - - 0 1", 300), 300);
}

#[test]
fn drawish_changes_a_search_of_a_pawnless_ending() {
    // Rook and bishop against rook: with the switch the score comes down
    // to a quarter and the tree changes with it.
    let fens = ["8/3R4/3r4/4k3/8/3B2K1/8/8 w - - 0 1"];
    let nodes = |spec: &str| {
        let settings = Settings::from_spec(spec).unwrap();
        run_positions(&settings, &fens, &Limits::depth(8), 16)
            .unwrap()
            .nodes()
    };
    assert_ne!(nodes("drawish=on"), nodes("drawish=off"));
}

#[test]
fn king_danger_grows_with_the_square_of_the_attack_and_needs_the_queen() {
    let count = activity_count;
    // The queen on h5 bears on f7, h7 and h8, the knight on g5 on f7 and
    // h7: weight 5·3 + 2·2 = 19, counted 19² / 16 = 22.
    assert_eq!(
        count("6k1/8/8/6NQ/8/8/8/6K1 w - - 0 1", Term::KingDanger),
        22
    );
    // The same attack by Black, on White's king: the count is Black's.
    assert_eq!(
        count(
            &colour_mirror("6k1/8/8/6NQ/8/8/8/6K1 w - - 0 1"),
            Term::KingDanger
        ),
        -22
    );
    // One attacker alone: nothing.
    assert_eq!(count("6k1/8/8/7Q/8/8/8/6K1 w - - 0 1", Term::KingDanger), 0);
    // Two attackers without the queen (a rook on the h-file instead):
    // nothing either.
    assert_eq!(
        count("6k1/8/8/6N1/8/8/8/6KR w - - 0 1", Term::KingDanger),
        0
    );
    // The square grows faster than the attack: doubling the weight
    // quadruples the count, up to its cap.
    assert_eq!(tapered::king_danger(14, 2, true), 12);
    assert_eq!(tapered::king_danger(28, 3, true), 49);
    assert_eq!(tapered::king_danger(60, 4, true), 100);
    assert_eq!(tapered::king_danger(28, 1, true), 0);
    assert_eq!(tapered::king_danger(28, 3, false), 0);
}

/// Switch `node_phase`: the spread of a position (every piece's and position
/// term's middle-game less end-game value) is how far its tapered evaluation
/// moves with the phase: the evaluations at two phases differ by the spread
/// times the change of phase, up to the rounding of each blended value (one
/// centipawn per piece and per term at most).
#[test]
fn node_phase_spread_moves_the_evaluation_with_the_phase() {
    let terms = Settings::default().eval_terms;
    let mut cache = tapered::StructureCache::new();
    let mut asymmetric = 0;
    for fen in BENCH_POSITIONS.iter().take(12) {
        let board = Board::from_fen(fen).unwrap();
        let white_spread = tapered::spread(terms, &board, &mut cache);
        let spread = match board.side_to_move() {
            umax::board::Color::White => white_spread,
            umax::board::Color::Black => -white_spread,
        };
        let rounding = board.occupied().count_ones() as Score + tapered::TERMS as Score;
        for (gone, later) in [(0, 12), (6, 20), (10, 40), (30, 34)] {
            let change = tapered::phase(later) - tapered::phase(gone);
            let moved = tapered::static_eval_at(terms, &board, later)
                - tapered::static_eval_at(terms, &board, gone);
            let predicted = spread * change / tapered::FULL_PHASE;
            assert!(
                (moved - predicted).abs() <= rounding,
                "{fen}: from {gone} to {later} units gone the evaluation moved {moved}, the spread says {predicted}"
            );
        }
        asymmetric += usize::from(spread != 0);
    }
    // The start position's spread is 0 (each side's cancels); most others' not.
    assert!(
        asymmetric >= 10,
        "{asymmetric} of 12 positions with a spread"
    );
}

#[test]
fn mop_up_pieces_drives_the_defending_king_to_the_edge_when_ahead_enough() {
    // Queen against rook, a win that needs the defending king driven to the
    // edge, beyond a short search's horizon: `mop_up_pieces` gives the
    // search that gradient (measured in self-play on such endings: the
    // notebook's `mop_up_pieces`). The kings stand two steps apart in both
    // positions, so only the edge term differs: a8 is 3 + 3 steps from the
    // centre, d5 none, at 10 cp a step.
    let activity = |terms: EvalTerms, fen: &str| {
        let board = Board::from_fen(fen).unwrap();
        eval::activity_with(EvalStyle::Tapered, terms, &board, 0)
    };
    let with_pieces = EvalTerms::NONE
        .with(EvalTerms::MOP_UP, true)
        .with(EvalTerms::MOP_UP_PIECES, true);
    // The two placements (pieces only), with `side` to move.
    let edge_over_centre = |terms: EvalTerms, [edge, centre]: [&str; 2], side: &str| {
        let score = |pieces: &str| activity(terms, &format!("{pieces} {side} - - 0 1"));
        score(edge) - score(centre)
    };
    let queen_against_rook = ["k7/8/2K5/8/8/8/1r6/4Q3", "8/5K2/8/3k4/8/8/1r6/4Q3"];
    assert_eq!(edge_over_centre(with_pieces, queen_against_rook, "w"), 60);
    // Without the switch mop-up waits for a bare king; the defender to move
    // sees it from the other side.
    assert_eq!(
        edge_over_centre(EvalTerms::MOP_UP, queen_against_rook, "w"),
        0
    );
    assert_eq!(edge_over_centre(with_pieces, queen_against_rook, "b"), -60);
    // A rook and bishop against a rook is ahead by a minor piece only,
    // mostly a draw: left alone.
    let minor_ahead = ["k7/8/2K5/8/8/8/1r6/4RB2", "8/5K2/8/3k4/8/8/1r6/4RB2"];
    assert_eq!(edge_over_centre(with_pieces, minor_ahead, "w"), 0);
}
