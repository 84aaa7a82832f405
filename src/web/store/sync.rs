//! The sync worker (`src/bin/sync.rs`, started by the page only once this device syncs or a
//! device link is opened, so none of it weighs on the record's worker): joining a player, a
//! device link and its QR code, the key saved and restored, and the rounds that send what waits
//! and read what the server stored since the last one, each page read written with the cursor
//! that follows it in one transaction. It shares the record's database with the record's
//! worker: a record the server has acknowledged is no longer `pending`, one that changed while
//! it went up stays pending and goes again, and deletions made here wait in `deletions` until
//! the server has them. What a round brings is told to every tab's record (this one's too) on
//! their channel. The server is the site's own (`api/`, beside the page); where there is none,
//! sync says so and the record goes on as before.

use super::idb::{self, DELETIONS, EVENTS, META, SOLVES};
use super::meta::{Meta, meta, meta_record, pending, set_meta};
use super::records::{Keys, event_record, settled, solve_record};
use super::{FromStore, breathe, post, say, tabs};
use crate::play::event::log::event_of_json;
use crate::play::event::record::EventRecord;
use crate::play::keeping::ToStore;
use crate::play::keeping::{Keeping, StoreSaid};
use crate::play::race::{RaceJob, RaceSaid, Standing};
use crate::play::record::json::Json;
use crate::play::record::solves::{Solve, solve_of_json};
use crate::play::sync::{Qr, SyncJob, SyncSaid};
use js_sys::{Array, Object, Reflect};
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::JsFuture;
use web_sys::{IdbDatabase, IdbObjectStore};

/// Bytes of solves an upload carries at most (the server takes 1 MB).
const UPLOAD_BYTES: usize = 400_000;
/// Records an upload carries at most.
const UPLOAD_RECORDS: u32 = 500;
/// Arrivals said to the page one by one; more, and the record is read again.
const SAID_ONE_BY_ONE: usize = 100;

/// Why a request to the server came to nothing.
enum Trouble {
    /// No answer, or one that says to come back later (busy, its database away).
    Unreachable,
    /// The server refused, in its words.
    Refused(String),
    /// The key is no player's.
    Forgotten,
    /// What answered is no Slide server (a plain static host).
    NoServer,
    /// The browser's database failed.
    Database(JsValue),
}

impl From<JsValue> for Trouble {
    fn from(error: JsValue) -> Trouble {
        Trouble::Database(error)
    }
}

/// A job for the sync worker: of sync, or of the daily race.
enum Job {
    Sync(SyncJob),
    Race(RaceJob),
}

/// What the sync worker holds between jobs.
#[derive(Default)]
struct Worker {
    db: Option<IdbDatabase>,
    /// Jobs waiting, done one at a time in the order asked.
    jobs: std::collections::VecDeque<(Job, Option<web_sys::File>)>,
    working: bool,
}

thread_local! {
    static SYNC: std::cell::RefCell<Worker> = std::cell::RefCell::default();
}

/// Starts the sync worker: a panic is told to the page before the trap; the page's sync jobs
/// are done one at a time; the page hears that it is ready.
pub fn start() {
    std::panic::set_hook(Box::new(|info| {
        post(&FromStore::Panicked(info.to_string()), None);
    }));
    let on_message = wasm_bindgen::closure::Closure::<dyn FnMut(web_sys::MessageEvent)>::new(
        |event: web_sys::MessageEvent| {
            let data = event.data();
            let job = match super::open_envelope::<ToStore>(&data) {
                Some(ToStore::Sync(job)) => Job::Sync(job),
                Some(ToStore::Race(job)) => Job::Race(job),
                _ => return,
            };
            let file = Reflect::get(&data, &"f".into())
                .ok()
                .and_then(|f| f.dyn_into::<web_sys::File>().ok());
            let start = SYNC.with(|s| {
                let mut s = s.borrow_mut();
                s.jobs.push_back((job, file));
                !std::mem::replace(&mut s.working, true)
            });
            if start {
                wasm_bindgen_futures::spawn_local(work());
            }
        },
    );
    let scope: web_sys::DedicatedWorkerGlobalScope = js_sys::global().unchecked_into();
    scope.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    // The handler lives as long as the worker.
    on_message.forget();
    post(&FromStore::Ready, None);
}

