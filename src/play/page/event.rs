//! Events on the page: the event chosen and its settings (solves, up to, time limit), the
//! boards a link or a daily named for the next Start, the event in progress, its result, and a
//! friend's result to beat. The run's rules are [`crate::play::event::run`]'s; this part turns
//! the player's buttons into them and says what the page must do ([`Evented`]). What the page
//! admits while an event runs or waits for Start is decided here too ([`Eventing::admits`]).

mod kept;

use super::{Action, AskAction, BoardAction, PlayAction};
use crate::play::event::run::{Phase, Run, Step, When};
use crate::play::event::{
    Event, FMC_DEFAULT_MINUTES, FMC_MINUTES, MARATHON_SOLVES, RELAY_UP_TO, boards, proof,
    record::EventRecord,
};
use crate::play::game::Game;
use crate::play::game::daily::{self, Date};
use crate::play::game::input::Input;
use crate::play::link::challenge::Challenge;
use crate::play::link::{LinkRequest, LinkedChallenge, LinkedDaily, write_event_query};
use crate::puzzle::board::Board;
use crate::puzzle::moves::Move;
use crate::puzzle::position::Position;

/// The events a player can choose (Single: a solve at a time, as without events).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Choice {
    Single,
    Marathon,
    Relay,
    Blindfolded,
    Fmc,
}

impl Choice {
    pub const ALL: [Choice; 5] = [
        Choice::Single,
        Choice::Marathon,
        Choice::Relay,
        Choice::Blindfolded,
        Choice::Fmc,
    ];

    /// The option's value: `single`, `marathon`, `relay`, `blindfolded`, `fmc`.
    pub fn value(self) -> &'static str {
        match self {
            Choice::Single => "single",
            Choice::Marathon => "marathon",
            Choice::Relay => "relay",
            Choice::Blindfolded => "blindfolded",
            Choice::Fmc => "fmc",
        }
    }

    /// The option's label.
    pub fn label(self) -> &'static str {
        match self {
            Choice::Single => "Single",
            Choice::Marathon => "Marathon",
            Choice::Relay => "Relay",
            Choice::Blindfolded => "Blindfolded",
            Choice::Fmc => "Fewest moves",
        }
    }

    pub fn parse(value: &str) -> Option<Choice> {
        Choice::ALL.into_iter().find(|c| c.value() == value)
    }

    fn of(event: Event) -> Choice {
        match event {
            Event::Marathon { .. } => Choice::Marathon,
            Event::Relay { .. } => Choice::Relay,
            Event::Blindfolded => Choice::Blindfolded,
            Event::Fmc => Choice::Fmc,
        }
    }
}

/// A number the player types for an event.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Setting {
    /// A marathon's solves.
    Solves,
    /// A fewest-moves round's limit, in minutes.
    TimeLimit,
}

/// What the player can do with events.
#[derive(Clone, Debug, PartialEq)]
pub enum EventAction {
    Choose(Choice),
    /// A setting's field as typed so far, kept until the field is left (or Start): a page
    /// drawn again meanwhile (a worker's answer, another tab's solve) shows it as typed.
    Typing(Setting, String),
    /// A setting's field left with this text: a number sets it (kept within its range: a
    /// marathon's solves 2–100, a fewest-moves round's limit 1–60 minutes), anything else
    /// leaves it as it was.
    Entered(Setting, String),
    /// A relay's largest size (3–10).
    UpTo(u32),
    /// A relay's order: largest first (`true`, the default, as the community plays it), or
    /// smallest first.
    RelayDown(bool),
    Start,
    /// Blindfolded: the solve is done.
    Done,
    /// Fewest moves: the moves made from the start are the answer.
    Submit,
    /// Fewest moves: back to the start board, to try another way.
    Reset,
    GiveUp,
    /// Copy a link that challenges a friend to the event just played.
    CopyChallenge,
    /// The page's clock, every second while a fewest-moves round runs: at its limit the round
    /// ends, not finished.
    Tick,
}

