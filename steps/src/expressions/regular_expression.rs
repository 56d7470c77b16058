//! Step definitions written as regular expressions.
//!
//! Each top-level capture group becomes an argument; its parameter type is the registered type
//! whose regexp is exactly the group's source (the preferential one when several share it),
//! else an unnamed type returning the text as is. Types are resolved once, when the step
//! definition is created, so an ambiguity is reported at definition time (upstream reports it
//! at the first match; the outcome for a suite is the same error).

use std::sync::Arc;

use regex::Regex;

use super::argument::Argument;
use super::errors::ExpressionError;
use super::group::GroupTree;
use super::parameter_type::ParameterType;
use super::registry::ParameterTypeRegistry;

/// A compiled regular-expression step definition.
#[derive(Debug, Clone)]
pub struct RegularExpression {
    regex: Regex,
    tree: GroupTree,
    parameter_types: Vec<Arc<ParameterType>>,
}

impl RegularExpression {
    /// Compiles `pattern` (Rust `regex` syntax; not anchored unless it says so) and resolves its
    /// capture groups' parameter types in `registry`.
    pub fn new(pattern: &str, registry: &ParameterTypeRegistry) -> Result<Self, ExpressionError> {
        let regex = Regex::new(pattern)
            .map_err(|e| ExpressionError::InvalidRegex { pattern: pattern.to_owned(), reason: e.to_string() })?;
        let tree = GroupTree::from_pattern(pattern)?;
        let parameter_types = tree
            .children
            .iter()
            .map(|group| {
                Ok(registry
                    .lookup_by_regexp(&group.source, pattern)?
                    .unwrap_or_else(|| Arc::new(ParameterType::unnamed(&group.source))))
            })
            .collect::<Result<Vec<_>, ExpressionError>>()?;
        Ok(RegularExpression { regex, tree, parameter_types })
    }

    /// The pattern as written.
    pub fn source(&self) -> &str {
        self.regex.as_str()
    }

    /// The compiled regex.
    pub fn regex(&self) -> &Regex {
        &self.regex
    }

    /// The parameter types of the top-level capture groups, in order.
    pub fn parameter_types(&self) -> &[Arc<ParameterType>] {
        &self.parameter_types
    }

    /// The arguments when `text` matches, `None` otherwise.
    pub fn match_text(&self, text: &str) -> Option<Vec<Argument>> {
        Argument::build(&self.regex, &self.tree, text, &self.parameter_types)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::expressions::ArgValue;

    #[test]
    fn groups_use_registered_types_by_regexp() {
        let expression =
            RegularExpression::new(r"^I have (\d+) cukes? in my (.*)$", &ParameterTypeRegistry::new()).unwrap();
        let args = expression.match_text("I have 7 cukes in my belly").unwrap();
        assert_eq!(args[0].parameter_type_name(), Some("int"));
        assert_eq!(args[0].value(), Ok(ArgValue::Int(7)));
        assert_eq!(args[1].parameter_type_name(), Some(""));
        assert_eq!(args[1].value(), Ok(ArgValue::Str("belly".into())));
    }

    #[test]
    fn unknown_group_regexps_yield_text_or_null() {
        let expression = RegularExpression::new(r"^a( b)?(c)$", &ParameterTypeRegistry::new()).unwrap();
        let args = expression.match_text("ac").unwrap();
        assert_eq!(args[0].parameter_type_name(), None);
        assert_eq!(args[0].value(), Ok(ArgValue::Null));
        assert_eq!(args[1].value(), Ok(ArgValue::Str("c".into())));
    }
}
