//! The page and its solver workers, the pure side: the messages both sides exchange, a question
//! in flight and its answer in words, and the watchdog that notices a worker gone silent.
//!
//! - [`protocol`]: the messages between the page and the solver's worker, one kind a file;
//!   [`bytes`]: those messages read back from the bytes they cross in; [`to_bytes`]: written
//!   as them.
//! - [`solving`]: a search in flight and the answer on show, in words.
//! - [`watchdog`]: noticing a worker that stopped without a word.

pub mod bytes;
pub mod protocol;
#[cfg(test)]
mod shapes;
pub mod solving;
pub mod to_bytes;
pub mod watchdog;