/// What the page must do for the event part.
#[derive(Clone, Debug, PartialEq)]
pub enum Evented {
    /// Draw fresh boards for this event (Start with no boards waiting).
    Draw(Event),
    /// Leave the board, then begin the event on these boards, against a friend's result.
    Begin(Pending, Option<Challenge>),
    /// Play this board of the event (the first, the next, or the start again).
    Board(Position),
    /// Measure a fewest-moves answer: event `id`'s start board, against the optimum.
    Measure(u64, Position),
    /// The event ended: keep its record.
    Ended(EventRecord),
    /// Say this in the page's alert (`None`: the alert goes).
    Alert(Option<String>),
    /// Put this link (a query) on the clipboard.
    Copy(String),
    /// Make these moves on the board on show, at these times, so (an event restored after a
    /// reload, with the moves on its board).
    Replay(Vec<(Move, f64, Input)>),
    /// Keep this run for a reload (`None`: forget the one kept).
    Keep(Option<String>),
}

/// Whether the page carries out an action while an event runs or waits for Start.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Admission {
    Allowed,
    /// Not while the event runs: an event is the player's own (no solution, hint or
    /// comparison on its boards), and no Undo while blind.
    Refused,
    /// A move on boards waiting for Start: the event starts first, and its clock runs from the
    /// move.
    StartsEvent,
}

/// Boards a link or a daily named, waiting for Start.
#[derive(Clone, Debug, PartialEq)]
pub struct Pending {
    pub event: Event,
    pub boards: Vec<Position>,
    /// The daily the boards were drawn from.
    pub daily: Option<LinkedDaily>,
    /// Drawn at random: fresh, a daily's, or a friend's challenge (not a board a link named
    /// without a result to beat, which anyone may have picked).
    pub random_state: bool,
}

/// The last event's result, until the next event or board.
#[derive(Clone, Debug, PartialEq)]
pub struct EventResult {
    pub record: EventRecord,
    /// The worker is measuring a fewest-moves answer's optimum.
    pub measuring: bool,
    /// The daily it was drawn from, for its challenge link.
    pub daily: Option<LinkedDaily>,
}

/// The event part of the page.
#[derive(Debug)]
pub struct Eventing {
    choice: Choice,
    solves: u32,
    up_to: u32,
    /// A relay plays largest first.
    down: bool,
    minutes: u32,
    pending: Option<Pending>,
    run: Option<(Run, Option<LinkedDaily>)>,
    result: Option<EventResult>,
    /// A friend's result on the pending (or running) event, its moves already checked.
    challenge: Option<Challenge>,
    /// What was last kept of the run for a reload: its board, phase, and whether the board
    /// on show was untouched.
    saved: Option<(usize, &'static str, bool)>,
    /// A setting's field being typed in, as typed.
    typing: Option<(Setting, String)>,
}

impl Default for Eventing {
    fn default() -> Eventing {
        Eventing {
            choice: Choice::Single,
            solves: 5,
            up_to: 4,
            down: true,
            minutes: FMC_DEFAULT_MINUTES,
            pending: None,
            run: None,
            result: None,
            challenge: None,
            saved: None,
            typing: None,
        }
    }
}

impl Eventing {
    /// Carries out `action` on the game on show at `now_ms`; an event that ends gets `when`.
    pub fn reduce(
        &mut self,
        action: EventAction,
        game: &Game,
        now_ms: f64,
        when: When,
    ) -> Vec<Evented> {
        match action {
            EventAction::Choose(choice) => {
                self.choice = choice;
                self.typing = None;
            }
            EventAction::Typing(setting, text) => self.typing = Some((setting, text)),
            EventAction::Entered(setting, text) => self.enter(setting, &text),
            EventAction::UpTo(n) => self.up_to = n.clamp(*RELAY_UP_TO.start(), *RELAY_UP_TO.end()),
            EventAction::RelayDown(down) => self.down = down,
            EventAction::Start => return self.start(),
            EventAction::Done => return self.done(game, now_ms, when),
            EventAction::Submit => return self.submit(game, now_ms, when),
            EventAction::Reset => {
                if let Some((run, _)) = self.run.as_ref().filter(|(r, _)| r.event() == Event::Fmc) {
                    return run
                        .board()
                        .cloned()
                        .map(Evented::Board)
                        .into_iter()
                        .collect();
                }
            }
            EventAction::GiveUp => return self.give_up(game, now_ms, when),
            EventAction::Tick => return self.tick(game, now_ms, when),
            EventAction::CopyChallenge => {
                return self
                    .challenge_link()
                    .map(Evented::Copy)
                    .into_iter()
                    .collect();
            }
        }
        Vec::new()
    }

