//! The tapered evaluation's parameters (`eval=tapered`, see `tapered.rs`).
//!
//! Written by `umax tune`; do not edit by hand, tune again instead:
//!
//! ```text
//! umax tune selfplay_distinct.pgn selfplay_n30k.pgn gen_n10k.pgn gen_tc1.pgn gen_s7_n10k.pgn gen_s7b_n10k.pgn --iterations 400 --rate 0.5 --start current --terms-only --out /work/runs/tuned_s8g.rs
//! ```
//!
//! 558170 positions from 7341 games (55698 of them held out: the games of
//! one opening in 10); K = 0.004847 per centipawn; pass 320 kept. Mean squared
//! error 0.106633 before tuning, 0.105446 after (training positions);
//! 0.110270 before, 0.108687 after (held-out positions).

use super::tapered::{PieceParams, TaperedParams};

/// Per piece kind (pawn, knight, bishop, rook, queen, king): its
/// `[middle game, end game]` value and its middle-game and end-game tables
/// in centipawns, rank 8 first, files a to h (symmetric but for the
/// king's), from White's point of view; then the position terms'
/// `[middle game, end game]` values.
pub const TUNED: TaperedParams = TaperedParams {
    pieces: [
        // Pawn
        PieceParams {
            value: [63, 81],
            middle_game: [
                [0, 0, 0, 0, 0, 0, 0, 0],
                [208, 170, 179, 193, 193, 179, 170, 208],
                [81, 89, 96, 97, 97, 96, 89, 81],
                [28, 7, 12, 66, 66, 12, 7, 28],
                [5, 17, 21, 54, 54, 21, 17, 5],
                [13, 21, 45, 42, 42, 45, 21, 13],
                [9, 44, 28, 27, 27, 28, 44, 9],
                [0, 0, 0, 0, 0, 0, 0, 0],
            ],
            end_game: [
                [0, 0, 0, 0, 0, 0, 0, 0],
                [230, 237, 242, 244, 244, 242, 237, 230],
                [137, 142, 150, 151, 151, 150, 142, 137],
                [84, 56, 53, 62, 62, 53, 56, 84],
                [48, 66, 65, 46, 46, 65, 66, 48],
                [54, 24, 28, 39, 39, 28, 24, 54],
                [46, 48, 17, 64, 64, 17, 48, 46],
                [0, 0, 0, 0, 0, 0, 0, 0],
            ],
        },
        // Knight
        PieceParams {
            value: [334, 346],
            middle_game: [
                [-30, -13, 38, -2, -2, 38, -13, -30],
                [-21, 8, 46, 15, 15, 46, 8, -21],
                [-14, 48, 45, 56, 56, 45, 48, -14],
                [45, 23, 25, 53, 53, 25, 23, 45],
                [20, 51, 42, 41, 41, 42, 51, 20],
                [-8, -8, 30, 13, 13, 30, -8, -8],
                [24, 16, 7, 29, 29, 7, 16, 24],
                [-6, -5, 31, -3, -3, 31, -5, -6],
            ],
            end_game: [
                [-28, -3, 44, 12, 12, 44, -3, -28],
                [-13, 46, -3, 54, 54, -3, 46, -13],
                [3, 51, 43, 56, 56, 43, 51, 3],
                [22, 5, 54, 51, 51, 54, 5, 22],
                [44, 11, 25, 33, 33, 25, 11, 44],
                [-12, 43, 38, 53, 53, 38, 43, -12],
                [-16, 3, -4, 1, 1, -4, 3, -16],
                [-24, -16, 22, 0, 0, 22, -16, -24],
            ],
        },
        // Bishop
        PieceParams {
            value: [380, 373],
            middle_game: [
                [23, -20, 32, -4, -4, 32, -20, 23],
                [-19, 37, -6, 49, 49, -6, 37, -19],
                [-3, 44, -4, 21, 21, -4, 44, -3],
                [-14, 29, 2, 38, 38, 2, 29, -14],
                [19, 50, 25, 41, 41, 25, 50, 19],
                [28, 46, 36, 4, 4, 36, 46, 28],
                [34, 25, 1, 15, 15, 1, 25, 34],
                [26, 35, 8, -3, -3, 8, 35, 26],
            ],
            end_game: [
                [28, 37, -3, 21, 21, -3, 37, 28],
                [37, 20, -5, 54, 54, -5, 20, 37],
                [42, -5, 55, 11, 11, 55, -5, 42],
                [-10, 43, 53, 19, 19, 53, 43, -10],
                [23, 0, 13, 60, 60, 13, 0, 23],
                [23, -5, 38, 32, 32, 38, -5, 23],
                [37, 35, 7, 1, 1, 7, 35, 37],
                [-24, -18, -11, -9, -9, -11, -18, -24],
            ],
        },
        // Rook
        PieceParams {
            value: [616, 630],
            middle_game: [
                [16, 17, 1, 24, 24, 1, 17, 16],
                [13, 22, 15, 18, 18, 15, 22, 13],
                [7, 8, -10, 25, 25, -10, 8, 7],
                [21, 24, 23, 10, 10, 23, 24, 21],
                [-31, -33, -31, -4, -4, -31, -33, -31],
                [-31, 22, -22, -21, -21, -22, 22, -31],
                [-26, -23, 8, 11, 11, 8, -23, -26],
                [-15, -3, -20, -14, -14, -20, -3, -15],
            ],
            end_game: [
                [15, 0, 6, 9, 9, 6, 0, 15],
                [15, 13, 10, 7, 7, 10, 13, 15],
                [5, 19, -2, 18, 18, -2, 19, 5],
                [12, 6, 11, 2, 2, 11, 6, 12],
                [-33, 18, 19, -8, -8, 19, 18, -33],
                [-34, -9, -22, -22, -22, -22, -9, -34],
                [-29, 13, -18, 2, 2, -18, 13, -29],
                [-28, -20, 17, 11, 11, 17, -20, -28],
            ],
        },
        // Queen
        PieceParams {
            value: [1184, 1187],
            middle_game: [
                [21, 20, 11, 21, 21, 11, 20, 21],
                [20, 0, -13, -21, -21, -13, 0, 20],
                [16, 17, -22, 0, 0, -22, 17, 16],
                [3, 15, 13, -14, -14, 13, 15, 3],
                [-30, -22, -10, -30, -30, -10, -22, -30],
                [-10, 2, 0, 4, 4, 0, 2, -10],
                [12, 17, -20, 3, 3, -20, 17, 12],
                [-34, 15, 8, 5, 5, 8, 15, -34],
            ],
            end_game: [
                [-11, 19, 13, 19, 19, 13, 19, -11],
                [18, 13, 16, 6, 6, 16, 13, 18],
                [-8, 17, -5, 7, 7, -5, 17, -8],
                [-5, 19, 9, -8, -8, 9, 19, -5],
                [-32, -4, 17, 9, 9, 17, -4, -32],
                [-34, 1, 19, 13, 13, 19, 1, -34],
                [-24, -31, -12, -22, -22, -12, -31, -24],
                [18, -14, -5, -14, -14, -5, -14, 18],
            ],
        },
        // King
        PieceParams {
            value: [0, 0],
            middle_game: [
                [-33, -20, -24, -25, -20, -25, -32, -33],
                [-16, -4, 15, 16, 14, 16, 1, -27],
                [-6, -7, 23, 24, 12, 25, 21, -7],
                [-7, 3, 26, 21, 16, 28, 20, 15],
                [5, -16, -10, 19, -4, -23, 7, 5],
                [-30, 19, -19, -28, -21, -15, -30, -39],
                [10, 18, -15, 26, -3, 12, 18, 10],
                [2, -37, 37, -38, 24, -43, 51, -47],
            ],
            end_game: [
                [-14, 11, 3, -3, 3, 2, -9, -13],
                [30, 41, 48, 48, 48, 50, 42, -4],
                [17, 29, 54, 55, 49, 56, 50, 40],
                [25, 46, 44, 33, 15, 58, 51, 45],
                [41, 8, 35, 38, 16, 22, 13, 33],
                [7, 38, 37, 40, 26, 18, 4, -12],
                [29, 43, 13, 25, 29, 19, 7, 27],
                [29, 24, -10, -11, -9, -8, -5, -29],
            ],
        },
    ],
    terms: [
        // passed pawn on its 2nd rank
        [4, 20],
        // passed pawn on its 3rd rank
        [22, 0],
        // passed pawn on its 4th rank
        [-1, 32],
        // passed pawn on its 5th rank
        [-1, 62],
        // passed pawn on its 6th rank
        [45, 20],
        // passed pawn on its 7th rank
        [55, -46],
        // isolated pawn
        [-6, -5],
        // doubled pawn (each)
        [-4, -15],
        // own pawn one rank in front of the king
        [29, -11],
        // own pawn two ranks in front of the king
        [-5, -2],
        // castling right held
        [2, 19],
        // square a knight reaches
        [6, 0],
        // square a bishop reaches
        [8, 1],
        // square a rook reaches
        [2, 5],
        // square a queen reaches
        [1, 12],
        // attack on a square at the enemy king
        [15, -6],
        // pawn defended by a pawn
        [5, 7],
        // own king's distance to a passed pawn, times its ranks advanced
        [5, -7],
        // enemy king's distance to a passed pawn, times its ranks advanced
        [-8, 12],
        // rook on a file without pawns
        [44, -19],
        // rook on a file with enemy pawns only
        [22, 16],
        // knight, bishop, rook or queen attacked by an enemy pawn
        [51, 20],
        // two bishops or more
        [-5, 49],
    ],
};
