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

/// What the watch needs of a depth-first searcher.
pub(crate) trait Walker: Step {
    /// What each frame keeps.
    type H: Copy;
    /// Whether boards have an estimate.
    const ESTIMATES: bool;
    /// Whether the root is on the path before the first step (depth-first search enters it as
    /// it starts; IDA* at the start of each iteration).
    const ROOT_FIRST: bool;
    fn path(&self) -> &[Frame<u64, Self::H>];
    /// The start, as the walk enters it.
    fn start(&self) -> Frame<u64, Self::H>;
    /// A frame's estimate (0 for searches that use none).
    fn h(frame: &Frame<u64, Self::H>) -> u32;
    /// IDA*'s bound.
    fn bound(&self) -> Option<u32>;
    /// Whether the board `key`, reached by sliding the tile on `from` into `frame`'s blank,
    /// `depth` moves from the start, will be entered when its turn comes (`Ok`, with its
    /// estimate), or why not.
    fn fate(
        &self,
        frame: &Frame<u64, Self::H>,
        from: usize,
        key: u64,
        depth: u32,
    ) -> Result<u32, (Fate, u32)>;
}

impl Walker for IdaStar<u64, Estimator> {
    type H = u32;
    const ESTIMATES: bool = true;
    const ROOT_FIRST: bool = false;
    fn path(&self) -> &[Frame<u64, u32>] {
        &self.walk().stack
    }
    fn start(&self) -> Frame<u64, u32> {
        self.root()
    }
    fn h(frame: &Frame<u64, u32>) -> u32 {
        frame.h
    }
    fn bound(&self) -> Option<u32> {
        self.walk().stats.bound
    }
    fn fate(
        &self,
        frame: &Frame<u64, u32>,
        from: usize,
        _: u64,
        depth: u32,
    ) -> Result<u32, (Fate, u32)> {
        (self.would_enter(frame, from, depth)).map_err(|h| (Fate::OverBound, h))
    }
}

impl Walker for Dfs<u64> {
    type H = ();
    const ESTIMATES: bool = false;
    const ROOT_FIRST: bool = true;
    fn path(&self) -> &[Frame<u64, ()>] {
        &self.walk().stack
    }
    fn start(&self) -> Frame<u64, ()> {
        let pushed = self.walk().stack.first().copied();
        pushed.unwrap_or(Frame {
            key: 0,
            h: (),
            blank: 0,
            next: 0,
            mv: NO_MOVE,
        })
    }
    fn h(_: &Frame<u64, ()>) -> u32 {
        0
    }
    fn bound(&self) -> Option<u32> {
        None
    }
    fn fate(&self, _: &Frame<u64, ()>, _: usize, key: u64, depth: u32) -> Result<u32, (Fate, u32)> {
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

pub(super) struct DepthFirstWatch<W: Walker> {
    search: W,
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

impl<W: Walker> DepthFirstWatch<W> {
    pub fn new(search: W, start: &Board) -> DepthFirstWatch<W> {
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
        let outcome = match (W::ROOT_FIRST, step) {
            (true, 1) => None,
            _ => self.search.step(1),
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
        let h = W::h(&top);
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
    fn generated(
        &mut self,
        frame: &Frame<u64, W::H>,
        depth: u32,
        node: u32,
    ) -> (Vec<(u8, u32)>, Vec<Child>) {
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
                f: f::<W>(depth, h),
                fate,
            });
        }
        (waiting, children)
    }

    fn add(&mut self, key: u64, parent: Option<u32>, g: u32, h: u32) -> u32 {
        self.tree.push(TreeNode {
            key,
            parent,
            g,
            h,
            f: f::<W>(g, h),
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
            h: W::ESTIMATES.then_some(h),
            f: W::ESTIMATES.then_some(f),
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
            let h = W::h(&start);
            let tree = vec![TreeNode {
                key: start.key,
                parent: None,
                g: 0,
                h,
                f: f::<W>(0, h),
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

/// A board's priority: g + h where the search uses an estimate, 0 where it does not.
fn f<W: Walker>(g: u32, h: u32) -> u32 {
    if W::ESTIMATES { g + h } else { 0 }
}
