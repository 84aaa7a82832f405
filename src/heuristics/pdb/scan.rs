//! Building a table indexed by rank (7 or 8 tiles of the 4×4 board): the same breadth-first
//! search over placements and the blank's regions as [`super::build`], but level by level over
//! arrays indexed by rank instead of queues. An eight-tile level can hold a hundred million
//! states, eight bytes each in a queue; here a state is one bit of its placement's mask, and a
//! level is found again by scanning the blocks of placements it touched.
//!
//! Per placement, three masks over its free squares (in the order of the squares, so eight
//! free squares fit a byte): the blank's squares already covered (`seen`), those reached at the
//! levels being expanded and next (even and odd levels take turns); and the table's four bits,
//! written when the placement is first reached. All four share a cell, so recording a move
//! touches one cache line: 2.1 GB for the eight-tile group, whose build peaks at 2.2 GiB.

use super::grid::{Covered, Grid};
use super::partition::{placements, rank_step, unrank};
use super::tables::{MAX_HALF, Packed};
use crate::heuristics::manhattan::squares_apart;

/// Moving masks between the board's squares and a placement's free squares (what the
/// processors' pext and pdep do), a byte of each at a time through two 64 KiB tables.
struct Squeeze {
    /// `pack[m << 8 | x]`: the bits of `x` under `m`, packed down.
    pack: Vec<u8>,
    /// `spread[m << 8 | y]`: the low bits of `y` spread onto the set bits of `m`.
    spread: Vec<u8>,
}

impl Squeeze {
    fn new() -> Squeeze {
        let mut pack = vec![0u8; 1 << 16];
        let mut spread = vec![0u8; 1 << 16];
        for m in 0..256usize {
            for x in 0..256usize {
                let (mut packed, mut spreaded, mut at) = (0usize, 0usize, 0);
                for bit in 0..8 {
                    if m & 1 << bit != 0 {
                        packed |= (x >> bit & 1) << at;
                        spreaded |= (x >> at & 1) << bit;
                        at += 1;
                    }
                }
                pack[m << 8 | x] = packed as u8;
                spread[m << 8 | x] = spreaded as u8;
            }
        }
        Squeeze { pack, spread }
    }

    /// The squares of `squares` among `free`, as a mask over `free`'s set bits.
    #[inline(always)]
    fn pack(&self, squares: u32, free: u32) -> u32 {
        let (lo, hi) = ((free & 0xFF) as usize, (free >> 8 & 0xFF) as usize);
        let low = self.pack[lo << 8 | (squares & 0xFF) as usize];
        let high = self.pack[hi << 8 | (squares >> 8 & 0xFF) as usize];
        u32::from(low) | u32::from(high) << lo.count_ones()
    }

    /// The inverse of [`Squeeze::pack`].
    #[inline(always)]
    fn spread(&self, mask: u32, free: u32) -> u32 {
        let (lo, hi) = ((free & 0xFF) as usize, (free >> 8 & 0xFF) as usize);
        let low = self.spread[lo << 8 | (mask & 0xFF) as usize];
        let high = self.spread[hi << 8 | (mask >> lo.count_ones() & 0xFF) as usize];
        u32::from(low) | u32::from(high) << 8
    }
}

/// Placements a bit of the block maps stands for.
const BLOCK: usize = 64;
/// Where a placement's masks are kept in its cell (see [`Scan`]).
const SEEN: usize = 0;
/// The half-excess found on the first visit (see [`Packed`]), packed at the end.
const VALUE: usize = 3;

/// One group's search (see the module's documentation). Each placement's cell holds, in one
/// cache line, the blank's squares seen, the frontiers of even and odd levels, and the value.
pub(super) struct Scan<M> {
    k: usize,
    cells: Vec<[M; 4]>,
    /// A bit per block of placements with a state in the frontier of even / odd levels.
    blocks: [Vec<u64>; 2],
    homes: Vec<u8>,
    level: u8,
    /// Where the scan of the frontier stands, in blocks.
    cursor: usize,
    reached: usize,
    expanded: u64,
    grid: Grid,
    squeeze: Squeeze,
    manhattan: [[u8; 16]; 8],
}

/// `distances(homes)[i][s]`: how far square `s` is from `homes[i]`, the goal square of the
/// group's tile `i` (an array, for the scan's inner loop).
fn distances(homes: &[u8]) -> [[u8; 16]; 8] {
    let mut distances = [[0u8; 16]; 8];
    for (row, &home) in distances.iter_mut().zip(homes) {
        for (s, d) in row.iter_mut().enumerate() {
            *d = squares_apart(s, usize::from(home), 4) as u8;
        }
    }
    distances
}

impl<M: Covered + Eq> Scan<M> {
    pub(super) fn new(homes: &[u8], blank: usize) -> Scan<M> {
        let k = homes.len();
        debug_assert!(
            16 - k <= 8 * std::mem::size_of::<M>(),
            "free squares must fit M"
        );
        let size = placements(k, 16);
        let blocks = size.div_ceil(BLOCK).div_ceil(64);
        let mut search = Scan {
            k,
            cells: vec![[M::default(); 4]; size],
            blocks: [vec![0; blocks], vec![0; blocks]],
            homes: homes.to_vec(),
            level: 0,
            cursor: 0,
            reached: 1,
            expanded: 0,
            grid: Grid::new(4),
            squeeze: Squeeze::new(),
            manhattan: distances(homes),
        };
        let (mut start, mut used) = (0, 0u32);
        for (i, &s) in homes.iter().enumerate() {
            start = rank_step(start, used, i, u32::from(s));
            used |= 1 << s;
        }
        let free = 0xFFFF & !used;
        let region = M::from_bits(search.squeeze.pack(search.grid.flood(blank, free), free));
        search.cells[start][SEEN] = region;
        search.cells[start][1] = region;
        search.blocks[0][start / BLOCK / 64] |= 1 << (start / BLOCK % 64);
        search
    }

