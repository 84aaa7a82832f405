//! The one parser and printer of board and move notation, used by the command line, the URL
//! codec, the text box and the file loader alike.
//!
//! Boards: rows top to bottom separated by `/` (or by line breaks in a file), tiles separated by
//! spaces or commas, `0` the blank: `8 6 7/2 5 4/3 0 1`. A flat list of N² numbers is an N×N
//! board, and the seed app's layout files (the number N, then N² tiles) are read too.
//! Moves: one letter per move (`ULDR`), optionally followed by a count on input (`R3`).

use crate::puzzle::board::{Board, BoardError, MAX_SIDE};
use crate::puzzle::moves::Move;
use std::fmt;

/// Longest board text accepted (a 10×10 board needs about 300 characters; files may add comments).
pub const MAX_BOARD_TEXT: usize = 20_000;
/// Longest move sequence accepted, after counts are expanded.
pub const MAX_MOVES: usize = 100_000;

/// Why a text is not a board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NotationError {
    /// Nothing but blanks, separators or comments.
    Empty,
    /// More text than any board needs.
    TooLong { max: usize },
    /// A token that is not a whole number.
    NotANumber { token: String },
    /// A row with no tiles, such as the middle of `1 2//3 0`.
    EmptyRow { row: usize },
    /// A row whose length differs from the first row's.
    RaggedRow {
        row: usize,
        expected: usize,
        found: usize,
    },
    /// A flat list of numbers that is neither a square board nor a seed layout.
    UnknownShape { count: usize },
    /// A seed layout whose tile count does not match its size.
    SeedCount {
        size: usize,
        expected: usize,
        found: usize,
    },
    /// Well formed, but not a valid board.
    Board(BoardError),
    /// An error on a given line of a multi-line text (1-based).
    AtLine {
        line: usize,
        error: Box<NotationError>,
    },
}

impl NotationError {
    /// The error without its line number.
    pub fn inner(&self) -> &NotationError {
        match self {
            NotationError::AtLine { error, .. } => error.inner(),
            other => other,
        }
    }
}

impl fmt::Display for NotationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NotationError::Empty => write!(
                f,
                "the board is empty: type rows of numbers separated by /, such as 1 2 3/4 5 6/7 8 0"
            ),
            NotationError::TooLong { max } => {
                write!(
                    f,
                    "the text is too long for a board ({max} characters at most)"
                )
            }
            NotationError::NotANumber { token } => {
                write!(f, "\"{}\" is not a tile number", shorten(token))
            }
            NotationError::EmptyRow { row } => write!(f, "row {row} is empty"),
            NotationError::RaggedRow {
                row,
                expected,
                found,
            } => write!(
                f,
                "row {row} has {found} tile{}, but row 1 has {expected}",
                plural(*found)
            ),
            NotationError::UnknownShape { count } => write!(
                f,
                "cannot tell the board's shape from {count} number{}: separate rows with /",
                plural(*count)
            ),
            NotationError::SeedCount {
                size,
                expected,
                found,
            } => write!(
                f,
                "a {size}×{size} layout needs {expected} tiles after the size, found {found}"
            ),
            NotationError::Board(e) => e.fmt(f),
            NotationError::AtLine { line, error } => write!(f, "line {line}: {error}"),
        }
    }
}

impl std::error::Error for NotationError {}

impl From<BoardError> for NotationError {
    fn from(e: BoardError) -> Self {
        NotationError::Board(e)
    }
}

/// Why a text is not a move sequence.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MovesError {
    /// A character that is not `U`, `D`, `L`, `R`, a count, a space or a comma.
    UnknownLetter { letter: char, position: usize },
    /// A count of zero, a count with no letter before it, or one too large.
    BadCount { position: usize },
    /// More moves than [`MAX_MOVES`].
    TooLong { max: usize },
}

