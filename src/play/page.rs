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
//! | [`Boarding`] | the board's lifecycle: a link, a shuffle, the daily, a goal, a replay, a solve | [`BoardAction`] |
//! | [`Syncing`] | whether this device syncs, as whom, what waits, the next round | [`SyncAction`] |
//! | [`Racing`] | the daily race on the board, its entry and rank, the leaderboard on show | [`RaceAction`] |
//!
//! [`Page`] holds the parts and routes between them, and does nothing else: an [`Action`] goes
//! to its part, and what the part says back (an answer to show, a board to start, a row for the
//! comparison) goes to the part it concerns; what is for the world outside comes back from
//! [`Page::reduce`] as [`Effect`]s (send the worker a message, save the settings, change the
//! address bar, tell the embedding page). Leaving a board is the one message every part hears.
//! While an event runs or waits for Start, [`Eventing::admits`] says which actions go ahead.
//!
//! Nothing here imports a web crate: time and randomness come in as values, so every rule of the
//! page (a stale answer ignored, a cancelled comparison, a replay kept while a better answer
//! arrives) is decided here and tested natively. The web layer renders the parts and turns
//! events into actions. A new feature is one more part: its state and actions in its file, a
//! row in the router's table (its `Action` and what it says back), and its view.

mod analysis;
mod asking;
mod board;
mod editor;
mod event;
mod glance;
mod learning;
mod playing;
mod prefs;
mod racing;
mod record;
mod sharing;
mod syncing;
mod view;

pub use analysis::{Analysing, AnalysisAction, AnalysisState, away_text};
pub use asking::{AskAction, Asking, FellBack, Heard, MAX_HELPERS, left_out, offered};
pub use board::{BoardAction, Boarded, Boarding, Calendar, Scene, Watched, Whose};
pub use editor::{EditAction, Edited, Editing, Editor, FileProblem, MAX_FILE_BYTES};
pub use event::{Admission, Choice, EventAction, EventResult, Evented, Eventing, Pending, Setting};
pub use glance::{Glance, moves_only};
pub use learning::{LearnAction, Learned, Learning};
pub use playing::{PlayAction, Playing, SPEEDS, replay_speed};
pub use prefs::{Prefs, PrefsAction};
pub use racing::{Race, RaceAction, Raced, Racing, Table};
pub use record::{
    Clearing, HandResult, HistoryFormat, PAGE, Progress, Record, RecordAction, Store, Task,
};
use sharing::to_watch;
pub use sharing::{Copying, ShareAction, Shared, Sharing, Shown, iframe_snippet, lesson_snippet};
pub use syncing::{SyncAction, Syncing};

use super::event::log::EventLog;
use super::game::input::Input;
use super::game::origin::Origin;
use super::keeping::{StoreSaid, ToStore};
use super::link::challenge::Challenge;
use super::link::{LinkRequest, LinkedLesson, read_query, write_lesson_query};
use super::record::settings::Settings;
use super::record::solves::{History, Solve};
use super::worker::protocol::ToWorker;
use crate::puzzle::moves::Move;
use crate::puzzle::notation::parse_moves;
use crate::puzzle::position::Position;
use crate::puzzle::random::Rng;

/// Everything that can happen to the page: to one part, or to the page as a whole.
#[derive(Clone, Debug, PartialEq)]
pub enum Action {
    /// The page is on screen: start what it needs (the worker, and tables for a 4×4 board).
    Mounted,
    /// An event this tab was playing before a reload, as it was kept (see
    /// [`Page::event_saved`]): it goes on.
    Restore(String),
    DismissAlert,
    /// A folded panel's contents are built (see [`Page::unfolded`]): the one the player
    /// unfolded, or (`None`, the browser being idle after the first board) the first still empty.
    Unfold(Option<Panel>),
    Board(BoardAction),
    Play(PlayAction),
    Ask(AskAction),
    Edit(EditAction),
    Record(RecordAction),
    Share(ShareAction),
    Prefs(PrefsAction),
    Learn(LearnAction),
    Analysis(AnalysisAction),
    Event(EventAction),
    Sync(SyncAction),
    Race(RaceAction),
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
    Board(BoardAction),
    Play(PlayAction),
    Ask(AskAction),
    Edit(EditAction),
    Record(RecordAction),
    Share(ShareAction),
    Prefs(PrefsAction),
    Learn(LearnAction),
    Analysis(AnalysisAction),
    Event(EventAction),
    Sync(SyncAction),
    Race(RaceAction)
);

