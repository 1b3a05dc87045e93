//! # Playing strength: a weaker umax that still plays like a chess player
//!
//! A person learning the game (or testing a program) wants an opponent near
//! their own level. umax weakens itself in two ways that mimic a weaker player:
//!
//! 1. **It looks less far ahead.** The search gets a node budget that halves
//!    for every [`ELO_PER_DOUBLING`] Elo below full strength, so a weak setting
//!    sees only a few plies and misses deeper tactics, as a club player does.
//! 2. **It does not always play the move it found.** After the search, every
//!    legal move gets a quick two-ply score. Another move than the search's is
//!    played with a probability that falls off exponentially with how far its
//!    quick score is below the searched move's, on a scale (the *temperature*,
//!    in centipawns) that grows as the Elo falls. A move that drops a piece at
//!    two plies is never chosen; a move that looks as good at a glance, or a
//!    little worse, sometimes is.
//!
//! A proved mate is always played. `go infinite` and analysis search at full
//! strength.
//!
//! The mapping from Elo to budget and temperature was calibrated by matches
//! against Stockfish's `UCI_Elo` (see the README's strength table).
//!
//! Deviation from micro-Max: micro-Max has no strength setting.

use crate::board::{Board, Move};
use crate::clock::Limits;
use crate::eval::Score;

use super::techniques::{CALIBRATED_PRESET, Settings};
use super::{INFINITY, Listener, SearchResult, Searcher, Silent, mate_in};

/// The weakest setting offered.
pub const MIN_ELO: u32 = 1000;
/// The strongest setting offered: about umax's full strength at blitz on
/// Stockfish's `UCI_Elo` scale (see the README's strength table).
pub const MAX_ELO: u32 = 1800;
/// The Elo a front end offers until one is chosen.
pub const DEFAULT_ELO: u32 = 1500;
/// The node budget doubles for every this many Elo.
pub const ELO_PER_DOUBLING: u32 = 150;
/// The node budget at [`MIN_ELO`].
pub const NODES_AT_MIN_ELO: u64 = 1000;
/// The temperature at [`MIN_ELO`], in centipawns; it falls linearly to 0 at
/// [`MAX_ELO`].
pub const TEMPERATURE_AT_MIN_ELO: f64 = 20.0;
/// Moves whose quick score is more than this many temperatures behind are never
/// chosen.
const TEMPERATURES_CONSIDERED: f64 = 3.0;
/// How much an alternative counts as behind the searched move even when its
/// quick score is as good or better, in centipawns: the searched move was
/// searched deeper, so a move that only looks good at a glance was probably
/// refuted.
const DEEPER_SEARCH_TRUST: Score = 20;

/// A seed that differs from run to run (std's per-process hash keys), never 0.
pub fn random_seed() -> u64 {
    use std::hash::{BuildHasher, Hasher};
    std::collections::hash_map::RandomState::new()
        .build_hasher()
        .finish()
        | 1
}

/// umax's one random generator (xorshift64): advance `state` (never 0) and
/// return it. Plenty for choosing among moves; the console's opening variety
/// uses it too.
pub fn xorshift64(state: &mut u64) -> u64 {
    *state ^= *state << 13;
    *state ^= *state >> 7;
    *state ^= *state << 17;
    *state
}

/// A strength limit: the Elo and the random generator that picks among the
/// near-best moves.
#[derive(Clone, Debug)]
pub struct Strength {
    elo: u32,
    /// xorshift64 state; never 0.
    random_state: u64,
}

impl Strength {
    /// A limit of `elo`, clamped to [`MIN_ELO`]..=[`MAX_ELO`], seeded from the
    /// clock so that games differ.
    pub fn new(elo: u32) -> Strength {
        Strength::with_seed(elo, random_seed())
    }

    /// A limit of `elo` with a fixed random seed (for tests).
    pub fn with_seed(elo: u32, seed: u64) -> Strength {
        Strength {
            elo: elo.clamp(MIN_ELO, MAX_ELO),
            random_state: seed | 1,
        }
    }

