//! How an event meets the rest of the page: the boards it is drawn on (fresh, from the daily on,
//! from a link), the board that follows a solved one, the record kept when it ends (and a
//! fewest-moves answer measured), and the event given up when the player leaves for another
//! board.

use super::{Action, Effect, EventAction, Evented, Page, Pending, PlayAction};
use crate::play::challenge::Challenge;
use crate::play::daily;
use crate::play::event::record::EventRecord;
use crate::play::event::run::{Phase, Restored, Run, When};
use crate::play::event::{Event, boards, proof};
use crate::play::game::{Action as GameAction, Game};
use crate::play::link::{LinkRequest, LinkedDaily};
use crate::play::origin::Origin;

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
        fx.extend(self.record.event_played(record));
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

    /// What is kept of an event in progress for a reload, now (`offset`: the calendar's time
    /// less the page's clock); `None` without one.
    pub fn event_saved(&self, offset: f64) -> Option<String> {
        let run = self.eventing.run()?;
        let daily = self.eventing.run_daily();
        Some(run.saved(self.playing.game(), daily, offset))
    }

    /// Keeps the event in progress for a reload when it reached a new board or phase (the
    /// web layer keeps its moves too when the page is hidden or left), or forgets it once it
    /// ended.
    pub(super) fn save_event(&mut self, now_ms: f64, fx: &mut Vec<Effect>) {
        let game = self.playing.game();
        let key = (self.eventing.run())
            .map(|r| (r.progress().0, r.phase().name(), game.moves_made() == 0));
        if self.eventing.save_due(key) {
            fx.push(Effect::SaveRun(
                self.event_saved(self.calendar.epoch_ms - now_ms),
            ));
        }
    }

    /// An event kept before a reload (`saved`), as [`Action::Restore`] does it (for tests).
    pub fn restore_event(&mut self, saved: &str, now_ms: f64) -> Vec<Effect> {
        self.reduce(Action::Restore(saved.to_string()), now_ms)
    }

    /// An event kept before a reload (`saved`): where the page opened on its boards (the
    /// reload's own address), it runs again where it stood, its moves made again at their
    /// times and its clock counting the time away, and a fewest-moves round whose limit passed
    /// meanwhile ends as it would have; opened on anything else, it ends, given up, and is
    /// kept.
    pub(super) fn restore(&mut self, saved: &str, now_ms: f64, fx: &mut Vec<Effect>) {
        let offset = self.calendar.epoch_ms - now_ms;
        let Some(Restored {
            mut run,
            daily,
            moves,
        }) = Run::restored(saved, offset)
        else {
            return fx.push(Effect::SaveRun(None));
        };
        let Some(board) = run.board().cloned() else {
            return;
        };
        let same = self.eventing.pending().is_some_and(|p| {
            p.event == run.event() && p.boards == run.boards() && p.daily == daily
        });
        if !same {
            let mut game = Game::new(board);
            for (mv, now_ms, input) in moves {
                game.apply(GameAction::Move { mv, now_ms, input });
            }
            let when = self.when();
            fx.extend(self.record.event_played(run.give_up(&game, now_ms, when)));
            return fx.push(Effect::SaveRun(None));
        }
        self.eventing.restore(run, daily);
        self.playing.start(board, Origin::Event);
        for (mv, at, input) in moves {
            self.playing.reduce(PlayAction::Slide(mv, input), at);
        }
        // A round whose limit passed while away ends at its limit, as its clock would have.
        if let Some(Phase::Exploring { since_ms, minutes }) = self.eventing.phase() {
            let limit = since_ms + f64::from(minutes) * 60_000.0;
            if now_ms > limit {
                let (game, when) = (self.playing.game(), self.when());
                let said = (self.eventing).reduce(EventAction::Tick, game, limit + 1.0, when);
                self.evented(said, fx);
                fx.push(Effect::SaveRun(None));
            }
        }
    }
}
