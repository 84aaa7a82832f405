//! Pattern databases kept in the browser's Cache Storage, so only a player's first visit gets
//! them (about 11 MB a 15-puzzle goal and 26 MB a 24-puzzle goal, compact form; see
//! [`crate::heuristics::pdb::PatternDb::to_bytes`]); and the site's prebuilt tables, which a
//! first visit fetches (1.3 MB gzipped for a 15-puzzle goal, 0.55 MB for a 24-puzzle goal) rather
//! than building them for seconds.
//!
//! Everything here may fail (a private window, a page opened from a file, a full disk, a host
//! without the downloads): a failure only means the tables are built, so errors are dropped.

use crate::heuristics::pdb::PatternDb;
use crate::puzzle::board::Board;
use js_sys::{ArrayBuffer, Uint8Array};
use std::cell::RefCell;
use wasm_bindgen::prelude::wasm_bindgen;
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::JsFuture;
use web_sys::{Cache, ReadableWritablePair, Response, WorkerGlobalScope};

#[wasm_bindgen]
extern "C" {
    /// The browser's gzip decoder (web-sys lists it among its unstable APIs, so it is declared
    /// here): a readable and writable pair, as `pipeThrough` takes.
    #[wasm_bindgen(js_name = DecompressionStream)]
    type Gunzip;
    #[wasm_bindgen(constructor, js_class = "DecompressionStream", catch)]
    fn new(format: &str) -> Result<Gunzip, JsValue>;
}

const CACHE_NAME: &str = "slide-pattern-databases";

/// The entry's address: its format version and goal. Cache Storage keys are http(s) URLs, and
/// the worker's own address is its loader's, so the page's origin is spelled out.
fn key(scope: &WorkerGlobalScope, goal: &Board) -> String {
    format!(
        "{}/{CACHE_NAME}/{}/{}",
        scope.location().origin(),
        PatternDb::format_name(goal),
        goal.to_string().replace(' ', ",").replace('/', "_")
    )
}

async fn open() -> Result<(WorkerGlobalScope, Cache), JsValue> {
    let scope: WorkerGlobalScope = js_sys::global().dyn_into()?;
    let cache = JsFuture::from(scope.caches()?.open(CACHE_NAME)).await?;
    Ok((scope, cache.dyn_into()?))
}

/// The stored tables for `goal`, if any are stored and intact.
pub async fn load(goal: &Board) -> Option<PatternDb> {
    let found = async {
        let (scope, cache) = open().await?;
        let response = JsFuture::from(cache.match_with_str(&key(&scope, goal))).await?;
        let response: Response = response.dyn_into()?;
        let buffer: ArrayBuffer = JsFuture::from(response.array_buffer()?).await?.dyn_into()?;
        Ok::<_, JsValue>(Uint8Array::new(&buffer).to_vec())
    }
    .await
    .ok()?;
    PatternDb::from_bytes(goal, &found)
}

/// Keeps the tables for later visits; says whether that worked.
pub async fn store(db: &PatternDb) -> bool {
    async {
        let (scope, cache) = open().await?;
        let mut bytes = db.to_bytes();
        let response = Response::new_with_opt_u8_array(Some(&mut bytes))?;
        JsFuture::from(cache.put_with_str(&key(&scope, db.goal()), &response)).await?;
        Ok::<_, JsValue>(())
    }
    .await
    .is_ok()
}

thread_local! {
    /// Where the site's prebuilt tables are, as the page said (`ToWorker::Site`).
    static SITE: RefCell<Option<String>> = const { RefCell::new(None) };
}

/// Remembers where the site's prebuilt tables are.
pub fn set_site(tables: String) {
    SITE.with(|s| *s.borrow_mut() = Some(tables));
}

/// The site's prebuilt tables for `goal`, fetched and unzipped, if the site has them and they
/// are intact.
pub async fn download(goal: Board) -> Option<PatternDb> {
    let base = SITE.with(|s| s.borrow().clone())?;
    let url = format!("{base}{}", PatternDb::download_name(&goal));
    let bytes = async {
        let scope: WorkerGlobalScope = js_sys::global().dyn_into()?;
        let response: Response = JsFuture::from(scope.fetch_with_str(&url))
            .await?
            .dyn_into()?;
        let body = response
            .body()
            .filter(|_| response.ok())
            .ok_or(JsValue::NULL)?;
        let gunzip = Gunzip::new("gzip")?;
        let pair: &ReadableWritablePair = gunzip.unchecked_ref();
        let unzipped = Response::new_with_opt_readable_stream(Some(&body.pipe_through(pair)))?;
        let buffer: ArrayBuffer = JsFuture::from(unzipped.array_buffer()?).await?.dyn_into()?;
        Ok::<_, JsValue>(Uint8Array::new(&buffer).to_vec())
    }
    .await
    .ok()?;
    PatternDb::from_bytes(&goal, &bytes)
}
