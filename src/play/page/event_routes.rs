//! How an event meets the rest of the page: the boards it is drawn on (fresh, from the daily on,
//! from a link), the board that follows a solved one, the record kept when it ends (and a
//! fewest-moves answer measured), and the event given up when the player leaves for another
//! board.

use super::{Effect, Evented, Page, Pending, PlayAction};
use crate::play::event::record::EventRecord;
use crate::play::event::run::When;
use crate::play::event::{Event, boards, proof};
use crate::play::game::daily;
use crate::play::game::origin::Origin;
use crate::play::link::challenge::Challenge;
use crate::play::link::{LinkRequest, LinkedDaily};

impl Page {
    /// When an event ending now is kept: its id (free among solves and events) and date.
    pub(super) fn when(&self) -> When {
        When {
            id: self.record.free_id(self.calendar.epoch_ms.max(0.0) as u64),
            date: self.calendar.today,
        }
    }

    /// Start: the boards a link or a daily named, else boards drawn (the daily's while one is
    /// on); whatever ran before is given up.
    pub(super) fn start_event(&mut self, now_ms: f64, fx: &mut Vec<Effect>) {
        let Some(event) = self.eventing.chosen() else {
            return;
        };
        let (pending, challenge) = match self.eventing.take_pending() {
            Some(pending) => (pending, self.eventing.challenge().cloned()),
            None => match self.draw_event(event) {
                Ok(pending) => (pending, None),
                Err(problem) => {
                    self.alert = Some(problem);
                    return;
                }
            },
        };
        self.leave_board(fx);
        if let Some(first) = self.eventing.begin(pending, challenge, now_ms) {
            self.alert = None;
            self.playing.start(first, Origin::Event);
        }
    }

    /// The boards of a fresh `event`: the size on the board (a relay's own), the goal chosen;
    /// while a daily is on, that date's event boards.
    fn draw_event(&mut self, event: Event) -> Result<Pending, String> {
        let b = self.playing.game().board();
        let size = (b.width(), b.height());
        let (boards, daily) = match self.sharing.daily() {
            Some(d) => {
                let size = (d.width, d.height);
                let daily = LinkedDaily {
                    date: d.date,
                    width: size.0,
                    height: size.1,
                };
                (boards::daily(event, d.date, size), Some(daily))
            }
            None => (
                boards::fresh(event, size, &self.prefs.goal(), &mut self.rng),
                None,
            ),
        };
        let boards = boards.map_err(|e| format!("The event cannot start: {e}."))?;
        Ok(Pending {
            event,
            boards,
            daily,
            random_state: true,
        })
    }

    /// A link to an event: its boards (from its board or its daily), a friend's result checked
    /// against them, shown and waiting for Start; or what is wrong with it, for the alert.
    pub(super) fn open_event(
        &mut self,
        event: Event,
        link: &mut LinkRequest,
        challenge: Option<Challenge>,
    ) -> Result<(), String> {
        let (boards, daily) = match (&link.position, link.daily) {
            (_, Some(d)) => {
                daily::check(d.date, self.calendar.latest).map_err(|e| e.to_string())?;
                (boards::daily(event, d.date, (d.width, d.height)), Some(d))
            }
            (Some(anchor), None) => (boards::from_anchor(event, anchor), None),
            (None, None) => return Err("The link has no board for its event.".into()),
        };
        let boards = boards.map_err(|e| format!("The link's event cannot be used: {e}."))?;
        let target = challenge.map(|c| c.target);
        if let Some(t) = &target {
            let proof = t
                .proof
                .as_deref()
                .ok_or("The link's challenge has no moves, so its result cannot be checked.")?;
            let taken = proof::check(&boards, proof)
                .map_err(|e| format!("The link's moves do not check: {e}."))?;
            let total: usize = taken.iter().sum();
            if total != t.moves {
                return Err(format!(
                    "The link's moves do not check: they take {total} moves, not the {} claimed.",
                    t.moves
                ));
            }
        }
        let first = boards
            .first()
            .cloned()
            .ok_or("The link's event has no board.")?;
        self.playing.start(first, Origin::Event);
        let pending = Pending {
            event,
            boards,
            random_state: daily.is_some() || target.is_some(),
            daily,
        };
        self.eventing.wait_for_start(pending, target);
        Ok(())
    }

    /// Whether a tap or a slide would move a tile on the board on show.
    pub(super) fn would_move(&self, action: &PlayAction) -> bool {
        let board = self.playing.game().board();
        match action {
            PlayAction::Tap(square, _) => !board.slide_from(*square).is_empty(),
            PlayAction::Slide(mv, _) => board.clone().apply(*mv),
            _ => false,
        }
    }

    /// What the event part asked for.
    pub(super) fn evented(&mut self, said: Vec<Evented>, fx: &mut Vec<Effect>) {
        for evented in said {
            match evented {
                Evented::Board(position) => self.playing.start(position, Origin::Event),
                Evented::Ended(record) => {
                    // A rejection said before an accepted answer no longer holds.
                    if record.finished {
                        self.alert = None;
                    }
                    self.event_ended(record, fx)
                }
                Evented::Alert(text) => self.alert = Some(text),
                Evented::Copy(query) => fx.push(self.sharing.copy_event(&query)),
            }
        }
    }

    /// An event ended: kept, and a fewest-moves answer measured against the optimum.
    fn event_ended(&mut self, record: EventRecord, fx: &mut Vec<Effect>) {
        if record.event == Event::Fmc && record.finished {
            self.asking.measure(record.id, &record.anchor, fx);
        }
        fx.push(self.record.event_played(record));
    }

    /// The player leaves the event's boards (another board, a goal, a daily): a run is given
    /// up, and the event's result and what waited for Start go.
    pub(super) fn leave_event(&mut self, fx: &mut Vec<Effect>) {
        let when = self.when();
        let game = self.playing.game();
        let said = self.eventing.give_up(game, self.now_ms, when);
        self.evented(said, fx);
        self.eventing.leave_board();
    }
}
