//! Links: a position (and a replay) in a URL's query string, read and written; the room's parts
//! are what links carry:
//!
//! - [`replay`]: a solve's moves and their times in a link; [`pace`]: a replay at the pace
//!   played, and its figures at each step.
//! - [`challenge`]: a friend's result to beat.
//! - [`slidysim`]: Open Slidysim's replay links, read and written.
//!
//!
//! `?board=8,6,7/2,5,4/3,0,1` opens that board; `goal` (`blank-last`, `blank-first` or a board),
//! `moves` (a sequence to replay from the board) and `step` (the replay position) may follow, and
//! `embed=1` asks for the framed layout. `daily=2026-11-23` (with `size=5x5`) opens that date's
//! daily board instead, and `challenge=67,83456` is a friend's result to beat (then `moves`, if
//! given, are the friend's moves, kept hidden until the player has solved or given up).
//! `replay=RDLU….AgBk…` is a solve by hand with its pace (see [`replay`]), played back
//! on the board at the pace it was played. Shared links must keep working forever, so this format is
//! fixed by DESIGN.md. Text from a URL is hostile until proven otherwise: each value is
//! percent-decoded once, capped in length, parsed by the one parser of the core, and only ever
//! shown as text. Whatever cannot be honoured becomes one message for a `role="alert"`.

pub mod challenge;
pub mod pace;
pub mod replay;
pub mod slidysim;

use super::event::Event;
use super::game::daily::Date;
use super::learn::stepping::{ESTIMATES, WATCHED};
use crate::heuristics::Heuristic;
use crate::puzzle::board::{Board, check_size};
use crate::puzzle::goal::Goal;
use crate::puzzle::moves::Move;
use crate::puzzle::notation::{format_moves, parse_board, parse_moves};
use crate::puzzle::position::Position;
use crate::solver::Algorithm;

/// Longest parameter value read: a 10×10 board is under 300 characters, a replay of a long
/// greedy solution thousands of moves. (Static servers commonly refuse URLs past 8–16 KB anyway.)
pub const MAX_PARAM: usize = 10_000;

/// What a link asks for, as far as it can be honoured.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct LinkRequest {
    /// The board and goal to open, if the link gives a usable one.
    pub position: Option<Position>,
    /// A replay of the position, if the link gives a usable one.
    pub replay: Option<LinkedReplay>,
    /// `embed=1`: only the board and its essential controls.
    pub embed: bool,
    /// `daily=…`: the daily board of a date (not yet checked against the calendar).
    pub daily: Option<LinkedDaily>,
    /// `challenge=…`: a friend's result to beat.
    pub challenge: Option<LinkedChallenge>,
    /// `event=…`: the event the board (or the daily) is for.
    pub event: Option<Event>,
    /// `race=DATE&size=SIZE`: the daily race's leaderboard of that day and size (`4x4` by
    /// default); today's, the race itself if not yet started.
    pub race: Option<(String, String)>,
    /// `learn=…`: learn mode's stepper open on the board, at a step.
    pub lesson: Option<LinkedLesson>,
    /// What could not be honoured, in words for the player.
    pub problem: Option<String>,
}

/// A replay a link asks for: `moves` from the linked board, shown at `step`; with `times` (a
/// solve by hand, `replay=`), when each move was made, in milliseconds from the first.
#[derive(Clone, Debug, PartialEq)]
pub struct LinkedReplay {
    pub moves: Vec<Move>,
    pub step: usize,
    pub times: Option<Vec<f64>>,
}

/// The stepper a link opens: `learn=astar&heuristic=hamming&step=3000`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct LinkedLesson {
    pub algorithm: Algorithm,
    pub heuristic: Heuristic,
    /// The step to open at (0: before the first).
    pub step: u64,
}

/// The daily puzzle a link asks for.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct LinkedDaily {
    pub date: Date,
    pub width: usize,
    pub height: usize,
}

/// A friend's result a link carries: `challenge=MOVES,MILLIS`, and maybe their moves.
#[derive(Clone, Debug, PartialEq)]
pub struct LinkedChallenge {
    pub moves: usize,
    pub millis: f64,
    /// The moves the friend made (`moves=`), to be checked once revealed.
    pub proof: Option<Vec<Move>>,
}

