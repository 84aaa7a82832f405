//! `slide serve`'s API against a real server, on SQLite and on PostgreSQL alike: players and
//! their keys, sync that never loses or doubles a solve, deletions that win, hostile input told
//! in words, rate limits, and a server killed or stopped.

#[path = "common/serving.rs"]
#[macro_use]
mod serving;

use serving::{Answer, Client, Db, Server, fresh_database, solve, upload_body};
use std::collections::HashSet;

on_both!(
    health_names_the_database,
    a_uid_sent_twice_is_stored_once,
    a_length_worked_out_later_fills_an_empty_field_and_nothing_else_changes,
    a_deleted_solve_stays_deleted_when_an_old_device_sends_it_again,
    no_key_or_a_wrong_key_gets_401,
    one_players_key_reaches_nothing_of_anothers,
    a_device_link_code_works_once,
    deleting_a_player_deletes_all_they_hold,
    pages_run_in_the_order_stored_to_an_empty_page,
    events_sync_as_solves_do,
    hostile_input_gets_a_4xx_in_words_never_a_5xx,
    a_burst_from_one_address_meets_429_with_retry_after,
    one_key_asking_too_often_meets_429,
    sigterm_finishes_and_exits_0,
    two_servers_sharing_one_database_agree,
    a_kill_9_during_uploads_loses_nothing_the_server_acknowledged,
    keys_and_codes_never_reach_the_log,
);

fn uids(solves: &[slide::play::record::solves::Solve]) -> Vec<String> {
    solves.iter().map(|s| s.uid()).collect()
}

fn health_names_the_database(db: Db) {
    let server = Server::start(db);
    let answer = server.client().get("/api/health");
    assert_eq!(answer.status, 200);
    let name = match db {
        Db::Sqlite => "sqlite",
        Db::Postgres => "postgres",
    };
    assert_eq!(
        answer.json,
        serde_json::json!({"ok": true, "database": name})
    );
}

fn a_uid_sent_twice_is_stored_once(db: Db) {
    let server = Server::start(db);
    let ada = server.client().player("Ada");
    let (s1, s2, s3) = (solve(1), solve(2), solve(3));
    assert_eq!(ada.upload(&[s1.clone(), s2.clone()]), 2);
    assert_eq!(ada.upload(std::slice::from_ref(&s1)), 0);
    assert_eq!(
        ada.upload(&[s2.clone(), s3.clone(), s3.clone(), s1.clone()]),
        1
    );
    assert_eq!(ada.everything(), uids(&[s1, s2, s3]));
}

fn a_length_worked_out_later_fills_an_empty_field_and_nothing_else_changes(db: Db) {
    let server = Server::start(db);
    let ada = server.client().player("Ada");
    let plain = solve(1);
    assert_eq!(plain.optimal, None);
    assert_eq!(ada.upload(std::slice::from_ref(&plain)), 1);
    let mut measured = plain.clone();
    measured.optimal = Some(31);
    assert_eq!(ada.upload(&[measured.clone()]), 0);
    // A second length never overwrites the first: a field only fills once.
    let mut other = plain.clone();
    other.optimal = Some(29);
    other.assisted = true;
    assert_eq!(ada.upload(&[other]), 0);
    let page = ada.get("/api/solves").json;
    let solves = page["solves"].as_array().unwrap();
    assert_eq!(solves.len(), 1, "{page}");
    assert_eq!(solves[0]["optimal"], 31);
    assert_eq!(solves[0]["assisted"], false);
    assert_eq!(solves[0]["uid"], plain.uid());
    // Facts changed under the same uid are no solve: the batch is refused, naming it.
    let mut forged = plain.clone();
    forged.millis += 500.0;
    let body = upload_body(&[forged]).replace(&solve(1).uid(), &plain.uid());
    let body = body.replacen(&forged_uid(&body), &plain.uid(), 1);
    let answer = ada.put("/api/solves", &body);
    assert_eq!(answer.status, 422, "{answer:?}");
    assert!(
        answer.json["error"]
            .as_str()
            .unwrap()
            .starts_with("solve 1: its uid"),
        "{answer:?}"
    );
}

