//! The bounded best-first search that brings a group of a line's tiles home: a state is the
//! blank's square and the tracked tiles', each node keeps the board its path leads to, and the
//! other tiles' distance from home weighs in its priority.

use super::lone_tile::LoneTile;
use super::region::Region;
use super::tuning::{MAX_TRACKED, Tuning};
use super::work::Work;
use crate::heuristics::manhattan::squares_apart;
use crate::solver::rows_and_columns::ReductionError;
use rustc_hash::FxHashMap;
use std::cmp::Reverse;
use std::collections::BinaryHeap;
use std::collections::hash_map::Entry;

/// Nodes a line's search has room for from the start.
const ROOM: u64 = 1 << 15;

/// A state of a line's search: the blank's square, then each tracked tile's.
type State = [u8; MAX_TRACKED + 1];

/// A 64-bit hash of the first `k` tracked tiles' and the blank's squares (up to 77 bits).
fn pack(s: &State, k: usize) -> u64 {
    let wide = s[..=k]
        .iter()
        .fold(0u128, |acc, &p| (acc << 7) | u128::from(p));
    let (hi, lo) = ((wide >> 64) as u64, wide as u64);
    (lo ^ hi.wrapping_mul(0x9e37_79b9_7f4a_7c15)).wrapping_mul(0xff51_afd7_ed55_8ccd)
}

/// A node of a line's search.
struct Node {
    state: State,
    parent: u32,
    g: u32,
    /// The other tiles' distance from home, summed (their change from the start).
    others: i32,
}

/// The blank's squares, in order, that bring every tile of a line's `cells` home: a best-first
/// search, run a slice at a time.
///
/// A state is the blank's square and the tracked tiles'; the other tiles are not part of it,
/// but each node keeps the board its path leads to, so that the other tiles' Manhattan distance
/// can weigh in ([`Tuning::others`]): of two paths to one state, the one leaving the others
/// nearer home is kept.
pub(super) struct LineSearch {
    /// Tiles tracked, and which tiles they are (by tile number).
    k: usize,
    tracked: Vec<bool>,
    /// Weights: f = g + `wn/wd` × h + the others' distance in `od`ths of a move.
    wn: i64,
    wd: i64,
    od: i64,
    /// Each tile's weighted distance from home from every square, `away[tile * n + square]`
    /// (see [`LineSearch::distance`]), made once instead of at every move.
    away: Vec<i32>,
    budget: u64,
    nodes: Vec<Node>,
    /// Node i's board is `boards[i * n..(i + 1) * n]`.
    boards: Vec<u8>,
    /// The nodes by a 64-bit hash of their state (checked against the node's state: two states
    /// with one hash are then told apart, the second one not remembered).
    seen: FxHashMap<u64, u32>,
    open: BinaryHeap<Reverse<(i64, u32, u32)>>,
    expanded: u64,
}

