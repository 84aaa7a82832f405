//! Players: made with a name, linked to another device by a one-time code, deleted with all
//! they hold.

use super::App;
use super::body::Body;
use super::database::now_millis;
use super::error::{ApiError, ErrorBody};
use super::keys::{self, Player};
use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// How long a device link's code is good for.
pub const CODE_MILLIS: i64 = 10 * 60 * 1000;

#[derive(Deserialize, ToSchema)]
pub struct NewPlayer {
    /// 1 to 32 characters, no control characters; shown to others only as text.
    #[schema(min_length = 1, max_length = 32)]
    pub name: String,
}

/// A player and a key of theirs: the key is given once, here, and never again.
#[derive(Serialize, ToSchema)]
pub struct Keyed {
    pub player: String,
    pub name: String,
    /// Send it as `Authorization: Bearer KEY`; the server keeps only its hash.
    pub key: String,
}

#[derive(Serialize, ToSchema)]
pub struct Me {
    pub player: String,
    pub name: String,
}

/// A one-time code that links another device.
#[derive(Serialize, ToSchema)]
pub struct DeviceCode {
    /// Single-use; travels in a link's fragment (`#device=CODE`), never in an address's query.
    pub code: String,
    /// Seconds it stays good.
    pub expires_in: i64,
}

#[derive(Deserialize, ToSchema)]
pub struct JoinWith {
    pub code: String,
}

/// The name as kept, or why it cannot be one: the page's own rule (`play::sync`), so the page
/// can say so before it asks.
pub fn checked_name(name: &str) -> Result<String, ApiError> {
    crate::play::sync::checked_name(name).map_err(|why| ApiError::Unprocessable(why.to_string()))
}

/// Makes a player and their first key.
#[utoipa::path(post, path = "/api/players", operation_id = "create_player", tag = "players",
    request_body = NewPlayer,
    responses(
        (status = 201, description = "The player and their key", body = Keyed),
        (status = 400, body = ErrorBody), (status = 409, description = "The name is taken", body = ErrorBody),
        (status = 413, body = ErrorBody), (status = 415, body = ErrorBody),
        (status = 422, body = ErrorBody), (status = 429, body = ErrorBody),
    ))]
pub async fn create(
    State(app): State<App>,
    Body(new): Body<NewPlayer>,
) -> Result<(StatusCode, Json<Keyed>), ApiError> {
    let name = checked_name(&new.name)?;
    let key = keys::new_key()?;
    let mut tx = app.db.pool.begin().await?;
    let id: Option<i64> = sqlx::query_scalar(
        "INSERT INTO players (name, created) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING \
         RETURNING id",
    )
    .bind(&name)
    .bind(now_millis())
    .fetch_optional(&mut *tx)
    .await?;
    let id =
        id.ok_or_else(|| ApiError::Conflict(format!("The name {name} is taken: choose another.")))?;
    add_key(&mut tx, id, &key).await?;
    tx.commit().await?;
    let player = id.to_string();
    Ok((StatusCode::CREATED, Json(Keyed { player, name, key })))
}

async fn add_key(
    tx: &mut sqlx::Transaction<'_, sqlx::Any>,
    player: i64,
    key: &str,
) -> Result<(), ApiError> {
    sqlx::query("INSERT INTO player_keys (hash, player, created) VALUES ($1, $2, $3)")
        .bind(keys::hash(key))
        .bind(player)
        .bind(now_millis())
        .execute(&mut **tx)
        .await?;
    Ok(())
}

/// The player this key belongs to.
#[utoipa::path(get, path = "/api/players/me", operation_id = "who_am_i", tag = "players",
    security(("key" = [])),
    responses((status = 200, body = Me), (status = 401, body = ErrorBody), (status = 429, body = ErrorBody)))]
pub async fn me(player: Player) -> Json<Me> {
    Json(Me {
        player: player.id.to_string(),
        name: player.name,
    })
}

/// Deletes the player and everything the server holds of them: their solves and events, keys,
/// codes and race entries.
#[utoipa::path(delete, path = "/api/players/me", operation_id = "delete_player", tag = "players",
    security(("key" = [])),
    responses((status = 204, description = "Deleted"), (status = 401, body = ErrorBody), (status = 429, body = ErrorBody)))]
