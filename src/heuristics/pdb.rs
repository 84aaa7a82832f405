//! Additive pattern databases for the 15- and 24-puzzles.
//!
//! The tiles are split into disjoint groups: six, six and three on the 4×4 board (Korf and
//! Felner's 6-6-3, 2002), five, five, five, five and four on the 5×5. For each group a table holds,
//! for every placement of its tiles (the other tiles unlabelled), the fewest moves *of that group's
//! tiles* that bring them home. Since no move belongs to two groups, the values add up to a lower
//! bound on the whole board.
//!
//! **Two lookups for one table.** Both named goals look the same when mirrored across the
//! diagonal through the blank's corner, so a board's mirror image is as far from the goal as the
//! board itself. The groups are not symmetric, so the mirror image reads *different* entries of the
//! same tables, and the larger of the two sums is still a lower bound (Felner et al., 2004).
//!
//! **Indexing.** A placement is indexed by its tiles' squares as digits in base "squares of the
//! board" (`16^6` entries, 16 MiB, a 15-puzzle six-tile table; `25^5`, 9.3 MiB, a 24-puzzle
//! five-tile one), so a move changes an index by one addition and a search never ranks a
//! permutation.
//!
//! **Building.** Breadth-first search backwards from the goal over placements *and* the region the
//! blank can roam without moving a group tile: moves of other tiles are free, so the blank's whole
//! region is one state. About 6 million states a group, resumable in slices (see [`Builder`]) so
//! a Web Worker can report progress.

use crate::board::Board;
use std::fmt;
use std::sync::{Arc, Mutex};

/// Most groups in a database (the 24-puzzle's five).
pub const MAX_GROUPS: usize = 5;
/// Most squares of a board with databases (5×5).
const MAX_SQUARES: usize = 25;
/// Entries of a table not yet reached (and of squares no placement uses).
const UNSEEN: u8 = u8::MAX;

/// How one board size is split into groups.
struct Layout {
    side: usize,
    /// Goal squares of each group when the blank's goal is the bottom-right corner.
    regions: &'static [&'static [u8]],
    /// Names the stored format: a different split or indexing must change it.
    format: &'static [u8; 16],
}

/// The 15-puzzle: Korf and Felner's 6-6-3 split. The left two columns but the top-right square,
/// the lower-right block, and the top row's last three:
///
/// ```text
/// A C C C
/// A A B B
/// A A B B
/// A B B .
/// ```
const FIFTEEN: Layout = Layout {
    side: 4,
    regions: &[&[0, 4, 5, 8, 9, 12], &[6, 7, 10, 11, 13, 14], &[1, 2, 3]],
    format: b"slide-pdb-663-v1",
};

/// The 24-puzzle: four compact groups of five and the four tiles around the blank (a split small
/// enough to build in seconds, 39 MB; Korf and Felner's optimal solver used 6-6-6-6, ten times
/// more).
///
/// ```text
/// A A A B B
/// A A B B B
/// C C D D D
/// C C D D E
/// C E E E .
/// ```
const TWENTY_FOUR: Layout = Layout {
    side: 5,
    regions: &[
        &[0, 1, 2, 5, 6],
        &[3, 4, 7, 8, 9],
        &[10, 11, 15, 16, 20],
        &[12, 13, 14, 17, 18],
        &[19, 21, 22, 23],
    ],
    format: b"slide-pdb-5x5-v1",
};

fn layout(side: usize) -> Option<&'static Layout> {
    [&FIFTEEN, &TWENTY_FOUR]
        .into_iter()
        .find(|l| l.side == side)
}

/// Why no pattern database fits a goal.
pub fn unsupported_reason(goal: &Board) -> Option<String> {
    let (w, h) = (goal.width(), goal.height());
    if w != h || layout(w).is_none() {
        return Some(format!(
            "pattern databases are built for the 4×4 and 5×5 boards, not {w}×{h}"
        ));
    }
    corner(w, goal.blank()).is_none().then(|| {
        "pattern databases need the goal's blank in a corner (blank last or blank first)".into()
    })
}

