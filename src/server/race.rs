//! The daily race on the server: the day's board drawn from the server's secret (kept in the
//! database, so every server draws the same one), one start per player, day and size (its
//! token, and the server's clock), every entry checked by replaying it with the page's own core
//! (`play::race::check`), and the leaderboard, whose boards and replays only those who finished
//! that race see before the day has ended everywhere.

use super::App;
use super::body::Body;
use super::database::now_millis;
use super::error::{ApiError, ErrorBody};
use super::keys::{self, Player};
use crate::play::game::daily::Date;
use crate::play::link::replay;
use crate::play::race::{self, RaceRule};
use crate::puzzle::notation::parse_board;
use crate::puzzle::position::Position;
use crate::solver::{Algorithm, Options};
use axum::Json;
use axum::extract::rejection::PathRejection;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use utoipa::ToSchema;

/// Entries a leaderboard shows.
pub const BEST: i64 = 100;

/// A race's start: its board (notation with spaces) and token.
#[derive(Serialize, ToSchema)]
pub struct Started {
    pub board: String,
    /// Single-use, this player's own: it enters the race.
    pub token: String,
    /// How long ago the race started on the server's clock (0 for a new start; a resumed race's
    /// clock runs on).
    pub elapsed_ms: f64,
}

#[derive(Deserialize, ToSchema)]
pub struct Entry {
    pub token: String,
    /// The moves, tile letters (`U`, `D`, `L`, `R`, with counts).
    pub moves: String,
    /// One time per tile move, in milliseconds from the first move, never falling.
    pub times: Vec<f64>,
}

#[derive(Serialize, ToSchema)]
pub struct Ranked {
    pub rank: usize,
}

/// One place on the leaderboard.
#[derive(Serialize, ToSchema)]
pub struct Place {
    pub rank: usize,
    /// Shown as text only.
    pub name: String,
    pub millis: f64,
    pub moves: usize,
    /// Tile moves a second.
    pub tps: f64,
    /// The shortest solution's length, where proven.
    pub optimal: Option<usize>,
    /// The best solution known, where none is proven shortest.
    pub best_known: Option<usize>,
    /// `?board=…&replay=…`: null until the reader has finished this race or the day has ended
    /// everywhere.
    pub replay: Option<String>,
}

#[derive(Serialize, ToSchema)]
pub struct Leaderboard {
    pub date: String,
    pub size: String,
    /// The day's board, when the reader may see it.
    pub board: Option<String>,
    /// The best 100, by time, then fewer moves, then the earlier finish.
    pub entries: Vec<Place>,
    /// The reader's own place, with a key, if they entered.
    pub you: Option<Place>,
}

/// The date and size of a race's path, checked.
fn race_of(date: &str, size: &str) -> Result<(Date, usize), ApiError> {
    let refuse = |rule: RaceRule| ApiError::Unprocessable(format!("{rule}."));
    let day = Date::parse(date).map_err(|e| refuse(RaceRule::Date(e)))?;
    let side = race::side(size).map_err(refuse)?;
    Ok((day, side))
}

/// The day's board of `side`, drawn the first time it is asked for (its shortest length worked
/// out beside, once), the same on every server.
async fn board_of(app: &App, day: Date, size: &str, side: usize) -> Result<Position, ApiError> {
    let day_text = day.to_string();
    let kept: Option<String> =
        sqlx::query_scalar("SELECT board FROM race_boards WHERE day = $1 AND size = $2")
            .bind(&day_text)
            .bind(size)
            .fetch_optional(&app.db.pool)
            .await?;
    let board = match kept {
        Some(board) => board,
        None => {
            let secret = secret(app).await?;
            let seed = Sha256::digest(format!("{secret}|{day_text}|{size}").as_bytes());
            let seed = u64::from_le_bytes(seed[..8].try_into().map_err(|_| ApiError::Internal)?);
            let position = race::board(seed, side).ok_or(ApiError::Internal)?;
            let board = position.board().to_string();
            sqlx::query(
                "INSERT INTO race_boards (day, size, board) VALUES ($1, $2, $3) \
                 ON CONFLICT (day, size) DO NOTHING",
            )
            .bind(&day_text)
            .bind(size)
            .bind(&board)
            .execute(&app.db.pool)
            .await?;
            measure(app.clone(), day_text, size.to_string(), position);
            board
        }
    };
    let board = parse_board(&board).map_err(|_| ApiError::Internal)?;
    Position::toward(board, &crate::puzzle::goal::Goal::BlankLast).map_err(|_| ApiError::Internal)
}

