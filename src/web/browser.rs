//! The browser around the page: its clock, its address, what it remembers (localStorage), the
//! page that embeds it, the clipboard and downloads. Everything here may be refused (a private
//! window, a sandboxed frame): then the page carries on without it.

use crate::play::page::FileProblem;
use crate::play::page::{Calendar, ParentMessage, Remembered};
use crate::play::record::json::Json;
use crate::play::record::settings::Settings;
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::JsFuture;

pub fn document() -> Option<web_sys::Document> {
    web_sys::window().and_then(|w| w.document())
}

/// Milliseconds on the page's clock (`performance.now()`), the time base of the game's clock.
pub fn now_ms() -> f64 {
    web_sys::window()
        .and_then(|w| w.performance())
        .map_or_else(js_sys::Date::now, |p| p.now())
}

/// The query the page was opened with (`?board=…`).
pub fn query() -> String {
    web_sys::window()
        .and_then(|w| w.location().search().ok())
        .unwrap_or_default()
}

/// The page's address without its query (`https://host/games/slide/`).
pub fn base() -> String {
    web_sys::window()
        .map(|w| {
            let l = w.location();
            format!(
                "{}{}",
                l.origin().unwrap_or_default(),
                l.pathname().unwrap_or_default()
            )
        })
        .unwrap_or_default()
}

/// A device link's one-time code (`#device=CODE`), taken out of the address bar so that it is
/// neither kept in the history nor shared by Copy link.
pub fn take_device_code() -> Option<String> {
    let w = web_sys::window()?;
    let code = crate::play::sync::device_code(&w.location().hash().ok()?)?;
    if let Ok(history) = w.history() {
        let location = w.location();
        let url = format!(
            "{}{}",
            location.pathname().unwrap_or_default(),
            location.search().unwrap_or_default()
        );
        let _ = history.replace_state_with_url(&JsValue::NULL, "", Some(&url));
    }
    Some(code)
}

/// Shows `query` in the address bar without a history entry (moves must not flood Back).
pub fn replace_query(query: &str) {
    let Some(w) = web_sys::window() else {
        return;
    };
    if w.location().search().ok().as_deref() == Some(query) {
        return;
    }
    if let Ok(history) = w.history() {
        let url = format!("{}{query}", w.location().pathname().unwrap_or_default());
        let _ = history.replace_state_with_url(&JsValue::NULL, "", Some(&url));
    }
}

/// Tells the page that embeds this one (if any) what happened: `{"type":"slide:move",…}`.
pub fn post_to_parent(message: &ParentMessage) {
    let fields: Vec<(&str, JsValue)> = match message {
        ParentMessage::Move { board, moves } => vec![
            ("type", "slide:move".into()),
            ("board", board.as_str().into()),
            ("moves", (*moves as f64).into()),
        ],
        ParentMessage::Solved { moves, millis } => vec![
            ("type", "slide:solved".into()),
            ("moves", (*moves as f64).into()),
            ("millis", (*millis).into()),
        ],
    };
    let Some(window) = web_sys::window() else {
        return;
    };
    let Ok(Some(parent)) = window.parent() else {
        return;
    };
    let object = js_sys::Object::new();
    for (key, value) in fields {
        let _ = js_sys::Reflect::set(&object, &key.into(), &value);
    }
    let _ = parent.post_message(&object, "*");
}

/// Reads the file chosen in a file input (`event` is its change), refusing one over `limit`
/// bytes, and hands its name and text (or why not) to `then`. The input is emptied, so the same
/// file can be chosen again.
pub fn read_chosen_file(
    event: web_sys::Event,
    limit: f64,
    then: impl FnOnce(String, Result<String, FileProblem>) + 'static,
) {
    let Some(input) = event
        .target()
        .and_then(|t| t.dyn_into::<web_sys::HtmlInputElement>().ok())
    else {
        return;
    };
    let Some(file) = input.files().and_then(|f| f.get(0)) else {
        return;
    };
    wasm_bindgen_futures::spawn_local(async move {
        let contents = if file.size() > limit {
            Err(FileProblem::TooLarge)
        } else {
            JsFuture::from(file.text())
                .await
                .ok()
                .and_then(|t| t.as_string())
                .ok_or(FileProblem::NotText)
        };
        then(file.name(), contents);
    });
    input.set_value("");
}

