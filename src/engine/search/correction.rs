//! # Correction history (switch `correction`)
//!
//! A static evaluation is wrong in ways that repeat: the same pawn
//! structure, the same balance of material, the same placing of one side's
//! pieces mislead it again and again. Correction history learns, from the
//! searches that finished, how far the search's score was from the
//! evaluation, and adds the mean of that error back to the evaluation of
//! every later position that shares the feature. umax keeps four tables, each
//! indexed by the side to move and a hash of one feature: the pawns, the
//! material (how many of each piece), White's pieces and Black's pieces
//! (their squares, pawns aside). Their sum corrects the one evaluation that
//! the node stands pat on and that every pruning decision reads.
//!
//! A table only learns from a search that says the evaluation was wrong: a
//! score above it that is a lower bound, below it that is an upper bound,
//! or exact; not in check, and not where a capture was best (the error is
//! then the capture's, not the position's).

use crate::board::{Board, Color, PieceKind};
use crate::eval::Score;

/// Slots per side in each table (a power of two).
const SLOTS: usize = 1 << 14;

/// A table entry counts this many units per centipawn.
const GRAIN: i32 = 16;

/// No entry leaves ±64 centipawns.
const LIMIT: i32 = 64 * GRAIN;

/// A search this many plies deep moves the correction by its whole error
/// (shallower ones by a part of it: 8 plies, a third).
const PLIES_PER_ERROR: i32 = 24;

/// The four features, in table order.
const FEATURES: usize = 4;

/// The four tables of learnt errors, `FEATURES × 2 sides × SLOTS` entries.
pub struct Correction {
    entries: Vec<i32>,
}

/// Fold a set of squares into a slot of the tables.
#[inline]
fn mix(set: u64, seed: u64) -> u64 {
    (set ^ seed)
        .wrapping_mul(0x9E37_79B9_7F4A_7C15)
        .rotate_left(29)
}

/// Each feature's slot for the side to move of `board`.
fn slots(board: &Board) -> [usize; FEATURES] {
    let side = board.side_to_move();
    let mut hashes = [0u64; FEATURES];
    let mut counts = 0u64;
    for color in [Color::White, Color::Black] {
        let seed = color.index() as u64 + 1;
        hashes[0] ^= mix(board.pieces_of(color, PieceKind::Pawn), seed);
        for kind in [
            PieceKind::Knight,
            PieceKind::Bishop,
            PieceKind::Rook,
            PieceKind::Queen,
            PieceKind::King,
        ] {
            let set = board.pieces_of(color, kind);
            hashes[2 + color.index()] ^= mix(set, seed * 8 + kind as u64);
            counts = counts * 11 + u64::from(set.count_ones());
        }
        counts = counts * 11 + u64::from(board.pieces_of(color, PieceKind::Pawn).count_ones());
    }
    hashes[1] = mix(counts, 3);
    let mut slots = [0; FEATURES];
    for (feature, hash) in hashes.iter().enumerate() {
        let slot = (hash >> 40) as usize & (SLOTS - 1);
        slots[feature] = (feature * 2 + side as usize) * SLOTS + slot;
    }
    slots
}

impl Correction {
    /// Empty tables.
    pub fn new() -> Correction {
        Correction {
            entries: vec![0; FEATURES * 2 * SLOTS],
        }
    }

    /// Forget everything learnt.
    pub fn clear(&mut self) {
        self.entries.fill(0);
    }

    /// Halve everything learnt (a new search of the same game).
    pub fn age(&mut self) {
        for entry in &mut self.entries {
            *entry /= 2;
        }
    }

    /// The correction to add to the evaluation of `board`, in centipawns: the
    /// mean of its features' entries.
    pub fn of(&self, board: &Board) -> Score {
        slots(board)
            .iter()
            .map(|&slot| self.entries[slot])
            .sum::<i32>()
            / (GRAIN * FEATURES as i32)
    }

    /// A search `plies` deep scored `board` `error` centipawns away from its
    /// corrected evaluation: move each of its entries towards it, the more
    /// the deeper the search (by the whole error at [`PLIES_PER_ERROR`]
    /// plies), less the more the entry already leans that way.
    pub fn learn(&mut self, board: &Board, error: Score, plies: i32) {
        let bonus = (error * GRAIN * plies / PLIES_PER_ERROR).clamp(-LIMIT / 4, LIMIT / 4);
        for slot in slots(board) {
            let entry = &mut self.entries[slot];
            *entry += bonus - *entry * bonus.abs() / LIMIT;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn learns_the_error_of_a_feature_and_shares_it_with_its_positions() {
        let mut correction = Correction::new();
        let board = Board::from_fen("4k3/pp6/8/8/8/8/PP6/4K3 w - - 0 1").unwrap();
        assert_eq!(correction.of(&board), 0);
        for _ in 0..50 {
            correction.learn(&board, 40, 8);
        }
        let learnt = correction.of(&board);
        assert!(learnt > 20, "{learnt}");
        // The same pawns and material, a king elsewhere: three of the four
        // features are shared.
        let moved = Board::from_fen("4k3/pp6/8/8/8/8/PP6/5K2 w - - 0 1").unwrap();
        assert!(correction.of(&moved) > 0);
        // The other side to move has tables of its own.
        let black = Board::from_fen("4k3/pp6/8/8/8/8/PP6/4K3 b - - 0 1").unwrap();
        assert_eq!(correction.of(&black), 0);
        correction.clear();
        assert_eq!(correction.of(&board), 0);
    }
}
