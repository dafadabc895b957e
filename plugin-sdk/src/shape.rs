//! How each field of a struct is written as JSON, found by deserializing the struct once from a
//! probe: whatever each field's `Deserialize` asks for (`bool`, a string, a list, a struct…) says
//! what its serialized form is. This is what `sql.query-json` needs to write a resource's columns
//! as the resource would serialize them, and it costs a few microseconds, where building the
//! struct's JSON Schema costs tens (each call runs in a fresh instance, so nothing is kept).
//!
//! A field whose form cannot be told this way (`serde_json::Value`, untagged enums, flattened
//! maps, enums with data in some variant, a type whose `Deserialize` refuses the probe's blank
//! values) makes the whole answer `None`: the caller then reads rows the typed way.

use std::cell::{Cell, RefCell};
use std::collections::BTreeMap;

use serde::de::{self, DeserializeOwned, DeserializeSeed, EnumAccess, IntoDeserializer, MapAccess, SeqAccess, VariantAccess, Visitor};

use crate::sql::JsonKind;

/// The serialized form of a field, as far as `sql.query-json` cares.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Form {
    /// Number, string or null: written as the database gives it.
    Plain,
    Boolean,
    /// Lists, maps, structs, bytes: kept as JSON text.
    Json,
    /// A list (typed reading turns a NULL into an empty list, unless the field is optional).
    List,
    /// Cannot be told.
    Unknown,
}

/// A field's JSON form as `sql.query-json` writes it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FieldKind {
    /// The serde name (the column).
    pub name: String,
    pub kind: JsonKind,
    /// A list that is not optional: a NULL column reads as `[]` (as the typed path reads it).
    pub null_is_empty_list: bool,
}

/// The JSON kind of each field of `T` (a struct), in declaration order; `None` when one cannot
/// be told.
pub fn field_kinds<T: DeserializeOwned>() -> Option<Vec<FieldKind>> {
    let probe = Probe::default();
    // Enums are probed one variant per pass: pass `k` picks each enum's variant `k` (or its last),
    // until every variant of every enum was seen.
    loop {
        probe.fields.borrow_mut().clear();
        T::deserialize(Top(&probe)).ok()?;
        let longest = probe.enums.borrow().values().map(|e| e.0).max().unwrap_or(0);
        if probe.enums.borrow().values().any(|e| !e.1) {
            return None;
        }
        let pass = probe.pass.get() + 1;
        if pass >= longest {
            break;
        }
        probe.pass.set(pass);
    }
    let fields = probe.fields.into_inner();
    if fields.is_empty() {
        return None;
    }
    fields
        .into_iter()
        .map(|(name, form, optional)| {
            let kind = match form {
                Form::Plain => JsonKind::Plain,
                Form::Boolean => JsonKind::Boolean,
                Form::Json | Form::List => JsonKind::Json,
                Form::Unknown => return None,
            };
            Some(FieldKind { name, kind, null_is_empty_list: form == Form::List && !optional })
        })
        .collect()
}

#[derive(Default)]
struct Probe {
    pass: Cell<usize>,
    /// Top-level fields in declaration order, their form and whether they are optional.
    fields: RefCell<Vec<(String, Form, bool)>>,
    /// Enums by name: variant count and whether every variant seen so far is a unit variant.
    enums: RefCell<BTreeMap<&'static str, (usize, bool)>>,
}

#[derive(Debug)]
struct Refused;

impl std::fmt::Display for Refused {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("the type refused the probe")
    }
}
impl std::error::Error for Refused {}
impl de::Error for Refused {
    fn custom<M: std::fmt::Display>(_: M) -> Self {
        Refused
    }
}

/// The struct itself: only `deserialize_struct` is answered (its field list is what we need).
struct Top<'p>(&'p Probe);

impl<'de> de::Deserializer<'de> for Top<'_> {
    type Error = Refused;

    fn deserialize_struct<V: Visitor<'de>>(self, _: &'static str, fields: &'static [&'static str], visitor: V) -> Result<V::Value, Refused> {
        visitor.visit_map(Fields { probe: self.0, fields, next: 0, top: true })
    }

    fn deserialize_any<V: Visitor<'de>>(self, _: V) -> Result<V::Value, Refused> {
        Err(Refused)
    }

    serde::forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string bytes byte_buf option unit
        unit_struct newtype_struct seq tuple tuple_struct map enum identifier ignored_any
    }
}

