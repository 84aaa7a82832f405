//! A history file imported into the record: the record's worker reads it piece by piece, sorts
//! what is new from what is kept already, and writes it in one transaction, all of it or none;
//! the record says how far it is, and then what was added, what was here already, and the first
//! entries that could not be read. With a database the record is read again after an import;
//! without one, the new solves and events join the record in memory.

use super::{Progress, Record, Store, Task};
use crate::play::keeping::file::ImportReport;
use crate::play::keeping::{Keeping, Refusal, ToStore};
use crate::play::page::Effect;
use crate::play::record::solves::Solve;
use crate::play::record::tally::Brief;

impl Record {
    /// A file was chosen: the worker imports it (one at a time).
    pub(super) fn import_start(&mut self, name: String, size: u64) -> Vec<Effect> {
        if self.import.is_some() {
            self.import_note = Some(format!(
                "{name}: another file is being imported; choose it again when that one is done."
            ));
            return Vec::new();
        }
        self.progress = Some(Progress {
            task: Task::Importing(name.clone()),
            done: 0,
            total: size,
        });
        self.import = Some(name.clone());
        // Without a database, the worker sorts the file against what this page holds.
        let known =
            matches!(self.store, Store::Memory | Store::Refused(_)).then(|| self.ids.clone());
        vec![Effect::Store(ToStore::Import { name, known })]
    }

    /// The import is done: its report, and without a database, what it added; with one, the
    /// record is read again (every tab's is).
    pub(super) fn imported(&mut self, report: ImportReport, added: Keeping) -> Vec<Effect> {
        self.import = None;
        self.end_task(&[Task::Importing(report.name.clone())]);
        self.import_note = Some(report.text());
        match self.store {
            Store::Memory | Store::Refused(_) => {
                let refused = matches!(self.store, Store::Refused(_));
                if refused {
                    let solves: Vec<u64> = added.solves.iter().map(|s| s.id).collect();
                    let events: Vec<u64> = added.events.iter().map(|e| e.id).collect();
                    self.mark_unsaved(&solves, &events);
                }
                self.add_solves(added.solves);
                for e in added.events {
                    self.events.add(e);
                }
                self.event_stats = crate::play::event::stats::table(&self.events);
                Vec::new()
            }
            Store::Loading | Store::Ready if report.added + report.events_added > 0 => {
                self.reload()
            }
            Store::Loading | Store::Ready => Vec::new(),
        }
    }

    /// The file is no history, or could not be read: said, and nothing changed.
    pub(super) fn not_imported(&mut self, name: &str, why: &str) {
        self.import = None;
        self.end_task(&[Task::Importing(name.to_string())]);
        self.import_note = Some(format!("{name}: {why}"));
    }

    /// The import's transaction failed: nothing of it was kept, and the record is as it was.
    pub(super) fn import_not_kept(&mut self, why: Refusal) {
        let name = self.import.take().unwrap_or_default();
        self.end_task(&[Task::Importing(name.clone())]);
        self.import_note = Some(format!(
            "{name}: nothing was imported, and your history is as it was. {}",
            why.text()
        ));
    }

    /// Many solves new to the record, in order of id: counted, known, and held (without a
    /// database, all of them).
    fn add_solves(&mut self, solves: Vec<Solve>) {
        self.tallies
            .add_all(&solves.iter().map(Brief::of).collect::<Vec<_>>());
        let ids: Vec<u64> = solves.iter().map(|s| s.id).collect();
        self.ids = merge(std::mem::take(&mut self.ids), ids, |&id| id);
        let old = std::mem::take(&mut self.history.solves);
        self.history.solves = merge(old, solves, |s| s.id);
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