    /// The Elo this limit plays at.
    pub fn elo(&self) -> u32 {
        self.elo
    }

    /// Nodes the search may spend on a move.
    pub fn node_budget(&self) -> u64 {
        let doublings = f64::from(self.elo - MIN_ELO) / f64::from(ELO_PER_DOUBLING);
        (NODES_AT_MIN_ELO as f64 * doublings.exp2()) as u64
    }

    /// How far below the best a move may score and still be chosen, in
    /// centipawns per factor e of probability.
    pub fn temperature(&self) -> f64 {
        let below_max = f64::from(MAX_ELO - self.elo) / f64::from(MAX_ELO - MIN_ELO);
        TEMPERATURE_AT_MIN_ELO * below_max
    }

    /// `limits` with the node budget added (the tighter limit wins).
    pub fn limit(&self, limits: &Limits) -> Limits {
        let budget = self.node_budget();
        Limits {
            nodes: Some(limits.nodes.map_or(budget, |nodes| nodes.min(budget))),
            ..limits.clone()
        }
    }

    /// A uniform random number in `0..1`.
    fn next_unit(&mut self) -> f64 {
        (xorshift64(&mut self.random_state) >> 11) as f64 / (1u64 << 53) as f64
    }

    /// Pick the move to play: `searched`, the search's choice, or one of the
    /// other `candidates` (move, quick score). An alternative is weighted
    /// `exp(-behind / temperature)` against the searched move's 1, where
    /// `behind` is how far its quick score falls below the searched move's plus
    /// [`DEEPER_SEARCH_TRUST`]: the deeper search's choice stays the likeliest
    /// even when the quick look prefers another move, and at low temperatures
    /// it is the only choice.
    fn pick(&mut self, searched: Move, candidates: &[(Move, Score)]) -> Move {
        let temperature = self.temperature();
        let Some(searched_score) = candidates.iter().find(|c| c.0 == searched).map(|c| c.1) else {
            return searched;
        };
        if temperature <= 0.0 {
            return searched;
        }
        let weight = |&(mv, score): &(Move, Score)| {
            if mv == searched {
                return 1.0;
            }
            let behind =
                f64::from((searched_score - score).max(0) + DEEPER_SEARCH_TRUST) / temperature;
            if behind > TEMPERATURES_CONSIDERED {
                0.0
            } else {
                (-behind).exp()
            }
        };
        let weights: Vec<f64> = candidates.iter().map(weight).collect();
        let mut target = self.next_unit() * weights.iter().sum::<f64>();
        for (&(mv, _), weight) in candidates.iter().zip(&weights) {
            if target < *weight {
                return mv;
            }
            target -= weight;
        }
        searched
    }
}

/// The two options GUIs know for a strength limit, as UCI names them (xboard
/// offers the same two, as Polyglot would translate them): whether to limit
/// the strength, and to which Elo. One place for UCI, xboard and the console.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StrengthOptions {
    /// `UCI_LimitStrength`.
    pub limit: bool,
    /// `UCI_Elo`, from [`MIN_ELO`] to [`MAX_ELO`].
    pub elo: u32,
}

impl Default for StrengthOptions {
    fn default() -> StrengthOptions {
        StrengthOptions {
            limit: false,
            elo: DEFAULT_ELO,
        }
    }
}

impl StrengthOptions {
    /// The name of the on/off option.
    pub const LIMIT_NAME: &'static str = "UCI_LimitStrength";
    /// The name of the Elo option.
    pub const ELO_NAME: &'static str = "UCI_Elo";

