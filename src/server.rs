//! `slide serve`: the built site and an HTTP API from one process, so that a player's solves
//! reach every device of theirs. Native only, never in the page's wasm; a room above `play`,
//! whose record (the solve's types, its reader) it shares rather than copies.
//!
//! - [`database`]: SQLite by default, PostgreSQL past one machine; one set of queries.
//! - [`keys`]: a player without a password: random keys kept as hashes, one-time device codes.
//! - [`players`]: players made, linked to another device, deleted.
//! - [`sync`]: solves and events uploaded, read back in pages, deleted by marker.
//! - [`race`]: the daily race: the day's board from the server's secret, one start per player,
//!   each entry checked by replay with the page's own core, the leaderboard.
//! - [`limits`]: rate limits per address and per key (tower_governor).
//! - [`error`] and [`body`]: every refusal written once, as `{"error":"…"}`.
//!
//! The OpenAPI description (`/api/openapi.json`) is made from the handlers themselves (utoipa).
//! No process keeps anything another needs: any number may share one PostgreSQL database.

pub mod body;
pub mod database;
pub mod error;
pub mod keys;
pub mod limits;
pub mod players;
pub mod race;
pub mod sync;

use axum::Router;
use axum::extract::{Request, State};
use axum::http::{HeaderValue, Method};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::routing::{any, get};
use database::{Database, DatabaseError};
use error::{ApiError, BODY_LIMIT, ErrorBody};
use serde::Serialize;
use std::fmt;
use std::future::Future;
use std::net::{IpAddr, SocketAddr};
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Instant;
use tower_http::compression::CompressionLayer;
use tower_http::services::ServeDir;
use utoipa::openapi::security::{Http, HttpAuthScheme, SecurityScheme};
use utoipa::{Modify, OpenApi, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

/// The tables that hold something of a player, beside `players` itself: what deleting a
/// player deletes.
pub const PLAYERS_TABLES: [&str; 5] = [
    "race_entries",
    "race_starts",
    "records",
    "device_codes",
    "player_keys",
];

/// How the server runs: `slide serve`'s options.
#[derive(Clone, Debug)]
pub struct Config {
    pub bind: IpAddr,
    pub port: u16,
    /// The built site (`dist`).
    pub site: PathBuf,
    /// `sqlite:PATH` or a `postgres://` URL.
    pub database: String,
    /// The fastest average pace a race entry may claim, in tile moves a second.
    pub max_tps: f64,
    /// Players one address may make (or devices it may join) a minute.
    pub players_per_minute: u32,
    /// Requests one key (or, without a key, one address) may make a second, on average.
    pub requests_per_second: u32,
}

impl Default for Config {
    fn default() -> Config {
        Config {
            bind: IpAddr::from([127, 0, 0, 1]),
            port: 8080,
            site: PathBuf::from("dist"),
            database: DEFAULT_DATABASE.into(),
            max_tps: 40.0,
            players_per_minute: 10,
            requests_per_second: 50,
        }
    }
}

/// The database unless told otherwise: a file under `target/`, never in the source tree.
pub const DEFAULT_DATABASE: &str = "sqlite:target/slide.sqlite";

/// What every handler shares.
#[derive(Clone)]
pub struct App {
    pub db: Database,
    pub config: Arc<Config>,
}

/// Why the server cannot start.
#[derive(Debug)]
pub enum ServeError {
    Database(DatabaseError),
    /// The address cannot be listened on (taken, or not this machine's).
    Bind(SocketAddr, std::io::Error),
    /// Serving stopped on an error of the system's.
    Serve(std::io::Error),
}

impl fmt::Display for ServeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ServeError::Database(e) => e.fmt(f),
            ServeError::Bind(address, e) => write!(f, "cannot listen on {address}: {e}"),
            ServeError::Serve(e) => write!(f, "serving stopped: {e}"),
        }
    }
}

/// A server bound to its address, its database open, not yet serving.
pub struct Server {
    address: SocketAddr,
    listener: tokio::net::TcpListener,
    router: Router,
}

impl Server {
    /// Opens the database (making its tables where missing) and binds the address (port 0:
    /// any free one).
    pub async fn bind(config: Config) -> Result<Server, ServeError> {
        let db = Database::open(&config.database)
            .await
            .map_err(ServeError::Database)?;
        let wanted = SocketAddr::new(config.bind, config.port);
        let listener = tokio::net::TcpListener::bind(wanted)
            .await
            .map_err(|e| ServeError::Bind(wanted, e))?;
        let address = listener.local_addr().map_err(ServeError::Serve)?;
        if !config.site.join("index.html").is_file() {
            eprintln!(
                "no site at {} (make dist builds it): serving the API alone",
                config.site.display()
            );
        }
        let app = App {
            db,
            config: Arc::new(config),
        };
        Ok(Server {
            address,
            listener,
            router: router(app),
        })
    }

    /// Where it listens.
    pub fn address(&self) -> SocketAddr {
        self.address
    }