/// Every field of a struct, each with a blank value from the probe.
struct Fields<'p> {
    probe: &'p Probe,
    fields: &'static [&'static str],
    next: usize,
    top: bool,
}

impl<'de> MapAccess<'de> for Fields<'_> {
    type Error = Refused;

    fn next_key_seed<K: DeserializeSeed<'de>>(&mut self, seed: K) -> Result<Option<K::Value>, Refused> {
        match self.fields.get(self.next) {
            Some(name) => seed.deserialize(IntoDeserializer::<Refused>::into_deserializer(*name)).map(Some),
            None => Ok(None),
        }
    }

    fn next_value_seed<V: DeserializeSeed<'de>>(&mut self, seed: V) -> Result<V::Value, Refused> {
        let name = self.fields[self.next];
        self.next += 1;
        let field = FieldProbe::default();
        let value = seed.deserialize(Blank { probe: self.probe, field: self.top.then_some(&field) })?;
        if self.top {
            self.probe.fields.borrow_mut().push((name.to_string(), field.form.get().unwrap_or(Form::Unknown), field.optional.get()));
        }
        Ok(value)
    }
}

/// What a top-level field asked for.
#[derive(Default)]
struct FieldProbe {
    form: Cell<Option<Form>>,
    /// Asked for an `Option` before anything else.
    optional: Cell<bool>,
}

/// A blank value of whatever is asked for, noting what a top-level field asked for.
#[derive(Clone, Copy)]
struct Blank<'p, 'f> {
    probe: &'p Probe,
    /// Where a top-level field's form goes; `None` inside a field.
    field: Option<&'f FieldProbe>,
}

impl<'p, 'f> Blank<'p, 'f> {
    fn note(&self, form: Form) {
        if let Some(field) = self.field {
            if field.form.get().is_none() {
                field.form.set(Some(form));
            }
        }
    }

    /// Values inside a field (its form is already noted).
    fn inner(&self) -> Blank<'p, 'f> {
        Blank { probe: self.probe, field: None }
    }
}

macro_rules! blank {
    ($($method:ident => $form:expr, |$v:ident| $value:expr;)*) => {$(
        fn $method<V: Visitor<'de>>(self, $v: V) -> Result<V::Value, Refused> {
            self.note($form);
            $value
        }
    )*};
}

impl<'de> de::Deserializer<'de> for Blank<'_, '_> {
    type Error = Refused;

    blank! {
        deserialize_bool => Form::Boolean, |v| v.visit_bool(false);
        deserialize_i8 => Form::Plain, |v| v.visit_i64(0);
        deserialize_i16 => Form::Plain, |v| v.visit_i64(0);
        deserialize_i32 => Form::Plain, |v| v.visit_i64(0);
        deserialize_i64 => Form::Plain, |v| v.visit_i64(0);
        deserialize_i128 => Form::Plain, |v| v.visit_i64(0);
        deserialize_u8 => Form::Plain, |v| v.visit_u64(0);
        deserialize_u16 => Form::Plain, |v| v.visit_u64(0);
        deserialize_u32 => Form::Plain, |v| v.visit_u64(0);
        deserialize_u64 => Form::Plain, |v| v.visit_u64(0);
        deserialize_u128 => Form::Plain, |v| v.visit_u64(0);
        deserialize_f32 => Form::Plain, |v| v.visit_f64(0.0);
        deserialize_f64 => Form::Plain, |v| v.visit_f64(0.0);
        deserialize_char => Form::Plain, |v| v.visit_char(' ');
        deserialize_str => Form::Plain, |v| v.visit_str("");
        deserialize_string => Form::Plain, |v| v.visit_str("");
        deserialize_identifier => Form::Plain, |v| v.visit_str("");
        deserialize_unit => Form::Plain, |v| v.visit_unit();
        deserialize_bytes => Form::Json, |v| v.visit_bytes(&[]);
        deserialize_byte_buf => Form::Json, |v| v.visit_bytes(&[]);
        deserialize_seq => Form::List, |v| v.visit_seq(Empty);
        deserialize_map => Form::Json, |v| v.visit_map(Empty);
        deserialize_any => Form::Unknown, |v| v.visit_unit();
        deserialize_ignored_any => Form::Unknown, |v| v.visit_unit();
    }

    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Refused> {
        // `null` is written as null whatever the kind: the form is the inner value's.
        if let Some(field) = self.field {
            if field.form.get().is_none() {
                field.optional.set(true);
            }
        }
        visitor.visit_some(self)
    }

