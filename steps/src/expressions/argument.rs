//! Arguments of a matched step: one per parameter, each a group tree plus its parameter type.

use std::sync::Arc;

use regex::Regex;

use super::group::{Group, GroupTree};
use super::parameter_type::ParameterType;
use super::value::ArgValue;

/// One argument of a step match.
#[derive(Debug, Clone)]
pub struct Argument {
    /// The matched group (with nested groups as children).
    pub group: Group,
    /// The type that transforms it.
    pub parameter_type: Arc<ParameterType>,
}

impl Argument {
    /// The parameter type's name (`Some("")` for `{}`, `None` for a regex group without a
    /// registered type), as reported in `stepMatchArguments`.
    pub fn parameter_type_name(&self) -> Option<&str> {
        self.parameter_type.name.as_deref()
    }

    /// The transformed value, or why the transformer refused the text.
    pub fn value(&self) -> Result<ArgValue, String> {
        self.parameter_type.transform(&self.group.values())
    }

    /// Matches `text` and pairs the top-level capture groups with `parameter_types`. `None`
    /// when the text does not match, or when the counts differ (not possible for trees built
    /// from the same pattern as `regex`, which is how both expression kinds use this).
    pub(crate) fn build(
        regex: &Regex,
        tree: &GroupTree,
        text: &str,
        parameter_types: &[Arc<ParameterType>],
    ) -> Option<Vec<Argument>> {
        let captures = regex.captures(text)?;
        let root = tree.build(&captures, text);
        if root.children.len() != parameter_types.len() {
            return None;
        }
        Some(
            root.children
                .into_iter()
                .zip(parameter_types)
                .map(|(group, parameter_type)| Argument { group, parameter_type: Arc::clone(parameter_type) })
                .collect(),
        )
    }
}