    /// Serves until `shutdown` ends, then finishes what is in flight.
    pub async fn serve(
        self,
        shutdown: impl Future<Output = ()> + Send + 'static,
    ) -> Result<(), ServeError> {
        let service = self
            .router
            .into_make_service_with_connect_info::<SocketAddr>();
        axum::serve(self.listener, service)
            .with_graceful_shutdown(shutdown)
            .await
            .map_err(ServeError::Serve)
    }
}

/// `slide serve`: serves until SIGTERM or Ctrl-C, then finishes what is in flight.
pub fn run(config: Config) -> Result<(), ServeError> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(ServeError::Serve)?;
    runtime.block_on(async {
        let server = Server::bind(config).await?;
        println!("listening on http://{}", server.address());
        server.serve(stopped()).await
    })
}

/// SIGTERM or Ctrl-C.
async fn stopped() {
    let interrupt = tokio::signal::ctrl_c();
    #[cfg(unix)]
    {
        use tokio::signal::unix::{SignalKind, signal};
        match signal(SignalKind::terminate()) {
            Ok(mut term) => {
                tokio::select! {
                    _ = term.recv() => {}
                    _ = interrupt => {}
                }
            }
            Err(_) => {
                let _ = interrupt.await;
            }
        }
    }
    #[cfg(not(unix))]
    let _ = interrupt.await;
    eprintln!("stopping: finishing what is in flight");
}

#[derive(OpenApi)]
#[openapi(
    info(
        title = "Slide",
        description = "A sliding-puzzle player's solves on every device, and the daily race. \
                       Every refusal is a 4xx with {\"error\":\"plain words\"}."
    ),
    modifiers(&KeyScheme),
    tags(
        (name = "players", description = "A player without a password: a key, and devices linked by one-time codes"),
        (name = "sync", description = "Solves and events, in the history file's form, on every device"),
        (name = "race", description = "The daily race: one board for everyone, every entry checked by replaying it"),
    )
)]
struct ApiDoc;

/// The bearer key, as the description names it.
struct KeyScheme;

impl Modify for KeyScheme {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
        if let Some(components) = openapi.components.as_mut() {
            components.add_security_scheme(
                "key",
                SecurityScheme::Http(Http::new(HttpAuthScheme::Bearer)),
            );
        }
    }
}

/// The routes: the API (its description made from its handlers), then the site.
pub fn router(app: App) -> Router {
    let limits = limits::Limits::new(&app.config);
    let joining = OpenApiRouter::new()
        .routes(routes!(players::create))
        .routes(routes!(players::join))
        .layer(limits.joining());
    let (api, description) = OpenApiRouter::with_openapi(ApiDoc::openapi())
        .merge(joining)
        .routes(routes!(health))
        .routes(routes!(players::me, players::delete))
        .routes(routes!(players::link))
        .routes(routes!(sync::upload, sync::read))
        .routes(routes!(sync::delete))
        .routes(routes!(race::start))
        .routes(routes!(race::enter, race::leaderboard))
        .layer(limits.asking())
        .split_for_parts();
    let description = Arc::new(description.to_pretty_json().unwrap_or_default());
    let site = ServeDir::new(&app.config.site).append_index_html_on_directories(true);
    api.route(
        "/api/openapi.json",
        get(move || async move {
            (
                [("content-type", "application/json")],
                description.as_str().to_owned(),
            )
        }),
    )
    .route("/api/{*rest}", any(|| async { not_found() }))
    .method_not_allowed_fallback(|| async { ApiError::MethodNotAllowed })
    .layer(axum::extract::DefaultBodyLimit::max(BODY_LIMIT))
    .fallback_service(site)
    .layer(middleware::from_fn(logged))
    .layer(CompressionLayer::new())
    .with_state(app)
}

fn not_found() -> ApiError {
    ApiError::NotFound("No such address in Slide's API: see /api/openapi.json.".into())
}

#[derive(Serialize, ToSchema)]
pub struct Health {
    pub ok: bool,
    /// `sqlite` or `postgres`.
    pub database: String,
}

/// Whether the server and its database answer.
#[utoipa::path(get, path = "/api/health", operation_id = "health", tag = "players",
    responses((status = 200, body = Health), (status = 429, body = ErrorBody), (status = 503, body = ErrorBody)))]
async fn health(State(app): State<App>) -> Result<axum::Json<Health>, ApiError> {
    sqlx::query("SELECT 1").execute(&app.db.pool).await?;
    Ok(axum::Json(Health {
        ok: true,
        database: app.db.backend.name().into(),
    }))
}

/// Each API request logged in a line (method, path, status, time: never a key, which travels
/// in a header, nor a device code, which travels in a body), and its time on the server told in
/// `Server-Timing`.
async fn logged(request: Request, next: Next) -> Response {
    let started = Instant::now();
    let method = request.method().clone();
    let path = request.uri().path().to_owned();
    let mut response = next.run(request).await.into_response();
    let millis = started.elapsed().as_secs_f64() * 1000.0;
    if path.starts_with("/api/") {
        if let Ok(value) = HeaderValue::from_str(&format!("app;dur={millis:.2}")) {
            response.headers_mut().insert("server-timing", value);
        }
        let status = response.status().as_u16();
        if method != Method::GET || status >= 400 {
            eprintln!("{method} {path} {status} {millis:.1} ms");
        }
    }
    response
}
