//! `suggestion` messages: one snippet per Cucumber expression that could define an undefined
//! step (as cucumber-js does), in the language the project's steps are written in.

use super::RunContext;
use ferridriver_messages::{PickleStep, PickleStepType, Snippet, Suggestion};
use ferridriver_steps::expressions::CucumberExpressionGenerator;
use ferridriver_steps::registry::{HookBody, Registry, StepBody};
use ferridriver_steps::snippets::{render, JsInterface, SnippetArgument, SnippetSyntax};

/// The syntax snippets are written in: JavaScript when the project has JS/TS definitions (steps
/// or only hooks, as in a project whose step files are still to be written), in the `style`
/// `snippetInterface` names; Rust otherwise.
pub fn snippet_syntax(registry: &Registry, style: JsInterface) -> SnippetSyntax {
    let js_steps = registry.steps.iter().any(|s| matches!(s.body, StepBody::External(_)));
    let js_hooks = registry.hooks.iter().any(|h| matches!(h.body, HookBody::External(_)));
    if js_steps || js_hooks {
        SnippetSyntax::JavaScript(style)
    } else {
        SnippetSyntax::Rust
    }
}

/// The suggestion for an undefined pickle step.
pub fn suggestion(ctx: &RunContext, registry: &Registry, step: &PickleStep, style: JsInterface) -> Suggestion {
    let language = snippet_syntax(registry, style).language().to_string();
    Suggestion {
        id: ctx.id(),
        pickle_step_id: step.id.clone(),
        snippets: snippets(registry, step, style)
            .into_iter()
            .map(|code| Snippet { language: language.clone(), code })
            .collect(),
    }
}

/// The code of each snippet that could define an undefined step.
pub fn snippets(registry: &Registry, step: &PickleStep, style: JsInterface) -> Vec<String> {
    let syntax = snippet_syntax(registry, style);
    let arguments = SnippetArgument::from_pickle(step.argument.as_ref());
    let keyword = step.step_type.unwrap_or(PickleStepType::Unknown);
    let expressions = CucumberExpressionGenerator::new(&registry.parameter_types).generate_expressions(&step.text);
    expressions.iter().map(|e| render(std::slice::from_ref(e), keyword, &arguments, syntax)).collect()
}
