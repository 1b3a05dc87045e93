//! # `umax tune`: Texel tuning of the tapered evaluation
//!
//! How good is an evaluation? One answer needs no chess knowledge at all: a
//! good evaluation *predicts the result of the game*. Take many positions from
//! finished games; map each evaluation (White's view, centipawns) to an
//! expected score with the logistic curve
//!
//! ```text
//! expected = 1 / (1 + exp(-K * eval))        (0 = Black wins, 1 = White wins)
//! ```
//!
//! and measure the mean squared error against the actual results (1, ½, 0).
//! Minimising that error over the evaluation's parameters is logistic
//! regression; in chess programming it is called **Texel tuning**, after the
//! engine whose author, Peter Österlund, made it popular in 2014.
//!
//! The steps, as this file does them:
//!
//! 1. **Positions** ([`DataSet`]): every position of every finished game of
//!    the PGN files, except the first `--skip-plies` after the opening (they
//!    come from the opening book, not from the engine), positions with the
//!    side to move in check, and positions that are not **quiet**: where some
//!    capture or promotion wins material by static exchange evaluation
//!    ([`search::see`](crate::search::see)). The evaluation of a position in the middle
//!    of an exchange says little about the result; the search would have
//!    looked further. With `--resolve` such a position is not dropped but
//!    replaced by the quiet one its quiescence search ends in
//!    ([`quiescence_leaf`]): where the search would have looked.
//! 2. **Features**: the tapered evaluation is linear in its parameters for a
//!    fixed phase. Each position becomes a short list of (feature, count)
//!    pairs — a feature is a table entry (the count is +1 for a white piece
//!    on it, −1 for a black one, summed) or a position term (passed pawn on
//!    its 5th rank, isolated pawn, shelter pawn, castling right, ...: White's
//!    count minus Black's) — and its phase. The tables and the terms are
//!    fitted together. Evaluating with any parameters is then a
//!    dot product, with no board in sight ([`feature_eval`] does it exactly as
//!    the engine does, which a test checks position by position).
//! 3. **K**: the scale between centipawns and expected score is fitted first,
//!    with the parameters we start from, so that the error measures the
//!    parameters and not the scale.
//! 4. **Gradient descent**: the error's gradient with respect to every
//!    parameter is a sum over positions; Adam (gradient descent with a
//!    per-parameter step size) follows it downhill for `--iterations` passes
//!    over all positions.
//! 5. **Overfitting**: positions of one game are nearly alike and share one
//!    result, so a few hundred parameters can learn the *games* rather than
//!    chess. The games of one opening in [`HOLD_OUT_EVERY`] are held out of
//!    the fit; the tuner keeps the pass whose parameters predict them best
//!    (early stopping), and `--l2` pulls every parameter towards its start
//!    (ridge regularisation), so that entries few games see stay put.
//!    `--smooth` pulls every table entry towards its neighbours instead (the
//!    squared difference of each pair of neighbouring squares is added to
//!    the error): a knight on c1 and one on d1 are worth nearly the same, so
//!    a square few positions see borrows its value from the squares around
//!    it rather than from the luck of a few games.
//! 6. **Output**: the parameters, rounded to whole centipawns, are written
//!    as Rust source ([`write_source`]) for `src/engine/eval/tuned.rs`, with the
//!    chain of `umax tune` commands that made them (`FITS`: a fit that
//!    starts from the current tables, `--start current`, adds itself to
//!    their chain; one from umax's own evaluation starts a new one). (A piece's
//!    value and the average of its table say the same thing twice; each table
//!    keeps its starting average, so that the values can be compared with
//!    the starting ones.)
//!
//! Deviation from micro-Max: micro-Max's evaluation is set by hand; there is
//! no tuner.

use std::fmt::Write as _;

use crate::board::{Board, Color, Move, PieceKind, Square};
use crate::eval::tapered::{
    self, ALL_TERMS, ENTRIES, FEATURES, FULL_PHASE, PieceParams, Structure, TERMS, Table,
    TaperedParams, Term, entry_cell,
};
use crate::eval::{self, EvalTerms, Score, tuned};
use crate::game::{parse_pgn, split_games};
use crate::input::{parse_number, quote, send, take_option};
use crate::search::{INFINITY, Settings, see};

/// The usage of `umax tune`.
pub const USAGE: &str = "\
usage: umax tune PGN... [--out FILE] [--iterations N] [--skip-plies N]
                        [--rate CP] [--l2 LAMBDA] [--smooth LAMBDA]
                        [--start umax|current] [--terms-only]
                        [--only SWITCH,...] [--keep-last] [--resolve]
                        [--labels FILE]... [--label-weight W]

Fits the tapered evaluation (eval=tapered) to the results of the games in the
PGN files (Texel tuning) and writes the tables as Rust source to FILE
(default tuned.rs; the engine reads them from src/engine/eval/tuned.rs). The games
of one opening in ten are held out; the pass that predicts them best is kept.
  --iterations N   passes of gradient descent over all positions (default 1000)
  --skip-plies N   positions skipped after each game's start (default 8)
  --rate CP        Adam's step size in centipawns (default 0.1)
  --l2 LAMBDA      ridge regularisation towards the start (default 0)
  --smooth LAMBDA  smoothness: penalise the squared difference between
                   neighbouring entries of a table (default 0)
  --start umax     start from umax's own evaluation written as tables (default)
  --start current  start from the tables the engine was built with
  --terms-only     fit the position terms only; the tables and piece values
                   stay as they start (few parameters: no overfitting)
  --only SWITCHES  fit only the position terms of these laboratory switches
                   (e.g. king_danger,bishop_pair); every other value stays
                   as it starts
  --keep-last      keep the last pass, not the one that predicts the
                   held-out games best (for a few values, whose gain there
                   is smaller than the noise: games decide)
  --resolve        tune on the position each one's quiescence search ends
                   in (captures resolved), instead of dropping the positions
                   where a capture wins material
  --labels FILE    positions labelled with another engine's score, one a
                   line: FEN;RESULT;CP;START (the game's score for White,
                   the engine's centipawns for White, the game's start
                   position; `bench/sf_labels.py` writes them)
  --label-weight W how much a labelled position is fitted to its label's
                   expected score, the rest to its game's result; the
                   held-out error is always the results' (default 0.5)";

/// Positions skipped after a game's start position by default.
pub const DEFAULT_SKIP_PLIES: usize = 8;
/// Passes of gradient descent by default.
pub const DEFAULT_ITERATIONS: usize = 1000;
/// Adam's step size by default (centipawns per pass, at most): small, because
/// with a few thousand games the held-out error is lowest within a few
/// centipawns of the start.
pub const DEFAULT_RATE: f64 = 0.1;
/// Ridge regularisation by default: the error grows by this much per
/// squared centipawn a parameter moves from its start.
pub const DEFAULT_L2: f64 = 0.0;
/// Smoothness regularisation by default: the error grows by this much per
/// squared centipawn between two neighbouring entries of one table.
pub const DEFAULT_SMOOTH: f64 = 0.0;

