//! Replay links for the page: one pasted to watch read into a Slide link's query (an Open
//! Slidysim link's solve made one), and an Open Slidysim link written for a solve. The packing is the browser's zlib, in a worker started for the one link
//! (`static/zlib-worker.js`); the JSON inside is read and written by
//! [`crate::play::link::slidysim`], here in the record's worker, so the page carries none of it.

use super::say;
use crate::play::keeping::StoreSaid;
use crate::play::link::slidysim::{self, Pasted, SlidysimError, link_of, pasted, query_of};
use crate::play::record::json::Json;
use crate::puzzle::board::Board;
use crate::puzzle::moves::Move;
use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;
use wasm_bindgen_futures::JsFuture;

/// Reads a replay link pasted to watch: the page hears [`StoreSaid::ReplayLink`], a Slide
/// link's query (an Open Slidysim link's solve made one).
pub async fn read(link: &str) {
    let read = match pasted(link) {
        Ok(Pasted::Slide(query)) => Ok(query.to_string()),
        Ok(Pasted::Slidysim(r)) => unpack(r)
            .await
            .map_err(|e| format!("This Open Slidysim link cannot be watched: {e}.")),
        Err(e) => Err(format!("This link cannot be watched: {e}.")),
    };
    say(StoreSaid::ReplayLink(read));
}

async fn unpack(r: &str) -> Result<String, SlidysimError> {
    let answer = zlib("unpack", r).await?;
    let text = |name| field(&answer, name).and_then(|v| v.as_string());
    let value = text("ok").and_then(|json| Json::parse(&json).ok());
    query_of(&value.unwrap_or(Json::Null), text("inner").as_deref())
}

/// Writes the link of a solve of `moves` from `start`, made at `times`: the page hears
/// [`StoreSaid::SlidysimLink`].
pub async fn write(start: &Board, moves: &[Move], times: &[f64]) {
    let json = slidysim::write(start, moves, times);
    let written = zlib("pack", &json).await.and_then(|answer| {
        let r = field(&answer, "ok").and_then(|v| v.as_string());
        r.map(|r| link_of(&r))
            .ok_or(SlidysimError::Packing(String::new()))
    });
    say(StoreSaid::SlidysimLink(written.map_err(|e| {
        let why = match e {
            SlidysimError::Packing(why) => why,
            other => other.to_string(),
        };
        format!("The Open Slidysim link could not be written: {why}.")
    })));
}

fn field(value: &JsValue, name: &str) -> Option<JsValue> {
    js_sys::Reflect::get(value, &name.into())
        .ok()
        .filter(|v| !v.is_undefined())
}

/// One job for the zlib worker: its answer, or why there is none.
async fn zlib(what: &str, input: &str) -> Result<JsValue, SlidysimError> {
    let refused = |why: &str| SlidysimError::Packing(why.to_string());
    let worker = web_sys::Worker::new("zlib-worker.js")
        .map_err(|_| refused("the browser would not start a worker"))?;
    let promise = js_sys::Promise::new(&mut |resolve, reject| {
        let heard = Closure::once_into_js(move |e: web_sys::MessageEvent| {
            let _ = resolve.call1(&JsValue::NULL, &e.data());
        });
        worker.set_onmessage(Some(heard.unchecked_ref()));
        worker.set_onerror(Some(reject.unchecked_ref()));
    });
    let sent = worker.post_message(&js_sys::Array::of2(&what.into(), &input.into()));
    let answer = match sent {
        Ok(()) => JsFuture::from(promise).await,
        Err(e) => Err(e),
    };
    worker.terminate();
    let answer = answer.map_err(|_| refused("the browser's worker failed"))?;
    match field(&answer, "error").and_then(|v| v.as_string()) {
        Some(why) => Err(SlidysimError::Packing(why)),
        None => Ok(answer),
    }
}
