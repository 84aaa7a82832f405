//! The messages between the page and the solver's Web Worker, used by both sides.
//!
//! The page sends [`ToWorker`] and receives [`FromWorker`]; every message about a search carries
//! the request's `id`, so the page can tell an answer to its current question from a late answer
//! to an old one. Boards travel in board notation. The worker's side of each message (what a
//! report becomes, what a request runs with) is here too, as plain functions tested natively.

use crate::heuristics::Heuristic;
use crate::puzzle::board::Board;
use crate::puzzle::goal::Goal;
use crate::puzzle::notation::{format_moves, parse_board};
use crate::search::Stats;
use crate::solver::team::{Order, Portion, ShareEnd, ShareSearch, Team, TeamEnd};
use crate::solver::{Algorithm, Ending, Method, Options, Report, SolveError, Solver};
use serde::{Deserialize, Serialize};
use std::collections::VecDeque;

/// Why a search was asked for. Echoed back with every answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Purpose {
    /// The Solve button.
    Solve,
    /// The Hint button: only the first move matters.
    Hint,
    /// A row of learn mode's comparison.
    Compare,
    /// An instance of the browser benchmark.
    Bench,
    /// The shortest solution of a board the player solved by hand, to measure the solve.
    Measure,
}

/// What the page asks the worker.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum ToWorker {
    /// Solve `board` toward `goal`; answered by progress, better answers, then one of
    /// [`FromWorker::Solved`], [`FromWorker::Failed`] or [`FromWorker::Cancelled`]. A new request
    /// replaces the running one.
    Solve {
        id: u32,
        purpose: Purpose,
        board: String,
        goal: String,
        algorithm: Algorithm,
        heuristic: Option<Heuristic>,
        /// `None`: the browser's default budget for the method (see [`browser_budget`]).
        max_nodes: Option<u64>,
    },
    /// Stop request `id` at the next slice.
    Cancel { id: u32 },
    /// Get the pattern databases for `goal` ready while the player thinks (from the browser's
    /// cache, the site's download, or built); answered by [`FromWorker::TablesReady`]. A request
    /// that arrives meanwhile takes over, and the build carries on inside it.
    Prepare { goal: String },
    /// Where the site's prebuilt pattern databases are (a URL ending in `/`): sent when the page
    /// opens, which starts the worker so that it is loaded before the first request, and again
    /// to a worker started in place of one that stopped. The page knows its site's layout; the
    /// worker, started from its loader wherever that is, need not.
    Site { tables: String },
    /// One worker's share of a solve split among several (see [`crate::solver::team`]).
    /// Answered by [`FromWorker::Shared`], [`FromWorker::Failed`] or [`FromWorker::Cancelled`].
    Share {
        id: u32,
        purpose: Purpose,
        work: ShareWork,
    },
    /// A request to run after the running one and those queued before it, instead of replacing
    /// it; answered as that request. The benchmark keeps each worker's next puzzle waiting, so
    /// that a worker never idles while its answer travels to the page and the next puzzle back.
    /// A [`ToWorker::Cancel`] drops a queued request; any other request drops them all.
    Queue(Box<ToWorker>),
}

/// What a worker is to do next: the request that replaced the running one, then those queued
/// ([`ToWorker::Queue`]), oldest first. Plain data, so that the worker's rules for what it hears
/// while it searches are tested natively.
#[derive(Debug, Default)]
pub struct Requests {
    next: Option<ToWorker>,
    queued: VecDeque<ToWorker>,
}

/// What a message means for the request running (see [`Requests::hear`]).
#[derive(Debug, PartialEq)]
pub enum Heard {
    /// Nothing for it: carry on.
    Nothing,
    /// Stop it: it is cancelled or replaced (the new request is next).
    Stop,
    /// Where the site's tables are (see [`ToWorker::Site`]).
    Site(String),
}

