//! "Did you mean …?" for undefined steps: the step-definition patterns closest to a step text.
//!
//! A pattern (a Cucumber Expression, or a regular expression when it starts with `^`, ends with
//! `$` or is written `/…/`) is split into words: parameters and capture groups become
//! wildcards, optional text and alternatives (`cuke(s)`, `cuke/cucumber`) become the spellings
//! a word may have. The step text is split into words too (a quoted string is one word), all
//! lower-cased. Then two scores are computed and the better one counts:
//!
//! - **words**: an edit distance over words, where a wildcard takes a text word for free (half
//!   a word when `{int}`-like types meet a word without digits or `{string}` an unquoted one),
//!   a literal word costs its normalised Damerau-Levenshtein distance to the text word, and a
//!   missing or extra word costs one; the cost is divided by the number of literal words.
//! - **characters**: the Damerau-Levenshtein distance between the text and the pattern with its
//!   wildcards replaced by the text words they took (so `log out` is close to `logout`), over
//!   the length of what was not copied from the text.
//!
//! Patterns without a literal word (`{}`, `^(.*)$`) are never suggested: they say nothing about
//! what the author meant.

use strsim::{damerau_levenshtein, normalized_damerau_levenshtein};

/// The most suggestions [`did_you_mean`] returns.
pub const MAX_SUGGESTIONS: usize = 3;

/// The lowest [`similarity`] a pattern needs to be suggested.
pub const THRESHOLD: f64 = 0.7;

/// Strings longer than this (in characters) are not compared character by character (the
/// distance needs memory proportional to the product of the lengths).
const MAX_COMPARED_CHARS: usize = 2000;

/// Up to [`MAX_SUGGESTIONS`] of `patterns` most similar to `text`, best first (ties in the
/// order given), each at least [`THRESHOLD`] similar; duplicates are listed once.
pub fn did_you_mean<'a>(text: &str, patterns: impl IntoIterator<Item = &'a str>) -> Vec<&'a str> {
    let words = text_words(text);
    let mut scored: Vec<(f64, &'a str)> = Vec::new();
    for pattern in patterns {
        if scored.iter().any(|(_, p)| *p == pattern) {
            continue;
        }
        let score = score(&words, pattern);
        if score >= THRESHOLD {
            scored.push((score, pattern));
        }
    }
    // A stable sort keeps the given order among equal scores.
    scored.sort_by(|a, b| b.0.total_cmp(&a.0));
    scored.into_iter().take(MAX_SUGGESTIONS).map(|(_, p)| p).collect()
}

/// How similar `text` is to the step-definition `pattern`, from 0 (unrelated) to 1 (the same
/// words), as described in the module documentation.
pub fn similarity(text: &str, pattern: &str) -> f64 {
    score(&text_words(text), pattern)
}

/// A word of the step text, lower-cased.
struct TextWord {
    text: String,
    chars: usize,
    quoted: bool,
}

/// Hints a wildcard carries about the text it stands for.
#[derive(Debug, Clone, Copy, Default)]
struct Wildcard {
    /// Expects digits (`{int}`, `{float}`, `(\d+)`, …).
    numeric: bool,
    /// Expects a quoted string (`{string}`).
    quoted: bool,
    /// May take several words (`{}`, `(.*)`).
    multi: bool,
}

#[derive(Debug, Clone, Copy)]
enum Piece {
    Char(char),
    Wildcard(Wildcard),
}

/// A word of a pattern: the spellings it may have. A spelling may be empty (optional word).
#[derive(Debug, Default)]
struct PatternWord {
    spellings: Vec<Vec<Piece>>,
}

impl PatternWord {
    /// The wildcard when the word is nothing but one.
    fn wildcard(&self) -> Option<Wildcard> {
        match self.spellings.as_slice() {
            [spelling] => match spelling.as_slice() {
                [Piece::Wildcard(w)] => Some(*w),
                _ => None,
            },
            _ => None,
        }
    }

    fn is_optional(&self) -> bool {
        self.spellings.iter().any(Vec::is_empty)
    }
}

fn text_words(text: &str) -> Vec<TextWord> {
    let chars: Vec<char> = text.chars().collect();
    let mut words = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        if chars[i].is_whitespace() {
            i += 1;
            continue;
        }
        let start = i;
        let mut quoted = false;
        if matches!(chars[i], '"' | '\'') {
            if let Some(close) = closing_quote(&chars, i) {
                quoted = true;
                i = close + 1;
            }
        }
        while i < chars.len() && !chars[i].is_whitespace() {
            i += 1;
        }
        let text: String = chars[start..i].iter().collect::<String>().to_lowercase();
        words.push(TextWord { chars: text.chars().count(), text, quoted });
    }
    words
}