/// The first uid written in a body.
fn forged_uid(body: &str) -> String {
    let at = body.find(r#""uid":""#).unwrap() + 7;
    body[at..at + 17].to_string()
}

fn a_deleted_solve_stays_deleted_when_an_old_device_sends_it_again(db: Db) {
    let server = Server::start(db);
    let phone = server.client().player("Ada");
    let laptop = joined(&phone);
    let (s1, s2) = (solve(1), solve(2));
    assert_eq!(phone.upload(&[s1.clone(), s2.clone()]), 2);
    assert_eq!(laptop.everything(), uids(&[s1.clone(), s2.clone()]));
    assert_eq!(
        phone.delete(&format!("/api/solves/{}", s1.uid())).status,
        204
    );
    // The laptop, which never heard, sends it again: it stays deleted, and the laptop is told.
    let answer = laptop.put("/api/solves", &upload_body(std::slice::from_ref(&s1)));
    assert_eq!(answer.status, 200);
    assert_eq!(answer.json["stored"], 0);
    assert_eq!(answer.json["deleted"], serde_json::json!([s1.uid()]));
    assert_eq!(phone.everything(), vec![s2.uid(), format!("-{}", s1.uid())]);
    // Deleting again, or deleting what the server never had, is a marker all the same.
    assert_eq!(
        laptop.delete(&format!("/api/solves/{}", s1.uid())).status,
        204
    );
    let never = solve(9);
    assert_eq!(
        laptop
            .delete(&format!("/api/solves/{}", never.uid()))
            .status,
        204
    );
    assert_eq!(phone.upload(std::slice::from_ref(&never)), 0);
    assert_eq!(
        phone.everything(),
        vec![
            s2.uid(),
            format!("-{}", s1.uid()),
            format!("-{}", never.uid())
        ]
    );
}

/// Another device of `client`'s player, joined by a device link's code.
fn joined(client: &Client) -> Client {
    let code = client.post("/api/devices", "{}");
    assert_eq!(code.status, 201, "{code:?}");
    assert_eq!(code.json["expires_in"], 600);
    let code = code.json["code"].as_str().unwrap().to_string();
    let anonymous = Client {
        key: None,
        ..client.clone()
    };
    let answer = anonymous.post("/api/devices/join", &format!(r#"{{"code":"{code}"}}"#));
    assert_eq!(answer.status, 201, "{answer:?}");
    let key = answer.json["key"].as_str().unwrap();
    assert_ne!(Some(key), client.key.as_deref());
    anonymous.with_key(key)
}

fn no_key_or_a_wrong_key_gets_401(db: Db) {
    let server = Server::start(db);
    let ada = server.client().player("Ada");
    ada.upload(&[solve(1)]);
    let nobody = server.client();
    let wrong = nobody.with_key(&"0".repeat(64));
    let garbled = nobody.with_key("not a key at all");
    for client in [&nobody, &wrong, &garbled] {
        for answer in [
            client.get("/api/solves"),
            client.put("/api/solves", &upload_body(&[solve(2)])),
            client.delete(&format!("/api/solves/{}", solve(1).uid())),
            client.get("/api/players/me"),
            client.delete("/api/players/me"),
            client.post("/api/devices", "{}"),
        ] {
            assert_eq!(answer.status, 401, "{answer:?}");
            assert!(!answer.json["error"].as_str().unwrap().is_empty());
        }
    }
    assert_eq!(ada.everything(), vec![solve(1).uid()]);
}

fn one_players_key_reaches_nothing_of_anothers(db: Db) {
    let server = Server::start(db);
    let ada = server.client().player("Ada");
    let bob = server.client().player("Bob");
    ada.upload(&[solve(1), solve(2)]);
    assert!(bob.everything().is_empty());
    // Bob's deletion of Ada's uid is a marker among Bob's records only.
    assert_eq!(
        bob.delete(&format!("/api/solves/{}", solve(1).uid()))
            .status,
        204
    );
    assert_eq!(ada.everything(), uids(&[solve(1), solve(2)]));
    assert_eq!(bob.upload(&[solve(1)]), 0, "Bob's own marker");
    assert_eq!(bob.upload(&[solve(2)]), 1, "Bob's own solve");
    assert_eq!(ada.get("/api/players/me").json["name"], "Ada");
    assert_eq!(bob.get("/api/players/me").json["name"], "Bob");
    assert_eq!(bob.delete("/api/players/me").status, 204);
    assert_eq!(ada.everything(), uids(&[solve(1), solve(2)]));
}

fn a_device_link_code_works_once(db: Db) {
    let server = Server::start(db);
    let ada = server.client().player("Ada");
    ada.upload(&[solve(1)]);
    let code = ada.post("/api/devices", "{}").json["code"]
        .as_str()
        .unwrap()
        .to_string();
    assert_eq!(code.len(), 32);
    let nobody = server.client();
    let join = |code: &str| nobody.post("/api/devices/join", &format!(r#"{{"code":"{code}"}}"#));
    let first = join(&code);
    assert_eq!(first.status, 201, "{first:?}");
    assert_eq!(first.json["name"], "Ada");
    assert_eq!(
        first.json["player"],
        ada.get("/api/players/me").json["player"]
    );
    let second = join(&code);
    assert_eq!(second.status, 404, "{second:?}");
    assert!(second.json["error"].as_str().unwrap().contains("used"));
    assert_eq!(join(&"f".repeat(32)).status, 404);
    let tablet = nobody.with_key(first.json["key"].as_str().unwrap());
    assert_eq!(tablet.everything(), vec![solve(1).uid()]);
}

fn deleting_a_player_deletes_all_they_hold(db: Db) {
    let server = Server::start(db);
    let ada = server.client().player("Ada");
    let tablet = joined(&ada);
    ada.upload(&[solve(1), solve(2)]);
    assert_eq!(ada.delete("/api/players/me").status, 204);
    assert_eq!(ada.get("/api/solves").status, 401);
    assert_eq!(tablet.get("/api/solves").status, 401);
    // The name is free again, and the new Ada holds nothing of the old.
    let again = server.client().player("Ada");
    assert!(again.everything().is_empty());
}

fn pages_run_in_the_order_stored_to_an_empty_page(db: Db) {
    let server = Server::start(db);
    let ada = server.client().player("Ada");
    let solves: Vec<_> = (0..2_500).map(solve).collect();
    for batch in solves.chunks(500) {
        assert_eq!(ada.upload(batch), 500);
    }
    let all = ada.everything();
    assert_eq!(all, uids(&solves));
    // The cursor of the last page reads on to nothing; one from another server is refused.
    let first = ada.get("/api/solves").json;
    assert_eq!(first["solves"].as_array().unwrap().len(), 1000);
    let next = first["next"].as_str().unwrap();
    let second = ada.get(&format!("/api/solves?after={next}")).json;
    assert_eq!(second["solves"][0]["uid"], solves[1000].uid());
}

fn events_sync_as_solves_do(db: Db) {
    let server = Server::start(db);
    let ada = server.client().player("Ada");
    let event = marathon();
    let uid = event["uid"].as_str().unwrap().to_string();
    let body = format!(
        r#"{{"events":[{event}],"solves":[{}]}}"#,
        solve(1).to_json()
    );
    let answer = ada.put("/api/solves", &body);
    assert_eq!(
        (answer.status, &answer.json["stored"]),
        (200, &serde_json::json!(2)),
        "{answer:?}"
    );
    let page = ada.get("/api/solves").json;
    assert_eq!(page["events"][0]["uid"], uid.as_str());
    assert_eq!(page["events"][0]["event"], "marathon-2");
    assert_eq!(ada.delete(&format!("/api/solves/{uid}")).status, 204);
    assert_eq!(ada.everything(), vec![solve(1).uid(), format!("-{uid}")]);
    let again = ada.put("/api/solves", &body).json;
    assert_eq!(again["deleted"], serde_json::json!([uid]));
}

/// A marathon of two 3×3 boards as the history file writes it, its uid worked out by the
/// record's own reader.
fn marathon() -> serde_json::Value {
    let text = r#"{"version":1,"solves":[],"events":[{"id":1764000000500,"date":"2026-11-23","event":"marathon-2","size":"3x3","board":"8 6 7/2 5 4/3 0 1","goal":"1 2 3/4 5 6/7 8 0","millis":20500,"moves":62,"splits":[10000,20500],"control":"click","finished":true,"memo_millis":null,"out_of_place":null,"optimal":null,"best_known":null,"random_state":true,"path":""}]}"#;
    let mut log = slide::play::event::log::EventLog::default();
    let report = log.import(text);
    assert_eq!(report.added, 1, "{report:?}");
    serde_json::from_str(&log.events[0].to_json().to_string()).unwrap()
}

fn hostile_input_gets_a_4xx_in_words_never_a_5xx(db: Db) {
    let server = Server::start(db);
    let nobody = server.client();
    let ada = nobody.player("Ada");
    let words = |answer: &Answer| {
        let error = answer.json["error"]
            .as_str()
            .unwrap_or_else(|| panic!("{answer:?}"));
        assert!(
            error.len() > 10 && error.ends_with(['.', ')']) || error.len() > 20,
            "{error}"
        );
        answer.status
    };
    let big = format!(r#"{{"solves":["{}"]}}"#, "x".repeat(2 << 20));
    let control = r#"{"name":"Ada\u0007Bob"}"#;
    let cases: Vec<(u16, Answer)> = vec![
        (400, ada.put("/api/solves", "{\"solves\": [")),
        (400, nobody.post("/api/players", "not json")),
        (422, ada.put("/api/solves", r#"{"solves": 5}"#)),
        (422, ada.put("/api/solves", r#"{"solves": [5]}"#)),
        (422, ada.put("/api/solves", r#"{"solves": [{"uid": 5}]}"#)),
        (422, nobody.post("/api/players", r#"{"name": 5}"#)),
        (422, nobody.post("/api/players", r#"{}"#)),
        (422, nobody.post("/api/players", control)),
        (
            422,
            nobody.post("/api/players", r#"{"name":"line\nbreak"}"#),
        ),
        (
            422,
            nobody.post(
                "/api/players",
                &format!(r#"{{"name":"{}"}}"#, "n".repeat(33)),
            ),
        ),
        (422, nobody.post("/api/players", r#"{"name":"   "}"#)),
        (400, ada.get("/api/solves?after=-1")),
        (400, ada.get("/api/solves?after=99999999999999999999999999")),
        (400, ada.get("/api/solves?after=%00")),
        (400, ada.get("/api/solves?after=7")),
        (400, ada.delete("/api/solves/..%2F..%2Fetc")),
        (404, nobody.get("/api/no-such-thing")),
        (405, nobody.ask("PATCH", "/api/solves", None)),
        (415, ada.ask("PUT", "/api/solves", None)),
        (
            404,
            nobody.post("/api/devices/join", r#"{"code":"' OR 1=1 --"}"#),
        ),
    ];
    for (i, (status, answer)) in cases.iter().enumerate() {
        assert_eq!(words(answer), *status, "case {i}: {answer:?}");
    }
    let (status, text) = raw_put(&server.url, ada.key.as_deref().unwrap(), &big);
    assert_eq!(status, 413, "{text}");
    assert!(
        text.contains(r#"{"error":"The body is over 1 MB"#),
        "{text}"
    );
    // A batch with one bad entry is refused whole, naming it.
    let mut bad = solve(2).to_json().to_string();
    bad = bad.replace("8 6 7/2 5 4/3 0 1", "8 6 7/2 5 4/3 0 0");
    let body = format!(r#"{{"solves":[{},{bad}]}}"#, solve(1).to_json());
    let answer = ada.put("/api/solves", &body);
    assert_eq!(answer.status, 422);
    assert!(
        answer.json["error"]
            .as_str()
            .unwrap()
            .starts_with("solve 2: "),
        "{answer:?}"
    );
    assert!(ada.everything().is_empty());
}

/// A PUT written whole down a socket before its answer is read, as a plain client sends it:
/// the answer's status and text.
fn raw_put(url: &str, key: &str, body: &str) -> (u16, String) {
    use std::io::{Read, Write};
    let address = url.trim_start_matches("http://");
    let mut socket = std::net::TcpStream::connect(address).unwrap();
    let head = format!(
        "PUT /api/solves HTTP/1.1\r\nHost: {address}\r\nAuthorization: Bearer {key}\r\n\
         Content-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n",
        body.len()
    );
    socket.write_all(head.as_bytes()).unwrap();
    // The server may answer before it has read it all; what it read is enough.
    let _ = socket.write_all(body.as_bytes());
    let mut answer = String::new();
    let _ = socket.read_to_string(&mut answer);
    let status = answer.get(9..12).and_then(|s| s.parse().ok()).unwrap_or(0);
    (status, answer)
}

fn a_burst_from_one_address_meets_429_with_retry_after(db: Db) {
    let server = Server::on(&fresh_database(db), &["--players-per-minute", "3"]);
    let nobody = server.client();
    for name in ["A", "B", "C"] {
        nobody.player(name);
    }
    let answer = nobody.post("/api/players", r#"{"name":"D"}"#);
    assert_eq!(answer.status, 429, "{answer:?}");
    let wait: u64 = answer.retry_after.as_deref().unwrap().parse().unwrap();
    assert!((1..=60).contains(&wait), "{wait}");
    assert!(
        answer.json["error"]
            .as_str()
            .unwrap()
            .starts_with("Too many requests")
    );
    // Joining a device counts against the same address.
    assert_eq!(
        nobody.post("/api/devices/join", r#"{"code":"x"}"#).status,
        429
    );
}

fn one_key_asking_too_often_meets_429(db: Db) {
    let server = Server::on(&fresh_database(db), &["--requests-per-second", "1"]);
    let ada = server.client().player("Ada");
    let bob = server.client().player("Bob");
    // A burst of four a key, then one a second: the tenth at once is refused, Bob is not.
    let statuses: Vec<u16> = (0..10).map(|_| ada.get("/api/solves").status).collect();
    assert_eq!(statuses[..4], [200; 4], "{statuses:?}");
    assert_eq!(*statuses.last().unwrap(), 429, "{statuses:?}");
    assert_eq!(bob.get("/api/solves").status, 200);
}

fn sigterm_finishes_and_exits_0(db: Db) {
    let server = Server::start(db);
    let ada = server.client().player("Ada");
    ada.upload(&[solve(1)]);
    let status = server.terminate();
    assert!(status.success(), "{status:?}");
}

fn two_servers_sharing_one_database_agree(db: Db) {
    let database = fresh_database(db);
    let (one, two) = (Server::on(&database, &[]), Server::on(&database, &[]));
    let ada = one.client().player("Ada");
    let key = ada.key.clone().unwrap();
    let ada_two = two.client().with_key(&key);
    // Both take uploads at once; neither keeps anything the other needs.
    let writers: Vec<_> = [ada.clone(), ada_two.clone()]
        .into_iter()
        .enumerate()
        .map(|(w, client)| {
            std::thread::spawn(move || {
                let mut stored = 0;
                for batch in 0..20u64 {
                    let solves: Vec<_> = (0..5)
                        .map(|i| solve(w as u64 * 1000 + batch * 5 + i))
                        .collect();
                    stored += client.upload(&solves);
                }
                stored
            })
        })
        .collect();
    let stored: usize = writers.into_iter().map(|w| w.join().unwrap()).sum();
    assert_eq!(stored, 200);
    let (seen_one, seen_two) = (ada.everything(), ada_two.everything());
    assert_eq!(seen_one, seen_two);
    assert_eq!(seen_one.iter().collect::<HashSet<_>>().len(), 200);
    assert_eq!(
        ada_two
            .delete(&format!("/api/solves/{}", solve(0).uid()))
            .status,
        204
    );
    assert!(ada.everything().contains(&format!("-{}", solve(0).uid())));
    // A name made on one is taken on the other.
    assert_eq!(
        two.client()
            .post("/api/players", r#"{"name":"Ada"}"#)
            .status,
        409
    );
}

fn a_kill_9_during_uploads_loses_nothing_the_server_acknowledged(db: Db) {
    let database = fresh_database(db);
    let server = Server::on(&database, &[]);
    let ada = server.client().player("Ada");
    let key = ada.key.clone().unwrap();
    // Four clients upload until the server is gone, noting what it acknowledged.
    let uploaders: Vec<_> = (0..4u64)
        .map(|w| {
            let client = ada.clone();
            std::thread::spawn(move || {
                let mut acknowledged = Vec::new();
                for batch in 0..u64::MAX {
                    let solves: Vec<_> = (0..5)
                        .map(|i| solve(w * 1_000_000 + batch * 5 + i))
                        .collect();
                    let body = upload_body(&solves);
                    match client.try_ask("PUT", "/api/solves", Some(&body)) {
                        Ok(a) if a.status == 200 => {
                            acknowledged.extend(solves.iter().map(|s| s.uid()))
                        }
                        _ => return acknowledged,
                    }
                }
                acknowledged
            })
        })
        .collect();
    // Once a good number are in, the server dies mid-flight.
    while ada.everything().len() < 200 {
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    server.kill();
    let acknowledged: Vec<String> = uploaders
        .into_iter()
        .flat_map(|u| u.join().unwrap())
        .collect();
    assert!(acknowledged.len() >= 200);
    let again = Server::on(&database, &[]);
    let kept = again.client().with_key(&key).everything();
    let kept_set: HashSet<&String> = kept.iter().collect();
    assert_eq!(kept_set.len(), kept.len(), "a solve kept twice");
    let lost: Vec<&String> = acknowledged
        .iter()
        .filter(|u| !kept_set.contains(u))
        .collect();
    assert!(lost.is_empty(), "{} acknowledged solves lost", lost.len());
}

fn keys_and_codes_never_reach_the_log(db: Db) {
    let server = Server::start(db);
    let ada = server.client().player("Ada");
    let code = ada.post("/api/devices", "{}").json["code"]
        .as_str()
        .unwrap()
        .to_string();
    let joined = server
        .client()
        .post("/api/devices/join", &format!(r#"{{"code":"{code}"}}"#));
    let second_key = joined.json["key"].as_str().unwrap().to_string();
    ada.upload(&[solve(1)]);
    ada.get("/api/solves?after=0");
    server
        .client()
        .with_key("a-wrong-key-1234")
        .get("/api/solves");
    let log = server.log();
    assert!(log.contains("PUT /api/solves 200"), "{log}");
    for secret in [
        ada.key.as_deref().unwrap(),
        &code,
        &second_key,
        "a-wrong-key-1234",
    ] {
        assert!(!log.contains(secret), "the log holds a secret: {log}");
    }
}
