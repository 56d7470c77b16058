//! Generating Cucumber Expressions from step text, for the snippets of undefined steps.
//!
//! Semantics follow upstream's `CucumberExpressionGenerator`: every parameter type with
//! [`ParameterType::use_for_snippets`] set contributes one matcher per regexp. Walking the text
//! left to right, the leftmost match wins, then the longest; a match only counts when it is a
//! whole word (bounded by the ends of the text or by a Unicode separator, punctuation or symbol
//! character) and not empty. All parameter types tied for the winning span are alternatives;
//! the result is their cartesian product (at most [`MAX_EXPRESSIONS`]), preferential types
//! first, then by name.
//!
//! One deliberate difference: upstream escapes `(`, `{` and `/` in the literal text; this also
//! escapes `\`, so that the generated expression matches the step text it was made from.

use std::cmp::Ordering;
use std::sync::{Arc, LazyLock};

use regex::Regex;

use super::parameter_type::ParameterType;
use super::registry::ParameterTypeRegistry;

/// The most expressions [`CucumberExpressionGenerator::generate_expressions`] returns (as
/// upstream: several ambiguous parameters would otherwise multiply without bound).
pub const MAX_EXPRESSIONS: usize = 256;

/// One Cucumber Expression generated for a step text.
#[derive(Debug, Clone)]
pub struct GeneratedExpression {
    /// The expression, e.g. `I have {int} cukes`.
    pub source: String,
    /// A name per parameter for a snippet's function arguments: the type's name, with a counter
    /// from the second use of the same type on (`string`, `string2`, …).
    pub parameter_names: Vec<String>,
    /// The parameter types, in order.
    pub parameter_types: Vec<Arc<ParameterType>>,
}

/// Generates Cucumber Expressions for step texts from a registry's parameter types.
#[derive(Debug, Clone, Copy)]
pub struct CucumberExpressionGenerator<'a> {
    registry: &'a ParameterTypeRegistry,
}

/// One piece of the expression template.
enum Segment {
    /// Already escaped literal text.
    Text(String),
    /// A parameter, filled in order from the chosen combination.
    Parameter,
}

impl<'a> CucumberExpressionGenerator<'a> {
    /// A generator using the types of `registry` that have `use_for_snippets` set.
    pub fn new(registry: &'a ParameterTypeRegistry) -> Self {
        CucumberExpressionGenerator { registry }
    }

    /// The expressions for `text`, best first. Never empty: without any parameter the single
    /// expression is the escaped text.
    pub fn generate_expressions(&self, text: &str) -> Vec<GeneratedExpression> {
        let mut matchers = self.matchers();
        let mut template = Vec::new();
        let mut combinations: Vec<Vec<Arc<ParameterType>>> = Vec::new();
        let mut pos = 0;
        while pos < text.len() {
            let found: Vec<(usize, usize, &Arc<ParameterType>)> = matchers
                .iter_mut()
                .filter_map(|m| m.advance_to(text, pos).map(|(start, end)| (start, end, &m.parameter_type)))
                .collect();
            // Leftmost first, then longest; all ties are candidates.
            let Some(&(start, end, _)) = found.iter().min_by(|a, b| a.0.cmp(&b.0).then(b.1.cmp(&a.1))) else {
                break;
            };
            let mut candidates: Vec<Arc<ParameterType>> = Vec::new();
            for (_, _, parameter_type) in found.iter().filter(|f| f.0 == start && f.1 == end) {
                // A type with several regexps may match the same span more than once.
                if !candidates.iter().any(|c| Arc::ptr_eq(c, parameter_type)) {
                    candidates.push(Arc::clone(parameter_type));
                }
            }
            candidates.sort_by(|a, b| compare_parameter_types(a, b));
            template.push(Segment::Text(escape(&text[pos..start])));
            template.push(Segment::Parameter);
            combinations.push(candidates);
            pos = end;
        }
        template.push(Segment::Text(escape(&text[pos.min(text.len())..])));
        combine(&template, &combinations)
    }

    fn matchers(&self) -> Vec<Matcher> {
        let mut matchers = Vec::new();
        for parameter_type in self.registry.parameter_types().filter(|t| t.use_for_snippets) {
            for source in &parameter_type.regexps {
                // The registry refuses regexps that do not compile; skipping is only defensive.
                if let Ok(regex) = Regex::new(source) {
                    matchers.push(Matcher { parameter_type: Arc::clone(parameter_type), regex, cache: None });
                }
            }
        }
        matchers
    }
}

