//! Every refusal the API makes, written once: a status and a sentence, sent as
//! `{"error":"plain words"}`. Input never meets a 5xx; a 5xx is the server's own trouble (its
//! database away), logged without anything of the request's key.

use axum::Json;
use axum::extract::rejection::{JsonRejection, PathRejection, QueryRejection};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use serde::Serialize;
use utoipa::ToSchema;

/// What every refusal's body holds.
#[derive(Serialize, ToSchema)]
pub struct ErrorBody {
    /// What was wrong, in words a player can act on.
    pub error: String,
}

/// A refusal, or the server's own trouble.
#[derive(Debug)]
pub enum ApiError {
    /// 400: a request that cannot be read (malformed JSON, a cursor this server never gave).
    BadRequest(String),
    /// 401: no key, or a key of no player.
    Unauthorized(String),
    /// 404.
    NotFound(String),
    /// 405.
    MethodNotAllowed,
    /// 409: a name taken, a race already finished.
    Conflict(String),
    /// 413: a body over the limit.
    TooLarge,
    /// 415: a body that is not JSON.
    NotJson,
    /// 422: read, but against a rule (the rule named).
    Unprocessable(String),
    /// 503: the database does not answer.
    Unavailable,
    /// 500: what cannot happen, logged.
    Internal,
}

/// The most a request's body may be.
pub const BODY_LIMIT: usize = 1 << 20;

impl ApiError {
    fn status(&self) -> StatusCode {
        match self {
            ApiError::BadRequest(_) => StatusCode::BAD_REQUEST,
            ApiError::Unauthorized(_) => StatusCode::UNAUTHORIZED,
            ApiError::NotFound(_) => StatusCode::NOT_FOUND,
            ApiError::MethodNotAllowed => StatusCode::METHOD_NOT_ALLOWED,
            ApiError::Conflict(_) => StatusCode::CONFLICT,
            ApiError::TooLarge => StatusCode::PAYLOAD_TOO_LARGE,
            ApiError::NotJson => StatusCode::UNSUPPORTED_MEDIA_TYPE,
            ApiError::Unprocessable(_) => StatusCode::UNPROCESSABLE_ENTITY,
            ApiError::Unavailable => StatusCode::SERVICE_UNAVAILABLE,
            ApiError::Internal => StatusCode::INTERNAL_SERVER_ERROR,
        }
    }

    fn words(self) -> String {
        match self {
            ApiError::BadRequest(w)
            | ApiError::Unauthorized(w)
            | ApiError::NotFound(w)
            | ApiError::Conflict(w)
            | ApiError::Unprocessable(w) => w,
            ApiError::MethodNotAllowed => "This address does not take that method.".into(),
            ApiError::TooLarge => format!(
                "The body is over {} MB: send fewer at a time.",
                BODY_LIMIT >> 20
            ),
            ApiError::NotJson => "The body must be JSON (Content-Type: application/json).".into(),
            ApiError::Unavailable => {
                "The server's database does not answer just now: try again soon.".into()
            }
            ApiError::Internal => "Something went wrong on the server; it has been logged.".into(),
        }
    }

    /// A request's key is missing.
    pub fn no_key() -> ApiError {
        ApiError::Unauthorized(
            "This needs a player's key: send it as Authorization: Bearer KEY.".into(),
        )
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let status = self.status();
        (
            status,
            Json(ErrorBody {
                error: self.words(),
            }),
        )
            .into_response()
    }
}

impl From<sqlx::Error> for ApiError {
    fn from(error: sqlx::Error) -> ApiError {
        match error {
            sqlx::Error::PoolTimedOut | sqlx::Error::PoolClosed | sqlx::Error::Io(_) => {
                eprintln!("database unavailable: {error}");
                ApiError::Unavailable
            }
            other => {
                eprintln!("database error: {other}");
                ApiError::Internal
            }
        }
    }
}

impl From<JsonRejection> for ApiError {
    fn from(rejection: JsonRejection) -> ApiError {
        match rejection {
            JsonRejection::JsonDataError(e) => ApiError::Unprocessable(format!(
                "The body's fields are not as this address takes them: {}",
                plain(&e.body_text())
            )),
            JsonRejection::JsonSyntaxError(e) => ApiError::BadRequest(format!(
                "The body is not well-formed JSON: {}",
                plain(&e.body_text())
            )),
            JsonRejection::MissingJsonContentType(_) => ApiError::NotJson,
            JsonRejection::BytesRejection(e) if e.status() == StatusCode::PAYLOAD_TOO_LARGE => {
                ApiError::TooLarge
            }
            other => ApiError::BadRequest(format!(
                "The body could not be read: {}",
                plain(&other.body_text())
            )),
        }
    }
}

impl From<QueryRejection> for ApiError {
    fn from(rejection: QueryRejection) -> ApiError {
        ApiError::BadRequest(format!(
            "The address's query is not as this address takes it: {}",
            plain(&rejection.body_text())
        ))
    }
}

impl From<PathRejection> for ApiError {
    fn from(rejection: PathRejection) -> ApiError {
        ApiError::BadRequest(format!(
            "The address is not as expected: {}",
            plain(&rejection.body_text())
        ))
    }
}

/// A library's message without its own opening ("Failed to deserialize …: "), and short.
fn plain(text: &str) -> String {
    let text = match text.starts_with("Failed to") {
        true => text.split_once(": ").map_or(text, |(_, rest)| rest),
        false => text,
    };
    text.chars().take(200).collect()
}
