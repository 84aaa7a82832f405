//! A history file read piece by piece, as its bytes arrive: each solve and event is handed out as
//! soon as it is complete, so a file of 100,000 solves (53 MB of JSON) never becomes one tree in
//! memory, and the page reads it in slices between frames. The formats are the history's own
//! (see [`super::solves`] and [`super::event::log`]): JSON (`{"version":1,"solves":[…],
//! "events":[…]}`, or a bare list of solves) or CSV (the solves' table, then the events' after
//! a blank line), told apart by the first character. csTimer's export (an object whose first key
//! is `session1` or `properties`) is told apart by that key and read whole, since what its
//! solves are is said at its end ([`crate::play::record::cstimer`]).
//!
//! A file cut short keeps what came before the cut: every complete entry is read, and the
//! cut is named, so the readable part of a truncated history is never thrown away with it.

use crate::play::event::log::{HEADER_START, event_of_csv, event_of_json};
use crate::play::event::record::EventRecord;
use crate::play::record::cstimer;
use crate::play::record::json::Json;
use crate::play::record::left_out::{self, EntryProblem, HistoryError, Unread};
use crate::play::record::solves::{Solve, solve_of_csv, solve_of_json};

/// One entry of a history file: read, or where and why not (`solve 3: no board`).
#[derive(Clone, Debug, PartialEq)]
pub enum Entry {
    Solve(Result<Solve, Unread>),
    Event(Result<EventRecord, Unread>),
}

/// Which list of a file the entries being read belong to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum List {
    Solves,
    Events,
}

/// Reads one history file, fed in pieces of any size (a piece may end inside a character).
#[derive(Debug, Default)]
pub struct HistoryReader {
    form: Form,
    /// The first bytes, until they tell the form (a piece may be a few bytes).
    head: Vec<u8>,
    /// Bytes read so far.
    read: u64,
    solves: usize,
    events: usize,
}

#[derive(Debug, Default)]
enum Form {
    /// Nothing but white space (and a byte order mark) yet.
    #[default]
    Unknown,
    Json(JsonScan),
    Csv(CsvScan),
    /// csTimer's export, kept whole until its end.
    CsTimer(Vec<u8>),
    /// Not a history: read no further.
    Refused(HistoryError),
}

impl HistoryReader {
    pub fn new() -> HistoryReader {
        HistoryReader::default()
    }

    /// Bytes read so far.
    pub fn read(&self) -> u64 {
        self.read
    }

    /// Already known to be no history: reading on is pointless.
    pub fn refused(&self) -> bool {
        matches!(self.form, Form::Refused(_))
    }

    /// Reads the next piece; returns the entries it completed.
    pub fn feed(&mut self, bytes: &[u8]) -> Vec<Entry> {
        self.read += bytes.len() as u64;
        if let Form::Unknown = self.form {
            self.head.extend_from_slice(bytes);
            let Some((form, start)) = form_of(&self.head, false) else {
                return Vec::new();
            };
            self.form = form;
            let head = std::mem::take(&mut self.head);
            return self.go_on(&head[start..]);
        }
        self.go_on(bytes)
    }

    /// Reads on, in the form told.
    fn go_on(&mut self, rest: &[u8]) -> Vec<Entry> {
        let mut out = Vec::new();
        let counts = (&mut self.solves, &mut self.events);
        let problem = match &mut self.form {
            Form::Json(scan) => scan.feed(rest, counts, &mut out).err(),
            Form::Csv(scan) => scan.feed(rest, counts, &mut out).err(),
            Form::CsTimer(whole) if whole.len() + rest.len() > MAX_WHOLE => {
                Some(HistoryError::TooLarge(MAX_WHOLE / 1_000_000))
            }
            Form::CsTimer(whole) => {
                whole.extend_from_slice(rest);
                None
            }
            _ => None,
        };
        if let Some(problem) = problem {
            self.form = Form::Refused(problem);
        }
        out
    }

