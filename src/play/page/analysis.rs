//! The analysis of the last solve by hand against the optimum (see
//! [`crate::solver::analysis`]): asked of the worker's own channel when the solve is recorded,
//! so that a Solve, a Hint or the measure never stop it; its progress, its end, Cancel and
//! Again; gone with the board.

use super::Effect;
use crate::play::record::solves::count;
use crate::play::worker::protocol::{Failure, FromWorker, Purpose, ToWorker};
use crate::puzzle::moves::Move;
use crate::puzzle::notation::format_moves;
use crate::puzzle::numbers::thousands;
use crate::puzzle::position::Position;
use crate::solver::analysis::{Analysed, Away, MAX_SQUARES};

/// What the player (or the worker, through the page) does to the analysis.
#[derive(Clone, Debug, PartialEq)]
pub enum AnalysisAction {
    Cancel,
    /// Run it again, after it was cancelled or failed.
    Again,
    /// Replay the solve from just before move `K` (from 1): the page's, since the replay is
    /// the game's (see [`super::Page`]).
    Show(usize),
    /// A message from the worker about an analysis.
    Worker(FromWorker),
}

/// Where the analysis stands.
#[derive(Clone, Debug, PartialEq)]
pub enum AnalysisState {
    /// The distances after `done` of `total` moves are known.
    Running {
        done: usize,
        total: usize,
    },
    Done(Analysed),
    /// The board has more squares than the analysis takes.
    Unavailable {
        squares: usize,
    },
    /// Cancelled by the player after `done` of `total` moves.
    Cancelled {
        done: usize,
        total: usize,
    },
    /// Ended without an answer, after `done` of `total` moves.
    Failed {
        failure: Failure,
        done: usize,
        total: usize,
    },
}

/// The solve analysed.
#[derive(Clone, Debug, PartialEq)]
struct Subject {
    start: Position,
    moves: Vec<Move>,
    assisted: bool,
}

/// The analysis part of the page.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Analysing {
    subject: Option<Subject>,
    state: Option<AnalysisState>,
    /// The request of the analysis running (or that ran last).
    id: u32,
}

impl Analysing {
    /// A solve by hand was recorded: its analysis starts (one running before is stopped).
    pub(super) fn start(
        &mut self,
        start: &Position,
        moves: &[Move],
        assisted: bool,
    ) -> Vec<Effect> {
        let mut fx = self.leave_board();
        self.subject = Some(Subject {
            start: start.clone(),
            moves: moves.to_vec(),
            assisted,
        });
        fx.extend(self.ask());
        fx
    }

    /// Asks the worker for the subject's analysis, or says it cannot be had.
    fn ask(&mut self) -> Vec<Effect> {
        let Some(s) = &self.subject else {
            return Vec::new();
        };
        let squares = s.start.board().len();
        if squares > MAX_SQUARES {
            self.state = Some(AnalysisState::Unavailable { squares });
            return Vec::new();
        }
        self.id += 1;
        self.state = Some(AnalysisState::Running {
            done: 0,
            total: s.moves.len(),
        });
        vec![Effect::Analyse(ToWorker::Analyse {
            id: self.id,
            board: s.start.board().to_string(),
            goal: s.start.goal().to_string(),
            moves: format_moves(&s.moves),
        })]
    }

    /// Another board: the analysis goes, and stops if it runs.
    pub(super) fn leave_board(&mut self) -> Vec<Effect> {
        let running = matches!(self.state, Some(AnalysisState::Running { .. }));
        self.state = None;
        self.subject = None;
        if running {
            vec![Effect::Analyse(ToWorker::Cancel { id: self.id })]
        } else {
            Vec::new()
        }
    }

    /// Carries out `action` (the page carries out [`AnalysisAction::Show`]).
    pub fn reduce(&mut self, action: AnalysisAction) -> Vec<Effect> {
        match (action, &self.state) {
            (AnalysisAction::Cancel, &Some(AnalysisState::Running { done, total })) => {
                self.state = Some(AnalysisState::Cancelled { done, total });
                vec![Effect::Analyse(ToWorker::Cancel { id: self.id })]
            }
            (
                AnalysisAction::Again,
                Some(AnalysisState::Cancelled { .. } | AnalysisState::Failed { .. }),
            ) => self.ask(),
            (AnalysisAction::Worker(message), Some(AnalysisState::Running { .. })) => {
                self.heard(message);
                Vec::new()
            }
            _ => Vec::new(),
        }
    }

