//! The tapered evaluation's parameters (`eval=tapered`, see `tapered.rs`).
//!
//! Written by `umax tune`; do not edit by hand, tune again instead:
//!
//! ```text
//! umax tune correction_first_2967.pgn bench/sprt/continuation.pgn bench/sprt/singular.pgn --iterations 300 --start current --l2 1e-8
//! ```
//!
//! (`correction_first_2967.pgn`: the first 2,967 games of `bench/sprt/correction.pgn`.)
//! 539155 positions from 6009 games (56278 of them held out: the games of
//! one opening in 10); K = 0.004450 per centipawn; pass 300 kept. Mean squared
//! error 0.075169 before tuning, 0.072803 after (training positions);
//! 0.070053 before, 0.069079 after (held-out positions).
//! It started from the values of the fits before it: `FITS`, at the end, lists them all.

use super::tapered::{PieceParams, TaperedParams};

/// Per piece kind (pawn, knight, bishop, rook, queen, king): its
/// `[middle game, end game]` value and its middle-game and end-game tables
/// in centipawns, rank 8 first, files a to h, from White's point of
/// view; then the position terms' `[middle game, end game]` values.
pub const TUNED: TaperedParams = TaperedParams {
    pieces: [
        // Pawn
        PieceParams {
            value: [60, 80],
            middle_game: [
                [0, 0, 0, 0, 0, 0, 0, 0],
                [213, 182, 177, 172, 186, 174, 170, 212],
                [46, 80, 75, 40, 64, 82, 89, 73],
                [32, 42, 23, 32, 53, 32, 23, 29],
                [37, 36, 38, 55, 45, 39, 9, 20],
                [32, 35, 28, 28, 39, 6, 15, 22],
                [46, 45, 23, 32, 39, 44, 55, 30],
                [0, 0, 0, 0, 0, 0, 0, 0],
            ],
            end_game: [
                [0, 0, 0, 0, 0, 0, 0, 0],
                [233, 259, 265, 218, 245, 245, 228, 194],
                [109, 95, 108, 106, 116, 105, 99, 77],
                [89, 79, 73, 52, 54, 54, 66, 56],
                [66, 77, 64, 46, 67, 50, 54, 62],
                [70, 64, 51, 60, 54, 63, 59, 55],
                [67, 62, 62, 65, 61, 49, 50, 57],
                [0, 0, 0, 0, 0, 0, 0, 0],
            ],
        },
        // Knight
        PieceParams {
            value: [355, 332],
            middle_game: [
                [-54, -14, 28, -3, -1, 34, -14, -40],
                [-13, 2, 54, 14, 6, 60, 1, -17],
                [-6, 45, 53, 68, 42, 44, 46, -16],
                [57, 27, 32, 70, 47, 35, 24, 63],
                [7, 38, 45, 46, 66, 51, 42, 26],
                [-4, 5, 26, 17, 8, 24, 18, -13],
                [-9, 5, 11, 27, 28, 19, 37, 11],
                [-5, -14, 13, 6, -6, 22, -11, -10],
            ],
            end_game: [
                [-44, 1, 40, 13, 14, 44, -5, -36],
                [0, 44, 14, 53, 46, 12, 34, -7],
                [18, 53, 47, 51, 54, 41, 47, 10],
                [31, 27, 65, 61, 37, 65, 40, 15],
                [27, 10, 35, 45, 43, 32, 14, 32],
                [-1, 33, 24, 32, 48, 28, 34, 0],
                [-23, -17, 2, 5, -4, 10, 5, -17],
                [-23, -18, 4, -3, -6, -3, -21, -28],
            ],
        },
        // Bishop
        PieceParams {
            value: [362, 359],
            middle_game: [
                [18, -19, 32, -6, -5, 31, -19, 15],
                [-15, 29, -1, 32, 26, -18, 28, -4],
                [-7, 59, -18, 27, 29, -13, 43, -18],
                [9, 32, 24, 50, 44, 11, -4, 10],
                [20, 42, 17, 44, 34, -2, 47, 17],
                [12, 45, 32, 26, 40, 31, 46, 17],
                [23, 15, 29, 1, 39, 30, 53, 26],
                [9, 16, 16, 4, 1, 15, 31, 3],
            ],
            end_game: [
                [24, 45, -2, 29, 36, -2, 39, 18],
                [36, 25, 7, 58, 57, -1, 11, 49],
                [49, 8, 56, 30, 24, 49, -4, 51],
                [10, 54, 46, 18, 20, 52, 23, -2],
                [17, 18, 25, 36, 32, 27, 5, 9],
                [21, 11, 20, 47, 42, 22, 3, 13],
                [9, -11, 11, 15, 20, 12, -6, 4],
                [-34, -17, -20, -5, -5, 11, -19, -32],
            ],
        },
        // Rook
        PieceParams {
            value: [598, 663],
            middle_game: [
                [25, 22, 5, 23, 23, 1, 17, 11],
                [11, 17, 32, 32, 44, 34, 20, 14],
                [15, 22, 30, 42, 32, 9, 22, 9],
                [4, 23, 37, 12, 16, 27, 34, -8],
                [-41, -36, -18, -15, -11, -44, -39, -26],
                [-36, -21, -18, -43, -26, -14, -14, -43],
                [-28, -37, -20, 17, -2, -4, -37, -38],
                [-19, 2, -18, 1, 25, 15, -38, -30],
            ],
            end_game: [
                [12, 6, 12, 1, -1, 3, 5, 1],
                [24, 21, 34, 17, 34, 18, 14, 15],
                [17, 12, 28, 15, 14, 20, 16, 5],
                [13, 4, 9, 12, 3, 9, 5, 4],
                [6, 21, 13, -1, 6, 10, 15, -4],
                [-24, -25, -14, -15, -17, -19, -17, -32],
                [-40, -9, -20, -25, -41, -27, -8, -38],
                [-3, -15, -5, -16, -32, -17, 5, -8],
            ],
        },
        // Queen
        PieceParams {
            value: [1245, 1223],
            middle_game: [
                [17, 18, 6, 20, 11, 11, 20, 16],
                [-3, -13, -13, -14, -6, -10, 4, 17],
                [-15, 17, 2, 15, 8, 5, 21, 3],
                [-14, -3, -3, -19, -5, 9, 15, 10],
                [-14, -19, -18, -2, 0, -3, -3, -14],
                [-2, -7, -14, -23, -4, -2, 24, -6],
                [-7, 9, 8, 11, 17, -11, 9, -3],
                [-40, 2, 19, 4, -1, -5, 1, -29],
            ],
            end_game: [
                [-11, 19, 9, 20, 13, 15, 23, -6],
                [8, 15, 24, 16, 19, 24, 16, 16],
                [-13, 12, 4, 13, 13, 10, 22, -7],
                [-10, 22, 3, 2, 10, 17, 28, 6],
                [-27, -8, 17, 19, 17, 16, 3, -20],
                [-37, 5, 0, -7, 9, 13, 11, -29],
                [-29, -32, -23, -34, -24, -23, -33, -28],
                [5, -28, -5, -25, -20, -17, -23, 17],
            ],
        },
        // King
        PieceParams {
            value: [0, 0],
            middle_game: [
                [-33, -18, -24, -25, -19, -22, -31, -36],
                [-16, -3, 13, 17, 13, 14, 3, -24],
                [-5, -3, 19, 20, 14, 20, 27, -5],
                [-3, 4, 29, 19, 15, 22, 23, 13],
                [0, -17, -6, 13, -12, -18, 12, 0],
                [-34, 24, -27, -39, -5, -1, 0, -38],
                [11, 18, -15, -10, -14, 37, 35, 26],
                [-8, -29, 27, -25, -14, -50, 36, -28],
            ],
            end_game: [
                [-16, 18, 5, 4, 2, 17, -1, -29],
                [33, 46, 46, 46, 47, 44, 51, 13],
                [19, 48, 43, 44, 49, 37, 48, 35],
                [28, 36, 47, 30, 31, 42, 27, 24],
                [19, 15, 25, 38, 34, 47, 24, 24],
                [-4, 29, 19, 18, 29, 37, 34, 12],
                [3, 24, 10, 16, 22, 29, 33, 0],
                [35, 36, -15, -2, -5, 14, -6, -12],
            ],
        },
    ],
    terms: [
        // passed pawn on its 2nd rank
        [-3, 44],
        // passed pawn on its 3rd rank
        [2, 9],
        // passed pawn on its 4th rank
        [-13, 17],
        // passed pawn on its 5th rank
        [23, 42],
        // passed pawn on its 6th rank
        [60, 27],
        // passed pawn on its 7th rank
        [52, -75],
        // isolated pawn
        [-22, -16],
        // doubled pawn (each)
        [-1, -6],
        // own pawn one rank in front of the king
        [26, -18],
        // own pawn two ranks in front of the king
        [18, -14],
        // castling right held
        [38, 1],
        // square a knight reaches
        [8, 4],
        // square a bishop reaches
        [8, 5],
        // square a rook reaches
        [5, 4],
        // square a queen reaches
        [7, -1],
        // attack on a square at the enemy king
        [19, -6],
        // pawn defended by a pawn
        [32, -5],
        // own king's distance to a passed pawn, times its ranks advanced
        [4, -6],
        // enemy king's distance to a passed pawn, times its ranks advanced
        [-3, 14],
        // rook on a file without pawns
        [62, -15],
        // rook on a file with enemy pawns only
        [17, 17],
        // knight, bishop, rook or queen attacked by an enemy pawn
        [56, 34],
        // two bishops or more
        [42, 73],
        // square a piece reaches that an enemy pawn attacks
        [-10, 4],
        // backward pawn
        [-19, -3],
        // square of the weight of an attack on the enemy king (/16)
        [4, 4],
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
    "umax tune correction_first_2967.pgn bench/sprt/continuation.pgn bench/sprt/singular.pgn --iterations 300 --start current --l2 1e-8",
];
