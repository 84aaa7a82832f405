//! Other tabs of the site hear of each write on a `BroadcastChannel`: the records a write kept
//! (a tab adds them to its record without a reload), or that the record must be read again (a
//! clear, an import). A message comes only after its transaction committed, so what it names
//! is in the database.

use super::records::Keys;
use super::say;
use crate::play::keeping::{Keeping, StoreSaid};
use js_sys::{Array, Object, Reflect};
use std::cell::RefCell;
use wasm_bindgen::closure::Closure;
use wasm_bindgen::{JsCast, JsValue};
use web_sys::{BroadcastChannel, MessageEvent};

const NAME: &str = "slide.record";

thread_local! {
    static CHANNEL: RefCell<Option<BroadcastChannel>> = const { RefCell::new(None) };
    static LISTENING: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// The channel, opened the first time.
fn channel() -> Option<BroadcastChannel> {
    CHANNEL.with(|c| {
        let mut c = c.borrow_mut();
        if c.is_none() {
            *c = BroadcastChannel::new(NAME).ok();
        }
        c.clone()
    })
}

/// Starts hearing the other tabs (once): the record's worker does, and says what it hears to
/// its page; the sync worker only speaks, so its page hears it through its own record's worker.
pub fn listen() {
    if LISTENING.with(|l| l.replace(true)) {
        return;
    }
    let Some(channel) = channel() else {
        return;
    };
    let heard = Closure::<dyn FnMut(MessageEvent)>::new(|event: MessageEvent| {
        let data = event.data();
        let field = |key: &str| Reflect::get(&data, &key.into()).unwrap_or(JsValue::UNDEFINED);
        if field("reload").is_truthy() {
            say(StoreSaid::Reload);
            return;
        }
        let keys = Keys::new();
        let list = |key: &str| field(key).dyn_into::<Array>().ok().unwrap_or_default();
        let keeping = Keeping {
            solves: list("solves")
                .iter()
                .filter_map(|r| keys.solve(&r))
                .collect(),
            events: list("events")
                .iter()
                .filter_map(|r| keys.event(&r))
                .collect(),
        };
        if !keeping.is_empty() {
            say(StoreSaid::Arrived(keeping));
        }
    });
    channel.set_onmessage(Some(heard.as_ref().unchecked_ref()));
    heard.forget();
}

fn post(message: &Object) {
    if let Some(channel) = channel() {
        let _ = channel.post_message(message);
    }
}

/// Records a write kept.
pub fn kept(solves: &Array, events: &Array) {
    let message = Object::new();
    let _ = Reflect::set(&message, &"solves".into(), solves);
    let _ = Reflect::set(&message, &"events".into(), events);
    post(&message);
}

/// The record changed as a whole: read it again.
pub fn reload() {
    let message = Object::new();
    let _ = Reflect::set(&message, &"reload".into(), &true.into());
    post(&message);
}