impl fmt::Display for MovesError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MovesError::UnknownLetter { letter, position } => write!(
                f,
                "{} at position {} is not a move: use U, D, L and R",
                shown_char(*letter),
                position + 1
            ),
            MovesError::BadCount { position } => write!(
                f,
                "the count at position {} must follow a move letter and be at least 1",
                position + 1
            ),
            MovesError::TooLong { max } => write!(f, "too many moves ({max} at most)"),
        }
    }
}

impl std::error::Error for MovesError {}

/// A character as a message shows it: in quotes, with its code point unless it is a visible
/// ASCII character (so an invisible or look-alike one is told apart), and only the code point
/// for a control character or a space. (`char::escape_debug` would bring the standard
/// library's tables of printable characters into the page's wasm, about a kilobyte.)
pub(crate) fn shown_char(c: char) -> String {
    match c {
        _ if c.is_ascii_graphic() => format!("'{c}'"),
        _ if c.is_control() || c.is_whitespace() => code_point(c),
        _ => format!("'{c}' ({})", code_point(c)),
    }
}

/// A character's code point as messages write it: `U+00E9`.
pub(crate) fn code_point(c: char) -> String {
    format!("U+{:04X}", u32::from(c))
}

/// A number as written, with the line it stands on (1-based).
#[derive(Clone, Copy)]
struct Token<'a> {
    text: &'a str,
    line: usize,
}

/// Parses a board in board notation, a flat square list, or the seed layout format.
pub fn parse_board(text: &str) -> Result<Board, NotationError> {
    if text.len() > MAX_BOARD_TEXT {
        return Err(NotationError::TooLong {
            max: MAX_BOARD_TEXT,
        });
    }
    let lines = content_lines(text);
    let placing = Placing {
        multiline: lines.len() > 1,
    };
    // Split into rows of tokens: by '/' when present, else by line.
    let slashed = text.contains('/');
    let rows = if slashed {
        rows_by_slash(&lines, placing)?
    } else {
        rows_by_line(&lines)
    };
    let all: Vec<Token> = rows.iter().flatten().copied().collect();
    if all.is_empty() {
        return Err(NotationError::Empty);
    }
    let flat = !slashed && (rows.len() == 1 || rows[0].len() == 1);
    let grid = if flat {
        flat_grid(rows.len(), all, placing)?
    } else {
        row_grid(&rows, all, placing)?
    };
    grid.board(placing)
}

/// Where errors are said to be: on their line when the text has several, else nowhere.
#[derive(Clone, Copy)]
struct Placing {
    multiline: bool,
}

impl Placing {
    fn at_line(self, line: usize, e: NotationError) -> NotationError {
        if self.multiline {
            NotationError::AtLine {
                line,
                error: Box::new(e),
            }
        } else {
            e
        }
    }

    /// The tokens' values, or the first that is not a number.
    fn numbers(self, row: &[Token]) -> Result<Vec<u32>, NotationError> {
        row.iter()
            .map(|t| {
                t.text.parse::<u32>().map_err(|_| {
                    self.at_line(
                        t.line,
                        NotationError::NotANumber {
                            token: t.text.to_string(),
                        },
                    )
                })
            })
            .collect()
    }
}

/// The lines with something on them, comments (`#` to the end of the line) removed, with their
/// numbers (1-based).
fn content_lines(text: &str) -> Vec<(usize, &str)> {
    text.lines()
        .enumerate()
        .map(|(i, l)| (i + 1, l.split('#').next().unwrap_or("")))
        .filter(|(_, l)| !l.trim().is_empty())
        .collect()
}

/// Rows separated by `/`, which may run across lines.
fn rows_by_slash<'a>(
    lines: &[(usize, &'a str)],
    placing: Placing,
) -> Result<Vec<Vec<Token<'a>>>, NotationError> {
    let mut rows: Vec<Vec<Token>> = Vec::new();
    let mut row = Vec::new();
    let mut row_count = 0;
    for &(line, l) in lines {
        for (i, part) in l.split('/').enumerate() {
            if i > 0 {
                row_count += 1;
                if row.is_empty() {
                    return Err(placing.at_line(line, NotationError::EmptyRow { row: row_count }));
                }
                rows.push(std::mem::take(&mut row));
            }
            row.extend(tokens(part).map(|text| Token { text, line }));
        }
    }
    if row.is_empty() {
        let last = lines.last().map_or(1, |&(line, _)| line);
        return Err(placing.at_line(last, NotationError::EmptyRow { row: row_count + 1 }));
    }
    rows.push(row);
    Ok(rows)
}