/// `--label-weight` by default: a labelled position is fitted to the mean of
/// its label's expected score and its game's result.
pub const DEFAULT_LABEL_WEIGHT: f64 = 0.5;

/// How [`tune`] descends: its passes, step size and regularisation.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TuneOptions {
    /// Passes of gradient descent over all positions.
    pub iterations: usize,
    /// Adam's step size (centipawns per pass, at most).
    pub rate: f64,
    /// Ridge regularisation: pull every parameter towards its start.
    pub l2: f64,
    /// Smoothness regularisation: pull each table entry towards its
    /// neighbours (the squares a rook's step away in the same table).
    pub smooth: f64,
    /// Fit the position terms only; tables and piece values stay put.
    pub terms_only: bool,
    /// Fit only the position terms whose laboratory switch is in this set;
    /// everything else stays put (to learn what new terms are worth on
    /// their own, beside the values the engine already has).
    pub only: Option<EvalTerms>,
    /// Keep the last pass instead of the one that predicts the held-out
    /// games best: for a fit of a few values, whose gain on the held-out
    /// tenth of the games is smaller than that tenth's noise, so that games
    /// played with the values decide instead.
    pub keep_last: bool,
    /// How much a labelled position's target is its label (`--labels`)
    /// rather than its game's result: 0 to 1.
    pub label_weight: f64,
}

impl Default for TuneOptions {
    fn default() -> TuneOptions {
        TuneOptions {
            iterations: DEFAULT_ITERATIONS,
            rate: DEFAULT_RATE,
            l2: DEFAULT_L2,
            smooth: DEFAULT_SMOOTH,
            terms_only: false,
            only: None,
            keep_last: false,
            label_weight: DEFAULT_LABEL_WEIGHT,
        }
    }
}

/// Where the parameters start.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Start {
    /// umax's own evaluation written as tables ([`umax_tables`]).
    Umax,
    /// The tables the engine was built with ([`tuned::TUNED`]).
    Current,
}

/// umax's own evaluation written as tables: the starting point of
/// tuning. Values are [`eval::PIECE_VALUES`]; the tables hold umax's
/// centralisation, pawn advancement and (end game) pawn push; the frozen
/// king's cost per *move* becomes a cost per *square* off e1, with the
/// castling bonus on g1 and c1. Passed, isolated and doubled pawns start
/// at the seed-002 values, a shelter pawn at umax's pawn-structure
/// penalty (what umax charges for moving it), every other term at 0.
pub fn umax_tables() -> TaperedParams {
    let mut pieces = [PieceParams {
        value: [0, 0],
        middle_game: [[0; 8]; 8],
        end_game: [[0; 8]; 8],
    }; 6];
    let end_game_push = eval::pawn_push_bonus(FULL_PHASE);
    for (index, params) in pieces.iter_mut().enumerate() {
        let kind = PieceKind::from_code(index as u8 + 1).expect("six kinds");
        let value = eval::PIECE_VALUES[kind as usize];
        params.value = [value, value];
        for rank in 0..8u8 {
            for file in 0..8u8 {
                let square = Square::new(file, rank);
                let (row, column) = (usize::from(7 - rank), usize::from(file));
                let centre = eval::centralisation(kind, square);
                let (mut middle, mut end) = (centre, centre);
                match kind {
                    PieceKind::Pawn if rank == 0 || rank == 7 => (middle, end) = (0, 0),
                    PieceKind::Pawn => {
                        let advanced = eval::ADVANCED_PAWN_BONUS * (i32::from(rank) - 4).max(0);
                        middle += advanced;
                        end += advanced + end_game_push * (i32::from(rank) - 1);
                    }
                    PieceKind::King if rank == 0 && file == 4 => {}
                    PieceKind::King if rank == 0 && (file == 2 || file == 6) => {
                        middle += eval::CASTLING_BONUS - eval::KING_MOVE_PENALTY;
                    }
                    PieceKind::King => middle -= eval::KING_MOVE_PENALTY,
                    _ => {}
                }
                params.middle_game[row][column] = middle;
                params.end_game[row][column] = end;
            }
        }
    }
    let mut terms = [[0; 2]; TERMS];
    for (term, value) in ALL_TERMS.iter().zip(terms.iter_mut()) {
        *value = match term {
            Term::Isolated => [-eval::ISOLATED_PAWN_PENALTY; 2],
            Term::Doubled => [-eval::DOUBLED_PAWN_PENALTY; 2],
            Term::ShelterNear => [eval::PAWN_STRUCTURE_PENALTY, 0],
            Term::PassedRank2
            | Term::PassedRank3
            | Term::PassedRank4
            | Term::PassedRank5
            | Term::PassedRank6
            | Term::PassedRank7 => [eval::PASSED_PAWN_BONUS; 2],
            // Every other term starts at nothing.
            _ => [0, 0],
        };
    }
    TaperedParams { pieces, terms }
}

/// A short description of `term`, for the generated source.
const fn describe(term: Term) -> &'static str {
    match term {
        Term::PassedRank2 => "passed pawn on its 2nd rank",
        Term::PassedRank3 => "passed pawn on its 3rd rank",
        Term::PassedRank4 => "passed pawn on its 4th rank",
        Term::PassedRank5 => "passed pawn on its 5th rank",
        Term::PassedRank6 => "passed pawn on its 6th rank",
        Term::PassedRank7 => "passed pawn on its 7th rank",
        Term::Isolated => "isolated pawn",
        Term::Doubled => "doubled pawn (each)",
        Term::ShelterNear => "own pawn one rank in front of the king",
        Term::ShelterFar => "own pawn two ranks in front of the king",
        Term::CastlingRight => "castling right held",
        Term::MobilityKnight => "square a knight reaches",
        Term::MobilityBishop => "square a bishop reaches",
        Term::MobilityRook => "square a rook reaches",
        Term::MobilityQueen => "square a queen reaches",
        Term::KingAttack => "attack on a square at the enemy king",
        Term::SupportedPawn => "pawn defended by a pawn",
        Term::PassedOwnKing => "own king's distance to a passed pawn, times its ranks advanced",
        Term::PassedEnemyKing => "enemy king's distance to a passed pawn, times its ranks advanced",
        Term::RookOpenFile => "rook on a file without pawns",
        Term::RookHalfOpenFile => "rook on a file with enemy pawns only",
        Term::PawnThreat => "knight, bishop, rook or queen attacked by an enemy pawn",
        Term::BishopPair => "two bishops or more",
        Term::UnsafeMobility => "square a piece reaches that an enemy pawn attacks",
        Term::Backward => "backward pawn",
        Term::KingDanger => "square of the weight of an attack on the enemy king (/16)",
    }
}

