//! The benchmark panel as data: Korf's 100 fifteen-puzzles (or his 50 24-puzzles) solved one
//! after another in the worker exactly as Solve solves a board, with the figures `slide bench`
//! prints natively. With several workers the tables are got ready in every worker first, then
//! either each worker solves puzzles of its own, side by side (the sets of many small puzzles:
//! the figure is the time the whole set takes), or each 15-puzzle is solved by all of them
//! together ([`crate::solver::team`], for puzzles whose iterations are long: the time of each is
//! the page's, from the first order to the answer).

use super::protocol::{
    Answer, BROWSER_IDA_MAX_NODES, Failure, FromWorker, Purpose, Tables, ToWorker, order_message,
    team_hears,
};
use crate::heuristics::Heuristic;
use crate::puzzle::goal::Goal;
use crate::puzzle::numbers::{decimals, thousands};
use crate::solver::bench::{Instance, Summary, Timing, parse_instances, summarize};
use crate::solver::team::{Order, Team};
use crate::solver::{Algorithm, Method};
use std::collections::VecDeque;

/// Puzzles waiting in a worker's queue behind the one it is on, side by side.
const QUEUED: usize = 1;

/// Most workers the panel offers: more cost memory (16 MiB of tables each) for little gain.
pub const MAX_WORKERS: usize = 4;

/// A set of benchmark instances.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Set {
    pub name: &'static str,
    text: &'static str,
    goal: &'static str,
    pub about: &'static str,
    /// How several workers take the set on.
    pub teamwork: Teamwork,
}

/// How several workers take a set on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Teamwork {
    /// Each worker solves puzzles of its own, the next one as soon as it is free: for many
    /// small puzzles, where sharing one would cost more in messages than it saves.
    Puzzles,
    /// Each 15-puzzle's IDA* iterations are shared among all (see [`crate::solver::team`]): for
    /// the hardest, whose iterations are long.
    Iterations,
}

/// The sets the panel offers.
pub const SETS: [Set; 3] = [
    Set {
        name: "Korf's 100 fifteen-puzzles",
        text: include_str!("../../benches/korf100.txt"),
        goal: "blank-last",
        about: "The 100 random 15-puzzles of Korf's 1985 paper, solved optimally by IDA* with pattern databases and checked against their published shortest lengths.",
        teamwork: Teamwork::Puzzles,
    },
    Set {
        name: "Korf's 50 24-puzzles",
        text: include_str!("../../benches/korf50-24puzzle-blank-first.txt"),
        goal: "blank-first",
        about: "The 50 random 24-puzzles of Korf and Felner (2002), far beyond optimal search in a tab: the anytime search's final answers, compared with the published shortest lengths.",
        teamwork: Teamwork::Puzzles,
    },
    Set {
        name: "80-move 15-puzzles",
        // Two of the seventeen positions that need 80 moves, the 15-puzzle's diameter (the
        // third of `../shared/bench/hardest.txt` needs more nodes than a tab's budget).
        text: "1 80 0 0 12 9 13/15 11 10 14/3 7 2 5/4 8 6 1\n2 80 0 0 12 10 13/15 11 14 9/3 7 2 5/4 8 6 1\n",
        goal: "blank-last",
        about: "Two of the hardest 15-puzzles there are, 80 moves each: half a billion nodes or more apiece, tens of seconds.",
        teamwork: Teamwork::Iterations,
    },
];

/// One instance's result.
#[derive(Clone, Debug, PartialEq)]
pub struct Row {
    pub id: u32,
    pub expected: u32,
    pub length: Option<u32>,
    pub expanded: u64,
    pub generated: u64,
    /// The search's time: the worker's own with one worker, the page's with several.
    pub millis: f64,
    /// On the page, from the request to the answer (messages included).
    pub wall_millis: f64,
}

/// What the panel does.
#[derive(Clone, Debug, PartialEq)]
pub enum BenchAction {
    /// Another set was chosen (ignored while running).
    Choose(usize),
    /// How many workers to run with (ignored while running).
    Workers(usize),
    /// Run, or Stop while running; `at` is the page's clock, in milliseconds.
    Toggle { at: f64 },
    /// A message from worker `worker` (0: the game's), received at `at`.
    Worker {
        worker: usize,
        message: FromWorker,
        at: f64,
    },
    /// Worker `worker` stopped (`why`, in a few words); a fresh one takes its place.
    WorkerStopped { worker: usize, why: String },
}

/// Several workers at work on a run.
#[derive(Debug)]
struct Crew {
    how: Together,
    /// Which workers have their tables.
    ready: Vec<bool>,
    /// Added to the instance's index to make a solve's id: a later run's ids differ from an
    /// earlier's, whose late answers may still come.
    base: u32,
}

