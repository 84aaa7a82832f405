//! Additive pattern databases for the 15-puzzle.
//!
//! The tiles are split into three disjoint groups of six, six and three. For each group a table
//! holds, for every placement of its tiles (the other tiles unlabelled), the fewest moves *of that
//! group's tiles* that bring them home. Since no move belongs to two groups, the three values add up
//! to a lower bound on the whole board: this is Korf and Felner's additive 6-6-3 database (2002).
//!
//! **Two lookups for one table.** Both named goals look the same when mirrored across the
//! diagonal through the blank's corner, so a board's mirror image is as far from the goal as the
//! board itself. The groups are not symmetric, so the mirror image reads *different* entries of the
//! same tables, and the larger of the two sums is still a lower bound (Felner et al., 2004).
//!
//! **Indexing.** A placement is indexed by its tiles' squares, four bits each (`16^6` entries,
//! 16 MiB a six-tile table), so a move changes an index by one addition and a search never ranks a
//! permutation.
//!
//! **Building.** Breadth-first search backwards from the goal over placements *and* the region the
//! blank can roam without moving a group tile: moves of other tiles are free, so the blank's whole
//! region is one state. About 6 million states a six-tile group, resumable in slices (see
//! [`Builder`]) so a Web Worker can report progress.

use crate::board::Board;
use std::fmt;
use std::sync::{Arc, Mutex};

/// The side of the boards these databases are for.
pub const SIDE: usize = 4;
const SQUARES: usize = SIDE * SIDE;
/// Groups in a database.
pub const GROUPS: usize = 3;
/// Entries of a table not yet reached (and of squares no placement uses).
const UNSEEN: u8 = u8::MAX;

/// Goal squares of each group when the blank's goal is the bottom-right corner: the left two
/// columns but the top-right square, the lower-right block, and the top row's last three.
///
/// ```text
/// A C C C
/// A A B B
/// A A B B
/// A B B .
/// ```
const REGIONS: [&[u8]; GROUPS] = [&[0, 4, 5, 8, 9, 12], &[6, 7, 10, 11, 13, 14], &[1, 2, 3]];

/// Why no pattern database fits a goal.
pub fn unsupported_reason(goal: &Board) -> Option<String> {
    if goal.width() != SIDE || goal.height() != SIDE {
        return Some(format!(
            "pattern databases are built for the 4×4 board, not {}×{}",
            goal.width(),
            goal.height()
        ));
    }
    corner(goal.blank()).is_none().then(|| {
        "pattern databases need the goal's blank in a corner (blank last or blank first)".into()
    })
}

/// Which corner a square is: 0 top-left, 1 top-right, 2 bottom-left, 3 bottom-right.
fn corner(square: usize) -> Option<usize> {
    [0, SIDE - 1, SQUARES - SIDE, SQUARES - 1]
        .iter()
        .position(|&c| c == square)
}

/// The symmetry of the square taking the bottom-right corner to `corner`, applied to `square`.
fn orient(corner: usize, square: usize) -> usize {
    let (r, c) = (square / SIDE, square % SIDE);
    let last = SIDE - 1;
    let (r, c) = match corner {
        0 => (last - r, last - c),
        1 => (last - r, c),
        2 => (r, last - c),
        _ => (r, c),
    };
    r * SIDE + c
}

/// The mirror image of `square` across the diagonal through `corner`.
fn mirror_square(corner: usize, square: usize) -> usize {
    let (r, c) = (square / SIDE, square % SIDE);
    let last = SIDE - 1;
    match corner {
        0 | 3 => c * SIDE + r,
        _ => (last - c) * SIDE + (last - r),
    }
}

/// Where each group's tiles stand in a board and in its mirror image: the table indices, and the
/// entries they read. Searches keep one per node and update it per move.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Lookup {
    index: [u32; GROUPS],
    mirrored: [u32; GROUPS],
    value: [u8; GROUPS],
    mirrored_value: [u8; GROUPS],
    sum: u32,
    mirrored_sum: u32,
}

impl Lookup {
    /// The estimate: the larger of the two sums.
    #[inline(always)]
    pub fn h(&self) -> u32 {
        self.sum.max(self.mirrored_sum)
    }
}

/// How one tile's move changes a [`Lookup`].
#[derive(Clone, Copy, Debug, Default)]
struct TileRole {
    group: u8,
    shift: u8,
    mirrored_group: u8,
    mirrored_shift: u8,
}

