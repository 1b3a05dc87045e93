//! The tapered evaluation's parameters (`eval=tapered`, see `tapered.rs`).
//!
//! Written by `umax tune`; do not edit by hand, tune again instead:
//!
//! ```text
//! umax tune bench/sprt/activity_lazy.pgn bench/sprt/activity_lazy_200.pgn bench/sprt/activity_plies_0.pgn bench/sprt/check_extension_on.pgn bench/sprt/continuation.pgn bench/sprt/correction.pgn bench/sprt/deep_pruning.pgn bench/sprt/fail_low_keeps_move.pgn bench/sprt/history_bonus.pgn bench/sprt/horizon_order.pgn bench/sprt/horizon_ordering.pgn bench/sprt/iir_pv.pgn bench/sprt/imbalance.pgn bench/sprt/lmp_horizon.pgn bench/sprt/lmr_divisor_200.pgn bench/sprt/lmr_improving.pgn bench/sprt/next_tables.pgn bench/sprt/node_phase.pgn bench/sprt/node_phase_3.pgn bench/sprt/null_adaptive.pgn bench/sprt/passer_pushes.pgn bench/sprt/phase_refit.pgn bench/sprt/piece_threats.pgn bench/sprt/razoring.pgn bench/sprt/refit2.pgn bench/sprt/refit_tables.pgn bench/sprt/resolved_tables.pgn bench/sprt/rfp_max_plies_6.pgn bench/sprt/sf_tables.pgn bench/sprt/singular.pgn bench/sprt/tempo.pgn bench/sprt/time_nodes.pgn bench/sprt/time_nodes_2.pgn bench/sprt/time_nodes_3.pgn --iterations 200 --start current --l2 1e-8 --resolve --out src/engine/eval/tuned.rs
//! ```
//!
//! (`bench/sprt/time_nodes_3.pgn` as it was after its first 4,113 games.)
//!
//! 5810317 positions from 51779 games (588815 of them held out: the games of
//! one opening in 10); K = 0.004978 per centipawn; pass 200 kept. Mean squared
//! error 0.077344 before tuning, 0.077219 after (training positions);
//! 0.076883 before, 0.076820 after (held-out positions).
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
            value: [68, 65],
            middle_game: [
                [0, 0, 0, 0, 0, 0, 0, 0],
                [217, 184, 180, 165, 191, 176, 168, 214],
                [54, 68, 67, 29, 65, 109, 100, 89],
                [48, 44, 39, 26, 54, 55, 43, 27],
                [31, 28, 26, 47, 41, 40, 22, 13],
                [27, 20, 19, 18, 26, 19, 38, 14],
                [35, 28, 17, 13, 25, 63, 68, 16],
                [0, 0, 0, 0, 0, 0, 0, 0],
            ],
            end_game: [
                [0, 0, 0, 0, 0, 0, 0, 0],
                [222, 266, 275, 222, 253, 244, 235, 175],
                [101, 107, 104, 104, 95, 93, 79, 73],
                [81, 84, 70, 56, 64, 55, 64, 67],
                [66, 83, 62, 53, 59, 60, 62, 59],
                [64, 63, 60, 64, 63, 67, 52, 57],
                [72, 63, 73, 45, 69, 59, 42, 52],
                [0, 0, 0, 0, 0, 0, 0, 0],
            ],
        },
        // Knight
        PieceParams {
            value: [405, 337],
            middle_game: [
                [-55, -14, 28, -6, -2, 33, -14, -41],
                [-10, -6, 59, 16, 5, 63, -1, -13],
                [-3, 27, 67, 72, 53, 60, 32, -11],
                [36, 47, 58, 96, 37, 68, 20, 60],
                [9, 45, 39, 47, 61, 37, 52, 17],
                [-7, 9, 19, 39, 15, 23, 24, -14],
                [-23, -12, 2, 19, 15, 32, 19, 7],
                [-5, -9, 10, -6, -3, 5, -20, -13],
            ],
            end_game: [
                [-41, 2, 43, 12, 14, 42, 1, -37],
                [4, 28, 31, 54, 54, 13, 31, -4],
                [22, 45, 50, 56, 47, 56, 35, 16],
                [25, 34, 60, 52, 47, 64, 46, 11],
                [7, 30, 49, 62, 57, 46, 22, 21],
                [-18, 23, 22, 33, 47, 20, 30, 6],
                [-21, -28, 0, 9, 5, 12, 5, -13],
                [-26, -22, -5, -11, -15, -19, -21, -31],
            ],
        },
        // Bishop
        PieceParams {
            value: [399, 344],
            middle_game: [
                [16, -22, 35, -9, -6, 31, -22, 15],
                [-18, 9, 10, 26, 5, -20, 21, -20],
                [-4, 62, -14, 8, 31, 7, 40, -8],
                [6, 30, 23, 55, 37, 19, 9, 17],
                [8, 25, 20, 49, 37, 9, 45, 9],
                [-3, 39, 38, 30, 36, 34, 40, 34],
                [30, 19, 35, 9, 40, 52, 67, 28],
                [13, 9, 16, 2, 3, 15, 26, 1],
            ],
            end_game: [
                [20, 46, 4, 25, 45, 1, 29, 15],
                [36, 33, 24, 59, 46, 9, 8, 42],
                [43, 13, 63, 40, 21, 54, 12, 61],
                [11, 49, 42, 27, 29, 41, 30, 8],
                [17, 22, 24, 35, 26, 32, 8, 7],
                [14, -1, 17, 38, 40, 15, -6, 8],
                [5, -9, 13, 23, 18, 5, -14, -6],
                [-29, -22, -23, -11, 1, 9, -16, -33],
            ],
        },
        // Rook
        PieceParams {
            value: [615, 674],
            middle_game: [
                [29, 26, 8, 26, 25, 5, 20, 14],
                [5, -4, 24, 42, 50, 42, 21, 21],
                [6, 34, 34, 40, 46, 19, 21, 17],
                [-4, 9, 29, 7, 25, 27, 40, 4],
                [-46, -36, -20, -30, -10, -41, -34, -20],
                [-41, -9, -22, -39, -30, -14, -10, -43],
                [-34, -30, -29, 1, 2, -15, -41, -38],
                [-18, -7, -11, 3, 13, 9, -30, -39],
            ],
            end_game: [
                [14, 11, 16, 12, 4, 15, 7, 4],
                [23, 27, 28, 25, 22, 22, 15, 18],
                [15, 15, 21, 7, 10, 27, 11, 12],
                [15, 4, 19, 12, 2, 12, 2, 4],
                [14, 19, 12, 4, 1, 13, 14, 3],
                [-14, -24, -16, -14, -22, -28, -16, -26],
                [-49, -19, -26, -29, -42, -29, -19, -36],
                [-7, -27, -7, -22, -41, -21, 0, -2],
            ],
        },
        // Queen
        PieceParams {
            value: [1274, 1229],
            middle_game: [
                [16, 10, 4, 18, 9, 13, 23, 16],
                [-20, -43, -17, -3, -10, -5, -1, 21],
                [-16, 6, 3, 12, 16, 20, 33, 6],
                [-16, -11, -15, -7, 7, 7, 21, 24],
                [-7, -22, -13, -2, 2, 2, 11, 3],
                [-8, -4, -14, -34, 2, -1, 22, 1],
                [-2, 1, 1, 12, 14, -14, 6, -11],
                [-41, -3, 16, 14, -5, -15, -3, -29],
            ],
            end_game: [
                [-13, 15, 10, 21, 14, 17, 24, -6],
                [-1, 9, 30, 31, 24, 30, 15, 15],
                [-10, 4, 7, 16, 20, 21, 28, 5],
                [-12, 27, -2, 13, 22, 27, 30, 14],
                [-24, -6, 22, 20, 13, 17, 16, -11],
                [-49, 3, -5, -1, 2, 6, 5, -29],
                [-31, -42, -15, -41, -27, -35, -34, -33],
                [-7, -28, -15, -34, -31, -28, -27, 14],
            ],
        },
        // King
        PieceParams {
            value: [0, 0],
            middle_game: [
                [-34, -17, -24, -25, -19, -20, -30, -40],
                [-16, -4, 13, 17, 13, 14, 2, -24],
                [-2, -3, 17, 16, 12, 18, 27, -3],
                [-4, 8, 27, 19, 15, 21, 26, 14],
                [-2, -13, -6, 11, -11, -17, 22, -3],
                [-32, 22, -20, -28, 12, 8, 4, -41],
                [5, 23, -8, 4, -6, 14, 35, 29],
                [-18, -32, 26, -21, -37, -65, 19, -26],
            ],
            end_game: [
                [-21, 23, 10, 8, 1, 20, 9, -51],
                [31, 43, 48, 40, 46, 48, 53, 15],
                [23, 42, 45, 40, 46, 47, 50, 42],
                [15, 36, 41, 39, 43, 45, 41, 13],
                [0, 25, 24, 41, 43, 43, 27, 17],
                [-1, 22, 20, 20, 27, 33, 30, 20],
                [9, 19, 7, 8, 17, 22, 28, 7],
                [30, 31, -14, -1, -11, 14, 2, -1],
            ],
        },
    ],
    terms: [
        // passed pawn on its 2nd rank
        [-16, 36],
        // passed pawn on its 3rd rank
        [-6, 3],
        // passed pawn on its 4th rank
        [-15, 15],
        // passed pawn on its 5th rank
        [31, 35],
        // passed pawn on its 6th rank
        [63, 53],
        // passed pawn on its 7th rank
        [63, -70],
        // isolated pawn
        [-8, -19],
        // doubled pawn (each)
        [-4, -9],
        // own pawn one rank in front of the king
        [27, -15],
        // own pawn two ranks in front of the king
        [22, -11],
        // castling right held
        [32, 5],
        // square a knight reaches
        [7, 1],
        // square a bishop reaches
        [8, 4],
        // square a rook reaches
        [4, 2],
        // square a queen reaches
        [3, 4],
        // attack on a square at the enemy king
        [15, -2],
        // pawn defended by a pawn
        [26, -3],
        // own king's distance to a passed pawn, times its ranks advanced
        [3, -6],
        // enemy king's distance to a passed pawn, times its ranks advanced
        [-4, 14],
        // rook on a file without pawns
        [47, 0],
        // rook on a file with enemy pawns only
        [19, 24],
        // knight, bishop, rook or queen attacked by an enemy pawn
        [46, 23],
        // two bishops or more
        [34, 71],
        // square a piece reaches that an enemy pawn attacks
        [-10, 1],
        // backward pawn
        [-20, -1],
        // square of the weight of an attack on the enemy king (/16)
        [5, 0],
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
    "umax tune bench/sprt/activity_lazy.pgn bench/sprt/activity_lazy_200.pgn bench/sprt/activity_plies_0.pgn bench/sprt/check_extension_on.pgn bench/sprt/continuation.pgn bench/sprt/correction.pgn bench/sprt/deep_pruning.pgn bench/sprt/fail_low_keeps_move.pgn bench/sprt/history_bonus.pgn bench/sprt/horizon_order.pgn bench/sprt/horizon_ordering.pgn bench/sprt/iir_pv.pgn bench/sprt/imbalance.pgn bench/sprt/lmp_horizon.pgn bench/sprt/lmr_divisor_200.pgn bench/sprt/lmr_improving.pgn bench/sprt/next_tables.pgn bench/sprt/node_phase.pgn bench/sprt/node_phase_3.pgn bench/sprt/null_adaptive.pgn bench/sprt/passer_pushes.pgn bench/sprt/phase_refit.pgn bench/sprt/piece_threats.pgn bench/sprt/razoring.pgn bench/sprt/refit2.pgn bench/sprt/refit_tables.pgn bench/sprt/resolved_tables.pgn bench/sprt/rfp_max_plies_6.pgn bench/sprt/sf_tables.pgn bench/sprt/singular.pgn bench/sprt/tempo.pgn bench/sprt/time_nodes.pgn bench/sprt/time_nodes_2.pgn bench/sprt/time_nodes_3.pgn --iterations 200 --start current --l2 1e-8 --resolve --out /tmp/tuned_refit3.rs",
];
