//! `make bench-server`: `slide serve` measured as docs/performance.md ("The server") reports it,
//! on SQLite and on the PostgreSQL that `tests/tools/with-postgres.sh` starts (its URL in
//! `SLIDE_TEST_POSTGRES`), with one server and with two sharing the database.
//!
//! - Solves stored a second: 64 clients, each a player of its own, upload batches of 5 as fast
//!   as they are answered for ten seconds; p50 and p99 of a batch's time seen by its client;
//!   every solve read back once, no 5xx.
//! - A first sync: 100,000 solves of one player read by a new device, page by page.
//! - One new solve for a player who has 100,000: the server's own time (`Server-Timing`).
//! - The race: entries checked a second by the core alone (10×10 entries of about a thousand
//!   moves), a 10×10 entry's server time, and the leaderboard's with 100,000 entries on the day.
//!
//! Figures are printed, one line each; nothing here asserts a time.

#[path = "../tests/common/serving.rs"]
mod serving;

use serving::{Client, Db, Server, block_on, fresh_database, solve, upload_body};
use std::time::{Duration, Instant};

const CLIENTS: usize = 64;
const BATCH: usize = 5;
const SECONDS: u64 = 10;

fn main() {
    let mut dbs = vec![Db::Sqlite];
    match std::env::var("SLIDE_TEST_POSTGRES") {
        Ok(_) => dbs.push(Db::Postgres),
        Err(_) => {
            println!("(no SLIDE_TEST_POSTGRES: SQLite only; make bench-server starts PostgreSQL)")
        }
    }
    for &db in &dbs {
        for servers in [1, 2] {
            store_rate(db, servers, Some(1_000.0));
            store_rate(db, servers, None);
        }
        large_history(db);
        race(db);
    }
}

fn name(db: Db) -> &'static str {
    match db {
        Db::Sqlite => "sqlite",
        Db::Postgres => "postgres",
    }
}

/// Server options for a load test: limits far above what is measured.
const OPEN: [&str; 4] = [
    "--players-per-minute",
    "60000",
    "--requests-per-second",
    "1000000",
];

fn percentile(sorted: &[f64], p: f64) -> f64 {
    sorted[((sorted.len() - 1) as f64 * p).round() as usize]
}

/// 64 clients storing batches of 5 for ten seconds, through `servers` servers on one database:
/// at `offered` solves a second in all (each client on a steady beat), or flat out.
fn store_rate(db: Db, servers: usize, offered: Option<f64>) {
    let database = fresh_database(db);
    let running: Vec<Server> = (0..servers).map(|_| Server::on(&database, &OPEN)).collect();
    let clients: Vec<Client> = (0..CLIENTS)
        .map(|i| {
            let server = &running[i % servers];
            let key = server
                .keeping_client()
                .player(&format!("bench{i}"))
                .key
                .unwrap();
            server.keeping_client().with_key(&key)
        })
        .collect();
    let until = Instant::now() + Duration::from_secs(SECONDS);
    let started = Instant::now();
    // A client's beat: its share of the batches a second offered.
    let beat = offered.map(|rate| Duration::from_secs_f64(CLIENTS as f64 * BATCH as f64 / rate));
    let workers: Vec<_> = clients
        .into_iter()
        .enumerate()
        .map(|(c, client)| {
            std::thread::spawn(move || {
                let (mut latencies, mut failures, mut sent) = (Vec::new(), 0, 0u64);
                // Spread over the first beat, so that the clients do not all knock at once.
                let mut next = Instant::now()
                    + beat.map_or(Duration::ZERO, |b| b.mul_f64(c as f64 / CLIENTS as f64));
                while Instant::now() < until {
                    if let Some(beat) = beat {
                        std::thread::sleep(next.saturating_duration_since(Instant::now()));
                        next += beat;
                    }
                    let solves: Vec<_> = (0..BATCH as u64)
                        .map(|i| solve(c as u64 * 10_000_000 + sent + i))
                        .collect();
                    let at = Instant::now();
                    let answer = client.put("/api/solves", &upload_body(&solves));
                    latencies.push(at.elapsed().as_secs_f64() * 1000.0);
                    match answer.status {
                        200 => sent += BATCH as u64,
                        _ => failures += 1,
                    }
                }
                (client, latencies, failures, sent)
            })
        })
        .collect();
    let done: Vec<_> = workers.into_iter().map(|w| w.join().unwrap()).collect();
    let seconds = started.elapsed().as_secs_f64();
    let mut latencies: Vec<f64> = done.iter().flat_map(|d| d.1.iter().copied()).collect();
    latencies.sort_by(f64::total_cmp);
    let failures: usize = done.iter().map(|d| d.2).sum();
    let stored: u64 = done.iter().map(|d| d.3).sum();
    // Read back: every acknowledged solve once, from the database (through the other server).
    let mut kept_once = true;
    for (client, _, _, sent) in &done {
        let reader = running[running.len() - 1]
            .keeping_client()
            .with_key(client.key.as_deref().unwrap());
        let all = reader.everything();
        let unique: std::collections::HashSet<&String> = all.iter().collect();
        kept_once &= all.len() as u64 == *sent && unique.len() == all.len();
    }
    // A log line is `METHOD PATH STATUS TIME ms`.
    let server_error = |line: &str| {
        (line.split_whitespace().nth(2))
            .and_then(|s| s.parse::<u16>().ok())
            .is_some_and(|s| s >= 500)
    };
    let five_xx: usize = running
        .iter()
        .map(|s| s.log().lines().filter(|l| server_error(l)).count())
        .sum();
    let load = offered.map_or("flat out".to_string(), |rate| format!("{rate:.0} offered"));
    println!(
        "store {:<8} servers {servers}, {load:>12}: {:>6.0} solves/s ({stored} in {seconds:.1} s), batch p50 {:.1} ms, p99 {:.1} ms, refused {failures}, 5xx {five_xx}, every solve kept once: {kept_once}",
        name(db),
        stored as f64 / seconds,
        percentile(&latencies, 0.5),
        percentile(&latencies, 0.99),
    );
}

