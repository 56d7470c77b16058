//! Conformance with Cucumber's official test data (read from the shared conformance folder,
//! never copied): Gherkin good and bad files, Cucumber expressions, tag expressions.
//! Prints one summary line of pass counts.

#[path = "conformance/gherkin.rs"]
mod gherkin;
#[path = "conformance/locate.rs"]
mod locate;

/// Passed/total of one suite, with what failed.
#[derive(Default)]
pub struct Tally {
    pub passed: usize,
    pub total: usize,
    pub failures: Vec<String>,
}

impl Tally {
    pub fn record(&mut self, case: &str, problems: Vec<String>) {
        self.total += 1;
        if problems.is_empty() {
            self.passed += 1;
        } else {
            self.failures.push(format!("{case}: {}", problems.join("; ")));
        }
    }
}

#[test]
fn official_test_data() {
    let Some(root) = locate::conformance_dir() else { return };
    let suites = [("gherkin good", gherkin::good(&root)), ("gherkin bad", gherkin::bad(&root))];
    let summary: Vec<String> = suites.iter().map(|(n, t)| format!("{n} {}/{}", t.passed, t.total)).collect();
    println!("conformance: {}", summary.join(", "));
    let failures: Vec<String> =
        suites.iter().flat_map(|(n, t)| t.failures.iter().map(move |f| format!("[{n}] {f}"))).collect();
    for f in &failures {
        println!("FAIL {f}");
    }
    assert!(failures.is_empty(), "{} conformance cases failed", failures.len());
}
