//! A history file, whole: read for an import (what is new, what was kept already, what could
//! not be read) and written for an export, piece by piece, so that 100,000 solves go in and out
//! without one giant string or tree. The formats are the history's own: JSON
//! (`{"version":1,"solves":[…],"events":[…]}`) or CSV (the solves' table, then the events'
//! after a blank line). The record's worker runs these (`web/store`); they are plain Rust,
//! tested here.

use super::reader::{Entry, HistoryReader};
use crate::play::event::log::EventLog;
use crate::play::event::record::EventRecord;
use crate::play::record::left_out::HistoryError;
use crate::play::record::solves::{CSV_HEADER, Solve, count};

/// The history's file formats.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HistoryFormat {
    Json,
    Csv,
}

/// The beginning of a history file, before its solves.
pub fn head(format: HistoryFormat) -> String {
    match format {
        HistoryFormat::Json => "{\"version\":1,\"solves\":[".into(),
        HistoryFormat::Csv => format!("{CSV_HEADER}\n"),
    }
}

/// One solve of a history file (`first`: the first of the file, with no comma before it).
pub fn solve(format: HistoryFormat, s: &Solve, first: bool) -> String {
    match (format, first) {
        (HistoryFormat::Json, true) => s.to_json().to_string(),
        (HistoryFormat::Json, false) => format!(",{}", s.to_json()),
        (HistoryFormat::Csv, _) => s.csv_line() + "\n",
    }
}

/// The end of a history file, after its solves: its events.
pub fn tail(format: HistoryFormat, events: &[EventRecord]) -> String {
    let log = EventLog {
        events: events.to_vec(),
    };
    match format {
        HistoryFormat::Json => format!("],\"events\":{}}}", log.to_json()),
        HistoryFormat::Csv if events.is_empty() => String::new(),
        HistoryFormat::Csv => format!("\n{}", log.to_csv()),
    }
}

/// A whole history file of `solves` and `events`.
pub fn write(format: HistoryFormat, solves: &[Solve], events: &[EventRecord]) -> String {
    let mut out = head(format);
    for (i, s) in solves.iter().enumerate() {
        out.push_str(&solve(format, s, i == 0));
    }
    out.push_str(&tail(format, events));
    out
}

/// What an import did: what it added, what was here, what it left out.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ImportReport {
    /// The file's name.
    pub name: String,
    pub added: usize,
    pub known: usize,
    pub events_added: usize,
    pub events_known: usize,
    /// Entries that could not be read, with why (and where a file was cut short).
    pub problems: Vec<String>,
}

/// Unreadable entries named in a report (the rest are counted).
const NAMED: usize = 3;

