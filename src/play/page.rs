//! The page as one model: everything it knows, an [`Action`] for everything that can happen to
//! it (a tap, a key, a timer tick, a worker's answer), and [`Page::reduce`], which applies one and
//! returns what the web layer must then do ([`Effect`]: send the worker a message, save the
//! settings, change the address bar, tell the embedding page).
//!
//! Nothing here imports a web crate: time and randomness come in as values, so every rule of the
//! page (a stale answer ignored, a cancelled comparison, a replay kept while a better answer
//! arrives) is decided here and tested natively. The web layer renders the model and turns
//! events into actions.

mod asking;
mod boards;
mod results;
mod view;

pub use boards::shuffled;
pub use results::{HandResult, Whose};
pub use view::iframe_snippet;

use super::challenge::Challenge;
use super::colours::TileColours;
use super::comparison::Comparison;
use super::daily::Date;
use super::editor::{Editing, Editor, FileProblem};
use super::game::{self, Game};
use super::link::{LinkedDaily, read_query};
use super::protocol::{FromWorker, Purpose, ToWorker};
use super::settings::Settings;
use super::solves::{History, size_name};
use super::solving::{Request, Summary};
use super::watchdog::Watchdog;
use super::watching::Watching;
use crate::heuristics::Heuristic;
use crate::puzzle::board::Board;
use crate::puzzle::goal::Goal;
use crate::puzzle::moves::Move;
use crate::puzzle::position::Position;
use crate::puzzle::random::Rng;
use crate::solver::team::Team;
use crate::solver::{Method, Options};

/// Replay speeds offered, in moves a second.
pub const SPEEDS: std::ops::RangeInclusive<u32> = 1..=60;

/// The speed a replay of `moves` moves starts at: 4 moves a second, or faster for a long one,
/// so that it plays in about 20 seconds (a minute at most, for the longest 10×10 answers).
pub fn replay_speed(moves: usize) -> u32 {
    (moves.div_ceil(20) as u32).clamp(4, *SPEEDS.end())
}
/// Most helper workers a solve is shared with: four workers in all, as the benchmark's most (each
/// holds its own 16 MiB of pattern databases once it has helped).
pub const MAX_HELPERS: usize = 3;

