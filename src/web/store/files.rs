//! Files and pages: an export written from the database in pieces (the solves' JSON copied as
//! kept, a CSV line each), then offered as one file made of them; a history file read in
//! pieces as the record asks; older solves for the history table; and the stored values that
//! could not be read, offered as they were.

use super::idb::{self, SOLVES, UNREADABLE};
use super::records::Keys;
use super::{STATE, breathe, say};
use crate::play::keeping::StoreSaid;
use crate::play::page::{Action, HistoryFormat, RecordAction};
use crate::play::solves::{CSV_HEADER, Solve};
use js_sys::{Array, Uint8Array};
use std::cell::RefCell;
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::JsFuture;
use web_sys::IdbDatabase;

/// Solves read at a time for an export.
const CHUNK: u32 = 2_000;
/// Bytes of an imported file read at a time: a piece the record reads within a frame.
const PIECE: f64 = 256.0 * 1024.0;

thread_local! {
    /// The file being imported, and how far it is read.
    static IMPORTING: RefCell<Option<(web_sys::File, f64)>> = const { RefCell::new(None) };
}

/// A file chosen for import.
pub fn choose(file: web_sys::File) {
    IMPORTING.with(|i| *i.borrow_mut() = Some((file, 0.0)));
}

/// Reads the next piece of the file being imported, for the record.
pub fn read_import() {
    let Some((file, at)) = IMPORTING.with(|i| i.borrow().clone()) else {
        return;
    };
    let Some(say) = STATE.with(|s| s.borrow().say.clone()) else {
        return;
    };
    let end = (at + PIECE).min(file.size());
    IMPORTING.with(|i| *i.borrow_mut() = (end < file.size()).then(|| (file.clone(), end)));
    wasm_bindgen_futures::spawn_local(async move {
        if at >= file.size() {
            say.emit(Action::Record(RecordAction::ImportPiece(Vec::new())));
            return;
        }
        let piece = async {
            let blob = file.slice_with_f64_and_f64(at, end)?;
            JsFuture::from(blob.array_buffer()).await
        };
        let action = match piece.await {
            Ok(buffer) => RecordAction::ImportPiece(Uint8Array::new(&buffer).to_vec()),
            Err(error) => RecordAction::ImportFailed(idb::refusal(&error).text()),
        };
        say.emit(Action::Record(action));
        // The end of the file follows its last piece.
        if end >= file.size() {
            say.emit(Action::Record(RecordAction::ImportPiece(Vec::new())));
        }
    });
}

/// The history as a file, written from the database in pieces between frames.
pub async fn export(
    db: &IdbDatabase,
    name: &str,
    format: HistoryFormat,
    events: &str,
    unsaved: &[Solve],
) {
    match write_export(db, format, events, unsaved).await {
        Ok(parts) => {
            crate::web::browser::download_parts(name, &parts);
            say(StoreSaid::Exported);
        }
        Err(error) => say(StoreSaid::NotExported(idb::refusal(&error))),
    }
}

async fn write_export(
    db: &IdbDatabase,
    format: HistoryFormat,
    events: &str,
    unsaved: &[Solve],
) -> Result<Array, JsValue> {
    let keys = Keys::new();
    let parts = Array::new();
    let json = format == HistoryFormat::Json;
    parts.push(&match json {
        true => "{\"version\":1,\"solves\":[".into(),
        false => format!("{CSV_HEADER}\n").into(),
    });
    let total = idb::result(&idb::store(db, SOLVES, false)?.count()?).await?;
    let total = total.as_f64().unwrap_or(0.0) as u64;
    let (mut after, mut done, mut first) = (None, 0, true);
    loop {
        let chunk = idb::after(&idb::store(db, SOLVES, false)?, after, CHUNK).await?;
        if chunk.length() == 0 {
            break;
        }
        after = keys.id(&chunk.get(chunk.length() - 1));
        done += u64::from(chunk.length());
        let piece: JsValue = match json {
            // Each solve as it is kept: copied, never read.
            true => chunk
                .iter()
                .map(|r| keys.json_text(&r))
                .collect::<Array>()
                .join(",")
                .into(),
            false => (chunk.iter().filter_map(|r| keys.solve(&r)))
                .map(|s| s.csv_line() + "\n")
                .collect::<String>()
                .into(),
        };
        if json && !first {
            parts.push(&",".into());
        }
        parts.push(&piece);
        first = false;
        say(StoreSaid::Progress { done, total });
        breathe().await;
    }
    for s in unsaved {
        let text = match json {
            true => format!("{}{}", if first { "" } else { "," }, s.to_json()),
            false => s.csv_line() + "\n",
        };
        parts.push(&text.into());
        first = false;
    }
    parts.push(&match json {
        true => format!("],\"events\":{events}}}").into(),
        false if events.is_empty() => JsValue::from_str(""),
        false => format!("\n{events}").into(),
    });
    Ok(parts)
}

/// `count` solves older than `before`, for the history table.
pub async fn older(db: &IdbDatabase, before: u64, count: usize) {
    let read = async {
        let store = idb::store(db, SOLVES, false)?;
        idb::newest(&store, Some(before as f64), count).await
    };
    let keys = Keys::new();
    match read.await {
        Ok(records) => say(StoreSaid::Older(
            records.iter().filter_map(|r| keys.solve(r)).collect(),
        )),
        // Nothing more to show: the table stays as it is.
        Err(_) => say(StoreSaid::Older(Vec::new())),
    }
}

/// Offers every stored value that could not be read, as it was: each text kept aside, and
/// the records that could not be read, as their JSON.
pub async fn unreadable(db: &IdbDatabase) {
    let read = async {
        let kept = idb::result(&idb::store(db, UNREADABLE, false)?.get_all()?).await?;
        let kept: Array = kept.unchecked_into();
        let ids = STATE.with(|s| s.borrow().unreadable.clone());
        let mut records = Vec::new();
        for id in ids {
            let store = idb::store(db, SOLVES, false)?;
            let mut value = idb::result(&store.get(&id.into())?).await?;
            if value.is_undefined() {
                let events = idb::store(db, super::idb::EVENTS, false)?;
                value = idb::result(&events.get(&id.into())?).await?;
            }
            records.push(value);
        }
        Ok::<_, JsValue>((kept, records))
    };
    let Ok((kept, records)) = read.await else {
        return;
    };
    let date = crate::web::browser::calendar().today;
    for (i, value) in kept.iter().enumerate() {
        let text = js_sys::Reflect::get(&value, &"text".into()).unwrap_or_default();
        let parts = Array::of1(&text);
        crate::web::browser::download_parts(
            &format!("slide-unreadable-{date}-{}.json", i + 1),
            &parts,
        );
    }
    if !records.is_empty() {
        let list: Array = records.into_iter().collect();
        let text = js_sys::JSON::stringify(&list)
            .map(JsValue::from)
            .unwrap_or_default();
        let parts = Array::of1(&text);
        crate::web::browser::download_parts(
            &format!("slide-unreadable-{date}-records.json"),
            &parts,
        );
    }
}
