//! A probe: is a board within `bound` moves of its goal, and by what path? One iteration of the
//! crate's IDA* at that bound ([`IdaStar::subtree`]), run in slices: the analysis asks nothing
//! else of a search, so it has no search of its own. It runs behind [`Search`] as the solver's
//! IDA* does, so the browser's worker carries one copy of IDA*'s inner loop, not two.

use crate::heuristics::Estimator;
use crate::puzzle::board::Board;
use crate::puzzle::moves::Move;
use crate::search::idastar::IdaStar;
use crate::search::{Outcome, Poll, Resumable, Search};

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
    /// None.
    Beyond,
}

/// A question being answered.
pub(super) struct Probe {
    pub question: Question,
    /// `None` when the estimate alone answers (the board's estimate is above the bound).
    search: Option<Box<dyn Search>>,
}

impl Probe {
    /// Starts answering `question` toward `goal` with `estimator`. Boards of up to 16 squares
    /// only: their 4-bit tiles fill one `u64` key, the search's fastest.
    pub fn new(question: Question, goal: &Board, estimator: &Estimator) -> Probe {
        let h = estimator.estimate_board(&question.board);
        let search = (h <= question.bound).then(|| {
            let (board, last, bound) = (&question.board, question.last, question.bound);
            match estimator.pattern_db() {
                Some(db) => {
                    let ida = IdaStar::<u64, _>::subtree(board, goal, db.clone(), 0, last, bound);
                    Box::new(Resumable::new(ida)) as Box<dyn Search>
                }
                None => {
                    let e = estimator.clone();
                    let ida = IdaStar::<u64, _>::subtree(board, goal, e, 0, last, bound);
                    Box::new(Resumable::new(ida))
                }
            }
        });
        Probe { question, search }
    }

    /// Works on it for up to `slice` nodes: the nodes spent, and the answer once there is one.
    /// `Err` carries an outcome one iteration of IDA* never ends with (a bug).
    pub fn run(&mut self, slice: u64) -> Result<(u64, Option<Probed>), Outcome> {
        let Some(search) = self.search.as_mut() else {
            return Ok((0, Some(Probed::Beyond)));
        };
        let before = search.stats().expanded;
        let polled = search.run(slice);
        let spent = search.stats().expanded - before;
        match polled {
            Poll::Pending => Ok((spent, None)),
            Poll::Finished(Outcome::Found(path)) => Ok((spent, Some(Probed::Within(path)))),
            Poll::Finished(Outcome::Exhausted) => Ok((spent, Some(Probed::Beyond))),
            Poll::Finished(other) => Err(other),
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
        assert_eq!(probe("8 6 7/2 5 4/3 0 1", 29), Probed::Beyond);
        match probe("8 6 7/2 5 4/3 0 1", 31) {
            Probed::Within(path) => assert_eq!(path.len(), 31),
            other => panic!("{other:?}"),
        }
        // Its Manhattan distance, 21, answers a bound of 20 with no search.
        assert_eq!(probe("8 6 7/2 5 4/3 0 1", 20), Probed::Beyond);
        assert_eq!(probe("1 2 3/4 5 6/7 8 0", 0), Probed::Within(vec![]));
    }
}