impl Requests {
    /// Takes in `message`, heard while request `running` ran (`None`: while nothing did).
    pub fn hear(&mut self, message: ToWorker, running: Option<u32>) -> Heard {
        match message {
            ToWorker::Cancel { id } if Some(id) == running => Heard::Stop,
            ToWorker::Cancel { id } => {
                self.queued.retain(|r| r.id() != Some(id));
                Heard::Nothing
            }
            ToWorker::Site { tables } => Heard::Site(tables),
            ToWorker::Queue(request) => {
                self.queued.push_back(*request);
                Heard::Nothing
            }
            newer => {
                self.queued.clear();
                self.next = Some(newer);
                Heard::Stop
            }
        }
    }

    /// The request to run now, if one is waiting.
    pub fn take(&mut self) -> Option<ToWorker> {
        self.next.take().or_else(|| self.queued.pop_front())
    }
}

impl ToWorker {
    /// The id its answers carry, for a request that has one.
    fn id(&self) -> Option<u32> {
        match self {
            ToWorker::Solve { id, .. } | ToWorker::Share { id, .. } => Some(*id),
            ToWorker::Queue(request) => request.id(),
            ToWorker::Cancel { .. } | ToWorker::Prepare { .. } | ToWorker::Site { .. } => None,
        }
    }
}

/// What a [`ToWorker::Share`] asks for: a portion of the search from `board` toward `goal` (both
/// in board notation, as in a Solve) with `heuristic`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ShareWork {
    pub board: String,
    pub goal: String,
    pub heuristic: Heuristic,
    pub portion: Portion,
}

impl ShareWork {
    /// The start and goal boards.
    pub fn boards(&self) -> Result<(Board, Board), Failure> {
        boards(&self.board, &self.goal)
    }

    /// The worker's search, or why there is none.
    pub fn search(self) -> Result<ShareSearch, Failure> {
        let (start, goal) = self.boards()?;
        ShareSearch::new(&start, &goal, self.heuristic, self.portion).map_err(Failure::of)
    }
}

/// How a search's pattern databases were had, when it needed them.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Tables {
    /// Milliseconds spent getting them.
    pub millis: f64,
    pub from: TablesFrom,
}

/// Where pattern databases came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum TablesFrom {
    /// This browser's cache (a visit before this one got them).
    Cache,
    /// The site's prebuilt tables (`tables/`), fetched once.
    Download,
    /// Built in the worker (no download to be had).
    Built,
}

impl Tables {
    /// What getting them took, in words: `pattern databases downloaded in 0.6 s, once: kept for
    /// next time`.
    pub fn text(&self) -> String {
        use crate::puzzle::numbers::decimals;
        match self.from {
            TablesFrom::Cache => format!(
                "pattern databases read from this browser's cache in {} ms",
                decimals(self.millis, 0)
            ),
            TablesFrom::Download => format!(
                "pattern databases downloaded in {} s, once: kept for next time",
                decimals(self.millis / 1000.0, 1)
            ),
            TablesFrom::Built => format!(
                "pattern databases built in {} s, once: kept for next time",
                decimals(self.millis / 1000.0, 1)
            ),
        }
    }
}

/// A solution, and how it was found.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Answer {
    /// The moves, in move notation.
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
    /// The answer of a report that holds a solution.
    pub fn of(report: &Report, tables: Option<Tables>) -> Option<Answer> {
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

    /// The method that found it.
    pub fn method(&self) -> Method {
        Method {
            algorithm: self.algorithm,
            heuristic: self.heuristic,
        }
    }
}

/// What the worker answers.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum FromWorker {
    /// The counters so far, at least every 100 ms.
    Progress {
        id: u32,
        purpose: Purpose,
        stats: Stats,
    },
    /// Getting the pattern databases this request needs: downloading them (`fraction` is
    /// `None`), or building them (`fraction` done, 0 to 1).
    Preparing {
        id: u32,
        purpose: Purpose,
        fraction: Option<f64>,
    },
    /// The tables a [`ToWorker::Prepare`] asked for are ready.
    TablesReady { goal: String, tables: Tables },
    /// A solution better than any before, from a search that goes on (anytime search, rows and
    /// columns). A final message still ends the request.
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
    /// No solution, and why (see [`Failure`]).
    Failed {
        id: u32,
        purpose: Purpose,
        failure: Failure,
        stats: Option<Stats>,
    },
    /// Stopped as asked (or replaced by a newer request).
    Cancelled { id: u32, purpose: Purpose },
    /// How a [`ToWorker::Share`] ended; `tables`: the pattern databases it got first.
    Shared {
        id: u32,
        purpose: Purpose,
        end: ShareEnd,
        tables: Option<Tables>,
    },
}

