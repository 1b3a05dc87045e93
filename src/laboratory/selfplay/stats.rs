//! # Match statistics: Elo, its error, and the sequential probability ratio test
//!
//! A match between engine A and engine B gives each game a score for A: 1 for
//! a win, ½ for a draw, 0 for a loss. Everything here starts from those scores.
//!
//! ## Game pairs and the pentanomial
//! Games are played in **pairs**: one opening, once with A as White and once
//! with A as Black. The two games of a pair are not independent (an opening
//! that favours White helps each engine once), so engine testers count pairs,
//! not games: a pair scores 0, ½, 1, 1½ or 2 points, which gives five counts,
//! the **pentanomial** `[LL, LD, WL+DD, WD, WW]` (a pair `WL` and a pair `DD`
//! both score 1). Measuring the spread between pairs instead of between games
//! removes the opening's share of the noise, so the error bars are honest and
//! usually narrower than the W/D/L (trinomial) count would make them.
//!
//! ## Elo and its interval (logistic Elo)
//! The mean score `s` per game (A's points / games) gives the **logistic Elo**
//! difference `elo = -400 log10(1/s - 1)`, the model behind chess ratings: a
//! 100 Elo stronger player scores about 64 %. The 95 % interval maps the
//! score's own interval, `s ± 1.96 sqrt(var / n)`, through the same formula;
//! `var` is the variance of the pair score per game (or of the game score,
//! without pairs) and `n` the number of pairs (or games).
//!
//! ## The SPRT (normalized Elo, as fishtest and fastchess define it)
//! A sequential probability ratio test asks after every pair: is the data
//! already much more likely under H1 ("A is `elo1` better") than under H0 ("A
//! is `elo0` better"), or the other way round? The log-likelihood ratio (LLR)
//! drifts up under H1 and down under H0; the test stops when it leaves
//! `[ln(β/(1-α)), ln((1-β)/α)]`, which bounds the chance of a wrong verdict by
//! α (false H1) and β (false H0).
//!
//! The hypotheses are in **normalized Elo** (nElo), Michel Van den Bergh's
//! model used by fishtest and fastchess: not the score itself but the score's
//! distance from ½ in standard deviations of the pair score,
//! `t = (s - ½) / σ`, scaled by `800 / ln 10` (so that for small differences
//! nElo and logistic Elo are comparable when draws are rare). Its advantage:
//! a bound of `[0, 2]` nElo means the same number of games to a verdict
//! whatever the draw rate and time control. For a pentanomial count, σ is the
//! per-pair standard deviation and the per-pair `t` is `√2` times the per-game
//! one; for a trinomial count σ is per game.
//!
//! The LLR is a *generalized* likelihood ratio: under each hypothesis the
//! distribution of pair results is the one that fits the observed counts best
//! (maximum likelihood) among those with the hypothesis's `t`. That
//! constrained maximum is found as in Van den Bergh's "Normalized Elo
//! practical" note, section 4.1: its Lagrange condition makes each probability
//! `p̂_i / (1 + x·a_i)` for a shifted outcome `a_i`; `x` solves a one-variable
//! monotone ("secular") equation, and a few fixed-point rounds settle σ. A zero
//! count is replaced by 0.001, as fishtest does, so that no outcome is
//! impossible. Where that fit cannot be found (bounds of hundreds of nElo, or
//! results with no spread) the note's closed-form approximation (its section
//! 4.2) is used instead.

use std::f64::consts::{LN_10, SQRT_2};

/// 1.96: the two-sided 95 % quantile of the normal distribution.
pub const Z_95: f64 = 1.959_963_984_540_054;

/// Normalized Elo per unit of `t` (the score's distance from ½ in standard
/// deviations): `800 / ln 10`, about 347.4.
pub const NELO_PER_T: f64 = 800.0 / LN_10;

/// What replaces a zero count in the SPRT so that no outcome is impossible.
const ZERO_COUNT: f64 = 1e-3;

/// The logistic Elo difference for a mean score per game `score` in `[0, 1]`
/// (infinite at 0 and 1).
pub fn elo_from_score(score: f64) -> f64 {
    // `+ 0.0` turns the -0.0 of an even score into 0.0.
    -400.0 * (1.0 / score - 1.0).log10() + 0.0
}

