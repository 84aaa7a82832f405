// Starts Slide's sync worker (this device's rounds with the site's Slide server) in a Web Worker
// of its own, only once the device syncs or a device link is opened (src/web/store/client.rs).
// Relative addresses in a worker are read against this script's own, so the site works from any
// folder. If the WebAssembly cannot start, the page is told in words.
importScripts('sync.js');
wasm_bindgen({ module_or_path: 'sync_bg.wasm' }).catch((e) => {
  postMessage(`it could not start: ${e && e.message ? e.message : e}`);
});
