//! The record read from the database after the first board: a history kept by an earlier
//! version moved in first (one transaction, read back complete before its old key goes), then
//! the newest solves in full, every solve's figures in chunks between frames, the events, and
//! how many stored values could not be read.

use super::idb::{self, EVENTS, SOLVES, UNREADABLE};
use super::records::{Keys, event_record, solve_record};
use super::{STATE, breathe, say, write};
use crate::play::keeping::{Keeping, MoveIn, Refusal, StoreSaid};
use crate::play::page::PAGE;
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::JsFuture;
use web_sys::IdbDatabase;

/// Where earlier versions kept the whole history, as one JSON string.
const LEGACY_KEY: &str = "slide.history";
/// How many unreadable values the player was told of.
const TOLD_KEY: &str = "slide.told-unreadable";
/// Records read at a time.
const CHUNK: u32 = 2_000;
/// Bytes of the old history read between frames.
const PIECE: usize = 256 * 1024;

fn local_storage() -> Option<web_sys::Storage> {
    web_sys::window()?.local_storage().ok().flatten()
}

pub async fn load(db: &IdbDatabase) {
    move_in(db).await;
    if let Err(error) = read(db).await {
        say(StoreSaid::Refused(idb::refusal(&error)));
    }
}

async fn read(db: &IdbDatabase) -> Result<(), JsValue> {
    let keys = Keys::new();
    let solves = idb::store(db, SOLVES, false)?;
    let total = idb::result(&solves.count()?).await?.as_f64().unwrap_or(0.0) as usize;
    let newest = idb::newest(&solves, None, PAGE).await?;
    say(StoreSaid::Newest {
        solves: newest.iter().filter_map(|r| keys.solve(r)).collect(),
        total,
    });
    let mut after = None;
    let mut unreadable = Vec::new();
    loop {
        breathe().await;
        let chunk = idb::after(&idb::store(db, SOLVES, false)?, after, CHUNK).await?;
        if chunk.length() == 0 {
            break;
        }
        let mut briefs = Vec::with_capacity(chunk.length() as usize);
        for record in chunk.iter() {
            match keys.brief(&record) {
                Some(brief) => briefs.push(brief),
                None => unreadable.extend(keys.id(&record)),
            }
            after = keys.id(&record).or(after);
        }
        say(StoreSaid::Briefs(briefs));
    }
    let events = idb::result(&idb::store(db, EVENTS, false)?.get_all()?).await?;
    let events: js_sys::Array = events.unchecked_into();
    let mut read = Vec::new();
    for record in events.iter() {
        match keys.event(&record) {
            Some(event) => read.push(event),
            None => unreadable.extend(keys.id(&record)),
        }
    }
    say(StoreSaid::Events(read));
    let kept = idb::result(&idb::store(db, UNREADABLE, false)?.count()?).await?;
    let count = unreadable.len() + kept.as_f64().unwrap_or(0.0) as usize;
    STATE.with(|s| s.borrow_mut().unreadable = unreadable);
    if count > 0 {
        let told = (local_storage().and_then(|s| s.get_item(TOLD_KEY).ok().flatten()))
            .and_then(|t| t.parse().ok())
            .unwrap_or(0);
        say(StoreSaid::Unreadable { count, told });
    }
    say(StoreSaid::Loaded);
    Ok(())
}

/// The player was told of `n` unreadable values: not again.
pub fn told(n: usize) {
    if let Some(s) = local_storage() {
        let _ = s.set_item(TOLD_KEY, &n.to_string());
    }
}

/// The history of an earlier version, read for the database (between frames).
async fn legacy_read(text: &str) -> (Keeping, bool) {
    let mut moving = MoveIn::new();
    for piece in text.as_bytes().chunks(PIECE) {
        moving.feed(piece);
        breathe().await;
    }
    moving.finish()
}

