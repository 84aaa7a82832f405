//! The one small binary form in which messages cross between the page and its workers (the
//! solver's requests and answers, the record's solves, events and what its worker is asked and
//! says) and in which an event in progress is kept across a reload: each value its fields in
//! order, numbers as 8 bytes (a `u32` as 4), texts and lists after their length, a variant as
//! its tag. Written for the page rather than derived: serde's generated readers and writers
//! weighed kilobytes of the page's gzipped wasm for the same messages. What is read is checked
//! as a file's would be; anything cut short or out of range reads as nothing.
//!
//! The values of each room have their forms in that room: the record's in
//! `crate::play::record`'s `wire`, the solver's messages in `crate::play::worker::protocol`'s.

use crate::puzzle::moves::Move;

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

impl Wire for u32 {
    fn put(&self, out: &mut Vec<u8>) {
        out.extend_from_slice(&self.to_le_bytes());
    }
    fn take(input: &mut &[u8]) -> Option<u32> {
        let (bytes, rest) = input.split_first_chunk::<4>()?;
        *input = rest;
        Some(u32::from_le_bytes(*bytes))
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

impl<T: Wire, E: Wire> Wire for Result<T, E> {
    fn put(&self, out: &mut Vec<u8>) {
        self.is_ok().put(out);
        match self {
            Ok(v) => v.put(out),
            Err(e) => e.put(out),
        }
    }
    fn take(input: &mut &[u8]) -> Option<Result<T, E>> {
        Some(match bool::take(input)? {
            true => Ok(T::take(input)?),
            false => Err(E::take(input)?),
        })
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

impl<T: Wire> Wire for Box<T> {
    fn put(&self, out: &mut Vec<u8>) {
        (**self).put(out);
    }
    fn take(input: &mut &[u8]) -> Option<Box<T>> {
        T::take(input).map(Box::new)
    }
}

impl<A: Wire, B: Wire> Wire for (A, B) {
    fn put(&self, out: &mut Vec<u8>) {
        self.0.put(out);
        self.1.put(out);
    }
    fn take(input: &mut &[u8]) -> Option<(A, B)> {
        Some((A::take(input)?, B::take(input)?))
    }
}

/// A struct's fields, in order, both ways.
#[macro_export]
macro_rules! wire_fields {
    ($type:ty { $($field:ident),* $(,)? }) => {
        impl $crate::play::wire::Wire for $type {
            fn put(&self, out: &mut Vec<u8>) {
                $($crate::play::wire::Wire::put(&self.$field, out);)*
            }
            fn take(input: &mut &[u8]) -> Option<$type> {
                Some(Self { $($field: $crate::play::wire::Wire::take(input)?),* })
            }
        }
    };
}

/// An enum without fields, as its place in a list of all its values (`ALL`, in an order that
/// never changes: the tags are that order).
#[macro_export]
macro_rules! wire_units {
    ($type:ty, $all:expr) => {
        impl $crate::play::wire::Wire for $type {
            fn put(&self, out: &mut Vec<u8>) {
                let i = $all.iter().position(|v| v == self).unwrap_or(0);
                $crate::play::wire::tag(out, i as u8);
            }
            fn take(input: &mut &[u8]) -> Option<$type> {
                $all.get(usize::from($crate::play::wire::take_tag(input)?))
                    .copied()
            }
        }
    };
}

/// An enum whose variants have named fields (or none, or a few in a tuple), as its tag, then
/// the variant's fields in order: `wire_variants!(Failure { 0 => Budget { max_nodes }, … })`.
/// The tags are the message's layout: a variant keeps its tag for good.
#[macro_export]
macro_rules! wire_variants {
    ($type:ident { $($tag:literal => $variant:ident $fields:tt),* $(,)? }) => {
        impl $crate::play::wire::Wire for $type {
            fn put(&self, out: &mut Vec<u8>) {
                match self {
                    $($crate::wire_variants!(@pattern $type $variant $fields) => {
                        $crate::play::wire::tag(out, $tag);
                        $crate::wire_variants!(@put out $fields);
                    })*
                }
            }
            fn take(input: &mut &[u8]) -> Option<$type> {
                Some(match $crate::play::wire::take_tag(input)? {
                    $($tag => $crate::wire_variants!(@take input $type $variant $fields),)*
                    _ => return None,
                })
            }
        }
    };
    (@pattern $type:ident $variant:ident { $($f:ident),* }) => { $type::$variant { $($f),* } };
    (@pattern $type:ident $variant:ident ( $($f:ident),* )) => { $type::$variant ( $($f),* ) };
    (@put $out:ident { $($f:ident),* }) => { $($crate::play::wire::Wire::put($f, $out);)* };
    (@put $out:ident ( $($f:ident),* )) => { $($crate::play::wire::Wire::put($f, $out);)* };
    (@take $input:ident $type:ident $variant:ident { $($f:ident),* }) => {
        $type::$variant { $($f: $crate::play::wire::Wire::take($input)?),* }
    };
    (@take $input:ident $type:ident $variant:ident ( $($f:ident),* )) => {
        $type::$variant ( $({ let $f = $crate::play::wire::Wire::take($input)?; $f }),* )
    };
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_texts_lists_and_options_cross_whole_and_damage_reads_as_nothing() {
        let value = (
            vec![(u32::MAX, 7usize), (0, usize::MAX)],
            Some("8 6 7/2 5 4/3 0 1 ×".to_string()),
            (-0.125f64, true, vec![Move::Up, Move::Left]),
        );
        let bytes = encode(&value);
        assert_eq!(decode(&bytes), Some(value.clone()));
        for cut in 0..bytes.len() {
            assert_eq!(
                decode::<(Vec<(u32, usize)>, Option<String>, (f64, bool, Vec<Move>))>(
                    &bytes[..cut]
                ),
                None,
                "{cut}"
            );
        }
        // A length from damage does not run away; a tag out of range is nothing.
        assert_eq!(decode::<Vec<u64>>(&u64::MAX.to_le_bytes()), None);
        assert_eq!(decode::<Option<u32>>(&[2, 0, 0, 0, 0]), None);
        assert_eq!(decode::<Move>(&[4]), None);
        assert_eq!(decode::<String>(&[1, 0, 0, 0, 0, 0, 0, 0, 0xff]), None);
    }
}