    /// The file is over: the last entries, and what is wrong with its end (cut short, say);
    /// or why it is no history at all.
    pub fn finish(mut self) -> Result<(Vec<Entry>, Option<String>), HistoryError> {
        // A file shorter than what tells its form: told now.
        if let (Form::Unknown, Some((form, start))) = (&self.form, form_of(&self.head, true)) {
            self.form = form;
            let head = std::mem::take(&mut self.head);
            let out = self.go_on(&head[start..]);
            return (self.finish()).map(|(more, cut)| (out.into_iter().chain(more).collect(), cut));
        }
        let mut out = Vec::new();
        let counts = (&mut self.solves, &mut self.events);
        match self.form {
            Form::Unknown => Err(HistoryError::Empty),
            Form::CsTimer(whole) => {
                let text = String::from_utf8(whole)
                    .map_err(|_| HistoryError::NotJson("not text (UTF-8)".into()))?;
                let value = Json::parse(&text).map_err(|e| HistoryError::NotJson(e.to_string()))?;
                let read = cstimer::read(&value).into_iter().map(Entry::Solve);
                Ok((read.collect(), None))
            }
            Form::Refused(problem) => Err(problem),
            Form::Csv(mut scan) => {
                scan.line(counts, &mut out)?;
                Ok((out, None))
            }
            Form::Json(scan) => scan.end(self.solves, self.events).map(|cut| (out, cut)),
        }
    }
}

/// The byte order mark's bytes, skipped before the first character.
const BOM: [u8; 3] = [0xEF, 0xBB, 0xBF];

/// The most of a file read whole (csTimer's export): 64 MB, some years of daily solves.
const MAX_WHOLE: usize = 64_000_000;

/// The form the first bytes of a file tell (white space and a byte order mark skipped), and
/// where its text starts; `None` while they cannot tell yet (`end`: there are no more), or
/// when there is nothing but white space.
fn form_of(head: &[u8], end: bool) -> Option<(Form, usize)> {
    let start = head
        .iter()
        .position(|b| !b.is_ascii_whitespace() && !BOM.contains(b))?;
    let text = &head[start..];
    let form = match text[0] {
        b'[' => Form::Json(JsonScan::new(true)),
        b'{' => match cstimer::starts_export(text) {
            Some(true) => Form::CsTimer(Vec::new()),
            None if !end && text.len() < 64 => return None,
            _ => Form::Json(JsonScan::new(false)),
        },
        _ => Form::Csv(CsvScan::default()),
    };
    Some((form, start))
}

/// Where the JSON reader stands between two bytes.
#[derive(Debug)]
struct JsonScan {
    /// Containers open (the file's own object or list is the first).
    depth: usize,
    in_string: bool,
    escaped: bool,
    /// The top object's member being read: its key, once complete.
    key: Vec<u8>,
    reading_key: bool,
    /// The list whose entries are read, and the depth its entries start at.
    list: Option<(List, usize)>,
    /// The entry being read, from its first byte.
    entry: Vec<u8>,
    in_entry: bool,
    /// Seen a list of solves or events at all.
    found: bool,
    /// The top object or list closed.
    closed: bool,
    at: u64,
}

impl JsonScan {
    fn new(bare_list: bool) -> JsonScan {
        JsonScan {
            depth: 0,
            in_string: false,
            escaped: false,
            key: Vec::new(),
            reading_key: false,
            // A bare list is a list of solves, its entries one level in.
            list: bare_list.then_some((List::Solves, 1)),
            entry: Vec::new(),
            in_entry: false,
            found: bare_list,
            closed: false,
            at: 0,
        }
    }

