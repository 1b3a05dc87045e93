//! # The laboratory: two settings of the search, measured side by side
//!
//! `umax lab A-SPEC B-SPEC [--depth D | --time S]` searches the bench positions
//! under two settings of the laboratory's switches (see
//! [`techniques`](crate::search::techniques)) and prints, iteration by
//! iteration, what an engine author measures before and after a change (seed
//! 002's log): nodes to depth, time to depth, effective branching factor, and
//! the share of fail-highs on the first move (FH1 %) and on the first four
//! (FH4 %), each of one iteration alone. Both settings search the same positions to the same depth with a
//! fresh table each, so their node counts compare directly; times are wall
//! time on a shared machine and carry its noise.

use std::fmt::Write;
use std::time::Duration;

use crate::board::{Board, Move};
use crate::clock::Limits;
use crate::search::{SearchStats, Searcher, Settings, Silent};
use crate::tools::BENCH_POSITIONS;

/// Table size `umax lab` uses unless `--hash` is given: 2^22 entries (48 MiB),
/// enough for the bench positions at the lab's depths.
pub const LAB_TABLE_LOG2: u32 = 22;

/// Depth `umax lab` uses when none is given.
pub const DEFAULT_LAB_DEPTH: u32 = 7;

/// What one setting did over a list of positions.
#[derive(Clone, Debug)]
pub struct LabRun {
    /// The spec of the setting.
    pub spec: String,
    /// Statistics added up over the positions, iteration by iteration.
    pub stats: SearchStats,
    /// The move chosen in each position.
    pub best_moves: Vec<Option<Move>>,
}

impl LabRun {
    /// Nodes over all positions.
    pub fn nodes(&self) -> u64 {
        self.stats.total.nodes()
    }

    /// Time over all positions.
    pub fn elapsed(&self) -> Duration {
        self.stats.elapsed
    }
}

/// Search each of `fens` under `settings` with `limits`, each with a freshly
/// cleared table of `2^log2_entries` entries.
pub fn run_positions(
    settings: &Settings,
    fens: &[&str],
    limits: &Limits,
    log2_entries: u32,
) -> Result<LabRun, String> {
    let mut searcher = Searcher::new(log2_entries);
    searcher.set_settings(settings.clone());
    let mut stats = SearchStats::default();
    let mut best_moves = Vec::new();
    for fen in fens {
        let board = Board::from_fen(fen).map_err(|e| format!("bad FEN '{fen}': {e}"))?;
        searcher.clear_table();
        let result = searcher.think(&board, &[], limits, &mut Silent);
        stats.add(searcher.stats());
        best_moves.push(result.best_move);
    }
    Ok(LabRun {
        spec: settings.to_spec(),
        stats,
        best_moves,
    })
}

/// The side-by-side table of two runs over the same positions.
pub fn comparison_table(a: &LabRun, b: &LabRun) -> String {
    let mut text = String::new();
    let _ = writeln!(text, "A: {}", a.spec);
    let _ = writeln!(text, "B: {}", b.spec);
    let _ = writeln!(
        text,
        "| depth | nodes to depth A | nodes to depth B | B/A | time A (s) | time B (s) | EBF A | EBF B | FH1% A | FH1% B | FH4% A | FH4% B |"
    );
    let _ = writeln!(
        text,
        "|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"
    );
    let depths = a.stats.iterations.len().max(b.stats.iterations.len());
    let ebf = |run: &LabRun, index: usize| {
        run.stats
            .branching_factor(index)
            .map_or("-".to_string(), |ebf| format!("{ebf:.2}"))
    };
    for index in 0..depths {
        let (Some(ia), Some(ib)) = (a.stats.iterations.get(index), b.stats.iterations.get(index))
        else {
            continue;
        };
        let nodes_a = ia.counters.nodes();
        let nodes_b = ib.counters.nodes();
        let _ = writeln!(
            text,
            "| {} | {} | {} | {:.2} | {:.3} | {:.3} | {} | {} | {:.1} | {:.1} | {:.1} | {:.1} |",
            ia.depth,
            nodes_a,
            nodes_b,
            nodes_b as f64 / nodes_a.max(1) as f64,
            ia.elapsed.as_secs_f64(),
            ib.elapsed.as_secs_f64(),
            ebf(a, index),
            ebf(b, index),
            a.stats.iteration_counters(index).fail_high_first_percent(),
            b.stats.iteration_counters(index).fail_high_first_percent(),
            a.stats
                .iteration_counters(index)
                .fail_high_first_four_percent(),
            b.stats
                .iteration_counters(index)
                .fail_high_first_four_percent(),
        );
    }
    let nps = |run: &LabRun| run.nodes() as f64 / run.elapsed().as_secs_f64().max(1e-9);
    let mean_ebf = |run: &LabRun| {
        run.stats
            .mean_branching_factor(4)
            .map_or("-".to_string(), |ebf| format!("{ebf:.2}"))
    };
    let _ = writeln!(
        text,
        "nodes (all iterations): A {} B {}; time: A {:.3} s B {:.3} s; nodes/s: A {:.0} B {:.0}",
        a.nodes(),
        b.nodes(),
        a.elapsed().as_secs_f64(),
        b.elapsed().as_secs_f64(),
        nps(a),
        nps(b)
    );
    let same = a
        .best_moves
        .iter()
        .zip(&b.best_moves)
        .filter(|(x, y)| x == y)
        .count();
    let _ = writeln!(
        text,
        "mean EBF (last 4 iterations): A {} B {}; same best move in {same} of {} positions",
        mean_ebf(a),
        mean_ebf(b),
        a.best_moves.len()
    );
    text
}

