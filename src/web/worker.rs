//! The solver's Web Worker: a yew-agent reactor that runs the core's [`Solver`] in slices.
//!
//! A search loop cannot hear a message while it runs, so it stops every ~25 ms, yields to the
//! worker's event loop (a zero-delay timer), reads any messages that arrived, and reports progress
//! at least every 100 ms. Cancel is honoured at the next slice boundary; a new request replaces the
//! running one.

use crate::board::Board;
use crate::goal::Goal;
use crate::heuristics::{Heuristic, pdb};
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
    /// An instance of the browser benchmark.
    Bench,
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
    /// Get the pattern databases for `goal` (a 15- or 24-puzzle) ready while the player thinks: from the
    /// browser's cache, or built. Answered by [`SolverOutput::TablesReady`]; a request that
    /// arrives meanwhile takes over (the build carries on inside it).
    Prepare { goal: String },
}

/// How a search's pattern databases were had, when it needed them.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Tables {
    /// Milliseconds spent loading or building them.
    pub millis: f64,
    /// Read from the browser's cache rather than built.
    pub cached: bool,
}

/// A solution, and how it was found.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Answer {
    pub moves: String,
    /// Proven shortest.
    pub optimal: bool,
    /// Proven at most this many times the shortest, where the method proves a bound.
    pub within: Option<f64>,
    pub algorithm: Algorithm,
    pub heuristic: Option<Heuristic>,
    pub stats: Stats,
    /// Set when this search had to load or build pattern databases first.
    pub tables: Option<Tables>,
}

impl Answer {
    fn of(report: &crate::solver::Report, tables: Option<Tables>) -> Option<Answer> {
        let solution = report.solution()?;
        Some(Answer {
            moves: format_moves(solution.moves()),
            optimal: solution.optimal(),
            within: report.within.filter(|w| w.is_finite()),
            algorithm: report.method.algorithm,
            heuristic: report.method.heuristic,
            stats: report.stats,
            tables,
        })
    }
}

/// What the worker answers.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum SolverOutput {
    Progress {
        id: u32,
        purpose: Purpose,
        stats: Stats,
    },
    /// Building the pattern databases this request needs: `fraction` done, 0 to 1.
    Preparing {
        id: u32,
        purpose: Purpose,
        fraction: f64,
    },
    /// The tables a [`SolverInput::Prepare`] asked for are ready.
    TablesReady {
        goal: String,
        tables: Tables,
    },
    /// A solution better than any before, from a search that goes on (anytime search, rows and
    /// columns). [`SolverOutput::Solved`] or another answer still ends the request.
    Better {
        id: u32,
        purpose: Purpose,
        answer: Answer,
    },
    /// The search's final solution.
    Solved {
        id: u32,
        purpose: Purpose,
        answer: Answer,
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

/// Why preparing or searching stopped early.
enum Stop {
    /// Cancelled, or replaced by a newer request (now in `next`).
    Cancelled,
    /// The page went away.
    Gone,
}

/// What the reactor keeps between requests.
#[derive(Default)]
struct Worker {
    /// The next request, when one arrived while another ran.
    next: Option<SolverInput>,
    /// A pattern-database build that was interrupted, resumed by the next request needing it.
    building: Option<pdb::Builder>,
}

type Scope = ReactorScope<SolverInput, SolverOutput>;

impl Worker {
    /// Yields to the event loop and reads what arrived meanwhile.
    async fn pause(&mut self, scope: &mut Scope, id: Option<u32>) -> Result<(), Stop> {
        gloo_timers::future::TimeoutFuture::new(0).await;
        let mut stop = Ok(());
        while let Some(message) = scope.next().now_or_never() {
            match message {
                None => return Err(Stop::Gone),
                Some(SolverInput::Cancel { id: c }) if Some(c) == id => stop = Err(Stop::Cancelled),
                Some(SolverInput::Cancel { .. }) => {}
                Some(newer) => {
                    self.next = Some(newer);
                    stop = Err(Stop::Cancelled);
                }
            }
        }
        stop
    }

    /// The pattern databases for `goal`: already here, from the cache, or built in slices.
    async fn tables(
        &mut self,
        scope: &mut Scope,
        goal: &Board,
        id: Option<(u32, Purpose)>,
    ) -> Result<Option<Tables>, Stop> {
        if pdb::cached(goal).is_some() {
            return Ok(None);
        }
        let started = now_ms();
        if let Some(db) = super::table_cache::load(goal).await {
            pdb::install(db);
            return Ok(Some(Tables {
                millis: now_ms() - started,
                cached: true,
            }));
        }
        let mut builder = match self.building.take() {
            Some(b) if b.goal() == goal => b,
            _ => match pdb::Builder::new(goal) {
                Ok(b) => b,
                Err(_) => return Ok(None), // the search reports why databases do not fit
            },
        };
        let mut slice: u64 = 100_000;
        let mut last_report = now_ms();
        let mut spent = 0.0;
        loop {
            let t = now_ms();
            let done = builder.step(slice);
            let took = (now_ms() - t).max(0.1);
            spent += took;
            if let Some(db) = done {
                let db = pdb::install(db);
                let tables = Tables {
                    millis: spent,
                    cached: false,
                };
                super::table_cache::store(&db).await;
                return Ok(Some(tables));
            }
            slice = ((slice as f64 * SLICE_MS / took) as u64).clamp(10_000, 5_000_000);
            if let Some((id, purpose)) = id
                && now_ms() - last_report >= PROGRESS_EVERY_MS
            {
                last_report = now_ms();
                let fraction = builder.progress();
                let message = SolverOutput::Preparing {
                    id,
                    purpose,
                    fraction,
                };
                if scope.send(message).await.is_err() {
                    return Err(Stop::Gone);
                }
            }
            if let Err(stop) = self.pause(scope, id.map(|(id, _)| id)).await {
                self.building = Some(builder);
                return Err(stop);
            }
        }
    }
}

#[reactor(SolverReactor)]
pub async fn solver_reactor(mut scope: Scope) {
    let mut worker = Worker::default();
    loop {
        let input = match worker.next.take() {
            Some(input) => input,
            None => match scope.next().await {
                Some(input) => input,
                None => break, // the page went away
            },
        };
        let (id, purpose, board, goal, algorithm, heuristic, max_nodes) = match input {
            SolverInput::Solve {
                id,
                purpose,
                board,
                goal,
                algorithm,
                heuristic,
                max_nodes,
            } => (id, purpose, board, goal, algorithm, heuristic, max_nodes),
            SolverInput::Prepare { goal } => {
                let Ok(goal_board) = parse_board(&goal) else {
                    continue;
                };
                match worker.tables(&mut scope, &goal_board, None).await {
                    Ok(tables) => {
                        let tables = tables.unwrap_or(Tables {
                            millis: 0.0,
                            cached: true,
                        });
                        if scope
                            .send(SolverOutput::TablesReady { goal, tables })
                            .await
                            .is_err()
                        {
                            break;
                        }
                    }
                    Err(Stop::Gone) => break,
                    Err(Stop::Cancelled) => {}
                }
                continue;
            }
            SolverInput::Cancel { .. } => continue, // for a search that already ended
        };
        let mut tables = None;
        if let Some(request) = needs_tables(&board, &goal, algorithm, heuristic) {
            // An anytime search need not wait for the tables to give its first answer.
            if pdb::cached(&request.goal).is_none()
                && let Some(answer) = early_answer(&request)
            {
                let better = SolverOutput::Better {
                    id,
                    purpose,
                    answer,
                };
                if scope.send(better).await.is_err() {
                    break;
                }
            }
            let goal = request.goal;
            match worker.tables(&mut scope, &goal, Some((id, purpose))).await {
                Ok(t) => tables = t,
                Err(Stop::Gone) => break,
                Err(Stop::Cancelled) => {
                    if scope
                        .send(SolverOutput::Cancelled { id, purpose })
                        .await
                        .is_err()
                    {
                        break;
                    }
                    continue;
                }
            }
        }
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
                Progress::Done(result) => break finished(id, purpose, result, tables),
                Progress::Running(stats) => stats,
                Progress::Better(report) => {
                    if let Some(answer) = Answer::of(&report, tables) {
                        let better = SolverOutput::Better {
                            id,
                            purpose,
                            answer,
                        };
                        if scope.send(better).await.is_err() {
                            return;
                        }
                    }
                    report.stats
                }
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
            match worker.pause(&mut scope, Some(id)).await {
                Ok(()) => {}
                Err(Stop::Gone) => return,
                Err(Stop::Cancelled) => break SolverOutput::Cancelled { id, purpose },
            }
        };
        if scope.send(output).await.is_err() {
            break;
        }
    }
}