    /// Start: the boards waiting, or fresh ones the page draws (the page leaves the board
    /// before). A field still being typed in counts as left.
    fn start(&mut self) -> Vec<Evented> {
        if let Some((setting, text)) = self.typing.take() {
            self.enter(setting, &text);
        }
        let Some(event) = self.chosen() else {
            return Vec::new();
        };
        match self.take_pending() {
            Some(pending) => vec![Evented::Begin(pending, self.challenge.clone())],
            None => vec![Evented::Draw(event)],
        }
    }

    /// What the page admits while an event runs or waits for Start, with `board` on show.
    pub fn admits(&self, action: &Action, board: &Board) -> Admission {
        let running = self.running();
        match action {
            Action::Board(BoardAction::Watch(_)) | Action::Learn(_) if running => {
                Admission::Refused
            }
            Action::Ask(AskAction::Solve | AskAction::Hint) if running => Admission::Refused,
            Action::Play(PlayAction::Undo | PlayAction::Redo) if !self.allows_undo() => {
                Admission::Refused
            }
            Action::Play(action) if self.pending.is_some() && !running && moves(action, board) => {
                Admission::StartsEvent
            }
            _ => Admission::Allowed,
        }
    }

    /// The page drew (or had) the boards: the event starts on them at `now_ms`.
    pub(super) fn begin(
        &mut self,
        pending: Pending,
        challenge: Option<Challenge>,
        now_ms: f64,
    ) -> Vec<Evented> {
        let Some(first) = pending.boards.first().cloned() else {
            return Vec::new();
        };
        self.challenge = challenge;
        let random_state = pending.random_state;
        let run = Run::start(
            pending.event,
            pending.boards,
            random_state,
            self.minutes,
            now_ms,
        );
        self.choice = Choice::of(pending.event);
        self.run = Some((run, pending.daily));
        self.result = None;
        vec![Evented::Alert(None), Evented::Board(first)]
    }

    /// A link to an event: its boards (from its board or its daily, checked against `latest`,
    /// the latest date anywhere), a friend's result checked against them, waiting for Start;
    /// its first board to show, or what is wrong with it, for the alert.
    pub(super) fn open_link(
        &mut self,
        event: Event,
        link: &LinkRequest,
        challenge: Option<Challenge>,
        latest: Date,
    ) -> Result<Position, String> {
        let (boards, daily) = match (&link.position, link.daily) {
            (_, Some(d)) => {
                daily::check(d.date, latest).map_err(|e| e.to_string())?;
                (boards::daily(event, d.date, (d.width, d.height)), Some(d))
            }
            (Some(anchor), None) => (boards::from_anchor(event, anchor), None),
            (None, None) => return Err("The link has no board for its event.".into()),
        };
        let boards = boards.map_err(|e| format!("The link's event cannot be used: {e}."))?;
        let target = challenge.map(|c| c.target);
        if let Some(t) = &target {
            check_target(&boards, t)?;
        }
        let first = boards.first().cloned();
        let first = first.ok_or("The link's event has no board.")?;
        let pending = Pending {
            event,
            boards,
            random_state: daily.is_some() || target.is_some(),
            daily,
        };
        self.wait_for_start(pending, target);
        Ok(first)
    }

    /// The boards a link or a daily named for the next Start, with a friend's checked result.
    fn wait_for_start(&mut self, pending: Pending, challenge: Option<LinkedChallenge>) {
        self.choice = Choice::of(pending.event);
        match pending.event {
            Event::Marathon { solves } => self.solves = solves,
            Event::Relay { up_to, down } => (self.up_to, self.down) = (up_to, down),
            _ => {}
        }
        self.challenge = challenge.map(Challenge::new);
        self.pending = Some(pending);
    }

    /// The pending boards, taken for Start.
    fn take_pending(&mut self) -> Option<Pending> {
        let event = self.chosen()?;
        self.pending.take_if(|p| p.event == event)
    }

    /// Follows the game after any action; a marathon's or relay's solved board leads on.
    pub(super) fn follow(
        &mut self,
        game: &Game,
        solved_now: bool,
        now_ms: f64,
        when: When,
    ) -> Vec<Evented> {
        let Some((run, _)) = self.run.as_mut() else {
            return Vec::new();
        };
        run.follow(game, now_ms);
        if !solved_now {
            return Vec::new();
        }
        match run.solved(game, now_ms, when) {
            Some(Step::Next(board)) => vec![Evented::Board(board)],
            Some(Step::Finished(record)) => self.end(*record),
            None => Vec::new(),
        }
    }

