//! Learn mode's searches one expansion at a time: A*, greedy best-first, IDA*, breadth-first
//! and depth-first search, each the solver's own search (the same structs `solve` runs, stepped a
//! node at a time), watched from outside. After each step the watch can say what the step did
//! (an [`Expansion`]: the line `slide solve --trace` prints) and show everything the search holds
//! (a [`Snapshot`]: the tree of boards generated, the open and closed lists, what became of each
//! board one move away).
//!
//! A step is one board taken off the open list: expanded, or, at the last step, found to be the
//! goal. Breadth-first search, IDA* and depth-first search test a board for the goal when they
//! generate it and stop there; the watch then shows the goal generated, and takes it off the list
//! as the last step, as A* does, so every search's lesson ends the same way.
//!
//! - `best_first`: A* and greedy, whose tree is the search's own store of nodes.
//! - `breadth_first`: breadth-first search, likewise.
//! - `depth_first`: IDA* and depth-first search, which keep only their path: the watch keeps
//!   the tree itself, as the walk enters boards.

mod best_first;
mod breadth_first;
mod depth_first;

use crate::heuristics::{Estimator, Heuristic};
use crate::puzzle::board::Board;
use crate::puzzle::moves::Neighbours;
use crate::puzzle::position::Position;
use crate::search::arena::{NO_MOVE, Node};
use crate::search::dfs::Dfs;
use crate::search::idastar::IdaStar;
use crate::search::packed::Packed;
use best_first::BestFirstWatch;
use breadth_first::BreadthFirstWatch;
use depth_first::DepthFirstWatch;

/// The searches a student can watch.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Watched {
    /// A*: the open board with the lowest f = g + h first.
    AStar,
    /// Greedy best-first: the open board with the lowest h first.
    Greedy,
    /// IDA*: depth first within a bound on f = g + h, raised after each iteration.
    IdaStar,
    /// Breadth-first search: the oldest board on the queue first.
    BreadthFirst,
    /// Depth-first search within a depth limit: the newest board on the stack first.
    DepthFirst,
}

impl Watched {
    /// All five, in the order learn mode offers them.
    pub const ALL: [Watched; 5] = [
        Watched::AStar,
        Watched::Greedy,
        Watched::IdaStar,
        Watched::BreadthFirst,
        Watched::DepthFirst,
    ];

    /// Whether the search weighs boards by an estimate (breadth- and depth-first use none).
    pub fn estimates(self) -> bool {
        matches!(self, Watched::AStar | Watched::Greedy | Watched::IdaStar)
    }

    /// Whether the search keeps only its path, and its open list is the boards waiting beside it.
    pub fn walks(self) -> bool {
        matches!(self, Watched::IdaStar | Watched::DepthFirst)
    }
}

/// One step: the board taken off the open list, and the lists' sizes after it. The line
/// `slide solve --trace` prints, and what the page's stepper shows for the same step.
#[derive(Clone, Debug, PartialEq)]
pub struct Expansion {
    /// Steps so far, this one included (1 for the first).
    pub step: u64,
    /// The board, 4 bits a square (see [`unpack`]).
    pub key: u64,
    /// Moves from the start.
    pub g: u32,
    /// The estimate of the moves still needed (`None` for searches that use none).
    pub h: Option<u32>,
    /// The priority: g + h for A* and IDA*, h for greedy.
    pub f: Option<u32>,
    /// Boards on the open list after the step.
    pub open: usize,
    /// Boards on the closed list after the step (for IDA* and depth-first search, the path).
    pub closed: usize,
    /// IDA*'s bound on f during the step.
    pub bound: Option<u32>,
    /// The board taken is the goal: the last step.
    pub goal: bool,
}

/// Where a board of the tree stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NodeState {
    /// Generated, waiting to be taken.
    Open,
    /// Expanded (IDA* and depth-first search: entered, its boards generated).
    Closed,
    /// Taken by the last step.
    Current,
}

/// A board of the search tree.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TreeNode {
    /// The board, 4 bits a square (see [`unpack`]).
    pub key: u64,
    /// The board it was generated from (an index into the tree), `None` for the start.
    pub parent: Option<u32>,
    pub g: u32,
    /// 0 where the search uses no estimate.
    pub h: u32,
    /// The priority (g + h, or h for greedy); 0 where the search uses no estimate.
    pub f: u32,
    pub state: NodeState,
}

/// What a step made of a board one move from the board it expanded.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Fate {
    /// New: it goes on the open list (IDA* and depth-first search: it waits on the stack).
    Opened,
    /// Already open, now by a shorter path: its g lowered, its parent this board.
    Shorter,
    /// Already open by a path as short: left as it was.
    Open,
    /// Already closed: skipped.
    Closed,
    /// Seen before (breadth-first search: generated already; depth-first search: entered at
    /// this depth or shallower): skipped.
    Seen,
    /// f over IDA*'s bound: cut off, and it counts toward the next bound.
    OverBound,
    /// Deeper than depth-first search's limit: not generated.
    TooDeep,
}

