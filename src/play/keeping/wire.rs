//! What the page asks of the record's worker and what it says back, in the record's small
//! binary form ([`crate::play::record::wire`]): a tag for each variant, then its fields.

use super::file::{HistoryFormat, ImportReport};
use super::{Keeping, Refusal, StoreSaid, ToStore};
use crate::play::race::{RaceJob, RaceSaid, Standing};
use crate::play::sync::{Qr, SyncJob, SyncSaid};
use crate::play::wire::{Wire, tag, take_tag};
use crate::{wire_fields, wire_variants};

wire_fields!(Qr { size, path });

wire_variants!(SyncJob {
    0 => Start { name },
    1 => Join { code },
    2 => Restore {},
    3 => Round {},
    4 => Link { page },
    5 => SaveKey {},
    6 => Stop {},
    7 => Erase {},
});

wire_fields!(Standing {
    rank,
    name,
    millis,
    moves,
    optimal,
    best_known,
    replay,
});

wire_variants!(RaceJob {
    0 => Start { date, size },
    1 => Enter { date, size, token, moves, times },
    2 => Leaderboard { date, size },
});

wire_variants!(RaceSaid {
    0 => Started { date, size, board, token, elapsed_ms },
    1 => Ranked { rank },
    2 => Leaderboard { date, size, entries, you },
    3 => Refused(why),
});

wire_variants!(SyncSaid {
    0 => Player { name, pending },
    1 => Synced { pending },
    2 => Unreachable { pending },
    3 => Refused { why, pending },
    4 => Forgotten {},
    5 => Linked { link, qr },
    6 => Erased {},
});

wire_fields!(Keeping { solves, events });

/// A variant: its tag, then its fields.
fn put(out: &mut Vec<u8>, variant: u8, fields: &[&dyn Put]) {
    tag(out, variant);
    fields.iter().for_each(|f| f.put_to(out));
}

/// A field of any kind, written (`Wire` itself cannot be a trait object: it reads too).
trait Put {
    fn put_to(&self, out: &mut Vec<u8>);
}

impl<T: Wire> Put for T {
    fn put_to(&self, out: &mut Vec<u8>) {
        self.put(out);
    }
}

wire_fields!(ImportReport {
    name,
    added,
    known,
    events_added,
    events_known,
    problems,
});

impl Wire for HistoryFormat {
    fn put(&self, out: &mut Vec<u8>) {
        (*self == HistoryFormat::Csv).put(out);
    }
    fn take(input: &mut &[u8]) -> Option<HistoryFormat> {
        Some(match bool::take(input)? {
            true => HistoryFormat::Csv,
            false => HistoryFormat::Json,
        })
    }
}

impl Wire for Refusal {
    fn put(&self, out: &mut Vec<u8>) {
        match self {
            Refusal::Unavailable => tag(out, 0),
            Refusal::Full => tag(out, 1),
            Refusal::Blocked => tag(out, 2),
            Refusal::Replaced => tag(out, 3),
            Refusal::Failed(why) => {
                tag(out, 4);
                why.put(out);
            }
        }
    }
    fn take(input: &mut &[u8]) -> Option<Refusal> {
        Some(match take_tag(input)? {
            0 => Refusal::Unavailable,
            1 => Refusal::Full,
            2 => Refusal::Blocked,
            3 => Refusal::Replaced,
            4 => Refusal::Failed(String::take(input)?),
            _ => return None,
        })
    }
}

