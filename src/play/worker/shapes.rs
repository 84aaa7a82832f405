//! For the tests of [`super::bytes`] and [`super::to_bytes`]: a value with every shape serde
//! gives a type, nested, which both must carry byte for byte as bincode does.

use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// Every shape serde gives an enum's variant, nested.
#[derive(Debug, PartialEq, Serialize, Deserialize)]
pub enum Shape {
    Unit,
    Newtype(i64),
    Tuple(u8, i16, char),
    Struct {
        text: String,
        list: Vec<Option<f32>>,
        map: BTreeMap<u16, (bool, f64)>,
        nested: Box<Option<Shape>>,
    },
}

#[derive(Debug, PartialEq, Serialize, Deserialize)]
pub struct Holder(Vec<Shape>, (), usize, i8, u32, i32, Unit);

#[derive(Debug, PartialEq, Serialize, Deserialize)]
pub struct Unit;

/// Each shape once, with the edges of its numbers and characters beyond ASCII.
pub fn every_shape() -> Holder {
    let mut map = BTreeMap::new();
    map.insert(7, (true, -0.125));
    map.insert(65_535, (false, f64::MAX));
    Holder(
        vec![
            Shape::Unit,
            Shape::Newtype(i64::MIN),
            Shape::Tuple(255, -2, 'é'),
            Shape::Tuple(0, 0, '🧩'),
            Shape::Struct {
                text: "8 6 7/2 5 4/3 0 1 ×".into(),
                list: vec![None, Some(1.5), Some(f32::MIN_POSITIVE)],
                map,
                nested: Box::new(Some(Shape::Newtype(42))),
            },
        ],
        (),
        usize::MAX,
        -128,
        u32::MAX,
        -7,
        Unit,
    )
}
