//! # Slide
//!
//! Sliding-tile puzzles of every size from 2×2 to 10×10: the model, the notation, the parity test
//! and every classic search, as a pure Rust core with no web dependency. The browser game runs
//! this core in a Web Worker; the `slide` command line runs it natively.
//!
//! The crate is layered; each layer uses only those above it in this list:
//!
//! - [`puzzle`]: boards, moves, notation, goals, solvability, scrambles, checked solutions.
//! - [`heuristics`]: Hamming, Manhattan, linear conflict and pattern databases, updated per move.
//! - [`search`]: A*, weighted A*, greedy, BFS, DFS, IDA* (one or several threads) and anytime
//!   search, each resumable in slices under a node budget.
//! - [`solver`]: picks a method (`auto`), dispatches to a search, checks the answer; rows and
//!   columns for large boards, learn mode's comparison, benchmarks.
//! - [`play`]: one game as plain data, and links.
//! - [`server`]: `slide serve`, natively: the site, and a player's solves on every device.
//!
//! The browser layer lives in `web` and is compiled for wasm32 only.
//!
//! No `unwrap` or `expect` outside tests: a panic in the browser kills the page, so every
//! failure a user can meet is an error they are shown (tests may unwrap: a panic there is a
//! failed test).
#![cfg_attr(not(test), deny(clippy::unwrap_used, clippy::expect_used))]

pub mod heuristics;
pub mod play;
pub mod puzzle;
pub mod search;
pub mod solver;

#[cfg(not(target_arch = "wasm32"))]
pub mod server;

#[cfg(target_arch = "wasm32")]
pub mod web;

pub use heuristics::Heuristic;
pub use puzzle::board::Board;
pub use puzzle::goal::Goal;
pub use puzzle::moves::Move;
pub use puzzle::position::Position;
pub use puzzle::solution::Solution;
pub use solver::{Algorithm, Options, solve};

/// The README's examples, compiled and run by `cargo test --doc`.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;
