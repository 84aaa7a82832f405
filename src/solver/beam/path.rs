//! The way back to the start: each kept board's link to its parent, and the moves followed back
//! through the links of every level.

use crate::puzzle::moves::Move;

/// A board's parent (its index in the level before, below
/// [`MAX_WIDTH`](super::budget::MAX_WIDTH), so below 2^30) and the move that made it, in one
/// word.
pub(super) fn link(parent: u32, m: Move) -> u32 {
    parent << 2 | u32::from(m.index())
}

/// The moves to board `i` of the last level, its links followed back through the parents.
pub(super) fn path(parents: &[Vec<u32>], i: usize) -> Vec<Move> {
    let mut moves = Vec::with_capacity(parents.len());
    let mut at = i;
    for level in parents.iter().rev() {
        let link = level[at];
        moves.push(Move::from_index(link as u8));
        at = (link >> 2) as usize;
    }
    moves.reverse();
    moves
}
