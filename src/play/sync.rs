//! Your solves on every device, as the page sees it: what it asks the record's worker to do with
//! a Slide server ([`SyncJob`]: start as a player, join by a device link, a round of sync…),
//! what the worker says back ([`SyncSaid`]), the state shown beside the history in words
//! ([`SyncState`]), and when to try again ([`Backoff`]). The worker holds the key and speaks to
//! the server (`web/store/sync.rs`); nothing here knows HTTP, so every rule is tested natively.

/// What the page asks of the record's worker about sync.
#[derive(Clone, Debug, PartialEq)]
pub enum SyncJob {
    /// Start syncing as a new player of this name.
    Start { name: String },
    /// Join the player whose device link carried this one-time code.
    Join { code: String },
    /// Restore the key in the file sent beside this message.
    Restore,
    /// Send what waits on this device, then read what the server stored since the last round.
    Round,
    /// A one-time link for another device, to `page` (this page's address, without its query).
    Link { page: String },
    /// Offer the key as a file, to restore later.
    SaveKey,
    /// Stop syncing on this device; its solves stay.
    Stop,
    /// Delete the player and everything the server holds of them; this device's solves stay.
    Erase,
}

/// A device link's QR code: its side in modules, and its dark modules as an SVG path.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Qr {
    pub size: usize,
    pub path: String,
}

/// What the record's worker says about sync.
#[derive(Clone, Debug, PartialEq)]
pub enum SyncSaid {
    /// Whether this device syncs, as whom (`None`: it does not), and how many of its solves and
    /// events wait to go up: said with the load and after any change of player.
    Player {
        name: Option<String>,
        pending: usize,
    },
    /// A round ended: what waited went up, and what the server had came down.
    Synced { pending: usize },
    /// The server did not answer: `pending` wait on this device.
    Unreachable { pending: usize },
    /// The server refused, in its words (or there is no Slide server here).
    Refused { why: String, pending: usize },
    /// The server no longer knows this device's key (the player was deleted on another
    /// device): syncing stopped here, and the solves stay.
    Forgotten,
    /// The link for another device, and its QR code.
    Linked { link: String, qr: Qr },
    /// The player and everything the server held of them are deleted; syncing stopped here.
    Erased,
}

/// Sync as the panel shows it (`data-state`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SyncState {
    Off,
    Syncing,
    Synced,
    Offline,
    Error,
}

impl SyncState {
    /// As `data-state` says it.
    pub fn name(self) -> &'static str {
        match self {
            SyncState::Off => "off",
            SyncState::Syncing => "syncing",
            SyncState::Synced => "synced",
            SyncState::Offline => "offline",
            SyncState::Error => "error",
        }
    }
}

/// How long a device waits between rounds while all is well.
pub const EVERY_MS: u32 = 60_000;

/// The waits after rounds that failed in a row: 2 s, doubled each time, at most 5 minutes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Backoff {
    failures: u32,
}

impl Backoff {
    /// A round failed.
    pub fn failed(&mut self) {
        self.failures = self.failures.saturating_add(1);
    }

    /// A round went through.
    pub fn reset(&mut self) {
        self.failures = 0;
    }

    /// Milliseconds until the next round.
    pub fn delay_ms(self) -> u32 {
        match self.failures {
            0 => EVERY_MS,
            n => 2_000u32.saturating_mul(1 << (n - 1).min(8)).min(300_000),
        }
    }
}

/// `3 solves`, `1 solve`: what waits.
fn waiting(n: usize) -> String {
    format!("{n} solve{}", if n == 1 { "" } else { "s" })
}