/// Reads a query string (with or without the leading `?`). Unknown parameters are ignored.
pub fn read_query(query: &str) -> LinkRequest {
    let raw = RawParams::read(query);
    let mut request = LinkRequest {
        embed: raw.embed == Some("1"),
        ..LinkRequest::default()
    };
    let challenge = raw
        .challenge
        .map(|c| read_challenge(c, raw.moves))
        .transpose();
    match challenge {
        Ok(c) => request.challenge = c,
        Err(problem) => {
            request.problem = Some(problem);
            return request;
        }
    }
    match raw.event.map(read_event).transpose() {
        Ok(event) => request.event = event,
        Err(problem) => {
            request.challenge = None;
            request.problem = Some(problem);
            return request;
        }
    }
    if let Some(date) = raw.race {
        match read_race(date, raw.size) {
            Ok(race) => request.race = Some(race),
            Err(problem) => request.problem = Some(problem),
        }
        return request;
    }
    if let Some(date) = raw.daily {
        match read_daily(date, raw.size) {
            Ok(daily) => request.daily = Some(daily),
            Err(problem) => {
                request.challenge = None;
                request.problem = Some(problem);
            }
        }
        return request;
    }
    let Some(board_text) = raw.board else {
        if raw.moves.is_some()
            || raw.goal.is_some()
            || raw.replay.is_some()
            || request.challenge.is_some()
            || request.event.is_some()
            || raw.learn.is_some()
        {
            request.problem = Some("The link has no board to go with its other settings.".into());
            request.challenge = None;
        }
        return request;
    };
    let position = match read_position(board_text, raw.goal) {
        Ok(p) => p,
        Err(problem) => {
            // A challenge is on its board: without the board it means nothing.
            request.challenge = None;
            request.problem = Some(problem);
            return request;
        }
    };
    if !read_replays(&mut request, &raw, position.board()) {
        return request;
    }
    if let Some(learn) = raw.learn {
        // The step is the replay's where the link has moves.
        let step = raw.step.filter(|_| raw.moves.is_none());
        match read_lesson(learn, raw.heuristic, step) {
            Ok((lesson, problem)) => {
                request.lesson = Some(lesson);
                request.problem = request.problem.take().or(problem);
            }
            Err(problem) => request.problem = Some(problem),
        }
    }
    request.position = Some(position);
    request
}

/// The stepper a link opens, and what of it had to be ignored (an estimate or a step that
/// cannot be used: Manhattan distance, and the start, instead).
fn read_lesson(
    learn: &str,
    heuristic: Option<&str>,
    step: Option<&str>,
) -> Result<(LinkedLesson, Option<String>), String> {
    let learn = decode("learn", learn)?;
    let algorithm = Algorithm::from_name(&learn)
        .filter(|a| WATCHED.contains(a))
        .ok_or_else(|| {
            format!(
                "The link's learn \"{}\" is not a search the stepper shows: astar, greedy, idastar, bfs or dfs.",
                learn.chars().take(20).collect::<String>()
            )
        })?;
    let mut lesson = LinkedLesson {
        algorithm,
        heuristic: Heuristic::Manhattan,
        step: 0,
    };
    let mut problem = None;
    if let Some(text) = heuristic {
        let text = decode("heuristic", text)?;
        match Heuristic::from_name(&text).filter(|h| ESTIMATES.contains(h)) {
            Some(h) => lesson.heuristic = h,
            None => {
                problem = Some(format!(
                    "The link's heuristic \"{}\" is not one the stepper takes (hamming, manhattan or linear-conflict): it uses Manhattan distance.",
                    text.chars().take(20).collect::<String>()
                ))
            }
        }
    }
    if let Some(text) = step {
        let text = decode("step", text)?;
        match text.trim().parse::<u64>() {
            Ok(step) => lesson.step = step,
            Err(_) => {
                problem = Some(format!(
                    "The link's step \"{}\" is not a step of the search; the stepper opens at the start.",
                    text.chars().take(12).collect::<String>()
                ))
            }
        }
    }
    Ok((lesson, problem))
}

