//! The Gherkin parser: a hand-written recursive-descent reading of the official grammar
//! (`gherkin.berp`). At every point it tries the token types in the order the reference parser
//! does, so a line is read the same way and an unexpected line produces the same "expected: …"
//! list. After an unexpected line it records the error and goes on with the next line, so one
//! run reports every error of a file, as the reference parser does.

use super::dialect::{dialect, Dialect};
use super::line::GherkinLine;
use super::token::{MatchOutcome, Token, TokenMatcher, TokenType};
use super::GherkinError;
use ferridriver_messages::*;

use TokenType as T;

/// The reference parser gives up after this many errors in one file.
const MAX_ERRORS: usize = 10;

/// Parses one source into a Gherkin document, or the list of errors that prevent it.
pub fn parse_document(
    source: &str,
    uri: &str,
    markdown: bool,
    default_language: &str,
    ids: &IdGenerator,
) -> Result<GherkinDocument, Vec<GherkinError>> {
    let Some(dialect) = dialect(default_language) else {
        return Err(vec![GherkinError {
            line: 1,
            column: Some(1),
            message: format!("Language not supported: {default_language}"),
        }]);
    };
    let lines = split_lines(source);
    let mut parser = Parser {
        lines: lines.iter().enumerate().map(|(i, l)| GherkinLine::new(l, i as u32 + 1)).collect(),
        pos: 0,
        matcher: {
            let mut m = TokenMatcher::new(dialect, default_language);
            m.markdown = markdown;
            m
        },
        errors: Vec::new(),
        comments: Vec::new(),
        ids,
    };
    let feature = parser.document();
    if !parser.errors.is_empty() {
        return Err(parser.errors);
    }
    match feature {
        Ok(feature) => Ok(GherkinDocument { uri: Some(uri.to_string()), feature, comments: parser.comments }),
        Err(Abort) => Err(parser.errors),
    }
}

/// Splits on `\n` or `\r\n`; a last line of only whitespace does not count.
fn split_lines(source: &str) -> Vec<&str> {
    let mut lines: Vec<&str> = source.split('\n').map(|l| l.strip_suffix('\r').unwrap_or(l)).collect();
    if lines.last().is_some_and(|l| super::line::js_trim(l).is_empty()) {
        lines.pop();
    }
    lines
}

/// Parsing stopped (end of file reached in a state that cannot end, or too many errors).
struct Abort;

type Parse<T> = Result<T, Abort>;

/// Tags read but not yet given ids: ids are assigned when the tagged node is complete.
type PendingTags = Vec<(Location, String)>;

struct Parser<'a> {
    lines: Vec<GherkinLine<'a>>,
    pos: usize,
    matcher: TokenMatcher,
    errors: Vec<GherkinError>,
    comments: Vec<Comment>,
    ids: &'a IdGenerator,
}

/// What can follow a block's header and description, in the reference order.
const AFTER_FEATURE_HEADER: &[T] = &[T::BackgroundLine, T::TagLine, T::ScenarioLine, T::RuleLine];
const AFTER_BACKGROUND_HEADER: &[T] = &[T::StepLine, T::TagLine, T::ScenarioLine, T::RuleLine];
const AFTER_SCENARIO_HEADER: &[T] = &[T::StepLine, T::TagLine, T::ExamplesLine, T::ScenarioLine, T::RuleLine];
const AFTER_EXAMPLES_HEADER: &[T] = &[T::TableRow, T::TagLine, T::ExamplesLine, T::ScenarioLine, T::RuleLine];
/// What can follow the last step of a background or scenario.
const AFTER_BACKGROUND_STEP: &[T] = &[T::StepLine, T::TagLine, T::ScenarioLine, T::RuleLine];
const AFTER_SCENARIO_STEP: &[T] = &[T::StepLine, T::TagLine, T::ExamplesLine, T::ScenarioLine, T::RuleLine];
const AFTER_EXAMPLES_TABLE: &[T] = &[T::TableRow, T::TagLine, T::ExamplesLine, T::ScenarioLine, T::RuleLine];

/// Builds an expected-token list: `head`, then `middle`, then `tail`.
fn list(head: &[T], middle: &[T], tail: &[T]) -> Vec<T> {
    head.iter().chain(middle).chain(tail).copied().collect()
}

