//! Boards beyond optimal reach: `auto` answers by rows and columns, every answer is checked by
//! replaying it, and no search grows past its node budget.

mod common;

use common::reaches;
use slide::puzzle::notation::parse_board;
use slide::puzzle::random::Rng;
use slide::puzzle::scramble::random_solvable;
use slide::solver::{Algorithm, Ending, Options, solve};
use slide::{Board, Heuristic};

#[test]
fn auto_solves_every_large_size_toward_both_corners() {
    let mut rng = Rng::seeded(21);
    for (w, h) in [
        (5, 5),
        (4, 5),
        (6, 6),
        (7, 3),
        (8, 8),
        (10, 10),
        (10, 2),
        (2, 10),
    ] {
        for goal in [
            Board::blank_last(w, h).unwrap(),
            Board::blank_first(w, h).unwrap(),
        ] {
            for _ in 0..2 {
                let start = random_solvable(&goal, Default::default(), &mut rng).unwrap();
                let report = solve(&start, &goal, &Options::default()).unwrap();
                let sol = report
                    .solution()
                    .unwrap_or_else(|| panic!("{w}x{h}: {:?}", report.ending));
                assert!(reaches(&start, &goal, sol.moves()), "{start}");
                // Optimal only where the method promises it.
                assert_eq!(sol.optimal(), report.method.optimal());
            }
        }
    }
}

#[test]
fn ten_by_ten_is_answered_by_rows_and_columns_within_four_times_manhattan() {
    let mut rng = Rng::seeded(99);
    let goal = Board::blank_last(10, 10).unwrap();
    let md = slide::heuristics::Estimator::new(Heuristic::Manhattan, &goal).unwrap();
    for _ in 0..5 {
        let start = random_solvable(&goal, Default::default(), &mut rng).unwrap();
        let report = solve(&start, &goal, &Options::default()).unwrap();
        assert_eq!(report.method.algorithm, Algorithm::Reduction);
        let sol = report.solution().unwrap();
        assert!(!sol.optimal());
        let bound = md.estimate_board(&start) as usize;
        assert!(sol.len() >= bound);
        assert!(sol.len() <= 4 * bound, "{} against {bound}", sol.len());
    }
}

#[test]
fn a_goal_without_a_corner_blank_falls_back_and_keeps_to_its_budget() {
    // Rows and columns need the blank's goal in a corner; elsewhere greedy search runs under its
    // budget and either answers or says the budget ran out, never more nodes than allowed.
    let mut tiles: Vec<String> = (1..=35).map(|t| t.to_string()).collect();
    tiles.insert(14, "0".into());
    let rows: Vec<String> = tiles.chunks(6).map(|r| r.join(" ")).collect();
    let goal = parse_board(&rows.join("/")).unwrap();
    let mut rng = Rng::seeded(5);
    let start = random_solvable(&goal, Default::default(), &mut rng).unwrap();
    let options = Options {
        max_nodes: Some(50_000),
        ..Options::default()
    };
    let report = solve(&start, &goal, &options).unwrap();
    assert_eq!(report.method.algorithm, Algorithm::Greedy);
    assert!(report.stats.expanded <= 50_000);
    match &report.ending {
        Ending::Solved(s) => assert!(reaches(&start, &goal, s.moves())),
        Ending::BudgetExhausted { max_nodes } => assert_eq!(*max_nodes, 50_000),
        other => panic!("{other:?}"),
    }
}
