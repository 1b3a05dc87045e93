//! The tapered evaluation's parameters (`eval=tapered`, see `tapered.rs`).
//!
//! Written by `umax tune`; do not edit by hand, tune again instead:
//!
//! ```text
//! umax tune gen_s13.pgn gen_s15.pgn gen_s16.pgn --iterations 400 --rate 0.5 --start current --skip-plies 2 --l2 3e-9 --out /work/s17/tunedSC4.rs
//! ```
//!
//! 2702995 positions from 33854 games (274469 of them held out: the games of
//! one opening in 10); K = 0.004456 per centipawn; pass 70 kept. Mean squared
//! error 0.097786 before tuning, 0.097433 after (training positions);
//! 0.097214 before, 0.096912 after (held-out positions).

use super::tapered::{PieceParams, TaperedParams};

/// Per piece kind (pawn, knight, bishop, rook, queen, king): its
/// `[middle game, end game]` value and its middle-game and end-game tables
/// in centipawns, rank 8 first, files a to h, from White's point of
/// view; then the position terms' `[middle game, end game]` values.
pub const TUNED: TaperedParams = TaperedParams {
    pieces: [
        // Pawn
        PieceParams {
            value: [34, 84],
            middle_game: [
                [0, 0, 0, 0, 0, 0, 0, 0],
                [218, 190, 176, 177, 183, 175, 175, 218],
                [57, 95, 75, 28, 62, 77, 92, 66],
                [45, 31, 13, 56, 53, 32, 13, 33],
                [33, 38, 38, 55, 45, 29, 10, 19],
                [28, 19, 16, 26, 33, 19, 29, 25],
                [47, 41, 38, 23, 32, 52, 44, 25],
                [0, 0, 0, 0, 0, 0, 0, 0],
            ],
            end_game: [
                [0, 0, 0, 0, 0, 0, 0, 0],
                [232, 269, 271, 216, 246, 244, 220, 199],
                [96, 93, 111, 92, 130, 111, 106, 72],
                [74, 93, 73, 70, 54, 73, 82, 62],
                [59, 60, 67, 45, 57, 61, 62, 61],
                [56, 49, 46, 77, 57, 80, 52, 43],
                [56, 49, 39, 66, 70, 62, 53, 45],
                [0, 0, 0, 0, 0, 0, 0, 0],
            ],
        },
        // Knight
        PieceParams {
            value: [362, 340],
            middle_game: [
                [-69, -14, 18, 0, 2, 31, -16, -41],
                [-14, 0, 46, 18, 0, 62, -5, -20],
                [-3, 59, 45, 76, 39, 40, 48, -13],
                [69, 31, 10, 39, 49, 14, 34, 61],
                [30, 48, 48, 55, 53, 54, 23, 23],
                [-6, 1, 27, 11, 13, 36, 5, -4],
                [-6, 7, 17, 41, 30, 16, 49, -3],
                [-6, 0, 11, 35, 5, 10, -4, -11],
            ],
            end_game: [
                [-57, 1, 28, 17, 16, 41, -11, -38],
                [2, 49, -1, 56, 45, 12, 26, -11],
                [27, 50, 47, 47, 84, 34, 43, 14],
                [29, 24, 65, 41, 44, 56, 39, 5],
                [36, 5, 31, 38, 40, 23, 6, 40],
                [7, 34, 39, 30, 37, 20, 24, 3],
                [-22, -19, 9, 21, 3, 22, 4, -17],
                [-23, -3, 7, 13, 5, -1, -18, -31],
            ],
        },
        // Bishop
        PieceParams {
            value: [342, 347],
            middle_game: [
                [17, -17, 32, -6, -4, 31, -19, 9],
                [-11, 24, -7, 23, 13, -18, 24, 2],
                [-10, 64, -22, 37, 28, -17, 47, -14],
                [21, 33, 16, 40, 53, 8, 8, 25],
                [22, 55, 7, 34, 26, 9, 47, 28],
                [-2, 34, 33, 29, 22, 44, 38, 19],
                [20, 26, 43, 18, 31, 21, 45, 25],
                [0, 12, 9, 19, 8, 13, 37, -2],
            ],
            end_game: [
                [31, 45, -5, 35, 37, -4, 39, 12],
                [37, 15, 4, 52, 62, 3, 14, 43],
                [49, 16, 59, 32, 16, 49, -2, 44],
                [20, 60, 45, -2, 32, 63, 28, -1],
                [22, 25, 26, 29, 29, 40, 7, 3],
                [21, 2, 21, 31, 39, 21, 22, 18],
                [2, -3, 18, 4, 7, 2, 1, -11],
                [-38, -18, -7, 7, -1, 4, -21, -37],
            ],
        },
        // Rook
        PieceParams {
            value: [575, 665],
            middle_game: [
                [25, 27, 12, 27, 25, -1, 18, 10],
                [4, 13, 27, 30, 40, 37, 19, 12],
                [23, 30, 25, 43, 24, 13, 26, -1],
                [-5, 26, 47, 8, 18, 26, 41, -22],
                [-45, -41, -17, -8, -13, -38, -36, -32],
                [-21, -31, -19, -45, -32, -16, -9, -49],
                [-30, -28, -15, 20, 18, 4, -38, -39],
                [-33, -12, -6, 12, 14, 12, -44, -31],
            ],
            end_game: [
                [7, 14, 24, 7, 7, 2, 13, 0],
                [20, 17, 29, 15, 22, 8, 8, 11],
                [12, 10, 27, 18, 9, 15, 14, 0],
                [8, 13, 1, 12, 8, 4, 1, 8],
                [4, 12, -4, -7, 5, 9, 13, -12],
                [-12, -23, -21, -3, -12, -26, -10, -31],
                [-32, -8, -3, -27, -39, -34, -13, -41],
                [17, -5, 1, -16, -21, -24, 14, -11],
            ],
        },
        // Queen
        PieceParams {
            value: [1263, 1248],
            middle_game: [
                [16, 17, 6, 21, 8, 16, 19, 14],
                [-7, -16, -16, -19, -4, -12, 10, 13],
                [-34, 18, 6, 21, 8, 6, 13, -4],
                [-25, 4, -5, -21, -7, 17, 9, 7],
                [-2, -19, -7, -3, 0, -8, -1, -17],
                [6, 1, 2, 4, -10, 4, 11, -18],
                [-25, 7, 13, 9, 22, -11, 0, 0],
                [-31, 8, 8, 14, 1, -4, -3, -30],
            ],
            end_game: [
                [-14, 16, 10, 18, 10, 20, 23, -2],
                [10, 17, 19, 10, 20, 24, 17, 12],
                [-18, 15, -2, 12, 14, 9, 18, -5],
                [-13, 20, 1, 4, 9, 20, 28, 7],
                [-29, -16, 19, 18, 14, 18, 2, -15],
                [-34, 6, 10, 4, 10, 26, 7, -28],
                [-34, -33, -32, -30, -24, -21, -36, -26],
                [14, -33, -8, -24, -17, -20, -25, 16],
            ],
        },
        // King
        PieceParams {
            value: [0, 0],
            middle_game: [
                [-33, -18, -24, -25, -18, -22, -30, -35],
                [-16, 0, 11, 19, 14, 14, 8, -22],
                [-6, 0, 17, 18, 13, 25, 29, -5],
                [-1, 4, 29, 19, 12, 18, 29, 14],
                [-1, -16, -3, 7, -15, -22, 11, -9],
                [-38, 26, -30, -42, 0, 5, 6, -35],
                [23, 16, -22, -20, -5, 32, 22, 40],
                [-20, -24, 12, -29, -24, -45, 40, -15],
            ],
            end_game: [
                [-15, 15, 3, 7, 5, 16, 3, -20],
                [30, 65, 37, 51, 49, 54, 73, 24],
                [18, 55, 37, 28, 35, 53, 41, 32],
                [29, 32, 36, 27, 19, 29, 29, 33],
                [18, 18, 30, 33, 26, 37, 26, 21],
                [-14, 24, 24, 30, 29, 29, 32, 10],
                [5, 20, 16, 26, 27, 21, 29, 3],
                [40, 39, -12, -4, 2, 11, -16, -22],
            ],
        },
    ],
    terms: [
        // passed pawn on its 2nd rank
        [17, 31],
        // passed pawn on its 3rd rank
        [-18, -3],
        // passed pawn on its 4th rank
        [13, 18],
        // passed pawn on its 5th rank
        [24, 38],
        // passed pawn on its 6th rank
        [71, 41],
        // passed pawn on its 7th rank
        [59, -59],
        // isolated pawn
        [-5, -13],
        // doubled pawn (each)
        [2, -8],
        // own pawn one rank in front of the king
        [17, -11],
        // own pawn two ranks in front of the king
        [21, -12],
        // castling right held
        [32, -10],
        // square a knight reaches
        [3, 2],
        // square a bishop reaches
        [7, 4],
        // square a rook reaches
        [4, 2],
        // square a queen reaches
        [3, 2],
        // attack on a square at the enemy king
        [4, 4],
        // pawn defended by a pawn
        [14, 4],
        // own king's distance to a passed pawn, times its ranks advanced
        [1, -6],
        // enemy king's distance to a passed pawn, times its ranks advanced
        [-6, 16],
        // rook on a file without pawns
        [51, -24],
        // rook on a file with enemy pawns only
        [17, 8],
        // knight, bishop, rook or queen attacked by an enemy pawn
        [39, 35],
        // two bishops or more
        [30, 76],
        // square a piece reaches that an enemy pawn attacks
        [-7, 4],
        // backward pawn
        [-7, -12],
        // attack on a square at the enemy king, per further attacker
        [10, -6],
        // rook or queen attacked by a knight or bishop
        [27, 24],
        // queen attacked by a rook
        [26, 17],
        // move that would give check from a square no enemy pawn attacks
        [21, 17],
    ],
};
