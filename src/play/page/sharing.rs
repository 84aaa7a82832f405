//! Sharing and links: the address bar following what the page shows, Copy link (a plain link,
//! or after a solve a friend's challenge), Embed's snippet, the daily's spoiler-free result, a
//! friend's challenge on this board, and the page that embeds this one.
//!
//! The address bar's query and the link Copy link copies are written once an action, by
//! [`Sharing::follow`], from what the page shows then ([`Shown`]); everything else reads them
//! from here.

use super::record::HandResult;
use super::{Effect, ParentMessage};
use crate::play::game::Game;
use crate::play::keeping::ToStore;
use crate::play::link::challenge::Challenge;
use crate::play::link::pace::MoveTimes;
use crate::play::link::{
    LinkRequest, LinkedChallenge, LinkedDaily, read_query, write_challenge_query,
    write_daily_query, write_query, write_replay_query,
};
use crate::play::record::solves::{Solve, time_text};
use crate::puzzle::numbers::decimals;
use crate::puzzle::position::Position;

/// What the player can do to share.
#[derive(Clone, Debug, PartialEq)]
pub enum ShareAction {
    CopyLink,
    /// After a solve by hand: a link that replays it at the pace played.
    CopyReplayLink,
    /// After a solve by hand: the same solve as an Open Slidysim link, packed by the browser.
    CopySlidysim,
    /// The record's worker wrote the Open Slidysim link (or says why it could not).
    Written(Result<String, String>),
    /// The Replay link field's text.
    LinkText(String),
    /// Watch the replay link in the field.
    Watch,
    /// The record's worker read the replay link in the field: a Slide link's query (an Open
    /// Slidysim link's solve made one), or why it cannot be watched.
    Read(Result<String, String>),
    /// The clipboard took the text (or refused it).
    Copied {
        what: Copying,
        ok: bool,
    },
    ShowEmbed,
    /// After a solve, Copy link carries the result as a challenge (and the moves).
    IncludeResult(bool),
    IncludeMoves(bool),
    /// Copy the spoiler-free result of the daily just solved.
    ShareResult,
    /// Give up a challenge: the friend's moves are shown.
    GiveUp,
}

/// What a copy was of.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Copying {
    Link,
    Result,
    Replay,
    /// An Open Slidysim link.
    Slidysim,
    /// A link that challenges a friend to the event just played.
    Event,
}

impl Copying {
    /// What the page says once the clipboard took it.
    pub fn copied_text(self) -> &'static str {
        match self {
            Copying::Link => "Link copied: paste it to share this position.",
            Copying::Result => "Result copied: paste it anywhere. It gives nothing away.",
            Copying::Replay => {
                "Replay link copied: whoever opens it watches your solve at your pace."
            }
            Copying::Slidysim => {
                "Open Slidysim link copied: it opens your solve on Open Slidysim's replay page."
            }
            Copying::Event => {
                "Challenge link copied: your friend plays the same boards, and their page checks your moves."
            }
        }
    }

    /// The field that holds it when the clipboard refused it: its id and label.
    pub fn field(self) -> (&'static str, &'static str) {
        match self {
            Copying::Link => ("share-link", "Link"),
            Copying::Result => ("result-text", "Result"),
            Copying::Replay => ("replay-link", "Replay link to copy"),
            Copying::Slidysim => ("slidysim-link", "Open Slidysim link to copy"),
            Copying::Event => ("event-link", "Challenge link"),
        }
    }
}

/// What the share panel shows, and the panels of a result.
#[derive(Clone, Debug, Default, PartialEq)]
pub enum Shared {
    #[default]
    Nothing,
    /// The clipboard took it.
    Copied(Copying),
    /// The clipboard was refused: the text to copy by hand.
    ToCopy(Copying, String),
    /// The `<iframe>` snippet.
    Snippet(String),
}

/// Put `text`, if any, on the clipboard.
fn copy(text: Option<String>, what: Copying) -> Vec<Effect> {
    (text.into_iter())
        .map(|text| Effect::Copy { text, what })
        .collect()
}

/// A solve by hand with a time for each move: one a replay link can carry.
fn timed(result: Option<&HandResult>) -> Option<&HandResult> {
    result.filter(|r| r.solve.times.len() == r.path.len() && !r.path.is_empty())
}