    /// Set the option `name` (any case) from `value`: `None` if `name` is not
    /// one of the two, else whether the value was understood (an Elo out of
    /// range is brought into it).
    pub fn set(&mut self, name: &str, value: &str) -> Option<Result<(), String>> {
        let value = value.trim();
        if name.eq_ignore_ascii_case(Self::LIMIT_NAME) {
            let limit = match value.to_ascii_lowercase().as_str() {
                "true" | "1" | "on" => true,
                "false" | "0" | "off" => false,
                _ => return Some(Err(format!("{} is true or false", Self::LIMIT_NAME))),
            };
            self.limit = limit;
            Some(Ok(()))
        } else if name.eq_ignore_ascii_case(Self::ELO_NAME) {
            Some(
                crate::input::parse_clamped(value, MIN_ELO..=MAX_ELO)
                    .map(|elo| self.elo = elo)
                    .map_err(|error| format!("{}: {error}", Self::ELO_NAME)),
            )
        } else {
            None
        }
    }

    /// The limit these options ask for (`None`: full strength).
    pub fn strength(&self) -> Option<Strength> {
        self.limit.then(|| Strength::new(self.elo))
    }
}

impl Searcher {
    /// Play at this strength from the next move on (`None`: full strength).
    pub fn set_strength(&mut self, strength: Option<Strength>) {
        self.strength = strength;
    }

    /// The strength limit in use, if any.
    pub fn strength(&self) -> Option<&Strength> {
        self.strength.as_ref()
    }

    /// Choose the move to play in a game: [`Searcher::think`] at full strength,
    /// or within the strength limit (see the module docs). A search without an
    /// end (`infinite`) is not limited. If the move played is not
    /// the one the search reported last, a last line for it is reported, so
    /// that the last line shown always starts with the move played.
    pub fn play(
        &mut self,
        board: &Board,
        history: &[u64],
        limits: &Limits,
        listener: &mut dyn Listener,
    ) -> SearchResult {
        let Some(strength) = self.strength.clone() else {
            return self.think(board, history, limits, listener);
        };
        if limits.infinite {
            return self.think(board, history, limits, listener);
        }
        // The scale was calibrated with one search; a stronger default must
        // not make every level stronger.
        let own_settings = std::mem::replace(
            &mut self.settings,
            Settings::preset(CALIBRATED_PRESET).expect("the calibrated preset exists"),
        );
        let result = self.play_limited(strength, board, history, limits, listener);
        self.settings = own_settings;
        result
    }

    /// [`Searcher::play`] with a strength limit, under the calibrated settings.
    fn play_limited(
        &mut self,
        strength: Strength,
        board: &Board,
        history: &[u64],
        limits: &Limits,
        listener: &mut dyn Listener,
    ) -> SearchResult {
        let mut result = self.think(board, history, &strength.limit(limits), listener);
        let Some(searched_best) = result.best_move else {
            return result;
        };
        if mate_in(result.info.score).is_some_and(|moves| moves > 0) {
            return result;
        }
        // The quick scores are searches too: count their nodes, keep the main
        // search's statistics.
        let main_nodes = self.nodes;
        let main_stats = self.search_stats.clone();
        let (candidates, quick_nodes) = self.quick_scores(board, history, &limits.search_moves);
        self.nodes = main_nodes + quick_nodes;
        self.search_stats = main_stats;

        let mut strength = strength;
        let chosen = strength.pick(searched_best, &candidates);
        if let Some(kept) = self.strength.as_mut() {
            kept.random_state = strength.random_state;
        }
        result.info.nodes = self.nodes;
        if chosen != searched_best {
            let score = candidates.iter().find(|c| c.0 == chosen).map_or(0, |c| c.1);
            let mut after = board.clone();
            after.make_move(chosen);
            let reply = self.principal_variation_from(&after);
            result.best_move = Some(chosen);
            result.info.score = score;
            result.info.pv = std::iter::once(chosen).chain(reply).collect();
            result.ponder_move = result.info.pv.get(1).copied();
            listener.iteration_done(&result.info);
        }
        result
    }

