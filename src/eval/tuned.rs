//! The tapered evaluation's parameters (`eval=tapered`, see `tapered.rs`).
//!
//! Written by `umax tune`; do not edit by hand, tune again instead:
//!
//! ```text
//! umax tune /tmp/eval2/selfplay_n30k_snapshot.pgn --iterations 1000 --rate 0.1 --out src/eval/tuned.rs
//! ```
//!
//! 107715 positions from 1347 games (10910 of them held out: the games of
//! one opening in 10); K = 0.004887 per centipawn; pass 40 kept. Mean squared
//! error 0.107018 before tuning, 0.104796 after (training positions);
//! 0.116403 before, 0.115975 after (held-out positions).

use super::tapered::{PieceParams, TaperedParams};

/// Per piece kind (pawn, knight, bishop, rook, queen, king): its
/// `[middle game, end game]` value and its middle-game and end-game tables
/// in centipawns, rank 8 first, files a to d (h to e mirror them), from
/// White's point of view.
pub const TUNED: TaperedParams = TaperedParams {
    pieces: [
        // Pawn
        PieceParams {
            value: [95, 96],
            middle_game: [
                [0, 0, 0, 0],
                [185, 185, 190, 198],
                [96, 104, 110, 112],
                [21, 21, 26, 37],
                [21, 21, 26, 36],
                [10, 18, 32, 26],
                [6, 21, 26, 21],
                [0, 0, 0, 0],
            ],
            end_game: [
                [0, 0, 0, 0],
                [243, 251, 256, 259],
                [149, 157, 163, 165],
                [61, 61, 66, 77],
                [44, 48, 53, 56],
                [31, 32, 38, 41],
                [14, 22, 26, 22],
                [0, 0, 0, 0],
            ],
        },
        // Knight
        PieceParams {
            value: [354, 354],
            middle_game: [
                [-4, 4, 9, 18],
                [4, 12, 25, 21],
                [16, 25, 31, 33],
                [20, 28, 33, 36],
                [12, 28, 33, 28],
                [9, 17, 29, 33],
                [12, 12, 17, 28],
                [-3, 4, 16, 12],
            ],
            end_game: [
                [-4, 5, 17, 20],
                [4, 20, 19, 28],
                [17, 25, 31, 33],
                [13, 20, 33, 36],
                [12, 28, 33, 36],
                [9, 18, 31, 33],
                [5, 12, 17, 20],
                [-3, 4, 9, 12],
            ],
        },
        // Bishop
        PieceParams {
            value: [397, 396],
            middle_game: [
                [3, 4, 13, 12],
                [3, 19, 16, 26],
                [16, 24, 30, 24],
                [11, 27, 32, 35],
                [19, 27, 32, 35],
                [8, 24, 30, 31],
                [11, 11, 16, 20],
                [3, 11, 8, 11],
            ],
            end_game: [
                [4, 12, 12, 13],
                [12, 19, 17, 22],
                [17, 18, 31, 25],
                [12, 28, 26, 30],
                [20, 21, 25, 36],
                [17, 25, 31, 25],
                [12, 13, 18, 21],
                [4, 5, 9, 13],
            ],
        },
        // Rook
        PieceParams {
            value: [604, 605],
            middle_game: [
                [4, 3, 3, 4],
                [4, 4, 4, 3],
                [3, -4, -4, 4],
                [4, -4, 4, 4],
                [-4, -4, -4, -4],
                [-4, 4, -4, -4],
                [-4, -4, 4, 4],
                [-4, -4, 3, -4],
            ],
            end_game: [
                [3, -5, 3, 3],
                [3, 3, 3, 2],
                [3, 3, 2, 3],
                [3, -3, 3, 3],
                [-5, -3, 3, -4],
                [-5, -5, -5, -5],
                [-5, -4, 3, 3],
                [-5, -5, 3, 3],
            ],
        },
        // Queen
        PieceParams {
            value: [1155, 1156],
            middle_game: [
                [3, 3, 2, 2],
                [3, -5, 2, 2],
                [2, 3, 2, 3],
                [2, 3, -5, 2],
                [-5, 2, 1, 2],
                [-5, 3, 3, -5],
                [3, 3, -5, 2],
                [-5, -5, -5, -5],
            ],
            end_game: [
                [2, 2, 2, 2],
                [2, 2, 1, 2],
                [-5, 2, 2, 2],
                [2, 2, 2, 2],
                [1, 2, 2, 2],
                [-6, 2, 2, 2],
                [1, -5, -6, 2],
                [-5, -5, -5, -6],
            ],
        },
        // King
        PieceParams {
            value: [0, 0],
            middle_game: [
                [-28, -22, -17, -14],
                [-22, -10, -3, 0],
                [-11, -3, 4, 2],
                [-7, 1, 6, 1],
                [-15, 0, -2, 8],
                [-18, -10, -4, -2],
                [-15, -15, -2, 1],
                [-23, 53, 50, 12],
            ],
            end_game: [
                [-2, 6, 9, 12],
                [4, 20, 25, 28],
                [17, 25, 31, 33],
                [20, 28, 33, 28],
                [13, 22, 25, 28],
                [9, 19, 31, 30],
                [12, 13, 25, 20],
                [4, 12, 9, 12],
            ],
        },
    ],
};
