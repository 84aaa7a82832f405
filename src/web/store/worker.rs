//! The record's worker: its loop. It does what the page asks ([`ToStore`]) one job at a time,
//! in the order asked (a write never overtakes the load, nor an export a write), and says what
//! happened ([`FromStore`]). The database opens with the load; where the page has none, or the
//! browser refuses it, the worker still reads and writes history files for the record the page
//! holds in memory. Running in a worker, no load, import or export of 100,000 solves ever holds
//! up the page.

use super::idb;
use super::{FromStore, envelope, load, tabs};
use crate::play::keeping::{Refusal, StoreSaid, ToStore};
use std::cell::RefCell;
use std::collections::VecDeque;
use wasm_bindgen::closure::Closure;
use wasm_bindgen::{JsCast, JsValue};
use web_sys::{DedicatedWorkerGlobalScope, IdbDatabase, MessageEvent};

/// What the worker holds between jobs.
#[derive(Default)]
pub(super) struct State {
    pub db: Option<IdbDatabase>,
    pub refused: Option<Refusal>,
    jobs: VecDeque<(ToStore, Option<web_sys::File>)>,
    working: bool,
    /// Ids of stored records that could not be read (for their download).
    pub unreadable: Vec<f64>,
}

thread_local! {
    pub(super) static STATE: RefCell<State> = RefCell::default();
}

fn scope() -> DedicatedWorkerGlobalScope {
    js_sys::global().unchecked_into()
}

/// Posts `reply` to the page, with a file (a download) beside it.
pub(super) fn post(reply: &FromStore, file: Option<&JsValue>) {
    if let Some(message) = envelope(reply, file) {
        let _ = scope().post_message(&message);
    }
}

/// Tells the page what happened.
pub(super) fn say(said: StoreSaid) {
    post(&FromStore::Said(said), None);
}

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
    scope().set_onmessage(Some(on_message.as_ref().unchecked_ref()));
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
        ToStore::Forget => super::write::forget(db).await,
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
        ToStore::Forget => say(StoreSaid::NotCleared(why)),
        ToStore::Older { .. } => say(StoreSaid::Older(Vec::new())),
        _ => {}
    }
}

/// Opens the database (told: opened, or refused).
pub(super) async fn open() -> Option<IdbDatabase> {
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

/// Gives the worker's event loop a turn (the page's next message may be read) before the next
/// chunk of work.
pub(super) async fn breathe() {
    gloo_timers::future::TimeoutFuture::new(0).await;
}
