//! The player's record: every solve by hand (the history, kept in the browser), the last one's
//! result until the next board (measured against the shortest by the worker), the statistics on
//! show, and the history's files.

use super::Effect;
use crate::play::event::log::{EventLog, split_csv};
use crate::play::event::record::EventRecord;
use crate::play::event::stats::{EventStats, table};
use crate::play::game::input::Control;
use crate::play::game::origin::Origin;
use crate::play::link::LinkedDaily;
use crate::play::page::FileProblem;
use crate::play::record::json::Json;
use crate::play::record::left_out::{HistoryError, LeftOut, Unread};
use crate::play::record::solves::{History, Imported, Solve, Statistics, count, size_name};
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
    /// A history file was read (or could not be).
    ImportHistory {
        name: String,
        contents: Result<String, FileProblem>,
    },
    /// The history table shows every solve, not only the latest.
    ShowAllSolves,
    /// Clear history: asks first; `ConfirmClear(true)` clears, `false` keeps it.
    ClearHistory,
    ConfirmClear(bool),
}

/// The history's file formats.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HistoryFormat {
    Json,
    Csv,
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
        let s = &self.solve;
        let above = |reference: usize| match s.moves.checked_sub(reference) {
            Some(0) => "you found a shortest solution".to_string(),
            Some(n) => format!("{n} above it"),
            None => format!("{} fewer than Slide found", reference - s.moves),
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

/// The record part of the page.
#[derive(Debug)]
pub struct Record {
    history: History,
    /// Every event played, kept with the history.
    events: EventLog,
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
    /// Every solve is listed, not only the latest.
    show_all: bool,
}

impl Record {
    /// The record of what was kept; what the readers left out of it (`left_out`) is said in
    /// the history's note.
    pub fn new(history: History, events: EventLog, left_out: &LeftOut) -> Record {
        let note = match &left_out.whole {
            Some(why) => format!("Your stored history could not be read: {why}."),
            None => format!("Left out of your stored history: {left_out}."),
        };
        Record {
            history,
            events,
            result: None,
            confirm_clear: false,
            import_note: (!left_out.is_empty()).then_some(note),
            export_format: HistoryFormat::Json,
            stats_size: None,
            stats_control: None,
            show_all: false,
        }
    }

    /// Carries out `action`; `date` names an export.
    pub fn reduce(&mut self, action: RecordAction, date: &str) -> Vec<Effect> {
        match action {
            RecordAction::HistoryFormat(format) => self.export_format = format,
            RecordAction::StatsSize(size) => self.stats_size = size,
            RecordAction::StatsControl(control) => self.stats_control = control,
            RecordAction::ShowAllSolves => self.show_all = true,
            RecordAction::ExportHistory(format) => {
                let (text, extension) = match format {
                    HistoryFormat::Json => (self.file_json().to_string(), "json"),
                    HistoryFormat::Csv => (self.file_csv(), "csv"),
                };
                return vec![Effect::Download {
                    name: format!("slide-history-{date}.{extension}"),
                    text,
                }];
            }
            RecordAction::ImportHistory { name, contents } => return self.import(&name, contents),
            RecordAction::ClearHistory => {
                self.confirm_clear =
                    !self.history.solves.is_empty() || !self.events.events.is_empty()
            }
            RecordAction::ConfirmClear(clear) => {
                self.confirm_clear = false;
                if clear {
                    self.history = History::default();
                    self.events = EventLog::default();
                    self.import_note = Some("History cleared.".into());
                    return vec![self.save()];
                }
            }
        }
        Vec::new()
    }

    /// Reads a history file into the history, and says what it did.
    fn import(&mut self, name: &str, contents: Result<String, FileProblem>) -> Vec<Effect> {
        let text = match contents {
            Ok(text) => text,
            Err(FileProblem::TooLarge) => {
                self.import_note = Some(format!("{name}: the file is too large for a history."));
                return Vec::new();
            }
            Err(FileProblem::NotText) => {
                self.import_note = Some(format!("{name}: the file cannot be read as text."));
                return Vec::new();
            }
        };
        // A CSV keeps its events in a second table: each part goes to its reader.
        let solves_text = match text.trim_start().starts_with(['{', '[']) {
            true => text.as_str(),
            false => split_csv(&text).0,
        };
        let events = self.events.import(&text);
        let solves = match self.history.import(solves_text) {
            Ok(report) => report,
            Err(HistoryError::Empty) if events.added + events.known > 0 => Imported::default(),
            Err(problem) => {
                self.import_note = Some(format!("{name}: {problem}"));
                return Vec::new();
            }
        };
        let mut note = format!(
            "{name}: {} added, {} already here.",
            count(solves.added, "solve"),
            solves.known
        );
        if events.added + events.known > 0 || !events.problems.is_empty() {
            note.push_str(&format!(
                " {} added, {} already here.",
                count(events.added, "event"),
                events.known
            ));
        }
        // The first few of each, for a note that stays short.
        let problems: Vec<String> = (solves.problems.iter().take(3))
            .chain(events.problems.iter().take(3))
            .map(Unread::to_string)
            .collect();
        if !problems.is_empty() {
            note.push_str(&format!(" Left out: {}.", problems.join("; ")));
        }
        self.import_note = Some(note);
        vec![self.save()]
    }

    /// A solve by hand: kept, and on show as the result until the next board. Its id is when it
    /// happened (`epoch_ms`), or the next free one.
    pub(super) fn solved(
        &mut self,
        mut solve: Solve,
        path: Vec<Move>,
        daily: Option<LinkedDaily>,
        origin: Origin,
    ) -> (u64, Effect) {
        while self.history.solves.iter().any(|s| s.id == solve.id) {
            solve.id += 1;
        }
        let id = solve.id;
        self.history.add(solve.clone());
        self.result = Some(HandResult {
            solve,
            path,
            shortest: None,
            measuring: true,
            problem: None,
            daily,
            origin,
        });
        (id, self.save())
    }

    /// An event played: kept in the history.
    pub(super) fn event_played(&mut self, event: EventRecord) -> Effect {
        self.events.add(event);
        self.save()
    }

    /// The first id free at or after `id`, among solves and events alike (the worker's
    /// measures are addressed by it).
    pub(super) fn free_id(&self, mut id: u64) -> u64 {
        while self.history.solves.iter().any(|s| s.id == id) || self.events.free_id(id) != id {
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
        let mut fx = Vec::new();
        if let (Some(length), Some(event)) = (length, self.events.get_mut(id)) {
            match optimal {
                true => (event.optimal, event.best_known) = (Some(length), None),
                false => event.best_known = Some(length),
            }
            fx.push(self.save());
        }
        if let (Some(length), Some(solve)) = (length, self.history.get_mut(id)) {
            if optimal {
                solve.optimal = Some(length);
                solve.best_known = None;
            } else {
                solve.best_known = Some(length);
            }
            fx.push(self.save());
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
        fx
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

    fn save(&self) -> Effect {
        Effect::SaveHistory(self.file_json().to_string())
    }

    /// The history as stored and exported: `{"version":1,"solves":[…],"events":[…]}`.
    fn file_json(&self) -> Json {
        match self.history.to_json() {
            Json::Object(mut members) => {
                members.push(("events".into(), self.events.to_json()));
                Json::Object(members)
            }
            other => other,
        }
    }

    /// The history as a spreadsheet reads it: the solves, then the events' table after a
    /// blank line.
    fn file_csv(&self) -> String {
        match self.events.events.is_empty() {
            true => self.history.to_csv(),
            false => format!("{}\n{}", self.history.to_csv(), self.events.to_csv()),
        }
    }

    pub fn history(&self) -> &History {
        &self.history
    }

    /// Every event played.
    pub fn events(&self) -> &EventLog {
        &self.events
    }

    /// The records of every event, size and control played.
    pub fn event_stats(&self) -> Vec<EventStats> {
        table(&self.events)
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

    /// Every solve is listed, not only the latest.
    pub fn show_all(&self) -> bool {
        self.show_all
    }

    pub fn export_format(&self) -> HistoryFormat {
        self.export_format
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
        (self.history).statistics(&self.stats_size(board), self.stats_control())
    }

    /// The sizes the statistics can show: every size solved by hand, and `board`'s.
    pub fn stats_sizes(&self, board: &Board) -> Vec<String> {
        // Smallest first, each once: kept in order as they come (no sort's code in the page).
        let mut sizes: Vec<(usize, usize)> = Vec::new();
        let all = (self.history.solves.iter()).map(|s| (s.start.width(), s.start.height()));
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
