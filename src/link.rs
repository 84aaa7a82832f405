//! Reading a position from a link's query string (`?board=8,6,7/2,5,4/3,0,1&goal=blank-first`).
//!
//! Text from a URL is hostile until proven otherwise: it is percent-decoded once, capped in
//! length, parsed by the one board parser, and only ever shown as text. Any problem becomes a
//! message for a `role="alert"` and the page falls back to a fresh board.

use crate::board::Board;
use crate::goal::Goal;
use crate::notation::parse_board;
use crate::solvability;

/// Longest parameter value read (a 10×10 board in link notation is under 300 characters).
pub const MAX_PARAM: usize = 2_000;

/// A position a link asks for.
#[derive(Clone, Debug, PartialEq)]
pub struct LinkedPosition {
    pub board: Board,
    pub goal: Board,
}

/// What a query string asks for: nothing, a position, or a problem to report.
#[derive(Clone, Debug, PartialEq)]
pub enum LinkRequest {
    None,
    Position(LinkedPosition),
    Invalid(String),
}

/// Reads `board` and `goal` from a query string (with or without the leading `?`).
pub fn read_query(query: &str) -> LinkRequest {
    let query = query.strip_prefix('?').unwrap_or(query);
    let mut board = None;
    let mut goal = None;
    for pair in query.split('&') {
        let (key, value) = pair.split_once('=').unwrap_or((pair, ""));
        match key {
            "board" => board = Some(value),
            "goal" => goal = Some(value),
            _ => {}
        }
    }
    let Some(board_text) = board else {
        return LinkRequest::None;
    };
    let decode = |name: &str, raw: &str| -> Result<String, String> {
        if raw.len() > MAX_PARAM {
            return Err(format!(
                "The link's {name} is too long ({} characters).",
                raw.len()
            ));
        }
        percent_decode(raw).ok_or_else(|| format!("The link's {name} is not valid text."))
    };
    let result = (|| {
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
    })();
    match result {
        Ok(p) => LinkRequest::Position(p),
        Err(message) => LinkRequest::Invalid(message),
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

    #[test]
    fn a_board_link_opens_that_board() {
        let LinkRequest::Position(p) = read_query("?board=8,6,7/2,5,4/3,0,1") else {
            panic!("expected a position");
        };
        assert_eq!(p.board.to_string(), "8 6 7/2 5 4/3 0 1");
        assert_eq!(p.goal, Board::blank_last(3, 3).unwrap());
        let LinkRequest::Position(p) =
            read_query("board=1%2C0%2C2%2F3%2C4%2C5%2F6%2C7%2C8&goal=blank-first")
        else {
            panic!("encoded commas and slashes work too");
        };
        assert_eq!(p.goal, Board::blank_first(3, 3).unwrap());
    }

    #[test]
    fn no_board_parameter_is_no_request() {
        assert_eq!(read_query(""), LinkRequest::None);
        assert_eq!(read_query("?utm_source=x"), LinkRequest::None);
    }

    #[test]
    fn hostile_and_broken_links_become_messages() {
        let cases = [
            ("board=1,1,2/3,4,5/6,7,0", "tile 1 appears more than once"),
            ("board=1,2,3/4,5,6/8,7,0", "can never reach its goal"),
            (
                "board=%3Cscript%3Ealert(1)%3C%2Fscript%3E",
                "cannot be used",
            ),
            ("board=%E0%A4%A", "not valid text"),
            ("board=%ZZ", "not valid text"),
            (
                "board=1,2/3,0&goal=1,2,3/4,5,6/7,8,0",
                "the goal is 3×3 but the board is 2×2",
            ),
        ];
        for (query, needle) in cases {
            match read_query(query) {
                LinkRequest::Invalid(m) => assert!(m.contains(needle), "{query}: {m}"),
                other => panic!("{query}: {other:?}"),
            }
        }
        let long = format!("board={}", "1,".repeat(5_000));
        assert!(matches!(read_query(&long), LinkRequest::Invalid(m) if m.contains("too long")));
    }
}