/// A Slide link's query, opened to watch here (not framed, no event, no friend's challenge, no
/// lesson), or why it cannot be.
pub(super) fn to_watch(query: &str) -> Result<LinkRequest, String> {
    let link = read_query(query);
    match link.problem {
        Some(problem) => Err(problem),
        None => Ok(LinkRequest {
            embed: false,
            event: None,
            challenge: None,
            lesson: None,
            ..link
        }),
    }
}

/// What the links describe: the game on show, and the last solve's result.
pub struct Shown<'a> {
    pub game: &'a Game,
    pub result: Option<&'a HandResult>,
    /// When each move of the replay on show was made (a solve by hand's replay).
    pub times: Option<&'a MoveTimes>,
    /// The link (a query) of the event waiting or running, which the address bar shows.
    pub event: Option<String>,
}

/// The sharing part of the page.
#[derive(Debug)]
pub struct Sharing {
    /// The page's address without its query.
    base: String,
    /// Embed mode: the board and its essential controls only.
    embed: bool,
    shared: Shared,
    include_result: bool,
    include_moves: bool,
    /// The daily puzzle in play.
    daily: Option<LinkedDaily>,
    /// The daily race just entered: its date, size and rank.
    race: Option<(String, String, usize)>,
    /// A friend's result to beat.
    challenge: Option<Challenge>,
    /// The query in the address bar, the plain link to what is shown (in embed mode, the
    /// address is the embed link's), and the link Copy link copies, as of the last action.
    query: String,
    link: String,
    share_link: String,
    /// The last event challenge link copied.
    event_link: String,
    /// The last Open Slidysim link written.
    slidysim_link: String,
    /// The Replay link field's text.
    watch_text: String,
}

impl Sharing {
    pub fn new(base: &str, embed: bool, challenge: Option<Challenge>) -> Sharing {
        Sharing {
            base: base.to_string(),
            embed,
            shared: Shared::Nothing,
            include_result: true,
            include_moves: false,
            daily: None,
            race: None,
            challenge,
            query: String::new(),
            link: String::new(),
            share_link: String::new(),
            event_link: String::new(),
            slidysim_link: String::new(),
            watch_text: String::new(),
        }
    }

    /// Copy an event's challenge link (`query`): kept to show if the clipboard refuses it.
    pub(super) fn copy_event(&mut self, query: &str) -> Effect {
        self.event_link = format!("{}{query}", self.base);
        Effect::Copy {
            text: self.event_link.clone(),
            what: Copying::Event,
        }
    }

    /// A friend's result that belongs to an event (the event part keeps it).
    pub(super) fn take_challenge(&mut self) -> Option<Challenge> {
        self.challenge.take()
    }

    /// The Replay link field's text.
    pub fn watch_text(&self) -> &str {
        &self.watch_text
    }

    /// The page's address without its query.
    pub fn base(&self) -> &str {
        &self.base
    }

    /// Carries out `action` on what the page shows.
    pub fn reduce(&mut self, action: ShareAction, shown: Shown<'_>) -> Vec<Effect> {
        let result = shown.result;
        match action {
            ShareAction::CopyLink => return copy(Some(self.share_link.clone()), Copying::Link),
            ShareAction::CopyReplayLink => return copy(self.replay_link(result), Copying::Replay),
            ShareAction::CopySlidysim => {
                let write = timed(result).map(|r| ToStore::WriteSlidysim {
                    start: r.solve.start.clone(),
                    moves: r.path.clone(),
                    times: r.solve.times.clone(),
                });
                return write.into_iter().map(Effect::Store).collect();
            }
            ShareAction::Written(Ok(link)) => {
                self.slidysim_link = link.clone();
                return copy(Some(link), Copying::Slidysim);
            }
            ShareAction::LinkText(text) => self.watch_text = text,
            // The page's: they open a board, or tell why not.
            ShareAction::Written(Err(_)) | ShareAction::Watch | ShareAction::Read(_) => {}
            ShareAction::Copied { what, ok } => self.shared = self.copied(what, ok, result),
            ShareAction::ShowEmbed => {
                let embed_link = format!(
                    "{}{}",
                    self.base,
                    self.query_of(shown.game, shown.times, true)
                );
                self.shared = Shared::Snippet(iframe_snippet(&embed_link));
            }
            ShareAction::IncludeResult(on) => self.include_result = on,
            ShareAction::IncludeMoves(on) => self.include_moves = on,
            ShareAction::ShareResult => return copy(self.share_text(result), Copying::Result),
            ShareAction::GiveUp => {
                if let Some(c) = self.challenge.as_mut() {
                    c.revealed = true;
                }
            }
        }
        Vec::new()
    }

