//! New boards: a shuffle, a size, a board of the player's own, a goal chosen.

use super::{Effect, Page};
use crate::play::editor::Editing;
use crate::play::game::Game;
use crate::puzzle::board::Board;
use crate::puzzle::goal::Goal;
use crate::puzzle::position::Position;
use crate::puzzle::random::Rng;
use crate::puzzle::scramble::{ScrambleOptions, random_solvable};

impl Page {
    /// What a new board ends: the result of the last solve, a challenge, a daily.
    pub(super) fn leave_board(&mut self) {
        self.result = None;
        self.challenge = None;
        self.daily = None;
        self.confirm_clear = false;
    }

    /// Today's daily at a size: whatever ran stops.
    pub(super) fn new_daily(&mut self, w: usize, h: usize, fx: &mut Vec<Effect>) {
        self.cancel(fx);
        self.playing = false;
        self.summary = None;
        self.editor.editing = None;
        self.leave_board();
        let today = self.calendar.today;
        match self.open_daily(today, w, h) {
            Ok(()) => self.alert = None,
            Err(e) => self.alert = Some(e),
        }
    }
}

impl Page {
    /// A fresh shuffle of `w`×`h`: whatever ran stops, the size is remembered.
    pub(super) fn new_game(&mut self, w: usize, h: usize, fx: &mut Vec<Effect>) {
        if self.daily.is_some() {
            // A size chosen while a daily is on: the same day's daily of that size.
            return self.new_daily(w, h, fx);
        }
        self.cancel(fx);
        self.leave_board();
        self.playing = false;
        self.summary = None;
        self.editor.editing = None;
        match shuffled(
            w,
            h,
            self.mostly_misplaced,
            &self.settings.goal(),
            &mut self.rng,
        ) {
            Ok(next) => {
                self.alert = None;
                if self.settings.size != (w, h) {
                    self.settings.size = (w, h);
                    fx.push(Effect::SaveSettings(self.settings.clone()));
                }
                self.game = next;
            }
            Err(e) => self.alert = Some(e),
        }
    }

    /// A board typed or loaded: toward the chosen goal, sized to it.
    pub(super) fn start_board(&mut self, board: Board, fx: &mut Vec<Effect>) {
        match Position::toward(board, &self.settings.goal()) {
            Ok(position) => self.start_position(position, fx),
            Err(e) => {
                self.alert = Some(format!("{e}: choose another goal, or a board of its size."))
            }
        }
    }

    /// A board of the player's own: played if it can reach its goal, else shown with its fix.
    pub(super) fn start_position(&mut self, position: Position, fx: &mut Vec<Effect>) {
        self.cancel(fx);
        self.leave_board();
        self.playing = false;
        self.summary = None;
        self.alert = None;
        if position.is_solvable() {
            self.editor.editing = None;
            self.game = Game::new(position);
        } else {
            self.editor.editing = Some(Editing::of(position));
        }
    }

    pub(super) fn fix(&mut self, fx: &mut Vec<Effect>) {
        let Some(editing) = &self.editor.editing else {
            return;
        };
        if let Some(fixed) = self
            .editor
            .fix()
            .and_then(|(a, b)| editing.position.swapped(a, b))
        {
            self.start_position(fixed, fx);
        }
    }

    /// A goal chosen in the picker: the board stays if it can reach it, else a new one can.
    pub(super) fn choose_goal(&mut self, goal_spec: Goal, fx: &mut Vec<Effect>) {
        let board = self.game.board().clone();
        let position = match Position::toward(board, &goal_spec) {
            Ok(position) => position,
            Err(e) => {
                self.alert = Some(format!("Custom goal: {e}."));
                return;
            }
        };
        self.settings.goal = goal_spec.to_string();
        fx.push(Effect::SaveSettings(self.settings.clone()));
        self.leave_board();
        self.summary = None;
        self.editor.editing = None;
        if position.is_solvable() {
            self.alert = None;
            self.game = Game::new(position);
            return;
        }
        // Half of all boards cannot reach a given goal: start one that can.
        let (w, h) = (position.width(), position.height());
        match shuffled(w, h, self.mostly_misplaced, &goal_spec, &mut self.rng) {
            Ok(next) => {
                self.alert = Some(
                    "This board could never reach that goal, so here is a new one that can.".into(),
                );
                self.game = next;
            }
            Err(e) => self.alert = Some(e),
        }
    }
}

/// A fresh scramble of the given size toward `goal` (blank last where a custom goal has another
/// size), most tiles out of place if asked.
pub fn shuffled(
    width: usize,
    height: usize,
    mostly_misplaced: bool,
    goal: &Goal,
    rng: &mut Rng,
) -> Result<Game, String> {
    let goal = goal
        .board(width, height)
        .or_else(|_| Goal::BlankLast.board(width, height))
        .map_err(|e| e.to_string())?;
    let options = if mostly_misplaced {
        ScrambleOptions::MOSTLY_MISPLACED
    } else {
        ScrambleOptions::default()
    };
    let position = random_solvable(&goal, options, rng).map_err(|e| e.to_string())?;
    Ok(Game::new(position))
}
