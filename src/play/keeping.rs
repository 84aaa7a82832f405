//! Keeping the record in the browser's database, as the page's model sees it: what it asks the
//! record's worker to do ([`ToStore`]: write a [`Keeping`] in one transaction, load, import,
//! export…), what the worker says back ([`StoreSaid`]: a load in chunks, a write kept or refused,
//! another tab's solve), why the browser may refuse ([`Refusal`], told in words), and how a
//! history kept by earlier versions in one `localStorage` string moves in ([`MoveIn`]). The
//! database itself is the worker's (`web/store`); nothing here knows it, so every rule is
//! tested natively. Both directions cross in the record's small binary form (`keeping/wire.rs`).

pub mod file;
pub mod reader;

use super::event::record::EventRecord;
use super::race::{RaceJob, RaceSaid};
use super::record::left_out::HistoryError;
use super::record::solves::Solve;
use super::record::tally::Brief;
use super::sync::{SyncJob, SyncSaid};
use crate::puzzle::moves::Move;
use crate::puzzle::position::Position;
mod wire;

use file::{HistoryFormat, ImportReport};
use reader::{Entry, HistoryReader};

/// Records written in one transaction: all of them, or none.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Keeping {
    pub solves: Vec<Solve>,
    pub events: Vec<EventRecord>,
}

impl Keeping {
    pub fn is_empty(&self) -> bool {
        self.solves.is_empty() && self.events.is_empty()
    }

    /// Records in all.
    pub fn len(&self) -> usize {
        self.solves.len() + self.events.len()
    }
}

/// Why the browser would not keep the record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// No database for this site: a private window, or a setting that blocks site storage.
    Unavailable,
    /// The site's storage is full (its quota reached).
    Full,
    /// Another tab holds the database with an older version of Slide.
    Blocked,
    /// Another tab opened a newer version of Slide: this one must reload to go on keeping.
    Replaced,
    /// Anything else, as the browser names it.
    Failed(String),
}

impl Refusal {
    /// What happened and what it means for the player's solves.
    pub fn text(&self) -> String {
        let until = "Your solves are kept until this tab closes: export them to keep them.";
        match self {
            Refusal::Unavailable => format!(
                "This browser does not let Slide keep your solves (a private window, or a setting that blocks site storage). {until}"
            ),
            Refusal::Full => format!(
                "The browser's storage for this site is full, so your latest solves could not be kept. {until}"
            ),
            Refusal::Blocked => format!(
                "Another tab holds your history with an older version of Slide: close or reload it so your solves can be kept. {until}"
            ),
            Refusal::Replaced => format!(
                "A newer version of Slide opened in another tab: reload this one to go on keeping your solves. {until}"
            ),
            Refusal::Failed(why) => format!(
                "The browser could not keep your solves ({}). {until}",
                shown(why)
            ),
        }
    }
}

/// What a browser's message may show of itself.
fn shown(text: &str) -> String {
    text.chars().take(120).collect()
}

/// What the page asks of the record's worker.
#[derive(Clone, Debug, PartialEq)]
pub enum ToStore {
    /// Open the database (none when the page has none: `database` false) and read the record;
    /// `legacy`: the history an earlier version kept in `localStorage`, to move in; `told`: how
    /// many unreadable values the player was told of.
    Load {
        database: bool,
        legacy: Option<String>,
        told: usize,
    },
    /// Write these, in one transaction.
    Keep(Keeping),
    /// Clear the solves and events; `everywhere`: on every device of the player too (their
    /// deletions go to the server).
    Forget { everywhere: bool },
    /// Delete these solves and events (by id), on every device where this one syncs.
    Delete { solves: Vec<u64>, events: Vec<u64> },
    /// Something of sync, with the server.
    Sync(SyncJob),
    /// Something of the daily race, with the server.
    Race(RaceJob),
    /// `count` solves older than `before`, newest first.
    Older { before: u64, count: usize },
    /// Import the file sent beside this message, in one transaction; `known`: without a
    /// database, the ids the page holds (the new solves come back whole).
    Import {
        name: String,
        known: Option<Vec<u64>>,
    },
    /// Write the history as a file: the database's, and `held` (what it has not kept, or,
    /// without one, everything).
    Export {
        name: String,
        format: HistoryFormat,
        held: Keeping,
    },
    /// Offer what could not be read, as it was.
    DownloadUnreadable,
    /// Read a replay link pasted to watch (a Slide link, or an Open Slidysim link's solve):
    /// [`StoreSaid::ReplayLink`].
    ReadReplayLink(String),
    /// Write the Open Slidysim link of a solve of `moves` from `start`, made at `times`:
    /// [`StoreSaid::SlidysimLink`].
    WriteSlidysim {
        start: Position,
        moves: Vec<Move>,
        times: Vec<f64>,
    },
}

