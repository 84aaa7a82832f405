//! The worker's messages read back from bytes on the page's side, as bincode 1 lays them out
//! (little-endian numbers of fixed width, a `u64` before every string and list, a `u32` before
//! every enum's variant, a byte before an option), without bincode's reader.
//!
//! Why not bincode's own: its error messages (never shown: a message that does not decode is
//! dropped) format serde's description of what was met, floats included, which brings the
//! standard library's float printer into the page's WebAssembly, kilobytes it downloads before
//! the first board and needs nowhere else (the page writes its numbers with
//! [`crate::puzzle::numbers`]). Here a message that does not decode is [`Unreadable`], a value
//! without words. The worker writes with bincode; `tests` below hold the two to the same layout.

use serde::Deserialize;
use serde::de::{self, DeserializeSeed, IntoDeserializer, Visitor};
use std::fmt;

/// `bytes` read as a `T`, as bincode 1 wrote it (bytes left over are ignored, as bincode does).
pub fn from_bytes<'de, T: Deserialize<'de>>(bytes: &'de [u8]) -> Result<T, Unreadable> {
    T::deserialize(&mut Reader { bytes })
}

/// Bytes that are not a message of the type asked for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Unreadable;

impl fmt::Display for Unreadable {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("the bytes are not such a message")
    }
}

impl std::error::Error for Unreadable {}

/// Every way serde reports a mismatch ends here, without formatting what was met.
impl de::Error for Unreadable {
    fn custom<T: fmt::Display>(_: T) -> Self {
        Unreadable
    }
    fn invalid_type(_: de::Unexpected, _: &dyn de::Expected) -> Self {
        Unreadable
    }
    fn invalid_value(_: de::Unexpected, _: &dyn de::Expected) -> Self {
        Unreadable
    }
    fn invalid_length(_: usize, _: &dyn de::Expected) -> Self {
        Unreadable
    }
    fn unknown_variant(_: &str, _: &'static [&'static str]) -> Self {
        Unreadable
    }
    fn unknown_field(_: &str, _: &'static [&'static str]) -> Self {
        Unreadable
    }
    fn missing_field(_: &'static str) -> Self {
        Unreadable
    }
    fn duplicate_field(_: &'static str) -> Self {
        Unreadable
    }
}

/// The bytes not read yet.
struct Reader<'de> {
    bytes: &'de [u8],
}

impl<'de> Reader<'de> {
    fn take(&mut self, n: usize) -> Result<&'de [u8], Unreadable> {
        if self.bytes.len() < n {
            return Err(Unreadable);
        }
        let (taken, rest) = self.bytes.split_at(n);
        self.bytes = rest;
        Ok(taken)
    }

    fn array<const N: usize>(&mut self) -> Result<[u8; N], Unreadable> {
        self.take(N)?.try_into().map_err(|_| Unreadable)
    }

    /// A length: a `u64`, as bincode writes every length.
    fn len(&mut self) -> Result<usize, Unreadable> {
        usize::try_from(u64::from_le_bytes(self.array()?)).map_err(|_| Unreadable)
    }

    fn text(&mut self) -> Result<&'de str, Unreadable> {
        let n = self.len()?;
        std::str::from_utf8(self.take(n)?).map_err(|_| Unreadable)
    }
}

/// A number of fixed width, little-endian.
macro_rules! number {
    ($($method:ident $visit:ident $type:ty),*) => {$(
        fn $method<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Unreadable> {
            visitor.$visit(<$type>::from_le_bytes(self.array()?))
        }
    )*};
}

