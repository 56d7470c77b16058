//! `bdd_draft_scenario`: the steps that passed in a session since the last draft, written back
//! as a Gherkin scenario an agent can hand over as a feature file.

use ferridriver_messages::{PickleStepArgument, TestStepResultStatus};
use ferridriver_runner::execute::interactive::{keyword_of, StepLine, StepReport};

/// What `bdd_draft_scenario` asks for.
pub struct DraftRequest {
    /// The Feature's name.
    pub feature: Option<String>,
    /// The Scenario's name.
    pub scenario: Option<String>,
    /// Keep the steps for the next draft too.
    pub keep: bool,
}

/// The passed steps of a session, in order.
#[derive(Default)]
pub struct Draft {
    steps: Vec<StepLine>,
}

impl Draft {
    /// Keeps the steps of `reports` that passed.
    pub fn record(&mut self, reports: &[StepReport]) {
        for report in reports {
            if report.status == TestStepResultStatus::Passed {
                if let Some(line) = &report.parsed {
                    self.steps.push(line.clone());
                }
            }
        }
    }

    /// The feature text; forgets the steps unless asked to keep them.
    pub fn render(&mut self, request: &DraftRequest) -> Result<String, String> {
        if self.steps.is_empty() {
            return Err(
                "no step has passed in this session since the last draft; run steps with bdd_run_steps first".into()
            );
        }
        let feature = request.feature.as_deref().unwrap_or("Drafted by an agent");
        let scenario = request.scenario.as_deref().unwrap_or("Drafted scenario");
        let mut out = format!("Feature: {}\n\n  Scenario: {}\n", one_line(feature), one_line(scenario));
        for (i, line) in self.steps.iter().enumerate() {
            let written = line.keyword.trim();
            // A draft must not start with And/But, whatever the first call started with.
            let keyword = if i == 0 && matches!(written, "And" | "But" | "*") {
                keyword_of(line.step.step_type).trim().to_string()
            } else {
                written.to_string()
            };
            out.push_str(&format!("    {keyword} {}\n", line.step.text));
            if let Some(argument) = &line.step.argument {
                render_argument(argument, &mut out);
            }
        }
        if !request.keep {
            self.steps.clear();
        }
        Ok(out)
    }
}

fn one_line(text: &str) -> String {
    text.lines().map(str::trim).collect::<Vec<_>>().join(" ")
}

fn render_argument(argument: &PickleStepArgument, out: &mut String) {
    if let Some(doc) = &argument.doc_string {
        // A doc string holding the usual delimiter takes the other one.
        let fence = if doc.content.contains("\"\"\"") { "```" } else { "\"\"\"" };
        out.push_str(&format!("      {fence}{}\n", doc.media_type.as_deref().unwrap_or("")));
        for l in doc.content.lines() {
            out.push_str(&format!("      {l}\n"));
        }
        out.push_str(&format!("      {fence}\n"));
    }
    if let Some(table) = &argument.data_table {
        let escape = |c: &str| c.replace('\\', "\\\\").replace('|', "\\|").replace('\n', "\\n");
        let rows: Vec<Vec<String>> =
            table.rows.iter().map(|r| r.cells.iter().map(|c| escape(&c.value)).collect()).collect();
        let columns = rows.iter().map(Vec::len).max().unwrap_or(0);
        let widths: Vec<usize> = (0..columns)
            .map(|i| rows.iter().filter_map(|r| r.get(i)).map(|c| c.chars().count()).max().unwrap_or(0))
            .collect();
        for row in rows {
            let cells: Vec<String> = row.iter().enumerate().map(|(i, c)| format!(" {c:<w$} ", w = widths[i])).collect();
            out.push_str(&format!("      |{}|\n", cells.join("|")));
        }
    }
}
