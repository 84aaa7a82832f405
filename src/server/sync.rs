//! A player's solves and events on every device: uploads that only ever add, read back in the
//! order they were stored, and deletions that are markers and win.
//!
//! Every entry is read with the record's own reader (the page's, `play::record`), so the server
//! keeps only what the page can read back, and checks its `uid` against its facts. Storing a
//! `uid` again changes nothing, except that a length worked out later fills a field that was
//! empty. Each player's records are numbered (`seq`) as they are stored: a batch first takes
//! its numbers from the player's row, which holds the row until the batch commits, so a
//! player's numbers are handed out in the order their batches commit, on one server or many.
//! A reader that goes on from its cursor to an empty page has then seen everything stored
//! before it began.

use super::App;
use super::body::Body;
use super::database::placeholders;
use super::error::{ApiError, ErrorBody};
use super::keys::Player;
use crate::play::event::log::event_of_json;
use crate::play::record::json::Json;
use crate::play::record::solves::solve_of_json;
use crate::play::record::uid::{self, Kind};
use axum::extract::rejection::{PathRejection, QueryRejection};
use axum::extract::{Path, Query, State};
use axum::http::StatusCode;
use serde::{Deserialize, Serialize};
use serde_json::value::RawValue;
use std::collections::HashMap;
use utoipa::{IntoParams, ToSchema};

/// Records a page of reading gives at most.
pub const PAGE: i64 = 1000;
/// Rows one statement writes at most (six values each: well within both databases' limits).
const ROWS: usize = 500;

/// Solves and events in the history file's form, each with its `uid`.
#[derive(Deserialize, ToSchema)]
pub struct Upload {
    /// Solves as the history file writes them (`{"uid":"s…","id":…,"board":…}`).
    #[serde(default)]
    #[schema(value_type = Vec<Object>)]
    pub solves: Vec<Box<RawValue>>,
    /// Events as the history file writes them (`{"uid":"e…","event":…}`).
    #[serde(default)]
    #[schema(value_type = Vec<Object>)]
    pub events: Vec<Box<RawValue>>,
}

/// What an upload did.
#[derive(Serialize, ToSchema)]
pub struct Stored {
    /// How many of the batch were new here.
    pub stored: usize,
    /// The batch's uids the player deleted: the device should let them go.
    pub deleted: Vec<String>,
}

/// Where to read on from.
#[derive(Deserialize, IntoParams)]
pub struct After {
    /// The `next` of the page before; none for the first page.
    pub after: Option<String>,
}

/// A page of the player's records, in the order the server stored them.
#[derive(Serialize, ToSchema)]
pub struct Page {
    /// Solves as the history file writes them, or `{"uid":"…","deleted":true}`.
    #[schema(value_type = Vec<Object>)]
    pub solves: Vec<Box<RawValue>>,
    /// Events likewise.
    #[schema(value_type = Vec<Object>)]
    pub events: Vec<Box<RawValue>>,
    /// The cursor to read on from; a page that comes back empty is the end, for now.
    pub next: String,
}

/// One entry of an upload, read and checked.
struct Entry {
    kind: Kind,
    uid: String,
    body: String,
    optimal: Option<usize>,
    best_known: Option<usize>,
}

impl Entry {
    /// The entry `raw`, the `n`th of its kind in the batch, or the rule it breaks.
    fn read(kind: Kind, n: usize, raw: &RawValue) -> Result<Entry, ApiError> {
        let what = match kind {
            Kind::Solve => "solve",
            Kind::Event => "event",
        };
        let refuse = |why: String| ApiError::Unprocessable(format!("{what} {n}: {why}"));
        let json = Json::parse(raw.get()).map_err(|e| refuse(e.to_string()))?;
        let given = match json.get("uid").and_then(Json::as_str) {
            Some(given) if uid::well_formed(kind, given) => given.to_string(),
            Some(_) => {
                return Err(refuse(
                    "its uid is not one (a letter and 16 hex digits)".into(),
                ));
            }
            None => return Err(refuse("it has no uid".into())),
        };
        let (uid, body, optimal, best_known) = match kind {
            Kind::Solve => {
                let solve = solve_of_json(&json).map_err(|e| refuse(e.to_string()))?;
                let body = solve.to_json().to_string();
                (solve.uid(), body, solve.optimal, solve.best_known)
            }
            Kind::Event => {
                let event = event_of_json(&json).map_err(|e| refuse(e.to_string()))?;
                let body = event.to_json().to_string();
                (event.uid(), body, event.optimal, event.best_known)
            }
        };
        if uid != given {
            return Err(refuse(format!(
                "its uid {given} is not the one its facts give ({uid})"
            )));
        }
        Ok(Entry {
            kind,
            uid,
            body,
            optimal,
            best_known,
        })
    }

