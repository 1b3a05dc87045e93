//! `umax tune`, the Texel tuner: its features evaluate exactly as the engine
//! does, it reads self-play PGN, it lowers the error on data with a clear
//! pattern, it writes source in the shape of `src/engine/eval/tuned.rs`, and bad
//! input is a one-line error.

use umax::board::{Board, Color};
use umax::eval::tapered::{self, Term};
use umax::eval::tuned::{self, TUNED};
use umax::eval::{self, EvalStyle, EvalTerms};
use umax::tune::{self, DataSet, TuneOptions};

mod common;

/// A game as `umax selfplay --pgn` writes it (the first game of a
/// `selfplay --nodes 30000` run): 144 plies from its opening FEN, won by Black.
const SELFPLAY_GAME: &str = r#"[Event "umax selfplay"]
[Site "?"]
[Date "2026.11.23"]
[Round "1"]
[White "umax a: default"]
[Black "umax b: default"]
[Result "0-1"]
[TimeControl "-"]
[Termination "normal"]
[Opening "rnbqkbnr/1pp1pppp/8/p7/3p1P2/BP6/P1PPP1PP/RN1QKBNR w KQkq - 0 4"]
[SetUp "1"]
[FEN "rnbqkbnr/1pp1pppp/8/p7/3p1P2/BP6/P1PPP1PP/RN1QKBNR w KQkq - 0 4"]

4. c4 Nc6 5. Nf3 Nf6 6. g3 Bf5 7. Bg2 Nb4 8. d3 Nc6 9. O-O Ng4 10. Ne5 Ncxe5
11. fxe5 Ne3 12. Qe1 Nxf1 13. Qxf1 Bc8 14. Bd5 f6 15. exf6 gxf6 16. Qf3 c6 17.
Qh5+ Kd7 18. Be4 h6 19. Bc5 Kc7 20. e3 dxe3 21. Bxe3 e5 22. Nc3 Be6 23. Rc1 Bd7
24. d4 Be8 25. Qd1 Bd6 26. Rc2 Bd7 27. Qh5 Qe8 28. Qxe8 Raxe8 29. a4 f5 30. c5
Be7 31. Bd3 Bg5 32. Bxg5 hxg5 33. d5 e4 34. d6+ Kd8 35. Bc4 Re5 36. Kg2 Rxc5
37. Nd1 f4 38. gxf4 gxf4 39. Kf1 e3 40. Rc3 Bg4 41. Nxe3 fxe3 42. Rxe3 Rxh2 43.
Rc3 Rh3 44. Rxh3 Bxh3+ 45. Ke2 Kd7 46. Kd2 Bf5 47. Ke3 b6 48. Kd4 Kxd6 49. Be2
Re5 50. Bc4 c5+ 51. Kc3 Re3+ 52. Kd2 Rf3 53. Ke2 Be4 54. Kd2 Rg3 55. Kd1 Rg2
56. Ke1 Bc2 57. Kf1 Rg3 58. Kf2 Rc3 59. Ke2 Bxb3 60. Bb5 Rc2+ 61. Kd3 Ra2 62.
Ke3 Bxa4 63. Bc4 Rb2 64. Bd3 Bc6 65. Bc4 a4 66. Kd3 a3 67. Kc3 Rf2 68. Bg8 Bd5
69. Bxd5 Kxd5 70. Kd3 c4+ 71. Ke3 Rf5 72. Kd2 a2 73. Ke2 a1=Q 74. Kd2 Re5 75.
Kc2 Re2# 0-1

"#;

#[test]
fn the_features_evaluate_exactly_as_the_engine() {
    // What makes the tuner trustworthy: the error it minimises is the error
    // of the evaluation the engine runs, position by position.
    let mut checked = 0;
    common::walk_random_games(7, 40, |board| {
        let (phase, features) = tune::features(board);
        // The search adds the activity terms (mobility, king attack, ...)
        // in full-width nodes to the incremental evaluation; the features
        // hold them all, and every position term.
        // (Every position term, those still off in the default too.)
        let engine = eval::static_eval_with(EvalStyle::Tapered, EvalTerms::TAPERED_TERMS, board)
            + eval::activity_with(
                EvalStyle::Tapered,
                // (mop_up is not tuned: no feature holds it.)
                EvalTerms::ACTIVITY_TERMS.with(EvalTerms::MOP_UP, false),
                board,
                eval::material_gone(board),
            );
        let white_view = match board.side_to_move() {
            Color::White => engine,
            Color::Black => -engine,
        };
        assert_eq!(
            tune::feature_eval(&TUNED, phase, &features),
            white_view,
            "{}",
            board.to_fen()
        );
        checked += 1;
    });
    assert!(checked > 1000, "only {checked} positions");
}

