//! Learn mode's stepper as the page keeps it: which search is open on which board, the step asked
//! for, the step the worker showed last (every board of the tree, the open and closed lists,
//! what the step did), and whether it runs on a timer. The search itself runs in the solver's
//! worker (see [`crate::play::worker::protocol::Lessons`]): the page asks for a step and shows
//! the answer, so Back a step shows exactly what was on screen before.

use crate::heuristics::Heuristic;
use crate::play::worker::protocol::{Failure, FromWorker, Lesson, MAX_STEPS, Onward, ToWorker};
use crate::puzzle::position::Position;
use crate::search::watch::Stopped;
use crate::solver::Algorithm;
use std::rc::Rc;

/// The searches the stepper shows, in the order its buttons offer them.
pub const WATCHED: [Algorithm; 5] = [
    Algorithm::AStar,
    Algorithm::Greedy,
    Algorithm::IdaStar,
    Algorithm::Bfs,
    Algorithm::Dfs,
];

/// The estimates the stepper offers, in its picker's order.
pub const ESTIMATES: [Heuristic; 3] = [
    Heuristic::Hamming,
    Heuristic::Manhattan,
    Heuristic::LinearConflict,
];

/// Run's paces: steps a second, the slowest first.
pub const PACES: [u32; 5] = [1, 2, 4, 8, 16];

/// The stepper.
#[derive(Debug)]
pub struct Stepping {
    /// The estimate picked.
    heuristic: Heuristic,
    /// Run's pace: an index into [`PACES`].
    pace: usize,
    /// Fold what is far from the board taken in the drawing of the tree.
    fold: bool,
    next_id: u32,
    open: Option<Opened>,
}

/// A search open in the stepper.
#[derive(Debug)]
struct Opened {
    algorithm: Algorithm,
    heuristic: Heuristic,
    position: Position,
    /// The step asked for last.
    asked: u64,
    /// The request whose answer the page waits for.
    waiting: Option<u32>,
    /// What the worker showed last.
    shown: Option<Rc<Lesson>>,
    running: bool,
    /// Why the search cannot be stepped through.
    problem: Option<String>,
    /// A link's step, until the answer says whether the search has it.
    linked: Option<u64>,
    /// What the page says of the step shown beyond the sentence (a link's step past the end).
    note: Option<String>,
}

impl Default for Stepping {
    fn default() -> Self {
        Stepping {
            heuristic: Heuristic::Manhattan,
            pace: 1,
            fold: true,
            next_id: 0,
            open: None,
        }
    }
}

impl Stepping {
    /// Opens `algorithm` on `position` at step `step` (0: before the first), with the estimate
    /// picked; `linked` when a link asked for the step. Returns the request for the worker.
    pub fn open(
        &mut self,
        algorithm: Algorithm,
        position: &Position,
        step: u64,
        linked: bool,
    ) -> Option<ToWorker> {
        self.open = Some(Opened {
            algorithm,
            heuristic: self.heuristic,
            position: position.clone(),
            asked: step,
            waiting: None,
            shown: None,
            running: false,
            problem: None,
            linked: linked.then_some(step),
            note: None,
        });
        self.ask(step)
    }

    /// Picks the estimate; a search open with one shows the same step by the new one.
    pub fn estimate(&mut self, heuristic: Heuristic) -> Option<ToWorker> {
        self.heuristic = heuristic;
        let open = self.open.as_mut()?;
        if open.heuristic == heuristic || !uses_estimate(open.algorithm) {
            return None;
        }
        open.heuristic = heuristic;
        let step = open.asked;
        self.ask(step)
    }

    /// One step on, unless the search has ended.
    pub fn step(&mut self) -> Option<ToWorker> {
        let next = self.open.as_ref()?.asked + 1;
        self.can_step().then(|| self.ask(next)).flatten()
    }

    /// One step back, to exactly what was on screen before the step.
    pub fn back(&mut self) -> Option<ToWorker> {
        let open = self.open.as_mut()?;
        open.running = false;
        let step = open.asked.checked_sub(1)?;
        self.ask(step)
    }

    /// Steps on a timer (Run), or stops.
    pub fn run(&mut self, on: bool) {
        let can = self.can_step();
        if let Some(open) = self.open.as_mut() {
            open.running = on && can;
        }
    }

    /// The timer rang: the next step, once the last one is on show.
    pub fn tick(&mut self) -> Option<ToWorker> {
        let open = self.open.as_mut()?;
        if !open.running || open.waiting.is_some() {
            return None;
        }
        let next = self.step();
        if next.is_none()
            && let Some(open) = self.open.as_mut()
        {
            open.running = false;
        }
        next
    }

    /// Run's pace: an index into [`PACES`].
    pub fn set_pace(&mut self, pace: usize) {
        self.pace = pace.min(PACES.len() - 1);
    }

    pub fn set_fold(&mut self, fold: bool) {
        self.fold = fold;
    }

    /// Asks the worker for `step` of the search open.
    fn ask(&mut self, step: u64) -> Option<ToWorker> {
        let open = self.open.as_mut()?;
        self.next_id += 1;
        open.asked = step;
        open.waiting = Some(self.next_id);
        Some(ToWorker::Lesson {
            id: self.next_id,
            board: open.position.board().to_string(),
            goal: open.position.goal().to_string(),
            algorithm: open.algorithm,
            heuristic: open.heuristic,
            step,
        })
    }

