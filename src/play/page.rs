//! The page as a model made of parts, each owning its state behind private fields, with its own
//! action enum, and a `reduce` that says what it needs done:
//!
//! | part | owns | its actions |
//! |---|---|---|
//! | [`Playing`] | the game, its replay, the answer on show, the hint | [`PlayAction`] |
//! | [`Asking`] | the requests to the solver's workers, the team, the watchdog | [`AskAction`] |
//! | [`Editor`] | your own board: typed, loaded, set by hand, its goal | [`EditAction`] |
//! | [`Record`] | the history, the last solve's result, the statistics on show | [`RecordAction`] |
//! | [`Sharing`] | the links, the address bar, the daily, a friend's challenge | [`ShareAction`] |
//! | [`Prefs`] | what is kept between visits, the shuffle filter, your own picture | [`PrefsAction`] |
//! | [`Learning`] | learn mode's comparison and step-through | [`LearnAction`] |
//! | [`Analysing`] | the last solve by hand against the optimum, move by move | [`AnalysisAction`] |
//! | [`Eventing`] | the event chosen, the one in progress, its result, a friend's to beat | [`EventAction`] |
//!
//! [`Page`] holds the parts and routes between them: an [`Action`] goes to its part, and what
//! the part says back (an answer to show, a board to start, a row for the comparison) goes to
//! the part it concerns; what is for the world outside comes back from [`Page::reduce`] as
//! [`Effect`]s (send the worker a message, save the settings, change the address bar, tell the
//! embedding page). A few actions belong to the page itself, because every part has a say in
//! them: a new board (Shuffle, a size, the daily) and the replays of a solve.
//!
//! Nothing here imports a web crate: time and randomness come in as values, so every rule of the
//! page (a stale answer ignored, a cancelled comparison, a replay kept while a better answer
//! arrives) is decided here and tested natively. The web layer renders the parts and turns
//! events into actions. A new feature is one more part: its state, its actions, its file.

mod analysis;
mod asking;
mod event;
mod event_routes;
mod glance;
mod learning;
mod playing;
mod prefs;
mod record;
mod sharing;
mod view;

pub use analysis::{Analysing, AnalysisAction, AnalysisState, away_text};
pub use asking::{AskAction, Asking, Heard, MAX_HELPERS};
pub use event::{Choice, EventAction, EventResult, Evented, Eventing, Pending};
pub use glance::{Glance, moves_only};
pub use learning::{LearnAction, Learned, Learning};
pub use playing::{PlayAction, Playing, SPEEDS, replay_speed};
pub use prefs::{Prefs, PrefsAction};
pub use record::{HandResult, HistoryFormat, Record, RecordAction};
pub use sharing::{Copying, ShareAction, Shared, Sharing, Shown, iframe_snippet};

use super::challenge::{Challenge, Verdict};
use super::daily::{self, DailyError, Date};
use super::editor::{EditAction, Edited, Editor};
use super::event::log::EventLog;
use super::input::Input;
use super::link::{LinkRequest, LinkedDaily, LinkedReplay, read_query};
use super::origin::Origin;
use super::protocol::ToWorker;
use super::settings::Settings;
use super::solves::{History, Solve, slides};
use super::solving::Summary;
use crate::puzzle::goal::Goal;
use crate::puzzle::notation::parse_moves;
use crate::puzzle::position::Position;
use crate::puzzle::random::Rng;
use crate::puzzle::scramble::{ScrambleOptions, random_solvable};

/// Everything that can happen to the page: to one part, or to the page as a whole.
#[derive(Clone, Debug, PartialEq)]
pub enum Action {
    /// The page is on screen: start what it needs (the worker, and tables for a 4×4 board).
    Mounted,
    /// A fresh shuffle of the size on the board.
    Shuffle,
    /// A new size: a fresh shuffle of it.
    Size(usize, usize),
    /// Today's daily puzzle (at the daily size in play, 4×4 at first).
    Daily,
    /// Replay the player's own solve, the shortest one, or the friend's (a challenge's).
    WatchSolve(Whose),
    DismissAlert,
    Play(PlayAction),
    Ask(AskAction),
    Edit(EditAction),
    Record(RecordAction),
    Share(ShareAction),
    Prefs(PrefsAction),
    Learn(LearnAction),
    Analysis(AnalysisAction),
    Event(EventAction),
}

