//! The explored part of the state graph for the searches that remember it (A*, weighted A*,
//! greedy best-first, BFS): nodes in one vector, found by key through one hash map, each pointing
//! at its parent so the path can be read back.

use super::packed::Packed;
use crate::puzzle::moves::Move;
use rustc_hash::FxHashMap;

/// Starting capacity of the node vector and the index.
pub(crate) const INITIAL_CAPACITY: usize = 2048;

/// Marks the root, which no move reached.
pub(crate) const NO_MOVE: u8 = 4;

#[derive(Clone, Copy, Debug)]
pub(crate) struct Node<K> {
    pub key: K,
    pub parent: u32,
    pub g: u32,
    pub h: u32,
    pub blank: u8,
    /// Index of the move that reached this node, or [`NO_MOVE`].
    pub mv: u8,
    pub closed: bool,
}

pub(crate) struct Arena<K> {
    pub nodes: Vec<Node<K>>,
    pub index: FxHashMap<K, u32>,
}

impl<K: Packed> Arena<K> {
    pub fn with_root(key: K, blank: usize, h: u32) -> Arena<K> {
        // Most searches of small boards store a few thousand nodes: starting there skips a dozen
        // rehashes (measured: 14 % of the time of a sweep of every 3×3 board).
        let mut index = FxHashMap::with_capacity_and_hasher(INITIAL_CAPACITY, Default::default());
        index.insert(key, 0);
        let mut nodes = Vec::with_capacity(INITIAL_CAPACITY);
        nodes.push(Node {
            key,
            parent: 0,
            g: 0,
            h,
            blank: blank as u8,
            mv: NO_MOVE,
            closed: false,
        });
        Arena { nodes, index }
    }

    /// The moves from the root to node `idx`.
    pub fn path_to(&self, mut idx: u32) -> Vec<Move> {
        let mut moves = Vec::new();
        loop {
            let node = &self.nodes[idx as usize];
            if node.mv == NO_MOVE {
                break;
            }
            moves.push(Move::from_index(node.mv));
            idx = node.parent;
        }
        moves.reverse();
        moves
    }

    /// Nodes held in memory.
    pub fn len(&self) -> usize {
        self.nodes.len()
    }
}
