//! A round's beam that lost its way (on the largest boards, a wide beam now and then leaves a
//! few tiles away in a part it finished and cannot bring them home without undoing it): line
//! by line search's quick variant finishes from the best board it saw (a line's search lets
//! tiles home step aside for the few away), else rows and columns; shortening then takes what
//! it can off.

use crate::puzzle::board::Board;
use crate::puzzle::moves::Move;
use crate::solver::fringe::{Placing, quick};
use crate::solver::rows_and_columns::reduce_boards;

/// A beam's best board being finished: the moves to it from the start, and line by line
/// search's quick variant from there, a piece a step.
pub(super) struct Rescue {
    nearest: Vec<Move>,
    at: Board,
    goal: Board,
    lines: Option<Box<Placing>>,
}

impl Rescue {
    /// Finishing `nearest` (moves from `start`) toward `goal` (the goal's blank in a corner).
    pub(super) fn new(start: &Board, goal: &Board, nearest: Vec<Move>) -> Rescue {
        let mut at = start.clone();
        let nearest = match at.apply_all(&nearest) {
            Ok(()) => nearest,
            Err(_) => {
                at = start.clone();
                Vec::new()
            }
        };
        let lines = Placing::new(&at, goal, &quick()).ok().map(Box::new);
        Rescue {
            nearest,
            at,
            goal: goal.clone(),
            lines,
        }
    }

    /// A piece of line by line search; the whole answer from the start once it ends (rows and
    /// columns' from the best board if the lines fail).
    pub(super) fn step(&mut self) -> Option<Vec<Move>> {
        let rest = match self.lines.as_mut().and_then(|lines| lines.step()) {
            None if self.lines.is_some() => return None,
            Some(Ok(placed)) => Some(placed.moves),
            _ => reduce_boards(&self.at, &self.goal).ok().map(|r| r.moves),
        };
        let moves = self.nearest.iter().copied().chain(rest.unwrap_or_default());
        Some(moves.collect())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::random::Rng;
    use crate::puzzle::scramble::{ScrambleOptions, random_solvable};
    use crate::solver::beam::Beam;

    #[test]
    fn a_beam_that_lost_its_way_is_finished_from_its_best_board() {
        // Far too few boards for a 7×7: the beam gives up, and its best board is finished.
        let goal = Board::blank_last(7, 7).unwrap();
        let start = random_solvable(&goal, ScrambleOptions::default(), &mut Rng::seeded(6))
            .unwrap()
            .into_board();
        let lost = Beam::new(&start, &goal, 100, 20_000, 0, 2).finish();
        assert_eq!(lost.moves, None);
        let mut rescue = Rescue::new(&start, &goal, lost.nearest.clone());
        let moves = loop {
            if let Some(moves) = rescue.step() {
                break moves;
            }
        };
        assert_eq!(moves[..lost.nearest.len()], lost.nearest[..]);
        let mut end = start.clone();
        assert!(end.apply_all(&moves).is_ok());
        assert_eq!(end, goal);
    }
}
