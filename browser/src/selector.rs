//! Playwright's selector syntax, as `locator(selector)` takes it: `>>` chains of engine parts
//! (`css=`, `text=`, `xpath=` or a leading `//`, `id=`, `data-testid=`, `role=`, `nth=`,
//! `visible=`; a quoted part is text), and CSS with Playwright's own pseudo-classes
//! (`:has-text()`, `:text()`, `:text-is()`, `:text-matches()`, `:visible`). Each part becomes
//! locator parts; plain CSS stays one CSS query. A selector that cannot be parsed becomes a
//! part that fails with the reason when the locator is used, as Playwright's does.

use crate::locator::{Locator, Part};
use crate::selector_engines::SelectorEngines;
use crate::text_match::TextMatch;

impl Locator {
    /// Elements a Playwright selector finds inside the current match: CSS (with Playwright's
    /// `:has-text()`, `:text()`, `:visible`…), `text=`, `xpath=` or `//…`, `>>` chains and
    /// the other engines below.
    pub fn locator(&self, selector: &str) -> Locator {
        self.locator_with(selector, &SelectorEngines::default())
    }

    /// [`Locator::locator`] where the engines in `engines` (`selectors.register`) may be named
    /// too.
    pub fn locator_with(&self, selector: &str, engines: &SelectorEngines) -> Locator {
        let mut l = self.clone();
        l.parts.extend(parse(selector, engines));
        l
    }
}

/// The locator parts of `selector`, with registered `engines` besides Playwright's.
pub(crate) fn parse(selector: &str, engines: &SelectorEngines) -> Vec<Part> {
    let mut parts = Vec::new();
    for segment in split_chain(selector) {
        match segment_parts(segment.trim(), selector, engines) {
            Ok(found) => parts.extend(found),
            Err(message) => return vec![Part::Invalid { source: selector.to_string(), message }],
        }
    }
    parts
}

/// The `>>` parts of a chain (a `>>` inside quotes, brackets or parentheses is text).
fn split_chain(selector: &str) -> Vec<String> {
    let chars: Vec<char> = selector.chars().collect();
    let mut parts = Vec::new();
    let mut start = 0;
    let mut skip_next = false;
    for (i, c, depth) in unquoted(&chars, 0) {
        if std::mem::take(&mut skip_next) {
            continue;
        }
        if c == '>' && depth == 0 && chars.get(i + 1) == Some(&'>') {
            parts.push(chars[start..i].iter().collect());
            start = i + 2;
            skip_next = true;
        }
    }
    parts.push(chars[start..].iter().collect());
    parts
}

/// The characters of `chars` from `from` on that are outside quotes, each with the depth of
/// brackets and parentheses around it (an opening one counts from the next character on). A
/// backslash escape (`\,`, `\(`, and inside quotes `\"`) is skipped whole, as Playwright's
/// tokenizer skips it.
fn unquoted(chars: &[char], from: usize) -> impl Iterator<Item = (usize, char, i32)> + '_ {
    let (mut depth, mut quote, mut escaped) = (0i32, None::<char>, false);
    chars.iter().enumerate().skip(from).filter_map(move |(i, &c)| {
        if quote.is_none() {
            if std::mem::take(&mut escaped) {
                return None;
            }
            if c == '\\' {
                escaped = true;
                return None;
            }
        }
        if let Some(q) = quote {
            if std::mem::take(&mut escaped) {
                return None;
            }
            match c {
                '\\' => escaped = true,
                c if c == q => quote = None,
                _ => {}
            }
            return None;
        }
        let at = depth;
        match c {
            '"' | '\'' => {
                quote = Some(c);
                return None;
            }
            '(' | '[' => depth += 1,
            ')' | ']' => depth -= 1,
            _ => {}
        }
        Some((i, c, at))
    })
}