/// A board one move from the board a step expanded, and what became of it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Child {
    pub key: u64,
    pub g: u32,
    pub h: u32,
    pub f: u32,
    pub fate: Fate,
}

/// Everything the search holds after a step, for the page to draw.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Snapshot {
    /// Steps so far (0: none yet).
    pub step: u64,
    /// Every board generated so far, in the order generated (IDA*: in this iteration).
    pub tree: Vec<TreeNode>,
    /// The open list, in the order the search will take it: indices into the tree.
    pub open: Vec<u32>,
    /// The closed list (IDA* and depth-first search: the path), in order: indices into the tree.
    pub closed: Vec<u32>,
    /// The board the last step took: an index into the tree.
    pub current: Option<u32>,
    /// The boards one move from it, in the order generated, and what became of each.
    pub children: Vec<Child>,
    /// IDA*'s bound on f.
    pub bound: Option<u32>,
    /// IDA*: the bound the last step raised (it began a new iteration), before it rose.
    pub raised_from: Option<u32>,
    /// Once the goal is taken: the moves of its path.
    pub solution: Option<u32>,
}

/// Why a search cannot be watched.
#[derive(Clone, Debug, PartialEq)]
pub enum WatchError {
    /// The stepper shows boards up to 4×4.
    TooLarge,
    /// The board cannot reach its goal.
    Unsolvable,
    /// The heuristic does not fit the board.
    Unsupported(crate::heuristics::Unsupported),
    /// Pattern databases: tables, not a rule a student can follow step by step.
    PatternDatabases,
}

impl std::fmt::Display for WatchError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            WatchError::TooLarge => f.write_str("the stepper shows boards up to 4×4"),
            WatchError::Unsolvable => f.write_str("this board cannot reach its goal"),
            WatchError::Unsupported(e) => e.fmt(f),
            WatchError::PatternDatabases => {
                f.write_str("the stepper explains Hamming, Manhattan and linear conflict")
            }
        }
    }
}

impl std::error::Error for WatchError {}

/// How a watch stopped without taking the goal.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stopped {
    /// The node budget ran out.
    Budget,
    /// Depth-first search found no path within its limit.
    DepthLimit,
    /// The memory the search may hold ran out, or the space was exhausted (a bug).
    Other,
}

/// One of the five searches, stepped one expansion at a time.
pub struct Watch {
    searching: Searching,
    width: usize,
    height: usize,
    steps: u64,
    /// Set once the search has ended: with the goal taken, or without.
    ended: Option<Result<(), Stopped>>,
}

enum Searching {
    /// The start is the goal: the one step takes it.
    AtGoal(u64),
    Best(Box<BestFirstWatch>),
    Breadth(BreadthFirstWatch),
    /// IDA* and depth-first search.
    Walk(DepthFirstWatch),
}

/// What one search's watch says after each step.
pub(crate) enum Stepped {
    /// One board expanded.
    Expanded(Expansion),
    /// The goal taken: the last step.
    Goal(Expansion),
    /// The search ended without taking the goal.
    Ended(Stopped),
}

impl Watch {
    /// Watches `watched` on `position` (up to 16 squares), with `heuristic` where it uses one,
    /// within `max_nodes` expansions; depth-first search goes no deeper than `depth_limit`.
    pub fn new(
        position: &Position,
        watched: Watched,
        heuristic: Heuristic,
        max_nodes: u64,
        depth_limit: u32,
    ) -> Result<Watch, WatchError> {
        let (start, goal) = (position.board(), position.goal());
        if !<u64 as Packed>::fits(start.len()) {
            return Err(WatchError::TooLarge);
        }
        if !position.is_solvable() {
            return Err(WatchError::Unsolvable);
        }
        if heuristic == Heuristic::Pdb {
            return Err(WatchError::PatternDatabases);
        }
        let estimator = Estimator::new(heuristic, goal).map_err(WatchError::Unsupported)?;
        let searching = match watched {
            _ if start == goal => Searching::AtGoal(u64::pack(start.tiles())),
            Watched::AStar | Watched::Greedy => Searching::Best(Box::new(BestFirstWatch::new(
                start,
                goal,
                estimator,
                watched == Watched::Greedy,
                max_nodes,
            ))),
            Watched::BreadthFirst => {
                Searching::Breadth(BreadthFirstWatch::new(start, goal, max_nodes))
            }
            Watched::IdaStar => Searching::Walk(DepthFirstWatch::new(
                Box::new(IdaStar::<u64, Estimator>::new(
                    start, goal, estimator, max_nodes,
                )),
                start,
            )),
            Watched::DepthFirst => Searching::Walk(DepthFirstWatch::new(
                Box::new(Dfs::<u64>::new(start, goal, depth_limit, max_nodes)),
                start,
            )),
        };
        Ok(Watch {
            searching,
            width: start.width(),
            height: start.height(),
            steps: 0,
            ended: None,
        })
    }