/// One row a line.
fn rows_by_line<'a>(lines: &[(usize, &'a str)]) -> Vec<Vec<Token<'a>>> {
    lines
        .iter()
        .map(|&(line, l)| tokens(l).map(|text| Token { text, line }).collect())
        .collect()
}

/// The tiles of a board and its shape, before the tiles are read as numbers.
struct Grid<'a> {
    width: usize,
    height: usize,
    tiles: Vec<Token<'a>>,
}

/// A seed layout (N, then N² tiles) or a flat square list: `all` the numbers, on `rows` lines.
fn flat_grid(rows: usize, all: Vec<Token>, placing: Placing) -> Result<Grid, NotationError> {
    let values = placing.numbers(&all)?;
    let count = values.len();
    let first = values[0] as usize;
    if rows > 1 || (count > 1 && (count - 1) == first.saturating_mul(first)) {
        // The first number is a size.
        if !(2..=MAX_SIDE).contains(&first) {
            return Err(placing.at_line(
                all[0].line,
                NotationError::Board(BoardError::SizeOutOfRange {
                    width: first,
                    height: first,
                }),
            ));
        }
        if count - 1 != first * first {
            return Err(NotationError::SeedCount {
                size: first,
                expected: first * first,
                found: count - 1,
            });
        }
        Ok(Grid {
            width: first,
            height: first,
            tiles: all[1..].to_vec(),
        })
    } else {
        let side = (1..=MAX_SIDE + 1).find(|s| s * s >= count).unwrap_or(0);
        if side * side != count {
            return Err(NotationError::UnknownShape { count });
        }
        Ok(Grid {
            width: side,
            height: side,
            tiles: all,
        })
    }
}

/// Rows as written, each as long as the first: `all` their tiles.
fn row_grid<'a>(
    rows: &[Vec<Token<'a>>],
    all: Vec<Token<'a>>,
    placing: Placing,
) -> Result<Grid<'a>, NotationError> {
    let width = rows[0].len();
    for (i, row) in rows.iter().enumerate() {
        if row.is_empty() {
            return Err(NotationError::EmptyRow { row: i + 1 });
        }
        if row.len() != width {
            return Err(placing.at_line(
                row[0].line,
                NotationError::RaggedRow {
                    row: i + 1,
                    expected: width,
                    found: row.len(),
                },
            ));
        }
    }
    Ok(Grid {
        width,
        height: rows.len(),
        tiles: all,
    })
}

impl Grid<'_> {
    /// The board, or why these tiles make none.
    fn board(&self, placing: Placing) -> Result<Board, NotationError> {
        let values = placing.numbers(&self.tiles)?;
        Board::new(self.width, self.height, &values).map_err(|e| {
            // Point at the line of the offending tile where there is one.
            let line = match e {
                BoardError::TileOutOfRange { tile, .. } => self
                    .tiles
                    .iter()
                    .zip(&values)
                    .find(|&(_, &v)| v == tile)
                    .map(|(t, _)| t.line),
                BoardError::DuplicateTile { tile, .. } => self
                    .tiles
                    .iter()
                    .zip(&values)
                    .filter(|&(_, &v)| v == u32::from(tile))
                    .nth(1)
                    .map(|(t, _)| t.line),
                _ => None,
            };
            match line {
                Some(line) => placing.at_line(line, e.into()),
                None => e.into(),
            }
        })
    }
}

fn tokens(s: &str) -> impl Iterator<Item = &str> {
    s.split(|c: char| c.is_whitespace() || c == ',')
        .filter(|t| !t.is_empty())
}

