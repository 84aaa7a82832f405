//! Analysis of a solve against the optimum: the shortest distance to the goal before the first
//! move and after each move, and for each move that went away from the goal, the moves that
//! would have gone toward it.
//!
//! The puzzle's graph is bipartite (every move changes the Manhattan distance by one, so its
//! parity), so each move changes the distance by exactly one: toward or away. The analysis keeps
//! a *witness*, a shortest path from the board it has reached. A move that is the witness's first
//! takes one off the distance with no search. Any other move is a question for one iteration of
//! IDA* at the distance less one ([`probe`]): a path found is the new distance and the new
//! witness; none means the move went away, the distance is one more, and the witness is the move
//! undone followed by the old witness. Only the start's distance takes a whole IDA* search.
//!
//! It runs in slices under a total node budget, so that the browser's worker can report progress
//! and honour Cancel, and ends with [`AnalysisError::Budget`], never a panic, when the budget
//! runs out.
//!
//! ```
//! use slide::puzzle::{notation::{parse_board, parse_moves}, position::Position};
//! use slide::solver::analysis::Analysis;
//! use slide::Board;
//! let start = Position::new(parse_board("1 2 3/4 5 6/7 0 8")?, Board::blank_last(3, 3)?)?;
//! // R went away (L was toward the goal); then back, and the shortest way.
//! let moves = parse_moves("RLL")?;
//! let analysed = Analysis::best_at_hand(&start, &moves, 1_000_000)?.finish()?;
//! assert_eq!(analysed.distances, [1, 2, 1, 0]);
//! assert_eq!(analysed.away.len(), 1);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod probe;
mod run;

use crate::heuristics::{Estimator, Heuristic};
use crate::puzzle::board::Board;
use crate::puzzle::moves::Move;
use crate::puzzle::position::Position;
use probe::Probe;
use std::collections::VecDeque;
use std::fmt;

/// The most squares a board may have to be analysed: the distances are exact, so each needs an
/// optimal search, which pattern databases make quick on the 15-puzzle and nothing makes quick
/// beyond it.
pub const MAX_SQUARES: usize = 16;

/// A move that went away from the goal.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Away {
    /// Its number in the solve, from 1.
    pub number: usize,
    /// The move made.
    pub played: Move,
    /// The moves from the same board that went toward the goal, in [`Move::ALL`]'s order (none
    /// only where the board before was the goal itself).
    pub toward: Vec<Move>,
}

/// A finished analysis.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Analysed {
    /// The shortest distance to the goal before the first move, then after each move.
    pub distances: Vec<u32>,
    /// The moves that went away from the goal, in order.
    pub away: Vec<Away>,
    /// Nodes the searches expanded in all.
    pub expanded: u64,
}

/// Why a solve was not analysed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AnalysisError {
    /// More squares than [`MAX_SQUARES`].
    TooBig { squares: usize },
    /// The board cannot reach its goal, so no distance is finite.
    Unsolvable,
    /// Move `number` (from 1) would leave the board.
    LeavesTheBoard { number: usize },
    /// The node budget ran out with the distances of `measured` moves known.
    Budget { max_nodes: u64, measured: usize },
    /// A search ended in a way one iteration of IDA* never does: a bug.
    Internal(String),
}

impl fmt::Display for AnalysisError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AnalysisError::TooBig { squares } => write!(
                f,
                "the analysis needs a board of {MAX_SQUARES} squares or fewer, not {squares}"
            ),
            AnalysisError::Unsolvable => f.write_str("the board cannot reach its goal"),
            AnalysisError::LeavesTheBoard { number } => {
                write!(f, "move {number} would leave the board")
            }
            AnalysisError::Budget {
                max_nodes,
                measured,
            } => write!(
                f,
                "the budget of {} nodes ran out after {measured} moves",
                crate::puzzle::numbers::thousands(*max_nodes)
            ),
            AnalysisError::Internal(e) => write!(f, "internal error (please report it): {e}"),
        }
    }
}

impl std::error::Error for AnalysisError {}