/// What a crew is doing.
#[derive(Debug)]
enum Together {
    /// Each puzzle by all (see [`Teamwork::Iterations`]).
    Team(Team),
    /// Each worker on its own (see [`Teamwork::Puzzles`]).
    SideBySide {
        /// The instances each worker has, and when it began each (the page's clock): the one
        /// it is on, then the one waiting in its queue (see [`ToWorker::Queue`]), if any.
        on: Vec<VecDeque<(usize, f64)>>,
        /// The next instance to hand out.
        next: usize,
        /// When the first instances were handed out, and when the last answer came.
        started: f64,
        last: f64,
    },
}

/// The benchmark's state.
#[derive(Debug)]
pub struct BenchRun {
    /// Index into [`SETS`].
    pub chosen: usize,
    instances: Vec<Instance>,
    pub running: bool,
    pub rows: Vec<Row>,
    /// How the first instance had its pattern databases.
    pub tables: Option<Tables>,
    /// With several workers: how the slowest of the others had theirs (from the browser's
    /// cache, once the first worker stored them).
    pub helper_tables: Option<Tables>,
    pub problem: Option<String>,
    /// Workers to run with.
    pub workers: usize,
    /// Most workers this machine should get (its cores, at most [`MAX_WORKERS`]).
    pub cores: usize,
    crew: Option<Crew>,
    /// Runs started so far.
    runs: u32,
    /// When the current instance was asked for (the page's clock).
    asked_at: f64,
    /// See [`crate::solver::team::SMALL_ITERATION`].
    small_iteration: u64,
    /// See [`crate::solver::team::PIECES_PER_WORKER`].
    pieces_per_worker: usize,
    /// How several workers take the set on: the set's own way unless the address says.
    teamwork: Option<Teamwork>,
}

impl Default for BenchRun {
    fn default() -> Self {
        BenchRun::new(0)
    }
}

impl BenchRun {
    /// The panel on a machine with `cores` cores: as many workers as it has, up to
    /// [`MAX_WORKERS`].
    pub fn with_cores(cores: usize) -> BenchRun {
        let cores = cores.clamp(1, MAX_WORKERS);
        BenchRun {
            cores,
            workers: cores,
            ..BenchRun::new(0)
        }
    }
}

impl BenchRun {
    /// The panel with set `chosen` picked, nothing run.
    pub fn new(chosen: usize) -> BenchRun {
        let chosen = chosen.min(SETS.len() - 1);
        BenchRun {
            chosen,
            instances: parse_instances(SETS[chosen].text).unwrap_or_default(),
            running: false,
            rows: Vec::new(),
            tables: None,
            helper_tables: None,
            problem: None,
            workers: 1,
            cores: 1,
            crew: None,
            runs: 0,
            asked_at: 0.0,
            small_iteration: crate::solver::team::SMALL_ITERATION,
            pieces_per_worker: crate::solver::team::PIECES_PER_WORKER,
            teamwork: None,
        }
    }

    /// Tuning from the page's address, for measuring: `small=N` (see
    /// [`crate::solver::team::SMALL_ITERATION`]), `pieces=N` (see
    /// [`crate::solver::team::PIECES_PER_WORKER`]) and `teamwork=puzzles|iterations` (see
    /// [`Teamwork`]; iterations are shared for 15-puzzles only); anything else is ignored.
    pub fn tune(&mut self, query: &str) {
        for pair in query.trim_start_matches('?').split('&') {
            match pair.split_once('=') {
                Some(("small", n)) => {
                    self.small_iteration = n.parse().unwrap_or(self.small_iteration)
                }
                Some(("pieces", n)) => {
                    self.pieces_per_worker = n.parse().unwrap_or(self.pieces_per_worker)
                }
                Some(("teamwork", "puzzles")) => self.teamwork = Some(Teamwork::Puzzles),
                Some(("teamwork", "iterations")) => self.teamwork = Some(Teamwork::Iterations),
                _ => {}
            }
        }
    }

    /// How this run's workers work together; `None` with one worker.
    pub fn teamwork(&self) -> Option<Teamwork> {
        if self.workers < 2 {
            return None;
        }
        // Sharing iterations is for 15-puzzles solved optimally by IDA*.
        let fifteen = self.instances.first().is_some_and(|i| i.board.len() == 16);
        match self.teamwork.unwrap_or(self.set().teamwork) {
            Teamwork::Iterations if fifteen => Some(Teamwork::Iterations),
            _ => Some(Teamwork::Puzzles),
        }
    }

    /// The set picked.
    pub fn set(&self) -> Set {
        SETS[self.chosen]
    }

    /// Instances in the set.
    pub fn count(&self) -> usize {
        self.instances.len()
    }

