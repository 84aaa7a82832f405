//! The two hardest 8-puzzles (31 moves, the puzzle's diameter) with every method, the node budget,
//! and what a search reports.

mod common;

use common::reaches;
use slide::puzzle::notation::parse_board;
use slide::solver::{Algorithm, Ending, Options, Progress, SolveError, Solver, solve};
use slide::{Board, Heuristic};

const HARDEST: [&str; 2] = ["8 6 7/2 5 4/3 0 1", "6 4 7/8 5 0/3 2 1"];

fn goal() -> Board {
    Board::blank_last(3, 3).unwrap()
}

#[test]
fn every_optimal_method_needs_31_moves() {
    let methods = [
        (Algorithm::AStar, Some(Heuristic::Hamming)),
        (Algorithm::AStar, Some(Heuristic::Manhattan)),
        (Algorithm::AStar, Some(Heuristic::LinearConflict)),
        (Algorithm::IdaStar, Some(Heuristic::Hamming)),
        (Algorithm::IdaStar, Some(Heuristic::Manhattan)),
        (Algorithm::IdaStar, Some(Heuristic::LinearConflict)),
        (Algorithm::Bfs, None),
        (Algorithm::Auto, None),
    ];
    for board in HARDEST {
        let start = parse_board(board).unwrap();
        for (algorithm, heuristic) in methods {
            let options = Options {
                algorithm,
                heuristic,
                ..Options::default()
            };
            let report = solve(&start, &goal(), &options).unwrap();
            let sol = report.solution().unwrap();
            assert_eq!(sol.len(), 31, "{algorithm} {heuristic:?} on {board}");
            assert!(sol.optimal());
            assert!(reaches(&start, &goal(), sol.moves()));
        }
    }
}

#[test]
fn better_heuristics_expand_fewer_nodes() {
    // The comparison the tutorials draw, as node counts (deterministic, so exact).
    let start = parse_board(HARDEST[0]).unwrap();
    let expanded = |h| {
        solve(&start, &goal(), &Options::with(Algorithm::AStar, h))
            .unwrap()
            .stats
            .expanded
    };
    let (hamming, manhattan, conflict) = (
        expanded(Heuristic::Hamming),
        expanded(Heuristic::Manhattan),
        expanded(Heuristic::LinearConflict),
    );
    assert!(hamming > 2 * manhattan, "{hamming} vs {manhattan}");
    assert!(manhattan > conflict, "{manhattan} vs {conflict}");
    assert_eq!(manhattan, 6_728, "A*+Manhattan's node count changed");
}

#[test]
fn the_others_find_valid_longer_or_equal_paths() {
    for board in HARDEST {
        let start = parse_board(board).unwrap();
        for algorithm in [Algorithm::Greedy, Algorithm::Weighted, Algorithm::Dfs] {
            let report = solve(
                &start,
                &goal(),
                &Options {
                    algorithm,
                    ..Options::default()
                },
            )
            .unwrap();
            let sol = report.solution().unwrap();
            assert!(sol.len() >= 31 && !sol.optimal());
            assert!(reaches(&start, &goal(), sol.moves()));
        }
    }
}

#[test]
fn a_small_budget_ends_with_budget_exhausted_not_a_wrong_answer() {
    let start = parse_board(HARDEST[0]).unwrap();
    for algorithm in [
        Algorithm::AStar,
        Algorithm::IdaStar,
        Algorithm::Bfs,
        Algorithm::Dfs,
    ] {
        let options = Options {
            algorithm,
            max_nodes: Some(100),
            ..Options::default()
        };
        let report = solve(&start, &goal(), &options).unwrap();
        assert_eq!(
            report.ending,
            Ending::BudgetExhausted { max_nodes: 100 },
            "{algorithm}"
        );
        assert!(report.stats.expanded <= 100);
    }
}

#[test]
fn unsolvable_boards_are_refused_before_any_search() {
    let start = parse_board("1 2 3/4 5 6/8 7 0").unwrap();
    match Solver::new(&start, &goal(), &Options::default()) {
        Err(SolveError::Unsolvable(v)) => assert!(v.explanation().starts_with("Unsolvable")),
        other => panic!("expected Unsolvable, got {:?}", other.map(|s| s.method())),
    }
}

#[test]
fn progress_reports_grow_and_show_the_bound() {
    let start = parse_board(HARDEST[0]).unwrap();
    let options = Options::with(Algorithm::IdaStar, Heuristic::Manhattan);
    let mut solver = Solver::new(&start, &goal(), &options).unwrap();
    assert_eq!(
        solver.stats().bound,
        Some(21),
        "IDA* starts at the Manhattan distance"
    );
    let mut last = 0;
    let mut bounds = vec![];
    loop {
        match solver.run(1000) {
            Progress::Running(stats) => {
                assert!(stats.expanded > last);
                last = stats.expanded;
                bounds.extend(stats.bound);
            }
            Progress::Done(report) => {
                assert_eq!(report.unwrap().solution().unwrap().len(), 31);
                break;
            }
            Progress::Better(_) => panic!("IDA* answers once"),
        }
    }
    assert!(bounds.windows(2).all(|w| w[0] <= w[1]), "{bounds:?}");
    assert_eq!(
        solver.stats().bound,
        Some(31),
        "and ends at the solution's length"
    );
}

#[test]
fn a_board_already_solved_needs_no_moves() {
    for algorithm in Algorithm::ALL {
        let report = solve(
            &goal(),
            &goal(),
            &Options {
                algorithm,
                ..Options::default()
            },
        )
        .unwrap();
        assert!(report.solution().unwrap().is_empty(), "{algorithm}");
    }
}
