//! Breadth-first search: explores every board one move away, then two, and so on. Shortest
//! solutions without any estimate, at the price of visiting nearly everything closer than the
//! goal: fine for the 8-puzzle's 181,440 boards, hopeless for the 15-puzzle's 10 trillion.

use super::arena::{Arena, Node, Store};
use super::packed::Packed;
use super::{Outcome, Stats, Step};
use crate::puzzle::board::Board;
use crate::puzzle::moves::Neighbours;
use std::collections::VecDeque;
use std::collections::hash_map::Entry as MapEntry;

pub(crate) struct Bfs<K: Packed> {
    neighbours: Neighbours,
    goal: K,
    arena: Arena<K>,
    queue: VecDeque<u32>,
    max_nodes: u64,
    stats: Stats,
    /// The goal test happens when a board is generated, so the start is tested apart.
    start_is_goal: bool,
}

impl<K: Packed> Bfs<K> {
    pub fn new(start: &Board, goal: &Board, max_nodes: u64) -> Bfs<K> {
        let key = K::pack(start.tiles());
        let goal = K::pack(goal.tiles());
        Bfs {
            neighbours: Neighbours::new(start.width(), start.height()),
            goal,
            arena: Arena::with_root(key, start.blank(), 0),
            queue: VecDeque::from([0]),
            max_nodes,
            stats: Stats {
                stored: 1,
                peak_frontier: 1,
                ..Stats::default()
            },
            start_is_goal: key == goal,
        }
    }

    /// Keeps the search within `bytes` instead of [`super::memory_limit`] (`None`: that).
    pub(crate) fn limit_memory(mut self, bytes: Option<u64>) -> Self {
        self.arena.limit_memory(bytes);
        self
    }

    /// Never inlined: one copy serves the solver and learn mode's stepper (a node at a time).
    #[inline(never)]
    fn explore(&mut self, slice: u64) -> Option<Outcome> {
        if self.start_is_goal {
            return Some(Outcome::Found(Vec::new()));
        }
        for _ in 0..slice {
            if self.stats.expanded >= self.max_nodes {
                return Some(Outcome::BudgetExhausted);
            }
            let queue = Store::of::<u32>(self.queue.len(), self.queue.capacity());
            if let Err(bytes) = self.arena.room(4, queue) {
                return Some(Outcome::MemoryExhausted { bytes });
            }
            let Some(idx) = self.queue.pop_front() else {
                return Some(Outcome::Exhausted);
            };
            let node = self.arena.nodes[idx as usize];
            self.stats.expanded += 1;
            self.stats.bound = Some(node.g);
            let blank = node.blank as usize;
            for m in 0..4u8 {
                if m == node.mv ^ 1 {
                    continue;
                }
                let from = self.neighbours.get(blank, m as usize);
                if from == Neighbours::NONE {
                    continue;
                }
                let key = node.key.slide(from as usize, blank);
                self.stats.generated += 1;
                if let MapEntry::Vacant(slot) = self.arena.index.entry(key) {
                    let child = self.arena.nodes.len() as u32;
                    slot.insert(child);
                    self.arena.nodes.push(Node {
                        key,
                        parent: idx,
                        g: node.g + 1,
                        h: 0,
                        blank: from,
                        mv: m,
                        closed: false,
                    });
                    if key == self.goal {
                        return Some(Outcome::Found(self.arena.path_to(child)));
                    }
                    self.queue.push_back(child);
                }
            }
            self.stats.peak_frontier = self.stats.peak_frontier.max(self.queue.len() as u64);
        }
        None
    }
}

/// What learn mode's stepper reads of breadth-first search (see [`super::watch`]).
impl<K: Packed> Bfs<K> {
    /// Every board generated so far, in the order generated, each with its parent. The queue
    /// takes them in this order too, so the first [`Bfs::expanded`] of them are closed.
    pub(crate) fn nodes(&self) -> &[Node<K>] {
        &self.arena.nodes
    }

    /// The node generated for `key`, if any.
    pub(crate) fn node_of(&self, key: K) -> Option<u32> {
        self.arena.index.get(&key).copied()
    }

    /// The queue, front first.
    pub(crate) fn queue(&self) -> impl ExactSizeIterator<Item = u32> + '_ {
        self.queue.iter().copied()
    }

    /// Nodes expanded so far.
    pub(crate) fn expanded(&self) -> u64 {
        self.stats.expanded
    }
}

impl<K: Packed> Step for Bfs<K> {
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