/// `umax lab A-SPEC B-SPEC`: run both settings over the bench positions and
/// return the table.
pub fn lab(
    a_spec: &str,
    b_spec: &str,
    limits: &Limits,
    log2_entries: u32,
) -> Result<String, String> {
    let a = Settings::from_spec(a_spec).map_err(|e| format!("A-SPEC: {e}"))?;
    let b = Settings::from_spec(b_spec).map_err(|e| format!("B-SPEC: {e}"))?;
    let run_a = run_positions(&a, &BENCH_POSITIONS, limits, log2_entries)?;
    let run_b = run_positions(&b, &BENCH_POSITIONS, limits, log2_entries)?;
    Ok(comparison_table(&run_a, &run_b))
}

// ===========================================================================
// Student's t distribution and the paired t-test
// ===========================================================================
//
// Two settings of the search measured on the same positions give *paired*
// figures: position i searched under A and under B. The paired t-test asks
// whether the mean of the differences d_i = a_i - b_i is far from 0 compared
// with its standard error, s / sqrt(n) (s the standard deviation of the d_i).
// If the true mean difference were 0 and the differences roughly normal, the
// ratio t = mean / (s / sqrt(n)) would follow Student's t distribution with
// n - 1 degrees of freedom; the p-value is how often a t at least as extreme
// would occur by chance. Seed 003 (Wheeler) backs its quiet-first claim with
// such a test: t = 2.63 over 24 moves, one-tailed p = 0.0075.
//
// Student's t tail is a regularized incomplete beta function:
//
//   P(|T| > t) = I_x(df / 2, 1 / 2)   with   x = df / (df + t^2),
//
// and I_x(a, b) is computed from its continued fraction (below), which needs
// ln Gamma for the factor in front. Everything here is std only.

/// Relative precision at which the continued fraction stops.
const CONTINUED_FRACTION_EPSILON: f64 = 1e-15;

/// Stop the continued fraction after this many terms (it needs about
/// sqrt(max(a, b)) terms; 10 000 covers a million degrees of freedom and more).
const CONTINUED_FRACTION_MAX_TERMS: usize = 10_000;

/// Stand-in for 0 in the continued fraction's divisions (modified Lentz method).
const TINY: f64 = 1e-300;

/// The natural logarithm of the Gamma function, for `x > 0`.
///
/// Lanczos' approximation with g = 7 and nine coefficients (the set Paul
/// Godfrey published), accurate to about 15 significant digits:
/// Gamma(x + 1) = sqrt(2 pi) (x + g + 1/2)^(x + 1/2) e^-(x + g + 1/2) A(x),
/// with A(x) = c0 + sum c_k / (x + k). Below 1/2 we use the reflection
/// formula Gamma(x) Gamma(1 - x) = pi / sin(pi x).
pub fn ln_gamma(x: f64) -> f64 {
    const G: f64 = 7.0;
    const COEFFICIENTS: [f64; 9] = [
        0.999_999_999_999_809_9,
        676.520_368_121_885_1,
        -1_259.139_216_722_402_8,
        771.323_428_777_653_1,
        -176.615_029_162_140_6,
        12.507_343_278_686_905,
        -0.138_571_095_265_720_12,
        9.984_369_578_019_572e-6,
        1.505_632_735_149_311_6e-7,
    ];
    if x < 0.5 {
        let pi = std::f64::consts::PI;
        return (pi / (pi * x).sin()).abs().ln() - ln_gamma(1.0 - x);
    }
    let x = x - 1.0;
    let series = COEFFICIENTS[1..]
        .iter()
        .enumerate()
        .fold(COEFFICIENTS[0], |sum, (k, c)| {
            sum + c / (x + k as f64 + 1.0)
        });
    let t = x + G + 0.5;
    0.5 * (2.0 * std::f64::consts::PI).ln() + (x + 0.5) * t.ln() - t + series.ln()
}