async fn work() {
    loop {
        let next = SYNC.with(|s| {
            let mut s = s.borrow_mut();
            let next = s.jobs.pop_front();
            s.working = next.is_some();
            next
        });
        let Some((next, file)) = next else {
            return;
        };
        let open = SYNC.with(|s| s.borrow().db.clone());
        let db = match open {
            Some(db) => Some(db),
            None => idb::open(|| {}).await.ok(),
        };
        if let Some(db) = &db {
            // A newer version opened elsewhere: this worker lets the database go.
            let closing = db.clone();
            let replaced = wasm_bindgen::closure::Closure::<dyn FnMut()>::new(move || {
                closing.close();
                SYNC.with(|s| s.borrow_mut().db = None);
            });
            db.set_onversionchange(Some(replaced.as_ref().unchecked_ref()));
            replaced.forget();
        }
        SYNC.with(|s| s.borrow_mut().db = db.clone());
        match next {
            Job::Sync(next) => job(db.as_ref(), next, file).await,
            Job::Race(next) => race(db.as_ref(), next).await,
        }
    }
}

/// Does a sync job (with the key file beside a restore).
async fn job(db: Option<&IdbDatabase>, job: SyncJob, file: Option<web_sys::File>) {
    let Some(db) = db else {
        return say(StoreSaid::Sync(SyncSaid::Refused {
            why: "this browser keeps no database for Slide (a private window, or a setting), so there is nothing to sync from.".into(),
            pending: 0,
        }));
    };
    let done = match job {
        SyncJob::Start { name } => {
            let body = object(&[("name", name.as_str().into())]);
            join(db, "POST", "api/players", None, Some(body)).await
        }
        SyncJob::Join { code } => {
            let body = object(&[("code", code.as_str().into())]);
            join(db, "POST", "api/devices/join", None, Some(body)).await
        }
        SyncJob::Restore => restore(db, file).await,
        SyncJob::Round => round(db).await,
        SyncJob::Link { page } => link(db, &page).await,
        SyncJob::SaveKey => save_key(db).await,
        SyncJob::Stop => stop(db, false).await,
        SyncJob::Erase => erase(db).await,
    };
    if let Err(trouble) = done {
        told(db, trouble).await;
    }
}

/// Tells the page why a job came to nothing.
async fn told(db: &IdbDatabase, trouble: Trouble) {
    let pending = pending(db).await.unwrap_or(0);
    let said = match trouble {
        Trouble::Unreachable => SyncSaid::Unreachable { pending },
        Trouble::Refused(why) => SyncSaid::Refused { why, pending },
        Trouble::NoServer => SyncSaid::Refused {
            why: "this site has no Slide server (slide serve), so there is nothing to sync with."
                .into(),
            pending,
        },
        Trouble::Forgotten => {
            let _ = set_meta(db, None).await;
            SyncSaid::Forgotten
        }
        Trouble::Database(error) => SyncSaid::Refused {
            why: idb::refusal(&error).text(),
            pending,
        },
    };
    say(StoreSaid::Sync(said));
}

// --- the server ------------------------------------------------------------------------------

/// An answer's status and JSON.
struct Answer {
    json: Option<Json>,
}

