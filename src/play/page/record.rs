//! The player's record: every solve by hand (the history, kept in the browser's database), the
//! last one's result until the next board (measured against the shortest by the worker), the
//! statistics on show, and the history's files.
//!
//! With a database behind it ([`crate::play::keeping`]) the record holds in full only the newest
//! solves (those the history table shows, and any the database has not kept), and of every
//! other solve only its id and its figures in the statistics ([`Tallies`]): 100,000 solves load,
//! count and show without a pass over them all. Without one (natively, and where the browser
//! refuses), it holds every solve. What the database says arrives as
//! [`RecordAction::Store`] (`record/stored.rs`); history files are read piece by piece
//! (`record/importing.rs`).

mod importing;
mod stored;

use super::Effect;
use crate::play::event::log::EventLog;
use crate::play::event::record::EventRecord;
use crate::play::event::stats::{EventStats, table};
use crate::play::game::input::Control;
use crate::play::game::origin::Origin;
use crate::play::keeping::{Keeping, Refusal, StoreSaid, ToStore};
use crate::play::link::LinkedDaily;
use crate::play::record::solves::{History, Solve, Statistics, count, size_name};
use crate::play::record::tally::{Brief, Tallies};
use crate::play::worker::protocol::Answer;
use crate::puzzle::board::Board;
use crate::puzzle::moves::Move;
use crate::puzzle::notation::parse_moves;
use crate::puzzle::numbers::decimals;

/// What the player can do with their record.
#[derive(Clone, Debug, PartialEq)]
pub enum RecordAction {
    /// The format Export history writes.
    HistoryFormat(HistoryFormat),
    /// Offer the history as a file.
    ExportHistory(HistoryFormat),
    /// The statistics shown: of this size (`5x5`), or `None` for the size on the board.
    StatsSize(Option<String>),
    /// The statistics shown: of this control, or `None` for the latest solve's (else click).
    StatsControl(Option<Control>),
    /// A history file of `size` bytes was chosen: the record's worker reads it piece by piece
    /// and writes what is new in one transaction.
    ImportStart {
        name: String,
        size: u64,
    },
    /// The history table shows older solves too, a page more.
    ShowMoreSolves,
    /// Clear history: asks first; `ConfirmClear` clears (here, or on every device where this
    /// one syncs), or keeps it.
    ClearHistory,
    ConfirmClear(Clearing),
    /// Delete one solve (by id) from the history, on every device where this one syncs.
    DeleteSolve(u64),
    /// Delete one event (by id), likewise.
    DeleteEvent(u64),
    /// What the browser's database said.
    Store(StoreSaid),
    /// The player read the word about the storage.
    DismissNote,
    /// Offer the stored values that could not be read, as they were.
    DownloadUnreadable,
}

pub use crate::play::keeping::file::HistoryFormat;

/// The answer to Clear history's question.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Clearing {
    /// Keep the history.
    Keep,
    /// Clear it on this device (where it syncs, the server and other devices keep theirs).
    ThisDevice,
    /// Clear it on every device of the player (this one syncing).
    EveryDevice,
}

/// The result of the last solve by hand, shown until the next board.
#[derive(Clone, Debug, PartialEq)]
pub struct HandResult {
    /// As kept in the history (its optimal length arrives later).
    pub solve: Solve,
    /// The player's moves, for "Watch your solve" and a challenge link.
    pub path: Vec<Move>,
    /// The solver's answer for the start board, once in.
    pub shortest: Option<Answer>,
    /// The worker is still measuring.
    pub measuring: bool,
    /// Why there is no measure (the search ran out of its budget, say).
    pub problem: Option<String>,
    /// The daily this was, if it was one.
    pub daily: Option<LinkedDaily>,
    /// Where its board came from: whether it counts for statistics, and why not.
    pub origin: Origin,
}

impl HandResult {
    /// Why the solve is left out of the statistics, in words: `Not counted in statistics: the
    /// board was typed in or loaded from a file, not drawn at random.` (help is said apart).
    pub fn not_counted_text(&self) -> Option<String> {
        (self.origin.why_not_counted()).map(|why| format!("Not counted in statistics: {why}"))
    }