#[test]
fn a_selfplay_game_is_read_position_by_position() {
    let mut data = DataSet::default();
    data.add_pgn(SELFPLAY_GAME, 8);
    assert_eq!((data.games, data.games_skipped), (1, 0));
    // 144 plies: 145 positions, the first 8 skipped, and the last (mate)
    // is in check.
    assert_eq!(data.positions_seen, 145);
    assert_eq!(data.dropped[0], 8);
    assert!(data.dropped[1] >= 1);
    let [_, in_check, not_quiet] = data.dropped;
    assert_eq!(data.len(), 145 - 8 - in_check - not_quiet);
    assert!(data.len() > 50, "{data:?}");

    // The same game again is a duplicate; an unfinished game is skipped.
    let unfinished = SELFPLAY_GAME
        .replace("[Result \"0-1\"]", "[Result \"*\"]")
        .replace("Re2# 0-1", "Re2# *");
    data.add_pgn(&format!("{SELFPLAY_GAME}{unfinished}"), 8);
    assert_eq!(data.games, 3);
    assert_eq!(data.duplicates, 1);
    assert_eq!(data.games_skipped, 1);
}

#[test]
fn resolve_tunes_on_the_end_of_each_positions_quiescence_search() {
    let leaf = |fen| tune::quiescence_leaf(&Board::from_fen(fen).unwrap()).to_fen();
    // A hanging queen is taken, and the position after it is quiet.
    assert_eq!(
        leaf("4k3/8/8/3q4/4P3/8/8/4K3 w - - 0 1"),
        "4k3/8/8/3P4/8/8/8/4K3 b - - 0 1"
    );
    // A pawn takes a knight a pawn defends, and is taken back: the exchange
    // is followed to its end.
    assert_eq!(
        leaf("4k3/8/4p3/3n4/4P3/8/8/4K3 w - - 0 1"),
        "4k3/8/8/3p4/8/8/8/4K3 w - - 0 2"
    );
    // A knight for a defended pawn loses: the side to move stands pat.
    let quiet = "4k3/8/2p5/3p4/8/4N3/8/4K3 w - - 0 1";
    assert_eq!(leaf(quiet), quiet);

    // The self-play game: with --resolve nothing is dropped for a capture
    // (its positions move to their leaves instead), so more are kept.
    let mut plain = DataSet::default();
    plain.add_pgn(SELFPLAY_GAME, 8);
    let mut resolving = DataSet::resolving(true);
    resolving.add_pgn(SELFPLAY_GAME, 8);
    assert_eq!(resolving.dropped[2], 0);
    assert!(plain.dropped[2] > 0, "{plain:?}");
    // (Not one leaf per position dropped: quiescence may stand pat where
    // SEE sees a capture that wins material, if the tables value the
    // position after it less.)
    assert!(resolving.resolved > 0, "{resolving:?}");
    assert!(resolving.len() > plain.len());
}