    /// Every legal move (of `search_moves`, if any) with its two-ply score
    /// (its reply searched one ply and then captures), and the nodes these
    /// searches took.
    fn quick_scores(
        &mut self,
        board: &Board,
        history: &[u64],
        search_moves: &[Move],
    ) -> (Vec<(Move, Score)>, u64) {
        let mut history = history.to_vec();
        history.push(board.key());
        let mut total_nodes = 0;
        let candidates: Vec<(Move, Score)> = board
            .legal_moves()
            .into_iter()
            .filter(|mv| search_moves.is_empty() || search_moves.contains(mv))
            .map(|mv| {
                let mut after = board.clone();
                after.make_move(mv);
                let score = if after.legal_moves().is_empty() {
                    if after.in_check() { INFINITY } else { 0 }
                } else {
                    let reply = self.think(&after, &history, &Limits::depth(1), &mut Silent);
                    total_nodes += self.nodes;
                    -reply.info.score
                };
                (mv, score)
            })
            .collect();
        (candidates, total_nodes)
    }

    /// The best line from `board` read back from the table (after `play` chose
    /// a move the search did not).
    fn principal_variation_from(&mut self, board: &Board) -> Vec<Move> {
        let saved = std::mem::replace(&mut self.board, board.clone());
        let first = self
            .table
            .best_move_among(board.key(), &board.legal_moves());
        let line = self.principal_variation(first, 8);
        self.board = saved;
        line
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn budget_doubles_per_step_and_temperature_falls_to_zero() {
        let weakest = Strength::with_seed(MIN_ELO, 1);
        let next = Strength::with_seed(MIN_ELO + ELO_PER_DOUBLING, 1);
        assert_eq!(weakest.node_budget(), NODES_AT_MIN_ELO);
        assert_eq!(next.node_budget(), 2 * NODES_AT_MIN_ELO);
        assert_eq!(weakest.temperature(), TEMPERATURE_AT_MIN_ELO);
        assert_eq!(Strength::with_seed(MAX_ELO, 1).temperature(), 0.0);
        assert_eq!(Strength::with_seed(5, 1).elo(), MIN_ELO);
        assert_eq!(Strength::with_seed(99_999, 1).elo(), MAX_ELO);
    }

    #[test]
    fn limit_keeps_the_tighter_node_count() {
        let strength = Strength::with_seed(MIN_ELO, 1);
        assert_eq!(
            strength.limit(&Limits::nodes(50)).nodes,
            Some(50),
            "a smaller limit stays"
        );
        assert_eq!(
            strength.limit(&Limits::depth(9)).nodes,
            Some(NODES_AT_MIN_ELO)
        );
    }

    #[test]
    fn pick_prefers_better_moves_and_never_takes_a_blunder() {
        let board = Board::start();
        let moves = board.legal_moves();
        // The searched move, one the quick look likes better, one a bit worse,
        // and a blunder.
        let candidates = [
            (moves[0], 0),
            (moves[1], 40),
            (moves[2], -15),
            (moves[3], -900),
        ];
        let mut strength = Strength::with_seed(MIN_ELO, 12345);
        let mut counts = [0; 4];
        for _ in 0..10_000 {
            let mv = strength.pick(moves[0], &candidates);
            counts[moves.iter().position(|&m| m == mv).unwrap()] += 1;
        }
        // Temperature 20: weights 1, e^-1 = 0.37, e^-1.75 = 0.17, 0 (3.75 > 3
        // temperatures): shares 65 %, 24 %, 11 %, 0.
        assert!((6_100..6_900).contains(&counts[0]), "{counts:?}");
        assert!((2_000..2_800).contains(&counts[1]), "{counts:?}");
        assert!((800..1_400).contains(&counts[2]), "{counts:?}");
        assert_eq!(counts[3], 0, "{counts:?}");
        let mut full = Strength::with_seed(MAX_ELO, 7);
        assert!((0..100).all(|_| full.pick(moves[0], &candidates) == moves[0]));
    }
}
