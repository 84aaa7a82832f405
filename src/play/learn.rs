//! Learn mode, as the page runs it: the comparison of every method on the board, one row at a
//! time in the worker, and the stepper, one of the searches a step at a time.
//!
//! - [`comparison`]: the comparison's rows, figures and solutions.
//! - [`stepping`]: the stepper: the search open, the step asked for and the step shown.
//! - [`tree`]: the search tree as the stepper draws it, with what is far from the board taken
//!   folded away.

pub mod comparison;
pub mod stepping;
pub mod tree;