/// The three tables for one goal.
pub struct PatternDb {
    goal: Board,
    /// Each group's tiles, in index order (tile `i` of a group fills bits `4i..4i+4`).
    groups: [Vec<u8>; GROUPS],
    tables: [Vec<u8>; GROUPS],
    /// Indexed by tile; the blank's entry is unused.
    roles: [TileRole; SQUARES],
    /// Mirror image of each square.
    mirror: [u8; SQUARES],
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
    pub fn groups(&self) -> &[Vec<u8>; GROUPS] {
        &self.groups
    }

    /// Memory held by the tables.
    pub fn bytes(&self) -> usize {
        self.tables.iter().map(|t| t.len()).sum()
    }

    /// A group's table entry for its tiles on `squares` (in the group's tile order).
    pub fn entry(&self, group: usize, squares: &[u8]) -> u8 {
        self.tables[group][index_of(squares)]
    }

    /// The lookup of the arrangement whose tile on square `s` is `tile_at(s)`.
    pub fn lookup(&self, tile_at: impl Fn(usize) -> u8) -> Lookup {
        let mut at = [0u8; SQUARES];
        for s in 0..SQUARES {
            at[tile_at(s) as usize] = s as u8;
        }
        let mut l = Lookup::default();
        for (role, &square) in self.roles.iter().zip(&at).skip(1) {
            let s = u32::from(square);
            let m = u32::from(self.mirror[square as usize]);
            l.index[role.group as usize] += s << role.shift;
            l.mirrored[role.mirrored_group as usize] += m << role.mirrored_shift;
        }
        for g in 0..GROUPS {
            l.value[g] = self.tables[g][l.index[g] as usize];
            l.mirrored_value[g] = self.tables[g][l.mirrored[g] as usize];
            l.sum += u32::from(l.value[g]);
            l.mirrored_sum += u32::from(l.mirrored_value[g]);
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
        next.index[g] = l.index[g] + ((to as u32) << role.shift) - ((from as u32) << role.shift);
        let v = self.tables[g][next.index[g] as usize];
        next.sum = l.sum + u32::from(v) - u32::from(l.value[g]);
        next.value[g] = v;
        let (mf, mt) = (u32::from(self.mirror[from]), u32::from(self.mirror[to]));
        let mg = role.mirrored_group as usize;
        next.mirrored[mg] =
            l.mirrored[mg] + (mt << role.mirrored_shift) - (mf << role.mirrored_shift);
        if next.sum >= enough {
            return Err((next, next.sum));
        }
        let mv = self.tables[mg][next.mirrored[mg] as usize];
        next.mirrored_sum = l.mirrored_sum + u32::from(mv) - u32::from(l.mirrored_value[mg]);
        next.mirrored_value[mg] = mv;
        Ok(next)
    }

    /// The estimate of a board.
    pub fn estimate_board(&self, board: &Board) -> u32 {
        self.lookup(|s| board.tile(s)).h()
    }

    /// Assembles a database from finished tables.
    fn assemble(goal: &Board, groups: [Vec<u8>; GROUPS], tables: [Vec<u8>; GROUPS]) -> PatternDb {
        let corner = corner(goal.blank()).unwrap_or(3);
        let mut roles = [TileRole::default(); SQUARES];
        for (g, tiles) in groups.iter().enumerate() {
            for (i, &t) in tiles.iter().enumerate() {
                roles[t as usize].group = g as u8;
                roles[t as usize].shift = 4 * i as u8;
            }
        }
        let mut mirror = [0u8; SQUARES];
        for (s, m) in mirror.iter_mut().enumerate() {
            *m = mirror_square(corner, s) as u8;
        }
        // A tile's mirror image is the tile whose goal is the mirror of its own goal; the goal's
        // blank lies on the mirror line, so it maps to itself.
        for (square, &tile) in goal.tiles().iter().enumerate() {
            if tile != 0 {
                let image = goal.tile(mirror[square] as usize) as usize;
                roles[tile as usize].mirrored_group = roles[image].group;
                roles[tile as usize].mirrored_shift = roles[image].shift;
            }
        }
        PatternDb {
            goal: goal.clone(),
            groups,
            tables,
            roles,
            mirror,
        }
    }

    /// The tables in a compact form for storage: a header naming the goal, then each table's
    /// entries for the placements that exist (5,765,760 of the 16,777,216 indices of a six-tile
    /// table), then a checksum.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(12 * 1024 * 1024);
        out.extend_from_slice(MAGIC);
        out.extend_from_slice(self.goal.tiles());
        for (tiles, table) in self.groups.iter().zip(&self.tables) {
            out.push(tiles.len() as u8);
            out.extend_from_slice(tiles);
            for_each_placement(tiles.len(), |index| out.push(table[index]));
        }
        let sum = checksum(&out);
        out.extend_from_slice(&sum.to_le_bytes());
        out
    }

