//! The record's Web Worker: the player's solves in IndexedDB, history files read and written,
//! Open Slidysim's links read and written (built by Trunk for wasm32, `data-type="worker"`).
#![deny(clippy::unwrap_used, clippy::expect_used)]
#[cfg(target_arch = "wasm32")]
fn main() {
    slide::web::start_store();
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!("The record's worker runs in a browser: `make run` builds and serves it.");
}
