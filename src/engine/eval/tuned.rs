//! The tapered evaluation's parameters (`eval=tapered`, see `tapered.rs`).
//!
//! Written by `umax tune`; do not edit by hand, tune again instead:
//!
//! ```text
//! umax tune gen_s37_final.pgn --iterations 300 --rate 0.02 --start current --skip-plies 2 --only king_danger --keep-last --out tuned_s37.rs
//! ```
//!
//! 153238 positions from 1912 games (14685 of them held out: the games of
//! one opening in 10); K = 0.005559 per centipawn; pass 300 kept. Mean squared
//! error 0.074013 before tuning, 0.073905 after (training positions);
//! 0.077636 before, 0.077941 after (held-out positions).
//! It started from the values of the fits before it: `FITS`, at the end, lists them all.
//! Only the terms of --only moved; every other value is as it started (--start current).

use super::tapered::{PieceParams, TaperedParams};

/// Per piece kind (pawn, knight, bishop, rook, queen, king): its
/// `[middle game, end game]` value and its middle-game and end-game tables
/// in centipawns, rank 8 first, files a to h, from White's point of
/// view; then the position terms' `[middle game, end game]` values.
pub const TUNED: TaperedParams = TaperedParams {
    pieces: [
        // Pawn
        PieceParams {
            value: [37, 88],
            middle_game: [
                [0, 0, 0, 0, 0, 0, 0, 0],
                [215, 183, 178, 182, 186, 177, 174, 214],
                [61, 91, 79, 45, 68, 81, 90, 66],
                [40, 27, 12, 55, 53, 26, 15, 32],
                [28, 35, 38, 54, 45, 30, 11, 19],
                [24, 18, 18, 27, 33, 20, 31, 24],
                [42, 40, 36, 25, 31, 54, 45, 23],
                [0, 0, 0, 0, 0, 0, 0, 0],
            ],
            end_game: [
                [0, 0, 0, 0, 0, 0, 0, 0],
                [231, 257, 262, 223, 241, 246, 227, 211],
                [105, 107, 119, 105, 133, 118, 116, 86],
                [73, 88, 68, 64, 50, 69, 79, 61],
                [59, 58, 64, 42, 53, 57, 58, 59],
                [54, 46, 43, 73, 55, 75, 49, 42],
                [56, 47, 39, 66, 70, 61, 51, 46],
                [0, 0, 0, 0, 0, 0, 0, 0],
            ],
        },
        // Knight
        PieceParams {
            value: [366, 343],
            middle_game: [
                [-55, -14, 26, -1, 0, 33, -15, -40],
                [-16, 3, 48, 16, 5, 57, 0, -19],
                [-8, 57, 47, 67, 49, 43, 51, -13],
                [64, 37, 12, 53, 41, 22, 29, 61],
                [26, 47, 46, 51, 57, 50, 35, 21],
                [-9, -3, 24, 8, 9, 31, 0, -7],
                [3, 10, 13, 41, 29, 15, 35, 4],
                [-7, -4, 14, 21, 4, 12, -6, -9],
            ],
            end_game: [
                [-46, -1, 34, 15, 14, 42, -7, -36],
                [-3, 46, 0, 56, 48, 8, 33, -10],
                [18, 52, 46, 52, 75, 38, 48, 11],
                [27, 21, 62, 44, 46, 59, 31, 14],
                [38, 6, 29, 38, 40, 24, 7, 40],
                [1, 34, 34, 34, 38, 19, 29, -1],
                [-20, -11, 6, 14, 1, 14, 3, -17],
                [-24, -7, 8, 10, 5, 4, -18, -28],
            ],
        },
        // Bishop
        PieceParams {
            value: [348, 350],
            middle_game: [
                [19, -18, 32, -5, -4, 31, -19, 15],
                [-13, 29, -7, 32, 27, -13, 28, -5],
                [-8, 59, -18, 33, 26, -16, 48, -14],
                [13, 31, 13, 39, 51, 9, 8, 14],
                [22, 57, 8, 33, 27, 10, 50, 25],
                [0, 35, 34, 27, 24, 42, 41, 17],
                [21, 25, 32, 21, 31, 18, 42, 23],
                [7, 18, 7, 12, 6, 11, 33, 4],
            ],
            end_game: [
                [29, 43, -4, 31, 31, -4, 39, 19],
                [38, 16, 1, 52, 59, 0, 15, 42],
                [48, 11, 56, 27, 16, 49, -1, 45],
                [12, 55, 47, 4, 29, 60, 30, -1],
                [21, 19, 24, 32, 32, 34, 8, 10],
                [19, 2, 23, 34, 39, 26, 14, 19],
                [8, 1, 17, 3, 8, 6, 6, 0],
                [-34, -19, -4, 3, -2, 5, -20, -33],
            ],
        },
        // Rook
        PieceParams {
            value: [583, 667],
            middle_game: [
                [21, 24, 8, 27, 26, 1, 19, 13],
                [8, 15, 27, 27, 34, 30, 19, 12],
                [16, 24, 16, 38, 26, 8, 21, 2],
                [-1, 27, 41, 9, 15, 28, 36, -10],
                [-40, -39, -23, -7, -9, -34, -36, -33],
                [-25, -24, -20, -37, -30, -19, -6, -42],
                [-32, -30, -9, 18, 15, 4, -36, -38],
                [-31, -12, -4, 11, 14, 13, -38, -30],
            ],
            end_game: [
                [9, 14, 20, 9, 9, 5, 13, 3],
                [18, 15, 27, 16, 23, 11, 9, 11],
                [13, 14, 25, 21, 13, 15, 16, 2],
                [7, 12, 5, 12, 11, 6, 5, 7],
                [-5, 12, 2, -7, 1, 9, 13, -15],
                [-20, -25, -22, -10, -14, -25, -14, -32],
                [-33, -5, -10, -24, -32, -29, -7, -38],
                [7, -7, -2, -14, -17, -20, 7, -15],
            ],
        },
        // Queen
        PieceParams {
            value: [1239, 1230],
            middle_game: [
                [18, 18, 8, 20, 13, 13, 19, 17],
                [0, -10, -14, -17, -9, -12, 5, 15],
                [-17, 19, -1, 15, 8, -1, 16, -2],
                [-15, 4, -1, -21, -11, 14, 9, 6],
                [-7, -21, -7, -7, -6, -8, -8, -17],
                [0, 1, 1, 1, -9, 2, 9, -14],
                [-16, 7, 7, 10, 21, -9, 4, 1],
                [-33, 6, 7, 11, 1, 0, 1, -32],
            ],
            end_game: [
                [-12, 18, 11, 18, 14, 16, 21, -6],
                [12, 15, 19, 10, 16, 21, 16, 15],
                [-15, 16, 0, 11, 12, 5, 18, -8],
                [-9, 20, 4, -1, 3, 16, 25, 3],
                [-28, -11, 18, 15, 14, 18, 0, -21],
                [-33, 5, 11, 5, 9, 21, 7, -31],
                [-32, -34, -24, -29, -24, -18, -35, -27],
                [15, -27, -8, -17, -15, -14, -22, 16],
            ],
        },
        // King
        PieceParams {
            value: [0, 0],
            middle_game: [
                [-33, -19, -24, -25, -19, -23, -31, -34],
                [-16, -1, 13, 18, 14, 15, 6, -24],
                [-6, -2, 19, 19, 12, 25, 26, -6],
                [-3, 3, 28, 19, 13, 20, 24, 14],
                [1, -16, -6, 11, -11, -22, 10, -4],
                [-35, 23, -28, -41, -8, -3, -6, -34],
                [18, 16, -19, -16, -5, 27, 27, 34],
                [-10, -25, 20, -29, -17, -43, 49, -17],
            ],
            end_game: [
                [-15, 14, 4, 3, 5, 11, -2, -17],
                [30, 57, 41, 51, 49, 54, 64, 14],
                [18, 49, 41, 32, 37, 54, 46, 35],
                [29, 35, 37, 27, 17, 31, 34, 37],
                [25, 16, 29, 31, 23, 35, 26, 25],
                [-7, 26, 23, 28, 30, 29, 33, 10],
                [14, 23, 13, 23, 26, 22, 30, 14],
                [36, 37, -15, -6, -3, 8, -19, -18],
            ],
        },
    ],
    terms: [
        // passed pawn on its 2nd rank
        [16, 33],
        // passed pawn on its 3rd rank
        [-13, -3],
        // passed pawn on its 4th rank
        [9, 21],
        // passed pawn on its 5th rank
        [17, 41],
        // passed pawn on its 6th rank
        [58, 30],
        // passed pawn on its 7th rank
        [56, -57],
        // isolated pawn
        [-6, -13],
        // doubled pawn (each)
        [1, -8],
        // own pawn one rank in front of the king
        [21, -10],
        // own pawn two ranks in front of the king
        [22, -12],
        // castling right held
        [31, -3],
        // square a knight reaches
        [4, 4],
        // square a bishop reaches
        [7, 5],
        // square a rook reaches
        [4, 4],
        // square a queen reaches
        [3, 7],
        // attack on a square at the enemy king
        [11, -1],
        // pawn defended by a pawn
        [14, 5],
        // own king's distance to a passed pawn, times its ranks advanced
        [1, -6],
        // enemy king's distance to a passed pawn, times its ranks advanced
        [-6, 16],
        // rook on a file without pawns
        [54, -23],
        // rook on a file with enemy pawns only
        [17, 7],
        // knight, bishop, rook or queen attacked by an enemy pawn
        [41, 32],
        // two bishops or more
        [29, 79],
        // square a piece reaches that an enemy pawn attacks
        [-7, 3],
        // backward pawn
        [-7, -13],
        // square of the weight of an attack on the enemy king (/16)
        [3, 4],
    ],
};

