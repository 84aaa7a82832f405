//! The small binary form in which the record crosses between the page and its worker (solves,
//! events, what the worker is asked and says) and in which an event in progress is kept across
//! a reload: each value its fields in order, numbers as 8 bytes, texts and lists after their
//! length. Written for the page rather than derived: serde's generated readers weighed 6 KB of
//! the page's gzipped wasm for the same messages. What is read is checked as a file's would be
//! (a board through the one parser); anything cut short or out of range reads as nothing.

use super::solves::Solve;
use super::tally::Brief;
use crate::play::game::daily::Date;
use crate::play::game::input::{Control, Input};
use crate::puzzle::moves::Move;
use crate::puzzle::notation::parse_board;
use crate::puzzle::position::Position;

/// A value with a binary form.
pub trait Wire: Sized {
    /// Appends the value's bytes.
    fn put(&self, out: &mut Vec<u8>);
    /// Reads a value from the front of `input`, moving past it.
    fn take(input: &mut &[u8]) -> Option<Self>;
}

/// `value` as bytes.
pub fn encode<T: Wire>(value: &T) -> Vec<u8> {
    let mut out = Vec::new();
    value.put(&mut out);
    out
}

/// The value `bytes` hold (all of them).
pub fn decode<T: Wire>(mut bytes: &[u8]) -> Option<T> {
    let value = T::take(&mut bytes)?;
    bytes.is_empty().then_some(value)
}

/// A variant's tag.
pub fn tag(out: &mut Vec<u8>, tag: u8) {
    out.push(tag);
}

/// The next variant's tag.
pub fn take_tag(input: &mut &[u8]) -> Option<u8> {
    let (&first, rest) = input.split_first()?;
    *input = rest;
    Some(first)
}

impl Wire for u64 {
    fn put(&self, out: &mut Vec<u8>) {
        out.extend_from_slice(&self.to_le_bytes());
    }
    fn take(input: &mut &[u8]) -> Option<u64> {
        let (bytes, rest) = input.split_first_chunk::<8>()?;
        *input = rest;
        Some(u64::from_le_bytes(*bytes))
    }
}

impl Wire for usize {
    fn put(&self, out: &mut Vec<u8>) {
        (*self as u64).put(out);
    }
    fn take(input: &mut &[u8]) -> Option<usize> {
        usize::try_from(u64::take(input)?).ok()
    }
}

impl Wire for f64 {
    fn put(&self, out: &mut Vec<u8>) {
        self.to_bits().put(out);
    }
    fn take(input: &mut &[u8]) -> Option<f64> {
        u64::take(input).map(f64::from_bits)
    }
}

impl Wire for bool {
    fn put(&self, out: &mut Vec<u8>) {
        tag(out, u8::from(*self));
    }
    fn take(input: &mut &[u8]) -> Option<bool> {
        match take_tag(input)? {
            0 => Some(false),
            1 => Some(true),
            _ => None,
        }
    }
}

impl Wire for String {
    fn put(&self, out: &mut Vec<u8>) {
        self.len().put(out);
        out.extend_from_slice(self.as_bytes());
    }
    fn take(input: &mut &[u8]) -> Option<String> {
        let n = usize::take(input)?;
        let bytes = input.get(..n)?;
        *input = &input[n..];
        String::from_utf8(bytes.to_vec()).ok()
    }
}

impl<T: Wire> Wire for Vec<T> {
    fn put(&self, out: &mut Vec<u8>) {
        self.len().put(out);
        self.iter().for_each(|v| v.put(out));
    }
    fn take(input: &mut &[u8]) -> Option<Vec<T>> {
        let n = usize::take(input)?;
        // Never more items than bytes left: a length read from damage cannot run away.
        if n > input.len() {
            return None;
        }
        let mut items = Vec::with_capacity(n);
        for _ in 0..n {
            items.push(T::take(input)?);
        }
        Some(items)
    }
}

impl<T: Wire> Wire for Option<T> {
    fn put(&self, out: &mut Vec<u8>) {
        self.is_some().put(out);
        if let Some(v) = self {
            v.put(out);
        }
    }
    fn take(input: &mut &[u8]) -> Option<Option<T>> {
        match bool::take(input)? {
            true => T::take(input).map(Some),
            false => Some(None),
        }
    }
}

impl<A: Wire, B: Wire, C: Wire> Wire for (A, B, C) {
    fn put(&self, out: &mut Vec<u8>) {
        self.0.put(out);
        self.1.put(out);
        self.2.put(out);
    }
    fn take(input: &mut &[u8]) -> Option<(A, B, C)> {
        Some((A::take(input)?, B::take(input)?, C::take(input)?))
    }
}

impl Wire for Move {
    fn put(&self, out: &mut Vec<u8>) {
        tag(out, self.index());
    }
    fn take(input: &mut &[u8]) -> Option<Move> {
        let i = take_tag(input)?;
        (i < 4).then(|| Move::from_index(i))
    }
}