    fn deserialize_newtype_struct<V: Visitor<'de>>(self, _: &'static str, visitor: V) -> Result<V::Value, Refused> {
        visitor.visit_newtype_struct(self)
    }

    fn deserialize_unit_struct<V: Visitor<'de>>(self, _: &'static str, visitor: V) -> Result<V::Value, Refused> {
        self.note(Form::Plain);
        visitor.visit_unit()
    }

    fn deserialize_tuple<V: Visitor<'de>>(self, len: usize, visitor: V) -> Result<V::Value, Refused> {
        self.note(Form::Json);
        visitor.visit_seq(Tuple { blank: self.inner(), left: len })
    }

    fn deserialize_tuple_struct<V: Visitor<'de>>(self, _: &'static str, len: usize, visitor: V) -> Result<V::Value, Refused> {
        self.note(Form::Json);
        visitor.visit_seq(Tuple { blank: self.inner(), left: len })
    }

    fn deserialize_struct<V: Visitor<'de>>(self, _: &'static str, fields: &'static [&'static str], visitor: V) -> Result<V::Value, Refused> {
        self.note(Form::Json);
        visitor.visit_map(Fields { probe: self.probe, fields, next: 0, top: false })
    }

    fn deserialize_enum<V: Visitor<'de>>(self, name: &'static str, variants: &'static [&'static str], visitor: V) -> Result<V::Value, Refused> {
        if variants.is_empty() {
            return Err(Refused);
        }
        let index = self.probe.pass.get().min(variants.len() - 1);
        let unit = Cell::new(true);
        let value = visitor.visit_enum(Variant { blank: self.inner(), name: variants[index], unit: &unit })?;
        if self.field.is_some() {
            // A field's enum: written as the variant's name (plain) only if no variant has data.
            let mut enums = self.probe.enums.borrow_mut();
            let seen = enums.entry(name).or_insert((variants.len(), true));
            seen.1 &= unit.get();
        }
        self.note(Form::Plain);
        Ok(value)
    }
}

/// An empty list or map.
struct Empty;

impl<'de> SeqAccess<'de> for Empty {
    type Error = Refused;
    fn next_element_seed<T: DeserializeSeed<'de>>(&mut self, _: T) -> Result<Option<T::Value>, Refused> {
        Ok(None)
    }
}

impl<'de> MapAccess<'de> for Empty {
    type Error = Refused;
    fn next_key_seed<K: DeserializeSeed<'de>>(&mut self, _: K) -> Result<Option<K::Value>, Refused> {
        Ok(None)
    }
    fn next_value_seed<V: DeserializeSeed<'de>>(&mut self, _: V) -> Result<V::Value, Refused> {
        Err(Refused)
    }
}

/// A tuple of blanks.
struct Tuple<'p, 'f> {
    blank: Blank<'p, 'f>,
    left: usize,
}

impl<'de> SeqAccess<'de> for Tuple<'_, '_> {
    type Error = Refused;
    fn next_element_seed<T: DeserializeSeed<'de>>(&mut self, seed: T) -> Result<Option<T::Value>, Refused> {
        if self.left == 0 {
            return Ok(None);
        }
        self.left -= 1;
        seed.deserialize(self.blank).map(Some)
    }
}

/// One variant of an enum, with blank data if it has any.
struct Variant<'p, 'f, 'u> {
    blank: Blank<'p, 'f>,
    name: &'static str,
    unit: &'u Cell<bool>,
}

impl<'de, 'p, 'f, 'u> EnumAccess<'de> for Variant<'p, 'f, 'u> {
    type Error = Refused;
    type Variant = Self;
    fn variant_seed<S: DeserializeSeed<'de>>(self, seed: S) -> Result<(S::Value, Self), Refused> {
        let tag = seed.deserialize(IntoDeserializer::<Refused>::into_deserializer(self.name))?;
        Ok((tag, self))
    }
}