/// The parts of one `>>` segment.
fn segment_parts(segment: &str, selector: &str, engines: &SelectorEngines) -> Result<Vec<Part>, String> {
    if segment.is_empty() {
        return Err(format!(
            "Selector \"{selector}\" has an empty part\n  hint: parts of a chain are separated by `>>`"
        ));
    }
    // `(//a)[1]` is XPath too.
    if segment.trim_start_matches('(').starts_with("//") || segment.starts_with("..") {
        return Ok(group(segment, vec![Part::XPath(segment.to_string())]));
    }
    if segment.starts_with('"') || segment.starts_with('\'') {
        return Ok(group(segment, vec![Part::Text(text_body(segment))]));
    }
    let Some((engine, body)) = engine_of(segment) else { return css(segment) };
    let body = body.trim();
    match engine {
        "css" => css(body).map(|parts| regroup(segment, parts)),
        "text" => Ok(group(segment, vec![Part::Text(text_body(body))])),
        "xpath" => Ok(group(segment, vec![Part::XPath(body.to_string())])),
        "id" | "data-testid" | "data-test-id" | "data-test" => {
            let attribute = if engine == "id" { "id" } else { engine };
            let value = unquote(body).unwrap_or_else(|| body.to_string());
            let css = format!("[{attribute}=\"{}\"]", value.replace('\\', "\\\\").replace('"', "\\\""));
            Ok(group(segment, vec![Part::Css(css)]))
        }
        "nth" => body
            .parse::<i64>()
            .map(|n| vec![Part::Nth(n)])
            .map_err(|_| format!("Failed to parse selector \"{selector}\": nth= takes a number, not \"{body}\"")),
        "visible" => match body {
            "true" => Ok(vec![Part::Visible(true)]),
            "false" => Ok(vec![Part::Visible(false)]),
            _ => Err(format!("Failed to parse selector \"{selector}\": visible= takes true or false, not \"{body}\"")),
        },
        "role" => role(body, selector).map(|part| group(segment, vec![part])),
        _ => match engines.source_of(engine) {
            Some(source) => {
                let custom =
                    Part::Custom { name: engine.to_string(), source: source.to_string(), body: body.to_string() };
                Ok(group(segment, vec![custom]))
            }
            None => Err(format!("Unknown engine \"{engine}\" while parsing selector {selector}")),
        },
    }
}

/// One part named after the segment it came from (how error messages show it).
fn group(segment: &str, parts: Vec<Part>) -> Vec<Part> {
    vec![Part::Selector { source: segment.to_string(), parts }]
}

/// [`css`]'s parts, named after the whole segment when it is more than one plain query.
fn regroup(segment: &str, parts: Vec<Part>) -> Vec<Part> {
    match parts.as_slice() {
        [Part::Css(_)] => parts,
        _ => group(segment, parts),
    }
}

/// `name=` at the start of a segment: an engine name is letters, digits, `-`, `_` and `:`.
fn engine_of(segment: &str) -> Option<(&str, &str)> {
    let end = segment.find(|c: char| !(c.is_ascii_alphanumeric() || c == '-' || c == '_' || c == ':'))?;
    (end > 0 && segment[end..].starts_with('=')).then(|| (&segment[..end], &segment[end + 1..]))
}

/// The text engine's body: quoted is exact and case-sensitive, `/re/flags` a regular
/// expression, anything else a case-insensitive substring (whitespace normalised in all).
fn text_body(body: &str) -> TextMatch {
    if let Some(value) = unquote(body) {
        return TextMatch::Exact(normalize(&value));
    }
    // `"text"i`: case aside, still the whole text; `"text"s`: exact.
    if let Some(value) = body.strip_suffix('i').and_then(unquote) {
        return TextMatch::Exact(normalize(&value)).ignoring_case();
    }
    if let Some(value) = body.strip_suffix('s').and_then(unquote) {
        return TextMatch::Exact(normalize(&value));
    }
    if let Some(rest) = body.strip_prefix('/') {
        if let Some(end) = rest.rfind('/') {
            let flags = &rest[end + 1..];
            if flags.chars().all(|c| "dgimsuvy".contains(c)) {
                return TextMatch::regex(&rest[..end], flags);
            }
        }
    }
    TextMatch::Substring(normalize(body))
}