/// What the record's worker says is the record part's, but for what it read or wrote for the
/// sharing part (Open Slidysim links).
impl From<StoreSaid> for Action {
    fn from(said: StoreSaid) -> Action {
        match said {
            StoreSaid::ReplayLink(read) => Action::Share(ShareAction::Read(read)),
            StoreSaid::SlidysimLink(written) => Action::Share(ShareAction::Written(written)),
            StoreSaid::Sync(said) => Action::Sync(SyncAction::Said(said)),
            StoreSaid::Race(said) => Action::Race(RaceAction::Said(said)),
            said => Action::Record(RecordAction::Store(said)),
        }
    }
}

/// What the web layer must do after an action.
#[derive(Clone, Debug, PartialEq)]
pub enum Effect {
    Send(ToWorker),
    /// Send to the game's worker once the browser is idle after the first board, or before the
    /// next message sent: it gets the worker ready (where the tables are, the tables a board
    /// needs), and nothing the player waits on starts the worker before the board can be played.
    Warm(ToWorker),
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
    /// Send on the worker channel of learn mode's stepper (so nothing else cancels it).
    Lesson(ToWorker),
    /// End worker `worker` (0: the game's, with its measuring channel; 1, 2, …: helpers): it
    /// stopped or fell silent. The next message for it starts a fresh one.
    Restart(usize),
    /// Ask the record's worker (the browser's database): write, clear, read older solves,
    /// import the file chosen, export; it answers with [`RecordAction::Store`].
    Store(ToStore),
    /// Start the record's worker and read the record (the web layer says whether there is a
    /// database, and brings what earlier versions kept), in chunks after the first board.
    Load,
    /// Ask the browser to keep the site's storage persistently.
    AskPersist,
    /// The player was told of `n` unreadable stored values: not again.
    Told(usize),
    /// Keep the event in progress for a reload (`None`: there is none any more).
    SaveRun(Option<String>),
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
    /// The next round of sync is due in this many milliseconds (replacing any set before):
    /// answer with [`SyncAction::Due`].
    SyncIn(u32),
}

/// The messages an embedding page receives (DESIGN.md: Embedding).
#[derive(Clone, Debug, PartialEq)]
pub enum ParentMessage {
    /// `{"type":"slide:move","board":"…","moves":N}`
    Move { board: String, moves: usize },
    /// `{"type":"slide:solved","moves":N,"millis":T}`
    Solved { moves: usize, millis: f64 },
}

/// What the player has kept from earlier visits, and what of it could not be read.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Remembered {
    pub settings: Settings,
    pub history: History,
    pub events: EventLog,
    /// The history is in the browser's database, loaded after the first board (`history` and
    /// `events` are then empty; what its reader leaves out, the record's worker says).
    pub stored: bool,
}

/// The whole page: its parts, and the alert on show.
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
    boarding: Boarding,
    syncing: Syncing,
    racing: Racing,
    alert: Option<String>,
    /// The folded panels built, a bit each ([`Panel`]).
    unfolded: u8,
}

/// The panels folded under `<details>`, in the page's order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Panel {
    Options,
    Editor,
    Handling,
    Stats,
    Learn,
}

impl Panel {
    pub const ALL: [Panel; 5] = [
        Panel::Options,
        Panel::Editor,
        Panel::Handling,
        Panel::Stats,
        Panel::Learn,
    ];

    fn bit(self) -> u8 {
        1 << self as u8
    }
}