/// Which corner a square is: 0 top-left, 1 top-right, 2 bottom-left, 3 bottom-right.
fn corner(side: usize, square: usize) -> Option<usize> {
    let n = side * side;
    [0, side - 1, n - side, n - 1]
        .iter()
        .position(|&c| c == square)
}

/// The symmetry of the square taking the bottom-right corner to `corner`, applied to `square`.
fn orient(side: usize, corner: usize, square: usize) -> usize {
    let (r, c) = (square / side, square % side);
    let last = side - 1;
    let (r, c) = match corner {
        0 => (last - r, last - c),
        1 => (last - r, c),
        2 => (r, last - c),
        _ => (r, c),
    };
    r * side + c
}

/// The mirror image of `square` across the diagonal through `corner`.
fn mirror_square(side: usize, corner: usize, square: usize) -> usize {
    let (r, c) = (square / side, square % side);
    let last = side - 1;
    match corner {
        0 | 3 => c * side + r,
        _ => (last - c) * side + (last - r),
    }
}

/// Where each group's tiles stand in a board and in its mirror image: the table indices, and the
/// entries they read. Searches keep one per node and update it per move.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Lookup {
    index: [u32; MAX_GROUPS],
    mirrored: [u32; MAX_GROUPS],
    value: [u8; MAX_GROUPS],
    mirrored_value: [u8; MAX_GROUPS],
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

/// How one tile's move changes a [`Lookup`]: a tile is one digit of its group's index, in base
/// "squares of the board", so a move adds `(to - from) · place`.
#[derive(Clone, Copy, Debug, Default)]
struct TileRole {
    group: u8,
    mirrored_group: u8,
    place: u32,
    mirrored_place: u32,
}

/// The tables for one goal.
pub struct PatternDb {
    goal: Board,
    /// Each group's tiles, in index order (tile `i` of a group is digit `i` of the index).
    groups: Vec<Vec<u8>>,
    tables: Vec<Vec<u8>>,
    /// Indexed by tile; the blank's entry is unused.
    roles: [TileRole; MAX_SQUARES],
    /// Mirror image of each square.
    mirror: [u8; MAX_SQUARES],
    format: &'static [u8; 16],
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

    /// Memory held by the tables.
    pub fn bytes(&self) -> usize {
        self.tables.iter().map(|t| t.len()).sum()
    }

    /// A group's table entry for its tiles on `squares` (in the group's tile order).
    pub fn entry(&self, group: usize, squares: &[u8]) -> u8 {
        self.tables[group][index_of(squares, self.goal.len())]
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
            l.index[role.group as usize] += s as u32 * role.place;
            l.mirrored[role.mirrored_group as usize] +=
                u32::from(self.mirror[s]) * role.mirrored_place;
        }
        for (g, table) in self.tables.iter().enumerate() {
            l.value[g] = table[l.index[g] as usize];
            l.mirrored_value[g] = table[l.mirrored[g] as usize];
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
        next.index[g] = l.index[g] + to as u32 * role.place - from as u32 * role.place;
        let v = self.tables[g][next.index[g] as usize];
        next.sum = l.sum + u32::from(v) - u32::from(l.value[g]);
        next.value[g] = v;
        let (mf, mt) = (u32::from(self.mirror[from]), u32::from(self.mirror[to]));
        let mg = role.mirrored_group as usize;
        next.mirrored[mg] = l.mirrored[mg] + mt * role.mirrored_place - mf * role.mirrored_place;
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
    fn assemble(goal: &Board, groups: Vec<Vec<u8>>, tables: Vec<Vec<u8>>) -> PatternDb {
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
            groups,
            tables,
            roles,
            mirror,
            format: layout(side).map_or(FIFTEEN.format, |l| l.format),
        }
    }