/// The index of the quote closing the one at `open`, skipping backslash escapes.
fn closing_quote(chars: &[char], open: usize) -> Option<usize> {
    let mut i = open + 1;
    while i < chars.len() {
        match chars[i] {
            '\\' => i += 2,
            c if c == chars[open] => return Some(i),
            _ => i += 1,
        }
    }
    None
}

/// Collects the words of a pattern: spellings separated by alternation within a word, and
/// expansions of optional parts within a spelling.
struct WordBuilder {
    words: Vec<PatternWord>,
    done: Vec<Vec<Piece>>,
    current: Vec<Vec<Piece>>,
}

/// Caps the spellings of one word (`a(b)(c)(d)…` doubles them each time).
const MAX_SPELLINGS: usize = 16;

impl WordBuilder {
    fn new() -> Self {
        WordBuilder { words: Vec::new(), done: Vec::new(), current: vec![Vec::new()] }
    }

    fn push(&mut self, piece: Piece) {
        for spelling in &mut self.current {
            spelling.push(piece);
        }
    }

    fn push_text(&mut self, c: char) {
        for lower in c.to_lowercase() {
            self.push(Piece::Char(lower));
        }
    }

    fn optional(&mut self, content: &[char]) {
        let content: Vec<Piece> =
            content.iter().filter(|c| !c.is_whitespace()).flat_map(|c| c.to_lowercase()).map(Piece::Char).collect();
        if content.is_empty() || self.current.len() * 2 > MAX_SPELLINGS {
            return;
        }
        let mut with = self.current.clone();
        for spelling in &mut with {
            spelling.extend_from_slice(&content);
        }
        self.current.extend(with);
    }

    fn alternative(&mut self) {
        let current = std::mem::replace(&mut self.current, vec![Vec::new()]);
        self.done.extend(current);
    }

    fn end_word(&mut self) {
        self.alternative();
        let mut spellings = std::mem::take(&mut self.done);
        spellings.truncate(MAX_SPELLINGS);
        if spellings.iter().any(|s| !s.is_empty()) {
            self.words.push(PatternWord { spellings });
        }
    }

    fn finish(mut self) -> Vec<PatternWord> {
        self.end_word();
        self.words
    }
}

fn pattern_words(pattern: &str) -> Vec<PatternWord> {
    if let Some(inner) = pattern.strip_prefix('/').and_then(|p| p.rfind('/').map(|end| &p[..end])) {
        return regex_words(inner);
    }
    if pattern.starts_with('^') || (pattern.ends_with('$') && !pattern.ends_with("\\$")) {
        return regex_words(pattern);
    }
    expression_words(pattern)
}

fn expression_words(pattern: &str) -> Vec<PatternWord> {
    let chars: Vec<char> = pattern.chars().collect();
    let mut builder = WordBuilder::new();
    let mut i = 0;
    while i < chars.len() {
        match chars[i] {
            '\\' if i + 1 < chars.len() => {
                builder.push_text(chars[i + 1]);
                i += 1;
            }
            '{' => match chars[i..].iter().position(|&c| c == '}') {
                Some(len) => {
                    let name: String = chars[i + 1..i + len].iter().collect();
                    let numeric = matches!(
                        name.as_str(),
                        "int" | "float" | "double" | "long" | "short" | "byte" | "biginteger" | "bigdecimal"
                    );
                    let wildcard = Wildcard { numeric, quoted: name == "string", multi: name.is_empty() };
                    builder.push(Piece::Wildcard(wildcard));
                    i += len;
                }
                None => builder.push_text('{'),
            },
            '(' => match chars[i..].iter().position(|&c| c == ')') {
                Some(len) => {
                    let content: Vec<char> = chars[i + 1..i + len].iter().copied().filter(|&c| c != '\\').collect();
                    builder.optional(&content);
                    i += len;
                }
                None => builder.push_text('('),
            },
            '/' => builder.alternative(),
            c if c.is_whitespace() => builder.end_word(),
            c => builder.push_text(c),
        }
        i += 1;
    }
    builder.finish()
}

