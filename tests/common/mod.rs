//! Ground truth for the tests: distances found by plain breadth-first search over the whole
//! state space, written here independently of the solver under test.

#![allow(dead_code)]

use slide::{Board, Move};
use std::collections::{HashMap, VecDeque};

/// Every arrangement's distance from `goal`, by breadth-first search backwards from it (moves
/// are reversible, so distance from the goal equals distance to it). Absent = unreachable.
pub fn bfs_distances(goal: &Board) -> HashMap<Vec<u8>, u32> {
    let mut dist = HashMap::new();
    dist.insert(goal.tiles().to_vec(), 0);
    let mut queue = VecDeque::from([goal.clone()]);
    while let Some(b) = queue.pop_front() {
        let d = dist[b.tiles()];
        for m in Move::ALL {
            if let Some(next) = b.moved(m)
                && !dist.contains_key(next.tiles())
            {
                dist.insert(next.tiles().to_vec(), d + 1);
                queue.push_back(next);
            }
        }
    }
    dist
}

/// Every permutation of `0..n`, in lexicographic order.
pub fn permutations(n: usize) -> impl Iterator<Item = Vec<u32>> {
    let mut next: Option<Vec<u32>> = Some((0..n as u32).collect());
    std::iter::from_fn(move || {
        let current = next.take()?;
        let mut p = current.clone();
        // Standard next-permutation step.
        if let Some(i) = (0..p.len().saturating_sub(1))
            .rev()
            .find(|&i| p[i] < p[i + 1])
        {
            let j = (i + 1..p.len()).rev().find(|&j| p[j] > p[i]).unwrap();
            p.swap(i, j);
            p[i + 1..].reverse();
            next = Some(p);
        }
        Some(current)
    })
}

/// A board from its tiles.
pub fn board(width: usize, height: usize, tiles: &[u32]) -> Board {
    Board::new(width, height, tiles).expect("a permutation is a valid board")
}

/// Replays `moves` from `start` and says whether they end on `goal`.
pub fn reaches(start: &Board, goal: &Board, moves: &[Move]) -> bool {
    let mut b = start.clone();
    b.apply_all(moves).is_ok() && &b == goal
}

/// Where the tests keep the pattern databases they build, read back by later runs (the
/// 15-puzzle's 7-8 tables take minutes): `SLIDE_TEST_TABLES` where set (`make test` keeps them
/// for every clone on the machine, in a folder named by a hash of the tables' code, so a change
/// to that code builds them anew), otherwise under `target/`.
pub fn tables_dir() -> std::path::PathBuf {
    std::env::var_os("SLIDE_TEST_TABLES")
        .map(std::path::PathBuf::from)
        .unwrap_or_else(|| std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("tables"))
}
