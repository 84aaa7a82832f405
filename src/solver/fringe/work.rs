//! The working board of a variant: its tiles as the lines placed so far left them, in the frame
//! where the goal's blank is bottom-right, with the moves made and the nodes spent.

use crate::puzzle::moves::Move;

/// The working board, in the flipped frame where the goal's blank is bottom-right.
#[derive(Clone)]
pub(super) struct Work {
    pub(super) w: usize,
    /// Each tile's square in the goal.
    pub(super) home: Vec<usize>,
    pub(super) at: Vec<u8>,
    pub(super) moves: Vec<Move>,
    pub(super) expanded: u64,
}

impl Work {
    pub(super) fn blank(&self) -> usize {
        self.at.iter().position(|&t| t == 0).unwrap_or(0)
    }

    pub(super) fn slide(&mut self, to: usize) {
        let b = self.blank();
        self.moves.push(Move::between(b, to, self.w));
        self.at[b] = self.at[to];
        self.at[to] = 0;
    }
}
