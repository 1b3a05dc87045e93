//! # The engine: what chooses a move
//!
//! Everything a game of chess needs from umax, and nothing of how it talks:
//! the [board] (0x88 squares, pieces, moves, FEN, move generation, perft),
//! the [evaluation](eval) (micro-Max's gain per move, and the tuned tapered
//! tables of umax's default), the [hash table](table), the [searches](search)
//! (micro-Max's `D()` and umax's, on one root driver) and the [clock] (how
//! long to think). Read them in that order.

pub mod board;
pub mod clock;
pub mod eval;
pub mod search;
pub mod table;