impl LineSearch {
    pub(super) fn new(
        work: &Work,
        region: &Region,
        cells: &[(usize, u8)],
        costs: &[LoneTile],
        tuning: &Tuning,
    ) -> Result<LineSearch, ReductionError> {
        let n = work.at.len();
        let k = cells.len();
        if k > MAX_TRACKED {
            return Err(ReductionError("a line longer than ten tiles".into()));
        }
        let mut first: State = [0; MAX_TRACKED + 1];
        first[0] = work.blank() as u8;
        for (i, &(_, tile)) in cells.iter().enumerate() {
            first[i + 1] = work.at.iter().position(|&t| t == tile).unwrap_or(0) as u8;
        }
        let mut tracked = vec![false; n];
        for &(_, tile) in cells {
            tracked[usize::from(tile)] = true;
        }
        // Weights above 1 would let a cycle of the blank pay for itself (it can bring others
        // home), so they are held at 1.
        let od = i64::from(tuning.others.1.max(1));
        let budget = tuning
            .nodes_per_search
            .min(tuning.max_nodes.saturating_sub(work.expanded));
        // Room from the start for the nodes of a typical search (about two an expansion, and a
        // line takes thousands of expansions): growing the tables step by step (rehashing,
        // copying) took 5-10 % of the line searches' time in a profile.
        let room = (2 * budget).min(ROOM) as usize;
        let mut nodes = Vec::with_capacity(room);
        nodes.push(Node {
            state: first,
            parent: u32::MAX,
            g: 0,
            others: 0,
        });
        let mut boards = Vec::with_capacity(room * n);
        boards.extend_from_slice(&work.at);
        let on = i64::from(tuning.others.0).min(od);
        let mut away = vec![0; n * n];
        for (tile, row) in away.chunks_exact_mut(n).enumerate().skip(1) {
            let home = work.home[tile];
            let (hr, hc) = (home / region.w, home % region.w);
            let line = (hr.saturating_sub(region.top)).min(hc.saturating_sub(region.left));
            let weight = if line <= tuning.near { od } else { on };
            for (s, d) in row.iter_mut().enumerate() {
                *d = (weight * squares_apart(s, home, region.w) as i64) as i32;
            }
        }
        let mut search = LineSearch {
            k,
            tracked,
            wn: i64::from(tuning.weight.0),
            wd: i64::from(tuning.weight.1),
            od,
            away,
            budget,
            nodes,
            boards,
            seen: FxHashMap::with_capacity_and_hasher(room, Default::default()),
            open: BinaryHeap::new(),
            expanded: 0,
        };
        search.seen.insert(pack(&first, k), 0);
        let h0 = search.estimate(&first, cells, costs, n);
        search
            .open
            .push(Reverse((search.priority(0, h0, 0), h0, 0)));
        Ok(search)
    }

    /// The estimate: for each tracked tile away from home, its moves alone with the blank
    /// beside it, plus the blank's walk to the nearest such tile.
    fn estimate(&self, s: &State, cells: &[(usize, u8)], costs: &[LoneTile], n: usize) -> u32 {
        let b = s[0] as usize;
        let (mut sum, mut approach) = (0u32, u32::MAX);
        for i in 0..self.k {
            let p = s[i + 1] as usize;
            if p == cells[i].0 {
                continue;
            }
            // The tile's cost with the blank beside it, and the blank's extra walk to it.
            let here = u32::from(costs[i].with_blank[p * n + b]);
            let beside = u32::from(costs[i].beside[p]);
            sum += beside;
            approach = approach.min(here.saturating_sub(beside));
        }
        if approach == u32::MAX {
            0
        } else {
            sum + approach
        }
    }

    /// A tile's distance from home from square `s`, in `od`ths of a move: tiles whose home is
    /// in the line or the next [`Tuning::near`] lines count fully, the rest by the part
    /// [`Tuning::others`] says.
    fn distance(&self, n: usize, tile: u8, s: usize) -> i64 {
        i64::from(self.away[usize::from(tile) * n + s])
    }

    /// f = g + weight × h + the others' weighted distance, scaled to whole numbers.
    fn priority(&self, g: i64, h: u32, others: i64) -> i64 {
        self.od * (self.wd * g + self.wn * i64::from(h)) + self.wd * others
    }

    /// The part of the priority that differs between two paths to one state.
    fn kept(&self, g: i64, others: i64) -> i64 {
        self.od * g + others
    }