/// Every panel's bit.
const ALL_UNFOLDED: u8 = (1 << Panel::ALL.len()) - 1;

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
            stored,
        } = remembered;
        let mut link = read_query(query);
        let racing = match link.race.take() {
            Some((date, size)) => Racing::link(date, size),
            None => Racing::default(),
        };
        let sharing = Sharing::new(base, link.embed, link.challenge.take().map(Challenge::new));
        let mut page = Page {
            // Replaced by what the link opens (kept only when no size can be used).
            playing: Playing::new(Position::default(), Origin::Link),
            asking: Asking::new(sharing.folder()),
            editor: Editor::default(),
            // Embedded, the page is the board and its controls: the record is the full page's.
            record: match stored && !link.embed {
                true => Record::stored(),
                false => Record::new(history, events),
            },
            sharing,
            prefs: Prefs::new(settings),
            learning: Learning::default(),
            analysing: Analysing::default(),
            eventing: Eventing::default(),
            boarding: Boarding::new(calendar, rng),
            syncing: Syncing::default(),
            racing,
            alert: None,
            unfolded: 0,
        };
        // The address bar already shows this link: what opening it asks of the world goes.
        let mut fx = Vec::new();
        page.open_link(link, &mut fx);
        page.editor = Editor::new(page.playing.game().goal());
        let shown = shown_to_links(&page.playing, &page.record, &page.eventing);
        page.sharing.follow(shown, &mut fx);
        page
    }

    /// Opens what a link asks for: its event's boards (embedded, the page is the board and its
    /// controls only: an event's link opens its board), else what the board part opens.
    fn open_link(&mut self, mut link: LinkRequest, fx: &mut Vec<Effect>) {
        if let Some(event) = link.event.filter(|_| !link.embed) {
            let challenge = self.sharing.take_challenge();
            let latest = self.boarding.calendar().latest;
            match self.eventing.open_link(event, &link, challenge, latest) {
                Ok(first) => return self.playing.start(first, Origin::Event),
                Err(problem) => {
                    (link.position, link.daily, link.problem) = (None, None, Some(problem))
                }
            }
        }
        let lesson = link.lesson.take().zip(link.position.clone());
        let scene = scene(&self.playing, &self.prefs, &self.sharing, &self.record);
        let said = self.boarding.open(link, &scene);
        self.boarded(said, 0.0, fx);
        // A lesson's link: the stepper opens on its board, in the learn panel, built at once.
        if let Some((lesson, position)) = lesson
            && self.playing.game().position() == &position
        {
            let LinkedLesson {
                algorithm,
                heuristic,
                step,
            } = lesson;
            (self.learning).open_linked(algorithm, heuristic, step, &position);
            self.unfold(Some(Panel::Learn));
        }
    }

    /// Builds `panel`, or the first panel still empty (the lowest bit still clear).
    fn unfold(&mut self, panel: Option<Panel>) {
        let next = !self.unfolded & self.unfolded.wrapping_add(1);
        self.unfolded |= panel.map_or(next, Panel::bit) & ALL_UNFOLDED;
    }

    /// Applies `action`, which happened at `now_ms` on the page's clock; returns what the web
    /// layer must do.
    pub fn reduce(&mut self, action: impl Into<Action>, now_ms: f64) -> Vec<Effect> {
        let before = self.before();
        let mut fx = Vec::new();
        self.route(action.into(), now_ms, &mut fx);
        self.follow(before, now_ms, &mut fx);
        self.asking.owe_analysis(self.analysing.owed());
        self.asking.owe_lesson(self.learning.owed());
        // A worker given work owes an answer from now: its silence counts from here.
        for effect in &fx {
            match effect {
                Effect::Send(_) | Effect::Measure(_) | Effect::Analyse(_) | Effect::Lesson(_) => {
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
        self.boarding.set_calendar(calendar);
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

    /// The router's table: `action` to its part (if an event admits it), and what the part says
    /// back to where it belongs.
    fn route(&mut self, action: Action, now_ms: f64, fx: &mut Vec<Effect>) {
        if self.racing.locks(&action) {
            return;
        }
        match self.eventing.admits(&action, self.playing.game().board()) {
            Admission::Refused => return,
            Admission::StartsEvent => self.event(EventAction::Start, now_ms, fx),
            Admission::Allowed => {}
        }
        match action {
            Action::Mounted => self.mounted(now_ms, fx),
            Action::Restore(saved) => self.restore(&saved, now_ms, fx),
            Action::DismissAlert => self.alert = None,
            Action::Unfold(panel) => self.unfold(panel),
            Action::Board(action) => self.board(action, now_ms, fx),
            // Passing over tiles picks none while editing: only a click or a tap does.
            Action::Play(PlayAction::Tap(square, input)) if self.editor.editing().is_some() => {
                (input != Input::Hover).then(|| self.editor.tap(square));
            }
            Action::Play(action) => self.playing.reduce(action, now_ms),
            Action::Ask(action) => self.ask(action, now_ms, fx),
            Action::Edit(action) => {
                let game = self.playing.game().position().clone();
                let said = self.editor.reduce(action, &game);
                self.edited(said, now_ms, fx);
            }
            Action::Record(action) => self.recorded(action, fx),
            Action::Share(action) => self.share(action, now_ms, fx),
            Action::Prefs(action) => fx.extend(self.prefs.reduce(action)),
            Action::Learn(LearnAction::EmbedStep) => self.embed_step(),
            Action::Learn(action) => {
                let on_show = self.playing.game().position().clone();
                let said = self.learning.reduce(action, &on_show);
                self.learned(said, now_ms, fx);
            }
            // Choosing a move that went away: the player's solve, just before it.
            Action::Analysis(AnalysisAction::Show(number)) => {
                self.board(BoardAction::Watch(Whose::Yours), now_ms, fx);
                let step = number.saturating_sub(1);
                self.playing.reduce(PlayAction::Seek(step), now_ms);
            }
            Action::Analysis(action) => fx.extend(self.analysing.reduce(action)),
            Action::Event(action) => self.event(action, now_ms, fx),
            Action::Sync(action) => self.sync(action, now_ms, fx),
            Action::Race(action) => self.race(action, now_ms, fx),
        }
    }

    /// The page is on screen: the worker warmed, the record loaded, a linked leaderboard read, a
    /// link's lesson asked for.
    fn mounted(&mut self, now_ms: f64, fx: &mut Vec<Effect>) {
        fx.push(Effect::Warm(self.asking.site()));
        fx.extend(self.record.mounted());
        let raced = self.racing.mounted();
        self.raced(raced, now_ms, fx);
        let said = self.learning.mounted().into_iter().collect();
        self.learned(said, now_ms, fx);
    }

    /// A sync action: once this device syncs, a race asked before starts.
    fn sync(&mut self, action: SyncAction, now_ms: f64, fx: &mut Vec<Effect>) {
        let joined = matches!(
            &action,
            SyncAction::Said(crate::play::sync::SyncSaid::Player { name: Some(_), .. })
        );
        fx.extend(self.syncing.reduce(action));
        if joined {
            let raced = self.racing.syncing();
            self.raced(raced, now_ms, fx);
        }
    }

    /// A race action: Daily race is today's race of the size on the board.
    fn race(&mut self, action: RaceAction, now_ms: f64, fx: &mut Vec<Effect>) {
        let today = self.boarding.calendar().today.to_string();
        let board = self.playing.game().board();
        let size = format!("{}x{}", board.width(), board.height());
        let syncs = self.syncing.player().is_some();
        let raced = self.racing.reduce(action, &today, &size, syncs);
        self.raced(raced, now_ms, fx);
    }

    /// What the race part says: a question for the server, or the race's board to play.
    fn raced(&mut self, raced: Vec<Raced>, now_ms: f64, fx: &mut Vec<Effect>) {
        for said in raced {
            match said {
                Raced::Ask(job) => fx.push(Effect::Store(ToStore::Race(job))),
                Raced::Board(start) => {
                    self.board(BoardAction::Race(start), now_ms, fx);
                    self.racing.begin(now_ms);
                }
                Raced::NeedsName => self.unfold(Some(Panel::Stats)),
            }
        }
        let shared = (self.racing.race()).zip(self.racing.rank());
        self.sharing
            .set_race(shared.map(|(r, rank)| (r.date.clone(), r.size.clone(), rank)));
    }

    /// A record action; what reached or left the record goes to the server too, if this device
    /// syncs.
    fn recorded(&mut self, action: RecordAction, fx: &mut Vec<Effect>) {
        let nudge = matches!(
            action,
            RecordAction::Store(
                StoreSaid::Kept { .. }
                    | StoreSaid::Imported { .. }
                    | StoreSaid::Deleted
                    | StoreSaid::Cleared
            )
        );
        let today = self.boarding.calendar().today.to_string();
        fx.extend(self.record.reduce(action, &today));
        if nudge {
            fx.extend(self.syncing.reduce(SyncAction::Nudge));
        }
    }

    /// A share action: Watch opens the replay link in the field here, once the record's worker
    /// has read it; the rest are the sharing part's.
    fn share(&mut self, action: ShareAction, now_ms: f64, fx: &mut Vec<Effect>) {
        let opened = match action {
            ShareAction::Watch => {
                let link = self.sharing.watch_text().to_string();
                return fx.push(Effect::Store(ToStore::ReadReplayLink(link)));
            }
            ShareAction::Read(read) => read.and_then(|query| to_watch(&query)),
            ShareAction::Written(Err(why)) => Err(why),
            action => {
                let shown = shown_to_links(&self.playing, &self.record, &self.eventing);
                return fx.extend(self.sharing.reduce(action, shown));
            }
        };
        match opened {
            Ok(link) => {
                self.leave_board(now_ms, fx);
                self.open_link(link, fx);
            }
            Err(why) => self.alert = Some(why),
        }
    }

    /// An event kept before a reload, to the event part.
    fn restore(&mut self, saved: &str, now_ms: f64, fx: &mut Vec<Effect>) {
        let when = self.boarding.when(&self.record);
        let offset = self.boarding.calendar().epoch_ms - now_ms;
        let said = self.eventing.restore(saved, offset, now_ms, when);
        self.evented(said, now_ms, fx);
    }

    /// An action for the board part.
    fn board(&mut self, action: BoardAction, now_ms: f64, fx: &mut Vec<Effect>) {
        let scene = scene(&self.playing, &self.prefs, &self.sharing, &self.record);
        let said = self.boarding.reduce(action, &scene);
        self.boarded(said, now_ms, fx);
    }

    /// What the board part asked for, in order.
    fn boarded(&mut self, said: Vec<Boarded>, now_ms: f64, fx: &mut Vec<Effect>) {
        for boarded in said {
            match boarded {
                Boarded::Leave => self.leave_board(now_ms, fx),
                Boarded::Start(position, origin) => self.playing.start(position, origin),
                Boarded::Daily(daily) => self.sharing.set_daily(daily),
                Boarded::Replay(replay) => self.playing.open_replay(replay),
                Boarded::Watch(watched) => self.playing.watch(watched),
                Boarded::Unsolvable(position) => {
                    self.playing.asked();
                    self.editor.show(Some(position));
                }
                Boarded::Alert(text) => self.alert = text,
                Boarded::RememberSize(size) => fx.extend(self.prefs.remember_size(size)),
                Boarded::RememberGoal(goal) => fx.push(self.prefs.remember_goal(&goal)),
                Boarded::StatsFollowSize => self.record.follow_size(),
                Boarded::Best {
                    size,
                    control,
                    moves,
                    millis,
                } => fx.push(self.prefs.record(size, control, moves, millis)),
                Boarded::Solved(solve, path) => self.solved_by_hand(solve, path, now_ms, fx),
            }
        }
    }

    /// The one message every part hears: the player leaves the board, at `now_ms`. Whatever ran
    /// on it stops (an event, the search), and what belonged to it goes.
    fn leave_board(&mut self, now_ms: f64, fx: &mut Vec<Effect>) {
        let when = self.boarding.when(&self.record);
        let said = self.eventing.leave(self.playing.game(), now_ms, when);
        self.evented(said, now_ms, fx);
        let said = self.asking.cancel(fx);
        self.heard(said, now_ms, fx);
        self.record.leave_board();
        fx.extend(self.analysing.leave_board());
        self.sharing.leave_board();
        self.racing.leave();
        self.editor.show(None);
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
        let said = self.asking.reduce(action, &on_show, now_ms, fx);
        self.heard(said, now_ms, fx);
    }

    /// What the workers said, to the part it concerns.
    fn heard(&mut self, said: Vec<Heard>, now_ms: f64, fx: &mut Vec<Effect>) {
        for heard in said {
            match heard {
                Heard::Answer {
                    moves,
                    optimal,
                    summary,
                } => self.playing.show(moves, optimal, summary),
                Heard::Settled => self.playing.settle(),
                Heard::Hint(board, mv) => self.playing.hint(board, mv),
                Heard::Row(row) => {
                    let said = self.learning.row(row).into_iter().collect();
                    self.learned(said, now_ms, fx);
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
                Heard::Lesson(message) => {
                    let on_show = self.playing.game().position().clone();
                    let said = (self.learning).reduce(LearnAction::Stepped(message), &on_show);
                    self.learned(said, now_ms, fx);
                }
            }
        }
    }

    /// What learn mode asked for.
    fn learned(&mut self, said: Vec<Learned>, now_ms: f64, fx: &mut Vec<Effect>) {
        for learned in said {
            match learned {
                Learned::Ask(board, method) => {
                    let Ok(position) = self.playing.game().position().with_board(board) else {
                        continue;
                    };
                    self.alert = None;
                    let said = self.asking.ask_row(&position, method, now_ms, fx);
                    self.heard(said, now_ms, fx);
                }
                Learned::Show {
                    moves,
                    optimal,
                    summary,
                } => {
                    self.playing.asked();
                    self.playing.show(moves, optimal, summary);
                }
                Learned::Lesson(message) => fx.push(Effect::Lesson(message)),
                Learned::Alert(text) => self.alert = Some(text),
            }
        }
    }

    /// The snippet that embeds the stepper's step shown: its link in embed mode, framed.
    fn embed_step(&mut self) {
        let stepping = self.learning.stepping();
        let (Some(algorithm), Some(position), Some(lesson)) =
            (stepping.algorithm(), stepping.position(), stepping.lesson())
        else {
            return;
        };
        let linked = LinkedLesson {
            algorithm,
            heuristic: stepping.shown_heuristic().unwrap_or(stepping.heuristic()),
            step: lesson.snapshot.step,
        };
        let link = format!(
            "{}{}",
            self.sharing.base(),
            write_lesson_query(position, &linked, true)
        );
        self.learning.set_snippet(lesson_snippet(&link));
    }

    /// What the editor asked for.
    fn edited(&mut self, said: Vec<Edited>, now_ms: f64, fx: &mut Vec<Effect>) {
        for edited in said {
            match edited {
                Edited::Board(action) => self.board(action, now_ms, fx),
                Edited::Download { name, text } => fx.push(Effect::Download { name, text }),
            }
        }
    }

    /// An action for the event part.
    fn event(&mut self, action: EventAction, now_ms: f64, fx: &mut Vec<Effect>) {
        let when = self.boarding.when(&self.record);
        let said = self
            .eventing
            .reduce(action, self.playing.game(), now_ms, when);
        self.evented(said, now_ms, fx);
    }

    /// What the event part asked for.
    fn evented(&mut self, said: Vec<Evented>, now_ms: f64, fx: &mut Vec<Effect>) {
        for evented in said {
            match evented {
                Evented::Draw(event) => {
                    let scene = scene(&self.playing, &self.prefs, &self.sharing, &self.record);
                    let said = self.boarding.draw_event(event, &scene);
                    self.evented(said, now_ms, fx);
                }
                Evented::Begin(pending, challenge) => {
                    self.leave_board(now_ms, fx);
                    let said = self.eventing.begin(pending, challenge, now_ms);
                    self.evented(said, now_ms, fx);
                }
                Evented::Board(position) => self.playing.start(position, Origin::Event),
                Evented::Measure(id, start) => self.asking.measure(id, &start, fx),
                Evented::Ended(record) => fx.extend(self.record.event_played(record)),
                Evented::Replay(moves) => {
                    for (mv, at, input) in moves {
                        self.playing.reduce(PlayAction::Slide(mv, input), at);
                    }
                }
                Evented::Keep(run) => fx.push(Effect::SaveRun(run)),
                Evented::Alert(text) => self.alert = text,
                Evented::Copy(query) => fx.push(self.sharing.copy_event(&query)),
            }
        }
    }

    /// What follows from any action: the editor's field and the step-through follow a new
    /// board, the embedding page hears of moves, a win goes to the event or the board part,
    /// the links and the address bar follow what is shown, the tables a 4×4 board needs are
    /// prepared (not in an embed).
    fn follow(&mut self, before: Before, now_ms: f64, fx: &mut Vec<Effect>) {
        if self.started() != before.started {
            self.editor.new_board();
        }
        if self.shown() != &before.shown {
            self.learning.board_changed();
        }
        let g = self.playing.game();
        let moved = before.moves != g.moves_made() || before.shown.board() != g.board();
        fx.extend(self.sharing.tell_parent(g, moved, before.solved, now_ms));
        let solved_now = self.playing.game().solved_by_hand() && !before.by_hand;
        if self.eventing.running() {
            // An event's board: the event keeps it (a blindfolded solve reveals nothing).
            let when = self.boarding.when(&self.record);
            let said = (self.eventing).follow(self.playing.game(), solved_now, now_ms, when);
            self.evented(said, now_ms, fx);
        } else if solved_now {
            let scene = scene(&self.playing, &self.prefs, &self.sharing, &self.record);
            let said = self.boarding.solved(&scene, now_ms);
            self.boarded(said, now_ms, fx);
        }
        let shown = shown_to_links(&self.playing, &self.record, &self.eventing);
        self.sharing.follow(shown, fx);
        // A method chosen for another board falls back before anything asks with it.
        self.asking.fit(self.playing.game().goal());
        // Embedded, a board gets its tables when asked to solve: a host's page of several
        // boards does not download them for each one that is never solved.
        if !self.sharing.embed() {
            self.asking.prepare(self.playing.game().position(), fx);
        }
        // An event in progress is kept for a reload at each new board or phase.
        let offset = self.boarding.calendar().epoch_ms - now_ms;
        if let Some(run) = self.eventing.keep_due(self.playing.game(), offset) {
            fx.push(Effect::SaveRun(run));
        }
    }

    /// What is kept of an event in progress for a reload, now (`offset`: the calendar's time
    /// less the page's clock); `None` without one. The web layer keeps it when the page is
    /// hidden or left, with the moves on its board.
    pub fn event_saved(&self, offset: f64) -> Option<String> {
        self.eventing.saved(self.playing.game(), offset)
    }

    /// An event kept before a reload, as [`Action::Restore`] brings it back.
    pub fn restore_event(&mut self, saved: &str, now_ms: f64) -> Vec<Effect> {
        self.reduce(Action::Restore(saved.to_string()), now_ms)
    }

    /// A solve by hand: set against a friend's challenge, entered in the race it was, analysed,
    /// kept, and measured.
    fn solved_by_hand(&mut self, solve: Solve, path: Vec<Move>, now_ms: f64, fx: &mut Vec<Effect>) {
        self.sharing.settle(&solve);
        if let Some(entry) = self.racing.solved(&solve, &path, now_ms) {
            fx.push(Effect::Store(ToStore::Race(entry)));
        }
        let (start, assisted) = (solve.start.clone(), solve.assisted);
        fx.extend(self.analysing.start(&start, &path, assisted));
        let origin = self.playing.origin();
        let (id, keep) = (self.record).solved(solve, path, self.sharing.daily(), origin);
        fx.extend(keep);
        self.asking.measure(id, &start, fx);
    }

    /// The game's start and the board being set by hand, if any.
    fn started(&self) -> (Position, Option<Position>) {
        let editing = self.editor.editing().map(|e| e.position.clone());
        (self.playing.game().start().clone(), editing)
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

/// What the board part reads, from the parts that hold it.
fn scene<'a>(
    playing: &'a Playing,
    prefs: &Prefs,
    sharing: &'a Sharing,
    record: &'a Record,
) -> Scene<'a> {
    Scene {
        game: playing.game(),
        origin: playing.origin(),
        goal: prefs.goal(),
        mostly_misplaced: prefs.mostly_misplaced(),
        saved_size: prefs.saved().size,
        daily: sharing.daily(),
        result: record.result(),
        challenge: sharing.challenge(),
        embed: sharing.embed(),
    }
}
