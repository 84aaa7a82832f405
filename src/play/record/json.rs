//! JSON as the page stores and exports it: the settings and the history of solves in
//! `localStorage`, and history files. A small reader and writer of JSON values written for the
//! page, so its WebAssembly carries neither a general serializer nor the float formatter and
//! parser (together about 30 KB gzipped, a fifth of the page).
//!
//! Numbers are read exactly as long as they have at most 15 significant digits (every count and
//! millisecond figure the page writes); they are written with at most three decimals.

use crate::puzzle::numbers::decimals;
use std::fmt;

/// A JSON value. Objects keep their keys in order.
#[derive(Clone, Debug, PartialEq)]
pub enum Json {
    Null,
    Bool(bool),
    Number(f64),
    String(String),
    Array(Vec<Json>),
    Object(Vec<(String, Json)>),
}

/// Why a text is not JSON: what was expected, and at which character.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct JsonError {
    pub at: usize,
    pub expected: &'static str,
}

impl fmt::Display for JsonError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "not JSON: expected {} at character {}",
            self.expected,
            self.at + 1
        )
    }
}

/// Deepest nesting read: a file of nested brackets must not exhaust the stack.
const MAX_DEPTH: usize = 64;

impl Json {
    /// Reads a whole text as one value.
    pub fn parse(text: &str) -> Result<Json, JsonError> {
        let mut reader = Reader {
            bytes: text.as_bytes(),
            at: 0,
        };
        let value = reader.value(0)?;
        reader.space();
        if reader.at < reader.bytes.len() {
            return Err(reader.error("the end of the text"));
        }
        Ok(value)
    }

    /// The member `key` of an object.
    pub fn get(&self, key: &str) -> Option<&Json> {
        match self {
            Json::Object(members) => members.iter().find(|(k, _)| k == key).map(|(_, v)| v),
            _ => None,
        }
    }

    pub fn as_str(&self) -> Option<&str> {
        match self {
            Json::String(s) => Some(s),
            _ => None,
        }
    }

    pub fn as_f64(&self) -> Option<f64> {
        match self {
            Json::Number(n) => Some(*n),
            _ => None,
        }
    }

    /// A whole number from 0 up.
    pub fn as_count(&self) -> Option<usize> {
        self.as_f64()
            .filter(|n| n.fract() == 0.0 && *n >= 0.0 && *n <= 1e15)
            .map(|n| n as usize)
    }

    pub fn as_bool(&self) -> Option<bool> {
        match self {
            Json::Bool(b) => Some(*b),
            _ => None,
        }
    }

    pub fn as_array(&self) -> Option<&[Json]> {
        match self {
            Json::Array(items) => Some(items),
            _ => None,
        }
    }
}

/// A number written on its own (a cell of a CSV file): JSON's number syntax, surrounding spaces
/// allowed.
pub fn number(text: &str) -> Option<f64> {
    let text = text.trim();
    let mut reader = Reader {
        bytes: text.as_bytes(),
        at: 0,
    };
    match reader.number() {
        Ok(Json::Number(n)) if reader.at == text.len() => Some(n),
        _ => None,
    }
}

impl fmt::Display for Json {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Json::Null => f.write_str("null"),
            Json::Bool(b) => f.write_str(if *b { "true" } else { "false" }),
            Json::Number(n) => f.write_str(&write_number(*n)),
            Json::String(s) => write_string(f, s),
            Json::Array(items) => {
                f.write_str("[")?;
                for (i, item) in items.iter().enumerate() {
                    if i > 0 {
                        f.write_str(",")?;
                    }
                    item.fmt(f)?;
                }
                f.write_str("]")
            }
            Json::Object(members) => {
                f.write_str("{")?;
                for (i, (key, value)) in members.iter().enumerate() {
                    if i > 0 {
                        f.write_str(",")?;
                    }
                    write_string(f, key)?;
                    f.write_str(":")?;
                    value.fmt(f)?;
                }
                f.write_str("}")
            }
        }
    }
}

/// A number as JSON writes it: whole numbers plainly, others with up to three decimals.
fn write_number(n: f64) -> String {
    if !n.is_finite() {
        return "null".into();
    }
    let text = decimals(n, 3);
    match text.split_once('.') {
        Some((whole, part)) => {
            let part = part.trim_end_matches('0');
            if part.is_empty() {
                whole.to_string()
            } else {
                format!("{whole}.{part}")
            }
        }
        None => text,
    }
}

