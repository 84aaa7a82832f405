//! The benchmark panel as data: Korf's 100 fifteen-puzzles (or his 50 24-puzzles) solved one
//! after another in the worker exactly as Solve solves a board, with the figures `slide bench`
//! prints natively. With several workers the tables are got ready in every worker first, then
//! either each worker solves puzzles of its own, side by side (the sets of many small puzzles:
//! the figure is the time the whole set takes), or each 15-puzzle is solved by all of them
//! together ([`crate::solver::team`], for puzzles whose iterations are long: the time of each is
//! the page's, from the first order to the answer).
//!
//! One idea a file:
//!
//! - `sets`: the sets of instances offered ([`SETS`]) and how several workers take each on
//!   ([`Teamwork`]).
//! - here: the benchmark's state and its actions ([`BenchRun`], [`BenchAction`]); each file
//!   below adds behaviour to them, so none needs another's types back.
//! - `run`: a run of a set, started, answered and stopped.
//! - `crew`: several workers at work on a run: their tables, and stopping them all.
//! - `side_by_side`: each worker on puzzles of its own ([`Teamwork::Puzzles`]).
//! - `team`: each puzzle solved by all the workers together ([`Teamwork::Iterations`]).
//! - `rows`: a row an instance ([`Row`]), and their summary.

mod crew;
#[cfg(test)]
mod replies;
mod rows;
mod run;
mod sets;
mod side_by_side;
mod team;

pub use rows::Row;
pub use sets::{SETS, Set, Teamwork};

use crate::play::worker::protocol::{FromWorker, Tables};
use crate::solver::bench::Instance;
use crew::Crew;

/// Most workers the panel offers: more cost memory (16 MiB of tables each) for little gain.
pub const MAX_WORKERS: usize = 4;

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