/// One feature seen in a position: a table entry, whose `count` is the
/// number of white pieces on it minus the number of black ones, or a
/// position term, whose `count` is White's count minus Black's.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Feature {
    /// The table entry (see [`tapered::entry_index`]), or `ENTRIES + t` for
    /// position term `t` (see [`tapered::FEATURES`]).
    pub entry: u16,
    /// White's count minus Black's.
    pub count: i8,
}

/// A position reduced to what the tuner needs.
#[derive(Clone, Copy, Debug)]
struct Sample {
    /// Its features: `features[first..first + len]` of the data set.
    first: u32,
    len: u8,
    /// Its phase (0..=[`FULL_PHASE`]).
    phase: u8,
    /// The game's result for White: 1, 0.5 or 0.
    result: f32,
    /// Another engine's score for White in centipawns (`--labels`), or NaN.
    label: f32,
}

/// One opening (start position) in this many is held out of tuning, with
/// all its games, to measure overfitting.
pub const HOLD_OUT_EVERY: usize = 10;

/// The positions to tune on, as features: the training positions, and the
/// positions of the games of one opening in [`HOLD_OUT_EVERY`] held out, to
/// check that what the tuner learns holds for games it has not seen.
#[derive(Clone, Debug, Default)]
pub struct DataSet {
    samples: Vec<Sample>,
    held_out: Vec<Sample>,
    features: Vec<Feature>,
    /// Games read, finished or not.
    pub games: usize,
    /// Games skipped: unfinished (`*`) or unreadable.
    pub games_skipped: usize,
    /// Games skipped because the same game (start position and moves) was
    /// read before.
    pub duplicates: usize,
    /// Labelled positions read (`--labels`).
    pub labelled: usize,
    /// Lines of the label files that did not read as a labelled position.
    pub labels_skipped: usize,
    /// A key of every game read: its start position's and its moves'.
    seen_games: std::collections::HashSet<(u64, Vec<Move>)>,
    /// The first unreadable game's error, if any.
    pub first_error: Option<String>,
    /// Positions looked at, before the filters.
    pub positions_seen: usize,
    /// Positions dropped: among the first plies, in check, not quiet.
    pub dropped: [usize; 3],
    /// `--resolve`: replace each position by its quiescence search's leaf.
    pub resolve: bool,
    /// Positions so replaced by another (`--resolve`).
    pub resolved: usize,
}

/// A position's phase and features (the tapered evaluation is the sum of the
/// features' blended values times their counts, from White's point of view):
/// the table entries, the position terms and the activity terms.
pub fn features(board: &Board) -> (i32, Vec<Feature>) {
    let mut counts = [0i8; FEATURES];
    for square in Square::all() {
        let piece = board.piece_at(square);
        let (Some(color), Some(kind)) = (piece.color(), piece.kind()) else {
            continue;
        };
        let entry = tapered::entry_index(kind, color, square);
        counts[entry] += if color == Color::White { 1 } else { -1 };
    }
    let structure = Structure::of(board).counts();
    let activity = tapered::activity_counts(board);
    for term in 0..TERMS {
        // Mobility differences stay far inside a byte (at most 27 squares a
        // queen); clamp anyway so that no position can wrap around.
        counts[ENTRIES + term] = (structure[term] + activity[term]).clamp(-127, 127) as i8;
    }
    let features = counts
        .iter()
        .enumerate()
        .filter(|&(_, &count)| count != 0)
        .map(|(entry, &count)| Feature {
            entry: entry as u16,
            count,
        })
        .collect();
    (tapered::phase(eval::material_gone(board)), features)
}

/// The tapered evaluation (White's point of view) of a position given by its
/// phase and features, computed as the engine computes it: each feature
/// blended and rounded on its own. Equals `static_eval_in(Tapered, ...)`
/// (every position term on) plus `activity_with` (every activity term
/// on but the untuned `mop_up`) turned to White's view, with the same parameters: the evaluation of
/// a full-width node that counts its own activity terms (see the switch
/// `activity_plies`; nodes nearer the horizon inherit their parent's).
pub fn feature_eval(params: &TaperedParams, phase: i32, features: &[Feature]) -> Score {
    features
        .iter()
        .map(|feature| {
            Score::from(feature.count) * tapered::blend(params.entry(feature.entry.into()), phase)
        })
        .sum()
}

/// Is `board` quiet enough to tune on: the side to move is not in check, and
/// no capture or promotion wins material by static exchange evaluation?
pub fn is_quiet(board: &Board) -> bool {
    if board.in_check() {
        return false;
    }
    let mut captures = Vec::new();
    board.generate_captures(&mut captures);
    captures.iter().all(|&mv| see::see(board, mv) <= 0)
}

/// `--resolve`: the position the quiescence search from `board` (not in
/// check) ends in: the leaf of its principal variation, where the side to
/// move prefers standing pat to any capture or promotion. Captures are
/// tried best first by MVV/LVA and scored by the default's tapered
/// evaluation (its activity terms aside).
pub fn quiescence_leaf(board: &Board) -> Board {
    let terms = Settings::default().eval_terms;
    let mut board = board.clone();
    let (_, line) = quiescence(&mut board, terms, [-INFINITY, INFINITY], 0);
    for &mv in line.iter().rev() {
        board.make_move(mv);
    }
    board
}

/// Plies of captures [`quiescence_leaf`] follows at most.
const QUIESCENCE_PLIES: usize = 16;

/// Captures-only alpha-beta from `board` within `[alpha, beta]`, for
/// [`quiescence_leaf`]: the score for the side to move and its principal
/// variation, last move first.
fn quiescence(
    board: &mut Board,
    terms: EvalTerms,
    [mut alpha, beta]: [Score; 2],
    ply: usize,
) -> (Score, Vec<Move>) {
    let mut best = (tapered::static_eval(terms, board), Vec::new());
    if best.0 >= beta || ply == QUIESCENCE_PLIES {
        return best;
    }
    alpha = alpha.max(best.0);
    let mut captures = Vec::new();
    board.generate_captures(&mut captures);
    captures.sort_by_key(|&mv| -eval::mvv_lva(board, mv));
    let us = board.side_to_move();
    for mv in captures {
        let undo = board.make_move(mv);
        let reply = (!board.is_attacked(board.king_square(us), us.opposite()))
            .then(|| quiescence(board, terms, [-beta, -alpha], ply + 1));
        board.unmake_move(mv, undo);
        let Some((score, mut line)) = reply else {
            continue; // illegal: it leaves the king attacked
        };
        if -score > best.0 {
            line.push(mv);
            best = (-score, line);
            alpha = alpha.max(-score);
            if alpha >= beta {
                break;
            }
        }
    }
    best
}

