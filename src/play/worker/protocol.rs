//! The messages between the page and the solver's Web Worker, used by both sides.
//!
//! The page sends [`ToWorker`] and receives [`FromWorker`]; every message about a search carries
//! the request's `id`, so the page can tell an answer to its current question from a late answer
//! to an old one. Boards travel in board notation. The worker's side of each message (what a
//! report becomes, what a request runs with) is here too, as plain functions tested natively.
//!
//! One idea a file:
//!
//! - `to_worker`, `purpose`, `requests`: what the page asks ([`ToWorker`]), why ([`Purpose`]),
//!   and the worker's queue of what it heard ([`Requests`]).
//! - `from_worker`, `answer`, `tables`, `failure`: what the worker answers ([`FromWorker`]): a
//!   solution ([`Answer`]), how its pattern databases were had ([`Tables`]), or why there is
//!   none ([`Failure`]).
//! - `budgets`, `resolved`, `finished`: the browser's node budgets and times ([`browser_budget`],
//!   [`browser_seconds`]), a request as the worker runs it ([`resolve`]), and the message that
//!   ends a search ([`finished()`]).
//! - `analysing`: a solve by hand to analyse against the optimum, as the worker runs it
//!   ([`analysis()`]), and why it failed ([`analysis_failure`]).
//! - `lesson`, `telling`: learn mode's stepper, the search stepped to the step the page asks
//!   for ([`Lessons`]) and what it shows then ([`Lesson`]), in words too.
//! - `team`: a team's orders and its workers' answers ([`order_message`], [`team_hears`]; see
//!   [`crate::solver::team`]).
//! - `wire`: every message above in the one binary form ([`crate::play::wire`]).

mod analysing;
mod answer;
mod budgets;
mod failure;
mod finished;
mod from_worker;
mod lesson;
mod purpose;
mod requests;
mod resolved;
mod tables;
mod team;
mod telling;
mod to_worker;
mod wire;

pub use analysing::{ANALYSIS_MAX_NODES, analysis, analysis_failure};
pub use answer::Answer;
pub use budgets::{
    BROWSER_HINT_NODES, BROWSER_IDA_MAX_NODES, BROWSER_MAX_NODES, BROWSER_WATCHING_SECONDS,
    browser_budget, browser_seconds,
};
pub use failure::Failure;
pub use finished::finished;
pub use from_worker::FromWorker;
pub use lesson::{Lesson, Lessons, MAX_STEPS, Onward, RECENT};
pub use purpose::Purpose;
pub use requests::{Heard, Requests};
pub use resolved::{Resolved, resolve};
pub use tables::{Tables, TablesFrom};
pub use team::{ShareWork, order_message, team_hears};
pub use to_worker::ToWorker;