impl Wire for ToStore {
    fn put(&self, out: &mut Vec<u8>) {
        match self {
            ToStore::Load {
                database,
                legacy,
                told,
            } => put(out, 0, &[database, legacy, told]),
            ToStore::Keep(keeping) => put(out, 1, &[keeping]),
            ToStore::Forget { everywhere } => put(out, 2, &[everywhere]),
            ToStore::Older { before, count } => put(out, 3, &[before, count]),
            ToStore::Import { name, known } => put(out, 4, &[name, known]),
            ToStore::Export { name, format, held } => put(out, 5, &[name, format, held]),
            ToStore::DownloadUnreadable => put(out, 6, &[]),
            ToStore::ReadReplayLink(link) => put(out, 7, &[link]),
            ToStore::WriteSlidysim {
                start,
                moves,
                times,
            } => put(out, 8, &[start, moves, times]),
            ToStore::Delete { solves, events } => put(out, 9, &[solves, events]),
            ToStore::Sync(job) => put(out, 10, &[job]),
            ToStore::Race(job) => put(out, 11, &[job]),
        }
    }
    fn take(input: &mut &[u8]) -> Option<ToStore> {
        Some(match take_tag(input)? {
            0 => {
                let (database, legacy, told) = Wire::take(input)?;
                ToStore::Load {
                    database,
                    legacy,
                    told,
                }
            }
            1 => ToStore::Keep(Keeping::take(input)?),
            2 => ToStore::Forget {
                everywhere: Wire::take(input)?,
            },
            3 => {
                let (before, count) = Wire::take(input)?;
                ToStore::Older { before, count }
            }
            4 => {
                let (name, known) = Wire::take(input)?;
                ToStore::Import { name, known }
            }
            5 => {
                let (name, format, held) = Wire::take(input)?;
                ToStore::Export { name, format, held }
            }
            6 => ToStore::DownloadUnreadable,
            7 => ToStore::ReadReplayLink(Wire::take(input)?),
            8 => {
                let (start, moves, times) = Wire::take(input)?;
                ToStore::WriteSlidysim {
                    start,
                    moves,
                    times,
                }
            }
            9 => {
                let (solves, events) = Wire::take(input)?;
                ToStore::Delete { solves, events }
            }
            10 => ToStore::Sync(Wire::take(input)?),
            11 => ToStore::Race(Wire::take(input)?),
            _ => return None,
        })
    }
}

