//! The benchmark page's entry point (built by Trunk for wasm32 from `static/bench/index.html`).
#![deny(clippy::unwrap_used, clippy::expect_used)]
#[cfg(target_arch = "wasm32")]
fn main() {
    slide::web::start_bench();
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!("The benchmark page runs in a browser: `make run`, then open /bench/.");
}
