//! What the page keeps between visits, and the files it reads and writes: every solve by hand
//! with the statistics speedsolvers keep, the player's settings, and the small JSON they are
//! stored and exported in.
//!
//! - [`solves`]: your solves by hand, their statistics per size and control, export and import.
//! - [`histogram`]: a histogram of solve times, in bins of round widths.
//! - [`tally`]: the statistics kept as solves come, so 100,000 need no pass over them.
//! - [`left_out`]: what a reader of a history left out, and why.
//! - [`cstimer`]: csTimer's export read into solves whose moves are not known.
//! - [`settings`]: what the page remembers between visits.
//! - [`json`]: the page's own small JSON reader and writer; [`wire`]: the small binary form the
//!   record crosses to its worker in.
//! - [`uid`]: a solve's or an event's name on every device, from its own facts.

pub mod cstimer;
pub mod histogram;
pub mod json;
pub mod left_out;
pub mod settings;
pub mod solves;
pub mod tally;
pub mod uid;
pub mod wire;
