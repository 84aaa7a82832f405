//! A* and greedy best-first one expansion at a time, for learn mode: which node is expanded, its
//! g, h and f, how large the open list is, and which nodes wait at its front. Built on the same
//! search as `solve` (see [`super::astar`]), so what a student watches is what the solver does.

use super::astar::{BestFirst, Priority, Seen};
use super::{Outcome, Step};
use crate::heuristics::{Estimator, Heuristic};
use crate::puzzle::board::Board;
use crate::puzzle::moves::Move;
use crate::puzzle::position::Position;
use crate::search::packed::Packed;

/// A node as the step-through shows it.
#[derive(Clone, Debug, PartialEq)]
pub struct WatchNode {
    pub board: Board,
    /// Moves from the start.
    pub g: u32,
    /// The estimate of the moves still needed.
    pub h: u32,
    /// The priority: g + h for A*, h for greedy.
    pub f: u64,
}

/// One step: the node expanded and the state of the open list after it.
#[derive(Clone, Debug, PartialEq)]
pub struct WatchStep {
    pub expanded: WatchNode,
    /// Entries in the open list.
    pub open: usize,
    /// Nodes expanded so far.
    pub closed: u64,
    /// The open nodes next in line, best first.
    pub next: Vec<WatchNode>,
    /// Set when the node taken is the goal: the path to it.
    pub solution: Option<Vec<Move>>,
}

/// A step-through of A* or greedy best-first on a board of up to 16 squares.
pub struct Watch {
    search: BestFirst<u64>,
    width: usize,
    height: usize,
    done: bool,
}

/// Why a search cannot be watched.
#[derive(Clone, Debug, PartialEq)]
pub enum WatchError {
    /// The step-through shows boards up to 4×4.
    TooLarge,
    /// The board cannot reach its goal.
    Unsolvable,
    /// The heuristic does not fit the board.
    Unsupported(crate::heuristics::Unsupported),
}

impl std::fmt::Display for WatchError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            WatchError::TooLarge => f.write_str("the step-through shows boards up to 4×4"),
            WatchError::Unsolvable => f.write_str("this board cannot reach its goal"),
            WatchError::Unsupported(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for WatchError {}

/// How many waiting nodes a step shows.
const SHOWN: usize = 4;

impl Watch {
    /// Watches A* (f = g + h) or, with `greedy`, greedy best-first (f = h), by Manhattan
    /// distance (the estimate learn mode explains).
    pub fn manhattan(position: &Position, greedy: bool) -> Result<Watch, WatchError> {
        Watch::with(position, Estimator::manhattan(position.goal()), greedy)
    }

    /// Watches A* (f = g + h) or, with `greedy`, greedy best-first (f = h).
    pub fn new(
        position: &Position,
        heuristic: Heuristic,
        greedy: bool,
    ) -> Result<Watch, WatchError> {
        let estimator =
            Estimator::new(heuristic, position.goal()).map_err(WatchError::Unsupported)?;
        Watch::with(position, estimator, greedy)
    }

    fn with(position: &Position, estimator: Estimator, greedy: bool) -> Result<Watch, WatchError> {
        let (start, goal) = (position.board(), position.goal());
        if start.len() > 16 {
            return Err(WatchError::TooLarge);
        }
        if !position.is_solvable() {
            return Err(WatchError::Unsolvable);
        }
        let priority = if greedy {
            Priority::GREEDY
        } else {
            Priority::ASTAR
        };
        Ok(Watch {
            search: BestFirst::new(start, goal, estimator, priority, u64::MAX),
            width: start.width(),
            height: start.height(),
            done: false,
        })
    }

    /// Expands one node; `None` once the goal has been reached.
    pub fn step(&mut self) -> Option<WatchStep> {
        if self.done {
            return None;
        }
        let outcome = self.search.explore(1);
        let solution = match outcome {
            Some(Outcome::Found(moves)) => {
                self.done = true;
                Some(moves)
            }
            Some(_) => {
                self.done = true;
                return None;
            }
            None => None,
        };
        let expanded = self.node(self.search.last()?);
        Some(WatchStep {
            expanded,
            open: self.search.open_len(),
            closed: self.search.counters().expanded,
            next: self
                .search
                .best_open(SHOWN)
                .into_iter()
                .map(|s| self.node(s))
                .collect(),
            solution,
        })
    }

    fn node(&self, seen: Seen<u64>) -> WatchNode {
        let tiles: Vec<u32> = (0..self.width * self.height)
            .map(|s| u32::from(seen.key.tile(s)))
            .collect();
        WatchNode {
            board: Board::new(self.width, self.height, &tiles).unwrap_or_default(),
            g: seen.g,
            h: seen.h,
            f: seen.f,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::notation::parse_board;
    use crate::solver::{Algorithm, Options, solve};

    #[test]
    fn a_board_too_large_or_out_of_reach_cannot_be_watched() {
        let five = Position::solved(Board::blank_last(5, 5).unwrap());
        assert_eq!(
            Watch::manhattan(&five, false).err(),
            Some(WatchError::TooLarge)
        );
        let loyd = Position::toward(
            parse_board("1 2 3 4/5 6 7 8/9 10 11 12/13 15 14 0").unwrap(),
            &crate::puzzle::goal::Goal::BlankLast,
        )
        .unwrap();
        assert_eq!(
            Watch::manhattan(&loyd, true).err(),
            Some(WatchError::Unsolvable)
        );
    }

    #[test]
    fn the_first_step_expands_the_start_with_g_0_and_h_21() {
        let start = parse_board("8 6 7/2 5 4/3 0 1").unwrap();
        let goal = Board::blank_last(3, 3).unwrap();
        let position = Position::new(start.clone(), goal.clone()).unwrap();
        let mut watch = Watch::new(&position, Heuristic::Manhattan, false).unwrap();
        let first = watch.step().unwrap();
        assert_eq!(first.expanded.board, start);
        assert_eq!(
            (first.expanded.g, first.expanded.h, first.expanded.f),
            (0, 21, 21)
        );
        assert_eq!(first.closed, 1);
        assert!(first.next.iter().all(|n| n.g == 1));
        // Best first: f never decreases along the front of the line.
        assert!(first.next.windows(2).all(|w| w[0].f <= w[1].f));
    }

    #[test]
    fn watching_to_the_end_is_solving() {
        let start = parse_board("8 6 7/2 5 4/3 0 1").unwrap();
        let goal = Board::blank_last(3, 3).unwrap();
        for (greedy, algorithm) in [(false, Algorithm::AStar), (true, Algorithm::Greedy)] {
            let position = Position::new(start.clone(), goal.clone()).unwrap();
            let mut watch = Watch::new(&position, Heuristic::Manhattan, greedy).unwrap();
            let mut last = None;
            while let Some(step) = watch.step() {
                if !greedy {
                    assert!(step.expanded.f <= 31, "A* never looks past the optimum");
                }
                last = Some(step);
            }
            let last = last.unwrap();
            let solved = solve(
                &start,
                &goal,
                &Options::with(algorithm, Heuristic::Manhattan),
            )
            .unwrap();
            assert_eq!(
                last.solution.as_deref(),
                solved.solution().map(|s| s.moves())
            );
            assert_eq!(
                last.closed, solved.stats.expanded,
                "the same search, node for node"
            );
            assert_eq!(last.expanded.board, goal);
        }
    }
}
