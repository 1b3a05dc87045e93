//! # umax: a readable Rust port of micro-Max
//!
//! micro-Max, by H.G. Muller, is a complete chess engine in under 2 KB of C:
//! a 0x88 board, one recursive search function with internal iterative
//! deepening, a hash table, futility pruning, null move and a two-pass
//! quiescence search. umax keeps that algorithm and its compactness, plays by
//! every rule of chess, and spells out every trick with a name.
//!
//! The code is in three folders, read in their order:
//! 1. [`engine`]: the [`board`], the [`eval`]uation, the hash [`table`], the
//!    [`search`]es — micro-Max's `D()` (`search/micromax.rs`, to read beside
//!    its C listing) and umax's stronger default (`search/umax.rs`) on one root
//!    driver, with their move ordering — and the [`clock`].
//! 2. [`frontends`]: the [`console`] for people, [`xboard`] and [`uci`] for
//!    programs, each a thin loop over the same engine, and what they share:
//!    the [`game`] record, [`notation`], [`input`] and the [`session`].
//! 3. [`laboratory`]: [`tools`] (`perft`, `bench`, EPD suites), the search
//!    [`lab`] (two settings of the search's switches, [`search::techniques`],
//!    side by side), [`selfplay`] with Elo and the SPRT from the [`openings`],
//!    and the Texel tuner ([`tune`]). Beside micro-Max's search, a second
//!    algorithm of the seeds: Don Beal's 1986 null-move quiescence
//!    ([`search::beal`]).
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

pub mod engine;
pub mod frontends;
pub mod laboratory;

// Each module is also reachable at the top, `umax::board` for
// `umax::engine::board`, as the binary, the tests and the benchmarks use them.
pub use engine::{board, clock, eval, search, table};
pub use frontends::{console, game, input, notation, session, uci, xboard};
pub use laboratory::{lab, openings, selfplay, tools, tune};
