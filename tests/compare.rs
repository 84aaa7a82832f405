//! Learn mode's Compare rows are `slide solve`'s results: for every board of a fixed set and every
//! row, the length and the node counts are identical.

use std::process::Command;

fn slide(args: &[&str]) -> Vec<serde_json::Value> {
    let out = Command::new(env!("CARGO_BIN_EXE_slide"))
        .args(args)
        .output()
        .expect("slide runs");
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).expect("JSON"))
        .collect()
}

#[test]
fn compare_rows_agree_with_slide_solve() {
    let boards = [
        "8 6 7/2 5 4/3 0 1",
        "1 2 3/4 5 6/0 7 8",
        "4 1 3/7 2 6/0 5 8",
        "1 2 3 4/5 6 7 8/9 10 0 11/13 14 15 12",
        "2 3/1 0",
    ];
    for board in boards {
        let rows = slide(&["compare", "--json", board]);
        assert_eq!(rows.len(), 13, "{board}");
        for row in rows {
            let (algorithm, heuristic) = (
                row["algorithm"].as_str().unwrap(),
                row["heuristic"].as_str().unwrap(),
            );
            // Each row's own budget, as the comparison gives it.
            let budget =
                slide::solver::compare::budget(slide::Algorithm::from_name(algorithm).unwrap())
                    .to_string();
            let mut args = vec![
                "solve",
                "--json",
                "--algorithm",
                algorithm,
                "--max-nodes",
                &budget,
            ];
            if heuristic != "none" {
                args.extend(["--heuristic", heuristic]);
            }
            args.push(board);
            let solved = slide(&args).remove(0);
            let what = format!("{board}: {algorithm} + {heuristic}");
            assert_eq!(row["length"], solved["length"], "{what}");
            assert_eq!(row["expanded"], solved["expanded"], "{what}");
            assert_eq!(row["generated"], solved["generated"], "{what}");
            if row["length"].is_number() {
                assert_eq!(row["optimal"], solved["optimal"], "{what}");
            }
        }
    }
}

#[test]
fn the_steppers_searches_are_slide_solves_node_for_node() {
    // Learn mode's stepper (and `slide solve --trace`) steps the search `slide solve` runs, with
    // its defaults (the estimate asked for, the depth limit, the budget): one step an expansion
    // the solve counts, and one more, the last, for the goal.
    use slide::solver::{Options, solve, watch};
    let boards = [
        "8 6 7/2 5 4/3 0 1",
        "4 1 3/7 2 6/0 5 8",
        "2 3/1 0",
        "1 2 3/0 4 5",
    ];
    for board in boards {
        let start = slide::puzzle::notation::parse_board(board).unwrap();
        let goal = slide::Board::blank_last(start.width(), start.height()).unwrap();
        for name in ["astar", "greedy", "idastar", "bfs", "dfs"] {
            let algorithm = slide::Algorithm::from_name(name).unwrap();
            let options = Options::with(algorithm, slide::Heuristic::Hamming);
            let report = solve(&start, &goal, &options).unwrap();
            let mut stepper = watch(&start, &goal, &options).unwrap();
            let mut last = None;
            while let Some(step) = stepper.step() {
                last = Some(step);
            }
            let last = last.unwrap();
            assert_eq!(last.step, report.stats.expanded + 1, "{name} on {board}");
            assert_eq!(
                last.g as usize,
                report.solution().unwrap().len(),
                "{name} on {board}"
            );
        }
    }
}