macro_rules! part_action {
    ($($part:ident($action:ty)),*) => {$(
        impl From<$action> for Action {
            fn from(action: $action) -> Action {
                Action::$part(action)
            }
        }
    )*};
}

part_action!(
    Play(PlayAction),
    Ask(AskAction),
    Edit(EditAction),
    Record(RecordAction),
    Share(ShareAction),
    Prefs(PrefsAction),
    Learn(LearnAction),
    Analysis(AnalysisAction),
    Event(EventAction)
);

/// Whose moves a replay shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Whose {
    Yours,
    Shortest,
    Friends,
}

/// What the web layer must do after an action.
#[derive(Clone, Debug, PartialEq)]
pub enum Effect {
    Send(ToWorker),
    /// Send to helper worker `worker` (1, 2, …), started when first needed.
    Helper {
        worker: usize,
        message: ToWorker,
    },
    /// Send on the worker channel that measures solves by hand (so Solve and Hint, which
    /// replace each other's searches, never cancel a measure).
    Measure(ToWorker),
    /// Send on the worker channel that analyses solves by hand (so nothing else cancels it).
    Analyse(ToWorker),
    /// End worker `worker` (0: the game's, with its measuring channel; 1, 2, …: helpers): it
    /// stopped or fell silent. The next message for it starts a fresh one.
    Restart(usize),
    /// Keep the history (JSON text).
    SaveHistory(String),
    SaveSettings(Settings),
    ForgetSettings,
    /// Show this query in the address bar (without a history entry).
    ReplaceQuery(String),
    /// Tell the page that embeds this one.
    Post(ParentMessage),
    /// Put text on the clipboard; answer with [`ShareAction::Copied`].
    Copy {
        text: String,
        what: Copying,
    },
    /// Offer a text file for download.
    Download {
        name: String,
        text: String,
    },
    /// Release an object URL no longer shown.
    Revoke(String),
}

/// The messages an embedding page receives (DESIGN.md: Embedding).
#[derive(Clone, Debug, PartialEq)]
pub enum ParentMessage {
    /// `{"type":"slide:move","board":"…","moves":N}`
    Move { board: String, moves: usize },
    /// `{"type":"slide:solved","moves":N,"millis":T}`
    Solved { moves: usize, millis: f64 },
}

/// What the player has kept from earlier visits.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Remembered {
    pub settings: Settings,
    pub history: History,
    pub events: EventLog,
}

/// The date, as the page needs it: the player's, the latest anywhere (for dailies), and the time.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Calendar {
    /// The player's date.
    pub today: Date,
    /// The latest date on Earth: later dailies are not out.
    pub latest: Date,
    /// Milliseconds since 1970 UTC.
    pub epoch_ms: f64,
}

impl Calendar {
    /// The calendar at `epoch_ms`, in a time zone `offset_minutes` ahead of UTC.
    pub fn at(epoch_ms: f64, offset_minutes: i32) -> Calendar {
        Calendar {
            today: Date::at(epoch_ms, offset_minutes),
            latest: Date::latest_at(epoch_ms),
            epoch_ms,
        }
    }
}

/// The whole page: its parts, the alert on show, the date, and a shuffle's randomness.
#[derive(Debug)]
pub struct Page {
    playing: Playing,
    asking: Asking,
    editor: Editor,
    record: Record,
    sharing: Sharing,
    prefs: Prefs,
    learning: Learning,
    analysing: Analysing,
    eventing: Eventing,
    alert: Option<String>,
    /// Today, for dailies and the history; the web layer keeps it current.
    calendar: Calendar,
    /// When the action being carried out happened, on the page's clock.
    now_ms: f64,
    rng: Rng,
}

/// What the page showed before an action, to see what the action changed.
struct Before {
    moves: usize,
    /// The game's start and the board being set by hand, if any: either changing is a new board.
    started: (Position, Option<Position>),
    shown: Position,
    solved: bool,
    by_hand: bool,
}