    /// Applies an action; returns the messages for the workers, each with its worker's number.
    pub fn reduce(&mut self, action: BenchAction) -> Vec<(usize, ToWorker)> {
        match action {
            BenchAction::Choose(i) if !self.running => *self = self.fresh(i),
            BenchAction::Workers(n) if !self.running => self.workers = n.clamp(1, MAX_WORKERS),
            BenchAction::Choose(_) | BenchAction::Workers(_) => {}
            BenchAction::Toggle { .. } if self.running => {
                self.running = false;
                return self.stop_all();
            }
            BenchAction::Toggle { at } => {
                *self = BenchRun {
                    running: true,
                    runs: self.runs + 1,
                    ..self.fresh(self.chosen)
                };
                let Some(teamwork) = self.teamwork() else {
                    return self.next(at).into_iter().map(|m| (0, m)).collect();
                };
                let how = match teamwork {
                    Teamwork::Iterations => {
                        let mut team = Team::new(self.workers);
                        team.small_iteration = self.small_iteration;
                        team.pieces_per_worker = self.pieces_per_worker;
                        Together::Team(team)
                    }
                    Teamwork::Puzzles => Together::SideBySide {
                        on: vec![VecDeque::new(); self.workers],
                        next: 0,
                        started: at,
                        last: at,
                    },
                };
                self.crew = Some(Crew {
                    how,
                    ready: vec![false; self.workers],
                    base: self.runs * 1000,
                });
                // The first worker gets the tables (downloaded or built, then stored in the
                // browser's cache); the others then read them from the cache.
                return vec![(
                    0,
                    ToWorker::Prepare {
                        goal: self.goal_notation(),
                    },
                )];
            }
            BenchAction::WorkerStopped { worker, why } if self.running => {
                // The run's figures would not be comparable with a fresh worker's: it ends.
                self.running = false;
                self.problem = Some(Failure::Stopped { why }.to_string());
                let others = self.stop_all().into_iter().filter(|(w, _)| *w != worker);
                return others.collect();
            }
            BenchAction::WorkerStopped { .. } => {}
            BenchAction::Worker {
                worker,
                message,
                at,
            } => {
                if self.crew.is_some() {
                    return self.crew_hears(worker, message, at);
                }
                match message {
                    FromWorker::Solved {
                        id,
                        purpose: Purpose::Bench,
                        answer,
                    } if self.running && id as usize == self.rows.len() => {
                        self.record(id as usize, &answer, at - self.asked_at);
                        return self.next(at).into_iter().map(|m| (0, m)).collect();
                    }
                    FromWorker::Failed {
                        purpose: Purpose::Bench,
                        failure,
                        ..
                    } if self.running => {
                        self.running = false;
                        self.problem = Some(failure.to_string());
                    }
                    _ => {}
                }
            }
        }
        Vec::new()
    }

    /// A new run of set `chosen`, nothing run, with this one's settings.
    fn fresh(&self, chosen: usize) -> BenchRun {
        BenchRun {
            workers: self.workers,
            cores: self.cores,
            runs: self.runs,
            small_iteration: self.small_iteration,
            pieces_per_worker: self.pieces_per_worker,
            teamwork: self.teamwork,
            ..BenchRun::new(chosen)
        }
    }

    /// The messages that stop whatever is still searching.
    fn stop_all(&mut self) -> Vec<(usize, ToWorker)> {
        let Some(crew) = self.crew.as_mut() else {
            let id = self.rows.len() as u32;
            return vec![(0, ToWorker::Cancel { id })];
        };
        match &mut crew.how {
            Together::Team(team) => {
                let orders = team.cancel();
                self.orders(orders)
            }
            Together::SideBySide { on, .. } => (on.iter_mut().enumerate())
                .flat_map(|(w, on)| {
                    let base = crew.base;
                    on.drain(..).map(move |(index, _)| {
                        (
                            w,
                            ToWorker::Cancel {
                                id: base + index as u32,
                            },
                        )
                    })
                })
                .collect(),
        }
    }