/// Puts `text` on the clipboard; whether the browser allowed it.
pub async fn copy(text: &str) -> bool {
    match web_sys::window().map(|w| w.navigator().clipboard()) {
        Some(c) => JsFuture::from(c.write_text(text)).await.is_ok(),
        None => false,
    }
}

/// Offers `text` as a file to download.
pub fn download(name: &str, text: &str) {
    let options = web_sys::BlobPropertyBag::new();
    options.set_type("text/plain");
    let parts = js_sys::Array::of1(&text.into());
    if let Ok(blob) = web_sys::Blob::new_with_str_sequence_and_options(&parts, &options) {
        offer(name, &blob);
    }
}

/// Offers `blob` as a file named `name` to download (a history the record's worker wrote, a
/// board the editor saved).
pub fn offer(name: &str, blob: &web_sys::Blob) {
    let Some(document) = document() else {
        return;
    };
    let Ok(url) = web_sys::Url::create_object_url_with_blob(blob) else {
        return;
    };
    if let Ok(a) = document.create_element("a") {
        let a: web_sys::HtmlAnchorElement = a.unchecked_into();
        a.set_href(&url);
        a.set_download(name);
        a.click();
    }
    // Released once the download has taken the file (a large one is read after the click).
    gloo_timers::callback::Timeout::new(60_000, move || {
        let _ = web_sys::Url::revoke_object_url(&url);
    })
    .forget();
}

/// The date and time now, in the player's time zone.
pub fn calendar() -> Calendar {
    let now = js_sys::Date::new_0();
    // getTimezoneOffset() is UTC minus local time, in minutes.
    Calendar::at(now.get_time(), -(now.get_timezone_offset() as i32))
}

const SETTINGS_KEY: &str = "slide.settings";

fn storage() -> Option<web_sys::Storage> {
    web_sys::window()?.local_storage().ok().flatten()
}

/// The settings saved by an earlier visit, or the defaults (also for anything unreadable).
pub fn load_settings() -> Settings {
    storage()
        .and_then(|s| s.get_item(SETTINGS_KEY).ok().flatten())
        .and_then(|text| js_sys::JSON::parse(&text).ok())
        .map_or_else(Settings::default, |value| {
            Settings::from_json(&json_of(&value))
        })
}

/// The record's [`Json`] as the browser's value, for its JSON writer: the page writes its
/// settings with the browser's JSON, as it reads them ([`json_of`]).
fn js_of(json: &Json) -> JsValue {
    match json {
        Json::Null => JsValue::NULL,
        Json::Bool(b) => JsValue::from_bool(*b),
        Json::Number(n) => JsValue::from_f64(*n),
        Json::String(s) => JsValue::from_str(s),
        Json::Array(items) => items.iter().map(js_of).collect::<js_sys::Array>().into(),
        Json::Object(fields) => {
            let object = js_sys::Object::new();
            for (key, value) in fields {
                let _ = js_sys::Reflect::set(&object, &key.into(), &js_of(value));
            }
            object.into()
        }
    }
}

/// A value the browser's JSON parser read, as the record's [`Json`]: the page reads its settings
/// with the parser it already has rather than carrying a second one.
pub fn json_of(value: &JsValue) -> Json {
    if let Some(b) = value.as_bool() {
        Json::Bool(b)
    } else if let Some(n) = value.as_f64() {
        Json::Number(n)
    } else if let Some(s) = value.as_string() {
        Json::String(s)
    } else if js_sys::Array::is_array(value) {
        Json::Array(
            js_sys::Array::from(value)
                .iter()
                .map(|v| json_of(&v))
                .collect(),
        )
    } else if let Some(object) = value.dyn_ref::<js_sys::Object>() {
        let entry = |e: JsValue| {
            let e = js_sys::Array::from(&e);
            (e.get(0).as_string().unwrap_or_default(), json_of(&e.get(1)))
        };
        Json::Object(js_sys::Object::entries(object).iter().map(entry).collect())
    } else {
        Json::Null
    }
}

