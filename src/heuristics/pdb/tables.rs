//! The tables for one goal, and how a board reads them: a [`Lookup`] per search node, updated by
//! one addition and at most two table reads per move.

use super::partition::{
    MAX_GROUPS, MAX_SQUARES, Split, corner, for_each_placement, index_of, mirror_square, rank_step,
};
use crate::heuristics::manhattan::{Distances, squares_apart};
use crate::puzzle::board::Board;
use std::fmt;

/// Where each group's tiles stand in a board and in its mirror image: the table indices, and the
/// entries they read. Searches keep one per node and update it per move.
///
/// Every table holds half of its entry's excess over the group's Manhattan distance (see
/// [`Direct`]), so the estimate is the board's Manhattan distance (the mirror image's is the
/// same) plus twice the larger sum of halves.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Lookup {
    index: [u32; MAX_GROUPS],
    mirrored: [u32; MAX_GROUPS],
    /// Each group's half-excess as read, four bits a group (group `g` at bit `4g`).
    halves: u32,
    mirrored_halves: u32,
    /// Bytes: the sums are at most 75 and a Manhattan distance under 255 on the 4×4 and 5×5
    /// boards that have tables. They keep a 4×4 search's path frame within 64 bytes, which
    /// WebAssembly copies by eight plain loads and stores instead of a `memory.copy` call.
    sum: u8,
    mirrored_sum: u8,
    manhattan: u8,
}