    /// How the player's moves compare with the reference: `The shortest solution is 52 moves:
    /// 15 above it; efficiency 78 %.`
    pub fn comparison_text(&self) -> String {
        let (s, moves) = (&self.solve, self.path.len());
        let above = |reference: usize| match moves.checked_sub(reference) {
            Some(0) => "you found a shortest solution".to_string(),
            Some(n) => format!("{n} above it"),
            None => format!("{} fewer than Slide found", reference - moves),
        };
        let efficiency = s.efficiency().map_or(String::new(), |e| {
            format!("; efficiency {} %", decimals(e * 100.0, 0))
        });
        match (s.optimal, s.best_known) {
            (Some(n), _) => format!(
                "The shortest solution is {}: {}{efficiency}.",
                count(n, "move"),
                above(n)
            ),
            (None, Some(n)) => format!(
                "The best solution Slide found is {} (not proven shortest): {}{efficiency}.",
                count(n, "move"),
                above(n)
            ),
            _ if self.measuring => "Looking for the shortest solution…".into(),
            _ => self
                .problem
                .clone()
                .unwrap_or_else(|| "The shortest solution is not known.".into()),
        }
    }
}

/// Rows the history table shows at first, and how many more each "Show more" adds.
pub const PAGE: usize = 50;

/// Where the record is kept.
#[derive(Clone, Debug, PartialEq)]
pub enum Store {
    /// In memory only, with no database behind it (the native tests').
    Memory,
    /// The database is being read: the record fills in as it comes.
    Loading,
    /// Everything kept is loaded.
    Ready,
    /// The browser refused the database: solves last until the tab closes.
    Refused(Refusal),
}

/// A long task on show, `done` of `total`.
#[derive(Clone, Debug, PartialEq)]
pub struct Progress {
    pub task: Task,
    pub done: u64,
    pub total: u64,
}

/// The long tasks that show their progress.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Task {
    Loading,
    /// Importing a history file (its name): reading it, then writing what is new.
    Importing(String),
    Exporting,
}

impl Progress {
    /// `Loading your solves… 40 %`.
    pub fn text(&self) -> String {
        let what = match &self.task {
            Task::Loading => "Loading your solves…".to_string(),
            Task::Importing(name) => format!("Importing {name}…"),
            Task::Exporting => "Writing the export…".to_string(),
        };
        match self
            .done
            .checked_mul(100)
            .and_then(|d| d.checked_div(self.total))
        {
            Some(percent) => format!("{what} {} %", percent.min(100)),
            None => what,
        }
    }
}

/// The record part of the page.
#[derive(Debug)]
pub struct Record {
    /// The solves held in full, oldest first: every solve from `held_from` on, and any not
    /// kept by the database.
    history: History,
    /// `None`: every solve is held; else every solve with an id from this one on.
    held_from: Option<u64>,
    /// Every solve's id, in order.
    ids: Vec<u64>,
    /// The statistics of every solve.
    tallies: Tallies,
    /// Every event played, kept with the history, and their statistics.
    events: EventLog,
    event_stats: Vec<EventStats>,
    store: Store,
    /// Solves and events the database did not keep (retried with the next write).
    unsaved: (Vec<u64>, Vec<u64>),
    /// What the player must know about the storage (said once, in an alert).
    note: Option<String>,
    progress: Option<Progress>,
    /// The file being imported.
    import: Option<String>,
    /// Stored values that could not be read (kept as they were).
    unreadable: usize,
    /// Whether the browser keeps the record persistently, once asked.
    persisted: Option<bool>,
    asked_persist: bool,
    result: Option<HandResult>,
    /// Clear history was asked: waiting for the confirmation.
    confirm_clear: bool,
    /// The history import's report or problem.
    import_note: Option<String>,
    export_format: HistoryFormat,
    /// The size whose statistics are shown, when the player picked one other than the board's.
    stats_size: Option<String>,
    /// The control whose statistics are shown, when the player picked one.
    stats_control: Option<Control>,
    /// Rows the history table shows.
    shown: usize,
}

