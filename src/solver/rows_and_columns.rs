//! A fast answer for boards far beyond optimal search (up to 10×10): solve the board a row or a
//! column at a time until a 3×3 corner is left, solve that corner optimally, then shorten the whole
//! path (loops cut, short windows re-solved optimally).
//!
//! Each tile is brought home by breadth-first search over *(tile square, blank square)* pairs
//! around the squares already finished, so it takes the fewest moves that placing it alone can
//! take, and a placement never gets stuck: at most 10,000 pairs on a 10×10 board. The last two
//! tiles of a line go in together (the second parked first, then both slide in), which is the one
//! move order that cannot disturb the line.

use super::shorten::shorten;
use crate::heuristics::{Estimator, Heuristic};
use crate::puzzle::board::Board;
use crate::puzzle::moves::Move;
use crate::puzzle::position::Position;
use crate::search::Outcome;
use crate::search::astar::shortest_path;
use std::collections::{HashMap, VecDeque};

/// Why the reduction cannot be used.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReductionError(pub String);

impl std::fmt::Display for ReductionError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

/// What the reduction did.
#[derive(Clone, Debug, PartialEq)]
pub struct Reduced {
    pub moves: Vec<Move>,
    /// Length straight out of the reduction, before shortening.
    pub first_length: usize,
}

/// A mirror image that puts the goal's blank in the bottom-right corner.
#[derive(Clone, Copy)]
pub(super) struct Flip {
    rows: bool,
    columns: bool,
}

impl Flip {
    /// The flip that puts `goal`'s blank in the bottom-right corner, if it is in a corner.
    pub(super) fn for_goal(goal: &Board) -> Result<Flip, ReductionError> {
        let (w, h, blank) = (goal.width(), goal.height(), goal.blank());
        let flip = Flip {
            rows: blank / w == 0 && h > 1,
            columns: blank.is_multiple_of(w) && w > 1,
        };
        if flip.square(blank, w, h) != w * h - 1 {
            return Err(ReductionError(
                "solving by rows and columns needs the goal's blank in a corner".into(),
            ));
        }
        Ok(flip)
    }

    pub(super) fn square(self, s: usize, w: usize, h: usize) -> usize {
        let (mut r, mut c) = (s / w, s % w);
        if self.rows {
            r = h - 1 - r;
        }
        if self.columns {
            c = w - 1 - c;
        }
        r * w + c
    }

    pub(super) fn board(self, b: &Board) -> Board {
        let (w, h) = (b.width(), b.height());
        let mut tiles = vec![0u8; b.len()];
        for (s, &t) in b.tiles().iter().enumerate() {
            tiles[self.square(s, w, h)] = t;
        }
        let tiles: Vec<u32> = tiles.into_iter().map(u32::from).collect();
        Board::new(w, h, &tiles).unwrap_or_else(|_| b.clone())
    }

    pub(super) fn unflip(self, m: Move) -> Move {
        match m {
            Move::Up | Move::Down if self.rows => m.opposite(),
            Move::Left | Move::Right if self.columns => m.opposite(),
            _ => m,
        }
    }
}

/// The working board: tiles, where each is, and which squares are finished.
struct Work {
    w: usize,
    h: usize,
    at: Vec<u8>,
    pos: Vec<usize>,
    locked: Vec<bool>,
    moves: Vec<Move>,
}

impl Work {
    fn blank(&self) -> usize {
        self.pos[0]
    }