impl<'de> VariantAccess<'de> for Variant<'_, '_, '_> {
    type Error = Refused;

    fn unit_variant(self) -> Result<(), Refused> {
        Ok(())
    }

    fn newtype_variant_seed<T: DeserializeSeed<'de>>(self, seed: T) -> Result<T::Value, Refused> {
        self.unit.set(false);
        seed.deserialize(self.blank)
    }

    fn tuple_variant<V: Visitor<'de>>(self, len: usize, visitor: V) -> Result<V::Value, Refused> {
        self.unit.set(false);
        visitor.visit_seq(Tuple { blank: self.blank, left: len })
    }

    fn struct_variant<V: Visitor<'de>>(self, fields: &'static [&'static str], visitor: V) -> Result<V::Value, Refused> {
        self.unit.set(false);
        visitor.visit_map(Fields { probe: self.blank.probe, fields, next: 0, top: false })
    }
}

/// The serde names of a struct's fields in the order it serializes them, read from the
/// serializer calls alone (no value is written); `None` when `value` is not a plain struct
/// (e.g. it flattens another type into itself).
pub fn field_names<T: serde::Serialize>(value: &T) -> Option<Vec<String>> {
    value.serialize(Names).ok()
}

/// A serializer that only answers `serialize_struct`, collecting the field names.
struct Names;

/// The fields seen so far.
struct NameList(Vec<String>);

macro_rules! refuse {
    ($($method:ident($($arg:ty),*);)*) => {$(
        fn $method(self, $(_: $arg),*) -> Result<Self::Ok, Refused> {
            Err(Refused)
        }
    )*};
}

impl serde::Serializer for Names {
    type Ok = Vec<String>;
    type Error = Refused;
    type SerializeSeq = serde::ser::Impossible<Vec<String>, Refused>;
    type SerializeTuple = serde::ser::Impossible<Vec<String>, Refused>;
    type SerializeTupleStruct = serde::ser::Impossible<Vec<String>, Refused>;
    type SerializeTupleVariant = serde::ser::Impossible<Vec<String>, Refused>;
    type SerializeMap = serde::ser::Impossible<Vec<String>, Refused>;
    type SerializeStruct = NameList;
    type SerializeStructVariant = serde::ser::Impossible<Vec<String>, Refused>;