impl Record {
    /// The record of `history` and `events`, held in memory only.
    pub fn new(history: History, events: EventLog) -> Record {
        let mut tallies = Tallies::default();
        tallies.add_all(&history.solves.iter().map(Brief::of).collect::<Vec<_>>());
        Record {
            ids: history.solves.iter().map(|s| s.id).collect(),
            history,
            held_from: None,
            tallies,
            event_stats: table(&events),
            events,
            store: Store::Memory,
            unsaved: (Vec::new(), Vec::new()),
            note: None,
            progress: None,
            import: None,
            unreadable: 0,
            persisted: None,
            asked_persist: false,
            result: None,
            confirm_clear: false,
            import_note: None,
            export_format: HistoryFormat::Json,
            stats_size: None,
            stats_control: None,
            shown: PAGE,
        }
    }

    /// An empty record that fills in from the browser's database once the page is on screen.
    pub fn stored() -> Record {
        let mut record = Record::new(History::default(), EventLog::default());
        record.store = Store::Loading;
        record.progress = Some(Progress {
            task: Task::Loading,
            done: 0,
            total: 0,
        });
        record
    }

    /// Carries out `action`; `date` names an export.
    pub fn reduce(&mut self, action: RecordAction, date: &str) -> Vec<Effect> {
        match action {
            RecordAction::HistoryFormat(format) => self.export_format = format,
            RecordAction::StatsSize(size) => self.stats_size = size,
            RecordAction::StatsControl(control) => self.stats_control = control,
            RecordAction::ShowMoreSolves => return self.show_more(),
            RecordAction::ExportHistory(format) => return self.export(format, date),
            RecordAction::ImportStart { name, size } => return self.import_start(name, size),
            RecordAction::ClearHistory => {
                self.confirm_clear = self.total() > 0 || !self.events.events.is_empty()
            }
            RecordAction::ConfirmClear(clearing) => {
                self.confirm_clear = false;
                if clearing != Clearing::Keep {
                    return self.clear(clearing == Clearing::EveryDevice);
                }
            }
            RecordAction::DeleteSolve(id) => return self.delete(vec![id], Vec::new()),
            RecordAction::DeleteEvent(id) => return self.delete(Vec::new(), vec![id]),
            RecordAction::Store(said) => return self.store_said(said),
            RecordAction::DismissNote => self.note = None,
            RecordAction::DownloadUnreadable => {
                return vec![Effect::Store(ToStore::DownloadUnreadable)];
            }
        }
        Vec::new()
    }

    /// The page is on screen: a record kept in the database starts loading.
    pub(super) fn mounted(&self) -> Option<Effect> {
        (self.store == Store::Loading).then_some(Effect::Load)
    }

    /// Clears the history and the events (what the database did not keep goes too), here or
    /// on every device.
    fn clear(&mut self, everywhere: bool) -> Vec<Effect> {
        let store = std::mem::replace(&mut self.store, Store::Memory);
        let (format, note) = (self.export_format, self.note.take());
        *self = Record {
            store,
            note,
            export_format: format,
            stats_size: self.stats_size.take(),
            stats_control: self.stats_control.take(),
            persisted: self.persisted,
            asked_persist: self.asked_persist,
            unreadable: self.unreadable,
            result: self.result.take(),
            ..Record::new(History::default(), EventLog::default())
        };
        self.progress = None;
        self.import_note = Some("History cleared.".into());
        match self.store {
            Store::Refused(_) => Vec::new(),
            _ => vec![Effect::Store(ToStore::Forget { everywhere })],
        }
    }

    /// Deletes solves and events: at once from what is held; the database deletes them (and,
    /// where it syncs, tells the server) and the record is read again, its statistics with it.
    /// Held in memory only, the statistics are counted again from what is left.
    fn delete(&mut self, solves: Vec<u64>, events: Vec<u64>) -> Vec<Effect> {
        self.history.solves.retain(|s| !solves.contains(&s.id));
        self.events.events.retain(|e| !events.contains(&e.id));
        self.event_stats = table(&self.events);
        if let Store::Memory | Store::Refused(_) = self.store {
            self.ids.retain(|id| !solves.contains(id));
            self.tallies = Tallies::default();
            let briefs: Vec<Brief> = self.history.solves.iter().map(Brief::of).collect();
            self.tallies.add_all(&briefs);
            return Vec::new();
        }
        vec![Effect::Store(ToStore::Delete { solves, events })]
    }

