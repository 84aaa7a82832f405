//! Beam search over the whole board: level by level, every board of the beam is expanded and
//! only the `width` children with the smallest estimate (Manhattan distance plus linear
//! conflicts, a tile far from home counting more than its distance) are kept, boards met before
//! left out. It is not optimal and can fail (the beam may lose every way forward), but on a 6×6
//! a beam of five thousand answers within about 1.5 × the Manhattan bound, where line by line
//! search gives 1.8 ×: tiles advance together, as in a shortest solution, instead of one line
//! at a time.
//!
//! Memory is bounded by the node budget: every level keeps `width` boards and, for the path,
//! each kept board's parent; a board seen is remembered by half of its 64-bit Zobrist hash in
//! a fixed table, a few levels' worth (a collision can only leave a board out, never give
//! a wrong path: moves are replayed from the start). The move back to a board's parent is never
//! made, so never looked up.
//!
//! A level is made in four passes: [`Beam::generate`] makes the children (each but the move
//! back and those seen lately), [`Beam::estimate`] works out each one's estimate from its
//! parent's (only what its move changes), [`keep_least`](keep::keep_least) chooses the `width`
//! best, and [`Beam::keep`] makes them the next level. A 10×10 beam's children cost about 500
//! instructions each, most of them in the first two passes.
//!
//! Its parts:
//!
//! - this file: [`solve`], what a beam found ([`Beamed`]), what a shell's beam places
//!   ([`Shell`]), and the [`Beam`]'s state, which each file below adds behaviour to.
//! - [`levels`]: the beam searched level after level until its goal, a stall or the end of its
//!   budget.
//! - [`aim`]: what a beam aims at.
//! - [`start`]: a beam at its first level: what it aims at, and its first board.
//! - [`tables`]: the per-square tables a child's scores are read from.
//! - [`weights`]: what a tile's distance counts beyond itself: near the far corner, in the next
//!   shell, far from home.
//! - [`budget`]: how wide a beam its budget pays for, at the start and level by level.
//! - [`memory`]: the bytes a beam holds a board of its width, for a memory cap.
//! - [`children`]: a level's children, each but the move back and those seen lately.
//! - [`estimate`]: each child's estimate, from its parent's.
//! - [`walls`]: squares the blank cannot reach but past a tile home: walled in on a whole
//!   board, dead pockets along a shell.
//! - [`knots`]: on a whole board, a few squares away walled in together, their tiles in an odd
//!   order costing most.
//! - [`blank_walk`]: in a shell's beam, the blank's walk to the nearest tile of the shell away.
//! - [`shells`]: a shell's squares as a line from end to end, and the doors off it.
//! - [`keep`]: the children a level keeps, and the next level made of them.
//! - [`kept`]: a board of the beam, as its children need it.
//! - [`seen`]: the hashes boards are told apart by, and the table of boards seen lately.
//! - [`path`]: each kept board's link to its parent, and the moves followed back.
//! - [`trim`]: the links no board of the beam leads back through, dropped.
//!
//! How the weights and sizes were chosen, with the figures: `docs/lab/2026-11-26-solver-notes.md`.

mod aim;
mod blank_walk;
mod budget;
mod children;
mod estimate;
mod keep;
mod kept;
mod knots;
mod levels;
mod memory;
mod path;
mod seen;
mod shells;
mod start;
mod tables;
#[cfg(test)]
mod test_shells;
mod trim;
mod walls;
mod weights;

pub use budget::PACE;
pub use memory::bytes_per_width;

use crate::heuristics::Estimator;
use crate::puzzle::board::Board;
use crate::puzzle::moves::Move;
use crate::puzzle::position::Position;
use children::Child;
use kept::Kept;
use walls::Grid;

/// What a beam search found: the moves, and the boards generated on the way; when it gave up,
/// the moves to the best board it saw (least estimate; see [`Beam::placing`] for a partial
/// beam), from which another method can finish.
#[derive(Clone, Debug, PartialEq)]
pub struct Beamed {
    pub moves: Option<Vec<Move>>,
    pub generated: u64,
    pub nearest: Vec<Move>,
}

/// What a partial beam places ([`Beam::placing`]): its tiles, their extra weight in halves of
/// their distance, and the tiles of the shell after it, which count a little more than the rest.
#[derive(Clone, Copy, Debug)]
pub struct Shell<'a> {
    pub tiles: &'a [u8],
    pub weight: i32,
    pub next: &'a [u8],
}

/// Searches from `start` toward `goal` with a beam `width` boards wide, narrower when what is
/// left of `max_nodes` (boards generated) cannot pay for the levels still ahead; gives up when
/// the budget is spent. Boards of equal estimate are chosen among by `seed`.
///
/// Tiles whose home is near the corner farthest from the goal's blank count their Manhattan
/// distance more: the tiles of the first `outer` + 1 diagonals from that corner, half as much
/// more a diagonal further in (with `outer` 2: the far corner's tile 3 times, the next
/// diagonal's two tiles 2 times, the three after 1.5 times). Those tiles have the longest way
/// home and the plain estimate leaves them for last, when bringing them home undoes the rest.
/// Every tile also counts more the farther it is from home (its
/// [`far_term`](weights::far_term)). With both, and walled-in squares counted
/// ([`WALLED_IN`](walls::WALLED_IN)), a 7×7 beam 8,000 wide answered 30 random boards at
/// 1.456 × Manhattan (the beam alone).
pub fn solve(position: &Position, width: usize, max_nodes: u64, seed: u64, outer: usize) -> Beamed {
    let (start, goal) = (position.board(), position.goal());
    Beam::new(start, goal, width, max_nodes, seed, outer).finish()
}

