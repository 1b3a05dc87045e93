//! The tapered evaluation's parameters (`eval=tapered`, see `tapered.rs`).
//!
//! Written by `umax tune`; do not edit by hand, tune again instead:
//!
//! ```text
//! umax tune gen_s13.pgn gen_s15.pgn --iterations 400 --rate 0.5 --start current --skip-plies 2 --l2 1e-8 --out tunedC_1e-8.rs
//! ```
//!
//! 1805040 positions from 22649 games (186196 of them held out: the games of
//! one opening in 10); K = 0.004365 per centipawn; pass 70 kept. Mean squared
//! error 0.098816 before tuning, 0.097980 after (training positions);
//! 0.096956 before, 0.096225 after (held-out positions).

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
            value: [41, 90],
            middle_game: [
                [0, 0, 0, 0, 0, 0, 0, 0],
                [212, 174, 179, 189, 189, 179, 174, 212],
                [72, 88, 87, 75, 75, 87, 88, 72],
                [32, 21, 14, 62, 62, 14, 21, 32],
                [19, 23, 37, 48, 48, 37, 23, 19],
                [15, 25, 24, 33, 33, 24, 25, 15],
                [24, 35, 38, 25, 25, 38, 35, 24],
                [0, 0, 0, 0, 0, 0, 0, 0],
            ],
            end_game: [
                [0, 0, 0, 0, 0, 0, 0, 0],
                [230, 239, 249, 236, 236, 249, 239, 230],
                [118, 127, 129, 133, 133, 129, 127, 118],
                [69, 75, 61, 53, 53, 61, 75, 69],
                [57, 50, 59, 46, 46, 59, 50, 57],
                [48, 42, 49, 51, 51, 49, 42, 48],
                [53, 46, 46, 66, 66, 46, 46, 53],
                [0, 0, 0, 0, 0, 0, 0, 0],
            ],
        },
        // Knight
        PieceParams {
            value: [360, 345],
            middle_game: [
                [-39, -14, 35, -2, -2, 35, -14, -39],
                [-19, 5, 49, 12, 12, 49, 5, -19],
                [-14, 53, 44, 55, 55, 44, 53, -14],
                [56, 29, 19, 47, 47, 19, 29, 56],
                [22, 47, 44, 50, 50, 44, 47, 22],
                [-7, -2, 25, 9, 9, 25, -2, -7],
                [18, 15, 12, 37, 37, 12, 15, 18],
                [-7, -5, 20, 5, 5, 20, -5, -7],
            ],
            end_game: [
                [-34, -3, 42, 12, 12, 42, -3, -34],
                [-9, 42, 2, 53, 53, 2, 42, -9],
                [7, 53, 41, 57, 57, 41, 53, 7],
                [23, 16, 58, 48, 48, 58, 16, 23],
                [41, 8, 26, 37, 37, 26, 8, 41],
                [-5, 39, 30, 44, 44, 30, 39, -5],
                [-16, -1, 3, 2, 2, 3, -1, -16],
                [-25, -15, 12, 5, 5, 12, -15, -25],
            ],
        },
        // Bishop
        PieceParams {
            value: [354, 353],
            middle_game: [
                [21, -19, 32, -4, -4, 32, -19, 21],
                [-14, 33, -7, 42, 42, -7, 33, -14],
                [-6, 51, -13, 25, 25, -13, 51, -6],
                [-1, 22, 8, 43, 43, 8, 22, -1],
                [22, 55, 13, 33, 33, 13, 55, 22],
                [10, 42, 36, 25, 25, 36, 42, 10],
                [22, 34, 14, 22, 22, 14, 34, 22],
                [15, 29, 2, 3, 3, 2, 29, 15],
            ],
            end_game: [
                [27, 40, -3, 24, 24, -3, 40, 27],
                [40, 18, -3, 54, 54, -3, 18, 40],
                [47, 2, 51, 16, 16, 51, 2, 47],
                [-2, 40, 55, 20, 20, 55, 40, -2],
                [20, 9, 21, 42, 42, 21, 9, 20],
                [18, 2, 33, 36, 36, 33, 2, 18],
                [16, 14, 11, 3, 3, 11, 14, 16],
                [-29, -19, 1, -4, -4, 1, -19, -29],
            ],
        },
        // Rook
        PieceParams {
            value: [600, 650],
            middle_game: [
                [16, 20, 3, 27, 27, 3, 20, 16],
                [13, 18, 23, 24, 24, 23, 18, 13],
                [4, 14, 2, 29, 29, 2, 14, 4],
                [7, 28, 30, 11, 11, 30, 28, 7],
                [-34, -36, -29, -4, -4, -29, -36, -34],
                [-32, -5, -22, -26, -26, -22, -5, -32],
                [-34, -31, 2, 11, 11, 2, -31, -34],
                [-26, -14, 7, 4, 4, 7, -14, -26],
            ],
            end_game: [
                [7, 10, 9, 12, 12, 9, 10, 7],
                [13, 11, 17, 16, 16, 17, 11, 13],
                [6, 16, 13, 21, 21, 13, 16, 6],
                [7, 8, 8, 12, 12, 8, 8, 7],
                [-19, 13, 11, -5, -5, 11, 13, -19],
                [-31, -21, -23, -17, -17, -23, -21, -31],
                [-32, 5, -19, -16, -16, -19, 5, -32],
                [-18, -4, -3, -1, -1, -3, -4, -18],
            ],
        },
        // Queen
        PieceParams {
            value: [1203, 1201],
            middle_game: [
                [20, 19, 10, 19, 19, 10, 19, 20],
                [14, -3, -15, -17, -17, -15, -3, 14],
                [7, 18, -12, 6, 6, -12, 18, 7],
                [1, 7, 7, -18, -18, 7, 7, 1],
                [-17, -19, -6, -16, -16, -6, -19, -17],
                [-9, 4, 0, -4, -4, 0, 4, -9],
                [3, 11, -6, 13, 13, -6, 11, 3],
                [-33, 7, 10, 0, 0, 10, 7, -33],
            ],
            end_game: [
                [-10, 19, 12, 18, 18, 12, 19, -10],
                [16, 14, 17, 9, 9, 17, 14, 16],
                [-10, 17, -1, 8, 8, -1, 17, -10],
                [-4, 20, 9, -5, -5, 9, 20, -4],
                [-28, -4, 19, 12, 12, 19, -4, -28],
                [-33, 6, 16, 9, 9, 16, 6, -33],
                [-27, -33, -14, -26, -26, -14, -33, -27],
                [17, -19, -7, -14, -14, -7, -19, 17],
            ],
        },
        // King
        PieceParams {
            value: [0, 0],
            middle_game: [
                [-33, -20, -24, -25, -20, -24, -32, -33],
                [-16, -3, 15, 17, 14, 16, 2, -26],
                [-6, -5, 22, 22, 12, 25, 23, -7],
                [-5, 3, 27, 20, 15, 24, 20, 14],
                [4, -16, -8, 17, -6, -21, 9, 1],
                [-31, 21, -24, -34, -15, -12, -22, -36],
                [12, 17, -11, 1, 2, 19, 31, 17],
                [0, -29, 28, -35, -3, -44, 51, -31],
            ],
            end_game: [
                [-15, 12, 4, -2, 4, 5, -8, -14],
                [29, 46, 47, 50, 47, 53, 48, 1],
                [18, 38, 52, 44, 43, 55, 54, 38],
                [28, 43, 42, 30, 14, 42, 44, 42],
                [36, 12, 31, 32, 21, 30, 22, 28],
                [3, 30, 26, 28, 32, 24, 24, 1],
                [26, 31, 12, 19, 26, 26, 21, 22],
                [29, 32, -16, -9, -7, 2, -20, -20],
            ],
        },
    ],
    terms: [
        // passed pawn on its 2nd rank
        [5, 37],
        // passed pawn on its 3rd rank
        [-1, -6],
        // passed pawn on its 4th rank
        [-1, 22],
        // passed pawn on its 5th rank
        [4, 45],
        // passed pawn on its 6th rank
        [47, 14],
        // passed pawn on its 7th rank
        [56, -46],
        // isolated pawn
        [-8, -12],
        // doubled pawn (each)
        [-4, -6],
        // own pawn one rank in front of the king
        [26, -12],
        // own pawn two ranks in front of the king
        [22, -13],
        // castling right held
        [23, 10],
        // square a knight reaches
        [5, 3],
        // square a bishop reaches
        [7, 5],
        // square a rook reaches
        [4, 5],
        // square a queen reaches
        [3, 11],
        // attack on a square at the enemy king
        [9, 0],
        // pawn defended by a pawn
        [11, 9],
        // own king's distance to a passed pawn, times its ranks advanced
        [2, -6],
        // enemy king's distance to a passed pawn, times its ranks advanced
        [-8, 17],
        // rook on a file without pawns
        [51, -19],
        // rook on a file with enemy pawns only
        [17, 5],
        // knight, bishop, rook or queen attacked by an enemy pawn
        [46, 25],
        // two bishops or more
        [17, 70],
        // square a piece reaches that an enemy pawn attacks
        [-8, 2],
        // backward pawn
        [-4, -12],
    ],
};
