//! History files and pages, in the record's worker: an import read in pieces and written in one
//! transaction (all of it or none); an export written from the database in pieces (the
//! solves' JSON copied as kept, a CSV line each) and offered as one file made of them; older
//! solves for the history table; and the stored values that could not be read, offered as
//! they were.

use super::idb::{self, EVENTS, SOLVES, UNREADABLE};
use super::load::ids;
use super::records::{Keys, event_record, solve_record};
use super::{FromStore, tabs, write};
use super::{STATE, breathe, post, progress, say};
use crate::play::event::record::EventRecord;
use crate::play::keeping::file::{self, HistoryFormat, Import};
use crate::play::keeping::{Keeping, StoreSaid};
use js_sys::{Array, Uint8Array};
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::JsFuture;
use web_sys::IdbDatabase;

/// Solves read at a time for an export.
const CHUNK: u32 = 2_000;
/// Bytes of an imported file read at a time.
const PIECE: f64 = 1024.0 * 1024.0;

/// Imports `file`: read in pieces, sorted against what is kept (the database's ids, or
/// without one the page's, `known`), and, with a database, written in one transaction.
pub async fn import(
    db: Option<&IdbDatabase>,
    file: Option<web_sys::File>,
    name: &str,
    known: Option<Vec<u64>>,
) {
    let Some(file) = file else {
        return say(StoreSaid::NotImported {
            name: name.into(),
            why: "the file could not be read".into(),
        });
    };
    match imported(db, &file, name, known).await {
        Ok(()) => {}
        Err(error) => say(StoreSaid::ImportNotKept(idb::refusal(&error))),
    }
}

async fn imported(
    db: Option<&IdbDatabase>,
    file: &web_sys::File,
    name: &str,
    known: Option<Vec<u64>>,
) -> Result<(), JsValue> {
    let mut import = Import::new(name);
    let size = file.size();
    let mut at = 0.0;
    while at < size && !import.refused() {
        let end = (at + PIECE).min(size);
        let buffer = JsFuture::from(file.slice_with_f64_and_f64(at, end)?.array_buffer()).await;
        let Ok(buffer) = buffer else {
            say(StoreSaid::NotImported {
                name: name.into(),
                why: "the file could not be read".into(),
            });
            return Ok(());
        };
        import.feed(&Uint8Array::new(&buffer).to_vec());
        at = end;
        let done = (at / size * if db.is_some() { 500.0 } else { 1_000.0 }) as u64;
        progress(done, 1_000);
    }
    let (known, known_events) = match (db, known) {
        (Some(db), _) => {
            let tx = idb::transaction(db, &[SOLVES, EVENTS], false)?;
            let solves = idb::result(&tx.object_store(SOLVES)?.get_all_keys()?).await?;
            let events = idb::result(&tx.object_store(EVENTS)?.get_all_keys()?).await?;
            (ids(&solves), ids(&events))
        }
        (None, known) => (known.unwrap_or_default(), Vec::new()),
    };
    let read = import.finish(
        |id| known.binary_search(&id).is_ok(),
        |id| known_events.binary_search(&id).is_ok(),
    );
    let (solves, events, report) = match read {
        Ok(read) => read,
        Err(why) => {
            let why = why.to_string();
            say(StoreSaid::NotImported {
                name: name.into(),
                why,
            });
            return Ok(());
        }
    };
    let added = Keeping { solves, events };
    let Some(db) = db else {
        say(StoreSaid::Imported { report, added });
        return Ok(());
    };
    if !added.is_empty() {
        let tx = idb::transaction(db, &[SOLVES, EVENTS], true)?;
        let records = (added.solves.iter().map(|s| (SOLVES, solve_record(s))))
            .chain(added.events.iter().map(|e| (EVENTS, event_record(e))));
        write::put_all(&tx, records, added.len(), true).await?;
        idb::done(&tx).await?;
        tabs::reload();
    }
    say(StoreSaid::Imported {
        report,
        added: Keeping::default(),
    });
    Ok(())
}

/// The history as a file: the database's solves and events (if there is one) and `held`,
/// written in pieces between turns, offered as one file.
pub async fn export(db: Option<&IdbDatabase>, name: &str, format: HistoryFormat, held: Keeping) {
    match write_export(db, format, held).await {
        Ok(parts) => {
            let Ok(blob) = web_sys::Blob::new_with_str_sequence(&parts) else {
                return say(StoreSaid::Exported);
            };
            post(&FromStore::Offer(name.into()), Some(&blob.into()));
            say(StoreSaid::Exported);
        }
        Err(error) => say(StoreSaid::NotExported(idb::refusal(&error))),
    }
}

