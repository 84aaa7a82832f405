//! The solver's Web Worker: a yew-agent reactor that runs the core's [`Solver`] in slices.
//!
//! A search loop cannot hear a message while it runs, so it stops every ~25 ms, yields to the
//! worker's event loop (a zero-delay timer), reads any messages that arrived, and reports progress
//! at least every 100 ms. Cancel is honoured at the next slice boundary; a new request replaces the
//! running one.

use crate::goal::Goal;
use crate::heuristics::Heuristic;
use crate::notation::{format_moves, parse_board};
use crate::search::Stats;
use crate::solver::{Algorithm, Ending, Options, Progress, SolveError, Solver};
use futures::{FutureExt, SinkExt, StreamExt};
use serde::{Deserialize, Serialize};
use yew_agent::reactor::{ReactorScope, reactor};

/// Why a search was asked for: the Solve button or a hint. Echoed back.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Purpose {
    Solve,
    Hint,
    /// A row of learn mode's comparison.
    Compare,
}

/// What the page asks.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum SolverInput {
    /// Solve `board` toward `goal` (both in board notation).
    Solve {
        id: u32,
        purpose: Purpose,
        board: String,
        goal: String,
        algorithm: Algorithm,
        heuristic: Option<Heuristic>,
        max_nodes: Option<u64>,
    },
    /// Stop request `id`.
    Cancel { id: u32 },
}

/// What the worker answers.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum SolverOutput {
    Progress {
        id: u32,
        purpose: Purpose,
        stats: Stats,
    },
    Solved {
        id: u32,
        purpose: Purpose,
        moves: String,
        optimal: bool,
        algorithm: Algorithm,
        heuristic: Option<Heuristic>,
        stats: Stats,
    },
    /// No solution: unsolvable board, budget exhausted, bad request. `message` is for the player.
    Failed {
        id: u32,
        purpose: Purpose,
        message: String,
        stats: Option<Stats>,
    },
    Cancelled {
        id: u32,
        purpose: Purpose,
    },
}

/// Node budget in the browser for searches that keep their nodes: a tab has far less memory to
/// spare than the command line (about 250 MB at this many nodes on boards up to 4×4).
pub const BROWSER_MAX_NODES: u64 = 2_000_000;
/// IDA* needs no memory, but a search should still end: about a minute in a browser.
pub const BROWSER_IDA_MAX_NODES: u64 = 1_000_000_000;

/// The slice length aimed at: short enough for Cancel and progress, long enough to be efficient.
const SLICE_MS: f64 = 25.0;
const PROGRESS_EVERY_MS: f64 = 100.0;

#[reactor(SolverReactor)]
pub async fn solver_reactor(mut scope: ReactorScope<SolverInput, SolverOutput>) {
    let mut next: Option<SolverInput> = None;
    loop {
        let input = match next.take() {
            Some(input) => input,
            None => match scope.next().await {
                Some(input) => input,
                None => break, // the page went away
            },
        };
        let SolverInput::Solve {
            id,
            purpose,
            board,
            goal,
            algorithm,
            heuristic,
            max_nodes,
        } = input
        else {
            continue; // a Cancel for a search that already ended
        };
        let mut solver = match prepare(&board, &goal, algorithm, heuristic, max_nodes) {
            Ok(solver) => solver,
            Err(message) => {
                let failed = SolverOutput::Failed {
                    id,
                    purpose,
                    message,
                    stats: None,
                };
                if scope.send(failed).await.is_err() {
                    break;
                }
                continue;
            }
        };
        let mut slice: u64 = 20_000;
        let mut last_report = now_ms();
        let output = loop {
            let started = now_ms();
            let stats = match solver.run(slice) {
                Progress::Done(result) => break finished(id, purpose, result),
                Progress::Running(stats) => stats,
            };
            // Aim each slice at SLICE_MS whatever the machine and the method.
            let took = (now_ms() - started).max(0.1);
            slice = ((slice as f64 * SLICE_MS / took) as u64).clamp(1_000, 5_000_000);
            if now_ms() - last_report >= PROGRESS_EVERY_MS {
                last_report = now_ms();
                let progress = SolverOutput::Progress { id, purpose, stats };
                if scope.send(progress).await.is_err() {
                    return;
                }
            }
            gloo_timers::future::TimeoutFuture::new(0).await;
            let mut stop = false;
            while let Some(message) = scope.next().now_or_never() {
                match message {
                    None => return,
                    Some(SolverInput::Cancel { id: c }) if c == id => stop = true,
                    Some(SolverInput::Cancel { .. }) => {}
                    Some(newer @ SolverInput::Solve { .. }) => {
                        next = Some(newer);
                        stop = true;
                    }
                }
            }
            if stop {
                break SolverOutput::Cancelled { id, purpose };
            }
        };
        if scope.send(output).await.is_err() {
            break;
        }
    }
}

fn prepare(
    board: &str,
    goal: &str,
    algorithm: Algorithm,
    heuristic: Option<Heuristic>,
    max_nodes: Option<u64>,
) -> Result<Solver, String> {
    let board = parse_board(board).map_err(|e| e.to_string())?;
    let goal = Goal::parse(goal)
        .and_then(|g| g.for_board(&board))
        .map_err(|e| e.to_string())?;
    let mut options = Options {
        algorithm,
        heuristic,
        max_nodes,
        ..Options::default()
    };
    if options.max_nodes.is_none() {
        let method = crate::solver::Method::resolve(&options, &board, &goal);
        options.max_nodes = Some(if method.algorithm.keeps_nodes() {
            BROWSER_MAX_NODES
        } else {
            BROWSER_IDA_MAX_NODES
        });
    }
    Solver::new(&board, &goal, &options).map_err(|e| match e {
        SolveError::Unsolvable(v) => v.explanation(),
        other => other.to_string(),
    })
}

fn finished(
    id: u32,
    purpose: Purpose,
    result: Result<crate::solver::Report, SolveError>,
) -> SolverOutput {
    match result {
        Ok(report) => match &report.ending {
            Ending::Solved(solution) => SolverOutput::Solved {
                id,
                purpose,
                moves: format_moves(solution.moves()),
                optimal: solution.optimal(),
                algorithm: report.method.algorithm,
                heuristic: report.method.heuristic,
                stats: report.stats,
            },
            Ending::BudgetExhausted { max_nodes } => SolverOutput::Failed {
                id,
                purpose,
                message: format!(
                    "No solution within the budget of {max_nodes} nodes: this method would need more memory than a browser tab can spare. Try IDA* or greedy."
                ),
                stats: Some(report.stats),
            },
            Ending::DepthLimitReached { limit } => SolverOutput::Failed {
                id,
                purpose,
                message: format!("Depth-first search found no solution within {limit} moves."),
                stats: Some(report.stats),
            },
        },
        Err(e) => SolverOutput::Failed {
            id,
            purpose,
            message: e.to_string(),
            stats: None,
        },
    }
}

fn now_ms() -> f64 {
    js_sys::Date::now()
}