    fn feed(
        &mut self,
        bytes: &[u8],
        counts: (&mut usize, &mut usize),
        out: &mut Vec<Entry>,
    ) -> Result<(), HistoryError> {
        let (solves, events) = counts;
        for &b in bytes {
            self.at += 1;
            if self.closed {
                if !b.is_ascii_whitespace() {
                    return Err(self.not_json("the end of the file"));
                }
                continue;
            }
            let entry_depth = self.list.map(|(_, d)| d);
            // An entry starts at its first byte inside its list.
            if !self.in_entry
                && Some(self.depth) == entry_depth
                && !self.in_string
                && !matches!(b, b',' | b']')
                && !b.is_ascii_whitespace()
            {
                self.in_entry = true;
                self.entry.clear();
            }
            if self.in_entry {
                self.entry.push(b);
            }
            if self.in_string {
                match (self.escaped, b) {
                    (true, _) => self.escaped = false,
                    (false, b'\\') => self.escaped = true,
                    (false, b'"') => {
                        self.in_string = false;
                        self.reading_key = false;
                    }
                    _ if self.reading_key => self.key.push(b),
                    _ => {}
                }
                if !self.in_string && self.in_entry && Some(self.depth) == entry_depth {
                    // A string entry (not an object) ends at its quote.
                    self.end_entry(solves, events, out);
                }
                continue;
            }
            match b {
                b'"' => {
                    self.in_string = true;
                    // A key of the top object (a value there is skipped).
                    if self.depth == 1 && self.list.is_none() && self.key.is_empty() {
                        self.reading_key = true;
                    }
                }
                b'{' | b'[' => {
                    if self.depth == 1 && self.list.is_none() && !self.key.is_empty() && b == b'[' {
                        self.list = match &self.key[..] {
                            b"solves" => Some((List::Solves, 2)),
                            b"events" => Some((List::Events, 2)),
                            _ => None,
                        };
                        self.found |= self.list.is_some();
                    }
                    self.depth += 1;
                    if self.depth > MAX_DEPTH {
                        return Err(self.not_json("less nesting"));
                    }
                }
                b'}' | b']' => self.close(entry_depth, (solves, events), out)?,
                b',' => {
                    if self.in_entry && Some(self.depth) == entry_depth {
                        self.entry.pop();
                        self.end_entry(solves, events, out);
                    }
                    if self.depth == 1 {
                        self.key.clear();
                    }
                }
                _ => {}
            }
        }
        Ok(())
    }

    /// A container closes: an entry with it, or the list, or the file.
    fn close(
        &mut self,
        entry_depth: Option<usize>,
        counts: (&mut usize, &mut usize),
        out: &mut Vec<Entry>,
    ) -> Result<(), HistoryError> {
        let (solves, events) = counts;
        let Some(depth) = self.depth.checked_sub(1) else {
            return Err(self.not_json("a value"));
        };
        // A scalar entry ends where its list closes.
        if self.in_entry && Some(self.depth) == entry_depth {
            self.entry.pop();
            self.end_entry(solves, events, out);
        }
        self.depth = depth;
        if self.in_entry && Some(self.depth) == entry_depth {
            self.end_entry(solves, events, out);
        }
        if self.list.is_some_and(|(_, d)| self.depth < d) {
            self.list = None;
            self.key.clear();
        }
        self.closed = self.depth == 0;
        Ok(())
    }

    /// The entry just read, handed out.
    fn end_entry(&mut self, solves: &mut usize, events: &mut usize, out: &mut Vec<Entry>) {
        self.in_entry = false;
        let Some((list, _)) = self.list else {
            return;
        };
        let value = std::str::from_utf8(&self.entry)
            .map_err(|_| EntryProblem::NotText)
            .and_then(|text| Json::parse(text).map_err(|e| EntryProblem::NotJson(e.to_string())));
        self.entry.clear();
        out.push(match list {
            List::Solves => {
                *solves += 1;
                let entry = left_out::Entry::Solve(*solves);
                let read = value.and_then(|v| solve_of_json(&v));
                Entry::Solve(read.map_err(|problem| Unread { entry, problem }))
            }
            List::Events => {
                *events += 1;
                let entry = left_out::Entry::Event(*events);
                let read = value.and_then(|v| event_of_json(&v));
                Entry::Event(read.map_err(|problem| Unread { entry, problem }))
            }
        });
    }

    fn not_json(&self, expected: &'static str) -> HistoryError {
        HistoryError::NotJson(format!(
            "not JSON: expected {expected} at character {}",
            self.at
        ))
    }

