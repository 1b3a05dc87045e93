//! The tapered evaluation's parameters (`eval=tapered`, see `tapered.rs`).
//!
//! Written by `umax tune`; do not edit by hand, tune again instead:
//! ```text
//! umax tune bench/sprt/continuation.pgn correction_first_5245.pgn bench/sprt/lmr_improving.pgn bench/sprt/next_tables.pgn bench/sprt/singular.pgn --iterations 300 --start current --l2 1e-8 --resolve
//! ```
//!
//! (`correction_first_5245.pgn`: the first 5,245 games of `bench/sprt/correction.pgn`.)
//! 1203648 positions from 10566 games (123509 of them held out: the games of
//! one opening in 10); K = 0.004592 per centipawn; pass 300 kept. Mean squared
//! error 0.079593 before tuning, 0.079115 after (training positions);
//! 0.079015 before, 0.078767 after (held-out positions).
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
            value: [66, 77],
            middle_game: [
                [0, 0, 0, 0, 0, 0, 0, 0],
                [214, 184, 180, 168, 188, 174, 170, 213],
                [47, 82, 75, 30, 62, 89, 90, 78],
                [36, 39, 31, 23, 50, 40, 29, 25],
                [36, 36, 34, 55, 43, 31, 13, 25],
                [32, 44, 21, 28, 31, 1, 23, 15],
                [40, 51, 18, 30, 30, 55, 62, 27],
                [0, 0, 0, 0, 0, 0, 0, 0],
            ],
            end_game: [
                [0, 0, 0, 0, 0, 0, 0, 0],
                [231, 265, 269, 215, 245, 243, 229, 186],
                [113, 98, 111, 101, 108, 107, 84, 81],
                [88, 77, 70, 57, 57, 52, 63, 65],
                [71, 86, 64, 44, 57, 49, 53, 60],
                [79, 63, 58, 56, 55, 62, 57, 56],
                [74, 66, 69, 56, 63, 49, 50, 50],
                [0, 0, 0, 0, 0, 0, 0, 0],
            ],
        },
        // Knight
        PieceParams {
            value: [370, 331],
            middle_game: [
                [-54, -14, 28, -5, -2, 34, -14, -41],
                [-12, -2, 59, 13, 5, 61, 0, -16],
                [-4, 40, 56, 72, 44, 48, 43, -15],
                [46, 33, 45, 83, 39, 46, 19, 66],
                [4, 43, 43, 39, 67, 49, 44, 26],
                [5, 5, 28, 25, 4, 21, 27, -14],
                [-17, -1, 15, 13, 20, 25, 35, 9],
                [-6, -17, 14, 2, -6, 20, -17, -11],
            ],
            end_game: [
                [-43, 2, 42, 11, 14, 44, -3, -37],
                [3, 40, 23, 51, 45, 13, 33, -7],
                [21, 51, 50, 53, 47, 47, 45, 12],
                [31, 31, 66, 71, 36, 65, 41, 16],
                [16, 17, 37, 51, 46, 35, 15, 26],
                [-4, 29, 21, 34, 50, 24, 37, 2],
                [-24, -22, 0, 9, 0, 8, 4, -16],
                [-24, -20, 3, -7, -12, -11, -23, -29],
            ],
        },
        // Bishop
        PieceParams {
            value: [366, 356],
            middle_game: [
                [17, -19, 33, -6, -6, 32, -19, 15],
                [-18, 22, 5, 30, 19, -20, 26, -7],
                [-8, 65, -14, 24, 28, -9, 41, -23],
                [11, 27, 29, 53, 49, 15, -6, 14],
                [17, 38, 21, 50, 38, 3, 50, 19],
                [6, 45, 28, 28, 37, 28, 42, 24],
                [24, 3, 31, -2, 42, 37, 64, 27],
                [8, 11, 14, 1, 2, 13, 30, 4],
            ],
            end_game: [
                [21, 48, -1, 30, 37, -1, 37, 16],
                [34, 25, 14, 57, 49, 0, 9, 51],
                [47, 9, 61, 34, 22, 52, -1, 56],
                [13, 55, 45, 18, 25, 52, 24, 0],
                [14, 18, 21, 40, 38, 28, 6, 10],
                [15, 5, 16, 41, 47, 22, -5, 11],
                [9, -10, 16, 22, 18, 13, -13, 2],
                [-33, -18, -27, -10, -3, 11, -18, -31],
            ],
        },
        // Rook
        PieceParams {
            value: [608, 666],
            middle_game: [
                [30, 23, 5, 24, 23, 2, 17, 10],
                [8, 7, 27, 37, 46, 37, 20, 15],
                [14, 21, 32, 42, 37, 10, 22, 12],
                [4, 18, 35, 11, 17, 26, 34, -5],
                [-43, -38, -15, -21, -12, -45, -37, -23],
                [-39, -16, -15, -46, -25, -10, -9, -43],
                [-33, -39, -21, 6, 0, -5, -37, -40],
                [-15, 10, -14, 4, 23, 13, -37, -39],
            ],
            end_game: [
                [17, 6, 11, 3, -2, 5, 4, -1],
                [20, 19, 31, 23, 30, 24, 16, 16],
                [15, 10, 24, 11, 12, 22, 15, 5],
                [13, 2, 14, 10, 1, 10, 4, 0],
                [9, 22, 17, 0, 5, 10, 16, -1],
                [-21, -25, -8, -18, -16, -18, -11, -31],
                [-48, -15, -20, -29, -36, -24, -10, -39],
                [1, -24, 2, -21, -39, -14, 8, -8],
            ],
        },
        // Queen
        PieceParams {
            value: [1251, 1222],
            middle_game: [
                [17, 16, 5, 19, 11, 10, 21, 16],
                [-12, -24, -13, -9, -7, -7, 3, 17],
                [-14, 13, 4, 14, 10, 10, 23, 5],
                [-16, -8, -7, -17, 4, 5, 18, 15],
                [-12, -22, -21, 3, 8, 1, 4, -10],
                [-1, -5, -16, -36, -1, -6, 32, -4],
                [-3, 8, 5, 14, 14, -15, 11, -7],
                [-42, -5, 19, 7, 2, -11, -1, -28],
            ],
            end_game: [
                [-11, 18, 8, 19, 14, 14, 24, -6],
                [3, 13, 26, 22, 20, 27, 16, 16],
                [-12, 8, 6, 15, 15, 14, 23, -4],
                [-12, 23, 0, 5, 16, 19, 30, 9],
                [-25, -7, 17, 21, 21, 16, 7, -19],
                [-40, 6, -1, -9, 7, 9, 12, -29],
                [-29, -35, -23, -36, -25, -29, -31, -30],
                [0, -29, -8, -29, -20, -21, -25, 17],
            ],
        },
        // King
        PieceParams {
            value: [0, 0],
            middle_game: [
                [-34, -17, -24, -25, -19, -22, -31, -37],
                [-16, -4, 13, 17, 13, 14, 1, -24],
                [-4, -3, 19, 21, 15, 18, 27, -4],
                [-4, 5, 30, 20, 16, 23, 23, 14],
                [-1, -16, -6, 14, -11, -17, 15, 0],
                [-34, 24, -25, -35, 1, 1, 3, -40],
                [12, 21, -13, -7, -13, 30, 31, 27],
                [-9, -29, 29, -22, -17, -59, 28, -37],
            ],
            end_game: [
                [-19, 20, 7, 6, 1, 16, 0, -36],
                [31, 40, 46, 45, 47, 43, 44, 13],
                [18, 46, 48, 51, 54, 33, 49, 36],
                [20, 33, 48, 36, 39, 52, 28, 19],
                [10, 17, 23, 42, 43, 47, 27, 20],
                [-4, 27, 20, 22, 32, 37, 33, 14],
                [11, 25, 14, 13, 20, 24, 33, 3],
                [34, 33, -20, 1, -9, 12, -9, -15],
            ],
        },
    ],
    terms: [
        // passed pawn on its 2nd rank
        [-15, 37],
        // passed pawn on its 3rd rank
        [0, 1],
        // passed pawn on its 4th rank
        [-24, 13],
        // passed pawn on its 5th rank
        [27, 36],
        // passed pawn on its 6th rank
        [57, 37],
        // passed pawn on its 7th rank
        [58, -79],
        // isolated pawn
        [-12, -22],
        // doubled pawn (each)
        [-1, -5],
        // own pawn one rank in front of the king
        [29, -16],
        // own pawn two ranks in front of the king
        [25, -11],
        // castling right held
        [31, 4],
        // square a knight reaches
        [9, 4],
        // square a bishop reaches
        [9, 5],
        // square a rook reaches
        [4, 4],
        // square a queen reaches
        [5, 3],
        // attack on a square at the enemy king
        [17, -3],
        // pawn defended by a pawn
        [30, -6],
        // own king's distance to a passed pawn, times its ranks advanced
        [2, -5],
        // enemy king's distance to a passed pawn, times its ranks advanced
        [-3, 14],
        // rook on a file without pawns
        [53, -10],
        // rook on a file with enemy pawns only
        [20, 19],
        // knight, bishop, rook or queen attacked by an enemy pawn
        [53, 29],
        // two bishops or more
        [38, 69],
        // square a piece reaches that an enemy pawn attacks
        [-11, 2],
        // backward pawn
        [-18, -3],
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
    "umax tune correction_first_2967.pgn bench/sprt/continuation.pgn bench/sprt/singular.pgn --iterations 300 --start current --l2 1e-8",
    "umax tune bench/sprt/continuation.pgn correction_first_5245.pgn bench/sprt/lmr_improving.pgn bench/sprt/next_tables.pgn bench/sprt/singular.pgn --iterations 300 --start current --l2 1e-8 --resolve",
];
