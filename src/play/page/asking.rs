//! Asking the solver's workers and hearing back: Solve, Hint, the comparison's rows and the
//! measure of a solve by hand; Cancel; which answers still count (only the open request's, and
//! an answer for a board no longer shown is stale); the workers that died and their
//! replacements (see [`crate::play::worker::watchdog`]).
//!
//! Where the machine has cores to spare, an optimal IDA* Solve is shared between the game's
//! worker and helper workers ([`crate::solver::team`]): the team's end comes back as the answer
//! the game's worker would have sent, and goes the same way.

mod fitting;

pub use fitting::{FellBack, left_out, offered};

use super::Effect;
use crate::heuristics::Heuristic;
use crate::play::learn::comparison::Row;
use crate::play::worker::protocol::{
    Answer, BROWSER_IDA_MAX_NODES, Failure, FromWorker, Purpose, ToWorker, finished, order_message,
    resolve, team_hears,
};
use crate::play::worker::solving::{Request, Summary, TeamWork};
use crate::play::worker::watchdog::{SILENCE_MS, Watchdog};
use crate::puzzle::board::Board;
use crate::puzzle::moves::Move;
use crate::puzzle::notation::parse_moves;
use crate::puzzle::numbers::trimmed;
use crate::puzzle::position::Position;
use crate::search::Stats;
use crate::solver::team::{Order, Team};
use crate::solver::{Algorithm, Method, Options};

/// Most helper workers a solve is shared with: four workers in all, as the benchmark's most (each
/// holds its own 16 MiB of pattern databases once it has helped).
pub const MAX_HELPERS: usize = 3;

/// What can happen between the page and its workers.
#[derive(Clone, Debug, PartialEq)]
pub enum AskAction {
    Solve,
    Hint,
    /// Cancel the search (Stop looking keeps the best answer found so far).
    Cancel,
    /// The method picked for Solve (one of [`Method::OFFERED`]; one the board on show does not
    /// take falls back at once, as after a change of board).
    Method(Method),
    /// The machine's cores, as the browser tells: how many workers may share a hard solve.
    Cores(usize),
    /// A message from the game's worker.
    Worker(FromWorker),
    /// A message from helper worker `worker` (1, 2, …).
    Helper {
        worker: usize,
        message: FromWorker,
    },
    /// Worker `worker` has loaded and hears messages.
    WorkerReady {
        worker: usize,
    },
    /// Worker `worker` stopped: it crashed, or could not start (`why`, in a few words).
    WorkerStopped {
        worker: usize,
        why: String,
    },
    /// Look for workers that owe an answer and have fallen silent (every
    /// [`LOOK_EVERY_MS`](crate::play::worker::watchdog::LOOK_EVERY_MS) while [`Asking::awaiting`]).
    CheckWorkers,
}

/// What the workers' answers mean for the rest of the page.
#[derive(Clone, Debug, PartialEq)]
pub enum Heard {
    /// An answer to Solve for the board on show (the search may go on: see the summary).
    Answer {
        moves: Vec<Move>,
        optimal: bool,
        summary: Summary,
    },
    /// The answer on show no longer promises a shorter one.
    Settled,
    /// The first move of a shortest solution from a board.
    Hint(Board, Move),
    /// A comparison row finished.
    Row(Row),
    /// The comparison stops where it stands.
    RowsStopped,
    /// Solve `solve`'s measure: the answer so far (`last`: no shorter one coming).
    Measured {
        solve: u64,
        answer: Option<Answer>,
        last: bool,
    },
    /// The measure of solve `solve` failed, for this reason.
    Unmeasured { solve: u64, why: String },
    /// Say this.
    Alert(String),
    /// A message for the analysis of a solve by hand (its part tells current from late).
    Analysis(FromWorker),
    /// A message for learn mode's stepper (its part tells current from late).
    Lesson(FromWorker),
}

/// The asking part of the page.
#[derive(Debug)]
pub struct Asking {
    /// The method picked for Solve.
    method: Method,
    /// The method chosen before, which a later board did not take, until the player chooses.
    fell_back: Option<FellBack>,
    /// The search the page waits for.
    request: Option<Request>,
    next_id: u32,
    /// Workers beside the game's that may share a hard solve (the cores less one, at most
    /// [`MAX_HELPERS`]).
    helpers: usize,
    /// The game's worker and the helpers, sharing IDA* solves.
    team: Option<Team>,
    /// The measure in flight: its request and the solve it measures.
    measuring: Option<(u32, u64)>,
    /// The analysis in flight (its part's request), which the watchdog looks after too.
    analysing: Option<u32>,
    /// The stepper's request in flight (learn mode's), likewise.
    lesson: Option<u32>,
    /// The goal whose pattern databases were asked for.
    prepared: Option<String>,
    /// When each worker was last heard from.
    watchdog: Watchdog,
    /// Where the site's prebuilt tables are (a URL ending in `/`).
    tables: String,
}