/// A regexp of a parameter type, searched in the step text.
struct Matcher {
    parameter_type: Arc<ParameterType>,
    regex: Regex,
    /// The last answer: `(queried from, found at, result)`. The walk only moves forward, so a
    /// later query at or before `found at` has the same answer (the positions in between
    /// already failed), and a query after a failed search fails too.
    cache: Option<CachedSearch>,
}

/// `(queried from, found at, the match's start and end)`.
type CachedSearch = (usize, usize, Option<(usize, usize)>);

impl Matcher {
    /// The first whole-word, non-empty match found by searching the text from `pos`, then
    /// from each later character, as upstream does (the search sees the text from there on,
    /// so `^` means "at that position").
    fn advance_to(&mut self, text: &str, pos: usize) -> Option<(usize, usize)> {
        if let Some((from, at, result)) = self.cache {
            match result {
                Some(_) if pos >= from && pos <= at => return result,
                None if pos >= from => return None,
                _ => {}
            }
        }
        let mut result = None;
        let mut at = text.len();
        for (offset, _) in text[pos..].char_indices() {
            let from = pos + offset;
            if let Some(m) = self.regex.find(&text[from..]) {
                let (start, end) = (from + m.start(), from + m.end());
                if start < end && is_whole_word(text, start, end) {
                    result = Some((start, end));
                    at = from;
                    break;
                }
            }
        }
        self.cache = Some((pos, at, result));
        result
    }
}

/// Whether `text[start..end]` is delimited by the text's ends or by a separator, punctuation or
/// symbol character on both sides.
fn is_whole_word(text: &str, start: usize, end: usize) -> bool {
    let before = text[..start].chars().next_back();
    let after = text[end..].chars().next();
    before.is_none_or(is_word_boundary) && after.is_none_or(is_word_boundary)
}

fn is_word_boundary(c: char) -> bool {
    static BOUNDARY: LazyLock<Option<Regex>> = LazyLock::new(|| Regex::new(r"^[\p{Z}\p{P}\p{S}]$").ok());
    match BOUNDARY.as_ref() {
        Some(re) => re.is_match(c.encode_utf8(&mut [0; 4])),
        None => c.is_whitespace() || c.is_ascii_punctuation(),
    }
}

/// Preferential types first, then by name (case-insensitively, then exactly, approximating
/// upstream's locale comparison).
fn compare_parameter_types(a: &ParameterType, b: &ParameterType) -> Ordering {
    let name = |t: &ParameterType| t.name.clone().unwrap_or_default();
    let (na, nb) = (name(a), name(b));
    b.prefer_for_regexp_match
        .cmp(&a.prefer_for_regexp_match)
        .then_with(|| na.to_lowercase().cmp(&nb.to_lowercase()))
        .then_with(|| na.cmp(&nb))
}

