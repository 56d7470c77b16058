//! Small shared message types: locations, sources and references to them.

use serde::{Deserialize, Serialize};

/// A 1-based position in a source file. `column` is absent where the producer has none
/// (for example the end-of-file position of a parse error).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Location {
    pub line: u32,
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub column: Option<u32>,
}

impl Location {
    /// A location with both line and column.
    pub fn new(line: u32, column: u32) -> Self {
        Self { line, column: Some(column) }
    }
}

/// The media type of a plain Gherkin source.
pub const MEDIA_TYPE_GHERKIN_PLAIN: &str = "text/x.cucumber.gherkin+plain";
/// The media type of a Markdown-with-Gherkin source.
pub const MEDIA_TYPE_GHERKIN_MARKDOWN: &str = "text/x.cucumber.gherkin+markdown";

/// The text of one source file that was parsed.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Source {
    pub uri: String,
    pub data: String,
    pub media_type: String,
}

/// Where a definition or an error comes from.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SourceReference {
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub uri: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub location: Option<Location>,
}

/// A syntax error found while parsing a source.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ParseError {
    pub source: SourceReference,
    pub message: String,
}