#[test]
fn tuning_lowers_the_error_where_the_data_has_a_pattern() {
    // A pawn up wins three games in four (the others are drawn), a knight
    // up (with no pawns) one in two: here a lone knight is worth less than a
    // pawn, and umax's evaluation (a knight is three and a half pawns)
    // predicts these results badly. The tuner must learn it.
    let mut pgn = String::new();
    for file in 0..8 {
        let (pawn_wins, knight_wins) = (file % 4 != 3, file % 2 == 0);
        let result = |white_wins: bool, wins: bool| match (wins, white_wins) {
            (false, _) => "1/2-1/2",
            (true, true) => "1-0",
            (true, false) => "0-1",
        };
        let white_pawn = format!("4k3/8/8/8/8/8/{}/4K3 w - - 0 1", row(file, 'P'));
        let black_pawn = format!("4k3/{}/8/8/8/8/8/4K3 b - - 0 1", row(file, 'p'));
        let white_knight = format!("4k3/8/8/8/8/{}/8/4K3 w - - 0 1", row(file, 'N'));
        let black_knight = format!("4k3/8/{}/8/8/8/8/4K3 b - - 0 1", row(file, 'n'));
        pgn += &shuffling_game(&white_pawn, result(true, pawn_wins));
        pgn += &shuffling_game(&black_pawn, result(false, pawn_wins));
        pgn += &shuffling_game(&white_knight, result(true, knight_wins));
        pgn += &shuffling_game(&black_knight, result(false, knight_wins));
    }
    let mut data = DataSet::default();
    data.add_pgn(&pgn, 0);
    assert_eq!(data.games, 32, "{:?}", data.first_error);
    assert_eq!(data.games_skipped, 0, "{:?}", data.first_error);
    assert!(data.len() > 300);
    let start = umax::tune::umax_tables();
    let mut reports = 0;
    let options = TuneOptions {
        iterations: 500,
        rate: 2.0,
        ..TuneOptions::default()
    };
    let tuned = tune::tune(&data, &start, options, &mut |_, _| reports += 1);
    assert_eq!(reports, 5);
    assert!(tuned.k > 0.0);
    assert!(
        tuned.error_after[0] < tuned.error_before[0] * 0.8,
        "{tuned:?}"
    );
    // The knight's end-game value went down, and a lone knight is now worth
    // less than a lone pawn (whose worth the pawn terms share: it is passed
    // and isolated).
    let knight = tuned.params.pieces[1];
    assert!(knight.value[1] < start.pieces[1].value[1], "{knight:?}");
    let eval_of = |fen: &str| {
        let (phase, features) = tune::features(&Board::from_fen(fen).unwrap());
        tune::feature_eval(&tuned.params, phase, &features)
    };
    // Over the files, as the games have them: a knight's worth now also
    // depends on its mobility (a knight on the edge reaches fewer squares),
    // so one square alone need not show it.
    let (mut pawn_up, mut knight_up) = (0, 0);
    for file in 0..8 {
        pawn_up += eval_of(&format!("4k3/8/8/8/8/8/{}/4K3 w - - 0 1", row(file, 'P')));
        knight_up += eval_of(&format!("4k3/8/8/8/8/{}/8/4K3 w - - 0 1", row(file, 'N')));
    }
    assert!(knight_up < pawn_up, "{knight_up} {pawn_up}");
}

#[test]
fn only_the_named_terms_move_with_only() {
    // The games of the test above, where a lone pawn (passed and isolated)
    // wins more often than a lone knight: fitted with `only` set to the
    // isolated-pawn switch, that term moves and nothing else does.
    let mut pgn = String::new();
    for file in 0..8 {
        let white_pawn = format!("4k3/8/8/8/8/8/{}/4K3 w - - 0 1", row(file, 'P'));
        let white_knight = format!("4k3/8/8/8/8/{}/8/4K3 w - - 0 1", row(file, 'N'));
        pgn += &shuffling_game(&white_pawn, "1-0");
        pgn += &shuffling_game(&white_knight, "1/2-1/2");
    }
    let mut data = DataSet::default();
    data.add_pgn(&pgn, 0);
    let start = umax::tune::umax_tables();
    let options = TuneOptions {
        iterations: 200,
        rate: 2.0,
        only: Some(EvalTerms::TAPERED_ISOLATED),
        ..TuneOptions::default()
    };
    let tuned = tune::tune(&data, &start, options, &mut |_, _| {});
    assert!(tuned.error_after[0] < tuned.error_before[0], "{tuned:?}");
    assert_eq!(tuned.params.pieces, start.pieces);
    for (index, term) in tapered::ALL_TERMS.iter().enumerate() {
        let (before, after) = (start.terms[index], tuned.params.terms[index]);
        if *term == Term::Isolated {
            assert_ne!(before, after, "the isolated pawn did not move");
        } else {
            assert_eq!(before, after, "{term:?} moved");
        }
    }
    // Through the command line: a name that is no switch, or a switch of no
    // tuned term, is a one-line error.
    let unknown = tune::main(&["x.pgn".into(), "--only".into(), "no_such".into()]).unwrap_err();
    assert!(unknown.contains("no_such"), "{unknown}");
    let search_switch = tune::main(&["x.pgn".into(), "--only".into(), "null".into()]).unwrap_err();
    assert!(
        search_switch.contains("no tuned position term"),
        "{search_switch}"
    );
}

