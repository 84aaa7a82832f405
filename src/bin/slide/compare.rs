//! `slide compare`: every algorithm and heuristic on one board, side by side (learn mode's
//! table).

use super::args::{CheckArgsJson, goal_for, read_board};
use super::solve::describe;
use super::{Failure, bad_input, round3};
use serde_json::json;
use slide::puzzle::numbers::thousands;
use slide::solver::SolveError;

pub(crate) fn run_compare(args: CheckArgsJson) -> Result<u8, Failure> {
    let board = read_board(&args.board)?;
    let goal = goal_for(&args.goal, &board)?;
    if !args.json {
        say!(
            "{:<44} {:>7} {:>8} {:>12} {:>12} {:>10}",
            "method",
            "length",
            "optimal",
            "expanded",
            "peak memory",
            "ms"
        );
    }
    for method in slide::solver::compare::methods(&goal) {
        let row = match slide::solver::compare::row(&board, &goal, method) {
            Ok(row) => row,
            Err(SolveError::Unsolvable(v)) => {
                say!("{}", v.explanation());
                return Ok(1);
            }
            Err(e) => return Err(bad_input(e)),
        };
        if args.json {
            say!(
                "{}",
                json!({
                    "algorithm": method.algorithm.name(),
                    "heuristic": method.heuristic_name(),
                    "length": row.length,
                    "optimal": row.optimal,
                    "expanded": row.stats.expanded,
                    "generated": row.stats.generated,
                    "peak_memory": row.peak_memory(),
                    "millis": round3(row.stats.millis),
                })
            );
        } else {
            say!(
                "{:<44} {:>7} {:>8} {:>12} {:>12} {:>10.2}",
                describe(method),
                row.length.map_or("budget".into(), |l| l.to_string()),
                match (row.length, row.optimal) {
                    (None, _) => "-",
                    (Some(_), true) => "yes",
                    (Some(_), false) => "no",
                },
                thousands(row.stats.expanded),
                thousands(row.peak_memory()),
                row.stats.millis
            );
        }
    }
    Ok(0)
}
