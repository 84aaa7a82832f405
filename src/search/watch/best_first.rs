//! A* and greedy best-first, watched: the tree is the search's own store of nodes, each with its
//! parent; the open list is its heap, in the order it pops.

use super::{
    Child, Expansion, Fate, NodeState, Snapshot, Stepped, Stopped, arena_children, arena_tree,
};
use crate::heuristics::Estimator;
use crate::puzzle::board::Board;
use crate::puzzle::moves::Neighbours;
use crate::search::Outcome;
use crate::search::arena::Node;
use crate::search::astar::{BestFirst, Priority};

pub(super) struct BestFirstWatch {
    search: BestFirst<u64>,
    neighbours: Neighbours,
    /// Nodes generated before the last step: those after it are new.
    before: usize,
    /// The nodes expanded, in order.
    expanded: Vec<u32>,
    goal_taken: bool,
}

impl BestFirstWatch {
    pub fn new(
        start: &Board,
        goal: &Board,
        estimator: Estimator,
        greedy: bool,
        max_nodes: u64,
    ) -> BestFirstWatch {
        let priority = if greedy {
            Priority::GREEDY
        } else {
            Priority::ASTAR
        };
        BestFirstWatch {
            search: BestFirst::new(start, goal, estimator, priority, max_nodes),
            neighbours: Neighbours::new(start.width(), start.height()),
            before: 1,
            expanded: Vec::new(),
            goal_taken: false,
        }
    }

    pub fn step(&mut self, step: u64) -> Stepped {
        self.before = self.search.nodes().len();
        let outcome = self.search.explore(1);
        let Some(last) = self.search.last() else {
            return Stepped::Ended(Stopped::Other);
        };
        match outcome {
            None => {
                self.expanded.push(last);
                Stepped::Expanded(self.expansion(step, last))
            }
            Some(Outcome::Found(_)) => {
                self.goal_taken = true;
                Stepped::Goal(self.expansion(step, last))
            }
            Some(Outcome::BudgetExhausted) => Stepped::Ended(Stopped::Budget),
            Some(_) => Stepped::Ended(Stopped::Other),
        }
    }

    fn expansion(&self, step: u64, idx: u32) -> Expansion {
        let nodes = self.search.nodes();
        let node = &nodes[idx as usize];
        let closed = self.expanded.len();
        Expansion {
            step,
            key: node.key,
            g: node.g,
            h: Some(node.h),
            f: Some(self.search.f(node) as u32),
            open: nodes.len() - closed - usize::from(self.goal_taken),
            closed,
            bound: None,
            goal: self.goal_taken,
        }
    }

    pub fn snapshot(&self) -> Snapshot {
        let last = self.search.last();
        let f = |n: &Node<u64>| self.search.f(n) as u32;
        let state = |i: u32, n: &Node<u64>| match (Some(i) == last, n.closed) {
            (true, _) => NodeState::Current,
            (false, true) => NodeState::Closed,
            (false, false) => NodeState::Open,
        };
        let nodes = self.search.nodes();
        Snapshot {
            tree: arena_tree(nodes, &f, &state),
            open: self.search.open_in_order(),
            closed: self.expanded.clone(),
            current: last,
            children: match last {
                Some(idx) if !self.goal_taken => self.children(idx),
                _ => Vec::new(),
            },
            solution: (last.filter(|_| self.goal_taken)).map(|idx| nodes[idx as usize].g),
            ..Snapshot::default()
        }
    }

    /// The boards one move from node `idx`, just expanded, and what became of each.
    fn children(&self, idx: u32) -> Vec<Child> {
        let fate = |at: u32, child: &Node<u64>| match (at as usize >= self.before, child.closed) {
            (true, _) => Fate::Opened,
            (false, true) => Fate::Closed,
            // Its parent can only have become this board now, by a shorter path.
            (false, false) if child.parent == idx => Fate::Shorter,
            (false, false) => Fate::Open,
        };
        let (node_of, f) = (
            |key| self.search.node_of(key),
            |n: &Node<u64>| self.search.f(n) as u32,
        );
        arena_children(
            self.search.nodes(),
            idx,
            &self.neighbours,
            &node_of,
            &f,
            &fate,
        )
    }
}
