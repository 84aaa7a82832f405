//! IDA* on the 15-puzzle with pattern databases: the search of [`super::idastar`], with each
//! node carrying its table indices so a move costs two additions and two table reads (the
//! board's group and its mirror image's) instead of a fresh estimate.

use super::arena::NO_MOVE;
use super::idastar::path;
use super::packed::Packed;
use super::{Outcome, Stats, Step};
use crate::board::Board;
use crate::heuristics::pdb::{Lookup, PatternDb};
use crate::moves::Neighbours;
use std::sync::Arc;

#[derive(Clone, Copy, Debug)]
struct Node {
    key: u64,
    lookup: Lookup,
    blank: u8,
    next: u8,
    mv: u8,
}

pub(crate) struct PdbIdaStar {
    neighbours: Neighbours,
    db: Arc<PatternDb>,
    goal: u64,
    root: Node,
    stack: Vec<Node>,
    bound: u32,
    next_bound: u32,
    max_nodes: u64,
    stats: Stats,
}

impl PdbIdaStar {
    pub fn new(start: &Board, db: Arc<PatternDb>, max_nodes: u64) -> PdbIdaStar {
        let lookup = db.lookup(|s| start.tile(s));
        let h = lookup.h();
        PdbIdaStar {
            neighbours: Neighbours::new(start.width(), start.height()),
            goal: u64::pack(db.goal().tiles()),
            db,
            root: Node {
                key: u64::pack(start.tiles()),
                lookup,
                blank: start.blank() as u8,
                next: 0,
                mv: NO_MOVE,
            },
            stack: Vec::new(),
            bound: h,
            next_bound: h,
            max_nodes,
            stats: Stats {
                bound: Some(h),
                ..Stats::default()
            },
        }
    }

    fn moves(&self, last: u8) -> Vec<crate::moves::Move> {
        let frames: Vec<super::idastar::Frame<u64>> = self
            .stack
            .iter()
            .map(|n| super::idastar::Frame {
                key: n.key,
                h: 0,
                blank: n.blank,
                next: n.next,
                mv: n.mv,
            })
            .collect();
        path(&frames, last)
    }
}

impl Step for PdbIdaStar {
    fn step(&mut self, slice: u64) -> Option<Outcome> {
        if self.root.key == self.goal {
            return Some(Outcome::Found(Vec::new()));
        }
        let mut left = slice;
        loop {
            let Some(top) = self.stack.last_mut() else {
                if self.next_bound == u32::MAX {
                    return Some(Outcome::Exhausted);
                }
                if self.stats.expanded >= self.max_nodes {
                    return Some(Outcome::BudgetExhausted);
                }
                self.bound = self.next_bound;
                self.next_bound = u32::MAX;
                self.stats.bound = Some(self.bound);
                self.stack.push(self.root);
                self.stats.expanded += 1;
                continue;
            };
            if top.next >= 4 {
                self.stack.pop();
                continue;
            }
            let m = top.next;
            top.next += 1;
            if m == top.mv ^ 1 {
                continue;
            }
            let from = self.neighbours.get(top.blank as usize, m as usize);
            if from == Neighbours::NONE {
                continue;
            }
            let node = *top;
            let (from, blank) = (from as usize, node.blank as usize);
            self.stats.generated += 1;
            let tile = node.key.tile(from);
            let g = self.stack.len() as u32;
            // A child whose own sum already reaches the next bound is pruned without reading its
            // mirror image's entry: the larger estimate could change neither decision.
            let enough = self.next_bound.saturating_sub(g).max(self.bound + 1 - g);
            let lookup = match self
                .db
                .slide_unless(&node.lookup, tile, from, blank, enough)
            {
                Ok(lookup) => lookup,
                Err((_, h)) => {
                    self.next_bound = self.next_bound.min(g + h);
                    continue;
                }
            };
            let f = g + lookup.h();
            if f > self.bound {
                self.next_bound = self.next_bound.min(f);
                continue;
            }
            let key = node.key.slide(from, blank);
            if key == self.goal {
                return Some(Outcome::Found(self.moves(m)));
            }
            if self.stats.expanded >= self.max_nodes {
                return Some(Outcome::BudgetExhausted);
            }
            self.stack.push(Node {
                key,
                lookup,
                blank: from as u8,
                next: 0,
                mv: m,
            });
            self.stats.expanded += 1;
            self.stats.peak_frontier = self.stats.peak_frontier.max(self.stack.len() as u64);
            left -= 1;
            if left == 0 {
                return None;
            }
        }
    }

    fn counters(&self) -> Stats {
        Stats {
            stored: self.stack.len() as u64,
            ..self.stats
        }
    }
}
