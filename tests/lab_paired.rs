//! `umax lab`'s paired experiments: the statistics printed for two specs over
//! the same positions are consistent (identical specs differ by nothing, a
//! hand-computed case comes out of the library as computed by hand), positions
//! are read from EPD and FEN files, and Beal's search runs in the lab.

mod common;

use common::{stdout, umax};
use umax::clock::Limits;
use umax::lab::{
    LabPosition, beal_spec, lab_with, paired_summary, paired_table, read_positions, run_positions,
    run_positions_beal,
};
use umax::search::Settings;
use umax::tools::BENCH_POSITIONS;

/// Is `value` within `tolerance` of `expected`?
fn close(value: f64, expected: f64, tolerance: f64) -> bool {
    (value - expected).abs() <= tolerance
}

/// Three small bench positions: a pawn ending, a rook ending, one more.
fn positions() -> Vec<LabPosition> {
    [9, 28, 25]
        .iter()
        .map(|&i| LabPosition {
            label: format!("#{}", i + 1),
            fen: BENCH_POSITIONS[i].to_string(),
        })
        .collect()
}

#[test]
fn hand_computed_paired_summary() {
    // d = b - a = [2, 3, 0, 4, 1]: mean 2, sum of squared deviations 10,
    // sd sqrt(10 / 4) = 1.581139, d_z = 2 / 1.581139 = 1.264911, standard
    // error sqrt(2.5 / 5), t = 2 sqrt 2 with 4 degrees of freedom:
    // P(T >= t) = 0.023710 (B larger), P(T <= t) = 0.976290, two-sided
    // 0.047421; 95 % interval 2 ± 2.776445 * 0.707107 = 2 ± 1.963243.
    // Geometric means: (prod b / prod a)^(1/5) = (498960 / 240240)^(1/5) =
    // (27 / 13)^(1/5).
    let a = [10.0, 12.0, 11.0, 14.0, 13.0];
    let b = [12.0, 15.0, 11.0, 18.0, 14.0];
    let summary = paired_summary(&a, &b);
    assert_eq!(summary.n, 5);
    assert!(close(summary.mean_a, 12.0, 1e-12));
    assert!(close(summary.mean_b, 14.0, 1e-12));
    assert!(close(summary.test.mean_difference, 2.0, 1e-12));
    assert!(close(summary.sd_difference, 2.5f64.sqrt(), 1e-12));
    assert!(close(summary.effect_size, 1.264_911, 1e-6));
    assert!(close(summary.test.t, 8f64.sqrt(), 1e-12));
    assert_eq!(summary.test.degrees_of_freedom, 4.0);
    assert!(close(summary.test.p_one_sided, 0.023_710, 1e-6));
    assert!(close(summary.p_b_below_a(), 0.976_290, 1e-6));
    assert!(close(summary.test.p_two_sided, 0.047_421, 1e-6));
    let (low, high) = summary.test.confidence_interval_95;
    assert!(close(low, 2.0 - 1.963_243, 1e-6));
    assert!(close(high, 2.0 + 1.963_243, 1e-6));
    assert!(close(
        summary.geometric_mean_ratio,
        (27.0f64 / 13.0).powf(0.2),
        1e-12
    ));
    // The interval of the ratio contains the ratio.
    let log_test = summary.log_test.unwrap();
    assert!(log_test.confidence_interval_95.0.exp() < summary.geometric_mean_ratio);
    assert!(log_test.confidence_interval_95.1.exp() > summary.geometric_mean_ratio);
    // Swapping A and B mirrors everything.
    let swapped = paired_summary(&b, &a);
    assert!(close(swapped.test.t, -summary.test.t, 1e-12));
    assert!(close(swapped.effect_size, -summary.effect_size, 1e-12));
    assert!(close(
        swapped.geometric_mean_ratio * summary.geometric_mean_ratio,
        1.0,
        1e-12
    ));
}

