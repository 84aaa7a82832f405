//! The records of events, per event (`marathon-10`, `relay-5`, …), size and control, as single
//! solves have theirs: only finished events on random-state boards count for bests and
//! averages (a blindfolded solve, only a solved one); the others are counted apart.

use super::Event;
use super::log::EventLog;
use super::record::EventRecord;
use crate::play::game::input::Control;
use crate::play::record::solves::average_of;

/// What the records of one event, size and control are keyed by.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Key {
    /// `marathon-10`, `relay-5`, `blindfolded`, `fmc`.
    pub name: String,
    /// `4x4` (a relay's largest).
    pub size: String,
    pub control: Control,
}

impl Key {
    /// As the page's attribute has it: `marathon-2 3x3 keys`.
    pub fn text(&self) -> String {
        format!("{} {} {}", self.name, self.size, self.control.name())
    }
}

/// The records of one event, size and control.
#[derive(Clone, Debug, PartialEq)]
pub struct EventStats {
    pub key: Key,
    pub event: Event,
    /// Every attempt, finished or not.
    pub attempts: usize,
    /// Those that count: finished, random state (blindfolded: solved).
    pub count: usize,
    /// Blindfolded: solves that ended solved (on any board).
    pub successes: usize,
    pub best_time: Option<f64>,
    pub mean_time: Option<f64>,
    pub ao5: Option<f64>,
    pub ao12: Option<f64>,
    /// Fewest moves: the fewest moves submitted, and the mean efficiency where the optimum is
    /// known.
    pub best_moves: Option<usize>,
    pub mean_efficiency: Option<f64>,
}

/// The records of every event, size and control played, in order of event name, size and
/// control.
pub fn table(log: &EventLog) -> Vec<EventStats> {
    // Kept in order as they come (a binary search, not a sort: the page's wasm stays small).
    let mut keys: Vec<(Key, Event)> = Vec::new();
    for e in &log.events {
        let k = key(e);
        if let Err(at) = keys.binary_search_by(|(other, _)| other.cmp(&k)) {
            keys.insert(at, (k, e.event));
        }
    }
    (keys.into_iter())
        .map(|(k, event)| {
            let of: Vec<&EventRecord> = log.events.iter().filter(|e| key(e) == k).collect();
            stats(k, event, &of)
        })
        .collect()
}

fn key(e: &EventRecord) -> Key {
    Key {
        name: e.event.name(),
        size: e.size(),
        control: e.control,
    }
}

fn stats(key: Key, event: Event, attempts: &[&EventRecord]) -> EventStats {
    let counted: Vec<&EventRecord> = attempts.iter().copied().filter(|e| e.counts()).collect();
    let times: Vec<f64> = counted.iter().map(|e| e.millis).collect();
    let mean = |values: &[f64]| {
        (!values.is_empty()).then(|| values.iter().sum::<f64>() / values.len() as f64)
    };
    let efficiencies: Vec<f64> = counted.iter().filter_map(|e| e.efficiency()).collect();
    let fmc = event == Event::Fmc;
    EventStats {
        key,
        event,
        attempts: attempts.len(),
        count: counted.len(),
        successes: attempts.iter().filter(|e| e.success()).count(),
        best_time: times.iter().copied().min_by(f64::total_cmp),
        mean_time: mean(&times),
        ao5: average_of(&times, 5),
        ao12: average_of(&times, 12),
        best_moves: fmc.then(|| counted.iter().map(|e| e.moves).min()).flatten(),
        mean_efficiency: fmc.then(|| mean(&efficiencies)).flatten(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::play::event::record::tests::marathon;

    #[test]
    fn each_event_size_and_control_has_its_own_records() {
        let mut log = EventLog::default();
        for (id, millis) in [
            (1, 20_000.0),
            (2, 10_000.0),
            (3, 30_000.0),
            (4, 11_000.0),
            (5, 12_000.0),
        ] {
            log.add(marathon(id, millis));
        }
        let mut dnf = marathon(6, 1_000.0);
        dnf.finished = false;
        log.add(dnf);
        let mut hover = marathon(7, 5_000.0);
        hover.control = Control::Hover;
        log.add(hover);
        let mut fmc = marathon(8, 60_000.0);
        (fmc.event, fmc.moves, fmc.optimal) = (Event::Fmc, 25, Some(20));
        log.add(fmc);
        let table = table(&log);
        let names: Vec<String> = table.iter().map(|s| s.key.text()).collect();
        assert_eq!(
            names,
            [
                "fmc 3x3 keys",
                "marathon-2 3x3 hover",
                "marathon-2 3x3 keys"
            ]
        );
        let keys = &table[2];
        assert_eq!((keys.attempts, keys.count), (6, 5));
        assert_eq!(keys.best_time, Some(10_000.0));
        // The best and the worst of five dropped: 11, 12 and 20 s.
        assert_eq!(keys.ao5, Some(43_000.0 / 3.0));
        assert_eq!(keys.best_moves, None);
        assert_eq!(table[0].best_moves, Some(25));
        assert_eq!(table[0].mean_efficiency, Some(0.8));
    }
}