/// Everything that can happen to the page.
#[derive(Clone, Debug, PartialEq)]
pub enum Action {
    /// The page is on screen: start what it needs (tables for a 4×4 board, say).
    Mounted,
    /// The machine's cores, as the browser tells: how many workers may share a hard solve.
    Cores(usize),
    /// A message from helper worker `worker` (1, 2, …; the game's own worker is 0 and speaks
    /// through [`Action::Worker`]).
    Helper {
        worker: usize,
        message: FromWorker,
    },
    /// A tap on the tile on this square: slides it (and those between it and the blank), or
    /// picks and swaps tiles while setting a board by hand.
    Tap(usize),
    /// One move, by key or swipe.
    Slide(Move),
    Undo,
    Redo,
    Shuffle,
    /// A new size: a fresh shuffle of it.
    Size(usize, usize),
    /// Shuffles leave most tiles out of place (or any solvable board).
    MostlyMisplaced(bool),
    /// The method picked (one of [`Method::OFFERED`]).
    Method(Method),
    Solve,
    Hint,
    /// Cancel the search (Stop keeps the best answer found so far).
    Cancel,
    /// A message from the worker.
    Worker(FromWorker),
    /// Worker `worker` (0: the game's; 1, 2, …: helpers) stopped: it crashed, or could not
    /// start. `why` says so in a few words (`it crashed: …`).
    WorkerStopped {
        worker: usize,
        why: String,
    },
    /// Worker `worker` has loaded and hears messages.
    WorkerReady {
        worker: usize,
    },
    /// Look for workers that owe an answer and have fallen silent (every
    /// [`LOOK_EVERY_MS`](super::watchdog::LOOK_EVERY_MS) while [`Page::awaiting`]).
    CheckWorkers,
    /// Play, or Pause.
    PlayPause,
    /// The replay timer: one step.
    Tick,
    /// One step of the replay: forward (`true`) or back.
    Step(bool),
    /// Jump to a step of the replay.
    Seek(usize),
    Speed(u32),
    /// Learn mode: every search on the board, one after another.
    Compare,
    /// Replay row `i` of the comparison.
    ReplayRow(usize),
    /// Start the step-through of A* (`false`) or greedy best-first (`true`).
    Watch(bool),
    /// One expansion of the step-through (Step, or its timer).
    WatchStep,
    /// Run or stop the step-through's timer.
    WatchRun(bool),
    /// The Board field's text.
    BoardText(String),
    /// Apply the typed board.
    ApplyBoard,
    /// A board file was read (or could not be).
    FileLoaded {
        name: String,
        contents: Result<String, FileProblem>,
    },
    /// Save the board to a file.
    SaveFile,
    /// Start (`true`) or finish setting tiles by hand.
    EditTiles(bool),
    /// Apply the swap that makes the board on show solvable.
    Fix,
    /// The Goal picker: a named goal, or `None` for Custom (its field opens).
    GoalKind(Option<Goal>),
    /// The Custom goal field's text.
    CustomGoalText(String),
    SetCustomGoal,
    /// A bundled picture's name, `none`, or `own`.
    Picture(String),
    /// A picture from the device, as an object URL.
    OwnPicture(String),
    Numbers(bool),
    /// Forget what the page remembers.
    ClearSettings,
    /// Tile colours: plain or fringe.
    TileColours(TileColours),
    CopyLink,
    /// The clipboard took the text (or refused it).
    Copied {
        what: Copying,
        ok: bool,
    },
    ShowEmbed,
    DismissAlert,
    /// Today's daily puzzle (at the daily size in play, 4×4 at first).
    Daily,
    /// Copy the spoiler-free result of the daily just solved.
    ShareResult,
    /// Replay the player's own solve, the shortest one, or the friend's (a challenge's).
    WatchSolve(Whose),
    /// Give up a challenge: the friend's moves are shown.
    GiveUp,
    /// After a solve, Copy link carries the result as a challenge (and the moves).
    IncludeResult(bool),
    IncludeMoves(bool),
    /// The format Export history writes.
    HistoryFormat(HistoryFormat),
    /// Offer the history as a file.
    ExportHistory(HistoryFormat),
    /// The statistics shown: of this size (`5x5`), or `None` for the size on the board.
    StatsSize(Option<String>),
    /// A history file was read (or could not be).
    ImportHistory {
        name: String,
        contents: Result<String, FileProblem>,
    },
    /// Clear history: asks first; `ConfirmClear(true)` clears, `false` keeps it.
    ClearHistory,
    ConfirmClear(bool),
}

/// What a copy was of.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Copying {
    Link,
    Result,
}

/// The history's file formats.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HistoryFormat {
    Json,
    Csv,
}

/// What the web layer must do after an action.
#[derive(Clone, Debug, PartialEq)]
pub enum Effect {
    Send(ToWorker),
    /// Send to helper worker `worker` (1, 2, …), started when first needed.
    Helper {
        worker: usize,
        message: ToWorker,
    },
    /// Send on the worker channel that measures solves by hand (so Solve and Hint, which
    /// replace each other's searches, never cancel a measure).
    Measure(ToWorker),
    /// End worker `worker` (0: the game's, with its measuring channel; 1, 2, …: helpers): it
    /// stopped or fell silent. The next message for it starts a fresh one.
    Restart(usize),
    /// Keep the history (JSON text).
    SaveHistory(String),
    SaveSettings(Settings),
    ForgetSettings,
    /// Show this query in the address bar (without a history entry).
    ReplaceQuery(String),
    /// Tell the page that embeds this one.
    Post(ParentMessage),
    /// Put text on the clipboard; answer with [`Action::Copied`].
    Copy {
        text: String,
        what: Copying,
    },
    /// Offer a text file for download.
    Download {
        name: String,
        text: String,
    },
    /// Release an object URL no longer shown.
    Revoke(String),
}