/// Prints a board with `separator` between tiles and `/` between rows.
pub fn format_board(board: &Board, separator: &str) -> String {
    let mut out = String::with_capacity(board.len() * 3);
    for (i, &t) in board.tiles().iter().enumerate() {
        if i > 0 {
            out.push_str(if i % board.width() == 0 {
                "/"
            } else {
                separator
            });
        }
        out.push_str(&t.to_string());
    }
    out
}

impl fmt::Display for Board {
    /// Board notation with spaces: `8 6 7/2 5 4/3 0 1`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&format_board(self, " "))
    }
}

impl Board {
    /// Board notation with commas, as used in links: `8,6,7/2,5,4/3,0,1`.
    pub fn to_link_notation(&self) -> String {
        format_board(self, ",")
    }

    /// The text of a saved board file: the seed app's layout for square boards (so the seed app
    /// reads it too), one row a line otherwise. [`parse_board`] reads both.
    pub fn to_file_text(&self) -> String {
        self.to_seed_layout().unwrap_or_else(|| {
            let rows: Vec<String> = self
                .tiles()
                .chunks(self.width())
                .map(|row| row.iter().map(u8::to_string).collect::<Vec<_>>().join(" "))
                .collect();
            format!("{}\n", rows.join("\n"))
        })
    }

    /// The seed app's layout format: the size, then the tiles, one row a line. Only square
    /// boards have one; rectangular boards are written in board notation instead.
    pub fn to_seed_layout(&self) -> Option<String> {
        if self.width() != self.height() {
            return None;
        }
        let mut out = format!("{}\n", self.width());
        for row in self.tiles().chunks(self.width()) {
            let cells: Vec<String> = row.iter().map(u8::to_string).collect();
            out.push_str(&cells.join(" "));
            out.push('\n');
        }
        Some(out)
    }
}

/// Parses a move sequence: letters `U D L R` (either case), each optionally followed by a count;
/// spaces and commas are ignored.
pub fn parse_moves(text: &str) -> Result<Vec<Move>, MovesError> {
    let mut moves = Vec::new();
    let mut chars = text.char_indices().peekable();
    while let Some((position, c)) = chars.next() {
        if c.is_whitespace() || c == ',' {
            continue;
        }
        let Some(m) = Move::from_letter(c) else {
            if c.is_ascii_digit() {
                return Err(MovesError::BadCount { position });
            }
            return Err(MovesError::UnknownLetter {
                letter: c,
                position,
            });
        };
        let mut count: Option<usize> = None;
        let mut count_at = position;
        while let Some(&(p, d)) = chars.peek() {
            let Some(digit) = d.to_digit(10) else { break };
            if count.is_none() {
                count_at = p;
            }
            count = Some(
                count
                    .unwrap_or(0)
                    .saturating_mul(10)
                    .saturating_add(digit as usize),
            );
            chars.next();
        }
        let n = match count {
            None => 1,
            Some(0) => return Err(MovesError::BadCount { position: count_at }),
            Some(n) => n,
        };
        if moves.len().saturating_add(n) > MAX_MOVES {
            return Err(MovesError::TooLong { max: MAX_MOVES });
        }
        moves.extend(std::iter::repeat_n(m, n));
    }
    Ok(moves)
}

/// Prints a move sequence, one letter per move.
pub fn format_moves(moves: &[Move]) -> String {
    moves.iter().map(|m| m.letter()).collect()
}

/// Prints a move sequence as the speedsolving community writes it (Slidysim, its leaderboards'
/// replays): a letter repeated is written once, with its count (`RRRUL` is `R3UL`).
/// [`parse_moves`] reads it back.
pub fn format_moves_counted(moves: &[Move]) -> String {
    let mut out = String::new();
    for run in moves.chunk_by(|a, b| a == b) {
        out.push(run[0].letter());
        if run.len() > 1 {
            out.push_str(&run.len().to_string());
        }
    }
    out
}

fn plural(n: usize) -> &'static str {
    if n == 1 { "" } else { "s" }
}

