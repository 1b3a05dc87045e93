//! The tapered evaluation's parameters (`eval=tapered`, see `tapered.rs`).
//!
//! Written by `umax tune`; do not edit by hand, tune again instead:
//!
//! ```text
//! umax tune /tmp/eval2/snap1.pgn --iterations 0 --out src/eval/tuned.rs
//! ```
//!
//! 40988 positions from 546 games; K = 0.006065 per centipawn; mean
//! squared error 0.117360 before tuning, 0.117323 after (rounded).

use super::tapered::{PieceParams, TaperedParams};

/// Per piece kind (pawn, knight, bishop, rook, queen, king): its
/// `[middle game, end game]` value and its middle-game and end-game tables
/// in centipawns, rank 8 first, files a to d (h to e mirror them), from
/// White's point of view.
pub const TUNED: TaperedParams = TaperedParams {
    pieces: [
        // Pawn
        PieceParams {
            value: [100, 100],
            middle_game: [
                [0, 0, 0, 0],
                [180, 188, 193, 196],
                [99, 107, 113, 115],
                [16, 24, 29, 32],
                [16, 24, 29, 32],
                [13, 21, 27, 29],
                [8, 16, 21, 24],
                [0, 0, 0, 0],
            ],
            end_game: [
                [0, 0, 0, 0],
                [245, 253, 258, 261],
                [151, 159, 165, 167],
                [55, 63, 68, 71],
                [42, 50, 55, 58],
                [26, 34, 40, 42],
                [8, 16, 21, 24],
                [0, 0, 0, 0],
            ],
        },
        // Knight
        PieceParams {
            value: [350, 350],
            middle_game: [
                [0, 8, 13, 16],
                [8, 16, 21, 24],
                [13, 21, 27, 29],
                [16, 24, 29, 32],
                [16, 24, 29, 32],
                [13, 21, 27, 29],
                [8, 16, 21, 24],
                [0, 8, 13, 16],
            ],
            end_game: [
                [0, 8, 13, 16],
                [8, 16, 21, 24],
                [13, 21, 27, 29],
                [16, 24, 29, 32],
                [16, 24, 29, 32],
                [13, 21, 27, 29],
                [8, 16, 21, 24],
                [0, 8, 13, 16],
            ],
        },
        // Bishop
        PieceParams {
            value: [400, 400],
            middle_game: [
                [0, 8, 13, 16],
                [8, 16, 21, 24],
                [13, 21, 27, 29],
                [16, 24, 29, 32],
                [16, 24, 29, 32],
                [13, 21, 27, 29],
                [8, 16, 21, 24],
                [0, 8, 13, 16],
            ],
            end_game: [
                [0, 8, 13, 16],
                [8, 16, 21, 24],
                [13, 21, 27, 29],
                [16, 24, 29, 32],
                [16, 24, 29, 32],
                [13, 21, 27, 29],
                [8, 16, 21, 24],
                [0, 8, 13, 16],
            ],
        },
        // Rook
        PieceParams {
            value: [600, 600],
            middle_game: [
                [0, 0, 0, 0],
                [0, 0, 0, 0],
                [0, 0, 0, 0],
                [0, 0, 0, 0],
                [0, 0, 0, 0],
                [0, 0, 0, 0],
                [0, 0, 0, 0],
                [0, 0, 0, 0],
            ],
            end_game: [
                [0, 0, 0, 0],
                [0, 0, 0, 0],
                [0, 0, 0, 0],
                [0, 0, 0, 0],
                [0, 0, 0, 0],
                [0, 0, 0, 0],
                [0, 0, 0, 0],
                [0, 0, 0, 0],
            ],
        },
        // Queen
        PieceParams {
            value: [1150, 1150],
            middle_game: [
                [0, 0, 0, 0],
                [0, 0, 0, 0],
                [0, 0, 0, 0],
                [0, 0, 0, 0],
                [0, 0, 0, 0],
                [0, 0, 0, 0],
                [0, 0, 0, 0],
                [0, 0, 0, 0],
            ],
            end_game: [
                [0, 0, 0, 0],
                [0, 0, 0, 0],
                [0, 0, 0, 0],
                [0, 0, 0, 0],
                [0, 0, 0, 0],
                [0, 0, 0, 0],
                [0, 0, 0, 0],
                [0, 0, 0, 0],
            ],
        },
        // King
        PieceParams {
            value: [0, 0],
            middle_game: [
                [-27, -19, -14, -11],
                [-19, -11, -6, -3],
                [-14, -6, 0, 2],
                [-11, -3, 2, 5],
                [-11, -3, 2, 5],
                [-14, -6, 0, 2],
                [-19, -11, -6, -3],
                [-27, 49, 54, 16],
            ],
            end_game: [
                [0, 8, 13, 16],
                [8, 16, 21, 24],
                [13, 21, 27, 29],
                [16, 24, 29, 32],
                [16, 24, 29, 32],
                [13, 21, 27, 29],
                [8, 16, 21, 24],
                [0, 8, 13, 16],
            ],
        },
    ],
};