/// The expected score per game of a player `elo` points stronger.
pub fn score_from_elo(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// Game results from engine A's side: losses, draws, wins.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Trinomial {
    /// Games A lost.
    pub losses: u64,
    /// Games drawn.
    pub draws: u64,
    /// Games A won.
    pub wins: u64,
}

/// Game pairs by A's points in the pair: index 0 = 0 points (LL), 1 = ½ (LD),
/// 2 = 1 (WL or DD), 3 = 1½ (WD), 4 = 2 (WW).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Pentanomial(pub [u64; 5]);

/// An Elo estimate with its 95 % interval.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct EloEstimate {
    /// The mean score per game.
    pub score: f64,
    /// Logistic Elo of the mean score.
    pub elo: f64,
    /// Lower end of the 95 % interval.
    pub lower: f64,
    /// Upper end of the 95 % interval.
    pub upper: f64,
    /// Normalized Elo of the result (see the module docs).
    pub normalized_elo: f64,
}

impl EloEstimate {
    /// Half the width of the interval: the `±` figure.
    pub fn error(&self) -> f64 {
        (self.upper - self.lower) / 2.0
    }

    /// Does the interval exclude 0, i.e. is the sign of the difference known?
    pub fn is_resolved(&self) -> bool {
        self.lower > 0.0 || self.upper < 0.0
    }
}

impl Trinomial {
    /// Count one game from A's score in half points: 0 (loss), 1 (draw), 2 (win).
    pub fn add(&mut self, half_points: u8) {
        match half_points {
            0 => self.losses += 1,
            1 => self.draws += 1,
            _ => self.wins += 1,
        }
    }

    /// Games counted.
    pub fn games(&self) -> u64 {
        self.losses + self.draws + self.wins
    }

    /// The counts in the order the SPRT reads them: L, D, W.
    pub fn counts(&self) -> [u64; 3] {
        [self.losses, self.draws, self.wins]
    }

    /// Elo of the games, treating each as independent; `None` without games.
    pub fn elo(&self) -> Option<EloEstimate> {
        estimate(&self.counts())
    }
}

impl Pentanomial {
    /// Count one pair from the two games' scores for A in half points (0–2 each).
    pub fn add_pair(&mut self, first: u8, second: u8) {
        self.0[usize::from(first.min(2) + second.min(2))] += 1;
    }

    /// Pairs counted.
    pub fn pairs(&self) -> u64 {
        self.0.iter().sum()
    }

    /// Elo of the pairs; `None` without pairs.
    pub fn elo(&self) -> Option<EloEstimate> {
        estimate(&self.0)
    }
}

/// The mean and variance of a distribution given as `(outcome, probability)`.
fn mean_and_variance(distribution: &[(f64, f64)]) -> (f64, f64) {
    let mean: f64 = distribution.iter().map(|&(a, p)| a * p).sum();
    let variance = distribution
        .iter()
        .map(|&(a, p)| p * (a - mean) * (a - mean))
        .sum();
    (mean, variance)
}

/// The observed distribution of scores per game for `counts` of equally spaced
/// outcomes from 0 to 1 (L/D/W, or the five pair results, each pair's points
/// divided by two), with `zero` put in place of an empty count.
fn observed(counts: &[u64], zero: f64) -> (f64, Vec<(f64, f64)>) {
    let filled: Vec<f64> = counts
        .iter()
        .map(|&n| if n == 0 { zero } else { n as f64 })
        .collect();
    let total: f64 = filled.iter().sum();
    let last = (counts.len() - 1) as f64;
    let distribution = filled
        .iter()
        .enumerate()
        .map(|(i, &n)| (i as f64 / last, n / total))
        .collect();
    (total, distribution)
}

/// Elo, interval and normalized Elo for trinomial (3) or pentanomial (5) counts.
fn estimate(counts: &[u64]) -> Option<EloEstimate> {
    let (samples, distribution) = observed(counts, 0.0);
    if samples == 0.0 {
        return None;
    }
    let (score, variance) = mean_and_variance(&distribution);
    let margin = Z_95 * (variance / samples).sqrt();
    // The per-game deviation: a pair's score is the mean of two games.
    let per_game_sigma = if counts.len() == 5 {
        (2.0 * variance).sqrt()
    } else {
        variance.sqrt()
    };
    Some(EloEstimate {
        score,
        elo: elo_from_score(score),
        lower: elo_from_score((score - margin).max(0.0)),
        upper: elo_from_score((score + margin).min(1.0)),
        normalized_elo: if per_game_sigma > 0.0 {
            NELO_PER_T * (score - 0.5) / per_game_sigma
        } else {
            // Every sample alike: no spread to measure the distance in.
            0.0
        },
    })
}

