//! A*, and the two searches that differ from it only in the priority of a node:
//!
//! - **A\***: f = g + h (depth plus estimate). With an admissible, consistent h the first time the
//!   goal leaves the queue its path is shortest, and a closed node never needs reopening.
//! - **Weighted A\***: f = g + w·h. Trusts the estimate more; solutions are at most w times longer.
//! - **Greedy best-first**: f = h. Heads straight for the goal by the estimate, ignoring the path
//!   so far: often few nodes, often a long solution.
//!
//! The open list is a `std::collections::BinaryHeap`; ties on f prefer the deeper node (it is
//! closer to a goal whose f equals it), which cuts A*'s expansions sharply on the last f layer.
//! A child with its parent's f is the next node the heap would give back, so it waits on a
//! plain stack instead (same order, half the heap work). Improved paths to open nodes are pushed
//! again and stale entries skipped on pop.

use super::arena::{Arena, INITIAL_CAPACITY, Node, Store};
use super::packed::{Packed, with_key_type};
use super::{Outcome, Stats, Step};
use crate::heuristics::Estimator;
use crate::puzzle::board::Board;
use crate::puzzle::moves::Neighbours;
use std::collections::BinaryHeap;
use std::collections::hash_map::Entry as MapEntry;

/// How a node's priority weighs depth `g` against estimate `h`: `f = g·g_weight + h·h_weight`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Priority {
    g_weight: u64,
    h_weight: u64,
}

impl Priority {
    /// A*: f = g + h.
    pub const ASTAR: Priority = Priority {
        g_weight: 1,
        h_weight: 1,
    };
    /// Greedy best-first: f = h.
    pub const GREEDY: Priority = Priority {
        g_weight: 0,
        h_weight: 1,
    };

    /// Weighted A*: f = g + w·h, with w rounded to sixteenths.
    pub fn weighted(w: f64) -> Priority {
        Priority {
            g_weight: 16,
            h_weight: (w * 16.0).round().max(16.0) as u64,
        }
    }

    #[inline]
    fn f(self, g: u32, h: u32) -> u64 {
        self.g_weight * u64::from(g) + self.h_weight * u64::from(h)
    }
}

/// An open-list entry packed in one `u64`, so the heap compares single integers: the greatest
/// pops first, so the top bits hold the *complement* of f, then g (deeper first), then the node's
/// index (newer first). f and g saturate, which can only blur the order of astronomically long
/// non-optimal searches; A*'s f values stay far below the limit.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
struct Entry(u64);

const F_MAX: u64 = (1 << 20) - 1;
const G_MAX: u64 = (1 << 12) - 1;

impl Entry {
    #[inline]
    fn new(f: u64, g: u32, idx: u32) -> Entry {
        Entry(((F_MAX - f.min(F_MAX)) << 44) | (u64::from(g).min(G_MAX) << 32) | u64::from(idx))
    }
    #[inline]
    fn f(self) -> u64 {
        F_MAX - (self.0 >> 44)
    }
    #[inline]
    fn idx(self) -> u32 {
        self.0 as u32
    }
}

/// A best-first search over packed keys `K`.
pub(crate) struct BestFirst<K: Packed> {
    neighbours: Neighbours,
    estimator: Estimator,
    priority: Priority,
    goal: K,
    arena: Arena<K>,
    open: BinaryHeap<Entry>,
    /// Entries known to pop before anything in `open`, greatest last: children with the same f
    /// as their parent, which tie-breaking would pop next anyway. Keeping them out of the heap
    /// halves heap traffic on the 8-puzzle without changing the order of expansion.
    next: Vec<Entry>,
    max_nodes: u64,
    stats: Stats,
    /// The node last taken from the open list (expanded, or found to be the goal).
    last: Option<u32>,
}