    /// Takes the next board off the open list; `None` once the search has ended.
    pub fn step(&mut self) -> Option<Expansion> {
        if self.ended.is_some() {
            return None;
        }
        let step = self.steps + 1;
        let stepped = match &mut self.searching {
            Searching::AtGoal(key) => Stepped::Goal(Expansion {
                step,
                key: *key,
                g: 0,
                h: Some(0),
                f: Some(0),
                open: 0,
                closed: 0,
                bound: None,
                goal: true,
            }),
            Searching::Best(w) => w.step(step),
            Searching::Breadth(w) => w.step(step),
            Searching::Walk(w) => w.step(step),
        };
        match stepped {
            Stepped::Expanded(e) => {
                self.steps = step;
                Some(e)
            }
            Stepped::Goal(e) => {
                self.steps = step;
                self.ended = Some(Ok(()));
                Some(e)
            }
            Stepped::Ended(why) => {
                self.ended = Some(Err(why));
                None
            }
        }
    }

    /// Steps taken so far.
    pub fn steps(&self) -> u64 {
        self.steps
    }

    /// How the search ended, once it has: `Ok` with the goal taken.
    pub fn ended(&self) -> Option<Result<(), Stopped>> {
        self.ended
    }

    /// Everything the search holds now.
    pub fn snapshot(&self) -> Snapshot {
        let mut snapshot = match &self.searching {
            Searching::AtGoal(key) => at_goal(*key, self.steps),
            Searching::Best(w) => w.snapshot(),
            Searching::Breadth(w) => w.snapshot(),
            Searching::Walk(w) => w.snapshot(),
        };
        snapshot.step = self.steps;
        snapshot
    }

    /// The board of a key of this watch's tree.
    pub fn board(&self, key: u64) -> Board {
        unpack(self.width, self.height, key)
    }
}

/// The snapshot of a start that is the goal: nothing, then the start taken.
fn at_goal(key: u64, steps: u64) -> Snapshot {
    let taken = steps > 0;
    Snapshot {
        tree: vec![TreeNode {
            key,
            parent: None,
            g: 0,
            h: 0,
            f: 0,
            state: if taken {
                NodeState::Current
            } else {
                NodeState::Open
            },
        }],
        open: if taken { vec![] } else { vec![0] },
        current: taken.then_some(0),
        solution: taken.then_some(0),
        ..Snapshot::default()
    }
}

/// The tree of a search that keeps every board it generates (A*, greedy and breadth-first
/// search): its boards in the order generated, each with its parent, priority and state. One
/// copy for the three, through its closures.
fn arena_tree(
    nodes: &[Node<u64>],
    f: &dyn Fn(&Node<u64>) -> u32,
    state: &dyn Fn(u32, &Node<u64>) -> NodeState,
) -> Vec<TreeNode> {
    (nodes.iter().enumerate())
        .map(|(i, n)| TreeNode {
            key: n.key,
            parent: (n.mv != NO_MOVE).then_some(n.parent),
            g: n.g,
            h: n.h,
            f: f(n),
            state: state(i as u32, n),
        })
        .collect()
}

/// The boards one move from board `idx` of such a search, just expanded, and what became of
/// each (`fate`, from its index and node).
fn arena_children(
    nodes: &[Node<u64>],
    idx: u32,
    neighbours: &Neighbours,
    node_of: &dyn Fn(u64) -> Option<u32>,
    f: &dyn Fn(&Node<u64>) -> u32,
    fate: &dyn Fn(u32, &Node<u64>) -> Fate,
) -> Vec<Child> {
    let Some(node) = nodes.get(idx as usize) else {
        return Vec::new();
    };
    let blank = node.blank as usize;
    (neighbours.around(blank, node.mv ^ 1))
        .filter_map(|(_, from)| {
            let at = node_of(node.key.slide(from, blank))?;
            let child = nodes.get(at as usize)?;
            Some(Child {
                key: child.key,
                g: child.g,
                h: child.h,
                f: f(child),
                fate: fate(at, child),
            })
        })
        .collect()
}

/// The board a key holds: 4 bits a square, row by row (a key of this watch's boards is always
/// a valid board, so a damaged one reads as the goal-less default rather than failing).
pub fn unpack(width: usize, height: usize, key: u64) -> Board {
    let tiles: Vec<u32> = (0..width * height)
        .map(|s| u32::from(key.tile(s)))
        .collect();
    Board::new(width, height, &tiles).unwrap_or_default()
}

impl std::fmt::Debug for Watch {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Watch({} steps)", self.steps)
    }
}

#[cfg(test)]
mod tests;
