// Starts Slide's record (the player's solves in IndexedDB, history files) in a Web Worker of its
// own, once the first board is on screen (the page starts it: src/web/store.rs). Relative
// addresses in a worker are read against this script's own, so the site works from any folder.
// If the WebAssembly cannot start, the page is told in words, and says so.
importScripts('store.js');
wasm_bindgen({ module_or_path: 'store_bg.wasm' }).catch((e) => {
  postMessage(`it could not start: ${e && e.message ? e.message : e}`);
});
