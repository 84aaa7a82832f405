//! The record's database: IndexedDB, in a worker of its own (the record's worker, started
//! from `store-loader.js` once the first board is on screen), behind the effects the page's
//! model asks for ([`Effect::Load`], [`Effect::Store`]) and the words it hears back
//! ([`StoreSaid`], as [`RecordAction::Store`]). Every decision (what to keep, what to tell the
//! player, what a refusal means) is the model's (`play/page/record`); the worker carries it out.
//!
//! - [`client`]: the page's side: the worker started, messages held until it is ready, what
//!   only a page can reach.
//!
//! The worker's side (what they share is here: its state, its words to the page):
//! - [`worker`]: its loop, one job at a time in the order asked;
//! - [`idb`]: IndexedDB as futures, and the database's stores;
//! - [`records`]: solves and events as records, and back;
//! - [`load`]: the database opened, the record read in chunks, and a history of an earlier
//!   version moved in;
//! - [`write`]: a solve, an event, a clear, each one transaction;
//! - [`files`]: an import (read in pieces, written in one transaction), an export written in
//!   pieces, older solves for the table, what could not be read;
//! - [`tabs`]: other tabs hear of each write;
//! - [`slidysim`]: Open Slidysim's links read and written for the page (their zlib in a worker
//!   of its own), so that none of it weighs on the page's first load;
//! - [`meta`]: what the record's worker knows of sync: this device's player, what waits to go
//!   up, deletions noted for the server, the upgrade that gave older records their `uid`;
//! - [`sync`]: the sync worker, a worker of its own started only once this device syncs or a
//!   device link is opened: joining, device links, the key as a file, the rounds with the server.

mod client;
mod files;
mod idb;
mod load;
mod meta;
mod records;
mod slidysim;
pub mod sync;
mod tabs;
pub mod worker;
mod write;

pub use client::{import, restore_key, run};

use crate::play::keeping::{Refusal, StoreSaid, ToStore};
use crate::play::wire::{Wire, decode, encode};
use crate::wire_variants;
use js_sys::{Object, Reflect, Uint8Array};
use std::cell::RefCell;
use std::collections::VecDeque;
use wasm_bindgen::{JsCast, JsValue};
use web_sys::{DedicatedWorkerGlobalScope, IdbDatabase};

/// What the record's worker posts to the page.
#[derive(Debug)]
pub enum FromStore {
    /// Its code runs and hears messages (those posted before were held by the page).
    Ready,
    Said(StoreSaid),
    /// A file to offer for download, by this name (the file beside the message).
    Offer(String),
    /// Its code panicked (its last words).
    Panicked(String),
}

wire_variants!(FromStore {
    0 => Ready {},
    1 => Said(said),
    2 => Offer(name),
    3 => Panicked(last_words),
});

/// A message as it crosses: its bytes (the record's binary form), and a file beside them.
fn envelope(message: &impl Wire, file: Option<&JsValue>) -> Option<JsValue> {
    let bytes = encode(message);
    let object = Object::new();
    let _ = Reflect::set(&object, &"m".into(), &Uint8Array::from(bytes.as_slice()));
    if let Some(file) = file {
        let _ = Reflect::set(&object, &"f".into(), file);
    }
    Some(object.into())
}

/// A message's bytes, read back.
fn open_envelope<T: Wire>(data: &JsValue) -> Option<T> {
    let bytes = Reflect::get(data, &"m".into()).ok()?;
    decode(&bytes.dyn_ref::<Uint8Array>()?.to_vec())
}

/// What the record's worker holds between jobs.
#[derive(Default)]
struct State {
    db: Option<IdbDatabase>,
    refused: Option<Refusal>,
    jobs: VecDeque<(ToStore, Option<web_sys::File>)>,
    working: bool,
    /// Ids of stored records that could not be read (for their download).
    unreadable: Vec<f64>,
}

thread_local! {
    static STATE: RefCell<State> = RefCell::default();
}

/// The record's worker posts `reply` to the page, with a file (a download) beside it.
fn post(reply: &FromStore, file: Option<&JsValue>) {
    if let Some(message) = envelope(reply, file) {
        let scope: DedicatedWorkerGlobalScope = js_sys::global().unchecked_into();
        let _ = scope.post_message(&message);
    }
}

/// The record's worker tells the page what happened.
fn say(said: StoreSaid) {
    post(&FromStore::Said(said), None);
}

/// Tells the page how far a long task is, at most five times a second: each word redraws the
/// page, which must keep its frames.
fn progress(done: u64, total: u64) {
    thread_local! {
        static LAST: std::cell::Cell<f64> = const { std::cell::Cell::new(0.0) };
    }
    let now = js_sys::Date::now();
    if done < total && LAST.with(|l| now - l.get() < 200.0) {
        return;
    }
    LAST.with(|l| l.set(now));
    say(StoreSaid::Progress { done, total });
}

/// Gives the worker's event loop a turn (the page's next message may be read) before the next
/// chunk of work.
async fn breathe() {
    gloo_timers::future::TimeoutFuture::new(0).await;
}
