//! IndexedDB as futures: the database `slide` opened (and made, at its first version), a
//! request's result, a transaction's end, and a cursor's values, awaited. The database:
//!
//! - `solves`, one record a solve (key `id`): the fields its indexes and the statistics read
//!   (`size`, `control`, `date`, `counts`, `millis`, `moves`) and the solve itself as the
//!   history file's JSON object (`json`), so an export copies it as it is;
//! - `events`, one record an event (key `id`: `event`, `size`, `control`, `date`, `json`);
//! - `unreadable`: values that could not be read, kept byte for byte with where they came from;
//! - `meta` (key `id`): this device's sync (`sync`: the player's key, name and cursor), and
//!   what an upgrade did;
//! - `deletions` (key `uid`): deletions made here that the server has not heard yet.
//!
//! Indexes `size_control` (`[size, control]`) and `date` on both record stores: what the
//! statistics and a day's solves ask for; `uid` (the record's name on every device) and
//! `pending` (present, 1, on a record the server has not acknowledged): what sync asks for.
//! Version 2 added `meta`, `deletions`, `uid` and `pending`; the records kept before get their
//! `uid` (and wait to go up) in the upgrade's own transaction, so no load ever writes.

use js_sys::{Array, Function, Promise};
use std::cell::RefCell;
use std::rc::Rc;
use wasm_bindgen::closure::Closure;
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::JsFuture;
use web_sys::{
    IdbCursorDirection, IdbCursorWithValue, IdbDatabase, IdbObjectStore, IdbObjectStoreParameters,
    IdbOpenDbRequest, IdbRequest, IdbTransaction, IdbTransactionMode,
};

pub const NAME: &str = "slide";
pub const VERSION: u32 = 2;
pub const SOLVES: &str = "solves";
pub const EVENTS: &str = "events";
pub const UNREADABLE: &str = "unreadable";
pub const META: &str = "meta";
pub const DELETIONS: &str = "deletions";

/// Opens the database, making its stores the first time. `blocked` runs when another tab with
/// an older version holds it (the open waits for that tab).
pub async fn open(blocked: impl FnOnce() + 'static) -> Result<IdbDatabase, JsValue> {
    // The worker's own: `self.indexedDB`.
    let factory = js_sys::Reflect::get(&js_sys::global(), &"indexedDB".into())?
        .dyn_into::<web_sys::IdbFactory>()
        .map_err(|_| JsValue::from_str("no IndexedDB"))?;
    let request: IdbOpenDbRequest = factory.open_with_u32(NAME, VERSION)?;
    let upgrade = {
        let request = request.clone();
        Closure::once(move |_: web_sys::Event| {
            if let (Ok(db), Some(tx)) = (
                request.result().map(IdbDatabase::unchecked_from_js),
                request.transaction(),
            ) {
                let _ = make_stores(&db, &tx);
            }
        })
    };
    request.set_onupgradeneeded(Some(upgrade.as_ref().unchecked_ref()));
    let blocked = Closure::once(move |_: web_sys::Event| blocked());
    request.set_onblocked(Some(blocked.as_ref().unchecked_ref()));
    let db = result(&request).await;
    request.set_onupgradeneeded(None);
    request.set_onblocked(None);
    Ok(db?.unchecked_into())
}