impl<K: Packed> BestFirst<K> {
    pub fn new(
        start: &Board,
        goal: &Board,
        estimator: Estimator,
        priority: Priority,
        max_nodes: u64,
    ) -> BestFirst<K> {
        let key = K::pack(start.tiles());
        let h = estimator.estimate_board(start);
        let arena = Arena::with_root(key, start.blank(), h);
        let mut open = BinaryHeap::with_capacity(INITIAL_CAPACITY);
        open.push(Entry::new(priority.f(0, h), 0, 0));
        BestFirst {
            neighbours: Neighbours::new(start.width(), start.height()),
            estimator,
            priority,
            goal: K::pack(goal.tiles()),
            arena,
            open,
            next: Vec::with_capacity(64),
            max_nodes,
            last: None,
            stats: Stats {
                stored: 1,
                peak_frontier: 1,
                ..Stats::default()
            },
        }
    }

    /// Keeps the search within `bytes` instead of [`super::memory_limit`] (`None`: that).
    pub(crate) fn limit_memory(mut self, bytes: Option<u64>) -> Self {
        self.arena.limit_memory(bytes);
        self
    }

    /// Explores until `slice` nodes are expanded or the search ends. Never inlined: one copy
    /// serves the solver, a slice at a time, and learn mode's stepper, a node at a time.
    #[inline(never)]
    pub(crate) fn explore(&mut self, slice: u64) -> Option<Outcome> {
        let mut left = slice;
        while left > 0 {
            if self.stats.expanded >= self.max_nodes {
                return Some(Outcome::BudgetExhausted);
            }
            // Room for a node's children (four at most) in the arena and the open list.
            let frontier = Store::of::<Entry>(self.open.len(), self.open.capacity());
            if let Err(bytes) = self.arena.room(4, frontier) {
                return Some(Outcome::MemoryExhausted { bytes });
            }
            let entry = match (self.next.last(), self.open.peek()) {
                (Some(a), Some(b)) if b > a => self.open.pop(),
                (Some(_), _) => self.next.pop(),
                (None, _) => self.open.pop(),
            };
            let Some(entry) = entry else {
                return Some(Outcome::Exhausted);
            };
            let idx = entry.idx();
            let node = self.arena.nodes[idx as usize];
            if node.closed || entry.f() != self.priority.f(node.g, node.h).min(F_MAX) {
                continue; // stale: a shorter path to this node was queued later
            }
            self.last = Some(idx);
            if node.key == self.goal {
                return Some(Outcome::Found(self.arena.path_to(idx)));
            }
            self.arena.nodes[idx as usize].closed = true;
            self.stats.expanded += 1;
            self.stats.bound = Some(self.stats.bound.unwrap_or(0).max(node.g + node.h));
            left -= 1;

            let blank = node.blank as usize;
            let g = node.g + 1;
            let expanding_f = entry.f();
            for m in 0..4u8 {
                if m == node.mv ^ 1 {
                    continue; // straight back to the parent, which is closed
                }
                let from = self.neighbours.get(blank, m as usize);
                if from == Neighbours::NONE {
                    continue;
                }
                let from = from as usize;
                let key = node.key.slide(from, blank);
                self.stats.generated += 1;
                match self.arena.index.entry(key) {
                    MapEntry::Occupied(seen) => {
                        let seen_idx = *seen.get();
                        let other = &mut self.arena.nodes[seen_idx as usize];
                        if !other.closed && g < other.g {
                            other.g = g;
                            other.parent = idx;
                            other.mv = m;
                            self.open
                                .push(Entry::new(self.priority.f(g, other.h), g, seen_idx));
                        }
                    }
                    MapEntry::Vacant(slot) => {
                        let tile = node.key.tile(from);
                        let delta = self
                            .estimator
                            .delta(|s| node.key.tile(s), tile, from, blank);
                        let h = (node.h as i32 + delta) as u32;
                        let child = self.arena.nodes.len() as u32;
                        slot.insert(child);
                        self.arena.nodes.push(Node {
                            key,
                            parent: idx,
                            g,
                            h,
                            blank: from as u8,
                            mv: m,
                            closed: false,
                        });
                        let f = self.priority.f(g, h);
                        let child_entry = Entry::new(f, g, child);
                        if f == expanding_f {
                            // Same f and one deeper than the node that was the greatest entry:
                            // this child is now the greatest, so it skips the heap.
                            self.next.push(child_entry);
                        } else {
                            self.open.push(child_entry);
                        }
                    }
                }
            }
            let frontier = (self.open.len() + self.next.len()) as u64;
            self.stats.peak_frontier = self.stats.peak_frontier.max(frontier);
        }
        None
    }
}