/// A request to the site's server: `path` relative to the site (`api/solves`), with this
/// device's key and a JSON body if any. Only a 2xx is an answer.
async fn call(
    method: &str,
    path: &str,
    key: Option<&str>,
    body: Option<String>,
) -> Result<Answer, Trouble> {
    let init = web_sys::RequestInit::new();
    init.set_method(method);
    let headers = web_sys::Headers::new().map_err(|_| Trouble::Unreachable)?;
    if let Some(key) = key {
        let _ = headers.set("authorization", &format!("Bearer {key}"));
    }
    if let Some(body) = body {
        let _ = headers.set("content-type", "application/json");
        init.set_body(&body.into());
    }
    init.set_headers(&headers);
    // Never the browser's cache, nor a service worker's: the answers are this player's, now.
    init.set_cache(web_sys::RequestCache::NoStore);
    let request =
        web_sys::Request::new_with_str_and_init(path, &init).map_err(|_| Trouble::Unreachable)?;
    let scope: web_sys::WorkerGlobalScope = js_sys::global().unchecked_into();
    let response = JsFuture::from(scope.fetch_with_request(&request))
        .await
        .map_err(|_| Trouble::Unreachable)?;
    let response: web_sys::Response = response.unchecked_into();
    let text = match response.text() {
        Ok(promise) => JsFuture::from(promise)
            .await
            .ok()
            .and_then(|t| t.as_string()),
        Err(_) => None,
    };
    let json = text.as_deref().and_then(|t| Json::parse(t).ok());
    let status = response.status();
    let words = (json.as_ref())
        .and_then(|j| j.get("error"))
        .and_then(Json::as_str)
        .map(str::to_string);
    match (status, words) {
        (200..=299, _) => Ok(Answer { json }),
        (401, _) => Err(Trouble::Forgotten),
        (429 | 500..=599, _) => Err(Trouble::Unreachable),
        (_, Some(words)) => Err(Trouble::Refused(words)),
        // A 404 page of a static host, say: no Slide server behind this site.
        (_, None) => Err(Trouble::NoServer),
    }
}

/// A JSON object's text, its values written by the browser.
fn object(fields: &[(&str, JsValue)]) -> String {
    let value = Object::new();
    for (key, v) in fields {
        let _ = Reflect::set(&value, &(*key).into(), v);
    }
    js_sys::JSON::stringify(&value)
        .ok()
        .and_then(|t| t.as_string())
        .unwrap_or_default()
}

fn text_of(json: &Option<Json>, key: &str) -> Option<String> {
    json.as_ref()?.get(key)?.as_str().map(str::to_string)
}

// --- the daily race --------------------------------------------------------------------------

/// A job of the daily race: the server's answer, or why there is none, in words.
async fn race(db: Option<&IdbDatabase>, job: RaceJob) {
    let said = match raced(db, job).await {
        Ok(said) => said,
        Err(trouble) => RaceSaid::Refused(match trouble {
            Trouble::Unreachable => "The daily race needs the Slide server, which does not answer just now: try again soon. The practice Daily works offline.".into(),
            Trouble::NoServer => "The daily race needs a Slide server (slide serve), and this site has none: the practice Daily works here.".into(),
            Trouble::Forgotten => "This device's key is no longer any player's: start syncing again to race.".into(),
            Trouble::Refused(why) => why,
            Trouble::Database(error) => idb::refusal(&error).text(),
        }),
    };
    say(StoreSaid::Race(said));
}

async fn raced(db: Option<&IdbDatabase>, job: RaceJob) -> Result<RaceSaid, Trouble> {
    let meta = match db {
        Some(db) => meta(db).await?,
        None => None,
    };
    let key = meta.as_ref().map(|m| m.key.as_str());
    match job {
        RaceJob::Start { date, size } => {
            let key = key.ok_or(Trouble::Forgotten)?;
            let path = format!("api/race/{date}/{size}/start");
            let answer = call("POST", &path, Some(key), Some("{}".into())).await?;
            let number = |k: &str| {
                answer
                    .json
                    .as_ref()
                    .and_then(|j| j.get(k))
                    .and_then(Json::as_f64)
            };
            let (Some(board), Some(token)) = (
                text_of(&answer.json, "board"),
                text_of(&answer.json, "token"),
            ) else {
                return Err(Trouble::NoServer);
            };
            let elapsed_ms = number("elapsed_ms").unwrap_or(0.0);
            Ok(RaceSaid::Started {
                date,
                size,
                board,
                token,
                elapsed_ms,
            })
        }
        RaceJob::Enter {
            date,
            size,
            token,
            moves,
            times,
        } => {
            let key = key.ok_or(Trouble::Forgotten)?;
            let times: js_sys::Array = times.iter().map(|&t| JsValue::from(t)).collect();
            let body = object(&[
                ("token", token.as_str().into()),
                ("moves", moves.as_str().into()),
                ("times", times.into()),
            ]);
            let answer = call(
                "POST",
                &format!("api/race/{date}/{size}"),
                Some(key),
                Some(body),
            )
            .await?;
            let rank = answer
                .json
                .as_ref()
                .and_then(|j| j.get("rank"))
                .and_then(Json::as_count);
            Ok(RaceSaid::Ranked {
                rank: rank.ok_or(Trouble::NoServer)?,
            })
        }
        RaceJob::Leaderboard { date, size } => {
            let answer = call("GET", &format!("api/race/{date}/{size}"), key, None).await?;
            let json = answer.json.ok_or(Trouble::NoServer)?;
            let entries = (json.get("entries").and_then(Json::as_array))
                .map(|list| list.iter().filter_map(standing).collect())
                .unwrap_or_default();
            let you = json.get("you").and_then(standing);
            Ok(RaceSaid::Leaderboard {
                date,
                size,
                entries,
                you,
            })
        }
    }
}