impl<'de> de::Deserializer<'de> for &mut Reader<'de> {
    type Error = Unreadable;

    number!(
        deserialize_i8 visit_i8 i8, deserialize_i16 visit_i16 i16, deserialize_i32 visit_i32 i32,
        deserialize_i64 visit_i64 i64, deserialize_u8 visit_u8 u8, deserialize_u16 visit_u16 u16,
        deserialize_u32 visit_u32 u32, deserialize_u64 visit_u64 u64,
        deserialize_f32 visit_f32 f32, deserialize_f64 visit_f64 f64
    );

    /// Bincode's layout does not say what comes: only a reader that knows can read it.
    fn deserialize_any<V: Visitor<'de>>(self, _: V) -> Result<V::Value, Unreadable> {
        Err(Unreadable)
    }

    fn deserialize_bool<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Unreadable> {
        match self.array::<1>()? {
            [0] => visitor.visit_bool(false),
            [1] => visitor.visit_bool(true),
            _ => Err(Unreadable),
        }
    }

    /// A character as its UTF-8 bytes, one to four.
    fn deserialize_char<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Unreadable> {
        let width = match self.bytes.first() {
            Some(0..0x80) => 1,
            Some(0xC0..0xE0) => 2,
            Some(0xE0..0xF0) => 3,
            Some(0xF0..0xF8) => 4,
            _ => return Err(Unreadable),
        };
        let text = std::str::from_utf8(self.take(width)?).map_err(|_| Unreadable)?;
        visitor.visit_char(text.chars().next().ok_or(Unreadable)?)
    }

    fn deserialize_str<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Unreadable> {
        visitor.visit_borrowed_str(self.text()?)
    }

    fn deserialize_string<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Unreadable> {
        self.deserialize_str(visitor)
    }

    fn deserialize_bytes<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Unreadable> {
        let n = self.len()?;
        visitor.visit_borrowed_bytes(self.take(n)?)
    }

    fn deserialize_byte_buf<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Unreadable> {
        self.deserialize_bytes(visitor)
    }

    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Unreadable> {
        match self.array::<1>()? {
            [0] => visitor.visit_none(),
            [1] => visitor.visit_some(self),
            _ => Err(Unreadable),
        }
    }

    fn deserialize_unit<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Unreadable> {
        visitor.visit_unit()
    }

    fn deserialize_unit_struct<V: Visitor<'de>>(
        self,
        _: &'static str,
        visitor: V,
    ) -> Result<V::Value, Unreadable> {
        visitor.visit_unit()
    }

    fn deserialize_newtype_struct<V: Visitor<'de>>(
        self,
        _: &'static str,
        visitor: V,
    ) -> Result<V::Value, Unreadable> {
        visitor.visit_newtype_struct(self)
    }

    fn deserialize_seq<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Unreadable> {
        let left = self.len()?;
        visitor.visit_seq(Items { reader: self, left })
    }

    /// A tuple, and a struct's fields, in order with no length before them.
    fn deserialize_tuple<V: Visitor<'de>>(
        self,
        left: usize,
        visitor: V,
    ) -> Result<V::Value, Unreadable> {
        visitor.visit_seq(Items { reader: self, left })
    }

    fn deserialize_tuple_struct<V: Visitor<'de>>(
        self,
        _: &'static str,
        len: usize,
        visitor: V,
    ) -> Result<V::Value, Unreadable> {
        self.deserialize_tuple(len, visitor)
    }

    fn deserialize_map<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Unreadable> {
        let left = self.len()?;
        visitor.visit_map(Items { reader: self, left })
    }

    fn deserialize_struct<V: Visitor<'de>>(
        self,
        _: &'static str,
        fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, Unreadable> {
        self.deserialize_tuple(fields.len(), visitor)
    }

    fn deserialize_enum<V: Visitor<'de>>(
        self,
        _: &'static str,
        _: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, Unreadable> {
        visitor.visit_enum(self)
    }

    fn deserialize_identifier<V: Visitor<'de>>(self, _: V) -> Result<V::Value, Unreadable> {
        Err(Unreadable)
    }

    fn deserialize_ignored_any<V: Visitor<'de>>(self, _: V) -> Result<V::Value, Unreadable> {
        Err(Unreadable)
    }

    fn is_human_readable(&self) -> bool {
        false
    }
}

/// The items of a list, a tuple or a struct (`left` of them still to come), or a map's pairs.
struct Items<'a, 'de> {
    reader: &'a mut Reader<'de>,
    left: usize,
}

impl<'de> de::SeqAccess<'de> for Items<'_, 'de> {
    type Error = Unreadable;

    fn next_element_seed<T: DeserializeSeed<'de>>(
        &mut self,
        seed: T,
    ) -> Result<Option<T::Value>, Unreadable> {
        if self.left == 0 {
            return Ok(None);
        }
        self.left -= 1;
        seed.deserialize(&mut *self.reader).map(Some)
    }

    fn size_hint(&self) -> Option<usize> {
        // At most what the bytes could hold, so that a damaged length reserves nothing huge.
        Some(self.left.min(self.reader.bytes.len()))
    }
}

impl<'de> de::MapAccess<'de> for Items<'_, 'de> {
    type Error = Unreadable;

    fn next_key_seed<K: DeserializeSeed<'de>>(
        &mut self,
        seed: K,
    ) -> Result<Option<K::Value>, Unreadable> {
        if self.left == 0 {
            return Ok(None);
        }
        self.left -= 1;
        seed.deserialize(&mut *self.reader).map(Some)
    }

    fn next_value_seed<V: DeserializeSeed<'de>>(
        &mut self,
        seed: V,
    ) -> Result<V::Value, Unreadable> {
        seed.deserialize(&mut *self.reader)
    }

    fn size_hint(&self) -> Option<usize> {
        Some(self.left.min(self.reader.bytes.len()))
    }
}