fn normalize(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// The value of a string in single or double quotes (backslash escapes), if `text` is one.
fn unquote(text: &str) -> Option<String> {
    let quote = text.chars().next().filter(|c| *c == '"' || *c == '\'')?;
    if text.len() < 2 || !text.ends_with(quote) {
        return None;
    }
    let inner = &text[1..text.len() - 1];
    let mut value = String::new();
    let mut chars = inner.chars();
    while let Some(c) = chars.next() {
        match c {
            '\\' => value.extend(chars.next()),
            c if c == quote => return None,
            c => value.push(c),
        }
    }
    Some(value)
}

/// `role=button[name="Save"]`: the role, and its accessible name (a case-insensitive
/// substring; `s` after the quote: exact, `i`: as the default).
fn role(body: &str, selector: &str) -> Result<Part, String> {
    let (role, rest) = match body.find('[') {
        Some(i) => (&body[..i], &body[i..]),
        None => (body, ""),
    };
    let mut name = None;
    if !rest.is_empty() {
        let inner = rest
            .strip_prefix('[')
            .and_then(|r| r.strip_suffix(']'))
            .and_then(|r| r.trim().strip_prefix("name"))
            .and_then(|r| r.trim_start().strip_prefix('='))
            .map(str::trim)
            .ok_or_else(|| {
                format!("Failed to parse selector \"{selector}\": role= takes a role and at most [name=\"…\"]\n  hint: use getByRole() for the other options")
            })?;
        let (quoted, flag) = match inner.strip_suffix(['s', 'i']) {
            Some(q) if q.ends_with(['"', '\'']) => (q.trim_end(), &inner[inner.len() - 1..]),
            _ => (inner, ""),
        };
        let value = unquote(quoted)
            .ok_or_else(|| format!("Failed to parse selector \"{selector}\": the name must be quoted"))?;
        name = Some(if flag == "s" {
            TextMatch::Exact(normalize(&value))
        } else {
            TextMatch::Substring(normalize(&value))
        });
    }
    Ok(Part::Role { role: role.trim().to_string(), name, states: Default::default() })
}

/// Playwright's pseudo-classes that the browser's CSS does not know.
const FILTERS: [&str; 5] = ["has-text", "text-is", "text-matches", "text", "visible"];
/// Playwright's layout pseudo-classes (not supported yet).
const LAYOUT: [&str; 6] = ["left-of", "right-of", "above", "below", "near", "nth-match"];

/// A CSS selector: the browser's own CSS in one query, and Playwright's pseudo-classes as
/// filters of the compound they belong to. A compound with such a filter may be followed by a
/// descendant (` `) or child (`>`) combinator, whose query then starts from each match.
fn css(selector: &str) -> Result<Vec<Part>, String> {
    // A selector list whose alternatives use Playwright's pseudo-classes: each alternative on its
    // own, the matches together (a list of plain CSS stays one query the browser answers).
    let alternatives = split_list(selector);
    if alternatives.len() > 1 {
        if let Some(at) = alternatives.iter().position(|a| a.trim().is_empty()) {
            // Playwright's words: the token where an alternative should have been.
            let token = if at + 1 == alternatives.len() { "" } else { "," };
            return Err(format!(
                "Unexpected token \"{token}\" while parsing css selector \"{selector}\". Did you mean to CSS.escape it?"
            ));
        }
        let parsed = alternatives.iter().map(|a| css_compound_list(a.trim())).collect::<Result<Vec<_>, _>>()?;
        if parsed.iter().any(|parts| !matches!(parts.as_slice(), [Part::Css(_)])) {
            // Named as written (how String(locator), errors and traces show it).
            return Ok(vec![Part::Selector { source: selector.to_string(), parts: vec![Part::Union(parsed)] }]);
        }
    }
    css_compound_list(selector)
}

/// The alternatives of a selector list: `selector` split at each `,` outside quotes,
/// brackets and parentheses.
fn split_list(selector: &str) -> Vec<String> {
    let chars: Vec<char> = selector.chars().collect();
    let mut alternatives = Vec::new();
    let mut start = 0;
    for (i, c, depth) in unquoted(&chars, 0) {
        if c == ',' && depth == 0 {
            alternatives.push(chars[start..i].iter().collect());
            start = i + 1;
        }
    }
    alternatives.push(chars[start..].iter().collect());
    alternatives
}

/// [`css`] of one alternative (or of a list of plain CSS).
fn css_compound_list(selector: &str) -> Result<Vec<Part>, String> {
    let bad = |what: &str| {
        Err(format!(
            "Unexpected token \"{what}\" while parsing css selector \"{selector}\". Did you mean to CSS.escape it?"
        ))
    };
    let mut parts = Vec::new();
    let mut query = String::new();
    let mut filters: Vec<Part> = Vec::new();
    let (mut depth, mut quote, mut listed) = (0i32, None::<char>, false);
    let chars: Vec<char> = selector.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if let Some(q) = quote {
            query.push(c);
            if c == '\\' {
                query.extend(chars.get(i + 1));
                i += 1;
            } else if c == q {
                quote = None;
            }
            i += 1;
            continue;
        }
        // An escaped character (`#a\,b`, `.x\(`) is part of the name, whatever it is.
        if c == '\\' {
            query.push(c);
            query.extend(chars.get(i + 1));
            i += 2;
            continue;
        }
        match c {
            '"' | '\'' => quote = Some(c),
            '(' | '[' => depth += 1,
            ')' | ']' => depth -= 1,
            _ => {}
        }
        if c == ':' && chars.get(i + 1) != Some(&':') && (i == 0 || chars[i - 1] != ':') {
            let name: String = chars[i + 1..].iter().take_while(|c| c.is_ascii_alphanumeric() || **c == '-').collect();
            if FILTERS.contains(&name.as_str()) || LAYOUT.contains(&name.as_str()) {
                if depth > 0 {
                    return Err(format!("\"{name}\" cannot be used inside :is(), :not() or :has() in selector \"{selector}\" (not supported by ferridriver yet)"));
                }
                if LAYOUT.contains(&name.as_str()) {
                    return Err(format!(
                        "the :{name}() pseudo-class in selector \"{selector}\" is not supported by ferridriver yet"
                    ));
                }
                let mut next = i + 1 + name.chars().count();
                let argument = if chars.get(next) == Some(&'(') {
                    let (argument, end) = match parenthesised(&chars, next) {
                        Some(found) => found,
                        None => return bad(""),
                    };
                    next = end;
                    Some(argument)
                } else {
                    None
                };
                filters.push(filter(&name, argument.as_deref(), selector)?);
                i = next;
                continue;
            }
        }
        if depth == 0 && (c.is_whitespace() || matches!(c, '>' | '+' | '~' | ',')) && !filters.is_empty() {
            // The compound with filters ends here: its query, then its filters.
            let mut j = i;
            while j < chars.len() && chars[j].is_whitespace() {
                j += 1;
            }
            let combinator = chars.get(j).copied().filter(|c| matches!(c, '>' | '+' | '~' | ','));
            if j == chars.len() {
                i = j;
                continue;
            }
            match combinator {
                Some('>') => {
                    flush(&mut parts, &mut query, &mut filters);
                    query.push_str(":scope > ");
                    i = j + 1;
                }
                Some(other) => {
                    return Err(format!("\"{other}\" after a Playwright pseudo-class in selector \"{selector}\" is not supported by ferridriver yet\n  hint: chain the next part with >>"));
                }
                None => {
                    flush(&mut parts, &mut query, &mut filters);
                    i = j;
                }
            }
            while i < chars.len() && chars[i].is_whitespace() {
                i += 1;
            }
            continue;
        }
        if depth == 0 && c == ',' {
            listed = true;
        }
        query.push(c);
        i += 1;
    }
    if quote.is_some() || depth != 0 {
        return bad("");
    }
    flush(&mut parts, &mut query, &mut filters);
    if parts.is_empty() {
        return bad("");
    }
    if listed && parts.len() > 1 {
        return Err(format!("a selector list (\",\") with Playwright pseudo-classes in \"{selector}\" is not supported by ferridriver yet"));
    }
    Ok(parts)
}

