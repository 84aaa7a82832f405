//! Shortening a variant's answer: loops cut and windows of it re-solved optimally, the window's
//! length and search budget as [`Tuning::window`] says (rows and columns' when every variant
//! failed).

use super::Fringed;
use super::placing::solve;
use super::tuning::Tuning;
use crate::puzzle::board::Board;
use crate::puzzle::moves::Move;
use crate::puzzle::position::Position;
use crate::solver::rows_and_columns::ReductionError;

/// Window length and per-window node budget of rows and columns' shortening, when the line
/// searches ran out of nodes.
pub(super) const WINDOW: usize = crate::solver::rows_and_columns::WINDOW;
pub(super) const WINDOW_NODES: u64 = 20_000;

/// A variant's answer is shortened only if it is shorter than the best so far plus this many
/// percent: shortening takes 1-2 % off (rarely 3), so a longer answer cannot win, and its
/// window searches (uncounted in the budget) took a third of the time on 7×7 boards.
pub(super) const SHORTEN_SLACK: usize = 4;

/// Nodes of the windows' searches a step while shortening: a node of a window's A* costs 2-5 µs
/// on a 7×7 and a window's search can take 100,000, so it is paused and goes on at the next step.
/// A step takes under 10 ms natively, but for the one where a search outgrows its hash table
/// (up to 45 ms: the table is rebuilt at twice the size).
pub(super) const SHORTEN_NODES_PER_STEP: u64 = 2_000;

/// [`solve`], then the path shortened (loops cut, windows re-solved optimally).
pub fn shortened(position: &Position, tuning: &Tuning) -> Result<Fringed, ReductionError> {
    let start = position.board();
    let solved = solve(position, tuning)?;
    Ok(Fringed {
        moves: shorten(start, &solved.moves, tuning),
        ..solved
    })
}

/// `moves` from `start` shortened by windows of [`Tuning::window`].
fn shorten(start: &Board, moves: &[Move], tuning: &Tuning) -> Vec<Move> {
    let (length, nodes) = tuning.window;
    crate::solver::shorten::shorten(start, moves, length, &mut |from, to| {
        crate::solver::rows_and_columns::optimal_search(from, to, nodes)
    })
}