/// Makes what is missing, in the upgrade's transaction `tx`: the stores of version 1 on a
/// first visit, then what version 2 added.
fn make_stores(db: &IdbDatabase, tx: &IdbTransaction) -> Result<(), JsValue> {
    let names = db.object_store_names();
    // A database made now holds no record kept before version 2: none to renew.
    let fresh = !names.contains(SOLVES);
    for name in [SOLVES, EVENTS] {
        let store = match names.contains(name) {
            true => tx.object_store(name)?,
            false => {
                let params = IdbObjectStoreParameters::new();
                params.set_key_path(&"id".into());
                let store = db.create_object_store_with_optional_parameters(name, &params)?;
                let pair = Array::of2(&"size".into(), &"control".into());
                store.create_index_with_str_sequence("size_control", &pair)?;
                store.create_index_with_str("date", "date")?;
                store
            }
        };
        let indexes = store.index_names();
        for index in ["uid", "pending"] {
            if !indexes.contains(index) {
                store.create_index_with_str(index, index)?;
            }
        }
    }
    if !names.contains(UNREADABLE) {
        let params = IdbObjectStoreParameters::new();
        params.set_auto_increment(true);
        db.create_object_store_with_optional_parameters(UNREADABLE, &params)?;
    }
    for (name, key) in [(META, "id"), (DELETIONS, "uid")] {
        if !names.contains(name) {
            let params = IdbObjectStoreParameters::new();
            params.set_key_path(&key.into());
            db.create_object_store_with_optional_parameters(name, &params)?;
        }
    }
    if !fresh {
        renew_all(tx)?;
    }
    Ok(())
}

/// Records kept before version 2 get their `uid` (and their JSON with it, as export files carry
/// it) and wait to go up: walked and rewritten in the upgrade's own transaction.
fn renew_all(tx: &IdbTransaction) -> Result<(), JsValue> {
    for name in [SOLVES, EVENTS] {
        let request = tx.object_store(name)?.open_cursor()?;
        let walking = request.clone();
        let keys = super::records::Keys::new();
        let step = Closure::<dyn FnMut()>::new(move || {
            let cursor =
                (walking.result().ok()).and_then(|c| c.dyn_into::<IdbCursorWithValue>().ok());
            let Some(cursor) = cursor else {
                return;
            };
            if let Some(renewed) = cursor
                .value()
                .ok()
                .and_then(|v| super::records::renewed(&keys, &v, name == SOLVES))
            {
                let _ = cursor.update(&renewed);
            }
            let _ = cursor.continue_();
        });
        request.set_onsuccess(Some(step.as_ref().unchecked_ref()));
        // Lives as long as the walk: once, when a database of version 1 is upgraded.
        step.forget();
    }
    Ok(())
}

/// A transaction over `stores`.
pub fn transaction(
    db: &IdbDatabase,
    stores: &[&str],
    write: bool,
) -> Result<IdbTransaction, JsValue> {
    let names: Array = stores.iter().map(|s| JsValue::from_str(s)).collect();
    let mode = match write {
        true => IdbTransactionMode::Readwrite,
        false => IdbTransactionMode::Readonly,
    };
    db.transaction_with_str_sequence_and_mode(&names, mode)
}

/// The store `name` of a transaction over `stores`.
pub fn store(db: &IdbDatabase, name: &str, write: bool) -> Result<IdbObjectStore, JsValue> {
    transaction(db, &[name], write)?.object_store(name)
}

/// A request's result, or its error.
pub async fn result(request: &IdbRequest) -> Result<JsValue, JsValue> {
    let promise = Promise::new(&mut |resolve: Function, reject: Function| {
        request.set_onsuccess(Some(&resolve));
        request.set_onerror(Some(&reject));
    });
    let outcome = JsFuture::from(promise).await;
    request.set_onsuccess(None);
    request.set_onerror(None);
    if let Err(event) = outcome {
        // The request's own error says why, better than the event.
        return Err(request.error().ok().flatten().map_or(event, JsValue::from));
    }
    request.result()
}

/// Waits for a transaction to end: committed, or aborted with its error.
pub async fn done(tx: &IdbTransaction) -> Result<(), JsValue> {
    let promise = Promise::new(&mut |resolve: Function, reject: Function| {
        tx.set_oncomplete(Some(&resolve));
        tx.set_onerror(Some(&reject));
        tx.set_onabort(Some(&reject));
    });
    let outcome = JsFuture::from(promise).await;
    tx.set_oncomplete(None);
    tx.set_onerror(None);
    tx.set_onabort(None);
    match outcome {
        Ok(_) => Ok(()),
        // The transaction's own error says why (a quota, say), better than the event.
        Err(event) => Err(tx.error().map_or(event, JsValue::from)),
    }
}

