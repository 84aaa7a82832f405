//! The benchmark panel as data: Korf's 100 fifteen-puzzles (or his 50 24-puzzles) solved one
//! after another in the worker exactly as Solve solves a board, with the figures `slide bench`
//! prints natively. With several workers the tables are got ready in every worker first, then
//! either each worker solves puzzles of its own, side by side (the sets of many small puzzles:
//! the figure is the time the whole set takes), or each 15-puzzle is solved by all of them
//! together ([`crate::solver::team`], for puzzles whose iterations are long: the time of each is
//! the page's, from the first order to the answer).
//!
//! One idea a file:
//!
//! - `sets`: the sets of instances offered ([`SETS`]) and how several workers take each on
//!   ([`Teamwork`]).
//! - `run`: the benchmark's state and its actions ([`BenchRun`], [`BenchAction`]).
//! - `crew`: several workers at work on a run: their tables, and stopping them all.
//! - `side_by_side`: each worker on puzzles of its own ([`Teamwork::Puzzles`]).
//! - `team`: each puzzle solved by all the workers together ([`Teamwork::Iterations`]).
//! - `rows`: a row an instance ([`Row`]), and their summary.

mod crew;
#[cfg(test)]
mod replies;
mod rows;
mod run;
mod sets;
mod side_by_side;
mod team;

pub use rows::Row;
pub use run::{BenchAction, BenchRun, MAX_WORKERS};
pub use sets::{SETS, Set, Teamwork};