#[test]
fn smoothing_ties_table_entries_to_their_neighbours() {
    // Knights on the third rank, one file each: the games favour some files
    // and not others, so a free fit makes the rank jagged; `--smooth` keeps
    // neighbouring entries close while still lowering the error.
    let mut pgn = String::new();
    for file in 0..8 {
        // Files e-h share the entries of d-a.
        let result = if file.min(7 - file) % 2 == 0 {
            "1-0"
        } else {
            "1/2-1/2"
        };
        let fen = format!("4k3/8/8/8/8/{}/8/4K3 w - - 0 1", row(file, 'N'));
        pgn += &shuffling_game(&fen, result);
    }
    let mut data = DataSet::default();
    data.add_pgn(&pgn, 0);
    let start = umax::tune::umax_tables();
    let fit = |smooth: f64| {
        let options = TuneOptions {
            iterations: 300,
            rate: 2.0,
            smooth,
            ..TuneOptions::default()
        };
        tune::tune(&data, &start, options, &mut |_, _| {})
    };
    // The squared differences along the knight's end-game third rank
    // (row 5 of the table, files a-h).
    let roughness = |tuned: &tune::Tuned| -> i32 {
        let rank = tuned.params.pieces[1].end_game[5];
        rank.windows(2).map(|pair| (pair[0] - pair[1]).pow(2)).sum()
    };
    let (free, smooth) = (fit(0.0), fit(0.01));
    assert!(free.error_after[0] < free.error_before[0], "{free:?}");
    assert!(smooth.error_after[0] < smooth.error_before[0], "{smooth:?}");
    assert!(
        roughness(&smooth) * 4 < roughness(&free),
        "{} {}",
        roughness(&smooth),
        roughness(&free)
    );
}

/// Games that start from `fen`, shuffle the kings, and end in `result`.
fn shuffling_game(fen: &str, result: &str) -> String {
    let moves = if fen.contains(" w ") {
        "1. Kd1 Kd8 2. Ke1 Ke8 3. Kf1 Kf8 4. Ke1 Ke8 5. Kd1 Kd8 6. Ke1 Ke8"
    } else {
        "1... Kd8 2. Kd1 Ke8 3. Ke1 Kf8 4. Kf1 Ke8 5. Ke1 Kd8 6. Kd1 Ke8"
    };
    format!("[Result \"{result}\"]\n[SetUp \"1\"]\n[FEN \"{fen}\"]\n\n{moves} {result}\n\n")
}

/// A FEN row with the piece `letter` on `file` (0 = a) and nothing else.
fn row(file: usize, letter: char) -> String {
    let mut row = String::new();
    if file > 0 {
        row += &file.to_string();
    }
    row.push(letter);
    if file < 7 {
        row += &(7 - file).to_string();
    }
    row
}

#[test]
fn the_written_source_is_what_src_eval_tuned_rs_holds() {
    // The committed tables were written by the tuner, not by hand: writing
    // them again gives the same text after the header.
    let header = ["```text".to_string(), "umax tune x.pgn".to_string()];
    let fits: Vec<String> = tuned::FITS.iter().map(|fit| fit.to_string()).collect();
    let source = tune::write_source(&TUNED, &header, &fits);
    assert!(source.starts_with("//! "));
    assert!(source.contains("//! umax tune x.pgn\n"));
    let body = |text: &str| {
        let at = text.find(tune::SOURCE_BODY_START).expect("body");
        text[at..].to_string()
    };
    let committed = include_str!("../src/engine/eval/tuned.rs");
    assert_eq!(body(&source), body(committed));
    // Six pieces, each with a value and two tables of eight rows of eight,
    // then one [middle game, end game] pair per position term.
    assert_eq!(source.matches("value: [").count(), 6);
    let rows_with_commas = |commas: usize| {
        source
            .lines()
            .filter(|line| {
                let line = line.trim();
                line.starts_with('[') && line.ends_with("],") && line.matches(',').count() == commas
            })
            .count()
    };
    assert_eq!(rows_with_commas(8), 6 * 2 * 8);
    assert_eq!(rows_with_commas(2), umax::eval::tapered::TERMS);
    // A pawn never stands on rank 8 or rank 1: those rows stay zero.
    let pawn = &TUNED.pieces[0];
    for table in [pawn.middle_game, pawn.end_game] {
        assert_eq!(table[0], [0; 8]);
        assert_eq!(table[7], [0; 8]);
    }
}