/// Up to `limit` values from the newest key down, below `before` (all keys without it).
pub async fn newest(
    store: &IdbObjectStore,
    before: Option<f64>,
    limit: usize,
) -> Result<Vec<JsValue>, JsValue> {
    let range = match before {
        Some(key) => web_sys::IdbKeyRange::upper_bound_with_open(&key.into(), true)?.into(),
        None => JsValue::UNDEFINED,
    };
    let request = store.open_cursor_with_range_and_direction(&range, IdbCursorDirection::Prev)?;
    let found = Rc::new(RefCell::new(Vec::new()));
    let resolver: Rc<RefCell<Option<Function>>> = Rc::default();
    let step = {
        let (found, resolver, request) = (found.clone(), resolver.clone(), request.clone());
        Closure::<dyn FnMut()>::new(move || {
            let cursor =
                (request.result().ok()).and_then(|c| c.dyn_into::<IdbCursorWithValue>().ok());
            let mut found = found.borrow_mut();
            if let Some(cursor) = cursor {
                found.extend(cursor.value().ok());
                if found.len() < limit && cursor.continue_().is_ok() {
                    return;
                }
            }
            if let Some(resolve) = resolver.borrow().as_ref() {
                let _ = resolve.call0(&JsValue::NULL);
            }
        })
    };
    let promise = Promise::new(&mut |resolve: Function, reject: Function| {
        *resolver.borrow_mut() = Some(resolve);
        request.set_onsuccess(Some(step.as_ref().unchecked_ref()));
        request.set_onerror(Some(&reject));
    });
    let outcome = JsFuture::from(promise).await;
    request.set_onsuccess(None);
    request.set_onerror(None);
    drop(step);
    outcome?;
    Ok(found.take())
}

/// Up to `limit` values after key `after` (from the first without it), in order of key.
async fn after(store: &IdbObjectStore, after: Option<f64>, limit: u32) -> Result<Array, JsValue> {
    let range = match after {
        Some(key) => web_sys::IdbKeyRange::lower_bound_with_open(&key.into(), true)?.into(),
        None => JsValue::UNDEFINED,
    };
    let values = result(&store.get_all_with_key_and_limit(&range, limit)?).await?;
    Ok(values.unchecked_into())
}

/// A store read in key order, `limit` records a chunk, each chunk in a read of its own: a long
/// walk never holds the database, and what it writes between chunks is its own business.
pub struct Chunks<'a> {
    db: &'a IdbDatabase,
    store: &'static str,
    limit: u32,
    after: Option<f64>,
    done: bool,
}

impl<'a> Chunks<'a> {
    pub fn new(db: &'a IdbDatabase, store: &'static str, limit: u32) -> Chunks<'a> {
        Chunks {
            db,
            store,
            limit,
            after: None,
            done: false,
        }
    }

    /// The next chunk, or `None` once every record was read.
    pub async fn next(&mut self) -> Result<Option<Array>, JsValue> {
        if self.done {
            return Ok(None);
        }
        let chunk = after(&store(self.db, self.store, false)?, self.after, self.limit).await?;
        let id = js_sys::Reflect::get(&chunk.get(chunk.length().max(1) - 1), &"id".into());
        self.after = id.ok().and_then(|id| id.as_f64());
        self.done = chunk.length() == 0 || self.after.is_none();
        Ok((chunk.length() > 0).then_some(chunk))
    }
}

/// A browser's error as the record's refusal: a quota reached, or its name and words.
pub fn refusal(error: &JsValue) -> crate::play::keeping::Refusal {
    use crate::play::keeping::Refusal;
    let name = js_sys::Reflect::get(error, &"name".into())
        .ok()
        .and_then(|n| n.as_string())
        .unwrap_or_default();
    match name.as_str() {
        "QuotaExceededError" => Refusal::Full,
        "" => Refusal::Failed(
            error
                .as_string()
                .unwrap_or_else(|| "no reason given".into()),
        ),
        _ => {
            let message = js_sys::Reflect::get(error, &"message".into())
                .ok()
                .and_then(|m| m.as_string())
                .unwrap_or_default();
            Refusal::Failed(format!("{name}: {message}"))
        }
    }
}
