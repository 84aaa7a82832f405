//! Pattern databases kept in the browser's Cache Storage, so only a player's first visit builds
//! them (about 11 MB a 15-puzzle goal and 26 MB a 24-puzzle goal, compact form; see
//! [`crate::heuristics::pdb::PatternDb::to_bytes`]).
//!
//! Everything here may fail (a private window, a page opened from a file, a full disk): a failure
//! only means the tables are built again, so errors are dropped, never shown.

use crate::board::Board;
use crate::heuristics::pdb::PatternDb;
use js_sys::{ArrayBuffer, Uint8Array};
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::JsFuture;
use web_sys::{Cache, Response, WorkerGlobalScope};

const CACHE_NAME: &str = "slide-pattern-databases";

/// The entry's address: its format version and goal. Cache Storage keys are http(s) URLs, and
/// the worker runs from a `blob:` URL, so the page's origin is spelled out.
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
