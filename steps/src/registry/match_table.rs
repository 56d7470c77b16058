//! The match table: which step definitions match a step text. A `RegexSet` over every
//! definition's regex finds the candidates in one pass; only those are matched for arguments.

use super::StepDefinition;
use crate::expressions::Argument;
use regex::RegexSet;

/// The result of matching one step text.
#[derive(Debug)]
pub enum StepMatch {
    Undefined,
    /// Exactly one definition (index into the registry's steps) with its arguments.
    Matched(usize, Vec<Argument>),
    /// Several definitions match: the step is ambiguous. Each with its arguments. Built-in
    /// definitions only count when no user definition matches.
    Ambiguous(Vec<(usize, Vec<Argument>)>),
}

/// Built once from the registry, shared read-only by every worker.
pub struct MatchTable {
    set: Option<RegexSet>,
}

impl MatchTable {
    /// Indexes `steps`. If the set cannot be built (size limits), matching falls back to trying
    /// every definition.
    pub fn new(steps: &[StepDefinition]) -> MatchTable {
        let set = RegexSet::new(steps.iter().map(|s| s.expression.regex().as_str())).ok();
        MatchTable { set }
    }

    /// Matches `text` against `steps` (the same slice the table was built from).
    pub fn find(&self, steps: &[StepDefinition], text: &str) -> StepMatch {
        let candidates: Vec<usize> = match &self.set {
            Some(set) => set.matches(text).into_iter().collect(),
            None => (0..steps.len()).collect(),
        };
        let mut found: Vec<(usize, Vec<Argument>)> = candidates
            .into_iter()
            .filter_map(|i| steps.get(i).and_then(|s| s.expression.match_text(text)).map(|args| (i, args)))
            .collect();
        // A user definition shadows the built-in library: users migrating a suite define the
        // common phrases themselves, and theirs must win rather than make the step ambiguous.
        if found.len() > 1 && found.iter().any(|(i, _)| !steps[*i].builtin) {
            found.retain(|(i, _)| !steps[*i].builtin);
        }
        match found.len() {
            0 => StepMatch::Undefined,
            1 => {
                let (i, args) = found.remove(0);
                StepMatch::Matched(i, args)
            }
            _ => StepMatch::Ambiguous(found),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::registry::{PatternKind, Registry, SourceLocation, StepBody, StepKeyword};
    use ferridriver_messages::IdGenerator;
    use std::sync::Arc;

    fn noop<'a>(_: &'a mut crate::registry::World, _: crate::registry::Invocation) -> crate::registry::StepFuture<'a> {
        Box::pin(async { Ok(crate::registry::StepOutcome::Passed) })
    }

    fn registry(patterns: &[(&str, PatternKind)]) -> Registry {
        let mut r = Registry::new(Arc::new(IdGenerator::incrementing()));
        for (i, (p, k)) in patterns.iter().enumerate() {
            r.add_step(
                StepKeyword::Given,
                p,
                *k,
                SourceLocation { uri: "steps.rs".into(), line: i as u32 + 1 },
                StepBody::Rust(noop),
                None,
            );
        }
        r
    }

    #[test]
    fn finds_single_ambiguous_and_undefined() {
        let r = registry(&[
            ("I have {int} cukes", PatternKind::CucumberExpression),
            ("^I have (\\d+) (cukes|gherkins)$", PatternKind::RegularExpression),
            ("a {word} day", PatternKind::CucumberExpression),
        ]);
        let table = MatchTable::new(&r.steps);
        assert!(matches!(table.find(&r.steps, "a sunny day"), StepMatch::Matched(2, _)));
        assert!(matches!(table.find(&r.steps, "I have 3 gherkins"), StepMatch::Matched(1, _)));
        match table.find(&r.steps, "I have 3 cukes") {
            StepMatch::Ambiguous(m) => assert_eq!(m.iter().map(|(i, _)| *i).collect::<Vec<_>>(), vec![0, 1]),
            other => panic!("expected ambiguity, got {other:?}"),
        }
        assert!(matches!(table.find(&r.steps, "nothing"), StepMatch::Undefined));
    }

    #[test]
    fn user_definitions_shadow_builtin_ones_but_not_each_other() {
        let mut r = registry(&[
            ("I open {string}", PatternKind::CucumberExpression),
            ("I open {string}", PatternKind::CucumberExpression),
            ("^I open \"([^\"]*)\"$", PatternKind::RegularExpression),
            ("I click {string}", PatternKind::CucumberExpression),
        ]);
        r.steps[0].builtin = true;
        r.steps[3].builtin = true;
        let table = MatchTable::new(&r.steps);
        match table.find(&r.steps, "I open \"/\"") {
            StepMatch::Ambiguous(m) => {
                assert_eq!(m.iter().map(|(i, _)| *i).collect::<Vec<_>>(), vec![1, 2], "the built-in one drops out")
            }
            other => panic!("two user definitions stay ambiguous, got {other:?}"),
        }
        r.steps.remove(2);
        let table = MatchTable::new(&r.steps);
        assert!(matches!(table.find(&r.steps, "I open \"/\""), StepMatch::Matched(1, _)), "the user step wins");
        assert!(matches!(table.find(&r.steps, "I click \"Go\""), StepMatch::Matched(2, _)), "built-ins still match");
    }

    #[test]
    fn unknown_parameter_types_are_recorded_not_fatal() {
        let r =
            registry(&[("a {colour} car", PatternKind::CucumberExpression), ("ok", PatternKind::CucumberExpression)]);
        assert_eq!(r.steps.len(), 1);
        assert_eq!(r.undefined_parameter_types, vec![("a {colour} car".to_string(), "colour".to_string())]);
    }
}

#[cfg(test)]
mod hook_order_tests {
    use crate::registry::{HookBody, HookKind, Registry, SourceLocation, StepOutcome, World};
    use ferridriver_messages::IdGenerator;
    use std::sync::Arc;

    fn noop<'a>(_: &'a mut World) -> crate::registry::StepFuture<'a> {
        Box::pin(async { Ok(StepOutcome::Passed) })
    }

    #[test]
    fn hooks_run_by_order_before_forward_after_backward_and_filter_by_tags() {
        let mut r = Registry::new(Arc::new(IdGenerator::incrementing()));
        let at = |line| SourceLocation { uri: "hooks.rs".into(), line };
        for (name, kind, tags, order, line) in [
            ("b1", HookKind::Before, None, 0, 1),
            ("b2", HookKind::Before, Some("@db"), -1, 2),
            ("b3", HookKind::Before, None, 5, 3),
            ("a1", HookKind::After, None, 0, 4),
            ("a2", HookKind::After, None, 0, 5),
        ] {
            r.add_hook(kind, Some(name.into()), tags, order, at(line), HookBody::Rust(noop), None);
        }
        let names = |kind| r.hooks_of(kind).iter().map(|h| h.name.clone().unwrap()).collect::<Vec<_>>();
        assert_eq!(names(HookKind::Before), vec!["b2", "b1", "b3"]);
        assert_eq!(names(HookKind::After), vec!["a2", "a1"], "After hooks run in reverse definition order");
        let db = r.hooks_of(HookKind::Before).into_iter().find(|h| h.name.as_deref() == Some("b2")).unwrap();
        assert!(db.applies_to(&["@db"]) && !db.applies_to(&["@ui"]));
        r.add_hook(HookKind::Before, None, Some("@a and"), 0, at(9), HookBody::Rust(noop), None);
        assert!(r.errors[0].to_string().starts_with("hooks.rs:9: Tag expression \"@a and\""), "{}", r.errors[0]);
    }
}