async fn write_export(
    db: Option<&IdbDatabase>,
    format: HistoryFormat,
    held: Keeping,
) -> Result<Array, JsValue> {
    let keys = Keys::new();
    let parts = Array::new();
    parts.push(&file::head(format).into());
    let mut first = true;
    let mut events: Vec<EventRecord> = Vec::new();
    if let Some(db) = db {
        let total = idb::result(&idb::store(db, SOLVES, false)?.count()?).await?;
        let total = total.as_f64().unwrap_or(0.0) as u64;
        let (mut chunks, mut done) = (idb::Chunks::new(db, SOLVES, CHUNK), 0);
        while let Some(chunk) = chunks.next().await? {
            done += u64::from(chunk.length());
            let piece: JsValue = match format {
                // Each solve as it is kept: copied, never read.
                HistoryFormat::Json => {
                    let texts: Array = chunk.iter().map(|r| keys.json_text(&r)).collect();
                    let joined: JsValue = texts.join(",").into();
                    match first {
                        true => joined,
                        false => format!(",{}", joined.as_string().unwrap_or_default()).into(),
                    }
                }
                HistoryFormat::Csv => (chunk.iter().filter_map(|r| keys.solve(&r)))
                    .map(|s| s.csv_line() + "\n")
                    .collect::<String>()
                    .into(),
            };
            parts.push(&piece);
            first = false;
            progress(done, total);
            breathe().await;
        }
        let stored = idb::result(&idb::store(db, EVENTS, false)?.get_all()?).await?;
        let stored: Array = stored.unchecked_into();
        events.extend(stored.iter().filter_map(|r| keys.event(&r)));
    }
    for s in &held.solves {
        parts.push(&file::solve(format, s, first).into());
        first = false;
    }
    for e in held.events {
        if !events.iter().any(|k| k.id == e.id) {
            events.push(e);
        }
    }
    events.sort_by_key(|e| e.id);
    parts.push(&file::tail(format, &events).into());
    Ok(parts)
}

/// `count` solves older than `before`, for the history table.
pub async fn older(db: &IdbDatabase, before: u64, count: usize) {
    let read = async {
        let store = idb::store(db, SOLVES, false)?;
        idb::newest(&store, Some(before as f64), count).await
    };
    let keys = Keys::new();
    let solves = match read.await {
        Ok(records) => records.iter().filter_map(|r| keys.solve(r)).collect(),
        // Nothing more to show: the table stays as it is.
        Err(_) => Vec::new(),
    };
    say(StoreSaid::Older(solves));
}

/// Offers every stored value that could not be read, as it was: each text kept aside, and
/// the records that could not be read, as their JSON.
pub async fn unreadable(db: &IdbDatabase) {
    let read = async {
        let kept = idb::result(&idb::store(db, UNREADABLE, false)?.get_all()?).await?;
        let kept: Array = kept.unchecked_into();
        let ids = STATE.with(|s| s.borrow().unreadable.clone());
        let records = Array::new();
        for id in ids {
            let mut value = idb::result(&idb::store(db, SOLVES, false)?.get(&id.into())?).await?;
            if value.is_undefined() {
                value = idb::result(&idb::store(db, EVENTS, false)?.get(&id.into())?).await?;
            }
            records.push(&value);
        }
        Ok::<_, JsValue>((kept, records))
    };
    let Ok((kept, records)) = read.await else {
        return;
    };
    let offer = |name: String, text: JsValue| {
        if let Ok(blob) = web_sys::Blob::new_with_str_sequence(&Array::of1(&text)) {
            post(&FromStore::Offer(name), Some(&blob.into()));
        }
    };
    for (i, value) in kept.iter().enumerate() {
        let text = js_sys::Reflect::get(&value, &"text".into()).unwrap_or_default();
        offer(format!("slide-unreadable-{}.json", i + 1), text);
    }
    if records.length() > 0 {
        let text = js_sys::JSON::stringify(&records)
            .map(JsValue::from)
            .unwrap_or_default();
        offer("slide-unreadable-records.json".into(), text);
    }
}
