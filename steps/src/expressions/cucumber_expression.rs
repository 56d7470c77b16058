//! Compiling a Cucumber Expression into a regex, and matching step text with it.
//!
//! The syntax tree is validated while it is rewritten (the parser accepts a superset), using
//! the production rules of upstream's `ARCHITECTURE.md`, so the generated regex source is the
//! same string upstream generates (the testdata compares it).

use std::sync::Arc;

use regex::Regex;

use super::argument::Argument;
use super::ast::{Node, NodeType};
use super::errors::{ExpressionError, Problem};
use super::group::GroupTree;
use super::parameter_type::ParameterType;
use super::parser::parse;
use super::registry::ParameterTypeRegistry;

/// A compiled Cucumber Expression.
#[derive(Debug, Clone)]
pub struct CucumberExpression {
    source: String,
    regex: Regex,
    tree: GroupTree,
    parameter_types: Vec<Arc<ParameterType>>,
}

impl CucumberExpression {
    /// Parses, validates and compiles `expression`, resolving its parameters in `registry`.
    pub fn new(expression: &str, registry: &ParameterTypeRegistry) -> Result<Self, ExpressionError> {
        let ast = parse(expression)?;
        let mut compiler = Compiler { expression, registry, parameter_types: Vec::new() };
        let pattern = compiler.rewrite(&ast)?;
        let regex = Regex::new(&pattern)
            .map_err(|e| ExpressionError::InvalidRegex { pattern: pattern.clone(), reason: e.to_string() })?;
        let tree = GroupTree::from_pattern(&pattern)?;
        Ok(CucumberExpression { source: expression.to_owned(), regex, tree, parameter_types: compiler.parameter_types })
    }

    /// The expression as written.
    pub fn source(&self) -> &str {
        &self.source
    }

    /// The generated regex (anchored with `^…$`).
    pub fn regex(&self) -> &Regex {
        &self.regex
    }

    /// The parameter types of the parameters, in order.
    pub fn parameter_types(&self) -> &[Arc<ParameterType>] {
        &self.parameter_types
    }

    /// The arguments when `text` matches, `None` otherwise.
    pub fn match_text(&self, text: &str) -> Option<Vec<Argument>> {
        Argument::build(&self.regex, &self.tree, text, &self.parameter_types)
    }
}

struct Compiler<'a> {
    expression: &'a str,
    registry: &'a ParameterTypeRegistry,
    parameter_types: Vec<Arc<ParameterType>>,
}

impl Compiler<'_> {
    fn rewrite(&mut self, node: &Node) -> Result<String, ExpressionError> {
        match node.kind {
            NodeType::Text => Ok(escape_regex(&node.text())),
            NodeType::Optional => self.optional(node),
            NodeType::Alternation => self.alternation(node),
            NodeType::Alternative => self.join(&node.nodes, ""),
            NodeType::Parameter => self.parameter(node),
            NodeType::Expression => Ok(format!("^{}$", self.join(&node.nodes, "")?)),
        }
    }

    fn join(&mut self, nodes: &[Node], separator: &str) -> Result<String, ExpressionError> {
        let parts = nodes.iter().map(|n| self.rewrite(n)).collect::<Result<Vec<_>, _>>()?;
        Ok(parts.join(separator))
    }

    fn error(&self, problem: Problem, node: &Node) -> ExpressionError {
        ExpressionError::syntax(problem, self.expression, node.start, node.end)
    }

    fn optional(&mut self, node: &Node) -> Result<String, ExpressionError> {
        if let Some(parameter) = node.nodes.iter().find(|n| n.kind == NodeType::Parameter) {
            return Err(self.error(Problem::ParameterInOptional, parameter));
        }
        if let Some(optional) = node.nodes.iter().find(|n| n.kind == NodeType::Optional) {
            return Err(self.error(Problem::OptionalInOptional, optional));
        }
        if !has_text(node) {
            return Err(self.error(Problem::OptionalEmpty, node));
        }
        Ok(format!("(?:{})?", self.join(&node.nodes, "")?))
    }

    fn alternation(&mut self, node: &Node) -> Result<String, ExpressionError> {
        // Every alternative must hold text of its own: an empty one, or one of optionals only,
        // would let the alternation match nothing.
        for alternative in &node.nodes {
            if alternative.nodes.is_empty() {
                return Err(self.error(Problem::AlternativeEmpty, alternative));
            }
            if !has_text(alternative) {
                return Err(self.error(Problem::AlternativeOnlyOptionals, alternative));
            }
        }
        Ok(format!("(?:{})", self.join(&node.nodes, "|")?))
    }

    fn parameter(&mut self, node: &Node) -> Result<String, ExpressionError> {
        let name = node.text();
        let Some(parameter_type) = self.registry.lookup_by_type_name(&name) else {
            return Err(ExpressionError::undefined(&name, self.expression, node.start, node.end));
        };
        self.parameter_types.push(Arc::clone(parameter_type));
        Ok(match parameter_type.regexps.as_slice() {
            [single] => format!("({single})"),
            many => format!("((?:{}))", many.join(")|(?:")),
        })
    }
}

fn has_text(node: &Node) -> bool {
    node.nodes.iter().any(|n| n.kind == NodeType::Text)
}

/// Escapes the characters that are special in a regex (upstream's list; `/` needs no escape).
fn escape_regex(text: &str) -> String {
    let mut escaped = String::with_capacity(text.len());
    for c in text.chars() {
        if "\\^[({$.|?*+})]".contains(c) {
            escaped.push('\\');
        }
        escaped.push(c);
    }
    escaped
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::expressions::ArgValue;

    fn compile(expression: &str) -> Result<CucumberExpression, ExpressionError> {
        CucumberExpression::new(expression, &ParameterTypeRegistry::new())
    }

    #[test]
    fn string_parameter_unquotes_and_reports_positions() {
        let expression = compile("I say {string} to {int} people").unwrap();
        let args = expression.match_text(r#"I say "hi \"you\"" to 3 people"#).unwrap();
        assert_eq!(args[0].value(), Ok(ArgValue::Str(r#"hi "you""#.into())));
        assert_eq!(args[0].group.start, Some(6));
        assert_eq!(args[0].group.children.len(), 2);
        assert_eq!(args[1].value(), Ok(ArgValue::Int(3)));
        assert_eq!(args[1].parameter_type_name(), Some("int"));
    }

    #[test]
    fn validation_errors_point_at_the_node() {
        let problem = |e: &str| compile(e).unwrap_err().problem();
        assert_eq!(problem("a ()"), Some(Problem::OptionalEmpty));
        assert_eq!(problem("a/(b)"), Some(Problem::AlternativeOnlyOptionals));
        assert_eq!(problem("a//b"), Some(Problem::AlternativeEmpty));
        assert!(
            matches!(compile("{nope}"), Err(ExpressionError::UndefinedParameterType { name, .. }) if name == "nope")
        );
    }

    #[test]
    fn float_needs_digits() {
        let expression = compile("{float}").unwrap();
        for (text, ok) in [("1.5E+3", true), (".5", true), ("-", false), ("1.", false), ("", false), ("1e3", false)] {
            assert_eq!(expression.match_text(text).is_some(), ok, "{text}");
        }
    }
}