/// A link's replay of its board, timed or not, into `request`: false when a timed replay
/// cannot be played, which leaves no board to open.
fn read_replays(request: &mut LinkRequest, raw: &RawParams, board: &Board) -> bool {
    // With a challenge, the moves are the friend's, not a replay; a timed replay is the link's
    // point, so one that cannot be played leaves no board to open (a fresh one instead). An
    // event's board is played, not replayed.
    let replayed = request.challenge.is_none() && request.event.is_none();
    if let Some(text) = raw.replay.filter(|_| replayed) {
        match read_timed_replay(board, text) {
            Ok(replay) => request.replay = Some(replay),
            Err(problem) => {
                request.problem = Some(problem);
                return false;
            }
        }
    } else if let Some(moves_text) = raw.moves.filter(|_| replayed) {
        match read_replay(board, moves_text, raw.step) {
            Ok((replay, problem)) => {
                request.replay = Some(replay);
                request.problem = problem;
            }
            Err(problem) => request.problem = Some(problem),
        }
    }
    true
}

#[derive(Default)]
struct RawParams<'a> {
    board: Option<&'a str>,
    goal: Option<&'a str>,
    moves: Option<&'a str>,
    step: Option<&'a str>,
    embed: Option<&'a str>,
    daily: Option<&'a str>,
    size: Option<&'a str>,
    challenge: Option<&'a str>,
    replay: Option<&'a str>,
    event: Option<&'a str>,
    race: Option<&'a str>,
    learn: Option<&'a str>,
    heuristic: Option<&'a str>,
}

