//! The tapered evaluation's parameters (`eval=tapered`, see `tapered.rs`).
//!
//! Written by `umax tune`; do not edit by hand, tune again instead:
//!
//! ```text
//! umax tune bench/sprt/activity_lazy.pgn bench/sprt/activity_lazy_200.pgn bench/sprt/activity_plies_0.pgn bench/sprt/continuation.pgn bench/sprt/correction.pgn bench/sprt/deep_pruning.pgn bench/sprt/history_bonus.pgn bench/sprt/horizon_order.pgn bench/sprt/iir_pv.pgn bench/sprt/lmr_improving.pgn bench/sprt/next_tables.pgn bench/sprt/node_phase.pgn bench/sprt/node_phase_3.pgn bench/sprt/null_adaptive.pgn bench/sprt/passer_pushes.pgn bench/sprt/piece_threats.pgn bench/sprt/refit_tables.pgn bench/sprt/resolved_tables.pgn bench/sprt/rfp_max_plies_6.pgn bench/sprt/sf_tables.pgn bench/sprt/singular.pgn bench/sprt/time_nodes.pgn --iterations 300 --start current --l2 1e-8 --resolve --out src/engine/eval/tuned.rs
//! ```
//!
//! (`bench/sprt/node_phase_3.pgn` as it was after its first 5,283 games.)
//!
//! 3808941 positions from 33810 games (382078 of them held out: the games of
//! one opening in 10); K = 0.004883 per centipawn; pass 300 kept. Mean squared
//! error 0.077376 before tuning, 0.077238 after (training positions);
//! 0.076094 before, 0.075978 after (held-out positions).
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
            value: [69, 68],
            middle_game: [
                [0, 0, 0, 0, 0, 0, 0, 0],
                [216, 184, 181, 165, 190, 176, 168, 213],
                [52, 75, 69, 30, 63, 102, 96, 87],
                [54, 48, 45, 27, 49, 54, 46, 20],
                [26, 34, 24, 48, 44, 38, 20, 15],
                [30, 23, 16, 17, 27, 17, 31, 12],
                [37, 33, 17, 18, 20, 63, 65, 19],
                [0, 0, 0, 0, 0, 0, 0, 0],
            ],
            end_game: [
                [0, 0, 0, 0, 0, 0, 0, 0],
                [225, 268, 275, 219, 252, 244, 232, 178],
                [107, 106, 106, 101, 99, 97, 78, 77],
                [81, 86, 73, 58, 62, 53, 65, 65],
                [66, 78, 61, 49, 58, 58, 60, 59],
                [68, 61, 65, 58, 64, 65, 56, 55],
                [72, 60, 73, 48, 67, 57, 42, 52],
                [0, 0, 0, 0, 0, 0, 0, 0],
            ],
        },
        // Knight
        PieceParams {
            value: [397, 336],
            middle_game: [
                [-54, -14, 28, -6, -2, 33, -14, -41],
                [-11, -5, 59, 15, 5, 63, -1, -14],
                [-4, 29, 65, 73, 50, 57, 35, -11],
                [39, 47, 53, 92, 36, 61, 21, 62],
                [8, 44, 40, 44, 63, 36, 51, 17],
                [-4, 14, 20, 37, 12, 22, 26, -12],
                [-24, -9, 6, 16, 17, 32, 24, 4],
                [-4, -11, 11, -4, -4, 8, -19, -11],
            ],
            end_game: [
                [-41, 2, 43, 11, 14, 43, 0, -37],
                [3, 30, 29, 53, 51, 13, 31, -5],
                [21, 47, 50, 57, 47, 53, 38, 16],
                [28, 34, 60, 55, 44, 68, 45, 13],
                [9, 26, 45, 59, 54, 44, 20, 24],
                [-13, 25, 20, 32, 47, 22, 33, 5],
                [-22, -27, 0, 9, 3, 13, 5, -15],
                [-25, -21, -2, -10, -14, -18, -21, -30],
            ],
        },
        // Bishop
        PieceParams {
            value: [393, 351],
            middle_game: [
                [16, -21, 35, -8, -6, 31, -21, 15],
                [-18, 13, 10, 28, 9, -20, 23, -18],
                [-4, 63, -15, 11, 31, 2, 38, -12],
                [6, 29, 25, 53, 41, 19, 6, 16],
                [9, 28, 20, 52, 36, 9, 46, 9],
                [-5, 42, 41, 32, 34, 31, 40, 31],
                [30, 15, 33, 6, 39, 49, 67, 28],
                [10, 9, 16, 1, 2, 16, 28, 2],
            ],
            end_game: [
                [20, 47, 3, 27, 43, 0, 31, 15],
                [35, 31, 22, 59, 46, 6, 8, 45],
                [45, 12, 63, 38, 22, 53, 8, 62],
                [11, 52, 43, 25, 29, 47, 29, 5],
                [16, 21, 22, 36, 30, 32, 6, 6],
                [13, -1, 19, 40, 43, 14, -7, 10],
                [7, -8, 14, 26, 19, 6, -18, -4],
                [-31, -21, -25, -11, -2, 10, -16, -33],
            ],
        },
        // Rook
        PieceParams {
            value: [616, 676],
            middle_game: [
                [30, 25, 7, 25, 25, 4, 19, 12],
                [6, -2, 25, 39, 49, 41, 20, 19],
                [9, 32, 34, 40, 44, 16, 20, 15],
                [-1, 11, 31, 7, 26, 27, 39, 3],
                [-43, -37, -21, -29, -9, -43, -35, -19],
                [-41, -8, -20, -39, -26, -13, -8, -42],
                [-35, -33, -28, 3, 1, -14, -40, -38],
                [-19, -4, -14, 2, 15, 10, -30, -41],
            ],
            end_game: [
                [15, 10, 14, 9, 2, 12, 6, 1],
                [23, 23, 28, 25, 24, 22, 14, 18],
                [15, 15, 21, 6, 11, 25, 10, 11],
                [14, 2, 18, 10, 4, 11, 3, 3],
                [16, 19, 12, 1, 3, 12, 15, 4],
                [-15, -24, -15, -13, -18, -25, -13, -27],
                [-49, -20, -24, -28, -40, -29, -16, -37],
                [-7, -29, -3, -22, -40, -19, 4, -3],
            ],
        },
        // Queen
        PieceParams {
            value: [1266, 1227],
            middle_game: [
                [17, 12, 5, 19, 10, 12, 23, 16],
                [-17, -38, -16, -4, -9, -5, 0, 20],
                [-16, 8, 3, 12, 14, 18, 31, 5],
                [-16, -11, -13, -10, 6, 6, 21, 23],
                [-9, -23, -17, -1, 5, 1, 9, 1],
                [-8, -5, -15, -35, 2, -1, 24, -1],
                [-5, 4, 2, 14, 17, -14, 8, -10],
                [-41, -5, 18, 12, -6, -13, -2, -29],
            ],
            end_game: [
                [-12, 16, 10, 21, 14, 16, 25, -6],
                [1, 9, 28, 29, 23, 29, 15, 15],
                [-11, 5, 7, 16, 18, 20, 27, 2],
                [-12, 26, -2, 10, 20, 25, 30, 13],
                [-24, -7, 20, 20, 15, 16, 14, -13],
                [-47, 3, -4, -3, 4, 6, 7, -29],
                [-31, -39, -18, -39, -24, -34, -33, -32],
                [-5, -29, -12, -32, -28, -25, -26, 15],
            ],
        },
        // King
        PieceParams {
            value: [0, 0],
            middle_game: [
                [-34, -17, -24, -25, -19, -21, -31, -39],
                [-16, -4, 13, 17, 13, 14, 1, -24],
                [-3, -3, 17, 17, 13, 18, 27, -3],
                [-4, 7, 28, 20, 16, 21, 25, 14],
                [-2, -14, -6, 12, -11, -17, 20, -2],
                [-33, 23, -22, -31, 7, 7, 2, -41],
                [8, 25, -9, 2, -11, 19, 29, 27],
                [-15, -31, 27, -19, -27, -65, 21, -28],
            ],
            end_game: [
                [-20, 22, 9, 7, 1, 18, 6, -47],
                [30, 41, 48, 42, 47, 46, 48, 15],
                [21, 43, 46, 43, 50, 43, 51, 40],
                [15, 36, 43, 41, 44, 46, 38, 14],
                [1, 23, 23, 42, 44, 43, 28, 17],
                [-3, 27, 21, 21, 27, 34, 28, 18],
                [11, 23, 10, 9, 16, 21, 29, 5],
                [29, 33, -16, 3, -9, 12, -2, -6],
            ],
        },
    ],
    terms: [
        // passed pawn on its 2nd rank
        [-18, 37],
        // passed pawn on its 3rd rank
        [-3, -1],
        // passed pawn on its 4th rank
        [-17, 15],
        // passed pawn on its 5th rank
        [26, 34],
        // passed pawn on its 6th rank
        [61, 48],
        // passed pawn on its 7th rank
        [62, -69],
        // isolated pawn
        [-10, -19],
        // doubled pawn (each)
        [-3, -9],
        // own pawn one rank in front of the king
        [26, -15],
        // own pawn two ranks in front of the king
        [23, -11],
        // castling right held
        [31, 4],
        // square a knight reaches
        [7, 2],
        // square a bishop reaches
        [8, 4],
        // square a rook reaches
        [4, 3],
        // square a queen reaches
        [3, 5],
        // attack on a square at the enemy king
        [15, -2],
        // pawn defended by a pawn
        [27, -5],
        // own king's distance to a passed pawn, times its ranks advanced
        [1, -6],
        // enemy king's distance to a passed pawn, times its ranks advanced
        [-2, 14],
        // rook on a file without pawns
        [48, -2],
        // rook on a file with enemy pawns only
        [19, 25],
        // knight, bishop, rook or queen attacked by an enemy pawn
        [45, 23],
        // two bishops or more
        [36, 69],
        // square a piece reaches that an enemy pawn attacks
        [-9, 1],
        // backward pawn
        [-20, -2],
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
    "umax tune activity_lazy.pgn activity_lazy_200.pgn activity_plies_0.pgn continuation.pgn correction.pgn deep_pruning.pgn history_bonus.pgn horizon_order.pgn iir_pv.pgn lmr_improving.pgn next_tables.pgn node_phase.pgn node_phase_3.pgn null_adaptive.pgn passer_pushes.pgn piece_threats.pgn refit_tables.pgn resolved_tables.pgn rfp_max_plies_6.pgn sf_tables.pgn singular.pgn time_nodes.pgn --iterations 300 --start current --l2 1e-8 --resolve --out /tmp/refit2/tuned_refit2.rs",
];