/// A whole-board beam as a round of `--seconds` runs it (see [`Beam::walking`]): the blank's
/// walk to the nearest tile away counted, answers expected `pace` tenths of a move a move of
/// the estimate, giving up after `give_up` levels without a board of lower estimate. For tuning
/// runs at a fixed node budget (the timed search works to the wall clock, so is not repeatable).
pub fn walk(
    position: &Position,
    width: usize,
    max_nodes: u64,
    seed: u64,
    pace: u64,
    give_up: usize,
) -> Beamed {
    let (start, goal) = (position.board(), position.goal());
    Beam::walking(start, goal, width, max_nodes, seed, pace)
        .giving_up_after(give_up)
        .finish()
}

/// [`solve`](solve) a few levels at a time, so that the browser's worker can listen
/// between them: a 7×7 beam 8,000 wide takes about half a second natively, one level a few
/// milliseconds.
pub struct Beam {
    start: Board,
    /// `None` when the goal has no linear-conflict estimate (the search then fails at once).
    estimator: Option<Estimator>,
    zobrist: Vec<u64>,
    /// `slide[tile * n + square]`: what a board's hash changes by when `tile` leaves or enters
    /// `square` and the blank does the opposite (two look-ups a child instead of four).
    slide: Vec<u64>,
    /// `weighted[tile * n + square]`: the tile's extra weight (see
    /// [`far_corner_weights`](weights::far_corner_weights)) times its distance from home
    /// on that square, a table made once instead of four divisions a child (a 7×7 beam of
    /// 13,000 took 3 % less time, in runs side by side).
    weighted: Vec<i32>,
    /// In a partial beam, `others[tile * n + square]`: the far term of a tile not aimed at,
    /// which counts in the plain part of the estimate (empty in a whole-board beam).
    others: Vec<i32>,
    /// What the tile on a square adds to the estimate (twice its distance from home, its
    /// weighted part and twice its far term if it is not aimed at) and to the plain part (its
    /// distance and that far term): a child's change is two look-ups in each.
    score: Vec<i32>,
    plain_score: Vec<i32>,
    width: usize,
    max_nodes: u64,
    /// The beam: boards side by side in `tiles`, and what a child needs of each (see [`Kept`]).
    tiles: Vec<u8>,
    boards: Vec<Kept>,
    /// Boards kept lately, by hash, each in the slot its hash names (a later board takes the
    /// slot): a few levels' worth on a beam up to 16,000 wide, fewer on a wider one (less than
    /// a level past 130,000: see [`SEEN_PER_WIDTH`](seen::SEEN_PER_WIDTH)), so that it stays in
    /// the core's cache.
    /// Remembering every board kept would cost a cache miss a child, a third of the time; a
    /// board met again after more levels is rare, and only costs a place in the beam.
    seen: Vec<u32>,
    /// For each level, each kept board's parent (its index in the level before) and the move
    /// that made it, in one word (see [`link`](path::link)): the links of every level
    /// are kept until the end, 4 bytes a board kept.
    parents: Vec<Vec<u32>>,
    generated: u64,
    /// The children of the level being made (see [`Child`]), and how far it is made.
    children: Vec<Child>,
    making: Option<levels::Making>,
    /// Children by estimate, for [`keep_least`].
    counts: Vec<u32>,
    /// Boards generated a kept board at the last level.
    per_board: f64,
    /// Whether the beam stops once every tile with an extra weight is home (see
    /// [`Beam::placing`]) instead of at the goal.
    partial: bool,
    /// In a partial beam, the extra weight of a weighted tile: the weighted part of an estimate
    /// over it is those tiles' distance, which measures the levels ahead.
    unit: i32,
    /// The best board yet (see [`Beam::step`]) as a key, with its level and index; and, in a
    /// partial beam, the levels since its weighted part last went down.
    best: (i64, usize, usize),
    stalled: usize,
    /// The links' trim under way (see [`trim`]), if any: a beam goes on once it is done.
    trimming: Option<trim::Trimming>,
    /// Moves the answer is expected to take a move of the estimate, in tenths (see
    /// [`PACE`](PACE)).
    pace: u64,
    /// In a partial beam whose tiles' homes make one line (a shell), its squares in order along
    /// it, each square's place on it (`usize::MAX` off it), the squares off the line beside each
    /// (its doors, `usize::MAX` for none), and for every run of places `i..=j` along it, how many
    /// doors it has (counted up to two) and its first: what
    /// [`DEAD_POCKET`](walls::DEAD_POCKET) needs. Empty otherwise.
    line: Vec<usize>,
    on_line: Vec<usize>,
    doors: Vec<[usize; 2]>,
    runs: Vec<(u8, usize)>,
    /// The goal's tile of every square.
    goal_at: Vec<u8>,
    /// The squares beside each square (`usize::MAX` past the last): where the blank can go.
    around: Vec<[usize; 4]>,
    /// The board's squares as bits, for [`WALLED_IN`](walls::WALLED_IN) and
    /// [`knots`] (see [`Grid`]).
    grid: Grid,
    /// In a shell's beam, what [`BLANK_WALK`](blank_walk::BLANK_WALK) needs: each
    /// tile's home if it is the shell's (`usize::MAX` otherwise), and for each square, the
    /// squares 1, 2, … squares from it, `reach` of them.
    shell_home: Vec<usize>,
    rings: Vec<u128>,
    reach: usize,
    /// Levels without progress a whole-board beam gives up after (see
    /// [`Beam::giving_up_after`]), and whether it did.
    give_up: Option<usize>,
    gave_up: bool,
}