fn write_string(f: &mut fmt::Formatter<'_>, s: &str) -> fmt::Result {
    f.write_str("\"")?;
    for c in s.chars() {
        match c {
            '"' => f.write_str("\\\"")?,
            '\\' => f.write_str("\\\\")?,
            '\n' => f.write_str("\\n")?,
            '\r' => f.write_str("\\r")?,
            '\t' => f.write_str("\\t")?,
            c if (c as u32) < 0x20 => {
                const HEX: &[u8; 16] = b"0123456789abcdef";
                let n = c as usize;
                f.write_str("\\u00")?;
                f.write_str(&format!("{}{}", HEX[n >> 4] as char, HEX[n & 15] as char))?;
            }
            c => f.write_str(c.encode_utf8(&mut [0; 4]))?,
        }
    }
    f.write_str("\"")
}

struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl Reader<'_> {
    fn error(&self, expected: &'static str) -> JsonError {
        JsonError {
            at: self.at,
            expected,
        }
    }

    fn space(&mut self) {
        while self
            .bytes
            .get(self.at)
            .is_some_and(|b| matches!(b, b' ' | b'\t' | b'\n' | b'\r'))
        {
            self.at += 1;
        }
    }

    fn peek(&self) -> Option<u8> {
        self.bytes.get(self.at).copied()
    }

    fn eat(&mut self, word: &str) -> bool {
        let found = self.bytes[self.at..].starts_with(word.as_bytes());
        if found {
            self.at += word.len();
        }
        found
    }

    fn value(&mut self, depth: usize) -> Result<Json, JsonError> {
        if depth > MAX_DEPTH {
            return Err(self.error("less nesting"));
        }
        self.space();
        match self.peek() {
            Some(b'{') => self.object(depth),
            Some(b'[') => self.array(depth),
            Some(b'"') => self.string().map(Json::String),
            Some(b'-' | b'0'..=b'9') => self.number(),
            _ if self.eat("true") => Ok(Json::Bool(true)),
            _ if self.eat("false") => Ok(Json::Bool(false)),
            _ if self.eat("null") => Ok(Json::Null),
            _ => Err(self.error("a value")),
        }
    }

    fn array(&mut self, depth: usize) -> Result<Json, JsonError> {
        self.at += 1;
        let mut items = Vec::new();
        self.space();
        if self.eat("]") {
            return Ok(Json::Array(items));
        }
        loop {
            items.push(self.value(depth + 1)?);
            self.space();
            if self.eat("]") {
                return Ok(Json::Array(items));
            }
            if !self.eat(",") {
                return Err(self.error("',' or ']'"));
            }
        }
    }

    fn object(&mut self, depth: usize) -> Result<Json, JsonError> {
        self.at += 1;
        let mut members = Vec::new();
        self.space();
        if self.eat("}") {
            return Ok(Json::Object(members));
        }
        loop {
            self.space();
            if self.peek() != Some(b'"') {
                return Err(self.error("a key in quotes"));
            }
            let key = self.string()?;
            self.space();
            if !self.eat(":") {
                return Err(self.error("':'"));
            }
            members.push((key, self.value(depth + 1)?));
            self.space();
            if self.eat("}") {
                return Ok(Json::Object(members));
            }
            if !self.eat(",") {
                return Err(self.error("',' or '}'"));
            }
        }
    }

    fn string(&mut self) -> Result<String, JsonError> {
        self.at += 1;
        let mut out = Vec::new();
        loop {
            let Some(b) = self.peek() else {
                return Err(self.error("a closing quote"));
            };
            self.at += 1;
            match b {
                b'"' => break,
                b'\\' => {
                    let escaped = self.peek().ok_or_else(|| self.error("an escape"))?;
                    self.at += 1;
                    let c = match escaped {
                        b'"' => '"',
                        b'\\' => '\\',
                        b'/' => '/',
                        b'b' => '\u{8}',
                        b'f' => '\u{c}',
                        b'n' => '\n',
                        b'r' => '\r',
                        b't' => '\t',
                        b'u' => self.unicode()?,
                        _ => return Err(self.error("an escape")),
                    };
                    out.extend_from_slice(c.encode_utf8(&mut [0; 4]).as_bytes());
                }
                b => out.push(b),
            }
        }
        String::from_utf8(out).map_err(|_| self.error("UTF-8 text"))
    }

    /// The four hex digits of `\u`; a lone surrogate becomes U+FFFD.
    fn unicode(&mut self) -> Result<char, JsonError> {
        let hex = |r: &mut Self| -> Result<u32, JsonError> {
            let digits = r
                .bytes
                .get(r.at..r.at + 4)
                .ok_or_else(|| r.error("four hex digits"))?;
            let mut n = 0;
            for &d in digits {
                n = n * 16
                    + (d as char)
                        .to_digit(16)
                        .ok_or_else(|| r.error("a hex digit"))?;
            }
            r.at += 4;
            Ok(n)
        };
        let high = hex(self)?;
        if (0xD800..0xDC00).contains(&high) && self.eat("\\u") {
            let low = hex(self)?;
            let code = 0x10000 + ((high - 0xD800) << 10) + (low.wrapping_sub(0xDC00) & 0x3FF);
            return Ok(char::from_u32(code).unwrap_or('\u{FFFD}'));
        }
        Ok(char::from_u32(high).unwrap_or('\u{FFFD}'))
    }

    /// A number, read digit by digit (exact up to 15 significant digits).
    fn number(&mut self) -> Result<Json, JsonError> {
        let negative = self.eat("-");
        let mut mantissa: u64 = 0;
        let mut digits = 0;
        let mut scale: i32 = 0;
        let mut seen = false;
        while let Some(d @ b'0'..=b'9') = self.peek() {
            self.at += 1;
            seen = true;
            if digits < 18 {
                mantissa = mantissa * 10 + u64::from(d - b'0');
                digits += 1;
            } else {
                scale += 1;
            }
        }
        if self.eat(".") {
            while let Some(d @ b'0'..=b'9') = self.peek() {
                self.at += 1;
                seen = true;
                if digits < 18 {
                    mantissa = mantissa * 10 + u64::from(d - b'0');
                    digits += 1;
                    scale -= 1;
                }
            }
        }
        if !seen {
            return Err(self.error("a digit"));
        }
        if matches!(self.peek(), Some(b'e' | b'E')) {
            self.at += 1;
            let minus = self.eat("-");
            if !minus {
                self.eat("+");
            }
            let mut exponent: i32 = 0;
            while let Some(d @ b'0'..=b'9') = self.peek() {
                self.at += 1;
                exponent = (exponent * 10 + i32::from(d - b'0')).min(400);
            }
            scale += if minus { -exponent } else { exponent };
        }
        // Dividing by an exact power of ten rounds correctly (10^22 is the largest exact one).
        let scale = scale.clamp(-400, 400);
        let magnitude = match scale {
            -22..=-1 => mantissa as f64 / 10f64.powi(-scale),
            _ => mantissa as f64 * 10f64.powi(scale),
        };
        Ok(Json::Number(if negative { -magnitude } else { magnitude }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_read_back_as_written() {
        let text = r#"{"size":[4,4],"goal":"blank-last","numbers":true,"best":{"3x3":{"moves":12,"millis":4567.8}},"none":null,"list":[],"quote":"a \"b\"\n\u00e9\ud83d\ude00"}"#;
        let value = Json::parse(text).unwrap();
        assert_eq!(value.get("goal").and_then(Json::as_str), Some("blank-last"));
        assert_eq!(
            value
                .get("best")
                .and_then(|b| b.get("3x3"))
                .and_then(|b| b.get("millis")),
            Some(&Json::Number(4567.8))
        );
        assert_eq!(
            value.get("quote").and_then(Json::as_str),
            Some("a \"b\"\né😀")
        );
        let again = Json::parse(&value.to_string()).unwrap();
        assert_eq!(again, value);
    }

    #[test]
    fn numbers_are_exact_where_the_page_writes_them() {
        for (text, n) in [
            ("0", 0.0),
            ("-12", -12.0),
            ("12345.125", 12345.125),
            ("0.001", 0.001),
            ("1e3", 1000.0),
            ("2.5E-1", 0.25),
        ] {
            assert_eq!(Json::parse(text).unwrap(), Json::Number(n), "{text}");
        }
        assert_eq!(Json::Number(4567.8).to_string(), "4567.8");
        assert_eq!(Json::Number(3.0).to_string(), "3");
        assert_eq!(Json::Number(0.1234).to_string(), "0.123");
        assert_eq!(Json::Number(f64::NAN).to_string(), "null");
        assert_eq!(number(" 12.5 "), Some(12.5));
        assert_eq!(number("12x"), None);
        assert_eq!(number(""), None);
    }

    #[test]
    fn broken_text_says_where() {
        for text in [
            "",
            "{",
            "[1,]",
            "{\"a\" 1}",
            "\"open",
            "tru",
            "[1] 2",
            "-",
            "{1:2}",
        ] {
            assert!(Json::parse(text).is_err(), "{text}");
        }
        let e = Json::parse("[1, 2,, 3]").unwrap_err();
        assert_eq!(e.to_string(), "not JSON: expected a value at character 7");
        let deep = "[".repeat(1000);
        assert!(Json::parse(&deep).is_err());
    }
}
