//! The page's side of the record's worker and of the sync worker: what only a page can reach
//! (`localStorage`, where earlier versions kept the history; the browser's promise to keep the
//! site's storage; downloads), each worker started when first needed (the sync worker only for
//! a sync job), and the messages both ways (held until it is ready).

use super::{FromStore, envelope, open_envelope};
use crate::play::keeping::{Refusal, StoreSaid, ToStore};
use crate::play::page::{Action, Effect, RecordAction, SyncAction};
use crate::play::sync::{SyncJob, SyncSaid};
use js_sys::Reflect;
use std::cell::RefCell;
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::JsFuture;
use yew::Callback;

/// Where earlier versions kept the whole history, as one JSON string.
const LEGACY_KEY: &str = "slide.history";
/// How many unreadable values the player was told of.
const TOLD_KEY: &str = "slide.told-unreadable";
/// The workers' loaders, beside the page: the record's, and the sync worker's.
const LOADERS: [&str; 2] = ["store-loader.js", "sync-loader.js"];
const RECORD: usize = 0;
const SYNC: usize = 1;

/// The page's side: the worker, messages held until it is ready, what it says to.
struct Client {
    worker: web_sys::Worker,
    held: Option<Vec<JsValue>>,
    /// The file chosen for import, sent with the import's message.
    file: Option<web_sys::File>,
    _listeners: Vec<gloo_events::EventListener>,
}

thread_local! {
    /// The record's worker and the sync worker, once started.
    static CLIENTS: RefCell<[Option<Client>; 2]> = const { RefCell::new([None, None]) };
    /// The record's load, waiting for the browser to be idle after the first board (the first
    /// message to the worker before then sends it first).
    static LOAD: RefCell<Option<ToStore>> = const { RefCell::new(None) };
    /// The next round of sync.
    static SYNC_TIMER: RefCell<Option<gloo_timers::callback::Timeout>> = const { RefCell::new(None) };
}

/// How long the record's load waits at most for the browser to be idle.
const LOAD_WITHIN_MS: u32 = 2000;

fn local_storage() -> Option<web_sys::Storage> {
    web_sys::window()?.local_storage().ok().flatten()
}

/// Carries out one of the record's effects (the others are not this file's).
pub fn run(effect: Effect, dispatch: &Callback<Action>) {
    match effect {
        Effect::Load => {
            // A page without IndexedDB (a policy, a private mode that hides it) has no database:
            // the worker still reads and writes the files of the record held in memory.
            let window = web_sys::window();
            let database = window
                .as_ref()
                .and_then(|w| Reflect::get(w, &"indexedDB".into()).ok())
                .is_some_and(|f| f.is_truthy());
            let storage = local_storage();
            let legacy = storage
                .as_ref()
                .and_then(|s| s.get_item(LEGACY_KEY).ok().flatten());
            let told = (storage.and_then(|s| s.get_item(TOLD_KEY).ok().flatten()))
                .and_then(|t| t.parse().ok())
                .unwrap_or(0);
            LOAD.with(|l| {
                *l.borrow_mut() = Some(ToStore::Load {
                    database,
                    legacy,
                    told,
                })
            });
            let later = dispatch.clone();
            crate::web::browser::when_idle(LOAD_WITHIN_MS, Box::new(move || send_load(&later)));
            if !database {
                say_later(dispatch, StoreSaid::Refused(Refusal::Unavailable));
            }
        }
        Effect::Store(message) => send(&message, dispatch),
        Effect::Told(n) => {
            if let Some(s) = local_storage() {
                let _ = s.set_item(TOLD_KEY, &n.to_string());
            }
        }
        Effect::AskPersist => ask_storage(true, dispatch),
        Effect::SyncIn(ms) => {
            let dispatch = dispatch.clone();
            let timer = gloo_timers::callback::Timeout::new(ms, move || {
                dispatch.emit(Action::Sync(SyncAction::Due))
            });
            // One round due at a time: a new time replaces the one before.
            SYNC_TIMER.with(|t| *t.borrow_mut() = Some(timer));
        }
        _ => {}
    }
}