impl ImportReport {
    /// `mine.csv: 5 solves added, 0 already here. Left out: line 3: board: …`
    pub fn text(&self) -> String {
        let mut note = format!(
            "{}: {} added, {} already here.",
            self.name,
            count(self.added, "solve"),
            self.known
        );
        if self.events_added + self.events_known > 0 {
            note.push_str(&format!(
                " {} added, {} already here.",
                count(self.events_added, "event"),
                self.events_known
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
            match self.problems.len().saturating_sub(NAMED) {
                0 => note.push('.'),
                more => note.push_str(&format!("; and {more} more.")),
            }
        }
        note
    }
}

/// A history file read for an import, piece by piece.
#[derive(Debug)]
pub struct Import {
    name: String,
    reader: HistoryReader,
    solves: Vec<Solve>,
    events: Vec<EventRecord>,
    problems: Vec<String>,
}

impl Import {
    /// An import of the file `name`.
    pub fn new(name: &str) -> Import {
        Import {
            name: name.to_string(),
            reader: HistoryReader::new(),
            solves: Vec::new(),
            events: Vec::new(),
            problems: Vec::new(),
        }
    }

    /// Reads the next piece.
    pub fn feed(&mut self, piece: &[u8]) {
        let entries = self.reader.feed(piece);
        self.take(entries);
    }

    /// Bytes read so far.
    pub fn read(&self) -> u64 {
        self.reader.read()
    }

    /// Already known to be no history: reading on is pointless.
    pub fn refused(&self) -> bool {
        self.reader.refused()
    }

    fn take(&mut self, entries: Vec<Entry>) {
        for entry in entries {
            match entry {
                Entry::Solve(Ok(s)) => self.solves.push(s),
                Entry::Event(Ok(e)) => self.events.push(e),
                Entry::Solve(Err(why)) | Entry::Event(Err(why)) => {
                    self.problems.push(why.to_string())
                }
            }
        }
    }

    /// The file is read: its solves and events that are new (`known`: whether a solve's id is
    /// kept already; `known_event`, an event's), each once and in order of id, and the report;
    /// or why the file is no history.
    pub fn finish(
        mut self,
        known: impl Fn(u64) -> bool,
        known_event: impl Fn(u64) -> bool,
    ) -> Result<(Vec<Solve>, Vec<EventRecord>, ImportReport), HistoryError> {
        let reader = std::mem::take(&mut self.reader);
        let (last, cut) = reader.finish()?;
        self.take(last);
        self.problems.extend(cut);
        let mut report = ImportReport {
            name: self.name,
            problems: self.problems,
            ..ImportReport::default()
        };
        let read = self.solves.len();
        // Stable: of two with one id, the first in the file stays.
        self.solves.sort_by_key(|s| s.id);
        self.solves.dedup_by_key(|s| s.id);
        self.solves.retain(|s| !known(s.id));
        report.added = self.solves.len();
        report.known = read - report.added;
        let mut events: Vec<EventRecord> = Vec::new();
        for e in self.events {
            match known_event(e.id) || events.iter().any(|k| k.id == e.id) {
                true => report.events_known += 1,
                false => events.push(e),
            }
        }
        report.events_added = events.len();
        Ok((self.solves, events, report))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::play::event::record::tests::marathon;
    use crate::play::record::solves::History;

    fn solves() -> Vec<Solve> {
        let mut h = History::default();
        let text = r#"[{"id":3,"date":"2026-11-23","board":"8 6 7/2 5 4/3 0 1","moves":40,"mtm":30,"millis":9000.5,"control":"keys","random_state":true,"times":[]},{"id":1,"date":"2026-11-22","board":"1 2 3/4 5 6/7 0 8","moves":1,"millis":400,"optimal":1,"assisted":true}]"#;
        h.import(text).unwrap();
        h.solves
    }

    fn import(text: &str, known: &[u64]) -> (Vec<Solve>, Vec<EventRecord>, ImportReport) {
        let mut import = Import::new("mine");
        for piece in text.as_bytes().chunks(7) {
            import.feed(piece);
        }
        import
            .finish(|id| known.contains(&id), |id| id == 99)
            .unwrap()
    }

    #[test]
    fn a_file_written_in_pieces_reads_back_whole_in_either_format() {
        let events = vec![marathon(7, 9_500.0)];
        for format in [HistoryFormat::Json, HistoryFormat::Csv] {
            let text = write(format, &solves(), &events);
            let (back, back_events, report) = import(&text, &[]);
            assert_eq!((back, back_events), (solves(), events.clone()), "{text}");
            assert_eq!(
                report.text(),
                "mine: 2 solves added, 0 already here. 1 event added, 0 already here."
            );
        }
        // As the whole-history writer wrote it.
        let mut h = History::default();
        solves().into_iter().for_each(|s| {
            h.add(s);
        });
        assert_eq!(write(HistoryFormat::Csv, &solves(), &[]), h.to_csv());
        let json = write(HistoryFormat::Json, &solves(), &[]);
        assert_eq!(
            json,
            format!(
                "{{\"version\":1,\"solves\":{},\"events\":[]}}",
                h.to_json().get("solves").unwrap()
            )
        );
    }

    #[test]
    fn a_cstimer_export_is_told_by_its_first_key_and_read_whole_in_any_pieces() {
        let export = r#" {"session1":[[[0,12345],"D R","",1700000000],[[-1,900],"D R","",1700000100]],"session2":[[[0,9000],"R U","",1700000000]],"properties":{"sessionData":"{\"1\":{\"opt\":{\"scrType\":\"15prp\"}}}"}}"#;
        let (solves, events, report) = import(export, &[]);
        assert_eq!(events, []);
        assert_eq!(solves.len(), 1);
        assert_eq!((solves[0].moves, solves[0].millis), (None, 12_345.0));
        assert_eq!(
            report.text(),
            "mine: 1 solve added, 0 already here. Left out: session 1, solve 2: a DNF (Slide keeps solved boards only); session 2: 1 solve of another puzzle (csTimer's scramble type 333)."
        );
        // Slide's own JSON still reads as it did, also when its first key is short.
        let (solves, ..) = import(r#"{"solves":[]}"#, &[]);
        assert_eq!(solves, []);
        let mut tiny = Import::new("tiny");
        tiny.feed(b"{}");
        assert!(
            tiny.finish(|_| false, |_| false).is_err(),
            "no list of solves"
        );
    }

    #[test]
    fn what_is_kept_already_or_twice_in_the_file_is_counted_and_not_added() {
        let mut twice = solves();
        twice.push(solves()[0].clone());
        let mut event = marathon(99, 1_000.0);
        let text = write(HistoryFormat::Json, &twice, &[event.clone()]);
        let (new, events, report) = import(&text, &[1]);
        assert_eq!(new.iter().map(|s| s.id).collect::<Vec<_>>(), [3]);
        assert_eq!((report.added, report.known), (1, 2));
        assert_eq!((events.len(), report.events_known), (0, 1));
        event.id = 100;
        let text = write(HistoryFormat::Csv, &[], &[event.clone(), event]);
        let (_, events, report) = import(&text, &[]);
        assert_eq!(
            (events.len(), report.events_added, report.events_known),
            (1, 1, 1)
        );
    }

    #[test]
    fn the_report_names_the_first_problems_and_counts_the_rest() {
        let report = ImportReport {
            name: "big.json".into(),
            added: 1,
            problems: (1..=5).map(|i| format!("solve {i}: no board")).collect(),
            ..ImportReport::default()
        };
        assert_eq!(
            report.text(),
            "big.json: 1 solve added, 0 already here. Left out: solve 1: no board; solve 2: no board; solve 3: no board; and 2 more."
        );
        let mut bad = Import::new("notes.txt");
        bad.feed(b"hello\nworld\n");
        assert!(bad.refused());
        assert_eq!(
            bad.finish(|_| false, |_| false).unwrap_err(),
            HistoryError::NoColumns
        );
    }
}
