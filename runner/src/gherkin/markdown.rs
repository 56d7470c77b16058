//! Markdown with Gherkin (`.feature.md`): keywords live behind `#` headers (`## Scenario: …`),
//! steps behind list bullets (`* Given …`), tags in backticks, tables are GFM tables indented
//! 2–5 spaces, doc strings are fenced code blocks. Every other line is prose and reads as an
//! empty line, so a Markdown document renders as documentation and runs as a feature.

use super::line::GherkinLine;
use super::line::{is_js_whitespace, LineItem};
use super::token::{unescape_doc_string, MatchOutcome, OpenDocString, Token, TokenMatcher, TokenType};

impl TokenMatcher {
    pub(super) fn try_match_markdown(&mut self, ty: TokenType, line: &GherkinLine<'_>) -> MatchOutcome {
        let found = match ty {
            TokenType::Eof => None,
            TokenType::Empty => {
                (line.is_empty() || !self.is_markdown_gherkin_line(line)).then(|| Token::new(ty, line, 1))
            }
            // Markdown has no Gherkin comments (`#` starts a header), but a GFM table's
            // `| --- |` separator row reads as one, without being kept in the document.
            TokenType::Comment => is_gfm_separator_line(line).then(|| {
                let mut t = Token::new(ty, line, 1);
                t.silent = true;
                t
            }),
            TokenType::Language => None,
            TokenType::TagLine => md_tags(line),
            TokenType::FeatureLine => {
                if self.matched_feature_line {
                    None
                } else {
                    self.matched_feature_line = true;
                    // Without a `# Feature:` header, the first line names the feature.
                    Some(self.md_title(ty, line, &self.dialect.feature).unwrap_or_else(|| {
                        let mut t = Token::new(ty, line, line.indent + 1);
                        t.text = line.trimmed.to_string();
                        t
                    }))
                }
            }
            TokenType::RuleLine => self.md_title(ty, line, &self.dialect.rule),
            TokenType::BackgroundLine => self.md_title(ty, line, &self.dialect.background),
            TokenType::ScenarioLine => self.md_title(ty, line, self.dialect.scenario_keywords()),
            TokenType::ExamplesLine => self.md_title(ty, line, &self.dialect.examples),
            TokenType::StepLine => self.md_step(line),
            TokenType::TableRow => md_table_row(line),
            TokenType::DocStringSeparator => self.md_fence(line),
            TokenType::Other => {
                let mut t = self.other(line);
                if let Some(d) = &self.doc_string {
                    t.text = unescape_doc_string(&t.text, &d.separator);
                }
                Some(t)
            }
        };
        match found {
            Some(t) => MatchOutcome::Matched(t),
            None => MatchOutcome::NoMatch,
        }
    }

    /// Whether a line means something to Gherkin (otherwise it is prose, read as empty).
    fn is_markdown_gherkin_line(&self, line: &GherkinLine<'_>) -> bool {
        let d = self.dialect;
        md_tags(line).is_some()
            || is_gfm_separator_line(line)
            || !self.matched_feature_line
            || [&d.feature, &d.rule, &d.background, &d.examples]
                .iter()
                .any(|k| self.md_title(TokenType::Other, line, k).is_some())
            || self.md_title(TokenType::Other, line, d.scenario_keywords()).is_some()
            || md_table_row(line).is_some()
            || self.md_step(line).is_some()
            || self.is_fence(line)
    }

    fn is_fence(&self, line: &GherkinLine<'_>) -> bool {
        match &self.doc_string {
            Some(open) => line.trimmed.starts_with(open.separator.as_str()),
            None => line.trimmed.starts_with("```") || line.trimmed.starts_with("~~~"),
        }
    }

    /// `#…# Keyword: title` with one to six `#` and a space.
    fn md_title(&self, ty: TokenType, line: &GherkinLine<'_>, keywords: &[String]) -> Option<Token> {
        let hashes = line.trimmed.chars().take_while(|c| *c == '#').count();
        if !(1..=6).contains(&hashes) {
            return None;
        }
        let after_hashes = &line.trimmed[hashes..];
        let space = after_hashes.chars().next().filter(|c| is_js_whitespace(*c))?;
        let rest = &after_hashes[space.len_utf8()..];
        let prefix = hashes as u32 + 1;
        for kw in keywords {
            if let Some(title) = rest.strip_prefix(kw.as_str()).and_then(|r| r.strip_prefix(':')) {
                let mut t = Token::new(ty, line, line.indent + prefix + 1);
                t.keyword = kw.clone();
                t.text = super::line::js_trim(title).to_string();
                return Some(t);
            }
        }
        None
    }