    /// The stored form's name and version, e.g. `pdb-663-v1` (part of a cache entry's address).
    pub fn format_name(goal: &Board) -> &'static str {
        match goal.width() {
            5 => "pdb-5x5-v1",
            _ => "pdb-663-v1",
        }
    }

    /// The tables in a compact form for storage: a header naming the goal, then each table's
    /// entries for the placements that exist (5,765,760 of the 16,777,216 indices of a 15-puzzle
    /// six-tile table), then a checksum.
    pub fn to_bytes(&self) -> Vec<u8> {
        let n = self.goal.len();
        let mut out = Vec::with_capacity(self.bytes() * 2 / 3);
        out.extend_from_slice(self.format);
        out.extend_from_slice(self.goal.tiles());
        for (tiles, table) in self.groups.iter().zip(&self.tables) {
            out.push(tiles.len() as u8);
            out.extend_from_slice(tiles);
            for_each_placement(tiles.len(), n, |index| out.push(table[index]));
        }
        let sum = checksum(&out);
        out.extend_from_slice(&sum.to_le_bytes());
        out
    }

    /// Reads what [`PatternDb::to_bytes`] wrote, for `goal`; `None` if the bytes are for another
    /// goal or version, or damaged.
    pub fn from_bytes(goal: &Board, bytes: &[u8]) -> Option<PatternDb> {
        let layout = layout(goal.width())?;
        let n = goal.len();
        let body_len = bytes.len().checked_sub(8)?;
        let (body, sum) = bytes.split_at(body_len);
        if checksum(body).to_le_bytes() != sum {
            return None;
        }
        let rest = body.strip_prefix(layout.format)?;
        let (tiles, mut rest) = rest.split_at_checked(n)?;
        if tiles != goal.tiles() {
            return None;
        }
        let expected = groups_for(goal)?;
        let mut tables = Vec::with_capacity(expected.len());
        for group in &expected {
            let (&k, after) = rest.split_first()?;
            let (listed, after) = after.split_at_checked(k as usize)?;
            if listed != group.as_slice() {
                return None;
            }
            let count = placements(group.len(), n);
            let (values, after) = after.split_at_checked(count)?;
            let mut table = vec![UNSEEN; n.pow(group.len() as u32)];
            let mut next = values.iter();
            for_each_placement(group.len(), n, |index| {
                table[index] = *next.next().unwrap_or(&UNSEEN);
            });
            tables.push(table);
            rest = after;
        }
        rest.is_empty()
            .then(|| PatternDb::assemble(goal, expected, tables))
    }
}

/// FNV-1a, 64 bits: enough to notice a truncated or damaged cache entry.
fn checksum(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
    })
}

/// The table index of a group's tiles on `squares`, on a board of `n` squares.
fn index_of(squares: &[u8], n: usize) -> usize {
    squares.iter().rev().fold(0, |i, &s| i * n + usize::from(s))
}

/// Placements of `k` distinct tiles on a board of `n` squares: n!/(n-k)!.
pub fn placements(k: usize, n: usize) -> usize {
    (n - k + 1..=n).product()
}

/// Calls `f` with the index of every placement of `k` distinct tiles on `n` squares, in
/// increasing index order.
fn for_each_placement(k: usize, n: usize, mut f: impl FnMut(usize)) {
    // The last tile's square is the most significant digit, so it is the outer loop.
    fn place(d: usize, n: usize, used: u32, index: usize, f: &mut impl FnMut(usize)) {
        let weight = n.pow(d as u32);
        for s in 0..n {
            if used & (1 << s) == 0 {
                let index = index + s * weight;
                if d == 0 {
                    f(index);
                } else {
                    place(d - 1, n, used | 1 << s, index, f);
                }
            }
        }
    }
    if k > 0 {
        place(k - 1, n, 0, 0, &mut f);
    }
}

/// The tiles of each group for a goal (by their goal squares), or `None` if no database fits it.
fn groups_for(goal: &Board) -> Option<Vec<Vec<u8>>> {
    if unsupported_reason(goal).is_some() {
        return None;
    }
    let side = goal.width();
    let corner = corner(side, goal.blank())?;
    Some(
        layout(side)?
            .regions
            .iter()
            .map(|region| {
                region
                    .iter()
                    .map(|&s| goal.tile(orient(side, corner, s as usize)))
                    .collect()
            })
            .collect(),
    )
}

