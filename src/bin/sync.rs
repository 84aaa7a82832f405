//! The sync worker: this device's rounds with the site's Slide server, its device links and its
//! key (built by Trunk for wasm32, `data-type="worker"`). The page starts it only once this
//! device syncs or a device link is opened.
#![deny(clippy::unwrap_used, clippy::expect_used)]

/// Allocates as the record's worker does.
#[cfg(all(target_arch = "wasm32", not(target_feature = "atomics")))]
#[global_allocator]
static ALLOCATOR: talc::wasm::WasmDynamicTalc = talc::wasm::new_wasm_dynamic_allocator();
#[cfg(target_arch = "wasm32")]
fn main() {
    slide::web::start_sync();
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!("The sync worker runs in a browser: `make run` builds and serves it.");
}
