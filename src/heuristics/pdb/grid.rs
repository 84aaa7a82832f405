//! The squares of a board as bit masks, and the regions the blank roams among a group's tiles:
//! what both breadth-first searches ([`super::build`] and [`super::scan`]) move on.

use super::partition::MAX_SQUARES;

/// The squares of a `side`×`side` board as bit masks, and the blank's regions.
#[derive(Clone)]
pub(super) struct Grid {
    pub(super) side: usize,
    pub(super) all: u32,
    left_column: u32,
    right_column: u32,
    /// `neighbours[s]`: squares next to `s`.
    pub(super) neighbours: [u32; MAX_SQUARES],
    /// On the 4×4 board, every flood worked out once (see [`Grid::region_table`]); empty on
    /// larger boards, where [`Grid::flood`] runs per state.
    regions: Vec<u16>,
}

impl Grid {
    pub(super) fn new(side: usize) -> Grid {
        let n = side * side;
        let mut left_column = 0u32;
        for r in 0..side {
            left_column |= 1 << (r * side);
        }
        let mut neighbours = [0u32; MAX_SQUARES];
        for (s, m) in neighbours.iter_mut().enumerate().take(n) {
            let (r, c) = (s / side, s % side);
            if r > 0 {
                *m |= 1 << (s - side);
            }
            if r + 1 < side {
                *m |= 1 << (s + side);
            }
            if c > 0 {
                *m |= 1 << (s - 1);
            }
            if c + 1 < side {
                *m |= 1 << (s + 1);
            }
        }
        let mut grid = Grid {
            side,
            all: ((1u64 << n) - 1) as u32,
            left_column,
            right_column: left_column << (side - 1),
            neighbours,
            regions: Vec::new(),
        };
        if n <= 16 {
            grid.regions = grid.region_table();
        }
        grid
    }

    /// The squares of `free` the blank on `start` reaches without moving anything else.
    pub(super) fn flood(&self, start: usize, free: u32) -> u32 {
        let mut r = 1u32 << start;
        loop {
            let grown = (r
                | ((r << 1) & !self.left_column)
                | ((r >> 1) & !self.right_column)
                | (r << self.side)
                | (r >> self.side))
                & free;
            if grown == r {
                return r;
            }
            r = grown;
        }
    }

    /// The blank's region: from the table on 4×4, by flood fill beyond.
    #[inline(always)]
    pub(super) fn region(&self, free: u32, start: usize) -> u32 {
        if self.regions.is_empty() {
            self.flood(start, free)
        } else {
            u32::from(self.regions[(free << 4) as usize | start])
        }
    }

    /// [`Grid::flood`] for every set of free squares and every start of the 4×4 board:
    /// `regions[free << 4 | start]` (2 MiB). Reading it is far cheaper than a flood per state.
    fn region_table(&self) -> Vec<u16> {
        let mut regions = vec![0u16; 1 << 20];
        for free in 0..1u32 << 16 {
            let mut left = free;
            while left != 0 {
                let start = left.trailing_zeros() as usize;
                let r = self.flood(start, free);
                left &= !r;
                let mut squares = r;
                while squares != 0 {
                    let s = squares.trailing_zeros();
                    squares &= squares - 1;
                    regions[(free << 4 | s) as usize] = r as u16;
                }
            }
        }
        regions
    }
}

/// Blank squares as a mask: 16 bits on the 4×4 board (half the memory traffic of the build), 32
/// beyond; 8 over the free squares of an eight-tile placement (see [`super::scan`]).
pub(super) trait Covered: Copy + Default {
    fn bits(self) -> u32;
    fn from_bits(bits: u32) -> Self;
}

impl Covered for u16 {
    #[inline(always)]
    fn bits(self) -> u32 {
        u32::from(self)
    }
    #[inline(always)]
    fn from_bits(bits: u32) -> u16 {
        bits as u16
    }
}

impl Covered for u32 {
    #[inline(always)]
    fn bits(self) -> u32 {
        self
    }
    #[inline(always)]
    fn from_bits(bits: u32) -> u32 {
        bits
    }
}

impl Covered for u8 {
    #[inline(always)]
    fn bits(self) -> u32 {
        u32::from(self)
    }
    #[inline(always)]
    fn from_bits(bits: u32) -> u8 {
        bits as u8
    }
}