/// What learn mode's stepper reads of a best-first search (see [`super::watch`]).
impl<K: Packed> BestFirst<K> {
    /// Every board generated so far, in the order generated, each with its parent.
    pub(crate) fn nodes(&self) -> &[Node<K>] {
        &self.arena.nodes
    }

    /// The node generated for `key`, if any.
    pub(crate) fn node_of(&self, key: K) -> Option<u32> {
        self.arena.index.get(&key).copied()
    }

    /// The node last taken from the open list (expanded, or found to be the goal).
    pub(crate) fn last(&self) -> Option<u32> {
        self.last
    }

    /// A node's priority: g + h for A*, h for greedy.
    pub(crate) fn f(&self, node: &Node<K>) -> u64 {
        self.priority.f(node.g, node.h)
    }

    /// The open nodes in the order the search would take them, each once: the entries of the
    /// open list as it pops them, greatest first, without the stale ones (a node closed since,
    /// or queued again by a shorter path).
    pub(crate) fn open_in_order(&self) -> Vec<u32> {
        // The heap's own sort (its pops, ascending), and `next`, ascending as it is kept: merged
        // greatest first, without a sort's code of its own.
        let heap = self.open.clone().into_sorted_vec();
        let (mut a, mut b) = (
            heap.iter().rev().peekable(),
            self.next.iter().rev().peekable(),
        );
        let entries = std::iter::from_fn(|| match (a.peek(), b.peek()) {
            (Some(x), Some(y)) if x > y => a.next(),
            (_, Some(_)) => b.next(),
            _ => a.next(),
        });
        let mut listed = vec![false; self.arena.nodes.len()];
        let mut order = Vec::new();
        for &e in entries {
            let idx = e.idx() as usize;
            let node = self.arena.nodes[idx];
            let live = !node.closed && e.f() == self.priority.f(node.g, node.h).min(F_MAX);
            if live && !listed[idx] {
                listed[idx] = true;
                order.push(e.idx());
            }
        }
        order
    }
}

impl<K: Packed> Step for BestFirst<K> {
    fn step(&mut self, slice: u64) -> Option<Outcome> {
        self.explore(slice)
    }

    fn counters(&self) -> Stats {
        Stats {
            stored: self.arena.len() as u64,
            ..self.stats
        }
    }
}

/// A shortest path from `start` to `goal` by A* with `estimator`, if one is found within
/// `max_nodes` expansions; run to the end at once. For callers that solve small pieces of a
/// larger problem (the corner and the windows of rows and columns).
pub fn shortest_path(
    start: &Board,
    goal: &Board,
    estimator: Estimator,
    max_nodes: u64,
) -> Option<Vec<crate::puzzle::moves::Move>> {
    let mut search = shortest_path_search(start, goal, estimator, max_nodes);
    loop {
        match search.step(1 << 20) {
            None => continue,
            Some(Outcome::Found(moves)) => return Some(moves),
            Some(_) => return None,
        }
    }
}

