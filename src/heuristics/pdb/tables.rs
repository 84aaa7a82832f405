//! The tables for one goal, and how a board reads them: a [`Lookup`] per search node, updated by
//! one addition and at most two table reads per move.

use super::partition::{
    MAX_GROUPS, MAX_SQUARES, Split, corner, index_of, mirror_square, rank_step,
};
use crate::heuristics::manhattan::squares_apart;
use crate::puzzle::board::Board;
use std::fmt;

/// Where each group's tiles stand in a board and in its mirror image: the table indices, and the
/// entries they read. Searches keep one per node and update it per move.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Lookup {
    index: [u32; MAX_GROUPS],
    mirrored: [u32; MAX_GROUPS],
    value: [u8; MAX_GROUPS],
    mirrored_value: [u8; MAX_GROUPS],
    /// A byte each: an estimate is at most a board's distance to the goal, under 255 on the
    /// 4×4 and 5×5 boards that have tables (80 and 208 moves at most). A byte keeps a 4×4
    /// search's path frame within 64 bytes, which WebAssembly copies by eight plain loads and
    /// stores instead of a `memory.copy` call.
    sum: u8,
    mirrored_sum: u8,
}

impl Lookup {
    /// The estimate: the larger of the two sums.
    #[inline(always)]
    pub fn h(&self) -> u32 {
        u32::from(self.sum.max(self.mirrored_sum))
    }
}

/// How one tile's move changes a [`Lookup`]: a tile is one digit of its group's index, in base
/// "squares of the board", so a move adds `(to - from) · place`.
#[derive(Clone, Copy, Debug, Default)]
struct TileRole {
    group: u8,
    mirrored_group: u8,
    place: u32,
    mirrored_place: u32,
}

/// One group's table.
pub(super) enum Table {
    /// A byte an index: entries at the 16- or 25-digit index itself (16^6 for a six-tile
    /// group, a third of them placements that exist), read with no arithmetic.
    Direct(Vec<u8>),
    /// Four bits a placement, by rank (7 and 8 tiles, see [`Packed`]).
    Packed(Packed),
}

/// A table of 7 or 8 tiles of the 4×4 board at four bits an entry. A group tile's move changes
/// its Manhattan distance by one, so an entry minus the group's Manhattan distance is even: the
/// stored nibble is half that excess (its "conflicts"), and reading adds the distance back.
/// An excess above 30 is stored as 30, still a lower bound (see [`Packed::clamped`]).
pub(super) struct Packed {
    pub(super) k: usize,
    /// `manhattan[i][s]`: how far square `s` is from the goal square of the group's tile `i`.
    pub(super) manhattan: [[u8; 16]; 8],
    /// Two entries a byte, the even rank in the low half.
    pub(super) nibbles: Vec<u8>,
}

impl Packed {
    /// The largest half-excess a nibble holds.
    pub(super) const MAX_NIBBLE: u8 = 15;

    /// The table of the tiles whose goal squares are `homes`, with its entries.
    pub(super) fn new(homes: &[u8], nibbles: Vec<u8>) -> Packed {
        let mut manhattan = [[0u8; 16]; 8];
        for (i, &home) in homes.iter().enumerate() {
            for (s, d) in manhattan[i].iter_mut().enumerate() {
                *d = squares_apart(s, usize::from(home), 4) as u8;
            }
        }
        Packed {
            k: homes.len(),
            manhattan,
            nibbles,
        }
    }

    /// The entry of the placement whose tile `i` stands on square `index >> 4i & 15`.
    #[inline(always)]
    fn read(&self, index: u32) -> u8 {
        let (mut rank, mut used, mut distance) = (0, 0u32, 0u8);
        for i in 0..self.k {
            let square = (index >> (4 * i)) & 15;
            rank = rank_step(rank, used, i, square);
            used |= 1 << square;
            distance += self.manhattan[i][square as usize];
        }
        let half = (self.nibbles[rank >> 1] >> ((rank & 1) * 4)) & 15;
        distance + 2 * half
    }

