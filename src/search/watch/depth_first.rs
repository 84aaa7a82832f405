//! IDA* and depth-first search, watched. Both keep only their path (the walk of
//! `search/walk.rs`), so the watch keeps the tree itself: each time the walk enters a board, the
//! board becomes current, and the boards one move from it that the walk will enter when their
//! turn comes are added to the tree as open; the open list is those not yet tried, the top of the
//! path's first. For IDA* the tree is the current iteration's.

use super::{Child, Expansion, Fate, NodeState, Snapshot, Stepped, Stopped, TreeNode};
use crate::heuristics::Estimator;
use crate::puzzle::board::Board;
use crate::puzzle::moves::Neighbours;
use crate::search::arena::NO_MOVE;
use crate::search::dfs::Dfs;
use crate::search::idastar::IdaStar;
use crate::search::packed::Packed;
use crate::search::walk::Frame;
use crate::search::{Outcome, Step};

/// A board on a walker's path, as the watch reads it: its key, estimate (0 for a search
/// without one), blank, the next move to try from it and the move that reached it.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Spot {
    key: u64,
    h: u32,
    blank: u8,
    next: u8,
    mv: u8,
}

impl<H> From<&Frame<u64, H>> for Spot {
    fn from(f: &Frame<u64, H>) -> Spot {
        Spot {
            key: f.key,
            h: 0,
            blank: f.blank,
            next: f.next,
            mv: f.mv,
        }
    }
}

/// What the watch needs of a depth-first searcher (one watch for both, through this).
pub(crate) trait Walker {
    /// Enters one more board (`None`), or says how the search ended.
    fn walk_one(&mut self) -> Option<Outcome>;
    /// Whether boards have an estimate.
    fn estimates(&self) -> bool;
    /// Whether the root is on the path before the first step (depth-first search enters it as
    /// it starts; IDA* at the start of each iteration).
    fn root_first(&self) -> bool;
    /// The boards on the path, the root first.
    fn path(&self) -> Vec<Spot>;
    /// The start, as the walk enters it.
    fn start(&self) -> Spot;
    /// IDA*'s bound.
    fn bound(&self) -> Option<u32>;
    /// Whether the board `key`, reached by sliding the tile on `from` into `spot`'s blank,
    /// `depth` moves from the start, will be entered when its turn comes (`Ok`, with its
    /// estimate), or why not.
    fn fate(&self, spot: &Spot, from: usize, key: u64, depth: u32) -> Result<u32, (Fate, u32)>;
}

impl Walker for IdaStar<u64, Estimator> {
    fn walk_one(&mut self) -> Option<Outcome> {
        self.step(1)
    }
    fn estimates(&self) -> bool {
        true
    }
    fn root_first(&self) -> bool {
        false
    }
    fn path(&self) -> Vec<Spot> {
        let frames = self.walk().stack.iter();
        frames
            .map(|f| Spot {
                h: f.h,
                ..Spot::from(f)
            })
            .collect()
    }
    fn start(&self) -> Spot {
        let root = self.root();
        Spot {
            h: root.h,
            ..Spot::from(&root)
        }
    }
    fn bound(&self) -> Option<u32> {
        self.walk().stats.bound
    }
    fn fate(&self, spot: &Spot, from: usize, _: u64, depth: u32) -> Result<u32, (Fate, u32)> {
        let frame = Frame {
            key: spot.key,
            h: spot.h,
            blank: spot.blank,
            next: spot.next,
            mv: spot.mv,
        };
        (self.would_enter(&frame, from, depth)).map_err(|h| (Fate::OverBound, h))
    }
}

