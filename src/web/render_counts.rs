//! How many times each part of the page was drawn, for the end-to-end tests: a page that finds
//! `window.slideRenders` set to an object when it starts (a test's init script sets it) counts
//! each draw into it (`{ "app": 12, "board": 12, "stats": 1, … }`). Anywhere else, counting is
//! one look at an empty slot: the shipped build is the build the tests count.

use js_sys::Reflect;
use wasm_bindgen::JsValue;

thread_local! {
    /// `window.slideRenders`, where this page counts its draws: looked for once, at the first.
    static COUNTS: Option<JsValue> = web_sys::window()
        .and_then(|window| Reflect::get(&window, &JsValue::from_str("slideRenders")).ok())
        .filter(JsValue::is_object);
}

/// Counts one draw of `part`.
pub fn count(part: &str) {
    COUNTS.with(|counts| {
        if let Some(counts) = counts {
            let part = JsValue::from_str(part);
            let n = Reflect::get(counts, &part).ok().and_then(|n| n.as_f64());
            let _ = Reflect::set(counts, &part, &JsValue::from_f64(n.unwrap_or(0.0) + 1.0));
        }
    });
}

/// Counts `drawn` once a draw of the component calling it is done: its effects run once every
/// part the draw asked for is drawn, however many tasks Yew took for them.
#[yew::hook]
pub fn use_drawn() {
    yew::use_effect(|| count("drawn"));
}