impl<'a> Parser<'a> {
    fn current(&self) -> Option<&GherkinLine<'a>> {
        self.lines.get(self.pos)
    }

    fn eof_line(&self) -> u32 {
        self.lines.len() as u32 + 1
    }

    fn add_error(&mut self, line: u32, column: Option<u32>, message: String) -> Parse<()> {
        let location = match column {
            Some(c) => format!("({line}:{c})"),
            None => format!("({line}:0)"),
        };
        self.errors.push(GherkinError { line, column, message: format!("{location}: {message}") });
        if self.errors.len() > MAX_ERRORS {
            return Err(Abort);
        }
        Ok(())
    }

    /// Reads the next token, trying `expected` in order. A line that matches none is reported and
    /// skipped. Comments are always recorded when matched.
    fn next(&mut self, expected: &[T]) -> Parse<Token> {
        loop {
            let line = self.current().copied();
            let eof_line = self.eof_line();
            for &ty in expected {
                match self.matcher.try_match(ty, line.as_ref(), eof_line) {
                    MatchOutcome::Matched(token) => {
                        if ty != T::Eof {
                            self.pos += 1;
                        }
                        if ty == T::Comment && !token.silent {
                            self.comments.push(Comment {
                                location: Location::new(token.line, token.column),
                                text: token.text.clone(),
                            });
                        }
                        if ty == T::Language {
                            self.change_language(&token)?;
                        }
                        return Ok(token);
                    }
                    MatchOutcome::NoMatch => {}
                    MatchOutcome::Error(e) => {
                        let l = line.as_ref().map(|l| l.number).unwrap_or(eof_line);
                        self.add_error(l, Some(e.column), e.message)?;
                    }
                }
            }
            let names: Vec<&str> = expected.iter().map(|t| t.display_name()).collect();
            match line {
                None => {
                    self.add_error(eof_line, None, format!("unexpected end of file, expected: {}", names.join(", ")))?;
                    return Err(Abort);
                }
                Some(l) => {
                    self.add_error(
                        l.number,
                        Some(l.indent + 1),
                        format!("expected: {}, got '{}'", names.join(", "), super::line::js_trim(l.trimmed)),
                    )?;
                    self.pos += 1;
                }
            }
        }
    }

    /// Like `next`, but comments and empty lines (which must be in `expected`) are passed over.
    fn next_significant(&mut self, expected: &[T]) -> Parse<Token> {
        loop {
            let t = self.next(expected)?;
            if !matches!(t.ty, T::Comment | T::Empty) {
                return Ok(t);
            }
        }
    }

    fn change_language(&mut self, token: &Token) -> Parse<()> {
        // The matcher only matches languages it knows; an unknown one is reported there and the
        // line is then read as a comment.
        if let Some(d) = dialect(&token.text) {
            self.matcher = self.matcher.fresh(d, &token.text);
        }
        Ok(())
    }

    /// Whether the lines after a tag line (skipping empty lines, comments and more tag lines)
    /// reach a token of type `ty`. Consumes nothing.
    fn lookahead(&self, ty: T) -> bool {
        let dialect: &Dialect = self.matcher.dialect;
        let mut probe = self.matcher.fresh(dialect, &self.matcher.language);
        for line in &self.lines[self.pos..] {
            if matches!(probe.try_match(ty, Some(line), 0), MatchOutcome::Matched(_)) {
                return true;
            }
            let skippable = [T::Empty, T::Comment, T::TagLine]
                .into_iter()
                .any(|t| matches!(probe.try_match(t, Some(line), 0), MatchOutcome::Matched(_)));
            if !skippable {
                return false;
            }
        }
        false
    }

    fn tags(&self, pending: PendingTags) -> Vec<Tag> {
        pending.into_iter().map(|(location, name)| Tag { location, name, id: self.ids.next_id() }).collect()
    }

    /// Tags: `Tags := #TagLine+`, then the keyword line they belong to (`keyword`).
    fn tags_then(&mut self, first: Token, keyword: T) -> Parse<(PendingTags, Token)> {
        let mut t = first;
        let mut pending = PendingTags::new();
        while t.ty == T::TagLine {
            pending.extend(Self::pending_tags(&t));
            t = self.next_significant(&[T::TagLine, keyword, T::Comment, T::Empty])?;
        }
        Ok((pending, t))
    }

    fn pending_tags(token: &Token) -> PendingTags {
        token.items.iter().map(|i| (Location::new(token.line, i.column), i.text.clone())).collect()
    }

    // GherkinDocument := Feature?
    fn document(&mut self) -> Parse<Option<Feature>> {
        let mut t = self.next_significant(&[T::Eof, T::Language, T::TagLine, T::FeatureLine, T::Comment, T::Empty])?;
        if t.ty == T::Eof {
            return Ok(None);
        }
        if t.ty == T::Language {
            t = self.next_significant(&[T::TagLine, T::FeatureLine, T::Comment, T::Empty])?;
        }
        let (pending, t) = self.tags_then(t, T::FeatureLine)?;
        let feature_line = t;
        let language = self.matcher.language.clone();
        let (description, mut t) = self.description(AFTER_FEATURE_HEADER)?;
        let mut children = Vec::new();
        if t.ty == T::BackgroundLine {
            let (background, next) = self.background(t)?;
            children.push(FeatureChild { background: Some(background), ..Default::default() });
            t = next;
        }
        loop {
            let is_scenario = t.ty == T::ScenarioLine || (t.ty == T::TagLine && self.lookahead(T::ScenarioLine));
            if !is_scenario {
                break;
            }
            let (scenario, next) = self.scenario_definition(t)?;
            children.push(FeatureChild { scenario: Some(scenario), ..Default::default() });
            t = next;
        }
        while t.ty != T::Eof {
            let (rule, next) = self.rule(t)?;
            children.push(FeatureChild { rule: Some(rule), ..Default::default() });
            t = next;
        }
        Ok(Some(Feature {
            location: Location::new(feature_line.line, feature_line.column),
            tags: self.tags(pending),
            language,
            keyword: feature_line.keyword,
            name: feature_line.text,
            description,
            children,
        }))
    }

    /// DescriptionHelper := #Empty* Description? ; Description := (#Other | #Comment)+
    /// Returns the description and the token that ended it (EOF or one of `follow`).
    fn description(&mut self, follow: &[T]) -> Parse<(String, Token)> {
        let before = list(&[T::Eof, T::Empty, T::Comment], follow, &[T::Other]);
        let inside = list(&[T::Eof, T::Comment], follow, &[T::Other]);
        let mut lines: Vec<String> = Vec::new();
        let mut started = false;
        loop {
            let t = self.next(if started { &inside } else { &before })?;
            match t.ty {
                T::Empty => {}
                T::Comment => started = true,
                T::Other => {
                    started = true;
                    lines.push(t.text);
                }
                _ => {
                    // Trailing blank lines are not part of the description.
                    while lines.last().is_some_and(|l| super::line::js_trim(l).is_empty()) {
                        lines.pop();
                    }
                    return Ok((lines.join("\n"), t));
                }
            }
        }
    }

    // Background := #BackgroundLine DescriptionHelper Step*
    fn background(&mut self, line: Token) -> Parse<(Background, Token)> {
        let (description, mut t) = self.description(AFTER_BACKGROUND_HEADER)?;
        let mut steps = Vec::new();
        while t.ty == T::StepLine {
            let (step, next) = self.step(t, AFTER_BACKGROUND_STEP)?;
            steps.push(step);
            t = next;
        }
        Ok((
            Background {
                location: Location::new(line.line, line.column),
                keyword: line.keyword,
                name: line.text,
                description,
                steps,
                id: self.ids.next_id(),
            },
            t,
        ))
    }

    // ScenarioDefinition := Tags? Scenario ; Scenario := #ScenarioLine DescriptionHelper Step* ExamplesDefinition*
    fn scenario_definition(&mut self, first: Token) -> Parse<(Scenario, Token)> {
        let (pending, line) = self.tags_then(first, T::ScenarioLine)?;
        let (description, mut t) = self.description(AFTER_SCENARIO_HEADER)?;
        let mut steps = Vec::new();
        while t.ty == T::StepLine {
            let (step, next) = self.step(t, AFTER_SCENARIO_STEP)?;
            steps.push(step);
            t = next;
        }
        let mut examples = Vec::new();
        loop {
            let is_examples = t.ty == T::ExamplesLine || (t.ty == T::TagLine && self.lookahead(T::ExamplesLine));
            if !is_examples {
                break;
            }
            let (ex, next) = self.examples_definition(t)?;
            examples.push(ex);
            t = next;
        }
        let tags = self.tags(pending);
        Ok((
            Scenario {
                location: Location::new(line.line, line.column),
                tags,
                keyword: line.keyword,
                name: line.text,
                description,
                steps,
                examples,
                id: self.ids.next_id(),
            },
            t,
        ))
    }

    // ExamplesDefinition := Tags? Examples ; Examples := #ExamplesLine DescriptionHelper ExamplesTable?
    fn examples_definition(&mut self, first: Token) -> Parse<(Examples, Token)> {
        let (pending, line) = self.tags_then(first, T::ExamplesLine)?;
        let (description, mut t) = self.description(AFTER_EXAMPLES_HEADER)?;
        let mut rows = Vec::new();
        if t.ty == T::TableRow {
            let expected = list(&[T::Eof], AFTER_EXAMPLES_TABLE, &[T::Comment, T::Empty]);
            let mut row_tokens = Vec::new();
            while t.ty == T::TableRow {
                row_tokens.push(t);
                t = self.next_significant(&expected)?;
            }
            rows = self.table_rows(row_tokens)?;
        }
        let tags = self.tags(pending);
        let mut rows = rows.into_iter();
        let table_header = rows.next();
        Ok((
            Examples {
                location: Location::new(line.line, line.column),
                tags,
                keyword: line.keyword,
                name: line.text,
                description,
                table_header,
                table_body: rows.collect(),
                id: self.ids.next_id(),
            },
            t,
        ))
    }

    // Rule := RuleHeader Background? ScenarioDefinition* ; RuleHeader := Tags? #RuleLine DescriptionHelper
    fn rule(&mut self, first: Token) -> Parse<(Rule, Token)> {
        let (pending, line) = self.tags_then(first, T::RuleLine)?;
        let (description, mut t) = self.description(AFTER_FEATURE_HEADER)?;
        let mut children = Vec::new();
        if t.ty == T::BackgroundLine {
            let (background, next) = self.background(t)?;
            children.push(RuleChild { background: Some(background), ..Default::default() });
            t = next;
        }
        loop {
            let is_scenario = t.ty == T::ScenarioLine || (t.ty == T::TagLine && self.lookahead(T::ScenarioLine));
            if !is_scenario {
                break;
            }
            let (scenario, next) = self.scenario_definition(t)?;
            children.push(RuleChild { scenario: Some(scenario), ..Default::default() });
            t = next;
        }
        let tags = self.tags(pending);
        Ok((
            Rule {
                location: Location::new(line.line, line.column),
                tags,
                keyword: line.keyword,
                name: line.text,
                description,
                children,
                id: self.ids.next_id(),
            },
            t,
        ))
    }

    // Step := #StepLine StepArg? ; StepArg := DataTable DocString? | DocString DataTable?
    fn step(&mut self, line: Token, follow: &[T]) -> Parse<(Step, Token)> {
        let ce = &[T::Comment, T::Empty];
        let mut t = self.next_significant(&list(&[T::Eof, T::TableRow, T::DocStringSeparator], follow, ce))?;
        let mut data_table = None;
        let mut doc_string = None;
        if t.ty == T::TableRow {
            let (table, next) = self.data_table(t, &list(&[T::Eof, T::TableRow, T::DocStringSeparator], follow, ce))?;
            data_table = Some(table);
            t = next;
            if t.ty == T::DocStringSeparator {
                doc_string = Some(self.doc_string(t)?);
                t = self.next_significant(&list(&[T::Eof], follow, ce))?;
            }
        } else if t.ty == T::DocStringSeparator {
            doc_string = Some(self.doc_string(t)?);
            t = self.next_significant(&list(&[T::Eof, T::TableRow], follow, ce))?;
            if t.ty == T::TableRow {
                let (table, next) = self.data_table(t, &list(&[T::Eof, T::TableRow], follow, ce))?;
                data_table = Some(table);
                t = next;
            }
        }
        Ok((
            Step {
                location: Location::new(line.line, line.column),
                keyword: line.keyword,
                keyword_type: line.keyword_type,
                text: line.text,
                doc_string,
                data_table,
                id: self.ids.next_id(),
            },
            t,
        ))
    }

    fn data_table(&mut self, first: Token, expected: &[T]) -> Parse<(DataTable, Token)> {
        let location = Location::new(first.line, first.column);
        let mut tokens = vec![first];
        let mut t = self.next_significant(expected)?;
        while t.ty == T::TableRow {
            tokens.push(t);
            t = self.next_significant(expected)?;
        }
        Ok((DataTable { location, rows: self.table_rows(tokens)? }, t))
    }

    /// Gives rows their ids and checks that every row has as many cells as the first.
    fn table_rows(&mut self, tokens: Vec<Token>) -> Parse<Vec<TableRow>> {
        let rows: Vec<TableRow> = tokens
            .into_iter()
            .map(|t| TableRow {
                location: Location::new(t.line, t.column),
                cells: t
                    .items
                    .into_iter()
                    .map(|c| TableCell { location: Location::new(t.line, c.column), value: c.text })
                    .collect(),
                id: self.ids.next_id(),
            })
            .collect();
        if let Some(first) = rows.first() {
            let width = first.cells.len();
            if let Some(bad) = rows.iter().find(|r| r.cells.len() != width) {
                self.add_error(
                    bad.location.line,
                    bad.location.column,
                    "inconsistent cell count within the table".into(),
                )?;
            }
        }
        Ok(rows)
    }

    // DocString := #DocStringSeparator #Other* #DocStringSeparator
    fn doc_string(&mut self, open: Token) -> Parse<DocString> {
        let mut content: Vec<String> = Vec::new();
        loop {
            let t = self.next(&[T::DocStringSeparator, T::Other])?;
            if t.ty == T::DocStringSeparator {
                break;
            }
            content.push(t.text);
        }
        Ok(DocString {
            location: Location::new(open.line, open.column),
            media_type: if open.text.is_empty() { None } else { Some(open.text) },
            content: content.join("\n"),
            delimiter: open.keyword,
        })
    }
}
