//! A share of an IDA* iteration: some subtrees of the tree below a start board, each named by
//! the path to it, searched one after another to the iteration's bound. This is what one of
//! several browser workers runs (see [`crate::solver::team`]): unlike native threads they share
//! no memory, so each gets its pieces by message and answers with what it found.
//!
//! A share can also *grow*: search the whole tree (the one empty path) at the bound, then at the
//! next, and so on while iterations stay small, so the small first iterations of a solve cost
//! one message, not one each.

use super::idastar::{Estimate, IdaStar};
use super::packed::Packed;
use super::{Outcome, Step};
use crate::puzzle::board::Board;
use crate::puzzle::moves::Move;

/// How a share ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ShareEnd {
    /// A solution: the moves from the start board (piece path included).
    pub found: Option<Vec<Move>>,
    /// The bound the share was searched to last (a growing share raises it).
    pub bound: u32,
    /// The least f above that bound met in these pieces (`None`: none went over).
    pub next_bound: Option<u32>,
    pub expanded: u64,
    pub generated: u64,
    /// Nodes expanded at the last bound (for a growing share, its last iteration).
    pub last_iteration: u64,
}

/// A board at the top of the tree, the path to it.
struct Piece {
    board: Board,
    path: Vec<Move>,
}

pub(crate) struct Pieces<K: Packed, E: Estimate<K> + Clone> {
    goal: Board,
    estimator: E,
    pieces: Vec<Piece>,
    /// Index of the next piece to start.
    next: usize,
    bound: u32,
    /// Keep raising the bound while an iteration expands fewer nodes than this (0: never).
    grow_below: u64,
    running: Option<(usize, IdaStar<K, E>)>,
    next_bound: u32,
    expanded: u64,
    generated: u64,
    /// Expanded at the current bound.
    at_bound: u64,
}

/// Why a portion of a search cannot be searched.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PortionError {
    /// Only the whole tree (the one empty path) can grow from iteration to iteration.
    OnlyTheWholeTreeGrows,
    /// A path's move `number` (from 1) would leave the board.
    LeavesTheBoard { number: usize },
}

impl std::fmt::Display for PortionError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            PortionError::OnlyTheWholeTreeGrows => f.write_str("only the whole tree can grow"),
            PortionError::LeavesTheBoard { number } => {
                write!(f, "move {number} of a piece's path leaves the board")
            }
        }
    }
}

impl std::error::Error for PortionError {}

impl<K: Packed, E: Estimate<K> + Clone> Pieces<K, E> {
    /// The pieces of `start` at the ends of `paths`, to be searched to `bound`. Growing
    /// (`grow_below` > 0) needs the one empty path.
    pub fn new(
        start: &Board,
        goal: &Board,
        estimator: E,
        paths: Vec<Vec<Move>>,
        bound: u32,
        grow_below: u64,
    ) -> Result<Pieces<K, E>, PortionError> {
        if grow_below > 0 && !(paths.len() == 1 && paths[0].is_empty()) {
            return Err(PortionError::OnlyTheWholeTreeGrows);
        }
        let mut pieces = Vec::with_capacity(paths.len());
        for path in paths {
            let mut board = start.clone();
            board
                .apply_all(&path)
                .map_err(|at| PortionError::LeavesTheBoard { number: at + 1 })?;
            pieces.push(Piece { board, path });
        }
        Ok(Pieces {
            goal: goal.clone(),
            estimator,
            pieces,
            next: 0,
            bound,
            grow_below,
            running: None,
            next_bound: u32::MAX,
            expanded: 0,
            generated: 0,
            at_bound: 0,
        })
    }

    /// Explores up to about `slice` nodes; the end, once there is one.
    pub fn step(&mut self, slice: u64) -> Option<ShareEnd> {
        let mut left = slice.max(1);
        loop {
            let Some((index, search)) = self.running.as_mut() else {
                if !self.start_next() {
                    if self.grow_below > self.at_bound && self.next_bound != u32::MAX {
                        self.bound = self.next_bound;
                        self.next_bound = u32::MAX;
                        self.next = 0;
                        self.at_bound = 0;
                        continue;
                    }
                    return Some(self.end(None));
                }
                continue;
            };
            let before = search.counters();
            let outcome = search.step(left);
            let after = search.counters();
            let spent = after.expanded - before.expanded;
            self.expanded += spent;
            self.at_bound += spent;
            self.generated += after.generated - before.generated;
            match outcome {
                None => return None,
                Some(Outcome::Found(rest)) => {
                    let mut path = self.pieces[*index].path.clone();
                    path.extend(rest);
                    return Some(self.end(Some(path)));
                }
                Some(_) => {
                    self.next_bound = self.next_bound.min(search.next_bound());
                    self.running = None;
                    left = left.saturating_sub(spent).max(1);
                }
            }
        }
    }

    /// Starts the next piece within the bound (one over it only lowers the next bound); false
    /// when none is left.
    fn start_next(&mut self) -> bool {
        while let Some(piece) = self.pieces.get(self.next) {
            let index = self.next;
            self.next += 1;
            let g = piece.path.len() as u32;
            let f = g + E::h(&self.estimator.root(&piece.board));
            if f > self.bound {
                self.next_bound = self.next_bound.min(f);
                continue;
            }
            let search = IdaStar::subtree(
                &piece.board,
                &self.goal,
                self.estimator.clone(),
                g,
                piece.path.last().copied(),
                self.bound,
            );
            self.running = Some((index, search));
            return true;
        }
        false
    }

    /// What the share has cost so far, and the bound it is at.
    pub fn stats(&self) -> super::Stats {
        super::Stats {
            expanded: self.expanded,
            generated: self.generated,
            bound: Some(self.bound),
            ..super::Stats::default()
        }
    }

    /// Whether this share searches the whole tree, iteration after iteration (see [`Pieces::new`]).
    pub fn grows(&self) -> bool {
        self.grow_below > 0
    }

    fn end(&self, found: Option<Vec<Move>>) -> ShareEnd {
        ShareEnd {
            found,
            bound: self.bound,
            next_bound: Some(self.next_bound).filter(|&b| b != u32::MAX),
            expanded: self.expanded,
            generated: self.generated,
            last_iteration: self.at_bound,
        }
    }
}
