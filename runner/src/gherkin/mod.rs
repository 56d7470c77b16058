//! Gherkin: parsing feature files (plain and Markdown) into documents and compiling pickles.
//! Pure data in, data out: may not know of steps, browsers, workers or reports.

mod dialect;
mod error;
mod line;
mod markdown;
mod parser;
mod pickles;
mod source;
mod token;

pub use dialect::{dialect, languages, Dialect};
pub use error::GherkinError;
pub use parser::parse_document;
pub use pickles::compile_pickles;
pub use source::{parse_error_message, parse_source, ParsedSource};
