//! Either kind of step-definition expression behind one type.

use std::sync::Arc;

use super::argument::Argument;
use super::cucumber_expression::CucumberExpression;
use super::parameter_type::ParameterType;
use super::regular_expression::RegularExpression;

/// A step definition's pattern: a Cucumber Expression or a regular expression. Which one is the
/// definer's choice (upstream: a string is a Cucumber Expression, a `RegExp` a regular one).
#[derive(Debug, Clone)]
pub enum Expression {
    /// A Cucumber Expression.
    Cucumber(CucumberExpression),
    /// A regular expression.
    Regular(RegularExpression),
}

impl Expression {
    /// The pattern as written.
    pub fn source(&self) -> &str {
        match self {
            Expression::Cucumber(e) => e.source(),
            Expression::Regular(e) => e.source(),
        }
    }

    /// The compiled regular expression (anchored) the pattern matches with.
    pub fn regex(&self) -> &regex::Regex {
        match self {
            Expression::Cucumber(e) => e.regex(),
            Expression::Regular(e) => e.regex(),
        }
    }

    /// The parameter types, in argument order.
    pub fn parameter_types(&self) -> &[Arc<ParameterType>] {
        match self {
            Expression::Cucumber(e) => e.parameter_types(),
            Expression::Regular(e) => e.parameter_types(),
        }
    }

    /// The arguments when `text` matches, `None` otherwise.
    pub fn match_text(&self, text: &str) -> Option<Vec<Argument>> {
        match self {
            Expression::Cucumber(e) => e.match_text(text),
            Expression::Regular(e) => e.match_text(text),
        }
    }
}
