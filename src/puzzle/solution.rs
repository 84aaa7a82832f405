//! A solution that has been replayed against its board and goal. The only way to get a
//! [`Solution`] is [`Solution::checked`], so a wrong path from a search is an error the tests see,
//! never something shown to a player.

use crate::puzzle::board::Board;
use crate::puzzle::moves::Move;
use crate::puzzle::notation::format_moves;
use std::fmt;

/// Moves that take a start board to its goal, checked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solution {
    moves: Vec<Move>,
    optimal: bool,
}

/// Why a move list does not solve a board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SolutionError {
    /// Move number `index` (0-based) walks off the board.
    IllegalMove { index: usize },
    /// All moves are possible but they end elsewhere.
    WrongEnd { reached: Board },
}

impl fmt::Display for SolutionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SolutionError::IllegalMove { index } => {
                write!(
                    f,
                    "move {} cannot be made: no tile can slide that way",
                    index + 1
                )
            }
            SolutionError::WrongEnd { reached } => {
                write!(f, "the moves end on {reached}, not on the goal")
            }
        }
    }
}

impl std::error::Error for SolutionError {}

impl Solution {
    /// Replays `moves` from `start`; a solution only if they are all legal and end on `goal`.
    /// `optimal` records whether the method that found them guarantees a shortest path.
    pub fn checked(
        start: &Board,
        goal: &Board,
        moves: Vec<Move>,
        optimal: bool,
    ) -> Result<Solution, SolutionError> {
        let mut board = start.clone();
        board
            .apply_all(&moves)
            .map_err(|index| SolutionError::IllegalMove { index })?;
        if &board != goal {
            return Err(SolutionError::WrongEnd { reached: board });
        }
        Ok(Solution { moves, optimal })
    }

    /// The moves, in order.
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// Number of moves.
    pub fn len(&self) -> usize {
        self.moves.len()
    }

    /// True when the start already is the goal.
    pub fn is_empty(&self) -> bool {
        self.moves.is_empty()
    }

    /// Whether the method guarantees no shorter solution exists.
    pub fn optimal(&self) -> bool {
        self.optimal
    }
}

impl fmt::Display for Solution {
    /// Move notation, one letter per move.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&format_moves(&self.moves))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::notation::{parse_board, parse_moves};

    #[test]
    fn only_moves_that_reach_the_goal_are_solutions() {
        let start = parse_board("1 2 3/4 5 6/7 0 8").unwrap();
        let goal = Board::blank_last(3, 3).unwrap();
        let ok = Solution::checked(&start, &goal, parse_moves("L").unwrap(), true).unwrap();
        assert_eq!(ok.to_string(), "L");
        assert_eq!(
            Solution::checked(&start, &goal, parse_moves("U").unwrap(), true),
            Err(SolutionError::IllegalMove { index: 0 })
        );
        assert!(matches!(
            Solution::checked(&start, &goal, parse_moves("R").unwrap(), true),
            Err(SolutionError::WrongEnd { .. })
        ));
    }
}
