//! Reading `--format-options` (one JSON object shared by all formatters) and deciding colour.

use crate::theme::Theme;
use crate::Output;
use serde_json::Value;

/// A boolean option; absent or not a boolean gives `default`.
pub fn flag(options: &Value, key: &str, default: bool) -> bool {
    options.get(key).and_then(Value::as_bool).unwrap_or(default)
}

/// A string option, if set.
pub fn text<'a>(options: &'a Value, key: &str) -> Option<&'a str> {
    options.get(key).and_then(Value::as_str)
}

/// Whether to colour: `"colors": true|false` decides when given; otherwise colour only on an
/// interactive terminal and when `NO_COLOR` is unset (https://no-color.org).
pub fn colour(output: &Output, options: &Value) -> bool {
    if let Some(forced) = options.get("colors").or(options.get("color")).and_then(Value::as_bool) {
        return forced;
    }
    output.is_terminal() && std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty())
}

/// The theme from `"theme"` (default `cucumber`), coloured per [`colour`].
pub fn theme(output: &Output, options: &Value) -> Result<Theme, String> {
    Theme::named(text(options, "theme").unwrap_or("cucumber"), colour(output, options))
}