/// A place on the leaderboard, as the server wrote it.
fn standing(json: &Json) -> Option<Standing> {
    let count = |k: &str| json.get(k).and_then(Json::as_count);
    Some(Standing {
        rank: count("rank")?,
        name: json.get("name")?.as_str()?.to_string(),
        millis: json.get("millis")?.as_f64()?,
        moves: count("moves")?,
        optimal: count("optimal"),
        best_known: count("best_known"),
        replay: json
            .get("replay")
            .and_then(Json::as_str)
            .map(str::to_string),
    })
}

// --- joining and leaving ---------------------------------------------------------------------

/// Starts syncing as the player the server gives (a new one, or the one a device code names):
/// the key is kept, and every solve here is to go up.
async fn join(
    db: &IdbDatabase,
    method: &str,
    path: &str,
    key: Option<&str>,
    body: Option<String>,
) -> Result<(), Trouble> {
    let answer = call(method, path, key, body).await?;
    let (Some(key), Some(player), Some(name)) = (
        text_of(&answer.json, "key"),
        text_of(&answer.json, "player"),
        text_of(&answer.json, "name"),
    ) else {
        return Err(Trouble::NoServer);
    };
    begin(db, key, player, name).await
}

/// Keeps the key, marks every record here as waiting to go up, and tells the page.
async fn begin(db: &IdbDatabase, key: String, player: String, name: String) -> Result<(), Trouble> {
    let cursor = String::new();
    set_meta(
        db,
        Some(&Meta {
            key,
            player,
            name: name.clone(),
            cursor,
        }),
    )
    .await?;
    mark_all_pending(db).await?;
    let pending = pending(db).await?;
    say(StoreSaid::Sync(SyncSaid::Player {
        name: Some(name),
        pending,
    }));
    Ok(())
}

/// A saved key file (its JSON, or the key alone), checked with the server.
async fn restore(db: &IdbDatabase, file: Option<web_sys::File>) -> Result<(), Trouble> {
    let unreadable = || Trouble::Refused("that file holds no Slide key.".into());
    let file = file.ok_or_else(unreadable)?;
    let text = JsFuture::from(file.text())
        .await
        .ok()
        .and_then(|t| t.as_string());
    let text = text.ok_or_else(unreadable)?;
    let key = match Json::parse(&text) {
        Ok(json) => text_of(&Some(json), "slide_key"),
        Err(_) => Some(text.trim().to_string()),
    };
    let key = key
        .filter(|k| !k.is_empty() && k.len() <= 128 && k.bytes().all(|b| b.is_ascii_alphanumeric()))
        .ok_or_else(unreadable)?;
    let answer = match call("GET", "api/players/me", Some(&key), None).await {
        Err(Trouble::Forgotten) => {
            return Err(Trouble::Refused(
                "that key belongs to no player on this server (deleted, or saved from another server)."
                    .into(),
            ));
        }
        other => other?,
    };
    let (Some(player), Some(name)) = (
        text_of(&answer.json, "player"),
        text_of(&answer.json, "name"),
    ) else {
        return Err(Trouble::NoServer);
    };
    begin(db, key, player, name).await
}