    /// A fewest-moves round whose limit has passed ends by itself, not finished.
    fn tick(&mut self, game: &Game, now_ms: f64, when: When) -> Vec<Evented> {
        let Some(minutes) = self.run().and_then(|r| r.time_up(now_ms)) else {
            return Vec::new();
        };
        let s = if minutes == 1 { "" } else { "s" };
        let mut said = vec![Evented::Alert(Some(format!(
            "Time is up: the time limit of {minutes} minute{s} has passed, so the round is over, not finished."
        )))];
        said.extend(self.give_up(game, now_ms, when));
        said
    }

    fn done(&mut self, game: &Game, now_ms: f64, when: When) -> Vec<Evented> {
        let record = self
            .run
            .as_mut()
            .and_then(|(r, _)| r.done(game, now_ms, when));
        record.map(|r| self.end(r)).unwrap_or_default()
    }

    fn submit(&mut self, game: &Game, now_ms: f64, when: When) -> Vec<Evented> {
        let Some((run, _)) = self.run.as_mut() else {
            return Vec::new();
        };
        match run.submit(game, now_ms, when) {
            Some(Ok(record)) => self.end(record),
            Some(Err((rejection, ended))) => {
                let mut said = vec![Evented::Alert(Some(rejection.to_string()))];
                said.extend(ended.map(|r| self.end(r)).unwrap_or_default());
                said
            }
            None => Vec::new(),
        }
    }

    /// Give up (or another board): the event ends, not finished; nothing is kept of an event
    /// left before it was played.
    fn give_up(&mut self, game: &Game, now_ms: f64, when: When) -> Vec<Evented> {
        match self.run.as_mut() {
            Some((run, _)) if run.played(game) => {
                let record = run.give_up(game, now_ms, when);
                self.end(record)
            }
            Some(_) => {
                self.run = None;
                Vec::new()
            }
            None => Vec::new(),
        }
    }

    /// The player leaves the event's boards (another board, a goal, a daily): a run is given
    /// up, and the event's result and what waited for Start go.
    pub(super) fn leave(&mut self, game: &Game, now_ms: f64, when: When) -> Vec<Evented> {
        let said = self.give_up(game, now_ms, when);
        self.leave_board();
        said
    }

    fn end(&mut self, record: EventRecord) -> Vec<Evented> {
        let daily = self.run.take().and_then(|(_, daily)| daily);
        // The friend's moves were checked when the link opened: their count stands.
        if let Some(c) = self.challenge.as_mut() {
            match record.finished && (record.event != Event::Blindfolded || record.success()) {
                true => c.settle_counts(record.moves, record.millis, false, Some(c.target.moves)),
                false => {
                    c.revealed = true;
                    c.outcome = Some("Not finished, so your friend's result stands.".into());
                }
            }
        }
        let measuring = record.event == Event::Fmc && record.finished;
        self.result = Some(EventResult {
            record: record.clone(),
            measuring,
            daily,
        });
        let mut said = Vec::new();
        // A rejection said before an accepted answer no longer holds.
        if record.finished {
            said.push(Evented::Alert(None));
        }
        if measuring {
            said.push(Evented::Measure(record.id, record.anchor.clone()));
        }
        said.push(Evented::Ended(record));
        said
    }

    /// The measure of event `id` (a fewest-moves answer): its optimum, or the best known.
    pub(super) fn measured(&mut self, id: u64, length: Option<(usize, bool)>, last: bool) {
        let Some(r) = self.result.as_mut().filter(|r| r.record.id == id) else {
            return;
        };
        r.measuring &= !last;
        match length {
            Some((n, true)) => (r.record.optimal, r.record.best_known) = (Some(n), None),
            Some((n, false)) => r.record.best_known = Some(n),
            None => {}
        }
    }

    /// Another board, not the event's: the result and what waited for Start go.
    fn leave_board(&mut self) {
        self.result = None;
        self.pending = None;
        self.challenge = None;
    }

    /// The event chosen, with its settings (`None` for single solves).
    pub fn chosen(&self) -> Option<Event> {
        Some(match self.choice {
            Choice::Single => return None,
            Choice::Marathon => Event::Marathon {
                solves: self.solves,
            },
            Choice::Relay => Event::Relay {
                up_to: self.up_to,
                down: self.down,
            },
            Choice::Blindfolded => Event::Blindfolded,
            Choice::Fmc => Event::Fmc,
        })
    }

