//! A board together with the goal it is played toward.
//!
//! Asking whether a tile is home, where it belongs, or whether the board can reach its goal at
//! all reads one board's squares by the other's. That is only meaningful, and only safe, when the
//! two have one shape: a 4×4 board read against a 3×3 goal indexes past the goal's nine squares.
//! A [`Position`] is checked for that when it is made and keeps it (moves change the board, never
//! its shape), so every question that reads both boards is asked of a `Position`, not of two
//! loose boards.

use crate::puzzle::board::Board;
use crate::puzzle::goal::{Goal, GoalError};
use crate::puzzle::moves::Move;
use crate::puzzle::solvability::{self, Solvability};
use std::fmt;

/// A board and its goal, of the same width and height.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Position {
    board: Board,
    goal: Board,
}

impl Position {
    /// Pairs `board` with `goal`, which must have its shape.
    pub fn new(board: Board, goal: Board) -> Result<Position, GoalError> {
        if board.same_shape(&goal) {
            Ok(Position { board, goal })
        } else {
            Err(GoalError::ShapeMismatch {
                board: (board.width(), board.height()),
                goal: (goal.width(), goal.height()),
            })
        }
    }

    /// `board` toward `goal` sized to it (a custom goal must already have its size).
    pub fn toward(board: Board, goal: &Goal) -> Result<Position, GoalError> {
        let goal = goal.for_board(&board)?;
        Ok(Position { board, goal })
    }

    /// The goal itself, as a position: nothing left to do.
    pub fn solved(goal: Board) -> Position {
        Position {
            board: goal.clone(),
            goal,
        }
    }

    pub fn board(&self) -> &Board {
        &self.board
    }

    pub fn goal(&self) -> &Board {
        &self.goal
    }

    /// The board alone.
    pub fn into_board(self) -> Board {
        self.board
    }

    /// The board and the goal, apart again.
    pub fn into_parts(self) -> (Board, Board) {
        (self.board, self.goal)
    }

    pub fn width(&self) -> usize {
        self.board.width()
    }

    pub fn height(&self) -> usize {
        self.board.height()
    }

    /// Whether the board is the goal.
    pub fn is_solved(&self) -> bool {
        self.board == self.goal
    }

    /// Whether the tile on `square` is where the goal has it (false for the blank's square of
    /// an unsolved board, and for a square off the board).
    pub fn is_home(&self, square: usize) -> bool {
        square < self.board.len() && self.board.tile(square) == self.goal.tile(square)
    }

    /// The square where the goal has `tile` (`None` for a tile the board does not have).
    pub fn home_of(&self, tile: u8) -> Option<usize> {
        (usize::from(tile) < self.goal.len()).then(|| self.goal.position_of(tile))
    }

    /// Numbered tiles not on their goal square.
    pub fn misplaced(&self) -> usize {
        self.board
            .tiles()
            .iter()
            .zip(self.goal.tiles())
            .filter(|&(&t, &g)| t != 0 && t != g)
            .count()
    }

    /// Whether the board can reach the goal, and why (see [`solvability`]).
    pub fn solvability(&self) -> Solvability {
        solvability::verdict(&self.board, &self.goal)
    }

    /// For a board that cannot reach its goal: the two squares whose exchange lets it (see
    /// [`solvability::suggested_fix`]); `None` for a board that can.
    pub fn suggested_fix(&self) -> Option<(usize, usize)> {
        solvability::suggested_fix(&self.board, &self.goal)
    }

    /// Whether the board can reach the goal.
    pub fn is_solvable(&self) -> bool {
        self.solvability().solvable
    }

    /// Makes a move on the board; `false` (and no change) if no tile can slide that way.
    pub fn apply(&mut self, m: Move) -> bool {
        self.board.apply(m)
    }

    /// The same goal with another board of its shape.
    pub fn with_board(&self, board: Board) -> Result<Position, GoalError> {
        Position::new(board, self.goal.clone())
    }

    /// The board with the tiles on squares `a` and `b` exchanged (`None` if either is off it).
    pub fn swapped(&self, a: usize, b: usize) -> Option<Position> {
        Some(Position {
            board: self.board.swapped(a, b)?,
            goal: self.goal.clone(),
        })
    }
}

impl Default for Position {
    /// The 8-puzzle, solved: a position to fall back on that needs no checking.
    fn default() -> Position {
        Position::solved(Board::default())
    }
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Position({} toward {})", self.board, self.goal)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::notation::parse_board;

    #[test]
    fn a_board_and_a_goal_of_another_shape_are_no_position() {
        let four = parse_board("1 2 3 4/5 6 7 8/9 10 11 12/13 15 14 0").unwrap();
        let three = Board::blank_last(3, 3).unwrap();
        assert_eq!(
            Position::new(four.clone(), three),
            Err(GoalError::ShapeMismatch {
                board: (4, 4),
                goal: (3, 3)
            })
        );
        let custom = Goal::Custom(Board::blank_first(3, 3).unwrap());
        assert!(Position::toward(four.clone(), &custom).is_err());
        let p = Position::toward(four, &Goal::BlankLast).unwrap();
        assert!(!p.is_solvable(), "Sam Loyd's 14-15");
        assert_eq!(p.misplaced(), 2);
    }

    #[test]
    fn home_squares_are_read_only_on_the_board() {
        let p =
            Position::toward(parse_board("1 2 3/4 5 6/7 0 8").unwrap(), &Goal::BlankLast).unwrap();
        assert!(p.is_home(0));
        assert!(!p.is_home(7), "the blank is not where the goal has it");
        assert!(!p.is_home(9), "off the board");
        assert_eq!(p.home_of(8), Some(7));
        assert_eq!(p.home_of(9), None);
    }

    #[test]
    fn moves_change_the_board_not_the_goal() {
        let mut p =
            Position::toward(parse_board("1 2 3/4 5 6/7 0 8").unwrap(), &Goal::BlankLast).unwrap();
        assert!(!p.apply(Move::Up));
        assert!(p.apply(Move::Left));
        assert!(p.is_solved());
        assert_eq!(p.goal(), &Board::blank_last(3, 3).unwrap());
    }
}
