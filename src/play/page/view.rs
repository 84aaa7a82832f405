//! What the components read from the page: its parts, and what takes more than one part to
//! say (the board on show, the tile to outline, the fix of an unsolvable board).

use super::Editor;
use super::{
    Analysing, Asking, Calendar, Eventing, Learning, Page, Panel, Playing, Prefs, Racing, Record,
    Sharing, Syncing,
};
use crate::play::game::Game;
use crate::play::game::input::Control;
use crate::play::record::solves::size_name;
use crate::puzzle::position::Position;

impl Page {
    pub fn playing(&self) -> &Playing {
        &self.playing
    }

    pub fn eventing(&self) -> &Eventing {
        &self.eventing
    }

    pub fn asking(&self) -> &Asking {
        &self.asking
    }

    pub fn editor(&self) -> &Editor {
        &self.editor
    }

    pub fn record(&self) -> &Record {
        &self.record
    }

    pub fn sharing(&self) -> &Sharing {
        &self.sharing
    }

    pub fn prefs(&self) -> &Prefs {
        &self.prefs
    }

    pub fn learning(&self) -> &Learning {
        &self.learning
    }

    pub fn analysing(&self) -> &Analysing {
        &self.analysing
    }

    pub fn syncing(&self) -> &Syncing {
        &self.syncing
    }

    pub fn racing(&self) -> &Racing {
        &self.racing
    }

    /// How long a slide takes on screen: the replay's pace allows, no longer than the player's
    /// animation (none with Instant).
    pub fn slide_ms(&self) -> u32 {
        (self.playing.slide_ms()).min(self.prefs.saved().animation.slide_ms())
    }

    /// The game on the board.
    pub fn game(&self) -> &Game {
        self.playing.game()
    }

    /// What went wrong, until dismissed.
    pub fn alert(&self) -> Option<&str> {
        self.alert.as_deref()
    }

    /// Whether a folded panel (`<details>`: solver options, your board, controls, your solves,
    /// learn mode) holds its contents. Not with the first board: each is built when the player
    /// first unfolds it, or in the browser's idle moments after the first board, one a moment
    /// (so that none holds the page long), and stays built.
    pub fn unfolded(&self, panel: Panel) -> bool {
        self.unfolded & panel.bit() != 0
    }

    /// Whether every folded panel holds its contents.
    pub fn all_unfolded(&self) -> bool {
        self.unfolded == super::ALL_UNFOLDED
    }

    pub fn calendar(&self) -> Calendar {
        self.boarding.calendar()
    }

    /// The board on screen with its goal: the one being set by hand, or the game's.
    pub fn shown(&self) -> &Position {
        match self.editor.editing() {
            Some(e) => &e.position,
            None => self.playing.game().position(),
        }
    }

    /// The tile to outline: the next move of a replay, or the hint (none while a board is set
    /// by hand).
    pub fn highlight(&self) -> Option<u8> {
        if self.editor.editing().is_some() {
            return None;
        }
        self.playing.highlight()
    }

    /// The explanation of why the board on show cannot be solved, and the swap that fixes it.
    pub fn unsolvable(&self) -> Option<(String, u8, u8)> {
        let position = &self.editor.editing()?.position;
        let (x, y) = self.editor.fix()?;
        let board = position.board();
        Some((
            position.solvability().explanation(),
            board.tile(x),
            board.tile(y),
        ))
    }

    /// Tiles to mark on the board (the fix's swap, or the tile picked first).
    pub fn marked(&self) -> Vec<u8> {
        self.editor.marked()
    }

    /// The fewest moves and shortest time on this board's size with the control whose
    /// statistics are shown, from earlier games; and that control.
    pub fn best(&self) -> Option<(usize, f64, Control)> {
        let b = self.playing.game().board();
        let control = self.record.stats_control();
        let (moves, millis) = (self.prefs).best(&size_name(b.width(), b.height()), control)?;
        Some((moves, millis, control))
    }

    /// Whether a worker owes an answer: the web layer then has the page look for silent ones.
    pub fn awaiting(&self) -> bool {
        self.asking.awaiting()
    }
}
