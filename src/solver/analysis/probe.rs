//! A probe: is a board within `bound` moves of its goal, and by what path? One iteration of the
//! crate's IDA* at that bound ([`IdaStar::subtree`]), run in slices: the analysis asks nothing
//! else of a search, so it has no search of its own.

use crate::heuristics::Estimator;
use crate::puzzle::board::Board;
use crate::puzzle::moves::Move;
use crate::search::idastar::{Estimate, IdaStar};
use crate::search::{Outcome, Step};

/// What a probe asks: `board`, reached by `last` (never undone first), within `bound` moves?
#[derive(Clone, Debug)]
pub(super) struct Question {
    pub board: Board,
    pub last: Option<Move>,
    pub bound: u32,
}

/// A probe's answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum Probed {
    /// A path of at most `bound` moves to the goal.
    Within(Vec<Move>),
    /// None; every path is at least `next_bound` moves long (a lower bound, not the distance).
    Beyond { next_bound: u32 },
}

/// What the analysis needs of one IDA* iteration, whatever its estimate.
trait Iteration {
    fn step(&mut self, slice: u64) -> Option<Outcome>;
    fn expanded(&self) -> u64;
    fn next_bound(&self) -> u32;
}

impl<E: Estimate<u64>> Iteration for IdaStar<u64, E> {
    fn step(&mut self, slice: u64) -> Option<Outcome> {
        Step::step(self, slice)
    }
    fn expanded(&self) -> u64 {
        self.counters().expanded
    }
    fn next_bound(&self) -> u32 {
        IdaStar::next_bound(self)
    }
}

/// A question being answered.
pub(super) struct Probe {
    pub question: Question,
    /// `None` when the estimate alone answers (the board's estimate is above the bound).
    search: Option<Box<dyn Iteration>>,
    /// The board's own estimate.
    h: u32,
}

impl Probe {
    /// Starts answering `question` toward `goal` with `estimator`. Boards of up to 16 squares
    /// only: their 4-bit tiles fill one `u64` key, the search's fastest.
    pub fn new(question: Question, goal: &Board, estimator: &Estimator) -> Probe {
        let h = estimator.estimate_board(&question.board);
        let search: Option<Box<dyn Iteration>> = (h <= question.bound).then(|| {
            let (board, last, bound) = (&question.board, question.last, question.bound);
            match estimator.pattern_db() {
                Some(db) => Box::new(IdaStar::<u64, _>::subtree(
                    board,
                    goal,
                    db.clone(),
                    0,
                    last,
                    bound,
                )) as Box<dyn Iteration>,
                None => Box::new(IdaStar::<u64, _>::subtree(
                    board,
                    goal,
                    estimator.clone(),
                    0,
                    last,
                    bound,
                )),
            }
        });
        Probe {
            question,
            search,
            h,
        }
    }

    /// Works on it for up to `slice` nodes: the nodes spent, and the answer once there is one.
    /// `Err` carries an outcome one iteration of IDA* never ends with (a bug).
    pub fn run(&mut self, slice: u64) -> Result<(u64, Option<Probed>), Outcome> {
        let Some(search) = self.search.as_mut() else {
            return Ok((0, Some(Probed::Beyond { next_bound: self.h })));
        };
        let before = search.expanded();
        let outcome = search.step(slice);
        let spent = search.expanded() - before;
        match outcome {
            None => Ok((spent, None)),
            Some(Outcome::Found(path)) => Ok((spent, Some(Probed::Within(path)))),
            Some(Outcome::Exhausted) => {
                let next_bound = search.next_bound().max(self.question.bound + 1);
                Ok((spent, Some(Probed::Beyond { next_bound })))
            }
            Some(other) => Err(other),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::notation::parse_board;

    fn probe(board: &str, bound: u32) -> Probed {
        let board = parse_board(board).unwrap();
        let goal = Board::blank_last(3, 3).unwrap();
        let estimator = Estimator::manhattan(&goal);
        let question = Question {
            board,
            last: None,
            bound,
        };
        let mut probe = Probe::new(question, &goal, &estimator);
        loop {
            if let (_, Some(probed)) = probe.run(7).unwrap() {
                return probed;
            }
        }
    }

    #[test]
    fn the_hardest_eight_puzzle_is_not_within_29_moves_but_is_within_31() {
        assert!(matches!(
            probe("8 6 7/2 5 4/3 0 1", 29),
            Probed::Beyond { next_bound: 31.. }
        ));
        match probe("8 6 7/2 5 4/3 0 1", 31) {
            Probed::Within(path) => assert_eq!(path.len(), 31),
            other => panic!("{other:?}"),
        }
        // Its Manhattan distance, 21, answers a bound of 20 with no search.
        assert_eq!(
            probe("8 6 7/2 5 4/3 0 1", 20),
            Probed::Beyond { next_bound: 21 }
        );
        assert_eq!(probe("1 2 3/4 5 6/7 8 0", 0), Probed::Within(vec![]));
    }
}