    /// What the share panel says once the clipboard took a copy, or refused it: the text to
    /// copy by hand then.
    fn copied(&self, what: Copying, ok: bool, result: Option<&HandResult>) -> Shared {
        if ok {
            return Shared::Copied(what);
        }
        let text = match what {
            Copying::Link => Some(self.share_link.clone()),
            Copying::Result => self.share_text(result),
            Copying::Replay => self.replay_link(result),
            Copying::Slidysim => Some(self.slidysim_link.clone()),
            Copying::Event => Some(self.event_link.clone()),
        };
        Shared::ToCopy(what, text.unwrap_or_default())
    }

    /// After an action: the links written anew from what the page shows; the address bar
    /// follows, and a copy or a snippet of an old link goes.
    pub(super) fn follow(&mut self, shown: Shown<'_>, fx: &mut Vec<Effect>) {
        let query = match (&shown.event, self.embed) {
            (Some(event), false) => event.clone(),
            _ => self.query_of(shown.game, shown.times, self.embed),
        };
        self.link = if self.embed {
            format!(
                "{}{}",
                self.base,
                self.query_of(shown.game, shown.times, false)
            )
        } else {
            format!("{}{query}", self.base)
        };
        if query != self.query {
            fx.push(Effect::ReplaceQuery(query.clone()));
            self.query = query;
        }
        let share_link = (self.challenge_link(shown.result)).unwrap_or_else(|| self.link.clone());
        if share_link != self.share_link {
            self.shared = Shared::Nothing;
            self.share_link = share_link;
        }
    }

    /// The query of a link to what `game` shows: the replay's start, moves and step while a
    /// solution is shown (with `times`, a replay link, which plays from the start at its pace),
    /// else the board itself; a daily's address is the daily's (spoiler-free, and a reload
    /// starts it again).
    fn query_of(&self, game: &Game, times: Option<&MoveTimes>, embed: bool) -> String {
        if let Some(daily) = &self.daily {
            return write_daily_query(daily, None, embed);
        }
        let timed = (game.replay().zip(game.replay_start()).zip(times)).filter(|_| !embed);
        if let Some(((r, start), times)) = timed
            && let Ok(start) = Position::new(start, game.goal().clone())
        {
            return write_replay_query(&start, &r.moves, times.times());
        }
        match (game.replay(), game.replay_start(), game.replay_step()) {
            (Some(r), Some(start), Some(step)) => {
                write_query(&start, game.goal(), Some((&r.moves, step)), embed)
            }
            _ => write_query(game.board(), game.goal(), None, embed),
        }
    }

    /// The link Copy link gives after a solve by hand: the start board with the result as a
    /// challenge (and the moves, if asked). A solve with help challenges nobody.
    fn challenge_link(&self, result: Option<&HandResult>) -> Option<String> {
        let r = result.filter(|r| self.include_result && !r.solve.assisted)?;
        let target = LinkedChallenge {
            moves: r.path.len(),
            millis: r.solve.millis,
            proof: Some(r.path.clone()),
        };
        let query = match r.daily {
            Some(d) => write_daily_query(&d, Some((&target, self.include_moves)), false),
            None => write_challenge_query(&r.solve.start, &target, self.include_moves),
        };
        Some(format!("{}{query}", self.base))
    }

    /// The link Copy replay link gives after a solve by hand: its board, moves and their times.
    fn replay_link(&self, result: Option<&HandResult>) -> Option<String> {
        let r = timed(result)?;
        let query = write_replay_query(&r.solve.start, &r.path, &r.solve.times);
        Some(format!("{}{query}", self.base))
    }