impl Asking {
    /// Asking nothing yet; the site's tables are in `folder` (ending in `/`) + `tables/`.
    pub fn new(folder: &str) -> Asking {
        Asking {
            method: Method::default(),
            fell_back: None,
            request: None,
            next_id: 0,
            helpers: 0,
            team: None,
            measuring: None,
            analysing: None,
            lesson: None,
            prepared: None,
            watchdog: Watchdog::default(),
            tables: format!("{folder}tables/"),
        }
    }

    /// Carries out `action` on the board on show (`position`) at `now_ms`.
    pub fn reduce(
        &mut self,
        action: AskAction,
        position: &Position,
        now_ms: f64,
        fx: &mut Vec<Effect>,
    ) -> Vec<Heard> {
        match action {
            AskAction::Solve => {
                let method = self.method;
                return self.ask(Purpose::Solve, position, method, None, now_ms, fx);
            }
            // A hint should come fast: the default method for the size.
            AskAction::Hint => {
                return self.ask(Purpose::Hint, position, Method::default(), None, now_ms, fx);
            }
            AskAction::Cancel => return self.cancel(fx),
            AskAction::Method(method) => {
                self.method = method;
                self.fell_back = None;
            }
            AskAction::Cores(cores) => {
                self.helpers = cores.saturating_sub(1).min(MAX_HELPERS);
                self.team = None;
            }
            AskAction::Worker(message) => {
                self.watchdog.heard(0, now_ms);
                return self.receive(0, message, position, now_ms, fx);
            }
            AskAction::Helper { worker, message } if worker > 0 => {
                self.watchdog.heard(worker, now_ms);
                return self.receive(worker, message, position, now_ms, fx);
            }
            AskAction::Helper { .. } => {}
            AskAction::WorkerReady { worker } => self.watchdog.ready(worker, now_ms),
            AskAction::WorkerStopped { worker, why } => return self.stopped(worker, why, fx),
            AskAction::CheckWorkers => {
                let mut heard = Vec::new();
                for worker in self.watchdog.silent(&self.owing(), now_ms) {
                    let why = format!("it fell silent for {} s", trimmed(SILENCE_MS / 1000.0, 1));
                    heard.extend(self.stopped(worker, why, fx));
                }
                return heard;
            }
        }
        Vec::new()
    }

    /// Asks for a comparison row: `method` on `position`, under the comparison's budget.
    pub(super) fn ask_row(
        &mut self,
        position: &Position,
        method: Method,
        now_ms: f64,
        fx: &mut Vec<Effect>,
    ) -> Vec<Heard> {
        let max_nodes = crate::solver::compare::options(method).max_nodes;
        self.ask(Purpose::Compare, position, method, max_nodes, now_ms, fx)
    }

    /// Asks a worker about `position`; a request still open is stopped first (a comparison then
    /// stops where it stands).
    fn ask(
        &mut self,
        purpose: Purpose,
        position: &Position,
        method: Method,
        max_nodes: Option<u64>,
        now_ms: f64,
        fx: &mut Vec<Effect>,
    ) -> Vec<Heard> {
        let heard = self.cancel(fx);
        self.next_id += 1;
        let team = (purpose == Purpose::Solve)
            .then(|| self.team_work(position, method))
            .flatten();
        let request = Request {
            id: self.next_id,
            purpose,
            method,
            position: position.clone(),
            started_ms: now_ms,
            stats: Stats::default(),
            preparing: None,
            shown: None,
            team,
        };
        match &request.team {
            Some(work) => {
                let team = self.team.get_or_insert_with(|| Team::new(work.workers));
                let orders = team.solve(request.id, request.position.board(), work.max_nodes);
                send_orders(orders, Some(&request), fx);
            }
            None => fx.push(Effect::Send(ToWorker::Solve {
                id: request.id,
                purpose,
                board: position.board().to_string(),
                goal: position.goal().to_string(),
                algorithm: method.algorithm,
                heuristic: method.heuristic,
                max_nodes,
            })),
        }
        self.request = Some(request);
        self.watchdog.heard(0, now_ms);
        // A comparison row replacing its predecessor is the comparison going on, not stopping.
        (heard.into_iter())
            .filter(|h| purpose != Purpose::Compare || *h != Heard::RowsStopped)
            .collect()
    }