    /// A worker's message, if it is about the analysis running.
    fn heard(&mut self, message: FromWorker) {
        let Some(AnalysisState::Running { done, total }) = self.state.clone() else {
            return;
        };
        self.state = Some(match message {
            FromWorker::Analysing { id, done, total } if id == self.id => {
                AnalysisState::Running { done, total }
            }
            FromWorker::Analysed { id, analysed } if id == self.id => AnalysisState::Done(analysed),
            FromWorker::Failed {
                id,
                purpose: Purpose::Analysis,
                failure,
                ..
            } if id == self.id => AnalysisState::Failed {
                failure,
                done,
                total,
            },
            FromWorker::Cancelled {
                id,
                purpose: Purpose::Analysis,
            } if id == self.id => AnalysisState::Cancelled { done, total },
            _ => return,
        });
    }

    /// The request the game's worker owes an answer to, while the analysis runs.
    pub(super) fn owed(&self) -> Option<u32> {
        matches!(self.state, Some(AnalysisState::Running { .. })).then_some(self.id)
    }

    /// Where the analysis stands (`None`: no solve by hand on this board).
    pub fn state(&self) -> Option<&AnalysisState> {
        self.state.as_ref()
    }

    /// Whether the solve had help (a hint, the solution shown).
    pub fn assisted(&self) -> bool {
        self.subject.as_ref().is_some_and(|s| s.assisted)
    }

    /// What the analysis says, in a sentence or two.
    pub fn summary(&self) -> String {
        let Some(state) = &self.state else {
            return String::new();
        };
        match state {
            AnalysisState::Running { done: 0, .. } => {
                "Analysing your solve: finding the shortest distance from the start…".into()
            }
            AnalysisState::Running { done, total } => {
                format!(
                    "Analysing your solve: {done} of {} measured…",
                    count(*total, "move")
                )
            }
            AnalysisState::Done(a) => done_text(a),
            AnalysisState::Unavailable { squares } => format!(
                "The analysis needs a board of {MAX_SQUARES} squares or fewer; this one has {squares}."
            ),
            AnalysisState::Cancelled { done, total } => format!(
                "Analysis cancelled after {done} of {} were measured.",
                count(*total, "move")
            ),
            AnalysisState::Failed {
                failure,
                done,
                total,
            } => failed_text(failure, *done, *total),
        }
    }
}

/// What a finished analysis says.
fn done_text(a: &Analysed) -> String {
    let moves = a.distances.len().saturating_sub(1);
    let shortest = a.distances.first().copied().unwrap_or(0);
    match a.away.len() {
        0 => format!(
            "Every one of your {} went toward the goal: a shortest solution.",
            count(moves, "move")
        ),
        away => format!(
            "The shortest solution is {}; you made {moves}. {} went away from the goal, and {} two: one away, one back.",
            count(shortest as usize, "move"),
            count(away, "move"),
            if away == 1 { "it cost" } else { "each cost" }
        ),
    }
}

/// Why an analysis ended without its answer.
fn failed_text(failure: &Failure, done: usize, total: usize) -> String {
    let so_far = format!("{done} of {}", count(total, "move"));
    match failure {
        Failure::Budget { max_nodes } => format!(
            "The analysis ran out of its budget of {} positions with {so_far} measured.",
            thousands(*max_nodes)
        ),
        Failure::Memory { .. } => format!("The analysis ran out of memory with {so_far} measured."),
        Failure::Stopped { why } => format!(
            "The solver stopped during the analysis ({why}), with {so_far} measured; a fresh one has been started."
        ),
        other => format!("The analysis could not be made: {other}"),
    }
}

/// A move that went away, in words: `move 23: R went away from the goal; D or L were toward
/// it` (moves named by the tile's direction, as everywhere on the page).
pub fn away_text(away: &Away) -> String {
    let head = format!(
        "move {}: {} went away from the goal",
        away.number,
        away.played.letter()
    );
    let letters: Vec<String> = away.toward.iter().map(|m| m.letter().to_string()).collect();
    match letters.as_slice() {
        [] => format!("{head}, which the board had reached"),
        [one] => format!("{head}; {one} was toward it"),
        [rest @ .., last] => format!("{head}; {} or {last} were toward it", rest.join(", ")),
    }
}
