//! How a locator or assertion compares text: exactly, as a substring, or by regular expression.

/// `text` with the characters a regular expression gives a meaning escaped.
fn escape(text: &str) -> String {
    text.chars()
        .flat_map(|c| ("\\^$.|?*+()[]{}/".contains(c)).then_some('\\').into_iter().chain(std::iter::once(c)))
        .collect()
}

/// A text comparison, as Playwright's `string | RegExp` with `exact`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TextMatch {
    /// Whole text, case-sensitive, whitespace normalised.
    Exact(String),
    /// Case-insensitive substring, whitespace normalised (Playwright's default for `getBy*`).
    Substring(String),
    /// A JavaScript regular expression: source and flags.
    Regex { source: String, flags: String },
}

impl TextMatch {
    /// A regular expression (JavaScript syntax).
    pub fn regex(source: impl Into<String>, flags: impl Into<String>) -> Self {
        TextMatch::Regex { source: source.into(), flags: flags.into() }
    }

    /// The matcher as the in-page helper reads it.
    pub(crate) fn to_js(&self) -> serde_json::Value {
        match self {
            TextMatch::Exact(v) => serde_json::json!({"kind": "exact", "value": v}),
            TextMatch::Substring(v) => serde_json::json!({"kind": "substring", "value": v}),
            TextMatch::Regex { source, flags } => {
                serde_json::json!({"kind": "regex", "source": source, "flags": flags})
            }
        }
    }

    /// Whether `text` matches (the Rust side of the same rules, for accessible names).
    pub fn matches(&self, text: &str) -> bool {
        let norm = |s: &str| s.split_whitespace().collect::<Vec<_>>().join(" ");
        match self {
            TextMatch::Exact(v) => norm(text) == *v,
            TextMatch::Substring(v) => norm(text).to_lowercase().contains(&norm(v).to_lowercase()),
            TextMatch::Regex { source, flags } => {
                let pattern = if flags.contains('i') { format!("(?i){source}") } else { source.clone() };
                regex::Regex::new(&pattern).map(|r| r.is_match(&norm(text))).unwrap_or(false)
            }
        }
    }

    /// Whether `text` matches as it is, whitespace kept (values such as CSS, ids and option
    /// values, which Playwright compares without normalising).
    pub fn matches_raw(&self, text: &str) -> bool {
        match self {
            TextMatch::Exact(v) => text == v,
            TextMatch::Substring(v) => text.to_lowercase().contains(&v.to_lowercase()),
            TextMatch::Regex { source, flags } => {
                let pattern = if flags.contains('i') { format!("(?i){source}") } else { source.clone() };
                regex::Regex::new(&pattern).map(|r| r.is_match(text)).unwrap_or(false)
            }
        }
    }

    /// Playwright-style rendering for error messages: `'text'`, `/re/i`.
    pub(crate) fn describe(&self) -> String {
        match self {
            TextMatch::Exact(v) | TextMatch::Substring(v) => quoted(v),
            TextMatch::Regex { source, flags } => format!("/{source}/{flags}"),
        }
    }

    /// Case-sensitive "contains this text" (a regular expression of the escaped text).
    pub fn containing(text: &str) -> Self {
        TextMatch::Regex { source: escape(text), flags: String::new() }
    }

    /// The same comparison, case aside (Playwright's `ignoreCase`, which wins over a regular
    /// expression's own flags): strings still compare with whitespace collapsed.
    pub fn ignoring_case(self) -> TextMatch {
        let words = |text: &str| text.split_whitespace().map(escape).collect::<Vec<_>>().join("\\s+");
        match self {
            TextMatch::Exact(v) => TextMatch::regex(format!("^\\s*{}\\s*$", words(&v)), "i"),
            TextMatch::Substring(v) => TextMatch::regex(words(&v), "i"),
            TextMatch::Regex { source, flags } if flags.contains('i') => TextMatch::Regex { source, flags },
            TextMatch::Regex { source, flags } => TextMatch::Regex { source, flags: format!("{flags}i") },
        }
    }

    /// A plain string as an exact match (how Playwright's assertions read strings); regular
    /// expressions stay as they are.
    pub(crate) fn exact_if_plain(self) -> TextMatch {
        match self {
            TextMatch::Substring(s) => TextMatch::Exact(s),
            other => other,
        }
    }

    pub(crate) fn is_exact(&self) -> bool {
        matches!(self, TextMatch::Exact(_))
    }
}

impl From<&str> for TextMatch {
    fn from(s: &str) -> Self {
        TextMatch::Substring(s.to_string())
    }
}

impl From<&String> for TextMatch {
    fn from(s: &String) -> Self {
        TextMatch::Substring(s.clone())
    }
}

impl From<String> for TextMatch {
    fn from(s: String) -> Self {
        TextMatch::Substring(s)
    }
}

/// `text` in single quotes as Playwright writes a string in a locator's text: escaped as JSON
/// would (backslashes, line breaks), with `'` escaped instead of `"`.
pub(crate) fn quoted(text: &str) -> String {
    let json = serde_json::to_string(text).unwrap_or_default();
    let inner = json.get(1..json.len().saturating_sub(1)).unwrap_or_default();
    format!("'{}'", inner.replace("\\\"", "\"").replace('\'', "\\'"))
}