    /// How a Solve of `position` by `method` is shared among workers, if it is: where helpers
    /// are to be had and the method resolves to IDA* (optimal, whose iterations a team can
    /// share) on a solvable board. Anything else goes to the game's worker alone, which also
    /// explains what is wrong with a board.
    fn team_work(&self, position: &Position, method: Method) -> Option<TeamWork> {
        if self.helpers == 0 {
            return None;
        }
        let resolved = resolve(
            &position.board().to_string(),
            &position.goal().to_string(),
            method.algorithm,
            method.heuristic,
            None,
            Purpose::Solve,
        )
        .ok()?;
        let ida = resolved.method.algorithm == Algorithm::IdaStar;
        (ida && position.is_solvable()).then(|| TeamWork {
            goal: resolved.goal,
            method: resolved.method,
            max_nodes: (resolved.options.max_nodes).unwrap_or(BROWSER_IDA_MAX_NODES),
            workers: self.helpers + 1,
            tables: None,
        })
    }

    /// Stops the workers on `request`.
    fn stop(&mut self, request: &Request, fx: &mut Vec<Effect>) {
        let Some(team) = self.team.as_mut().filter(|_| request.team.is_some()) else {
            fx.push(Effect::Send(ToWorker::Cancel { id: request.id }));
            return;
        };
        send_orders(team.cancel(), None, fx);
    }

    /// Stops the search: a comparison ends where it stands, an answer on show stays (no longer
    /// promising a shorter one).
    pub(super) fn cancel(&mut self, fx: &mut Vec<Effect>) -> Vec<Heard> {
        let Some(request) = self.request.take() else {
            return Vec::new();
        };
        self.stop(&request, fx);
        let mut heard = vec![Heard::Settled];
        if request.purpose == Purpose::Compare {
            heard.push(Heard::RowsStopped);
        }
        heard
    }

    /// Asks the measuring channel for the shortest solution of solve `solve`'s start.
    pub(super) fn measure(&mut self, solve: u64, start: &Position, fx: &mut Vec<Effect>) {
        self.next_id += 1;
        self.measuring = Some((self.next_id, solve));
        fx.push(Effect::Measure(ToWorker::Solve {
            id: self.next_id,
            purpose: Purpose::Measure,
            board: start.board().to_string(),
            goal: start.goal().to_string(),
            algorithm: Algorithm::Auto,
            heuristic: None,
            max_nodes: None,
        }));
    }

    /// A message from worker `worker` (0: the game's), while `on_show` is the board on show.
    /// Only the open request's messages count: anything else is a late answer to a question the
    /// page no longer asks. Answers to a team's orders are the team's.
    fn receive(
        &mut self,
        worker: usize,
        message: FromWorker,
        on_show: &Position,
        now_ms: f64,
        fx: &mut Vec<Effect>,
    ) -> Vec<Heard> {
        if let FromWorker::Shared { id, .. }
        | FromWorker::Cancelled { id, .. }
        | FromWorker::Failed { id, .. } = &message
            && self.team.as_ref().is_some_and(|t| t.seated(worker, *id))
        {
            return self.team_hears(worker, message, on_show, now_ms, fx);
        }
        if worker != 0 {
            return Vec::new(); // helpers only ever work for the team
        }
        if let FromWorker::Lesson { .. } = message {
            return vec![Heard::Lesson(message)];
        }
        let Some((id, purpose)) = message_request(&message) else {
            return Vec::new();
        };
        if purpose == Purpose::Measure {
            return self.measured(id, message).into_iter().collect();
        }
        if purpose == Purpose::Analysis {
            return vec![Heard::Analysis(message)];
        }
        self.hear_request(id, message, on_show, now_ms)
    }