impl Walker for Dfs<u64> {
    fn walk_one(&mut self) -> Option<Outcome> {
        self.step(1)
    }
    fn estimates(&self) -> bool {
        false
    }
    fn root_first(&self) -> bool {
        true
    }
    fn path(&self) -> Vec<Spot> {
        self.walk().stack.iter().map(Spot::from).collect()
    }
    fn start(&self) -> Spot {
        let root = self.walk().stack.first().map(Spot::from);
        root.unwrap_or(Spot {
            key: 0,
            h: 0,
            blank: 0,
            next: 0,
            mv: NO_MOVE,
        })
    }
    fn bound(&self) -> Option<u32> {
        None
    }
    fn fate(&self, _: &Spot, _: usize, key: u64, depth: u32) -> Result<u32, (Fate, u32)> {
        match (self.within_limit(depth), self.fresh(key, depth)) {
            (true, true) => Ok(0),
            (false, _) => Err((Fate::TooDeep, 0)),
            (true, false) => Err((Fate::Seen, 0)),
        }
    }
}

/// A board on the path: its node in the tree, and the boards it generated that will be entered
/// when their turn comes, each with the move that reaches it.
struct Level {
    node: u32,
    waiting: Vec<(u8, u32)>,
}

pub(super) struct DepthFirstWatch {
    search: Box<dyn Walker>,
    neighbours: Neighbours,
    tree: Vec<TreeNode>,
    /// One a board of the path, in order.
    levels: Vec<Level>,
    /// The boards one move from the board last entered, and what became of each.
    children: Vec<Child>,
    current: Option<u32>,
    /// IDA*: the bound before the last step raised it.
    raised_from: Option<u32>,
    solution: Option<u32>,
}

impl DepthFirstWatch {
    pub fn new(search: Box<dyn Walker>, start: &Board) -> DepthFirstWatch {
        DepthFirstWatch {
            search,
            neighbours: Neighbours::new(start.width(), start.height()),
            tree: Vec::new(),
            levels: Vec::new(),
            children: Vec::new(),
            current: None,
            raised_from: None,
            solution: None,
        }
    }

    pub fn step(&mut self, step: u64) -> Stepped {
        self.raised_from = None;
        let bound = self.search.bound();
        // Depth-first search's first board is on its path from the start: the first step
        // shows it entered.
        let outcome = match (self.search.root_first(), step) {
            (true, 1) => None,
            _ => self.search.walk_one(),
        };
        match outcome {
            None => match self.entered(step) {
                Some(entered) => {
                    if entered.g == 0 && step > 1 {
                        self.raised_from = bound;
                    }
                    Stepped::Expanded(entered)
                }
                None => Stepped::Ended(Stopped::Other),
            },
            Some(Outcome::Found(moves)) => Stepped::Goal(self.goal(step, moves.len())),
            Some(Outcome::BudgetExhausted) => Stepped::Ended(Stopped::Budget),
            Some(Outcome::DepthLimitReached) => Stepped::Ended(Stopped::DepthLimit),
            Some(_) => Stepped::Ended(Stopped::Other),
        }
    }

    /// The walk has entered one board, now the top of its path: it becomes current, and the
    /// boards it will enter when their turn comes join the tree.
    fn entered(&mut self, step: u64) -> Option<Expansion> {
        let path = self.search.path();
        let depth = path.len();
        let top = *path.last()?;
        let h = top.h;
        let node = match depth {
            // The root: the first step, or (IDA*) a new iteration, with a tree of its own.
            1 => {
                self.tree.clear();
                self.levels.clear();
                self.current = None;
                self.add(top.key, None, 0, h)
            }
            _ => {
                self.levels.truncate(depth - 1);
                let parent = self.levels.last()?;
                let listed = parent.waiting.iter().find(|(mv, _)| *mv == top.mv);
                match listed {
                    Some(&(_, node)) => node,
                    // Never: each board entered was listed as waiting when its parent was.
                    None => {
                        let parent = parent.node;
                        self.add(top.key, Some(parent), depth as u32 - 1, h)
                    }
                }
            }
        };
        self.make_current(node);
        let (waiting, children) = self.generated(&top, depth as u32, node);
        self.children = children;
        self.levels.push(Level { node, waiting });
        Some(self.expansion(step, node, false))
    }