/// Why a request ended without a solution. Each reader (the page's alert, learn mode's table,
/// the measure of a solve, the benchmark) tells the kinds apart by this, never by the words.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Failure {
    /// The node budget ran out first.
    Budget { max_nodes: u64 },
    /// Going on would have held `bytes`, more memory than a browser tab can spare.
    Memory { bytes: u64 },
    /// Depth-first search met nothing within its depth limit.
    DepthLimit { limit: u32 },
    /// The board can never reach the goal: the parity rule's explanation.
    Unsolvable { explanation: String },
    /// The request cannot be run as asked: a board or goal that cannot be read, a heuristic or
    /// method that does not fit the board.
    BadRequest { problem: String },
    /// A bug: a search that returned a wrong path or gave up on a solvable board.
    Internal { detail: String },
    /// The worker stopped (it crashed, ran out of memory or fell silent) before answering; the
    /// page noticed and started a fresh one. Never sent by a worker: the page writes it.
    Stopped { why: String },
}

impl std::fmt::Display for Failure {
    /// What the player reads.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        use crate::puzzle::numbers::thousands;
        match self {
            Failure::Budget { max_nodes } => write!(
                f,
                "No solution within the budget of {} nodes. Try another method: IDA* needs almost no memory, greedy is fast but its solutions are long.",
                thousands(*max_nodes)
            ),
            Failure::Memory { bytes } => write!(
                f,
                "No solution before the search would have held {} MB, more memory than a browser tab can spare. Try IDA* (almost no memory) or greedy.",
                bytes >> 20
            ),
            Failure::DepthLimit { limit } => write!(
                f,
                "Depth-first search found no solution within {limit} moves."
            ),
            Failure::Unsolvable { explanation } => f.write_str(explanation),
            Failure::BadRequest { problem } => f.write_str(problem),
            Failure::Internal { detail } => {
                write!(f, "The solver went wrong (please report it): {detail}")
            }
            Failure::Stopped { why } => write!(
                f,
                "The solver stopped unexpectedly ({why}), so a fresh one has been started: ask again."
            ),
        }
    }
}

impl Failure {
    /// The failure of a search that could not be made or did not finish.
    pub fn of(e: SolveError) -> Failure {
        match e {
            SolveError::Unsolvable(verdict) => Failure::Unsolvable {
                explanation: verdict.explanation(),
            },
            SolveError::Internal(detail) => Failure::Internal { detail },
            other => Failure::BadRequest {
                problem: other.to_string(),
            },
        }
    }

    /// A few words for a table's cell: `budget ran out`.
    pub fn short(&self) -> &'static str {
        match self {
            Failure::Budget { .. } => "budget ran out",
            Failure::Memory { .. } => "memory ran out",
            Failure::DepthLimit { .. } => "depth limit reached",
            Failure::Unsolvable { .. } => "unsolvable",
            Failure::BadRequest { .. } => "cannot run here",
            Failure::Internal { .. } => "went wrong",
            Failure::Stopped { .. } => "solver stopped",
        }
    }
}

/// Node budget in the browser for searches that keep their nodes: a tab has far less memory to
/// spare than the command line (about 250 MB at this many nodes on boards up to 4×4).
pub const BROWSER_MAX_NODES: u64 = 2_000_000;
/// IDA* needs no memory, but a search should still end: about a minute in a browser.
pub const BROWSER_IDA_MAX_NODES: u64 = 1_000_000_000;

/// Node budget of line by line search when the player asked for a solution: the page goes on
/// looking for shorter answers while the player watches (up to a minute or so on a 10×10, each
/// variant's memory freed before the next; Stop ends it), where the command line stops after
/// about a second.
pub const BROWSER_WATCHING_NODES: u64 = 100_000_000;