/// Stops syncing here (the solves stay; deletions not yet sent are dropped with the key).
async fn stop(db: &IdbDatabase, erased: bool) -> Result<(), Trouble> {
    set_meta(db, None).await?;
    let tx = idb::transaction(db, &[DELETIONS], true)?;
    tx.object_store(DELETIONS)?.clear()?;
    idb::done(&tx).await?;
    let said = match erased {
        true => SyncSaid::Erased,
        false => SyncSaid::Player {
            name: None,
            pending: pending(db).await?,
        },
    };
    say(StoreSaid::Sync(said));
    Ok(())
}

/// Deletes the player on the server, then stops syncing here.
async fn erase(db: &IdbDatabase) -> Result<(), Trouble> {
    let meta = meta(db).await?.ok_or(Trouble::Forgotten)?;
    match call("DELETE", "api/players/me", Some(&meta.key), None).await {
        // Already gone: what was asked is done.
        Ok(_) | Err(Trouble::Forgotten) => stop(db, true).await,
        Err(other) => Err(other),
    }
}

/// A one-time link for another device, with its QR code.
async fn link(db: &IdbDatabase, page: &str) -> Result<(), Trouble> {
    let meta = meta(db).await?.ok_or(Trouble::Forgotten)?;
    let answer = call("POST", "api/devices", Some(&meta.key), Some("{}".into())).await?;
    let code = text_of(&answer.json, "code").ok_or(Trouble::NoServer)?;
    let page = page.split(['?', '#']).next().unwrap_or(page);
    let link = format!("{page}#device={code}");
    let qr = qr(&link);
    say(StoreSaid::Sync(SyncSaid::Linked { link, qr }));
    Ok(())
}

/// The QR code of `text`: its side, and its dark modules as one SVG path (a run of a row a
/// rectangle).
fn qr(text: &str) -> Qr {
    use qrcodegen::{QrCode, QrCodeEcc};
    let Ok(code) = QrCode::encode_text(text, QrCodeEcc::Medium) else {
        return Qr::default();
    };
    let size = code.size();
    let mut path = String::new();
    for y in 0..size {
        let mut x = 0;
        while x < size {
            if !code.get_module(x, y) {
                x += 1;
                continue;
            }
            let start = x;
            while x < size && code.get_module(x, y) {
                x += 1;
            }
            path.push_str(&format!("M{start} {y}h{}v1h-{}z", x - start, x - start));
        }
    }
    Qr {
        size: size as usize,
        path,
    }
}

/// Offers the key as a file, to bring this player back on a device that lost everything.
async fn save_key(db: &IdbDatabase) -> Result<(), Trouble> {
    let meta = meta(db).await?.ok_or(Trouble::Forgotten)?;
    let text = object(&[
        ("slide_key", meta.key.as_str().into()),
        ("player", meta.player.as_str().into()),
        ("name", meta.name.as_str().into()),
        ("note", "Keep this file private: it is the key to your solves on the Slide server. Restore key reads it.".into()),
    ]);
    let plain: String = (meta.name.chars())
        .filter(|c| c.is_ascii_alphanumeric())
        .take(32)
        .collect();
    if let Ok(blob) = web_sys::Blob::new_with_str_sequence(&Array::of1(&text.into())) {
        post(
            &FromStore::Offer(format!("slide-key-{plain}.json")),
            Some(&blob.into()),
        );
    }
    Ok(())
}

// --- a round ---------------------------------------------------------------------------------

/// Sends deletions and what waits, then reads on from the cursor to an empty page.
async fn round(db: &IdbDatabase) -> Result<(), Trouble> {
    let Some(meta) = meta(db).await? else {
        let pending = pending(db).await?;
        say(StoreSaid::Sync(SyncSaid::Player {
            name: None,
            pending,
        }));
        return Ok(());
    };
    send_deletions(db, &meta.key).await?;
    let mut changed = Changed::default();
    upload(db, &meta.key, &mut changed).await?;
    match download(db, meta, &mut changed).await {
        // A cursor this server never gave: its database was replaced. Everything here goes up
        // again, and everything there comes down.
        Err(Trouble::Refused(_)) => {
            let mut meta = self::meta(db).await?.ok_or(Trouble::Forgotten)?;
            meta.cursor.clear();
            set_meta(db, Some(&meta)).await?;
            mark_all_pending(db).await?;
            upload(db, &meta.key, &mut changed).await?;
            download(db, meta, &mut changed).await?;
        }
        other => other?,
    }
    changed.tell();
    let pending = pending(db).await?;
    say(StoreSaid::Sync(SyncSaid::Synced { pending }));
    Ok(())
}

