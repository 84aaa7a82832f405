//! Writes, each one transaction: a solve or an event as it happens (with anything not kept
//! before), a clear; and the batches an import or a move-in writes in one. Other tabs hear of
//! each.

use super::idb::{self, EVENTS, SOLVES};
use super::records::{event_record, solve_record};
use super::tabs;
use super::{progress, say};
use crate::play::keeping::{Keeping, StoreSaid};
use js_sys::Array;
use wasm_bindgen::JsValue;
use web_sys::{IdbDatabase, IdbTransaction};

/// Records put before the transaction's next request waits for the browser (and the page
/// gets a frame).
const BATCH: usize = 500;

/// Puts `records` (`(store, value)`) in `tx`, in batches: the next batch is put when the
/// last of the one before has succeeded, which keeps the transaction alive across them while
/// the worker hears the page. With `told`, says how far it is (the second half of 1,000:
/// an import's reading was the first).
pub async fn put_all(
    tx: &IdbTransaction,
    records: impl Iterator<Item = (&'static str, JsValue)>,
    total: usize,
    told: bool,
) -> Result<(), JsValue> {
    let (solves, events) = (tx.object_store(SOLVES)?, tx.object_store(EVENTS)?);
    let mut done = 0;
    for (store, record) in records {
        let store = if store == SOLVES { &solves } else { &events };
        let request = store.put(&record)?;
        done += 1;
        if done % BATCH == 0 {
            idb::result(&request).await?;
            if told {
                progress(500 + (done * 500 / total.max(1)) as u64, 1_000);
            }
        }
    }
    Ok(())
}

/// A solve or an event as it happens (and what was not kept before).
pub async fn keep(db: &IdbDatabase, keeping: Keeping) {
    let solves: Vec<u64> = keeping.solves.iter().map(|s| s.id).collect();
    let events: Vec<u64> = keeping.events.iter().map(|e| e.id).collect();
    let records: Vec<(&'static str, JsValue)> = (keeping.solves.iter())
        .map(|s| (SOLVES, solve_record(s)))
        .chain(keeping.events.iter().map(|e| (EVENTS, event_record(e))))
        .collect();
    let written = async {
        let tx = idb::transaction(db, &[SOLVES, EVENTS], true)?;
        put_all(&tx, records.iter().cloned(), records.len(), false).await?;
        idb::done(&tx).await
    };
    match written.await {
        Ok(()) => {
            let (solves_sent, events_sent): (Array, Array) = (
                records
                    .iter()
                    .filter(|(s, _)| *s == SOLVES)
                    .map(|(_, r)| r.clone())
                    .collect(),
                records
                    .iter()
                    .filter(|(s, _)| *s == EVENTS)
                    .map(|(_, r)| r.clone())
                    .collect(),
            );
            tabs::kept(&solves_sent, &events_sent);
            say(StoreSaid::Kept { solves, events });
        }
        Err(error) => say(StoreSaid::NotKept {
            solves,
            events,
            why: idb::refusal(&error),
        }),
    }
}

/// Clears the solves and the events (what could not be read stays, as it was); `everywhere`,
/// where this device syncs, their deletions go to the server too.
pub async fn forget(db: &IdbDatabase, everywhere: bool) {
    let cleared = async {
        if everywhere {
            let uids = every_uid(db).await?;
            super::meta::note_deletions(db, &uids).await?;
        }
        let tx = idb::transaction(db, &[SOLVES, EVENTS], true)?;
        tx.object_store(SOLVES)?.clear()?;
        tx.object_store(EVENTS)?.clear()?;
        idb::done(&tx).await
    };
    match cleared.await {
        Ok(()) => {
            tabs::reload();
            say(StoreSaid::Cleared);
        }
        Err(error) => say(StoreSaid::NotCleared(idb::refusal(&error))),
    }
}

/// The uids of every solve and event kept, read in chunks.
async fn every_uid(db: &IdbDatabase) -> Result<Vec<String>, JsValue> {
    let uid = JsValue::from("uid");
    let mut uids = Vec::new();
    for store in [SOLVES, EVENTS] {
        let mut chunks = idb::Chunks::new(db, store, 2_000);
        while let Some(chunk) = chunks.next().await? {
            let found = chunk
                .iter()
                .filter_map(|r| js_sys::Reflect::get(&r, &uid).ok());
            uids.extend(found.filter_map(|u| u.as_string()));
        }
    }
    Ok(uids)
}

/// Deletes solves and events by id (their deletions noted for the server where this device
/// syncs); the record is read again, here and in other tabs.
pub async fn delete(db: &IdbDatabase, solves: &[u64], events: &[u64]) {
    let deleted = async {
        let mut uids = Vec::new();
        let tx = idb::transaction(db, &[SOLVES, EVENTS], true)?;
        for (name, ids) in [(SOLVES, solves), (EVENTS, events)] {
            let store = tx.object_store(name)?;
            for &id in ids {
                let record = idb::result(&store.get(&(id as f64).into())?).await?;
                uids.extend(js_sys::Reflect::get(&record, &"uid".into())?.as_string());
                store.delete(&(id as f64).into())?;
            }
        }
        idb::done(&tx).await?;
        super::meta::note_deletions(db, &uids).await
    };
    match deleted.await {
        Ok(()) => {
            tabs::reload();
            say(StoreSaid::Deleted);
        }
        Err(error) => say(StoreSaid::NotCleared(idb::refusal(&error))),
    }
}