    /// Reads what [`PatternDb::to_bytes`] wrote, for `goal`; `None` if the bytes are for another
    /// goal or version, or damaged.
    pub fn from_bytes(goal: &Board, bytes: &[u8]) -> Option<PatternDb> {
        let body_len = bytes.len().checked_sub(8)?;
        let (body, sum) = bytes.split_at(body_len);
        if checksum(body).to_le_bytes() != sum {
            return None;
        }
        let rest = body.strip_prefix(MAGIC)?;
        let (tiles, mut rest) = rest.split_at_checked(SQUARES)?;
        if tiles != goal.tiles() {
            return None;
        }
        let expected = groups_for(goal)?;
        let mut tables: [Vec<u8>; GROUPS] = Default::default();
        for (g, group) in expected.iter().enumerate() {
            let (&k, after) = rest.split_first()?;
            let (listed, after) = after.split_at_checked(k as usize)?;
            if listed != group.as_slice() {
                return None;
            }
            let count = placements(group.len());
            let (values, after) = after.split_at_checked(count)?;
            let mut table = vec![UNSEEN; 1 << (4 * group.len())];
            let mut next = values.iter();
            for_each_placement(group.len(), |index| {
                table[index] = *next.next().unwrap_or(&UNSEEN);
            });
            tables[g] = table;
            rest = after;
        }
        rest.is_empty()
            .then(|| PatternDb::assemble(goal, expected, tables))
    }
}

const MAGIC: &[u8] = b"slide-pdb-663-v1";

/// FNV-1a, 64 bits: enough to notice a truncated or damaged cache entry.
fn checksum(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
    })
}

/// The table index of a group's tiles on `squares`.
fn index_of(squares: &[u8]) -> usize {
    squares
        .iter()
        .enumerate()
        .fold(0, |i, (n, &s)| i | (usize::from(s) << (4 * n)))
}

/// Placements of `k` distinct tiles on the board: 16!/(16-k)!.
pub fn placements(k: usize) -> usize {
    (SQUARES - k + 1..=SQUARES).product()
}

/// Calls `f` with the index of every placement of `k` distinct tiles, in increasing index order.
fn for_each_placement(k: usize, mut f: impl FnMut(usize)) {
    // The last tile's square is the most significant digit, so it is the outer loop.
    fn place(n: usize, used: u16, index: usize, f: &mut impl FnMut(usize)) {
        for s in 0..SQUARES {
            if used & (1 << s) == 0 {
                let index = index | s << (4 * n);
                if n == 0 {
                    f(index);
                } else {
                    place(n - 1, used | 1 << s, index, f);
                }
            }
        }
    }
    if k > 0 {
        place(k - 1, 0, 0, &mut f);
    }
}

/// The tiles of each group for a goal (by their goal squares), or `None` if no database fits it.
fn groups_for(goal: &Board) -> Option<[Vec<u8>; GROUPS]> {
    if unsupported_reason(goal).is_some() {
        return None;
    }
    let corner = corner(goal.blank())?;
    Some(REGIONS.map(|region| {
        region
            .iter()
            .map(|&s| goal.tile(orient(corner, s as usize)))
            .collect()
    }))
}

/// Builds the tables for a goal a slice at a time.
pub struct Builder {
    goal: Board,
    groups: [Vec<u8>; GROUPS],
    tables: [Vec<u8>; GROUPS],
    /// The group being built, and its search.
    current: usize,
    search: Option<GroupSearch>,
    states: u64,
}

impl Builder {
    /// Starts building for `goal`; fails for a goal no database fits.
    pub fn new(goal: &Board) -> Result<Builder, String> {
        let groups = groups_for(goal).ok_or_else(|| {
            unsupported_reason(goal).unwrap_or_else(|| "no pattern database fits".into())
        })?;
        Ok(Builder {
            goal: goal.clone(),
            groups,
            tables: Default::default(),
            current: 0,
            search: None,
            states: 0,
        })
    }