/// Where the analysis stands.
#[derive(Clone, Debug)]
enum Stage {
    /// The start's distance: is it within `bound`?
    Start { bound: u32 },
    /// Move by move; a probe is out for the next move that is not the witness's.
    Moves,
    /// Move `number` went away from `bound + 1`: which of the `left` other moves from the board
    /// before it go toward the goal (`toward` so far)?
    Others {
        number: usize,
        left: Vec<Move>,
        toward: Vec<Move>,
    },
}

/// A solve being analysed, a slice at a time (see the module's documentation).
pub struct Analysis {
    goal: Board,
    /// The boards of the solve: the start, then after each move.
    boards: Vec<Board>,
    moves: Vec<Move>,
    estimator: Estimator,
    max_nodes: u64,
    expanded: u64,
    /// The distances known so far, from the start's.
    distances: Vec<u32>,
    /// A shortest path from the last board whose distance is known.
    witness: VecDeque<Move>,
    away: Vec<Away>,
    stage: Stage,
    probe: Option<Probe>,
}

impl Analysis {
    /// Prepares the analysis of `moves` from `start`, searching with `estimator` (which must be
    /// `start`'s goal's) under a budget of `max_nodes` expanded nodes.
    pub fn new(
        start: &Position,
        moves: &[Move],
        estimator: Estimator,
        max_nodes: u64,
    ) -> Result<Analysis, AnalysisError> {
        let squares = start.board().len();
        if squares > MAX_SQUARES {
            return Err(AnalysisError::TooBig { squares });
        }
        if !start.is_solvable() {
            return Err(AnalysisError::Unsolvable);
        }
        let mut boards = vec![start.board().clone()];
        for (i, &m) in moves.iter().enumerate() {
            let next =
                (boards[i].moved(m)).ok_or(AnalysisError::LeavesTheBoard { number: i + 1 })?;
            boards.push(next);
        }
        let goal = start.goal().clone();
        // The distance has the Manhattan distance's parity: the first bound worth trying.
        let parity = Estimator::manhattan(&goal).estimate_board(start.board()) % 2;
        let h = estimator.estimate_board(start.board());
        Ok(Analysis {
            goal,
            boards,
            moves: moves.to_vec(),
            estimator,
            max_nodes,
            expanded: 0,
            distances: Vec::new(),
            witness: VecDeque::new(),
            away: Vec::new(),
            stage: Stage::Start {
                bound: h + (h + parity) % 2,
            },
            probe: None,
        })
    }

    /// [`Analysis::new`] with the best estimate at hand for the goal: pattern databases if this
    /// process has them (they are never built here), else linear conflicts.
    pub fn best_at_hand(
        start: &Position,
        moves: &[Move],
        max_nodes: u64,
    ) -> Result<Analysis, AnalysisError> {
        Analysis::new(start, moves, best_estimate(start.goal()), max_nodes)
    }

    /// Searches with `estimator` from now on (pattern databases that arrived meanwhile); a
    /// question being answered starts again with it, since they answer it far sooner.
    pub fn upgrade(&mut self, estimator: Estimator) {
        self.estimator = estimator;
        if let Some(probe) = self.probe.take() {
            self.probe = Some(Probe::new(probe.question, &self.goal, &self.estimator));
        }
    }

    /// The goal the distances are to.
    pub fn goal(&self) -> &Board {
        &self.goal
    }

    /// The heuristic searching now.
    pub fn heuristic(&self) -> Heuristic {
        self.estimator.heuristic()
    }

    /// The moves whose distance after them is known.
    pub fn measured(&self) -> usize {
        self.distances.len().saturating_sub(1)
    }

    /// The moves to analyse.
    pub fn moves(&self) -> usize {
        self.moves.len()
    }

    /// Nodes expanded so far.
    pub fn expanded(&self) -> u64 {
        self.expanded
    }

    /// Runs to the end.
    pub fn finish(mut self) -> Result<Analysed, AnalysisError> {
        loop {
            if let Some(analysed) = self.run(1 << 20)? {
                return Ok(analysed);
            }
        }
    }
}

/// Pattern databases for `goal` if this process has them, else linear conflicts (which fit any
/// board).
pub fn best_estimate(goal: &Board) -> Estimator {
    Estimator::pdb_at_hand(goal).unwrap_or_else(|| {
        Estimator::new(Heuristic::LinearConflict, goal)
            .unwrap_or_else(|_| Estimator::manhattan(goal))
    })
}
