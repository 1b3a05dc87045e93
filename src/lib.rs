//! # umax: a readable Rust port of micro-Max
//!
//! micro-Max, by H.G. Muller, is a complete chess engine in under 2 KB of C:
//! a 0x88 board, one recursive search function with internal iterative
//! deepening, a hash table, futility pruning, null move and a two-pass
//! quiescence search. umax keeps that algorithm and its compactness, plays by
//! every rule of chess, and spells out every trick with a name.
//!
//! Reading order:
//! 1. [`board`]: the 0x88 board, pieces, moves, FEN, move generation, perft.
//! 2. [`eval`]: micro-Max's evaluation, a gain per move rather than a score per
//!    position.
//! 3. [`table`]: the hash table that remembers searched positions.
//! 4. [`search`]: the one recursive search function, and the root driver;
//!    [`search::strength`] plays weaker on request (`elo`, `UCI_Elo`).
//! 5. [`clock`]: how long to think.
//! 6. [`game`]: the game record: repetition, the 50-move rule, PGN; and
//!    [`notation`]: moves in SAN and coordinates, and why one is refused.
//! 7. The front ends, each a thin loop over the same engine: [`console`] for
//!    people, [`xboard`] and [`uci`] for programs, all reading lines through
//!    [`input`], the console and xboard keeping their game in a [`session`];
//!    and [`tools`] for `perft`, `bench` and EPD suites.
//! 8. [`lab`]: the search laboratory, two settings of the search's switches
//!    ([`search::techniques`]) measured side by side.
//! 9. [`selfplay`]: matches between two search settings from the [`openings`],
//!    with Elo and the SPRT, to measure what a technique is worth in games.
//! 10. [`search::beal`]: a second algorithm beside micro-Max's, Don Beal's
//!     1986 null-move quiescence on material (`umax epd FILE --search beal`).
//! 11. [`eval::tapered`]: tapered piece-square tables (`eval=tapered`), and
//!     [`tune`]: the Texel tuner that fits them to self-play games.
//!
//! ```
//! use umax::board::Board;
//! use umax::clock::Limits;
//! use umax::search::{Searcher, Silent};
//!
//! // Count the start position's move tree three plies deep.
//! let mut board = Board::start();
//! assert_eq!(board.perft(3), 8902);
//!
//! // Find the mate in one: 1.Qxf7#.
//! let board = Board::from_fen(
//!     "r1bqkbnr/pppp1ppp/2n5/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4",
//! ).unwrap();
//! let mut searcher = Searcher::new(16);
//! let result = searcher.think(&board, &[], &Limits::depth(3), &mut Silent);
//! assert_eq!(result.best_move.unwrap().to_string(), "h5f7");
//! ```

#![warn(missing_docs)]

pub mod board;
pub mod clock;
pub mod console;
pub mod eval;
pub mod game;
pub mod input;
pub mod lab;
pub mod notation;
pub mod openings;
pub mod search;
pub mod selfplay;
pub mod session;
pub mod table;
pub mod tools;
pub mod tune;
pub mod uci;
pub mod xboard;
