//! Shells as the tests place them: a board's top row and left column, each tile counting 4 halves
//! more a square away.

use super::Beam;
use super::Shell;
use crate::puzzle::board::Board;

/// The tiles of `goal`'s top row and left column: its outer shell, as shells are placed.
pub(super) fn top_row_and_left_column(goal: &Board) -> Vec<u8> {
    let w = goal.width();
    (0..w)
        .chain((1..goal.height()).map(|r| r * w))
        .map(|s| goal.tile(s))
        .collect()
}

/// A shell's tiles, counting 4 halves more a square away, with no next shell.
pub(super) fn four_halves(tiles: &[u8]) -> Shell<'_> {
    Shell {
        tiles,
        weight: 4,
        next: &[],
    }
}

/// A beam placing the top row and left column of a 5×5, from `board`.
pub(super) fn five_shell(board: &str) -> Beam {
    let goal = Board::blank_last(5, 5).unwrap();
    let start = crate::puzzle::notation::parse_board(board).unwrap();
    let shell = [1, 2, 3, 4, 5, 6, 11, 16, 21];
    Beam::placing(&start, &goal, 10, 1_000, 0, four_halves(&shell))
}