/// A line of a label file, `FEN;RESULT;CP;START`: the position, the game's
/// score for White, the label's centipawns for White, the game's start.
fn parse_label_line(line: &str) -> Option<(Board, f32, f32, Board)> {
    let [fen, result, cp, start] = line.split(';').collect::<Vec<_>>()[..] else {
        return None;
    };
    let result = result
        .parse::<f32>()
        .ok()
        .filter(|r| [0.0, 0.5, 1.0].contains(r))?;
    let cp = cp.parse::<f32>().ok().filter(|cp| cp.is_finite())?;
    Some((
        Board::from_fen(fen).ok()?,
        result,
        cp,
        Board::from_fen(start).ok()?,
    ))
}

/// White's score in a PGN result, or `None` for an unfinished game.
fn white_score(result: &str) -> Option<f32> {
    match result {
        "1-0" => Some(1.0),
        "0-1" => Some(0.0),
        "1/2-1/2" => Some(0.5),
        _ => None,
    }
}

impl DataSet {
    /// Add the positions of every game in the PGN `text`.
    pub fn add_pgn(&mut self, text: &str, skip_plies: usize) {
        for game_text in split_games(text) {
            self.games += 1;
            let parsed = parse_pgn(game_text).and_then(|games| {
                games
                    .into_iter()
                    .next()
                    .ok_or_else(|| "no game".to_string())
            });
            let game = match parsed {
                Ok(game) => game,
                Err(error) => {
                    self.games_skipped += 1;
                    self.first_error
                        .get_or_insert_with(|| format!("game {}: {error}", self.games));
                    continue;
                }
            };
            let result = game.tag("Result").unwrap_or(&game.result).to_string();
            let Some(score) = white_score(&result) else {
                self.games_skipped += 1;
                continue;
            };
            // Hold out by opening, not by game: self-play plays each opening
            // twice, and the two games may share most of their moves.
            // Two engines with the same settings play the same game with
            // each colour: once is enough.
            let key = (game.game.start_board().key(), game.game.moves().to_vec());
            if !self.seen_games.insert(key) {
                self.duplicates += 1;
                continue;
            }
            let held_out = game.game.start_board().key() % HOLD_OUT_EVERY as u64 == 0;
            let mut board = game.game.start_board().clone();
            for (ply, &mv) in game.game.moves().iter().enumerate() {
                self.add_position(&board, ply < skip_plies, [score, f32::NAN], held_out);
                board.make_move(mv);
            }
            let plies = game.game.moves().len();
            self.add_position(&board, plies < skip_plies, [score, f32::NAN], held_out);
        }
    }

    /// Add the labelled positions of `text` (`--labels`): one a line, as
    /// `FEN;RESULT;CP;START`: the game's score for White (1, 0.5 or 0),
    /// another engine's score for White in centipawns, and the FEN the game
    /// started from, which holds it out as [`Self::add_pgn`] holds out
    /// games. A line that does not read so is skipped and counted in
    /// `labels_skipped` (the first in `first_error`).
    pub fn add_labels(&mut self, text: &str) {
        for (number, line) in text.lines().enumerate() {
            let Some((board, result, cp, start)) = parse_label_line(line) else {
                self.labels_skipped += 1;
                self.first_error.get_or_insert_with(|| {
                    format!("label line {}: not FEN;RESULT;CP;START", number + 1)
                });
                continue;
            };
            let held_out = start.key() % HOLD_OUT_EVERY as u64 == 0;
            self.labelled += 1;
            self.add_position(&board, false, [result, cp], held_out);
        }
    }

    /// Add one position (unless a filter drops it), with its game's result
    /// for White and its label (NaN: none).
    fn add_position(
        &mut self,
        board: &Board,
        too_early: bool,
        [result, label]: [f32; 2],
        held_out: bool,
    ) {
        self.positions_seen += 1;
        let leaf = (self.resolve && !too_early && !board.in_check())
            .then(|| quiescence_leaf(board))
            .filter(|leaf| leaf.key() != board.key());
        self.resolved += usize::from(leaf.is_some());
        let board = leaf.as_ref().unwrap_or(board);
        let drop = if too_early {
            Some(0)
        } else if board.in_check() {
            Some(1)
        } else if !self.resolve && !is_quiet(board) {
            Some(2)
        } else {
            None
        };
        if let Some(reason) = drop {
            self.dropped[reason] += 1;
            return;
        }
        let (phase, features) = features(board);
        let sample = Sample {
            first: self.features.len() as u32,
            len: features.len() as u8,
            phase: phase as u8,
            result,
            label,
        };
        if held_out {
            self.held_out.push(sample);
        } else {
            self.samples.push(sample);
        }
        self.features.extend(features);
    }

    /// An empty data set that replaces each position by its quiescence
    /// search's leaf if `resolve` (`--resolve`).
    pub fn resolving(resolve: bool) -> DataSet {
        DataSet {
            resolve,
            ..DataSet::default()
        }
    }

    /// Number of positions kept (for training and held out).
    pub fn len(&self) -> usize {
        self.samples.len() + self.held_out.len()
    }

    /// Number of positions held out.
    pub fn held_out_len(&self) -> usize {
        self.held_out.len()
    }

    /// Are there no training positions?
    pub fn is_empty(&self) -> bool {
        self.samples.is_empty()
    }

    fn features_of(&self, sample: &Sample) -> &[Feature] {
        let first = sample.first as usize;
        &self.features[first..first + usize::from(sample.len)]
    }

    /// The mean squared error of `params` (rounded as the engine uses them)
    /// with the scale `k`: `[training positions, held-out positions]`.
    pub fn error_of(&self, params: &TaperedParams, k: f64) -> [f64; 2] {
        [&self.samples, &self.held_out].map(|samples| {
            let total: f64 = samples
                .iter()
                .map(|sample| {
                    let features = self.features_of(sample);
                    let eval = feature_eval(params, i32::from(sample.phase), features);
                    let error = sigmoid(k * f64::from(eval)) - f64::from(sample.result);
                    error * error
                })
                .sum();
            total / samples.len().max(1) as f64
        })
    }
}

/// The logistic curve.
#[inline]
fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