/// The regularized incomplete beta function I_x(a, b) = B(x; a, b) / B(a, b),
/// for `0 <= x <= 1` and `a, b > 0`: the probability that a Beta(a, b)
/// variable is at most `x`.
///
/// It is computed from the continued fraction
///
/// ```text
/// I_x(a, b) = x^a (1 - x)^b / (a B(a, b)) * 1 / (1 + d1 / (1 + d2 / (1 + ...)))
/// d(2m + 1) = -(a + m)(a + b + m) x / ((a + 2m)(a + 2m + 1))
/// d(2m)     = m (b - m) x / ((a + 2m - 1)(a + 2m))
/// ```
///
/// evaluated front to back by the modified Lentz method. The fraction
/// converges fast for `x < (a + 1) / (a + b + 2)`; above that we use the
/// symmetry I_x(a, b) = 1 - I_(1-x)(b, a).
pub fn regularized_incomplete_beta(x: f64, a: f64, b: f64) -> f64 {
    if x <= 0.0 {
        return 0.0;
    }
    if x >= 1.0 {
        return 1.0;
    }
    if x > (a + 1.0) / (a + b + 2.0) {
        return 1.0 - regularized_incomplete_beta(1.0 - x, b, a);
    }
    let ln_front = a * x.ln() + b * (1.0 - x).ln() - ln_beta(a, b);
    ln_front.exp() / a * beta_continued_fraction(x, a, b)
}

/// ln B(a, b) = ln Gamma(a) + ln Gamma(b) - ln Gamma(a + b).
fn ln_beta(a: f64, b: f64) -> f64 {
    ln_gamma(a) + ln_gamma(b) - ln_gamma(a + b)
}

/// The continued fraction 1 / (1 + d1 / (1 + d2 / ...)) of
/// [`regularized_incomplete_beta`], by the modified Lentz method: the value is
/// the product of the ratios C_j D_j of successive convergents, where
/// D_j = 1 / (1 + d_j D_(j-1)) and C_j = 1 + d_j / C_(j-1), each kept away
/// from 0 by [`TINY`].
fn beta_continued_fraction(x: f64, a: f64, b: f64) -> f64 {
    let away_from_zero = |value: f64| {
        if value.abs() < TINY { TINY } else { value }
    };
    // The first convergent is 1 / (1 + d1).
    let mut c = 1.0;
    let mut d = 1.0 / away_from_zero(1.0 - (a + b) * x / (a + 1.0));
    let mut fraction = d;
    for m in 1..CONTINUED_FRACTION_MAX_TERMS {
        let m = m as f64;
        let even_term = m * (b - m) * x / ((a + 2.0 * m - 1.0) * (a + 2.0 * m));
        let odd_term = -(a + m) * (a + b + m) * x / ((a + 2.0 * m) * (a + 2.0 * m + 1.0));
        for term in [even_term, odd_term] {
            d = 1.0 / away_from_zero(1.0 + term * d);
            c = away_from_zero(1.0 + term / c);
            fraction *= c * d;
        }
        if (c * d - 1.0).abs() < CONTINUED_FRACTION_EPSILON {
            break;
        }
    }
    fraction
}

/// P(T <= t) for Student's t distribution with `degrees_of_freedom` (> 0,
/// need not be a whole number).
pub fn student_t_cdf(t: f64, degrees_of_freedom: f64) -> f64 {
    let tail = student_t_upper_tail(t.abs(), degrees_of_freedom);
    if t >= 0.0 { 1.0 - tail } else { tail }
}

/// P(T >= t) for `t >= 0`: half of P(|T| >= t) = I_x(df / 2, 1 / 2),
/// x = df / (df + t^2).
fn student_t_upper_tail(t: f64, degrees_of_freedom: f64) -> f64 {
    let x = degrees_of_freedom / (degrees_of_freedom + t * t);
    0.5 * regularized_incomplete_beta(x, degrees_of_freedom / 2.0, 0.5)
}