#[test]
fn bad_input_is_a_one_line_error() {
    let missing = tune::main(&["/nonexistent/umax-games.pgn".to_string()]).unwrap_err();
    assert!(missing.contains("cannot read"), "{missing}");
    assert!(!missing.contains('\n'));

    let path = std::env::temp_dir().join(format!("umax-tune-test-{}.pgn", std::process::id()));
    std::fs::write(&path, "this is not\nPGN at all [\n").unwrap();
    let garbage = tune::main(&[path.to_string_lossy().into_owned()]).unwrap_err();
    assert!(garbage.contains("no positions"), "{garbage}");
    assert!(!garbage.contains('\n'));

    // Through the binary: a message on standard error, a failure status.
    let output = common::umax(&["tune", path.to_str().unwrap(), "--iterations", "x"]);
    std::fs::remove_file(&path).ok();
    assert!(!output.status.success());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(stderr.trim_end().lines().count(), 1, "{stderr}");
    assert!(stderr.contains("--iterations"), "{stderr}");
    let output = common::umax(&["tune"]);
    assert!(!output.status.success());
}

#[test]
fn a_fit_from_the_current_tables_continues_their_chain_of_fits() {
    // A few games where a lone pawn wins, as in the tests above.
    let mut pgn = String::new();
    for file in 0..8 {
        let white_pawn = format!("4k3/8/8/8/8/8/{}/4K3 w - - 0 1", row(file, 'P'));
        pgn += &shuffling_game(&white_pawn, "1-0");
    }
    let dir = std::env::temp_dir();
    let games = dir.join(format!("umax-tune-chain-{}.pgn", std::process::id()));
    let out = dir.join(format!("umax-tune-chain-{}.rs", std::process::id()));
    std::fs::write(&games, pgn).unwrap();
    let fits_written = |start: &str| {
        let args = [
            games.to_str().unwrap(),
            "--iterations",
            "1",
            "--skip-plies",
            "0",
            "--start",
            start,
            "--out",
            out.to_str().unwrap(),
        ];
        tune::main(&args.map(String::from)).unwrap();
        let source = std::fs::read_to_string(&out).unwrap();
        let fits = source
            .split("pub const FITS")
            .nth(1)
            .expect("FITS")
            .to_string();
        fits.lines()
            .filter_map(|line| line.trim().strip_prefix('"'))
            .map(|line| line.trim_end_matches("\",").to_string())
            .collect::<Vec<_>>()
    };
    let continued = fits_written("current");
    let restarted = fits_written("umax");
    std::fs::remove_file(&games).ok();
    std::fs::remove_file(&out).ok();
    // From the current tables: their fits, then this one.
    assert_eq!(continued.len(), tuned::FITS.len() + 1, "{continued:?}");
    assert!(continued.iter().zip(tuned::FITS).all(|(a, b)| a == b));
    assert!(continued.last().unwrap().contains("--start current"));
    // From umax's own evaluation: this fit alone.
    assert_eq!(restarted.len(), 1, "{restarted:?}");
    assert!(restarted[0].starts_with("umax tune ") && restarted[0].contains("--start umax"));
}

#[test]
fn keep_last_keeps_the_last_pass_whatever_the_held_out_games_say() {
    // Lone pawns win in the training games and lose in the held-out one
    // (the first start position that falls in the held-out tenth): fitting
    // the isolated pawn, the held-out games want pass 0, `keep_last` the
    // last pass.
    // A white pawn on `rank` (2..=6) and `file`, the kings on e1 and e8.
    let pawn_at = |rank: usize, file: usize| {
        let mut rows = vec!["8".to_string(); 8];
        rows[0] = "4k3".to_string();
        rows[8 - rank] = row(file, 'P');
        rows[7] = "4K3".to_string();
        format!("{} w - - 0 1", rows.join("/"))
    };
    let held_out = |fen: &str| {
        let mut data = DataSet::default();
        data.add_pgn(&shuffling_game(fen, "1-0"), 0);
        data.held_out_len() > 0
    };
    let starts: Vec<String> = (2..7)
        .flat_map(|rank| (0..8).map(move |file| (rank, file)))
        .map(|(rank, file)| pawn_at(rank, file))
        .collect();
    assert!(starts.iter().all(|fen| Board::from_fen(fen).is_ok()));
    let held = starts.iter().find(|fen| held_out(fen)).expect("one in ten");
    let mut pgn = String::new();
    for fen in &starts {
        pgn += &shuffling_game(fen, if fen == held { "0-1" } else { "1-0" });
    }
    let mut data = DataSet::default();
    data.add_pgn(&pgn, 0);
    let options = TuneOptions {
        iterations: 50,
        rate: 2.0,
        only: Some(EvalTerms::TAPERED_ISOLATED),
        ..TuneOptions::default()
    };
    let best = tune::tune(&data, &TUNED, options, &mut |_, _| {});
    assert!(best.best_iteration < 50, "{best:?}");
    // What is kept, rounded as the engine uses it, never predicts the
    // held-out games worse than the start.
    assert!(best.error_after[1] <= best.error_before[1], "{best:?}");
    let last = TuneOptions {
        keep_last: true,
        ..options
    };
    assert_eq!(
        tune::tune(&data, &TUNED, last, &mut |_, _| {}).best_iteration,
        50
    );
}

