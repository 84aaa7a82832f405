//! Grids: the goal cut into blocks, each block in a colour, as big boards are solved a block at
//! a time. Each side is cut into `parts` near-equal parts (the larger ones first, from the top
//! and from the left): two parts up to 8 squares, three for 9 and 10 (`max(2, ⌈side / 4⌉)`), so
//! a 4×4 is four 2×2 blocks, an 8×8 four 4×4 blocks and a 10×10 nine blocks of 4, 3 and 3 squares
//! a side. The blocks are numbered in reading order: group 0 at the top left.

use super::Scheme;
use crate::puzzle::board::Board;

pub struct Grids;

impl Scheme for Grids {
    fn name(&self) -> &'static str {
        "grids"
    }
    fn label(&self) -> &'static str {
        "Grids"
    }
    fn about(&self) -> &'static str {
        "Each block of the goal in a colour, two or three blocks a side."
    }
    fn groups(&self, goal: &Board) -> Option<Vec<u8>> {
        let (w, h) = (goal.width(), goal.height());
        let (across, down) = (parts(w), parts(h));
        let groups = (0..w * h).map(|square| {
            let (r, c) = (square / w, square % w);
            (part(r, h, down) * across + part(c, w, across)) as u8
        });
        Some(groups.collect())
    }
}

/// How many parts a side of `side` squares is cut into.
fn parts(side: usize) -> usize {
    side.div_ceil(4).max(2)
}

/// The part of a side of `side` squares, cut into `parts`, that square `i` falls in (the first
/// `side % parts` parts one square larger).
fn part(i: usize, side: usize, parts: usize) -> usize {
    let (small, larger) = (side / parts, side % parts);
    let in_larger = larger * (small + 1);
    if i < in_larger {
        i / (small + 1)
    } else {
        larger + (i - in_larger) / small
    }
}

#[cfg(test)]
mod tests {
    use super::super::{ColourScheme, picture};
    use super::*;

    #[test]
    fn blocks_two_or_three_a_side_in_reading_order() {
        let grids = ColourScheme(&Grids);
        assert_eq!(picture(grids, &Board::blank_last(2, 2).unwrap()), "ab/c.");
        assert_eq!(
            picture(grids, &Board::blank_last(3, 3).unwrap()),
            "aab/aab/cc."
        );
        assert_eq!(
            picture(grids, &Board::blank_last(4, 4).unwrap()),
            "aabb/aabb/ccdd/ccd."
        );
        let ten = ["aaaabbbccc"; 4]
            .into_iter()
            .chain(["ddddeeefff"; 3])
            .chain(["gggghhhiii", "gggghhhiii", "gggghhhii."])
            .collect::<Vec<_>>()
            .join("/");
        assert_eq!(picture(grids, &Board::blank_last(10, 10).unwrap()), ten);
        // A rectangle: each side cut by its own length.
        assert_eq!(
            picture(grids, &Board::blank_last(9, 2).unwrap()),
            "aaabbbccc/dddeeeff."
        );
    }
}