/// The messages an embedding page receives (DESIGN.md: Embedding).
#[derive(Clone, Debug, PartialEq)]
pub enum ParentMessage {
    /// `{"type":"slide:move","board":"…","moves":N}`
    Move { board: String, moves: usize },
    /// `{"type":"slide:solved","moves":N,"millis":T}`
    Solved { moves: usize, millis: f64 },
}

/// What the share panel shows.
#[derive(Clone, Debug, Default, PartialEq)]
pub enum Shared {
    #[default]
    Nothing,
    /// "Link copied".
    Copied,
    /// The clipboard was refused: the link to copy by hand.
    Field(String),
    /// The `<iframe>` snippet.
    Snippet(String),
    /// "Result copied".
    ResultCopied,
    /// The clipboard was refused: the result to copy by hand.
    ResultField(String),
}

/// What the player has kept from earlier visits.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Remembered {
    pub settings: Settings,
    pub history: History,
}

/// The date, as the page needs it: the player's, the latest anywhere (for dailies), and the time.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Calendar {
    /// The player's date.
    pub today: Date,
    /// The latest date on Earth: later dailies are not out.
    pub latest: Date,
    /// Milliseconds since 1970 UTC.
    pub epoch_ms: f64,
}

impl Calendar {
    /// The calendar at `epoch_ms`, in a time zone `offset_minutes` ahead of UTC.
    pub fn at(epoch_ms: f64, offset_minutes: i32) -> Calendar {
        Calendar {
            today: Date::at(epoch_ms, offset_minutes),
            latest: Date::latest_at(epoch_ms),
            epoch_ms,
        }
    }
}

/// The whole page.
#[derive(Debug)]
pub struct Page {
    pub game: Game,
    pub settings: Settings,
    /// Embed mode: the board and its essential controls only.
    pub embed: bool,
    /// The page's address without its query, for links.
    pub base: String,
    pub alert: Option<String>,
    pub mostly_misplaced: bool,
    /// The method picked for Solve.
    pub method: Method,
    /// The search the page waits for.
    pub request: Option<Request>,
    /// Where the solution on show came from.
    pub summary: Option<Summary>,
    /// The first move of a shortest solution from this board.
    pub hint: Option<(Board, Move)>,
    pub playing: bool,
    pub speed: u32,
    pub comparison: Comparison,
    pub watching: Watching,
    pub editor: Editor,
    pub shared: Shared,
    /// The player's own picture (an object URL), while chosen.
    pub own_picture: Option<String>,
    /// Every solve by hand.
    pub history: History,
    /// The last solve by hand, until the next board.
    pub result: Option<HandResult>,
    /// The daily puzzle in play.
    pub daily: Option<LinkedDaily>,
    /// A friend's result to beat.
    pub challenge: Option<Challenge>,
    /// Clear history was asked: waiting for the confirmation.
    pub confirm_clear: bool,
    /// After a solve, Copy link carries the result (and the moves).
    pub include_result: bool,
    pub include_moves: bool,
    /// The history import's report or problem.
    pub import_note: Option<String>,
    /// The format Export history writes.
    pub export_format: HistoryFormat,
    /// The size whose statistics are shown, when the player picked one other than the board's.
    pub stats_size: Option<String>,
    /// Today, for dailies and the history; the web layer keeps it current.
    pub calendar: Calendar,
    /// The measure in flight: its request and the solve it measures.
    measuring: Option<(u32, u64)>,
    /// Workers beside the game's that may share a hard solve (the cores less one, at most
    /// [`MAX_HELPERS`]).
    pub helpers: usize,
    /// The game's worker and the helpers, sharing IDA* solves (see [`crate::solver::team`]).
    team: Option<Team>,
    next_id: u32,
    rng: Rng,
    /// The query in the address bar.
    address: String,
    /// The goal whose pattern databases were asked for.
    prepared: Option<String>,
    /// When each worker was last heard from, to notice one that died without a word.
    watchdog: Watchdog,
}

/// What the page looked like before an action, to see what it changed.
struct Before {
    moves: usize,
    /// The game's start and the board being set by hand, if any: either changing is a new board.
    started: (Position, Option<Position>),
    solutions: u32,
    board: Board,
    goal: Board,
    solved: bool,
    by_hand: bool,
    link: String,
}

