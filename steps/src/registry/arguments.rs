//! Converting parameter values into typed Rust arguments, and step return values into outcomes.

use crate::expressions::ArgValue;

/// How a step ended when it did not fail.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StepOutcome {
    Passed,
    /// Not implemented yet (cucumber-js: return `'pending'`).
    Pending,
    /// Skip the rest of the scenario (cucumber-js: return `'skipped'`).
    Skipped,
}

/// Why a step did not pass, as an exception: its type name (`Error`, `AssertionError`…), its
/// message, and the status it gives the step (FAILED, or PENDING/SKIPPED for the cucumber-js
/// `PendingException`/`SkippedException`).
///
/// Any displayable error converts into a FAILED `Error` one, so `?` works on `anyhow`, `io` and
/// string errors alike. (It deliberately implements neither `Display` nor `Error`, which is what
/// keeps that blanket conversion coherent.)
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StepFailure {
    pub exception_type: String,
    pub message: String,
    pub outcome: FailureOutcome,
}

/// The status a [`StepFailure`] gives its step.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FailureOutcome {
    Failed,
    Pending,
    Skipped,
}

impl StepFailure {
    /// A failure with an exception type of your choosing.
    pub fn new(exception_type: impl Into<String>, message: impl Into<String>) -> Self {
        StepFailure { exception_type: exception_type.into(), message: message.into(), outcome: FailureOutcome::Failed }
    }

    /// Marks the step pending, as throwing cucumber-js's `PendingException` does.
    pub fn pending(message: impl Into<String>) -> Self {
        StepFailure {
            exception_type: "PendingException".into(),
            message: message.into(),
            outcome: FailureOutcome::Pending,
        }
    }

    /// Marks the step skipped, as throwing cucumber-js's `SkippedException` does.
    pub fn skipped(message: impl Into<String>) -> Self {
        StepFailure {
            exception_type: "SkippedException".into(),
            message: message.into(),
            outcome: FailureOutcome::Skipped,
        }
    }
}

impl<E: std::fmt::Display> From<E> for StepFailure {
    fn from(e: E) -> Self {
        StepFailure::new("Error", e.to_string())
    }
}

/// The usual return type of a Rust step: `Ok(())` passes, an error fails (or marks the step
/// pending/skipped, see [`StepFailure::pending`]).
pub type StepResult = Result<(), StepFailure>;

/// Turns a parameter value into a step function's argument type. Implement it for your own
/// types (or use [`FromArg`] via `FromStr` with `impl_from_arg_via_from_str!`).
pub trait FromArg: Sized {
    /// Converts `value`; `name` is the parameter name, for error messages.
    fn from_arg(value: ArgValue, name: &str) -> Result<Self, String>;
}

fn mismatch(value: &ArgValue, name: &str, wanted: &str) -> String {
    format!("argument `{name}`: cannot use {value:?} as {wanted}")
}

impl FromArg for ArgValue {
    fn from_arg(value: ArgValue, _: &str) -> Result<Self, String> {
        Ok(value)
    }
}

impl FromArg for String {
    fn from_arg(value: ArgValue, name: &str) -> Result<Self, String> {
        match value {
            ArgValue::Str(s) | ArgValue::BigInt(s) | ArgValue::BigDecimal(s) => Ok(s),
            ArgValue::Int(i) => Ok(i.to_string()),
            ArgValue::Float(f) => Ok(f.to_string()),
            other => Err(mismatch(&other, name, "String")),
        }
    }
}

macro_rules! int_from_arg {
    ($($t:ty),*) => {$(
        impl FromArg for $t {
            fn from_arg(value: ArgValue, name: &str) -> Result<Self, String> {
                match &value {
                    ArgValue::Int(i) => <$t>::try_from(*i).map_err(|_| format!("argument `{name}`: {i} does not fit in {}", stringify!($t))),
                    ArgValue::Str(s) | ArgValue::BigInt(s) => s.trim().parse::<$t>().map_err(|e| format!("argument `{name}`: {s:?} is not a {}: {e}", stringify!($t))),
                    _ => Err(mismatch(&value, name, stringify!($t))),
                }
            }
        }
    )*};
}
int_from_arg!(i8, i16, i32, i64, i128, isize, u8, u16, u32, u64, u128, usize);

