//! Hamming distance: the number of tiles not on their goal square. Every such tile must move at
//! least once, so it never overestimates; it is also the weakest guide of the three.

use super::Estimator;

pub(super) fn estimate(est: &Estimator, tile_at: &impl Fn(usize) -> u8) -> u32 {
    (0..est.squares())
        .filter(|&s| {
            let t = tile_at(s);
            t != 0 && est.goal_square(t) != s
        })
        .count() as u32
}

#[inline]
pub(super) fn delta(est: &Estimator, tile: u8, from: usize, to: usize) -> i32 {
    let goal = est.goal_square(tile);
    i32::from(goal != to) - i32::from(goal != from)
}