    /// The file ended: cut short (what is named), or whole; refused if it had no list.
    fn end(self, solves: usize, events: usize) -> Result<Option<String>, HistoryError> {
        if !self.found {
            return Err(HistoryError::NoSolves);
        }
        if self.closed {
            return Ok(None);
        }
        Ok(Some(match self.list {
            Some((List::Solves, _)) if self.in_entry => {
                format!("the file is cut short in solve {}", solves + 1)
            }
            Some((List::Events, _)) if self.in_entry => {
                format!("the file is cut short in event {}", events + 1)
            }
            _ => "the file is cut short".to_string(),
        }))
    }
}

/// Deepest nesting read (the page's JSON reader allows as deep).
const MAX_DEPTH: usize = 64;

/// Where the CSV reader stands: the line being read, and the table it belongs to.
#[derive(Debug, Default)]
struct CsvScan {
    line: Vec<u8>,
    /// The current table's list and its column names, once its header is read.
    table: Option<(List, Vec<String>)>,
    /// Lines seen, blank ones among them (a solve's problem names its line).
    lines: usize,
}

impl CsvScan {
    fn feed(
        &mut self,
        bytes: &[u8],
        counts: (&mut usize, &mut usize),
        out: &mut Vec<Entry>,
    ) -> Result<(), HistoryError> {
        let (solves, events) = counts;
        let mut rest = bytes;
        while let Some(end) = rest.iter().position(|&b| b == b'\n') {
            self.line.extend_from_slice(&rest[..end]);
            self.line((&mut *solves, &mut *events), out)?;
            rest = &rest[end + 1..];
        }
        self.line.extend_from_slice(rest);
        Ok(())
    }