/// What a round changed here, for the page (and the other tabs).
#[derive(Default)]
struct Changed {
    arrived: Keeping,
    /// Records went (deleted elsewhere), or too many came to say one by one.
    reload: bool,
    records: (Array, Array),
}

impl Changed {
    fn came(&mut self, keeping: Keeping, solves: Array, events: Array) {
        for r in solves.iter() {
            self.records.0.push(&r);
        }
        for r in events.iter() {
            self.records.1.push(&r);
        }
        self.arrived.solves.extend(keeping.solves);
        self.arrived.events.extend(keeping.events);
        self.reload |= self.arrived.len() > SAID_ONE_BY_ONE;
    }

    /// Every tab's record worker (this tab's among them) hears, and tells its page.
    fn tell(self) {
        if self.reload {
            tabs::reload();
        } else if !self.arrived.is_empty() {
            tabs::kept(&self.records.0, &self.records.1);
        }
    }
}

/// Deletions made here go to the server, each once it is acknowledged.
async fn send_deletions(db: &IdbDatabase, key: &str) -> Result<(), Trouble> {
    let waiting = idb::result(&idb::store(db, DELETIONS, false)?.get_all_keys()?).await?;
    let waiting: Array = waiting.unchecked_into();
    for uid in waiting.iter() {
        let Some(text) = uid.as_string() else {
            continue;
        };
        call("DELETE", &format!("api/solves/{text}"), Some(key), None).await?;
        idb::result(&idb::store(db, DELETIONS, true)?.delete(&uid)?).await?;
    }
    Ok(())
}

