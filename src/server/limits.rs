//! Rate limits, by tower_governor: one address may make only so many players (or join so many
//! devices) a minute, and one key (or, without one, one address) ask only so often. Past a
//! limit: 429, `Retry-After`, and the API's words. Each server keeps its own counts: with
//! several servers the limits are per server.

use super::Config;
use super::error::ErrorBody;
use super::keys;
use axum::body::Body;
use axum::http::{Request, Response, StatusCode};
use governor::middleware::NoOpMiddleware;
use std::sync::Arc;
use std::time::Duration;
use tower_governor::GovernorError;
use tower_governor::GovernorLayer;
use tower_governor::governor::{GovernorConfig, GovernorConfigBuilder};
use tower_governor::key_extractor::{KeyExtractor, PeerIpKeyExtractor};

/// A request's key, or its address where it has none: what asking is counted by.
#[derive(Clone, Copy, Debug)]
pub struct KeyOrAddress;

impl KeyExtractor for KeyOrAddress {
    type Key = String;

    fn extract<T>(&self, request: &Request<T>) -> Result<String, GovernorError> {
        let key = request
            .headers()
            .get("authorization")
            .and_then(|v| v.to_str().ok());
        match key {
            Some(key) => Ok(keys::hash(key)),
            None => PeerIpKeyExtractor.extract(request).map(|ip| ip.to_string()),
        }
    }
}

type Joining = GovernorConfig<PeerIpKeyExtractor, NoOpMiddleware>;
type Asking = GovernorConfig<KeyOrAddress, NoOpMiddleware>;

/// Both limits, made once for the router.
pub struct Limits {
    joining: Arc<Joining>,
    asking: Arc<Asking>,
}

impl Limits {
    pub fn new(config: &Config) -> Limits {
        // Kept where each period is at least a microsecond and each burst at least one.
        let per_minute = config.players_per_minute.clamp(1, 60_000);
        let per_second = config.requests_per_second.clamp(1, 1_000_000);
        let joining = GovernorConfigBuilder::default()
            .period(Duration::from_micros(60_000_000 / u64::from(per_minute)))
            .burst_size(per_minute)
            .finish();
        let asking = GovernorConfigBuilder::default()
            .key_extractor(KeyOrAddress)
            .period(Duration::from_micros(1_000_000 / u64::from(per_second)))
            .burst_size(per_second.saturating_mul(4))
            .finish();
        // The builder refuses only a period or a burst of zero, which the clamps rule out.
        let (Some(joining), Some(asking)) = (joining, asking) else {
            unreachable!("rate limits of a positive period and burst");
        };
        let limits = Limits {
            joining: Arc::new(joining),
            asking: Arc::new(asking),
        };
        limits.forget_now_and_then();
        limits
    }

    /// For making players and joining devices: per address.
    pub fn joining(&self) -> GovernorLayer<PeerIpKeyExtractor, NoOpMiddleware, Body> {
        GovernorLayer::new(self.joining.clone()).error_handler(refusal)
    }

    /// For every request of the API: per key, or per address without one.
    pub fn asking(&self) -> GovernorLayer<KeyOrAddress, NoOpMiddleware, Body> {
        GovernorLayer::new(self.asking.clone()).error_handler(refusal)
    }

    /// The counts of keys and addresses quiet for a while are let go, so they do not pile up.
    fn forget_now_and_then(&self) {
        let (joining, asking) = (self.joining.clone(), self.asking.clone());
        if let Ok(runtime) = tokio::runtime::Handle::try_current() {
            runtime.spawn(async move {
                let mut every = tokio::time::interval(Duration::from_secs(60));
                loop {
                    every.tick().await;
                    joining.limiter().retain_recent();
                    asking.limiter().retain_recent();
                }
            });
        }
    }
}

/// A limit's refusal in the API's words, with when to try again.
fn refusal(error: GovernorError) -> Response<Body> {
    let (status, wait, headers) = match error {
        GovernorError::TooManyRequests { wait_time, headers } => {
            (StatusCode::TOO_MANY_REQUESTS, wait_time, headers)
        }
        GovernorError::UnableToExtractKey => (StatusCode::BAD_REQUEST, 0, None),
        GovernorError::Other { code, headers, .. } => (code, 0, headers),
    };
    let words = match status {
        StatusCode::TOO_MANY_REQUESTS => format!(
            "Too many requests from here: try again in {} s.",
            wait.max(1)
        ),
        _ => "This request cannot be counted against any address.".to_string(),
    };
    let body = serde_json::to_string(&ErrorBody { error: words }).unwrap_or_default();
    let mut response = Response::new(Body::from(body));
    *response.status_mut() = status;
    if let Some(headers) = headers {
        response.headers_mut().extend(headers);
    }
    if let Ok(json) = "application/json".parse() {
        response.headers_mut().insert("content-type", json);
    }
    response
}
