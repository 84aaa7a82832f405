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
//!   ([`Shell`]).
//! - [`levels`]: the [`Beam`] itself, searched level after level until its goal, a stall or the
//!   end of its budget.
//! - [`start`]: a beam at its first level: what it aims at, and its first board.
//! - [`tables`]: the per-square tables a child's scores are read from.
//! - [`weights`]: what a tile's distance counts beyond itself: near the far corner, in the next
//!   shell, far from home.
//! - [`budget`]: how wide a beam its budget pays for, at the start and level by level.
//! - [`children`]: a level's children, each but the move back and those seen lately.
//! - [`estimate`]: each child's estimate, from its parent's.
//! - [`walls`]: squares the blank cannot reach but past a tile home: walled in on a whole
//!   board, dead pockets along a shell.
//! - [`blank_walk`]: in a shell's beam, the blank's walk to the nearest tile of the shell away.
//! - [`shells`]: a shell's squares as a line from end to end, and the doors off it.
//! - [`keep`]: the children a level keeps, and the next level made of them.
//! - [`kept`]: a board of the beam, as its children need it.
//! - [`seen`]: the hashes boards are told apart by, and the table of boards seen lately.
//! - [`path`]: each kept board's link to its parent, and the moves followed back.
//!
//! How the weights and sizes were chosen, with the figures: `docs/lab/2026-11-26-solver-notes.md`.

mod blank_walk;
mod budget;
mod children;
mod estimate;
mod keep;
mod kept;
mod levels;
mod path;
mod seen;
mod shells;
mod start;
mod tables;
#[cfg(test)]
mod test_shells;
mod walls;
mod weights;

pub use budget::PACE;
pub use levels::Beam;

use crate::puzzle::moves::Move;
use crate::puzzle::position::Position;

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
