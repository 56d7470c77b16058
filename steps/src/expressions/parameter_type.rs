//! Parameter types: a name, the regexps a parameter matches, and how to turn the matched text
//! into a value.

use std::fmt;
use std::sync::Arc;

use super::errors::ExpressionError;
use super::value::ArgValue;

/// A Rust transformer: receives the values of the argument's capture groups (the group itself
/// when it has no nested groups, else its direct children, as upstream does) and returns the
/// value or a message explaining the failure.
pub type TransformFn = dyn Fn(&[Option<&str>]) -> Result<ArgValue, String> + Send + Sync;

/// The transformers of the built-in parameter types.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum BuiltIn {
    /// The first group's text (`{word}`, `{}`, regex groups without a type); null when absent.
    Identity,
    /// A 64-bit integer (`{int}`, `{long}`). Upstream JavaScript yields a Number, Java an
    /// `int`; we take the widest fixed integer and fail rather than lose precision.
    Int,
    /// An integer in `-128..=127`.
    Byte,
    /// An integer in `-32768..=32767`.
    Short,
    /// A 64-bit integer.
    Long,
    /// A 64-bit float (`{float}`, `{double}`).
    Float,
    /// The decimal text as is.
    BigDecimal,
    /// The integer's digits, normalised.
    BigInteger,
    /// `{string}`: the text between the quotes of whichever alternative matched, with `\"` and
    /// `\'` unescaped.
    QuotedString,
}

/// How a parameter type turns its capture groups into a value.
#[derive(Clone)]
pub enum Transformer {
    /// One of the built-in conversions.
    BuiltIn(BuiltIn),
    /// A Rust closure.
    Rust(Arc<TransformFn>),
    /// A host-side function (e.g. JavaScript) identified by this id; [`ArgValue::External`]
    /// carries the group values for the worker to call it with.
    External(String),
}

impl fmt::Debug for Transformer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Transformer::BuiltIn(b) => f.debug_tuple("BuiltIn").field(b).finish(),
            Transformer::Rust(_) => f.write_str("Rust(..)"),
            Transformer::External(id) => f.debug_tuple("External").field(id).finish(),
        }
    }
}

impl Transformer {
    /// Wraps a Rust closure.
    pub fn rust(f: impl Fn(&[Option<&str>]) -> Result<ArgValue, String> + Send + Sync + 'static) -> Self {
        Transformer::Rust(Arc::new(f))
    }
}

/// A parameter type.
#[derive(Debug, Clone)]
pub struct ParameterType {
    /// The name used between braces; `Some("")` is the anonymous `{}`, `None` a type that is
    /// only found by regexp (what a regex capture group without a registered type gets).
    pub name: Option<String>,
    /// The regexps (Rust `regex` syntax) a parameter of this type matches, tried in order.
    pub regexps: Vec<String>,
    /// The conversion of the matched groups.
    pub transformer: Transformer,
    /// Whether snippet generation may suggest this type.
    pub use_for_snippets: bool,
    /// Whether this type wins when several share a regexp used by a regular-expression step.
    pub prefer_for_regexp_match: bool,
    /// Whether this is one of the built-in types.
    pub builtin: bool,
}

impl ParameterType {
    /// A custom parameter type (snippets on, not preferential). The name must be usable in an
    /// expression.
    pub fn new(name: &str, regexps: Vec<String>, transformer: Transformer) -> Result<Self, ExpressionError> {
        check_name(name)?;
        Ok(ParameterType {
            name: Some(name.to_owned()),
            regexps,
            transformer,
            use_for_snippets: true,
            prefer_for_regexp_match: false,
            builtin: false,
        })
    }

    /// Sets [`ParameterType::use_for_snippets`].
    pub fn with_use_for_snippets(mut self, yes: bool) -> Self {
        self.use_for_snippets = yes;
        self
    }

    /// Sets [`ParameterType::prefer_for_regexp_match`].
    pub fn with_prefer_for_regexp_match(mut self, yes: bool) -> Self {
        self.prefer_for_regexp_match = yes;
        self
    }

    /// The type given to a regex capture group whose regexp belongs to no registered type.
    pub(crate) fn unnamed(regexp: &str) -> Self {
        ParameterType {
            name: None,
            regexps: vec![regexp.to_owned()],
            transformer: Transformer::BuiltIn(BuiltIn::Identity),
            use_for_snippets: false,
            prefer_for_regexp_match: false,
            builtin: false,
        }
    }

    pub(crate) fn built_in(name: &str, regexps: &[&str], kind: BuiltIn, snippets: bool, preferential: bool) -> Self {
        ParameterType {
            name: Some(name.to_owned()),
            regexps: regexps.iter().map(|r| (*r).to_owned()).collect(),
            transformer: Transformer::BuiltIn(kind),
            use_for_snippets: snippets,
            prefer_for_regexp_match: preferential,
            builtin: true,
        }
    }