/// The parameters as real numbers, for gradient descent: per feature a
/// middle-game and an end-game value (`2 * feature`, `2 * feature + 1`: a
/// table entry's table values, then the position terms' values), then per
/// piece kind its two values (from `2 * FEATURES`).
#[derive(Clone, Debug)]
struct Model {
    theta: Vec<f64>,
}

/// Index of the first piece value in [`Model::theta`].
const VALUES: usize = 2 * FEATURES;

impl Model {
    fn from_params(params: &TaperedParams) -> Model {
        let mut theta = vec![0.0; VALUES + 12];
        for entry in 0..ENTRIES {
            let (kind, row, file) = entry_cell(entry);
            let piece = &params.pieces[kind];
            theta[2 * entry] = f64::from(piece.middle_game[row][file]);
            theta[2 * entry + 1] = f64::from(piece.end_game[row][file]);
        }
        for (term, value) in params.terms.iter().enumerate() {
            theta[2 * (ENTRIES + term)] = f64::from(value[0]);
            theta[2 * (ENTRIES + term) + 1] = f64::from(value[1]);
        }
        for (kind, piece) in params.pieces.iter().enumerate() {
            theta[VALUES + 2 * kind] = f64::from(piece.value[0]);
            theta[VALUES + 2 * kind + 1] = f64::from(piece.value[1]);
        }
        Model { theta }
    }

    /// `[middle game, end game]` of a feature, a table entry's piece value
    /// included.
    #[inline]
    fn entry(&self, entry: usize) -> (f64, f64) {
        let (middle, end) = (self.theta[2 * entry], self.theta[2 * entry + 1]);
        if entry >= ENTRIES {
            return (middle, end);
        }
        let kind = entry_cell(entry).0;
        (
            middle + self.theta[VALUES + 2 * kind],
            end + self.theta[VALUES + 2 * kind + 1],
        )
    }

    /// The evaluation of a sample, unrounded.
    #[inline]
    fn eval(&self, data: &DataSet, sample: &Sample) -> f64 {
        let weight = f64::from(sample.phase) / f64::from(FULL_PHASE);
        data.features_of(sample)
            .iter()
            .map(|feature| {
                let (middle, end) = self.entry(feature.entry.into());
                f64::from(feature.count) * (middle * weight + end * (1.0 - weight))
            })
            .sum()
    }

    /// The mean squared error over `samples` with the scale `k`.
    fn error(&self, data: &DataSet, samples: &[Sample], k: f64) -> f64 {
        let total: f64 = samples
            .iter()
            .map(|sample| {
                let error = sigmoid(k * self.eval(data, sample)) - f64::from(sample.result);
                error * error
            })
            .sum();
        total / samples.len().max(1) as f64
    }

    /// The gradient, with respect to every parameter, of the error against
    /// `targets` (one a training sample), into `gradient`.
    fn gradient(&self, data: &DataSet, k: f64, targets: &[f64], gradient: &mut [f64]) {
        gradient.fill(0.0);
        let scale = 2.0 * k / data.samples.len().max(1) as f64;
        for (sample, target) in data.samples.iter().zip(targets) {
            let expected = sigmoid(k * self.eval(data, sample));
            let slope = (expected - target) * expected * (1.0 - expected) * scale;
            let weight = f64::from(sample.phase) / f64::from(FULL_PHASE);
            for feature in data.features_of(sample) {
                let step = slope * f64::from(feature.count);
                let entry = usize::from(feature.entry);
                gradient[2 * entry] += step * weight;
                gradient[2 * entry + 1] += step * (1.0 - weight);
            }
        }
        // A piece's value moves with every entry of its kind.
        for entry in 0..ENTRIES {
            let kind = entry_cell(entry).0;
            gradient[VALUES + 2 * kind] += gradient[2 * entry];
            gradient[VALUES + 2 * kind + 1] += gradient[2 * entry + 1];
        }
        // The king's value cancels out (one king a side): keep it at zero.
        gradient[VALUES + 10] = 0.0;
        gradient[VALUES + 11] = 0.0;
    }

    /// The average of piece `kind`'s table for `phase` (0 middle game, 1 end
    /// game) over the squares the piece can stand on.
    fn table_mean(&self, kind: usize, phase: usize) -> f64 {
        // Pawns never stand on the first or last rank (rows 0 and 7).
        let entries: Vec<usize> = (0..ENTRIES)
            .filter(|&entry| {
                let (entry_kind, row, _) = entry_cell(entry);
                entry_kind == kind && (kind != 0 || (1..7).contains(&row))
            })
            .collect();
        let sum: f64 = entries
            .iter()
            .map(|&entry| self.theta[2 * entry + phase])
            .sum();
        sum / entries.len() as f64
    }

    /// The parameters in whole centipawns. A piece's value and its table
    /// overlap (a constant can move from one to the other); the constant is
    /// put back where `start` had it, each table keeping its starting average,
    /// so that the values stay comparable with the starting ones.
    fn to_params(&self, start: &Model) -> TaperedParams {
        let mut pieces = [PieceParams {
            value: [0, 0],
            middle_game: [[0; 8]; 8],
            end_game: [[0; 8]; 8],
        }; 6];
        for (kind, piece) in pieces.iter_mut().enumerate() {
            for phase in 0..2 {
                // The king's value cancels out (one king a side): no shift.
                let shift = if kind == 5 {
                    0.0
                } else {
                    self.table_mean(kind, phase) - start.table_mean(kind, phase)
                };
                piece.value[phase] =
                    (self.theta[VALUES + 2 * kind + phase] + shift).round() as Score;
                let table = if phase == 0 {
                    &mut piece.middle_game
                } else {
                    &mut piece.end_game
                };
                for (row, cells) in table.iter_mut().enumerate() {
                    for (file, cell) in cells.iter_mut().enumerate() {
                        // (Pawns' rows for ranks 8 and 1 stay at zero.)
                        if kind == 0 && (row == 0 || row == 7) {
                            continue;
                        }
                        let square = crate::board::Square::new(file as u8, 7 - row as u8);
                        let piece_kind =
                            crate::board::PieceKind::from_code(kind as u8 + 1).expect("six kinds");
                        let entry = tapered::entry_index(piece_kind, Color::White, square);
                        *cell = (self.theta[2 * entry + phase] - shift).round() as Score;
                    }
                }
            }
        }
        let mut terms = [[0; 2]; TERMS];
        for (term, value) in terms.iter_mut().enumerate() {
            for (phase, cell) in value.iter_mut().enumerate() {
                *cell = self.theta[2 * (ENTRIES + term) + phase].round() as Score;
            }
        }
        TaperedParams { pieces, terms }
    }
}

/// The scale K that minimises the error of `model`.
fn fit_k(model: &Model, data: &DataSet) -> f64 {
    minimise_scale(|k| model.error(data, &data.samples, k))
}