    /// Expands about `slice` more nodes; the blank's squares once every tile of `cells` is
    /// home, or an error once the budget is spent (the nodes then count in `work.expanded`).
    pub(super) fn step(
        &mut self,
        work: &mut Work,
        region: &Region,
        cells: &[(usize, u8)],
        costs: &[LoneTile],
        slice: u64,
    ) -> Option<Result<Vec<usize>, ReductionError>> {
        let n = work.at.len();
        let k = self.k;
        let until = self.expanded.saturating_add(slice);
        let mut board = vec![0u8; n];
        while let Some(Reverse((f, h, i))) = self.open.pop() {
            let node = &self.nodes[i as usize];
            let (state, g, others) = (node.state, node.g, i64::from(node.others));
            if self.expanded >= self.budget {
                work.expanded += self.expanded;
                let budget = self.budget;
                return Some(Err(ReductionError(format!(
                    "a line's search ran out of its {budget} nodes"
                ))));
            }
            if self.expanded >= until {
                // The slice is spent: the node waits in the queue for the next one.
                self.open.push(Reverse((f, h, i)));
                return None;
            }
            if f != self.priority(i64::from(g), h, others) {
                // A stale entry (the node was reached more cheaply since): skipped, but counted,
                // so that the budget bounds the queue too.
                self.expanded += 1;
                continue;
            }
            if h == 0 && (0..k).all(|t| state[t + 1] as usize == cells[t].0) {
                work.expanded += self.expanded;
                return Some(self.path(i));
            }
            self.expanded += 1;
            board.copy_from_slice(&self.boards[i as usize * n..(i as usize + 1) * n]);
            let b = state[0] as usize;
            for nb in region.neighbours(b) {
                let mut next = state;
                next[0] = nb as u8;
                let tile = board[nb];
                let mut others2 = others;
                if self.tracked[usize::from(tile)] {
                    if let Some(t) = (1..=k).find(|&t| next[t] as usize == nb) {
                        next[t] = b as u8;
                    }
                } else {
                    others2 += self.distance(n, tile, b) - self.distance(n, tile, nb);
                }
                let g2 = i64::from(g) + 1;
                let Some(j) = self.reach(next, i, g2, others2, &board) else {
                    continue;
                };
                let stored = &mut self.boards[j as usize * n..(j as usize + 1) * n];
                stored[b] = tile;
                stored[nb] = 0;
                let h2 = self.estimate(&next, cells, costs, n);
                let f2 = self.priority(g2, h2, others2);
                self.open.push(Reverse((f2, h2, j)));
            }
        }
        work.expanded += self.expanded;
        Some(Err(ReductionError(
            "a line cannot be placed (an internal error)".into(),
        )))
    }

    /// The node of state `next`, reached from node `i` in `g2` moves leaving the other tiles
    /// `others2` from home, its board `board` (node `i`'s, the move not yet made on it): a new
    /// node, or the one met before with its path replaced by this one; `None` if the path before
    /// was as good.
    #[inline]
    fn reach(&mut self, next: State, i: u32, g2: i64, others2: i64, board: &[u8]) -> Option<u32> {
        let n = board.len();
        let found = match self.seen.entry(pack(&next, self.k)) {
            Entry::Occupied(e) if self.nodes[*e.get() as usize].state == next => Some(*e.get()),
            Entry::Occupied(_) => None,
            Entry::Vacant(e) => {
                e.insert(self.nodes.len() as u32);
                None
            }
        };
        let j = match found {
            Some(j) => {
                let old = &self.nodes[j as usize];
                if self.kept(i64::from(old.g), i64::from(old.others)) <= self.kept(g2, others2) {
                    return None;
                }
                let old = &mut self.nodes[j as usize];
                old.parent = i;
                old.g = g2 as u32;
                old.others = others2 as i32;
                self.boards[j as usize * n..(j as usize + 1) * n].copy_from_slice(board);
                j
            }
            None => {
                self.nodes.push(Node {
                    state: next,
                    parent: i,
                    g: g2 as u32,
                    others: others2 as i32,
                });
                self.boards.extend_from_slice(board);
                (self.nodes.len() - 1) as u32
            }
        };
        Some(j)
    }

    /// The blank's squares along the path to node `i`.
    fn path(&self, i: u32) -> Result<Vec<usize>, ReductionError> {
        let mut path = Vec::new();
        let mut at = i;
        while self.nodes[at as usize].parent != u32::MAX {
            if path.len() > self.nodes.len() {
                return Err(ReductionError("a line's path runs in a circle".into()));
            }
            path.push(self.nodes[at as usize].state[0] as usize);
            at = self.nodes[at as usize].parent;
        }
        path.reverse();
        Ok(path)
    }
}
