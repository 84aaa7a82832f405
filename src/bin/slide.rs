//! `slide`: solve, check, scramble and benchmark sliding puzzles from the command line.
//!
//! A thin shell over the library: it parses arguments, calls the core and prints. Exit status:
//! 0 solved (or solvable, for `check`), 1 the board cannot reach the goal, 2 bad input (one line on
//! stderr says what), 3 the node budget ran out first, 4 an internal error (a bug; please report).
#![deny(clippy::unwrap_used, clippy::expect_used)]

#[cfg(not(target_arch = "wasm32"))]
fn main() -> std::process::ExitCode {
    cli::main()
}

#[cfg(target_arch = "wasm32")]
fn main() {}

#[cfg(not(target_arch = "wasm32"))]
#[path = "slide/cli.rs"]
mod cli;