    pub(super) fn expanded(&self) -> u64 {
        self.expanded
    }

    pub(super) fn reached(&self) -> usize {
        self.reached
    }

    /// Works until the budget runs out (false) or every placement has its distance (true). A
    /// placement expanded costs one unit, a block scanned one more.
    pub(super) fn run(&mut self, left: &mut u64) -> bool {
        let total = self.blocks[0].len() * 64;
        loop {
            let parity = usize::from(self.level & 1);
            if self.reached == self.cells.len() {
                return true;
            }
            if self.cursor == total {
                if self.blocks[1 - parity].iter().all(|&b| b == 0) {
                    return true;
                }
                self.cursor = 0;
                self.level += 1;
                continue;
            }
            let word = self.blocks[parity][self.cursor / 64];
            if word == 0 {
                self.cursor = (self.cursor / 64 + 1) * 64;
                continue;
            }
            if word & 1 << (self.cursor % 64) == 0 {
                self.cursor += 1;
                continue;
            }
            if *left == 0 {
                return false;
            }
            let block = self.cursor;
            self.blocks[parity][block / 64] &= !(1 << (block % 64));
            self.cursor += 1;
            let end = ((block + 1) * BLOCK).min(self.cells.len());
            let mut cost = 1;
            for rank in block * BLOCK..end {
                let mask = std::mem::take(&mut self.cells[rank][1 + parity]);
                if mask != M::default() {
                    cost += 1;
                    match self.k {
                        8 => self.expand::<8>(rank, mask.bits()),
                        7 => self.expand::<7>(rank, mask.bits()),
                        _ => self.expand::<0>(rank, mask.bits()),
                    }
                }
            }
            *left = left.saturating_sub(cost);
        }
    }

    /// Moves each group tile next to the blank's squares in `mask` (states of the level being
    /// expanded) into them; `K` is the group's size when known at compile time, 0 otherwise.
    #[inline]
    fn expand<const K: usize>(&mut self, rank: usize, mask: u32) {
        let k = if K == 0 { self.k } else { K };
        self.expanded += 1;
        let mut squares = [0u8; 16];
        unrank(rank, k, &mut squares);
        let occupied = squares[..k].iter().fold(0u32, |m, &s| m | 1 << s);
        let free = 0xFFFF & !occupied;
        let reach = self.squeeze.spread(mask, free);
        let distance = self.level + 1;
        let manhattan = self.manhattan;
        let here: u8 = (0..k).map(|i| manhattan[i][usize::from(squares[i])]).sum();
        for i in 0..k {
            let from = u32::from(squares[i]);
            let away = here - manhattan[i][from as usize];
            let mut targets = self.grid.neighbours[from as usize] & reach;
            while targets != 0 {
                let to = targets.trailing_zeros();
                targets &= targets - 1;
                // The rank of the placement with tile i on `to`: the tiles before i keep
                // their digits, the later ones are recounted.
                let (mut next, mut used) = (0, 0u32);
                for (j, &s) in squares[..k].iter().enumerate() {
                    let s = if j == i { to } else { u32::from(s) };
                    next = rank_step(next, used, j, s);
                    used |= 1 << s;
                }
                let now_free = 0xFFFF & !used;
                let region = self
                    .squeeze
                    .pack(self.grid.region(now_free, from as usize), now_free);
                // Should the placement be new, its distance, kept as its excess over the
                // group's Manhattan distance, halved (see `Packed`).
                let excess = distance.saturating_sub(away + manhattan[i][to as usize]);
                self.record(next, region, (excess / 2).min(MAX_HALF));
            }
        }
    }

    /// Records a move to the blank's `region` (over the free squares) of the placement ranked
    /// `rank`: if not seen yet, it joins the next level's frontier, and a new placement gets
    /// `half` as its value.
    #[inline(always)]
    fn record(&mut self, rank: usize, region: u32, half: u8) {
        let slot = 1 + usize::from((self.level + 1) & 1);
        let cell = &mut self.cells[rank];
        let seen = cell[SEEN].bits();
        if seen & region != 0 {
            return; // a region is seen whole or not at all
        }
        if seen == 0 {
            cell[VALUE] = M::from_bits(u32::from(half));
            self.reached += 1;
        }
        cell[SEEN] = M::from_bits(seen | region);
        cell[slot] = M::from_bits(cell[slot].bits() | region);
        self.blocks[slot - 1][rank / BLOCK / 64] |= 1 << (rank / BLOCK % 64);
    }

    /// The finished table, four bits an entry (see [`Packed`]).
    pub(super) fn into_table(self) -> Packed {
        let mut nibbles = vec![0u8; self.cells.len().div_ceil(2)];
        for (pair, byte) in self.cells.chunks(2).zip(nibbles.iter_mut()) {
            for (half, cell) in pair.iter().enumerate() {
                *byte |= (cell[VALUE].bits() as u8) << (4 * half);
            }
        }
        Packed::new(&self.homes, nibbles)
    }
}