fn regex_words(pattern: &str) -> Vec<PatternWord> {
    let chars: Vec<char> = pattern.chars().collect();
    let mut builder = WordBuilder::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        i += 1;
        match c {
            '\\' => {
                let Some(&escaped) = chars.get(i) else { break };
                i += 1;
                match escaped {
                    'd' | 'D' | 'w' | 'W' | 'S' | 'p' | 'P' => {
                        if matches!(escaped, 'p' | 'P') && chars.get(i) == Some(&'{') {
                            i = chars[i..].iter().position(|&c| c == '}').map_or(chars.len(), |p| i + p + 1);
                        }
                        let wildcard = Wildcard { numeric: escaped == 'd', ..Wildcard::default() };
                        builder.push(Piece::Wildcard(wildcard));
                        i = skip_quantifier(&chars, i);
                    }
                    's' => {
                        builder.end_word();
                        i = skip_quantifier(&chars, i);
                    }
                    'b' | 'B' | 'A' | 'z' | 'Z' => {}
                    other => builder.push_text(other),
                }
            }
            '(' => {
                let end = group_end(&chars, i);
                let content: String = chars[i..end.min(chars.len())].iter().collect();
                let numeric = content.contains("\\d") && !content.contains("\\w") && !content.contains('.');
                let multi = content.contains('.') || content.contains("\\s") || content.contains(' ');
                builder.push(Piece::Wildcard(Wildcard { numeric, quoted: false, multi }));
                i = skip_quantifier(&chars, end + 1);
            }
            '[' => {
                i = class_end(&chars, i) + 1;
                builder.push(Piece::Wildcard(Wildcard::default()));
                i = skip_quantifier(&chars, i);
            }
            '.' => {
                let multi = matches!(chars.get(i), Some('*' | '+'));
                builder.push(Piece::Wildcard(Wildcard { multi, ..Wildcard::default() }));
                i = skip_quantifier(&chars, i);
            }
            '?' | '*' | '+' | '^' | '$' => {}
            '{' if quantifier_end(&chars, i - 1).is_some() => i = quantifier_end(&chars, i - 1).unwrap_or(i),
            '|' => builder.alternative(),
            c if c.is_whitespace() => builder.end_word(),
            c => builder.push_text(c),
        }
    }
    builder.finish()
}

/// The index after a quantifier starting at `i` (none: `i`).
fn skip_quantifier(chars: &[char], i: usize) -> usize {
    let mut i = match chars.get(i) {
        Some('?' | '*' | '+') => i + 1,
        Some('{') => quantifier_end(chars, i).unwrap_or(i),
        _ => return i,
    };
    if matches!(chars.get(i), Some('?' | '+')) {
        i += 1;
    }
    i
}

/// The index after `{n}`, `{n,}` or `{n,m}` starting at `open`.
fn quantifier_end(chars: &[char], open: usize) -> Option<usize> {
    let close = open + chars.get(open..)?.iter().position(|&c| c == '}')?;
    let inside = &chars[open + 1..close];
    let valid =
        inside.first().is_some_and(char::is_ascii_digit) && inside.iter().all(|c| c.is_ascii_digit() || *c == ',');
    valid.then_some(close + 1)
}

/// The index of the `)` closing a group whose content starts at `start` (or the length).
fn group_end(chars: &[char], start: usize) -> usize {
    let mut depth = 1;
    let mut i = start;
    while i < chars.len() {
        match chars[i] {
            '\\' => i += 1,
            '[' => i = class_end(chars, i + 1),
            '(' => depth += 1,
            ')' => {
                depth -= 1;
                if depth == 0 {
                    return i;
                }
            }
            _ => {}
        }
        i += 1;
    }
    chars.len()
}

/// The index of the `]` closing a class whose content starts at `start` (or the length).
fn class_end(chars: &[char], start: usize) -> usize {
    let mut i = start;
    if chars.get(i) == Some(&'^') {
        i += 1;
    }
    if chars.get(i) == Some(&']') {
        i += 1;
    }
    while i < chars.len() {
        match chars[i] {
            '\\' => i += 1,
            ']' => return i,
            _ => {}
        }
        i += 1;
    }
    chars.len()
}

/// How the words were aligned, for rebuilding the pattern with the text's words.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Step {
    Start,
    /// A text word the pattern lacks.
    Extra,
    /// A pattern word the text lacks.
    Missing,
    /// A text word against a pattern word.
    Pair,
    /// One more text word taken by a multi-word wildcard.
    Absorb,
}