    /// `* Given …`, `- When …`, `+ Then …` (the `* ` step keyword is not used in Markdown).
    fn md_step(&self, line: &GherkinLine<'_>) -> Option<Token> {
        let first = line.trimmed.chars().next().filter(|c| matches!(c, '*' | '+' | '-'))?;
        let after_bullet = &line.trimmed[first.len_utf8()..];
        let body = after_bullet.trim_start_matches(is_js_whitespace);
        let prefix = 1 + (after_bullet.chars().count() - body.chars().count()) as u32;
        for (kw, kw_type) in self.markdown_step_keywords() {
            if let Some(text) = body.strip_prefix(kw.as_str()) {
                let mut t = Token::new(TokenType::StepLine, line, line.indent + prefix + 1);
                t.keyword = kw.clone();
                t.keyword_type = Some(kw_type);
                t.text = super::line::js_trim(text).to_string();
                return Some(t);
            }
        }
        None
    }

    /// Step keywords in dialect order (given, when, then, and, but), without `* `.
    fn markdown_step_keywords(&self) -> Vec<(String, ferridriver_messages::StepKeywordType)> {
        let d = self.dialect;
        let mut out: Vec<(String, ferridriver_messages::StepKeywordType)> = Vec::new();
        for kw in d.given.iter().chain(&d.when).chain(&d.then).chain(&d.and).chain(&d.but) {
            if kw != "* " && !out.iter().any(|(k, _)| k == kw) {
                if let Some((_, ty)) = d.step_keywords().iter().find(|(k, _)| k == kw) {
                    out.push((kw.clone(), *ty));
                }
            }
        }
        out
    }

    /// Fenced code blocks: ``` or ~~~ (three or more) open; the same fence closes.
    fn md_fence(&mut self, line: &GherkinLine<'_>) -> Option<Token> {
        if let Some(open) = &self.doc_string {
            if line.trimmed.starts_with(open.separator.as_str()) {
                let mut t = Token::new(TokenType::DocStringSeparator, line, line.indent + 1);
                t.keyword = open.separator.clone();
                self.doc_string = None;
                return Some(t);
            }
            return None;
        }
        for fence in ['`', '~'] {
            let n = line.trimmed.chars().take_while(|c| *c == fence).count();
            if n >= 3 {
                let separator: String = std::iter::repeat_n(fence, n).collect();
                let mut t = Token::new(TokenType::DocStringSeparator, line, line.indent + 1);
                t.text = super::line::js_trim(&line.trimmed[n..]).to_string();
                t.keyword = separator.clone();
                self.doc_string = Some(OpenDocString { separator, indent: line.indent });
                return Some(t);
            }
        }
        None
    }
}

/// Tags written as `` `@tag` ``.
fn md_tags(line: &GherkinLine<'_>) -> Option<Token> {
    let mut items = Vec::new();
    let mut rest = line.trimmed;
    let mut offset = 0u32;
    while let Some(start) = rest.find("`@") {
        let after = &rest[start + 1..];
        let Some(end) = after.find('`') else { break };
        let col_chars = rest[..start].chars().count() as u32;
        items.push(LineItem { column: line.indent + offset + col_chars + 2, text: after[..end].to_string() });
        let consumed = start + 1 + end + 1;
        offset += rest[..consumed].chars().count() as u32;
        rest = &rest[consumed..];
    }
    if items.is_empty() {
        return None;
    }
    let mut t = Token::new(TokenType::TagLine, line, line.indent + 1);
    t.items = items;
    Some(t)
}

/// A GFM table row indented 2–5 spaces; the `| --- |` separator row is not a row.
fn md_table_row(line: &GherkinLine<'_>) -> Option<Token> {
    if !(2..=5).contains(&line.indent) || !line.trimmed.starts_with('|') {
        return None;
    }
    if is_gfm_separator_line(line) {
        return None;
    }
    let cells = line.table_cells();
    let mut t = Token::new(TokenType::TableRow, line, line.indent + 1);
    t.items = cells;
    Some(t)
}

/// A GFM table separator row (`| --- | :-: |`), at any indentation.
fn is_gfm_separator_line(line: &GherkinLine<'_>) -> bool {
    line.trimmed.starts_with('|')
        && line.table_cells().iter().any(|c| {
            let t = c.text.trim_start_matches(':').trim_end_matches(':');
            !t.is_empty() && t.chars().all(|ch| ch == '-')
        })
}