/// A key file chosen to restore: sent to the sync worker with the job.
pub fn restore_key(file: web_sys::File, dispatch: &Callback<Action>) {
    hold_file(SYNC, file, dispatch);
    dispatch.emit(Action::Sync(SyncAction::Restore));
}

/// A history file chosen for import: sent to the worker with the import's message.
pub fn import(file: web_sys::File, dispatch: &Callback<Action>) {
    let (name, size) = (file.name(), file.size() as u64);
    hold_file(RECORD, file, dispatch);
    dispatch.emit(Action::Record(RecordAction::ImportStart { name, size }));
}

/// A file for the next message that carries one, to worker `which`.
fn hold_file(which: usize, file: web_sys::File, dispatch: &Callback<Action>) {
    started(which, dispatch);
    CLIENTS.with(|c| {
        if let Some(client) = c.borrow_mut()[which].as_mut() {
            client.file = Some(file);
        }
    });
}

fn said(dispatch: &Callback<Action>, said: StoreSaid) {
    dispatch.emit(Action::from(said));
}

/// Says `word` once the page is done with the action under way.
fn say_later(dispatch: &Callback<Action>, word: StoreSaid) {
    let dispatch = dispatch.clone();
    wasm_bindgen_futures::spawn_local(async move { said(&dispatch, word) });
}

/// Sends the record's load, if it still waits.
fn send_load(dispatch: &Callback<Action>) {
    if let Some(load) = LOAD.with(|l| l.borrow_mut().take()) {
        send(&load, dispatch);
    }
}

/// Posts `message` to its worker (started if need be; held until it is ready): a sync job to
/// the sync worker, the rest to the record's; the chosen file beside an import or a restore.
/// The record's load goes first if it waits.
fn send(message: &ToStore, dispatch: &Callback<Action>) {
    if !matches!(message, ToStore::Load { .. }) {
        send_load(dispatch);
    }
    let which = match message {
        ToStore::Sync(_) | ToStore::Race(_) => SYNC,
        _ => RECORD,
    };
    started(which, dispatch);
    CLIENTS.with(|c| {
        let mut c = c.borrow_mut();
        let Some(client) = c[which].as_mut() else {
            return;
        };
        let file = match message {
            ToStore::Import { .. } | ToStore::Sync(SyncJob::Restore) => {
                client.file.take().map(JsValue::from)
            }
            _ => None,
        };
        let Some(envelope) = envelope(message, file.as_ref()) else {
            return;
        };
        match client.held.as_mut() {
            Some(held) => held.push(envelope),
            None => {
                let _ = client.worker.post_message(&envelope);
            }
        }
    });
}

/// Starts worker `which`, once.
fn started(which: usize, dispatch: &Callback<Action>) {
    if CLIENTS.with(|c| c.borrow()[which].is_some()) {
        return;
    }
    let Ok(worker) = web_sys::Worker::new(LOADERS[which]) else {
        return stopped(which, dispatch, "it could not start".into());
    };
    let on_message = {
        let dispatch = dispatch.clone();
        gloo_events::EventListener::new(&worker, "message", move |event| {
            let Some(event) = event.dyn_ref::<web_sys::MessageEvent>() else {
                return;
            };
            heard(which, &event.data(), &dispatch);
        })
    };
    let on_error = {
        let dispatch = dispatch.clone();
        gloo_events::EventListener::new(&worker, "error", move |_| {
            stopped(which, &dispatch, "its code could not load".into())
        })
    };
    let mut listeners = vec![on_message, on_error];
    // The network back: a round of sync, if this device syncs (the model decides). Heard once,
    // with the record's worker, which every page starts.
    if which == RECORD {
        let dispatch = dispatch.clone();
        let window: web_sys::EventTarget = js_sys::global().unchecked_into();
        listeners.push(gloo_events::EventListener::new(
            &window,
            "online",
            move |_| dispatch.emit(Action::Sync(SyncAction::Online)),
        ));
    }
    CLIENTS.with(|c| {
        c.borrow_mut()[which] = Some(Client {
            worker,
            held: Some(Vec::new()),
            file: None,
            _listeners: listeners,
        })
    });
}

