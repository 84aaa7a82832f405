//! The browser game: a thin Yew layer over the page's model ([`crate::play::page`]), and the
//! solver's Web Worker.
//!
//! Compiled for wasm32 only. `src/bin/app.rs` calls [`start_app`], `src/bin/worker.rs` calls
//! [`start_worker`], `src/bin/store.rs` calls [`start_store`], `src/bin/sync.rs` calls
//! [`start_sync`]; Trunk bundles the four.
//!
//! - [`app`]: the root: creates the model, connects the worker, timers and keys, lays out.
//! - [`layout`]: the page's parts, each drawn again only when its revision changes;
//!   [`render_counts`]: those draws counted, for a test that asks.
//! - [`effects`]: carries out what the model asks (worker messages, storage, address, clipboard).
//! - [`store`]: the record's database (IndexedDB) in a worker of its own: loads, writes, imports,
//!   exports, other tabs.
//! - [`browser`]: the browser around the page: its clock, address, storage, embedding parent.
//! - [`components`]: one file per part of the page, each rendering props and sending actions.
//! - [`workers`]: the page's side of the solver's workers: started, heard, ended.
//! - [`worker`], [`table_cache`]: the solver's worker and its pattern databases' cache.
//! - [`wire`]: the workers' messages as they cross, in envelopes that name their channel.
//! - [`bench_page`]: the benchmark's own page (`bench/`, `src/bin/bench.rs`).

pub mod app;
pub mod bench_page;
pub mod browser;
pub mod components;
pub mod effects;
pub mod layout;
pub mod render_counts;
pub mod store;
pub mod table_cache;
pub mod wire;
pub mod worker;
pub mod workers;

use wasm_bindgen::JsCast;

/// Mounts the game on the page's `<main id="slide">` (or the body), after installing the panic
/// hook. The page's first screen (index.html's, drawn by the CSS alone) has painted by then: the
/// loader asks for the wasm only after the first frame (Trunk.toml's `pattern_script`).
pub fn start_app() {
    mount::<app::App>();
}

/// Mounts the benchmark page.
pub fn start_bench() {
    mount::<bench_page::BenchPage>();
}

fn mount<C: yew::BaseComponent<Properties = ()>>() {
    install_panic_hook();
    let document = browser::document();
    let root = document
        .as_ref()
        .and_then(|d| d.get_element_by_id("slide"))
        .or_else(|| document.and_then(|d| d.body().map(|b| b.unchecked_into())));
    match root {
        Some(root) => {
            // What the page showed before the app (index.html's first screen, a loading line)
            // goes: Yew draws in a microtask of this same task, so no frame shows the page empty.
            root.set_inner_html("");
            yew::Renderer::<C>::with_root(root).render();
        }
        None => web_sys::console::error_1(&"Slide: no element to mount on".into()),
    }
}

/// Starts the solver inside its worker.
pub fn start_worker() {
    worker::start();
}

/// Starts the record's worker (its database, its files).
pub fn start_store() {
    store::worker::start();
}

/// Starts the sync worker (this device's rounds with the site's server).
pub fn start_sync() {
    store::sync::start();
}

/// A panic in wasm would leave a dead page; instead, say so where the player looks, and log it.
fn install_panic_hook() {
    std::panic::set_hook(Box::new(|info| {
        let detail = info.to_string();
        web_sys::console::error_1(&format!("Slide crashed: {detail}").into());
        let Some(document) = browser::document() else {
            return;
        };
        let Ok(alert) = document.create_element("div") else {
            return;
        };
        let _ = alert.set_attribute("role", "alert");
        let _ = alert.set_attribute("class", "crash");
        alert.set_text_content(Some(
            "Something went wrong and the game stopped. Reload the page to play again; your link still works.",
        ));
        if let Some(body) = document.body() {
            let _ = body.prepend_with_node_1(&alert);
        }
    }));
}