    /// The link (a query) that challenges a friend to the event just played: finished, its
    /// boards drawn at random, and (blindfolded) solved.
    fn challenge_link(&self) -> Option<String> {
        let r = self.result.as_ref()?;
        let record = &r.record;
        if !record.counts() || record.path.is_empty() {
            return None;
        }
        let target = LinkedChallenge {
            moves: record.moves,
            millis: record.millis,
            proof: Some(record.path.clone()),
        };
        let on = r.daily.as_ref().ok_or(&record.anchor);
        Some(write_event_query(record.event, on, Some(&target)))
    }

    /// The query the address bar shows for the event: its link, while one waits or runs.
    pub fn query(&self) -> Option<String> {
        let (event, boards, daily) = match (&self.run, &self.pending) {
            (Some((run, daily)), _) => (run.event(), run.boards(), daily.as_ref()),
            (None, Some(p)) => (p.event, &p.boards[..], p.daily.as_ref()),
            _ => return None,
        };
        let anchor = crate::play::event::boards::anchor(event, boards)?;
        Some(write_event_query(event, daily.ok_or(anchor), None))
    }

    pub fn choice(&self) -> Choice {
        self.choice
    }

    /// `setting`'s field left with `text`: a number sets it, kept within its range; its field
    /// no longer being typed in.
    fn enter(&mut self, setting: Setting, text: &str) {
        self.typing = None;
        let Ok(n) = text.trim().parse::<u32>() else {
            return;
        };
        match setting {
            Setting::Solves => {
                self.solves = n.clamp(*MARATHON_SOLVES.start(), *MARATHON_SOLVES.end())
            }
            Setting::TimeLimit => self.minutes = n.clamp(*FMC_MINUTES.start(), *FMC_MINUTES.end()),
        }
    }

    /// What `setting`'s field shows: the text being typed in it, or the number set.
    pub fn field(&self, setting: Setting) -> String {
        match &self.typing {
            Some((typed, text)) if *typed == setting => text.clone(),
            _ => match setting {
                Setting::Solves => self.solves.to_string(),
                Setting::TimeLimit => self.minutes.to_string(),
            },
        }
    }

    pub fn solves(&self) -> u32 {
        self.solves
    }

    pub fn up_to(&self) -> u32 {
        self.up_to
    }

    /// Whether a relay plays largest first.
    pub fn down(&self) -> bool {
        self.down
    }

    pub fn minutes(&self) -> u32 {
        self.minutes
    }

    pub fn run(&self) -> Option<&Run> {
        self.run.as_ref().map(|(r, _)| r)
    }

    pub fn pending(&self) -> Option<&Pending> {
        self.pending.as_ref()
    }

    pub fn result(&self) -> Option<&EventResult> {
        self.result.as_ref()
    }

    pub fn challenge(&self) -> Option<&Challenge> {
        self.challenge.as_ref()
    }

    /// The numbers and pictures are hidden.
    pub fn blind(&self) -> bool {
        self.run().is_some_and(Run::blind)
    }

    /// Solve, Hint and the comparisons are off (an event is the player's own).
    pub fn running(&self) -> bool {
        self.run.is_some()
    }

    /// Undo and Redo are off while blind.
    pub fn allows_undo(&self) -> bool {
        self.run().is_none_or(Run::allows_undo)
    }

    /// A fewest-moves round runs: the page's clock ticks for it each second.
    pub fn timed(&self) -> bool {
        matches!(self.phase(), Some(Phase::Exploring { .. }))
    }

    /// Whether the run is in this phase's kind (for the view's buttons).
    pub fn phase(&self) -> Option<Phase> {
        self.run().map(Run::phase)
    }
}

/// Whether a tap or a slide would move a tile on `board`.
fn moves(action: &PlayAction, board: &Board) -> bool {
    match action {
        PlayAction::Tap(square, _) => !board.slide_from(*square).is_empty(),
        PlayAction::Slide(mv, _) => board.clone().apply(*mv),
        _ => false,
    }
}

/// A friend's result on an event's `boards`: its moves must solve them, in the count claimed.
fn check_target(boards: &[Position], target: &LinkedChallenge) -> Result<(), String> {
    let proof = (target.proof.as_deref())
        .ok_or("The link's challenge has no moves, so its result cannot be checked.")?;
    let taken =
        proof::check(boards, proof).map_err(|e| format!("The link's moves do not check: {e}."))?;
    let total: usize = taken.iter().sum();
    if total != target.moves {
        return Err(format!(
            "The link's moves do not check: they take {total} moves, not the {} claimed.",
            target.moves
        ));
    }
    Ok(())
}
