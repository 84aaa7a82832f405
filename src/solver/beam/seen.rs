//! The hashes a beam tells boards apart by (Zobrist's: a random word for each tile on each
//! square, the words of a board's tiles xored), and the table of the boards it has seen lately.

use super::Beam;
use crate::puzzle::random::Rng;

/// Slots of a beam's boards seen (see `Beam::seen`) a board of the width its budget pays for, up
/// to [`MAX_SEEN`]: the table holds the last few levels of a narrow beam and stays in the core's
/// own cache (512 KiB for a beam 16,000 wide). A larger table, holding a few dozen levels, finds
/// hardly shorter answers, for a cache miss a child; a smaller one lets boards met a few levels
/// back in again (the lab notebook has the figures).
pub(super) const SEEN_PER_WIDTH: usize = 8;

/// Most slots of a beam's boards seen (512 KiB): a wider beam's table holds less than a level
/// rather than leave the core's cache, which costs it more boards a second than it saves.
const MAX_SEEN: usize = 1 << 17;

/// The Zobrist words of a board of `n` squares, `[tile * n + square]`, drawn by `seed`; and
/// what a board's hash changes by when a tile and the blank trade a square (see `Beam::slide`).
pub(super) fn zobrist_keys(n: usize, seed: u64) -> (Vec<u64>, Vec<u64>) {
    let mut rng = Rng::seeded(0x5eed ^ seed);
    let zobrist: Vec<u64> = (0..n * n).map(|_| rng.next_u64()).collect();
    let slide = (0..n * n).map(|k| zobrist[k] ^ zobrist[k % n]).collect();
    (zobrist, slide)
}

/// The empty table of boards seen of a beam `width` boards wide (at least
/// [`MIN_WIDTH`](super::budget::MIN_WIDTH), as its budget sizes it).
pub(super) fn seen_table(width: usize) -> Vec<u32> {
    vec![0; (width * SEEN_PER_WIDTH).next_power_of_two().min(MAX_SEEN)]
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