/// What the record's worker says, as the record part's action.
#[derive(Clone, Debug, PartialEq)]
pub enum StoreSaid {
    /// The database is open (`persisted`: whether the browser promised to keep it, if known).
    Opened {
        persisted: Option<bool>,
    },
    /// The database cannot be used at all (or no longer): the record lives in memory.
    Refused(Refusal),
    /// A history of an earlier version moved in from `localStorage`, read back complete.
    MovedIn {
        solves: usize,
        events: usize,
    },
    /// The move failed: the old history stays where it was, and is read from there.
    NotMovedIn(Refusal),
    /// The newest solves in full (for the history table), and how many solves are kept.
    Newest {
        solves: Vec<Solve>,
        total: usize,
    },
    /// A chunk of the load: what the statistics need of each solve, oldest first.
    Briefs(Vec<Brief>),
    /// Every event kept.
    Events(Vec<EventRecord>),
    /// Stored values that could not be read, kept as they were: how many, and how many the
    /// player was told of before.
    Unreadable {
        count: usize,
        told: usize,
    },
    /// The load is done.
    Loaded,
    /// A long task's progress (a load, an import's writing, an export): `done` of `total`.
    Progress {
        done: u64,
        total: u64,
    },
    /// A [`Keeping`] was written: these ids.
    Kept {
        solves: Vec<u64>,
        events: Vec<u64>,
    },
    /// A [`Keeping`] was not written: these ids, and why.
    NotKept {
        solves: Vec<u64>,
        events: Vec<u64>,
        why: Refusal,
    },
    /// An import is done: what it did, and (without a database) what it added, whole.
    Imported {
        report: ImportReport,
        added: Keeping,
    },
    /// The file is no history (its name, and why), or could not be read.
    NotImported {
        name: String,
        why: String,
    },
    /// The import's transaction failed: nothing of it was kept.
    ImportNotKept(Refusal),
    /// The history was cleared (or not).
    Cleared,
    NotCleared(Refusal),
    /// The export is offered as a file (or could not be written).
    Exported,
    NotExported(Refusal),
    /// Older solves for the history table, newest first (fewer than asked: none older).
    Older(Vec<Solve>),
    /// Another tab kept these.
    Arrived(Keeping),
    /// Another tab cleared or imported: read the record again.
    Reload,
    /// The browser's answer to the request to keep the site's storage persistently.
    Persisted(bool),
    /// A replay link pasted to watch, as a Slide link's query (`board=…&replay=…`), or why it
    /// cannot be watched.
    ReplayLink(Result<String, String>),
    /// The Open Slidysim link written, or why it could not be.
    SlidysimLink(Result<String, String>),
    /// Solves and events were deleted (the record is read again).
    Deleted,
    /// What sync did.
    Sync(SyncSaid),
    /// What the server said of the race.
    Race(RaceSaid),
}

/// A history kept by an earlier version (one JSON string in `localStorage`) read for the
/// database, piece by piece: its readable solves and events, and whether any of it could not be
/// read, in which case the whole text is kept as it was, beside them.
#[derive(Debug, Default)]
pub struct MoveIn {
    reader: HistoryReader,
    keeping: Keeping,
    unreadable: bool,
}

impl MoveIn {
    pub fn new() -> MoveIn {
        MoveIn::default()
    }

    pub fn feed(&mut self, piece: &[u8]) {
        for entry in self.reader.feed(piece) {
            self.take(entry);
        }
    }

    fn take(&mut self, entry: Entry) {
        match entry {
            Entry::Solve(Ok(s)) => self.keeping.solves.push(s),
            Entry::Event(Ok(e)) => self.keeping.events.push(e),
            Entry::Solve(Err(_)) | Entry::Event(Err(_)) => self.unreadable = true,
        }
    }

    /// What moves in, and whether the old text must be kept as it was (something in it could
    /// not be read). An empty text moves nothing in.
    pub fn finish(mut self) -> (Keeping, bool) {
        let reader = std::mem::take(&mut self.reader);
        match reader.finish() {
            Ok((last, cut)) => {
                for entry in last {
                    self.take(entry);
                }
                self.unreadable |= cut.is_some();
            }
            Err(HistoryError::Empty) => {}
            Err(_) => self.unreadable = true,
        }
        (self.keeping, self.unreadable)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn moved(text: &str) -> (Keeping, bool) {
        let mut m = MoveIn::new();
        for piece in text.as_bytes().chunks(5) {
            m.feed(piece);
        }
        m.finish()
    }

    const SOLVE: &str = r#"{"id":5,"date":"2026-11-23","size":"3x3","board":"8 6 7/2 5 4/3 0 1","goal":"1 2 3/4 5 6/7 8 0","moves":40,"mtm":30,"millis":9000,"optimal":31,"best_known":null,"assisted":false,"control":"keys","random_state":true,"times":[]}"#;

    #[test]
    fn an_old_history_moves_in_whole_and_a_damaged_one_is_kept_beside_what_it_yields() {
        let whole = format!(r#"{{"version":1,"solves":[{SOLVE}],"events":[]}}"#);
        let (keeping, unreadable) = moved(&whole);
        assert_eq!((keeping.solves.len(), unreadable), (1, false));
        assert_eq!(keeping.solves[0].id, 5);
        // Cut short in the second solve: the first moves in, the text is kept.
        let cut = format!(r#"{{"version":1,"solves":[{SOLVE},{{"id":6,"da"#);
        let (keeping, unreadable) = moved(&cut);
        assert_eq!((keeping.solves.len(), unreadable), (1, true));
        // A solve this version cannot read (a control it does not know): kept as text.
        let newer = whole.replace("\"keys\"", "\"gamepad\"");
        assert_eq!(moved(&newer), (Keeping::default(), true));
        assert_eq!(moved("not json at all"), (Keeping::default(), true));
        assert_eq!(moved(""), (Keeping::default(), false));
    }

    #[test]
    fn refusals_say_what_they_mean_for_the_solves() {
        for why in [
            Refusal::Unavailable,
            Refusal::Full,
            Refusal::Blocked,
            Refusal::Replaced,
            Refusal::Failed("x".repeat(500)),
        ] {
            let text = why.text();
            assert!(text.ends_with("kept until this tab closes: export them to keep them."));
            assert!(text.len() < 400, "{text}");
        }
    }
}