/// Every `umax tune` run in the chain that made these values, oldest first:
/// each later one started from the tables the one before it wrote
/// (`--start current`).
pub const FITS: &[&str] = &[
    "umax tune /work/data/selfplay_distinct.pgn /work/data/selfplay_n30k.pgn --iterations 1000 --rate 0.1 --out src/eval/tuned.rs",
    "umax tune /work/data/selfplay_distinct.pgn /work/data/selfplay_n30k.pgn --iterations 1000 --rate 0.1 --start current --out /tmp/tuned1.rs",
    "umax tune /work/data/selfplay_distinct.pgn /work/data/selfplay_n30k.pgn /work/data/gen_n10k.pgn /work/data/gen_tc1.pgn --iterations 300 --rate 0.5 --start current --out src/eval/tuned.rs",
    "umax tune selfplay_distinct.pgn selfplay_n30k.pgn gen_n10k.pgn gen_tc1.pgn gen_s7_n10k.pgn gen_s7b_n10k.pgn --iterations 400 --rate 0.5 --start current --terms-only --out /work/runs/tuned_s8g.rs",
    "umax tune gen_s13.pgn --iterations 400 --rate 0.5 --start current --skip-plies 2 --l2 1e-7 --out tunedB_1e-7.rs",
    "umax tune gen_s13.pgn gen_s15.pgn --iterations 400 --rate 0.5 --start current --skip-plies 2 --l2 1e-8 --out tunedC_1e-8.rs",
    "umax tune gen_s13.pgn gen_s15.pgn gen_s16.pgn --iterations 400 --rate 0.5 --start current --skip-plies 2 --l2 3e-9 --out tunedDA_3e-9.rs",
    "umax tune gen_s32.pgn --iterations 400 --rate 0.5 --start current --skip-plies 2 --only tapered_king_files,king_attackers,outposts,blocked_passers --out tuned_s32.rs",
    "umax tune gen_s37_final.pgn --iterations 300 --rate 0.02 --start current --skip-plies 2 --only king_danger --keep-last --out tuned_s37.rs",
];
