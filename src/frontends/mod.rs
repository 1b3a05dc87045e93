//! # The front ends: how people and programs talk to the engine
//!
//! Three thin loops over the same engine: the [console] for a person at a
//! terminal, [xboard] (CECP) and [uci] for GUIs and tools. What they share:
//! the [game] record (repetition, the 50-move rule, PGN), moves in SAN and
//! coordinates ([notation]), lines read from standard input while the engine
//! thinks ([input]), and the game a console or xboard session keeps
//! ([session]).

pub mod console;
pub mod game;
pub mod input;
pub mod notation;
pub mod session;
pub mod uci;
pub mod xboard;