    /// A message to a run among several workers.
    fn crew_hears(
        &mut self,
        worker: usize,
        message: FromWorker,
        at: f64,
    ) -> Vec<(usize, ToWorker)> {
        let goal = self.goal_notation();
        let Some(crew) = self.crew.as_mut() else {
            return Vec::new();
        };
        if let FromWorker::TablesReady { tables, .. } = &message {
            if !self.running || crew.ready.get(worker) != Some(&false) {
                return Vec::new();
            }
            crew.ready[worker] = true;
            if worker == 0 {
                self.tables = Some(*tables);
                return (1..crew.ready.len())
                    .map(|w| (w, ToWorker::Prepare { goal: goal.clone() }))
                    .collect();
            }
            let slowest = self.helper_tables.map_or(0.0, |t| t.millis);
            if tables.millis >= slowest {
                self.helper_tables = Some(*tables);
            }
            if !crew.ready.iter().all(|&r| r) {
                return Vec::new();
            }
            let workers = crew.ready.len();
            let Together::SideBySide { started, last, .. } = &mut crew.how else {
                return self.next_shared(at);
            };
            (*started, *last) = (at, at);
            // A puzzle each first, then one waiting each.
            return (0..2 * workers)
                .filter_map(|w| self.hand_out(w % workers, at))
                .collect();
        }
        if matches!(crew.how, Together::SideBySide { .. }) {
            return self.side_by_side_hears(worker, message, at);
        }
        let Together::Team(team) = &mut crew.how else {
            return Vec::new();
        };
        let Some((orders, end)) = team_hears(team, worker, &message) else {
            return Vec::new();
        };
        let base = crew.base;
        let mut messages = self.orders(orders);
        let Some(end) = end else {
            return messages;
        };
        if !self.running {
            return messages;
        }
        let index = self.rows.len();
        let Some(instance) = self.instances.get(index).cloned() else {
            return messages;
        };
        if let FromWorker::Shared { id, .. } | FromWorker::Failed { id, .. } = message
            && id != base + index as u32
        {
            return messages;
        }
        let report = Goal::parse(self.set().goal)
            .and_then(|g| g.for_board(&instance.board))
            .map_err(|e| e.to_string())
            .and_then(|goal| {
                end.report(
                    &instance.board,
                    &goal,
                    team_method(),
                    BROWSER_IDA_MAX_NODES,
                    at - self.asked_at,
                )
                .map_err(|e| e.to_string())
            });
        match report.map(|r| Answer::of(&r, None).ok_or(r)) {
            Ok(Ok(answer)) => {
                self.record(index, &answer, at - self.asked_at);
                messages.extend(self.next_shared(at));
            }
            Ok(Err(report)) => {
                self.running = false;
                self.problem = Some(format!("No solution: {:?}", report.ending));
            }
            Err(message) => {
                self.running = false;
                self.problem = Some(message);
            }
        }
        messages
    }

    /// A worker's answer while the workers solve puzzles side by side: its row, and the next
    /// puzzle for it (the run ends with the last answer).
    fn side_by_side_hears(
        &mut self,
        worker: usize,
        message: FromWorker,
        at: f64,
    ) -> Vec<(usize, ToWorker)> {
        let Some(Crew {
            how: Together::SideBySide { on, .. },
            base,
            ..
        }) = self.crew.as_ref()
        else {
            return Vec::new();
        };
        let Some(&(index, asked)) = on.get(worker).and_then(VecDeque::front) else {
            return Vec::new();
        };
        let wanted = base + index as u32;
        match message {
            FromWorker::Solved {
                id,
                purpose: Purpose::Bench,
                answer,
            } if self.running && id == wanted => {
                self.free(worker, at);
                self.record(index, &answer, at - asked);
                if self.rows.len() == self.instances.len() {
                    self.running = false;
                }
                // Its queue topped up: a Solve if it has nothing left, else one to wait.
                let mut orders: Vec<_> = self.hand_out(worker, at).into_iter().collect();
                orders.extend(self.hand_out(worker, at));
                orders
            }
            FromWorker::Failed {
                id,
                purpose: Purpose::Bench,
                failure,
                ..
            } if self.running && id == wanted => {
                self.free(worker, at);
                self.running = false;
                self.problem = Some(failure.to_string());
                self.stop_all()
            }
            _ => Vec::new(),
        }
    }

    /// Worker `worker` answered at `at`: it goes on with the puzzle waiting in its queue, if any.
    fn free(&mut self, worker: usize, at: f64) {
        if let Some(Crew {
            how: Together::SideBySide { on, last, .. },
            ..
        }) = self.crew.as_mut()
        {
            on[worker].pop_front();
            if let Some((_, began)) = on[worker].front_mut() {
                *began = at;
            }
            *last = at;
        }
    }

    /// The next puzzle for worker `worker`, while running with puzzles side by side and some
    /// are left: a Solve if it is free, else one to wait in its queue, so that it starts the
    /// moment the worker answers (not once the answer has reached the page and the next puzzle
    /// the worker). Near the end puzzles wait in no queue: the first worker free takes each,
    /// so that no worker idles while another still has two to go.
    fn hand_out(&mut self, worker: usize, at: f64) -> Option<(usize, ToWorker)> {
        let workers = self.workers;
        let Some(Crew {
            how: Together::SideBySide { on, next, .. },
            base,
            ..
        }) = self.crew.as_mut()
        else {
            return None;
        };
        let instance = self.instances.get(*next).filter(|_| self.running)?;
        let busy = !on[worker].is_empty();
        if on[worker].len() > QUEUED || (busy && self.instances.len() - *next <= workers) {
            return None;
        }
        on[worker].push_back((*next, at));
        let id = *base + *next as u32;
        *next += 1;
        let solve = self.solve_message(id, instance);
        Some((
            worker,
            if busy {
                ToWorker::Queue(Box::new(solve))
            } else {
                solve
            },
        ))
    }