/// The bounds and hypotheses of an SPRT.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sprt {
    /// H0: A is this much stronger (normalized Elo).
    pub elo0: f64,
    /// H1: A is this much stronger (normalized Elo).
    pub elo1: f64,
    /// Chance of accepting H1 when H0 holds.
    pub alpha: f64,
    /// Chance of accepting H0 when H1 holds.
    pub beta: f64,
}

/// What the SPRT says so far.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SprtVerdict {
    /// Not enough evidence yet: play on.
    Continue,
    /// The LLR fell below the lower bound: H0 is accepted.
    AcceptH0,
    /// The LLR rose above the upper bound: H1 is accepted.
    AcceptH1,
}

impl Sprt {
    /// Parse `ELO0,ELO1[,ALPHA,BETA]`; α and β default to 0.05.
    pub fn parse(text: &str) -> Result<Sprt, String> {
        let numbers = text
            .split(',')
            .map(|part| part.trim().parse::<f64>())
            .collect::<Result<Vec<f64>, _>>()
            .map_err(|_| format!("--sprt needs ELO0,ELO1[,ALPHA,BETA], not '{text}'"))?;
        let (elo0, elo1, alpha, beta) = match *numbers.as_slice() {
            [elo0, elo1] => (elo0, elo1, 0.05, 0.05),
            [elo0, elo1, alpha, beta] => (elo0, elo1, alpha, beta),
            _ => return Err(format!("--sprt needs ELO0,ELO1[,ALPHA,BETA], not '{text}'")),
        };
        let probability = 0.0..0.5;
        if !(elo0 < elo1 && probability.contains(&alpha) && probability.contains(&beta))
            || alpha <= 0.0
            || beta <= 0.0
        {
            return Err(format!(
                "--sprt needs ELO0 < ELO1 and 0 < ALPHA, BETA < 0.5, not '{text}'"
            ));
        }
        Ok(Sprt {
            elo0,
            elo1,
            alpha,
            beta,
        })
    }

    /// The LLR below which H0 is accepted: `ln(β / (1 - α))`.
    pub fn lower_bound(&self) -> f64 {
        (self.beta / (1.0 - self.alpha)).ln()
    }

    /// The LLR above which H1 is accepted: `ln((1 - β) / α)`.
    pub fn upper_bound(&self) -> f64 {
        ((1.0 - self.beta) / self.alpha).ln()
    }

    /// The log-likelihood ratio of H1 over H0 for pair counts.
    pub fn llr(&self, pairs: &Pentanomial) -> f64 {
        llr_normalized(&pairs.0, self.elo0, self.elo1)
    }

    /// What an LLR means for this test.
    pub fn verdict(&self, llr: f64) -> SprtVerdict {
        if llr >= self.upper_bound() {
            SprtVerdict::AcceptH1
        } else if llr <= self.lower_bound() {
            SprtVerdict::AcceptH0
        } else {
            SprtVerdict::Continue
        }
    }
}

/// The generalized log-likelihood ratio of "nElo = `nelo1`" over "nElo =
/// `nelo0`" for trinomial counts `[L, D, W]` or pentanomial counts
/// `[LL, LD, WL+DD, WD, WW]`. No results give 0.
pub fn llr_normalized(counts: &[u64], nelo0: f64, nelo1: f64) -> f64 {
    assert!(
        counts.len() == 3 || counts.len() == 5,
        "trinomial or pentanomial"
    );
    if counts.iter().all(|&n| n == 0) {
        return 0.0;
    }
    // A pair's σ is 1/√2 of a game's, so the same nElo is √2 times the `t`.
    let per_sample = if counts.len() == 5 { SQRT_2 } else { 1.0 };
    let t0 = nelo0 / NELO_PER_T * per_sample;
    let t1 = nelo1 / NELO_PER_T * per_sample;
    let (samples, observed) = observed(counts, ZERO_COUNT);
    let (Some(fit0), Some(fit1)) = (
        most_likely_with_t(&observed, t0),
        most_likely_with_t(&observed, t1),
    ) else {
        return llr_normalized_approximate(counts, nelo0, nelo1);
    };
    // Σ n_i ln(p1_i / p0_i): the log of how much likelier the counts are under H1.
    samples
        * observed
            .iter()
            .zip(fit0.iter().zip(&fit1))
            .map(|(&(_, p), (&p0, &p1))| p * (p1.ln() - p0.ln()))
            .sum::<f64>()
}