impl Page {
    /// The size whose statistics are shown (`4x4`): the one picked, else the board's.
    pub fn stats_size(&self) -> String {
        let b = self.game.board();
        self.stats_size
            .clone()
            .unwrap_or_else(|| size_name(b.width(), b.height()))
    }

    /// The sizes the statistics can show: every size solved by hand, and the board's.
    pub fn stats_sizes(&self) -> Vec<String> {
        let b = self.game.board();
        let mut sizes: Vec<(usize, usize, String)> = self
            .history
            .solves
            .iter()
            .map(|s| (s.start.width(), s.start.height()))
            .chain(std::iter::once((b.width(), b.height())))
            .map(|(w, h)| (w * h, w, size_name(w, h)))
            .collect();
        sizes.sort();
        sizes.dedup();
        sizes.into_iter().map(|(_, _, name)| name).collect()
    }

    /// The page as a link (`query`) opens it, with what the player kept; `rng` shuffles.
    pub fn open(
        query: &str,
        base: &str,
        remembered: Remembered,
        calendar: Calendar,
        mut rng: Rng,
    ) -> Page {
        let Remembered { settings, history } = remembered;
        let request = read_query(query);
        let mut alert = request.problem.clone();
        let mut summary = None;
        // A daily opens below, once the page knows the date.
        let position = request.position.or_else(|| {
            request
                .daily
                .and_then(|d| crate::play::daily::board(d.date, d.width, d.height).ok())
        });
        let game = match position {
            Some(p) => {
                let mut game = Game::new(p);
                if let Some(replay) = request.replay {
                    game.apply(game::Action::ShowSolution {
                        moves: replay.moves,
                        optimal: false,
                    });
                    game.apply(game::Action::SeekStep(replay.step));
                    summary = Some(Summary::Link);
                }
                game
            }
            None => {
                if let Some(p) = alert.as_mut() {
                    p.push_str(" Here is a fresh board instead.");
                }
                let (w, h) = settings.size;
                match shuffled(w, h, true, &settings.goal(), &mut rng) {
                    Ok(game) => game,
                    // Without a usable size, the solved 8-puzzle still makes a playable page.
                    Err(e) => {
                        alert = Some(e);
                        Game::new(Position::default())
                    }
                }
            }
        };
        let editor = Editor {
            custom_goal: game.goal().to_string(),
            ..Editor::default()
        };
        let mut page = Page {
            game,
            settings,
            embed: request.embed,
            base: base.to_string(),
            alert,
            mostly_misplaced: true,
            method: Method::default(),
            request: None,
            summary,
            hint: None,
            playing: false,
            speed: replay_speed(0),
            comparison: Comparison::default(),
            watching: Watching::default(),
            editor,
            shared: Shared::Nothing,
            own_picture: None,
            history,
            result: None,
            daily: None,
            challenge: request.challenge.map(Challenge::new),
            confirm_clear: false,
            include_result: true,
            include_moves: false,
            import_note: None,
            export_format: HistoryFormat::Json,
            stats_size: None,
            calendar,
            measuring: None,
            next_id: 0,
            helpers: 0,
            team: None,
            rng,
            address: String::new(),
            prepared: None,
            watchdog: Watchdog::default(),
        };
        if let Some(d) = request.daily
            && let Err(problem) = page.open_daily(d.date, d.width, d.height)
        {
            page.alert = Some(format!("{problem} Here is a fresh board instead."));
            page.challenge = None;
            let (w, h) = page.settings.size;
            if let Ok(game) = shuffled(w, h, true, &page.settings.goal(), &mut page.rng) {
                page.game = game;
            }
        }
        if let Some(replay) = page.game.replay() {
            page.speed = replay_speed(replay.moves.len());
        }
        page.address = page.query(page.embed);
        page
    }