impl Page {
    /// The page as a link (`query`) opens it, with what the player kept; `rng` shuffles.
    pub fn open(
        query: &str,
        base: &str,
        remembered: Remembered,
        calendar: Calendar,
        rng: Rng,
    ) -> Page {
        let Remembered {
            settings,
            history,
            events,
        } = remembered;
        let mut link = read_query(query);
        let sharing = Sharing::new(base, link.embed, link.challenge.take().map(Challenge::new));
        let mut page = Page {
            // Replaced by what the link opens (kept only when no size can be used).
            playing: Playing::new(Position::default(), Origin::Link),
            asking: Asking::new(sharing.folder()),
            editor: Editor::default(),
            record: Record::new(history, events),
            sharing,
            prefs: Prefs::new(settings),
            learning: Learning::default(),
            analysing: Analysing::default(),
            eventing: Eventing::default(),
            alert: link.problem.clone(),
            calendar,
            now_ms: 0.0,
            rng,
        };
        page.open_link(link);
        page.editor = Editor::new(page.playing.game().goal());
        // The links as the page opens (the address bar already shows this one).
        let shown = shown_to_links(&page.playing, &page.record, &page.eventing);
        page.sharing.follow(shown, &mut Vec::new());
        page
    }

    /// Opens what a link asks for: its board (and replay), or the daily of its date, or else a
    /// fresh board, with the link's problem said.
    fn open_link(&mut self, mut link: LinkRequest) {
        // Embedded, the page is the board and its controls only: an event's link opens its board.
        if let Some(event) = link.event.filter(|_| !link.embed) {
            let challenge = self.sharing.take_challenge();
            match self.open_event(event, &mut link, challenge) {
                Ok(()) => return,
                Err(problem) => {
                    (link.position, link.daily) = (None, None);
                    self.alert = Some(problem);
                }
            }
        }
        if let Some(position) = link.position {
            // A friend's challenge is a board drawn at random by the friend's page.
            let origin = match self.sharing.challenge() {
                Some(_) => Origin::Challenge,
                None => Origin::Link,
            };
            self.playing = Playing::new(position, origin);
            match link.replay {
                // A solve by hand with its pace: it plays back at once, as it was played.
                Some(replay @ LinkedReplay { times: Some(_), .. }) => {
                    let times = replay.times.unwrap_or_default();
                    self.playing.show_timed(replay.moves, times, Summary::Link);
                    self.playing.reduce(PlayAction::PlayPause, 0.0);
                }
                Some(replay) => {
                    self.playing.show(replay.moves, false, Summary::Link);
                    self.playing.reduce(PlayAction::Seek(replay.step), 0.0);
                }
                None => {}
            }
            return;
        }
        let opened = match link.daily {
            Some(d) => (self.open_daily(d.date, d.width, d.height)).map_err(|e| e.to_string()),
            None => Err(String::new()),
        };
        if let Err(problem) = opened {
            let problem = Some(problem)
                .filter(|p| !p.is_empty())
                .or(self.alert.take());
            self.alert = problem.map(|p| format!("{p} Here is a fresh board instead."));
            self.sharing.leave_board();
            let (w, h) = self.prefs.saved().size;
            let filtered = self.prefs.mostly_misplaced();
            match shuffled(w, h, filtered, &self.prefs.goal(), &mut self.rng) {
                Ok(position) => self.playing = Playing::new(position, Origin::Shuffle { filtered }),
                // Without a usable size, the solved 8-puzzle still makes a playable page.
                Err(e) => self.alert = Some(e),
            }
        }
    }

    /// Applies `action`, which happened at `now_ms` on the page's clock; returns what the web
    /// layer must do.
    pub fn reduce(&mut self, action: impl Into<Action>, now_ms: f64) -> Vec<Effect> {
        let before = self.before();
        let mut fx = Vec::new();
        self.now_ms = now_ms;
        self.route(action.into(), now_ms, &mut fx);
        self.follow(before, now_ms, &mut fx);
        self.asking.owe_analysis(self.analysing.owed());
        // A worker given work owes an answer from now: its silence counts from here.
        for effect in &fx {
            match effect {
                Effect::Send(_) | Effect::Measure(_) | Effect::Analyse(_) => {
                    self.asking.sent(0, now_ms)
                }
                Effect::Helper { worker, .. } => self.asking.sent(*worker, now_ms),
                _ => {}
            }
        }
        fx
    }

