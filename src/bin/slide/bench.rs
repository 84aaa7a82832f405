//! `slide bench`: every instance of a benchmark file, a row each, and a summary.

use super::args::BenchArgs;
use super::solve::describe;
use super::{Failure, bad_input, not_solved, round3};
use serde_json::json;
use slide::puzzle::numbers::thousands;
use slide::solver::bench::{Instance, Summary, Timing, parse_instances, summarize};
use slide::solver::{Method, Options, Progress, Report, SolveError, Solver};
use slide::{Board, Goal};

pub(crate) fn run_bench(args: BenchArgs) -> Result<u8, Failure> {
    let text = std::fs::read_to_string(&args.file)
        .map_err(|e| bad_input(format!("cannot read {}: {e}", args.file.display())))?;
    let mut instances =
        parse_instances(&text).map_err(|e| bad_input(format!("{}: {e}", args.file.display())))?;
    if let Some(n) = args.first {
        instances.truncate(n);
    }
    let goal_spec = Goal::parse(&args.method.goal).map_err(bad_input)?;
    let json = args.method.json;
    let pdb_millis = prepare_tables(&args, &instances, &goal_spec)?;
    if !json {
        say!(
            "{:>4} {:>5} {:>5} {:>4} {:>14} {:>14} {:>11}",
            "id",
            "exp",
            "len",
            "opt",
            "expanded",
            "generated",
            "ms"
        );
    }
    let options = args.method.options();
    let mut rows = Vec::new();
    let mut code = 0u8;
    for inst in &instances {
        let goal = goal_spec.for_board(&inst.board).map_err(bad_input)?;
        let (report, first_millis) = solve_instance(inst, &goal, &options)?;
        let length = report.solution().map(|sol| sol.len() as u32);
        if length.is_none() {
            code = 3;
        } else if report.method.optimal() && length != Some(inst.expected) {
            // An optimal method disagreeing with a published optimum: the file or the solver
            // is wrong, and either must be looked at.
            code = code.max(1);
        }
        let s = report.stats;
        rows.push(Timing {
            first_millis,
            ..Timing::new(inst.expected, length, s.millis, s.expanded, s.generated)
        });
        print_row(inst, &report, json);
    }
    let summary = summarize(&rows);
    if json {
        print_summary_json(&summary, pdb_millis);
    } else {
        let methods = instances.iter().map(|i| {
            let goal = (goal_spec.for_board(&i.board)).unwrap_or_else(|_| i.board.clone());
            Method::resolve(&options, &i.board, &goal)
        });
        print_summary(&summary, methods.collect());
    }
    Ok(code)
}

/// Gets the pattern databases each goal of the file uses ready, once a goal and before any
/// clock starts (their build is reported on its own); the milliseconds it took, if any.
fn prepare_tables(
    args: &BenchArgs,
    instances: &[Instance],
    goal_spec: &Goal,
) -> Result<Option<f64>, Failure> {
    let mut pdb_millis = None;
    let mut built: Vec<Board> = Vec::new();
    for inst in instances {
        let goal = goal_spec.for_board(&inst.board).map_err(bad_input)?;
        if built.contains(&goal) {
            continue;
        }
        let Some(ready) = args.method.prepare_tables(&inst.board, &goal)? else {
            continue;
        };
        *pdb_millis.get_or_insert(0.0) += ready.millis;
        if !args.method.json {
            say!("{}", ready.line(&goal));
        }
        built.push(goal);
    }
    Ok(pdb_millis)
}

/// Solves one instance: the report, and when its first answer came; a board that cannot reach
/// the goal ends the bench (status 1), as does a bug (status 4).
fn solve_instance(
    inst: &Instance,
    goal: &Board,
    options: &Options,
) -> Result<(Report, Option<f64>), Failure> {
    match solve_timed(&inst.board, goal, options) {
        Ok(solved) => Ok(solved),
        Err(SolveError::Unsolvable(v)) => Err(Failure {
            code: 1,
            message: format!(
                "instance {} cannot reach {goal} (is --goal right?): {}",
                inst.id,
                v.explanation()
            ),
        }),
        Err(e) => Err(not_solved(e)),
    }
}