/// The scale between 0 and 0.05 per centipawn at which `error` is least
/// (golden-section search).
fn minimise_scale(error: impl Fn(f64) -> f64) -> f64 {
    let ratio = (5f64.sqrt() - 1.0) / 2.0;
    let (mut low, mut high) = (0.0, 0.05);
    for _ in 0..40 {
        let a = high - ratio * (high - low);
        let b = low + ratio * (high - low);
        if error(a) < error(b) {
            high = b;
        } else {
            low = a;
        }
    }
    (low + high) / 2.0
}

/// What the training samples are fitted to: each one's result, or with a
/// label (`--labels`) `label_weight` of the label's expected score, the
/// rest of the result. A label's centipawns become an expected score on the
/// logistic curve whose scale best predicts the labelled games' results.
fn training_targets(data: &DataSet, label_weight: f64) -> Vec<f64> {
    let result = |s: &Sample| f64::from(s.result);
    let labelled: Vec<&Sample> = data.samples.iter().filter(|s| !s.label.is_nan()).collect();
    if labelled.is_empty() {
        return data.samples.iter().map(result).collect();
    }
    let k = minimise_scale(|k| {
        let squared = |s: &&Sample| (sigmoid(k * f64::from(s.label)) - result(s)).powi(2);
        labelled.iter().map(squared).sum()
    });
    let target = |s: &Sample| {
        if s.label.is_nan() {
            result(s)
        } else {
            label_weight * sigmoid(k * f64::from(s.label)) + (1.0 - label_weight) * result(s)
        }
    };
    data.samples.iter().map(target).collect()
}

/// What a tuning run found.
#[derive(Clone, Debug)]
pub struct Tuned {
    /// The tuned parameters, rounded.
    pub params: TaperedParams,
    /// The scale K.
    pub k: f64,
    /// The error of the starting parameters: `[training, held out]`.
    pub error_before: [f64; 2],
    /// The error of the tuned parameters, rounded as the engine uses them.
    pub error_after: [f64; 2],
    /// The pass whose parameters were kept: the one with the lowest error on
    /// the held-out positions (0: the starting parameters).
    pub best_iteration: usize,
}

/// Every how many passes the held-out error is measured.
const CHECK_EVERY: usize = 10;

/// Tune from `start` on `data` with `options`: passes of Adam, keeping the
/// parameters of the pass with the lowest held-out error (early stopping:
/// later passes fit the training games better but no longer predict other
/// games better). With `terms_only` the tables and piece values stay as in
/// `start` and only the position terms move: a few dozen numbers that a few
/// hundred thousand positions fix well, where Adam moves a table entry that
/// few positions see as far as a well-seen one. `smooth` is the other cure
/// for that: it ties each entry to its neighbours, so that a square few
/// positions see takes its value from the squares around it. `progress` is
/// called every 100 passes with the pass and the training and held-out
/// errors.
pub fn tune(
    data: &DataSet,
    start: &TaperedParams,
    options: TuneOptions,
    progress: &mut dyn FnMut(usize, [f64; 2]),
) -> Tuned {
    let TuneOptions {
        iterations,
        rate,
        l2,
        smooth,
        terms_only,
        only,
        keep_last,
        label_weight,
    } = options;
    // Which parameters move: every one, the position terms', or only
    // those of the terms `only` names.
    let moves = |i: usize| -> bool {
        let is_term = (2 * ENTRIES..VALUES).contains(&i);
        match only {
            Some(set) => is_term && set.contains(ALL_TERMS[i / 2 - ENTRIES].switch()),
            None => is_term || !terms_only,
        }
    };
    let first = Model::from_params(start);
    let mut model = first.clone();
    let k = fit_k(&model, data);
    let targets = training_targets(data, label_weight);
    let error_before = data.error_of(start, k);
    let (mut best, mut best_error, mut best_iteration) = (model.clone(), error_before[1], 0);
    // Adam (Kingma and Ba, 2014) with its usual constants.
    let (beta1, beta2, epsilon): (f64, f64, f64) = (0.9, 0.999, 1e-8);
    let size = model.theta.len();
    let neighbours = table_neighbours();
    let (mut gradient, mut mean, mut variance) =
        (vec![0.0; size], vec![0.0; size], vec![0.0; size]);
    for iteration in 1..=iterations {
        model.gradient(data, k, &targets, &mut gradient);
        // Smoothness: `smooth` times the squared difference of every pair of
        // neighbouring entries (one phase, one table) is added to the error.
        for &(a, b) in &neighbours {
            for phase in 0..2 {
                let pull = 2.0 * smooth * (model.theta[2 * a + phase] - model.theta[2 * b + phase]);
                gradient[2 * a + phase] += pull;
                gradient[2 * b + phase] -= pull;
            }
        }
        // Ridge regularisation: `l2` times the squared distance from the
        // start is added to the error, so that an entry that few positions
        // see stays near its starting value instead of fitting their games.
        for (i, slope) in gradient.iter_mut().enumerate() {
            *slope += 2.0 * l2 * (model.theta[i] - first.theta[i]);
            if !moves(i) {
                *slope = 0.0;
            }
        }
        let correction1 = 1.0 - beta1.powi(iteration as i32);
        let correction2 = 1.0 - beta2.powi(iteration as i32);
        for i in 0..size {
            mean[i] = beta1 * mean[i] + (1.0 - beta1) * gradient[i];
            variance[i] = beta2 * variance[i] + (1.0 - beta2) * gradient[i] * gradient[i];
            let step = mean[i] / correction1 / ((variance[i] / correction2).sqrt() + epsilon);
            model.theta[i] -= rate * step;
        }
        if iteration % CHECK_EVERY == 0 || iteration == iterations {
            let held_out = model.error(data, &data.held_out, k);
            // With nothing held out, the last pass is kept.
            if held_out <= best_error || data.held_out.is_empty() || keep_last {
                (best, best_error, best_iteration) = (model.clone(), held_out, iteration);
            }
            if iteration % 100 == 0 {
                progress(iteration, [model.error(data, &data.samples, k), held_out]);
            }
        }
    }
    let mut params = best.to_params(&first);
    let mut error_after = data.error_of(&params, k);
    // Rounded to whole centipawns, the kept pass may predict the held-out
    // games worse than the start after all: then the start is kept.
    if best_iteration > 0 && !keep_last && error_after[1] > error_before[1] {
        (params, error_after, best_iteration) = (*start, error_before, 0);
    }
    Tuned {
        params,
        k,
        error_before,
        error_after,
        best_iteration,
    }
}

