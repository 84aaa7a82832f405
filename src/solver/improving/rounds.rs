//! How long and how wide each round's beam is: each about [`GROWTH`] times as long as the one
//! before (so an answer comes every few seconds, and the last round has most of the time), the
//! last stretched to the time left, its nodes what the rate measured so far pays for, its width
//! what the memory cap allows.

use crate::solver::beam::bytes_per_width;

/// How much longer each round is than the one before (line by line search counting as the
/// first): three times, so that the rounds before the last take about a third of the time.
const GROWTH: f64 = 3.0;

/// Most bytes a round's beam may hold: a 10×10 beam about 400,000 wide, far wider than ten
/// seconds pay for.
pub(crate) const MEMORY_CAP: u64 = 256 << 20;

/// Levels a round's beam goes on without a board of lower estimate than any before it gives
/// up (its best board is then finished another way, see [`super::rescue`]): on 10×10 a wide
/// beam now and then leaves a few tiles away in a part it finished, and would spend every board
/// left wandering.
pub(crate) const STALL_LEVELS: usize = 100;

/// Moves a round's beam sizes itself for a move of the start's estimate, in tenths (see
/// [`crate::solver::beam::PACE`]): a wide beam's answer is shorter than a narrow one's, and a
/// beam narrowed near its end, when its budget runs low, loses little (the last quarter of a
/// 6×6 beam's answer came no shorter from a beam eight times as wide), so the beam is sized
/// for the answer it will likely find rather than a long one.
pub(super) const PACE: u64 = 14;

/// Part of a round's time kept for shortening its answer.
const SHORTENING_SHARE: f64 = 0.05;

/// A round planned: the beam's width (the beam narrows to what its nodes pay for), its nodes,
/// its tie-break.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) struct Plan {
    pub width: usize,
    pub nodes: u64,
    pub seed: u64,
}

/// The rounds so far: how long the last took, the rate measured. Times are in seconds since
/// the search started.
pub(super) struct Rounds {
    squares: usize,
    /// When the round under way started, how long it may take, and how long the last took.
    round_started: f64,
    planned: f64,
    last: f64,
    /// Boards a second, as last measured.
    rate: f64,
    round: u64,
}

impl Rounds {
    pub(super) fn new(squares: usize) -> Rounds {
        Rounds {
            squares,
            round_started: 0.0,
            planned: 0.0,
            last: 0.0,
            rate: 0.0,
            round: 0,
        }
    }

    /// Line by line search ended at `now`, having spent `nodes`: the first measure of the rate.
    pub(super) fn lines_ended(&mut self, nodes: u64, now: f64) {
        self.last = now.max(0.05);
        self.rate = nodes as f64 / self.last;
    }

    /// The next round, if the time to `deadline` and `nodes_left` pay for one at least half as
    /// long as the last.
    pub(super) fn plan(&mut self, now: f64, deadline: f64, nodes_left: u64) -> Option<Plan> {
        let left = deadline - now;
        let mut next = GROWTH * self.last;
        if left < 2.0 * next {
            next = left;
        }
        if next < 0.5 * self.last || self.rate <= 0.0 {
            return None;
        }
        let nodes = ((self.rate * next * (1.0 - SHORTENING_SHARE)) as u64).min(nodes_left);
        if nodes < 100_000 {
            return None;
        }
        self.round += 1;
        self.round_started = now;
        self.planned = next;
        let width = (MEMORY_CAP / bytes_per_width(self.squares)) as usize;
        Some(Plan {
            width,
            nodes,
            seed: self.round,
        })
    }

    /// Nodes the round's beam may spend in all, having `generated` boards by `now`: what the
    /// rate it has kept so far pays for until its planned end (or the deadline, if sooner).
    /// `None` too early in the round to tell.
    pub(super) fn afford(&self, now: f64, deadline: f64, generated: u64) -> Option<u64> {
        let spent = now - self.round_started;
        if spent < 0.2 {
            return None;
        }
        let rate = generated as f64 / spent;
        let end = (deadline - now).min(self.planned * 1.1 - spent).max(0.0);
        Some(generated + (rate * end * (1.0 - SHORTENING_SHARE)) as u64)
    }

    /// The round's beam ended at `now`, having generated `boards`.
    pub(super) fn ended(&mut self, boards: u64, now: f64) {
        self.last = (now - self.round_started).max(0.05);
        if boards > 100_000 {
            self.rate = boards as f64 / self.last;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_round_is_three_times_the_last_and_the_last_takes_the_time_left() {
        let mut rounds = Rounds::new(36);
        // Line by line search took a second, 10 M boards: 10 M boards a second.
        rounds.lines_ended(10_000_000, 1.0);
        // 9 s left: a round of 3 s (the next would take 9, more than is left after it).
        let first = rounds.plan(1.0, 10.0, u64::MAX).unwrap();
        assert_eq!(first.nodes, 28_500_000);
        assert_eq!(first.seed, 1);
        rounds.ended(24_000_000, 4.0);
        // 6 s left, and 8 M boards a second: the last round takes them all.
        let last = rounds.plan(4.0, 10.0, u64::MAX).unwrap();
        assert_eq!(last.nodes, 45_600_000);
        assert_eq!(last.seed, 2);
        rounds.ended(40_000_000, 9.5);
        // Half a second left, where the last round took 5.5: no round is worth starting.
        assert_eq!(rounds.plan(9.5, 10.0, u64::MAX), None);
        // Nor one the node budget cannot pay for.
        let mut short = Rounds::new(36);
        short.lines_ended(10_000_000, 1.0);
        assert_eq!(short.plan(1.0, 10.0, 50_000), None);
        assert_eq!(short.plan(1.0, 10.0, 1_000_000).unwrap().nodes, 1_000_000);
    }

    #[test]
    fn a_round_slower_than_planned_narrows_to_what_its_time_pays_for() {
        let mut rounds = Rounds::new(64);
        rounds.lines_ended(10_000_000, 1.0);
        let plan = rounds.plan(1.0, 10.0, u64::MAX).unwrap();
        // Too early to tell.
        assert_eq!(rounds.afford(1.1, 10.0, 500_000), None);
        // A second in, 5 M boards: 5 M a second, 2.3 s of its 3.3 left, less its shortening.
        let nodes = rounds.afford(2.0, 10.0, 5_000_000).unwrap();
        assert_eq!(nodes, 5_000_000 + (5e6 * 2.3 * 0.95) as u64);
        assert!(nodes < plan.nodes);
        // Its width is what the memory cap allows; its nodes narrow it.
        assert_eq!(plan.width as u64, MEMORY_CAP / bytes_per_width(64));
    }
}
