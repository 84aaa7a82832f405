//! # Slide
//!
//! Sliding-tile puzzles of every size from 2×2 to 10×10: the model, the notation, the parity test
//! and every classic search, as a pure Rust core with no web dependency. The browser game runs
//! this core in a Web Worker; the `slide` command line runs it natively.
//!
//! - [`board`]: a [`Board`] is always valid; [`moves`]: the [`Move`] notation.
//! - [`notation`]: the one parser and printer of boards and moves.
//! - [`solvability`]: can it be solved? decided by parity, instantly.
//! - [`scramble`]: uniformly random solvable boards, random walks.
//! - [`heuristics`]: Hamming, Manhattan, linear conflict, updated incrementally.
//! - [`search`]: A*, weighted A*, greedy best-first, BFS, DFS, IDA*, resumable in slices.
//! - [`solver`]: choose a method, search under a node budget, check the solution.
//! - [`bench`]: benchmark files and their summary.
//! - [`compare`]: learn mode's side-by-side comparison of every method.
//! - [`game`]: one game as plain data (history, replay, clock): what the browser renders.
//!
//! The browser layer lives in `web` and is compiled for wasm32 only.

pub mod bench;
pub mod board;
pub mod compare;
pub mod game;
pub mod goal;
pub mod heuristics;
pub mod link;
pub mod moves;
pub mod notation;
pub mod random;
pub mod reduction;
pub mod scramble;
pub mod search;
pub mod solution;
pub mod solvability;
pub mod solver;

#[cfg(target_arch = "wasm32")]
pub mod web;

pub use board::Board;
pub use goal::Goal;
pub use heuristics::Heuristic;
pub use moves::Move;
pub use solution::Solution;
pub use solver::{Algorithm, Options, solve};