impl Lookup {
    /// The estimate: the Manhattan distance plus twice the larger sum of halves.
    #[inline(always)]
    pub fn h(&self) -> u32 {
        u32::from(self.manhattan) + 2 * u32::from(self.sum.max(self.mirrored_sum))
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

/// One group's table: half of each entry's excess over the group's Manhattan distance, four
/// bits an entry. A group tile's move changes its Manhattan distance by one, so an entry minus
/// that distance is even; the search keeps the board's Manhattan distance itself (one addition
/// a move), so a read is a nibble and the tables take half the memory bytes would.
pub(super) enum Table {
    /// At the 16- or 25-digit index itself (16^6 for a six-tile group, a third of them
    /// placements that exist): no arithmetic but a shift.
    Direct(Direct),
    /// By rank (7 and 8 tiles, see [`Packed`]).
    Packed(Packed),
}

/// The largest half-excess a nibble holds: an excess above 30 is stored as 30, still a lower
/// bound (see [`PatternDb::clamped_entries`]; none in the 6-6-3 or 7-8 tables).
pub(super) const MAX_HALF: u8 = 15;

/// How far each of a group's tiles is from its goal square, by table index.
pub(super) struct Manhattan {
    n: usize,
    /// `distance[i][s]`: from square `s` to the goal square of the group's tile `i`.
    distance: Vec<Vec<u8>>,
}

impl Manhattan {
    /// For the tiles whose goal squares are `homes`, on a `side`×`side` board.
    pub(super) fn new(homes: &[u8], side: usize) -> Manhattan {
        let n = side * side;
        let distance = homes
            .iter()
            .map(|&home| {
                (0..n)
                    .map(|s| squares_apart(s, usize::from(home), side) as u8)
                    .collect()
            })
            .collect();
        Manhattan { n, distance }
    }

    /// The group's Manhattan distance at table index `index`.
    pub(super) fn of(&self, mut index: usize) -> u8 {
        let mut sum = 0;
        if self.n == 16 {
            // Digits are nibbles: no division (a download of the 4×4 tables reads in 121 ms
            // natively instead of 189).
            for distance in &self.distance {
                sum += distance[index & 15];
                index >>= 4;
            }
            return sum;
        }
        for distance in &self.distance {
            sum += distance[index % self.n];
            index /= self.n;
        }
        sum
    }
}

/// A table at the index itself, four bits an index (8 MiB for a six-tile group of the 4×4).
pub(super) struct Direct {
    manhattan: Manhattan,
    /// Two entries a byte, the even index in the low half; indices that are no placement hold 0.
    pub(super) nibbles: Vec<u8>,
}

impl Direct {
    /// An empty table for the tiles whose goal squares are `homes`, on a `side`×`side` board.
    pub(super) fn new(homes: &[u8], side: usize) -> Direct {
        let indices = (side * side).pow(homes.len() as u32);
        Direct {
            manhattan: Manhattan::new(homes, side),
            nibbles: vec![0; indices.div_ceil(2)],
        }
    }

    /// The table of `entries`, distances at each placement's index.
    pub(super) fn from_entries(homes: &[u8], side: usize, entries: &[u8]) -> Direct {
        let mut table = Direct::new(homes, side);
        for_each_placement(homes.len(), side * side, |index| {
            table.set(index, entries[index]);
        });
        table
    }

    /// Sets the entry at a placement's index to `distance`.
    pub(super) fn set(&mut self, index: usize, distance: u8) {
        let excess = distance.saturating_sub(self.manhattan.of(index));
        self.set_half(index, excess / 2);
    }

    /// Sets the half-excess at a placement's index (clamped to [`MAX_HALF`]).
    pub(super) fn set_half(&mut self, index: usize, half: u8) {
        let shift = (index & 1) * 4;
        let byte = &mut self.nibbles[index >> 1];
        *byte = (*byte & !(15 << shift)) | (half.min(MAX_HALF) << shift);
    }

    /// The half-excess at an index (what a search reads, and a download stores).
    #[inline(always)]
    pub(super) fn half(&self, index: u32) -> u8 {
        (self.nibbles[(index >> 1) as usize] >> ((index & 1) * 4)) & 15
    }

    /// The entry at a placement's index.
    pub(super) fn read(&self, index: u32) -> u8 {
        self.manhattan.of(index as usize) + 2 * self.half(index)
    }
}

/// A table of 7 or 8 tiles of the 4×4 board at four bits a placement, by its rank: half the
/// excess (its "conflicts"), as in every [`Table`].
pub(super) struct Packed {
    k: usize,
    manhattan: Manhattan,
    /// Two entries a byte, the even rank in the low half.
    pub(super) nibbles: Vec<u8>,
}

impl Packed {
    /// The table of the tiles whose goal squares are `homes`, with its entries.
    pub(super) fn new(homes: &[u8], nibbles: Vec<u8>) -> Packed {
        Packed {
            k: homes.len(),
            manhattan: Manhattan::new(homes, 4),
            nibbles,
        }
    }

    /// The half-excess of the placement whose tile `i` stands on square `index >> 4i & 15`.
    #[inline(always)]
    fn half(&self, index: u32) -> u8 {
        // A loop of a known length is unrolled: a quarter faster on Korf's 100 with 7-8 tables.
        // The page never holds seven- or eight-tile tables, so its worker keeps the loop (18 KB
        // of WebAssembly less).
        let rank = match self.k {
            #[cfg(not(target_arch = "wasm32"))]
            8 => rank(index, 8),
            #[cfg(not(target_arch = "wasm32"))]
            7 => rank(index, 7),
            k => rank(index, k),
        };
        (self.nibbles[rank >> 1] >> ((rank & 1) * 4)) & 15
    }

    /// The entry of that placement.
    fn read(&self, index: u32) -> u8 {
        self.manhattan.of(index as usize) + 2 * self.half(index)
    }
}

/// The rank of a placement of `k` tiles of the 4×4 board (see [`Packed::half`]).
#[inline(always)]
fn rank(index: u32, k: usize) -> usize {
    let (mut rank, mut used) = (0, 0u32);
    for i in 0..k {
        let square = (index >> (4 * i)) & 15;
        rank = rank_step(rank, used, i, square);
        used |= 1 << square;
    }
    rank
}

/// Nibbles of a table holding [`MAX_HALF`]: entries that may be read lower than they are.
fn clamped(nibbles: &[u8]) -> usize {
    nibbles
        .iter()
        .map(|&b| usize::from(b & 15 == MAX_HALF) + usize::from(b >> 4 == MAX_HALF))
        .sum()
}

impl Table {
    /// The half-excess at `index` (what a search reads).
    #[inline(always)]
    fn half(&self, index: u32) -> u8 {
        match self {
            Table::Direct(direct) => direct.half(index),
            Table::Packed(packed) => packed.half(index),
        }
    }

    /// The entry at a placement's `index`: the distance it stands for.
    pub(super) fn read(&self, index: u32) -> u8 {
        match self {
            Table::Direct(direct) => direct.read(index),
            Table::Packed(packed) => packed.read(index),
        }
    }

    fn nibbles(&self) -> &[u8] {
        match self {
            Table::Direct(direct) => &direct.nibbles,
            Table::Packed(packed) => &packed.nibbles,
        }
    }

    /// Memory held.
    pub(super) fn bytes(&self) -> usize {
        self.nibbles().len()
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
    /// `away[tile][s]`: how far square `s` is from `tile`'s goal square. The numbers of
    /// [`Distances`], in an array of a fixed stride: read per node, Distances' table cost 4 %
    /// on Korf's 100 with 7-8 tables.
    away: [[u8; MAX_SQUARES]; MAX_SQUARES],
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

    /// Entries that may be stored lower than they are (their excess over the Manhattan
    /// distance did not fit a nibble): those at the largest a nibble holds, none in the 6-6-3
    /// and 7-8 tables.
    pub fn clamped_entries(&self) -> usize {
        self.tables.iter().map(|t| clamped(t.nibbles())).sum()
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
            l.manhattan = l.manhattan.saturating_add(self.away[tile][s]);
        }
        for (g, table) in self.tables.iter().enumerate() {
            let (v, mv) = (table.half(l.index[g]), table.half(l.mirrored[g]));
            l.halves |= u32::from(v) << (4 * g);
            l.mirrored_halves |= u32::from(mv) << (4 * g);
            l.sum += v;
            l.mirrored_sum += mv;
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
        let away = &self.away[tile as usize];
        // The true distance fits a byte; only the step between may wrap.
        next.manhattan = l.manhattan.wrapping_add(away[to]).wrapping_sub(away[from]);
        let g = role.group as usize;
        next.index[g] = l.index[g]
            .wrapping_add(to as u32 * role.place)
            .wrapping_sub(from as u32 * role.place);
        let v = self.tables[g].half(next.index[g]);
        let shift = 4 * g;
        let old = ((l.halves >> shift) & 15) as u8;
        next.halves = l.halves ^ (u32::from(old ^ v) << shift);
        next.sum = l.sum.wrapping_add(v).wrapping_sub(old);
        let (mf, mt) = (u32::from(self.mirror[from]), u32::from(self.mirror[to]));
        let mg = role.mirrored_group as usize;
        next.mirrored[mg] = l.mirrored[mg]
            .wrapping_add(mt * role.mirrored_place)
            .wrapping_sub(mf * role.mirrored_place);
        let own = u32::from(next.manhattan) + 2 * u32::from(next.sum);
        if own >= enough {
            return Err((next, own));
        }
        let mv = self.tables[mg].half(next.mirrored[mg]);
        let shift = 4 * mg;
        let old = ((l.mirrored_halves >> shift) & 15) as u8;
        next.mirrored_halves = l.mirrored_halves ^ (u32::from(old ^ mv) << shift);
        next.mirrored_sum = l.mirrored_sum.wrapping_add(mv).wrapping_sub(old);
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
            away: {
                let distances = Distances::new(goal);
                let mut away = [[0u8; MAX_SQUARES]; MAX_SQUARES];
                for (tile, row) in away.iter_mut().enumerate().take(n).skip(1) {
                    for (s, d) in row.iter_mut().enumerate().take(n) {
                        *d = distances.get(tile as u8, s) as u8;
                    }
                }
                away
            },
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
            // Every excess fits its nibble: the tables are as strong as bytes would be.
            assert_eq!(db.clamped_entries(), 0, "{goal}");
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