/// The server's secret, made by whichever server needs it first.
async fn secret(app: &App) -> Result<String, ApiError> {
    sqlx::query("INSERT INTO race_secret (id, secret) VALUES (1, $1) ON CONFLICT (id) DO NOTHING")
        .bind(keys::random_hex(32)?)
        .execute(&app.db.pool)
        .await?;
    Ok(
        sqlx::query_scalar("SELECT secret FROM race_secret WHERE id = 1")
            .fetch_one(&app.db.pool)
            .await?,
    )
}

/// Works out the board's shortest solution (up to 4×4, with the tables) or a good one (larger
/// boards, line by line search), off the request's way, and keeps it with the board.
fn measure(app: App, day: String, size: String, position: Position) {
    tokio::spawn(async move {
        let solved = tokio::task::spawn_blocking(move || {
            let options = match position.board().len() {
                0..=16 => Options::default(),
                _ => Options {
                    algorithm: Algorithm::Fringe,
                    ..Options::default()
                },
            };
            let report = crate::solver::solve(position.board(), position.goal(), &options).ok()?;
            let length = report.solution()?.len() as i64;
            Some((length, report.method.optimal()))
        })
        .await;
        let Ok(Some((length, optimal))) = solved else {
            return;
        };
        let column = if optimal { "optimal" } else { "best_known" };
        let sql = format!("UPDATE race_boards SET {column} = $1 WHERE day = $2 AND size = $3");
        // The column is one of two constant names, never the request's.
        let _ = sqlx::query(sqlx::AssertSqlSafe(sql))
            .bind(length)
            .bind(day)
            .bind(size)
            .execute(&app.db.pool)
            .await;
    });
}

/// Starts the race of DATE on SIZE for this player, or resumes it: the board and the token, and
/// how long ago it started. After a finish it is refused.
#[utoipa::path(post, path = "/api/race/{date}/{size}/start", operation_id = "start_race", tag = "race",
    security(("key" = [])),
    params(
        ("date" = String, Path, description = "YYYY-MM-DD", pattern = r"^[0-9]{4}-[0-9]{2}-[0-9]{2}$"),
        ("size" = String, Path, description = "3x3 … 10x10", pattern = r"^([3-9]|10)x([3-9]|10)$"),
    ),
    responses(
        (status = 201, description = "Started", body = Started),
        (status = 200, description = "Resumed: the same board and token, the clock running on", body = Started),
        (status = 400, body = ErrorBody), (status = 401, body = ErrorBody),
        (status = 409, description = "Finished already", body = ErrorBody),
        (status = 422, description = "No race that day or size", body = ErrorBody),
        (status = 429, body = ErrorBody),
    ))]
pub async fn start(
    State(app): State<App>,
    player: Player,
    path: Result<Path<(String, String)>, PathRejection>,
) -> Result<(StatusCode, Json<Started>), ApiError> {
    let Path((date, size)) = path?;
    let (day, side) = race_of(&date, &size)?;
    let now = now_millis();
    race::open(day, now as f64).map_err(|rule| ApiError::Unprocessable(format!("{rule}.")))?;
    let board = board_of(&app, day, &size, side).await?.board().to_string();
    let day = day.to_string();
    let token = keys::random_hex(16)?;
    let made = sqlx::query(
        "INSERT INTO race_starts (player, day, size, token, started) VALUES ($1, $2, $3, $4, $5) \
         ON CONFLICT (player, day, size) DO NOTHING",
    )
    .bind(player.id)
    .bind(&day)
    .bind(&size)
    .bind(&token)
    .bind(now)
    .execute(&app.db.pool)
    .await?
    .rows_affected()
        == 1;
    let (token, started, finished): (String, i64, Option<i64>) = sqlx::query_as(
        "SELECT token, started, finished FROM race_starts WHERE player = $1 AND day = $2 AND size = $3",
    )
    .bind(player.id)
    .bind(&day)
    .bind(&size)
    .fetch_one(&app.db.pool)
    .await?;
    if finished.is_some() {
        return Err(ApiError::Conflict(format!(
            "You finished the race of {day} on {size}: one entry a day and size. Its leaderboard is yours to read."
        )));
    }
    let status = if made {
        StatusCode::CREATED
    } else {
        StatusCode::OK
    };
    let elapsed_ms = (now - started).max(0) as f64;
    Ok((
        status,
        Json(Started {
            board,
            token,
            elapsed_ms,
        }),
    ))
}

