//! Every event played, kept with the history: in the same stored JSON (`"events"` beside
//! `"solves"`) and in the same files (JSON, or a second table in the CSV after a blank line).
//! An entry that cannot be read, such as one naming an event this page does not know, is left
//! out and named ([`Unread`]); the rest is kept.

use super::record::{self, CSV_HEADER, EventRecord};
use crate::play::record::json::{self, Json};
use crate::play::record::left_out::{Entry, EntryProblem, HistoryError, LeftOut, Unread};
use crate::play::record::solves::Imported;

/// Every event, oldest first.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct EventLog {
    pub events: Vec<EventRecord>,
}

impl EventLog {
    /// Adds an event (kept in order of id; one already here is not added twice).
    pub fn add(&mut self, event: EventRecord) -> bool {
        if self.events.iter().any(|e| e.id == event.id) {
            return false;
        }
        let at = self.events.partition_point(|e| e.id < event.id);
        self.events.insert(at, event);
        true
    }

    /// The next id free from `id` on.
    pub fn free_id(&self, mut id: u64) -> u64 {
        while self.events.iter().any(|e| e.id == id) {
            id += 1;
        }
        id
    }

    /// The event `id`, to give it its optimum once measured.
    pub fn get_mut(&mut self, id: u64) -> Option<&mut EventRecord> {
        self.events.iter_mut().find(|e| e.id == id)
    }

    /// The events as the history's JSON carries them.
    pub fn to_json(&self) -> Json {
        Json::Array(self.events.iter().map(EventRecord::to_json).collect())
    }

    /// The events' table of a CSV history: a header, then a line each (empty with no events).
    pub fn to_csv(&self) -> String {
        if self.events.is_empty() {
            return String::new();
        }
        let mut out = format!("{CSV_HEADER}\n");
        for e in &self.events {
            out.push_str(&e.to_csv());
            out.push('\n');
        }
        out
    }

    /// Reads the events of a history file (JSON or CSV) into this log, keeping what is here; a
    /// file with no events adds none.
    pub fn import(&mut self, text: &str) -> Imported {
        let entries = match text.trim_start().starts_with(['{', '[']) {
            true => from_json(text),
            false => from_csv(split_csv(text).1.unwrap_or_default()),
        };
        Imported::of(entries, |event| self.add(event))
    }

    /// Reads the stored history's events: those it could read, and what it left out (the
    /// whole text, when it is not JSON; nothing for an empty store or a history without events).
    pub fn from_stored(text: &str) -> (EventLog, LeftOut) {
        let mut log = EventLog::default();
        if !text.trim().is_empty()
            && let Err(e) = Json::parse(text)
        {
            let whole = Some(HistoryError::NotJson(e.to_string()));
            let entries = Vec::new();
            return (log, LeftOut { whole, entries });
        }
        let entries = log.import(text).problems;
        (
            log,
            LeftOut {
                whole: None,
                entries,
            },
        )
    }
}

/// How the events' header starts (the solves' has `size` third).
pub(crate) const HEADER_START: &str = "id,date,event,";

/// A CSV history's solves and its events' table (from the events' header on), apart.
pub fn split_csv(text: &str) -> (&str, Option<&str>) {
    let mut at = 0;
    for line in text.split_inclusive('\n') {
        if line.starts_with(HEADER_START) {
            return (&text[..at], Some(&text[at..]));
        }
        at += line.len();
    }
    (text, None)
}

fn from_json(text: &str) -> Vec<Result<EventRecord, Unread>> {
    let Ok(value) = Json::parse(text) else {
        return Vec::new();
    };
    let Some(list) = value.get("events").and_then(Json::as_array) else {
        return Vec::new();
    };
    (list.iter().enumerate())
        .map(|(i, v)| {
            event_of_json(v).map_err(|problem| Unread {
                entry: Entry::Event(i + 1),
                problem,
            })
        })
        .collect()
}