#[test]
fn labelled_positions_pull_the_fit_towards_their_labels() {
    // Pawn-up positions whose games were all drawn, but that another engine
    // scores as clear wins: fitted to the results, the pawn-up side's worth
    // falls; fitted to the labels, it rises. (Queen-up positions, won and
    // so labelled, give the results a scale.)
    let mut labels = String::new();
    for file in 0..8 {
        for (fen, result, cp) in [
            (
                format!("4k3/8/8/8/8/8/{}/4K3 w - - 0 1", row(file, 'P')),
                0.5,
                300,
            ),
            (
                format!("4k3/{}/8/8/8/8/8/4K3 b - - 0 1", row(file, 'p')),
                0.5,
                -300,
            ),
            ("4k3/8/8/8/8/1Q6/8/4K3 w - - 0 1".to_string(), 1.0, 900),
            ("4k3/8/1q6/8/8/8/8/4K3 b - - 0 1".to_string(), 0.0, -900),
        ] {
            // Start positions differ by file, so some games are held out.
            let start = format!("4k3/8/8/8/8/8/8/{} w - - 0 1", row(file, 'K'));
            labels += &format!("{fen};{result};{cp};{start}\n");
        }
    }
    labels += "not a labelled position\n8/8/8/8/8/8/8/8 w - - 0 1;0.5;0;x\n";
    let mut data = DataSet::default();
    data.add_labels(&labels);
    assert_eq!((data.labelled, data.labels_skipped), (32, 2), "{data:?}");
    assert!(data.first_error.as_deref().unwrap().contains("line 33"));
    let pawn_up = |weight: f64| {
        let options = TuneOptions {
            iterations: 200,
            rate: 2.0,
            label_weight: weight,
            keep_last: true,
            ..TuneOptions::default()
        };
        let tuned = tune::tune(&data, &tune::umax_tables(), options, &mut |_, _| {});
        (0..8)
            .map(|file| {
                let fen = format!("4k3/8/8/8/8/8/{}/4K3 w - - 0 1", row(file, 'P'));
                let (phase, features) = tune::features(&Board::from_fen(&fen).unwrap());
                tune::feature_eval(&tuned.params, phase, &features)
            })
            .sum::<i32>()
    };
    let (to_results, to_labels) = (pawn_up(0.0), pawn_up(1.0));
    assert!(to_results < to_labels, "{to_results} {to_labels}");
    let before: i32 = (0..8)
        .map(|file| {
            let fen = format!("4k3/8/8/8/8/8/{}/4K3 w - - 0 1", row(file, 'P'));
            let (phase, features) = tune::features(&Board::from_fen(&fen).unwrap());
            tune::feature_eval(&tune::umax_tables(), phase, &features)
        })
        .sum();
    assert!(
        to_results < before && before < to_labels,
        "{to_results} {before} {to_labels}"
    );
}

#[test]
fn bad_label_options_are_one_line_errors() {
    let run = |args: &[&str]| {
        let args: Vec<String> = args.iter().map(|arg| arg.to_string()).collect();
        tune::main(&args).unwrap_err()
    };
    let heavy = run(&["--labels", "x.txt", "--label-weight", "2"]);
    assert!(heavy.contains("--label-weight"), "{heavy}");
    let missing = run(&["--labels", "/nonexistent/umax-labels.txt"]);
    assert!(missing.contains("cannot read"), "{missing}");
    let path = std::env::temp_dir().join(format!("umax-labels-test-{}.txt", std::process::id()));
    std::fs::write(&path, "no;labels;here\n").unwrap();
    let empty = run(&["--labels", path.to_str().unwrap()]);
    std::fs::remove_file(&path).ok();
    assert!(empty.contains("no labelled positions"), "{empty}");
    for error in [heavy, missing, empty] {
        assert!(!error.contains('\n'), "{error}");
    }
}