    fn neighbours(&self, s: usize) -> impl Iterator<Item = usize> + '_ {
        crate::puzzle::board::beside(s, self.w, self.h).filter(|&n| !self.locked[n])
    }

    /// Moves the blank onto the neighbouring square `to` (its tile slides the other way).
    fn slide(&mut self, to: usize) {
        let b = self.blank();
        let tile = self.at[to];
        let m = if to == b + self.w {
            Move::Up
        } else if to + self.w == b {
            Move::Down
        } else if to == b + 1 {
            Move::Left
        } else {
            Move::Right
        };
        self.at[b] = tile;
        self.pos[tile as usize] = b;
        self.at[to] = 0;
        self.pos[0] = to;
        self.moves.push(m);
    }

    /// Brings `tile` to `target` in the fewest moves, never touching a locked square.
    fn place(&mut self, tile: u8, target: usize) -> Result<(), ReductionError> {
        let n = self.at.len();
        let start = (self.pos[tile as usize], self.blank());
        if start.0 == target {
            return Ok(());
        }
        let code = |t: usize, b: usize| t * n + b;
        let mut parent = vec![u32::MAX; n * n];
        parent[code(start.0, start.1)] = code(start.0, start.1) as u32;
        let mut queue = VecDeque::from([start]);
        let mut found = None;
        while let Some((t, b)) = queue.pop_front() {
            if t == target {
                found = Some((t, b));
                break;
            }
            for nb in self.neighbours(b) {
                let next = if nb == t { (b, nb) } else { (t, nb) };
                let c = code(next.0, next.1);
                if parent[c] == u32::MAX {
                    parent[c] = code(t, b) as u32;
                    queue.push_back(next);
                }
            }
        }
        let (t, b) = found.ok_or_else(|| {
            ReductionError(format!(
                "tile {tile} cannot reach square {target} (an internal error)"
            ))
        })?;
        let mut blanks = Vec::new();
        let mut c = code(t, b);
        while c != code(start.0, start.1) {
            blanks.push(c % n);
            c = parent[c] as usize;
        }
        for &s in blanks.iter().rev() {
            self.slide(s);
        }
        Ok(())
    }

    /// Brings the blank to `target` around locked squares.
    fn blank_to(&mut self, target: usize) -> Result<(), ReductionError> {
        let n = self.at.len();
        let mut parent = vec![usize::MAX; n];
        let start = self.blank();
        parent[start] = start;
        let mut queue = VecDeque::from([start]);
        while let Some(s) = queue.pop_front() {
            if s == target {
                break;
            }
            for nb in self.neighbours(s) {
                if parent[nb] == usize::MAX {
                    parent[nb] = s;
                    queue.push_back(nb);
                }
            }
        }
        if parent[target] == usize::MAX {
            return Err(ReductionError(
                "the blank is walled in (an internal error)".into(),
            ));
        }
        let mut path = vec![];
        let mut s = target;
        while s != start {
            path.push(s);
            s = parent[s];
        }
        for &s in path.iter().rev() {
            self.slide(s);
        }
        Ok(())
    }

    /// Finishes one line: `cells` in order, each with its goal tile; `inward` is the step from
    /// the line into the unsolved part (down for a row, right for a column).
    fn line(&mut self, cells: &[(usize, u8)], inward: usize) -> Result<(), ReductionError> {
        let k = cells.len();
        for &(square, tile) in &cells[..k - 2] {
            self.place(tile, square)?;
            self.locked[square] = true;
        }
        let (ta, a) = cells[k - 2];
        let (tb, b) = cells[k - 1];
        if self.pos[a as usize] == ta && self.pos[b as usize] == tb {
            self.locked[ta] = true;
            self.locked[tb] = true;
            return Ok(());
        }
        // Park b on a's square and a just inside it, then slide both home.
        self.place(b, ta)?;
        self.locked[ta] = true;
        // a may be walled in by b (on the line's last square), or the blank may be shut in a
        // pocket behind a: then a steps two squares inward first and b is parked again.
        if self.pos[a as usize] == tb || self.place(a, ta + inward).is_err() {
            self.locked[ta] = false;
            self.place(a, ta + 2 * inward)?;
            self.locked[ta + 2 * inward] = true;
            self.place(b, ta)?;
            self.locked[ta + 2 * inward] = false;
            self.locked[ta] = true;
            self.place(a, ta + inward)?;
        }
        self.locked[ta + inward] = true;
        self.blank_to(tb)?;
        self.locked[ta] = false;
        self.locked[ta + inward] = false;
        self.slide(ta);
        self.slide(ta + inward);
        self.locked[ta] = true;
        self.locked[tb] = true;
        Ok(())
    }
}

/// Whether [`reduce`] can aim at this goal (its blank in a corner).
pub fn fits(goal: &Board) -> bool {
    let (w, h, b) = (goal.width(), goal.height(), goal.blank());
    (b / w == 0 || b / w == h - 1) && (b % w == 0 || b % w == w - 1)
}

/// A goal for [`reduce`] on the way to `goal`, whose blank is not in a corner: `goal` with its
/// blank walked to the nearest corner, and the moves from there back to `goal`. `None` where
/// the blank is in a corner already. A board reaches `goal` exactly when it reaches this one.
pub(crate) fn by_a_corner(goal: &Board) -> Option<(Board, Vec<Move>)> {
    if fits(goal) {
        return None;
    }
    let (w, h, b) = (goal.width(), goal.height(), goal.blank());
    let (row, column) = (b / w, b % w);
    // A move names the way a tile slides: the blank goes the other way.
    let up_or_down = match row < h - 1 - row {
        true => vec![Move::Down; row],
        false => vec![Move::Up; h - 1 - row],
    };
    let left_or_right = match column < w - 1 - column {
        true => vec![Move::Right; column],
        false => vec![Move::Left; w - 1 - column],
    };
    let walk: Vec<Move> = up_or_down.into_iter().chain(left_or_right).collect();
    let mut corner = goal.clone();
    corner.apply_all(&walk).ok()?;
    let back = walk.iter().rev().map(|m| m.opposite()).collect();
    Some((corner, back))
}