/// Every pair of table entries that are neighbours: the same piece kind's
/// table, one row or one file apart (a pawn's first and last rows are never
/// used).
fn table_neighbours() -> Vec<(usize, usize)> {
    let used = |entry: usize| {
        let (kind, row, _) = entry_cell(entry);
        kind != 0 || (1..7).contains(&row)
    };
    let mut pairs = Vec::new();
    for a in (0..ENTRIES).filter(|&a| used(a)) {
        let (kind, row, file) = entry_cell(a);
        for b in (a + 1..ENTRIES).filter(|&b| used(b)) {
            let (other_kind, other_row, other_file) = entry_cell(b);
            if kind == other_kind && row.abs_diff(other_row) + file.abs_diff(other_file) == 1 {
                pairs.push((a, b));
            }
        }
    }
    pairs
}

/// One table as rows of Rust source, indented by `indent` spaces.
fn write_table(out: &mut String, name: &str, table: &Table, indent: usize) {
    let pad = " ".repeat(indent);
    let _ = writeln!(out, "{pad}{name}: [");
    for row in table {
        let cells: Vec<String> = row.iter().map(Score::to_string).collect();
        let _ = writeln!(out, "{pad}    [{}],", cells.join(", "));
    }
    let _ = writeln!(out, "{pad}],");
}

/// The names of the piece kinds, pawn to king, for the generated comments.
const KIND_NAMES: [&str; 6] = ["Pawn", "Knight", "Bishop", "Rook", "Queen", "King"];

/// The first line of the body of the generated file (everything before it is
/// the header saying how it was made).
pub const SOURCE_BODY_START: &str = "use super::tapered::{PieceParams, TaperedParams};";

/// `params` as the Rust source of `src/engine/eval/tuned.rs`, formatted as rustfmt
/// formats it. `header` lines (how the file was made) go into its module docs;
/// `fits` (every `umax tune` command in the chain that made the values,
/// oldest first) into the constant `FITS`.
pub fn write_source(params: &TaperedParams, header: &[String], fits: &[String]) -> String {
    let mut out = String::new();
    out.push_str(
        "//! The tapered evaluation's parameters (`eval=tapered`, see `tapered.rs`).\n\
         //!\n\
         //! Written by `umax tune`; do not edit by hand, tune again instead:\n",
    );
    for line in header {
        if line.is_empty() {
            out.push_str("//!\n");
        } else {
            let _ = writeln!(out, "//! {line}");
        }
    }
    out.push('\n');
    out.push_str(SOURCE_BODY_START);
    out.push_str(
        "\n\n\
         /// Per piece kind (pawn, knight, bishop, rook, queen, king): its\n\
         /// `[middle game, end game]` value and its middle-game and end-game tables\n\
         /// in centipawns, rank 8 first, files a to h, from White's point of\n\
         /// view; then the position terms' `[middle game, end game]` values.\n\
         pub const TUNED: TaperedParams = TaperedParams {\n    pieces: [\n",
    );
    for (piece, name) in params.pieces.iter().zip(KIND_NAMES) {
        let _ = writeln!(out, "        // {name}");
        out.push_str("        PieceParams {\n");
        let _ = writeln!(
            out,
            "            value: [{}, {}],",
            piece.value[0], piece.value[1]
        );
        write_table(&mut out, "middle_game", &piece.middle_game, 12);
        write_table(&mut out, "end_game", &piece.end_game, 12);
        out.push_str("        },\n");
    }
    out.push_str("    ],\n    terms: [\n");
    for (term, value) in ALL_TERMS.iter().zip(params.terms) {
        let _ = writeln!(out, "        // {}", describe(*term));
        let _ = writeln!(out, "        [{}, {}],", value[0], value[1]);
    }
    out.push_str("    ],\n};\n");
    out.push_str(
        "\n/// Every `umax tune` run in the chain that made these values, oldest first:\n\
         /// each later one started from the tables the one before it wrote\n\
         /// (`--start current`).\n\
         pub const FITS: &[&str] = &[\n",
    );
    for fit in fits {
        let _ = writeln!(out, "    {fit:?},");
    }
    out.push_str("];\n");
    out
}

/// Parsed command line of `umax tune`.
struct Arguments {
    files: Vec<String>,
    labels: Vec<String>,
    out: String,
    skip_plies: usize,
    resolve: bool,
    options: TuneOptions,
    start: Start,
}

fn parse_arguments(mut args: Vec<String>) -> Result<Arguments, String> {
    let number = |text: Option<String>, name: &str, default: usize| -> Result<usize, String> {
        text.map_or(Ok(default), |text| {
            parse_number(&text, 0..=1_000_000).map_err(|e| format!("{name}: {e}"))
        })
    };
    let terms_only = args.iter().any(|arg| arg == "--terms-only");
    let keep_last = args.iter().any(|arg| arg == "--keep-last");
    let resolve = args.iter().any(|arg| arg == "--resolve");
    args.retain(|arg| !["--terms-only", "--keep-last", "--resolve"].contains(&arg.as_str()));
    let out = take_option(&mut args, "--out")?.unwrap_or_else(|| "tuned.rs".to_string());
    let iterations = number(
        take_option(&mut args, "--iterations")?,
        "--iterations",
        DEFAULT_ITERATIONS,
    )?;
    let skip_plies = number(
        take_option(&mut args, "--skip-plies")?,
        "--skip-plies",
        DEFAULT_SKIP_PLIES,
    )?;
    let rate = match take_option(&mut args, "--rate")? {
        None => DEFAULT_RATE,
        Some(text) => text
            .parse::<f64>()
            .ok()
            .filter(|rate| *rate > 0.0 && rate.is_finite())
            .ok_or(format!(
                "--rate: '{}' is not a positive number",
                quote(&text)
            ))?,
    };
    // The regularisation strengths: numbers >= 0.
    let mut strength = |name: &str, default: f64| -> Result<f64, String> {
        match take_option(&mut args, name)? {
            None => Ok(default),
            Some(text) => text
                .parse::<f64>()
                .ok()
                .filter(|value| *value >= 0.0 && value.is_finite())
                .ok_or(format!("{name}: '{}' is not a number >= 0", quote(&text))),
        }
    };
    let l2 = strength("--l2", DEFAULT_L2)?;
    let smooth = strength("--smooth", DEFAULT_SMOOTH)?;
    let label_weight = strength("--label-weight", DEFAULT_LABEL_WEIGHT)?;
    if label_weight > 1.0 {
        return Err(format!("--label-weight: {label_weight} is more than 1"));
    }
    let mut labels = Vec::new();
    while let Some(file) = take_option(&mut args, "--labels")? {
        labels.push(file);
    }
    let only = match take_option(&mut args, "--only")? {
        None => None,
        Some(names) => Some(only_terms(&names)?),
    };
    let start = match take_option(&mut args, "--start")?.as_deref() {
        None | Some("umax") => Start::Umax,
        Some("current") => Start::Current,
        Some(other) => {
            return Err(format!(
                "--start: '{}' is not umax or current",
                quote(other)
            ));
        }
    };
    if let Some(flag) = args.iter().find(|arg| arg.starts_with('-')) {
        return Err(format!("tune: unknown flag '{}'", quote(flag)));
    }
    if args.is_empty() && labels.is_empty() {
        return Err("tune needs at least one PGN file (see 'umax tune --help')".into());
    }
    Ok(Arguments {
        files: args,
        labels,
        out,
        skip_plies,
        resolve,
        options: TuneOptions {
            iterations,
            rate,
            l2,
            smooth,
            terms_only,
            only,
            keep_last,
            label_weight,
        },
        start,
    })
}