    /// Offers the history as a file, written by the record's worker in pieces: the database's
    /// solves and events, and what it has not kept (without a database, everything held).
    fn export(&mut self, format: HistoryFormat, date: &str) -> Vec<Effect> {
        let extension = match format {
            HistoryFormat::Json => "json",
            HistoryFormat::Csv => "csv",
        };
        let held = match self.store {
            Store::Memory | Store::Refused(_) => Keeping {
                solves: self.history.solves.clone(),
                events: self.events.events.clone(),
            },
            Store::Loading | Store::Ready => self.unsaved_keeping(),
        };
        self.progress = Some(Progress {
            task: Task::Exporting,
            done: 0,
            total: self.total() as u64,
        });
        vec![Effect::Store(ToStore::Export {
            name: format!("slide-history-{date}.{extension}"),
            format,
            held,
        })]
    }

    /// The table shows a page more; older solves than those held are read from the database.
    fn show_more(&mut self) -> Vec<Effect> {
        self.shown += PAGE;
        match self.held_from {
            Some(before) if self.history.solves.len() < self.shown => {
                vec![Effect::Store(ToStore::Older {
                    before,
                    count: PAGE,
                })]
            }
            _ => Vec::new(),
        }
    }

    /// A solve by hand: kept, and on show as the result until the next board. Its id is when it
    /// happened (`epoch_ms`), or the next free one.
    pub(super) fn solved(
        &mut self,
        mut solve: Solve,
        path: Vec<Move>,
        daily: Option<LinkedDaily>,
        origin: Origin,
    ) -> (u64, Option<Effect>) {
        solve.id = self.free_solve_id(solve.id);
        let id = solve.id;
        self.add_solve(solve.clone());
        self.result = Some(HandResult {
            solve: solve.clone(),
            path,
            shortest: None,
            measuring: true,
            problem: None,
            daily,
            origin,
        });
        let keep = self.keep(Keeping {
            solves: vec![solve],
            events: Vec::new(),
        });
        (id, keep)
    }

    /// An event played: kept in the history.
    pub(super) fn event_played(&mut self, event: EventRecord) -> Option<Effect> {
        self.events.add(event.clone());
        self.event_stats = table(&self.events);
        self.keep(Keeping {
            solves: Vec::new(),
            events: vec![event],
        })
    }

    /// A solve new to the record: held (if it belongs among the held ones), counted, known.
    fn add_solve(&mut self, solve: Solve) -> bool {
        let Err(at) = self.ids.binary_search(&solve.id) else {
            return false;
        };
        self.ids.insert(at, solve.id);
        self.tallies.add(&Brief::of(&solve));
        if self.held_from.is_none_or(|from| solve.id >= from) {
            self.history.add(solve);
        }
        true
    }

    fn free_solve_id(&self, mut id: u64) -> u64 {
        while self.ids.binary_search(&id).is_ok() {
            id += 1;
        }
        id
    }

    /// The first id free at or after `id`, among solves and events alike (the worker's
    /// measures are addressed by it).
    pub(super) fn free_id(&self, mut id: u64) -> u64 {
        while self.ids.binary_search(&id).is_ok() || self.events.free_id(id) != id {
            id += 1;
        }
        id
    }

    /// The worker's measure of solve (or fewest-moves event) `id`: its length goes to the
    /// history and the result; `last` when no shorter one is coming.
    pub(super) fn measured(&mut self, id: u64, answer: Option<Answer>, last: bool) -> Vec<Effect> {
        let length = (answer.as_ref())
            .and_then(|a| parse_moves(&a.moves).ok())
            .map(|m| m.len());
        let optimal = answer.as_ref().is_some_and(|a| a.optimal);
        let mut changed = Keeping::default();
        if let (Some(length), Some(event)) = (length, self.events.get_mut(id)) {
            match optimal {
                true => (event.optimal, event.best_known) = (Some(length), None),
                false => event.best_known = Some(length),
            }
            changed.events.push(event.clone());
            self.event_stats = table(&self.events);
        }
        if let (Some(length), Some(solve)) = (length, self.history.get_mut(id)) {
            if optimal {
                solve.optimal = Some(length);
                solve.best_known = None;
            } else {
                solve.best_known = Some(length);
            }
            changed.solves.push(solve.clone());
        }
        if let Some(r) = self.result.as_mut().filter(|r| r.solve.id == id) {
            r.measuring = !last;
            if let Some(solve) = self.history.solves.iter().find(|s| s.id == id) {
                r.solve = solve.clone();
            }
            if answer.is_some() {
                r.shortest = answer;
            }
        }
        match changed.is_empty() {
            true => Vec::new(),
            false => self.keep(changed).into_iter().collect(),
        }
    }

