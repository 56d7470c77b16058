//! Capture groups as a tree: the shape comes from the regex source, the values from a match.
//!
//! Cucumber reports arguments as trees of groups (the `Group` of `stepMatchArguments`): each
//! capture group with the capture groups nested in it as children. Non-capturing groups are
//! transparent (their captures become children of the enclosing capture). The shape is read
//! from `regex-syntax`'s AST of the pattern, so escapes, character classes, inline flags and
//! named groups are understood exactly as the `regex` crate understands them.

use std::ops::Range;

use regex::Captures;
use regex_syntax::ast::{self, Ast, GroupKind};

use super::errors::ExpressionError;

/// One capture group of a pattern and the ones nested in it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GroupTree {
    /// The capture index (0 for the root, which is the whole match).
    pub index: usize,
    /// The group's pattern between its parentheses (the whole pattern for the root; without the
    /// `?<name>` prefix for named groups). Regex step definitions look parameter types up by it.
    pub source: String,
    /// The capture groups directly inside this one.
    pub children: Vec<GroupTree>,
}

impl GroupTree {
    /// Reads the capture-group tree of `pattern`.
    pub fn from_pattern(pattern: &str) -> Result<Self, ExpressionError> {
        let parsed = ast::parse::Parser::new()
            .parse(pattern)
            .map_err(|e| ExpressionError::InvalidRegex { pattern: pattern.to_owned(), reason: e.to_string() })?;
        let mut children = Vec::new();
        collect(&parsed, pattern, &mut children);
        Ok(GroupTree { index: 0, source: pattern.to_owned(), children })
    }

    /// The group tree of a match of the pattern this tree was read from.
    pub fn build(&self, captures: &Captures<'_>, text: &str) -> Group {
        let found = captures.get(self.index);
        Group {
            value: found.map(|m| m.as_str().to_owned()),
            start: found.map(|m| utf16_len(&text[..m.start()])),
            end: found.map(|m| utf16_len(&text[..m.end()])),
            byte_range: found.map(|m| m.range()),
            children: self.children.iter().map(|child| child.build(captures, text)).collect(),
        }
    }
}

/// Appends the outermost capture groups found in `node` to `out`, each with its own nested
/// ones; non-capturing groups pass theirs through.
fn collect(node: &Ast, pattern: &str, out: &mut Vec<GroupTree>) {
    match node {
        Ast::Group(group) => {
            let index = match &group.kind {
                GroupKind::CaptureIndex(i) => Some(*i),
                GroupKind::CaptureName { name, .. } => Some(name.index),
                GroupKind::NonCapturing(_) => None,
            };
            match index {
                Some(index) => {
                    let mut children = Vec::new();
                    collect(&group.ast, pattern, &mut children);
                    let span = group.ast.span();
                    let source = pattern.get(span.start.offset..span.end.offset).unwrap_or_default().to_owned();
                    out.push(GroupTree { index: index as usize, source, children });
                }
                None => collect(&group.ast, pattern, out),
            }
        }
        Ast::Repetition(repetition) => collect(&repetition.ast, pattern, out),
        Ast::Alternation(alternation) => alternation.asts.iter().for_each(|a| collect(a, pattern, out)),
        Ast::Concat(concat) => concat.asts.iter().for_each(|a| collect(a, pattern, out)),
        _ => {}
    }
}

/// Length in UTF-16 code units: the unit of JavaScript string indices, which Cucumber Messages
/// producers (cucumber-js, and Java's `String` indices) use for group positions.
fn utf16_len(s: &str) -> usize {
    s.encode_utf16().count()
}

/// A matched capture group (the `Group` of Cucumber Messages' `stepMatchArguments`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Group {
    /// The matched text; `None` when the group did not take part in the match.
    pub value: Option<String>,
    /// Start in the step text, in UTF-16 code units (JavaScript string index, as upstream
    /// reports it; equals the byte offset for ASCII text).
    pub start: Option<usize>,
    /// End (exclusive), in UTF-16 code units.
    pub end: Option<usize>,
    /// The same span as byte offsets into the Rust `&str`, for slicing.
    pub byte_range: Option<Range<usize>>,
    /// The capture groups nested in this one.
    pub children: Vec<Group>,
}

impl Group {
    /// What a transformer receives: this group's value when it has no nested groups, else the
    /// values of its direct children (upstream's `Group.values`).
    pub fn values(&self) -> Vec<Option<&str>> {
        if self.children.is_empty() {
            vec![self.value.as_deref()]
        } else {
            self.children.iter().map(|c| c.value.as_deref()).collect()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sources(tree: &GroupTree) -> String {
        let inner: Vec<String> = tree.children.iter().map(sources).collect();
        format!("{}:{}[{}]", tree.index, tree.source, inner.join(","))
    }

    #[test]
    fn tree_skips_non_capturing_groups_and_classes() {
        let tree = GroupTree::from_pattern(r"(a(?:b(c))[(x)]\(d\))(?<n>e|(f))").unwrap();
        assert_eq!(sources(&tree), r"0:(a(?:b(c))[(x)]\(d\))(?<n>e|(f))[1:a(?:b(c))[(x)]\(d\)[2:c[]],3:e|(f)[4:f[]]]");
    }

    #[test]
    fn positions_are_utf16_units() {
        let pattern = r"é(\w+)";
        let tree = GroupTree::from_pattern(pattern).unwrap();
        let re = regex::Regex::new(pattern).unwrap();
        let text = "😀é abc";
        let caps = re.captures("😀éabc").unwrap();
        let group = tree.build(&caps, "😀éabc");
        assert_eq!(group.children[0].start, Some(3));
        assert_eq!(group.children[0].byte_range, Some(6..9));
        assert!(re.captures(text).is_none());
    }
}