/// A request that will use pattern databases: its board, goal and method.
struct NeedsTables {
    board: Board,
    goal: Board,
    method: crate::solver::Method,
}

/// What a request needs of pattern databases, if it uses them.
fn needs_tables(
    board: &str,
    goal: &str,
    algorithm: Algorithm,
    heuristic: Option<Heuristic>,
) -> Option<NeedsTables> {
    let board = parse_board(board).ok()?;
    let goal = Goal::parse(goal).and_then(|g| g.for_board(&board)).ok()?;
    let options = Options {
        algorithm,
        heuristic,
        ..Options::default()
    };
    let method = crate::solver::Method::resolve(&options, &board, &goal);
    (method.heuristic == Some(Heuristic::Pdb)).then_some(NeedsTables {
        board,
        goal,
        method,
    })
}

/// Rows and columns' answer, for an anytime search about to wait for its tables.
fn early_answer(request: &NeedsTables) -> Option<Answer> {
    let NeedsTables {
        board,
        goal,
        method,
    } = request;
    if method.algorithm != Algorithm::Anytime || !crate::reduction::fits(goal) {
        return None;
    }
    let reduced = crate::reduction::reduce(board, goal).ok()?;
    let checked = crate::solution::Solution::checked(board, goal, reduced.moves, false).ok()?;
    Some(Answer {
        moves: format_moves(checked.moves()),
        optimal: false,
        within: None,
        algorithm: method.algorithm,
        heuristic: method.heuristic,
        stats: Stats::default(),
        tables: None,
    })
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
        options.max_nodes = match method.algorithm {
            Algorithm::Anytime => None, // its own budget: about a second
            a if a.keeps_nodes() => Some(BROWSER_MAX_NODES),
            _ => Some(BROWSER_IDA_MAX_NODES),
        };
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
    tables: Option<Tables>,
) -> SolverOutput {
    match result {
        Ok(report) => match &report.ending {
            Ending::Solved(_) => match Answer::of(&report, tables) {
                Some(answer) => SolverOutput::Solved {
                    id,
                    purpose,
                    answer,
                },
                None => SolverOutput::Failed {
                    id,
                    purpose,
                    message: "The solver's answer was lost.".into(),
                    stats: Some(report.stats),
                },
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