/// Builds the tables for a goal a slice at a time.
pub struct Builder {
    goal: Board,
    groups: Vec<Vec<u8>>,
    tables: Vec<Vec<u8>>,
    /// The search of the group being built (group `tables.len()`).
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
            tables: Vec::new(),
            search: None,
            states: 0,
        })
    }

    /// Expands up to `slice` more states; the database once all tables are complete.
    pub fn step(&mut self, slice: u64) -> Option<PatternDb> {
        let mut left = slice;
        while self.tables.len() < self.groups.len() {
            let search = self.search.get_or_insert_with(|| {
                let home: Vec<u8> = self.groups[self.tables.len()]
                    .iter()
                    .map(|&t| self.goal.position_of(t) as u8)
                    .collect();
                GroupSearch::new(&home, self.goal.blank(), self.goal.width())
            });
            let before = search.expanded();
            let done = search.run(&mut left);
            self.states += search.expanded() - before;
            if !done {
                return None;
            }
            if let Some(search) = self.search.take() {
                self.tables.push(search.into_table());
            }
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
        let n = self.goal.len();
        let total: usize = self.groups.iter().map(|g| placements(g.len(), n)).sum();
        let done: usize = self.groups[..self.tables.len()]
            .iter()
            .map(|g| placements(g.len(), n))
            .sum::<usize>()
            + self.search.as_ref().map_or(0, |s| s.reached());
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

/// The squares of a `side`×`side` board as bit masks, and the blank's regions.
#[derive(Clone)]
struct Grid {
    side: usize,
    all: u32,
    left_column: u32,
    right_column: u32,
    /// `neighbours[s]`: squares next to `s`.
    neighbours: [u32; MAX_SQUARES],
    /// On the 4×4 board, every flood worked out once (see [`Grid::region_table`]); empty on
    /// larger boards, where [`Grid::flood`] runs per state.
    regions: Vec<u16>,
}

impl Grid {
    fn new(side: usize) -> Grid {
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
    fn flood(&self, start: usize, free: u32) -> u32 {
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
    fn region(&self, free: u32, start: usize) -> u32 {
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

/// The blank squares already covered, per placement: 16 bits on the 4×4 board (half the memory
/// traffic of the build), 32 beyond.
trait Covered: Copy + Default {
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

/// Sorts states (below 2^30) in two passes of 15 bits, `scratch` as the buffer: several times
/// faster than a comparison sort on the millions of states of a level.
fn radix_sort(states: &mut Vec<u32>, scratch: &mut Vec<u32>) {
    const BITS: u32 = 15;
    const BUCKETS: usize = 1 << BITS;
    if states.len() < 1 << 12 {
        states.sort_unstable();
        return;
    }
    debug_assert!(states.iter().all(|&s| s < 1 << (2 * BITS)));
    let mut counts = vec![0usize; BUCKETS];
    for pass in 0..2 {
        let shift = pass * BITS;
        counts.fill(0);
        for &s in states.iter() {
            counts[((s >> shift) as usize) & (BUCKETS - 1)] += 1;
        }
        let mut total = 0;
        for c in counts.iter_mut() {
            let n = *c;
            *c = total;
            total += n;
        }
        scratch.clear();
        scratch.resize(states.len(), 0);
        for &s in states.iter() {
            let bucket = &mut counts[((s >> shift) as usize) & (BUCKETS - 1)];
            scratch[*bucket] = s;
            *bucket += 1;
        }
        std::mem::swap(states, scratch);
    }
}

/// One group's breadth-first search, by board size.
enum GroupSearch {
    Small(Search<u16>),
    Large(Search<u32>),
}

impl GroupSearch {
    fn new(home: &[u8], blank: usize, side: usize) -> GroupSearch {
        let grid = Grid::new(side);
        if side * side <= 16 {
            GroupSearch::Small(Search::new(home, blank, grid))
        } else {
            GroupSearch::Large(Search::new(home, blank, grid))
        }
    }

    fn run(&mut self, left: &mut u64) -> bool {
        match self {
            GroupSearch::Small(s) => s.run(left),
            GroupSearch::Large(s) => s.run(left),
        }
    }

    fn expanded(&self) -> u64 {
        match self {
            GroupSearch::Small(s) => s.expanded,
            GroupSearch::Large(s) => s.expanded,
        }
    }

    fn reached(&self) -> usize {
        match self {
            GroupSearch::Small(s) => s.reached,
            GroupSearch::Large(s) => s.reached,
        }
    }

    fn into_table(self) -> Vec<u8> {
        match self {
            GroupSearch::Small(s) => s.table,
            GroupSearch::Large(s) => s.table,
        }
    }
}

/// Breadth-first search of one group's abstract space. A state is a placement's index and the
/// blank's square, packed as `index << 5 | blank`.
struct Search<C> {
    k: usize,
    n: usize,
    table: Vec<u8>,
    /// For each placement, the blank squares already covered by a visited state.
    seen: Vec<C>,
    level: u8,
    frontier: Vec<u32>,
    next: Vec<u32>,
    cursor: usize,
    expanded: u64,
    reached: usize,
    grid: Grid,
}

impl<C: Covered> Search<C> {
    fn new(home: &[u8], blank: usize, grid: Grid) -> Search<C> {
        let k = home.len();
        let n = grid.side * grid.side;
        let size = n.pow(k as u32);
        debug_assert!(size << 5 <= u32::MAX as usize, "states must fit 32 bits");
        let mut table = vec![UNSEEN; size];
        let mut seen = vec![C::default(); size];
        let start = index_of(home, n);
        let occupied = home.iter().fold(0u32, |m, &s| m | 1 << s);
        seen[start] = C::from_bits(grid.flood(blank, grid.all & !occupied));
        table[start] = 0;
        Search {
            k,
            n,
            table,
            seen,
            level: 0,
            frontier: vec![(start as u32) << 5 | blank as u32],
            next: Vec::new(),
            cursor: 0,
            expanded: 0,
            reached: 1,
            grid,
        }
    }

    /// Expands states until the budget runs out (false) or the space is exhausted (true).
    fn run(&mut self, left: &mut u64) -> bool {
        loop {
            if self.cursor == self.frontier.len() {
                // Done when nothing is left, or as soon as every placement has its distance:
                // the states still queued could only reach placements already valued.
                if self.next.is_empty() || self.reached == placements(self.k, self.n) {
                    self.seen = Vec::new();
                    return true;
                }
                // In index order, the next level's table reads go mostly forward in memory.
                std::mem::swap(&mut self.frontier, &mut self.next);
                radix_sort(&mut self.frontier, &mut self.next);
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
            // One copy of the expansion per board and group size, with its loops unrolled.
            match (self.n, self.k) {
                (16, 6) => self.expand::<16, 6>(state),
                (16, 3) => self.expand::<16, 3>(state),
                (25, 5) => self.expand::<25, 5>(state),
                (25, 4) => self.expand::<25, 4>(state),
                _ => self.expand::<0, 0>(state),
            }
        }
    }

    #[inline]
    /// Expands one state; `N` and `K` are the board's squares and the group's size when known at
    /// compile time, 0 otherwise.
    fn expand<const N: usize, const K: usize>(&mut self, state: u32) {
        let n = if N == 0 { self.n } else { N };
        let k = if K == 0 { self.k } else { K };
        self.expanded += 1;
        let index = (state >> 5) as usize;
        let blank = (state & 0x1F) as usize;
        let mut occupied = 0u32;
        let mut squares = [0usize; MAX_GROUPS + 1];
        let mut rest = index;
        for square in squares.iter_mut().take(k) {
            *square = rest % n;
            rest /= n;
            occupied |= 1 << *square;
        }
        let free = self.grid.all & !occupied;
        let reach = self.grid.region(free, blank);
        let mut place = 1;
        for &from in squares.iter().take(k) {
            let mut targets = self.grid.neighbours[from] & reach;
            while targets != 0 {
                let to = targets.trailing_zeros() as usize;
                targets &= targets - 1;
                let next = index + to * place - from * place;
                let seen = self.seen[next].bits();
                if seen & (1 << from) != 0 {
                    continue;
                }
                let now_free = free ^ (1 << from) ^ (1 << to);
                if seen == 0 {
                    // The first visit of this placement: the shortest distance to it.
                    self.table[next] = self.level + 1;
                    self.reached += 1;
                }
                self.seen[next] = C::from_bits(seen | self.grid.region(now_free, from));
                self.next.push((next as u32) << 5 | from as u32);
            }
            place *= n;
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
        for layout in [&FIFTEEN, &TWENTY_FOUR] {
            let mut all: Vec<u8> = layout.regions.concat();
            all.sort_unstable();
            let n = (layout.side * layout.side) as u8;
            assert_eq!(all, (0..n - 1).collect::<Vec<u8>>());
            assert!(layout.regions.len() <= MAX_GROUPS);
        }
    }

    #[test]
    fn groups_follow_the_goal() {
        let last = groups_for(&Board::blank_last(4, 4).unwrap()).unwrap();
        assert_eq!(last[0], [1, 5, 6, 9, 10, 13]);
        assert_eq!(last[1], [7, 8, 11, 12, 14, 15]);
        assert_eq!(last[2], [2, 3, 4]);
        let first = groups_for(&Board::blank_first(4, 4).unwrap()).unwrap();
        assert_eq!(first[2], [14, 13, 12]);
        let last = groups_for(&Board::blank_last(5, 5).unwrap()).unwrap();
        assert_eq!(last[4], [20, 22, 23, 24]);
        let first = groups_for(&Board::blank_first(5, 5).unwrap()).unwrap();
        assert_eq!(first[4], [5, 3, 2, 1]);
        assert!(unsupported_reason(&Board::blank_last(3, 3).unwrap()).is_some());
        assert!(unsupported_reason(&Board::blank_last(4, 5).unwrap()).is_some());
    }

    #[test]
    fn mirror_images_of_corners_stay_put() {
        for side in [4, 5] {
            let n = side * side;
            for c in [0, side - 1, n - side, n - 1] {
                assert_eq!(mirror_square(side, corner(side, c).unwrap(), c), c);
            }
        }
        assert_eq!(mirror_square(4, 3, 1), 4);
        assert_eq!(mirror_square(4, 1, 0), 15);
        assert_eq!(mirror_square(5, 3, 7), 11);
    }

    /// Distances in the abstract space of a small group by plain BFS over (placement, blank
    /// square), with the blank's own moves free: the definition the region search shortcuts.
    fn reference(home: &[u8], blank: usize, side: usize) -> HashMap<Vec<u8>, u8> {
        let grid = Grid::new(side);
        let mut best: HashMap<Vec<u8>, u8> = HashMap::new();
        let mut dist: HashMap<(Vec<u8>, usize), u8> = HashMap::new();
        let mut deque = std::collections::VecDeque::new();
        dist.insert((home.to_vec(), blank), 0);
        deque.push_back((home.to_vec(), blank));
        while let Some((tiles, b)) = deque.pop_front() {
            let d = dist[&(tiles.clone(), b)];
            let e = best.entry(tiles.clone()).or_insert(d);
            *e = (*e).min(d);
            let mut next = grid.neighbours[b];
            while next != 0 {
                let n = next.trailing_zeros() as usize;
                next &= next - 1;
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
        for (home, blank, side) in [
            (&[1u8, 2, 3][..], 15, 4),
            (&[5, 10][..], 0, 4),
            (&[14, 13, 12][..], 0, 4),
            (&[23, 19][..], 24, 5),
            (&[1, 2, 5][..], 0, 5),
        ] {
            let mut search = GroupSearch::new(home, blank, side);
            assert!(search.run(&mut u64::MAX.clone()));
            let n = side * side;
            let table = search.into_table();
            let want = reference(home, blank, side);
            assert_eq!(want.len(), placements(home.len(), n));
            for (squares, d) in want {
                assert_eq!(table[index_of(&squares, n)], d, "{squares:?}");
            }
        }
    }

    #[test]
    fn stored_tables_read_back_and_damage_is_noticed() {
        let goal = Board::blank_last(4, 4).unwrap();
        let db = shared(&goal).unwrap();
        let bytes = db.to_bytes();
        let back = PatternDb::from_bytes(&goal, &bytes).unwrap();
        for g in 0..db.groups().len() {
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
