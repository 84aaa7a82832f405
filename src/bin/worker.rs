//! The solver's Web Worker (built by Trunk for wasm32, `data-type="worker"`).
#![deny(clippy::unwrap_used, clippy::expect_used)]
#[cfg(target_arch = "wasm32")]
fn main() {
    slide::web::start_worker();
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!("The solver worker runs in a browser: `make run` builds and serves it.");
}