/// Node budget of line by line search for a hint: beyond 7×7 the quick variant's answer (lines
/// and a 5×5 corner, see [`crate::solver::fringe::quick`]: 0.3-0.8 s natively on a 10×10), on
/// smaller boards a narrowed beam's.
pub const BROWSER_HINT_NODES: u64 = 700_000;

/// The budget a request runs with in the browser when it names none.
pub fn browser_budget(method: Method, purpose: Purpose) -> Option<u64> {
    match method.algorithm {
        Algorithm::Fringe if purpose == Purpose::Solve => Some(BROWSER_WATCHING_NODES),
        // A hint wants one move soon: line by line search's first variant is enough.
        Algorithm::Fringe if purpose == Purpose::Hint => Some(BROWSER_HINT_NODES),
        // Their own budgets: about a second natively.
        Algorithm::Anytime | Algorithm::Fringe => None,
        a if a.keeps_nodes() => Some(BROWSER_MAX_NODES),
        _ => Some(BROWSER_IDA_MAX_NODES),
    }
}

/// A request as the worker runs it: its board, goal and resolved method.
#[derive(Clone, Debug, PartialEq)]
pub struct Resolved {
    pub board: Board,
    pub goal: Board,
    pub method: Method,
    pub options: Options,
}

/// A request's board and goal (board notation, and a goal's name or board).
fn boards(board: &str, goal: &str) -> Result<(Board, Board), Failure> {
    let bad = |problem: String| Failure::BadRequest { problem };
    let board = parse_board(board).map_err(|e| bad(e.to_string()))?;
    let goal = Goal::parse(goal)
        .and_then(|g| g.for_board(&board))
        .map_err(|e| bad(e.to_string()))?;
    Ok((board, goal))
}

/// Reads a solve request.
pub fn resolve(
    board: &str,
    goal: &str,
    algorithm: Algorithm,
    heuristic: Option<Heuristic>,
    max_nodes: Option<u64>,
    purpose: Purpose,
) -> Result<Resolved, Failure> {
    let (board, goal) = boards(board, goal)?;
    let mut options = Options {
        algorithm,
        heuristic,
        max_nodes,
        ..Options::default()
    };
    let method = Method::resolve(&options, &board, &goal);
    options.max_nodes = options
        .max_nodes
        .or_else(|| browser_budget(method, purpose));
    Ok(Resolved {
        board,
        goal,
        method,
        options,
    })
}

impl Resolved {
    /// Whether the search needs pattern databases (which the worker loads or builds first).
    pub fn needs_tables(&self) -> bool {
        self.method.heuristic == Some(Heuristic::Pdb)
    }

    /// The solver for it, or why there is none (an unsolvable board, say).
    pub fn solver(&self) -> Result<Solver, Failure> {
        Solver::new(&self.board, &self.goal, &self.options).map_err(Failure::of)
    }

    /// Rows and columns' answer, for an anytime search about to wait for its tables (a first
    /// visit builds them for seconds; the player sees this answer meanwhile).
    pub fn early_answer(&self) -> Option<Answer> {
        use crate::solver::rows_and_columns::{fits, reduce_boards};
        if self.method.algorithm != Algorithm::Anytime || !fits(&self.goal) {
            return None;
        }
        let reduced = reduce_boards(&self.board, &self.goal).ok()?;
        let checked = crate::puzzle::solution::Solution::checked(
            &self.board,
            &self.goal,
            reduced.moves,
            false,
        )
        .ok()?;
        Some(Answer {
            moves: format_moves(checked.moves()),
            optimal: false,
            within: None,
            algorithm: self.method.algorithm,
            heuristic: self.method.heuristic,
            stats: Stats::default(),
            tables: None,
        })
    }
}