/// An enum: its variant's index as a `u32`, then what the variant holds.
impl<'de> de::EnumAccess<'de> for &mut Reader<'de> {
    type Error = Unreadable;
    type Variant = Self;

    fn variant_seed<V: DeserializeSeed<'de>>(
        self,
        seed: V,
    ) -> Result<(V::Value, Self), Unreadable> {
        let index = u32::from_le_bytes(self.array()?);
        let variant = seed.deserialize(IntoDeserializer::<Unreadable>::into_deserializer(index))?;
        Ok((variant, self))
    }
}

impl<'de> de::VariantAccess<'de> for &mut Reader<'de> {
    type Error = Unreadable;

    fn unit_variant(self) -> Result<(), Unreadable> {
        Ok(())
    }

    fn newtype_variant_seed<T: DeserializeSeed<'de>>(
        self,
        seed: T,
    ) -> Result<T::Value, Unreadable> {
        seed.deserialize(self)
    }

    fn tuple_variant<V: Visitor<'de>>(
        self,
        len: usize,
        visitor: V,
    ) -> Result<V::Value, Unreadable> {
        de::Deserializer::deserialize_tuple(self, len, visitor)
    }

    fn struct_variant<V: Visitor<'de>>(
        self,
        fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, Unreadable> {
        de::Deserializer::deserialize_tuple(self, fields.len(), visitor)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::play::worker::protocol::{Answer, Failure, FromWorker, Purpose, ToWorker};
    use crate::play::worker::shapes::{Shape, every_shape};
    use crate::puzzle::notation::parse_board;
    use crate::search::Stats;
    use crate::solver::{Algorithm, Options, solve};
    use serde::Serialize;
    use std::fmt::Debug;

    fn same<T: Serialize + for<'de> Deserialize<'de> + PartialEq + Debug>(value: T) {
        let bytes = bincode::serialize(&value).unwrap();
        assert_eq!(from_bytes::<T>(&bytes), Ok(value));
        // Cut anywhere before its end, it is unreadable, never a panic.
        for end in 0..bytes.len() {
            assert_eq!(
                from_bytes::<T>(&bytes[..end]),
                Err(Unreadable),
                "cut at {end}"
            );
        }
    }

    #[test]
    fn every_shape_reads_back_as_bincode_wrote_it() {
        same(every_shape());
    }

    #[test]
    fn the_workers_messages_read_back_as_bincode_wrote_them() {
        let board = parse_board("8 6 7/2 5 4/3 0 1").unwrap();
        let goal = parse_board("1 2 3/4 5 6/7 8 0").unwrap();
        let report = solve(&board, &goal, &Options::default()).unwrap();
        let answer = Answer::of(&report, None).unwrap();
        let purpose = Purpose::Solve;
        for message in [
            FromWorker::Progress {
                id: 3,
                purpose,
                stats: report.stats,
            },
            FromWorker::Preparing {
                id: 4,
                purpose,
                fraction: Some(0.25),
            },
            FromWorker::Better {
                id: 5,
                purpose,
                answer: answer.clone(),
            },
            FromWorker::Solved {
                id: 5,
                purpose: Purpose::Measure,
                answer,
            },
            FromWorker::Failed {
                id: 6,
                purpose: Purpose::Hint,
                failure: Failure::Unsolvable {
                    explanation: "odd".into(),
                },
                stats: Some(Stats::default()),
            },
            FromWorker::Cancelled { id: 7, purpose },
            FromWorker::Analysing {
                id: 8,
                done: 3,
                total: 31,
            },
        ] {
            same(message);
        }
        same(ToWorker::Cancel { id: 9 });
        same(ToWorker::Solve {
            id: 10,
            purpose,
            board: board.to_string(),
            goal: goal.to_string(),
            algorithm: Algorithm::IdaStar,
            heuristic: None,
            max_nodes: Some(1_000_000),
        });
    }

    #[test]
    fn junk_is_unreadable() {
        // A variant that does not exist, a bool that is neither, a length past the bytes.
        assert_eq!(from_bytes::<Shape>(&[9, 0, 0, 0]), Err(Unreadable));
        assert_eq!(from_bytes::<bool>(&[2]), Err(Unreadable));
        assert_eq!(from_bytes::<String>(&[255; 8]), Err(Unreadable));
        assert_eq!(
            from_bytes::<Vec<u8>>(&[0, 0, 0, 0, 0, 0, 0, 1]),
            Err(Unreadable)
        );
    }
}