/// [`shortest_path`] as a search run a slice at a time.
pub(crate) fn shortest_path_search(
    start: &Board,
    goal: &Board,
    estimator: Estimator,
    max_nodes: u64,
) -> Box<dyn Step> {
    with_key_type!(start.len(), K => {
        Box::new(BestFirst::<K>::new(start, goal, estimator, Priority::ASTAR, max_nodes))
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::heuristics::Heuristic;
    use crate::puzzle::random::Rng;
    use crate::puzzle::scramble::random_solvable;
    use crate::search::arena::Store;
    use crate::search::bfs::Bfs;
    use crate::search::packed::with_key_type;

    fn random(width: usize, height: usize, seed: u64) -> (Board, Board) {
        let goal = Board::blank_last(width, height).unwrap();
        let start = random_solvable(&goal, Default::default(), &mut Rng::seeded(seed))
            .unwrap()
            .into_board();
        (start, goal)
    }

    /// What a search's stores take now, counted as [`Arena::room`] counts them.
    fn held<K: Packed>(search: &BestFirst<K>) -> u64 {
        let frontier = Store::of::<Entry>(search.open.len(), search.open.capacity());
        search.arena.held(frontier)
    }

    #[test]
    fn the_open_list_in_order_is_the_order_the_search_takes_it() {
        // Step after step of A* and greedy on a 4×4: the board first in line is the one the
        // next step expands, and every open board is listed once.
        let (start, goal) = random(4, 4, 3);
        let estimator = Estimator::new(Heuristic::Manhattan, &goal).unwrap();
        for priority in [Priority::ASTAR, Priority::GREEDY] {
            let mut search =
                BestFirst::<u64>::new(&start, &goal, estimator.clone(), priority, 1 << 20);
            for _ in 0..300 {
                let order = search.open_in_order();
                assert_eq!(
                    order.len() as u64,
                    search.nodes().len() as u64 - search.stats.expanded
                );
                if search.explore(1).is_some() {
                    break;
                }
                assert_eq!(search.last(), order.first().copied());
            }
        }
    }

    #[test]
    fn a_search_that_would_outgrow_its_memory_stops_within_it() {
        // A random 6×6 board is far out of A*'s reach: each of these searches would grow until
        // the system killed it, were its memory not limited (and then its node budget, some
        // hundreds of MB, ends it with the wrong outcome).
        let (start, goal) = random(6, 6, 11);
        let estimator = Estimator::new(Heuristic::Manhattan, &goal).unwrap();
        for limit in [1 << 20, 6 << 20, 20 << 20] {
            for priority in [Priority::ASTAR, Priority::weighted(1.5)] {
                with_key_type!(start.len(), K => {
                    let mut search =
                        BestFirst::<K>::new(&start, &goal, estimator.clone(), priority, 2_000_000)
                            .limit_memory(Some(limit));
                    let outcome = loop {
                        if let Some(outcome) = search.explore(1 << 16) {
                            break outcome;
                        }
                    };
                    let Outcome::MemoryExhausted { bytes } = outcome else {
                        panic!("{outcome:?} within {limit} bytes");
                    };
                    // It stopped because going on would cross the limit, and it had not.
                    assert!(bytes > limit, "{bytes} within {limit}");
                    let now = held(&search);
                    assert!(now <= limit, "{now} held, over {limit}");
                    // And it used most of what it had: a store doubles, so at least a quarter.
                    assert!(now > limit / 4, "{now} held, far under {limit}");
                    assert!(search.stats.expanded > 100);
                })
            }
        }
    }

    #[test]
    fn a_node_budget_under_the_memory_limit_ends_the_search_first() {
        let (start, goal) = random(6, 6, 12);
        let estimator = Estimator::new(Heuristic::Manhattan, &goal).unwrap();
        with_key_type!(start.len(), K => {
            let mut search =
                BestFirst::<K>::new(&start, &goal, estimator, Priority::ASTAR, 5_000)
                    .limit_memory(Some(64 << 20));
            assert_eq!(search.explore(u64::MAX), Some(Outcome::BudgetExhausted));
            assert_eq!(search.stats.expanded, 5_000);
        })
    }

    #[test]
    fn breadth_first_search_stops_within_its_memory_too() {
        let (start, goal) = random(5, 5, 13);
        with_key_type!(start.len(), K => {
            let mut search = Bfs::<K>::new(&start, &goal, 2_000_000).limit_memory(Some(3 << 20));
            let outcome = loop {
                if let Some(outcome) = search.step(1 << 16) {
                    break outcome;
                }
            };
            assert!(
                matches!(outcome, Outcome::MemoryExhausted { bytes } if bytes > 3 << 20),
                "{outcome:?}"
            );
            assert!(search.counters().stored > 10_000);
        })
    }
}