/// Sends every pending record, a batch at a time; a record still as it was sent is then
/// settled. The server names what was deleted elsewhere: it goes here too.
async fn upload(db: &IdbDatabase, key: &str, changed: &mut Changed) -> Result<(), Trouble> {
    let keys = Keys::new();
    loop {
        let mut batch: Vec<(&'static str, JsValue, String)> = Vec::new();
        let mut bytes = 0;
        for store in [SOLVES, EVENTS] {
            let index = idb::store(db, store, false)?.index("pending")?;
            let waiting = index.get_all_with_key_and_limit(&1.into(), UPLOAD_RECORDS)?;
            let waiting: Array = idb::result(&waiting).await?.unchecked_into();
            for record in waiting.iter() {
                let id = keys.id(&record).map(JsValue::from).unwrap_or_default();
                let Some(text) = keys.json_text(&record).as_string() else {
                    set_aside(db, &(store, id, String::new()), "unreadable").await?;
                    continue;
                };
                if bytes + text.len() > UPLOAD_BYTES && !batch.is_empty() {
                    break;
                }
                bytes += text.len();
                batch.push((store, id, text));
            }
        }
        if batch.is_empty() {
            return Ok(());
        }
        let answer = match send(key, &batch).await {
            // A batch is refused whole for one entry the server cannot read (a solve kept by
            // an older version with a fault, say): each goes alone, and what is refused is set
            // aside here, named, so that it never holds up the rest.
            Err(Trouble::Refused(_)) => {
                for one in &batch {
                    match send(key, std::slice::from_ref(one)).await {
                        Ok(_) => settle(db, std::slice::from_ref(one)).await?,
                        Err(Trouble::Refused(why)) => set_aside(db, one, &why).await?,
                        Err(other) => return Err(other),
                    }
                }
                continue;
            }
            other => other?,
        };
        settle(db, &batch).await?;
        let gone: Vec<String> = (answer.json.as_ref())
            .and_then(|j| j.get("deleted"))
            .and_then(Json::as_array)
            .map(|list| {
                list.iter()
                    .filter_map(|u| u.as_str().map(str::to_string))
                    .collect()
            })
            .unwrap_or_default();
        if !gone.is_empty() {
            delete_uids(db, &gone).await?;
            changed.reload = true;
        }
        breathe().await;
    }
}

/// One upload of these records' JSON.
async fn send(key: &str, batch: &[(&'static str, JsValue, String)]) -> Result<Answer, Trouble> {
    let list = |store: &str| {
        (batch.iter().filter(|(s, ..)| *s == store))
            .map(|(.., text)| text.as_str())
            .collect::<Vec<_>>()
            .join(",")
    };
    let body = format!(
        r#"{{"solves":[{}],"events":[{}]}}"#,
        list(SOLVES),
        list(EVENTS)
    );
    call("PUT", "api/solves", Some(key), Some(body)).await
}

/// A record the server refuses: no longer pending, and why kept beside it.
async fn set_aside(
    db: &IdbDatabase,
    sent: &(&'static str, JsValue, String),
    why: &str,
) -> Result<(), JsValue> {
    let (store, id, _) = sent;
    let tx = idb::transaction(db, &[store], true)?;
    let store = tx.object_store(store)?;
    let record = idb::result(&store.get(id)?).await?;
    if !record.is_undefined() {
        settled(&record);
        let _ = Reflect::set(&record, &"refused".into(), &why.into());
        store.put(&record)?;
    }
    idb::done(&tx).await
}

/// Settles the records sent, where they are still as they were sent.
async fn settle(db: &IdbDatabase, sent: &[(&'static str, JsValue, String)]) -> Result<(), JsValue> {
    let keys = Keys::new();
    let tx = idb::transaction(db, &[SOLVES, EVENTS], true)?;
    for (store, id, text) in sent {
        let store = tx.object_store(store)?;
        let record = idb::result(&store.get(id)?).await?;
        if keys.json_text(&record).as_string().as_deref() == Some(text) {
            settled(&record);
            store.put(&record)?;
        }
    }
    idb::done(&tx).await
}

/// Reads on from the cursor until a page comes back empty, each page written here with the
/// cursor after it in one transaction.
async fn download(db: &IdbDatabase, mut meta: Meta, changed: &mut Changed) -> Result<(), Trouble> {
    loop {
        let path = format!("api/solves?after={}", meta.cursor);
        let answer = call("GET", &path, Some(&meta.key), None).await?;
        let page = answer.json.ok_or(Trouble::NoServer)?;
        let list = |key: &str| page.get(key).and_then(Json::as_array).map(<[Json]>::to_vec);
        let (solves, events) = (
            list("solves").unwrap_or_default(),
            list("events").unwrap_or_default(),
        );
        if solves.is_empty() && events.is_empty() {
            return Ok(());
        }
        meta.cursor = text_of(&Some(page.clone()), "next").ok_or(Trouble::NoServer)?;
        let tx = idb::transaction(db, &[SOLVES, EVENTS, META], true)?;
        let mut came = (Keeping::default(), Array::new(), Array::new());
        for entry in &solves {
            if let Some((solve, record)) = take(&tx.object_store(SOLVES)?, entry, changed).await? {
                came.1.push(&record);
                came.0.solves.push(solve);
            }
        }
        for entry in &events {
            if let Some((event, record)) = take(&tx.object_store(EVENTS)?, entry, changed).await? {
                came.2.push(&record);
                came.0.events.push(event);
            }
        }
        tx.object_store(META)?.put(&meta_record(&meta))?;
        idb::done(&tx).await?;
        changed.came(came.0, came.1, came.2);
        breathe().await;
    }
}

/// A solve or an event, as a round keeps what the server sent.
trait Entry: Sized {
    fn of_json(json: &Json) -> Option<Self>;
    fn of_record(keys: &Keys, record: &JsValue) -> Option<Self>;
    fn record(&self) -> JsValue;
    fn id(&mut self) -> &mut u64;
    /// The shortest length and the best known, which the server may know and this device not.
    fn lengths(&mut self) -> (&mut Option<usize>, &mut Option<usize>);
}

impl Entry for Solve {
    fn of_json(json: &Json) -> Option<Solve> {
        solve_of_json(json).ok()
    }
    fn of_record(keys: &Keys, record: &JsValue) -> Option<Solve> {
        keys.solve(record)
    }
    fn record(&self) -> JsValue {
        solve_record(self)
    }
    fn id(&mut self) -> &mut u64 {
        &mut self.id
    }
    fn lengths(&mut self) -> (&mut Option<usize>, &mut Option<usize>) {
        (&mut self.optimal, &mut self.best_known)
    }
}

impl Entry for EventRecord {
    fn of_json(json: &Json) -> Option<EventRecord> {
        event_of_json(json).ok()
    }
    fn of_record(keys: &Keys, record: &JsValue) -> Option<EventRecord> {
        keys.event(record)
    }
    fn record(&self) -> JsValue {
        event_record(self)
    }
    fn id(&mut self) -> &mut u64 {
        &mut self.id
    }
    fn lengths(&mut self) -> (&mut Option<usize>, &mut Option<usize>) {
        (&mut self.optimal, &mut self.best_known)
    }
}

/// An entry the server sent, kept here (settled): `Some` if it is new here, `None` if it was
/// known (a length it brings fills an empty field) or a deletion (done).
async fn take<T: Entry>(
    store: &IdbObjectStore,
    entry: &Json,
    changed: &mut Changed,
) -> Result<Option<(T, JsValue)>, JsValue> {
    let uid = entry.get("uid").and_then(Json::as_str).unwrap_or_default();
    let known = idb::result(&store.index("uid")?.get(&uid.into())?).await?;
    if entry.get("deleted").and_then(Json::as_bool) == Some(true) {
        if !known.is_undefined() {
            store.delete(&Reflect::get(&known, &"id".into())?)?;
            changed.reload = true;
        }
        return Ok(None);
    }
    let Some(mut new) = T::of_json(entry) else {
        return Ok(None);
    };
    let keep = |value: &T| -> Result<JsValue, JsValue> {
        let record = value.record();
        settled(&record);
        store.put(&record)?;
        Ok(record)
    };
    if !known.is_undefined() {
        if let Some(mut held) = T::of_record(&Keys::new(), &known) {
            let (optimal, best) = new.lengths();
            let (optimal, best) = (*optimal, *best);
            let (held_optimal, held_best) = held.lengths();
            let fills = (held_optimal.is_none() && optimal.is_some())
                || (held_best.is_none() && best.is_some());
            if fills {
                *held_optimal = held_optimal.or(optimal);
                *held_best = held_best.or(best);
                keep(&held)?;
            }
        }
        return Ok(None);
    }
    // Two devices that kept records in the same millisecond: the newcomer takes the next free
    // id here, and nothing is overwritten.
    while !idb::result(&store.get(&(*new.id() as f64).into())?)
        .await?
        .is_undefined()
    {
        *new.id() += 1;
    }
    let record = keep(&new)?;
    Ok(Some((new, record)))
}

// --- this device's records ---------------------------------------------------------------------

/// Every record here waits to go up (a new player, or a server that lost them).
async fn mark_all_pending(db: &IdbDatabase) -> Result<(), JsValue> {
    rewrite_all(db, |record| {
        let _ = Reflect::set(record, &"pending".into(), &1.into());
        true
    })
    .await
}

/// Deletes the records of these uids here.
async fn delete_uids(db: &IdbDatabase, uids: &[String]) -> Result<(), JsValue> {
    let tx = idb::transaction(db, &[SOLVES, EVENTS], true)?;
    for store in [SOLVES, EVENTS] {
        let store = tx.object_store(store)?;
        for uid in uids {
            let key = idb::result(&store.index("uid")?.get_key(&uid.into())?).await?;
            if !key.is_undefined() {
                store.delete(&key)?;
            }
        }
    }
    idb::done(&tx).await
}

/// Walks every solve and event in chunks, putting back those `change` changed.
async fn rewrite_all(
    db: &IdbDatabase,
    mut change: impl FnMut(&JsValue) -> bool,
) -> Result<(), JsValue> {
    for store in [SOLVES, EVENTS] {
        let mut chunks = idb::Chunks::new(db, store, 2_000);
        while let Some(chunk) = chunks.next().await? {
            let tx = idb::transaction(db, &[store], true)?;
            let writing = tx.object_store(store)?;
            for record in chunk.iter() {
                if change(&record) {
                    writing.put(&record)?;
                }
            }
            idb::done(&tx).await?;
            breathe().await;
        }
    }
    Ok(())
}
