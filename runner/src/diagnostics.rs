//! Human-readable errors for the console: `file:line:col: message` and a hint.

use crate::gherkin::GherkinError;

/// One feature-file syntax error as shown on stderr.
pub fn describe_parse_error(uri: &str, e: &GherkinError) -> String {
    // The message starts with "(line:col): " for the messages stream; the console shows the
    // location the way compilers do instead.
    let text = e.message.split_once("): ").map(|(_, m)| m).unwrap_or(&e.message);
    let location = match e.column {
        Some(c) => format!("{uri}:{}:{c}", e.line),
        None => format!("{uri}:{}", e.line),
    };
    format!("{location}: {text}\n  hint: {}", hint(text))
}

fn hint(message: &str) -> &'static str {
    if message.starts_with("unexpected end of file") {
        "the file ends inside a block: close the doc string, or add the keyword line the tags belong to"
    } else if message.starts_with("inconsistent cell count") {
        "every row of a table needs the same number of cells, each closed by `|` (escape a literal pipe as `\\|`)"
    } else if message.starts_with("Language not supported") {
        "`ferridriver bdd --i18n-languages` lists the language codes"
    } else if message.starts_with("A tag may not contain whitespace") {
        "separate tags with spaces and write each as one word, e.g. @slow-test"
    } else {
        "each line must be a keyword line (Feature:, Scenario:, Given …), a table row, a doc string, a tag, a comment or description text placed right after a keyword line"
    }
}
