//! Tokens: what a line means in the state the parser is in. The same line can be a step in one
//! place and description text in another, so matching is always asked for a given token type.

use super::dialect::Dialect;
use super::line::{GherkinLine, LineError, LineItem};
use ferridriver_messages::StepKeywordType;
use regex::Regex;
use std::sync::OnceLock;

/// The kinds of token of the Gherkin grammar.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TokenType {
    Eof,
    Empty,
    Comment,
    TagLine,
    FeatureLine,
    RuleLine,
    BackgroundLine,
    ScenarioLine,
    ExamplesLine,
    StepLine,
    DocStringSeparator,
    TableRow,
    Language,
    Other,
}

impl TokenType {
    /// The name used in "expected: …" error messages.
    pub fn display_name(self) -> &'static str {
        match self {
            TokenType::Eof => "#EOF",
            TokenType::Empty => "#Empty",
            TokenType::Comment => "#Comment",
            TokenType::TagLine => "#TagLine",
            TokenType::FeatureLine => "#FeatureLine",
            TokenType::RuleLine => "#RuleLine",
            TokenType::BackgroundLine => "#BackgroundLine",
            TokenType::ScenarioLine => "#ScenarioLine",
            TokenType::ExamplesLine => "#ExamplesLine",
            TokenType::StepLine => "#StepLine",
            TokenType::DocStringSeparator => "#DocStringSeparator",
            TokenType::TableRow => "#TableRow",
            TokenType::Language => "#Language",
            TokenType::Other => "#Other",
        }
    }
}

/// A matched token.
#[derive(Debug, Clone)]
pub struct Token {
    pub ty: TokenType,
    pub line: u32,
    /// 1-based column of the token's first character.
    pub column: u32,
    /// The keyword as written (`Given `, `Scenario Outline`), where the token has one.
    pub keyword: String,
    pub keyword_type: Option<StepKeywordType>,
    /// The meaningful text: title, step text, comment, description line or doc string line.
    pub text: String,
    /// Tags of a tag line, cells of a table row.
    pub items: Vec<LineItem>,
    /// A comment that is not kept in the document (Markdown's `| --- |` table separators).
    pub silent: bool,
}

impl Token {
    pub(super) fn new(ty: TokenType, line: &GherkinLine<'_>, column: u32) -> Self {
        Token {
            ty,
            line: line.number,
            column,
            keyword: String::new(),
            keyword_type: None,
            text: String::new(),
            items: Vec::new(),
            silent: false,
        }
    }
}

/// The state the matcher keeps between lines: the dialect and an open doc string.
#[derive(Debug)]
pub struct TokenMatcher {
    pub dialect: &'static Dialect,
    pub language: String,
    pub(super) doc_string: Option<OpenDocString>,
    /// Markdown with Gherkin: keywords behind `#` headers and `*` bullets, other lines ignored.
    pub(super) markdown: bool,
    /// Markdown only: the first line becomes the feature when there is no `# Feature:` header.
    pub(super) matched_feature_line: bool,
}

#[derive(Debug)]
pub(super) struct OpenDocString {
    pub(super) separator: String,
    pub(super) indent: u32,
}

/// What matching one line produced.
pub enum MatchOutcome {
    Matched(Token),
    NoMatch,
    /// The line has the shape of the token but is malformed (the error is reported and the line
    /// is tried as the next token type).
    Error(LineError),
}

fn language_regex() -> &'static Regex {
    static RE: OnceLock<Regex> = OnceLock::new();
    RE.get_or_init(|| Regex::new(r"^\s*#\s*language\s*:\s*([a-zA-Z\-_]+)\s*$").expect("valid regex"))
}

impl TokenMatcher {
    /// A matcher for a language, normally "en".
    pub fn new(dialect: &'static Dialect, language: &str) -> Self {
        TokenMatcher {
            dialect,
            language: language.to_string(),
            doc_string: None,
            markdown: false,
            matched_feature_line: false,
        }
    }

    /// A matcher of the same kind (plain or Markdown) for another language, or for looking ahead.
    pub fn fresh(&self, dialect: &'static Dialect, language: &str) -> Self {
        let mut m = TokenMatcher::new(dialect, language);
        m.markdown = self.markdown;
        m.matched_feature_line = self.matched_feature_line;
        m
    }