pub fn save_settings(settings: &Settings) {
    if let Some(s) = storage() {
        let text = js_sys::JSON::stringify(&js_of(&settings.to_json())).ok();
        if let Some(text) = text.and_then(|t| t.as_string()) {
            let _ = s.set_item(SETTINGS_KEY, &text);
        }
    }
}

/// Everything kept from earlier visits: the settings now, the record from the database once
/// the first board is on screen (`web/store`).
pub fn remembered() -> Remembered {
    Remembered {
        settings: load_settings(),
        stored: true,
        ..Remembered::default()
    }
}

/// Where the event in progress is kept for a reload: this tab's session (a reload keeps it, a
/// new tab does not start with it).
const RUN_KEY: &str = "slide.event";

fn session() -> Option<web_sys::Storage> {
    web_sys::window()?.session_storage().ok().flatten()
}

/// Keeps the event in progress for a reload (`None`: forgets it).
pub fn save_run(run: Option<&str>) {
    if let Some(s) = session() {
        let _ = match run {
            Some(text) => s.set_item(RUN_KEY, text),
            None => s.remove_item(RUN_KEY),
        };
    }
}

/// The event in progress kept before a reload, if any.
pub fn saved_run() -> Option<String> {
    session()?.get_item(RUN_KEY).ok().flatten()
}

/// The calendar's time less the page's clock: what turns one into the other.
pub fn clock_offset() -> f64 {
    js_sys::Date::now() - now_ms()
}

pub fn forget_settings() {
    if let Some(s) = storage() {
        let _ = s.remove_item(SETTINGS_KEY);
    }
}

/// The machine's cores, as the browser tells.
pub fn cores() -> usize {
    web_sys::window().map_or(1, |w| w.navigator().hardware_concurrency() as usize)
}

/// Runs `then` once the browser is idle after what it is doing now (the first board drawn, its
/// input handled), or after `at_most_ms` whatever happens: for work the first board does not
/// need (the workers' start, the record's load). Browsers without `requestIdleCallback`
/// (Safari) wait [`IDLE_FALLBACK_MS`] instead. (One boxed type: each closure type would add
/// its own glue to the page's WebAssembly.)
pub fn when_idle(at_most_ms: u32, then: Box<dyn FnOnce()>) {
    let idle = web_sys::window()
        .and_then(|w| js_sys::Reflect::get(&w, &"requestIdleCallback".into()).ok())
        .and_then(|f| f.dyn_into::<js_sys::Function>().ok());
    let Some(idle) = idle else {
        return after_ms(IDLE_FALLBACK_MS.min(at_most_ms) as i32, then);
    };
    let options = js_sys::Object::new();
    let _ = js_sys::Reflect::set(&options, &"timeout".into(), &at_most_ms.into());
    let then = wasm_bindgen::closure::Closure::once_into_js(then);
    let _ = idle.call2(&JsValue::NULL, &then, &options);
}

/// How long [`when_idle`] waits where the browser cannot say when it is idle.
const IDLE_FALLBACK_MS: u32 = 500;

/// Marks a moment of the page's life on the performance timeline (`slide:first-board`,
/// `slide:unfolded`, `slide:record-loaded`, `slide:kept`): the load-time figures and the tests
/// wait for these, never for a time.
pub fn mark(name: &str) {
    if let Some(p) = web_sys::window().and_then(|w| w.performance()) {
        let _ = p.mark(name);
    }
}

/// Runs `then` in `ms` milliseconds.
fn after_ms(ms: i32, then: Box<dyn FnOnce()>) {
    if let Some(window) = web_sys::window() {
        let then = wasm_bindgen::closure::Closure::once_into_js(then);
        let _ =
            window.set_timeout_with_callback_and_timeout_and_arguments_0(then.unchecked_ref(), ms);
    }
}