fn score(text: &[TextWord], pattern: &str) -> f64 {
    let words = pattern_words(pattern);
    let wildcards = words.iter().filter(|w| w.wildcard().is_some()).count();
    let literals = words.len() - wildcards;
    if literals == 0 {
        return 0.0;
    }
    let (n, m) = (text.len(), words.len());
    let mut cost = vec![vec![0.0f64; m + 1]; n + 1];
    let mut step = vec![vec![Step::Start; m + 1]; n + 1];
    for i in 1..=n {
        cost[i][0] = i as f64;
        step[i][0] = Step::Extra;
    }
    for j in 1..=m {
        cost[0][j] = cost[0][j - 1] + missing_cost(&words[j - 1]);
        step[0][j] = Step::Missing;
    }
    for i in 1..=n {
        for j in 1..=m {
            let word = &words[j - 1];
            let mut best = (cost[i - 1][j - 1] + pair_cost(&text[i - 1], word), Step::Pair);
            let mut consider = |value: f64, s: Step| {
                if value < best.0 {
                    best = (value, s);
                }
            };
            if word.wildcard().is_some_and(|w| w.multi) {
                consider(cost[i - 1][j], Step::Absorb);
            }
            consider(cost[i][j - 1] + missing_cost(word), Step::Missing);
            consider(cost[i - 1][j] + 1.0, Step::Extra);
            cost[i][j] = best.0;
            step[i][j] = best.1;
        }
    }
    let denominator = n.saturating_sub(wildcards).max(literals) as f64;
    let by_words = 1.0 - cost[n][m] / denominator;
    by_words.max(by_characters(text, &words, &step, denominator)).clamp(0.0, 1.0)
}

fn missing_cost(word: &PatternWord) -> f64 {
    if word.is_optional() {
        0.0
    } else {
        1.0
    }
}

fn pair_cost(text: &TextWord, word: &PatternWord) -> f64 {
    if let Some(wildcard) = word.wildcard() {
        let mismatch =
            (wildcard.numeric && !text.text.chars().any(|c| c.is_ascii_digit())) || (wildcard.quoted && !text.quoted);
        return if mismatch { 0.5 } else { 0.0 };
    }
    word.spellings.iter().map(|s| spelling_cost(text, s)).fold(1.0, f64::min)
}

fn spelling_cost(text: &TextWord, spelling: &[Piece]) -> f64 {
    if spelling.is_empty() {
        return 1.0;
    }
    let literal: String =
        spelling.iter().filter_map(|p| if let Piece::Char(c) = p { Some(*c) } else { None }).collect();
    if literal.chars().count() < spelling.len() && glob_matches(&text.text, spelling) {
        return 0.0;
    }
    1.0 - word_similarity(&text.text, &literal)
}

fn word_similarity(a: &str, b: &str) -> f64 {
    if a == b {
        1.0
    } else if a.len() > MAX_COMPARED_CHARS || b.len() > MAX_COMPARED_CHARS {
        0.0
    } else {
        normalized_damerau_levenshtein(a, b)
    }
}

/// Whether `text` is the spelling with each wildcard standing for one or more characters.
fn glob_matches(text: &str, spelling: &[Piece]) -> bool {
    let chars: Vec<char> = text.chars().collect();
    // reachable[j]: the pieces so far can produce exactly chars[..j].
    let mut reachable = vec![false; chars.len() + 1];
    reachable[0] = true;
    for piece in spelling {
        let mut next = vec![false; chars.len() + 1];
        for j in 0..chars.len() {
            match piece {
                Piece::Char(c) => next[j + 1] = reachable[j] && chars[j] == *c,
                Piece::Wildcard(_) => next[j + 1] = reachable[j] || next[j] && j > 0,
            }
        }
        reachable = next;
    }
    reachable[chars.len()]
}

