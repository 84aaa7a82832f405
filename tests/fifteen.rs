//! The 15-puzzle with pattern databases: the estimates are lower bounds, the solver is optimal on
//! Korf's instances, and `auto` picks it.

mod common;

use common::reaches;
use slide::heuristics::{Estimator, pdb};
use slide::puzzle::notation::parse_board;
use slide::puzzle::random::Rng;
use slide::puzzle::scramble::random_walk;
use slide::solver::bench::parse_instances;
use slide::solver::{Algorithm, Method, Options, solve};
use slide::{Board, Heuristic, Move};
use std::collections::{HashMap, VecDeque};

fn goals() -> [Board; 2] {
    [
        Board::blank_last(4, 4).unwrap(),
        Board::blank_first(4, 4).unwrap(),
    ]
}

/// Every board within `depth` moves of the goal, with its true distance (breadth-first).
fn near(goal: &Board, depth: u32) -> HashMap<Vec<u8>, (Board, u32)> {
    let mut dist = HashMap::new();
    dist.insert(goal.tiles().to_vec(), (goal.clone(), 0));
    let mut queue = VecDeque::from([(goal.clone(), 0)]);
    while let Some((b, d)) = queue.pop_front() {
        if d == depth {
            continue;
        }
        for m in Move::ALL {
            if let Some(next) = b.moved(m)
                && !dist.contains_key(next.tiles())
            {
                dist.insert(next.tiles().to_vec(), (next.clone(), d + 1));
                queue.push_back((next, d + 1));
            }
        }
    }
    dist
}

#[test]
fn estimates_never_exceed_the_true_distance_near_the_goal() {
    // Every board within 16 moves (about 200,000 a goal), against breadth-first distances.
    for goal in goals() {
        let db = pdb::shared(&goal).unwrap();
        let all = near(&goal, 16);
        assert!(all.len() > 100_000, "{}", all.len());
        let mut exact = 0;
        for (board, d) in all.values() {
            let h = db.estimate_board(board);
            assert!(h <= *d, "h = {h} > {d} for {board}");
            exact += usize::from(h == *d);
        }
        // Not a trivial bound either: most of these boards are estimated exactly.
        assert!(exact * 2 > all.len(), "{exact} of {}", all.len());
    }
}

#[test]
fn pattern_databases_dominate_manhattan_and_are_lower_bounds_far_away() {
    let mut rng = Rng::seeded(15);
    for goal in goals() {
        let db = pdb::shared(&goal).unwrap();
        let md = Estimator::new(Heuristic::Manhattan, &goal).unwrap();
        let lc = Estimator::new(Heuristic::LinearConflict, &goal).unwrap();
        let mut stronger = 0;
        for _ in 0..12 {
            let (board, _) = random_walk(&goal, 200, &mut rng);
            let h = db.estimate_board(&board);
            assert!(h >= md.estimate_board(&board), "{board}");
            stronger += usize::from(h > lc.estimate_board(&board));
            let report = solve(&board, &goal, &Options::default()).unwrap();
            let sol = report.solution().unwrap();
            assert!(h <= sol.len() as u32, "{board}: h {h} > {}", sol.len());
            // The same length as IDA* with linear conflict, a wholly separate search.
            let check = solve(
                &board,
                &goal,
                &Options::with(Algorithm::IdaStar, Heuristic::LinearConflict),
            )
            .unwrap();
            assert_eq!(check.solution().unwrap().len(), sol.len(), "{board}");
        }
        assert!(stronger >= 8, "{stronger}");
    }
}

fn first_ten(file: &str, goal: &Board) {
    let text = std::fs::read_to_string(format!(
        "{}/../shared/bench/{file}",
        env!("CARGO_MANIFEST_DIR")
    ))
    .unwrap();
    for inst in parse_instances(&text).unwrap().iter().take(10) {
        let report = solve(&inst.board, goal, &Options::default()).unwrap();
        assert_eq!(report.method.heuristic, Some(Heuristic::Pdb));
        let sol = report.solution().unwrap();
        assert_eq!(sol.len() as u32, inst.expected, "instance {}", inst.id);
        assert!(sol.optimal());
        assert!(reaches(&inst.board, goal, sol.moves()));
    }
}

#[test]
fn korfs_first_ten_at_their_published_lengths() {
    first_ten("korf100.txt", &Board::blank_last(4, 4).unwrap());
}

#[test]
fn korfs_first_ten_blank_first_at_their_published_lengths() {
    first_ten(
        "korf100-blank-first.txt",
        &Board::blank_first(4, 4).unwrap(),
    );
}

#[test]
fn node_counts_are_reproducible_and_far_below_linear_conflict() {
    // Korf's instance 1: 16,801 nodes with the databases; IDA* with linear conflict needs
    // millions. Exact counts, so a change in the search shows here.
    let start = parse_board("13 6 8 12/15 14 0 10/11 7 4 5/9 1 3 2").unwrap();
    let goal = Board::blank_last(4, 4).unwrap();
    let pdb = solve(&start, &goal, &Options::default()).unwrap();
    assert_eq!(pdb.solution().unwrap().len(), 57);
    assert_eq!(pdb.stats.expanded, 16_801);
}

#[test]
fn auto_uses_pattern_databases_only_where_they_fit() {
    let b = |s: &str| parse_board(s).unwrap();
    let four = Board::blank_last(4, 4).unwrap();
    let auto = |start: &Board, goal: &Board| Method::auto_for(start, goal).heuristic;
    assert_eq!(auto(&four, &four), Some(Heuristic::Pdb));
    let first = Board::blank_first(4, 4).unwrap();
    assert_eq!(auto(&first, &first), Some(Heuristic::Pdb));
    // A goal with the blank in the middle: linear conflict. The 2×8 board, beyond what IDA*
    // answers within the browser's budget: line by line search, which needs no estimate.
    let middle = b("1 2 3 4/5 0 6 7/8 9 10 11/12 13 14 15");
    assert_eq!(auto(&middle, &middle), Some(Heuristic::LinearConflict));
    let long = Board::blank_last(8, 2).unwrap();
    assert_eq!(Method::auto_for(&long, &long).algorithm, Algorithm::Fringe);
    // A custom goal with the blank in another corner still gets databases of its own.
    let corner = b("0 15 14 13/12 11 10 9/8 7 6 5/4 3 2 1");
    assert_eq!(auto(&corner, &corner), Some(Heuristic::Pdb));
    let start = corner.moved(Move::Up).unwrap().moved(Move::Left).unwrap();
    let report = solve(&start, &corner, &Options::default()).unwrap();
    assert_eq!(report.solution().unwrap().len(), 2);
}
