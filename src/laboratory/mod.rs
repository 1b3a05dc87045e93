//! # The laboratory: measuring what a technique is worth
//!
//! [tools] runs `perft`, `bench` and EPD suites; [lab] compares two settings
//! of the search's switches on the same positions; [selfplay] plays them
//! against each other from the [openings], with Elo and the SPRT; [tune]
//! fits the evaluation's tables to the games (Texel tuning); [svg] draws the
//! lab's, the worth table's and the bench's figures as pictures.

pub mod lab;
pub mod openings;
pub mod selfplay;
pub mod svg;
pub mod tools;
pub mod tune;