/// One event from its JSON object (an entry of the `events` list, or a stored record), or why
/// not.
pub(crate) fn event_of_json(v: &Json) -> Result<EventRecord, EntryProblem> {
    let text = |k: &str| match v.get(k)? {
        Json::Bool(b) => Some(b.to_string()),
        other => other.as_str().map(str::to_string),
    };
    let number = |k: &str| v.get(k).and_then(Json::as_f64);
    let splits = (v.get("splits").and_then(Json::as_array))
        .map(|s| s.iter().map(|t| t.as_f64().unwrap_or(-1.0)).collect())
        .unwrap_or_default();
    record::read(&text, &number, splits)
}

fn from_csv(text: &str) -> Vec<Result<EventRecord, Unread>> {
    let mut lines = text.lines().filter(|l| !l.trim().is_empty());
    let Some(header) = lines.next() else {
        return Vec::new();
    };
    let header: Vec<&str> = header.split(',').map(str::trim).collect();
    (lines.enumerate())
        .map(|(i, line)| {
            event_of_csv(&header, line).map_err(|problem| Unread {
                entry: Entry::EventLine(i + 1),
                problem,
            })
        })
        .collect()
}

/// One event from a line of the events' table under `header` (the column names), or why not.
pub(crate) fn event_of_csv(header: &[&str], line: &str) -> Result<EventRecord, EntryProblem> {
    let cells: Vec<&str> = line.split(',').map(str::trim).collect();
    let cell = |name: &str| {
        let at = header.iter().position(|h| *h == name)?;
        cells
            .get(at)
            .filter(|c| !c.is_empty())
            .map(|c| c.to_string())
    };
    let number = |name: &str| cell(name).and_then(|c| json::number(&c));
    let splits = (cell("splits").unwrap_or_default().split_whitespace())
        .map(|t| json::number(t).unwrap_or(-1.0))
        .collect();
    record::read(&cell, &number, splits)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::play::event::record::tests::marathon;

    fn log() -> EventLog {
        let mut log = EventLog::default();
        log.add(marathon(2, 9_500.0));
        log.add(marathon(1, 12_000.0));
        log
    }

    #[test]
    fn json_and_csv_bring_every_event_back() {
        let log = log();
        assert_eq!(log.events[0].id, 1);
        let json = format!(
            "{{\"version\":1,\"solves\":[],\"events\":{}}}",
            log.to_json()
        );
        let mut back = EventLog::default();
        assert_eq!(back.import(&json).added, 2);
        assert_eq!(back, log);
        let csv = format!("id,date,size,board\n\n{}", log.to_csv());
        let (solves, events) = split_csv(&csv);
        assert_eq!(solves, "id,date,size,board\n\n");
        assert!(events.is_some_and(|e| e.starts_with(CSV_HEADER)));
        let mut back = EventLog::default();
        let report = back.import(&csv);
        assert_eq!((report.added, report.problems.len()), (2, 0));
        assert_eq!(back, log);
        // Again: nothing new.
        assert_eq!(back.import(&csv).known, 2);
    }

    #[test]
    fn an_unknown_event_is_left_out_and_named() {
        let json = log()
            .to_json()
            .to_string()
            .replacen("marathon-2", "bogus", 1);
        let mut back = EventLog::default();
        let report = back.import(&format!("{{\"events\":{json}}}"));
        assert_eq!(report.added, 1);
        assert_eq!(report.problems.len(), 1);
        assert_eq!(report.problems[0].entry, Entry::Event(1));
        assert_eq!(
            report.problems[0].to_string(),
            "event 1: no such event \"bogus\" (marathon-N, relay-N, relay-down-N, blindfolded or fmc)"
        );
        // A history without events, or not one at all, adds none.
        assert_eq!(back.import("{\"solves\":[]}").added, 0);
        assert_eq!(back.import("not a file").added, 0);
    }
}
