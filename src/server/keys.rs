//! A player without a password: a random key (256 bits) that the server gives once and keeps
//! only as its SHA-256 hash, sent back as `Authorization: Bearer KEY`; each device has a key of
//! its own. A one-time code (128 bits, good for 10 minutes, also kept only hashed) links
//! another device. Nothing here ever logs a key or a code.

use super::App;
use super::error::ApiError;
use axum::extract::FromRequestParts;
use axum::http::header::AUTHORIZATION;
use axum::http::request::Parts;
use sha2::{Digest, Sha256};

/// `bytes` random bytes from the system, as hex.
pub fn random_hex(bytes: usize) -> Result<String, ApiError> {
    let mut buffer = vec![0u8; bytes];
    getrandom::fill(&mut buffer).map_err(|e| {
        eprintln!("no randomness from the system: {e}");
        ApiError::Internal
    })?;
    Ok(hex(&buffer))
}

/// A new key.
pub fn new_key() -> Result<String, ApiError> {
    random_hex(32)
}

/// A new one-time code for linking a device.
pub fn new_code() -> Result<String, ApiError> {
    random_hex(16)
}

/// What the server keeps of a key or a code.
pub fn hash(secret: &str) -> String {
    hex(&Sha256::digest(secret.as_bytes()))
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// The player a request's key belongs to.
#[derive(Clone, Debug)]
pub struct Player {
    pub id: i64,
    pub name: String,
}

impl FromRequestParts<App> for Player {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, app: &App) -> Result<Player, ApiError> {
        let key = bearer(parts).ok_or_else(ApiError::no_key)?;
        let found: Option<(i64, String)> = sqlx::query_as(
            "SELECT p.id, p.name FROM player_keys k JOIN players p ON p.id = k.player \
             WHERE k.hash = $1",
        )
        .bind(hash(key))
        .fetch_optional(&app.db.pool)
        .await?;
        let (id, name) = found.ok_or_else(|| {
            ApiError::Unauthorized(
                "This key belongs to no player: it may have been deleted. Start syncing again, \
                 or restore a saved key."
                    .into(),
            )
        })?;
        Ok(Player { id, name })
    }
}

/// A player where the request carries a key (a key of no player is refused all the same).
impl axum::extract::OptionalFromRequestParts<App> for Player {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, app: &App) -> Result<Option<Player>, ApiError> {
        match parts.headers.contains_key(AUTHORIZATION) {
            true => <Player as FromRequestParts<App>>::from_request_parts(parts, app)
                .await
                .map(Some),
            false => Ok(None),
        }
    }
}

/// The key a request carries, if any.
pub fn bearer(parts: &Parts) -> Option<&str> {
    let value = parts.headers.get(AUTHORIZATION)?.to_str().ok()?;
    let (scheme, key) = value.split_once(' ')?;
    let key = key.trim();
    (scheme.eq_ignore_ascii_case("bearer") && !key.is_empty()).then_some(key)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_are_long_random_and_kept_only_as_hashes() {
        let (a, b) = (new_key().unwrap(), new_key().unwrap());
        assert_eq!(a.len(), 64);
        assert_ne!(a, b);
        assert_eq!(hash(&a).len(), 64);
        assert_ne!(hash(&a), a);
        assert_eq!(hash("abc"), hash("abc"));
        assert_eq!(new_code().unwrap().len(), 32);
    }
}
