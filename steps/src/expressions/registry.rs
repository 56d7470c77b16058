//! The parameter-type registry: built-ins plus custom types, found by name (Cucumber
//! Expressions) or by regexp (capture groups of Regular Expressions).

use std::collections::HashMap;
use std::sync::Arc;

use super::errors::ExpressionError;
use super::parameter_type::{BuiltIn, ParameterType};

const INTEGER: &[&str] = &[r"-?\d+", r"\d+"];
/// Upstream's float regexp is `(?=.*\d.*)[-+]?\d*(?:\.(?=\d.*))?\d*(?:\d+[E][+-]?\d+)?`. The
/// `regex` crate has no look-around, so this spells out the same language: an optional sign,
/// then digits with an optional fraction or a bare fraction (a `.` must be followed by a
/// digit), then an optional upper-case exponent (always preceded by a digit). One quirk is not
/// reproduced: upstream's first look-ahead scans the rest of the *text*, so it can match an
/// empty or sign-only float when a digit appears later in the step; this one needs a digit in
/// the number itself.
const FLOAT: &[&str] = &[r"[-+]?(?:\d+(?:\.\d+)?|\.\d+)(?:E[-+]?\d+)?"];
const WORD: &[&str] = &[r"[^\s]+"];
const STRING: &[&str] = &[r#""([^"\\]*(\\.[^"\\]*)*)"|'([^'\\]*(\\.[^'\\]*)*)'"#];
const ANONYMOUS: &[&str] = &[r".*"];

/// Parameter types by name and by regexp.
#[derive(Debug, Clone)]
pub struct ParameterTypeRegistry {
    /// Definition order, for listing.
    all: Vec<Arc<ParameterType>>,
    by_name: HashMap<String, Arc<ParameterType>>,
    /// Per regexp: preferential type first, then by name (upstream's order).
    by_regexp: HashMap<String, Vec<Arc<ParameterType>>>,
}

impl Default for ParameterTypeRegistry {
    fn default() -> Self {
        Self::new()
    }
}

impl ParameterTypeRegistry {
    /// A registry holding the built-in types: `{int} {float} {word} {string} {}` and
    /// `{double} {bigdecimal} {byte} {short} {long} {biginteger}`.
    pub fn new() -> Self {
        let mut registry =
            ParameterTypeRegistry { all: Vec::new(), by_name: HashMap::new(), by_regexp: HashMap::new() };
        let built_ins = [
            ParameterType::built_in("int", INTEGER, BuiltIn::Int, true, true),
            ParameterType::built_in("float", FLOAT, BuiltIn::Float, true, false),
            ParameterType::built_in("word", WORD, BuiltIn::Identity, false, false),
            ParameterType::built_in("string", STRING, BuiltIn::QuotedString, true, false),
            ParameterType::built_in("", ANONYMOUS, BuiltIn::Identity, false, true),
            ParameterType::built_in("double", FLOAT, BuiltIn::Float, false, false),
            ParameterType::built_in("bigdecimal", FLOAT, BuiltIn::BigDecimal, false, false),
            ParameterType::built_in("byte", INTEGER, BuiltIn::Byte, false, false),
            ParameterType::built_in("short", INTEGER, BuiltIn::Short, false, false),
            ParameterType::built_in("long", INTEGER, BuiltIn::Long, false, false),
            ParameterType::built_in("biginteger", INTEGER, BuiltIn::BigInteger, false, false),
        ];
        for parameter_type in built_ins {
            // The built-ins are distinct and valid; a failure here would be a bug in the table
            // above, which the unit tests catch, so ignoring it cannot hide a user error.
            let _ = registry.define(parameter_type);
        }
        registry
    }

    /// Adds a parameter type. Fails on a taken name, on a regexp that does not compile, and when
    /// it and an existing type are both preferential for the same regexp.
    pub fn define(&mut self, parameter_type: ParameterType) -> Result<Arc<ParameterType>, ExpressionError> {
        if let Some(name) = &parameter_type.name {
            if self.by_name.contains_key(name) {
                return Err(if name.is_empty() {
                    ExpressionError::DuplicateAnonymousParameterType
                } else {
                    ExpressionError::DuplicateParameterType(name.clone())
                });
            }
        }
        for regexp in &parameter_type.regexps {
            // Fail at definition rather than when an expression using it is compiled.
            regex::Regex::new(regexp)
                .map_err(|e| ExpressionError::InvalidRegex { pattern: regexp.clone(), reason: e.to_string() })?;
            if parameter_type.prefer_for_regexp_match {
                if let Some(existing) =
                    self.by_regexp.get(regexp).and_then(|v| v.first()).filter(|t| t.prefer_for_regexp_match)
                {
                    return Err(ExpressionError::PreferentialConflict {
                        regexp: regexp.clone(),
                        existing: existing.name.clone().unwrap_or_default(),
                        added: parameter_type.name.clone().unwrap_or_default(),
                    });
                }
            }
        }
        let parameter_type = Arc::new(parameter_type);
        if let Some(name) = &parameter_type.name {
            self.by_name.insert(name.clone(), Arc::clone(&parameter_type));
        }
        for regexp in &parameter_type.regexps {
            let list = self.by_regexp.entry(regexp.clone()).or_default();
            if !list.iter().any(|t| Arc::ptr_eq(t, &parameter_type)) {
                list.push(Arc::clone(&parameter_type));
                list.sort_by(|a, b| {
                    b.prefer_for_regexp_match.cmp(&a.prefer_for_regexp_match).then_with(|| a.name.cmp(&b.name))
                });
            }
        }
        self.all.push(Arc::clone(&parameter_type));
        Ok(parameter_type)
    }

    /// The type called `name` (`""` for the anonymous one).
    pub fn lookup_by_type_name(&self, name: &str) -> Option<&Arc<ParameterType>> {
        self.by_name.get(name)
    }

    /// The type a regex capture group with source `regexp` stands for: `Ok(None)` when no type
    /// has that regexp, an ambiguity error when several do and none is preferential.
    /// `expression_regexp` (the step definition's regex) is only used in that error.
    pub fn lookup_by_regexp(
        &self,
        regexp: &str,
        expression_regexp: &str,
    ) -> Result<Option<Arc<ParameterType>>, ExpressionError> {
        let Some(candidates) = self.by_regexp.get(regexp) else { return Ok(None) };
        match candidates.first() {
            Some(first) if candidates.len() > 1 && !first.prefer_for_regexp_match => Err(ExpressionError::ambiguous(
                regexp,
                expression_regexp,
                candidates.iter().map(|t| t.name.clone().unwrap_or_default()).collect(),
            )),
            first => Ok(first.cloned()),
        }
    }

    /// All types in definition order, built-ins first.
    pub fn parameter_types(&self) -> impl Iterator<Item = &Arc<ParameterType>> {
        self.all.iter()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::expressions::Transformer;

    #[test]
    fn built_ins_are_all_registered() {
        let registry = ParameterTypeRegistry::new();
        assert_eq!(registry.parameter_types().count(), 11);
        for name in
            ["int", "float", "word", "string", "", "double", "bigdecimal", "byte", "short", "long", "biginteger"]
        {
            assert!(registry.lookup_by_type_name(name).is_some(), "{name}");
        }
    }

    #[test]
    fn regexp_lookup_prefers_the_preferential_type() {
        let registry = ParameterTypeRegistry::new();
        let found = registry.lookup_by_regexp(r"\d+", "").unwrap().unwrap();
        assert_eq!(found.name.as_deref(), Some("int"));
        assert!(registry.lookup_by_regexp(FLOAT[0], "x").is_err());
        assert!(registry.lookup_by_regexp("nothing", "").unwrap().is_none());
    }

    #[test]
    fn conflicts_are_refused() {
        let mut registry = ParameterTypeRegistry::new();
        let custom =
            |name: &str| ParameterType::new(name, vec![r"\d+".into()], Transformer::External("f".into())).unwrap();
        assert_eq!(registry.define(custom("int")).unwrap_err(), ExpressionError::DuplicateParameterType("int".into()));
        let err = registry.define(custom("number").with_prefer_for_regexp_match(true)).unwrap_err();
        assert_eq!(
            err.to_string(),
            r"There can only be one preferential parameter type per regexp. The regexp /\d+/ is used for two preferential parameter types, {int} and {number}"
        );
        assert!(registry.define(custom("number")).is_ok());
        let bad = ParameterType::new("bad", vec!["(".into()], Transformer::External("f".into())).unwrap();
        assert!(matches!(registry.define(bad), Err(ExpressionError::InvalidRegex { .. })));
    }
}
