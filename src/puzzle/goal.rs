//! The goal a board is solved toward: blank last (the default), blank first (Korf's benchmark
//! goal), or any arrangement written in board notation.

use crate::puzzle::board::{Board, BoardError};
use crate::puzzle::notation::{NotationError, parse_board};
use std::fmt;

/// A goal, independent of board size until it is applied to one.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub enum Goal {
    /// Tiles in order, blank in the last square: `1 2 3/4 5 6/7 8 0`.
    #[default]
    BlankLast,
    /// Blank in the first square, then tiles in order: `0 1 2/3 4 5/6 7 8`.
    BlankFirst,
    /// Any arrangement.
    Custom(Board),
}

/// Why a goal cannot be used.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GoalError {
    /// Neither a goal name nor a board.
    Notation(NotationError),
    /// A custom goal of another size than the board.
    ShapeMismatch {
        board: (usize, usize),
        goal: (usize, usize),
    },
    /// The board size itself is invalid.
    Board(BoardError),
}

impl fmt::Display for GoalError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GoalError::Notation(e) => write!(
                f,
                "the goal must be blank-last, blank-first or a board: {e}"
            ),
            GoalError::ShapeMismatch { board, goal } => write!(
                f,
                "the goal is {}×{} but the board is {}×{}",
                goal.0, goal.1, board.0, board.1
            ),
            GoalError::Board(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for GoalError {}

impl Goal {
    /// Reads `blank-last`, `blank-first` (either case, `_` or `-`) or a board in board notation.
    pub fn parse(text: &str) -> Result<Goal, GoalError> {
        let name = text.trim().to_ascii_lowercase().replace('_', "-");
        match name.as_str() {
            "blank-last" | "last" => Ok(Goal::BlankLast),
            "blank-first" | "first" => Ok(Goal::BlankFirst),
            _ => parse_board(text)
                .map(Goal::Custom)
                .map_err(GoalError::Notation),
        }
    }

    /// The goal board for a board of the given size.
    pub fn board(&self, width: usize, height: usize) -> Result<Board, GoalError> {
        match self {
            Goal::BlankLast => Board::blank_last(width, height).map_err(GoalError::Board),
            Goal::BlankFirst => Board::blank_first(width, height).map_err(GoalError::Board),
            Goal::Custom(goal) if goal.width() == width && goal.height() == height => {
                Ok(goal.clone())
            }
            Goal::Custom(goal) => Err(GoalError::ShapeMismatch {
                board: (width, height),
                goal: (goal.width(), goal.height()),
            }),
        }
    }

    /// A goal board by its name where it has one (`BlankLast` for `1 2 3/4 5 6/7 8 0`).
    pub fn named(goal: &Board) -> Goal {
        let (w, h) = (goal.width(), goal.height());
        if Board::blank_last(w, h).as_ref() == Ok(goal) {
            Goal::BlankLast
        } else if Board::blank_first(w, h).as_ref() == Ok(goal) {
            Goal::BlankFirst
        } else {
            Goal::Custom(goal.clone())
        }
    }

    /// The goal board for `board`'s size.
    pub fn for_board(&self, board: &Board) -> Result<Board, GoalError> {
        self.board(board.width(), board.height())
    }
}

impl fmt::Display for Goal {
    /// The goal's name, or its board notation for a custom goal.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Goal::BlankLast => f.write_str("blank-last"),
            Goal::BlankFirst => f.write_str("blank-first"),
            Goal::Custom(b) => b.fmt(f),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn named_and_custom_goals() {
        assert_eq!(Goal::parse("blank-first").unwrap(), Goal::BlankFirst);
        assert_eq!(Goal::parse("Blank_Last").unwrap(), Goal::BlankLast);
        let custom = Goal::parse("1 2 3/8 0 4/7 6 5").unwrap();
        assert_eq!(custom.board(3, 3).unwrap().to_string(), "1 2 3/8 0 4/7 6 5");
        assert_eq!(
            custom.board(4, 4),
            Err(GoalError::ShapeMismatch {
                board: (4, 4),
                goal: (3, 3)
            })
        );
        let first = Board::blank_first(3, 3).unwrap();
        assert_eq!(Goal::named(&first), Goal::BlankFirst);
        assert_eq!(Goal::named(&custom.board(3, 3).unwrap()), custom);
        assert!(matches!(
            Goal::parse("sideways"),
            Err(GoalError::Notation(_))
        ));
    }
}