    /// The body kept as `kept`, with the fields it left empty filled from this entry, if any
    /// were.
    fn fills(&self, kept: &str) -> Option<String> {
        let json = Json::parse(kept).ok()?;
        let (optimal, best_known) = match self.kind {
            Kind::Solve => {
                let s = solve_of_json(&json).ok()?;
                (s.optimal, s.best_known)
            }
            Kind::Event => {
                let e = event_of_json(&json).ok()?;
                (e.optimal, e.best_known)
            }
        };
        let fill = |kept: Option<usize>, new: Option<usize>| kept.is_none() && new.is_some();
        if !fill(optimal, self.optimal) && !fill(best_known, self.best_known) {
            return None;
        }
        match self.kind {
            Kind::Solve => {
                let mut s = solve_of_json(&json).ok()?;
                s.optimal = s.optimal.or(self.optimal);
                s.best_known = s.best_known.or(self.best_known);
                Some(s.to_json().to_string())
            }
            Kind::Event => {
                let mut e = event_of_json(&json).ok()?;
                e.optimal = e.optimal.or(self.optimal);
                e.best_known = e.best_known.or(self.best_known);
                Some(e.to_json().to_string())
            }
        }
    }
}

fn kind_name(kind: Kind) -> &'static str {
    match kind {
        Kind::Solve => "solve",
        Kind::Event => "event",
    }
}

/// Stores solves and events: a batch is taken whole, or refused whole naming its first bad
/// entry.
#[utoipa::path(put, path = "/api/solves", operation_id = "upload_solves", tag = "sync",
    security(("key" = [])),
    request_body = Upload,
    responses(
        (status = 200, description = "Stored", body = Stored),
        (status = 400, body = ErrorBody), (status = 401, body = ErrorBody),
        (status = 413, body = ErrorBody), (status = 415, body = ErrorBody),
        (status = 422, description = "An entry breaks a rule, named", body = ErrorBody),
        (status = 429, body = ErrorBody),
    ))]
pub async fn upload(
    State(app): State<App>,
    player: Player,
    Body(upload): Body<Upload>,
) -> Result<axum::Json<Stored>, ApiError> {
    let mut entries = Vec::with_capacity(upload.solves.len() + upload.events.len());
    for (kind, list) in [(Kind::Solve, &upload.solves), (Kind::Event, &upload.events)] {
        for (i, raw) in list.iter().enumerate() {
            entries.push(Entry::read(kind, i + 1, raw)?);
        }
    }
    // A uid twice in one batch is stored once, with whatever either copy knows.
    let mut seen: HashMap<String, usize> = HashMap::new();
    entries.retain(|e| {
        let n = seen.len();
        seen.entry(e.uid.clone()).or_insert(n) == &n
    });
    let mut stored = Stored {
        stored: 0,
        deleted: Vec::new(),
    };
    if entries.is_empty() {
        return Ok(axum::Json(stored));
    }
    let mut tx = app.db.pool.begin().await?;
    let mut seq = reserve(&mut tx, player.id, entries.len()).await?;
    let mut inserted = std::collections::HashSet::new();
    for chunk in entries.chunks(ROWS) {
        let sql = format!(
            "INSERT INTO records (player, uid, kind, seq, deleted, body) VALUES {} \
             ON CONFLICT (player, uid) DO NOTHING RETURNING uid",
            placeholders(chunk.len(), 6, 1)
        );
        // Only placeholders are written into it; every value is bound.
        let mut query = sqlx::query_scalar::<_, String>(sqlx::AssertSqlSafe(sql));
        for e in chunk {
            query = (query.bind(player.id).bind(&e.uid).bind(kind_name(e.kind)))
                .bind(seq)
                .bind(0_i64)
                .bind(&e.body);
            seq += 1;
        }
        inserted.extend(query.fetch_all(&mut *tx).await?);
    }
    stored.stored = inserted.len();
    let known: Vec<&Entry> = entries
        .iter()
        .filter(|e| !inserted.contains(&e.uid))
        .collect();
    for e in known {
        let (deleted, body): (i64, Option<String>) =
            sqlx::query_as("SELECT deleted, body FROM records WHERE player = $1 AND uid = $2")
                .bind(player.id)
                .bind(&e.uid)
                .fetch_one(&mut *tx)
                .await?;
        if deleted != 0 {
            stored.deleted.push(e.uid.clone());
        } else if let Some(filled) = body.as_deref().and_then(|b| e.fills(b)) {
            let at = reserve(&mut tx, player.id, 1).await?;
            sqlx::query("UPDATE records SET body = $1, seq = $2 WHERE player = $3 AND uid = $4")
                .bind(filled)
                .bind(at)
                .bind(player.id)
                .bind(&e.uid)
                .execute(&mut *tx)
                .await?;
        }
    }
    tx.commit().await?;
    Ok(axum::Json(stored))
}

/// Takes `count` numbers for the player's records, returning the first: the player's row is
/// held until the transaction ends, so numbers are handed out in the order batches commit.
async fn reserve(
    tx: &mut sqlx::Transaction<'_, sqlx::Any>,
    player: i64,
    count: usize,
) -> Result<i64, ApiError> {
    let last: i64 =
        sqlx::query_scalar("UPDATE players SET seq = seq + $1 WHERE id = $2 RETURNING seq")
            .bind(count as i64)
            .bind(player)
            .fetch_one(&mut **tx)
            .await?;
    Ok(last - count as i64 + 1)
}

