//! Your solves on every device: the sync panel's part. It knows whether this device syncs and as
//! whom, how many solves wait, the state shown beside the history, the device link on show, and
//! when the next round is due; the record's worker does the rounds (`play::sync`). A round runs
//! after each solve kept, on load, when the network comes back, and now and then, backing off
//! while the server is away; one round at a time, another asked meanwhile runs after it.

use super::Effect;
use crate::play::keeping::ToStore;
use crate::play::sync::{Backoff, Qr, SyncJob, SyncSaid, SyncState, checked_name, state_text};

/// What the player (or the page) can do with sync.
#[derive(Clone, Debug, PartialEq)]
pub enum SyncAction {
    /// The Name field.
    Name(String),
    /// Start syncing under the name in the field.
    Start,
    /// Show a link (and its QR code) for another device, to `page` (this page's address).
    Link {
        page: String,
    },
    /// Hide the link.
    HideLink,
    SaveKey,
    /// A key file was chosen to restore: the web layer sends it beside the job.
    Restore,
    /// Stop syncing on this device.
    Stop,
    /// Delete my data on the server: asks first; `ConfirmErase(true)` deletes.
    Erase,
    ConfirmErase(bool),
    /// A device link was opened: join its player.
    Join(String),
    /// The network came back.
    Online,
    /// The round the last [`Effect::SyncIn`] set is due.
    Due,
    /// Something was kept, imported or deleted: a round, if this device syncs.
    Nudge,
    /// What the record's worker said.
    Said(SyncSaid),
}

/// The sync panel's part.
#[derive(Debug, Default)]
pub struct Syncing {
    name_field: String,
    /// The player this device syncs as (`None`: it does not).
    player: Option<String>,
    state: Option<SyncState>,
    pending: usize,
    /// A round (or a start, a join, a restore) is with the worker.
    busy: bool,
    /// Another round was asked while one ran.
    again: bool,
    backoff: Backoff,
    /// Why the last attempt failed, or what just happened, in words.
    words: Option<String>,
    link: Option<(String, Qr)>,
    confirm_erase: bool,
}

impl Syncing {
    pub fn reduce(&mut self, action: SyncAction) -> Vec<Effect> {
        match action {
            SyncAction::Name(name) => self.name_field = name,
            SyncAction::Start => return self.start(),
            SyncAction::Link { page } => return self.job(SyncJob::Link { page }),
            SyncAction::HideLink => self.link = None,
            SyncAction::SaveKey => return self.job(SyncJob::SaveKey),
            SyncAction::Restore => return self.begin(SyncJob::Restore),
            SyncAction::Stop => return self.stop(SyncJob::Stop),
            SyncAction::Erase => self.confirm_erase = self.player.is_some(),
            SyncAction::ConfirmErase(erase) => {
                self.confirm_erase = false;
                if erase {
                    return self.stop(SyncJob::Erase);
                }
            }
            SyncAction::Join(code) => return self.begin(SyncJob::Join { code }),
            SyncAction::Online | SyncAction::Due | SyncAction::Nudge => return self.round(),
            SyncAction::Said(said) => return self.said(said),
        }
        Vec::new()
    }

    fn job(&self, job: SyncJob) -> Vec<Effect> {
        vec![Effect::Store(ToStore::Sync(job))]
    }

    /// A start, a join or a restore: the worker answers with the player (or a refusal).
    fn begin(&mut self, job: SyncJob) -> Vec<Effect> {
        self.busy = true;
        self.state = Some(SyncState::Syncing);
        self.words = None;
        self.job(job)
    }

    fn start(&mut self) -> Vec<Effect> {
        match checked_name(&self.name_field) {
            Ok(name) => self.begin(SyncJob::Start { name }),
            Err(why) => {
                self.words = Some(why.to_string());
                Vec::new()
            }
        }
    }

