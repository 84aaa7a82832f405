//! Shorter answers for large boards (6×6 to 10×10 and long rectangles): the board is finished
//! from the far corner in, like [`super::rows_and_columns`], then the path is shortened by
//! windows re-solved. Up to 7×7 a beam search over the whole board does it all (see
//! [`super::beam`]). Beyond, the unfinished rectangle's outer row and column, a *shell*, are
//! brought home together by a beam over the whole rectangle that counts the shell's tiles more
//! ([`Tuning::shell`]), down to a 7×7 corner finished by a whole-board beam; where a shell's
//! beam stalls on its last tiles, line searches place them.
//!
//! Why shells: a beam moves every tile at once, so the moves that bring the shell home bring
//! the other tiles nearer home too (a shell's moves come to about 1.4 × the Manhattan distance
//! they take off). A line placed by its own search comes to 2.2 ×: the other tiles only count
//! as a tie-break. And a whole-board beam on 8×8 or larger wanders unless very wide.
//!
//! A line search is a bounded best-first search over the line's tiles *together* with the
//! blank, not one tile at a time: placing tiles one by one with the rest frozen makes the blank
//! walk round each tile again and again, and the last two tiles of every line need a fixed
//! ten-odd-move trick. A search over (blank, tiles of the line) lets tiles share the blank's
//! trips, lets a tile already home step aside for a moment, and finds the cheap way in for the
//! line's last tiles. Tiles outside the line are not part of a state, so a line takes thousands
//! of nodes; but each node keeps the board its path leads to, and the other tiles' Manhattan
//! distance counts in its priority ([`Tuning::others`]), so that the blank's trips push them
//! home too where they can.
//!
//! The estimate guiding a line search is, for each tile of the line, the exact number of moves
//! it would need alone (breadth-first over its (tile, blank) squares in the unfinished
//! rectangle), plus the blank's walk to the nearest tile still away from home. It is not
//! admissible (tiles share the blank's trips), which is what we want: the search is a fast
//! guide, not a proof. Each line is searched in steps: a few more of its tiles join the tracked
//! set each time, and tiles already home stay tracked (free to move, but due home again).
//!
//! `FringeSearch` is anytime: rows and columns' answer first, then [`variant`]s of this method
//! one after another, each shorter answer offered at once, until the node budget is spent.
//!
//! Memory stays bounded: every search stops after [`Tuning::nodes_per_search`] expansions, a
//! beam after generating 1,000 boards per board of its width, and the method then reports an
//! error, or, in a variant with shells, rows and columns finish what is left at once; the
//! caller keeps the answer it already has.
//!
//! Its parts:
//!
//! - this file: what the method did ([`Fringed`]).
//! - [`tuning`]: the knobs ([`Tuning`]), the [`variant`]s and the [`quick`] one, the default
//!   budgets.
//! - [`placing`]: [`solve`], one variant run line by line, a piece a step (`Placing`).
//! - [`shells`]: a shell's beam, and its share of the budget.
//! - [`corner`]: the last corner, by a beam or weighted A*.
//! - [`line`](mod@line): a line brought home a group of its tiles at a time.
//! - [`line_search`]: the bounded search that brings a group home.
//! - [`lone_tile`]: a tile's moves alone, the estimate of a line search.
//! - [`region`]: the unfinished rectangle.
//! - [`work`]: the working board, and the moves made on it.
//! - [`shortening`]: [`shortened`], and the windows an answer is shortened by.
//! - [`anytime`]: `FringeSearch`, the variants one after another, each answer shortened.
//!
//! How the knobs were chosen, with the figures: `docs/lab/2026-11-26-solver-notes.md`.

mod anytime;
mod corner;
mod line;
mod line_search;
mod lone_tile;
mod placing;
mod region;
mod shells;
mod shortening;
mod tuning;
mod work;

pub(crate) use anytime::FringeSearch;
pub(crate) use placing::Placing;
pub use placing::solve;
pub use shortening::shortened;
pub use tuning::{Tuning, default_max_nodes, quick, quick_first, variant};

use crate::puzzle::moves::Move;

/// What the method did.
#[derive(Clone, Debug, PartialEq)]
pub struct Fringed {
    /// The moves from the start to the goal, not yet shortened.
    pub moves: Vec<Move>,
    /// Expansions of all line searches together, and boards the corner's beam generated.
    pub expanded: u64,
}
