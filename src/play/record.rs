//! What the page keeps between visits, and the files it reads and writes: every solve by hand
//! with the statistics speedsolvers keep, the player's settings, and the small JSON they are
//! stored and exported in.
//!
//! - [`solves`]: your solves by hand, their statistics per size and control, export and import.
//! - [`histogram`]: a histogram of solve times, in bins of round widths.
//! - [`left_out`]: what a reader of a history left out, and why.
//! - [`settings`]: what the page remembers between visits.
//! - [`json`]: the page's own small JSON reader and writer.

pub mod histogram;
pub mod json;
pub mod left_out;
pub mod settings;
pub mod solves;
