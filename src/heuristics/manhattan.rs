//! Manhattan distance: for every tile, the rows plus columns between it and its goal square.
//! A move carries one tile one square, so it lowers the sum by at most one: the estimate never
//! overestimates, and it is the cost that makes A* practical on the 8-puzzle.

use super::Estimator;

/// Rows plus columns between two squares of a board `width` wide.
pub fn squares_apart(a: usize, b: usize, width: usize) -> usize {
    (a / width).abs_diff(b / width) + (a % width).abs_diff(b % width)
}

pub(super) fn estimate(est: &Estimator, tile_at: &impl Fn(usize) -> u8) -> u32 {
    (0..est.squares())
        .map(|s| {
            let t = tile_at(s);
            if t == 0 { 0 } else { est.distance(t, s) }
        })
        .sum()
}

#[inline]
pub(super) fn delta(est: &Estimator, tile: u8, from: usize, to: usize) -> i32 {
    est.distance(tile, to) as i32 - est.distance(tile, from) as i32
}