impl Wire for Control {
    fn put(&self, out: &mut Vec<u8>) {
        let i = Control::ALL.iter().position(|c| c == self).unwrap_or(0);
        tag(out, i as u8);
    }
    fn take(input: &mut &[u8]) -> Option<Control> {
        Control::ALL.get(usize::from(take_tag(input)?)).copied()
    }
}

/// The inputs in the order their tags count them.
const INPUTS: [Input; 4] = [Input::Click, Input::Hover, Input::Keys, Input::Touch];

impl Wire for Input {
    fn put(&self, out: &mut Vec<u8>) {
        let i = INPUTS.iter().position(|c| c == self).unwrap_or(0);
        tag(out, i as u8);
    }
    fn take(input: &mut &[u8]) -> Option<Input> {
        INPUTS.get(usize::from(take_tag(input)?)).copied()
    }
}

impl Wire for Date {
    fn put(&self, out: &mut Vec<u8>) {
        self.to_string().put(out);
    }
    fn take(input: &mut &[u8]) -> Option<Date> {
        Date::parse(&String::take(input)?).ok()
    }
}

/// A position as its two boards' notation, read back through the one parser.
impl Wire for Position {
    fn put(&self, out: &mut Vec<u8>) {
        self.board().to_string().put(out);
        self.goal().to_string().put(out);
    }
    fn take(input: &mut &[u8]) -> Option<Position> {
        let board = parse_board(&String::take(input)?).ok()?;
        let goal = parse_board(&String::take(input)?).ok()?;
        Position::new(board, goal).ok()
    }
}

/// A struct's fields, in order, both ways.
#[macro_export]
macro_rules! wire_fields {
    ($type:ty { $($field:ident),* $(,)? }) => {
        impl $crate::play::record::wire::Wire for $type {
            fn put(&self, out: &mut Vec<u8>) {
                $($crate::play::record::wire::Wire::put(&self.$field, out);)*
            }
            fn take(input: &mut &[u8]) -> Option<$type> {
                Some(Self { $($field: $crate::play::record::wire::Wire::take(input)?),* })
            }
        }
    };
}

wire_fields!(Solve {
    id,
    date,
    start,
    moves,
    slides,
    millis,
    optimal,
    best_known,
    assisted,
    times,
    control,
    random_state,
});

wire_fields!(Brief {
    id,
    size,
    control,
    counts,
    millis,
    moves,
});

impl<A: Wire, B: Wire> Wire for (A, B) {
    fn put(&self, out: &mut Vec<u8>) {
        self.0.put(out);
        self.1.put(out);
    }
    fn take(input: &mut &[u8]) -> Option<(A, B)> {
        Some((A::take(input)?, B::take(input)?))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::play::record::solves::History;

    #[test]
    fn solves_and_figures_cross_whole_and_damage_reads_as_nothing() {
        let mut h = History::default();
        let text = r#"[{"id":3,"date":"2026-11-23","board":"8 6 7/2 5 4/3 0 1","goal":"1 2 3/4 5 6/7 8 0","moves":3,"mtm":2,"millis":9000.5,"optimal":31,"control":"hover","random_state":true,"times":[0,1.5,9000.5]},{"id":1,"date":"2026-11-22","board":"1 2 3/4 5 6/7 0 8","moves":1,"millis":400,"best_known":1,"assisted":true}]"#;
        h.import(text).unwrap();
        let bytes = encode(&h.solves);
        assert_eq!(decode::<Vec<Solve>>(&bytes), Some(h.solves.clone()));
        let briefs: Vec<Brief> = h.solves.iter().map(Brief::of).collect();
        assert_eq!(decode::<Vec<Brief>>(&encode(&briefs)), Some(briefs));
        // Cut anywhere, or with a byte more, it reads as nothing.
        for cut in 0..bytes.len() {
            assert_eq!(decode::<Vec<Solve>>(&bytes[..cut]), None, "{cut}");
        }
        let mut longer = bytes.clone();
        longer.push(0);
        assert_eq!(decode::<Vec<Solve>>(&longer), None);
        // A board that is no board is refused by the parser.
        let bad = encode(&h.solves)
            .iter()
            .map(|&b| if b == b'8' { b'9' } else { b })
            .collect::<Vec<u8>>();
        assert_eq!(decode::<Vec<Solve>>(&bad), None);
        // A length from damage does not run away.
        assert_eq!(decode::<Vec<u64>>(&u64::MAX.to_le_bytes()), None);
        let moves = vec![
            (Move::Left, 2.5, Input::Touch),
            (Move::Up, 0.0, Input::Click),
        ];
        assert_eq!(
            decode::<Vec<(Move, f64, Input)>>(&encode(&moves)),
            Some(moves)
        );
    }
}
