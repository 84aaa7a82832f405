//! What both workers of the record know of sync, in the database: this device's player and key
//! (`meta`, never in the page), how many records wait to go up (`pending`), deletions noted for
//! the server. The record's worker needs only this; the rounds with the server are the sync
//! worker's (`sync.rs`, loaded only once this device syncs or a device link is opened).

use super::idb::{self, DELETIONS, EVENTS, META, SOLVES};
use super::say;
use crate::play::keeping::StoreSaid;
use crate::play::sync::SyncSaid;
use js_sys::{Object, Reflect};
use wasm_bindgen::JsValue;
use web_sys::IdbDatabase;

/// This device's sync, as the `meta` store keeps it.
pub struct Meta {
    pub key: String,
    pub player: String,
    pub name: String,
    /// Where the next round reads on from.
    pub cursor: String,
}

/// Whether this device syncs, as whom, and what waits: said with every load.
pub async fn said_at_load(db: &IdbDatabase) {
    let meta = meta(db).await.ok().flatten();
    let pending = pending(db).await.unwrap_or(0);
    say(StoreSaid::Sync(SyncSaid::Player {
        name: meta.map(|m| m.name),
        pending,
    }));
}

/// Solves and events waiting to go up.
pub async fn pending(db: &IdbDatabase) -> Result<usize, JsValue> {
    let mut n = 0;
    for store in [SOLVES, EVENTS] {
        let index = idb::store(db, store, false)?.index("pending")?;
        n += idb::result(&index.count()?).await?.as_f64().unwrap_or(0.0) as usize;
    }
    Ok(n)
}

/// Deletions made here, for the server to hear at the next round, if this device syncs: the
/// uids of these records (read before they go). Put in `tx`, which holds `deletions`.
pub async fn note_deletions(db: &IdbDatabase, uids: &[String]) -> Result<(), JsValue> {
    if uids.is_empty() || meta(db).await?.is_none() {
        return Ok(());
    }
    let tx = idb::transaction(db, &[DELETIONS], true)?;
    let store = tx.object_store(DELETIONS)?;
    for uid in uids {
        store.put(&object_value(&[("uid", uid.as_str().into())]))?;
    }
    idb::done(&tx).await
}

// --- the key, kept ---------------------------------------------------------------------------

pub fn object_value(fields: &[(&str, JsValue)]) -> JsValue {
    let value = Object::new();
    for (key, v) in fields {
        let _ = Reflect::set(&value, &(*key).into(), v);
    }
    value.into()
}

pub fn meta_record(meta: &Meta) -> JsValue {
    object_value(&[
        ("id", "sync".into()),
        ("key", meta.key.as_str().into()),
        ("player", meta.player.as_str().into()),
        ("name", meta.name.as_str().into()),
        ("cursor", meta.cursor.as_str().into()),
    ])
}

pub async fn meta(db: &IdbDatabase) -> Result<Option<Meta>, JsValue> {
    let value = idb::result(&idb::store(db, META, false)?.get(&"sync".into())?).await?;
    let field = |key: &str| {
        Reflect::get(&value, &key.into())
            .ok()
            .and_then(|v| v.as_string())
    };
    Ok(match (field("key"), field("player"), field("name")) {
        (Some(key), Some(player), Some(name)) => Some(Meta {
            key,
            player,
            name,
            cursor: field("cursor").unwrap_or_default(),
        }),
        _ => None,
    })
}

pub async fn set_meta(db: &IdbDatabase, meta: Option<&Meta>) -> Result<(), JsValue> {
    let tx = idb::transaction(db, &[META], true)?;
    let store = tx.object_store(META)?;
    match meta {
        Some(meta) => store.put(&meta_record(meta))?,
        None => store.delete(&"sync".into())?,
    };
    idb::done(&tx).await
}
