//! The tapered evaluation's parameters (`eval=tapered`, see `tapered.rs`).
//!
//! Written by `umax tune`; do not edit by hand, tune again instead:
//!
//! ```text
//! umax tune gen_s13.pgn --iterations 400 --rate 0.5 --start current --skip-plies 2 --l2 1e-7 --out tunedB_1e-7.rs
//! ```
//!
//! 897957 positions from 11303 games (95034 of them held out: the games of
//! one opening in 10); K = 0.004357 per centipawn; pass 50 kept. Mean squared
//! error 0.098290 before tuning, 0.097258 after (training positions);
//! 0.095543 before, 0.095293 after (held-out positions).

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
            value: [56, 87],
            middle_game: [
                [0, 0, 0, 0, 0, 0, 0, 0],
                [209, 171, 180, 193, 193, 180, 171, 209],
                [78, 88, 95, 95, 95, 95, 88, 78],
                [29, 7, 16, 67, 67, 16, 7, 29],
                [8, 16, 27, 51, 51, 27, 16, 8],
                [8, 28, 38, 40, 40, 38, 28, 8],
                [18, 37, 30, 23, 23, 30, 37, 18],
                [0, 0, 0, 0, 0, 0, 0, 0],
            ],
            end_game: [
                [0, 0, 0, 0, 0, 0, 0, 0],
                [232, 237, 243, 242, 242, 243, 237, 232],
                [132, 138, 145, 149, 149, 145, 138, 132],
                [78, 59, 55, 57, 57, 55, 59, 78],
                [52, 60, 59, 45, 45, 59, 60, 52],
                [52, 30, 32, 40, 40, 32, 30, 52],
                [53, 48, 29, 66, 66, 29, 48, 53],
                [0, 0, 0, 0, 0, 0, 0, 0],
            ],
        },
        // Knight
        PieceParams {
            value: [342, 347],
            middle_game: [
                [-31, -13, 38, -2, -2, 38, -13, -31],
                [-21, 8, 46, 15, 15, 46, 8, -21],
                [-14, 49, 45, 56, 56, 45, 49, -14],
                [45, 24, 25, 50, 50, 25, 24, 45],
                [21, 50, 44, 45, 45, 44, 50, 21],
                [-8, -8, 29, 11, 11, 29, -8, -8],
                [23, 15, 6, 34, 34, 6, 15, 23],
                [-6, -3, 29, -1, -1, 29, -3, -6],
            ],
            end_game: [
                [-29, -3, 44, 12, 12, 44, -3, -29],
                [-13, 46, -2, 54, 54, -2, 46, -13],
                [3, 52, 43, 54, 54, 43, 52, 3],
                [22, 7, 55, 50, 50, 55, 7, 22],
                [44, 10, 26, 34, 34, 26, 10, 44],
                [-12, 42, 38, 51, 51, 38, 42, -12],
                [-16, 2, -4, 3, 3, -4, 2, -16],
                [-24, -16, 20, 1, 1, 20, -16, -24],
            ],
        },
        // Bishop
        PieceParams {
            value: [375, 368],
            middle_game: [
                [23, -20, 32, -4, -4, 32, -20, 23],
                [-19, 36, -6, 48, 48, -6, 36, -19],
                [-2, 45, -5, 22, 22, -5, 45, -2],
                [-13, 28, 3, 39, 39, 3, 28, -13],
                [21, 51, 21, 39, 39, 21, 51, 21],
                [23, 44, 39, 12, 12, 39, 44, 23],
                [32, 27, 2, 16, 16, 2, 27, 32],
                [24, 35, 3, -3, -3, 3, 35, 24],
            ],
            end_game: [
                [28, 38, -3, 21, 21, -3, 38, 28],
                [37, 19, -5, 53, 53, -5, 19, 37],
                [43, -4, 55, 12, 12, 55, -4, 43],
                [-9, 42, 54, 20, 20, 54, 42, -9],
                [23, 2, 14, 57, 57, 14, 2, 23],
                [21, -5, 38, 34, 34, 38, -5, 21],
                [34, 31, 8, 1, 1, 8, 31, 34],
                [-25, -18, -8, -8, -8, -8, -18, -25],
            ],
        },
        // Rook
        PieceParams {
            value: [613, 631],
            middle_game: [
                [16, 17, 1, 25, 25, 1, 17, 16],
                [12, 21, 16, 19, 19, 16, 21, 12],
                [7, 8, -8, 26, 26, -8, 8, 7],
                [19, 25, 24, 11, 11, 24, 25, 19],
                [-31, -34, -31, -4, -4, -31, -34, -31],
                [-32, 18, -22, -21, -21, -22, 18, -32],
                [-27, -24, 5, 9, 9, 5, -24, -27],
                [-17, -6, -11, -11, -11, -11, -6, -17],
            ],
            end_game: [
                [14, 1, 6, 10, 10, 6, 1, 14],
                [13, 12, 12, 9, 9, 12, 12, 13],
                [5, 18, 1, 19, 19, 1, 18, 5],
                [10, 5, 11, 4, 4, 11, 5, 10],
                [-31, 17, 18, -7, -7, 18, 17, -31],
                [-34, -11, -22, -21, -21, -22, -11, -34],
                [-30, 13, -18, -2, -2, -18, 13, -30],
                [-26, -15, 13, 9, 9, 13, -15, -26],
            ],
        },
        // Queen
        PieceParams {
            value: [1186, 1188],
            middle_game: [
                [21, 19, 11, 21, 21, 11, 19, 21],
                [18, -1, -13, -20, -20, -13, -1, 18],
                [16, 17, -21, 0, 0, -21, 17, 16],
                [3, 14, 11, -15, -15, 11, 14, 3],
                [-27, -22, -10, -29, -29, -10, -22, -27],
                [-9, 3, 0, 2, 2, 0, 3, -9],
                [11, 16, -17, 5, 5, -17, 16, 11],
                [-34, 13, 12, 4, 4, 12, 13, -34],
            ],
            end_game: [
                [-11, 19, 13, 19, 19, 13, 19, -11],
                [17, 13, 16, 6, 6, 16, 13, 17],
                [-8, 17, -5, 7, 7, -5, 17, -8],
                [-5, 19, 9, -8, -8, 9, 19, -5],
                [-32, -4, 17, 9, 9, 17, -4, -32],
                [-34, 1, 19, 13, 13, 19, 1, -34],
                [-25, -31, -12, -22, -22, -12, -31, -25],
                [18, -15, -4, -14, -14, -4, -15, 18],
            ],
        },
        // King
        PieceParams {
            value: [0, 0],
            middle_game: [
                [-33, -20, -24, -25, -20, -25, -32, -33],
                [-16, -4, 15, 16, 14, 16, 1, -27],
                [-6, -7, 23, 24, 12, 25, 21, -7],
                [-7, 3, 26, 21, 16, 27, 20, 15],
                [5, -16, -10, 19, -4, -23, 7, 4],
                [-30, 19, -20, -29, -20, -15, -29, -39],
                [10, 18, -14, 23, -1, 13, 19, 9],
                [2, -35, 34, -38, 18, -43, 54, -46],
            ],
            end_game: [
                [-14, 11, 3, -3, 3, 2, -9, -13],
                [30, 41, 48, 48, 48, 50, 42, -4],
                [17, 30, 54, 53, 48, 56, 51, 40],
                [25, 46, 44, 32, 14, 54, 50, 45],
                [41, 9, 34, 36, 16, 24, 15, 32],
                [7, 38, 35, 38, 28, 19, 7, -10],
                [29, 41, 14, 25, 29, 21, 9, 25],
                [28, 26, -11, -11, -7, -6, -10, -28],
            ],
        },
    ],
    terms: [
        // passed pawn on its 2nd rank
        [4, 25],
        // passed pawn on its 3rd rank
        [17, -3],
        // passed pawn on its 4th rank
        [-1, 30],
        // passed pawn on its 5th rank
        [0, 60],
        // passed pawn on its 6th rank
        [44, 16],
        // passed pawn on its 7th rank
        [56, -43],
        // isolated pawn
        [-12, -9],
        // doubled pawn (each)
        [-6, -9],
        // own pawn one rank in front of the king
        [29, -13],
        // own pawn two ranks in front of the king
        [4, -6],
        // castling right held
        [2, 20],
        // square a knight reaches
        [8, 1],
        // square a bishop reaches
        [7, 1],
        // square a rook reaches
        [5, 5],
        // square a queen reaches
        [1, 14],
        // attack on a square at the enemy king
        [8, -3],
        // pawn defended by a pawn
        [9, 9],
        // own king's distance to a passed pawn, times its ranks advanced
        [2, -7],
        // enemy king's distance to a passed pawn, times its ranks advanced
        [-10, 17],
        // rook on a file without pawns
        [46, -17],
        // rook on a file with enemy pawns only
        [17, 9],
        // knight, bishop, rook or queen attacked by an enemy pawn
        [51, 21],
        // two bishops or more
        [-3, 52],
        // square a piece reaches that an enemy pawn attacks
        [-6, 1],
        // backward pawn
        [-3, -5],
    ],
};