/// A player with 100,000 solves: a new device reads them all; one more solve's server time.
fn large_history(db: Db) {
    let server = Server::on(&fresh_database(db), &OPEN);
    let player = server.keeping_client().player("speedsolver");
    let started = Instant::now();
    for chunk in (0..100_000u64).collect::<Vec<_>>().chunks(1_000) {
        let solves: Vec<_> = chunk.iter().map(|&n| solve(n)).collect();
        assert_eq!(player.upload(&solves), 1_000);
    }
    let uploaded = started.elapsed().as_secs_f64();
    let device = server
        .keeping_client()
        .with_key(player.key.as_deref().unwrap());
    let started = Instant::now();
    let all = device.everything();
    let read = started.elapsed().as_secs_f64();
    assert_eq!(all.len(), 100_000);
    let mut times = Vec::new();
    for n in 0..100u64 {
        let answer = player.put("/api/solves", &upload_body(&[solve(1_000_000 + n)]));
        assert_eq!(answer.status, 200);
        times.push(server_time(&answer));
    }
    times.sort_by(f64::total_cmp);
    println!(
        "history {:<8}: 100,000 solves stored in {uploaded:.1} s (batches of 1,000); read by a new device in {read:.2} s; one more solve (100 of them): server time p50 {:.2} ms, p99 {:.2} ms",
        name(db),
        percentile(&times, 0.5),
        percentile(&times, 0.99),
    );
}

/// The server's own time for an answer, from its `Server-Timing` header.
fn server_time(answer: &serving::Answer) -> f64 {
    answer.server_timing.unwrap_or(f64::NAN)
}

