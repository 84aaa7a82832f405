//! The record's Web Worker: the player's solves in IndexedDB, history files read and written,
//! Open Slidysim's links read and written (built by Trunk for wasm32, `data-type="worker"`).
#![deny(clippy::unwrap_used, clippy::expect_used)]

/// The record's worker allocates as the page does: Talc in place of the standard library's
/// dlmalloc, 2.9 KB less gzipped wasm (the worker runs on one thread).
#[cfg(all(target_arch = "wasm32", not(target_feature = "atomics")))]
#[global_allocator]
static ALLOCATOR: talc::wasm::WasmDynamicTalc = talc::wasm::new_wasm_dynamic_allocator();
#[cfg(target_arch = "wasm32")]
fn main() {
    slide::web::start_store();
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!("The record's worker runs in a browser: `make run` builds and serves it.");
}
