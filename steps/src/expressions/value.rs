//! The value of a step argument after its parameter type transformed it.

use std::any::Any;
use std::fmt;
use std::sync::Arc;

/// A transformed argument.
#[derive(Clone)]
pub enum ArgValue {
    /// No value: an optional capture group that did not take part in the match.
    Null,
    /// `{int}`, `{byte}`, `{short}`, `{long}`.
    Int(i64),
    /// `{float}`, `{double}`.
    Float(f64),
    /// `{biginteger}`: the decimal digits, normalised (no leading zeros, no `-0`).
    BigInt(String),
    /// `{bigdecimal}`: the matched text, unchanged (no precision is lost).
    BigDecimal(String),
    /// `{string}` (unquoted and unescaped), `{word}`, `{}` and regex groups without a type.
    Str(String),
    /// The result of a Rust transformer that produced something else.
    Custom(Arc<dyn Any + Send + Sync>),
    /// A parameter type transformed by the host (e.g. a JavaScript function): the worker calls
    /// `transformer` with `group_values` and uses what it returns.
    External {
        /// The host-side id of the transformer.
        transformer: String,
        /// The values of the argument's capture groups, as upstream passes them.
        group_values: Vec<Option<String>>,
    },
}

impl fmt::Debug for ArgValue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ArgValue::Null => f.write_str("Null"),
            ArgValue::Int(i) => f.debug_tuple("Int").field(i).finish(),
            ArgValue::Float(x) => f.debug_tuple("Float").field(x).finish(),
            ArgValue::BigInt(s) => f.debug_tuple("BigInt").field(s).finish(),
            ArgValue::BigDecimal(s) => f.debug_tuple("BigDecimal").field(s).finish(),
            ArgValue::Str(s) => f.debug_tuple("Str").field(s).finish(),
            ArgValue::Custom(_) => f.write_str("Custom(..)"),
            ArgValue::External { transformer, group_values } => f
                .debug_struct("External")
                .field("transformer", transformer)
                .field("group_values", group_values)
                .finish(),
        }
    }
}

/// Structural equality; custom values are equal only when they are the same allocation.
impl PartialEq for ArgValue {
    fn eq(&self, other: &Self) -> bool {
        match (self, other) {
            (ArgValue::Null, ArgValue::Null) => true,
            (ArgValue::Int(a), ArgValue::Int(b)) => a == b,
            (ArgValue::Float(a), ArgValue::Float(b)) => a == b,
            (ArgValue::BigInt(a), ArgValue::BigInt(b))
            | (ArgValue::BigDecimal(a), ArgValue::BigDecimal(b))
            | (ArgValue::Str(a), ArgValue::Str(b)) => a == b,
            (ArgValue::Custom(a), ArgValue::Custom(b)) => Arc::ptr_eq(a, b),
            (
                ArgValue::External { transformer: t1, group_values: v1 },
                ArgValue::External { transformer: t2, group_values: v2 },
            ) => t1 == t2 && v1 == v2,
            _ => false,
        }
    }
}

impl ArgValue {
    /// The custom value, when it is a `T`.
    pub fn downcast_ref<T: Any>(&self) -> Option<&T> {
        match self {
            ArgValue::Custom(v) => v.downcast_ref::<T>(),
            _ => None,
        }
    }
}
