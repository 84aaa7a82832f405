//! A history file imported into the record: read piece by piece (the web layer brings each
//! piece the record asks for), its solves and events sorted from those already here, then
//! written in one transaction: all of it is kept, or none. Its report names what was added,
//! what was here already, and the first entries that could not be read.

use super::{Progress, Record, Store, Task};
use crate::play::editor::FileProblem;
use crate::play::event::record::EventRecord;
use crate::play::history_reader::{Entry, HistoryReader};
use crate::play::keeping::{Keeping, Refusal};
use crate::play::page::Effect;
use crate::play::solves::{Solve, count};
use crate::play::tally::Brief;

/// Unreadable entries named in the report (the rest are counted).
const NAMED: usize = 3;

/// An import under way.
#[derive(Debug)]
pub(super) struct Importing {
    name: String,
    size: u64,
    reader: HistoryReader,
    solves: Vec<Solve>,
    events: Vec<EventRecord>,
    known: (usize, usize),
    problems: Vec<String>,
    /// Read to its end, and being written.
    writing: bool,
}

impl Record {
    /// A file read whole: imported as one piece.
    pub(super) fn import(
        &mut self,
        name: String,
        contents: Result<String, FileProblem>,
    ) -> Vec<Effect> {
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
        self.import_start(name, text.len() as u64);
        self.import_piece(text.as_bytes());
        self.import_piece(&[])
    }

    /// A file was chosen: its first piece is asked for.
    pub(super) fn import_start(&mut self, name: String, size: u64) -> Vec<Effect> {
        if self.import.is_some() {
            self.import_note = Some(format!(
                "{name}: another file is being imported; choose it again when that one is done."
            ));
            return Vec::new();
        }
        self.progress = Some(Progress {
            task: Task::Reading(name.clone()),
            done: 0,
            total: size,
        });
        self.import = Some(Importing {
            name,
            size,
            reader: HistoryReader::new(),
            solves: Vec::new(),
            events: Vec::new(),
            known: (0, 0),
            problems: Vec::new(),
            writing: false,
        });
        vec![Effect::ReadImport]
    }

    /// The next piece of the file (empty: its end).
    pub(super) fn import_piece(&mut self, piece: &[u8]) -> Vec<Effect> {
        let Some(import) = self.import.as_mut().filter(|i| !i.writing) else {
            return Vec::new();
        };
        if piece.is_empty() || import.reader.refused() {
            return self.import_read();
        }
        let entries = import.reader.feed(piece);
        import.take(entries);
        if let Some(p) = self.progress.as_mut() {
            (p.done, p.total) = (import.reader.read(), import.size);
        }
        match import.reader.refused() {
            true => self.import_read(),
            false => vec![Effect::ReadImport],
        }
    }

    /// The browser could not read the file on.
    pub(super) fn import_failed(&mut self, why: &str) {
        if let Some(import) = self.import.take() {
            self.import_note = Some(format!(
                "{}: the file could not be read ({why}).",
                import.name
            ));
            self.end_task(&[Task::Reading(import.name)]);
        }
    }

    /// The whole file is read: what is new is written (or, without a database, added).
    fn import_read(&mut self) -> Vec<Effect> {
        let Some(mut import) = self.import.take() else {
            return Vec::new();
        };
        self.end_task(&[Task::Reading(import.name.clone())]);
        let reader = std::mem::take(&mut import.reader);
        match reader.finish() {
            Ok((last, cut)) => {
                import.take(last);
                import.problems.extend(cut);
            }
            Err(problem) => {
                self.import_note = Some(format!("{}: {problem}", import.name));
                return Vec::new();
            }
        }
        self.sort_out(&mut import);
        let nothing_new = import.solves.is_empty() && import.events.is_empty();
        if nothing_new || matches!(self.store, Store::Memory | Store::Refused(_)) {
            let refused = matches!(self.store, Store::Refused(_));
            self.add_import(&mut import, refused);
            return Vec::new();
        }
        let keeping = Keeping {
            solves: import.solves.clone(),
            events: import.events.clone(),
        };
        self.progress = Some(Progress {
            task: Task::Keeping,
            done: 0,
            total: keeping.len() as u64,
        });
        import.writing = true;
        self.import = Some(import);
        vec![Effect::KeepImport(keeping)]
    }

    /// Leaves in the import only what is new: solves and events not here, each once.
    fn sort_out(&self, import: &mut Importing) {
        let read = import.solves.len();
        // Stable: of two with one id, the first in the file stays.
        import.solves.sort_by_key(|s| s.id);
        import.solves.dedup_by_key(|s| s.id);
        import
            .solves
            .retain(|s| self.ids.binary_search(&s.id).is_err());
        import.known.0 += read - import.solves.len();
        let mut events: Vec<EventRecord> = Vec::new();
        for e in std::mem::take(&mut import.events) {
            let here = self
                .events
                .events
                .iter()
                .chain(&events)
                .any(|k| k.id == e.id);
            match here {
                true => import.known.1 += 1,
                false => events.push(e),
            }
        }
        import.events = events;
    }