    /// The walk took the goal, a board waiting below the top of its path: the last step.
    fn goal(&mut self, step: u64, moves: usize) -> Expansion {
        let path = self.search.path();
        self.levels.truncate(path.len());
        // The move just tried from the top of the path.
        let tried = path.last().map(|top| top.next.wrapping_sub(1));
        let listed = (self.levels.last())
            .and_then(|l| l.waiting.iter().find(|(mv, _)| Some(*mv) == tried))
            .map(|&(_, node)| node);
        if let Some(node) = listed {
            self.make_current(node);
        }
        self.children.clear();
        self.solution = Some(moves as u32);
        self.expansion(step, self.current.unwrap_or(0), true)
    }

    /// The boards one move from `frame` (entered, `depth` - 1 moves from the start, as tree
    /// node `node`) that will be entered when their turn comes, added to the tree with the
    /// move to each; and what became of each board one move away.
    fn generated(&mut self, frame: &Spot, depth: u32, node: u32) -> (Vec<(u8, u32)>, Vec<Child>) {
        let blank = frame.blank as usize;
        let mut waiting = Vec::new();
        let mut children = Vec::new();
        let moves: Vec<(u8, usize)> = self.neighbours.around(blank, frame.mv ^ 1).collect();
        for (m, from) in moves {
            let key = frame.key.slide(from, blank);
            let (fate, h) = match self.search.fate(frame, from, key, depth) {
                Ok(h) => {
                    waiting.push((m, self.add(key, Some(node), depth, h)));
                    (Fate::Opened, h)
                }
                Err(why) => why,
            };
            children.push(Child {
                key,
                g: depth,
                h,
                f: self.f(depth, h),
                fate,
            });
        }
        (waiting, children)
    }

    /// A board's priority: g + h where the search uses an estimate, 0 where it does not.
    fn f(&self, g: u32, h: u32) -> u32 {
        if self.search.estimates() { g + h } else { 0 }
    }

    fn add(&mut self, key: u64, parent: Option<u32>, g: u32, h: u32) -> u32 {
        self.tree.push(TreeNode {
            key,
            parent,
            g,
            h,
            f: self.f(g, h),
            state: NodeState::Open,
        });
        self.tree.len() as u32 - 1
    }

    fn make_current(&mut self, node: u32) {
        if let Some(last) = self
            .current
            .and_then(|last| self.tree.get_mut(last as usize))
        {
            last.state = NodeState::Closed;
        }
        if let Some(n) = self.tree.get_mut(node as usize) {
            n.state = NodeState::Current;
        }
        self.current = Some(node);
    }

    /// The open list, in the order the walk will take it: the boards waiting below each board of
    /// the path and not yet tried, the top's first.
    fn open(&self) -> impl Iterator<Item = u32> + '_ {
        let path = self.search.path();
        (self.levels.iter().zip(path).rev()).flat_map(|(level, frame)| {
            (level.waiting.iter())
                .filter(move |(mv, _)| *mv >= frame.next)
                .map(|&(_, node)| node)
        })
    }

    fn expansion(&self, step: u64, node: u32, goal: bool) -> Expansion {
        let n = self.tree.get(node as usize);
        let (key, g, h, f) = n.map_or((0, 0, 0, 0), |n| (n.key, n.g, n.h, n.f));
        Expansion {
            step,
            key,
            g,
            h: self.search.estimates().then_some(h),
            f: self.search.estimates().then_some(f),
            open: self.open().count(),
            closed: self.levels.len(),
            bound: self.search.bound(),
            goal,
        }
    }

    pub fn snapshot(&self) -> Snapshot {
        if self.tree.is_empty() {
            // Nothing entered yet: the start waits.
            let start = self.search.start();
            let h = start.h;
            let tree = vec![TreeNode {
                key: start.key,
                parent: None,
                g: 0,
                h,
                f: self.f(0, h),
                state: NodeState::Open,
            }];
            return Snapshot {
                tree,
                open: vec![0],
                bound: self.search.bound(),
                ..Snapshot::default()
            };
        }
        Snapshot {
            tree: self.tree.clone(),
            open: self.open().collect(),
            closed: self.levels.iter().map(|l| l.node).collect(),
            current: self.current,
            children: self.children.clone(),
            bound: self.search.bound(),
            raised_from: self.raised_from,
            solution: self.solution,
            ..Snapshot::default()
        }
    }
}