    /// The date from now on (the web layer keeps it current).
    pub fn set_calendar(&mut self, calendar: Calendar) {
        self.calendar = calendar;
    }

    fn before(&self) -> Before {
        let g = self.playing.game();
        Before {
            moves: g.moves_made(),
            started: self.started(),
            shown: self.shown().clone(),
            solved: g.is_solved(),
            by_hand: g.solved_by_hand(),
        }
    }

    /// Sends `action` to its part, and what the part says back to where it belongs.
    fn route(&mut self, action: Action, now_ms: f64, fx: &mut Vec<Effect>) {
        match action {
            Action::Mounted => fx.push(Effect::Send(self.asking.site())),
            Action::Shuffle => {
                let (w, h) = self.size();
                self.new_game(w, h, fx);
            }
            Action::Size(w, h) => {
                // The statistics follow the board to its new size.
                self.record.follow_size();
                self.new_game(w, h, fx);
            }
            Action::Daily => {
                let (w, h) = self.sharing.daily().map_or((4, 4), |d| (d.width, d.height));
                self.new_daily(w, h, fx);
            }
            // An event is the player's own: no solution, hint or comparison on its boards, and
            // no Undo while blind.
            Action::WatchSolve(_) | Action::Learn(_) if self.eventing.running() => {}
            Action::Ask(AskAction::Solve | AskAction::Hint) if self.eventing.running() => {}
            Action::Play(PlayAction::Undo | PlayAction::Redo) if !self.eventing.allows_undo() => {}
            Action::Event(EventAction::Start) => self.start_event(now_ms, fx),
            // A move on boards waiting for Start starts the event: its clock runs from there.
            Action::Play(action @ (PlayAction::Tap(..) | PlayAction::Slide(..)))
                if self.eventing.pending().is_some()
                    && !self.eventing.running()
                    && self.would_move(&action) =>
            {
                self.start_event(now_ms, fx);
                self.playing.reduce(action, now_ms);
            }
            Action::Event(action) => {
                let when = self.when();
                let said = (self.eventing).reduce(action, self.playing.game(), now_ms, when);
                self.evented(said, fx);
            }
            Action::WatchSolve(whose) => self.watch(whose),
            Action::DismissAlert => self.alert = None,
            Action::Play(PlayAction::Tap(square, input)) if self.editor.editing().is_some() => {
                // Passing over tiles picks none while editing: only a click or a tap does.
                if input != Input::Hover {
                    self.editor.tap(square)
                }
            }
            Action::Play(action) => self.playing.reduce(action, now_ms),
            Action::Ask(action) => self.ask(action, now_ms, fx),
            Action::Edit(action) => {
                let game = self.playing.game().position().clone();
                for edited in self.editor.reduce(action, &game) {
                    self.edited(edited, fx);
                }
            }
            Action::Record(action) => {
                let today = self.calendar.today.to_string();
                fx.extend(self.record.reduce(action, &today));
            }
            Action::Share(action) => {
                let shown = shown_to_links(&self.playing, &self.record, &self.eventing);
                fx.extend(self.sharing.reduce(action, shown));
            }
            Action::Prefs(action) => fx.extend(self.prefs.reduce(action)),
            Action::Learn(action) => {
                let on_show = self.playing.game().position().clone();
                for learned in self.learning.reduce(action, &on_show) {
                    self.learned(learned, now_ms, fx);
                }
            }
            // Choosing a move that went away: the player's solve, just before it.
            Action::Analysis(AnalysisAction::Show(number)) => {
                self.watch(Whose::Yours);
                let step = number.saturating_sub(1);
                self.playing.reduce(PlayAction::Seek(step), now_ms);
            }
            Action::Analysis(action) => fx.extend(self.analysing.reduce(action)),
        }
    }

    /// An action for the workers, and what their answers mean for the other parts.
    fn ask(&mut self, action: AskAction, now_ms: f64, fx: &mut Vec<Effect>) {
        if matches!(action, AskAction::Solve | AskAction::Hint) {
            self.alert = None;
            if action == AskAction::Solve {
                self.playing.asked();
            }
        }
        let on_show = self.playing.game().position().clone();
        for heard in self.asking.reduce(action, &on_show, now_ms, fx) {
            self.heard(heard, now_ms, fx);
        }
    }

