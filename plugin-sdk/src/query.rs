//! A serde deserializer over query pairs: every value is text, parsed into the number, boolean,
//! option, enum or comma-separated list the target type asks for.

use serde::de::value::{Error, MapDeserializer, SeqDeserializer};
use serde::de::{self, IntoDeserializer, Visitor};
use serde::forward_to_deserialize_any;

pub struct QueryDeserializer<'a> {
    pairs: &'a [(String, String)],
}

impl<'a> QueryDeserializer<'a> {
    pub fn new(pairs: &'a [(String, String)]) -> Self {
        QueryDeserializer { pairs }
    }
}

impl<'de, 'a> de::Deserializer<'de> for QueryDeserializer<'a> {
    type Error = Error;

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        let entries = self.pairs.iter().map(|(k, v)| (k.as_str(), Part(v.as_str())));
        let mut map = MapDeserializer::new(entries);
        let value = visitor.visit_map(&mut map)?;
        map.end()?;
        Ok(value)
    }

    forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string bytes byte_buf option
        unit unit_struct newtype_struct seq tuple tuple_struct map struct enum identifier ignored_any
    }
}

/// One query value.
#[derive(Clone, Copy)]
pub struct Part<'a>(&'a str);

impl<'de, 'a> IntoDeserializer<'de, Error> for Part<'a> {
    type Deserializer = Self;
    fn into_deserializer(self) -> Self {
        self
    }
}

macro_rules! parse_number {
    ($($method:ident => $visit:ident: $ty:ty),* $(,)?) => {
        $(fn $method<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
            match self.0.trim().parse::<$ty>() {
                Ok(n) => visitor.$visit(n),
                Err(_) => Err(de::Error::custom(format!("`{}` is not a number", self.0))),
            }
        })*
    };
}

impl<'de, 'a> de::Deserializer<'de> for Part<'a> {
    type Error = Error;

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        visitor.visit_str(self.0)
    }

    fn deserialize_bool<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        match self.0.trim() {
            "true" | "1" | "on" | "yes" => visitor.visit_bool(true),
            "false" | "0" | "off" | "no" | "" => visitor.visit_bool(false),
            other => Err(de::Error::custom(format!("`{other}` is not a boolean"))),
        }
    }

    parse_number! {
        deserialize_i8 => visit_i8: i8, deserialize_i16 => visit_i16: i16,
        deserialize_i32 => visit_i32: i32, deserialize_i64 => visit_i64: i64,
        deserialize_u8 => visit_u8: u8, deserialize_u16 => visit_u16: u16,
        deserialize_u32 => visit_u32: u32, deserialize_u64 => visit_u64: u64,
        deserialize_f32 => visit_f32: f32, deserialize_f64 => visit_f64: f64,
    }

    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        if self.0.is_empty() || self.0 == "null" {
            visitor.visit_none()
        } else {
            visitor.visit_some(self)
        }
    }

    fn deserialize_newtype_struct<V: Visitor<'de>>(self, _name: &'static str, visitor: V) -> Result<V::Value, Error> {
        visitor.visit_newtype_struct(self)
    }

    fn deserialize_enum<V: Visitor<'de>>(
        self,
        name: &'static str,
        variants: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, Error> {
        IntoDeserializer::<Error>::into_deserializer(self.0).deserialize_enum(name, variants, visitor)
    }

    /// `ids=1,2,3`
    fn deserialize_seq<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        let parts = self.0.split(',').filter(|p| !p.is_empty()).map(Part);
        let mut seq = SeqDeserializer::new(parts);
        let value = visitor.visit_seq(&mut seq)?;
        seq.end()?;
        Ok(value)
    }

    forward_to_deserialize_any! {
        i128 u128 char str string bytes byte_buf unit unit_struct tuple tuple_struct map struct
        identifier ignored_any
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde::Deserialize;

    #[derive(Debug, Deserialize, PartialEq)]
    #[serde(rename_all = "lowercase")]
    enum Kind {
        P,
        E,
    }

    #[derive(Debug, Deserialize, PartialEq)]
    struct Q {
        ids: Vec<i64>,
        kind: Option<Kind>,
        empty: Option<i64>,
        ratio: f64,
    }

    #[test]
    fn lists_enums_options() {
        let pairs: Vec<(String, String)> = [("ids", "1,2,3"), ("kind", "e"), ("empty", ""), ("ratio", "0.5")]
            .iter()
            .map(|(a, b)| (a.to_string(), b.to_string()))
            .collect();
        let q = Q::deserialize(QueryDeserializer::new(&pairs)).unwrap();
        assert_eq!(q, Q { ids: vec![1, 2, 3], kind: Some(Kind::E), empty: None, ratio: 0.5 });
    }
}
