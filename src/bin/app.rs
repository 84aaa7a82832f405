//! The browser game's entry point (built by Trunk for wasm32).
#![deny(clippy::unwrap_used, clippy::expect_used)]
#[cfg(target_arch = "wasm32")]
fn main() {
    slide::web::start_app();
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!("The game runs in a browser: `make run` builds and serves it.");
}
