//! Tag expressions against cucumber/tag-expressions' testdata.

use super::Tally;
use ferridriver_steps::tag_expressions::TagExpression;
use serde::Deserialize;
use std::path::Path;

#[derive(Deserialize)]
struct Parsing {
    expression: String,
    formatted: String,
}

#[derive(Deserialize)]
struct Evaluation {
    expression: String,
    tests: Vec<Check>,
}

#[derive(Deserialize)]
struct Check {
    variables: Vec<String>,
    result: bool,
}

#[derive(Deserialize)]
struct Failure {
    expression: String,
    error: String,
}

fn load<T: for<'de> Deserialize<'de>>(root: &Path, file: &str) -> Vec<T> {
    let path = root.join("tag-expressions/testdata").join(file);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    serde_yaml::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// parsing.yml, evaluations.yml (each check counts) and errors.yml.
pub fn all(root: &Path) -> Tally {
    let mut tally = Tally::default();
    for case in load::<Parsing>(root, "parsing.yml") {
        let problems = match TagExpression::parse(&case.expression) {
            Ok(e) if e.to_string() == case.formatted => vec![],
            Ok(e) => vec![format!("formatted as {e:?}, expected {:?}", case.formatted)],
            Err(e) => vec![format!("error {e}")],
        };
        tally.record(&format!("parse {:?}", case.expression), problems);
    }
    for case in load::<Evaluation>(root, "evaluations.yml") {
        let parsed = TagExpression::parse(&case.expression);
        for check in case.tests {
            let problems = match &parsed {
                Ok(e) if e.evaluate(&check.variables) == check.result => vec![],
                Ok(_) => vec![format!("expected {} for {:?}", check.result, check.variables)],
                Err(e) => vec![format!("error {e}")],
            };
            tally.record(&format!("evaluate {:?}", case.expression), problems);
        }
    }
    for case in load::<Failure>(root, "errors.yml") {
        let problems = match TagExpression::parse(&case.expression) {
            Err(e) if e.0 == case.error => vec![],
            Err(e) => vec![format!("error {:?}, expected {:?}", e.0, case.error)],
            Ok(e) => vec![format!("accepted as {e}")],
        };
        tally.record(&format!("error {:?}", case.expression), problems);
    }
    tally
}