    /// Applies `action`, which happened at `now_ms` on the page's clock; returns what the web
    /// layer must do.
    pub fn reduce(&mut self, action: Action, now_ms: f64) -> Vec<Effect> {
        let before = self.before();
        let mut fx = Vec::new();
        self.apply(action, now_ms, &mut fx);
        self.follow(before, now_ms, &mut fx);
        // A worker given work has until its silence says otherwise.
        for effect in &fx {
            match effect {
                Effect::Send(_) | Effect::Measure(_) => self.watchdog.heard(0, now_ms),
                Effect::Helper { worker, .. } => self.watchdog.heard(*worker, now_ms),
                _ => {}
            }
        }
        fx
    }

    fn before(&self) -> Before {
        Before {
            moves: self.game.moves_made(),
            started: self.started(),
            solutions: self.game.solutions(),
            board: self.game.board().clone(),
            goal: self.game.goal().clone(),
            solved: self.game.is_solved(),
            by_hand: self.game.solved_by_hand(),
            link: self.share_link(),
        }
    }

    fn apply(&mut self, action: Action, now_ms: f64, fx: &mut Vec<Effect>) {
        match action {
            Action::Mounted => fx.push(Effect::Send(self.site())),
            Action::Tap(square) if self.editor.editing.is_some() => self.editor.tap(square),
            Action::Tap(square) => {
                self.playing = false;
                self.game.apply(game::Action::Tap { square, now_ms });
            }
            Action::Slide(mv) => {
                self.playing = false;
                self.game.apply(game::Action::Move { mv, now_ms });
            }
            Action::Undo => {
                self.game.apply(game::Action::Undo);
            }
            Action::Redo => {
                self.game.apply(game::Action::Redo);
            }
            Action::Shuffle => {
                let (w, h) = (self.game.board().width(), self.game.board().height());
                self.new_game(w, h, fx);
            }
            Action::Size(w, h) => {
                // The statistics follow the board to its new size.
                self.stats_size = None;
                self.new_game(w, h, fx);
            }
            Action::MostlyMisplaced(on) => self.mostly_misplaced = on,
            Action::Method(method) => self.method = method,
            Action::Solve => {
                self.summary = None;
                self.playing = false;
                self.ask(Purpose::Solve, None, now_ms, fx);
            }
            Action::Hint => self.ask(Purpose::Hint, None, now_ms, fx),
            Action::Cancel => self.cancel(fx),
            Action::Worker(message) => {
                self.watchdog.heard(0, now_ms);
                self.receive(0, message, now_ms, fx)
            }
            Action::Helper { worker, message } if worker > 0 => {
                self.watchdog.heard(worker, now_ms);
                self.receive(worker, message, now_ms, fx)
            }
            Action::WorkerReady { worker } => self.watchdog.ready(worker, now_ms),
            Action::WorkerStopped { worker, why } => self.worker_stopped(worker, why, fx),
            Action::CheckWorkers => {
                let owing = self.owing();
                for worker in self.watchdog.silent(&owing, now_ms) {
                    let why = format!(
                        "it fell silent for {} s",
                        (super::watchdog::SILENCE_MS / 1000.0).round()
                    );
                    self.worker_stopped(worker, why, fx);
                }
            }
            Action::Helper { .. } => {}
            Action::Cores(cores) => {
                self.helpers = cores.saturating_sub(1).min(MAX_HELPERS);
                self.team = None;
            }
            Action::PlayPause => {
                if !self.playing && self.game.next_replay_move().is_none() {
                    // At the end: play again from the start.
                    self.game.apply(game::Action::SeekStep(0));
                }
                self.playing = !self.playing;
            }
            Action::Tick | Action::Step(true) => {
                self.game.apply(game::Action::StepForward);
            }
            Action::Step(false) => {
                self.game.apply(game::Action::StepBack);
            }
            Action::Seek(step) => {
                self.game.apply(game::Action::SeekStep(step));
            }
            Action::Speed(s) => self.speed = s.clamp(*SPEEDS.start(), *SPEEDS.end()),
            Action::Compare => {
                self.cancel(fx);
                self.comparison.start(self.game.board().clone());
                self.ask_next_row(now_ms, fx);
            }
            Action::ReplayRow(i) => self.replay_row(i),
            Action::Watch(greedy) => {
                let (board, goal) = (self.game.board().clone(), self.game.goal().clone());
                self.watching.start(&board, &goal, greedy);
            }
            Action::WatchStep => self.watching.step(),
            Action::WatchRun(on) => self.watching.running = on && self.watching.active(),
            Action::BoardText(text) => self.editor.input(text),
            Action::ApplyBoard => {
                if let Some(board) = self.editor.apply() {
                    self.start_board(board, fx);
                }
            }
            Action::FileLoaded { name, contents } => {
                if let Some(board) = self.editor.file(&name, contents) {
                    self.start_board(board, fx);
                }
            }
            Action::SaveFile => {
                let board = self.shown().board();
                fx.push(Effect::Download {
                    name: format!("slide-{}x{}.txt", board.width(), board.height()),
                    text: board.to_file_text(),
                });
            }
            Action::EditTiles(on) => match (self.editor.editing.take(), on) {
                (None, true) => {
                    self.editor.editing = Some(Editing::of(self.game.position().clone()))
                }
                (Some(e), false) => self.start_position(e.position, fx),
                (e, _) => self.editor.editing = e,
            },
            Action::Fix => self.fix(fx),
            Action::GoalKind(Some(goal)) => {
                self.editor.custom_open = false;
                self.choose_goal(goal, fx);
            }
            Action::GoalKind(None) => self.editor.custom_open = true,
            Action::CustomGoalText(text) => self.editor.custom_goal = text,
            Action::SetCustomGoal => {
                if let Some(goal) = self.editor.set_custom_goal() {
                    self.choose_goal(goal, fx);
                }
            }
            Action::Picture(picture) => {
                self.settings.picture = picture;
                fx.push(Effect::SaveSettings(self.settings.clone()));
            }
            Action::OwnPicture(url) => {
                if let Some(old) = self.own_picture.replace(url) {
                    fx.push(Effect::Revoke(old));
                }
            }
            Action::Numbers(on) => {
                self.settings.numbers = on;
                fx.push(Effect::SaveSettings(self.settings.clone()));
            }
            Action::ClearSettings => {
                // The game on screen keeps its goal; only what is remembered is forgotten.
                self.settings = Settings {
                    goal: self.settings.goal.clone(),
                    ..Settings::default()
                };
                fx.push(Effect::ForgetSettings);
            }
            Action::TileColours(colours) => {
                self.settings.colours = colours;
                fx.push(Effect::SaveSettings(self.settings.clone()));
            }
            Action::CopyLink => fx.push(Effect::Copy {
                text: self.share_link(),
                what: Copying::Link,
            }),
            Action::Copied { what, ok } => self.copied(what, ok),
            Action::ShowEmbed => self.shared = Shared::Snippet(iframe_snippet(&self.link(true))),
            Action::DismissAlert => self.alert = None,
            Action::Daily => {
                let (w, h) = self.daily.map_or((4, 4), |d| (d.width, d.height));
                self.new_daily(w, h, fx);
            }
            Action::ShareResult => {
                if let Some(text) = self.share_text() {
                    fx.push(Effect::Copy {
                        text,
                        what: Copying::Result,
                    });
                }
            }
            Action::WatchSolve(whose) => self.watch(whose),
            Action::GiveUp => {
                if let Some(c) = self.challenge.as_mut() {
                    c.revealed = true;
                }
            }
            Action::IncludeResult(on) => self.include_result = on,
            Action::IncludeMoves(on) => self.include_moves = on,
            Action::HistoryFormat(format) => self.export_format = format,
            Action::StatsSize(size) => self.stats_size = size,
            Action::ExportHistory(format) => {
                let date = self.calendar.today;
                let (text, extension) = match format {
                    HistoryFormat::Json => (self.history.to_json().to_string(), "json"),
                    HistoryFormat::Csv => (self.history.to_csv(), "csv"),
                };
                fx.push(Effect::Download {
                    name: format!("slide-history-{date}.{extension}"),
                    text,
                });
            }
            Action::ImportHistory { name, contents } => self.import_history(&name, contents, fx),
            Action::ClearHistory => self.confirm_clear = !self.history.solves.is_empty(),
            Action::ConfirmClear(clear) => {
                self.confirm_clear = false;
                if clear {
                    self.history = History::default();
                    self.import_note = Some("History cleared.".into());
                    fx.push(self.save_history());
                }
            }
        }
    }

