//! The daily race against a real `slide serve`, on SQLite and on PostgreSQL alike: one board a
//! day and size for everyone, one start per player, every entry checked by replaying it (each
//! rule refused in words), ranks by time then moves then the earlier finish, and boards and
//! replays of today shown only to those who finished.

#[path = "common/serving.rs"]
#[macro_use]
mod serving;

use serving::{Client, Db, Server, block_on};
use slide::play::game::daily::Date;
use slide::puzzle::notation::{format_moves, parse_board};
use slide::puzzle::position::Position;
use slide::solver::{Algorithm, Options};
use slide::{Heuristic, Move};
use std::time::{Duration, Instant};

on_both!(
    two_players_race_the_same_board_and_are_ranked,
    each_broken_rule_is_refused_in_words,
    a_start_made_again_resumes_and_one_after_a_finish_is_refused,
    today_shows_no_board_or_replay_to_who_has_not_finished,
    every_entry_ranks_by_time_then_moves_then_the_earlier_finish,
    the_optimal_field_is_the_shortest_solution_on_three_and_four,
);

fn today() -> String {
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_millis() as f64;
    Date::at(now, 0).to_string()
}

/// Starts today's race of `size`: its board (and the answer whole).
fn start(client: &Client, size: &str) -> (Position, String, serving::Answer) {
    let answer = client.post(&format!("/api/race/{}/{size}/start", today()), "{}");
    assert!(matches!(answer.status, 200 | 201), "{answer:?}");
    let board = parse_board(answer.json["board"].as_str().unwrap()).unwrap();
    let position = Position::toward(board, &slide::Goal::BlankLast).unwrap();
    let token = answer.json["token"].as_str().unwrap().to_string();
    (position, token, answer)
}

/// A shortest solution of `position`: by A* with Manhattan distance on 3×3; on 4×4 by IDA* with
/// the 6-6-3 pattern databases (A* would exhaust its memory on a random 15-puzzle).
fn shortest(position: &Position) -> Vec<Move> {
    let options = match position.board().len() {
        9 => Options::with(Algorithm::AStar, Heuristic::Manhattan),
        _ => Options::with(Algorithm::IdaStar, Heuristic::Pdb),
    };
    let report = slide::solve(position.board(), position.goal(), &options).unwrap();
    report.solution().unwrap().moves().to_vec()
}

/// An entry of `moves`, a move every `gap` ms from 0, made once that much time has passed since
/// `started`.
fn enter(
    client: &Client,
    size: &str,
    token: &str,
    moves: &[Move],
    gap: f64,
    started: Instant,
) -> serving::Answer {
    let times: Vec<f64> = (0..moves.len()).map(|i| i as f64 * gap).collect();
    let claimed = times.last().copied().unwrap_or(0.0);
    let wait = Duration::from_millis(claimed as u64 + 50).saturating_sub(started.elapsed());
    std::thread::sleep(wait);
    let body = serde_json::json!({ "token": token, "moves": format_moves(moves), "times": times });
    client.post(&format!("/api/race/{}/{size}", today()), &body.to_string())
}

fn refused(answer: &serving::Answer, status: u16, words: &str) {
    assert_eq!(answer.status, status, "{answer:?}");
    let error = answer.json["error"].as_str().unwrap();
    assert!(error.contains(words), "{words:?} not in {error:?}");
}