impl<'a> RawParams<'a> {
    /// The parameters of a query (with or without its `?`), each as written; unknown ones
    /// ignored.
    fn read(query: &'a str) -> RawParams<'a> {
        let query = query.strip_prefix('?').unwrap_or(query);
        let mut raw = RawParams::default();
        for pair in query.split('&').filter(|p| !p.is_empty()) {
            let (key, value) = pair.split_once('=').unwrap_or((pair, ""));
            let field = match key {
                "board" => &mut raw.board,
                "goal" => &mut raw.goal,
                "moves" => &mut raw.moves,
                "step" => &mut raw.step,
                "embed" => &mut raw.embed,
                "daily" => &mut raw.daily,
                "size" => &mut raw.size,
                "challenge" => &mut raw.challenge,
                "replay" => &mut raw.replay,
                "event" => &mut raw.event,
                "race" => &mut raw.race,
                "learn" => &mut raw.learn,
                "heuristic" => &mut raw.heuristic,
                _ => continue,
            };
            *field = Some(value);
        }
        raw
    }
}

/// `race=DATE` with `size=`: a date and a race size, read (whether the day has begun is the
/// server's to say).
fn read_race(date: &str, size: Option<&str>) -> Result<(String, String), String> {
    let date = decode("race", date)?;
    let date = crate::play::game::daily::Date::parse(&date)
        .map_err(|e| format!("The link's race cannot be read: {e}."))?;
    let size = size.map_or(Ok("4x4".to_string()), |s| decode("size", s))?;
    crate::play::race::side(&size).map_err(|e| format!("The link's race cannot be read: {e}."))?;
    Ok((date.to_string(), size))
}

fn read_event(text: &str) -> Result<Event, String> {
    Event::parse(&decode("event", text)?)
        .map_err(|e| format!("The link's event cannot be used: {e}."))
}

fn read_timed_replay(board: &Board, text: &str) -> Result<LinkedReplay, String> {
    let timed = replay::decode_on(board, &decode("replay", text)?)
        .map_err(|e| format!("The link's replay cannot be played: {e}."))?;
    Ok(LinkedReplay {
        moves: timed.moves,
        step: 0,
        times: Some(timed.times),
    })
}

fn read_challenge(text: &str, moves: Option<&str>) -> Result<LinkedChallenge, String> {
    let text = decode("challenge", text)?;
    let bad = || {
        format!(
            "The link's challenge \"{}\" is not a result: it should be moves and milliseconds, like challenge=67,83456.",
            text.chars().take(20).collect::<String>()
        )
    };
    let (m, t) = text.split_once(',').ok_or_else(bad)?;
    let all_digits =
        |s: &str| !s.is_empty() && s.len() <= 9 && s.bytes().all(|b| b.is_ascii_digit());
    if !all_digits(m) || !all_digits(t) {
        return Err(bad());
    }
    let (moves_count, millis) = (
        m.parse::<usize>().map_err(|_| bad())?,
        t.parse::<u32>().map_err(|_| bad())?,
    );
    if moves_count == 0 {
        return Err(bad());
    }
    let proof = match moves {
        Some(text) => Some(
            parse_moves(&decode("moves", text)?)
                .map_err(|e| format!("The link's moves cannot be used: {e}."))?,
        ),
        None => None,
    };
    Ok(LinkedChallenge {
        moves: moves_count,
        millis: f64::from(millis),
        proof,
    })
}

fn read_daily(date: &str, size: Option<&str>) -> Result<LinkedDaily, String> {
    let date = Date::parse(&decode("daily", date)?)
        .map_err(|e| format!("The link's daily date cannot be used: {e}."))?;
    let (width, height) = match size {
        None => (4, 4),
        Some(text) => {
            let text = decode("size", text)?;
            let bad = || {
                format!(
                    "The link's size \"{}\" is not a board size like 4x4 or 3x5.",
                    text.chars().take(12).collect::<String>()
                )
            };
            let (w, h) = text.split_once(['x', 'X', '×']).ok_or_else(bad)?;
            let (w, h) = (
                w.parse::<usize>().map_err(|_| bad())?,
                h.parse::<usize>().map_err(|_| bad())?,
            );
            check_size(w, h).map_err(|e| format!("The link's size cannot be used: {e}."))?;
            (w, h)
        }
    };
    Ok(LinkedDaily {
        date,
        width,
        height,
    })
}

fn decode(name: &str, raw: &str) -> Result<String, String> {
    if raw.len() > MAX_PARAM {
        return Err(format!(
            "The link's {name} is too long ({} characters; {MAX_PARAM} at most).",
            raw.len()
        ));
    }
    percent_decode(raw).ok_or_else(|| format!("The link's {name} is not valid text."))
}

fn read_position(board_text: &str, goal: Option<&str>) -> Result<Position, String> {
    let board = parse_board(&decode("board", board_text)?)
        .map_err(|e| format!("The link's board cannot be used: {e}."))?;
    let goal_spec = match goal {
        Some(g) => Goal::parse(&decode("goal", g)?)
            .map_err(|e| format!("The link's goal cannot be used: {e}."))?,
        None => Goal::BlankLast,
    };
    let position = Position::toward(board, &goal_spec)
        .map_err(|e| format!("The link's goal cannot be used: {e}."))?;
    let verdict = position.solvability();
    if !verdict.solvable {
        return Err(format!(
            "The link's board can never reach its goal. {}",
            verdict.explanation()
        ));
    }
    Ok(position)
}

/// The replay, and a problem with its step if the step had to be ignored.
fn read_replay(
    board: &Board,
    moves_text: &str,
    step: Option<&str>,
) -> Result<(LinkedReplay, Option<String>), String> {
    let moves = parse_moves(&decode("moves", moves_text)?)
        .map_err(|e| format!("The link's moves cannot be used: {e}."))?;
    let mut walk = board.clone();
    if let Err(index) = walk.apply_all(&moves) {
        return Err(format!(
            "The link's moves walk off the board at move {} of {}, so they are not replayed.",
            index + 1,
            moves.len()
        ));
    }
    let Some(step_text) = step else {
        return Ok((
            LinkedReplay {
                moves,
                step: 0,
                times: None,
            },
            None,
        ));
    };
    let step_text = decode("step", step_text)?;
    match step_text.trim().parse::<usize>() {
        Ok(step) if step <= moves.len() => Ok((
            LinkedReplay {
                moves,
                step,
                times: None,
            },
            None,
        )),
        _ => {
            let problem = format!(
                "The link's step \"{}\" is not a position in its {} moves; the replay starts at the beginning.",
                step_text.chars().take(12).collect::<String>(),
                moves.len()
            );
            let replay = LinkedReplay {
                moves,
                step: 0,
                times: None,
            };
            Ok((replay, Some(problem)))
        }
    }
}

/// The query string of a link to `board` (toward `goal`), with a replay at a step, and the
/// embed flag: `?board=8,6,7/2,5,4/3,0,1&moves=RDLD&step=2`. Commas and slashes are kept as they
/// are (both are allowed in a query), so links stay short and readable. A replay longer than
/// [`MAX_PARAM`] moves is left out, since no reader would accept it.
pub fn write_query(
    board: &Board,
    goal: &Board,
    replay: Option<(&[Move], usize)>,
    embed: bool,
) -> String {
    let mut query = format!("?board={}", board.to_link_notation());
    let blank_last = Board::blank_last(board.width(), board.height()).ok();
    let blank_first = Board::blank_first(board.width(), board.height()).ok();
    if Some(goal) == blank_first.as_ref() {
        query.push_str("&goal=blank-first");
    } else if Some(goal) != blank_last.as_ref() {
        query.push_str(&format!("&goal={}", goal.to_link_notation()));
    }
    // A replay too long for a link is left out: the link still opens the board.
    if let Some((moves, step)) = replay.filter(|(m, _)| !m.is_empty() && m.len() <= MAX_PARAM) {
        query.push_str(&format!("&moves={}&step={step}", format_moves(moves)));
    }
    if embed {
        query.push_str("&embed=1");
    }
    query
}

/// The query of a link to a step of learn mode's stepper: `write_query`'s, then
/// `&learn=astar&heuristic=hamming&step=3000` (no estimate for the searches that use none).
pub fn write_lesson_query(position: &Position, lesson: &LinkedLesson, embed: bool) -> String {
    let mut query = write_query(position.board(), position.goal(), None, false);
    query.push_str(&format!("&learn={}", lesson.algorithm.name()));
    if crate::play::learn::stepping::uses_estimate(lesson.algorithm) {
        query.push_str(&format!("&heuristic={}", lesson.heuristic.name()));
    }
    query.push_str(&format!("&step={}", lesson.step));
    if embed {
        query.push_str("&embed=1");
    }
    query
}

/// The query of a replay link: the solve's start board (and goal) and `replay=` with its moves
/// and their times: `?board=1,2,3/4,5,6/0,7,8&replay=LL.Hn`.
pub fn write_replay_query(start: &Position, moves: &[Move], times: &[f64]) -> String {
    let mut query = write_query(start.board(), start.goal(), None, false);
    query.push_str(&format!("&replay={}", replay::encode(moves, times)));
    query
}

/// The query of a link to a daily puzzle: `?daily=2026-11-23` (the size when not 4×4), with a
/// result to beat.
pub fn write_daily_query(
    daily: &LinkedDaily,
    challenge: Option<(&LinkedChallenge, bool)>,
    embed: bool,
) -> String {
    let mut query = format!("?daily={}", daily.date);
    if (daily.width, daily.height) != (4, 4) {
        query.push_str(&format!("&size={}x{}", daily.width, daily.height));
    }
    push_challenge(&mut query, challenge);
    if embed {
        query.push_str("&embed=1");
    }
    query
}

/// The query of a link that challenges a friend on `board`: `?board=…&challenge=67,83456`, with
/// the challenger's moves when `with_moves`.
pub fn write_challenge_query(
    start: &Position,
    challenge: &LinkedChallenge,
    with_moves: bool,
) -> String {
    let mut query = write_query(start.board(), start.goal(), None, false);
    push_challenge(&mut query, Some((challenge, with_moves)));
    query
}

/// The query of a link to an event: its anchor board (see [`super::event::boards`]) or the
/// daily it is drawn from, `event=`, and a result to beat with the moves that prove it:
/// `?board=…&event=marathon-5&challenge=312,84210&moves=…`.
pub fn write_event_query(
    event: Event,
    on: Result<&LinkedDaily, &Position>,
    challenge: Option<&LinkedChallenge>,
) -> String {
    let mut query = match on {
        Ok(daily) => write_daily_query(daily, None, false),
        Err(anchor) => write_query(anchor.board(), anchor.goal(), None, false),
    };
    query.push_str(&format!("&event={}", event.name()));
    push_challenge(&mut query, challenge.map(|c| (c, true)));
    query
}

fn push_challenge(query: &mut String, challenge: Option<(&LinkedChallenge, bool)>) {
    if let Some((c, with_moves)) = challenge {
        query.push_str(&format!(
            "&challenge={},{}",
            c.moves,
            c.millis.round() as u64
        ));
        if let Some(proof) = c
            .proof
            .as_ref()
            .filter(|p| with_moves && p.len() <= MAX_PARAM)
        {
            query.push_str(&format!("&moves={}", format_moves(proof)));
        }
    }
}

/// Decodes `%XX` escapes and `+` (as a space) once; `None` for broken escapes or invalid UTF-8.
fn percent_decode(s: &str) -> Option<String> {
    let bytes = s.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'%' => {
                let hex = s.get(i + 1..i + 3)?;
                out.push(u8::from_str_radix(hex, 16).ok()?);
                i += 3;
            }
            b'+' => {
                out.push(b' ');
                i += 1;
            }
            b => {
                out.push(b);
                i += 1;
            }
        }
    }
    String::from_utf8(out).ok()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::random::Rng;
    use crate::puzzle::scramble::{ScrambleOptions, random_solvable};

    fn position(query: &str) -> Position {
        let r = read_query(query);
        assert_eq!(r.problem, None, "{query}");
        r.position.expect("a position")
    }

    #[test]
    fn a_board_link_opens_that_board() {
        let p = position("?board=8,6,7/2,5,4/3,0,1");
        assert_eq!(p.board().to_string(), "8 6 7/2 5 4/3 0 1");
        assert_eq!(p.goal(), &Board::blank_last(3, 3).unwrap());
        let p = position("board=1%2C0%2C2%2F3%2C4%2C5%2F6%2C7%2C8&goal=blank-first");
        assert_eq!(p.goal(), &Board::blank_first(3, 3).unwrap());
        let p = position("board=1+0+2/3+4+5/6+7+8&goal=blank-first&utm_source=x");
        assert_eq!(p.board().to_string(), "1 0 2/3 4 5/6 7 8");
    }

    #[test]
    fn no_board_parameter_is_no_request() {
        assert_eq!(read_query(""), LinkRequest::default());
        assert_eq!(read_query("?utm_source=x"), LinkRequest::default());
        assert!(read_query("?embed=1").embed);
        assert!(!read_query("?embed=yes").embed);
    }

    #[test]
    fn links_round_trip_for_every_size_and_goal() {
        let mut rng = Rng::seeded(4);
        for w in 2..=10 {
            for h in 2..=10 {
                let mut custom: Vec<u32> = (0..(w * h) as u32).collect();
                rng.shuffle(&mut custom);
                let goals = [
                    Board::blank_last(w, h).unwrap(),
                    Board::blank_first(w, h).unwrap(),
                    Board::new(w, h, &custom).unwrap(),
                ];
                for goal in goals {
                    let board = random_solvable(&goal, ScrambleOptions::default(), &mut rng)
                        .unwrap()
                        .into_board();
                    let moves: Vec<Move> = board.legal_moves().take(1).collect();
                    for (replay, embed) in [(None, false), (Some((&moves[..], 1)), true)] {
                        let query = write_query(&board, &goal, replay, embed);
                        let read = read_query(&query);
                        assert_eq!(read.problem, None, "{query}");
                        let p = read.position.unwrap();
                        assert_eq!((p.board(), p.goal()), (&board, &goal), "{query}");
                        assert_eq!(read.embed, embed);
                        assert_eq!(
                            read.replay.map(|r| (r.moves, r.step)),
                            replay.map(|(m, s)| (m.to_vec(), s))
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn links_are_short_and_readable() {
        let board = parse_board("8 6 7/2 5 4/3 0 1").unwrap();
        let goal = Board::blank_last(3, 3).unwrap();
        assert_eq!(
            write_query(&board, &goal, None, false),
            "?board=8,6,7/2,5,4/3,0,1"
        );
        let moves = parse_moves("RDL").unwrap();
        assert_eq!(
            write_query(
                &board,
                &Board::blank_first(3, 3).unwrap(),
                Some((&moves, 2)),
                true
            ),
            "?board=8,6,7/2,5,4/3,0,1&goal=blank-first&moves=RDL&step=2&embed=1"
        );
        let endless = vec![Move::Left; MAX_PARAM + 1];
        assert_eq!(
            write_query(&board, &goal, Some((&endless, 0)), false),
            "?board=8,6,7/2,5,4/3,0,1",
            "a replay no link reader would accept is left out"
        );
    }

    #[test]
    fn a_replay_link_opens_at_its_step() {
        let r = read_query("?board=1,2,3/4,5,6/0,7,8&moves=LL&step=1");
        assert_eq!(r.problem, None);
        let replay = r.replay.unwrap();
        assert_eq!(
            (format_moves(&replay.moves).as_str(), replay.step),
            ("LL", 1)
        );
    }

    /// Every hostile or broken value, with what the player is told. The board never comes from
    /// such a link (except where only the replay is dropped), and nothing in it is markup.
    #[test]
    fn hostile_and_broken_links_become_messages() {
        // Past the cap: refused before parsing. (At 10,000 characters the parser refuses it.)
        let long_board = format!("board={}", "1,".repeat(MAX_PARAM / 2 + 1));
        let ten_thousand = format!("board={}", "9".repeat(10_000));
        let cases: Vec<(String, &str, bool)> = vec![
            (
                "board=1,1,2/3,4,5/6,7,0".into(),
                "tile 1 appears more than once, and tile 8 is missing",
                false,
            ),
            (
                "board=1,2,3/4,5,6/8,7,0".into(),
                "can never reach its goal",
                false,
            ),
            (
                "board=%3Cscript%3Ealert(1)%3C%2Fscript%3E".into(),
                "cannot be used",
                false,
            ),
            (
                "board=<img src=x onerror=alert(1)>".into(),
                "cannot be used",
                false,
            ),
            ("board=%E0%A4%A".into(), "not valid text", false),
            ("board=%ZZ".into(), "not valid text", false),
            ("board=%C0%AF".into(), "not valid text", false),
            ("board=%252C".into(), "cannot be used", false),
            ("board=1,2,3/4,5,6/7,8,0%00".into(), "cannot be used", false),
            ("board=".into(), "the board is empty", false),
            (
                "board=1,2/3,0&goal=1,2,3/4,5,6/7,8,0".into(),
                "the goal is 3×3 but the board is 2×2",
                false,
            ),
            (
                "board=1,2/3,0&goal=sideways".into(),
                "the goal must be",
                false,
            ),
            (
                "board=0,1,2,3,4,5,6,7,8,9,10/11,12,13,14,15,16,17,18,19,20,21".into(),
                "not supported",
                false,
            ),
            (long_board, "too long", false),
            (ten_thousand, "is not a tile number", false),
            ("moves=UDLR".into(), "no board", false),
            (
                "board=1,2,3/4,5,6/7,8,0&moves=UU".into(),
                "walk off the board at move 1 of 2",
                true,
            ),
            (
                "board=1,2,3/4,5,6/7,0,8&moves=LXL".into(),
                "moves cannot be used",
                true,
            ),
            (
                "board=1,2,3/4,5,6/7,0,8&moves=L&step=9".into(),
                "not a position in its 1 moves",
                true,
            ),
            (
                "board=1,2,3/4,5,6/7,0,8&moves=L&step=-1".into(),
                "not a position",
                true,
            ),
        ];
        for (query, needle, keeps_board) in cases {
            let r = read_query(&query);
            let q: String = query.chars().take(60).collect();
            let problem = r
                .problem
                .clone()
                .unwrap_or_else(|| panic!("{q}: no problem reported"));
            assert!(problem.contains(needle), "{q}: {problem}");
            assert!(problem.len() < 400, "{q}: message too long");
            assert_eq!(r.position.is_some(), keeps_board, "{q}");
        }
    }

    #[test]
    fn a_replay_link_carries_the_moves_and_their_times() {
        let start = position("?board=1,2,3/4,5,6/0,7,8");
        let moves = parse_moves("LL").unwrap();
        let query = write_replay_query(&start, &moves, &[0.0, 1234.4]);
        assert_eq!(query, "?board=1,2,3/4,5,6/0,7,8&replay=LL.ymB");
        let r = read_query(&query);
        assert_eq!(r.problem, None);
        assert_eq!(r.position.as_ref(), Some(&start));
        let replay = r.replay.unwrap();
        assert_eq!(
            (replay.moves, replay.step, replay.times),
            (moves, 0, Some(vec![0.0, 1234.0]))
        );
        // A replay wins over plain moves; a challenge's board carries no replay.
        let r = read_query("?board=1,2,3/4,5,6/0,7,8&moves=L&replay=LL.A");
        assert_eq!(r.replay.unwrap().moves.len(), 2);
        let r = read_query("?board=1,2,3/4,5,6/0,7,8&challenge=2,1500&replay=LL.A");
        assert_eq!((r.problem, r.replay), (None, None));
    }

    /// A replay link that cannot be played names why, and opens no board (a fresh one instead).
    #[test]
    fn hostile_replay_links_name_their_problem() {
        for (query, needle) in [
            ("?replay=LL.A", "no board"),
            ("?board=1,2,3/4,5,6/0,7,8&replay=", "it has no moves"),
            (
                "?board=1,2,3/4,5,6/0,7,8&replay=LLUR.AAA",
                "move 3 of 4 walks off the board",
            ),
            ("?board=1,2,3/4,5,6/0,7,8&replay=LL", "no \".\" between"),
            (
                "?board=1,2,3/4,5,6/0,7,8&replay=LL.A%3Cb%3E",
                "'<', is not part of a time",
            ),
            ("?board=1,2,3/4,5,6/0,7,8&replay=LL.g", "cut short"),
            (
                "?board=1,2,3/4,5,6/0,7,8&replay=LL.AA",
                "2 moves but 3 times",
            ),
            (
                "?board=1,2,3/4,5,6/0,7,8&replay=LLL.A_____",
                "pause before move 3",
            ),
            ("?board=1,2,3/4,5,6/0,7,8&replay=L%ZZ", "not valid text"),
            (
                "?board=1,2,3/4,5,6/0,7,8&replay=<script>.A",
                "'<' at position 1 is not a move",
            ),
        ] {
            let r = read_query(query);
            let problem = r.problem.unwrap_or_default();
            assert!(problem.contains(needle), "{query}: {problem}");
            assert!(r.position.is_none() && r.replay.is_none(), "{query}");
        }
    }

    #[test]
    fn a_challenge_carries_a_result_and_maybe_the_moves_behind_it() {
        let r = read_query("?board=1,2,3/4,5,6/0,7,8&challenge=2,1500&moves=LL");
        assert_eq!(r.problem, None);
        let c = r.challenge.unwrap();
        assert_eq!((c.moves, c.millis), (2, 1500.0));
        assert_eq!(c.proof, Some(vec![Move::Left, Move::Left]));
        assert_eq!(r.replay, None, "a challenge's moves are not a replay");
        let again = write_challenge_query(&r.position.unwrap(), &c, true);
        assert_eq!(again, "?board=1,2,3/4,5,6/0,7,8&challenge=2,1500&moves=LL");
        for bad in [
            "67",
            "67,",
            ",5",
            "a,b",
            "0,100",
            "67,-5",
            "1,2,3",
            "67,99999999999",
        ] {
            let r = read_query(&format!("?board=1,2,3/4,5,6/0,7,8&challenge={bad}"));
            assert!(r.problem.unwrap().contains("not a result"), "{bad}");
            assert!(r.position.is_none(), "{bad}: a fresh board instead");
        }
    }

    #[test]
    fn a_daily_link_names_a_date_and_a_size() {
        let r = read_query("?daily=2026-11-23");
        let d = r.daily.unwrap();
        assert_eq!(
            (d.date.to_string(), d.width, d.height),
            ("2026-11-23".into(), 4, 4)
        );
        assert_eq!(write_daily_query(&d, None, false), "?daily=2026-11-23");
        let r = read_query("?daily=2026-11-23&size=3x5&challenge=40,20000");
        let d = r.daily.unwrap();
        assert_eq!((d.width, d.height), (3, 5));
        assert_eq!(
            write_daily_query(&d, r.challenge.as_ref().map(|c| (c, false)), false),
            "?daily=2026-11-23&size=3x5&challenge=40,20000"
        );
        for (query, needle) in [
            ("?daily=2026-02-30", "not a day of the calendar"),
            ("?daily=tomorrow", "YYYY-MM-DD"),
            ("?daily=2026-11-23&size=11x4", "size cannot be used"),
            ("?daily=2026-11-23&size=big", "not a board size"),
        ] {
            let r = read_query(query);
            assert!(
                r.problem.as_deref().unwrap_or("").contains(needle),
                "{query}: {:?}",
                r.problem
            );
            assert!(r.daily.is_none() && r.position.is_none());
        }
    }
}