#[test]
fn identical_specs_differ_by_nothing() {
    let positions = positions();
    let fens: Vec<&str> = positions.iter().map(|p| p.fen.as_str()).collect();
    let settings = Settings::default();
    let a = run_positions(&settings, &fens, &Limits::depth(4), 16).unwrap();
    let b = run_positions(&settings, &fens, &Limits::depth(4), 16).unwrap();
    let nodes = |run: &umax::lab::LabRun| -> Vec<f64> {
        run.positions.iter().map(|p| p.nodes as f64).collect()
    };
    // Per-position nodes add up to the run's total.
    assert_eq!(a.positions.iter().map(|p| p.nodes).sum::<u64>(), a.nodes());
    let summary = paired_summary(&nodes(&a), &nodes(&b));
    assert_eq!(summary.test.mean_difference, 0.0);
    assert_eq!(summary.test.t, 0.0);
    assert_eq!(summary.effect_size, 0.0);
    assert_eq!(summary.geometric_mean_ratio, 1.0);
    assert!(close(summary.test.p_two_sided, 1.0, 1e-12));
    // The printed nodes row says the same.
    let table = paired_table(&a, &b);
    let row = table
        .lines()
        .find(|line| line.starts_with("| nodes |"))
        .unwrap();
    assert!(
        row.contains("| 0.0 | 0.0 .. 0.0 | 0.000 | 0.000 | 2 |"),
        "{row}"
    );
    assert!(row.contains("| 1.0000 (1.0000 .. 1.0000) |"), "{row}");
}

#[test]
fn lab_prints_the_paired_comparison_and_every_position() {
    let text = lab_with(
        "default",
        "default,null=off",
        &positions(),
        &Limits::depth(4),
        16,
        true,
        None,
    )
    .unwrap();
    assert!(text.contains("Paired over 3 positions"), "{text}");
    assert!(text.contains("| nodes |") && text.contains("| time (ms) |"));
    for label in ["#10", "#29", "#26"] {
        assert!(
            text.lines()
                .any(|line| line.starts_with(&format!("| {label} |"))),
            "{label} missing in\n{text}"
        );
    }
}

#[test]
fn positions_are_read_from_epd_and_fen_lines() {
    let text = "\
# a comment
2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - bm Qg6; id \"WAC.001\";

8/8/8/8/8/8/6k1/4K2R w K - 3 40
";
    let positions = read_positions(text).unwrap();
    assert_eq!(positions.len(), 2);
    assert_eq!(positions[0].label, "WAC.001");
    assert_eq!(
        positions[0].fen,
        "2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - -"
    );
    assert_eq!(positions[1].label, "#2");
    assert_eq!(positions[1].fen, "8/8/8/8/8/8/6k1/4K2R w K - 3 40");
    let error = read_positions("8/8/8 w - -\n").unwrap_err();
    assert!(error.contains("line 1"), "{error}");
    assert!(read_positions("# nothing\n").is_err());
}

#[test]
fn beal_specs_and_beal_runs() {
    assert_eq!(beal_spec("default"), None);
    assert_eq!(beal_spec("beal"), Some(Ok(1)));
    assert_eq!(beal_spec("beal,matev=2"), Some(Ok(2)));
    assert!(matches!(beal_spec("beal,null=off"), Some(Err(_))));
    // Beal's search counts its nodes per iteration; they grow and end at the total.
    let positions = positions();
    let fens: Vec<&str> = positions.iter().map(|p| p.fen.as_str()).collect();
    let run = run_positions_beal(1, &fens, &Limits::depth(3)).unwrap();
    assert_eq!(run.best_moves.len(), 3);
    for position in &run.positions {
        assert!(position.iteration_nodes.windows(2).all(|w| w[0] <= w[1]));
        assert_eq!(position.iteration_nodes.last(), Some(&position.nodes));
        assert_eq!(
            position.iteration_nodes.len(),
            position.iteration_elapsed.len()
        );
    }
}

#[test]
fn lab_command_with_a_positions_file_and_beal() {
    let path = std::env::temp_dir().join(format!("umax_lab_paired_{}.epd", std::process::id()));
    let fens: Vec<String> = positions().into_iter().map(|p| p.fen).collect();
    std::fs::write(&path, fens.join("\n")).unwrap();
    let path_text = path.to_str().unwrap();
    let output = umax(&[
        "lab",
        "beal",
        "default",
        "--depth",
        "3",
        "--positions",
        path_text,
        "--per-position",
    ]);
    let text = stdout(&output);
    std::fs::remove_file(&path).ok();
    assert!(output.status.success(), "{text}");
    assert!(text.contains("A: beal,matev=1"), "{text}");
    assert!(text.contains("| iteration | nodes to depth A"), "{text}");
    assert!(text.contains("same best move in"), "{text}");
    assert!(text.contains("Paired over 3 positions"), "{text}");
    assert!(text.contains("| #1 |") && text.contains("| #3 |"), "{text}");
}