fn two_players_race_the_same_board_and_are_ranked(db: Db) {
    let server = Server::start(db);
    let (ada, bob) = (server.client().player("Ada"), server.client().player("Bob"));
    let (board, ada_token, _) = start(&ada, "3x3");
    let began = Instant::now();
    let (bob_board, bob_token, _) = start(&bob, "3x3");
    assert_eq!(board, bob_board, "one board for everyone");
    let moves = shortest(&board);
    // Bob is slower: his ranks second.
    let answer = enter(&bob, "3x3", &bob_token, &moves, 60.0, began);
    assert_eq!(
        (answer.status, answer.json["rank"].as_u64()),
        (201, Some(1)),
        "{answer:?}"
    );
    let answer = enter(&ada, "3x3", &ada_token, &moves, 40.0, began);
    assert_eq!(
        (answer.status, answer.json["rank"].as_u64()),
        (201, Some(1)),
        "{answer:?}"
    );
    let table = ada.get(&format!("/api/race/{}/3x3", today())).json;
    let names: Vec<&str> = table["entries"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["name"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["Ada", "Bob"]);
    assert_eq!(table["entries"][1]["rank"], 2);
    assert_eq!(table["you"]["rank"], 1);
    assert_eq!(table["entries"][0]["moves"], moves.len());
    // Finished, Ada sees the board and the replays, which play to the goal.
    assert_eq!(table["board"], board.board().to_string());
    let replay = table["entries"][1]["replay"].as_str().unwrap();
    assert!(
        replay.starts_with(&format!(
            "?board={}&replay=",
            board.board().to_string().replace(' ', ",")
        )),
        "{replay}"
    );
    let read = slide::play::link::replay::decode(replay.split("&replay=").nth(1).unwrap()).unwrap();
    let mut played = board.clone();
    for m in &read.moves {
        assert!(played.apply(*m));
    }
    assert!(played.is_solved());
}

fn each_broken_rule_is_refused_in_words(db: Db) {
    let server = Server::start(db);
    let (ada, bob) = (server.client().player("Ada"), server.client().player("Bob"));
    let (board, token, _) = start(&ada, "3x3");
    let began = Instant::now();
    let moves = shortest(&board);
    let path = format!("/api/race/{}/3x3", today());
    let entry = |moves: &[Move], times: &[f64], token: &str| {
        serde_json::json!({ "token": token, "moves": format_moves(moves), "times": times })
            .to_string()
    };
    let steady: Vec<f64> = (0..moves.len()).map(|i| i as f64 * 40.0).collect();
    // The moves miss the goal.
    let short = moves.len() - 1;
    refused(
        &ada.post(&path, &entry(&moves[..short], &steady[..short], &token)),
        422,
        "do not take the race's board to the goal",
    );
    // A pace no hand makes: every move in one millisecond.
    let blur: Vec<f64> = (0..moves.len()).map(|i| i as f64 * 0.01).collect();
    refused(
        &ada.post(&path, &entry(&moves, &blur, &token)),
        422,
        "faster than any hand",
    );
    // Longer than the server saw.
    let slow: Vec<f64> = (0..moves.len()).map(|i| i as f64 * 10_000.0).collect();
    refused(
        &ada.post(&path, &entry(&moves, &slow, &token)),
        422,
        "longer than the server saw",
    );
    // Falling times.
    let mut falling = steady.clone();
    falling.swap(1, 2);
    refused(
        &ada.post(&path, &entry(&moves, &falling, &token)),
        422,
        "falls below the one before",
    );
    refused(
        &ada.post(&path, &entry(&moves, &steady[1..], &token)),
        422,
        "one time per tile move",
    );
    // A date in the future, at the start and at the entry.
    let future = "2999-01-01";
    refused(
        &ada.post(&format!("/api/race/{future}/3x3/start"), "{}"),
        422,
        "has not begun anywhere",
    );
    refused(
        &ada.post(
            &format!("/api/race/{future}/3x3"),
            &entry(&moves, &steady, &token),
        ),
        422,
        "has not begun anywhere",
    );
    refused(
        &ada.post(&format!("/api/race/{}/3x4/start", today()), "{}"),
        422,
        "no race size",
    );
    refused(&ada.post("/api/race/yesterday/3x3/start", "{}"), 422, "");
    // A token used by another player.
    refused(
        &bob.post(&path, &entry(&moves, &steady, &token)),
        422,
        "another player's",
    );
    refused(
        &ada.post(&path, &entry(&moves, &steady, "nothing")),
        422,
        "starts no race",
    );
    // The honest entry, then the token used again.
    let answer = enter(&ada, "3x3", &token, &moves, 40.0, began);
    assert_eq!(answer.status, 201, "{answer:?}");
    refused(
        &enter(&ada, "3x3", &token, &moves, 40.0, began),
        422,
        "was used",
    );
    assert_eq!(ada.post(&path, "{\"token\": 5}").status, 422);
    assert_eq!(
        server
            .client()
            .post(&path, &entry(&moves, &steady, &token))
            .status,
        401
    );
}

fn a_start_made_again_resumes_and_one_after_a_finish_is_refused(db: Db) {
    let server = Server::start(db);
    let ada = server.client().player("Ada");
    let (board, token, first) = start(&ada, "3x3");
    let began = Instant::now();
    assert_eq!(first.status, 201);
    assert_eq!(first.json["elapsed_ms"], 0.0);
    std::thread::sleep(Duration::from_millis(30));
    let (again, again_token, answer) = start(&ada, "3x3");
    assert_eq!(answer.status, 200, "a resumed start");
    assert_eq!((again, again_token.clone()), (board.clone(), token.clone()));
    assert!(
        answer.json["elapsed_ms"].as_f64().unwrap() >= 30.0,
        "the clock runs on: {answer:?}"
    );
    assert_eq!(
        enter(&ada, "3x3", &token, &shortest(&board), 40.0, began).status,
        201
    );
    refused(
        &ada.post(&format!("/api/race/{}/3x3/start", today()), "{}"),
        409,
        "one entry a day and size",
    );
    // Another size is another race.
    let (four, _, _) = start(&ada, "4x4");
    assert_eq!(four.board().width(), 4);
}

fn today_shows_no_board_or_replay_to_who_has_not_finished(db: Db) {
    let server = Server::start(db);
    let (ada, carol) = (
        server.client().player("Ada"),
        server.client().player("Carol"),
    );
    let (board, token, _) = start(&ada, "3x3");
    let began = Instant::now();
    assert_eq!(
        enter(&ada, "3x3", &token, &shortest(&board), 40.0, began).status,
        201
    );
    let path = format!("/api/race/{}/3x3", today());
    for reader in [carol.clone(), server.client()] {
        let table = reader.get(&path).json;
        assert_eq!(table["entries"][0]["name"], "Ada");
        assert_eq!(
            table["entries"][0]["replay"],
            serde_json::Value::Null,
            "{table}"
        );
        assert_eq!(table["board"], serde_json::Value::Null);
        assert_eq!(table["you"], serde_json::Value::Null);
    }
    // Carol starting the race sees the board, but no replay until she finishes.
    start(&carol, "3x3");
    assert_eq!(
        carol.get(&path).json["entries"][0]["replay"],
        serde_json::Value::Null
    );
    // A day ended everywhere shows its replays to anyone.
    insert(&server, "2026-11-01", "3x3", &[(1, 9_000.0, 30, 5)]);
    let old = server.client().get("/api/race/2026-11-01/3x3").json;
    assert_eq!(
        old["entries"][0]["replay"],
        "?board=1,2,3/4,5,6/7,0,8&replay=L."
    );
}

/// Entries written straight into the server's database (player, millis, moves, finished), on
/// a day the API no longer takes: the leaderboard must order what it finds.
fn insert(server: &Server, day: &str, size: &str, rows: &[(i64, f64, i64, i64)]) {
    block_on(async {
        let pool = server.pool().await;
        for &(player, millis, moves, finished) in rows {
            sqlx::query(
                "INSERT INTO players (name, created) VALUES ($1, 0) ON CONFLICT (name) DO NOTHING",
            )
            .bind(format!("p{player}"))
            .execute(&pool)
            .await
            .unwrap();
            let id: i64 = sqlx::query_scalar("SELECT id FROM players WHERE name = $1")
                .bind(format!("p{player}"))
                .fetch_one(&pool)
                .await
                .unwrap();
            sqlx::query(
                "INSERT INTO race_entries (player, day, size, millis, moves, finished, looked, replay) \
                 VALUES ($1, $2, $3, $4, $5, $6, 0, '?board=1,2,3/4,5,6/7,0,8&replay=L.')",
            )
            .bind(id)
            .bind(day)
            .bind(size)
            .bind(millis)
            .bind(moves)
            .bind(finished)
            .execute(&pool)
            .await
            .unwrap();
        }
        pool.close().await;
    });
}

fn every_entry_ranks_by_time_then_moves_then_the_earlier_finish(db: Db) {
    let server = Server::start(db);
    // 150 entries with many ties, from a fixed generator.
    let zed = server.client().player("p77");
    let mut rng = slide::puzzle::random::Rng::seeded(5);
    let rows: Vec<(i64, f64, i64, i64)> = (0..150)
        .map(|i| {
            let millis = 5_000.0 + (rng.below(8) * 250) as f64;
            (
                i,
                millis,
                20 + rng.below(4) as i64,
                1_000 + rng.below(50) as i64,
            )
        })
        .collect();
    insert(&server, "2026-10-31", "4x4", &rows);
    let mut expected = rows.clone();
    expected.sort_by(|a, b| a.1.total_cmp(&b.1).then(a.2.cmp(&b.2)).then(a.3.cmp(&b.3)));
    let table = server.client().get("/api/race/2026-10-31/4x4").json;
    let entries = table["entries"].as_array().unwrap();
    assert_eq!(entries.len(), 100, "the best 100");
    for (i, (entry, row)) in entries.iter().zip(&expected).enumerate() {
        assert_eq!(entry["rank"], i + 1);
        assert_eq!(
            (
                entry["millis"].as_f64().unwrap(),
                entry["moves"].as_i64().unwrap()
            ),
            (row.1, row.2),
            "rank {}",
            i + 1
        );
    }
    // A player's own place agrees with the order, wherever it is (player 77 is p77, whose key
    // the test holds).
    let place = expected.iter().position(|r| r.0 == 77).unwrap() + 1;
    let you = zed.get("/api/race/2026-10-31/4x4").json["you"].clone();
    assert_eq!(you["rank"], place, "{you}");
    assert_eq!(you["name"], "p77");
}

fn the_optimal_field_is_the_shortest_solution_on_three_and_four(db: Db) {
    let server = Server::start(db);
    let ada = server.client().player("Ada");
    for size in ["3x3", "4x4"] {
        let (board, _, _) = start(&ada, size);
        // The server works the length out beside the start; it is on every entry once known.
        let expected = shortest(&board).len();
        let measured = wait_for_optimal(&server, size);
        assert_eq!(measured, expected as i64, "{size}: {}", board.board());
    }
}

/// The optimal length the server keeps for today's board of `size`, once it is known.
fn wait_for_optimal(server: &Server, size: &str) -> i64 {
    block_on(async {
        let pool = server.pool().await;
        loop {
            let optimal: Option<i64> =
                sqlx::query_scalar("SELECT optimal FROM race_boards WHERE day = $1 AND size = $2")
                    .bind(today())
                    .bind(size)
                    .fetch_one(&pool)
                    .await
                    .unwrap();
            if let Some(n) = optimal {
                return n;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    })
}
