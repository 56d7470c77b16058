//! Values crossing between Rust and the VM: step arguments in, call results and attachments out.

use ferridriver_steps::expressions::ArgValue;
use ferridriver_steps::registry::Invocation;
use rquickjs::{Array, CaughtError, Ctx, IntoJs, Object, TypedArray, Value};

/// The arguments of `__ferridriver.invokeStep`: plain values, and per value either `null` or
/// what the JS side must do to it (call a parameter type's transformer, make a BigInt).
pub fn step_arguments<'js>(ctx: &Ctx<'js>, invocation: &Invocation) -> rquickjs::Result<(Array<'js>, Array<'js>)> {
    let values = Array::new(ctx.clone())?;
    let transforms = Array::new(ctx.clone())?;
    for (i, arg) in invocation.args.iter().enumerate() {
        let (value, transform): (Value<'js>, Value<'js>) = match arg {
            ArgValue::Null | ArgValue::Custom(_) => (Value::new_null(ctx.clone()), Value::new_null(ctx.clone())),
            ArgValue::Int(n) => ((*n as f64).into_js(ctx)?, Value::new_null(ctx.clone())),
            ArgValue::Float(f) => (f.into_js(ctx)?, Value::new_null(ctx.clone())),
            ArgValue::Str(s) | ArgValue::BigDecimal(s) => (s.as_str().into_js(ctx)?, Value::new_null(ctx.clone())),
            ArgValue::BigInt(s) => {
                let t = Object::new(ctx.clone())?;
                t.set("bigint", s.as_str())?;
                (Value::new_null(ctx.clone()), t.into_value())
            }
            ArgValue::External { transformer, group_values } => {
                let t = Object::new(ctx.clone())?;
                t.set("id", transformer.as_str())?;
                let groups = Array::new(ctx.clone())?;
                for (j, g) in group_values.iter().enumerate() {
                    groups.set(j, g.as_deref())?;
                }
                t.set("groups", groups)?;
                (Value::new_null(ctx.clone()), t.into_value())
            }
        };
        values.set(i, value)?;
        transforms.set(i, transform)?;
    }
    Ok((values, transforms))
}

/// The data table's rows as an array of arrays, or `null`.
pub fn data_table<'js>(ctx: &Ctx<'js>, invocation: &Invocation) -> rquickjs::Result<Value<'js>> {
    match &invocation.data_table {
        Some(t) => t.raw().to_vec().into_js(ctx),
        None => Ok(Value::new_null(ctx.clone())),
    }
}

/// What a definition call ended with, as the JS side describes it.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct CallResult {
    /// `passed`, `pending`, `skipped` or `failed`.
    pub status: String,
    /// The exception's type name (`Error`, `AssertionError`, `PendingException`…).
    pub exception_type: Option<String>,
    pub message: Option<String>,
    /// The stack in bundle positions.
    pub stack: Option<String>,
}

/// Reads a `{status, type, message, stack}` object.
pub fn call_result(object: &Object<'_>) -> CallResult {
    CallResult {
        status: object.get::<_, Option<String>>("status").ok().flatten().unwrap_or_else(|| "failed".into()),
        exception_type: object.get("type").ok().flatten(),
        message: object.get("message").ok().flatten(),
        stack: object.get::<_, Option<String>>("stack").ok().flatten().filter(|s| !s.is_empty()),
    }
}

/// Something a step attached.
#[derive(Debug, Clone, PartialEq)]
pub struct Attachment {
    /// Text attachments (and logs, links).
    pub text: Option<String>,
    /// Binary attachments.
    pub bytes: Option<Vec<u8>>,
    /// The media type (`text/plain` when none was given for text).
    pub media_type: String,
    /// The file name to show in reports.
    pub file_name: Option<String>,
}

/// Reads the array `__ferridriver.takeAttachments()` returned.
pub fn attachments(array: &Array<'_>) -> Vec<Attachment> {
    array
        .iter::<Object>()
        .filter_map(Result::ok)
        .map(|o| Attachment {
            text: o.get("text").ok().flatten(),
            bytes: o.get::<_, Option<TypedArray<u8>>>("bytes").ok().flatten().map(|b| crate::bytes::copy(&b)),
            media_type: o.get::<_, Option<String>>("mediaType").ok().flatten().unwrap_or_else(|| "text/plain".into()),
            file_name: o.get("fileName").ok().flatten(),
        })
        .collect()
}

/// A thrown value as `(type, message, stack)`.
pub fn caught(error: CaughtError<'_>) -> (String, String, Option<String>) {
    match error {
        CaughtError::Exception(e) => {
            let name: Option<String> = e.get("name").ok().flatten();
            (name.unwrap_or_else(|| "Error".into()), e.message().unwrap_or_default(), e.stack())
        }
        CaughtError::Value(v) => {
            let text = v.as_string().and_then(|s| s.to_string().ok()).unwrap_or_else(|| format!("{v:?}"));
            ("Error".into(), text, None)
        }
        CaughtError::Error(e) => ("Error".into(), e.to_string(), None),
    }
}