    /// The measure of solve `id` failed: the result says why.
    pub(super) fn unmeasured(&mut self, id: u64, why: &str) {
        if let Some(r) = self.result.as_mut().filter(|r| r.solve.id == id) {
            r.measuring = false;
            r.problem = Some(format!("The shortest solution is not known: {why}"));
        }
    }

    /// Another board: the result goes, and so does a question left unanswered.
    pub(super) fn leave_board(&mut self) {
        self.result = None;
        self.confirm_clear = false;
    }

    /// A new size on the board: the statistics follow it.
    pub(super) fn follow_size(&mut self) {
        self.stats_size = None;
    }

    /// The solves held in full, oldest first: the newest, and any not kept.
    pub fn history(&self) -> &History {
        &self.history
    }

    /// Solves kept in all.
    pub fn total(&self) -> usize {
        self.ids.len()
    }

    /// Every event played.
    pub fn events(&self) -> &EventLog {
        &self.events
    }

    /// The records of every event, size and control played.
    pub fn event_stats(&self) -> &[EventStats] {
        &self.event_stats
    }

    pub fn result(&self) -> Option<&HandResult> {
        self.result.as_ref()
    }

    pub fn confirm_clear(&self) -> bool {
        self.confirm_clear
    }

    pub fn import_note(&self) -> Option<&str> {
        self.import_note.as_deref()
    }

    /// Rows the history table shows (newest first).
    pub fn shown(&self) -> usize {
        self.shown
    }

    pub fn export_format(&self) -> HistoryFormat {
        self.export_format
    }

    /// Where the record is kept.
    pub fn store(&self) -> &Store {
        &self.store
    }

    /// What the player must know about the storage, until dismissed.
    pub fn note(&self) -> Option<&str> {
        self.note.as_deref()
    }

    /// A long task on show.
    pub fn progress(&self) -> Option<&Progress> {
        self.progress.as_ref()
    }

    /// Stored values that could not be read, kept as they were.
    pub fn unreadable(&self) -> usize {
        self.unreadable
    }

    /// Whether the browser keeps the record persistently (once it said).
    pub fn persisted(&self) -> Option<bool> {
        self.persisted
    }

    /// Solves and events the database has not kept.
    pub fn unsaved(&self) -> usize {
        self.unsaved.0.len() + self.unsaved.1.len()
    }

    /// The size whose statistics are shown (`4x4`): the one picked, else `board`'s.
    pub fn stats_size(&self, board: &Board) -> String {
        (self.stats_size.clone()).unwrap_or_else(|| size_name(board.width(), board.height()))
    }

    /// The control whose statistics are shown: the one picked, else the latest solve's, else
    /// click.
    pub fn stats_control(&self) -> Control {
        (self.stats_control)
            .or(self.history.last_control())
            .unwrap_or(Control::Click)
    }

    /// The statistics on show.
    pub fn statistics(&self, board: &Board) -> Statistics {
        let size = self.stats_size(board);
        let (w, h) = size.split_once('x').unwrap_or_default();
        match (w.parse(), h.parse()) {
            (Ok(w), Ok(h)) => self.tallies.statistics((w, h), self.stats_control()),
            _ => Statistics::default(),
        }
    }

    /// The sizes the statistics can show: every size solved by hand, and `board`'s.
    pub fn stats_sizes(&self, board: &Board) -> Vec<String> {
        // Smallest first, each once: kept in order as they come (no sort's code in the page).
        let mut sizes: Vec<(usize, usize)> = Vec::new();
        let all = self.tallies.sizes().into_iter();
        for (w, h) in all.chain(std::iter::once((board.width(), board.height()))) {
            let key = (w * h, w);
            let at = sizes.partition_point(|&size| size < key);
            if sizes.get(at) != Some(&key) {
                sizes.insert(at, key);
            }
        }
        (sizes.into_iter())
            .map(|(n, w)| size_name(w, n / w))
            .collect()
    }
}
