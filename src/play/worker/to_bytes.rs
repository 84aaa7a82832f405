//! The solver's messages written as bytes, as bincode 1 lays them out (little-endian numbers of
//! fixed width, a `u64` before every string, list and map, a `u32` for an enum's variant, a byte
//! before an option), without bincode's writer: the other half of [`super::bytes`].
//!
//! Why not bincode's own: its writer, generic over every message and carrying its error kinds,
//! weighed about 5 KB of the page's gzipped WebAssembly, downloaded before the first board, to
//! write a few hundred bytes a message. Writing cannot fail here but for a list of no known
//! length, which serde's derived messages never give ([`Unwritable`]). `tests` below hold the
//! bytes to bincode's, byte for byte.

use serde::Serialize;
use serde::ser;
use std::fmt;

/// `value` as bincode 1 writes it.
pub fn to_bytes<T: Serialize + ?Sized>(value: &T) -> Result<Vec<u8>, Unwritable> {
    let mut writer = Writer { out: Vec::new() };
    value.serialize(&mut writer)?;
    Ok(writer.out)
}

/// A value bincode's layout cannot hold: a list whose length is not known before its items.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Unwritable;

impl fmt::Display for Unwritable {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("the value has no form in bytes")
    }
}

impl std::error::Error for Unwritable {}

/// What a message's own code reports is dropped unread, as the reader drops its words.
impl ser::Error for Unwritable {
    fn custom<T: fmt::Display>(_: T) -> Self {
        Unwritable
    }
}

/// The bytes written so far.
struct Writer {
    out: Vec<u8>,
}

impl Writer {
    /// A length, or a count of items: a `u64`, as bincode writes every length.
    fn len(&mut self, n: usize) {
        self.out.extend_from_slice(&(n as u64).to_le_bytes());
    }

    fn variant(&mut self, index: u32) {
        self.out.extend_from_slice(&index.to_le_bytes());
    }
}

/// A number of fixed width, little-endian.
macro_rules! number {
    ($($method:ident $type:ty),*) => {$(
        fn $method(self, v: $type) -> Result<(), Unwritable> {
            self.out.extend_from_slice(&v.to_le_bytes());
            Ok(())
        }
    )*};
}

impl<'a> ser::Serializer for &'a mut Writer {
    type Ok = ();
    type Error = Unwritable;
    type SerializeSeq = &'a mut Writer;
    type SerializeTuple = &'a mut Writer;
    type SerializeTupleStruct = &'a mut Writer;
    type SerializeTupleVariant = &'a mut Writer;
    type SerializeMap = &'a mut Writer;
    type SerializeStruct = &'a mut Writer;
    type SerializeStructVariant = &'a mut Writer;

    number!(
        serialize_i8 i8, serialize_i16 i16, serialize_i32 i32, serialize_i64 i64,
        serialize_i128 i128, serialize_u8 u8, serialize_u16 u16, serialize_u32 u32,
        serialize_u64 u64, serialize_u128 u128, serialize_f32 f32, serialize_f64 f64
    );

    fn serialize_bool(self, v: bool) -> Result<(), Unwritable> {
        self.out.push(u8::from(v));
        Ok(())
    }

    /// A character as its UTF-8 bytes, one to four.
    fn serialize_char(self, v: char) -> Result<(), Unwritable> {
        self.out
            .extend_from_slice(v.encode_utf8(&mut [0; 4]).as_bytes());
        Ok(())
    }

    fn serialize_str(self, v: &str) -> Result<(), Unwritable> {
        self.serialize_bytes(v.as_bytes())
    }

    fn serialize_bytes(self, v: &[u8]) -> Result<(), Unwritable> {
        self.len(v.len());
        self.out.extend_from_slice(v);
        Ok(())
    }

    fn serialize_none(self) -> Result<(), Unwritable> {
        self.out.push(0);
        Ok(())
    }

    fn serialize_some<T: Serialize + ?Sized>(self, value: &T) -> Result<(), Unwritable> {
        self.out.push(1);
        value.serialize(self)
    }

    fn serialize_unit(self) -> Result<(), Unwritable> {
        Ok(())
    }

    fn serialize_unit_struct(self, _: &'static str) -> Result<(), Unwritable> {
        Ok(())
    }

    fn serialize_unit_variant(
        self,
        _: &'static str,
        index: u32,
        _: &'static str,
    ) -> Result<(), Unwritable> {
        self.variant(index);
        Ok(())
    }

    fn serialize_newtype_struct<T: Serialize + ?Sized>(
        self,
        _: &'static str,
        value: &T,
    ) -> Result<(), Unwritable> {
        value.serialize(self)
    }

    fn serialize_newtype_variant<T: Serialize + ?Sized>(
        self,
        _: &'static str,
        index: u32,
        _: &'static str,
        value: &T,
    ) -> Result<(), Unwritable> {
        self.variant(index);
        value.serialize(self)
    }

    fn serialize_seq(self, len: Option<usize>) -> Result<Self, Unwritable> {
        self.len(len.ok_or(Unwritable)?);
        Ok(self)
    }

    /// A tuple, and a struct's fields, in order with no length before them.
    fn serialize_tuple(self, _: usize) -> Result<Self, Unwritable> {
        Ok(self)
    }

    fn serialize_tuple_struct(self, _: &'static str, _: usize) -> Result<Self, Unwritable> {
        Ok(self)
    }

