//! Additive pattern databases for the 15- and 24-puzzles.
//!
//! The tiles are split into disjoint groups: six, six and three on the 4×4 board (Korf and
//! Felner's 6-6-3, 2002) or, stronger, seven and eight ([`Split`]); five, five, five, five and
//! four on the 5×5. For each group a table holds,
//! for every placement of its tiles (the other tiles unlabelled), the fewest moves *of that group's
//! tiles* that bring them home. Since no move belongs to two groups, the values add up to a lower
//! bound on the whole board.
//!
//! **Two lookups for one table.** Both named goals look the same when mirrored across the
//! diagonal through the blank's corner, so a board's mirror image is as far from the goal as the
//! board itself. The groups are not symmetric, so the mirror image reads *different* entries of the
//! same tables, and the larger of the two sums is still a lower bound (Felner et al., 2004).
//!
//! **Indexing.** A placement is indexed by its tiles' squares as digits in base "squares of the
//! board" (`16^6` entries, 8 MiB, a 15-puzzle six-tile table; `25^5`, 4.7 MiB, a 24-puzzle
//! five-tile one), so a move changes an index by one addition. The seven- and eight-tile tables
//! (16^8 would be 4 G entries) are read by the rank of that index instead.
//!
//! **Four bits an entry.** A group tile's move changes the group's Manhattan distance by one, so
//! an entry's excess over that distance is even and small: every table holds half of it, in a
//! nibble. A search keeps the board's Manhattan distance itself (one addition a move) and adds
//! twice the sum of the nibbles, so the tables take half the memory of bytes and a node reads
//! the same number of entries.
//!
//! **Building.** Breadth-first search backwards from the goal over placements *and* the region the
//! blank can roam without moving a group tile: moves of other tiles are free, so the blank's whole
//! region is one state. About 6 million states a group, resumable in slices (see [`Builder`]) so
//! a Web Worker can report progress.
//!
//! The parts: [`partition`] (which tiles form each group, how a placement is indexed and ranked,
//! the mirror image), [`tables`] (the tables and their per-move lookups), [`grid`] (squares as
//! masks, the blank's regions), [`build`] and [`scan`] (the region breadth-first search, by queues
//! and, for ranked tables, by scans), [`store`] (the compact stored and download forms, and the
//! databases kept in this process), [`disk`] (natively: the tables kept in the cache folder). Each
//! depends only on those before it.

mod build;
#[cfg(not(target_arch = "wasm32"))]
pub mod disk;
mod grid;
mod partition;
mod scan;
mod store;
mod tables;

pub use build::Builder;
pub use partition::{MAX_GROUPS, NoDatabase, Split, placements, unsupported_reason};
pub use store::{cached, install, shared};
pub use tables::{Lookup, PatternDb};
