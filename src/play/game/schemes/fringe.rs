//! Fringe: each tile takes the group of the fringe in which solving by rows and columns
//! finishes it. A fringe is a row and the column after it (an L along the two edges far from the
//! goal's blank), down to the last 2×2 corner, which is a fringe of its own: a 3×3 is an L of five
//! tiles, then the corner's three, as a player solves it. On a rectangle the longer side's lines
//! come first, one at a time, as the solver takes them. A goal whose blank is not in a corner has
//! no such order, and its tiles stay plain. (The solver's *fringe* search is another thing: it
//! finishes a board fringe by fringe, in `crate::solver::fringe`.)

use super::Scheme;
use crate::puzzle::board::Board;

pub struct Fringe;

impl Scheme for Fringe {
    fn name(&self) -> &'static str {
        "fringe"
    }
    fn label(&self) -> &'static str {
        "Fringe"
    }
    fn about(&self) -> &'static str {
        "Each fringe in a colour: the first row and column, the next, and so on to the last 2×2."
    }
    fn groups(&self, goal: &Board) -> Option<Vec<u8>> {
        fringes(goal)
    }
}

/// Each square's fringe, or `None` for a goal whose blank is not in a corner (no rows-and-columns
/// order then).
fn fringes(goal: &Board) -> Option<Vec<u8>> {
    let (w, h, blank) = (goal.width(), goal.height(), goal.blank());
    let (br, bc) = (blank / w, blank % w);
    if (br != 0 && br != h - 1) || (bc != 0 && bc != w - 1) {
        return None;
    }
    // Rows and columns counted from the edges far from the blank.
    let row = |r: usize| if br == 0 { h - 1 - r } else { r };
    let column = |c: usize| if bc == 0 { w - 1 - c } else { c };
    // Each oriented square's fringe, assigned as the solver takes its line.
    let mut of_square = vec![None::<u8>; w * h];
    let (mut top, mut left, mut fringe) = (0, 0, 0u8);
    let mut last_was_row = false;
    while h - top > 2 || w - left > 2 {
        if h - top >= w - left {
            if last_was_row {
                fringe += 1;
            }
            for c in left..w {
                of_square[top * w + c] = Some(fringe);
            }
            top += 1;
            last_was_row = true;
        } else {
            for r in top..h {
                of_square[r * w + left] = Some(fringe);
            }
            left += 1;
            fringe += 1;
            last_was_row = false;
        }
    }
    let corner = if last_was_row { fringe + 1 } else { fringe };
    let groups = (0..w * h).map(|square| {
        let (r, c) = (row(square / w), column(square % w));
        of_square[r * w + c].unwrap_or(corner)
    });
    Some(groups.collect())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::play::game::schemes::ColourScheme;

    fn picture(goal: &Board) -> String {
        super::super::picture(ColourScheme(&Fringe), goal)
    }

    #[test]
    fn fringes_are_ls_from_the_far_edges_then_the_corner() {
        assert_eq!(picture(&Board::blank_last(3, 3).unwrap()), "aaa/abb/ab.");
        assert_eq!(
            picture(&Board::blank_last(4, 4).unwrap()),
            "aaaa/abbb/abcc/abc."
        );
        assert_eq!(
            picture(&Board::blank_last(5, 5).unwrap()),
            "aaaaa/abbbb/abccc/abcdd/abcd."
        );
        assert_eq!(picture(&Board::blank_last(2, 2).unwrap()), "aa/a.");
        // Blank first: the same, turned to the blank's corner.
        assert_eq!(
            picture(&Board::blank_first(4, 4).unwrap()),
            ".cba/ccba/bbba/aaaa"
        );
        // A tall board: rows alone first, one fringe each.
        assert_eq!(
            picture(&Board::blank_last(3, 5).unwrap()),
            "aaa/bbb/ccc/cdd/cd."
        );
        let ten = fringes(&Board::blank_last(10, 10).unwrap()).unwrap();
        assert_eq!(ten.iter().max(), Some(&8), "eight Ls and the corner");
        assert!(
            fringes(&crate::puzzle::notation::parse_board("1 2 3/4 0 5/6 7 8").unwrap()).is_none()
        );
    }
}