    /// Converts group values (see [`TransformFn`]) into the argument's value.
    pub fn transform(&self, values: &[Option<&str>]) -> Result<ArgValue, String> {
        match &self.transformer {
            Transformer::BuiltIn(kind) => transform_built_in(*kind, values),
            Transformer::Rust(f) => f(values),
            Transformer::External(id) => Ok(ArgValue::External {
                transformer: id.clone(),
                group_values: values.iter().map(|v| v.map(str::to_owned)).collect(),
            }),
        }
    }
}

/// Names may not contain what the expression grammar reserves (`{ } ( ) \ /`) nor the regex
/// characters upstream rejects (`[ ] $ . | ? * +`); such names could never be referred to.
fn check_name(name: &str) -> Result<(), ExpressionError> {
    if name.chars().any(|c| "{}()\\/[]$.|?*+".contains(c)) {
        return Err(ExpressionError::InvalidParameterTypeName(name.to_owned()));
    }
    Ok(())
}

fn transform_built_in(kind: BuiltIn, values: &[Option<&str>]) -> Result<ArgValue, String> {
    let first = values.first().copied().flatten();
    if kind == BuiltIn::QuotedString {
        // Upstream takes the first non-empty alternative (JavaScript `s1 || s2 || ''`).
        let raw = values.iter().flatten().find(|s| !s.is_empty()).copied().unwrap_or("");
        return Ok(ArgValue::Str(raw.replace("\\\"", "\"").replace("\\'", "'")));
    }
    let Some(text) = first else { return Ok(ArgValue::Null) };
    let integer = |min: i64, max: i64, what: &str| match text.parse::<i64>() {
        Ok(n) if (min..=max).contains(&n) => Ok(ArgValue::Int(n)),
        _ => Err(format!("'{text}' is not a valid {what}")),
    };
    match kind {
        BuiltIn::Identity | BuiltIn::QuotedString => Ok(ArgValue::Str(text.to_owned())),
        BuiltIn::Int | BuiltIn::Long => integer(i64::MIN, i64::MAX, "64-bit integer"),
        BuiltIn::Byte => integer(i8::MIN.into(), i8::MAX.into(), "byte"),
        BuiltIn::Short => integer(i16::MIN.into(), i16::MAX.into(), "short"),
        BuiltIn::Float => {
            text.parse::<f64>().map(ArgValue::Float).map_err(|_| format!("'{text}' is not a valid float"))
        }
        BuiltIn::BigDecimal => {
            text.parse::<f64>().map_err(|_| format!("'{text}' is not a valid decimal"))?;
            Ok(ArgValue::BigDecimal(text.to_owned()))
        }
        BuiltIn::BigInteger => {
            normalise_integer(text).map(ArgValue::BigInt).ok_or_else(|| format!("'{text}' is not a valid integer"))
        }
    }
}

/// `-007` → `-7`, `-0` → `0`; `None` unless an optionally signed run of ASCII digits.
fn normalise_integer(text: &str) -> Option<String> {
    let (negative, digits) = match text.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, text.strip_prefix('+').unwrap_or(text)),
    };
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let trimmed = digits.trim_start_matches('0');
    Some(match (trimmed.is_empty(), negative) {
        (true, _) => "0".to_owned(),
        (false, true) => format!("-{trimmed}"),
        (false, false) => trimmed.to_owned(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quoted_string_takes_the_matching_alternative() {
        let t = |v: &[Option<&str>]| transform_built_in(BuiltIn::QuotedString, v).unwrap();
        assert_eq!(t(&[None, Some(r"bl\'nd")]), ArgValue::Str("bl'nd".into()));
        assert_eq!(t(&[Some(r#"bl\"nd"#), None]), ArgValue::Str("bl\"nd".into()));
        assert_eq!(t(&[Some(""), None]), ArgValue::Str(String::new()));
    }

    #[test]
    fn integers_are_range_checked() {
        assert_eq!(transform_built_in(BuiltIn::Byte, &[Some("127")]), Ok(ArgValue::Int(127)));
        assert!(transform_built_in(BuiltIn::Byte, &[Some("128")]).is_err());
        assert_eq!(transform_built_in(BuiltIn::BigInteger, &[Some("-007")]), Ok(ArgValue::BigInt("-7".into())));
        assert_eq!(transform_built_in(BuiltIn::Int, &[None]), Ok(ArgValue::Null));
    }

    #[test]
    fn names_with_reserved_characters_are_refused() {
        assert!(ParameterType::new("a.b", vec![], Transformer::BuiltIn(BuiltIn::Identity)).is_err());
        assert!(ParameterType::new("colour", vec![], Transformer::BuiltIn(BuiltIn::Identity)).is_ok());
    }
}