/// Enters the race of DATE on SIZE: checked by replaying it, then ranked.
#[utoipa::path(post, path = "/api/race/{date}/{size}", operation_id = "enter_race", tag = "race",
    security(("key" = [])),
    params(
        ("date" = String, Path, description = "YYYY-MM-DD", pattern = r"^[0-9]{4}-[0-9]{2}-[0-9]{2}$"),
        ("size" = String, Path, description = "3x3 … 10x10", pattern = r"^([3-9]|10)x([3-9]|10)$"),
    ),
    request_body = Entry,
    responses(
        (status = 201, description = "Ranked", body = Ranked),
        (status = 400, body = ErrorBody), (status = 401, body = ErrorBody),
        (status = 413, body = ErrorBody), (status = 415, body = ErrorBody),
        (status = 422, description = "A rule of the race broken, named", body = ErrorBody),
        (status = 429, body = ErrorBody),
    ))]
pub async fn enter(
    State(app): State<App>,
    player: Player,
    path: Result<Path<(String, String)>, PathRejection>,
    Body(entry): Body<Entry>,
) -> Result<(StatusCode, Json<Ranked>), ApiError> {
    let Path((date, size)) = path?;
    let (day, side) = race_of(&date, &size)?;
    let refuse = |words: String| ApiError::Unprocessable(words);
    let now = now_millis();
    race::open(day, now as f64).map_err(|rule| refuse(format!("{rule}.")))?;
    let day = day.to_string();
    let start: Option<(i64, String, String, i64, Option<i64>)> = sqlx::query_as(
        "SELECT player, day, size, started, finished FROM race_starts WHERE token = $1",
    )
    .bind(&entry.token)
    .fetch_optional(&app.db.pool)
    .await?;
    let Some((owner, start_day, start_size, started, finished)) = start else {
        return Err(refuse(
            "This token starts no race: start the race first.".into(),
        ));
    };
    if owner != player.id {
        return Err(refuse(
            "This token is another player's: a token enters only its own player's race.".into(),
        ));
    }
    if (start_day.as_str(), start_size.as_str()) != (day.as_str(), size.as_str()) {
        return Err(refuse(format!(
            "This token is for the race of {start_day} on {start_size}, not {day} on {size}."
        )));
    }
    if finished.is_some() {
        return Err(refuse(
            "This token was used: one entry a day and size.".into(),
        ));
    }
    let position = board_of(
        &app,
        Date::parse(&day).map_err(|_| ApiError::Internal)?,
        &size,
        side,
    )
    .await?;
    let seen = (now - started) as f64;
    let checked = race::check(
        &position,
        &entry.moves,
        &entry.times,
        seen,
        app.config.max_tps,
    )
    .map_err(|rule| refuse(format!("{rule}.")))?;
    let link = format!(
        "?board={}&replay={}",
        position.board().to_string().replace(' ', ","),
        replay::encode(&checked.moves, &entry.times)
    );
    let mut tx = app.db.pool.begin().await?;
    // Spent here, once: of two entries racing with one token, one is kept.
    let spent =
        sqlx::query("UPDATE race_starts SET finished = $1 WHERE token = $2 AND finished IS NULL")
            .bind(now)
            .bind(&entry.token)
            .execute(&mut *tx)
            .await?
            .rows_affected();
    if spent != 1 {
        return Err(refuse(
            "This token was used: one entry a day and size.".into(),
        ));
    }
    sqlx::query(
        "INSERT INTO race_entries (player, day, size, millis, moves, finished, looked, replay) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
    )
    .bind(player.id)
    .bind(&day)
    .bind(&size)
    .bind(checked.millis)
    .bind(checked.moves.len() as i64)
    .bind(now)
    .bind(checked.looked)
    .bind(link)
    .execute(&mut *tx)
    .await?;
    tx.commit().await?;
    let rank = rank_of(&app, &day, &size, player.id).await?.unwrap_or(1);
    Ok((StatusCode::CREATED, Json(Ranked { rank })))
}