/// One-sided p-value: P(T >= t), the chance of a t at least this large when
/// the true mean is 0 (the alternative being a mean above 0).
pub fn student_t_p_one_sided(t: f64, degrees_of_freedom: f64) -> f64 {
    1.0 - student_t_cdf(t, degrees_of_freedom)
}

/// Two-sided p-value: P(|T| >= |t|).
pub fn student_t_p_two_sided(t: f64, degrees_of_freedom: f64) -> f64 {
    (2.0 * student_t_upper_tail(t.abs(), degrees_of_freedom)).min(1.0)
}

/// The quantile of Student's t: the `t` with P(T <= t) = `probability`
/// (0 < probability < 1), found by bisection on [`student_t_cdf`]. The table
/// value "t(0.975, 10) = 2.228" is `student_t_quantile(0.975, 10.0)`.
pub fn student_t_quantile(probability: f64, degrees_of_freedom: f64) -> f64 {
    assert!(
        probability > 0.0 && probability < 1.0,
        "a quantile needs 0 < probability < 1, got {probability}"
    );
    if probability < 0.5 {
        return -student_t_quantile(1.0 - probability, degrees_of_freedom);
    }
    // The quantile is >= 0; double the upper end until it brackets it.
    let mut low = 0.0;
    let mut high = 1.0;
    while student_t_cdf(high, degrees_of_freedom) < probability {
        low = high;
        high *= 2.0;
    }
    // Halve the bracket until it is as narrow as f64 allows (at most ~1100
    // halvings; usually about 60).
    loop {
        let middle = 0.5 * (low + high);
        if middle <= low || middle >= high {
            return middle;
        }
        if student_t_cdf(middle, degrees_of_freedom) < probability {
            low = middle;
        } else {
            high = middle;
        }
    }
}

/// The outcome of [`paired_t_test`]: is the mean of `a[i] - b[i]` different
/// from 0?
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PairedTTest {
    /// Number of pairs.
    pub n: usize,
    /// Mean of the differences `a[i] - b[i]`.
    pub mean_difference: f64,
    /// Standard error of that mean: the differences' sample standard
    /// deviation (divisor n - 1) over sqrt(n).
    pub standard_error: f64,
    /// The t statistic, `mean_difference / standard_error`.
    pub t: f64,
    /// n - 1.
    pub degrees_of_freedom: f64,
    /// P(T >= t): evidence that the mean difference is above 0 (that `a`
    /// is larger than `b`).
    pub p_one_sided: f64,
    /// P(|T| >= |t|): evidence that the mean difference is not 0.
    pub p_two_sided: f64,
    /// The 95 % confidence interval of the mean difference,
    /// `mean ± t(0.975, n - 1) * standard_error`.
    pub confidence_interval_95: (f64, f64),
}

/// The paired t-test of `a` against `b` (the same items measured twice).
///
/// Panics unless `a` and `b` have the same length, at least 2. If all
/// differences are equal the standard error is 0: t is then infinite (or 0
/// when the differences are all 0) and the p-values 0 or 1 (or 0.5 and 1).
pub fn paired_t_test(a: &[f64], b: &[f64]) -> PairedTTest {
    assert_eq!(a.len(), b.len(), "a paired test needs pairs");
    assert!(a.len() >= 2, "a t-test needs at least two pairs");
    let n = a.len();
    let differences: Vec<f64> = a.iter().zip(b).map(|(x, y)| x - y).collect();
    let mean = differences.iter().sum::<f64>() / n as f64;
    let sum_of_squares: f64 = differences.iter().map(|d| (d - mean).powi(2)).sum();
    let standard_deviation = (sum_of_squares / (n - 1) as f64).sqrt();
    let standard_error = standard_deviation / (n as f64).sqrt();
    let t = if mean == 0.0 {
        0.0
    } else {
        mean / standard_error
    };
    let degrees_of_freedom = (n - 1) as f64;
    let half_width = student_t_quantile(0.975, degrees_of_freedom) * standard_error;
    PairedTTest {
        n,
        mean_difference: mean,
        standard_error,
        t,
        degrees_of_freedom,
        p_one_sided: student_t_p_one_sided(t, degrees_of_freedom),
        p_two_sided: student_t_p_two_sided(t, degrees_of_freedom),
        confidence_interval_95: (mean - half_width, mean + half_width),
    }
}

#[cfg(test)]
mod student_t_tests {
    use super::*;

    /// Is `value` within `tolerance` of `expected`?
    fn close(value: f64, expected: f64, tolerance: f64) -> bool {
        (value - expected).abs() <= tolerance
    }