/// Ends a compound: its query (`*` when only pseudo-classes were left) and its filters.
fn flush(parts: &mut Vec<Part>, query: &mut String, filters: &mut Vec<Part>) {
    let trimmed = query.trim_end();
    if trimmed.is_empty() && filters.is_empty() {
        query.clear();
        return;
    }
    let mut css = trimmed.to_string();
    if css.is_empty() || css.ends_with(['>', '+', '~', ' ', ',']) {
        css.push('*');
    }
    parts.push(Part::Css(css));
    parts.append(filters);
    query.clear();
}

/// The text inside the parentheses opening at `open`, and where it ends.
fn parenthesised(chars: &[char], open: usize) -> Option<(String, usize)> {
    let (close, _, _) = unquoted(chars, open).find(|(_, c, depth)| *c == ')' && *depth == 1)?;
    Some((chars[open + 1..close].iter().collect(), close + 1))
}

/// One of Playwright's pseudo-classes as a filter part.
fn filter(name: &str, argument: Option<&str>, selector: &str) -> Result<Part, String> {
    let strings = |argument: Option<&str>| -> Result<Vec<String>, String> {
        let argument = argument.unwrap_or("").trim();
        let mut values = Vec::new();
        for piece in split_arguments(argument) {
            values.push(unquote(piece.trim()).ok_or_else(|| format!("\"{name}\" engine expects a single string"))?);
        }
        Ok(values)
    };
    match name {
        "visible" if argument.is_none() => Ok(Part::Visible(true)),
        "visible" => Err(format!("\"visible\" takes no argument in selector \"{selector}\"")),
        "has-text" | "text" | "text-is" => {
            let values = strings(argument)?;
            let [value] = values.as_slice() else { return Err(format!("\"{name}\" engine expects a single string")) };
            Ok(match name {
                "has-text" => Part::HasText(TextMatch::Substring(normalize(value))),
                "text" => Part::OwnText(TextMatch::Substring(normalize(value))),
                _ => Part::OwnText(TextMatch::Exact(normalize(value))),
            })
        }
        _ => {
            let values = strings(argument)?;
            match values.as_slice() {
                [source] => Ok(Part::OwnText(TextMatch::regex(source, ""))),
                [source, flags] => Ok(Part::OwnText(TextMatch::regex(source, flags))),
                _ => Err("\"text-matches\" engine expects a regexp body and optional regexp flags".into()),
            }
        }
    }
}