/// The character score: the pattern rebuilt with the text words its wildcards took, compared
/// with the text; what was copied from the text counts neither as a difference nor as length,
/// but unlikely words given to wildcards cost what they cost in the word score.
fn by_characters(text: &[TextWord], words: &[PatternWord], step: &[Vec<Step>], word_denominator: f64) -> f64 {
    let mut parts: Vec<String> = Vec::new();
    let mut copied = 0usize;
    // Wildcards given unlikely words (`{int}` for `five`) cost as in the word score.
    let mut penalty = 0.0;
    let (mut i, mut j) = (text.len(), words.len());
    while i > 0 || j > 0 {
        match step[i][j] {
            Step::Pair => {
                let (t, w) = (&text[i - 1], &words[j - 1]);
                if w.wildcard().is_some() {
                    penalty += pair_cost(t, w);
                    copied += t.chars;
                    parts.push(t.text.clone());
                } else {
                    let best = w.spellings.iter().min_by(|a, b| spelling_cost(t, a).total_cmp(&spelling_cost(t, b)));
                    let spelling = best.map(Vec::as_slice).unwrap_or_default();
                    if spelling_cost(t, spelling) == 0.0 {
                        let literal = spelling.iter().filter(|p| matches!(p, Piece::Char(_))).count();
                        copied += t.chars.saturating_sub(literal);
                        parts.push(t.text.clone());
                    } else {
                        parts.push(literal_of(spelling));
                    }
                }
                i -= 1;
                j -= 1;
            }
            Step::Absorb => {
                copied += text[i - 1].chars + 1;
                parts.push(text[i - 1].text.clone());
                i -= 1;
            }
            Step::Missing => {
                if words[j - 1].wildcard().is_some() {
                    // Rebuilds as nothing, so only the word score would see it missing.
                    penalty += 1.0;
                } else if !words[j - 1].is_optional() {
                    parts.push(words[j - 1].spellings.first().map(|s| literal_of(s)).unwrap_or_default());
                }
                j -= 1;
            }
            Step::Extra => i -= 1,
            Step::Start => break,
        }
    }
    parts.retain(|p| !p.is_empty());
    parts.reverse();
    let rebuilt = parts.join(" ");
    let original = text.iter().map(|t| t.text.as_str()).collect::<Vec<_>>().join(" ");
    let (a, b) = (original.chars().count(), rebuilt.chars().count());
    let denominator = a.max(b).saturating_sub(copied);
    if denominator == 0 || a > MAX_COMPARED_CHARS || b > MAX_COMPARED_CHARS {
        return 0.0;
    }
    1.0 - damerau_levenshtein(&original, &rebuilt) as f64 / denominator as f64 - penalty / word_denominator
}

fn literal_of(spelling: &[Piece]) -> String {
    spelling.iter().filter_map(|p| if let Piece::Char(c) = p { Some(*c) } else { None }).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    const PATTERNS: &[&str] = &[
        "I have {int} cukes",
        "I have {int} cucumbers",
        "I open the {string} page",
        "the page title is {string}",
        "I log out",
        "^I press the (\\w+) button$",
        "{}",
        "I eat {int} cuke(s)/cucumber(s)",
    ];

    fn suggest(text: &str) -> Vec<&'static str> {
        did_you_mean(text, PATTERNS.iter().copied())
    }

    #[test]
    fn near_misses_are_suggested_best_first() {
        assert_eq!(suggest("I have 5 cuke")[0], "I have {int} cukes");
        assert!(suggest("I have 5 cuke").len() <= MAX_SUGGESTIONS);
        assert_eq!(suggest("I open the login page"), ["I open the {string} page"]);
        assert_eq!(suggest("I logout")[0], "I log out");
        assert_eq!(suggest("I pres the OK button")[0], "^I press the (\\w+) button$");
        assert_eq!(suggest("I eat 3 cucumbrs")[0], "I eat {int} cuke(s)/cucumber(s)");
        assert_eq!(suggest(r#"the page titel is "Home""#), ["the page title is {string}"]);
    }

    #[test]
    fn unrelated_text_gets_nothing() {
        assert!(suggest("the sky is green").is_empty(), "{:?}", suggest("the sky is green"));
        assert!(suggest("a completely different sentence here").is_empty());
        assert!(suggest("").is_empty());
        assert!(did_you_mean("I have 5 cukes", []).is_empty());
    }

    #[test]
    fn scores() {
        assert_eq!(similarity("I have 5 cukes", "I have {int} cukes"), 1.0);
        assert_eq!(similarity("anything at all", "{}"), 0.0);
        assert!(similarity("I have five cukes", "I have {int} cukes") < 1.0);
        assert!(
            similarity("I have 5 cuke", "I have {int} cukes") > similarity("I have 5 cuke", "I have {int} cucumbers")
        );
        assert_eq!(similarity(r#"I say "hello world""#, "I say {string}"), 1.0);
        assert_eq!(similarity("I say hello world", "I say {}"), 1.0);
        assert_eq!(similarity("I am here", "I am (not )here"), 1.0);
        assert_eq!(similarity("I click the button", "I click the {string} button"), 0.75);
    }

    #[test]
    fn duplicates_and_odd_patterns_are_harmless() {
        assert_eq!(did_you_mean("I log out", ["I log out", "I log out"]), ["I log out"]);
        for pattern in ["(", "{", "\\", "^(", "^[", "/", "//", "^a{2,", "^(?:a|b)+$", "x(((((((((((((((((a)", "$"] {
            let _ = similarity("a b c", pattern);
            let _ = similarity("", pattern);
        }
        let long = "word 12 ".repeat(2000);
        assert!(did_you_mean(&long, PATTERNS.iter().copied()).is_empty());
        let many = "a(b)(c)(d)(e)(f)(g)(h)(i)(j)";
        assert!(similarity("abcdefghij", many) > 0.0);
    }
}
