//! `bdd_steps`: the project's step definitions as an agent reads them.

use ferridriver_steps::registry::{PatternKind, Registry, RustStep, StepKeyword};
use serde_json::{json, Value};

/// Every step definition (optionally only those containing `filter`), in registry order:
/// built-in and Rust steps first, then JS/TS.
pub fn list_steps(registry: &Registry, filter: Option<&str>) -> Vec<Value> {
    let rust: Vec<&RustStep> = inventory::iter::<RustStep>.into_iter().collect();
    let needle = filter.map(str::to_lowercase).filter(|f| !f.is_empty());
    registry
        .steps
        .iter()
        .filter_map(|step| {
            let known = rust.iter().find(|r| r.pattern == step.pattern && r.line == step.source.line);
            let description = known.and_then(|r| r.description);
            let example = known.and_then(|r| r.example);
            let source = step.source.to_string();
            if let Some(needle) = &needle {
                let haystack = format!("{} {} {}", step.pattern, description.unwrap_or(""), source).to_lowercase();
                if !haystack.contains(needle.as_str()) {
                    return None;
                }
            }
            let keyword = match step.keyword {
                StepKeyword::Given => "Given",
                StepKeyword::When => "When",
                StepKeyword::Then => "Then",
                StepKeyword::Step => "Step",
            };
            let mut entry = json!({
                "keyword": keyword,
                "expression": step.pattern,
                "kind": if step.kind == PatternKind::RegularExpression { "regex" } else { "cucumber" },
                "source": source,
            });
            if let Some(d) = description {
                entry["description"] = json!(d);
            }
            if let Some(e) = example {
                entry["example"] = json!(e);
            }
            Some(entry)
        })
        .collect()
}