    /// Entries whose excess was too large for a nibble (read lower than they are).
    pub(super) fn clamped(&self) -> usize {
        self.nibbles
            .iter()
            .map(|&b| usize::from(b & 15 == 15) + usize::from(b >> 4 == 15))
            .sum()
    }
}

impl Table {
    #[inline(always)]
    pub(super) fn read(&self, index: u32) -> u8 {
        match self {
            Table::Direct(entries) => entries[index as usize],
            Table::Packed(packed) => packed.read(index),
        }
    }

    /// Memory held.
    pub(super) fn bytes(&self) -> usize {
        match self {
            Table::Direct(entries) => entries.len(),
            Table::Packed(packed) => packed.nibbles.len(),
        }
    }
}

/// The tables for one goal.
pub struct PatternDb {
    pub(super) goal: Board,
    pub(super) split: Split,
    /// Each group's tiles, in index order (tile `i` of a group is digit `i` of the index).
    pub(super) groups: Vec<Vec<u8>>,
    pub(super) tables: Vec<Table>,
    /// Indexed by tile; the blank's entry is unused.
    roles: [TileRole; MAX_SQUARES],
    /// Mirror image of each square.
    mirror: [u8; MAX_SQUARES],
}

impl fmt::Debug for PatternDb {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "PatternDb(goal {}, {} bytes)", self.goal, self.bytes())
    }
}

impl PatternDb {
    /// The goal these tables lead to.
    pub fn goal(&self) -> &Board {
        &self.goal
    }

    /// The tiles of each group.
    pub fn groups(&self) -> &[Vec<u8>] {
        &self.groups
    }

    /// Which split of the tiles the tables hold.
    pub fn split(&self) -> Split {
        self.split
    }

    /// Memory held by the tables.
    pub fn bytes(&self) -> usize {
        self.tables.iter().map(Table::bytes).sum()
    }

    /// A group's table entry for its tiles on `squares` (in the group's tile order).
    pub fn entry(&self, group: usize, squares: &[u8]) -> u8 {
        self.tables[group].read(index_of(squares, self.goal.len()) as u32)
    }

    /// Entries of the four-bit tables stored lower than they are (their excess over the
    /// Manhattan distance did not fit); none in the 6-6-3 tables.
    pub fn clamped_entries(&self) -> usize {
        self.tables
            .iter()
            .map(|t| match t {
                Table::Packed(packed) => packed.clamped(),
                Table::Direct(_) => 0,
            })
            .sum()
    }

    /// The lookup of the arrangement whose tile on square `s` is `tile_at(s)`.
    pub fn lookup(&self, tile_at: impl Fn(usize) -> u8) -> Lookup {
        let n = self.goal.len();
        let mut l = Lookup::default();
        for s in 0..n {
            let tile = tile_at(s) as usize;
            if tile == 0 {
                continue;
            }
            let role = self.roles[tile];
            // An eight-tile index fills all 32 bits: the sums wrap only in between.
            let g = role.group as usize;
            l.index[g] = l.index[g].wrapping_add(s as u32 * role.place);
            let mg = role.mirrored_group as usize;
            l.mirrored[mg] =
                l.mirrored[mg].wrapping_add(u32::from(self.mirror[s]) * role.mirrored_place);
        }
        for (g, table) in self.tables.iter().enumerate() {
            l.value[g] = table.read(l.index[g]);
            l.mirrored_value[g] = table.read(l.mirrored[g]);
            // A lower bound still, should it pass a byte (no board with tables is that far).
            l.sum = l.sum.saturating_add(l.value[g]);
            l.mirrored_sum = l.mirrored_sum.saturating_add(l.mirrored_value[g]);
        }
        l
    }

    /// The lookup after `tile` slides from square `from` to `to`.
    #[inline(always)]
    pub fn slide(&self, l: &Lookup, tile: u8, from: usize, to: usize) -> Lookup {
        match self.slide_unless(l, tile, from, to, u32::MAX) {
            Ok(next) | Err((next, _)) => next,
        }
    }