    /// The import's transaction was kept: its solves and events join the record.
    pub(super) fn import_kept(&mut self) {
        self.end_task(&[Task::Keeping]);
        if let Some(mut import) = self.import.take().filter(|i| i.writing) {
            self.add_import(&mut import, false);
        }
    }

    /// The import's transaction failed: nothing of it was kept, and the record is as it was.
    pub(super) fn import_not_kept(&mut self, why: Refusal) {
        self.end_task(&[Task::Keeping]);
        if let Some(import) = self.import.take() {
            self.import_note = Some(format!(
                "{}: nothing was imported, and your history is as it was. {}",
                import.name,
                why.text()
            ));
        }
    }

    /// The import's new solves and events join the record (`unsaved`: in memory only), and its
    /// report is written.
    fn add_import(&mut self, import: &mut Importing, unsaved: bool) {
        let solves = std::mem::take(&mut import.solves);
        let events = std::mem::take(&mut import.events);
        let (added, added_events) = (solves.len(), events.len());
        if unsaved {
            let ids: Vec<u64> = solves.iter().map(|s| s.id).collect();
            let event_ids: Vec<u64> = events.iter().map(|e| e.id).collect();
            self.mark_unsaved(&ids, &event_ids);
        }
        self.add_solves(solves);
        for e in events {
            self.events.add(e);
        }
        self.event_stats = crate::play::event::stats::table(&self.events);
        self.import_note = Some(import.report(added, added_events));
    }

    /// Many solves new to the record, in order of id: counted, known, and held as far as the
    /// history table needs them (all of them without a database).
    fn add_solves(&mut self, solves: Vec<Solve>) {
        self.tallies
            .add_all(&solves.iter().map(Brief::of).collect::<Vec<_>>());
        let ids: Vec<u64> = solves.iter().map(|s| s.id).collect();
        self.ids = merge(std::mem::take(&mut self.ids), ids, |&id| id);
        let from = self.held_from;
        let held: Vec<Solve> = (solves.into_iter())
            .filter(|s| from.is_none_or(|from| s.id >= from))
            .collect();
        let old = std::mem::take(&mut self.history.solves);
        self.history.solves = merge(old, held, |s| s.id);
        self.trim();
    }

    /// With a database behind it, the record holds in full only what the table shows (and
    /// what the database has not kept).
    fn trim(&mut self) {
        if !matches!(self.store, Store::Loading | Store::Ready) {
            return;
        }
        let keep = self.shown.max(super::PAGE);
        let held = &mut self.history.solves;
        if held.len() <= keep * 2 {
            return;
        }
        let from = held[held.len() - keep].id;
        let unsaved = &self.unsaved.0;
        held.retain(|s| s.id >= from || unsaved.contains(&s.id));
        self.held_from = Some(from);
    }
}

impl Importing {
    /// Sorts the entries read: solves and events, or what could not be read.
    fn take(&mut self, entries: Vec<Entry>) {
        for entry in entries {
            match entry {
                Entry::Solve(Ok(s)) => self.solves.push(s),
                Entry::Event(Ok(e)) => self.events.push(e),
                Entry::Solve(Err(why)) | Entry::Event(Err(why)) => self.problems.push(why),
            }
        }
    }

    /// `mine.csv: 5 solves added, 0 already here. Left out: line 3: board: …`
    fn report(&self, added: usize, added_events: usize) -> String {
        let mut note = format!(
            "{}: {} added, {} already here.",
            self.name,
            count(added, "solve"),
            self.known.0
        );
        if added_events + self.known.1 > 0 {
            note.push_str(&format!(
                " {} added, {} already here.",
                count(added_events, "event"),
                self.known.1
            ));
        }
        if !self.problems.is_empty() {
            let named: Vec<&str> = self
                .problems
                .iter()
                .take(NAMED)
                .map(String::as_str)
                .collect();
            note.push_str(&format!(" Left out: {}", named.join("; ")));
            match self.problems.len().checked_sub(NAMED) {
                Some(more) if more > 0 => note.push_str(&format!("; and {more} more.")),
                _ => note.push('.'),
            }
        }
        note
    }
}

/// Two lists in order of `key` as one (the second's items are new to the first).
fn merge<T>(a: Vec<T>, b: Vec<T>, key: impl Fn(&T) -> u64) -> Vec<T> {
    let mut out = Vec::with_capacity(a.len() + b.len());
    let (mut a, mut b) = (a.into_iter().peekable(), b.into_iter().peekable());
    while let (Some(x), Some(y)) = (a.peek(), b.peek()) {
        let next = match key(x) <= key(y) {
            true => a.next(),
            false => b.next(),
        };
        out.extend(next);
    }
    out.extend(a);
    out.extend(b);
    out
}
