//! Rows: each row of the goal in a colour, group 0 the top row, as a board is solved row by row.

use super::Scheme;
use crate::puzzle::board::Board;

pub struct Rows;

impl Scheme for Rows {
    fn name(&self) -> &'static str {
        "rows"
    }
    fn label(&self) -> &'static str {
        "Rows"
    }
    fn about(&self) -> &'static str {
        "Each row of the goal in a colour."
    }
    fn groups(&self, goal: &Board) -> Option<Vec<u8>> {
        let w = goal.width();
        Some((0..goal.len()).map(|square| (square / w) as u8).collect())
    }
}

#[cfg(test)]
mod tests {
    use super::super::{ColourScheme, picture};
    use super::*;

    #[test]
    fn each_row_is_a_group_from_the_top() {
        let rows = ColourScheme(&Rows);
        assert_eq!(
            picture(rows, &Board::blank_last(3, 3).unwrap()),
            "aaa/bbb/cc."
        );
        assert_eq!(
            picture(rows, &Board::blank_first(2, 3).unwrap()),
            ".a/bb/cc"
        );
    }
}