    /// Tries to read `line` (None = end of file) as a token of type `ty`.
    pub fn try_match(&mut self, ty: TokenType, line: Option<&GherkinLine<'_>>, eof_line: u32) -> MatchOutcome {
        use MatchOutcome::*;
        let Some(line) = line else {
            if ty == TokenType::Eof {
                let mut t = Token::new(TokenType::Eof, &GherkinLine::new("", eof_line), 0);
                t.line = eof_line;
                return Matched(t);
            }
            return NoMatch;
        };
        if self.markdown {
            return self.try_match_markdown(ty, line);
        }
        let col = line.indent + 1;
        match ty {
            TokenType::Eof => NoMatch,
            TokenType::Empty if line.is_empty() => Matched(Token::new(ty, line, col)),
            TokenType::Comment if line.trimmed.starts_with('#') => {
                let mut t = Token::new(ty, line, 1);
                t.text = line.text.to_string();
                Matched(t)
            }
            TokenType::Language => match language_regex().captures(line.text) {
                Some(c) if super::dialect::dialect(&c[1]).is_none() => {
                    Error(LineError { column: col, message: format!("Language not supported: {}", &c[1]) })
                }
                Some(c) => {
                    let mut t = Token::new(ty, line, col);
                    t.text = c[1].to_string();
                    Matched(t)
                }
                None => NoMatch,
            },
            TokenType::TagLine if line.trimmed.starts_with('@') => match line.tags() {
                Ok(items) => {
                    let mut t = Token::new(ty, line, col);
                    t.items = items;
                    Matched(t)
                }
                Err(e) => Error(e),
            },
            TokenType::FeatureLine => self.title(ty, line, &self.dialect.feature),
            TokenType::RuleLine => self.title(ty, line, &self.dialect.rule),
            TokenType::BackgroundLine => self.title(ty, line, &self.dialect.background),
            TokenType::ScenarioLine => self.title(ty, line, self.dialect.scenario_keywords()),
            TokenType::ExamplesLine => self.title(ty, line, &self.dialect.examples),
            TokenType::StepLine => {
                for (kw, kw_type) in self.dialect.step_keywords() {
                    if line.trimmed.starts_with(kw.as_str()) {
                        let mut t = Token::new(ty, line, col);
                        t.keyword = kw.clone();
                        t.keyword_type = Some(*kw_type);
                        t.text = line.rest_trimmed(kw.chars().count()).to_string();
                        return Matched(t);
                    }
                }
                NoMatch
            }
            TokenType::TableRow if line.trimmed.starts_with('|') => {
                let mut t = Token::new(ty, line, col);
                t.items = line.table_cells();
                Matched(t)
            }
            TokenType::DocStringSeparator => self.doc_string_separator(line),
            TokenType::Other => Matched(self.other(line)),
            _ => NoMatch,
        }
    }

    /// Any line as description or doc string text, doc string indentation removed.
    pub(super) fn other(&self, line: &GherkinLine<'_>) -> Token {
        let indent = self.doc_string.as_ref().map(|d| d.indent).unwrap_or(0);
        let mut text = line.text_without_indent(indent).to_string();
        if let Some(d) = &self.doc_string {
            text = unescape_doc_string(&text, &d.separator);
        }
        let mut t = Token::new(TokenType::Other, line, 1);
        t.text = text;
        t
    }

    fn title(&self, ty: TokenType, line: &GherkinLine<'_>, keywords: &[String]) -> MatchOutcome {
        for kw in keywords {
            if line.trimmed.starts_with(kw.as_str()) && line.trimmed[kw.len()..].starts_with(':') {
                let mut t = Token::new(ty, line, line.indent + 1);
                t.keyword = kw.clone();
                t.text = line.rest_trimmed(kw.chars().count() + 1).to_string();
                return MatchOutcome::Matched(t);
            }
        }
        MatchOutcome::NoMatch
    }

    fn doc_string_separator(&mut self, line: &GherkinLine<'_>) -> MatchOutcome {
        match &self.doc_string {
            Some(open) => {
                if line.trimmed.starts_with(open.separator.as_str()) {
                    let mut t = Token::new(TokenType::DocStringSeparator, line, line.indent + 1);
                    t.keyword = open.separator.to_string();
                    self.doc_string = None;
                    return MatchOutcome::Matched(t);
                }
                MatchOutcome::NoMatch
            }
            None => {
                for sep in ["\"\"\"", "```"] {
                    if line.trimmed.starts_with(sep) {
                        let mut t = Token::new(TokenType::DocStringSeparator, line, line.indent + 1);
                        t.keyword = sep.to_string();
                        t.text = line.rest_trimmed(3).to_string();
                        self.doc_string = Some(OpenDocString { separator: sep.to_string(), indent: line.indent });
                        return MatchOutcome::Matched(t);
                    }
                }
                MatchOutcome::NoMatch
            }
        }
    }
}

/// Inside a doc string, an escaped separator stands for the separator itself.
pub(super) fn unescape_doc_string(text: &str, separator: &str) -> String {
    match separator {
        "\"\"\"" => text.replace("\\\"\\\"\\\"", "\"\"\""),
        _ => text.replace("\\`\\`\\`", "```"),
    }
}
