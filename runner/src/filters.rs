//! Which pickles run: `PATH:LINE`, `--tags` and `--name`, all of which must agree, then
//! `--shard` over what they selected.

use ferridriver_messages::{GherkinDocument, Pickle};
use ferridriver_steps::tag_expressions::TagExpression;
use regex::Regex;
use std::collections::HashMap;

/// The pickle filters of one run.
#[derive(Debug, Default, Clone)]
pub struct PickleFilter {
    pub tags: Option<TagExpression>,
    pub names: Vec<Regex>,
    /// Keeps every `total`-th selected pickle (by position in defined order). Applied while
    /// loading, so a shard's message stream holds only its own pickles, as cucumber-js's.
    pub shard: Option<crate::execute::Shard>,
    /// Only pickles with these content keys ([`pickle_key`]): what watch mode re-runs.
    pub only: Option<std::sync::Arc<std::collections::HashSet<u64>>>,
    /// How many times each selected pickle runs (`--repeat-each`; 0 and 1 mean once).
    pub repeat_each: u32,
}

impl PickleFilter {
    /// Whether a pickle passes the tag and name filters.
    pub fn accepts(&self, pickle: &Pickle) -> bool {
        let tags: Vec<&str> = pickle.tags.iter().map(|t| t.name.as_str()).collect();
        self.tags.as_ref().is_none_or(|e| e.evaluate(&tags))
            && (self.names.is_empty() || self.names.iter().any(|r| r.is_match(&pickle.name)))
            && self.only.as_ref().is_none_or(|keys| keys.contains(&pickle_key(pickle)))
    }
}

/// What a pickle is, independent of ids and lines: its file, name, language, tags and steps
/// (text, type and argument; background steps included). Editing a scenario or its background
/// changes the key; moving it within the file does not.
pub fn pickle_key(pickle: &Pickle) -> u64 {
    use std::hash::{Hash, Hasher};
    let mut h = std::collections::hash_map::DefaultHasher::new();
    (&pickle.uri, &pickle.name, &pickle.language).hash(&mut h);
    for tag in &pickle.tags {
        tag.name.hash(&mut h);
    }
    for step in &pickle.steps {
        step.text.hash(&mut h);
        format!("{:?}", step.step_type).hash(&mut h);
        serde_json::to_string(&step.argument).unwrap_or_default().hash(&mut h);
    }
    h.finish()
}

/// Whether a pickle is selected by `lines` of a `PATH:LINE` argument: a line selects the
/// scenario, rule or feature it names, an `Examples:` line selects its rows, a row selects itself.
pub fn selected_by_lines(pickle: &Pickle, document: &GherkinDocument, lines: &[u32]) -> bool {
    if lines.is_empty() {
        return true;
    }
    let lines_of = ast_lines(document);
    pickle
        .ast_node_ids
        .iter()
        .any(|id| lines_of.get(id.as_str()).is_some_and(|ls| ls.iter().any(|l| lines.contains(l))))
}

/// For each scenario and examples-row id: the source lines that select it.
fn ast_lines(document: &GherkinDocument) -> HashMap<&str, Vec<u32>> {
    let mut map: HashMap<&str, Vec<u32>> = HashMap::new();
    let Some(feature) = &document.feature else { return map };
    let feature_line = [feature.location.line];
    for child in &feature.children {
        if let Some(s) = &child.scenario {
            add_scenario(s, &feature_line, &mut map);
        }
        if let Some(r) = &child.rule {
            for rc in &r.children {
                if let Some(s) = &rc.scenario {
                    add_scenario(s, &[feature.location.line, r.location.line], &mut map);
                }
            }
        }
    }
    map
}

fn add_scenario<'a>(s: &'a ferridriver_messages::Scenario, parents: &[u32], map: &mut HashMap<&'a str, Vec<u32>>) {
    let mut own = parents.to_vec();
    own.push(s.location.line);
    map.insert(s.id.as_str(), own);
    for ex in &s.examples {
        for row in &ex.table_body {
            map.insert(row.id.as_str(), vec![ex.location.line, row.location.line]);
        }
    }
}