    /// What the workers said, to the part it concerns.
    fn heard(&mut self, heard: Heard, now_ms: f64, fx: &mut Vec<Effect>) {
        match heard {
            Heard::Answer {
                moves,
                optimal,
                summary,
            } => self.playing.show(moves, optimal, summary),
            Heard::Settled => self.playing.settle(),
            Heard::Hint(board, mv) => self.playing.hint(board, mv),
            Heard::Row(row) => {
                if let Some(next) = self.learning.row(row) {
                    self.learned(next, now_ms, fx);
                }
            }
            Heard::RowsStopped => self.learning.stop(),
            Heard::Measured {
                solve,
                answer,
                last,
            } => {
                let length = (answer.as_ref())
                    .and_then(|a| parse_moves(&a.moves).ok().map(|m| (m.len(), a.optimal)));
                self.eventing.measured(solve, length, last);
                fx.extend(self.record.measured(solve, answer, last));
            }
            Heard::Unmeasured { solve, why } => self.record.unmeasured(solve, &why),
            Heard::Alert(text) => self.alert = Some(text),
            Heard::Analysis(message) => {
                fx.extend(self.analysing.reduce(AnalysisAction::Worker(message)))
            }
        }
    }

    /// What learn mode asked for.
    fn learned(&mut self, learned: Learned, now_ms: f64, fx: &mut Vec<Effect>) {
        match learned {
            Learned::Ask(board, method) => {
                let Ok(position) = self.playing.game().position().with_board(board) else {
                    return;
                };
                self.alert = None;
                for heard in self.asking.ask_row(&position, method, now_ms, fx) {
                    self.heard(heard, now_ms, fx);
                }
            }
            Learned::Show {
                moves,
                optimal,
                summary,
            } => {
                self.playing.asked();
                self.playing.show(moves, optimal, summary);
            }
            Learned::Alert(text) => self.alert = Some(text),
        }
    }

    /// What the editor asked for.
    fn edited(&mut self, edited: Edited, fx: &mut Vec<Effect>) {
        match edited {
            Edited::Start(board) => match Position::toward(board, &self.prefs.goal()) {
                Ok(position) => self.start_position(position, Origin::Typed, fx),
                Err(e) => {
                    self.alert = Some(format!("{e}: choose another goal, or a board of its size."))
                }
            },
            Edited::Play(position) => self.start_position(position, Origin::Edited, fx),
            Edited::Goal(goal) => self.choose_goal(goal, fx),
            Edited::Download { name, text } => fx.push(Effect::Download { name, text }),
        }
    }

    /// What follows from any action: the editor's field and the step-through follow a new
    /// board, the embedding page hears of moves, a win is recorded, the links and the address
    /// bar follow what is shown, the tables a 4×4 board needs are prepared.
    fn follow(&mut self, before: Before, now_ms: f64, fx: &mut Vec<Effect>) {
        if self.started() != before.started {
            self.editor.new_board();
        }
        if self.shown() != &before.shown {
            self.learning.board_changed();
        }
        self.tell_parent(&before, now_ms, fx);
        let solved_now = self.playing.game().solved_by_hand() && !before.by_hand;
        if self.eventing.running() {
            // An event's board: the event keeps it (a blindfolded solve reveals nothing).
            let when = self.when();
            let said = (self.eventing).follow(self.playing.game(), solved_now, now_ms, when);
            self.evented(said, fx);
        } else if solved_now {
            let g = self.playing.game();
            // A solve with help, or of a board not drawn at random, is kept, marked, but is no
            // best; a best is a best of its control.
            if !g.helped() && self.playing.origin().random_state() {
                let size = (g.board().width(), g.board().height());
                let (moves, millis) = (g.moves_made(), g.elapsed_ms(now_ms));
                fx.push(self.prefs.record(size, g.control(), moves, millis));
            }
            // Embedded, the page that embeds this one hears of the solve; the result, the
            // history and the measure belong to the game's own page.
            if !self.sharing.embed() {
                self.solved_by_hand(now_ms, fx);
            }
        }
        let shown = shown_to_links(&self.playing, &self.record, &self.eventing);
        self.sharing.follow(shown, fx);
        self.asking.prepare(self.playing.game().position(), fx);
    }