    #[test]
    fn ln_gamma_of_whole_and_half_numbers() {
        // Gamma(n) = (n - 1)!, Gamma(1/2) = sqrt(pi).
        assert!(close(ln_gamma(1.0), 0.0, 1e-14));
        assert!(close(ln_gamma(5.0), 24f64.ln(), 1e-13));
        assert!(close(ln_gamma(11.0), 3_628_800f64.ln(), 1e-12));
        assert!(close(
            ln_gamma(0.5),
            std::f64::consts::PI.sqrt().ln(),
            1e-13
        ));
        assert!(close(ln_gamma(0.25), 3.625_609_908_221_908f64.ln(), 1e-13));
    }

    #[test]
    fn incomplete_beta_closed_forms() {
        // I_x(a, 1) = x^a; I_x(1, b) = 1 - (1 - x)^b; I_(1/2)(a, a) = 1/2.
        assert!(close(
            regularized_incomplete_beta(0.3, 4.0, 1.0),
            0.3f64.powi(4),
            1e-14
        ));
        assert!(close(
            regularized_incomplete_beta(0.3, 1.0, 3.0),
            1.0 - 0.7f64.powi(3),
            1e-14
        ));
        assert!(close(
            regularized_incomplete_beta(0.5, 7.5, 7.5),
            0.5,
            1e-14
        ));
        assert_eq!(regularized_incomplete_beta(0.0, 2.0, 3.0), 0.0);
        assert_eq!(regularized_incomplete_beta(1.0, 2.0, 3.0), 1.0);
        // A value from SciPy's betainc(2.5, 3.5, 0.3) = 0.29675298929566646,
        // and one on the far side of the symmetry switch, betainc(10, 0.5,
        // 0.9) = 0.15164090963470994.
        assert!(close(
            regularized_incomplete_beta(0.3, 2.5, 3.5),
            0.296_752_989_295_666,
            1e-12
        ));
        assert!(close(
            regularized_incomplete_beta(0.9, 10.0, 0.5),
            0.151_640_909_634_710,
            1e-12
        ));
    }

    #[test]
    fn t_cdf_matches_closed_forms() {
        // df = 1 is the Cauchy distribution: F(t) = 1/2 + atan(t) / pi.
        for t in [-3.0f64, -0.5, 0.0, 1.0, 4.0] {
            let expected = 0.5 + f64::atan(t) / std::f64::consts::PI;
            assert!(close(student_t_cdf(t, 1.0), expected, 1e-13), "df 1, t {t}");
        }
        // df = 2: F(t) = 1/2 + t / (2 sqrt(2 + t^2)); F(2) = 0.908248...
        for t in [-2.0f64, 0.3, 2.0, 10.0] {
            let expected = 0.5 + t / (2.0 * (2.0 + t * t).sqrt());
            assert!(close(student_t_cdf(t, 2.0), expected, 1e-13), "df 2, t {t}");
        }
        // df = 4: F(t) = 1/2 + (3/8) u (1 - t^2 / (12 (1 + t^2/4))),
        // u = t / sqrt(1 + t^2/4). At t = 2 sqrt 2: 1/2 + (3/8)(2 sqrt2 /
        // sqrt 3)(7/9) = 0.976290.
        assert!(close(
            student_t_cdf(8f64.sqrt(), 4.0),
            0.976_289_672_207_840,
            1e-12
        ));
        // Two SciPy values: t.cdf(-1.5, 7) = 0.088649243494985,
        // t.cdf(0.7, 3) = 0.7328365008476182.
        assert!(close(
            student_t_cdf(-1.5, 7.0),
            0.088_649_243_494_985,
            1e-12
        ));
        assert!(close(student_t_cdf(0.7, 3.0), 0.732_836_500_847_618, 1e-12));
        // Infinite t.
        assert_eq!(student_t_cdf(f64::INFINITY, 5.0), 1.0);
        assert_eq!(student_t_cdf(f64::NEG_INFINITY, 5.0), 0.0);
    }