/// Moves the history kept by an earlier version into the database: its readable solves and
/// events, and the whole text as it was if any of it could not be read, in one transaction;
/// the old key goes only once all of it is read back.
async fn move_in(db: &IdbDatabase) {
    let Some(storage) = local_storage() else {
        return;
    };
    let Some(text) = storage.get_item(LEGACY_KEY).ok().flatten() else {
        return;
    };
    let (keeping, unreadable) = legacy_read(&text).await;
    let moved = match write_in(db, &keeping, unreadable.then_some(text.as_str())).await {
        Ok(true) => storage
            .remove_item(LEGACY_KEY)
            .map_err(|e| idb::refusal(&e)),
        Ok(false) => Err(Refusal::Failed(
            "what was written did not read back whole".into(),
        )),
        Err(error) => Err(idb::refusal(&error)),
    };
    match moved {
        Ok(()) => say(StoreSaid::MovedIn {
            solves: keeping.solves.len(),
            events: keeping.events.len(),
        }),
        Err(why) => {
            say(StoreSaid::NotMovedIn(why));
            // Nothing is lost: what it holds is read from where it is.
            say(StoreSaid::Arrived(keeping));
        }
    }
}

/// Writes what moves in (and the unreadable text) in one transaction, then reads it back:
/// whether every record is there.
async fn write_in(
    db: &IdbDatabase,
    keeping: &Keeping,
    unreadable: Option<&str>,
) -> Result<bool, JsValue> {
    let tx = idb::transaction(db, &[SOLVES, EVENTS, UNREADABLE], true)?;
    let records = (keeping.solves.iter().map(solve_record))
        .map(|r| (SOLVES, r))
        .chain(keeping.events.iter().map(|e| (EVENTS, event_record(e))));
    write::put_all(&tx, records, keeping.len(), false).await?;
    let kept_text = match unreadable {
        Some(text) => {
            let value = js_sys::Object::new();
            let _ =
                js_sys::Reflect::set(&value, &"from".into(), &"localStorage slide.history".into());
            let _ = js_sys::Reflect::set(&value, &"text".into(), &text.into());
            let date = js_sys::Date::new_0().to_iso_string();
            let _ = js_sys::Reflect::set(&value, &"date".into(), &date);
            Some(idb::result(&tx.object_store(UNREADABLE)?.add(&value)?).await?)
        }
        None => None,
    };
    idb::done(&tx).await?;
    // Read back: every id there, and the text as it was.
    let tx = idb::transaction(db, &[SOLVES, EVENTS, UNREADABLE], false)?;
    let solves = ids(&idb::result(&tx.object_store(SOLVES)?.get_all_keys()?).await?);
    let events = ids(&idb::result(&tx.object_store(EVENTS)?.get_all_keys()?).await?);
    let whole = (keeping.solves.iter()).all(|s| solves.binary_search(&s.id).is_ok())
        && (keeping.events.iter()).all(|e| events.binary_search(&e.id).is_ok());
    let text_back = match (kept_text, unreadable) {
        (Some(key), Some(text)) => {
            let value = idb::result(&tx.object_store(UNREADABLE)?.get(&key)?).await?;
            let back = js_sys::Reflect::get(&value, &"text".into())?.as_string();
            back.as_deref() == Some(text)
        }
        _ => true,
    };
    Ok(whole && text_back)
}

/// Keys in order, as ids.
fn ids(keys: &JsValue) -> Vec<u64> {
    let keys: &js_sys::Array = keys.unchecked_ref();
    keys.iter()
        .filter_map(|k| k.as_f64())
        .map(|k| k as u64)
        .collect()
}

/// Without a database: the history of an earlier version is read from where it is, and the
/// load is over.
pub fn legacy() {
    wasm_bindgen_futures::spawn_local(async {
        let text = local_storage().and_then(|s| s.get_item(LEGACY_KEY).ok().flatten());
        if let Some(text) = text {
            let (keeping, _) = legacy_read(&text).await;
            say(StoreSaid::Arrived(keeping));
        }
        say(StoreSaid::Loaded);
    });
}

fn storage_manager() -> Option<web_sys::StorageManager> {
    let navigator = web_sys::window()?.navigator();
    // Older browsers and some embedded views have none.
    js_sys::Reflect::has(&navigator, &"storage".into())
        .ok()
        .filter(|&has| has)
        .map(|_| navigator.storage())
}

/// Whether the browser keeps the site's storage persistently (if it says).
pub async fn persisted() -> Option<bool> {
    let promise = storage_manager()?.persisted().ok()?;
    JsFuture::from(promise).await.ok()?.as_bool()
}

/// Asks the browser to keep the site's storage persistently: its answer.
pub async fn persist() -> bool {
    let Some(promise) = storage_manager().and_then(|s| s.persist().ok()) else {
        return false;
    };
    JsFuture::from(promise)
        .await
        .ok()
        .and_then(|v| v.as_bool())
        .unwrap_or(false)
}
