//! Linear conflict: the part added to Manhattan distance.
//!
//! When two tiles are both in their goal row but in the wrong order, one of them must leave the
//! row and come back, two moves Manhattan distance does not count. For each row, the fewest tiles
//! that must leave is the number of row-members minus the longest run of them already in goal
//! order (a longest increasing subsequence); the same holds for columns, and rows and columns never
//! share a move. Adding two moves per such tile keeps the estimate admissible.

use super::Estimator;

/// Extra moves for conflicts in every row and column.
pub(super) fn estimate(est: &Estimator, tile_at: &impl Fn(usize) -> u8) -> u32 {
    let rows: u32 = (0..est.height).map(|r| row(est, tile_at, r)).sum();
    let cols: u32 = (0..est.width).map(|c| column(est, tile_at, c)).sum();
    rows + cols
}

/// Change in the conflict part when `tile` slides from `from` into the blank on `to`.
///
/// A sideways move keeps the order within its row, so only the two columns change; a vertical
/// move only changes the two rows.
#[inline]
pub(super) fn delta(
    est: &Estimator,
    before: &impl Fn(usize) -> u8,
    tile: u8,
    from: usize,
    to: usize,
) -> i32 {
    let after = |s: usize| {
        if s == from {
            0
        } else if s == to {
            tile
        } else {
            before(s)
        }
    };
    let w = est.width;
    if from / w == to / w {
        let (a, b) = (from % w, to % w);
        (column(est, &after, a) + column(est, &after, b)) as i32
            - (column(est, before, a) + column(est, before, b)) as i32
    } else {
        let (a, b) = (from / w, to / w);
        (row(est, &after, a) + row(est, &after, b)) as i32
            - (row(est, before, a) + row(est, before, b)) as i32
    }
}

fn row(est: &Estimator, tile_at: &impl Fn(usize) -> u8, r: usize) -> u32 {
    let w = est.width;
    line_cost((0..w).filter_map(|c| {
        let t = tile_at(r * w + c);
        let g = est.goal_square(t);
        (t != 0 && g / w == r).then_some((g % w) as u8)
    }))
}

fn column(est: &Estimator, tile_at: &impl Fn(usize) -> u8, c: usize) -> u32 {
    let w = est.width;
    line_cost((0..est.height).filter_map(|r| {
        let t = tile_at(r * w + c);
        let g = est.goal_square(t);
        (t != 0 && g % w == c).then_some((g / w) as u8)
    }))
}

/// Two moves for each line member outside a longest run already in goal order.
#[inline]
fn line_cost(goal_places: impl Iterator<Item = u8>) -> u32 {
    // Patience sorting: tails[k] = smallest last goal place of an increasing run of length k+1.
    let mut tails = [0u8; crate::board::MAX_SIDE];
    let (mut members, mut longest) = (0u32, 0usize);
    for p in goal_places {
        members += 1;
        let k = tails[..longest].partition_point(|&t| t < p);
        tails[k] = p;
        if k == longest {
            longest += 1;
        }
    }
    2 * (members - longest as u32)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn line_cost_counts_tiles_that_must_step_aside() {
        assert_eq!(line_cost([0, 1, 2].into_iter()), 0);
        assert_eq!(line_cost([1, 0].into_iter()), 2);
        assert_eq!(line_cost([2, 1, 0].into_iter()), 4);
        assert_eq!(line_cost([3, 0, 1, 2].into_iter()), 2);
        assert_eq!(line_cost(std::iter::empty()), 0);
    }
}