    fn serialize_tuple_variant(
        self,
        _: &'static str,
        index: u32,
        _: &'static str,
        _: usize,
    ) -> Result<Self, Unwritable> {
        self.variant(index);
        Ok(self)
    }

    fn serialize_map(self, len: Option<usize>) -> Result<Self, Unwritable> {
        self.len(len.ok_or(Unwritable)?);
        Ok(self)
    }

    fn serialize_struct(self, _: &'static str, _: usize) -> Result<Self, Unwritable> {
        Ok(self)
    }

    fn serialize_struct_variant(
        self,
        _: &'static str,
        index: u32,
        _: &'static str,
        _: usize,
    ) -> Result<Self, Unwritable> {
        self.variant(index);
        Ok(self)
    }

    fn is_human_readable(&self) -> bool {
        false
    }
}

/// The items of a list, a tuple, a struct or a variant: each written in turn, nothing after.
macro_rules! items {
    ($($trait:ident $method:ident),*) => {$(
        impl ser::$trait for &mut Writer {
            type Ok = ();
            type Error = Unwritable;

            fn $method<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Unwritable> {
                value.serialize(&mut **self)
            }

            fn end(self) -> Result<(), Unwritable> {
                Ok(())
            }
        }
    )*};
}

items!(
    SerializeSeq serialize_element,
    SerializeTuple serialize_element,
    SerializeTupleStruct serialize_field,
    SerializeTupleVariant serialize_field
);

/// A struct's fields: in order, without their names.
macro_rules! fields {
    ($($trait:ident),*) => {$(
        impl ser::$trait for &mut Writer {
            type Ok = ();
            type Error = Unwritable;

            fn serialize_field<T: Serialize + ?Sized>(
                &mut self,
                _: &'static str,
                value: &T,
            ) -> Result<(), Unwritable> {
                value.serialize(&mut **self)
            }

            fn end(self) -> Result<(), Unwritable> {
                Ok(())
            }
        }
    )*};
}

fields!(SerializeStruct, SerializeStructVariant);

impl ser::SerializeMap for &mut Writer {
    type Ok = ();
    type Error = Unwritable;

    fn serialize_key<T: Serialize + ?Sized>(&mut self, key: &T) -> Result<(), Unwritable> {
        key.serialize(&mut **self)
    }

    fn serialize_value<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Unwritable> {
        value.serialize(&mut **self)
    }

    fn end(self) -> Result<(), Unwritable> {
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::play::worker::bytes::from_bytes;
    use crate::play::worker::protocol::{Answer, Failure, FromWorker, Purpose, ToWorker};
    use crate::play::worker::shapes::every_shape;
    use crate::puzzle::notation::parse_board;
    use crate::search::Stats;
    use crate::solver::{Algorithm, Options, solve};
    use serde::Deserialize;
    use std::fmt::Debug;

    /// Written as bincode writes it, and read back by the page's reader.
    fn same<T: Serialize + for<'de> Deserialize<'de> + PartialEq + Debug>(value: T) {
        let bytes = to_bytes(&value).unwrap();
        assert_eq!(bytes, bincode::serialize(&value).unwrap(), "{value:?}");
        assert_eq!(from_bytes::<T>(&bytes), Ok(value));
    }

    #[test]
    fn every_shape_is_written_as_bincode_writes_it() {
        same(every_shape());
        // Numbers of 128 bits, which no message has and the page's reader does not read.
        let wide = (u128::MAX - 1, i128::MIN + 1);
        assert_eq!(to_bytes(&wide), Ok(bincode::serialize(&wide).unwrap()));
    }

    #[test]
    fn the_workers_messages_are_written_as_bincode_writes_them() {
        let board = parse_board("8 6 7/2 5 4/3 0 1").unwrap();
        let goal = parse_board("1 2 3/4 5 6/7 8 0").unwrap();
        let report = solve(&board, &goal, &Options::default()).unwrap();
        let answer = Answer::of(&report, None).unwrap();
        let purpose = Purpose::Solve;
        let request = ToWorker::Solve {
            id: 10,
            purpose,
            board: board.to_string(),
            goal: goal.to_string(),
            algorithm: Algorithm::IdaStar,
            heuristic: None,
            max_nodes: Some(1_000_000),
        };
        same(ToWorker::Cancel { id: 9 });
        same(request.clone());
        same(ToWorker::Queue(Box::new(request)));
        same(ToWorker::Prepare {
            goal: goal.to_string(),
        });
        same(ToWorker::Site {
            tables: "https://example.org/slide/tables/".into(),
        });
        same(ToWorker::Analyse {
            id: 11,
            board: board.to_string(),
            goal: goal.to_string(),
            moves: "LLUR".into(),
        });
        same(FromWorker::Solved {
            id: 5,
            purpose: Purpose::Measure,
            answer,
        });
        same(FromWorker::Failed {
            id: 6,
            purpose: Purpose::Hint,
            failure: Failure::Unsolvable {
                explanation: "odd".into(),
            },
            stats: Some(Stats::default()),
        });
    }

    #[test]
    fn a_list_of_no_known_length_is_unwritable() {
        struct Unknown;
        impl Serialize for Unknown {
            fn serialize<S: ser::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                use ser::SerializeSeq;
                let mut seq = s.serialize_seq(None)?;
                seq.serialize_element(&1u8)?;
                seq.end()
            }
        }
        assert_eq!(to_bytes(&Unknown), Err(Unwritable));
        assert!(bincode::serialize(&Unknown).is_err());
    }
}
