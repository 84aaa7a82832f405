//! Learn mode: the comparison (every search on the board, one row at a time in the worker) and
//! the step-through of A* or greedy best-first (right here, a step at a time).

use crate::play::learn::comparison::{Comparison, Row};
use crate::play::learn::watching::{WatchView, Watching};
use crate::play::worker::solving::Summary;
use crate::puzzle::board::Board;
use crate::puzzle::moves::Move;
use crate::puzzle::position::Position;
use crate::search::Stats;
use crate::solver::Method;

/// What the player can do in learn mode.
#[derive(Clone, Debug, PartialEq)]
pub enum LearnAction {
    /// Every search on the board, one after another.
    Compare,
    /// Replay row `i` of the comparison.
    ReplayRow(usize),
    /// Start the step-through of A* (`false`) or greedy best-first (`true`).
    Watch(bool),
    /// One expansion of the step-through (Step, or its timer).
    WatchStep,
    /// Run or stop the step-through's timer.
    WatchRun(bool),
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
    /// Say this.
    Alert(String),
}

/// The learn-mode part of the page.
#[derive(Debug, Default)]
pub struct Learning {
    comparison: Comparison,
    watching: Watching,
}

impl Learning {
    /// Carries out `action` on the board on show (`position`).
    pub fn reduce(&mut self, action: LearnAction, position: &Position) -> Vec<Learned> {
        match action {
            LearnAction::Compare => {
                self.comparison
                    .start(position.board().clone(), position.goal());
                return self.next_row().into_iter().collect();
            }
            LearnAction::ReplayRow(i) => return self.replay_row(i, position.board()),
            LearnAction::Watch(greedy) => self.watching.start(position, greedy),
            LearnAction::WatchStep => self.watching.step(),
            LearnAction::WatchRun(on) => self.watching.running = on && self.watching.active(),
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

    /// Another board or goal on show: the step-through belongs to the one before.
    pub(super) fn board_changed(&mut self) {
        self.watching.reset();
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

    /// What the step-through panel shows.
    pub fn watch_view(&self) -> WatchView {
        WatchView::of(&self.watching)
    }

    /// Whether the step-through's timer runs.
    pub fn watch_running(&self) -> bool {
        self.watching.running
    }

    /// Whether the step-through shows anything (a search begun, a step, a problem): a new
    /// board leaves it behind.
    pub fn watch_shown(&self) -> bool {
        let w = &self.watching;
        w.active() || w.running || w.problem.is_some() || !w.steps.is_empty()
    }
}