macro_rules! float_from_arg {
    ($($t:ty),*) => {$(
        impl FromArg for $t {
            fn from_arg(value: ArgValue, name: &str) -> Result<Self, String> {
                match &value {
                    ArgValue::Float(f) => Ok(*f as $t),
                    ArgValue::Int(i) => Ok(*i as $t),
                    ArgValue::Str(s) | ArgValue::BigDecimal(s) | ArgValue::BigInt(s) => s.trim().parse::<$t>().map_err(|e| format!("argument `{name}`: {s:?} is not a number: {e}")),
                    _ => Err(mismatch(&value, name, stringify!($t))),
                }
            }
        }
    )*};
}
float_from_arg!(f32, f64);

impl FromArg for bool {
    fn from_arg(value: ArgValue, name: &str) -> Result<Self, String> {
        match &value {
            ArgValue::Str(s) => s.parse().map_err(|_| format!("argument `{name}`: {s:?} is not true or false")),
            _ => Err(mismatch(&value, name, "bool")),
        }
    }
}

impl<T: FromArg> FromArg for Option<T> {
    fn from_arg(value: ArgValue, name: &str) -> Result<Self, String> {
        match value {
            ArgValue::Null => Ok(None),
            v => T::from_arg(v, name).map(Some),
        }
    }
}

/// Implements [`FromArg`] for types that implement `FromStr`, reading the parameter's text.
#[macro_export]
macro_rules! impl_from_arg_via_from_str {
    ($($t:ty),*) => {$(
        impl $crate::registry::FromArg for $t {
            fn from_arg(value: $crate::expressions::ArgValue, name: &str) -> Result<Self, String> {
                let text = <String as $crate::registry::FromArg>::from_arg(value, name)?;
                text.parse::<$t>().map_err(|e| format!("argument `{name}`: {text:?}: {e}"))
            }
        }
    )*};
}

/// What a step function may return: `()`, a [`StepOutcome`], or a `Result` of either whose
/// error converts into a [`StepFailure`] (any displayable error does, so `anyhow::Result<()>`
/// works).
pub trait IntoStepResult {
    /// The outcome, or the failure.
    fn into_step_result(self) -> Result<StepOutcome, StepFailure>;
}

impl IntoStepResult for () {
    fn into_step_result(self) -> Result<StepOutcome, StepFailure> {
        Ok(StepOutcome::Passed)
    }
}

impl IntoStepResult for StepOutcome {
    fn into_step_result(self) -> Result<StepOutcome, StepFailure> {
        Ok(self)
    }
}

impl<T: IntoStepResult, E: Into<StepFailure>> IntoStepResult for Result<T, E> {
    fn into_step_result(self) -> Result<StepOutcome, StepFailure> {
        match self {
            Ok(v) => v.into_step_result(),
            Err(e) => Err(e.into()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn converts_and_refuses() {
        assert_eq!(i32::from_arg(ArgValue::Int(5), "n"), Ok(5));
        assert!(u8::from_arg(ArgValue::Int(300), "n").unwrap_err().contains("does not fit"));
        assert_eq!(f64::from_arg(ArgValue::Int(2), "x"), Ok(2.0));
        assert_eq!(Option::<String>::from_arg(ArgValue::Null, "s"), Ok(None));
        assert_eq!(Result::<(), String>::Err("boom".into()).into_step_result(), Err(StepFailure::new("Error", "boom")));
        assert_eq!(
            Err::<(), _>(StepFailure::pending("todo")).into_step_result().unwrap_err().outcome,
            FailureOutcome::Pending
        );
    }
}

#[cfg(test)]
mod from_str_tests {
    use super::*;

    #[derive(Debug, PartialEq)]
    struct Colour(String);

    impl std::str::FromStr for Colour {
        type Err = String;
        fn from_str(s: &str) -> Result<Self, String> {
            match s {
                "red" | "green" => Ok(Colour(s.to_string())),
                other => Err(format!("{other} is not a colour")),
            }
        }
    }

    crate::impl_from_arg_via_from_str!(Colour);

    #[test]
    fn from_str_types_become_arguments() {
        assert_eq!(Colour::from_arg(ArgValue::Str("red".into()), "c"), Ok(Colour("red".into())));
        let err = Colour::from_arg(ArgValue::Str("blue".into()), "c").unwrap_err();
        assert!(err.contains("blue is not a colour"), "{err}");
    }
}
