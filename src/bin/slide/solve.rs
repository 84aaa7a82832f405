//! `slide solve`: one board, its solution and what it cost.

use super::args::{SolveArgs, goal_for, read_board};
use super::tables::Prepared;
use super::{Failure, not_solved, round3};
use crate::cli::bad_input;
use serde_json::json;
use slide::Board;
use slide::puzzle::notation::format_moves;
use slide::puzzle::numbers::thousands;
use slide::solver::{
    Algorithm, Ending, Method, Options, Progress, Report, SolveError, Solver, promise, solve, watch,
};
use std::time::Instant;

pub(crate) fn run_solve(args: SolveArgs) -> Result<u8, Failure> {
    let board = read_board(&args.board)?;
    let goal = goal_for(&args.method.goal, &board)?;
    let options = Options {
        seconds: args.seconds,
        ..args.method.options()
    };
    let json = args.method.json;
    if args.trace {
        trace(&board, &goal, &options)?;
    }
    let tables = args.method.prepare_tables(&board, &goal)?;
    let solved = match args.progress {
        true => solve_saying_each_answer(&board, &goal, &options),
        false => solve(&board, &goal, &options),
    };
    match solved {
        Ok(report) => Ok(print_report(&board, &goal, &report, tables, json)),
        Err(SolveError::Unsolvable(verdict)) => {
            if json {
                say!(
                    "{}",
                    json!({"solvable": false, "reason": verdict.explanation()})
                );
            } else {
                say!("{}", verdict.explanation());
            }
            Ok(1)
        }
        Err(e) => Err(not_solved(e)),
    }
}

/// `--trace`: each expansion of the search as a JSON line, the step learn mode's stepper shows
/// with the same number (a board that cannot reach its goal has none: the usual output says why).
fn trace(board: &Board, goal: &Board, options: &Options) -> Result<(), Failure> {
    let mut watch = match watch(board, goal, options) {
        Ok(watch) => watch,
        Err(SolveError::Unsolvable(_)) => return Ok(()),
        Err(e) => return Err(bad_input(format!("--trace: {e}"))),
    };
    while let Some(e) = watch.step() {
        let mut line = json!({
            "step": e.step,
            "board": watch.board(e.key).to_string(),
            "g": e.g,
        });
        if let Some(o) = line.as_object_mut() {
            if let (Some(h), Some(f)) = (e.h, e.f) {
                o.insert("h".into(), h.into());
                o.insert("f".into(), f.into());
            }
            o.insert("open".into(), e.open.into());
            o.insert("closed".into(), e.closed.into());
            if let Some(bound) = e.bound {
                o.insert("bound".into(), bound.into());
            }
        }
        say!("{line}");
    }
    Ok(())
}

/// [`solve`], saying on stderr each answer shorter than the last as it comes: when, how long,
/// what it promises.
fn solve_saying_each_answer(
    board: &Board,
    goal: &Board,
    options: &Options,
) -> Result<Report, SolveError> {
    let started = Instant::now();
    let mut solver = Solver::new(board, goal, options)?;
    let mut last = None;
    loop {
        let (report, done) = match solver.run(1 << 16) {
            Progress::Running(_) => continue,
            Progress::Better(report) => (Ok(report), false),
            Progress::Done(result) => (result, true),
        };
        if let Ok(Some(solution)) = report.as_ref().map(Report::solution)
            && last != Some(solution.len())
        {
            last = Some(solution.len());
            let within = report.as_ref().map_or(None, |r| r.within);
            eprintln!(
                "{:>9.3} s  {} moves, {}",
                started.elapsed().as_secs_f64(),
                solution.len(),
                promise(solution.optimal(), within)
            );
        }
        if done {
            return report;
        }
    }
}

/// Prints a search's report (with the pattern databases it got first, if any); its exit status.
pub(crate) fn print_report(
    board: &Board,
    goal: &Board,
    report: &Report,
    tables: Option<Prepared>,
    json: bool,
) -> u8 {
    let s = &report.stats;
    let m = report.method;
    let (code, solution) = match &report.ending {
        Ending::Solved(sol) => (0, Some(sol)),
        _ => (3, None),
    };
    let why = match &report.ending {
        Ending::Solved(_) => String::new(),
        Ending::BudgetExhausted { max_nodes } => format!(
            "the node budget ran out after {} expanded nodes: raise --max-nodes, or try idastar (no memory limit) or greedy (fast, long solutions)",
            thousands(*max_nodes)
        ),
        Ending::MemoryExhausted { bytes } => format!(
            "the search stopped after {} expanded nodes, before it would have held {} MB, more memory than it may take (--max-memory, or three quarters of what the system has free): lower --max-nodes, or try idastar (no memory limit) or greedy (fast, long solutions)",
            thousands(s.expanded),
            thousands(bytes >> 20)
        ),
        Ending::DepthLimitReached { limit } => {
            format!("no solution within the depth limit of {limit} moves: raise --depth-limit")
        }
    };
    if json {
        let mut out = match solution {
            Some(sol) => json!({
                "solvable": true,
                "optimal": sol.optimal(),
                "length": sol.len(),
                "moves": sol.to_string(),
                "within": report.within,
            }),
            None => json!({"solvable": true, "solved": false, "reason": why}),
        };
        let extra = json!({
            "expanded": s.expanded,
            "generated": s.generated,
            "millis": round3(s.millis),
            "algorithm": m.algorithm.name(),
            "heuristic": m.heuristic_name(),
            "peak_frontier": s.peak_frontier,
            "board": board.to_string(),
            "goal": goal.to_string(),
            "tables": tables.as_ref().and_then(Prepared::name),
        });
        if let (Some(o), Some(e)) = (out.as_object_mut(), extra.as_object()) {
            o.extend(e.clone());
        }
        say!("{out}");
    } else {
        say!("Board     {board}");
        say!("Goal      {goal}");
        say!("Method    {}", describe(m));
        if let Some(tables) = &tables {
            say!("Tables    {}", tables.line(goal));
        }
        match solution {
            Some(sol) => {
                say!(
                    "Solution  {} move{}, {}",
                    sol.len(),
                    if sol.len() == 1 { "" } else { "s" },
                    promise(sol.optimal(), report.within)
                );
                say!("Moves     {}", format_moves(sol.moves()));
            }
            None => say!("No solution: {why}"),
        }
        say!(
            "Nodes     {} expanded, {} generated, peak frontier {}",
            thousands(s.expanded),
            thousands(s.generated),
            thousands(s.peak_frontier)
        );
        say!("Time      {:.3} ms", s.millis);
    }
    code
}

pub(crate) fn describe(m: Method) -> String {
    let h = m.heuristic_name();
    match m.algorithm {
        Algorithm::AStar => format!("A* (f = depth + {h})"),
        Algorithm::IdaStar => format!("IDA* (f = depth + {h})"),
        Algorithm::Weighted => format!("weighted A* (f = depth + w·{h})"),
        Algorithm::Greedy => format!("greedy best-first (f = {h})"),
        Algorithm::Bfs => "breadth-first search".into(),
        Algorithm::Dfs => "depth-first search, depth-limited".into(),
        Algorithm::Reduction => "rows and columns, then shortened".into(),
        Algorithm::Fringe => "each line by a bounded search, then shortened".into(),
        Algorithm::Anytime => format!("anytime weighted IDA* (f = depth + w·{h}, w falling)"),
        Algorithm::Auto => "auto".into(),
    }
}
