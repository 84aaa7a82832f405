//! What the browser's database says to the record: a load in chunks (the newest solves in full,
//! the figures of the rest, the events), a write kept or refused, another tab's solves, and
//! the answers to the record's own requests. What is said to the player is decided here: a
//! refusal once, in words that say what it means for the solves.

use super::{PAGE, Progress, Record, Store, Task};
use crate::play::event::log::EventLog;
use crate::play::event::stats::table;
use crate::play::keeping::{Keeping, Refusal, StoreSaid, ToStore};
use crate::play::page::Effect;
use crate::play::record::solves::{History, Solve, count};
use crate::play::record::tally::{Brief, Tallies};

/// Solves kept before the browser is asked to keep the site's storage persistently (as a
/// speedsolving site asks once its player has a record worth keeping).
pub const PERSIST_AFTER: usize = 3;

impl Record {
    pub(super) fn store_said(&mut self, said: StoreSaid) -> Vec<Effect> {
        match said {
            StoreSaid::Imported { report, added } => return self.imported(report, added),
            StoreSaid::Reload | StoreSaid::Deleted => return self.reload(),
            StoreSaid::Unreadable { count, told } => {
                self.unreadable = count;
                if count > told {
                    self.note = Some(unreadable_text(count));
                    return vec![Effect::Told(count)];
                }
            }
            StoreSaid::Loaded => {
                if self.store == Store::Loading {
                    self.store = Store::Ready;
                }
                self.end_task(&[Task::Loading]);
                return self.persist().into_iter().collect();
            }
            StoreSaid::Kept { solves, events } => {
                self.unsaved.0.retain(|id| !solves.contains(id));
                self.unsaved.1.retain(|id| !events.contains(id));
                return self.persist().into_iter().collect();
            }
            said => self.store_read(said),
        }
        Vec::new()
    }

    /// What the database read (a load's chunks, older solves, another tab's), and how far a
    /// long task is.
    fn store_read(&mut self, said: StoreSaid) {
        match said {
            StoreSaid::Opened { persisted } => {
                self.persisted = persisted;
                // An older tab that held the database let it go.
                if self.note.as_deref() == Some(Refusal::Blocked.text().as_str()) {
                    self.note = None;
                }
            }
            StoreSaid::Newest { solves, total } => self.newest(solves, total),
            StoreSaid::Briefs(briefs) => self.briefs(&briefs),
            StoreSaid::Events(events) => {
                for event in events {
                    self.events.add(event);
                }
                self.event_stats = table(&self.events);
            }
            StoreSaid::Progress { done, total } => {
                if let Some(p) = self.progress.as_mut() {
                    (p.done, p.total) = (done, total);
                }
            }
            StoreSaid::Older(solves) => self.older(solves),
            StoreSaid::Arrived(keeping) => self.arrived(keeping),
            StoreSaid::Persisted(kept) => self.persisted = Some(kept),
            said => self.store_words(said),
        }
    }

    /// What the database did or refused, in words for the player.
    fn store_words(&mut self, said: StoreSaid) {
        match said {
            // The database waits for the older tab: said, and the record goes on loading.
            StoreSaid::Refused(Refusal::Blocked) => self.note = Some(Refusal::Blocked.text()),
            StoreSaid::Refused(why) => self.refuse(why),
            StoreSaid::MovedIn { solves, events } => {
                self.import_note = Some(format!(
                    "Your history moved into this browser's database: {} and {}.",
                    count(solves, "solve"),
                    count(events, "event")
                ))
            }
            StoreSaid::NotMovedIn(why) => {
                self.note = Some(format!(
                    "Your history from an earlier version of Slide could not be moved into the browser's database, so it stays where it was and is read from there: nothing is lost. {}",
                    why.text()
                ))
            }
            StoreSaid::NotKept {
                solves,
                events,
                why,
            } => {
                self.mark_unsaved(&solves, &events);
                self.note = Some(why.text());
            }
            StoreSaid::NotImported { name, why } => self.not_imported(&name, &why),
            StoreSaid::ImportNotKept(why) => self.import_not_kept(why),
            StoreSaid::NotCleared(why) => {
                self.note = Some(format!(
                    "The history could not be cleared, so it is still kept: reload to see it. {}",
                    why.text()
                ))
            }
            StoreSaid::Exported => self.end_task(&[Task::Exporting]),
            StoreSaid::NotExported(why) => {
                self.end_task(&[Task::Exporting]);
                self.import_note = Some(format!("The export could not be written: {}", why.text()));
            }
            _ => {}
        }
    }

    /// Writes `keeping` (with anything not kept before, to try again), unless the browser
    /// refused the database: then it stays in memory, unsaved.
    pub(super) fn keep(&mut self, mut keeping: Keeping) -> Option<Effect> {
        if let Store::Refused(_) = self.store {
            let solves: Vec<u64> = keeping.solves.iter().map(|s| s.id).collect();
            let events: Vec<u64> = keeping.events.iter().map(|e| e.id).collect();
            self.mark_unsaved(&solves, &events);
            return None;
        }
        let again = self.unsaved_keeping();
        for s in again.solves {
            if !keeping.solves.iter().any(|k| k.id == s.id) {
                keeping.solves.push(s);
            }
        }
        for e in again.events {
            if !keeping.events.iter().any(|k| k.id == e.id) {
                keeping.events.push(e);
            }
        }
        Some(Effect::Store(ToStore::Keep(keeping)))
    }