    /// Expands up to `slice` more states; the database once all tables are complete.
    pub fn step(&mut self, slice: u64) -> Option<PatternDb> {
        let mut left = slice;
        while self.current < GROUPS {
            let search = self.search.get_or_insert_with(|| {
                let home: Vec<u8> = self.groups[self.current]
                    .iter()
                    .map(|&t| self.goal.position_of(t) as u8)
                    .collect();
                GroupSearch::new(&home, self.goal.blank())
            });
            let before = search.expanded;
            let done = search.run(&mut left);
            self.states += search.expanded - before;
            if !done {
                return None;
            }
            if let Some(search) = self.search.take() {
                self.tables[self.current] = search.table;
            }
            self.current += 1;
        }
        let tables = std::mem::take(&mut self.tables);
        let groups = self.groups.clone();
        Some(PatternDb::assemble(&self.goal, groups, tables))
    }

    /// The goal being built for.
    pub fn goal(&self) -> &Board {
        &self.goal
    }

    /// How far the build is, from 0 to 1 (by placements reached).
    pub fn progress(&self) -> f64 {
        let total: usize = self.groups.iter().map(|g| placements(g.len())).sum();
        let done: usize = self.groups[..self.current.min(GROUPS)]
            .iter()
            .map(|g| placements(g.len()))
            .sum::<usize>()
            + self.search.as_ref().map_or(0, |s| s.reached);
        done as f64 / total as f64
    }

    /// States expanded so far.
    pub fn states(&self) -> u64 {
        self.states
    }

    /// Builds to the end.
    pub fn finish(mut self) -> PatternDb {
        loop {
            if let Some(db) = self.step(u64::MAX) {
                return db;
            }
        }
    }
}

/// Squares a square's tile can slide to.
fn neighbours(square: usize) -> impl Iterator<Item = usize> {
    let (r, c) = (square / SIDE, square % SIDE);
    [
        (r > 0).then(|| square - SIDE),
        (r + 1 < SIDE).then(|| square + SIDE),
        (c > 0).then(|| square - 1),
        (c + 1 < SIDE).then(|| square + 1),
    ]
    .into_iter()
    .flatten()
}

const ALL: u32 = (1 << SQUARES) - 1;
const LEFT_COLUMN: u32 = 0x1111;
const RIGHT_COLUMN: u32 = 0x8888;

/// The squares of `free` the blank on `start` reaches without moving anything else.
fn flood(start: usize, free: u32) -> u32 {
    let mut r = 1u32 << start;
    loop {
        let grown =
            (r | ((r << 1) & !LEFT_COLUMN) | ((r >> 1) & !RIGHT_COLUMN) | (r << 4) | (r >> 4))
                & free;
        if grown == r {
            return r;
        }
        r = grown;
    }
}