/// The player's solves and events from every device, a page at a time, in the order stored.
#[utoipa::path(get, path = "/api/solves", operation_id = "read_solves", tag = "sync",
    security(("key" = [])),
    params(After),
    responses(
        (status = 200, description = "A page; an empty one is the end", body = Page),
        (status = 400, description = "A cursor this server never gave", body = ErrorBody),
        (status = 401, body = ErrorBody), (status = 429, body = ErrorBody),
    ))]
pub async fn read(
    State(app): State<App>,
    player: Player,
    after: Result<Query<After>, QueryRejection>,
) -> Result<axum::Json<Page>, ApiError> {
    let Query(after) = after?;
    let last: i64 = sqlx::query_scalar("SELECT seq FROM players WHERE id = $1")
        .bind(player.id)
        .fetch_one(&app.db.pool)
        .await?;
    let from = cursor(after.after.as_deref(), last)?;
    let rows: Vec<(String, String, i64, i64, Option<String>)> = sqlx::query_as(
        "SELECT uid, kind, seq, deleted, body FROM records WHERE player = $1 AND seq > $2 \
         ORDER BY seq LIMIT $3",
    )
    .bind(player.id)
    .bind(from)
    .bind(PAGE)
    .fetch_all(&app.db.pool)
    .await?;
    let mut page = Page {
        solves: Vec::new(),
        events: Vec::new(),
        next: rows.last().map_or(from, |r| r.2).to_string(),
    };
    for (uid, kind, _, deleted, body) in rows {
        let text = match (deleted, body) {
            (0, Some(body)) => body,
            _ => format!(r#"{{"uid":"{uid}","deleted":true}}"#),
        };
        let raw = RawValue::from_string(text).map_err(|e| {
            eprintln!("a stored record is not JSON: {e}");
            ApiError::Internal
        })?;
        match kind.as_str() {
            "event" => page.events.push(raw),
            _ => page.solves.push(raw),
        }
    }
    Ok(axum::Json(page))
}

/// The number a cursor stands for, or why it is none this server gave (`last`: the player's
/// latest number).
fn cursor(text: Option<&str>, last: i64) -> Result<i64, ApiError> {
    let Some(text) = text.filter(|t| !t.is_empty()) else {
        return Ok(0);
    };
    let refuse = || {
        ApiError::BadRequest(format!(
            "The cursor {} is not one this server gave: read again from the start (no after=).",
            text.chars().take(24).collect::<String>()
        ))
    };
    let n: i64 = match text.bytes().all(|b| b.is_ascii_digit()) && text.len() <= 18 {
        true => text.parse().map_err(|_| refuse())?,
        false => return Err(refuse()),
    };
    match n <= last {
        true => Ok(n),
        false => Err(refuse()),
    }
}

/// Deletes a solve or an event on every device: the marker stays, and wins over any upload of
/// it later.
#[utoipa::path(delete, path = "/api/solves/{uid}", operation_id = "delete_solve", tag = "sync",
    security(("key" = [])),
    params(("uid" = String, Path, description = "The solve's or event's uid")),
    responses(
        (status = 204, description = "Deleted (or already)"),
        (status = 400, body = ErrorBody), (status = 401, body = ErrorBody), (status = 429, body = ErrorBody),
    ))]
pub async fn delete(
    State(app): State<App>,
    player: Player,
    uid: Result<Path<String>, PathRejection>,
) -> Result<StatusCode, ApiError> {
    let Path(uid) = uid?;
    let kind = [Kind::Solve, Kind::Event]
        .into_iter()
        .find(|&k| uid::well_formed(k, &uid))
        .ok_or_else(|| {
            ApiError::BadRequest("That is no uid (a letter, s or e, and 16 hex digits).".into())
        })?;
    let mut tx = app.db.pool.begin().await?;
    let seq = reserve(&mut tx, player.id, 1).await?;
    sqlx::query(
        "INSERT INTO records (player, uid, kind, seq, deleted, body) VALUES ($1, $2, $3, $4, 1, NULL) \
         ON CONFLICT (player, uid) DO UPDATE SET deleted = 1, body = NULL, seq = excluded.seq",
    )
    .bind(player.id)
    .bind(&uid)
    .bind(kind_name(kind))
    .bind(seq)
    .execute(&mut *tx)
    .await?;
    tx.commit().await?;
    Ok(StatusCode::NO_CONTENT)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_cursor_is_a_number_this_server_gave() {
        assert_eq!(cursor(None, 5).unwrap(), 0);
        assert_eq!(cursor(Some(""), 5).unwrap(), 0);
        assert_eq!(cursor(Some("5"), 5).unwrap(), 5);
        for absurd in ["6", "-1", "1e3", "99999999999999999999999", "x", " 1"] {
            assert!(cursor(Some(absurd), 5).is_err(), "{absurd}");
        }
    }
}