/// The closed-form approximation of [`llr_normalized`] (Van den Bergh,
/// "Normalized Elo practical", 4.2; fishtest's `LLR_normalized_alt`):
/// `games / 2 · ln((1 + (t - t0)²) / (1 + (t - t1)²))` with `t` the observed
/// per-game t-value. Close to the exact LLR for realistic bounds (a few nElo);
/// used when the exact fit cannot be found, which happens for bounds of
/// hundreds of nElo or data with (almost) no spread, such as identical engines
/// at a fixed depth, whose game pairs all score exactly 1.
pub fn llr_normalized_approximate(counts: &[u64], nelo0: f64, nelo1: f64) -> f64 {
    let (samples, observed) = observed(counts, ZERO_COUNT);
    let (mean, variance) = mean_and_variance(&observed);
    let (sigma_per_game, games) = if counts.len() == 5 {
        ((2.0 * variance).sqrt(), 2.0 * samples)
    } else {
        (variance.sqrt(), samples)
    };
    let t = (mean - 0.5) / sigma_per_game;
    let t0 = nelo0 / NELO_PER_T;
    let t1 = nelo1 / NELO_PER_T;
    games / 2.0 * ((1.0 + (t - t0).powi(2)) / (1.0 + (t - t1).powi(2))).ln()
}

/// The distribution over the same outcomes as `observed` that makes the
/// observed frequencies most likely among those whose `(mean - ½) / σ` is `t`
/// (Van den Bergh, "Normalized Elo practical", 4.1). Returns the probabilities,
/// or `None` if the constraint cannot be met.
fn most_likely_with_t(observed: &[(f64, f64)], t: f64) -> Option<Vec<f64>> {
    // Start from the uniform distribution; each round fixes mean and σ at the
    // current guess and solves the rest exactly. Ten rounds are plenty.
    let mut fitted: Vec<f64> = vec![1.0 / observed.len() as f64; observed.len()];
    for _ in 0..10 {
        let current: Vec<(f64, f64)> = observed
            .iter()
            .zip(&fitted)
            .map(|(&(a, _), &p)| (a, p))
            .collect();
        let (mean, variance) = mean_and_variance(&current);
        let sigma = variance.sqrt();
        // Each outcome's contribution to the constraint, linearised around
        // the current mean and σ.
        let shifted: Vec<f64> = observed
            .iter()
            .map(|&(a, _)| {
                let z = (mean - a) / sigma;
                a - 0.5 - t * sigma * (1.0 + z * z) / 2.0
            })
            .collect();
        let x = solve_secular(observed, &shifted)?;
        let next: Vec<f64> = observed
            .iter()
            .zip(&shifted)
            .map(|(&(_, p), &a)| p / (1.0 + x * a))
            .collect();
        let change = next
            .iter()
            .zip(&fitted)
            .map(|(new, old)| (new - old).abs())
            .fold(0.0, f64::max);
        fitted = next;
        if change < 1e-9 {
            break;
        }
    }
    Some(fitted)
}

