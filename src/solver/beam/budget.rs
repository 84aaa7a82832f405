//! How wide a beam its budget pays for: a beam whose budget cannot pay for it to the end is
//! narrowed from the start, and again level by level as the budget runs low, so that it
//! finishes instead of failing.

use super::Beam;
use super::kept::Kept;

/// Moves a beam's answer takes a move of its linear-conflict estimate, in tenths, as a beam
/// sizes itself: 1.6 at first, 1.5 of what is left as it goes (see [`Beam::new`]).
pub const PACE: u64 = 16;

/// The narrowest a beam gets when its budget runs low.
pub(super) const MIN_WIDTH: usize = 50;

/// The widest a beam gets, whatever it is asked: a board's index in its level then fits a
/// [`link`](super::path::link) with room to spare (the widest beam used is 16,000).
pub(super) const MAX_WIDTH: usize = 1 << 24;

impl Beam {
    /// The width a beam starting from `first` can pay for to the end. It is narrowed from the
    /// start, not at the end (where a narrow beam wanders): a level generates about 2.5 boards
    /// a kept board, and the answer takes about `pace` tenths of a move a move of the estimate
    /// (16 at [`PACE`]).
    pub(super) fn first_width(&self, first: &Kept) -> usize {
        let weighted = first.estimate - 2 * first.plain;
        let ahead = if self.partial {
            (2 * weighted / self.unit) as u64
        } else {
            first.plain.max(0) as u64
        };
        self.width
            .min((self.max_nodes / (1 + ahead * self.pace * 5 / 20)) as usize)
            .max(MIN_WIDTH)
    }

    /// The boards the next level keeps, narrower near the end of the budget: about 1.5 × the
    /// best estimate of levels are left, each generating as many boards a kept board as the last
    /// did, and the beam keeps what the budget can pay for (a beam sized to the budget finishes
    /// instead of failing).
    pub(super) fn keep_width(&self) -> usize {
        let least = if self.partial {
            // Placing a line takes about three moves a move of its tiles' distance.
            let weighted = self.boards.iter().map(|k| k.estimate - 2 * k.plain);
            weighted
                .min()
                .map_or(0, |d| (2 * d / self.unit).max(0) as u64)
        } else {
            self.boards
                .iter()
                .map(|k| k.plain)
                .min()
                .map_or(0, |e| e.max(0) as u64)
        };
        let ahead = 1 + least * (self.pace - 1) / 10;
        let afford =
            (self.max_nodes - self.generated) as f64 / (self.per_board.max(1.0) * ahead as f64);
        self.width.min((afford as usize).max(MIN_WIDTH))
    }
}