/// Keeps messages one line and short whatever the input (hostile links, binary files).
fn shorten(token: &str) -> String {
    const MAX: usize = 24;
    let clean: String = token
        .chars()
        .map(|c| if c.is_control() { '?' } else { c })
        .collect();
    if clean.chars().count() > MAX {
        let head: String = clean.chars().take(MAX).collect();
        format!("{head}…")
    } else {
        clean
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_community_notation_counts_repeated_letters() {
        let moves = parse_moves("RRRULLDDDDDDDDDDDR").unwrap();
        assert_eq!(format_moves_counted(&moves), "R3UL2D11R");
        assert_eq!(parse_moves("R3UL2D11R").unwrap(), moves);
        assert_eq!(format_moves_counted(&[]), "");
    }

    #[test]
    fn spaces_and_commas_are_the_same_board() {
        let a = parse_board("8 6 7/2 5 4/3 0 1").unwrap();
        let b = parse_board("8,6,7/2,5,4/3,0,1").unwrap();
        assert_eq!(a, b);
        assert_eq!(a.to_string(), "8 6 7/2 5 4/3 0 1");
        assert_eq!(a.to_link_notation(), "8,6,7/2,5,4/3,0,1");
    }

    #[test]
    fn rectangular_boards() {
        let b = parse_board("1 2 3/4 5 0").unwrap();
        assert_eq!((b.width(), b.height()), (3, 2));
        let tall = parse_board("1 2/3 4/5 0").unwrap();
        assert_eq!((tall.width(), tall.height()), (2, 3));
    }

    #[test]
    fn lines_are_rows_in_a_file() {
        let b = parse_board("# my board\n8 6 7\n2 5 4\n3 0 1\n").unwrap();
        assert_eq!(b.to_string(), "8 6 7/2 5 4/3 0 1");
    }

    #[test]
    fn seed_layouts_are_read() {
        let b = parse_board("3\n8 6 7\n2 5 4\n3 0 1").unwrap();
        assert_eq!(b.to_string(), "8 6 7/2 5 4/3 0 1");
        let one_line = parse_board("2 1 2 3 0").unwrap();
        assert_eq!(one_line.to_string(), "1 2/3 0");
        assert_eq!(
            parse_board(&b.to_seed_layout().unwrap()).unwrap(),
            b,
            "seed layout round-trips"
        );
    }

    #[test]
    fn saved_files_read_back() {
        for text in ["8 6 7/2 5 4/3 0 1", "1 2 3/4 5 0", "1 2/3 4/5 0"] {
            let b = parse_board(text).unwrap();
            assert_eq!(parse_board(&b.to_file_text()).unwrap(), b);
        }
        assert_eq!(
            parse_board("1 2 3/4 5 0").unwrap().to_file_text(),
            "1 2 3\n4 5 0\n"
        );
    }

    #[test]
    fn flat_square_lists_are_square_boards() {
        let b = parse_board("1 2 3 4 5 6 7 8 0").unwrap();
        assert_eq!((b.width(), b.height()), (3, 3));
        assert_eq!(
            parse_board("1 2 3 4 5 0"),
            Err(NotationError::UnknownShape { count: 6 })
        );
    }

    #[test]
    fn every_malformed_input_has_its_own_error() {
        assert_eq!(parse_board("  "), Err(NotationError::Empty));
        assert_eq!(
            parse_board("1 x 2/3 4 0/5 6 7"),
            Err(NotationError::NotANumber { token: "x".into() })
        );
        assert_eq!(
            parse_board("1 2 3/4 5/6 7 8 0"),
            Err(NotationError::RaggedRow {
                row: 2,
                expected: 3,
                found: 2
            })
        );
        assert_eq!(
            parse_board("1 2//3 0"),
            Err(NotationError::EmptyRow { row: 2 })
        );
        assert_eq!(
            parse_board("1 1 2/3 4 5/6 7 0"),
            Err(NotationError::Board(BoardError::DuplicateTile {
                tile: 1,
                missing: Some(8)
            }))
        );
        assert_eq!(
            parse_board("1 2 3/4 5 6/7 8 9"),
            Err(NotationError::Board(BoardError::TileOutOfRange {
                tile: 9,
                max: 8,
                missing: Some(0)
            }))
        );
        assert_eq!(
            parse_board("1 2 3 4 5 6 7 8 9 10 11/0 12 13 14 15 16 17 18 19 20 21"),
            Err(NotationError::Board(BoardError::SizeOutOfRange {
                width: 11,
                height: 2
            }))
        );
        assert_eq!(
            parse_board("-1 2/3 0"),
            Err(NotationError::NotANumber { token: "-1".into() })
        );
        let long = "1 ".repeat(MAX_BOARD_TEXT);
        assert_eq!(
            parse_board(&long),
            Err(NotationError::TooLong {
                max: MAX_BOARD_TEXT
            })
        );
    }

    #[test]
    fn missing_tiles_and_the_missing_blank_are_named() {
        let e = parse_board("1 1 2/3 4 5/6 7 0").unwrap_err();
        assert_eq!(
            e.to_string(),
            "tile 1 appears more than once, and tile 8 is missing"
        );
        let e = parse_board("1 2 3/4 5 6/7 8 8").unwrap_err();
        assert_eq!(
            e.to_string(),
            "tile 8 appears more than once, and there is no blank (0)"
        );
        let e = parse_board("1 2 3/4 5 6/7 8 9").unwrap_err();
        assert_eq!(
            e.to_string(),
            "tile 9 is out of range (this board has tiles 0 to 8), and there is no blank (0)"
        );
    }

    #[test]
    fn file_errors_name_the_line() {
        let e = parse_board("3\n1 2 3\n4 5 5\n7 8 0").unwrap_err();
        assert_eq!(
            e.to_string(),
            "line 3: tile 5 appears more than once, and tile 6 is missing"
        );
        let e = parse_board("1 2 3\n4 five 6\n7 8 0").unwrap_err();
        assert_eq!(e.to_string(), "line 2: \"five\" is not a tile number");
        let e = parse_board("1 2 3\n4 5\n7 8 0").unwrap_err();
        assert_eq!(e.to_string(), "line 2: row 2 has 2 tiles, but row 1 has 3");
        let e = parse_board("4\n1 2 3 4\n5 6 7 8").unwrap_err();
        assert_eq!(
            e.to_string(),
            "a 4×4 layout needs 16 tiles after the size, found 8"
        );
    }

    #[test]
    fn hostile_tokens_are_shortened_in_messages() {
        let e = parse_board(&format!("<script>{}</script> 1/2 0", "a".repeat(500))).unwrap_err();
        assert!(e.to_string().len() < 80, "{e}");
    }

    #[test]
    fn moves_parse_with_counts_and_print_every_letter() {
        let m = parse_moves("R3 u,L d").unwrap();
        assert_eq!(format_moves(&m), "RRRULD");
        assert_eq!(
            parse_moves("UX"),
            Err(MovesError::UnknownLetter {
                letter: 'X',
                position: 1
            })
        );
        // The letter shown as typed, with its code point when it could be mistaken.
        let told = |text: &str| parse_moves(text).unwrap_err().to_string();
        assert_eq!(
            told("UX"),
            "'X' at position 2 is not a move: use U, D, L and R"
        );
        assert!(told("U\u{7}D").starts_with("U+0007 at position 2 "));
        assert!(told("Ué").starts_with("'é' (U+00E9) at position 2 "));
        assert!(told("U\u{200b}").starts_with("'\u{200b}' (U+200B) "));
        assert!(told("→").starts_with("'→' (U+2192) "));
        assert!(told("U\u{1F600}").starts_with("'\u{1F600}' (U+1F600) "));
        assert_eq!(parse_moves("R0"), Err(MovesError::BadCount { position: 1 }));
        assert_eq!(parse_moves("3R"), Err(MovesError::BadCount { position: 0 }));
        assert_eq!(
            parse_moves("R99999999999999999999999"),
            Err(MovesError::TooLong { max: MAX_MOVES })
        );
        assert_eq!(parse_moves("").unwrap(), vec![]);
    }
}
