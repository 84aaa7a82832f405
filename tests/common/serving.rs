//! A real `slide serve` for a test: the built binary, started on a free port against a fresh
//! database of its own (a SQLite file, or a new database on the PostgreSQL that
//! `tests/tools/with-postgres.sh` started and named in `SLIDE_TEST_POSTGRES`), spoken to over
//! HTTP. Its log is kept, to be read.

#![allow(dead_code)]

use slide::play::record::solves::Solve;
use std::io::{BufRead, BufReader, Read};
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

/// Each test named, once on SQLite and once on PostgreSQL (a `fn name(db: Db)` beside it).
#[allow(unused_macros)]
macro_rules! on_both {
    ($($test:ident),* $(,)?) => {
        mod sqlite {
            $( #[test] fn $test() { super::$test(super::Db::Sqlite) } )*
        }
        mod postgres {
            $( #[test] fn $test() { super::$test(super::Db::Postgres) } )*
        }
    };
}

/// The two databases every API test runs on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Db {
    Sqlite,
    Postgres,
}

static FRESH: AtomicUsize = AtomicUsize::new(0);

/// A fresh database's URL.
pub fn fresh_database(db: Db) -> String {
    let n = FRESH.fetch_add(1, Ordering::Relaxed);
    let name = format!("slide_test_{}_{n}", std::process::id());
    match db {
        Db::Sqlite => {
            let dir = std::env::temp_dir().join("slide-serve-tests");
            std::fs::create_dir_all(&dir).unwrap();
            let path = dir.join(format!("{name}.sqlite"));
            for suffix in ["", "-wal", "-shm"] {
                let _ = std::fs::remove_file(format!("{}{suffix}", path.display()));
            }
            format!("sqlite:{}", path.display())
        }
        Db::Postgres => {
            let admin = std::env::var("SLIDE_TEST_POSTGRES").expect(
                "the PostgreSQL tests need SLIDE_TEST_POSTGRES, the URL of a database on a \
                 running PostgreSQL: make test-native starts one (tests/tools/with-postgres.sh)",
            );
            block_on(async {
                sqlx::any::install_default_drivers();
                let pool = sqlx::AnyPool::connect(&admin).await.unwrap();
                let sql = format!("CREATE DATABASE {name}");
                sqlx::query(sqlx::AssertSqlSafe(sql))
                    .execute(&pool)
                    .await
                    .unwrap();
                pool.close().await;
            });
            let (base, _) = admin.rsplit_once('/').unwrap();
            format!("{base}/{name}")
        }
    }
}

/// A running `slide serve`.
pub struct Server {
    child: Child,
    pub url: String,
    pub database: String,
    log: Arc<Mutex<String>>,
}

/// Runs `future` to its end on a runtime of its own: the tests and the benchmark are not async.
pub fn block_on<F: std::future::Future>(future: F) -> F::Output {
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap()
        .block_on(future)
}

impl Server {
    /// A pool on the server's own database, to write or read what the API does not.
    pub async fn pool(&self) -> sqlx::AnyPool {
        sqlx::any::install_default_drivers();
        let url = match self.database.starts_with("sqlite:") {
            true => format!("{}?mode=rw", self.database),
            false => self.database.clone(),
        };
        sqlx::AnyPool::connect(&url).await.unwrap()
    }

    /// A server on a fresh database.
    pub fn start(db: Db) -> Server {
        Server::on(&fresh_database(db), &[])
    }

    /// A server on `database`, with more options.
    pub fn on(database: &str, options: &[&str]) -> Server {
        let mut child = Command::new(env!("CARGO_BIN_EXE_slide"))
            .args([
                "serve",
                "--port",
                "0",
                "--site",
                "/nonexistent",
                "--database",
                database,
            ])
            .args(options)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let log = Arc::new(Mutex::new(String::new()));
        let mut stderr = child.stderr.take().unwrap();
        let kept = log.clone();
        std::thread::spawn(move || {
            let mut buffer = [0u8; 4096];
            while let Ok(n) = stderr.read(&mut buffer) {
                if n == 0 {
                    break;
                }
                kept.lock()
                    .unwrap()
                    .push_str(&String::from_utf8_lossy(&buffer[..n]));
            }
        });
        let mut lines = BufReader::new(child.stdout.take().unwrap()).lines();
        let first = lines.next().map(|l| l.unwrap()).unwrap_or_default();
        let url = first
            .strip_prefix("listening on ")
            .unwrap_or_else(|| {
                panic!(
                    "slide serve said {first:?}; its log: {}",
                    log.lock().unwrap()
                )
            })
            .to_string();
        std::thread::spawn(move || for _ in lines {});
        Server {
            child,
            url,
            database: database.to_string(),
            log,
        }
    }

    /// What the server wrote to stderr so far.
    pub fn log(&self) -> String {
        self.log.lock().unwrap().clone()
    }

    /// SIGTERM, then its exit status.
    pub fn terminate(mut self) -> std::process::ExitStatus {
        let pid = self.child.id().to_string();
        Command::new("kill").args(["-TERM", &pid]).status().unwrap();
        self.child.wait().unwrap()
    }

    /// kill -9: gone at once, mid-request or not.
    pub fn kill(mut self) {
        self.child.kill().unwrap();
        self.child.wait().unwrap();
    }

    /// A client for the tests, a fresh connection a request: a refusal made before the body is
    /// read (a 401, a 413) ends its connection, as HTTP servers do, and a browser sends again on
    /// a fresh one where ureq's pool would hand the closed one to the next request.
    pub fn client(&self) -> Client {
        let config = ureq::Agent::config_builder()
            .max_idle_connections(0)
            .max_idle_connections_per_host(0);
        self.client_with(config)
    }

    /// A client that keeps its connections open between requests, as a browser does: the
    /// benchmark's, whose requests are all accepted.
    pub fn keeping_client(&self) -> Client {
        self.client_with(ureq::Agent::config_builder())
    }

    fn client_with(
        &self,
        config: ureq::config::ConfigBuilder<ureq::typestate::AgentScope>,
    ) -> Client {
        Client {
            url: self.url.clone(),
            agent: config.http_status_as_error(false).build().into(),
            key: None,
        }
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// An answer: its status, its JSON, its headers.
#[derive(Clone, Debug)]
pub struct Answer {
    pub status: u16,
    pub json: serde_json::Value,
    pub text: String,
    pub retry_after: Option<String>,
    /// The server's own time for it, in milliseconds (`Server-Timing: app;dur=…`).
    pub server_timing: Option<f64>,
}

/// A client of one server, with a player's key or none.
#[derive(Clone)]
pub struct Client {
    pub url: String,
    pub agent: ureq::Agent,
    pub key: Option<String>,
}

impl Client {
    pub fn with_key(&self, key: &str) -> Client {
        Client {
            key: Some(key.to_string()),
            ..self.clone()
        }
    }

    /// A request of `method` to `path`, with a JSON body or none.
    pub fn ask(&self, method: &str, path: &str, body: Option<&str>) -> Answer {
        self.try_ask(method, path, body)
            .unwrap_or_else(|e| panic!("{method} {path}: {e}"))
    }

    /// A request, or why no answer came (a server gone).
    pub fn try_ask(&self, method: &str, path: &str, body: Option<&str>) -> Result<Answer, String> {
        let uri = format!("{}{path}", self.url);
        let mut request = ureq::http::Request::builder().method(method).uri(uri);
        if let Some(key) = &self.key {
            request = request.header("authorization", format!("Bearer {key}"));
        }
        let response = match body {
            Some(body) => self.agent.run(
                request
                    .header("content-type", "application/json")
                    .body(body.to_string())
                    .unwrap(),
            ),
            None => self.agent.run(request.body(()).unwrap()),
        };
        let mut response = response.map_err(|e| e.to_string())?;
        let status = response.status().as_u16();
        let retry_after =
            (response.headers().get("retry-after")).map(|v| v.to_str().unwrap().to_string());
        let server_timing = (response.headers().get("server-timing"))
            .and_then(|v| v.to_str().ok()?.split("dur=").nth(1)?.parse().ok());
        let text = response
            .body_mut()
            .with_config()
            .limit(64 << 20)
            .read_to_string()
            .map_err(|e| e.to_string())?;
        let json = serde_json::from_str(&text).unwrap_or(serde_json::Value::Null);
        Ok(Answer {
            status,
            json,
            text,
            retry_after,
            server_timing,
        })
    }

    pub fn get(&self, path: &str) -> Answer {
        self.ask("GET", path, None)
    }

    pub fn post(&self, path: &str, body: &str) -> Answer {
        self.ask("POST", path, Some(body))
    }

    pub fn put(&self, path: &str, body: &str) -> Answer {
        self.ask("PUT", path, Some(body))
    }

    pub fn delete(&self, path: &str) -> Answer {
        self.ask("DELETE", path, None)
    }

    /// A new player of this name: a client with their key.
    pub fn player(&self, name: &str) -> Client {
        let answer = self.post("/api/players", &format!(r#"{{"name":"{name}"}}"#));
        assert_eq!(answer.status, 201, "{answer:?}");
        self.with_key(answer.json["key"].as_str().unwrap())
    }

    /// Uploads solves: how many were new.
    pub fn upload(&self, solves: &[Solve]) -> usize {
        let answer = self.put("/api/solves", &upload_body(solves));
        assert_eq!(answer.status, 200, "{answer:?}");
        answer.json["stored"].as_u64().unwrap() as usize
    }

    /// Every solve and event of the player, read page by page to the end: their uids in the
    /// order stored, the deleted ones marked `-uid`.
    pub fn everything(&self) -> Vec<String> {
        let mut out = Vec::new();
        let mut after = String::new();
        loop {
            let answer = self.get(&format!("/api/solves?after={after}"));
            assert_eq!(answer.status, 200, "{answer:?}");
            let page = &answer.json;
            let entries: Vec<&serde_json::Value> = (page["solves"].as_array().unwrap().iter())
                .chain(page["events"].as_array().unwrap())
                .collect();
            if entries.is_empty() {
                return out;
            }
            for e in entries {
                let uid = e["uid"].as_str().unwrap();
                match e["deleted"].as_bool() {
                    Some(true) => out.push(format!("-{uid}")),
                    _ => out.push(uid.to_string()),
                }
            }
            after = page["next"].as_str().unwrap().to_string();
        }
    }
}

/// `{"solves":[…]}` of these solves.
pub fn upload_body(solves: &[Solve]) -> String {
    let list: Vec<String> = solves.iter().map(|s| s.to_json().to_string()).collect();
    format!(r#"{{"solves":[{}]}}"#, list.join(","))
}

/// A solve of the 8-puzzle by hand, its facts drawn from `n`: each `n` its own solve.
pub fn solve(n: u64) -> Solve {
    let text = format!(
        r#"{{"id":{},"date":"2026-11-23","board":"8 6 7/2 5 4/3 0 1","goal":"1 2 3/4 5 6/7 8 0","moves":3,"mtm":3,"millis":{},"optimal":null,"best_known":null,"assisted":false,"control":"keys","random_state":true,"times":[0,100,{}]}}"#,
        1_764_000_000_000 + n,
        1000 + n % 7919,
        1000 + n % 7919,
    );
    let mut history = slide::play::record::solves::History::default();
    let report = history
        .import(&format!(r#"{{"solves":[{text}]}}"#))
        .unwrap();
    assert_eq!(report.added, 1, "{:?}", report.problems);
    history.solves.remove(0)
}
