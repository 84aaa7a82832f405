//! Building the tables: breadth-first search backwards from the goal over a group's placements
//! *and* the region the blank can roam without moving a group tile. Moves of other tiles are
//! free, so the blank's whole region is one state: about 6 million states a six-tile group of
//! the 15-puzzle. Resumable in slices (see [`Builder`]), so a Web Worker can report progress.

use super::grid::{Covered, Grid};
use super::partition::{MAX_GROUPS, RANKED, Split, UNSEEN};
use super::partition::{NoDatabase, groups_for, homes, index_of, placements, unsupported_reason};
use super::scan::Scan;
use super::tables::{Direct, PatternDb, Table};
use crate::puzzle::board::Board;

/// Builds the tables for a goal a slice at a time.
pub struct Builder {
    goal: Board,
    split: Split,
    groups: Vec<Vec<u8>>,
    tables: Vec<Table>,
    /// The search of the group being built (group `tables.len()`).
    search: Option<GroupSearch>,
    states: u64,
}

impl Builder {
    /// Starts building the standard tables (6-6-3 on the 4×4 board) for `goal`; fails for a
    /// goal no database fits.
    pub fn new(goal: &Board) -> Result<Builder, NoDatabase> {
        Builder::with_split(goal, Split::SixSixThree)
    }

    /// Starts building the tables of `split` for `goal` (the 5×5 board has one split).
    pub fn with_split(goal: &Board, split: Split) -> Result<Builder, NoDatabase> {
        let groups = groups_for(goal, split).ok_or_else(|| {
            // Every goal unsupported_reason lets through has groups: a corner blank on 4×4 or 5×5.
            unsupported_reason(goal).unwrap_or(NoDatabase::BlankNotInCorner)
        })?;
        Ok(Builder {
            goal: goal.clone(),
            split,
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
            let home = homes(&self.goal, &self.groups[self.tables.len()]);
            let side = self.goal.width();
            let search = self
                .search
                .get_or_insert_with(|| GroupSearch::new(&home, self.goal.blank(), side));
            let before = search.expanded();
            let done = search.run(&mut left);
            self.states += search.expanded() - before;
            if !done {
                return None;
            }
            if let Some(search) = self.search.take() {
                self.tables.push(search.into_table(&home, side));
            }
        }
        let tables = std::mem::take(&mut self.tables);
        let groups = self.groups.clone();
        Some(PatternDb::assemble(&self.goal, self.split, groups, tables))
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

/// One group's breadth-first search, by board and group size.
enum GroupSearch {
    Small(Search<u16>),
    Large(Search<u32>),
    /// Seven tiles of the 4×4 board: nine free squares.
    Seven(Scan<u16>),
    /// Eight tiles: eight free squares, a byte.
    Eight(Scan<u8>),
}

impl GroupSearch {
    fn new(home: &[u8], blank: usize, side: usize) -> GroupSearch {
        match (side * side, home.len()) {
            (16, 8) => GroupSearch::Eight(Scan::new(home, blank)),
            (16, k) if k >= RANKED => GroupSearch::Seven(Scan::new(home, blank)),
            (16, _) => GroupSearch::Small(Search::new(home, blank, Grid::new(side))),
            _ => GroupSearch::Large(Search::new(home, blank, Grid::new(side))),
        }
    }

    fn run(&mut self, left: &mut u64) -> bool {
        match self {
            GroupSearch::Small(s) => s.run(left),
            GroupSearch::Large(s) => s.run(left),
            GroupSearch::Seven(s) => s.run(left),
            GroupSearch::Eight(s) => s.run(left),
        }
    }

    fn expanded(&self) -> u64 {
        match self {
            GroupSearch::Small(s) => s.expanded,
            GroupSearch::Large(s) => s.expanded,
            GroupSearch::Seven(s) => s.expanded(),
            GroupSearch::Eight(s) => s.expanded(),
        }
    }

    fn reached(&self) -> usize {
        match self {
            GroupSearch::Small(s) => s.reached,
            GroupSearch::Large(s) => s.reached,
            GroupSearch::Seven(s) => s.reached(),
            GroupSearch::Eight(s) => s.reached(),
        }
    }

    /// The table of the group whose goal squares are `home`, on a `side`×`side` board.
    fn into_table(self, home: &[u8], side: usize) -> Table {
        match self {
            GroupSearch::Small(s) => Table::Direct(Direct::from_entries(home, side, &s.table)),
            GroupSearch::Large(s) => Table::Direct(Direct::from_entries(home, side, &s.table)),
            GroupSearch::Seven(s) => Table::Packed(s.into_table()),
            GroupSearch::Eight(s) => Table::Packed(s.into_table()),
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

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;

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
            let table = search.into_table(home, side);
            let want = reference(home, blank, side);
            assert_eq!(want.len(), placements(home.len(), n));
            for (squares, d) in want {
                assert_eq!(table.read(index_of(&squares, n) as u32), d, "{squares:?}");
            }
        }
    }

    /// The ranked search (used for seven and eight tiles) on groups small enough to check.
    #[test]
    fn ranked_search_equals_plain_search_on_small_groups() {
        for (home, blank) in [
            (&[1u8, 2, 3][..], 15),
            (&[5, 10, 0][..], 15),
            (&[14, 13, 12, 8][..], 0),
            (&[0, 1, 2, 3, 4][..], 15),
        ] {
            let mut search = Scan::<u16>::new(home, blank);
            assert!(search.run(&mut u64::MAX.clone()));
            let table = Table::Packed(search.into_table());
            let want = reference(home, blank, 4);
            for (squares, d) in want {
                assert_eq!(table.read(index_of(&squares, 16) as u32), d, "{squares:?}");
            }
        }
    }
}
