//! Replay links for the page: one pasted to watch read into a Slide link's query (an Open
//! Slidysim link's solve made one), and an Open Slidysim link written for a solve. The packing
//! is the browser's zlib, in a worker started for the one link (`static/zlib-worker.js`); the
//! JSON inside is read and written by [`crate::play::link::slidysim`], here in the record's
//! worker, so the page carries none of it. Neither waits in the record's queue: no database is
//! touched, and the page hears the answer when the zlib worker gives it.

use super::say;
use crate::play::keeping::StoreSaid;
use crate::play::link::slidysim::{self, Pasted, SlidysimError, link_of, pasted, query_of};
use crate::play::record::json::Json;
use crate::puzzle::board::Board;
use crate::puzzle::moves::Move;
use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;

/// Reads a replay link pasted to watch: the page hears [`StoreSaid::ReplayLink`], a Slide
/// link's query (an Open Slidysim link's solve made one).
pub fn read(link: &str) {
    let refused = |e: SlidysimError| format!("This Open Slidysim link cannot be watched: {e}.");
    match pasted(link) {
        Ok(Pasted::Slide(query)) => say(StoreSaid::ReplayLink(Ok(query.to_string()))),
        Ok(Pasted::Slidysim(r)) => zlib("unpack", r, move |answer| {
            let read = answer.and_then(|answer| {
                let text = |name| field(&answer, name).and_then(|v| v.as_string());
                let value = text("ok").and_then(|json| Json::parse(&json).ok());
                query_of(&value.unwrap_or(Json::Null), text("inner").as_deref())
            });
            say(StoreSaid::ReplayLink(read.map_err(refused)));
        }),
        Err(e) => say(StoreSaid::ReplayLink(Err(format!(
            "This link cannot be watched: {e}."
        )))),
    }
}

/// Writes the link of a solve of `moves` from `start`, made at `times`: the page hears
/// [`StoreSaid::SlidysimLink`].
pub fn write(start: &Board, moves: &[Move], times: &[f64]) {
    zlib("pack", &slidysim::write(start, moves, times), |answer| {
        let r = answer.map(|answer| field(&answer, "ok").and_then(|v| v.as_string()));
        let written = match r {
            Ok(Some(r)) => Ok(link_of(&r)),
            Ok(None) => Err("the browser's worker failed".to_string()),
            Err(SlidysimError::Packing(why)) => Err(why),
            Err(other) => Err(other.to_string()),
        };
        say(StoreSaid::SlidysimLink(written.map_err(|why| {
            format!("The Open Slidysim link could not be written: {why}.")
        })));
    });
}

fn field(value: &JsValue, name: &str) -> Option<JsValue> {
    js_sys::Reflect::get(value, &name.into())
        .ok()
        .filter(|v| !v.is_undefined())
}

/// One job for the zlib worker: `done` hears its answer, or why there is none.
fn zlib(what: &str, input: &str, done: impl FnOnce(Result<JsValue, SlidysimError>) + 'static) {
    let refused = |why: &str| SlidysimError::Packing(why.to_string());
    let Ok(worker) = web_sys::Worker::new("zlib-worker.js") else {
        return done(Err(refused("the browser would not start a worker")));
    };
    let done = std::rc::Rc::new(std::cell::Cell::new(Some(done)));
    let (heard, ended) = (done.clone(), worker.clone());
    let heard = Closure::once_into_js(move |e: web_sys::MessageEvent| {
        ended.terminate();
        let data = e.data();
        let answer = match field(&data, "error").and_then(|v| v.as_string()) {
            Some(why) => Err(SlidysimError::Packing(why)),
            None => Ok(data),
        };
        if let Some(done) = heard.take() {
            done(answer);
        }
    });
    let ended = worker.clone();
    let failed = Closure::once_into_js(move |_: JsValue| {
        ended.terminate();
        if let Some(done) = done.take() {
            done(Err(refused("the browser's worker failed")));
        }
    });
    worker.set_onmessage(Some(heard.unchecked_ref()));
    worker.set_onerror(Some(failed.unchecked_ref()));
    let _ = worker.post_message(&js_sys::Array::of2(&what.into(), &input.into()));
}
