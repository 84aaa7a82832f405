//! The puzzle itself: what a board is, how it moves, how it is written, and whether it can reach
//! its goal. Everything else in the crate is built on this layer, and it depends on nothing else.
//!
//! - [`board`]: a [`Board`](board::Board) that cannot be invalid once built, and the one move function.
//! - [`moves`]: the [`Move`](moves::Move) notation (the direction a tile slides).
//! - [`notation`]: the one parser and printer of boards, seed layouts and move sequences.
//! - [`goal`]: blank last, blank first, or any arrangement.
//! - [`position`]: a board with its goal, of one shape: what every question about both asks.
//! - [`solvability`]: the parity test, instant, with an explanation a student can read.
//! - [`random`], [`scramble`]: a seedable generator; uniformly random solvable boards.
//! - [`numbers`]: counts and measures as people read them.
//! - [`solution`]: a path that has been replayed from its board to its goal.

pub mod board;
pub mod goal;
pub mod moves;
pub mod notation;
pub mod numbers;
pub mod position;
pub mod random;
pub mod scramble;
pub mod solution;
pub mod solvability;