    /// [`PatternDb::slide`] for searches that only need to know whether the estimate reaches
    /// `enough`: when the board's own sum does, the mirror image's table is not read (one memory
    /// access saved) and `Err` carries that sum, a lower bound of the estimate, with a lookup
    /// whose mirror half is stale.
    #[inline(always)]
    pub fn slide_unless(
        &self,
        l: &Lookup,
        tile: u8,
        from: usize,
        to: usize,
        enough: u32,
    ) -> Result<Lookup, (Lookup, u32)> {
        let role = self.roles[tile as usize];
        let mut next = *l;
        let g = role.group as usize;
        next.index[g] = l.index[g]
            .wrapping_add(to as u32 * role.place)
            .wrapping_sub(from as u32 * role.place);
        let v = self.tables[g].read(next.index[g]);
        // The true sum fits a byte; only the step between may wrap.
        next.sum = l.sum.wrapping_add(v).wrapping_sub(l.value[g]);
        next.value[g] = v;
        let (mf, mt) = (u32::from(self.mirror[from]), u32::from(self.mirror[to]));
        let mg = role.mirrored_group as usize;
        next.mirrored[mg] = l.mirrored[mg]
            .wrapping_add(mt * role.mirrored_place)
            .wrapping_sub(mf * role.mirrored_place);
        if u32::from(next.sum) >= enough {
            return Err((next, u32::from(next.sum)));
        }
        let mv = self.tables[mg].read(next.mirrored[mg]);
        next.mirrored_sum = l
            .mirrored_sum
            .wrapping_add(mv)
            .wrapping_sub(l.mirrored_value[mg]);
        next.mirrored_value[mg] = mv;
        Ok(next)
    }

    /// The estimate of a board.
    pub fn estimate_board(&self, board: &Board) -> u32 {
        self.lookup(|s| board.tile(s)).h()
    }

    /// Assembles a database from finished tables.
    pub(super) fn assemble(
        goal: &Board,
        split: Split,
        groups: Vec<Vec<u8>>,
        tables: Vec<Table>,
    ) -> PatternDb {
        let (side, n) = (goal.width(), goal.len());
        let corner = corner(side, goal.blank()).unwrap_or(3);
        let mut roles = [TileRole::default(); MAX_SQUARES];
        for (g, tiles) in groups.iter().enumerate() {
            for (i, &t) in tiles.iter().enumerate() {
                roles[t as usize].group = g as u8;
                roles[t as usize].place = (n as u32).pow(i as u32);
            }
        }
        let mut mirror = [0u8; MAX_SQUARES];
        for (s, m) in mirror.iter_mut().enumerate().take(n) {
            *m = mirror_square(side, corner, s) as u8;
        }
        // A tile's mirror image is the tile whose goal is the mirror of its own goal; the goal's
        // blank lies on the mirror line, so it maps to itself.
        for (square, &tile) in goal.tiles().iter().enumerate() {
            if tile != 0 {
                let image = goal.tile(mirror[square] as usize) as usize;
                roles[tile as usize].mirrored_group = roles[image].group;
                roles[tile as usize].mirrored_place = roles[image].place;
            }
        }
        PatternDb {
            goal: goal.clone(),
            split,
            groups,
            tables,
            roles,
            mirror,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::heuristics::pdb::shared;
    use crate::puzzle::random::Rng;
    use crate::puzzle::scramble::random_walk;

    #[test]
    fn incremental_lookups_equal_fresh_ones_and_the_goal_is_zero() {
        let mut rng = Rng::seeded(5);
        for goal in [
            Board::blank_last(4, 4).unwrap(),
            Board::blank_first(4, 4).unwrap(),
            Board::blank_first(5, 5).unwrap(),
        ] {
            let db = shared(&goal).unwrap();
            assert_eq!(db.estimate_board(&goal), 0);
            let (mut board, _) = random_walk(&goal, 60, &mut rng);
            let mut l = db.lookup(|s| board.tile(s));
            let side = goal.width();
            for _ in 0..500 {
                let legal: Vec<_> = board.legal_moves().collect();
                let m = legal[rng.below(legal.len() as u64) as usize];
                let to = board.blank();
                let from = m.blank_target(to, side, side).unwrap();
                l = db.slide(&l, board.tile(from), from, to);
                board.apply(m);
                assert_eq!(l, db.lookup(|s| board.tile(s)), "{board}");
            }
        }
    }
}
