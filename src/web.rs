//! The browser game: Yew components over the core, and the solver's Web Worker.
//!
//! Compiled for wasm32 only. `src/bin/app.rs` calls [`start_app`], `src/bin/worker.rs` calls
//! [`start_worker`]; Trunk bundles both.

pub mod app;
pub mod components;
pub mod page;
pub mod settings;
pub mod table_cache;
pub mod worker;

use wasm_bindgen::JsCast;

/// Mounts the game on the page's `<main id="slide">` (or the body), after installing the panic hook.
pub fn start_app() {
    install_panic_hook();
    let document = gloo_utils_document();
    let root = document
        .and_then(|d| d.get_element_by_id("slide"))
        .or_else(|| gloo_utils_document().and_then(|d| d.body().map(|b| b.unchecked_into())));
    match root {
        Some(root) => {
            yew::Renderer::<app::App>::with_root(root).render();
        }
        None => web_sys::console::error_1(&"Slide: no element to mount on".into()),
    }
}

/// Registers the solver reactor inside the worker.
pub fn start_worker() {
    use yew_agent::Registrable;
    worker::SolverReactor::registrar().register();
}

fn gloo_utils_document() -> Option<web_sys::Document> {
    web_sys::window().and_then(|w| w.document())
}

/// A panic in wasm would leave a dead page; instead, say so where the player looks, and log it.
fn install_panic_hook() {
    std::panic::set_hook(Box::new(|info| {
        let detail = info.to_string();
        web_sys::console::error_1(&format!("Slide crashed: {detail}").into());
        let Some(document) = gloo_utils_document() else {
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
