//! Compact state keys: a whole board in one or a few machine words.
//!
//! A move exchanges the blank (0) with one tile, so on a packed key it is two XORs: clear the tile
//! from its square, set it on the blank's. Boards of up to 16 squares fit a `u64` (4 bits a
//! square), up to 25 a `u128` (5 bits), and every larger board a [`Wide`] (7 bits, 9 squares a
//! word). Searches are generic over the key, so the 8- and 15-puzzle run on plain integers.

use std::fmt::Debug;
use std::hash::Hash;

/// A board packed into a hashable value.
pub(crate) trait Packed: Copy + Eq + Hash + Debug + 'static {
    /// Whether a board of `squares` squares fits.
    fn fits(squares: usize) -> bool;
    /// Packs tiles in row-major order.
    fn pack(tiles: &[u8]) -> Self;
    /// The tile on `square`.
    fn tile(&self, square: usize) -> u8;
    /// The key after the tile on `from` slides into the blank on `to`.
    fn slide(&self, from: usize, to: usize) -> Self;
}

impl Packed for u64 {
    fn fits(squares: usize) -> bool {
        squares <= 16
    }
    fn pack(tiles: &[u8]) -> Self {
        tiles
            .iter()
            .enumerate()
            .fold(0, |k, (s, &t)| k | (u64::from(t) << (4 * s)))
    }
    #[inline(always)]
    fn tile(&self, square: usize) -> u8 {
        ((self >> (4 * square)) & 0xF) as u8
    }
    #[inline(always)]
    fn slide(&self, from: usize, to: usize) -> Self {
        let t = (self >> (4 * from)) & 0xF;
        self ^ (t << (4 * from)) ^ (t << (4 * to))
    }
}

impl Packed for u128 {
    fn fits(squares: usize) -> bool {
        squares <= 25
    }
    fn pack(tiles: &[u8]) -> Self {
        tiles
            .iter()
            .enumerate()
            .fold(0, |k, (s, &t)| k | (u128::from(t) << (5 * s)))
    }
    #[inline(always)]
    fn tile(&self, square: usize) -> u8 {
        ((self >> (5 * square)) & 0x1F) as u8
    }
    #[inline(always)]
    fn slide(&self, from: usize, to: usize) -> Self {
        let t = (self >> (5 * from)) & 0x1F;
        self ^ (t << (5 * from)) ^ (t << (5 * to))
    }
}

/// Any board up to 10×10: 7 bits a square, 9 squares to a word.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub(crate) struct Wide([u64; 12]);

impl Packed for Wide {
    fn fits(squares: usize) -> bool {
        squares <= 12 * 9
    }
    fn pack(tiles: &[u8]) -> Self {
        let mut w = [0u64; 12];
        for (s, &t) in tiles.iter().enumerate() {
            w[s / 9] |= u64::from(t) << (7 * (s % 9));
        }
        Wide(w)
    }
    #[inline(always)]
    fn tile(&self, square: usize) -> u8 {
        ((self.0[square / 9] >> (7 * (square % 9))) & 0x7F) as u8
    }
    #[inline(always)]
    fn slide(&self, from: usize, to: usize) -> Self {
        let t = u64::from(self.tile(from));
        let mut w = self.0;
        w[from / 9] ^= t << (7 * (from % 9));
        w[to / 9] ^= t << (7 * (to % 9));
        Wide(w)
    }
}

/// Runs `$body` with `$K` bound to the smallest key type that fits `$squares` squares.
macro_rules! with_key_type {
    ($squares:expr, $K:ident => $body:expr) => {{
        use $crate::search::packed::{Packed as _, Wide};
        let squares = $squares;
        if <u64>::fits(squares) {
            type $K = u64;
            $body
        } else if <u128>::fits(squares) {
            type $K = u128;
            $body
        } else {
            type $K = Wide;
            $body
        }
    }};
}
pub(crate) use with_key_type;

#[cfg(test)]
mod tests {
    use super::*;

    fn round_trip<K: Packed>(tiles: &[u8]) {
        let k = K::pack(tiles);
        for (s, &t) in tiles.iter().enumerate() {
            assert_eq!(k.tile(s), t);
        }
        let blank = tiles.iter().position(|&t| t == 0).unwrap();
        let from = if blank == 0 { 1 } else { blank - 1 };
        let mut moved = tiles.to_vec();
        moved.swap(from, blank);
        assert_eq!(k.slide(from, blank), K::pack(&moved));
    }

    #[test]
    fn every_key_type_packs_and_slides() {
        let small: Vec<u8> = (0..16).rev().collect();
        round_trip::<u64>(&small);
        let mid: Vec<u8> = (0..25).rev().collect();
        round_trip::<u128>(&mid);
        let big: Vec<u8> = (0..100).rev().collect();
        round_trip::<Wide>(&big);
        round_trip::<Wide>(&small);
    }
}
