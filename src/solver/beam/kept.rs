//! A board of the beam, but for its tiles: one record of what its children are worked out from.

use crate::heuristics::linear_conflict::LineCosts;

/// A board of the beam, but for its tiles: what its children are worked out from. One record,
/// not a list of each field: the boards a level keeps come from parents all over the level
/// before, and each parent is then one or two cache lines away, not eight.
#[derive(Clone, Copy, Debug)]
pub(super) struct Kept {
    pub(super) hash: u64,
    /// The estimate (weighted, in halves of a move), and its plain part (linear conflicts, and
    /// in a partial beam the other tiles' far terms: it measures the levels still ahead).
    pub(super) estimate: i32,
    pub(super) plain: i32,
    /// The blank's square, and where it was before the last move (`NO_SQUARE` at the start):
    /// the move back is never made, as it leads to the board's parent.
    pub(super) blank: u8,
    pub(super) back: u8,
    /// In a shell's beam, the blank's walk to the nearest tile of the shell away (see
    /// [`BLANK_WALK`](super::blank_walk::BLANK_WALK)).
    pub(super) walk: u8,
    /// Squares walled in ([`WALLED_IN`](super::walls::WALLED_IN)) on a whole board, squares in
    /// dead pockets ([`DEAD_POCKET`](super::walls::DEAD_POCKET)) on a shell.
    pub(super) walls: u8,
    /// On a whole board, what its knots add to the estimate (see [`super::knots`]).
    pub(super) knots: u16,
    /// Each row's and column's conflicts, so that a child counts one line, not two.
    pub(super) costs: LineCosts,
    /// In a shell's beam, the places along its line whose square holds its own tile, a bit a
    /// place.
    pub(super) line_home: u32,
    /// On a whole board, the squares holding their own tile (the goal's blank square its
    /// blank), a bit a square; in a shell's beam, the squares holding a tile of the shell away
    /// from home. Every board is at most 10×10. In two halves, so that a record is 64 bytes, a
    /// cache line, not 80 (a `u128` would align it to 16).
    pub(super) marks: [u64; 2],
}

impl Kept {
    pub(super) fn marks(&self) -> u128 {
        u128::from(self.marks[0]) | u128::from(self.marks[1]) << 64
    }
}

// A record a cache line: adding a field to `Kept` should be a choice, not an accident.
const _: () = assert!(std::mem::size_of::<Kept>() == 64);

/// `marks` in the halves [`Kept`] keeps them in.
pub(super) fn halves(marks: u128) -> [u64; 2] {
    [marks as u64, (marks >> 64) as u64]
}

/// No square: where the blank was before the start.
pub(super) const NO_SQUARE: u8 = u8::MAX;