    /// Embedded, the page that embeds this one hears of each move, and of the solve.
    fn tell_parent(&self, before: &Before, now_ms: f64, fx: &mut Vec<Effect>) {
        let g = self.playing.game();
        if !self.sharing.embed()
            || (before.moves == g.moves_made() && before.shown.board() == g.board())
        {
            return;
        }
        fx.push(Effect::Post(ParentMessage::Move {
            board: g.board().to_string(),
            moves: g.moves_made(),
        }));
        if g.is_solved() && !before.solved {
            fx.push(Effect::Post(ParentMessage::Solved {
                moves: g.moves_made(),
                millis: g.elapsed_ms(now_ms).round(),
            }));
        }
    }

    /// The player's own moves just reached the goal: kept, measured, and set against a
    /// friend's challenge.
    fn solved_by_hand(&mut self, now_ms: f64, fx: &mut Vec<Effect>) {
        let g = self.playing.game();
        let path = g.history().to_vec();
        let solve = Solve {
            // Solves are known by when they happened.
            id: self.calendar.epoch_ms.max(0.0) as u64,
            date: self.calendar.today,
            start: g.start().clone(),
            moves: path.len(),
            slides: slides(&path),
            millis: g.elapsed_ms(now_ms),
            optimal: None,
            best_known: None,
            assisted: g.helped(),
            times: g.move_times(),
            control: g.control(),
            random_state: self.playing.origin().random_state(),
        };
        self.sharing.settle(&solve);
        let (start, assisted) = (solve.start.clone(), solve.assisted);
        fx.extend(self.analysing.start(&start, &path, assisted));
        let origin = self.playing.origin();
        let (id, save) = (self.record).solved(solve, path, self.sharing.daily(), origin);
        fx.push(save);
        self.asking.measure(id, &start, fx);
    }

    /// The game's start and the board being set by hand, if any.
    fn started(&self) -> (Position, Option<Position>) {
        let editing = self.editor.editing().map(|e| e.position.clone());
        (self.playing.game().start().clone(), editing)
    }

    fn size(&self) -> (usize, usize) {
        let b = self.playing.game().board();
        (b.width(), b.height())
    }
}

/// What the links describe, from the parts that hold it.
fn shown_to_links<'a>(playing: &'a Playing, record: &'a Record, eventing: &Eventing) -> Shown<'a> {
    Shown {
        game: playing.game(),
        result: record.result(),
        times: playing.times(),
        event: eventing.query(),
    }
}

impl Page {
    /// Whatever ran on the board stops, and what belonged to it goes: the search, the result,
    /// a challenge, a daily, a board being set by hand.
    fn leave_board(&mut self, fx: &mut Vec<Effect>) {
        self.leave_event(fx);
        for heard in self.asking.cancel(fx) {
            self.heard(heard, 0.0, fx);
        }
        self.record.leave_board();
        fx.extend(self.analysing.leave_board());
        self.sharing.leave_board();
        self.editor.show(None);
    }

    /// A fresh shuffle of `w`×`h`; the size is remembered. While a daily is on, the same
    /// day's daily of that size instead.
    fn new_game(&mut self, w: usize, h: usize, fx: &mut Vec<Effect>) {
        if self.sharing.daily().is_some() {
            return self.new_daily(w, h, fx);
        }
        self.leave_board(fx);
        let filtered = self.prefs.mostly_misplaced();
        match shuffled(w, h, filtered, &self.prefs.goal(), &mut self.rng) {
            Ok(position) => {
                self.alert = None;
                fx.extend(self.prefs.remember_size((w, h)));
                self.playing.start(position, Origin::Shuffle { filtered });
            }
            Err(e) => self.alert = Some(e),
        }
    }

    /// Today's daily at a size: whatever ran stops.
    fn new_daily(&mut self, w: usize, h: usize, fx: &mut Vec<Effect>) {
        self.leave_board(fx);
        let today = self.calendar.today;
        self.alert = self.open_daily(today, w, h).err().map(|e| e.to_string());
    }

