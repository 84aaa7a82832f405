//! Manhattan distance: for every tile, the rows plus columns between it and its goal square.
//! A move carries one tile one square, so it lowers the sum by at most one: the estimate never
//! overestimates, and it is the cost that makes A* practical on the 8-puzzle.

use crate::puzzle::board::Board;

/// Rows plus columns between two squares of a board `width` wide.
pub fn squares_apart(a: usize, b: usize, width: usize) -> usize {
    (a / width).abs_diff(b / width) + (a % width).abs_diff(b % width)
}

/// Every tile's distance from its goal square, from every square.
#[derive(Clone, Debug)]
pub struct Distances {
    squares: usize,
    /// `table[tile * squares + square]`.
    table: Vec<u8>,
}

impl Distances {
    pub fn new(goal: &Board) -> Distances {
        let (width, n) = (goal.width(), goal.len());
        let mut table = vec![0u8; n * n];
        for (home, &tile) in goal.tiles().iter().enumerate() {
            if tile != 0 {
                for square in 0..n {
                    table[tile as usize * n + square] = squares_apart(square, home, width) as u8;
                }
            }
        }
        Distances { squares: n, table }
    }

    /// Rows plus columns between `square` and the goal square of `tile`.
    #[inline]
    pub fn get(&self, tile: u8, square: usize) -> u32 {
        u32::from(self.table[tile as usize * self.squares + square])
    }

    /// The sum over the tiles of the arrangement whose tile on square `s` is `tile_at(s)`.
    pub fn estimate(&self, tile_at: &impl Fn(usize) -> u8) -> u32 {
        (0..self.squares)
            .map(|s| {
                let t = tile_at(s);
                if t == 0 { 0 } else { self.get(t, s) }
            })
            .sum()
    }

    /// The change when `tile` slides from `from` to `to`.
    #[inline]
    pub fn delta(&self, tile: u8, from: usize, to: usize) -> i32 {
        self.get(tile, to) as i32 - self.get(tile, from) as i32
    }
}
