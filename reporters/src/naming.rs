//! Test names for reports that need one flat name per scenario (JUnit): the rule, scenario,
//! examples and example number joined by " - ", as cucumber/query's long naming strategy does
//! with feature names excluded and pickle names added when the outline is parameterised.

use crate::gherkin::Lineage;
use ferridriver_messages::Pickle;

/// The long name of a pickle.
pub fn long_name(lineage: &Lineage<'_>, pickle: &Pickle) -> String {
    let Some(scenario) = lineage.scenario else { return pickle.name.clone() };
    let mut parts: Vec<String> = Vec::with_capacity(4);
    if let Some((_, rule)) = lineage.rule {
        parts.push(rule.name.clone());
    }
    parts.push(scenario.name.clone());
    if let Some(row) = lineage.row {
        parts.push(row.examples_name.clone());
        let number = format!("#{}.{}", row.examples_index + 1, row.row_index + 1);
        // A parameterised outline name differs from the pickle's: show the pickle's too.
        if scenario.name != pickle.name {
            parts.push(format!("{number}: {}", pickle.name));
        } else {
            parts.push(number);
        }
    }
    parts.retain(|p| !p.is_empty());
    parts.join(" - ")
}