pub async fn delete(State(app): State<App>, player: Player) -> Result<StatusCode, ApiError> {
    let mut tx = app.db.pool.begin().await?;
    // Each table by hand rather than by cascade, so SQLite needs no setting for it.
    for table in super::PLAYERS_TABLES {
        let sql = format!("DELETE FROM {table} WHERE player = $1");
        // The table's name is one of the constant list's, never the request's.
        sqlx::query(sqlx::AssertSqlSafe(sql))
            .bind(player.id)
            .execute(&mut *tx)
            .await?;
    }
    sqlx::query("DELETE FROM players WHERE id = $1")
        .bind(player.id)
        .execute(&mut *tx)
        .await?;
    tx.commit().await?;
    Ok(StatusCode::NO_CONTENT)
}

/// A one-time code that links another device to this player, good for 10 minutes.
#[utoipa::path(post, path = "/api/devices", operation_id = "link_device", tag = "players",
    security(("key" = [])),
    responses((status = 201, body = DeviceCode), (status = 401, body = ErrorBody), (status = 429, body = ErrorBody)))]
pub async fn link(
    State(app): State<App>,
    player: Player,
) -> Result<(StatusCode, Json<DeviceCode>), ApiError> {
    let code = keys::new_code()?;
    let now = now_millis();
    let mut tx = app.db.pool.begin().await?;
    sqlx::query("DELETE FROM device_codes WHERE player = $1 AND expires <= $2")
        .bind(player.id)
        .bind(now)
        .execute(&mut *tx)
        .await?;
    sqlx::query("INSERT INTO device_codes (hash, player, expires) VALUES ($1, $2, $3)")
        .bind(keys::hash(&code))
        .bind(player.id)
        .bind(now + CODE_MILLIS)
        .execute(&mut *tx)
        .await?;
    tx.commit().await?;
    let expires_in = CODE_MILLIS / 1000;
    Ok((StatusCode::CREATED, Json(DeviceCode { code, expires_in })))
}

/// Joins this device to the player whose code it brings: the code is spent, and the device
/// gets a key of its own.
#[utoipa::path(post, path = "/api/devices/join", operation_id = "join_device", tag = "players",
    request_body = JoinWith,
    responses(
        (status = 201, body = Keyed),
        (status = 400, body = ErrorBody), (status = 404, description = "No such code, or used, or too old", body = ErrorBody),
        (status = 413, body = ErrorBody), (status = 415, body = ErrorBody),
        (status = 422, body = ErrorBody), (status = 429, body = ErrorBody),
    ))]
pub async fn join(
    State(app): State<App>,
    Body(with): Body<JoinWith>,
) -> Result<(StatusCode, Json<Keyed>), ApiError> {
    let key = keys::new_key()?;
    let mut tx = app.db.pool.begin().await?;
    // Taken and spent in one statement: two devices racing for one code cannot both have it.
    let player: Option<i64> = sqlx::query_scalar(
        "DELETE FROM device_codes WHERE hash = $1 AND expires > $2 RETURNING player",
    )
    .bind(keys::hash(with.code.trim()))
    .bind(now_millis())
    .fetch_optional(&mut *tx)
    .await?;
    let player = player.ok_or_else(|| {
        ApiError::NotFound(
            "This device link has been used, or is more than 10 minutes old: make a new one \
             with Link another device."
                .into(),
        )
    })?;
    let name: String = sqlx::query_scalar("SELECT name FROM players WHERE id = $1")
        .bind(player)
        .fetch_one(&mut *tx)
        .await?;
    add_key(&mut tx, player, &key).await?;
    tx.commit().await?;
    let player = player.to_string();
    Ok((StatusCode::CREATED, Json(Keyed { player, name, key })))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_one_to_thirty_two_characters_without_control_characters() {
        assert_eq!(checked_name("  Ada ").unwrap(), "Ada");
        assert_eq!(checked_name(&"é".repeat(32)).unwrap().chars().count(), 32);
        assert!(checked_name(&"é".repeat(33)).is_err());
        assert!(checked_name("   ").is_err());
        assert!(checked_name("a\nb").is_err());
        assert!(checked_name("a\u{7f}").is_err());
        assert_eq!(checked_name("<img src=x>").unwrap(), "<img src=x>");
    }
}