    /// The goal of the set's boards in board notation, as Prepare wants it.
    fn goal_notation(&self) -> String {
        let goal = self.instances.first().and_then(|i| {
            Goal::parse(self.set().goal)
                .and_then(|g| g.for_board(&i.board))
                .ok()
        });
        goal.map_or_else(|| self.set().goal.into(), |g| g.to_string())
    }

    /// The team's orders as messages to its workers.
    fn orders(&self, orders: Vec<Order>) -> Vec<(usize, ToWorker)> {
        let Some(instance) = self.instances.get(self.rows.len()) else {
            return Vec::new();
        };
        let board = instance.board.to_string();
        (orders.into_iter())
            .map(|o| order_message(o, Purpose::Bench, &board, self.set().goal, Heuristic::Pdb))
            .collect()
    }

    /// Starts the team on the next instance while running; the run ends after the last.
    fn next_shared(&mut self, at: f64) -> Vec<(usize, ToWorker)> {
        if !self.running {
            return Vec::new();
        }
        let index = self.rows.len();
        let Some(instance) = self.instances.get(index) else {
            self.running = false;
            return Vec::new();
        };
        let Some(Crew {
            how: Together::Team(team),
            base,
            ..
        }) = self.crew.as_mut()
        else {
            return Vec::new();
        };
        self.asked_at = at;
        let orders = team.solve(*base + index as u32, &instance.board, BROWSER_IDA_MAX_NODES);
        self.orders(orders)
    }

    /// The row of instance `index`, answered `wall_millis` after it was asked for (rows stay
    /// in the instances' order, whichever worker answers first).
    fn record(&mut self, index: usize, answer: &Answer, wall_millis: f64) {
        let expected = self.instances.get(index).map_or(0, |i| i.expected);
        let length = crate::puzzle::notation::parse_moves(&answer.moves)
            .ok()
            .map(|m| m.len() as u32);
        self.tables = self.tables.or(answer.tables);
        let id = index as u32 + 1;
        let at = self.rows.partition_point(|r| r.id < id);
        let row = Row {
            id,
            expected,
            length,
            expanded: answer.stats.expanded,
            generated: answer.stats.generated,
            millis: answer.stats.millis,
            wall_millis,
        };
        self.rows.insert(at, row);
    }

    /// The request for the next instance while running; the run ends after the last.
    fn next(&mut self, at: f64) -> Option<ToWorker> {
        if !self.running {
            return None;
        }
        self.asked_at = at;
        let index = self.rows.len();
        let Some(instance) = self.instances.get(index) else {
            self.running = false;
            return None;
        };
        Some(self.solve_message(index as u32, instance))
    }

    /// Solve `id` of `instance`, as the game's Solve asks for it.
    fn solve_message(&self, id: u32, instance: &Instance) -> ToWorker {
        ToWorker::Solve {
            id,
            purpose: Purpose::Bench,
            board: instance.board.to_string(),
            goal: self.set().goal.into(),
            algorithm: Algorithm::Auto,
            heuristic: None,
            max_nodes: None,
        }
    }

    /// The summary of the rows so far, as `slide bench` computes it.
    pub fn summary(&self) -> Summary {
        let timings: Vec<Timing> = self
            .rows
            .iter()
            .map(|r| Timing::new(r.expected, r.length, r.millis, r.expanded, r.generated))
            .collect();
        summarize(&timings)
    }

    /// The page's time for the rows so far, messages included: with puzzles side by side, from
    /// the first order to the last answer; otherwise the rows' times added up.
    pub fn wall_millis(&self) -> f64 {
        match &self.crew {
            Some(Crew {
                how: Together::SideBySide { started, last, .. },
                ..
            }) => last - started,
            _ => self.rows.iter().map(|r| r.wall_millis).sum(),
        }
    }

    /// Whether every instance has been run.
    pub fn done(&self) -> bool {
        !self.running && self.rows.len() == self.instances.len()
    }

    /// The summary in words.
    pub fn summary_text(&self) -> String {
        let sum = self.summary();
        let tables = match self.tables {
            Some(t) => {
                let mut text = t.text();
                if let Some(first) = text.get_mut(..1) {
                    first.make_ascii_uppercase();
                }
                format!("{text}.")
            }
            None if self.rows.is_empty() => String::new(),
            None => "Pattern databases were already in memory.".into(),
        };
        let lengths = if sum.all_expected || sum.solved == 0 {
            String::new()
        } else {
            format!(
                " Lengths {}× the published on average, {}× at most.",
                decimals(sum.mean_ratio, 3),
                decimals(sum.max_ratio, 3)
            )
        };
        format!(
            "{} of {} solved{}, all at the published length: {}.{lengths} Total {} ms, median {} ms, slowest {} ms; {} nodes. {tables}",
            sum.solved,
            self.count(),
            if self.running { " so far" } else { "" },
            if sum.all_expected { "yes" } else { "no" },
            decimals(sum.total_millis, 0),
            decimals(sum.median_millis, 1),
            decimals(sum.max_millis, 0),
            thousands(sum.expanded),
        ) + &self.crew_text()
    }