/// One instance's row, as text or one JSON object.
fn print_row(inst: &Instance, report: &Report, json: bool) {
    let s = report.stats;
    let length = report.solution().map(|sol| sol.len() as u32);
    let matched = length == Some(inst.expected);
    if json {
        say!(
            "{}",
            json!({
                "id": inst.id,
                "expected": inst.expected,
                "length": length,
                "optimal": matched,
                "moves": report.solution().map(|sol| sol.to_string()),
                "expanded": s.expanded,
                "generated": s.generated,
                "millis": round3(s.millis),
            })
        );
    } else {
        say!(
            "{:>4} {:>5} {:>5} {:>4} {:>14} {:>14} {:>11.1}",
            inst.id,
            inst.expected,
            length.map_or("-".into(), |l| l.to_string()),
            if matched { "yes" } else { "no" },
            thousands(s.expanded),
            thousands(s.generated),
            s.millis
        );
    }
}

fn print_summary_json(sum: &Summary, pdb_millis: Option<f64>) {
    say!(
        "{}",
        json!({
            "summary": true,
            "count": sum.count,
            "solved": sum.solved,
            "all_expected": sum.all_expected,
            "total_millis": round3(sum.total_millis),
            "median_millis": round3(sum.median_millis),
            "max_millis": round3(sum.max_millis),
            "expanded": sum.expanded,
            "generated": sum.generated,
            "pdb_build_millis": pdb_millis.map(round3),
            "mean_ratio": round3(sum.mean_ratio),
            "max_ratio": round3(sum.max_ratio),
            "first_answer_median_millis": sum.first_answer.map(|f| round3(f.0)),
            "first_answer_max_millis": sum.first_answer.map(|f| round3(f.1)),
        })
    );
}

/// The summary's lines; `methods` are the instances' methods, named when they are one.
fn print_summary(sum: &Summary, mut methods: Vec<Method>) {
    let rate = if sum.total_millis > 0.0 {
        sum.generated as f64 / sum.total_millis / 1000.0
    } else {
        0.0
    };
    methods.dedup();
    let method = match methods.as_slice() {
        [one] => format!(" with {}", describe(*one)),
        _ => " (methods by size)".to_string(),
    };
    say!(
        "\n{} instances{method}: {} solved, all at the published length: {}",
        sum.count,
        sum.solved,
        if sum.all_expected { "yes" } else { "no" }
    );
    say!(
        "time: total {:.1} ms, median {:.1} ms, max {:.1} ms; nodes: {} expanded, {} generated ({:.1} M generated/s)",
        sum.total_millis,
        sum.median_millis,
        sum.max_millis,
        thousands(sum.expanded),
        thousands(sum.generated),
        rate
    );
    if !sum.all_expected && sum.solved > 0 {
        say!(
            "lengths: {:.3}× the published on average, {:.3}× at most",
            sum.mean_ratio,
            sum.max_ratio
        );
    }
    if let Some((median, max)) = sum.first_answer {
        say!(
            "first answers: median {median:.1} ms, max {max:.1} ms (then shorter ones until the budget ran out or the answer was proven shortest)"
        );
    }
}

/// Solves to the end, and says when the first of several answers came (anytime search).
pub(crate) fn solve_timed(
    start: &Board,
    goal: &Board,
    options: &Options,
) -> Result<(Report, Option<f64>), SolveError> {
    let mut solver = Solver::new(start, goal, options)?;
    let mut first = None;
    loop {
        match solver.run(1 << 20) {
            Progress::Running(_) => {}
            Progress::Better(report) => {
                first = first.or(Some(report.stats.millis));
            }
            Progress::Done(report) => return report.map(|r| (r, first)),
        }
    }
}