/// Escapes what the Cucumber Expression grammar would otherwise read: `\`, `(`, `{` and `/`.
/// (`)` and `}` without an opening partner are plain text.)
fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if matches!(c, '\\' | '(' | '{' | '/') {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

/// The cartesian product of the candidates, in order (the first candidate of every parameter
/// first, the last parameter varying fastest), at most [`MAX_EXPRESSIONS`].
fn combine(template: &[Segment], combinations: &[Vec<Arc<ParameterType>>]) -> Vec<GeneratedExpression> {
    let mut expressions = Vec::new();
    let mut indices = vec![0usize; combinations.len()];
    if combinations.iter().any(Vec::is_empty) {
        return vec![build(template, &[])];
    }
    loop {
        let chosen: Vec<Arc<ParameterType>> =
            indices.iter().zip(combinations).map(|(&i, candidates)| Arc::clone(&candidates[i])).collect();
        expressions.push(build(template, &chosen));
        if expressions.len() >= MAX_EXPRESSIONS {
            break;
        }
        // Odometer step: bump the last index that can move, reset those after it.
        let Some(digit) = (0..indices.len()).rev().find(|&d| indices[d] + 1 < combinations[d].len()) else {
            break;
        };
        indices[digit] += 1;
        for later in &mut indices[digit + 1..] {
            *later = 0;
        }
    }
    expressions
}

fn build(template: &[Segment], parameter_types: &[Arc<ParameterType>]) -> GeneratedExpression {
    let mut source = String::new();
    let mut types = parameter_types.iter();
    for segment in template {
        match segment {
            Segment::Text(text) => source.push_str(text),
            Segment::Parameter => {
                let name = types.next().and_then(|t| t.name.as_deref()).unwrap_or_default();
                source.push('{');
                source.push_str(name);
                source.push('}');
            }
        }
    }
    let mut used: Vec<(String, usize)> = Vec::new();
    let parameter_names = parameter_types
        .iter()
        .map(|t| {
            let name = t.name.clone().unwrap_or_default();
            let count = match used.iter_mut().find(|(n, _)| *n == name) {
                Some((_, count)) => {
                    *count += 1;
                    *count
                }
                None => {
                    used.push((name.clone(), 1));
                    1
                }
            };
            if count == 1 {
                name
            } else {
                format!("{name}{count}")
            }
        })
        .collect();
    GeneratedExpression { source, parameter_names, parameter_types: parameter_types.to_vec() }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::expressions::{CucumberExpression, Transformer};

    fn custom(name: &str, regexp: &str) -> ParameterType {
        ParameterType::new(name, vec![regexp.to_owned()], Transformer::External(name.to_owned())).unwrap()
    }

    fn sources(registry: &ParameterTypeRegistry, text: &str) -> Vec<String> {
        CucumberExpressionGenerator::new(registry).generate_expressions(text).into_iter().map(|e| e.source).collect()
    }

    /// Like upstream's tests: the first expression is as expected and matches the text.
    fn assert_first(registry: &ParameterTypeRegistry, text: &str, expected: &str, names: &[&str]) {
        let first = CucumberExpressionGenerator::new(registry).generate_expressions(text).remove(0);
        assert_eq!(first.source, expected);
        assert_eq!(first.parameter_names, names);
        let compiled = CucumberExpression::new(&first.source, registry).unwrap();
        let arguments = compiled.match_text(text).unwrap_or_else(|| panic!("{expected:?} does not match {text:?}"));
        assert_eq!(arguments.len(), names.len());
    }

    #[test]
    fn numbers_become_int_then_float() {
        let registry = ParameterTypeRegistry::new();
        assert_eq!(sources(&registry, "I have 3 cukes"), ["I have {int} cukes", "I have {float} cukes"]);
        assert_eq!(sources(&registry, "I have 3.5 cukes"), ["I have {float} cukes"]);
        assert_first(&registry, "I have 3 cukes", "I have {int} cukes", &["int"]);
        assert_first(
            &registry,
            "I have 2 cukes and 1.5 euro",
            "I have {int} cukes and {float} euro",
            &["int", "float"],
        );
        assert_first(&registry, "I have -3 cukes", "I have {int} cukes", &["int"]);
        assert_first(&registry, "99999", "{int}", &["int"]);
        assert_first(&registry, "I am 20%% foobar", "I am {int}%% foobar", &["int"]);
        assert_first(&registry, "2.5 and 1.5", "{float} and {float}", &["float", "float2"]);
    }

    #[test]
    fn quoted_text_becomes_string() {
        let registry = ParameterTypeRegistry::new();
        let all = CucumberExpressionGenerator::new(&registry).generate_expressions(r#"I have "x" and 'y'"#);
        assert_eq!(all.len(), 1);
        assert_eq!(all[0].source, "I have {string} and {string}");
        assert_eq!(all[0].parameter_names, ["string", "string2"]);
        assert_eq!(all[0].parameter_types[1].name.as_deref(), Some("string"));
        assert_first(
            &registry,
            r#"I like "bangers" and 'mash'"#,
            "I like {string} and {string}",
            &["string", "string2"],
        );
    }

    #[test]
    fn literal_text_is_escaped() {
        let registry = ParameterTypeRegistry::new();
        assert_first(&registry, "hello", "hello", &[]);
        assert_first(&registry, "(iii)", r"\(iii)", &[]);
        assert_first(&registry, "{iii}", r"\{iii}", &[]);
        assert_first(&registry, "a/b", r"a\/b", &[]);
        assert_first(&registry, r"a\b", r"a\\b", &[]);
        assert_first(&registry, "The 1814/05/17 hey", r"The {int}\/{int}\/{int} hey", &["int", "int2", "int3"]);
        assert_eq!(sources(&registry, ""), [""]);
    }

    #[test]
    fn word_and_anonymous_are_not_used() {
        let registry = ParameterTypeRegistry::new();
        assert_eq!(sources(&registry, "I click the button"), ["I click the button"]);
    }

    #[test]
    fn ties_give_every_combination_in_order() {
        let mut registry = ParameterTypeRegistry::new();
        registry.define(custom("date", "x")).unwrap();
        registry.define(custom("currency", "x")).unwrap();
        assert_eq!(sources(&registry, "I have x"), ["I have {currency}", "I have {date}"]);
        assert_eq!(
            sources(&registry, "x and x"),
            ["{currency} and {currency}", "{currency} and {date}", "{date} and {currency}", "{date} and {date}"]
        );
        let all = CucumberExpressionGenerator::new(&registry).generate_expressions("x and x");
        assert_eq!(all[1].parameter_names, ["currency", "date"]);
    }

    #[test]
    fn preferential_types_come_first() {
        let mut registry = ParameterTypeRegistry::new();
        registry.define(custom("alpha", "x")).unwrap();
        registry.define(custom("zulu", "x").with_prefer_for_regexp_match(true)).unwrap();
        assert_eq!(sources(&registry, "x"), ["{zulu}", "{alpha}"]);
    }

    #[test]
    fn leftmost_then_longest_match_wins() {
        let mut registry = ParameterTypeRegistry::new();
        registry.define(custom("currency", "c d")).unwrap();
        registry.define(custom("date", "b c")).unwrap();
        assert_first(&registry, "a b c d e f g", "a {date} d e f g", &["date"]);

        let mut registry = ParameterTypeRegistry::new();
        registry.define(custom("zero-or-more", "[a-z]*")).unwrap();
        registry.define(custom("exactly-one", "[a-z]")).unwrap();
        assert_eq!(
            sources(&registry, "a simple step"),
            ["{exactly-one} {zero-or-more} {zero-or-more}", "{zero-or-more} {zero-or-more} {zero-or-more}"]
        );
    }

    #[test]
    fn only_whole_words_match() {
        let mut registry = ParameterTypeRegistry::new();
        registry.define(custom("direction", "(up|down)")).unwrap();
        assert_eq!(sources(&registry, "I download a picture"), ["I download a picture"]);
        assert_eq!(sources(&registry, "I watch the muppet show"), ["I watch the muppet show"]);
        assert_eq!(sources(&registry, "I create a group"), ["I create a group"]);
        assert_eq!(
            sources(&registry, "up the hill, the road goes down"),
            ["{direction} the hill, the road goes {direction}"]
        );
        assert_eq!(sources(&registry, "direction is:down")[0], "direction is:{direction}");
        assert_eq!(sources(&registry, "direction is down.")[0], "direction is {direction}.");
        // `1` in `1st` is not a whole word.
        assert_eq!(sources(&ParameterTypeRegistry::new(), "the 1st of 3")[0], "the 1st of {int}");
    }

    #[test]
    fn optional_groups_and_empty_matches() {
        let mut registry = ParameterTypeRegistry::new();
        registry.define(custom("optional-flight", "(1st flight)?")).unwrap();
        registry.define(custom("optional-hotel", "(1 hotel)?")).unwrap();
        assert_eq!(
            sources(&registry, "I reach Stage 4: 1st flight -1 hotel")[0],
            "I reach Stage {int}: {optional-flight} {int} hotel"
        );
    }

    #[test]
    fn expressions_are_capped() {
        let mut registry = ParameterTypeRegistry::new();
        for i in 0..4 {
            registry.define(custom(&format!("my-type-{i}"), "([a-z] )*?[a-z]")).unwrap();
        }
        assert_eq!(sources(&registry, "a s i m p l e s t e p").len(), MAX_EXPRESSIONS);
    }

    #[test]
    fn types_without_snippets_and_odd_text_are_harmless() {
        let mut registry = ParameterTypeRegistry::new();
        registry.define(custom("colour", "red|blue").with_use_for_snippets(false)).unwrap();
        assert_eq!(sources(&registry, "a red car"), ["a red car"]);
        assert_eq!(
            sources(&registry, "é 3 ü ∑ 4"),
            ["é {int} ü ∑ {int}", "é {int} ü ∑ {float}", "é {float} ü ∑ {int}", "é {float} ü ∑ {float}"]
        );
        assert_eq!(sources(&registry, "3🙂"), ["{int}🙂", "{float}🙂"]);
        let long = "x 1 \"q\" y ".repeat(2000);
        let all = CucumberExpressionGenerator::new(&registry).generate_expressions(&long);
        assert_eq!(all.len(), MAX_EXPRESSIONS);
        assert_eq!(all[0].parameter_names.len(), 4000);
        assert_eq!(all[0].parameter_names[3999], "string2000");
    }
}
