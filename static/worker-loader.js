// Starts Slide's solver in a Web Worker (the page starts it: src/web/workers.rs). Relative
// addresses in a worker are read against this script's own, so the site works from any folder.
// If the WebAssembly cannot start, the page is told in words, and says so.
importScripts('worker.js');
wasm_bindgen({ module_or_path: 'worker_bg.wasm' }).catch((e) => {
  postMessage(`it could not start: ${e && e.message ? e.message : e}`);
});