    /// The game's worker's message about request `id`: only the open request's counts.
    fn hear_request(
        &mut self,
        id: u32,
        message: FromWorker,
        on_show: &Position,
        now_ms: f64,
    ) -> Vec<Heard> {
        let Some(request) = self.request.as_mut().filter(|r| r.id == id) else {
            return Vec::new();
        };
        match message {
            FromWorker::Preparing { fraction, .. } => request.preparing = Some(fraction),
            FromWorker::Progress { stats, .. } => {
                // A share of a split iteration says only that it works on: the team counts.
                if request.team.is_none() || self.team.as_ref().is_some_and(Team::whole) {
                    request.stats = stats;
                }
                request.preparing = None;
            }
            FromWorker::Better {
                purpose: Purpose::Solve,
                answer,
                ..
            } if on_show == &request.position => return better(request, &answer, now_ms),
            FromWorker::Better { .. } => {}
            FromWorker::Solved { answer, .. } => return self.solved(answer, on_show, now_ms),
            FromWorker::Failed { failure, stats, .. } => return self.failed(failure, stats),
            FromWorker::Cancelled { purpose, .. } => {
                self.request = None;
                if purpose == Purpose::Compare {
                    return vec![Heard::RowsStopped];
                }
            }
            FromWorker::TablesReady { .. }
            | FromWorker::Shared { .. }
            | FromWorker::Analysing { .. }
            | FromWorker::Analysed { .. }
            | FromWorker::Lesson { .. } => {}
        }
        Vec::new()
    }

    /// The open request's final answer.
    fn solved(&mut self, answer: Answer, on_show: &Position, now_ms: f64) -> Vec<Heard> {
        let Some(request) = self.request.take() else {
            return Vec::new();
        };
        let Ok(moves) = parse_moves(&answer.moves) else {
            return vec![Heard::Alert(
                "The solver's answer could not be read.".into(),
            )];
        };
        if request.purpose == Purpose::Compare {
            return vec![Heard::Row(Row::solved(&answer, moves))];
        }
        if on_show != &request.position {
            return match request.shown {
                // The player is replaying an earlier answer: it stays, and stops saying a
                // shorter one may come.
                Some(_) => vec![Heard::Settled],
                None => vec![Heard::Alert(
                    "The board changed while the solver worked; ask again.".into(),
                )],
            };
        }
        match request.purpose {
            Purpose::Hint => (moves.first())
                .map(|&m| Heard::Hint(request.position.board().clone(), m))
                .into_iter()
                .collect(),
            Purpose::Solve => vec![Heard::Answer {
                optimal: answer.optimal,
                summary: Summary::of(&answer, now_ms - request.started_ms, false),
                moves,
            }],
            Purpose::Compare | Purpose::Bench | Purpose::Measure | Purpose::Analysis => Vec::new(),
        }
    }

    /// The open request found no solution.
    fn failed(&mut self, failure: Failure, stats: Option<Stats>) -> Vec<Heard> {
        let Some(request) = self.request.take() else {
            return Vec::new();
        };
        match request.purpose {
            Purpose::Compare => vec![Heard::Row(Row::failed(request.method, failure, stats))],
            Purpose::Hint => vec![Heard::Alert(format!("No hint: {failure}"))],
            _ => vec![Heard::Alert(failure.to_string())],
        }
    }

    /// The measuring channel's message for request `id`.
    fn measured(&mut self, id: u32, message: FromWorker) -> Option<Heard> {
        let (request, solve) = self.measuring?;
        if id != request {
            return None;
        }
        let (answer, last) = match message {
            FromWorker::Better { answer, .. } => (Some(answer), false),
            FromWorker::Solved { answer, .. } => (Some(answer), true),
            FromWorker::Cancelled { .. } => (None, true),
            FromWorker::Failed { failure, .. } => {
                self.measuring = None;
                let why = failure.to_string();
                return Some(Heard::Unmeasured { solve, why });
            }
            _ => return None,
        };
        if last {
            self.measuring = None;
        }
        Some(Heard::Measured {
            solve,
            answer,
            last,
        })
    }

    /// A worker's answer to the team: the next orders, the progress so far, and at the end
    /// the answer, as the game's worker would have sent it.
    fn team_hears(
        &mut self,
        worker: usize,
        message: FromWorker,
        on_show: &Position,
        now_ms: f64,
        fx: &mut Vec<Effect>,
    ) -> Vec<Heard> {
        let Some(team) = self.team.as_mut() else {
            return Vec::new();
        };
        let Some((orders, end)) = team_hears(team, worker, &message) else {
            return Vec::new();
        };
        let stats = team.stats();
        if let FromWorker::Shared {
            tables: Some(tables),
            ..
        } = message
            && let Some(work) = self.request.as_mut().and_then(|r| r.team.as_mut())
        {
            work.tables = Some(tables);
        }
        let Some(request) = self.request.clone().filter(|r| r.team.is_some()) else {
            // The solve was given up: no orders but stops.
            send_orders(orders, None, fx);
            return Vec::new();
        };
        send_orders(orders, Some(&request), fx);
        if let (Some(open), Some(stats)) = (self.request.as_mut(), stats) {
            open.stats = stats;
            open.preparing = None;
        }
        let (Some(end), Some(work)) = (end, &request.team) else {
            return Vec::new();
        };
        // The search's time, as the game's worker counts it: without getting the tables.
        let tables = work.tables;
        let millis = now_ms - request.started_ms - tables.map_or(0.0, |t| t.millis);
        let report = end.report(
            request.position.board(),
            &work.goal,
            work.method,
            work.max_nodes,
            millis,
        );
        let answer = finished(request.id, request.purpose, report, tables);
        self.receive(0, answer, on_show, now_ms, fx)
    }