/// A player's rank on a race: one more than the entries before theirs.
async fn rank_of(app: &App, day: &str, size: &str, player: i64) -> Result<Option<usize>, ApiError> {
    let before: Option<i64> = sqlx::query_scalar(
        "SELECT (SELECT COUNT(*) FROM race_entries o WHERE o.day = e.day AND o.size = e.size \
           AND (o.millis, o.moves, o.finished, o.player) < (e.millis, e.moves, e.finished, e.player)) \
         FROM race_entries e WHERE e.day = $1 AND e.size = $2 AND e.player = $3",
    )
    .bind(day)
    .bind(size)
    .bind(player)
    .fetch_optional(&app.db.pool)
    .await?;
    Ok(before.map(|n| n as usize + 1))
}

/// The leaderboard of DATE on SIZE: the best 100 and, with a key, where you stand. Boards and
/// replays of a day show only to those who finished that race, or to anyone once the day has
/// ended everywhere.
#[utoipa::path(get, path = "/api/race/{date}/{size}", operation_id = "leaderboard", tag = "race",
    security((), ("key" = [])),
    params(
        ("date" = String, Path, description = "YYYY-MM-DD", pattern = r"^[0-9]{4}-[0-9]{2}-[0-9]{2}$"),
        ("size" = String, Path, description = "3x3 … 10x10", pattern = r"^([3-9]|10)x([3-9]|10)$"),
    ),
    responses(
        (status = 200, body = Leaderboard),
        (status = 400, body = ErrorBody), (status = 401, body = ErrorBody),
        (status = 422, description = "No race that day or size", body = ErrorBody),
        (status = 429, body = ErrorBody),
    ))]
pub async fn leaderboard(
    State(app): State<App>,
    player: Option<Player>,
    path: Result<Path<(String, String)>, PathRejection>,
) -> Result<Json<Leaderboard>, ApiError> {
    let Path((date, size)) = path?;
    let (day, _) = race_of(&date, &size)?;
    let now = now_millis() as f64;
    if day > Date::latest_at(now) {
        return Err(ApiError::Unprocessable(format!(
            "{}.",
            RaceRule::NotYet(day)
        )));
    }
    let day_text = day.to_string();
    let you = match &player {
        Some(p) => rank_of(&app, &day_text, &size, p.id).await?,
        None => None,
    };
    let reveal = race::ended_everywhere(day, now) || you.is_some();
    let lengths: Option<(String, Option<i64>, Option<i64>)> = sqlx::query_as(
        "SELECT board, optimal, best_known FROM race_boards WHERE day = $1 AND size = $2",
    )
    .bind(&day_text)
    .bind(&size)
    .fetch_optional(&app.db.pool)
    .await?;
    let (board, optimal, best_known) = lengths.unwrap_or_default();
    let count = |n: Option<i64>| n.map(|n| n as usize);
    let place = |rank: usize, (name, millis, moves, link): (String, f64, i64, String)| Place {
        rank,
        name,
        millis,
        moves: moves as usize,
        tps: moves as f64 * 1000.0 / millis.max(1.0),
        optimal: count(optimal),
        best_known: count(best_known),
        replay: reveal.then_some(link),
    };
    let rows: Vec<(String, f64, i64, String)> = sqlx::query_as(
        "SELECT p.name, e.millis, e.moves, e.replay FROM race_entries e \
         JOIN players p ON p.id = e.player WHERE e.day = $1 AND e.size = $2 \
         ORDER BY e.millis, e.moves, e.finished, e.player LIMIT $3",
    )
    .bind(&day_text)
    .bind(&size)
    .bind(BEST)
    .fetch_all(&app.db.pool)
    .await?;
    let entries = rows
        .into_iter()
        .enumerate()
        .map(|(i, row)| place(i + 1, row))
        .collect();
    let you = match (you, &player) {
        (Some(rank), Some(p)) => {
            let row: (String, f64, i64, String) = sqlx::query_as(
                "SELECT p.name, e.millis, e.moves, e.replay FROM race_entries e \
                 JOIN players p ON p.id = e.player WHERE e.day = $1 AND e.size = $2 AND e.player = $3",
            )
            .bind(&day_text)
            .bind(&size)
            .bind(p.id)
            .fetch_one(&app.db.pool)
            .await?;
            Some(place(rank, row))
        }
        _ => None,
    };
    Ok(Json(Leaderboard {
        date: day_text,
        size,
        board: (reveal && !board.is_empty()).then_some(board),
        entries,
        you,
    }))
}