    fn stop(&mut self, job: SyncJob) -> Vec<Effect> {
        self.link = None;
        self.job(job)
    }

    /// A round, if this device syncs: now, or after the one under way.
    fn round(&mut self) -> Vec<Effect> {
        if self.player.is_none() {
            return Vec::new();
        }
        if self.busy {
            self.again = true;
            return Vec::new();
        }
        self.busy = true;
        if self.state != Some(SyncState::Offline) {
            self.state = Some(SyncState::Syncing);
        }
        self.job(SyncJob::Round)
    }

    fn said(&mut self, said: SyncSaid) -> Vec<Effect> {
        match said {
            SyncSaid::Player { name, pending } => {
                let joined = name.is_some();
                (self.player, self.pending, self.busy) = (name, pending, false);
                self.backoff.reset();
                self.state = Some(if joined { SyncState::Syncing } else { SyncState::Off });
                if joined {
                    return self.round();
                }
            }
            SyncSaid::Synced { pending } => {
                (self.pending, self.busy, self.words) = (pending, false, None);
                self.backoff.reset();
                self.state = Some(SyncState::Synced);
                return self.next();
            }
            SyncSaid::Unreachable { pending } => return self.failed(SyncState::Offline, pending, None),
            SyncSaid::Refused { why, pending } => {
                return self.failed(SyncState::Error, pending, Some(why));
            }
            SyncSaid::Forgotten => self.off(
                "The server no longer knows this device (the player was deleted on another device): syncing stopped, and your solves here are kept.",
            ),
            SyncSaid::Linked { link, qr } => self.link = Some((link, qr)),
            SyncSaid::Erased => self.off(
                "Your data on the server is deleted. Your solves stay in this browser.",
            ),
        }
        Vec::new()
    }

    fn failed(&mut self, state: SyncState, pending: usize, why: Option<String>) -> Vec<Effect> {
        (self.pending, self.busy) = (pending, false);
        self.backoff.failed();
        self.words = why;
        // A start, a join or a restore that failed leaves this device as it was.
        self.state = Some(match self.player {
            Some(_) => state,
            None => SyncState::Off,
        });
        self.next()
    }

    /// After a round: the one asked meanwhile, else the next when it is due.
    fn next(&mut self) -> Vec<Effect> {
        if std::mem::take(&mut self.again) {
            return self.round();
        }
        match self.player {
            Some(_) => vec![Effect::SyncIn(self.backoff.delay_ms())],
            None => Vec::new(),
        }
    }

    fn off(&mut self, words: &str) {
        (self.player, self.busy, self.again, self.link) = (None, false, false, None);
        self.state = Some(SyncState::Off);
        self.words = Some(words.into());
    }

    /// The state shown (`data-state`); off until the worker says otherwise.
    pub fn state(&self) -> SyncState {
        self.state.unwrap_or(SyncState::Off)
    }

    /// The state in words.
    pub fn text(&self) -> String {
        state_text(
            self.state(),
            self.player.as_deref(),
            self.pending,
            self.words.as_deref(),
        )
    }

    /// What just happened or went wrong, beside the state (not when the state says it).
    pub fn words(&self) -> Option<&str> {
        match self.state() {
            SyncState::Error => None,
            _ => self.words.as_deref(),
        }
    }

    /// The player this device syncs as.
    pub fn player(&self) -> Option<&str> {
        self.player.as_deref()
    }

    /// Solves and events waiting on this device to go up.
    pub fn pending(&self) -> usize {
        self.pending
    }

    pub fn name_field(&self) -> &str {
        &self.name_field
    }

    /// The device link on show, and its QR code.
    pub fn link(&self) -> Option<&(String, Qr)> {
        self.link.as_ref()
    }

    pub fn confirm_erase(&self) -> bool {
        self.confirm_erase
    }

    /// A start, a join or a restore is under way.
    pub fn busy(&self) -> bool {
        self.busy && self.player.is_none()
    }
}