/// The race: checks a second by the core, a 10×10 entry's server time, the leaderboard's.
fn race(db: Db) {
    let server = Server::on(
        &fresh_database(db),
        &["--max-tps", "100000", OPEN[0], OPEN[1], OPEN[2], OPEN[3]],
    );
    let ada = server.keeping_client().player("Ada");
    let today = slide::play::game::daily::Date::at(now_ms(), 0).to_string();
    let started = ada.post(&format!("/api/race/{today}/10x10/start"), "{}");
    let began = Instant::now();
    let board =
        slide::puzzle::notation::parse_board(started.json["board"].as_str().unwrap()).unwrap();
    let position = slide::Position::toward(board, &slide::Goal::BlankLast).unwrap();
    let report = slide::solve(
        position.board(),
        position.goal(),
        &slide::Options::default(),
    )
    .unwrap();
    let moves = report.solution().unwrap().moves().to_vec();
    let text = slide::puzzle::notation::format_moves(&moves);
    // Checks by the core alone: the entry replayed, its times read, its pace.
    let times: Vec<f64> = (0..moves.len()).map(|i| i as f64 * 0.5).collect();
    let claimed = times[times.len() - 1];
    let at = Instant::now();
    let mut checks = 0;
    while at.elapsed() < Duration::from_secs(2) {
        slide::play::race::check(&position, &text, &times, claimed + 1_000.0, 100_000.0).unwrap();
        checks += 1;
    }
    let per_second = checks as f64 / at.elapsed().as_secs_f64();
    // Twenty players enter the same board, each claiming the time since their own start less a
    // second of looking: honest, as the server sees it. The first start's (Ada's, above, whose
    // board the server measured meanwhile) is one of them.
    let mut entry_times = Vec::new();
    for n in 0..20 {
        let (client, started, began) = match n {
            0 => (ada.clone(), started.clone(), began),
            n => {
                let client = server.keeping_client().player(&format!("racer-{n}"));
                let answer = client.post(&format!("/api/race/{today}/10x10/start"), "{}");
                (client, answer, Instant::now())
            }
        };
        std::thread::sleep(Duration::from_millis(1_200).saturating_sub(began.elapsed()));
        let seen = began.elapsed().as_secs_f64() * 1000.0;
        let gap = (seen - 1_000.0).max(100.0) / moves.len() as f64;
        let times: Vec<f64> = (0..moves.len()).map(|i| i as f64 * gap).collect();
        let token = started.json["token"].as_str().unwrap();
        let body = serde_json::json!({"token": token, "moves": text, "times": times}).to_string();
        let entered = client.post(&format!("/api/race/{today}/10x10"), &body);
        assert_eq!(entered.status, 201, "{entered:?}");
        entry_times.push(server_time(&entered));
    }
    entry_times.sort_by(f64::total_cmp);
    let entry_time = percentile(&entry_times, 0.5);
    // A day of 100,000 entries; the leaderboard read by a player among them (their own place
    // counted too).
    let day = "2026-11-02";
    let reader = server.keeping_client().player("reader");
    let id: i64 = reader.get("/api/players/me").json["player"]
        .as_str()
        .unwrap()
        .parse()
        .unwrap();
    fill_race(&server, day, 100_000, id);
    let mut reads = Vec::new();
    for _ in 0..20 {
        let answer = reader.get(&format!("/api/race/{day}/10x10"));
        assert!(answer.json["you"]["rank"].as_u64().is_some(), "{answer:?}");
        assert_eq!(answer.status, 200);
        reads.push(server_time(&answer));
    }
    reads.sort_by(f64::total_cmp);
    println!(
        "race {:<8}: a 10x10 entry of {} moves: {per_second:.0} checked a second by the core; an entry's server time p50 {entry_time:.2} ms (20 entries, max {:.2} ms); the leaderboard with 100,000 entries: server time p50 {:.2} ms, max {:.2} ms",
        name(db),
        moves.len(),
        entry_times[entry_times.len() - 1],
        percentile(&reads, 0.5),
        reads[reads.len() - 1],
    );
}

fn now_ms() -> f64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0.0, |d| d.as_millis() as f64)
}

/// `n` entries on the 10×10 race of `day`, written straight into the database (the API takes
/// no entry for a day gone), each its own player; the middle one is player `reader`'s.
fn fill_race(server: &Server, day: &str, n: usize, reader: i64) {
    block_on(async {
        let pool = server.pool().await;
        let mut tx = pool.begin().await.unwrap();
        for i in 0..n {
            let id: i64 = match i == n / 2 {
                true => reader,
                false => sqlx::query_scalar(
                    "INSERT INTO players (name, created) VALUES ($1, 0) RETURNING id",
                )
                .bind(format!("racer{i}"))
                .fetch_one(&mut *tx)
                .await
                .unwrap(),
            };
            sqlx::query(
                "INSERT INTO race_entries (player, day, size, millis, moves, finished, looked, replay) \
                 VALUES ($1, $2, '10x10', $3, $4, $5, 0, '?')",
            )
            .bind(id)
            .bind(day)
            .bind(60_000.0 + ((i * 7_919) % 100_000) as f64)
            .bind(900 + (i % 300) as i64)
            .bind(i as i64)
            .execute(&mut *tx)
            .await
            .unwrap();
        }
        tx.commit().await.unwrap();
        // As the database's own upkeep would after such an insert (PostgreSQL's autovacuum):
        // the planner's statistics, and PostgreSQL's visibility map for index-only scans.
        let upkeep = match server.database.starts_with("sqlite:") {
            true => "ANALYZE",
            false => "VACUUM ANALYZE race_entries",
        };
        sqlx::query(upkeep).execute(&pool).await.unwrap();
        pool.close().await;
    });
}