/// The message that ends a search.
pub fn finished(
    id: u32,
    purpose: Purpose,
    result: Result<Report, SolveError>,
    tables: Option<Tables>,
) -> FromWorker {
    let failed = |failure: Failure, stats: Option<Stats>| FromWorker::Failed {
        id,
        purpose,
        failure,
        stats,
    };
    let report = match result {
        Ok(report) => report,
        Err(e) => return failed(Failure::of(e), None),
    };
    let stats = Some(report.stats);
    match &report.ending {
        Ending::Solved(_) => match Answer::of(&report, tables) {
            Some(answer) => FromWorker::Solved {
                id,
                purpose,
                answer,
            },
            None => failed(
                Failure::Internal {
                    detail: "the solver's answer was lost".into(),
                },
                stats,
            ),
        },
        Ending::BudgetExhausted { max_nodes } => failed(
            Failure::Budget {
                max_nodes: *max_nodes,
            },
            stats,
        ),
        Ending::MemoryExhausted { bytes } => failed(Failure::Memory { bytes: *bytes }, stats),
        Ending::DepthLimitReached { limit } => failed(Failure::DepthLimit { limit: *limit }, stats),
    }
}

/// A team's order as the message for its worker: `(worker, message)`. Shares are of solve `id`
/// of `board` toward `goal` with `heuristic`.
pub fn order_message(
    order: Order,
    purpose: Purpose,
    board: &str,
    goal: &str,
    heuristic: Heuristic,
) -> (usize, ToWorker) {
    match order {
        Order::Search {
            worker,
            id,
            portion,
        } => (
            worker,
            ToWorker::Share {
                id,
                purpose,
                work: ShareWork {
                    board: board.into(),
                    goal: goal.into(),
                    heuristic,
                    portion,
                },
            },
        ),
        Order::Cancel { worker, id } => (worker, ToWorker::Cancel { id }),
    }
}

