//! The page and its solver workers, the pure side: the messages both sides exchange, a question
//! in flight and its answer in words, and the watchdog that notices a worker gone silent.
//!
//! - [`protocol`]: the messages between the page and the solver's worker, one kind a file, and
//!   their binary form (in the one form of [`crate::play::wire`]).
//! - [`solving`]: a search in flight and the answer on show, in words.
//! - [`watchdog`]: noticing a worker that stopped without a word.

pub mod protocol;
pub mod solving;
pub mod watchdog;