/// Comma-separated arguments (commas inside quotes are text).
fn split_arguments(argument: &str) -> Vec<&str> {
    if argument.is_empty() {
        return vec![""];
    }
    let mut pieces = Vec::new();
    let (mut start, mut quote) = (0, None::<char>);
    let mut escaped = false;
    for (i, c) in argument.char_indices() {
        match quote {
            Some(_) if escaped => escaped = false,
            Some(_) if c == '\\' => escaped = true,
            Some(q) if c == q => quote = None,
            Some(_) => {}
            None if c == '"' || c == '\'' => quote = Some(c),
            None if c == ',' => {
                pieces.push(&argument[start..i]);
                start = i + 1;
            }
            None => {}
        }
    }
    pieces.push(&argument[start..]);
    pieces
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kinds(selector: &str) -> String {
        format!("{:?}", parse(selector, &SelectorEngines::default()))
    }

    #[test]
    fn plain_css_stays_one_query_and_chains_split_outside_quotes() {
        assert_eq!(kinds("div.a > span[title='x >> y']"), r#"[Css("div.a > span[title='x >> y']")]"#);
        assert_eq!(split_chain(r#"#box >> text="a >> b" >> nth=1"#), vec!["#box ", r#" text="a >> b" "#, " nth=1"]);
        assert_eq!(split_chain(r#"[title="x \" >> y"] >> b"#).len(), 2, "an escaped quote stays inside");
        assert!(kinds("button >> nth=-1").ends_with("Nth(-1)]"));
        assert!(kinds("li >> visible=false").ends_with("Visible(false)]"));
    }

    #[test]
    fn engines_and_pseudo_classes_become_parts() {
        assert!(kinds(r#"text="Sign in""#).contains(r#"Text(Exact("Sign in"))"#));
        assert!(kinds("text=sign   in").contains(r#"Text(Substring("sign in"))"#));
        assert!(kinds(r"text=/sign\s+in/i").contains(r#"source: "sign\\s+in", flags: "i""#));
        assert!(kinds("//button").contains("XPath(\"//button\")"));
        assert!(kinds("(//button)[2]").contains("XPath("));
        assert!(kinds(r#"text="sign in"i"#).contains(r#"flags: "i""#));
        assert!(kinds("data-testid=save").contains(r#"Css("[data-testid=\"save\"]")"#));
        assert!(kinds(r#"role=button[name="Save"s]"#).contains(r#"name: Some(Exact("Save"))"#));
        let has = kinds(r#"div:has-text("inner two") > span"#);
        assert!(has.contains(r#"Css("div"), HasText(Substring("inner two")), Css(":scope > span")"#), "{has}");
        assert!(kinds("#box span:visible").contains(r##"Css("#box span"), Visible(true)"##));
        assert!(kinds(":visible").contains(r#"Css("*"), Visible(true)"#));
        assert!(kinds(r#"li:text-matches("^t.o$", "i")"#).contains(r#"flags: "i""#));
    }

    #[test]
    fn bad_selectors_become_errors_with_playwrights_words() {
        assert!(kinds("foo=bar").contains(r#"Unknown engine \"foo\" while parsing selector foo=bar"#));
        assert!(kinds("button:has-text(").contains("while parsing css selector"));
        assert!(kinds("li:has-text(Two)").contains(r#"\"has-text\" engine expects a single string"#));
        assert!(kinds("a:left-of(#b)").contains("not supported by ferridriver yet"));
        assert!(kinds("a:has-text('x') + b").contains("not supported by ferridriver yet"));
        assert!(kinds("nth=x").contains("nth= takes a number"));
    }
}
