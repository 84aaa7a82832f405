//! The database opened, and the record read from it: a history kept by an earlier version moved in first (one
//! transaction, read back complete before the page removes its old key), then the newest
//! solves in full, every solve's figures in chunks, the events, and how many stored values
//! could not be read. Without a database, the old history is read into the page's memory.

use super::idb::{self, EVENTS, SOLVES, UNREADABLE};
use super::records::{Keys, event_record, solve_record};
use super::{STATE, breathe, say, tabs, write};
use crate::play::keeping::{Keeping, MoveIn, Refusal, StoreSaid};
use crate::play::page::PAGE;
use wasm_bindgen::closure::Closure;
use wasm_bindgen::{JsCast, JsValue};
use web_sys::IdbDatabase;

/// Records read at a time.
const CHUNK: u32 = 2_000;
/// Solves' figures the page hears at a time.
const SAID: usize = 10_000;
/// Bytes of the old history read between turns.
const PIECE: usize = 256 * 1024;

/// Opens the database (if the page has one) and reads the record: `legacy` is what an earlier
/// version kept in `localStorage`; `told`, how many unreadable values the player was told of.
pub async fn load(database: bool, legacy: Option<String>, told: usize) {
    // Read again (after an import, or another tab's): the database open already serves.
    let open_already = STATE.with(|s| s.borrow().db.clone());
    let db = match (database, open_already) {
        (true, Some(db)) => Some(db),
        (true, None) => open().await,
        (false, _) => None,
    };
    let Some(db) = db else {
        if let Some(text) = legacy {
            let (keeping, _) = legacy_read(&text).await;
            say(StoreSaid::Arrived(keeping));
        }
        return say(StoreSaid::Loaded);
    };
    if let Some(text) = legacy {
        move_in(&db, &text).await;
    }
    if let Err(error) = read(&db, told).await {
        say(StoreSaid::Refused(idb::refusal(&error)));
    }
}

async fn read(db: &IdbDatabase, told: usize) -> Result<(), JsValue> {
    let keys = Keys::new();
    let solves = idb::store(db, SOLVES, false)?;
    let total = idb::result(&solves.count()?).await?.as_f64().unwrap_or(0.0) as usize;
    let newest = idb::newest(&solves, None, PAGE).await?;
    say(StoreSaid::Newest {
        solves: newest.iter().filter_map(|r| keys.solve(r)).collect(),
        total,
    });
    let mut chunks = idb::Chunks::new(db, SOLVES, CHUNK);
    let mut unreadable = Vec::new();
    let mut briefs = Vec::new();
    while let Some(chunk) = chunks.next().await? {
        for record in chunk.iter() {
            match keys.brief(&record) {
                Some(brief) => briefs.push(brief),
                None => unreadable.extend(keys.id(&record)),
            }
        }
        // A few large words rather than many small ones: each redraws the page.
        if briefs.len() >= SAID {
            say(StoreSaid::Briefs(std::mem::take(&mut briefs)));
        }
        breathe().await;
    }
    if !briefs.is_empty() {
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
        say(StoreSaid::Unreadable { count, told });
    }
    say(StoreSaid::Loaded);
    // Then the page hears whether this device syncs (a read only: a load never writes).
    super::meta::said_at_load(db).await;
    Ok(())
}

/// The history of an earlier version, read for the database.
async fn legacy_read(text: &str) -> (Keeping, bool) {
    let mut moving = MoveIn::new();
    for piece in text.as_bytes().chunks(PIECE) {
        moving.feed(piece);
        breathe().await;
    }
    moving.finish()
}

/// Moves the history kept by an earlier version into the database: its readable solves and
/// events, and the whole text as it was if any of it could not be read, in one transaction.
/// Said moved in only once all of it reads back (the page then removes the old key); a move
/// that fails says so, and the old history is read from where it is.
async fn move_in(db: &IdbDatabase, text: &str) {
    let (keeping, unreadable) = legacy_read(text).await;
    let moved = match write_in(db, &keeping, unreadable.then_some(text)).await {
        Ok(true) => Ok(()),
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
            say(StoreSaid::Arrived(keeping));
        }
    }
}

/// Writes what moves in (and the unreadable text) in one transaction, then reads it back:
/// whether every record is there, and the text as it was.
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
            let set = |k: &str, v: &JsValue| js_sys::Reflect::set(&value, &k.into(), v);
            set("from", &"localStorage slide.history".into())?;
            set("text", &text.into())?;
            set("date", &js_sys::Date::new_0().to_iso_string())?;
            Some(idb::result(&tx.object_store(UNREADABLE)?.add(&value)?).await?)
        }
        None => None,
    };
    idb::done(&tx).await?;
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
pub fn ids(keys: &JsValue) -> Vec<u64> {
    let keys: &js_sys::Array = keys.unchecked_ref();
    keys.iter()
        .filter_map(|k| k.as_f64())
        .map(|k| k as u64)
        .collect()
}

/// Opens the database (told: opened, or refused).
pub async fn open() -> Option<IdbDatabase> {
    match idb::open(|| say(StoreSaid::Refused(Refusal::Blocked))).await {
        Ok(db) => {
            // A newer version opened in another tab: this one lets the database go.
            let replaced = Closure::<dyn FnMut()>::new({
                let db = db.clone();
                move || {
                    db.close();
                    STATE.with(|s| {
                        let mut s = s.borrow_mut();
                        s.db = None;
                        s.refused = Some(Refusal::Replaced);
                    });
                    say(StoreSaid::Refused(Refusal::Replaced));
                }
            });
            db.set_onversionchange(Some(replaced.as_ref().unchecked_ref()));
            replaced.forget();
            STATE.with(|s| s.borrow_mut().db = Some(db.clone()));
            tabs::listen();
            say(StoreSaid::Opened { persisted: None });
            Some(db)
        }
        Err(error) => {
            // A browser that will not open it (a private window, a policy) refuses it all.
            let why = match idb::refusal(&error) {
                Refusal::Failed(_) => Refusal::Unavailable,
                other => other,
            };
            STATE.with(|s| s.borrow_mut().refused = Some(why.clone()));
            say(StoreSaid::Refused(why));
            None
        }
    }
}
