//! Pass counts of one conformance suite.

/// Passed/total of one suite, with what failed.
#[derive(Default)]
pub struct Tally {
    pub passed: usize,
    pub total: usize,
    pub failures: Vec<String>,
}

impl Tally {
    /// Counts one case; it passed when there are no problems.
    pub fn record(&mut self, case: &str, problems: Vec<String>) {
        self.total += 1;
        if problems.is_empty() {
            self.passed += 1;
        } else {
            self.failures.push(format!("{case}: {}", problems.join("; ")));
        }
    }
}
