//! The 24-puzzle: pattern databases that are lower bounds, an anytime search whose answers only
//! get shorter and whose stated bounds hold, and Korf's instances within 1.25 times their
//! published optimum inside the default budget.

mod common;

use common::reaches;
use slide::heuristics::{Estimator, pdb};
use slide::puzzle::random::Rng;
use slide::puzzle::scramble::random_walk;
use slide::solver::bench::parse_instances;
use slide::solver::{ANYTIME_MAX_NODES, Algorithm, Method, Options, Progress, Solver, solve};
use slide::{Board, Heuristic};

fn goals() -> [Board; 2] {
    [
        Board::blank_last(5, 5).unwrap(),
        Board::blank_first(5, 5).unwrap(),
    ]
}

#[test]
fn estimates_are_lower_bounds_at_least_manhattan() {
    let mut rng = Rng::seeded(24);
    for goal in goals() {
        let db = pdb::shared(&goal).unwrap();
        let manhattan = Estimator::new(Heuristic::Manhattan, &goal).unwrap();
        let ida = Options::with(Algorithm::IdaStar, Heuristic::LinearConflict);
        let mut stronger = 0;
        for walk in [8, 16, 24, 32, 40, 48] {
            for _ in 0..4 {
                let (board, _) = random_walk(&goal, walk, &mut rng);
                let h = db.estimate_board(&board);
                let md = manhattan.estimate_board(&board);
                assert!(h >= md, "pdb {h} < manhattan {md} on {board}");
                stronger += usize::from(h > md);
                // The true distance, by an optimal search that does not use the tables.
                let shortest = solve(&board, &goal, &ida).unwrap();
                let d = shortest.solution().unwrap().len() as u32;
                assert!(h <= d, "pdb {h} > distance {d} on {board}");
            }
        }
        assert!(stronger > 6, "only {stronger} of 24 boards above Manhattan");
    }
}

/// Runs a solver to the end, collecting the answers it gave on the way.
fn answers(start: &Board, goal: &Board, options: &Options) -> (Vec<(usize, f64)>, Board) {
    let mut solver = Solver::new(start, goal, options).unwrap();
    let mut seen = Vec::new();
    loop {
        match solver.run(50_000) {
            Progress::Running(_) => {}
            Progress::Better(report) => {
                let sol = report.solution().expect("a better answer is a solution");
                assert!(reaches(start, goal, sol.moves()));
                seen.push((sol.len(), report.within.unwrap()));
            }
            Progress::Done(report) => {
                let report = report.unwrap();
                let sol = report.solution().expect("anytime search always answers");
                assert!(reaches(start, goal, sol.moves()));
                seen.push((sol.len(), report.within.unwrap()));
                assert_eq!(sol.optimal(), report.within == Some(1.0));
                return (seen, start.clone());
            }
        }
    }
}

#[test]
fn answers_only_get_shorter_and_end_proven_shortest_when_time_allows() {
    let mut rng = Rng::seeded(7);
    let goal = Board::blank_first(5, 5).unwrap();
    let options = Options {
        max_nodes: Some(u64::MAX),
        ..Options::with(Algorithm::Anytime, Heuristic::Pdb)
    };
    let ida = Options::with(Algorithm::IdaStar, Heuristic::Pdb);
    for _ in 0..6 {
        let (board, _) = random_walk(&goal, 60, &mut rng);
        let (seen, _) = answers(&board, &goal, &options);
        for pair in seen.windows(2) {
            assert!(pair[1].0 <= pair[0].0, "{seen:?}");
            assert!(pair[1].1 <= pair[0].1, "{seen:?}");
        }
        let shortest = solve(&board, &goal, &ida).unwrap();
        let d = shortest.solution().unwrap().len();
        let &(last, within) = seen.last().unwrap();
        assert_eq!(within, 1.0, "unbounded search ends proven: {seen:?}");
        assert_eq!(last, d, "{board}");
        // Every answer on the way kept its promise.
        for &(len, w) in &seen {
            assert!(len as f64 <= w * d as f64 + 1e-9, "{len} > {w} × {d}");
        }
    }
}

#[test]
fn korf_24_puzzles_within_a_quarter_of_the_optimum_in_the_default_budget() {
    let text = include_str!("../benches/korf50-24puzzle-blank-first.txt");
    let goal = Board::blank_first(5, 5).unwrap();
    for inst in parse_instances(text).unwrap().iter().take(4) {
        let report = solve(&inst.board, &goal, &Options::default()).unwrap();
        assert_eq!(
            report.method,
            Method {
                algorithm: Algorithm::Anytime,
                heuristic: Some(Heuristic::Pdb)
            }
        );
        let sol = report.solution().unwrap();
        assert!(reaches(&inst.board, &goal, sol.moves()));
        assert!(report.stats.expanded <= ANYTIME_MAX_NODES);
        let ratio = sol.len() as f64 / f64::from(inst.expected);
        assert!(
            ratio <= 1.25,
            "instance {}: {} moves, {ratio:.3}×",
            inst.id,
            sol.len()
        );
        // The stated bound holds against the published optimum.
        let within = report.within.unwrap();
        assert!(
            ratio <= within + 1e-9,
            "instance {}: {ratio} > {within}",
            inst.id
        );
    }
}

#[test]
fn auto_uses_anytime_search_where_the_tables_fit() {
    let square = Board::blank_first(5, 5).unwrap();
    let m = Method::auto_for(&square, &square);
    assert_eq!(
        (m.algorithm, m.heuristic),
        (Algorithm::Anytime, Some(Heuristic::Pdb))
    );
    let middle = slide::puzzle::notation::parse_board(
        "1 2 3 4 5/6 7 8 9 10/11 12 0 13 14/15 16 17 18 19/20 21 22 23 24",
    )
    .unwrap();
    let m = Method::auto_for(&middle, &middle);
    assert_eq!(
        (m.algorithm, m.heuristic),
        (Algorithm::Weighted, Some(Heuristic::LinearConflict))
    );
}
