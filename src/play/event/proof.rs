//! A friend's moves, replayed over an event's boards: each board is played until it reaches its
//! goal, then the next one takes the moves that follow; the last board takes every move left
//! and must end at its goal (a blindfolded solver may pass through the goal unseen). A claimed
//! result is checked, not trusted.

use crate::puzzle::moves::Move;
use crate::puzzle::position::Position;
use std::fmt;

/// Why a friend's moves do not prove an event's result.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ProofError {
    /// Move `number` (1-based, counted over the whole event) leaves board `board` (1-based).
    OffTheBoard { board: usize, number: usize },
    /// The moves end before board `board` is solved.
    Unsolved { board: usize },
    /// Moves are left over once every board is solved.
    LeftOver { moves: usize },
}

impl fmt::Display for ProofError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ProofError::OffTheBoard { board, number } => {
                write!(f, "move {number} leaves board {board}")
            }
            ProofError::Unsolved { board } => write!(f, "they leave board {board} unsolved"),
            ProofError::LeftOver { moves } => {
                write!(f, "{moves} moves are left once every board is solved")
            }
        }
    }
}

impl std::error::Error for ProofError {}

/// Replays `path` over `boards` in order: the moves each board took, if they solve them all.
pub fn check(boards: &[Position], path: &[Move]) -> Result<Vec<usize>, ProofError> {
    let mut taken = Vec::with_capacity(boards.len());
    let mut rest = path.iter().enumerate().peekable();
    for (k, start) in boards.iter().enumerate() {
        let mut board = start.clone();
        let mut moves = 0;
        let last = k + 1 == boards.len();
        while !board.is_solved() || (last && rest.peek().is_some()) {
            let Some((i, &m)) = rest.next() else {
                return Err(ProofError::Unsolved { board: k + 1 });
            };
            if !board.apply(m) {
                return Err(ProofError::OffTheBoard {
                    board: k + 1,
                    number: i + 1,
                });
            }
            moves += 1;
        }
        taken.push(moves);
    }
    match rest.count() {
        0 => Ok(taken),
        moves => Err(ProofError::LeftOver { moves }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::goal::Goal;
    use crate::puzzle::moves::Move::*;
    use crate::puzzle::notation::parse_board;

    fn board(text: &str) -> Position {
        Position::toward(parse_board(text).unwrap(), &Goal::BlankLast).unwrap()
    }

    #[test]
    fn the_moves_are_shared_out_board_by_board() {
        let boards = [board("1 2 3/4 5 6/0 7 8"), board("1 2 3/4 5 6/7 0 8")];
        assert_eq!(check(&boards, &[Left, Left, Left]), Ok(vec![2, 1]));
        assert_eq!(
            check(&boards, &[Left, Left]),
            Err(ProofError::Unsolved { board: 2 })
        );
        // The last board may pass through its goal, as long as it ends there.
        assert_eq!(
            check(&boards, &[Left, Left, Left, Right, Left]),
            Ok(vec![2, 3])
        );
        assert_eq!(
            check(&boards, &[Left, Left, Left, Right]),
            Err(ProofError::Unsolved { board: 2 })
        );
        assert_eq!(check(&boards[..1], &[Left, Left]), Ok(vec![2]));
        assert_eq!(
            check(&boards, &[Left, Left, Up]),
            Err(ProofError::OffTheBoard {
                board: 2,
                number: 3
            })
        );
    }
}
