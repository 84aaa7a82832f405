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
}

/// Starts hearing the other tabs (once).
pub fn listen() {
    if CHANNEL.with(|c| c.borrow().is_some()) {
        return;
    }
    let Ok(channel) = BroadcastChannel::new(NAME) else {
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
    CHANNEL.with(|c| *c.borrow_mut() = Some(channel));
}

fn post(message: &Object) {
    CHANNEL.with(|c| {
        if let Some(channel) = c.borrow().as_ref() {
            let _ = channel.post_message(message);
        }
    });
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