    /// What the summary adds about a run shared among workers.
    fn crew_text(&self) -> String {
        let Some(crew) = &self.crew else {
            return String::new();
        };
        let helpers = match self.helper_tables {
            Some(t) => format!(
                "; the others read their pattern databases in {} ms at most",
                decimals(t.millis, 0)
            ),
            None => String::new(),
        };
        let workers = crew.ready.len();
        match crew.how {
            Together::Team(_) => {
                format!(" Each puzzle shared among {workers} workers, timed on the page{helpers}.")
            }
            Together::SideBySide { .. } => format!(
                " Side by side in {workers} workers: {} ms on the page from the first puzzle handed out to the last answer{helpers}.",
                decimals(self.wall_millis(), 0)
            ),
        }
    }
}

/// What a team runs: IDA* with the pattern databases, as Solve does on a 15-puzzle.
fn team_method() -> Method {
    Method {
        algorithm: Algorithm::IdaStar,
        heuristic: Some(Heuristic::Pdb),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::Stats;

    fn solved(id: u32, moves: &str, expanded: u64) -> BenchAction {
        BenchAction::Worker {
            worker: 0,
            at: 0.0,
            message: FromWorker::Solved {
                id,
                purpose: Purpose::Bench,
                answer: Answer {
                    moves: moves.into(),
                    optimal: true,
                    within: Some(1.0),
                    algorithm: Algorithm::IdaStar,
                    heuristic: None,
                    stats: Stats {
                        expanded,
                        millis: 2.0,
                        ..Stats::default()
                    },
                    tables: None,
                },
            },
        }
    }

    #[test]
    fn instances_run_one_after_another_until_stopped() {
        let mut run = BenchRun::default();
        assert_eq!(run.count(), 100);
        let first = run.reduce(BenchAction::Toggle { at: 0.0 });
        assert!(matches!(first[..], [(0, ToWorker::Solve { id: 0, .. })]));
        let expected = run.instances[0].expected as usize;
        let next = run.reduce(solved(0, &"L".repeat(expected), 10));
        assert!(matches!(next[..], [(0, ToWorker::Solve { id: 1, .. })]));
        assert_eq!(run.rows[0].length, Some(expected as u32));
        // A late answer to another instance is not this one's.
        assert!(run.reduce(solved(7, "L", 1)).is_empty());
        assert_eq!(run.rows.len(), 1);
        assert!(matches!(
            run.reduce(BenchAction::Toggle { at: 0.0 })[..],
            [(0, ToWorker::Cancel { id: 1 })]
        ));
        assert!(!run.running);
        assert!(
            run.summary_text()
                .starts_with("1 of 100 solved, all at the published length: yes.")
        );
    }

    #[test]
    fn another_set_can_be_chosen_only_between_runs() {
        let mut run = BenchRun::default();
        run.reduce(BenchAction::Toggle { at: 0.0 });
        run.reduce(BenchAction::Choose(1));
        assert_eq!(run.chosen, 0);
        run.reduce(BenchAction::Toggle { at: 0.0 });
        run.reduce(BenchAction::Choose(1));
        assert_eq!((run.chosen, run.count()), (1, 50));
        run.reduce(BenchAction::Choose(2));
        assert_eq!((run.chosen, run.count()), (2, 2));
        assert!(run.instances.iter().all(|i| i.expected == 80));
    }

    fn ready(worker: usize) -> BenchAction {
        ready_at(worker, 0.0)
    }

    fn ready_at(worker: usize, at: f64) -> BenchAction {
        BenchAction::Worker {
            worker,
            at,
            message: FromWorker::TablesReady {
                goal: "blank-last".into(),
                tables: Tables {
                    millis: 1.0,
                    from: crate::play::protocol::TablesFrom::Cache,
                },
            },
        }
    }

    /// `solved(id, …)`, from `worker` at `at`.
    fn solved_by(worker: usize, at: f64, id: u32, moves: &str) -> BenchAction {
        match solved(id, moves, 10) {
            BenchAction::Worker { message, .. } => BenchAction::Worker {
                worker,
                message,
                at,
            },
            other => other,
        }
    }

    /// The ids of the Solves among `messages`, with their workers.
    fn solves(messages: &[(usize, ToWorker)]) -> Vec<(usize, u32)> {
        (messages.iter())
            .filter_map(|(w, m)| match m {
                ToWorker::Solve { id, .. } => Some((*w, *id)),
                _ => None,
            })
            .collect()
    }

    /// The ids of the Solves queued among `messages` ([`ToWorker::Queue`]), with their workers.
    fn queued(messages: &[(usize, ToWorker)]) -> Vec<(usize, u32)> {
        (messages.iter())
            .filter_map(|(w, m)| match m {
                ToWorker::Queue(solve) => match **solve {
                    ToWorker::Solve { id, .. } => Some((*w, id)),
                    _ => None,
                },
                _ => None,
            })
            .collect()
    }

    #[test]
    fn two_workers_solve_korfs_puzzles_side_by_side_each_taking_the_next_when_free() {
        let mut run = BenchRun::with_cores(2);
        let goal = "1 2 3 4/5 6 7 8/9 10 11 12/13 14 15 0".to_string();
        let prepare = run.reduce(BenchAction::Toggle { at: 0.0 });
        assert_eq!(prepare, [(0, ToWorker::Prepare { goal: goal.clone() })]);
        assert_eq!(run.reduce(ready(0)), [(1, ToWorker::Prepare { goal })]);
        // Both ready at 10 ms: each gets a puzzle of its own (ids are this run's: 1000 + index),
        // then one to wait in its queue.
        let first = run.reduce(ready_at(1, 10.0));
        assert_eq!(solves(&first), [(0, 1000), (1, 1001)]);
        assert_eq!(queued(&first), [(0, 1002), (1, 1003)]);
        let length = |i: usize| "L".repeat(run.instances[i].expected as usize);
        // Worker 1 answers first: it goes on with its queued puzzle, and the fifth waits behind
        // it. Its row waits for the first's.
        let (l0, l1, l3) = (length(0), length(1), length(3));
        let next = run.reduce(solved_by(1, 30.0, 1001, &l1));
        assert_eq!((solves(&next), queued(&next)), (vec![], vec![(1, 1004)]));
        assert_eq!(run.rows[0].id, 2);
        assert_eq!(run.rows[0].wall_millis, 20.0);
        // An answer to a puzzle the worker is not on changes nothing.
        assert!(run.reduce(solved_by(0, 35.0, 1001, &l1)).is_empty());
        let next = run.reduce(solved_by(0, 50.0, 1000, &l0));
        assert_eq!((solves(&next), queued(&next)), (vec![], vec![(0, 1005)]));
        assert_eq!(run.rows.iter().map(|r| r.id).collect::<Vec<_>>(), [1, 2]);
        assert_eq!(run.wall_millis(), 40.0);
        assert!(
            run.summary_text()
                .contains("Side by side in 2 workers: 40 ms")
        );
        // A queued puzzle's time runs from the answer before it.
        run.reduce(solved_by(1, 55.0, 1003, &l3));
        assert_eq!(run.rows[2].wall_millis, 25.0);
        // Stop cancels every puzzle still being solved or waiting.
        let stop = run.reduce(BenchAction::Toggle { at: 60.0 });
        assert_eq!(
            stop,
            [
                (0, ToWorker::Cancel { id: 1002 }),
                (0, ToWorker::Cancel { id: 1005 }),
                (1, ToWorker::Cancel { id: 1004 }),
                (1, ToWorker::Cancel { id: 1006 }),
            ]
        );
        assert!(!run.running && !run.done());
    }

    /// A run of Korf's 100 on two workers side by side, both ready (each with a puzzle and one
    /// queued).
    fn side_by_side_started() -> BenchRun {
        let mut run = BenchRun::with_cores(2);
        run.reduce(BenchAction::Toggle { at: 0.0 });
        run.reduce(ready(0));
        run.reduce(ready(1));
        run
    }

    #[test]
    fn side_by_side_no_puzzle_waits_in_a_queue_near_the_end() {
        let mut run = side_by_side_started();
        // Worker 1 never answers; worker 0 answers all it gets, in order.
        let mut mine = std::collections::VecDeque::from([1000, 1002]);
        let (mut asked, mut waited) = (Vec::new(), Vec::new());
        while let Some(id) = mine.pop_front() {
            let moves = "L".repeat(run.instances[id as usize - 1000].expected as usize);
            let next = run.reduce(solved_by(0, 1.0, id, &moves));
            asked.extend(solves(&next).into_iter().map(|(_, id)| id));
            waited.extend(queued(&next).into_iter().map(|(_, id)| id));
            mine.extend(
                solves(&next)
                    .into_iter()
                    .chain(queued(&next))
                    .map(|(_, id)| id),
            );
        }
        // It solved all but worker 1's two. Its puzzles waited in its queue until two were
        // left, which it was asked for once free.
        assert_eq!(run.rows.len(), 98);
        assert_eq!(waited, (1004..1098).collect::<Vec<_>>());
        assert_eq!(asked, [1098, 1099]);
        assert!(run.running);
    }

    #[test]
    fn a_worker_that_stops_ends_the_run_with_a_message_and_the_others_are_stopped() {
        let mut run = side_by_side_started();
        let stopped = BenchAction::WorkerStopped {
            worker: 1,
            why: "it crashed: unreachable".into(),
        };
        let orders = run.reduce(stopped.clone());
        assert!(
            !orders.is_empty() && orders.iter().all(|(w, _)| *w == 0),
            "{orders:?}"
        );
        assert!(!run.running);
        assert!(
            run.problem
                .as_deref()
                .unwrap()
                .starts_with("The solver stopped unexpectedly (it crashed: unreachable)")
        );
        // Once stopped, another stop changes nothing.
        assert!(run.reduce(stopped).is_empty());
    }

    #[test]
    fn side_by_side_a_failure_stops_the_run_and_the_other_worker() {
        let mut run = side_by_side_started();
        let failed = BenchAction::Worker {
            worker: 1,
            at: 5.0,
            message: FromWorker::Failed {
                id: 1001,
                purpose: Purpose::Bench,
                failure: Failure::Memory { bytes: 1 << 31 },
                stats: None,
            },
        };
        assert_eq!(
            run.reduce(failed),
            [
                (0, ToWorker::Cancel { id: 1000 }),
                (0, ToWorker::Cancel { id: 1002 }),
                (1, ToWorker::Cancel { id: 1003 })
            ]
        );
        assert!(
            run.problem.as_deref().unwrap().contains("held 2048 MB"),
            "{:?}",
            run.problem
        );
        assert!(!run.running);
    }

    #[test]
    fn side_by_side_ends_with_the_last_answer() {
        let mut run = BenchRun::with_cores(2);
        run.reduce(BenchAction::Choose(2)); // the two 80-move puzzles…
        assert_eq!(run.teamwork(), Some(Teamwork::Iterations));
        run.tune("?teamwork=puzzles"); // …side by side, for this test
        run.reduce(BenchAction::Toggle { at: 0.0 });
        run.reduce(ready(0));
        assert_eq!(solves(&run.reduce(ready(1))), [(0, 1000), (1, 1001)]);
        let eighty = "L".repeat(80);
        assert!(run.reduce(solved_by(0, 7.0, 1000, &eighty)).is_empty());
        assert!(run.running);
        assert!(run.reduce(solved_by(1, 9.0, 1001, &eighty)).is_empty());
        assert!(run.done());
        assert_eq!(run.wall_millis(), 9.0);
        assert!(run.summary().all_expected);
    }

    #[test]
    fn the_24_puzzles_are_never_shared_by_iterations() {
        let mut run = BenchRun::with_cores(4);
        run.reduce(BenchAction::Choose(1));
        run.tune("?teamwork=iterations");
        assert_eq!(run.teamwork(), Some(Teamwork::Puzzles));
        run.reduce(BenchAction::Workers(1));
        assert_eq!(run.teamwork(), None);
    }

    #[test]
    fn two_workers_share_each_fifteen_puzzle_once_both_have_their_tables() {
        use crate::heuristics::pdb;
        pdb::shared(&crate::puzzle::board::Board::blank_last(4, 4).unwrap()).unwrap();
        let mut run = BenchRun::with_cores(2);
        assert_eq!(run.workers, 2);
        assert_eq!(run.teamwork(), Some(Teamwork::Puzzles));
        // These instances are small: share them anyway, and split them.
        run.tune("?small=100&pieces=16&teamwork=iterations");
        assert_eq!((run.small_iteration, run.pieces_per_worker), (100, 16));
        assert_eq!(run.teamwork(), Some(Teamwork::Iterations));
        // The first worker gets the tables, then the second, then the team starts.
        let prepare = run.reduce(BenchAction::Toggle { at: 0.0 });
        let goal = "1 2 3 4/5 6 7 8/9 10 11 12/13 14 15 0".to_string();
        assert_eq!(prepare, [(0, ToWorker::Prepare { goal: goal.clone() })]);
        let prepare = run.reduce(ready(0));
        assert_eq!(prepare, [(1, ToWorker::Prepare { goal })]);
        let mut inbox: Vec<(usize, ToWorker)> = run.reduce(ready(1));
        let mut shares = [0, 0];
        let mut clock = 0.0;
        // Each worker answers at once, in the order the messages came.
        while run.rows.len() < 3 {
            let (worker, message) = inbox.remove(0);
            clock += 1.0;
            let answer = match message {
                ToWorker::Share { id, purpose, work } => {
                    shares[worker] += 1;
                    let mut search = work.search().unwrap();
                    let end = loop {
                        if let Some(end) = search.step(u64::MAX) {
                            break end;
                        }
                    };
                    FromWorker::Shared {
                        id,
                        purpose,
                        end,
                        tables: None,
                    }
                }
                ToWorker::Cancel { .. } => continue, // already answered
                other => panic!("{other:?}"),
            };
            inbox.extend(run.reduce(BenchAction::Worker {
                worker,
                message: answer,
                at: clock,
            }));
        }
        for row in &run.rows {
            assert_eq!(row.length, Some(row.expected), "instance {}", row.id);
            assert!(row.expanded > 0 && row.wall_millis > 0.0);
        }
        assert!(shares[0] > 0 && shares[1] > 0, "{shares:?}");
        assert!(run.summary_text().starts_with("3 of 100 solved so far"));
    }
}
