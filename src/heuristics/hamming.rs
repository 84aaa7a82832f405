//! Hamming distance: the number of tiles not on their goal square. Every such tile must move at
//! least once, so it never overestimates; it is also the weakest guide of the three.

use crate::puzzle::board::Board;

/// Each tile's goal square.
#[derive(Clone, Debug)]
pub struct Homes {
    goal_square: Vec<u8>,
}

impl Homes {
    pub fn new(goal: &Board) -> Homes {
        let mut goal_square = vec![0u8; goal.len()];
        for (square, &tile) in goal.tiles().iter().enumerate() {
            goal_square[tile as usize] = square as u8;
        }
        Homes { goal_square }
    }

    /// The goal square of `tile`.
    #[inline]
    pub fn of(&self, tile: u8) -> usize {
        self.goal_square[tile as usize] as usize
    }

    /// Tiles out of place in the arrangement whose tile on square `s` is `tile_at(s)`.
    pub fn estimate(&self, tile_at: &impl Fn(usize) -> u8) -> u32 {
        (0..self.goal_square.len())
            .filter(|&s| {
                let t = tile_at(s);
                t != 0 && self.of(t) != s
            })
            .count() as u32
    }

    /// The change when `tile` slides from `from` to `to`.
    #[inline]
    pub fn delta(&self, tile: u8, from: usize, to: usize) -> i32 {
        let goal = self.of(tile);
        i32::from(goal != to) - i32::from(goal != from)
    }
}