/// Solves a position by rows and columns; the goal's blank must be in a corner.
pub fn reduce(position: &Position) -> Result<Reduced, ReductionError> {
    reduce_boards(position.board(), position.goal())
}

/// [`reduce`] for two boards the caller knows to have one shape.
pub(crate) fn reduce_boards(start: &Board, goal: &Board) -> Result<Reduced, ReductionError> {
    let (w, h) = (start.width(), start.height());
    let flip = Flip::for_goal(goal)?;
    let (s, g) = (flip.board(start), flip.board(goal));
    let mut pos = vec![0usize; s.len()];
    for (sq, &t) in s.tiles().iter().enumerate() {
        pos[t as usize] = sq;
    }
    let mut work = Work {
        w,
        h,
        at: s.tiles().to_vec(),
        pos,
        locked: vec![false; s.len()],
        moves: Vec::new(),
    };
    let (mut top, mut left) = (0, 0);
    while h - top > 3 || w - left > 3 {
        if h - top >= w - left {
            let cells: Vec<(usize, u8)> = (left..w)
                .map(|c| (top * w + c, g.tile(top * w + c)))
                .collect();
            work.line(&cells, w)?;
            top += 1;
        } else {
            let cells: Vec<(usize, u8)> = (top..h)
                .map(|r| (r * w + left, g.tile(r * w + left)))
                .collect();
            work.line(&cells, 1)?;
            left += 1;
        }
    }
    let rest = solve_corner(&work.at, g.tiles(), w, h, top, left, |a, b| {
        optimal(a, b, 1_000_000)
    })?;
    let mut moves = work.moves;
    moves.extend(rest);
    let moves: Vec<Move> = moves.into_iter().map(|m| flip.unflip(m)).collect();
    Ok(Reduced {
        first_length: moves.len(),
        moves,
    })
}

/// The moves that finish the corner `top..h` × `left..w` of the tiles `at` toward the goal tiles
/// `goal`, found by `finish` on a board of the corner's own.
pub(super) fn solve_corner(
    at: &[u8],
    goal: &[u8],
    w: usize,
    h: usize,
    top: usize,
    left: usize,
    finish: impl FnOnce(&Board, &Board) -> Option<Vec<Move>>,
) -> Result<Vec<Move>, ReductionError> {
    let (sub_start, sub_goal) = corner_boards(at, goal, w, h, top, left)?;
    finish(&sub_start, &sub_goal)
        .ok_or_else(|| ReductionError("the last corner could not be solved".into()))
}

/// The corner `top..h` × `left..w` of the tiles `at` and of the goal tiles `goal`, as boards of
/// their own (tiles renumbered in order): a move on them is the same move on the whole board.
pub(super) fn corner_boards(
    at: &[u8],
    goal: &[u8],
    w: usize,
    h: usize,
    top: usize,
    left: usize,
) -> Result<(Board, Board), ReductionError> {
    let (cw, ch) = (w - left, h - top);
    let corner = |tiles: &[u8]| -> Vec<u8> {
        (top..h)
            .flat_map(|r| (left..w).map(move |c| r * w + c))
            .map(|sq| tiles[sq])
            .collect()
    };
    let goal_tiles = corner(goal);
    let rank: HashMap<u8, u8> = {
        let mut sorted = goal_tiles.clone();
        sorted.sort_unstable();
        sorted
            .iter()
            .enumerate()
            .map(|(i, &t)| (t, i as u8))
            .collect()
    };
    let relabel = |tiles: Vec<u8>| -> Result<Board, ReductionError> {
        let t: Vec<u32> = tiles
            .iter()
            .map(|t| rank.get(t).map_or(u32::MAX, |&r| u32::from(r)))
            .collect();
        Board::new(cw, ch, &t).map_err(|e| ReductionError(format!("corner: {e}")))
    };
    Ok((relabel(corner(at))?, relabel(goal_tiles)?))
}

/// Window length and per-window node budget of [`shorten`] as the rows-and-columns method uses it.
pub const WINDOW: usize = 24;
const WINDOW_NODES: u64 = 20_000;

/// The reduction as a [`crate::search::Search`] in two steps: the first answer (a 10×10 in a few
/// milliseconds), given at once as a better solution, then the shortened one, under the node
/// budget for the windows' searches.
pub(crate) struct ReductionSearch {
    start: Board,
    goal: Board,
    max_nodes: u64,
    stats: crate::search::Stats,
    /// The first answer, once found.
    first: Option<Vec<Move>>,
    /// The first answer until the solver has taken it.
    fresh: Option<crate::search::Better>,
}