    refuse! {
        serialize_bool(bool); serialize_i8(i8); serialize_i16(i16); serialize_i32(i32); serialize_i64(i64);
        serialize_u8(u8); serialize_u16(u16); serialize_u32(u32); serialize_u64(u64); serialize_f32(f32);
        serialize_f64(f64); serialize_char(char); serialize_str(&str); serialize_bytes(&[u8]);
        serialize_none(); serialize_unit(); serialize_unit_struct(&'static str);
        serialize_unit_variant(&'static str, u32, &'static str);
    }

    fn serialize_some<V: serde::Serialize + ?Sized>(self, _: &V) -> Result<Self::Ok, Refused> {
        Err(Refused)
    }
    fn serialize_newtype_struct<V: serde::Serialize + ?Sized>(self, _: &'static str, _: &V) -> Result<Self::Ok, Refused> {
        Err(Refused)
    }
    fn serialize_newtype_variant<V: serde::Serialize + ?Sized>(self, _: &'static str, _: u32, _: &'static str, _: &V) -> Result<Self::Ok, Refused> {
        Err(Refused)
    }
    fn serialize_seq(self, _: Option<usize>) -> Result<Self::SerializeSeq, Refused> {
        Err(Refused)
    }
    fn serialize_tuple(self, _: usize) -> Result<Self::SerializeTuple, Refused> {
        Err(Refused)
    }
    fn serialize_tuple_struct(self, _: &'static str, _: usize) -> Result<Self::SerializeTupleStruct, Refused> {
        Err(Refused)
    }
    fn serialize_tuple_variant(self, _: &'static str, _: u32, _: &'static str, _: usize) -> Result<Self::SerializeTupleVariant, Refused> {
        Err(Refused)
    }
    fn serialize_map(self, _: Option<usize>) -> Result<Self::SerializeMap, Refused> {
        Err(Refused)
    }
    fn serialize_struct(self, _: &'static str, len: usize) -> Result<NameList, Refused> {
        Ok(NameList(Vec::with_capacity(len)))
    }
    fn serialize_struct_variant(self, _: &'static str, _: u32, _: &'static str, _: usize) -> Result<Self::SerializeStructVariant, Refused> {
        Err(Refused)
    }
}

impl serde::ser::SerializeStruct for NameList {
    type Ok = Vec<String>;
    type Error = Refused;
    fn serialize_field<V: serde::Serialize + ?Sized>(&mut self, key: &'static str, _: &V) -> Result<(), Refused> {
        self.0.push(key.to_string());
        Ok(())
    }
    fn end(self) -> Result<Vec<String>, Refused> {
        Ok(self.0)
    }
}

impl serde::ser::Error for Refused {
    fn custom<M: std::fmt::Display>(_: M) -> Self {
        Refused
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde::Deserialize;

    #[derive(Deserialize)]
    #[allow(dead_code)]
    enum Kind {
        #[serde(rename = "P")]
        Person,
        #[serde(rename = "E")]
        Company,
    }

    #[derive(Deserialize, Default)]
    #[allow(dead_code)]
    struct Address {
        street: String,
        number: u32,
    }

    #[derive(Deserialize)]
    #[allow(dead_code)]
    struct Everything {
        name: String,
        #[serde(rename = "type")]
        kind: Kind,
        branch_id: Option<i64>,
        price: f64,
        active: bool,
        maybe: Option<bool>,
        tags: Vec<String>,
        extra: std::collections::BTreeMap<String, i64>,
        address: Address,
        pair: (i64, String),
        lines: Option<Vec<Address>>,
    }

    fn kind(kinds: &[FieldKind], name: &str) -> JsonKind {
        kinds.iter().find(|f| f.name == name).map(|f| f.kind).unwrap_or_else(|| panic!("{name} missing"))
    }

    #[test]
    fn each_field_gets_the_kind_of_its_serialized_form() {
        let kinds = field_kinds::<Everything>().unwrap();
        let names: Vec<&str> = kinds.iter().map(|f| f.name.as_str()).collect();
        assert_eq!(names, ["name", "type", "branch_id", "price", "active", "maybe", "tags", "extra", "address", "pair", "lines"]);
        for plain in ["name", "type", "branch_id", "price"] {
            assert_eq!(kind(&kinds, plain), JsonKind::Plain, "{plain}");
        }
        for boolean in ["active", "maybe"] {
            assert_eq!(kind(&kinds, boolean), JsonKind::Boolean, "{boolean}");
        }
        for json in ["tags", "extra", "address", "pair", "lines"] {
            assert_eq!(kind(&kinds, json), JsonKind::Json, "{json}");
        }
        // Only a list that is not optional reads NULL as an empty list.
        let empty_lists: Vec<&str> = kinds.iter().filter(|f| f.null_is_empty_list).map(|f| f.name.as_str()).collect();
        assert_eq!(empty_lists, ["tags"]);
    }

    #[test]
    fn field_names_in_serialization_order() {
        #[derive(serde::Serialize, Default)]
        struct Row {
            zeta: String,
            #[serde(rename = "type")]
            kind: i64,
            alpha: Option<Vec<String>>,
        }
        assert_eq!(field_names(&Row::default()).unwrap(), ["zeta", "type", "alpha"]);
        #[derive(serde::Serialize, Default)]
        struct Flat {
            name: String,
            #[serde(flatten)]
            rest: std::collections::BTreeMap<String, String>,
        }
        assert!(field_names(&Flat::default()).is_none());
        assert!(field_names(&5).is_none());
    }

    #[test]
    fn forms_that_cannot_be_told_give_none() {
        #[derive(Deserialize)]
        #[allow(dead_code)]
        struct Free {
            name: String,
            anything: serde_json::Value,
        }
        assert!(field_kinds::<Free>().is_none());

        // The second variant carries data: the field is sometimes a string, sometimes an object.
        #[derive(Deserialize)]
        #[allow(dead_code)]
        enum Mixed {
            Nothing,
            Amount(i64),
        }
        #[derive(Deserialize)]
        #[allow(dead_code)]
        struct WithMixed {
            mixed: Mixed,
        }
        assert!(field_kinds::<WithMixed>().is_none());

        #[derive(Deserialize)]
        #[allow(dead_code)]
        struct Flattened {
            name: String,
            #[serde(flatten)]
            rest: std::collections::BTreeMap<String, String>,
        }
        assert!(field_kinds::<Flattened>().is_none());

        // A type whose Deserialize refuses a blank value.
        #[derive(Deserialize)]
        #[allow(dead_code)]
        struct Checked {
            #[serde(deserialize_with = "not_blank")]
            code: String,
        }
        fn not_blank<'de, D: de::Deserializer<'de>>(d: D) -> Result<String, D::Error> {
            let s = String::deserialize(d)?;
            if s.is_empty() {
                return Err(de::Error::custom("blank"));
            }
            Ok(s)
        }
        assert!(field_kinds::<Checked>().is_none());
    }
}