/// Solve `Σ p_i a_i / (1 + x a_i) = 0` for `x` by bisection. The left side
/// falls strictly from +∞ to -∞ between the poles `-1/max a` and `-1/min a`,
/// so there is exactly one root when the `a_i` have both signs.
fn solve_secular(observed: &[(f64, f64)], shifted: &[f64]) -> Option<f64> {
    let smallest = shifted.iter().copied().fold(f64::INFINITY, f64::min);
    let largest = shifted.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    if !(smallest < 0.0 && largest > 0.0) {
        return None;
    }
    let f = |x: f64| -> f64 {
        observed
            .iter()
            .zip(shifted)
            .map(|(&(_, p), &a)| p * a / (1.0 + x * a))
            .sum()
    };
    let mut low = -1.0 / largest;
    let mut high = -1.0 / smallest;
    // Stay a hair inside the poles, where f is finite.
    let inset = (high - low) * 1e-12;
    low += inset;
    high -= inset;
    for _ in 0..200 {
        let middle = (low + high) / 2.0;
        if f(middle) > 0.0 {
            low = middle;
        } else {
            high = middle;
        }
        if high - low <= 1e-15 * (1.0 + middle.abs()) {
            break;
        }
    }
    Some((low + high) / 2.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(actual: f64, expected: f64, tolerance: f64) -> bool {
        (actual - expected).abs() <= tolerance
    }

    #[test]
    fn elo_and_score_are_inverse() {
        assert_eq!(elo_from_score(0.5), 0.0);
        assert!(
            elo_from_score(0.5).is_sign_positive(),
            "prints as 0.0, not -0.0"
        );
        // 100 Elo is a 64 % score: 1 / (1 + 10^(-1/4)) = 0.640065...
        assert!(close(score_from_elo(100.0), 0.640_065, 1e-6));
        for elo in [-300.0, -12.5, 0.0, 7.0, 250.0] {
            assert!(close(elo_from_score(score_from_elo(elo)), elo, 1e-9));
        }
        assert_eq!(elo_from_score(1.0), f64::INFINITY);
        assert_eq!(elo_from_score(0.0), f64::NEG_INFINITY);
    }

    #[test]
    fn pairs_are_counted_by_their_points() {
        let mut pairs = Pentanomial::default();
        pairs.add_pair(2, 0); // W then L
        pairs.add_pair(1, 1); // D D
        pairs.add_pair(0, 0);
        pairs.add_pair(2, 1);
        assert_eq!(pairs.0, [1, 0, 2, 1, 0]);
        assert_eq!(pairs.pairs(), 4);
    }

    #[test]
    fn the_secular_equation_is_solved() {
        let observed = [(0.0, 0.2), (0.5, 0.5), (1.0, 0.3)];
        let shifted = [-0.6, -0.1, 0.4];
        let x = solve_secular(&observed, &shifted).unwrap();
        let residual: f64 = observed
            .iter()
            .zip(&shifted)
            .map(|(&(_, p), &a)| p * a / (1.0 + x * a))
            .sum();
        assert!(residual.abs() < 1e-12, "{residual}");
        assert_eq!(solve_secular(&observed, &[0.1, 0.2, 0.3]), None);
    }

    #[test]
    fn the_constrained_fit_has_the_asked_t_value() {
        let (_, observed) = observed(&[3, 20, 50, 25, 2], ZERO_COUNT);
        for t in [-0.1, 0.0, 0.05, 0.2] {
            let fit = most_likely_with_t(&observed, t).unwrap();
            let with_outcomes: Vec<(f64, f64)> = observed
                .iter()
                .zip(&fit)
                .map(|(&(a, _), &p)| (a, p))
                .collect();
            let (mean, variance) = mean_and_variance(&with_outcomes);
            assert!(close(fit.iter().sum::<f64>(), 1.0, 1e-9));
            assert!(close((mean - 0.5) / variance.sqrt(), t, 1e-6), "{t}");
        }
    }

    #[test]
    fn sprt_bounds_follow_alpha_and_beta() {
        let sprt = Sprt::parse("0,5").unwrap();
        // ln(0.05 / 0.95) and ln(0.95 / 0.05).
        assert!(close(sprt.lower_bound(), -2.944_438_98, 1e-8));
        assert!(close(sprt.upper_bound(), 2.944_438_98, 1e-8));
        let sprt = Sprt::parse("-1.5, 0.5, 0.1, 0.2").unwrap();
        assert_eq!(
            (sprt.elo0, sprt.elo1, sprt.alpha, sprt.beta),
            (-1.5, 0.5, 0.1, 0.2)
        );
        for bad in ["5", "5,0", "0,5,0.05", "0,5,0.6,0.05", "0,5,0,0.05", "a,b"] {
            assert!(Sprt::parse(bad).is_err(), "{bad}");
        }
        assert_eq!(sprt.verdict(3.0), SprtVerdict::AcceptH1);
        assert_eq!(sprt.verdict(-3.0), SprtVerdict::AcceptH0);
        assert_eq!(sprt.verdict(0.0), SprtVerdict::Continue);
    }

    // The expected numbers below were computed independently for this test by
    // a short Python script (numpy + scipy): the Elo figures straight from the
    // formulas in the module docs; each LLR by maximising the likelihood of the
    // counts under each hypothesis's constraint `(mean - ½) / σ = t` with a
    // general-purpose constrained optimiser (SLSQP), not by the secular
    // equation used here. For the first case, fishtest's published closed-form
    // approximation (Van den Bergh's note, section 4.2) gives 0.2319, close to
    // the exact 0.2325, as it should for a few hundred games.
    #[test]
    fn llr_matches_an_independent_computation() {
        let cases: [(&[u64], f64, f64, f64); 6] = [
            (&[10, 40, 80, 50, 20], 0.0, 2.0, 0.232_507),
            (&[10, 40, 80, 50, 20], 0.0, 5.0, 0.556_619),
            (&[0, 5, 30, 10, 1], 0.0, 5.0, 0.220_452),
            (&[3, 52, 130, 41, 4], -2.0, 2.0, -0.201_271),
            (&[30, 100, 50], -1.0, 3.0, 0.339_474),
            (&[120, 300, 140], 0.0, 5.0, 0.364_462),
        ];
        for (counts, elo0, elo1, expected) in cases {
            let llr = llr_normalized(counts, elo0, elo1);
            assert!(
                close(llr, expected, 1e-4),
                "{counts:?}: {llr} vs {expected}"
            );
        }
    }

    #[test]
    fn the_approximation_is_close_and_takes_over_where_the_fit_fails() {
        // fishtest's closed form on the first case above: 0.2319 (our script).
        let approximate = llr_normalized_approximate(&[10, 40, 80, 50, 20], 0.0, 2.0);
        assert!(close(approximate, 0.231_905, 1e-5), "{approximate}");
        // Bounds of hundreds of nElo: the exact fit does not converge from
        // the uniform start, and the approximation answers.
        let counts = [14, 17, 38, 20, 11];
        let (_, observed) = observed(&counts, ZERO_COUNT);
        assert!(most_likely_with_t(&observed, 300.0 / NELO_PER_T * SQRT_2).is_none());
        let llr = llr_normalized(&counts, 100.0, 300.0);
        assert_eq!(llr, llr_normalized_approximate(&counts, 100.0, 300.0));
        assert!(
            llr < -10.0,
            "a score near 50 % is far from H1 = 300 nElo: {llr}"
        );
    }

    #[test]
    fn elo_interval_matches_an_independent_computation() {
        let pairs = Pentanomial([10, 40, 80, 50, 20]).elo().unwrap();
        assert!(close(pairs.score, 0.5375, 1e-12));
        assert!(close(pairs.elo, 26.106_693, 1e-5));
        assert!(close(pairs.lower, 1.653_271, 1e-5));
        assert!(close(pairs.upper, 50.821_473, 1e-5));
        assert!(close(pairs.normalized_elo, 36.354_623, 1e-5));
        assert!(pairs.is_resolved());

        let games = Trinomial {
            losses: 30,
            draws: 100,
            wins: 50,
        };
        let games = games.elo().unwrap();
        assert!(close(games.elo, 38.764_005, 1e-5));
        assert!(close(games.lower, 5.240_387, 1e-5));
        assert!(close(games.upper, 73.024_569, 1e-5));
        assert!(close(games.normalized_elo, 58.727_333, 1e-5));

        let even = Pentanomial([3, 52, 130, 41, 4]).elo().unwrap();
        assert!(close(even.elo, -6.798_520, 1e-5));
        assert!(close(even.lower, -23.091_735, 1e-5));
        assert!(close(even.upper, 9.464_829, 1e-5));
        assert!(!even.is_resolved());
    }

    #[test]
    fn no_games_no_evidence() {
        assert_eq!(llr_normalized(&[0; 5], 0.0, 5.0), 0.0);
        assert_eq!(Pentanomial::default().elo(), None);
    }
}