    /// The worker's answer: shown if it answers the request the page waits for.
    pub fn hear(&mut self, message: FromWorker) {
        let (Some(open), FromWorker::Lesson { id, lesson }) = (self.open.as_mut(), message) else {
            return;
        };
        if open.waiting != Some(id) {
            return; // an answer to a step since passed over
        }
        open.waiting = None;
        match lesson {
            Ok(lesson) => {
                let step = lesson.snapshot.step;
                if open.asked > step {
                    // The search has no such step: the stepper stays on its last.
                    open.asked = step;
                    open.running = false;
                }
                let linked = open.linked.take().filter(|&asked| asked > step);
                open.note = (linked.map(|asked| {
                    format!(
                        "The link asks for step {asked}; {} step {step}, shown here.",
                        ends_at(lesson.onward)
                    )
                }))
                .or_else(|| stopped(lesson.onward));
                open.shown = Some(Rc::from(lesson));
            }
            Err(failure) => {
                open.running = false;
                open.problem = Some(cannot(&failure));
            }
        }
    }

    /// The request in flight, which the worker owes an answer.
    pub fn owed(&self) -> Option<u32> {
        self.open.as_ref().and_then(|o| o.waiting)
    }

    /// A new board or goal on show: the stepper belongs to the one before.
    pub fn close(&mut self) {
        self.open = None;
    }

    /// Whether Step can go on from the step shown.
    pub fn can_step(&self) -> bool {
        let Some(open) = &self.open else {
            return false;
        };
        let onward = open.shown.as_ref().map(|l| l.onward);
        open.problem.is_none() && matches!(onward, None | Some(Onward::More))
    }

    /// The search open, if any.
    pub fn algorithm(&self) -> Option<Algorithm> {
        self.open.as_ref().map(|o| o.algorithm)
    }

    /// The estimate picked.
    pub fn heuristic(&self) -> Heuristic {
        self.heuristic
    }

    /// The estimate of the search open (the one it was asked with).
    pub fn shown_heuristic(&self) -> Option<Heuristic> {
        self.open.as_ref().map(|o| o.heuristic)
    }

    /// What the worker showed last.
    pub fn lesson(&self) -> Option<&Rc<Lesson>> {
        self.open.as_ref().and_then(|o| o.shown.as_ref())
    }

    /// The step asked for last.
    pub fn asked(&self) -> Option<u64> {
        self.open.as_ref().map(|o| o.asked)
    }

    /// The board the search is on.
    pub fn position(&self) -> Option<&Position> {
        self.open.as_ref().map(|o| &o.position)
    }

    pub fn running(&self) -> bool {
        self.open.as_ref().is_some_and(|o| o.running)
    }

    /// Run's pace: an index into [`PACES`].
    pub fn pace(&self) -> usize {
        self.pace
    }

    /// Milliseconds between Run's steps.
    pub fn pace_ms(&self) -> u32 {
        1000 / PACES[self.pace]
    }

    pub fn fold(&self) -> bool {
        self.fold
    }

    /// Why the search cannot be stepped through.
    pub fn problem(&self) -> Option<&str> {
        self.open.as_ref().and_then(|o| o.problem.as_deref())
    }

    /// What the page says of the step shown beyond its sentence: a link's step past the end,
    /// or why Step can go no further short of the goal.
    pub fn note(&self) -> Option<&str> {
        self.open.as_ref().and_then(|o| o.note.as_deref())
    }

    /// Whether the stepper shows anything: a new board leaves it behind.
    pub fn active(&self) -> bool {
        self.open.is_some()
    }
}

/// Whether the search weighs boards by an estimate.
pub fn uses_estimate(algorithm: Algorithm) -> bool {
    matches!(
        algorithm,
        Algorithm::AStar | Algorithm::Greedy | Algorithm::IdaStar
    )
}

/// How the search ends, for a link whose step is past it.
fn ends_at(onward: Onward) -> &'static str {
    match onward {
        Onward::Goal => "the search takes the goal at",
        Onward::Limit => "the stepper goes up to",
        Onward::Stopped(_) | Onward::More => "the search stops at",
    }
}

/// Why Step can go no further, where the search has not taken the goal.
fn stopped(onward: Onward) -> Option<String> {
    let why = match onward {
        Onward::More | Onward::Goal => return None,
        Onward::Limit => format!(
            "The stepper goes up to step {MAX_STEPS}; slide solve --trace follows the search to its end."
        ),
        Onward::Stopped(Stopped::Budget) => {
            "The search's budget ran out here, before the goal.".into()
        }
        Onward::Stopped(Stopped::DepthLimit) => {
            "Depth-first search found no path within its depth limit.".into()
        }
        Onward::Stopped(Stopped::Other) => "The search stopped here, without the goal.".into(),
    };
    Some(why)
}

/// Why the search cannot be stepped through, in words.
fn cannot(failure: &Failure) -> String {
    match failure {
        Failure::BadRequest { problem } => format!("Cannot step through this search: {problem}."),
        other => format!("Cannot step through this search: {other}"),
    }
}