/// Hands a worker's answer to a share to its team (any other message is none of its business):
/// the orders to send next, and the solve's end if that was it.
pub fn team_hears(
    team: &mut Team,
    worker: usize,
    message: &FromWorker,
) -> Option<(Vec<Order>, Option<TeamEnd>)> {
    let (id, answer) = match message {
        FromWorker::Shared { id, end, .. } => (*id, Ok(Some(end.clone()))),
        FromWorker::Cancelled { id, .. } => (*id, Ok(None)),
        FromWorker::Failed { id, failure, .. } => (*id, Err(failure.to_string())),
        _ => return None,
    };
    Some(team.answered(worker, id, answer))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solver::solve;

    fn solve_request(id: u32) -> ToWorker {
        ToWorker::Solve {
            id,
            purpose: Purpose::Bench,
            board: "1 2 3/4 5 6/7 0 8".into(),
            goal: "blank-last".into(),
            algorithm: Algorithm::Auto,
            heuristic: None,
            max_nodes: None,
        }
    }

    fn queue(id: u32) -> ToWorker {
        ToWorker::Queue(Box::new(solve_request(id)))
    }

    #[test]
    fn queued_requests_wait_their_turn_and_a_cancel_or_a_new_request_drops_them() {
        let mut requests = Requests::default();
        // While 1 runs: 2 and 3 wait behind it, and it carries on.
        assert_eq!(requests.hear(queue(2), Some(1)), Heard::Nothing);
        assert_eq!(requests.hear(queue(3), Some(1)), Heard::Nothing);
        // Cancelling a waiting one drops it; cancelling the running one stops it.
        assert_eq!(
            requests.hear(ToWorker::Cancel { id: 2 }, Some(1)),
            Heard::Nothing
        );
        assert_eq!(
            requests.hear(ToWorker::Cancel { id: 1 }, Some(1)),
            Heard::Stop
        );
        let site = ToWorker::Site {
            tables: "t/".into(),
        };
        assert_eq!(requests.hear(site, Some(1)), Heard::Site("t/".into()));
        assert_eq!(requests.take(), Some(solve_request(3)));
        assert_eq!(requests.take(), None);
        // A request heard while nothing runs is next, queued or not.
        assert_eq!(requests.hear(queue(4), None), Heard::Nothing);
        assert_eq!(requests.take(), Some(solve_request(4)));
        // Any other request replaces the running one and drops those waiting.
        requests.hear(queue(6), Some(4));
        assert_eq!(requests.hear(solve_request(5), Some(4)), Heard::Stop);
        assert_eq!(requests.take(), Some(solve_request(5)));
        assert_eq!(requests.take(), None);
    }

    #[test]
    fn a_request_resolves_with_the_browsers_budgets() {
        let r = resolve(
            "8 6 7/2 5 4/3 0 1",
            "blank-last",
            Algorithm::AStar,
            None,
            None,
            Purpose::Solve,
        )
        .unwrap();
        assert_eq!(r.options.max_nodes, Some(BROWSER_MAX_NODES));
        assert_eq!(r.method.heuristic, Some(Heuristic::Manhattan));
        let r = resolve(
            "8 6 7/2 5 4/3 0 1",
            "blank-last",
            Algorithm::IdaStar,
            None,
            Some(7),
            Purpose::Solve,
        )
        .unwrap();
        assert_eq!(r.options.max_nodes, Some(7));
        // A 6×6 asked for by the player keeps looking while they watch; a hint does not.
        let six = "1 2 3 4 5 6/7 8 9 10 11 12/13 14 15 16 17 18/19 20 21 22 23 24/25 26 27 28 29 30/31 32 33 34 0 35";
        let solve = resolve(
            six,
            "blank-last",
            Algorithm::Auto,
            None,
            None,
            Purpose::Solve,
        );
        assert_eq!(
            solve.unwrap().options.max_nodes,
            Some(BROWSER_WATCHING_NODES)
        );
        let hint = resolve(
            six,
            "blank-last",
            Algorithm::Auto,
            None,
            None,
            Purpose::Hint,
        );
        assert_eq!(hint.unwrap().options.max_nodes, Some(BROWSER_HINT_NODES));
        let e = resolve(
            "8 6 7/2 5 4/3 0 0",
            "blank-last",
            Algorithm::Auto,
            None,
            None,
            Purpose::Solve,
        )
        .unwrap_err();
        let Failure::BadRequest { problem } = e else {
            panic!("{e:?}")
        };
        assert!(problem.contains("more than once"), "{problem}");
    }

    #[test]
    fn an_unsolvable_board_is_explained_not_searched() {
        let r = resolve(
            "1 2 3/4 5 6/8 7 0",
            "blank-last",
            Algorithm::Auto,
            None,
            None,
            Purpose::Solve,
        )
        .unwrap();
        let Some(Failure::Unsolvable { explanation }) = r.solver().err() else {
            panic!("searched")
        };
        assert!(explanation.starts_with("Unsolvable"), "{explanation}");
    }

    #[test]
    fn reports_become_the_messages_the_page_reads() {
        let r = resolve(
            "8 6 7/2 5 4/3 0 1",
            "blank-last",
            Algorithm::AStar,
            None,
            None,
            Purpose::Solve,
        )
        .unwrap();
        let report = r.solver().unwrap().finish();
        match finished(3, Purpose::Solve, report, None) {
            FromWorker::Solved { id: 3, answer, .. } => {
                assert_eq!(answer.moves.len(), 31);
                assert!(answer.optimal);
            }
            other => panic!("{other:?}"),
        }
        let options = Options {
            max_nodes: Some(10),
            ..Options::with(Algorithm::Bfs, Heuristic::Manhattan)
        };
        let start = parse_board("8 6 7/2 5 4/3 0 1").unwrap();
        let goal = Board::blank_last(3, 3).unwrap();
        match finished(4, Purpose::Compare, solve(&start, &goal, &options), None) {
            FromWorker::Failed { failure, stats, .. } => {
                assert_eq!(failure, Failure::Budget { max_nodes: 10 });
                assert!(
                    failure.to_string().contains("budget of 10 nodes"),
                    "{failure}"
                );
                assert!(stats.is_some());
            }
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn an_anytime_request_has_an_answer_before_its_tables() {
        let r = resolve(
            "1 2 3 4 5/6 7 8 9 10/11 12 13 14 15/16 17 18 19 20/21 22 23 0 24",
            "blank-last",
            Algorithm::Anytime,
            None,
            None,
            Purpose::Solve,
        )
        .unwrap();
        assert!(r.needs_tables());
        assert_eq!(r.early_answer().unwrap().moves, "L");
    }
}
