//! Learn mode, as the page runs it: the comparison of every method on the board, one row at a
//! time in the worker, and the step-through of A* or greedy, one expansion at a time.
//!
//! - [`comparison`]: the comparison's rows, figures and solutions.
//! - [`watching`]: the step-through.

pub mod comparison;
pub mod watching;
