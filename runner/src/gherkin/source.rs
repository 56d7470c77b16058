//! From source text to the messages it produces: `source`, then `gherkinDocument` and its
//! `pickle`s, or `parseError`s.

use super::{compile_pickles, parse_document, GherkinError};
use ferridriver_messages::*;

/// Everything one source file produced.
#[derive(Debug, Clone)]
pub struct ParsedSource {
    pub source: Source,
    /// The document, absent when the source has syntax errors.
    pub document: Option<GherkinDocument>,
    pub pickles: Vec<Pickle>,
    pub errors: Vec<GherkinError>,
}

impl ParsedSource {
    /// The messages in the order Cucumber emits them.
    pub fn envelopes(&self) -> Vec<Envelope> {
        let mut out: Vec<Envelope> = vec![self.source.clone().into()];
        if let Some(doc) = &self.document {
            out.push(doc.clone().into());
        }
        for e in &self.errors {
            out.push(parse_error_message(&self.source.uri, e).into());
        }
        out.extend(self.pickles.iter().cloned().map(Envelope::from));
        out
    }
}

/// The `parseError` message of one error.
pub fn parse_error_message(uri: &str, e: &GherkinError) -> ParseError {
    ParseError {
        source: SourceReference {
            uri: Some(uri.to_string()),
            location: Some(Location { line: e.line, column: e.column }),
        },
        message: e.message.clone(),
    }
}

/// Parses one source. Files ending in `.md` are read as Markdown with Gherkin.
pub fn parse_source(uri: &str, data: &str, default_language: &str, ids: &IdGenerator) -> ParsedSource {
    let markdown = uri.ends_with(".md");
    let source = Source {
        uri: uri.to_string(),
        data: data.to_string(),
        media_type: if markdown { MEDIA_TYPE_GHERKIN_MARKDOWN } else { MEDIA_TYPE_GHERKIN_PLAIN }.to_string(),
    };
    match parse_document(data, uri, markdown, default_language, ids) {
        Ok(document) => {
            let pickles = compile_pickles(&document, uri, ids);
            ParsedSource { source, document: Some(document), pickles, errors: Vec::new() }
        }
        Err(errors) => ParsedSource { source, document: None, pickles: Vec::new(), errors },
    }
}
