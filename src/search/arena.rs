//! The explored part of the state graph for the searches that remember it (A*, weighted A*,
//! greedy best-first, BFS): nodes in one vector, found by key through one hash map, each pointing
//! at its parent so the path can be read back.
//!
//! These are the searches whose memory grows with every node, so the arena also keeps them
//! within a memory limit (see [`Arena::room`]): a search that would outgrow it ends with
//! [`super::Outcome::MemoryExhausted`] instead of being killed by the system (natively) or
//! aborting the page's worker (in a browser).

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
    /// Most bytes the search may hold: set by [`Arena::limit_memory`], or else looked up the
    /// first time the search outgrows [`SMALL`] (see [`super::memory_limit`]).
    limit: Option<u64>,
}

/// Bytes below which a search never looks up the machine's memory: most searches stay under.
const SMALL: u64 = 64 << 20;

/// One of a search's growing stores, as [`Arena::room`] weighs it: entries held, entries it
/// can hold before it must grow, and bytes an entry.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Store {
    pub len: usize,
    pub capacity: usize,
    pub entry: usize,
}

impl Store {
    /// A vector's (or a heap's, or a queue's) storage.
    pub fn of<T>(len: usize, capacity: usize) -> Store {
        Store {
            len,
            capacity,
            entry: std::mem::size_of::<T>(),
        }
    }

    fn bytes(self) -> u64 {
        (self.capacity * self.entry) as u64
    }
}

/// Bytes of a hash table that holds `capacity` entries of `entry` bytes: a power of two of
/// buckets, at most seven eighths full, each with a control byte.
fn table_bytes(capacity: usize, entry: usize) -> u64 {
    let buckets = (capacity * 8 / 7).next_power_of_two().max(4);
    (buckets * (entry + 1)) as u64
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
        Arena {
            nodes,
            index,
            limit: None,
        }
    }

    /// Keeps the search within `bytes` (its nodes, index and the frontier passed to
    /// [`Arena::room`]) instead of the machine's own limit (`None`: that limit).
    pub fn limit_memory(&mut self, bytes: Option<u64>) {
        self.limit = bytes;
    }

    /// Bytes the nodes, their index and `frontier` take now.
    pub fn held(&self, frontier: Store) -> u64 {
        let nodes = self.nodes.capacity() * std::mem::size_of::<Node<K>>();
        let index = table_bytes(self.index.capacity(), std::mem::size_of::<(K, u32)>());
        nodes as u64 + index + frontier.bytes()
    }

    /// Whether `more` nodes can be stored, with the search's `frontier` taking as many entries
    /// beside them, within the memory limit: `Err` with the bytes the search would come to
    /// hold if not. A store that must grow for them allocates twice its size and holds the old
    /// one until its entries are moved, so its growth is counted at that peak. Cheap unless a
    /// store is about to grow (a few comparisons), so it can run before every expansion.
    #[inline]
    pub fn room(&mut self, more: usize, frontier: Store) -> Result<(), u64> {
        let grows = |len: usize, capacity: usize| len + more > capacity;
        if grows(self.nodes.len(), self.nodes.capacity())
            || grows(self.index.len(), self.index.capacity())
            || grows(frontier.len, frontier.capacity)
        {
            self.room_to_grow(more, frontier)
        } else {
            Ok(())
        }
    }

    /// [`Arena::room`] when a store is about to grow.
    #[cold]
    fn room_to_grow(&mut self, more: usize, frontier: Store) -> Result<(), u64> {
        let entry = std::mem::size_of::<(K, u32)>();
        let nodes = Store::of::<Node<K>>(self.nodes.len(), self.nodes.capacity());
        let grows = |s: Store| s.len + more > s.capacity;
        let index_grows = self.index.len() + more > self.index.capacity();
        let mut peak = self.held(frontier);
        for store in [nodes, frontier] {
            if grows(store) {
                peak += (2 * store.capacity.max(4) * store.entry) as u64;
            }
        }
        if index_grows {
            peak += table_bytes(2 * self.index.capacity().max(4), entry);
        }
        let limit = match self.limit {
            Some(limit) => limit,
            None if peak < SMALL => return Ok(()),
            None => *self.limit.insert(super::memory_limit()),
        };
        if peak > limit { Err(peak) } else { Ok(()) }
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