impl Wire for StoreSaid {
    fn put(&self, out: &mut Vec<u8>) {
        match self {
            StoreSaid::Opened { persisted } => put(out, 0, &[persisted]),
            StoreSaid::Refused(why) => put(out, 1, &[why]),
            StoreSaid::MovedIn { solves, events } => put(out, 2, &[solves, events]),
            StoreSaid::NotMovedIn(why) => put(out, 3, &[why]),
            StoreSaid::Newest { solves, total } => put(out, 4, &[solves, total]),
            StoreSaid::Briefs(briefs) => put(out, 5, &[briefs]),
            StoreSaid::Events(events) => put(out, 6, &[events]),
            StoreSaid::Unreadable { count, told } => put(out, 7, &[count, told]),
            StoreSaid::Loaded => put(out, 8, &[]),
            StoreSaid::Progress { done, total } => put(out, 9, &[done, total]),
            StoreSaid::Kept { solves, events } => put(out, 10, &[solves, events]),
            StoreSaid::NotKept {
                solves,
                events,
                why,
            } => put(out, 11, &[solves, events, why]),
            StoreSaid::Imported { report, added } => put(out, 12, &[report, added]),
            StoreSaid::NotImported { name, why } => put(out, 13, &[name, why]),
            StoreSaid::ImportNotKept(why) => put(out, 14, &[why]),
            StoreSaid::Cleared => put(out, 15, &[]),
            StoreSaid::NotCleared(why) => put(out, 16, &[why]),
            StoreSaid::Exported => put(out, 17, &[]),
            StoreSaid::NotExported(why) => put(out, 18, &[why]),
            StoreSaid::Older(solves) => put(out, 19, &[solves]),
            StoreSaid::Arrived(keeping) => put(out, 20, &[keeping]),
            StoreSaid::Reload => put(out, 21, &[]),
            StoreSaid::Persisted(kept) => put(out, 22, &[kept]),
            StoreSaid::ReplayLink(read) => put(out, 23, &[read]),
            StoreSaid::SlidysimLink(written) => put(out, 24, &[written]),
            StoreSaid::Deleted => put(out, 25, &[]),
            StoreSaid::Sync(said) => put(out, 26, &[said]),
            StoreSaid::Race(said) => put(out, 27, &[said]),
        }
    }
    fn take(input: &mut &[u8]) -> Option<StoreSaid> {
        Some(match take_tag(input)? {
            0 => StoreSaid::Opened {
                persisted: Wire::take(input)?,
            },
            1 => StoreSaid::Refused(Wire::take(input)?),
            2 => {
                let (solves, events) = Wire::take(input)?;
                StoreSaid::MovedIn { solves, events }
            }
            3 => StoreSaid::NotMovedIn(Wire::take(input)?),
            4 => {
                let (solves, total) = Wire::take(input)?;
                StoreSaid::Newest { solves, total }
            }
            5 => StoreSaid::Briefs(Wire::take(input)?),
            6 => StoreSaid::Events(Wire::take(input)?),
            7 => {
                let (count, told) = Wire::take(input)?;
                StoreSaid::Unreadable { count, told }
            }
            8 => StoreSaid::Loaded,
            9 => {
                let (done, total) = Wire::take(input)?;
                StoreSaid::Progress { done, total }
            }
            10 => {
                let (solves, events) = Wire::take(input)?;
                StoreSaid::Kept { solves, events }
            }
            11 => {
                let (solves, events, why) = Wire::take(input)?;
                StoreSaid::NotKept {
                    solves,
                    events,
                    why,
                }
            }
            12 => {
                let (report, added) = Wire::take(input)?;
                StoreSaid::Imported { report, added }
            }
            13 => {
                let (name, why) = Wire::take(input)?;
                StoreSaid::NotImported { name, why }
            }
            14 => StoreSaid::ImportNotKept(Wire::take(input)?),
            15 => StoreSaid::Cleared,
            16 => StoreSaid::NotCleared(Wire::take(input)?),
            17 => StoreSaid::Exported,
            18 => StoreSaid::NotExported(Wire::take(input)?),
            19 => StoreSaid::Older(Wire::take(input)?),
            20 => StoreSaid::Arrived(Wire::take(input)?),
            21 => StoreSaid::Reload,
            22 => StoreSaid::Persisted(Wire::take(input)?),
            23 => StoreSaid::ReplayLink(Wire::take(input)?),
            24 => StoreSaid::SlidysimLink(Wire::take(input)?),
            25 => StoreSaid::Deleted,
            26 => StoreSaid::Sync(Wire::take(input)?),
            27 => StoreSaid::Race(Wire::take(input)?),
            _ => return None,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::play::event::record::tests::marathon;
    use crate::play::record::solves::History;
    use crate::play::record::tally::Brief;
    use crate::play::wire::{decode, encode};

    #[test]
    fn every_word_both_ways_crosses_whole() {
        let mut h = History::default();
        h.import(r#"[{"id":7,"date":"2026-11-23","board":"1 2 3/4 5 6/7 0 8","moves":1,"millis":400,"control":"keys","random_state":true,"times":[0]}]"#).unwrap();
        let keeping = Keeping {
            solves: h.solves.clone(),
            events: vec![marathon(3, 9_500.0)],
        };
        let report = ImportReport {
            name: "a.json".into(),
            added: 1,
            problems: vec!["solve 2: no board".into()],
            ..ImportReport::default()
        };
        let asked = [
            ToStore::Load {
                database: true,
                legacy: Some("{}".into()),
                told: 2,
            },
            ToStore::Keep(keeping.clone()),
            ToStore::Forget { everywhere: true },
            ToStore::Delete {
                solves: vec![7],
                events: vec![3, 4],
            },
            ToStore::Sync(SyncJob::Start { name: "Ada".into() }),
            ToStore::Sync(SyncJob::Join { code: "ab".into() }),
            ToStore::Sync(SyncJob::Restore),
            ToStore::Sync(SyncJob::Round),
            ToStore::Sync(SyncJob::Link {
                page: "http://h/".into(),
            }),
            ToStore::Sync(SyncJob::SaveKey),
            ToStore::Sync(SyncJob::Stop),
            ToStore::Sync(SyncJob::Erase),
            ToStore::Race(RaceJob::Start {
                date: "2026-12-07".into(),
                size: "4x4".into(),
            }),
            ToStore::Race(RaceJob::Enter {
                date: "2026-12-07".into(),
                size: "3x3".into(),
                token: "t".into(),
                moves: "LLUR".into(),
                times: vec![0.0, 100.5],
            }),
            ToStore::Race(RaceJob::Leaderboard {
                date: "2026-12-07".into(),
                size: "3x3".into(),
            }),
            ToStore::Older {
                before: 9,
                count: 50,
            },
            ToStore::Import {
                name: "a.csv".into(),
                known: Some(vec![1, 2]),
            },
            ToStore::Export {
                name: "b.csv".into(),
                format: HistoryFormat::Csv,
                held: keeping.clone(),
            },
            ToStore::DownloadUnreadable,
            ToStore::ReadReplayLink("https://slidysim.github.io/replay?r=eJ%2B".into()),
            ToStore::WriteSlidysim {
                start: h.solves[0].start.clone(),
                moves: vec![
                    crate::puzzle::moves::Move::Left,
                    crate::puzzle::moves::Move::Up,
                ],
                times: vec![0.0, 120.0],
            },
        ];
        for word in asked {
            assert_eq!(
                decode::<ToStore>(&encode(&word)),
                Some(word.clone()),
                "{word:?}"
            );
        }
        let said = [
            StoreSaid::Opened {
                persisted: Some(true),
            },
            StoreSaid::Refused(Refusal::Failed("why".into())),
            StoreSaid::MovedIn {
                solves: 3,
                events: 1,
            },
            StoreSaid::NotMovedIn(Refusal::Full),
            StoreSaid::Newest {
                solves: h.solves.clone(),
                total: 9,
            },
            StoreSaid::Briefs(vec![Brief::of(&h.solves[0])]),
            StoreSaid::Events(keeping.events.clone()),
            StoreSaid::Unreadable { count: 2, told: 1 },
            StoreSaid::Loaded,
            StoreSaid::Progress {
                done: 500,
                total: 1_000,
            },
            StoreSaid::Kept {
                solves: vec![7],
                events: vec![3],
            },
            StoreSaid::NotKept {
                solves: vec![7],
                events: vec![],
                why: Refusal::Blocked,
            },
            StoreSaid::Imported {
                report,
                added: keeping.clone(),
            },
            StoreSaid::NotImported {
                name: "n".into(),
                why: "w".into(),
            },
            StoreSaid::ImportNotKept(Refusal::Replaced),
            StoreSaid::Cleared,
            StoreSaid::NotCleared(Refusal::Unavailable),
            StoreSaid::Exported,
            StoreSaid::NotExported(Refusal::Full),
            StoreSaid::Older(h.solves.clone()),
            StoreSaid::Arrived(keeping),
            StoreSaid::Reload,
            StoreSaid::Persisted(false),
            StoreSaid::ReplayLink(Ok("?board=1,2/3,0&replay=R.A".into())),
            StoreSaid::ReplayLink(Err("This Open Slidysim link cannot be watched.".into())),
            StoreSaid::SlidysimLink(Ok("https://slidysim.github.io/replay?r=x".into())),
            StoreSaid::SlidysimLink(Err("no worker".into())),
            StoreSaid::Deleted,
            StoreSaid::Sync(SyncSaid::Player {
                name: Some("Ada".into()),
                pending: 3,
            }),
            StoreSaid::Sync(SyncSaid::Synced { pending: 0 }),
            StoreSaid::Sync(SyncSaid::Unreachable { pending: 2 }),
            StoreSaid::Sync(SyncSaid::Refused {
                why: "no".into(),
                pending: 1,
            }),
            StoreSaid::Sync(SyncSaid::Forgotten),
            StoreSaid::Sync(SyncSaid::Linked {
                link: "http://h/#device=ab".into(),
                qr: Qr {
                    size: 21,
                    path: "M0 0h1v1h-1z".into(),
                },
            }),
            StoreSaid::Sync(SyncSaid::Erased),
            StoreSaid::Race(RaceSaid::Started {
                date: "2026-12-07".into(),
                size: "3x3".into(),
                board: "1 2 3/4 5 6/7 0 8".into(),
                token: "t".into(),
                elapsed_ms: 12.5,
            }),
            StoreSaid::Race(RaceSaid::Ranked { rank: 2 }),
            StoreSaid::Race(RaceSaid::Leaderboard {
                date: "2026-12-07".into(),
                size: "3x3".into(),
                entries: vec![Standing {
                    rank: 1,
                    name: "<b>".into(),
                    millis: 900.0,
                    moves: 3,
                    optimal: Some(3),
                    best_known: None,
                    replay: Some("?board=1,2/3,0&replay=R.A".into()),
                }],
                you: None,
            }),
            StoreSaid::Race(RaceSaid::Refused("no".into())),
        ];
        for word in said {
            assert_eq!(
                decode::<StoreSaid>(&encode(&word)),
                Some(word.clone()),
                "{word:?}"
            );
        }
        assert_eq!(decode::<StoreSaid>(&[99]), None, "no such word");
    }
}
