//! Learn mode: the comparison (every search on the board, one row at a time in the worker) and
//! the stepper (one of the searches a step at a time, also in the worker).

use crate::heuristics::Heuristic;
use crate::play::learn::comparison::{Comparison, Row};
use crate::play::learn::stepping::Stepping;
use crate::play::worker::protocol::{FromWorker, ToWorker};
use crate::play::worker::solving::Summary;
use crate::puzzle::board::Board;
use crate::puzzle::moves::Move;
use crate::puzzle::position::Position;
use crate::search::Stats;
use crate::solver::{Algorithm, Method};

/// What the player can do in learn mode.
#[derive(Clone, Debug, PartialEq)]
pub enum LearnAction {
    /// Every search on the board, one after another.
    Compare,
    /// Replay row `i` of the comparison.
    ReplayRow(usize),
    /// Open the stepper on the board shown, with this search.
    Watch(Algorithm),
    /// The estimate the stepper's searches take.
    Estimate(Heuristic),
    /// One step on (Step).
    Step,
    /// One step back (Back a step).
    Back,
    /// Step on a timer (Run), or stop (Stop).
    Run(bool),
    /// Run's pace: an index into [`crate::play::learn::stepping::PACES`].
    Pace(usize),
    /// Run's timer rang.
    Tick,
    /// Fold what is far from the board taken in the drawing of the tree, or draw every board.
    Fold(bool),
    /// The snippet that embeds the step shown (the page writes it: it knows the site's address).
    EmbedStep,
    /// The worker's answer to the stepper.
    Stepped(FromWorker),
}

/// What learn mode asks of the page.
#[derive(Clone, Debug, PartialEq)]
pub enum Learned {
    /// Ask the worker for a comparison row: `method` on `board`.
    Ask(Board, Method),
    /// Show a row's solution on the board.
    Show {
        moves: Vec<Move>,
        optimal: bool,
        summary: Summary,
    },
    /// Ask the stepper's worker channel.
    Lesson(ToWorker),
    /// Say this.
    Alert(String),
}

/// The learn-mode part of the page.
#[derive(Debug, Default)]
pub struct Learning {
    comparison: Comparison,
    stepping: Stepping,
    /// A link's lesson, asked for once the page is on screen.
    deferred: Option<ToWorker>,
    /// The snippet that embeds the step shown, once asked for.
    snippet: Option<String>,
    /// A link opened the stepper: learn mode is open from the start.
    linked: bool,
}

impl Learning {
    /// Carries out `action` on the board on show (`position`).
    pub fn reduce(&mut self, action: LearnAction, position: &Position) -> Vec<Learned> {
        use LearnAction::{Back, Estimate, Step, Tick};
        if matches!(action, Estimate(_) | Step | Back | Tick) {
            self.snippet = None; // it was the step before's
        }
        match action {
            LearnAction::Compare => {
                self.comparison
                    .start(position.board().clone(), position.goal());
                return self.next_row().into_iter().collect();
            }
            LearnAction::ReplayRow(i) => return self.replay_row(i, position.board()),
            LearnAction::Watch(algorithm) => {
                self.snippet = None;
                return lesson(self.stepping.open(algorithm, position, 0, false));
            }
            LearnAction::Estimate(heuristic) => return lesson(self.stepping.estimate(heuristic)),
            LearnAction::Step => return lesson(self.stepping.step()),
            LearnAction::Back => return lesson(self.stepping.back()),
            LearnAction::Run(on) => self.stepping.run(on),
            LearnAction::Pace(pace) => self.stepping.set_pace(pace),
            LearnAction::Tick => return lesson(self.stepping.tick()),
            LearnAction::Fold(fold) => self.stepping.set_fold(fold),
            // The page's: it knows the site's address.
            LearnAction::EmbedStep => {}
            LearnAction::Stepped(message) => self.stepping.hear(message),
        }
        Vec::new()
    }

    /// A row finished (solved, or found nothing): kept, and the next one asked for.
    pub(super) fn row(&mut self, row: Row) -> Option<Learned> {
        self.comparison.push(row);
        self.next_row()
    }

    fn next_row(&self) -> Option<Learned> {
        (self.comparison.next()).map(|(board, method)| Learned::Ask(board, method))
    }

    /// The comparison ends where it stands (a search was cancelled or replaced).
    pub(super) fn stop(&mut self) {
        self.comparison.stop();
    }

    /// Another board or goal on show: the stepper belongs to the one before.
    pub(super) fn board_changed(&mut self) {
        self.stepping.close();
        self.snippet = None;
    }

    /// Opens the stepper on `position` at a link's step: asked for once the page is on screen
    /// ([`Learning::mounted`]).
    pub(super) fn open_linked(
        &mut self,
        algorithm: Algorithm,
        heuristic: Heuristic,
        step: u64,
        position: &Position,
    ) {
        self.stepping.estimate(heuristic);
        self.deferred = self.stepping.open(algorithm, position, step, true);
        self.linked = true;
    }

    /// Whether a link opened the stepper (learn mode is then open from the start).
    pub fn linked(&self) -> bool {
        self.linked
    }

    /// The page is on screen: a link's lesson is asked for.
    pub(super) fn mounted(&mut self) -> Option<Learned> {
        self.deferred.take().map(Learned::Lesson)
    }

    /// The request the worker owes the stepper.
    pub(super) fn owed(&self) -> Option<u32> {
        self.stepping.owed()
    }

    pub(super) fn set_snippet(&mut self, snippet: String) {
        self.snippet = Some(snippet);
    }

    fn replay_row(&self, i: usize, board: &Board) -> Vec<Learned> {
        let Some(row) = self.comparison.rows.get(i) else {
            return Vec::new();
        };
        let Some(moves) = row.moves.clone() else {
            return Vec::new();
        };
        if self.comparison.board.as_ref() != Some(board) {
            return vec![Learned::Alert(
                "The board has changed since the comparison: run Compare again.".into(),
            )];
        }
        let summary = Summary::Search {
            optimal: row.optimal,
            method: row.method,
            stats: Stats {
                expanded: row.expanded,
                millis: row.millis,
                ..Stats::default()
            },
            wall_ms: row.millis,
            tables: None,
            within: None,
            improving: false,
        };
        vec![Learned::Show {
            moves,
            optimal: row.optimal,
            summary,
        }]
    }

    pub fn comparison(&self) -> &Comparison {
        &self.comparison
    }

    /// The stepper.
    pub fn stepping(&self) -> &Stepping {
        &self.stepping
    }

    /// The snippet that embeds the step shown, once asked for.
    pub fn snippet(&self) -> Option<&str> {
        self.snippet.as_deref()
    }
}

/// A request for the stepper's worker channel, if there is one.
fn lesson(request: Option<ToWorker>) -> Vec<Learned> {
    request.map(Learned::Lesson).into_iter().collect()
}