    /// Worker `worker` stopped (`why`, in a few words): it is ended and a fresh one takes its
    /// place; whatever it owed ends with a message.
    fn stopped(&mut self, worker: usize, why: String, fx: &mut Vec<Effect>) -> Vec<Heard> {
        fx.push(Effect::Restart(worker));
        self.watchdog.restarted(worker);
        let failure = Failure::Stopped { why };
        let mut heard = Vec::new();
        if worker == 0 {
            // The fresh worker learns where the tables are, and prepares them again.
            fx.push(Effect::Send(self.site()));
            self.prepared = None;
            if let Some((_, solve)) = self.measuring.take() {
                let why = failure.to_string();
                heard.push(Heard::Unmeasured { solve, why });
            }
            heard.extend(self.channels_stopped(&failure));
        }
        let team_solve = self.request.as_ref().is_some_and(|r| r.team.is_some());
        // A team that counted on the worker starts afresh next time; its others are stopped.
        if self.team.as_ref().is_some_and(|t| worker < t.workers())
            && let Some(mut team) = self.team.take()
        {
            let others = team.cancel().into_iter().filter(|o| o.worker() != worker);
            send_orders(others.collect(), None, fx);
        }
        let ends_request = team_solve || (worker == 0 && self.request.is_some());
        if ends_request && let Some(request) = self.request.take() {
            if request.purpose == Purpose::Compare {
                heard.push(Heard::Row(Row::failed(
                    request.method,
                    failure.clone(),
                    None,
                )));
                heard.push(Heard::RowsStopped);
            }
            heard.push(Heard::Settled);
        }
        if !heard.is_empty() {
            heard.push(Heard::Alert(failure.to_string()));
        }
        heard
    }

    /// What the game's worker owed on its channels of their own, ended by `failure`: the
    /// analysis and the stepper's step.
    fn channels_stopped(&mut self, failure: &Failure) -> Vec<Heard> {
        let mut heard = Vec::new();
        if let Some(id) = self.analysing.take() {
            heard.push(Heard::Analysis(FromWorker::Failed {
                id,
                purpose: Purpose::Analysis,
                failure: failure.clone(),
                stats: None,
            }));
        }
        if let Some(id) = self.lesson.take() {
            let lesson = Err(failure.clone());
            heard.push(Heard::Lesson(FromWorker::Lesson { id, lesson }));
        }
        heard
    }

    /// Where the site's prebuilt tables are, for a worker that has just started.
    pub(super) fn site(&self) -> ToWorker {
        ToWorker::Site {
            tables: self.tables.clone(),
        }
    }

    /// Gets the pattern databases ready for `position`'s goal while the player thinks, where
    /// Solve would use them (the method resolved once, here, for the action just done).
    pub(super) fn prepare(&mut self, position: &Position, fx: &mut Vec<Effect>) {
        let options = Options {
            algorithm: self.method.algorithm,
            heuristic: self.method.heuristic,
            ..Options::default()
        };
        let goal = position.goal().to_string();
        if self.prepared.as_ref() == Some(&goal) {
            return;
        }
        let method = Method::resolve(&options, position.board(), position.goal());
        if method.heuristic == Some(Heuristic::Pdb) {
            fx.push(Effect::Warm(ToWorker::Prepare { goal: goal.clone() }));
            self.prepared = Some(goal);
        }
    }

    /// The method picked goes back to the fastest for the size, with a word, where the page
    /// would not offer it toward `goal` (the size, the goal or the board changed, a link or a
    /// replay opened another board). Asked after every action, before anything is sent.
    pub(super) fn fit(&mut self, goal: &Board) {
        if let Err(why) = self.method.offered_for(goal) {
            let from = std::mem::take(&mut self.method);
            self.fell_back = Some(FellBack { from, why });
        }
    }