    /// The line read so far is complete.
    fn line(
        &mut self,
        counts: (&mut usize, &mut usize),
        out: &mut Vec<Entry>,
    ) -> Result<(), HistoryError> {
        let (solves, events) = counts;
        let bytes = std::mem::take(&mut self.line);
        self.lines += 1;
        let text = String::from_utf8_lossy(&bytes);
        let line = text.trim();
        if line.is_empty() {
            return Ok(());
        }
        let header = || line.split(',').map(|h| h.trim().to_string()).collect();
        if line.starts_with(HEADER_START) {
            self.table = Some((List::Events, header()));
            return Ok(());
        }
        let Some((list, columns)) = &self.table else {
            let columns: Vec<String> = header();
            if !columns.iter().any(|c| c == "board") || !columns.iter().any(|c| c == "millis") {
                return Err(HistoryError::NoColumns);
            }
            self.table = Some((List::Solves, columns));
            return Ok(());
        };
        let columns: Vec<&str> = columns.iter().map(String::as_str).collect();
        out.push(match list {
            List::Solves => {
                *solves += 1;
                let entry = left_out::Entry::Line(self.lines);
                let read = solve_of_csv(&columns, line);
                Entry::Solve(read.map_err(|problem| Unread { entry, problem }))
            }
            List::Events => {
                *events += 1;
                let entry = left_out::Entry::EventLine(*events);
                let read = event_of_csv(&columns, line);
                Entry::Event(read.map_err(|problem| Unread { entry, problem }))
            }
        });
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::play::event::log::EventLog;
    use crate::play::event::record::tests::marathon;
    use crate::play::record::solves::History;

    fn history(n: u64) -> History {
        let mut h = History::default();
        let text = |i: u64| {
            format!(
                r#"{{"id":{i},"date":"2026-11-23","board":"8 6 7/2 5 4/3 0 1","moves":40,"mtm":30,"millis":{}.5,"control":"keys","random_state":true,"times":[]}}"#,
                9_000 + i
            )
        };
        for i in 1..=n {
            h.import(&format!("[{}]", text(i))).unwrap();
        }
        h
    }

    /// Reads `text` in pieces of `size` bytes.
    fn read(text: &str, size: usize) -> Result<(Vec<Entry>, Option<String>), HistoryError> {
        let mut reader = HistoryReader::new();
        let mut entries = Vec::new();
        for piece in text.as_bytes().chunks(size.max(1)) {
            entries.extend(reader.feed(piece));
        }
        assert_eq!(reader.read(), text.len() as u64);
        let (last, cut) = reader.finish()?;
        entries.extend(last);
        Ok((entries, cut))
    }

    fn solves(entries: &[Entry]) -> Vec<Solve> {
        (entries.iter())
            .filter_map(|e| match e {
                Entry::Solve(Ok(s)) => Some(s.clone()),
                _ => None,
            })
            .collect()
    }

    #[test]
    fn every_piece_size_reads_the_same_entries_as_the_whole_file() {
        let h = history(4);
        let mut log = EventLog::default();
        log.add(marathon(7, 9_500.0));
        let json = format!(
            "\u{feff}{{\"version\":1,\"note\":{{\"x\":[1,\"]\"]}},\"solves\":{},\"events\":{}}}",
            h.to_json().get("solves").unwrap(),
            log.to_json()
        );
        let csv = format!("{}\n{}", h.to_csv(), log.to_csv());
        for text in [&json, &csv] {
            for size in [1, 2, 3, 7, 64, 100_000] {
                let (entries, cut) = read(text, size).unwrap();
                assert_eq!(cut, None, "{size}");
                assert_eq!(solves(&entries), h.solves, "{size}: {text}");
                let events: Vec<&Entry> = (entries.iter())
                    .filter(|e| matches!(e, Entry::Event(_)))
                    .collect();
                assert_eq!(events, [&Entry::Event(Ok(marathon(7, 9_500.0)))], "{size}");
            }
        }
        // A bare list of solves, as older files were.
        let bare = h.to_json().get("solves").unwrap().to_string();
        assert_eq!(solves(&read(&bare, 5).unwrap().0), h.solves);
    }

    #[test]
    fn a_file_cut_short_keeps_its_complete_entries_and_names_the_cut() {
        let text = history(3).to_json().to_string();
        let cut_at = text.find("\"id\":3").unwrap() + 10;
        let (entries, cut) = read(&text[..cut_at], 9).unwrap();
        assert_eq!(solves(&entries).len(), 2);
        assert_eq!(cut.as_deref(), Some("the file is cut short in solve 3"));
        // Between entries: cut short, nothing in the middle.
        let third = text[..text.find("\"id\":3").unwrap()].rfind('{').unwrap();
        let (entries, cut) = read(&text[..third], 4).unwrap();
        assert_eq!(
            (solves(&entries).len(), cut.as_deref()),
            (2, Some("the file is cut short"))
        );
    }

    #[test]
    fn bad_entries_are_named_and_the_rest_is_read() {
        let text = r#"{"solves":[{"id":1},7,"x",{"id":2,"date":"2026-11-23","board":"1 2 3/4 5 6/7 0 8","moves":1,"millis":5}]}"#;
        let (entries, cut) = read(text, 3).unwrap();
        assert_eq!(cut, None);
        let problems: Vec<String> = (entries.iter())
            .filter_map(|e| match e {
                Entry::Solve(Err(why)) => Some(why.to_string()),
                _ => None,
            })
            .collect();
        assert_eq!(
            problems,
            [
                "solve 1: no board",
                "solve 2: no board",
                "solve 3: no board"
            ]
        );
        assert_eq!(solves(&entries).len(), 1);
    }

    #[test]
    fn what_is_not_a_history_is_refused_as_the_whole_file_reader_refuses_it() {
        assert_eq!(read("", 4).unwrap_err(), HistoryError::Empty);
        assert_eq!(read("  \n ", 4).unwrap_err(), HistoryError::Empty);
        assert_eq!(read("hello", 2).unwrap_err(), HistoryError::NoColumns);
        assert_eq!(read("{\"x\":1}", 2).unwrap_err(), HistoryError::NoSolves);
        assert!(matches!(read("{}}", 2), Err(HistoryError::NotJson(_))));
        assert!(matches!(read("[]x", 2), Err(HistoryError::NotJson(_))));
        let deep = "[".repeat(100);
        assert!(matches!(read(&deep, 7), Err(HistoryError::NotJson(_))));
        // An events' table alone is a history of events.
        let log = {
            let mut log = EventLog::default();
            log.add(marathon(1, 9_000.0));
            log
        };
        let (entries, _) = read(&log.to_csv(), 11).unwrap();
        assert_eq!(entries, [Entry::Event(Ok(marathon(1, 9_000.0)))]);
    }
}
