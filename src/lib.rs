//! # umax: a readable Rust port of micro-Max
//!
//! micro-Max, by H.G. Muller, is a complete chess engine in under 2 KB of C.
//! umax keeps its algorithm and its compactness and spells out every trick.
//!
//! Reading order:
//! 1. [`board`]: the 0x88 board, pieces, moves, FEN, move generation, perft.
//! 2. [`eval`]: micro-Max's evaluation, a gain per move instead of a score per position.
//! 3. [`table`]: the hash table that remembers searched positions.
//! 4. [`search`]: the one recursive search function and the root driver.
//! 5. [`clock`]: how long to think.
//! 6. [`game`]: the game record: repetition, 50-move rule, SAN, PGN.
//! 7. The front ends: [`console`] for people, [`xboard`] and [`uci`] for programs,
//!    and [`tools`] (`perft`, `bench`, `epd`).

pub mod board;
pub mod clock;
pub mod eval;
pub mod game;
pub mod search;
pub mod table;