    /// The text Share result copies: date, size, moves, time, efficiency and the link, never
    /// the moves themselves.
    pub fn share_text(&self, result: Option<&HandResult>) -> Option<String> {
        let r = result?;
        if let Some((date, size, rank)) = &self.race {
            let s = &r.solve;
            return Some(format!(
                "Slide daily race {date} · {}\nRank {rank} · {} moves in {}\n{}{}",
                size.replace('x', "×"),
                r.path.len(),
                time_text(s.millis),
                self.base,
                super::racing::Race::query(date, size),
            ));
        }
        let d = r.daily?;
        let s = &r.solve;
        let efficiency = match (s.efficiency(), s.optimal, s.best_known) {
            (Some(e), Some(n), _) => {
                format!(" · {} % of the shortest ({n})", decimals(e * 100.0, 0))
            }
            (Some(e), None, Some(n)) => {
                format!(" · {} % of the best known ({n})", decimals(e * 100.0, 0))
            }
            _ => String::new(),
        };
        Some(format!(
            "Slide daily {} · {}×{}\n{} moves in {}{efficiency}\n{}{}",
            d.date,
            d.width,
            d.height,
            r.path.len(),
            time_text(s.millis),
            self.base,
            write_daily_query(&d, None, false)
        ))
    }

    /// Embedded, the page that embeds this one hears of each move (`moved`, on `game` as it is
    /// now, at `now_ms`), and of the solve (`solved_before`: it was solved already).
    pub(super) fn tell_parent(
        &self,
        game: &Game,
        moved: bool,
        solved_before: bool,
        now_ms: f64,
    ) -> Vec<Effect> {
        if !self.embed || !moved {
            return Vec::new();
        }
        let mut fx = vec![Effect::Post(ParentMessage::Move {
            board: game.board().to_string(),
            moves: game.moves_made(),
        })];
        if game.is_solved() && !solved_before {
            fx.push(Effect::Post(ParentMessage::Solved {
                moves: game.moves_made(),
                millis: game.elapsed_ms(now_ms).round(),
            }));
        }
        fx
    }

    /// A solve by hand settles the challenge on this board, if there is one.
    pub(super) fn settle(&mut self, solve: &Solve) {
        if let Some(c) = self.challenge.as_mut() {
            c.settle(solve);
        }
    }

    /// Another board: a challenge and a daily belong to the one before.
    pub(super) fn leave_board(&mut self) {
        self.challenge = None;
        self.daily = None;
    }

    /// The daily race just entered (its date, size and rank), or none.
    pub(super) fn set_race(&mut self, race: Option<(String, String, usize)>) {
        self.race = race;
    }

    /// The daily of a date and size is on the board now.
    pub(super) fn set_daily(&mut self, daily: LinkedDaily) {
        self.daily = Some(daily);
    }

    pub fn embed(&self) -> bool {
        self.embed
    }

    pub fn shared(&self) -> &Shared {
        &self.shared
    }

    pub fn include_result(&self) -> bool {
        self.include_result
    }

    pub fn include_moves(&self) -> bool {
        self.include_moves
    }

    pub fn daily(&self) -> Option<LinkedDaily> {
        self.daily
    }

    pub fn challenge(&self) -> Option<&Challenge> {
        self.challenge.as_ref()
    }

    /// The link Copy link copies, as of the last action.
    pub fn share_link(&self) -> &str {
        &self.share_link
    }

    /// The link to what the page shows (never in embed mode), as of the last action.
    pub fn link(&self) -> &str {
        &self.link
    }

    /// The query in the address bar, as of the last action.
    pub fn query(&self) -> &str {
        &self.query
    }

    /// The folder the page is served from (`https://example.org/slide/`).
    pub fn folder(&self) -> &str {
        &self.base[..self.base.rfind('/').map_or(0, |i| i + 1)]
    }
}

/// The `<iframe>` to paste into a page, as DESIGN.md gives it.
pub fn iframe_snippet(embed_link: &str) -> String {
    iframe(embed_link, "Sliding puzzle", 360, 460)
}

/// The `<iframe>` of a step of learn mode's stepper: the board with the stepper below it, in a
/// frame tall enough to read the step without scrolling on a course page.
pub fn lesson_snippet(embed_link: &str) -> String {
    iframe(
        embed_link,
        "Sliding puzzle: a search step by step",
        720,
        1100,
    )
}

/// An `<iframe>` of `link`. The link is already safe text (our own query writer); quotes are
/// escaped anyway.
fn iframe(link: &str, title: &str, width: u32, height: u32) -> String {
    format!(
        r#"<iframe src="{}" title="{title}" width="{width}" height="{height}"></iframe>"#,
        link.replace('&', "&amp;").replace('"', "&quot;")
    )
}