/// The state in words, as the panel says it beside the history.
pub fn state_text(
    state: SyncState,
    name: Option<&str>,
    pending: usize,
    why: Option<&str>,
) -> String {
    let name = name.unwrap_or("you");
    match state {
        SyncState::Off => "Not syncing: your solves are kept in this browser only.".into(),
        SyncState::Syncing => format!("Syncing as {name}…"),
        SyncState::Synced => format!("Synced as {name}."),
        SyncState::Offline => match pending {
            0 => "The server does not answer: syncing again when it does.".into(),
            n => format!(
                "{} waiting: the server does not answer. They go up when it does.",
                waiting(n)
            ),
        },
        SyncState::Error => format!(
            "Sync stopped: {}{}",
            why.unwrap_or("the server refused"),
            match pending {
                0 => String::new(),
                n => format!(" ({} waiting on this device)", waiting(n)),
            }
        ),
    }
}

/// Why a name cannot be a player's.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NameError {
    Empty,
    Control,
    /// Longer than [`NAME_CHARS`] (its length).
    TooLong(usize),
}

/// The most characters a player's name has.
pub const NAME_CHARS: usize = 32;

impl std::fmt::Display for NameError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            NameError::Empty => {
                write!(
                    f,
                    "Give a name to sync under: others see it in the daily race."
                )
            }
            NameError::Control => write!(
                f,
                "A name cannot hold control characters (line breaks, tabs and the like)."
            ),
            NameError::TooLong(n) => write!(
                f,
                "A name has at most {NAME_CHARS} characters; this one has {n}."
            ),
        }
    }
}

/// A name the server takes (1 to 32 characters, no control characters; spaces around it
/// dropped), or why not: the server's rule, checked by the page before it asks.
pub fn checked_name(name: &str) -> Result<String, NameError> {
    let name = name.trim();
    if name.chars().any(char::is_control) {
        return Err(NameError::Control);
    }
    match name.chars().count() {
        0 => Err(NameError::Empty),
        n if n > NAME_CHARS => Err(NameError::TooLong(n)),
        _ => Ok(name.to_string()),
    }
}

/// The one-time code a device link carries in its fragment (`#device=CODE`), if it is one.
pub fn device_code(fragment: &str) -> Option<String> {
    let code = fragment.trim_start_matches('#').strip_prefix("device=")?;
    let fine =
        !code.is_empty() && code.len() <= 64 && code.bytes().all(|b| b.is_ascii_alphanumeric());
    fine.then(|| code.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_round_that_fails_waits_longer_each_time_up_to_five_minutes() {
        let mut b = Backoff::default();
        assert_eq!(b.delay_ms(), EVERY_MS);
        let mut waits = Vec::new();
        for _ in 0..12 {
            b.failed();
            waits.push(b.delay_ms());
        }
        assert_eq!(&waits[..5], [2_000, 4_000, 8_000, 16_000, 32_000]);
        assert_eq!(*waits.last().unwrap(), 300_000);
        b.reset();
        assert_eq!(b.delay_ms(), EVERY_MS);
    }

    #[test]
    fn the_state_says_what_waits_and_why() {
        assert_eq!(
            state_text(SyncState::Offline, Some("Ada"), 3, None),
            "3 solves waiting: the server does not answer. They go up when it does."
        );
        assert_eq!(
            state_text(SyncState::Synced, Some("Ada"), 0, None),
            "Synced as Ada."
        );
        assert!(
            state_text(SyncState::Error, None, 1, Some("no Slide server here."))
                .ends_with("(1 solve waiting on this device)")
        );
    }

    #[test]
    fn names_and_device_codes_are_checked_before_they_go() {
        assert_eq!(checked_name(" Ada ").unwrap(), "Ada");
        assert!(checked_name("").is_err());
        assert!(checked_name("a\tb").is_err());
        assert!(checked_name(&"x".repeat(33)).is_err());
        assert_eq!(device_code("#device=ab12").as_deref(), Some("ab12"));
        assert_eq!(device_code("device=ab12"), Some("ab12".into()));
        assert_eq!(device_code("#device=<script>"), None);
        assert_eq!(device_code("#other=1"), None);
    }
}
