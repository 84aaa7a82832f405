//! Columns: each column of the goal in a colour, group 0 the leftmost.

use super::Scheme;
use crate::puzzle::board::Board;

pub struct Columns;

impl Scheme for Columns {
    fn name(&self) -> &'static str {
        "columns"
    }
    fn label(&self) -> &'static str {
        "Columns"
    }
    fn about(&self) -> &'static str {
        "Each column of the goal in a colour."
    }
    fn groups(&self, goal: &Board) -> Option<Vec<u8>> {
        let w = goal.width();
        Some((0..goal.len()).map(|square| (square % w) as u8).collect())
    }
}

#[cfg(test)]
mod tests {
    use super::super::{ColourScheme, picture};
    use super::*;

    #[test]
    fn each_column_is_a_group_from_the_left() {
        let columns = ColourScheme(&Columns);
        assert_eq!(
            picture(columns, &Board::blank_last(3, 3).unwrap()),
            "abc/abc/ab."
        );
        assert_eq!(
            picture(columns, &Board::blank_last(4, 2).unwrap()),
            "abcd/abc."
        );
    }
}
