//! A syntax error in a Gherkin source.

/// One parse error. `message` already starts with `(line:column)` as the reference parser's does.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GherkinError {
    pub line: u32,
    /// None for errors at the end of the file.
    pub column: Option<u32>,
    pub message: String,
}

impl std::fmt::Display for GherkinError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for GherkinError {}