    /// Opens the daily puzzle of `date` at a size (checked against the calendar).
    fn open_daily(&mut self, date: Date, width: usize, height: usize) -> Result<(), DailyError> {
        daily::check(date, self.calendar.latest)?;
        self.playing.start(
            daily::board(date, width, height)?,
            Origin::Daily {
                uniform: daily::random_state(date),
            },
        );
        self.sharing.set_daily(LinkedDaily {
            date,
            width,
            height,
        });
        Ok(())
    }

    /// A board of the player's own: played if it can reach its goal, else shown with its fix.
    fn start_position(&mut self, position: Position, origin: Origin, fx: &mut Vec<Effect>) {
        self.leave_board(fx);
        self.alert = None;
        if position.is_solvable() {
            self.playing.start(position, origin);
        } else {
            self.playing.asked();
            self.editor.show(Some(position));
        }
    }

    /// A goal chosen in the picker: the board stays if it can reach it, else a new one can.
    fn choose_goal(&mut self, goal: Goal, fx: &mut Vec<Effect>) {
        let g = self.playing.game();
        let board = g.board().clone();
        // A board drawn at random stays so toward another goal it can reach (the same half of
        // all boards); one the player moved first is the player's choice.
        let kept = match g.start().board() == &board {
            true => self.playing.origin(),
            false => Origin::Moved,
        };
        let position = match Position::toward(board, &goal) {
            Ok(position) => position,
            Err(e) => {
                self.alert = Some(format!("Custom goal: {e}."));
                return;
            }
        };
        fx.push(self.prefs.remember_goal(&goal));
        self.leave_event(fx);
        self.record.leave_board();
        fx.extend(self.analysing.leave_board());
        self.sharing.leave_board();
        self.editor.show(None);
        if position.is_solvable() {
            self.alert = None;
            self.playing.start(position, kept);
            return;
        }
        // Half of all boards cannot reach a given goal: start one that can.
        let (w, h) = (position.width(), position.height());
        let filtered = self.prefs.mostly_misplaced();
        match shuffled(w, h, filtered, &goal, &mut self.rng) {
            Ok(next) => {
                self.alert = Some(
                    "This board could never reach that goal, so here is a new one that can.".into(),
                );
                self.playing.start(next, Origin::Shuffle { filtered });
            }
            Err(e) => self.alert = Some(e),
        }
    }

    /// Replays moves from the start board of the result (or the challenge): the player's own,
    /// the shortest, or the friend's.
    fn watch(&mut self, whose: Whose) {
        let result = self.record.result();
        let start = result.map_or_else(
            || self.playing.game().start().clone(),
            |r| r.solve.start.clone(),
        );
        let replay = match whose {
            Whose::Yours => result.map(|r| {
                let times = Some(r.solve.times.clone()).filter(|t| t.len() == r.path.len());
                (r.path.clone(), false, Summary::Yours, times)
            }),
            Whose::Shortest => result.and_then(|r| r.shortest.as_ref()).and_then(|answer| {
                let moves = parse_moves(&answer.moves).ok()?;
                Some((moves, answer.optimal, Summary::of(answer, 0.0, false), None))
            }),
            Whose::Friends => {
                let c = self.sharing.challenge().filter(|c| c.revealed);
                let checked = c
                    .and_then(|c| c.verdict(&start))
                    .is_some_and(|v| v != Verdict::NotASolution);
                c.and_then(|c| c.target.proof.clone())
                    .filter(|_| checked)
                    .map(|proof| (proof, false, Summary::Friends, None))
            }
        };
        if let Some((moves, optimal, summary, times)) = replay {
            self.playing.watch(start, moves, optimal, summary, times);
        }
    }
}

/// A fresh scramble of the given size toward `goal` (blank last where a custom goal has another
/// size), most tiles out of place if asked; or what stops one, in words for the alert.
fn shuffled(
    width: usize,
    height: usize,
    mostly_misplaced: bool,
    goal: &Goal,
    rng: &mut Rng,
) -> Result<Position, String> {
    let goal = goal
        .board(width, height)
        .or_else(|_| Goal::BlankLast.board(width, height))
        .map_err(|e| e.to_string())?;
    let options = if mostly_misplaced {
        ScrambleOptions::MOSTLY_MISPLACED
    } else {
        ScrambleOptions::default()
    };
    random_solvable(&goal, options, rng).map_err(|e| e.to_string())
}