    /// Reads a history file into the history, and says what it did.
    fn import_history(
        &mut self,
        name: &str,
        contents: Result<String, FileProblem>,
        fx: &mut Vec<Effect>,
    ) {
        let text = match contents {
            Ok(text) => text,
            Err(FileProblem::TooLarge) => {
                self.import_note = Some(format!("{name}: the file is too large for a history."));
                return;
            }
            Err(FileProblem::NotText) => {
                self.import_note = Some(format!("{name}: the file cannot be read as text."));
                return;
            }
        };
        self.import_note = Some(match self.history.import(&text) {
            Ok(report) => {
                fx.push(self.save_history());
                let mut note = format!(
                    "{name}: {} solve{} added, {} already here.",
                    report.added,
                    if report.added == 1 { "" } else { "s" },
                    report.known
                );
                if !report.problems.is_empty() {
                    note.push_str(&format!(" Left out: {}.", report.problems.join("; ")));
                }
                note
            }
            Err(problem) => format!("{name}: {problem}"),
        });
    }

    /// What follows from any action: a replay that reached its end stops, a hint or a
    /// step-through for another board goes, the embedding page hears of moves, a win is
    /// recorded, the address bar follows the board, the tables a 4×4 board needs are prepared.
    fn follow(&mut self, before: Before, now_ms: f64, fx: &mut Vec<Effect>) {
        if self.started() != before.started {
            self.editor.new_board();
        }
        if self.game.solutions() != before.solutions
            && let Some(replay) = self.game.replay()
        {
            self.speed = replay_speed(replay.moves.len());
        }
        let g = &self.game;
        if self.playing && (g.replay().is_none() || g.next_replay_move().is_none()) {
            self.playing = false;
        }
        if self.hint.as_ref().is_some_and(|(b, _)| b != g.board()) {
            self.hint = None;
        }
        if &before.board != g.board() || &before.goal != g.goal() {
            self.watching.reset();
        }
        if self.embed && (before.moves != g.moves_made() || &before.board != g.board()) {
            fx.push(Effect::Post(ParentMessage::Move {
                board: g.board().to_string(),
                moves: g.moves_made(),
            }));
            if g.is_solved() && !before.solved {
                fx.push(Effect::Post(ParentMessage::Solved {
                    moves: g.moves_made(),
                    millis: g.elapsed_ms(now_ms).round(),
                }));
            }
        }
        if g.solved_by_hand() && !before.by_hand {
            // A solve with help is kept, marked, but is no best.
            if !g.helped() {
                let b = g.board();
                self.settings
                    .record(b.width(), b.height(), g.moves_made(), g.elapsed_ms(now_ms));
                fx.push(Effect::SaveSettings(self.settings.clone()));
            }
            // Embedded, the page that embeds this one hears of the solve; the result, the
            // history and the measure belong to the game's own page.
            if !self.embed {
                self.solved_by_hand(now_ms, fx);
            }
        }
        let query = self.query(self.embed);
        if query != self.address {
            self.address = query.clone();
            fx.push(Effect::ReplaceQuery(query));
        }
        if self.share_link() != before.link {
            self.shared = Shared::Nothing;
        }
        let goal = self.game.goal().to_string();
        if self.uses_tables() && self.prepared.as_ref() != Some(&goal) {
            fx.push(Effect::Send(ToWorker::Prepare { goal: goal.clone() }));
            self.prepared = Some(goal);
        }
    }

    /// The game's start and the board being set by hand, if any.
    fn started(&self) -> (Position, Option<Position>) {
        let editing = self.editor.editing.as_ref().map(|e| e.position.clone());
        (self.game.start().clone(), editing)
    }

    /// Whether Solve on this board would use pattern databases (so they are prepared now).
    fn uses_tables(&self) -> bool {
        let options = Options {
            algorithm: self.method.algorithm,
            heuristic: self.method.heuristic,
            ..Options::default()
        };
        Method::resolve(&options, self.game.board(), self.game.goal()).heuristic
            == Some(Heuristic::Pdb)
    }
}