    /// The held solves and events the database has not kept.
    pub(super) fn unsaved_keeping(&self) -> Keeping {
        let (solves, events) = &self.unsaved;
        Keeping {
            solves: (self.history.solves.iter())
                .filter(|s| solves.contains(&s.id))
                .cloned()
                .collect(),
            events: (self.events.events.iter())
                .filter(|e| events.contains(&e.id))
                .cloned()
                .collect(),
        }
    }

    pub(super) fn mark_unsaved(&mut self, solves: &[u64], events: &[u64]) {
        for id in solves {
            if !self.unsaved.0.contains(id) {
                self.unsaved.0.push(*id);
            }
        }
        for id in events {
            if !self.unsaved.1.contains(id) {
                self.unsaved.1.push(*id);
            }
        }
    }

    /// The database cannot be used: the record goes on in memory, and the player is told.
    fn refuse(&mut self, why: Refusal) {
        self.note = Some(why.text());
        self.store = Store::Refused(why);
        self.held_from = None;
        self.end_task(&[Task::Loading, Task::Exporting]);
        // What was held and not known kept stays unsaved: everything made from now on too.
        let solves: Vec<u64> = self.history.solves.iter().map(|s| s.id).collect();
        let events: Vec<u64> = self.events.events.iter().map(|e| e.id).collect();
        self.mark_unsaved(&solves, &events);
    }

    /// The load's first word: the newest solves in full, and how many there are.
    fn newest(&mut self, solves: Vec<Solve>, total: usize) {
        let oldest = solves.iter().map(|s| s.id).min();
        let all = total <= solves.len();
        for s in solves {
            self.add_solve(s);
        }
        self.held_from = match all {
            true => None,
            false => oldest,
        };
        if let Some(p) = self.progress.as_mut() {
            p.total = total as u64;
        }
    }

    /// A chunk of the load: the figures of solves not held.
    fn briefs(&mut self, briefs: &[Brief]) {
        let new: Vec<Brief> = (briefs.iter())
            .filter(|b| self.ids.binary_search(&b.id).is_err())
            .copied()
            .collect();
        for b in &new {
            if let Err(at) = self.ids.binary_search(&b.id) {
                self.ids.insert(at, b.id);
            }
        }
        self.tallies.add_all(&new);
        if let Some(p) = self.progress.as_mut().filter(|p| p.task == Task::Loading) {
            p.done += briefs.len() as u64;
        }
    }

    /// A page of older solves for the table, newest first.
    fn older(&mut self, solves: Vec<Solve>) {
        let fewer = solves.len() < PAGE;
        let oldest = solves.iter().map(|s| s.id).min();
        for s in solves {
            if self.ids.binary_search(&s.id).is_ok() {
                self.history.add(s);
            }
        }
        self.held_from = match (fewer, oldest, self.held_from) {
            (true, _, _) => None,
            (false, Some(oldest), Some(from)) => Some(oldest.min(from)),
            (_, _, held) => held,
        };
    }

    /// Another tab kept these: new ones join the record, known ones are updated.
    fn arrived(&mut self, keeping: Keeping) {
        for s in keeping.solves {
            match self.history.get_mut(s.id) {
                Some(held) => *held = s,
                None => {
                    self.add_solve(s);
                }
            }
        }
        if keeping.events.is_empty() {
            return;
        }
        for e in keeping.events {
            match self.events.get_mut(e.id) {
                Some(held) => *held = e,
                None => {
                    self.events.add(e);
                }
            }
        }
        self.event_stats = table(&self.events);
    }

    /// Another tab cleared or imported: the record is read again (what this tab could not
    /// keep stays, to be kept with its next write).
    pub(super) fn reload(&mut self) -> Vec<Effect> {
        if let Store::Refused(_) = self.store {
            return Vec::new();
        }
        let unsaved = self.unsaved_keeping();
        self.history = History::default();
        self.ids.clear();
        self.tallies = Tallies::default();
        self.events = EventLog::default();
        self.held_from = None;
        for s in unsaved.solves {
            self.add_solve(s);
        }
        for e in unsaved.events {
            self.events.add(e);
        }
        self.event_stats = table(&self.events);
        self.shown = PAGE;
        self.store = Store::Loading;
        self.progress = Some(Progress {
            task: Task::Loading,
            done: 0,
            total: 0,
        });
        vec![Effect::Load]
    }

    /// The long task on show ended, if it is one of `tasks`.
    pub(super) fn end_task(&mut self, tasks: &[Task]) {
        if self
            .progress
            .as_ref()
            .is_some_and(|p| tasks.contains(&p.task))
        {
            self.progress = None;
        }
    }

    /// Once the player has a few solves kept, the browser is asked (once) to keep them
    /// persistently.
    fn persist(&mut self) -> Option<Effect> {
        let ready = self.store == Store::Ready && self.unsaved.0.is_empty();
        if self.asked_persist || !ready || self.total() < PERSIST_AFTER {
            return None;
        }
        if self.persisted == Some(true) {
            return None;
        }
        self.asked_persist = true;
        Some(Effect::AskPersist)
    }
}

/// What is said of stored values that could not be read.
fn unreadable_text(n: usize) -> String {
    let values = match n {
        1 => "A part of your history".to_string(),
        n => format!("{n} parts of your history"),
    };
    format!(
        "{values} could not be read by this version of Slide. Nothing was thrown away: it is kept as it was, beside the rest, which loaded. Download it to keep a copy."
    )
}
