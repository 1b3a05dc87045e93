//! The tapered evaluation's parameters (`eval=tapered`, see `tapered.rs`).
//!
//! Written by `umax tune`; do not edit by hand, tune again instead:
//!
//! ```text
//! umax tune bench/matches/stockfish_5000_nodes.pgn --iterations 500 --start current --l2 1e-8 --resolve --out src/engine/eval/tuned_sf.rs
//! ```
//!
//! (The games: Stockfish 15.1 at 5,000 nodes a move against itself at 7,000,
//! from `8moves_v3.epd`, by `bench/stockfish_nodes.py`'s command (seed 9002,
//! 2,780 games, stopped after 45 minutes) and 224 more at 5,000 nodes on both
//! sides (seed 9001), their comments taken out.)
//!
//! 321786 positions from 2934 games (32343 of them held out: the games of
//! one opening in 10); K = 0.003821 per centipawn; pass 500 kept. Mean squared
//! error 0.079509 before tuning, 0.076708 after (training positions);
//! 0.084145 before, 0.082416 after (held-out positions).
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
            value: [62, 95],
            middle_game: [
                [0, 0, 0, 0, 0, 0, 0, 0],
                [216, 184, 182, 173, 194, 174, 167, 216],
                [52, 79, 77, 33, 68, 79, 92, 65],
                [58, 48, 60, 51, 73, 62, 26, 49],
                [26, 27, 39, 34, 27, 42, 13, 46],
                [15, 20, 34, 8, 8, -6, 17, -7],
                [33, 31, 32, 39, 19, 65, 53, 7],
                [0, 0, 0, 0, 0, 0, 0, 0],
            ],
            end_game: [
                [0, 0, 0, 0, 0, 0, 0, 0],
                [219, 261, 267, 232, 259, 250, 238, 165],
                [94, 106, 110, 90, 108, 126, 95, 68],
                [107, 71, 65, 54, 63, 72, 69, 60],
                [55, 70, 55, 42, 42, 59, 47, 52],
                [58, 55, 64, 61, 60, 65, 67, 50],
                [70, 63, 63, 70, 62, 61, 65, 59],
                [0, 0, 0, 0, 0, 0, 0, 0],
            ],
        },
        // Knight
        PieceParams {
            value: [397, 346],
            middle_game: [
                [-57, -15, 27, -5, -3, 33, -14, -44],
                [-20, -5, 66, 15, 3, 63, 5, -18],
                [-9, 31, 50, 73, 42, 50, 40, -10],
                [49, 42, 42, 70, 27, 59, 11, 66],
                [-4, 30, 39, 23, 97, 48, 46, 10],
                [18, -1, 33, 32, 36, 20, 26, -15],
                [-11, -4, 26, 25, 28, 19, 25, 1],
                [-5, -10, 11, -5, 2, 16, -9, -15],
            ],
            end_game: [
                [-45, 2, 40, 9, 11, 42, -4, -44],
                [-3, 35, 27, 45, 43, 11, 36, -9],
                [16, 46, 45, 42, 42, 48, 37, 13],
                [35, 31, 59, 72, 30, 63, 30, 12],
                [16, 17, 32, 63, 49, 30, 21, 21],
                [4, 32, 34, 37, 66, 19, 46, 6],
                [-20, -24, 13, 21, 2, 20, -8, -20],
                [-24, -15, 4, -12, -11, -1, -17, -32],
            ],
        },
        // Bishop
        PieceParams {
            value: [383, 361],
            middle_game: [
                [21, -18, 31, -3, -6, 31, -19, 15],
                [-17, 17, 10, 32, 17, -19, 22, -9],
                [-8, 67, -16, 33, 42, -7, 44, -26],
                [10, 11, 23, 60, 46, 16, 2, 2],
                [20, 33, 16, 45, 37, 9, 49, 3],
                [-24, 40, 28, 20, 33, 27, 33, 36],
                [30, 34, 29, 25, 21, 24, 69, 26],
                [24, 20, 37, -5, -10, 12, 27, 13],
            ],
            end_game: [
                [22, 51, 1, 39, 38, -9, 40, 14],
                [38, 23, 21, 57, 47, 2, 6, 46],
                [44, 19, 58, 43, 42, 53, -11, 42],
                [11, 48, 35, 39, 26, 45, 32, -6],
                [14, 17, 30, 25, 31, 41, 0, -6],
                [-1, 1, 13, 38, 45, 27, -5, 8],
                [8, -2, 3, 21, 16, 9, 6, -5],
                [-34, -8, -8, -21, -1, 18, -21, -23],
            ],
        },
        // Rook
        PieceParams {
            value: [627, 653],
            middle_game: [
                [26, 25, 7, 26, 26, 4, 17, 12],
                [3, 0, 30, 40, 48, 37, 20, 18],
                [15, 18, 21, 54, 41, 16, 24, 12],
                [-6, 11, 24, 14, 13, 15, 33, -8],
                [-48, -38, -14, -26, -21, -37, -28, -11],
                [-64, -17, -6, -45, -22, 1, -3, -32],
                [-31, -39, -39, 20, 14, -8, -21, -33],
                [-14, -8, -24, 7, 25, 3, -46, -34],
            ],
            end_game: [
                [12, 6, 15, 6, 1, 7, 1, 3],
                [20, 11, 31, 29, 28, 22, 12, 16],
                [13, 3, 10, 14, 10, 19, 11, 8],
                [5, -8, 13, 11, 0, 4, 5, -7],
                [-1, 19, 26, 5, -4, 14, 13, 4],
                [-22, -21, 9, -1, -7, -15, -18, -27],
                [-44, -7, -19, -20, -30, -25, -5, -33],
                [1, -12, 2, -20, -36, -26, -13, -12],
            ],
        },
        // Queen
        PieceParams {
            value: [1271, 1243],
            middle_game: [
                [11, 14, 3, 17, 11, 8, 18, 15],
                [-13, -24, -16, -8, -11, -9, 2, 16],
                [-15, 9, -2, 12, 12, 10, 35, -3],
                [-18, -15, -9, -2, 2, 3, 18, 22],
                [-31, -17, -8, 0, 3, -4, 8, -10],
                [-15, -3, -16, -9, -6, -6, 30, -4],
                [5, 15, 15, 19, -3, 3, -3, -3],
                [-31, 18, 11, 0, -3, -9, -4, -30],
            ],
            end_game: [
                [-21, 17, 6, 15, 13, 13, 21, -8],
                [7, 13, 24, 25, 20, 26, 14, 13],
                [-11, 6, 5, 21, 15, 18, 29, -5],
                [-12, 24, 1, 11, 18, 22, 30, 10],
                [-26, -3, 18, 13, 21, 8, 11, -15],
                [-42, -4, 2, -2, 15, 6, 9, -28],
                [-28, -33, -27, -38, -30, -22, -38, -30],
                [5, -24, -16, -17, -19, -21, -27, 15],
            ],
        },
        // King
        PieceParams {
            value: [0, 0],
            middle_game: [
                [-34, -17, -23, -25, -18, -21, -30, -36],
                [-16, -4, 12, 17, 13, 14, 0, -24],
                [-5, -4, 19, 20, 13, 18, 27, -4],
                [-5, 6, 28, 20, 16, 24, 25, 16],
                [-2, -15, -6, 15, -15, -18, 17, -1],
                [-38, 26, -30, -33, 0, -3, 12, -41],
                [7, 19, -7, -7, -3, 18, 25, 20],
                [-8, -30, 62, -32, -19, -57, 2, -30],
            ],
            end_game: [
                [-18, 19, 9, 9, 6, 17, 7, -32],
                [27, 40, 40, 43, 49, 40, 34, 13],
                [10, 37, 44, 47, 41, 32, 44, 35],
                [14, 33, 40, 47, 44, 52, 29, 18],
                [7, 21, 27, 49, 35, 43, 29, 19],
                [-7, 20, 16, 23, 21, 27, 37, 20],
                [11, 31, 21, 15, 22, 14, 43, 16],
                [42, 33, -4, -9, -2, 5, 8, -10],
            ],
        },
    ],
    terms: [
        // passed pawn on its 2nd rank
        [-20, 26],
        // passed pawn on its 3rd rank
        [-22, -8],
        // passed pawn on its 4th rank
        [-24, 27],
        // passed pawn on its 5th rank
        [9, 25],
        // passed pawn on its 6th rank
        [59, 57],
        // passed pawn on its 7th rank
        [72, -66],
        // isolated pawn
        [-6, -25],
        // doubled pawn (each)
        [-2, -12],
        // own pawn one rank in front of the king
        [37, -4],
        // own pawn two ranks in front of the king
        [25, -5],
        // castling right held
        [12, 6],
        // square a knight reaches
        [12, -8],
        // square a bishop reaches
        [13, -4],
        // square a rook reaches
        [9, -4],
        // square a queen reaches
        [4, 3],
        // attack on a square at the enemy king
        [19, -5],
        // pawn defended by a pawn
        [13, 1],
        // own king's distance to a passed pawn, times its ranks advanced
        [7, -9],
        // enemy king's distance to a passed pawn, times its ranks advanced
        [-7, 14],
        // rook on a file without pawns
        [36, -2],
        // rook on a file with enemy pawns only
        [-5, 22],
        // knight, bishop, rook or queen attacked by an enemy pawn
        [50, 28],
        // two bishops or more
        [38, 101],
        // square a piece reaches that an enemy pawn attacks
        [-17, 14],
        // backward pawn
        [-40, 3],
        // square of the weight of an attack on the enemy king (/16)
        [0, 6],
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
    "umax tune bench/matches/stockfish_5000_nodes.pgn --iterations 500 --start current --l2 1e-8 --resolve --out src/engine/eval/tuned_sf.rs",
];