/// Worker `which` stopped: the record goes on in memory (or sync stops), and the player is told;
/// the next message starts it again.
fn stopped(which: usize, dispatch: &Callback<Action>, why: String) {
    CLIENTS.with(|c| {
        if let Some(client) = c.borrow_mut()[which].take() {
            client.worker.terminate();
        }
    });
    let word = match which {
        SYNC => StoreSaid::Sync(SyncSaid::Refused {
            why: format!("the sync worker stopped: {why}"),
            pending: 0,
        }),
        _ => StoreSaid::Refused(Refusal::Failed(format!(
            "the record's worker stopped: {why}"
        ))),
    };
    say_later(dispatch, word);
}

/// What worker `which` posted.
fn heard(which: usize, data: &JsValue, dispatch: &Callback<Action>) {
    let Some(reply) = open_envelope::<FromStore>(data) else {
        // The loader's own words: the WebAssembly would not start.
        let text = data.as_string().unwrap_or_else(|| "no reason given".into());
        return stopped(which, dispatch, text);
    };
    match reply {
        FromStore::Ready => CLIENTS.with(|c| {
            if let Some(client) = c.borrow_mut()[which].as_mut() {
                for message in client.held.take().unwrap_or_default() {
                    let _ = client.worker.post_message(&message);
                }
            }
        }),
        // Moved in and read back whole: only now does the old key go.
        FromStore::Said(word @ StoreSaid::MovedIn { .. }) => {
            if let Some(s) = local_storage() {
                let _ = s.remove_item(LEGACY_KEY);
            }
            said(dispatch, word);
        }
        FromStore::Said(StoreSaid::Opened { .. }) => ask_storage(false, dispatch),
        FromStore::Said(word) => {
            // Instants for the benchmark of docs/performance.md (`make bench-browser`).
            match &word {
                StoreSaid::Loaded => crate::web::browser::mark("slide:record-loaded"),
                StoreSaid::Kept { .. } => crate::web::browser::mark("slide:kept"),
                _ => {}
            }
            said(dispatch, word)
        }
        FromStore::Offer(name) => {
            if let Ok(file) = Reflect::get(data, &"f".into()) {
                crate::web::browser::offer(&name, file.unchecked_ref());
            }
        }
        FromStore::Panicked(last_words) => {
            stopped(which, dispatch, format!("it crashed: {last_words}"))
        }
    }
}

/// Asks the browser to keep the site's storage persistently (`persist`), or whether it does,
/// and says its answer: `Persisted`, or the database `Opened` with it.
fn ask_storage(persist: bool, dispatch: &Callback<Action>) {
    let dispatch = dispatch.clone();
    wasm_bindgen_futures::spawn_local(async move {
        let manager = storage_manager();
        let asked = manager.and_then(|s| match persist {
            true => s.persist().ok(),
            false => s.persisted().ok(),
        });
        let answer = match asked {
            Some(promise) => JsFuture::from(promise).await.ok().and_then(|v| v.as_bool()),
            None => None,
        };
        said(
            &dispatch,
            match persist {
                true => StoreSaid::Persisted(answer.unwrap_or(false)),
                false => StoreSaid::Opened { persisted: answer },
            },
        );
    });
}

fn storage_manager() -> Option<web_sys::StorageManager> {
    let navigator = web_sys::window()?.navigator();
    // Older browsers and some embedded views have none.
    Reflect::has(&navigator, &"storage".into())
        .ok()
        .filter(|&has| has)
        .map(|_| navigator.storage())
}