    /// The method chosen before that the board on show did not take, until the player chooses.
    pub fn fell_back(&self) -> Option<&FellBack> {
        self.fell_back.as_ref()
    }

    /// The analysis request `id` is in flight (or, with `None`, none is): the game's worker
    /// owes its answer.
    pub(super) fn owe_analysis(&mut self, id: Option<u32>) {
        self.analysing = id;
    }

    /// The stepper's request `id` is in flight (or, with `None`, none is).
    pub(super) fn owe_lesson(&mut self, id: Option<u32>) {
        self.lesson = id;
    }

    /// The workers that owe the page an answer (0: the game's, which also measures and
    /// analyses; 1, 2, …: helpers sharing a solve).
    pub fn owing(&self) -> Vec<usize> {
        let team = self.request.as_ref().is_some_and(|r| r.team.is_some());
        let mut owing = Vec::new();
        let channels =
            self.measuring.is_some() || self.analysing.is_some() || self.lesson.is_some();
        if (self.request.is_some() && !team) || channels {
            owing.push(0);
        }
        // The team's busy seats come in order: the list stays in order without a sort (whose
        // code the page would carry for these few numbers).
        for worker in self.team.iter().filter(|_| team).flat_map(Team::busy) {
            if !owing.contains(&worker) {
                owing.push(worker);
            }
        }
        owing
    }

    /// Whether a worker owes an answer: the web layer then has the page look for silent ones
    /// ([`AskAction::CheckWorkers`]).
    pub fn awaiting(&self) -> bool {
        let channels =
            self.measuring.is_some() || self.analysing.is_some() || self.lesson.is_some();
        self.request.is_some() || channels
    }

    /// Worker `worker` was given work at `now_ms`: its silence counts from then.
    pub(super) fn sent(&mut self, worker: usize, now_ms: f64) {
        self.watchdog.heard(worker, now_ms);
    }

    /// The search the page waits for.
    pub fn request(&self) -> Option<&Request> {
        self.request.as_ref()
    }

    /// The method picked for Solve.
    pub fn method(&self) -> Method {
        self.method
    }

    /// Workers beside the game's that may share a hard solve.
    pub fn helpers(&self) -> usize {
        self.helpers
    }
}

/// A shorter answer to the open Solve, shown at once; the search goes on, so the request stays
/// open.
fn better(request: &mut Request, answer: &Answer, now_ms: f64) -> Vec<Heard> {
    let Ok(moves) = parse_moves(&answer.moves) else {
        return Vec::new();
    };
    let summary = Summary::of(answer, now_ms - request.started_ms, true);
    request.shown = Some(summary.clone());
    vec![Heard::Answer {
        moves,
        optimal: false,
        summary,
    }]
}

/// A team's orders as effects (the game's worker is worker 0); searches are for `request`'s
/// solve, and without one only stops are sent.
fn send_orders(orders: Vec<Order>, request: Option<&Request>, fx: &mut Vec<Effect>) {
    for order in orders {
        let (worker, message) = match (order, request) {
            (Order::Cancel { worker, id }, _) => (worker, ToWorker::Cancel { id }),
            (
                order,
                Some(Request {
                    team: Some(work),
                    position,
                    purpose,
                    ..
                }),
            ) => {
                let heuristic = work.method.heuristic.unwrap_or(Heuristic::Manhattan);
                let (board, goal) = (position.board().to_string(), work.goal.to_string());
                order_message(order, *purpose, &board, &goal, heuristic)
            }
            (Order::Search { .. }, _) => continue,
        };
        fx.push(match worker {
            0 => Effect::Send(message),
            worker => Effect::Helper { worker, message },
        });
    }
}

/// The request a message answers, and why it was asked (`None` for the tables' news and a
/// team's shares, which are nobody's but the team's).
fn message_request(message: &FromWorker) -> Option<(u32, Purpose)> {
    match message {
        FromWorker::Progress { id, purpose, .. }
        | FromWorker::Preparing { id, purpose, .. }
        | FromWorker::Better { id, purpose, .. }
        | FromWorker::Solved { id, purpose, .. }
        | FromWorker::Failed { id, purpose, .. }
        | FromWorker::Cancelled { id, purpose, .. } => Some((*id, *purpose)),
        FromWorker::Analysing { id, .. } | FromWorker::Analysed { id, .. } => {
            Some((*id, Purpose::Analysis))
        }
        FromWorker::TablesReady { .. } | FromWorker::Shared { .. } | FromWorker::Lesson { .. } => {
            None
        }
    }
}