/// The position terms that the laboratory switches `names` (separated by
/// commas) turn on: what `--only` fits.
fn only_terms(names: &str) -> Result<EvalTerms, String> {
    let mut set = EvalTerms::NONE;
    for name in names.split(',') {
        let with = |value: &str| {
            Settings::from_spec(&format!("{name}={value}"))
                .map(|settings| settings.eval_terms)
                .map_err(|e| format!("--only: {e}"))
        };
        let (on, off) = (with("on")?, with("off")?);
        let switches: Vec<EvalTerms> = ALL_TERMS
            .iter()
            .map(|term| term.switch())
            .filter(|&switch| on.contains(switch) && !off.contains(switch))
            .collect();
        if switches.is_empty() {
            return Err(format!(
                "--only: '{}' switches no tuned position term",
                quote(name)
            ));
        }
        for switch in switches {
            set = set.with(switch, true);
        }
    }
    Ok(set)
}

/// `umax tune ARGS`: read the games, tune, write the source. Every error is
/// one line.
pub fn main(args: &[String]) -> Result<(), String> {
    let command = format!("umax tune {}", args.join(" "));
    let arguments = parse_arguments(args.to_vec())?;
    let mut data = DataSet::resolving(arguments.resolve);
    for path in &arguments.files {
        let text = std::fs::read_to_string(path)
            .map_err(|e| format!("cannot read {}: {e}", quote(path)))?;
        let before = data.games;
        data.add_pgn(&text, arguments.skip_plies);
        if data.games == before {
            return Err(format!("{}: no games", quote(path)));
        }
    }
    for path in &arguments.labels {
        let text = std::fs::read_to_string(path)
            .map_err(|e| format!("cannot read {}: {e}", quote(path)))?;
        let before = data.labelled;
        data.add_labels(&text);
        if data.labelled == before {
            return Err(format!("{}: no labelled positions", quote(path)));
        }
    }
    if !arguments.labels.is_empty() {
        send(&format!(
            "labelled positions: {} read, {} lines skipped (not FEN;RESULT;CP;START); \
             label weight {}",
            data.labelled, data.labels_skipped, arguments.options.label_weight
        ));
    }
    let finished = data.games - data.games_skipped - data.duplicates;
    send(&format!(
        "games: {} read, {} skipped (unfinished or unreadable), {} duplicates \
         (the same moves from the same start), {finished} used",
        data.games, data.games_skipped, data.duplicates
    ));
    if let Some(error) = &data.first_error {
        send(&format!("first unreadable game: {error}"));
    }
    let [early, in_check, not_quiet] = data.dropped;
    if data.resolve {
        send(&format!(
            "positions: {} replaced by the end of their quiescence search (--resolve)",
            data.resolved
        ));
    }
    send(&format!(
        "positions: {} seen, {early} in the first {} plies, {in_check} in check, \
         {not_quiet} not quiet (a capture wins material by SEE): {} used, {} of them held out",
        data.positions_seen,
        arguments.skip_plies,
        data.len(),
        data.held_out_len()
    ));
    if data.is_empty() {
        return Err(match &data.first_error {
            Some(error) => format!("no positions to tune on ({error})"),
            None => "no positions to tune on".to_string(),
        });
    }
    let start = match arguments.start {
        Start::Umax => umax_tables(),
        Start::Current => tuned::TUNED,
    };
    let tuned = tune(&data, &start, arguments.options, &mut |iteration,
                                                             [
        training,
        held_out,
    ]| {
        send(&format!(
            "iteration {iteration:5}: error {training:.6} training, {held_out:.6} held out"
        ))
    });
    let ([train_before, held_before], [train_after, held_after]) =
        (tuned.error_before, tuned.error_after);
    send(&format!(
        "K = {:.6} per centipawn; kept pass {}; mean squared error {train_before:.6} before, \
         {train_after:.6} after (training); {held_before:.6} before, {held_after:.6} after (held out)",
        tuned.k, tuned.best_iteration
    ));
    let mut header = vec![
        String::new(),
        "```text".to_string(),
        command.clone(),
        "```".to_string(),
        String::new(),
        format!(
            "{} positions from {finished} games ({} of them held out: the games of",
            data.len(),
            data.held_out_len()
        ),
        format!(
            "one opening in {HOLD_OUT_EVERY}); K = {:.6} per centipawn; pass {} kept. Mean squared",
            tuned.k, tuned.best_iteration
        ),
        format!(
            "error {train_before:.6} before tuning, {train_after:.6} after (training positions);"
        ),
        format!("{held_before:.6} before, {held_after:.6} after (held-out positions)."),
    ];
    if !arguments.labels.is_empty() {
        header.push(format!(
            "{} of the positions labelled with another engine's score (--labels), each \
             fitted {} to it, the rest to its game's result.",
            data.labelled, arguments.options.label_weight
        ));
    }
    if arguments.start == Start::Current {
        header.push(
            "It started from the values of the fits before it: `FITS`, at the end, lists them all."
                .to_string(),
        );
    }
    if arguments.options.only.is_some() {
        header.push(format!(
            "Only the terms of --only moved; every other value is as it started (--start {}).",
            match arguments.start {
                Start::Umax => "umax",
                Start::Current => "current",
            }
        ));
    }
    // A fit that starts from the current tables continues their chain.
    let mut fits: Vec<String> = match arguments.start {
        Start::Umax => Vec::new(),
        Start::Current => tuned::FITS.iter().map(|fit| fit.to_string()).collect(),
    };
    fits.push(command);
    let source = write_source(&tuned.params, &header, &fits);
    std::fs::write(&arguments.out, source)
        .map_err(|e| format!("cannot write {}: {e}", quote(&arguments.out)))?;
    send(&format!("wrote {}", arguments.out));
    Ok(())
}
