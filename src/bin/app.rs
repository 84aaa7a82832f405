//! The browser game's entry point (built by Trunk for wasm32).
#![deny(clippy::unwrap_used, clippy::expect_used)]

/// The page's allocator: Talc in place of the standard library's dlmalloc, 2.6 KB less gzipped
/// wasm for a phone to download before the first board, with no difference in a move's cost
/// that the move benchmark can tell (the page runs on one thread).
#[cfg(all(target_arch = "wasm32", not(target_feature = "atomics")))]
#[global_allocator]
static ALLOCATOR: talc::wasm::WasmDynamicTalc = talc::wasm::new_wasm_dynamic_allocator();
#[cfg(target_arch = "wasm32")]
fn main() {
    slide::web::start_app();
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!("The game runs in a browser: `make run` builds and serves it.");
}
