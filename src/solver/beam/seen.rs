//! The hashes a beam tells boards apart by (Zobrist's: a random word for each tile on each
//! square, the words of a board's tiles xored), and the table of the boards it has seen lately.

use super::Beam;
use super::budget::MIN_WIDTH;
use crate::puzzle::random::Rng;

/// Slots of a beam's boards seen (see `Beam::seen`) a board of its width, up to [`MAX_SEEN`]:
/// the table holds the last few levels, and stays in the core's own cache (512 KiB for a beam
/// 16,000 wide). With four, `auto`'s 10×10 answers came 1.601 ×
/// Manhattan over 100 boards instead of 1.598 (its shells' and corner's tables a little smaller
/// than they had been); a larger table, holding a few dozen levels, finds hardly shorter
/// answers, for a cache miss a child.
pub(super) const SEEN_PER_WIDTH: usize = 8;

/// Most slots of a beam's boards seen (512 KiB): a wider beam's table holds fewer levels rather
/// than leave the core's cache. A 6×6 beam given 60 M boards (about 100,000 wide) answered eight
/// boards at 1.395 × Manhattan instead of 1.393 with a table of 8 MiB, in two thirds of the time;
/// given the same time, at 1.382 ×. A table of 128 KiB was no faster.
const MAX_SEEN: usize = 1 << 17;

/// The Zobrist words of a board of `n` squares, `[tile * n + square]`, drawn by `seed`; and
/// what a board's hash changes by when a tile and the blank trade a square (see `Beam::slide`).
pub(super) fn zobrist_keys(n: usize, seed: u64) -> (Vec<u64>, Vec<u64>) {
    let mut rng = Rng::seeded(0x5eed ^ seed);
    let zobrist: Vec<u64> = (0..n * n).map(|_| rng.next_u64()).collect();
    let slide = (0..n * n).map(|k| zobrist[k] ^ zobrist[k % n]).collect();
    (zobrist, slide)
}

/// The empty table of boards seen of a beam `width` boards wide.
pub(super) fn seen_table(width: usize) -> Vec<u32> {
    vec![
        0;
        (width.max(MIN_WIDTH) * SEEN_PER_WIDTH)
            .next_power_of_two()
            .min(MAX_SEEN)
    ]
}

/// What a slot of `seen` holds of a hash: the half that does not name the slot. Two boards
/// with the same slot and fingerprint are one to the beam (one in four billion), and a table
/// half the size misses the cache less.
pub(super) fn fingerprint(hash: u64) -> u32 {
    (hash >> 32) as u32
}

impl Beam {
    /// The slot of a board's hash in `seen`.
    fn slot(&self, hash: u64) -> usize {
        (hash as usize) & (self.seen.len() - 1)
    }

    /// Marks the board of `hash` as seen; whether it was not already.
    pub(super) fn remember(&mut self, hash: u64) -> bool {
        let slot = self.slot(hash);
        let new = self.seen[slot] != fingerprint(hash);
        self.seen[slot] = fingerprint(hash);
        new
    }

    /// The Zobrist word of `tile` on `square`.
    pub(super) fn z(&self, tile: u8, square: usize) -> u64 {
        self.zobrist[usize::from(tile) * self.start.len() + square]
    }
}