/// [`flood`] for every set of free squares and every start, worked out once: `regions[free << 4 |
/// start]` (2 MiB). Reading it is far cheaper than a flood fill per state.
fn region_table() -> Vec<u16> {
    let mut regions = vec![0u16; 1 << (SQUARES + 4)];
    for free in 0..1u32 << SQUARES {
        let mut left = free;
        while left != 0 {
            let start = left.trailing_zeros() as usize;
            let r = flood(start, free);
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

/// Breadth-first search of one group's abstract space.
struct GroupSearch {
    k: usize,
    table: Vec<u8>,
    /// For each placement, the blank squares already covered by a visited state.
    seen: Vec<u16>,
    level: u8,
    frontier: Vec<u32>,
    next: Vec<u32>,
    cursor: usize,
    expanded: u64,
    reached: usize,
    /// `neighbour_list[s]`: squares next to `s`, as a bit mask.
    neighbour_mask: [u32; SQUARES],
    /// See [`region_table`].
    regions: Vec<u16>,
}

impl GroupSearch {
    fn new(home: &[u8], blank: usize) -> GroupSearch {
        let k = home.len();
        let size = 1usize << (4 * k);
        let mut table = vec![UNSEEN; size];
        let mut seen = vec![0u16; size];
        let start = index_of(home);
        let occupied = home.iter().fold(0u32, |m, &s| m | 1 << s);
        seen[start] = flood(blank, ALL & !occupied) as u16;
        table[start] = 0;
        let mut neighbour_mask = [0u32; SQUARES];
        for (s, m) in neighbour_mask.iter_mut().enumerate() {
            *m = neighbours(s).fold(0, |m, n| m | 1 << n);
        }
        GroupSearch {
            k,
            table,
            seen,
            level: 0,
            frontier: vec![(start as u32) << 4 | blank as u32],
            next: Vec::new(),
            cursor: 0,
            expanded: 0,
            reached: 1,
            neighbour_mask,
            regions: region_table(),
        }
    }

    /// Expands states until the budget runs out (false) or the space is exhausted (true).
    fn run(&mut self, left: &mut u64) -> bool {
        loop {
            if self.cursor == self.frontier.len() {
                // Done when nothing is left, or as soon as every placement has its distance:
                // the states still queued could only reach placements already valued.
                if self.next.is_empty() || self.reached == placements(self.k) {
                    self.seen = Vec::new();
                    self.regions = Vec::new();
                    return true;
                }
                std::mem::swap(&mut self.frontier, &mut self.next);
                self.frontier.sort_unstable();
                self.next.clear();
                self.cursor = 0;
                self.level += 1;
            }
            if *left == 0 {
                return false;
            }
            *left -= 1;
            let state = self.frontier[self.cursor];
            self.cursor += 1;
            // One copy of the expansion per group size, with its loops unrolled.
            match self.k {
                6 => self.expand::<6>(state),
                3 => self.expand::<3>(state),
                _ => self.expand::<0>(state),
            }
        }
    }

    #[inline]
    /// Expands one state; `K` is the group's size when known at compile time, 0 otherwise.
    fn expand<const K: usize>(&mut self, state: u32) {
        let k = if K == 0 { self.k } else { K };
        self.expanded += 1;
        let index = (state >> 4) as usize;
        let blank = (state & 0xF) as usize;
        let mut occupied = 0u32;
        for n in 0..k {
            occupied |= 1 << ((index >> (4 * n)) & 0xF);
        }
        let free = ALL & !occupied;
        let reach = u32::from(self.regions[(free << 4) as usize | blank]);
        for n in 0..k {
            let from = (index >> (4 * n)) & 0xF;
            let mut targets = self.neighbour_mask[from] & reach;
            while targets != 0 {
                let to = targets.trailing_zeros() as usize;
                targets &= targets - 1;
                let next = index + (to << (4 * n)) - (from << (4 * n));
                if self.seen[next] & (1 << from) != 0 {
                    continue;
                }
                let now_free = free ^ (1 << from) ^ (1 << to);
                let seen = self.seen[next];
                if seen == 0 {
                    // The first visit of this placement: the shortest distance to it.
                    self.table[next] = self.level + 1;
                    self.reached += 1;
                }
                self.seen[next] = seen | self.regions[(now_free << 4) as usize | from];
                self.next.push((next as u32) << 4 | from as u32);
            }
        }
    }
}

/// Databases built so far in this process, most recently used last (each 32 MiB).
static CACHE: Mutex<Vec<Arc<PatternDb>>> = Mutex::new(Vec::new());
/// Databases kept at once: both named goals and one custom goal.
const KEEP: usize = 3;

/// The database for `goal` if it is built already.
pub fn cached(goal: &Board) -> Option<Arc<PatternDb>> {
    let cache = CACHE.lock().unwrap_or_else(|e| e.into_inner());
    cache.iter().find(|db| db.goal() == goal).cloned()
}

/// Keeps a database for later searches (dropping the least recently added beyond three).
pub fn install(db: PatternDb) -> Arc<PatternDb> {
    let db = Arc::new(db);
    let mut cache = CACHE.lock().unwrap_or_else(|e| e.into_inner());
    cache.retain(|d| d.goal() != db.goal());
    cache.push(db.clone());
    if cache.len() > KEEP {
        cache.remove(0);
    }
    db
}

/// Held while a database is built, so threads asking for the same goal build it once.
static BUILDING: Mutex<()> = Mutex::new(());

/// The database for `goal`, built now if need be (under three seconds natively).
pub fn shared(goal: &Board) -> Result<Arc<PatternDb>, String> {
    if let Some(db) = cached(goal) {
        return Ok(db);
    }
    let _building = BUILDING.lock().unwrap_or_else(|e| e.into_inner());
    if let Some(db) = cached(goal) {
        return Ok(db);
    }
    Ok(install(Builder::new(goal)?.finish()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::random::Rng;
    use crate::scramble::random_walk;
    use std::collections::HashMap;

    #[test]
    fn regions_cover_every_square_but_the_blank_once() {
        let mut all: Vec<u8> = REGIONS.concat();
        all.sort_unstable();
        assert_eq!(all, (0..15).collect::<Vec<u8>>());
    }

    #[test]
    fn groups_follow_the_goal() {
        let last = groups_for(&Board::blank_last(4, 4).unwrap()).unwrap();
        assert_eq!(last[0], [1, 5, 6, 9, 10, 13]);
        assert_eq!(last[1], [7, 8, 11, 12, 14, 15]);
        assert_eq!(last[2], [2, 3, 4]);
        let first = groups_for(&Board::blank_first(4, 4).unwrap()).unwrap();
        assert_eq!(first[2], [14, 13, 12]);
        assert!(unsupported_reason(&Board::blank_last(3, 3).unwrap()).is_some());
    }

    #[test]
    fn mirror_images_of_corners_stay_put() {
        for c in [0, 3, 12, 15] {
            assert_eq!(mirror_square(corner(c).unwrap(), c), c);
        }
        assert_eq!(mirror_square(3, 1), 4);
        assert_eq!(mirror_square(1, 0), 15);
    }

    /// Distances in the abstract space of a small group by plain BFS over (placement, blank
    /// square), with the blank's own moves free: the definition the region search shortcuts.
    fn reference(home: &[u8], blank: usize) -> HashMap<Vec<u8>, u8> {
        let mut best: HashMap<Vec<u8>, u8> = HashMap::new();
        let mut dist: HashMap<(Vec<u8>, usize), u8> = HashMap::new();
        let mut deque = std::collections::VecDeque::new();
        dist.insert((home.to_vec(), blank), 0);
        deque.push_back((home.to_vec(), blank));
        while let Some((tiles, b)) = deque.pop_front() {
            let d = dist[&(tiles.clone(), b)];
            let e = best.entry(tiles.clone()).or_insert(d);
            *e = (*e).min(d);
            for n in neighbours(b) {
                let mut t = tiles.clone();
                let cost = match t.iter().position(|&s| s as usize == n) {
                    Some(i) => {
                        t[i] = b as u8;
                        1
                    }
                    None => 0,
                };
                let key = (t, n);
                if dist.get(&key).is_none_or(|&old| old > d + cost) {
                    dist.insert(key.clone(), d + cost);
                    if cost == 0 {
                        deque.push_front(key);
                    } else {
                        deque.push_back(key);
                    }
                }
            }
        }
        best
    }

    #[test]
    fn region_search_equals_plain_search_on_small_groups() {
        for (home, blank) in [
            (&[1u8, 2, 3][..], 15),
            (&[5, 10][..], 0),
            (&[14, 13, 12][..], 0),
        ] {
            let mut search = GroupSearch::new(home, blank);
            assert!(search.run(&mut u64::MAX.clone()));
            let want = reference(home, blank);
            assert_eq!(want.len(), placements(home.len()));
            for (squares, d) in want {
                assert_eq!(search.table[index_of(&squares)], d, "{squares:?}");
            }
        }
    }

    #[test]
    fn stored_tables_read_back_and_damage_is_noticed() {
        let goal = Board::blank_last(4, 4).unwrap();
        let db = shared(&goal).unwrap();
        let bytes = db.to_bytes();
        let back = PatternDb::from_bytes(&goal, &bytes).unwrap();
        for g in 0..GROUPS {
            assert!(back.tables[g][..] == db.tables[g][..]);
        }
        let mut broken = bytes.clone();
        broken[1000] ^= 1;
        assert!(PatternDb::from_bytes(&goal, &broken).is_none());
        assert!(PatternDb::from_bytes(&Board::blank_first(4, 4).unwrap(), &bytes).is_none());
        assert!(PatternDb::from_bytes(&goal, &bytes[..bytes.len() - 9]).is_none());
    }

    #[test]
    fn incremental_lookups_equal_fresh_ones_and_the_goal_is_zero() {
        let mut rng = Rng::seeded(5);
        for goal in [
            Board::blank_last(4, 4).unwrap(),
            Board::blank_first(4, 4).unwrap(),
        ] {
            let db = shared(&goal).unwrap();
            assert_eq!(db.estimate_board(&goal), 0);
            let (mut board, _) = random_walk(&goal, 60, &mut rng);
            let mut l = db.lookup(|s| board.tile(s));
            for _ in 0..500 {
                let legal: Vec<_> = board.legal_moves().collect();
                let m = legal[rng.below(legal.len() as u64) as usize];
                let to = board.blank();
                let from = m.blank_target(to, 4, 4).unwrap();
                l = db.slide(&l, board.tile(from), from, to);
                board.apply(m);
                assert_eq!(l, db.lookup(|s| board.tile(s)), "{board}");
            }
        }
    }
}