    #[test]
    fn t_quantiles_match_the_printed_table() {
        // Critical values as printed in any t table (e.g. NIST/SEMATECH
        // e-Handbook 1.3.6.7.2), to three decimals.
        let table = [
            (0.975, 1.0, 12.706),
            (0.975, 10.0, 2.228),
            (0.95, 23.0, 1.714),
            (0.975, 30.0, 2.042),
            (0.995, 5.0, 4.032),
            (0.975, 4.0, 2.776),
            (0.90, 2.0, 1.886),
            // The normal distribution's 1.960 as df grows without bound.
            (0.975, 1.0e6, 1.960),
        ];
        for (probability, df, printed) in table {
            let quantile = student_t_quantile(probability, df);
            assert!(
                close(quantile, printed, 0.0005),
                "t({probability}, {df}) = {quantile}, table {printed}"
            );
            // Lower quantiles by symmetry.
            assert!(close(
                student_t_quantile(1.0 - probability, df),
                -quantile,
                1e-9
            ));
            // The quantile inverts the CDF.
            assert!(close(student_t_cdf(quantile, df), probability, 1e-12));
        }
        // More digits, from SciPy's t.ppf: 12.706204736174694 and
        // 2.228138851986274.
        assert!(close(
            student_t_quantile(0.975, 1.0),
            12.706_204_736_174_694,
            1e-9
        ));
        assert!(close(
            student_t_quantile(0.975, 10.0),
            2.228_138_851_986_274,
            1e-12
        ));
    }

    #[test]
    fn wheelers_published_t_gives_his_p_value() {
        // Seed 003: t = 2.63 with 23 degrees of freedom, one-tailed
        // p = 0.0075 (SciPy: t.sf(2.63, 23) = 0.0074839).
        let p = student_t_p_one_sided(2.63, 23.0);
        assert!(close(p, 0.0075, 0.00005), "p = {p}");
        assert!(close(p, 0.007_483_945_898_413, 1e-12));
        assert!(close(student_t_p_two_sided(2.63, 23.0), 2.0 * p, 1e-15));
        assert!(close(student_t_p_two_sided(-2.63, 23.0), 2.0 * p, 1e-15));
    }

    #[test]
    fn paired_test_on_a_hand_computed_example() {
        // a - b = [2, 3, 0, 4, 1]: mean 2; deviations 0, 1, -2, 2, -1, sum of
        // squares 10, variance 10 / 4 = 2.5, standard error sqrt(2.5 / 5) =
        // sqrt(0.5) = 0.70711, t = 2 / sqrt(0.5) = 2 sqrt 2 = 2.82843 with
        // 4 degrees of freedom. One-sided p = 1 - 0.976290 = 0.023710 (the
        // df 4 closed form above); two-sided 0.047421 (SciPy's ttest_rel:
        // 0.04742065558431961). 95 % interval: 2 ± 2.776445 * 0.707107 =
        // 2 ± 1.963243.
        let a = [12.0, 15.0, 11.0, 18.0, 14.0];
        let b = [10.0, 12.0, 11.0, 14.0, 13.0];
        let test = paired_t_test(&a, &b);
        assert_eq!(test.n, 5);
        assert!(close(test.mean_difference, 2.0, 1e-15));
        assert!(close(test.standard_error, 0.5f64.sqrt(), 1e-15));
        assert!(close(test.t, 8f64.sqrt(), 1e-14));
        assert_eq!(test.degrees_of_freedom, 4.0);
        assert!(close(test.p_one_sided, 0.023_710_327_792_160, 1e-12));
        assert!(close(test.p_two_sided, 0.047_420_655_584_320, 1e-12));
        let (low, high) = test.confidence_interval_95;
        assert!(close(low, 2.0 - 1.963_243, 1e-6));
        assert!(close(high, 2.0 + 1.963_243, 1e-6));
        // Swapping a and b flips the sign of t and the one-sided question.
        let swapped = paired_t_test(&b, &a);
        assert!(close(swapped.t, -test.t, 1e-14));
        assert!(close(swapped.p_one_sided, 1.0 - test.p_one_sided, 1e-12));
        assert!(close(swapped.p_two_sided, test.p_two_sided, 1e-15));
    }

    #[test]
    fn paired_test_with_no_spread() {
        // All differences equal to 0: t = 0, nothing to see.
        let same = paired_t_test(&[1.0, 2.0, 3.0], &[1.0, 2.0, 3.0]);
        assert_eq!(same.t, 0.0);
        assert!(close(same.p_one_sided, 0.5, 1e-15));
        assert!(close(same.p_two_sided, 1.0, 1e-15));
        // All differences equal to 1: infinitely significant.
        let shifted = paired_t_test(&[2.0, 3.0, 4.0], &[1.0, 2.0, 3.0]);
        assert_eq!(shifted.t, f64::INFINITY);
        assert_eq!(shifted.p_one_sided, 0.0);
        assert_eq!(shifted.p_two_sided, 0.0);
    }
}
