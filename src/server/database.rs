//! The server's database: SQLite (one file, the default) or PostgreSQL (any number of servers
//! sharing it), through sqlx's `any` driver, so the queries are written once where the two agree
//! (`$1` placeholders, `INSERT … ON CONFLICT`, `RETURNING`, integers and text only). Each has its
//! own migrations (`migrations/sqlite/`, `migrations/postgres/`), run at start: the tables are
//! made where missing, and two servers starting at once take turns (sqlx locks the database).

use sqlx::any::{AnyConnectOptions, AnyPoolOptions};
use sqlx::migrate::{Migration, MigrationType, Migrator};
use sqlx::{AnyPool, Executor, SqlSafeStr};
use std::fmt;
use std::str::FromStr;
use std::time::Duration;

/// Which database a URL names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Backend {
    Sqlite,
    Postgres,
}

impl Backend {
    /// As `/api/health` says it.
    pub fn name(self) -> &'static str {
        match self {
            Backend::Sqlite => "sqlite",
            Backend::Postgres => "postgres",
        }
    }

    /// The backend of `url`, or why it names none.
    pub fn of(url: &str) -> Result<Backend, DatabaseError> {
        if url.starts_with("sqlite:") {
            Ok(Backend::Sqlite)
        } else if url.starts_with("postgres://") || url.starts_with("postgresql://") {
            Ok(Backend::Postgres)
        } else {
            Err(DatabaseError::Url(url.chars().take(60).collect()))
        }
    }
}

/// The migrations, in order: each with its SQL for SQLite and for PostgreSQL.
const MIGRATIONS: &[(i64, &str, &str, &str)] = &[
    (
        1,
        "players and their records",
        include_str!("../../migrations/sqlite/0001_players_and_records.sql"),
        include_str!("../../migrations/postgres/0001_players_and_records.sql"),
    ),
    (
        2,
        "the daily race",
        include_str!("../../migrations/sqlite/0002_race.sql"),
        include_str!("../../migrations/postgres/0002_race.sql"),
    ),
];

/// Why the database cannot serve.
#[derive(Debug)]
pub enum DatabaseError {
    /// The URL names no database this server knows.
    Url(String),
    /// It could not be opened or reached.
    Connect(sqlx::Error),
    /// Its tables could not be made or brought up to date.
    Migrate(sqlx::migrate::MigrateError),
}

impl fmt::Display for DatabaseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DatabaseError::Url(url) => {
                write!(f, "--database {url}: give sqlite:PATH or a postgres:// URL")
            }
            DatabaseError::Connect(e) => write!(f, "the database cannot be opened: {e}"),
            DatabaseError::Migrate(e) => write!(f, "the database's tables cannot be made: {e}"),
        }
    }
}

/// The pool, and which database it is.
#[derive(Clone, Debug)]
pub struct Database {
    pub pool: AnyPool,
    pub backend: Backend,
}

impl Database {
    /// Opens the database `url` names (a SQLite file is made where missing, with its folder)
    /// and brings its tables up to date.
    pub async fn open(url: &str) -> Result<Database, DatabaseError> {
        sqlx::any::install_default_drivers();
        let backend = Backend::of(url)?;
        let url = match backend {
            Backend::Sqlite => sqlite_url(url),
            Backend::Postgres => url.to_string(),
        };
        let options = AnyConnectOptions::from_str(&url).map_err(DatabaseError::Connect)?;
        let pool = AnyPoolOptions::new()
            .max_connections(match backend {
                // One writer at a time in any case; readers in WAL mode do not wait for it.
                Backend::Sqlite => 8,
                Backend::Postgres => 16,
            })
            .acquire_timeout(Duration::from_secs(10))
            .after_connect(move |conn, _| {
                Box::pin(async move {
                    if backend == Backend::Sqlite {
                        // Committed is kept through a crash of the process (WAL); writers wait
                        // for each other rather than fail.
                        conn.execute("PRAGMA journal_mode = WAL").await?;
                        conn.execute("PRAGMA synchronous = NORMAL").await?;
                        conn.execute("PRAGMA busy_timeout = 10000").await?;
                        conn.execute("PRAGMA foreign_keys = ON").await?;
                    }
                    Ok(())
                })
            })
            .connect_with(options)
            .await
            .map_err(DatabaseError::Connect)?;
        let migrations = MIGRATIONS
            .iter()
            .map(|&(version, description, sqlite, postgres)| {
                let sql = match backend {
                    Backend::Sqlite => sqlite,
                    Backend::Postgres => postgres,
                };
                Migration::new(
                    version,
                    description.into(),
                    MigrationType::Simple,
                    sql.into_sql_str(),
                    false,
                )
            })
            .collect();
        Migrator::with_migrations(migrations)
            .run(&pool)
            .await
            .map_err(DatabaseError::Migrate)?;
        Ok(Database { pool, backend })
    }
}

/// A SQLite URL that makes its file (and the file's folder) where missing.
fn sqlite_url(url: &str) -> String {
    let path = url.trim_start_matches("sqlite:").trim_start_matches("//");
    let path = path.split('?').next().unwrap_or(path);
    if let Some(folder) = std::path::Path::new(path).parent() {
        // A folder that cannot be made is told by the open that follows.
        let _ = std::fs::create_dir_all(folder);
    }
    match url.contains('?') {
        true => url.to_string(),
        false => format!("{url}?mode=rwc"),
    }
}

/// Milliseconds since 1970 UTC: when something happened, as the tables keep it.
pub fn now_millis() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as i64)
}

/// `($1, $2, $3), ($4, $5, $6)`: placeholders for `rows` rows of `columns` values, numbered
/// from `first` (sqlx's query builder writes `?`, which PostgreSQL does not read).
pub fn placeholders(rows: usize, columns: usize, first: usize) -> String {
    let mut out = String::new();
    for row in 0..rows {
        out.push_str(if row == 0 { "(" } else { ", (" });
        for column in 0..columns {
            if column > 0 {
                out.push_str(", ");
            }
            out.push_str(&format!("${}", first + row * columns + column));
        }
        out.push(')');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn placeholders_number_every_value_in_order() {
        assert_eq!(placeholders(2, 3, 2), "($2, $3, $4), ($5, $6, $7)");
        assert_eq!(placeholders(1, 1, 1), "($1)");
    }

    #[test]
    fn a_url_names_its_backend_or_is_refused() {
        assert_eq!(Backend::of("sqlite:x.db").unwrap(), Backend::Sqlite);
        assert_eq!(Backend::of("postgres://a@b/c").unwrap(), Backend::Postgres);
        assert!(Backend::of("mysql://x").is_err());
        assert_eq!(
            sqlite_url("sqlite:target/x/y.db"),
            "sqlite:target/x/y.db?mode=rwc"
        );
    }
}
