//! The whole 8-puzzle: for every one of the 181,440 boards that can reach the goal, A* with
//! depth + Manhattan returns a solution of exactly the breadth-first distance, and IDA* agrees.
//!
//! Exhaustive in release builds (`make test` runs them so); debug builds check every 61st board
//! and every board at most 8 or at least 30 moves away, so that a plain `cargo test` stays quick and still meets
//! the hardest.

mod common;

use common::{bfs_distances, board, permutations, reaches};
use slide::puzzle::solvability::is_solvable;
use slide::solver::{Algorithm, Options, solve};
use slide::{Board, Goal, Heuristic};

fn stride() -> usize {
    if cfg!(debug_assertions) { 61 } else { 1 }
}

fn every_board_is_solved_optimally_by(algorithm: Algorithm, heuristic: Heuristic) {
    let goal = Goal::BlankLast.board(3, 3).unwrap();
    let dist = bfs_distances(&goal);
    assert_eq!(dist.len(), 181_440);
    assert_eq!(dist.values().max(), Some(&31), "the 8-puzzle's diameter");
    let options = Options::with(algorithm, heuristic);
    // In a fixed order, so that a sample is the same on every run.
    let mut boards: Vec<(&Vec<u8>, &u32)> = dist.iter().collect();
    boards.sort_unstable();
    let sample = (boards.iter().enumerate())
        .filter(|&(i, (_, d))| i % stride() == 0 || **d <= 8 || **d >= 30)
        .map(|(_, b)| *b);
    let mut distances = std::collections::BTreeSet::new();
    for (tiles, &d) in sample {
        let tiles: Vec<u32> = tiles.iter().map(|&t| u32::from(t)).collect();
        let start = board(3, 3, &tiles);
        let report = solve(&start, &goal, &options).unwrap();
        let sol = report
            .solution()
            .expect("the default budget is ample for 3x3");
        assert_eq!(sol.len() as u32, d, "{algorithm} + {heuristic} on {start}");
        assert!(sol.optimal());
        assert!(reaches(&start, &goal, sol.moves()));
        distances.insert(d);
    }
    // Every distance was met, the goal itself and the two 31-move boards among them.
    assert_eq!(distances, (0..=31).collect());
}

#[test]
fn astar_with_manhattan_is_optimal_on_every_board() {
    every_board_is_solved_optimally_by(Algorithm::AStar, Heuristic::Manhattan);
}

#[test]
fn idastar_agrees_on_every_board() {
    every_board_is_solved_optimally_by(Algorithm::IdaStar, Heuristic::LinearConflict);
}

#[test]
fn parity_agrees_with_reachability_on_all_362880_arrangements() {
    for goal in [
        Board::blank_last(3, 3).unwrap(),
        Board::blank_first(3, 3).unwrap(),
    ] {
        let dist = bfs_distances(&goal);
        let mut solvable = 0;
        for p in permutations(9) {
            let b = board(3, 3, &p);
            let verdict = is_solvable(&b, &goal);
            assert_eq!(verdict, dist.contains_key(b.tiles()), "{b}");
            solvable += usize::from(verdict);
        }
        assert_eq!(solvable, 181_440);
    }
}
