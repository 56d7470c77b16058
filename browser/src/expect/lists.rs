//! The array forms of Playwright's text and class assertions: each compares the list of all
//! matching elements, in document order, with a list of expectations.

use super::LocatorAssertions;
use crate::expect::ExpectError;
use crate::text_match::TextMatch;

/// Which attribute of each element a list assertion reads.
#[derive(Clone, Copy)]
enum Read {
    Text,
    Class,
}

impl LocatorAssertions<'_> {
    /// One expected text (string: exact, or regular expression) per element, in order, and
    /// exactly as many elements as expectations (`toHaveText([...])`).
    pub async fn to_have_texts(&self, expected: &[TextMatch]) -> Result<(), ExpectError> {
        let expected: Vec<TextMatch> = expected.iter().cloned().map(TextMatch::exact_if_plain).collect();
        self.each("toHaveText", &expected, Read::Text, |found| pairwise(found, &expected)).await
    }

    /// Each expected text (string: contained, case-sensitive; or regular expression) is found
    /// in a distinct element, in the same order; other elements may come between
    /// (`toContainText([...])`).
    pub async fn to_contain_texts(&self, expected: &[&str]) -> Result<(), ExpectError> {
        let expected: Vec<TextMatch> = expected.iter().map(|t| TextMatch::containing(t)).collect();
        self.to_contain_matches(&expected).await
    }

    /// [`LocatorAssertions::to_contain_texts`] with ready-made matchers (for regular expressions).
    pub async fn to_contain_matches(&self, expected: &[TextMatch]) -> Result<(), ExpectError> {
        self.each("toContainText", expected, Read::Text, |found| in_order(found, expected)).await
    }

    /// One whole `class` attribute (string: exact, or regular expression) per element, in order
    /// (`toHaveClass([...])`).
    pub async fn to_have_classes(&self, expected: &[TextMatch]) -> Result<(), ExpectError> {
        let expected: Vec<TextMatch> = expected.iter().cloned().map(TextMatch::exact_if_plain).collect();
        self.each("toHaveClass", &expected, Read::Class, |found| pairwise(found, &expected)).await
    }

    /// Each element has the classes (space-separated) given for it, among others
    /// (`toContainClass([...])`).
    pub async fn to_contain_classes(&self, expected: &[&str]) -> Result<(), ExpectError> {
        let shown: Vec<TextMatch> = expected.iter().map(|c| TextMatch::Exact(c.to_string())).collect();
        self.each("toContainClass", &shown, Read::Class, |found| {
            found.len() == expected.len()
                && found
                    .iter()
                    .zip(expected)
                    .all(|(have, want)| want.split_whitespace().all(|c| have.split_whitespace().any(|x| x == c)))
        })
        .await
    }

    /// Polls the list of all matches, reading `read` from each, until `holds` (or its negation).
    async fn each(
        &self,
        matcher: &str,
        expected: &[TextMatch],
        read: Read,
        holds: impl Fn(&[String]) -> bool,
    ) -> Result<(), ExpectError> {
        let shown = format!("[{}]", expected.iter().map(TextMatch::describe).collect::<Vec<_>>().join(", "));
        let l = self.locator;
        let holds = &holds;
        // One page call per poll reads every match (no per-element resolving or waiting).
        let script = match read {
            Read::Text if self.inner_text => "els => els.map(e => e.innerText ?? '')",
            Read::Text => "els => els.map(e => e.textContent ?? '')",
            Read::Class => "els => els.map(e => e.getAttribute('class') ?? '')",
        };
        self.check(matcher, &shown, || async move {
            match l.evaluate_all(script, serde_json::Value::Null).await {
                Ok(values) => {
                    let found: Vec<String> = serde_json::from_value(values).unwrap_or_default();
                    super::Seen::Value(holds(&found), format!("{found:?}"))
                }
                Err(e) => super::Seen::from_error(e),
            }
        })
        .await
    }
}

/// As many values as matchers, each matching its own.
fn pairwise(found: &[String], expected: &[TextMatch]) -> bool {
    found.len() == expected.len() && found.iter().zip(expected).all(|(v, m)| m.matches(v))
}

/// The matchers match distinct values in order (a subsequence). Taking the earliest match for
/// each matcher never loses a solution another choice would find.
fn in_order(found: &[String], expected: &[TextMatch]) -> bool {
    let mut values = found.iter();
    expected.iter().all(|m| values.any(|v| m.matches(v)))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn strings(v: &[&str]) -> Vec<String> {
        v.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn contained_texts_must_appear_in_order() {
        let found = strings(&["Apples", "Bread", "Cheese"]);
        let m = |v: &[&str]| v.iter().map(|t| TextMatch::containing(t)).collect::<Vec<_>>();
        assert!(in_order(&found, &m(&["App", "Chee"])));
        assert!(!in_order(&found, &m(&["Chee", "App"])));
        assert!(!in_order(&found, &m(&["Bread", "Bread"])));
        assert!(!in_order(&found, &m(&["apples"])), "case-sensitive");
        assert!(in_order(&found, &[]));
    }

    #[test]
    fn pairwise_needs_equal_lengths() {
        let found = strings(&["a", "b"]);
        assert!(pairwise(&found, &[TextMatch::Exact("a".into()), TextMatch::regex("^b$", "")]));
        assert!(!pairwise(&found, &[TextMatch::Exact("a".into())]));
    }
}
