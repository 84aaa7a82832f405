//! The record's worker: its loop. It does what the page asks ([`ToStore`]) one job at a time,
//! in the order asked (a write never overtakes the load, nor an export a write), and says what
//! happened ([`FromStore`]). The database opens with the load; where the page has none, or the
//! browser refuses it, the worker still reads and writes history files for the record the page
//! holds in memory. Running in a worker, no load, import or export of 100,000 solves ever holds
//! up the page.

use super::{FromStore, STATE, load, post, say};
use crate::play::keeping::{Refusal, StoreSaid, ToStore};
use wasm_bindgen::JsCast;
use wasm_bindgen::closure::Closure;
use web_sys::{DedicatedWorkerGlobalScope, IdbDatabase, MessageEvent};

/// Starts the worker: a panic is told to the page before the trap; the page's messages become
/// jobs; the page hears that the worker is ready.
pub fn start() {
    std::panic::set_hook(Box::new(|info| {
        post(&FromStore::Panicked(info.to_string()), None);
    }));
    let on_message = Closure::<dyn FnMut(MessageEvent)>::new(|event: MessageEvent| {
        let data = event.data();
        let Some(message) = super::open_envelope::<ToStore>(&data) else {
            return;
        };
        let file = js_sys::Reflect::get(&data, &"f".into())
            .ok()
            .and_then(|f| f.dyn_into::<web_sys::File>().ok());
        let start = STATE.with(|s| {
            let mut s = s.borrow_mut();
            s.jobs.push_back((message, file));
            !std::mem::replace(&mut s.working, true)
        });
        if start {
            wasm_bindgen_futures::spawn_local(work());
        }
    });
    let scope: DedicatedWorkerGlobalScope = js_sys::global().unchecked_into();
    scope.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    // The handler lives as long as the worker.
    on_message.forget();
    post(&FromStore::Ready, None);
}

/// Does the jobs asked for, in order, until none is left.
async fn work() {
    loop {
        let job = STATE.with(|s| {
            let mut s = s.borrow_mut();
            let job = s.jobs.pop_front();
            s.working = job.is_some();
            job
        });
        let Some((message, file)) = job else {
            return;
        };
        let db = STATE.with(|s| s.borrow().db.clone());
        match message {
            ToStore::Load {
                database,
                legacy,
                told,
            } => load::load(database, legacy, told).await,
            ToStore::Import { name, known } => {
                super::files::import(db.as_ref(), file, &name, known).await
            }
            ToStore::Export { name, format, held } => {
                super::files::export(db.as_ref(), &name, format, held).await
            }
            ToStore::ReadReplayLink(link) => super::slidysim::read(&link),
            // The sync worker's (the page sends them there).
            ToStore::Sync(_) | ToStore::Race(_) => {}
            ToStore::WriteSlidysim {
                start,
                moves,
                times,
            } => super::slidysim::write(start.board(), &moves, &times),
            message => match db {
                Some(db) => job_on(&db, message).await,
                None => refused(message),
            },
        }
    }
}

async fn job_on(db: &IdbDatabase, message: ToStore) {
    match message {
        ToStore::Keep(keeping) => super::write::keep(db, keeping).await,
        ToStore::Forget { everywhere } => super::write::forget(db, everywhere).await,
        ToStore::Delete { solves, events } => super::write::delete(db, &solves, &events).await,
        ToStore::Older { before, count } => super::files::older(db, before, count).await,
        ToStore::DownloadUnreadable => super::files::unreadable(db).await,
        _ => {}
    }
}

/// A job without a database: the page hears why (its record is in memory).
fn refused(message: ToStore) {
    let why = STATE
        .with(|s| s.borrow().refused.clone())
        .unwrap_or(Refusal::Unavailable);
    match message {
        ToStore::Keep(keeping) => say(StoreSaid::NotKept {
            solves: keeping.solves.iter().map(|s| s.id).collect(),
            events: keeping.events.iter().map(|e| e.id).collect(),
            why,
        }),
        ToStore::Forget { .. } | ToStore::Delete { .. } => say(StoreSaid::NotCleared(why)),
        ToStore::Older { .. } => say(StoreSaid::Older(Vec::new())),
        _ => {}
    }
}
