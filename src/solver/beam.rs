//! Beam search over the whole board: level by level, every board of the beam is expanded and
//! only the `width` children with the smallest estimate (Manhattan distance plus linear
//! conflicts) are kept, boards met before left out. It is not optimal and can fail (the beam
//! may lose every way forward), but on a 6×6 a beam of ten thousand answers within about 1.5 ×
//! the Manhattan bound, where line by line search gives 1.8 ×: tiles advance together, as in
//! a shortest solution, instead of one line at a time.
//!
//! Memory is bounded by the node budget: every level keeps `width` boards and, for the path,
//! each kept board's parent; a board seen is remembered by a 64-bit Zobrist hash (a collision
//! can only leave a board out, never give a wrong path: moves are replayed from the start).

use crate::heuristics::{Estimator, Heuristic};
use crate::puzzle::board::Board;
use crate::puzzle::moves::Move;
use crate::puzzle::random::Rng;
use rustc_hash::FxHashSet;

/// What a beam search found: the moves, and the boards generated on the way.
#[derive(Clone, Debug, PartialEq)]
pub struct Beamed {
    pub moves: Option<Vec<Move>>,
    pub generated: u64,
}

/// Searches from `start` toward `goal` with a beam `width` boards wide, narrower when what is
/// left of `max_nodes` (boards generated) cannot pay for the levels still ahead; gives up when
/// the budget is spent. Boards of equal estimate are chosen among by `seed`.
///
/// Tiles whose home is in the `outer` × `outer` block farthest from the goal's blank count
/// their Manhattan distance again, once more per step further into that corner (with `outer`
/// 2: the far corner's tile three times, its two neighbours twice). Those tiles have the
/// longest way home and the plain estimate leaves them for last, when bringing them home
/// undoes the rest: a 7×7 beam of 2,000 answers at 2.09 × Manhattan with `outer` 0, 1.72 × with
/// 2, and 1.91 × with 3 (10 random boards; 1.80 × with 1).
pub fn solve(
    start: &Board,
    goal: &Board,
    width: usize,
    max_nodes: u64,
    seed: u64,
    outer: usize,
) -> Beamed {
    let failed = |generated| Beamed {
        moves: None,
        generated,
    };
    let Ok(estimator) = Estimator::new(Heuristic::LinearConflict, goal) else {
        return failed(0);
    };
    let (n, w, h) = (start.len(), start.width(), start.height());
    let mut rng = Rng::seeded(0x5eed ^ seed);
    let zobrist: Vec<u64> = (0..n * n).map(|_| rng.next_u64()).collect();
    let z = |tile: u8, square: usize| zobrist[usize::from(tile) * n + square];

    // The beam: boards side by side in `tiles`, with their blank, estimate and hash.
    let mut tiles = start.tiles().to_vec();
    let mut blank = vec![start.blank()];
    let (gr, gc) = (goal.blank() / w, goal.blank() % w);
    let mut home = vec![0; n];
    for (square, &tile) in goal.tiles().iter().enumerate() {
        home[usize::from(tile)] = square;
    }
    // Each tile's extra weight: how far its home is inside the `outer` × `outer` block farthest
    // from the goal's blank.
    let extra: Vec<i32> = (0..n)
        .map(|t| {
            let (r, c) = (home[t] / w, home[t] % w);
            let inward = (h - 1 - r.abs_diff(gr)).max(w - 1 - c.abs_diff(gc));
            if t == 0 {
                0
            } else {
                outer.saturating_sub(inward) as i32
            }
        })
        .collect();
    let distance = |tile: u8, s: usize| {
        let home = home[usize::from(tile)];
        ((s / w).abs_diff(home / w) + (s % w).abs_diff(home % w)) as i32
    };
    let weighted: i32 = start
        .tiles()
        .iter()
        .enumerate()
        .map(|(s, &t)| extra[usize::from(t)] * distance(t, s))
        .sum();
    let plain = estimator.estimate_board(start) as i32;
    let mut estimate = vec![plain + weighted];
    // The linear-conflict estimate alone, which measures the levels still ahead.
    let mut lc = vec![plain];
    // A beam its budget cannot pay for to the end is narrowed from the start, not at the end
    // (where a narrow beam wanders): a level generates about 3 boards a kept board, and the
    // answer is about 1.5 × the estimate long.
    let width = width
        .min((max_nodes / (1 + 9 * plain.max(0) as u64 / 2)) as usize)
        .max(MIN_WIDTH);
    let first_hash = start
        .tiles()
        .iter()
        .enumerate()
        .fold(0, |acc, (s, &t)| acc ^ z(t, s));
    let mut hash = vec![first_hash];
    let mut seen = FxHashSet::default();
    seen.insert(first_hash);
    // For each level, each kept board's parent (its index in the level before) and blank.
    let mut parents: Vec<Vec<(u32, u16)>> = Vec::new();
    let mut generated = 0u64;
    // A child: estimate, hash (ties broken by it: a fair coin), parent, square the blank went to,
    // linear-conflict estimate.
    let mut children: Vec<(i32, u64, u32, u16, i32)> = Vec::new();
    // Boards generated a kept board at the last level.
    let mut per_board: f64 = 4.0;
    loop {
        if let Some(i) = estimate.iter().position(|&e| e == 0) {
            return Beamed {
                moves: Some(path(start, &parents, i, w)),
                generated,
            };
        }
        // A level generates at most four boards a board: stop before it could pass the budget.
        if generated + 4 * blank.len() as u64 > max_nodes || blank.is_empty() {
            return failed(generated);
        }
        // Narrower near the end of the budget: about 1.5 × the best estimate of levels are left,
        // each generating as many boards a kept board as the last did, and the beam keeps
        // what the budget can pay for (a beam sized to the budget finishes instead of failing).
        let least = lc.iter().min().map_or(0, |&e| e.max(0) as u64);
        let ahead = 1 + least * 3 / 2;
        let afford = (max_nodes - generated) as f64 / (per_board.max(1.0) * ahead as f64);
        let keep = width.min((afford as usize).max(MIN_WIDTH));
        children.clear();
        for (i, &b) in blank.iter().enumerate() {
            let board = &tiles[i * n..(i + 1) * n];
            let (r, c) = (b / w, b % w);
            let beside = [
                (r > 0).then(|| b - w),
                (r + 1 < h).then(|| b + w),
                (c > 0).then(|| b - 1),
                (c + 1 < w).then(|| b + 1),
            ];
            for to in beside.into_iter().flatten() {
                let tile = board[to];
                let child = hash[i] ^ z(tile, to) ^ z(tile, b) ^ z(0, b) ^ z(0, to);
                if seen.contains(&child) {
                    continue;
                }
                let delta = estimator.delta(|s| board[s], tile, to, b);
                let e = estimate[i]
                    + delta
                    + extra[usize::from(tile)] * (distance(tile, b) - distance(tile, to));
                children.push((e, child, i as u32, to as u16, lc[i] + delta));
            }
        }
        generated += children.len() as u64;
        per_board = children.len() as f64 / blank.len() as f64;
        if children.len() > keep {
            children.select_nth_unstable(keep);
            children.truncate(keep);
        }
        children.sort_unstable();
        children.dedup_by_key(|c| c.1);
        let mut next_tiles = Vec::with_capacity(children.len() * n);
        let mut level = Vec::with_capacity(children.len());
        blank.clear();
        estimate.clear();
        lc.clear();
        hash.clear();
        for &(e, child, i, to, plain) in &children {
            seen.insert(child);
            let from = blank_of(&tiles[i as usize * n..(i as usize + 1) * n]);
            next_tiles.extend_from_slice(&tiles[i as usize * n..(i as usize + 1) * n]);
            let board = &mut next_tiles[level.len() * n..(level.len() + 1) * n];
            board[from] = board[usize::from(to)];
            board[usize::from(to)] = 0;
            level.push((i, to));
            blank.push(usize::from(to));
            estimate.push(e);
            lc.push(plain);
            hash.push(child);
        }
        parents.push(level);
        tiles = next_tiles;
    }
}

/// The narrowest a beam gets when its budget runs low.
const MIN_WIDTH: usize = 50;

fn blank_of(board: &[u8]) -> usize {
    board.iter().position(|&t| t == 0).unwrap_or(0)
}

/// The moves to board `i` of the last level: the blank's squares followed back through the
/// parents, then named as moves from the start.
fn path(start: &Board, parents: &[Vec<(u32, u16)>], i: usize, w: usize) -> Vec<Move> {
    let mut squares = Vec::with_capacity(parents.len());
    let mut at = i;
    for level in parents.iter().rev() {
        let (parent, square) = level[at];
        squares.push(usize::from(square));
        at = parent as usize;
    }
    let mut b = start.blank();
    squares
        .into_iter()
        .rev()
        .map(|to| {
            let m = Move::between(b, to, w);
            b = to;
            m
        })
        .collect()
}
