//! Links: a position (and a replay) in a URL's query string, read and written.
//!
//! `?board=8,6,7/2,5,4/3,0,1` opens that board; `goal` (`blank-last`, `blank-first` or a board),
//! `moves` (a sequence to replay from the board) and `step` (the replay position) may follow, and
//! `embed=1` asks for the framed layout. Shared links must keep working forever, so this format is
//! fixed by DESIGN.md. Text from a URL is hostile until proven otherwise: each value is
//! percent-decoded once, capped in length, parsed by the one parser of the core, and only ever
//! shown as text. Whatever cannot be honoured becomes one message for a `role="alert"`.

use crate::board::Board;
use crate::goal::Goal;
use crate::moves::Move;
use crate::notation::{format_moves, parse_board, parse_moves};
use crate::solvability;

/// Longest parameter value read: a 10×10 board is under 300 characters, a replay of a long
/// greedy solution thousands of moves. (Static servers commonly refuse URLs past 8–16 KB anyway.)
pub const MAX_PARAM: usize = 10_000;

/// What a link asks for, as far as it can be honoured.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct LinkRequest {
    /// The board and goal to open, if the link gives a usable one.
    pub position: Option<LinkedPosition>,
    /// A replay of the position, if the link gives a usable one.
    pub replay: Option<LinkedReplay>,
    /// `embed=1`: only the board and its essential controls.
    pub embed: bool,
    /// What could not be honoured, in words for the player.
    pub problem: Option<String>,
}

/// A position a link asks for.
#[derive(Clone, Debug, PartialEq)]
pub struct LinkedPosition {
    pub board: Board,
    pub goal: Board,
}

/// A replay a link asks for: `moves` from the linked board, shown at `step`.
#[derive(Clone, Debug, PartialEq)]
pub struct LinkedReplay {
    pub moves: Vec<Move>,
    pub step: usize,
}

/// Reads a query string (with or without the leading `?`). Unknown parameters are ignored.
pub fn read_query(query: &str) -> LinkRequest {
    let query = query.strip_prefix('?').unwrap_or(query);
    let mut raw = RawParams::default();
    for pair in query.split('&').filter(|p| !p.is_empty()) {
        let (key, value) = pair.split_once('=').unwrap_or((pair, ""));
        match key {
            "board" => raw.board = Some(value),
            "goal" => raw.goal = Some(value),
            "moves" => raw.moves = Some(value),
            "step" => raw.step = Some(value),
            "embed" => raw.embed = Some(value),
            _ => {}
        }
    }
    let mut request = LinkRequest {
        embed: raw.embed == Some("1"),
        ..LinkRequest::default()
    };
    let Some(board_text) = raw.board else {
        if raw.moves.is_some() || raw.goal.is_some() {
            request.problem = Some("The link has no board to go with its other settings.".into());
        }
        return request;
    };
    let position = match read_position(board_text, raw.goal) {
        Ok(p) => p,
        Err(problem) => {
            request.problem = Some(problem);
            return request;
        }
    };
    if let Some(moves_text) = raw.moves {
        match read_replay(&position.board, moves_text, raw.step) {
            Ok((replay, problem)) => {
                request.replay = Some(replay);
                request.problem = problem;
            }
            Err(problem) => request.problem = Some(problem),
        }
    }
    request.position = Some(position);
    request
}

#[derive(Default)]
struct RawParams<'a> {
    board: Option<&'a str>,
    goal: Option<&'a str>,
    moves: Option<&'a str>,
    step: Option<&'a str>,
    embed: Option<&'a str>,
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

fn read_position(board_text: &str, goal: Option<&str>) -> Result<LinkedPosition, String> {
    let board = parse_board(&decode("board", board_text)?)
        .map_err(|e| format!("The link's board cannot be used: {e}."))?;
    let goal_spec = match goal {
        Some(g) => Goal::parse(&decode("goal", g)?)
            .map_err(|e| format!("The link's goal cannot be used: {e}."))?,
        None => Goal::BlankLast,
    };
    let goal = goal_spec
        .for_board(&board)
        .map_err(|e| format!("The link's goal cannot be used: {e}."))?;
    let verdict = solvability::check(&board, &goal).map_err(|e| e.to_string())?;
    if !verdict.solvable {
        return Err(format!(
            "The link's board can never reach its goal. {}",
            verdict.explanation()
        ));
    }
    Ok(LinkedPosition { board, goal })
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
        return Ok((LinkedReplay { moves, step: 0 }, None));
    };
    let step_text = decode("step", step_text)?;
    match step_text.trim().parse::<usize>() {
        Ok(step) if step <= moves.len() => Ok((LinkedReplay { moves, step }, None)),
        _ => {
            let problem = format!(
                "The link's step \"{}\" is not a position in its {} moves; the replay starts at the beginning.",
                step_text.chars().take(12).collect::<String>(),
                moves.len()
            );
            Ok((LinkedReplay { moves, step: 0 }, Some(problem)))
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
    use crate::random::Rng;
    use crate::scramble::{ScrambleOptions, random_solvable};

    fn position(query: &str) -> LinkedPosition {
        let r = read_query(query);
        assert_eq!(r.problem, None, "{query}");
        r.position.expect("a position")
    }

    #[test]
    fn a_board_link_opens_that_board() {
        let p = position("?board=8,6,7/2,5,4/3,0,1");
        assert_eq!(p.board.to_string(), "8 6 7/2 5 4/3 0 1");
        assert_eq!(p.goal, Board::blank_last(3, 3).unwrap());
        let p = position("board=1%2C0%2C2%2F3%2C4%2C5%2F6%2C7%2C8&goal=blank-first");
        assert_eq!(p.goal, Board::blank_first(3, 3).unwrap());
        let p = position("board=1+0+2/3+4+5/6+7+8&goal=blank-first&utm_source=x");
        assert_eq!(p.board.to_string(), "1 0 2/3 4 5/6 7 8");
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
                    let board =
                        random_solvable(&goal, ScrambleOptions::default(), &mut rng).unwrap();
                    let moves: Vec<Move> = board.legal_moves().take(1).collect();
                    for (replay, embed) in [(None, false), (Some((&moves[..], 1)), true)] {
                        let query = write_query(&board, &goal, replay, embed);
                        let read = read_query(&query);
                        assert_eq!(read.problem, None, "{query}");
                        let p = read.position.unwrap();
                        assert_eq!((&p.board, &p.goal), (&board, &goal), "{query}");
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
}
