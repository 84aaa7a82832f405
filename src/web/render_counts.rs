//! How many times each part of the page was drawn, for the end-to-end tests: a build with the
//! `render-counts` feature (never the shipped one) counts each draw into `window.slideRenders`
//! (`{ "app": 12, "board": 12, "stats": 1, … }`); without it, counting is nothing at all.

/// Counts one draw of `part`.
#[cfg(feature = "render-counts")]
pub fn count(part: &str) {
    use js_sys::{Object, Reflect};
    use wasm_bindgen::JsValue;
    let Some(window) = web_sys::window() else {
        return;
    };
    let key = JsValue::from_str("slideRenders");
    let counts = match Reflect::get(&window, &key) {
        Ok(counts) if counts.is_object() => counts,
        _ => {
            let counts = JsValue::from(Object::new());
            let _ = Reflect::set(&window, &key, &counts);
            counts
        }
    };
    let part = JsValue::from_str(part);
    let n = Reflect::get(&counts, &part)
        .ok()
        .and_then(|n| n.as_f64())
        .unwrap_or(0.0);
    let _ = Reflect::set(&counts, &part, &JsValue::from_f64(n + 1.0));
}

/// Counts nothing: the shipped build.
#[cfg(not(feature = "render-counts"))]
#[inline(always)]
pub fn count(_part: &str) {}

/// Counts `drawn` once a draw of the component calling it is done: its effects run once every
/// part the draw asked for is drawn, however many tasks Yew took for them.
#[cfg(feature = "render-counts")]
#[yew::hook]
pub fn use_drawn() {
    yew::use_effect(|| count("drawn"));
}

/// Counts nothing: the shipped build.
#[cfg(not(feature = "render-counts"))]
#[yew::hook]
pub fn use_drawn() {}
