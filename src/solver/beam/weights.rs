//! What a tile's distance counts in a beam's estimate beyond the distance itself: more near the
//! corner farthest from the goal's blank, a little more for the next shell's tiles, and more the
//! farther the tile is from home.

use crate::puzzle::board::Board;

/// What a tile `d` squares from home adds to a beam's estimate beyond its distance, in halves of
/// a move as the weighted part of an estimate is: d²/4 rounded down (nothing one square away, 1
/// two away, 4 at four, 16 at eight). A tile far from home costs more than its distance says:
/// every square of its way needs the blank brought round in front of it, and the plain estimate
/// lets the beam leave such tiles for last, when bringing them home undoes the rest. Squared
/// distance as a beam's score is the finding of a contest write-up (AtCoder's AHC011, whose
/// boards are 6×6 to 10×10); on 50 random 7×7 boards, a beam 8,000 wide answered at 1.508 ×
/// Manhattan with it, 1.635 × without.
pub(super) fn far_term(d: i32) -> i32 {
    d * d / 4
}

/// Each tile's extra weight in the estimate, in halves of its distance (estimates are in half
/// moves): 2^`outer` on the corner farthest from `goal`'s blank, halved a diagonal further in,
/// none past `outer` diagonals (past 8 the weight would swamp the estimate, and overflow).
pub(super) fn far_corner_weights(goal: &Board, outer: usize) -> Vec<i32> {
    let (w, h) = (goal.width(), goal.height());
    let (gr, gc) = (goal.blank() / w, goal.blank() % w);
    let outer = outer.min(8);
    let mut extra = vec![0; goal.len()];
    for (square, &tile) in goal.tiles().iter().enumerate() {
        let (r, c) = (square / w, square % w);
        let diagonal = (h - 1 - r.abs_diff(gr)) + (w - 1 - c.abs_diff(gc));
        if tile != 0 && diagonal <= outer {
            extra[usize::from(tile)] = 1 << (outer - diagonal);
        }
    }
    extra
}

/// What each square of distance of a tile of the *next* shell adds to a shell's beam's estimate
/// beyond its far term, in halves of a move: the other tiles count once, so the beam brings them
/// nearer home where it costs nothing; of those, the next shell's are the ones whose distance
/// soon counts more, and left far they stall the next beam. Weighing them half a move more, the
/// beam leaves them nearer home for the price of a move or two (where the line by line method
/// weighs them at all: see `Tuning::next_shell`), for about a tenth more time at the same budget
/// (random 10×10 boards, seeds 161-260: 1.641 × Manhattan with it, 1.655 × without).
pub(super) const NEXT_SHELL: i32 = 1;

#[cfg(test)]
mod tests {
    use super::super::Beam;
    use super::super::Shell;
    use super::super::walls::WALLED_IN;
    use super::*;
    use crate::heuristics::{Estimator, Heuristic};

    #[test]
    fn the_tiles_near_the_far_corner_weigh_more_by_diagonals() {
        // In halves of their distance: 4 on the far corner, 2 on the next diagonal, 1 on the
        // one after, none beyond; the far corner is the one opposite the goal's blank.
        let weights = |goal: &Board, outer| {
            let extra = far_corner_weights(goal, outer);
            let square = |&t: &u8| extra[usize::from(t)];
            goal.tiles().iter().map(square).collect::<Vec<i32>>()
        };
        let last = Board::blank_last(4, 4).unwrap();
        let expected = [4, 2, 1, 0, 2, 1, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0];
        assert_eq!(weights(&last, 2), expected);
        let first = Board::blank_first(3, 4).unwrap();
        assert_eq!(weights(&first, 1), [0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 1, 2]);
    }

    #[test]
    fn a_tile_far_from_home_counts_more_than_its_distance() {
        // In halves of a move: nothing a square away, then d²/4, growing faster than d.
        let far: Vec<i32> = (0..=8).map(far_term).collect();
        assert_eq!(far, [0, 0, 1, 2, 4, 6, 9, 12, 16]);
        // A whole-board beam counts it in its estimate, beyond twice the linear-conflict
        // estimate (in halves): tiles 2 and 22 of a 5×5 swapped, each four squares from home
        // (and off the far corner, whose tile weighs more).
        let goal = Board::blank_last(5, 5).unwrap();
        let start = crate::puzzle::notation::parse_board(
            "1 22 3 4 5/6 7 8 9 10/11 12 13 14 15/16 17 18 19 20/21 2 23 24 0",
        )
        .unwrap();
        let beam = Beam::new(&start, &goal, 10, 1_000, 0, 0);
        let plain = Estimator::new(Heuristic::LinearConflict, &goal)
            .unwrap()
            .estimate_board(&start) as i32;
        assert_eq!(beam.boards[0].plain, plain);
        // Both squares are walled in too, by tiles home (see `WALLED_IN`).
        assert_eq!(
            beam.boards[0].estimate,
            2 * plain + 2 * far_term(4) + 2 * WALLED_IN
        );
    }

    #[test]
    fn the_next_shells_tiles_count_half_a_move_more_a_square_away() {
        // Placing the top row and left column of a 5×5 with tile 7 (of the next shell) five
        // squares from home, and tile 24 (of no shell) five squares from its home: each counts
        // its far term (6 halves, 3 moves); 7 also half its distance, 2 moves more in all.
        let goal = Board::blank_last(5, 5).unwrap();
        let board = "1 2 3 4 5/6 24 8 9 10/11 12 13 14 15/16 17 18 19 20/21 22 23 7 0";
        let start = crate::puzzle::notation::parse_board(board).unwrap();
        let shell = [1, 2, 3, 4, 5, 6, 11, 16, 21];
        let plain = |next: &[u8]| {
            let aim = Shell {
                tiles: &shell,
                weight: 4,
                next,
            };
            let beam = Beam::placing(&start, &goal, 10, 1_000, 0, aim);
            (
                beam.boards[0].plain,
                beam.boards[0].estimate - 2 * beam.boards[0].plain,
            )
        };
        let (alone, weighted) = plain(&[]);
        let lc = Estimator::new(Heuristic::LinearConflict, &goal)
            .unwrap()
            .estimate_board(&start) as i32;
        assert_eq!(alone, lc + 3 + 3);
        assert_eq!(plain(&[7, 8, 9, 10, 12, 17, 22]), (alone + 2, weighted));
        // A tile of the next shell that is home counts nothing either way.
        assert_eq!(plain(&[8, 9, 10]), (alone, weighted));
    }
}
