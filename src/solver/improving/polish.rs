//! The time the rounds leave (when the next round would take less than half the last, up to a
//! second or so of the ten), spent on the best answer itself: windows of [`WINDOW`] moves along
//! it, each searched again by a beam from the board where the window starts to the board where
//! it ends (the end board as the beam's goal), and a shorter way spliced in. A beam over the
//! whole board chooses its moves by the goal far away; between two boards a hundred-odd moves
//! apart, a beam sees the window's own end and now and then finds a way a few moves shorter.
//! Windows overlap by half, passes go on while they help, and polishing then starts over with
//! other tie-breaks.
//!
//! Measured on the tuning boards at fixed budgets (a beam's answer of 20 to 40 M boards, then the
//! windows; seeds 3001–3008): windows of 120 moves with 3 M boards each took 0.011 × the
//! Manhattan bound off a 6×6 answer in 0.46 s, 0.016 off a 7×7 in 1.1 s, 0.010 off an 8×8 in
//! 2.2 s, 0.005 off a 10×10 in 5.3 s; windows of 60, 90 or 200 moves took less. In the timed
//! search the answer has by then been through the rounds and their shortening: given the last
//! fifth of the ten seconds on fresh boards (seeds 3009–3016), polishing took 6 moves off eight
//! 6×6 answers and 16 off eight 7×7 ones, about what the rounds' beams, a third narrower for it,
//! lost. So it has only the time no round can use.

use crate::puzzle::board::Board;
use crate::puzzle::moves::Move;
use crate::search::{Outcome, Stats, Step};
use crate::solver::beam::Beam;
use crate::solver::shorten::Shortening;

/// Moves of a window.
const WINDOW: usize = 120;

/// Boards a window's beam may generate: about 10,000 wide over a window's levels.
const WINDOW_NODES: u64 = 3_000_000;

/// Moves a window's beam sizes itself for a move of its estimate, in tenths: a window's answer
/// is a little longer than the distance between its ends, much less than a whole board's.
const WINDOW_PACE: u64 = 10;

/// Levels a window's beam goes on without a board nearer its end before it gives up (the
/// window then keeps its moves).
const WINDOW_STALL: usize = 100;

/// A window's beam's width: what its boards pay for over a window's levels, at about 2.5
/// boards generated a board kept (10,000). Sized by the window's length, not by the distance
/// between its ends as a beam sizes itself (which would be wider, and narrow near the end).
const WINDOW_WIDTH: usize = (WINDOW_NODES * 10 / (WINDOW as u64 * 25)) as usize;

/// The best answer being polished: its windows, pass after pass, the windows' beams with a
/// tie-break of their own each time polishing starts over.
pub(super) struct Polish {
    shortening: Shortening,
    seed: u64,
}

impl Polish {
    /// Polishing `moves`, an answer from `start`.
    pub(super) fn new(start: &Board, moves: &[Move]) -> Polish {
        Polish {
            shortening: Shortening::new(start, moves, WINDOW),
            seed: 1_000,
        }
    }

    /// Polishing `moves` again once a pass over them no longer helped, with the next tie-break.
    pub(super) fn again(&self, start: &Board, moves: &[Move]) -> Polish {
        Polish {
            seed: self.seed + 1,
            ..Polish::new(start, moves)
        }
    }

    /// Searches on for about `nodes` boards; the answer so far (`None` if it has not changed:
    /// see [`Shortening::moves`]), and whether polishing this answer is over (a whole pass did
    /// not help).
    pub(super) fn step(&mut self, nodes: u64) -> (Option<Vec<Move>>, bool) {
        let seed = self.seed;
        let mut window = |from: &Board, to: &Board| -> Option<Box<dyn Step>> {
            let beam = Beam::walking(from, to, WINDOW_WIDTH, WINDOW_NODES, seed, WINDOW_PACE)
                .giving_up_after(WINDOW_STALL);
            Some(Box::new(WindowBeam(beam)))
        };
        let before = self.shortening.moves().len();
        let done = self.shortening.step(nodes, &mut window);
        match done {
            Some(moves) => (Some(moves), true),
            None if self.shortening.moves().len() < before => {
                (Some(self.shortening.moves().to_vec()), false)
            }
            None => (None, false),
        }
    }
}

/// A window's beam as the shortening's window search: the moves from the window's first board
/// to its last, or nothing when it lost its way.
struct WindowBeam(Beam);

impl Step for WindowBeam {
    fn step(&mut self, slice: u64) -> Option<Outcome> {
        let done = self.0.step(slice)?;
        Some(match done.moves {
            Some(moves) => Outcome::Found(moves),
            None => Outcome::BudgetExhausted,
        })
    }

    fn counters(&self) -> Stats {
        Stats {
            expanded: self.0.generated(),
            ..Stats::default()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::random::Rng;
    use crate::puzzle::scramble::{ScrambleOptions, random_solvable};

    #[test]
    fn polishing_a_narrow_beams_answer_shortens_it_and_every_answer_reaches_the_goal() {
        // A beam 200 wide answers a 6×6 long; windows searched again between their ends
        // take moves off, each answer on the way shorter than the last and whole.
        let goal = Board::blank_last(6, 6).unwrap();
        let start = random_solvable(&goal, ScrambleOptions::default(), &mut Rng::seeded(21))
            .unwrap()
            .into_board();
        let first = Beam::walking(&start, &goal, 200, 2_000_000, 1, 14)
            .finish()
            .moves
            .expect("a 200-wide beam finds its way on a 6×6");
        let reaches = |moves: &[Move]| {
            let mut b = start.clone();
            b.apply_all(moves).is_ok() && b == goal
        };
        assert!(reaches(&first));
        let mut polish = Polish::new(&start, &first);
        let mut lengths = vec![first.len()];
        let (mut steps, mut over) = (0, false);
        while !over {
            let (moves, done) = polish.step(50_000);
            if let Some(moves) = moves {
                assert!(reaches(&moves));
                assert!(moves.len() <= *lengths.last().unwrap());
                lengths.push(moves.len());
            }
            over = done;
            steps += 1;
            assert!(steps < 10_000, "polishing ends when a pass no longer helps");
        }
        let last = *lengths.last().unwrap();
        assert!(last < first.len(), "{lengths:?}");
    }
}
