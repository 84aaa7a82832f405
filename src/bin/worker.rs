//! The solver's Web Worker (built by Trunk for wasm32, `data-type="worker"`).
#![deny(clippy::unwrap_used, clippy::expect_used)]

/// The solver's worker allocates as the page and the record's worker do: Talc in place of the
/// standard library's dlmalloc, 2.9 KB less gzipped wasm (the worker runs on one thread; its
/// searches allocate in few, large pieces, and Korf's 100 in the browser take as long on it).
#[cfg(all(target_arch = "wasm32", not(target_feature = "atomics")))]
#[global_allocator]
static ALLOCATOR: talc::wasm::WasmDynamicTalc = talc::wasm::new_wasm_dynamic_allocator();
#[cfg(target_arch = "wasm32")]
fn main() {
    slide::web::start_worker();
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!("The solver worker runs in a browser: `make run` builds and serves it.");
}
