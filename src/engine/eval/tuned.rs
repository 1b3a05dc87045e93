//! The tapered evaluation's parameters (`eval=tapered`, see `tapered.rs`).
//!
//! Written by `umax tune`; do not edit by hand, tune again instead:
//!
//! ```text
//! umax tune bench/sprt/activity_lazy.pgn bench/sprt/activity_lazy_200.pgn bench/sprt/activity_plies_0.pgn bench/sprt/continuation.pgn bench/sprt/correction.pgn bench/sprt/horizon_order.pgn bench/sprt/iir_pv.pgn bench/sprt/lmr_improving.pgn bench/sprt/next_tables.pgn bench/sprt/node_phase.pgn bench/sprt/null_adaptive.pgn bench/sprt/passer_pushes.pgn bench/sprt/piece_threats.pgn bench/sprt/resolved_tables.pgn bench/sprt/rfp_max_plies_6.pgn bench/sprt/sf_tables.pgn bench/sprt/singular.pgn bench/sprt/time_nodes.pgn --iterations 300 --start current --l2 1e-8 --resolve --out src/engine/eval/tuned.rs
//! ```
//!
//! 2888359 positions from 25613 games (293527 of them held out: the games of
//! one opening in 10); K = 0.004815 per centipawn; pass 300 kept. Mean squared
//! error 0.077785 before tuning, 0.077415 after (training positions);
//! 0.076798 before, 0.076546 after (held-out positions).
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
            value: [68, 70],
            middle_game: [
                [0, 0, 0, 0, 0, 0, 0, 0],
                [214, 184, 181, 166, 189, 175, 169, 213],
                [50, 79, 72, 31, 62, 94, 93, 82],
                [48, 46, 40, 26, 49, 48, 42, 19],
                [28, 40, 27, 53, 46, 36, 16, 19],
                [32, 30, 18, 19, 29, 11, 25, 14],
                [38, 41, 18, 23, 22, 61, 62, 21],
                [0, 0, 0, 0, 0, 0, 0, 0],
            ],
            end_game: [
                [0, 0, 0, 0, 0, 0, 0, 0],
                [228, 266, 273, 217, 250, 244, 230, 181],
                [110, 101, 108, 104, 103, 101, 81, 81],
                [86, 84, 75, 58, 61, 53, 65, 65],
                [68, 77, 60, 44, 59, 53, 59, 59],
                [70, 56, 61, 57, 61, 63, 58, 54],
                [74, 61, 71, 50, 66, 55, 45, 52],
                [0, 0, 0, 0, 0, 0, 0, 0],
            ],
        },
        // Knight
        PieceParams {
            value: [384, 335],
            middle_game: [
                [-54, -14, 28, -6, -2, 34, -14, -41],
                [-12, -3, 59, 14, 5, 62, -1, -15],
                [-4, 34, 62, 75, 47, 53, 39, -13],
                [40, 40, 49, 87, 36, 54, 20, 65],
                [5, 44, 42, 40, 67, 39, 50, 21],
                [2, 10, 21, 31, 9, 22, 28, -14],
                [-22, -6, 9, 14, 19, 29, 30, 6],
                [-5, -14, 11, -1, -4, 14, -18, -10],
            ],
            end_game: [
                [-42, 2, 43, 11, 14, 44, -2, -37],
                [3, 35, 25, 52, 48, 13, 32, -6],
                [21, 49, 52, 57, 47, 50, 41, 14],
                [29, 32, 61, 61, 40, 68, 44, 14],
                [10, 22, 41, 55, 51, 39, 18, 26],
                [-9, 28, 19, 32, 49, 25, 34, 3],
                [-23, -25, -1, 9, 1, 11, 5, -15],
                [-24, -21, 0, -8, -13, -15, -22, -29],
            ],
        },
        // Bishop
        PieceParams {
            value: [379, 355],
            middle_game: [
                [16, -20, 34, -7, -6, 31, -20, 15],
                [-18, 18, 8, 29, 14, -20, 24, -14],
                [-6, 64, -15, 17, 29, -4, 39, -17],
                [10, 27, 27, 52, 46, 17, 1, 15],
                [13, 32, 21, 54, 37, 10, 47, 13],
                [-3, 44, 36, 30, 34, 28, 42, 28],
                [28, 9, 31, 4, 38, 44, 64, 29],
                [8, 10, 15, 1, 2, 13, 29, 3],
            ],
            end_game: [
                [20, 48, 0, 29, 40, -1, 33, 16],
                [34, 29, 19, 58, 47, 3, 8, 48],
                [46, 11, 63, 36, 20, 53, 3, 60],
                [12, 54, 45, 20, 29, 48, 27, 3],
                [16, 20, 20, 38, 32, 31, 5, 8],
                [14, 1, 20, 40, 44, 16, -6, 10],
                [8, -8, 15, 26, 18, 10, -18, -1],
                [-33, -19, -27, -10, -2, 10, -17, -32],
            ],
        },
        // Rook
        PieceParams {
            value: [616, 675],
            middle_game: [
                [31, 24, 6, 24, 24, 3, 18, 11],
                [6, 2, 25, 38, 48, 39, 20, 17],
                [11, 28, 33, 41, 41, 13, 21, 14],
                [2, 14, 33, 8, 22, 27, 37, 0],
                [-43, -37, -19, -26, -10, -43, -35, -20],
                [-40, -11, -19, -43, -26, -11, -8, -43],
                [-32, -35, -24, 5, 1, -10, -38, -39],
                [-17, 1, -16, 3, 17, 11, -34, -41],
            ],
            end_game: [
                [17, 8, 12, 5, 0, 8, 5, 0],
                [21, 21, 28, 25, 26, 23, 14, 17],
                [15, 14, 22, 9, 12, 23, 12, 8],
                [14, 2, 16, 10, 3, 11, 4, 2],
                [14, 21, 14, 0, 5, 12, 16, 1],
                [-17, -24, -12, -15, -17, -22, -13, -29],
                [-48, -18, -22, -27, -37, -27, -13, -38],
                [-5, -28, 1, -21, -40, -19, 6, -5],
            ],
        },
        // Queen
        PieceParams {
            value: [1258, 1224],
            middle_game: [
                [17, 14, 5, 19, 10, 11, 22, 16],
                [-15, -33, -15, -6, -8, -6, 1, 18],
                [-16, 10, 3, 12, 12, 15, 27, 5],
                [-16, -10, -10, -13, 5, 5, 20, 21],
                [-11, -25, -20, 0, 6, 0, 7, -4],
                [-5, -5, -16, -35, 1, -1, 30, -3],
                [-4, 5, 4, 13, 19, -14, 10, -9],
                [-41, -6, 20, 12, -3, -12, -1, -29],
            ],
            end_game: [
                [-11, 17, 9, 20, 14, 15, 25, -6],
                [2, 10, 27, 26, 21, 28, 15, 15],
                [-12, 6, 6, 15, 17, 18, 25, -1],
                [-12, 24, -1, 8, 19, 22, 30, 12],
                [-25, -8, 19, 20, 18, 16, 11, -16],
                [-44, 3, -2, -6, 6, 8, 10, -29],
                [-30, -37, -20, -37, -22, -32, -32, -31],
                [-2, -30, -10, -30, -24, -23, -25, 16],
            ],
        },
        // King
        PieceParams {
            value: [0, 0],
            middle_game: [
                [-34, -17, -24, -25, -19, -22, -31, -38],
                [-16, -4, 13, 17, 13, 14, 1, -24],
                [-3, -3, 18, 19, 14, 18, 27, -3],
                [-4, 6, 29, 20, 16, 22, 24, 14],
                [-2, -14, -6, 13, -11, -17, 18, -1],
                [-34, 23, -23, -33, 4, 4, 2, -40],
                [10, 23, -11, -2, -13, 23, 31, 28],
                [-12, -31, 28, -20, -22, -62, 24, -33],
            ],
            end_game: [
                [-20, 21, 8, 7, 1, 17, 3, -42],
                [30, 40, 48, 44, 47, 45, 45, 15],
                [20, 44, 48, 48, 53, 39, 51, 39],
                [16, 35, 46, 40, 42, 48, 35, 16],
                [4, 22, 22, 42, 44, 45, 30, 18],
                [-4, 28, 21, 22, 29, 36, 29, 18],
                [12, 23, 13, 10, 16, 20, 31, 4],
                [30, 32, -19, 2, -10, 11, -6, -11],
            ],
        },
    ],
    terms: [
        // passed pawn on its 2nd rank
        [-20, 34],
        // passed pawn on its 3rd rank
        [-3, -2],
        // passed pawn on its 4th rank
        [-19, 13],
        // passed pawn on its 5th rank
        [26, 34],
        // passed pawn on its 6th rank
        [59, 45],
        // passed pawn on its 7th rank
        [59, -73],
        // isolated pawn
        [-9, -19],
        // doubled pawn (each)
        [-2, -7],
        // own pawn one rank in front of the king
        [28, -15],
        // own pawn two ranks in front of the king
        [26, -12],
        // castling right held
        [31, 3],
        // square a knight reaches
        [7, 2],
        // square a bishop reaches
        [8, 5],
        // square a rook reaches
        [4, 3],
        // square a queen reaches
        [4, 5],
        // attack on a square at the enemy king
        [16, -2],
        // pawn defended by a pawn
        [29, -5],
        // own king's distance to a passed pawn, times its ranks advanced
        [1, -5],
        // enemy king's distance to a passed pawn, times its ranks advanced
        [-2, 14],
        // rook on a file without pawns
        [50, -6],
        // rook on a file with enemy pawns only
        [20, 25],
        // knight, bishop, rook or queen attacked by an enemy pawn
        [47, 25],
        // two bishops or more
        [37, 69],
        // square a piece reaches that an enemy pawn attacks
        [-10, 1],
        // backward pawn
        [-21, -3],
        // square of the weight of an attack on the enemy king (/16)
        [4, 2],
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
    "umax tune bench/sprt/activity_lazy.pgn bench/sprt/activity_lazy_200.pgn bench/sprt/activity_plies_0.pgn bench/sprt/continuation.pgn bench/sprt/correction.pgn bench/sprt/horizon_order.pgn bench/sprt/iir_pv.pgn bench/sprt/lmr_improving.pgn bench/sprt/next_tables.pgn bench/sprt/node_phase.pgn bench/sprt/null_adaptive.pgn bench/sprt/passer_pushes.pgn bench/sprt/piece_threats.pgn bench/sprt/resolved_tables.pgn bench/sprt/rfp_max_plies_6.pgn bench/sprt/sf_tables.pgn bench/sprt/singular.pgn bench/sprt/time_nodes.pgn --iterations 300 --start current --l2 1e-8 --resolve --out src/engine/eval/tuned.rs",
];