impl ReductionSearch {
    /// The search of `start` toward `goal`, boards of one shape (as [`crate::solver::Solver`]
    /// makes sure).
    pub(crate) fn new(start: &Board, goal: &Board, max_nodes: u64) -> ReductionSearch {
        ReductionSearch {
            start: start.clone(),
            goal: goal.clone(),
            max_nodes,
            stats: crate::search::Stats::default(),
            first: None,
            fresh: None,
        }
    }
}

impl crate::search::Step for ReductionSearch {
    fn step(&mut self, _slice: u64) -> Option<Outcome> {
        let Some(first) = &self.first else {
            let Ok(first) = reduce_boards(&self.start, &self.goal) else {
                return Some(Outcome::Exhausted);
            };
            self.fresh = Some(crate::search::Better {
                moves: first.moves.clone(),
                within: f64::INFINITY,
            });
            self.first = Some(first.moves);
            return None;
        };
        let per_window = WINDOW_NODES.min(self.max_nodes);
        let moves = shorten(&self.start, first, WINDOW, &mut |from, to| {
            optimal_search(from, to, per_window)
        });
        Some(Outcome::Found(moves))
    }

    fn take_better(&mut self) -> Option<crate::search::Better> {
        self.fresh.take()
    }

    fn counters(&self) -> crate::search::Stats {
        self.stats
    }
}

/// A shortest path from `start` to `goal` (boards of one shape) by A* with Manhattan distance,
/// if found within `max_nodes` expansions: how the corner is finished and windows are re-solved.
pub(crate) fn optimal(start: &Board, goal: &Board, max_nodes: u64) -> Option<Vec<Move>> {
    let estimator = Estimator::new(Heuristic::Manhattan, goal).ok()?;
    shortest_path(start, goal, estimator, max_nodes)
}

/// [`optimal`] as a search run a slice at a time (a window of [`shorten`]).
pub(crate) fn optimal_search(
    start: &Board,
    goal: &Board,
    max_nodes: u64,
) -> Option<Box<dyn crate::search::Step>> {
    let estimator = Estimator::new(Heuristic::Manhattan, goal).ok()?;
    Some(crate::search::astar::shortest_path_search(
        start, goal, estimator, max_nodes,
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::random::Rng;
    use crate::puzzle::scramble::{ScrambleOptions, random_solvable};

    fn check(start: &Board, goal: &Board, moves: &[Move]) {
        let mut b = start.clone();
        for &m in moves {
            b.apply(m);
        }
        assert_eq!(&b, goal, "from {start}");
    }

    #[test]
    fn a_goal_whose_blank_is_not_in_a_corner_is_reached_by_way_of_the_nearest() {
        use crate::puzzle::notation::parse_board;
        let goal = parse_board("1 2 3/4 0 5/6 7 8").unwrap();
        let (corner, back) = by_a_corner(&goal).unwrap();
        assert_eq!(corner.to_string(), "1 2 3/4 7 5/6 8 0");
        assert_eq!(back, [Move::Right, Move::Down]);
        check(&corner, &goal, &back);
        let top = parse_board("1 0 2 3/4 5 6 7").unwrap();
        let (corner, back) = by_a_corner(&top).unwrap();
        assert_eq!(corner.to_string(), "0 1 2 3/4 5 6 7");
        assert_eq!(back, [Move::Left]);
        assert_eq!(by_a_corner(&Board::blank_first(4, 4).unwrap()), None);
    }

    #[test]
    fn every_size_and_both_corners_reach_the_goal() {
        let mut rng = Rng::seeded(3);
        for (w, h) in [
            (4, 4),
            (5, 5),
            (2, 7),
            (7, 2),
            (3, 6),
            (10, 10),
            (6, 9),
            (4, 10),
        ] {
            for goal in [
                Board::blank_last(w, h).unwrap(),
                Board::blank_first(w, h).unwrap(),
            ] {
                for _ in 0..3 {
                    let position =
                        random_solvable(&goal, ScrambleOptions::default(), &mut rng).unwrap();
                    let r =
                        reduce(&position).unwrap_or_else(|e| panic!("{w}x{h} {position:?}: {e}"));
                    let start = position.into_board();
                    check(&start, &goal, &r.moves);
                    let short = shorten(&start, &r.moves, 16, &mut |a, b| {
                        optimal_search(a, b, 20_000)
                    });
                    assert!(short.len() <= r.moves.len());
                    check(&start, &goal, &short);
                }
            }
        }
    }
}
