//! The record's database in the browser: IndexedDB, behind the effects the page's model asks
//! for ([`Effect::Keep`], [`Effect::Load`], …) and the words it hears back
//! ([`StoreSaid`], as [`RecordAction::Store`]). Every decision (what to keep, what to tell the
//! player, what a refusal means) is the model's (`play/page/record`); this only carries it out.
//!
//! The database's work is done one job at a time, in the order asked (a write never overtakes
//! the load, nor an export a write), each as a chunk of work between frames. It opens with the
//! first job, after the first board is on screen; a browser that refuses it (a private window,
//! a policy) is told once and the game plays on with the record in memory.
//!
//! - [`idb`]: IndexedDB as futures, and the database's stores;
//! - [`records`]: solves and events as records, and back;
//! - [`load`]: the record read in chunks, and a history of an earlier version moved in;
//! - [`write`]: a solve, an event, an import, a clear, each one transaction;
//! - [`files`]: an export written from the database in pieces, a history file read in
//!   pieces, older solves for the table, what could not be read;
//! - [`tabs`]: other tabs hear of each write.

mod files;
mod idb;
mod load;
mod records;
mod tabs;
mod write;

use crate::play::keeping::{Refusal, StoreSaid};
use crate::play::page::{Action, Effect, RecordAction};
use std::cell::RefCell;
use std::collections::VecDeque;
use wasm_bindgen::JsCast;
use wasm_bindgen::closure::Closure;
use web_sys::IdbDatabase;
use yew::Callback;

/// What the adapter holds between jobs.
#[derive(Default)]
struct State {
    db: Option<IdbDatabase>,
    refused: Option<Refusal>,
    jobs: VecDeque<Effect>,
    working: bool,
    say: Option<Callback<Action>>,
    /// Ids of stored records that could not be read (for their download).
    unreadable: Vec<f64>,
}

thread_local! {
    static STATE: RefCell<State> = RefCell::default();
}

/// Tells the page's model what the database said (always from a job, never while the model is
/// still carrying out the effects of an action).
fn say(said: StoreSaid) {
    let say = STATE.with(|s| s.borrow().say.clone());
    if let Some(say) = say {
        say.emit(Action::Record(RecordAction::Store(said)));
    }
}

/// Carries out one of the record's effects on the database (the others are not this file's).
pub fn run(effect: Effect, dispatch: &Callback<Action>) {
    STATE.with(|s| {
        s.borrow_mut()
            .say
            .get_or_insert_with(|| dispatch.clone())
            .clone()
    });
    match effect {
        Effect::ReadImport => files::read_import(),
        Effect::Told(n) => load::told(n),
        Effect::AskPersist => wasm_bindgen_futures::spawn_local(async {
            say(StoreSaid::Persisted(load::persist().await));
        }),
        job => {
            let start = STATE.with(|s| {
                let mut s = s.borrow_mut();
                s.jobs.push_back(job);
                !std::mem::replace(&mut s.working, true)
            });
            if start {
                wasm_bindgen_futures::spawn_local(work());
            }
        }
    }
}

/// A history file chosen for import: read piece by piece as the model asks.
pub fn import(file: web_sys::File, dispatch: &Callback<Action>) {
    let (name, size) = (file.name(), file.size() as u64);
    files::choose(file);
    dispatch.emit(Action::Record(RecordAction::ImportStart { name, size }));
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
        let Some(job) = job else {
            return;
        };
        match open().await {
            Ok(db) => job_on(&db, job).await,
            Err(why) => refused(job, why),
        }
    }
}

async fn job_on(db: &IdbDatabase, job: Effect) {
    match job {
        Effect::Load => load::load(db).await,
        Effect::Keep(keeping) => write::keep(db, keeping).await,
        Effect::KeepImport(keeping) => write::import(db, keeping).await,
        Effect::Forget => write::forget(db).await,
        Effect::ReadOlder { before, count } => files::older(db, before, count).await,
        Effect::Export {
            name,
            format,
            events,
            unsaved,
        } => files::export(db, &name, format, &events, &unsaved).await,
        Effect::DownloadUnreadable => files::unreadable(db).await,
        _ => {}
    }
}

/// A job the database cannot do: the model hears why (the record is in memory).
fn refused(job: Effect, why: Refusal) {
    match job {
        Effect::Keep(keeping) => say(StoreSaid::NotKept {
            solves: keeping.solves.iter().map(|s| s.id).collect(),
            events: keeping.events.iter().map(|e| e.id).collect(),
            why,
        }),
        Effect::KeepImport(_) => say(StoreSaid::ImportNotKept(why)),
        Effect::Forget => say(StoreSaid::NotCleared(why)),
        Effect::Export { .. } => say(StoreSaid::NotExported(why)),
        // The history of an earlier version is still read, from where it is.
        Effect::Load => load::legacy(),
        _ => {}
    }
}

/// The database, opened by the first job (and told: opened, or refused once).
async fn open() -> Result<IdbDatabase, Refusal> {
    let (db, refused) = STATE.with(|s| {
        let s = s.borrow();
        (s.db.clone(), s.refused.clone())
    });
    if let Some(db) = db {
        return Ok(db);
    }
    if let Some(why) = refused {
        return Err(why);
    }
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
            say(StoreSaid::Opened {
                persisted: load::persisted().await,
            });
            Ok(db)
        }
        Err(error) => {
            let why = match web_sys::window().and_then(|w| w.indexed_db().ok().flatten()) {
                None => Refusal::Unavailable,
                Some(_) => match idb::refusal(&error) {
                    // Private windows refuse the open itself.
                    Refusal::Failed(_) => Refusal::Unavailable,
                    other => other,
                },
            };
            STATE.with(|s| s.borrow_mut().refused = Some(why.clone()));
            say(StoreSaid::Refused(why.clone()));
            Err(why)
        }
    }
}

/// Gives the page a frame before the next chunk of work.
async fn breathe() {
    gloo_timers::future::TimeoutFuture::new(0).await;
}
