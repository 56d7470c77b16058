//! The `junit` formatter: one `<testsuite>` with a `<testcase>` per scenario (its last attempt),
//! in the shape of cucumber/junit-xml-formatter, which CI servers read.
//!
//! The XML is written by hand rather than with the `junit-report` crate: that crate always wraps
//! suites in `<testsuites>`, cannot put a failure's stack trace in CDATA on its own lines, and
//! has no `<system-out>` per test case in the layout the reference report uses.
//!
//! Options: `junit.suiteName` (or `suiteName`), default `Cucumber`. Each test case is rendered
//! when it finishes; the report is assembled at the end (its header needs the counts).
//!
//! A scenario that passed on a retry carries one `<flakyFailure>` per failed attempt before it,
//! as Maven Surefire writes them and Jenkins and GitLab read them (ADR 0021; the reference
//! formatter has no such element).

use crate::naming::long_name;
use crate::query::{canonical_key, elapsed, pickle_step, test_step, Attempt, Index};
use crate::theme::status_name;
use crate::xml;
use crate::{Output, Reporter};
use ferridriver_messages::{Envelope, Pickle, TestCase, TestStepResultStatus as Status, Timestamp};
use serde_json::Value;
use std::io::Write;

/// One rendered `<testcase>` and what the suite header needs from it.
struct Case {
    key: (String, Option<(u32, u32)>),
    status: Status,
    xml: String,
}

/// Collects rendered test cases and writes the report at the end.
pub struct JunitReporter {
    out: Output,
    index: Index,
    suite_name: String,
    cases: Vec<Case>,
    /// The failures of attempts that were retried, by test case: `(type, message, detail)`.
    retried: std::collections::HashMap<String, Vec<(String, String, String)>>,
    written: bool,
}

impl JunitReporter {
    /// A JUnit reporter writing to `out`.
    pub fn new(out: Output, options: &Value) -> Self {
        let suite_name = options
            .pointer("/junit/suiteName")
            .or(options.get("suiteName"))
            .and_then(Value::as_str)
            .unwrap_or("Cucumber")
            .to_string();
        JunitReporter {
            out,
            index: Index::new(false),
            suite_name,
            cases: Vec::new(),
            retried: std::collections::HashMap::new(),
            written: false,
        }
    }

    fn render_case(&self, attempt: &Attempt, tc: &TestCase, pickle: &Pickle) -> Case {
        let lineage = self.index.lineage(pickle);
        let classname = lineage.feature.map_or(pickle.uri.as_str(), |(_, f)| f.name.as_str());
        let name = long_name(&lineage, pickle);
        let time = attempt.finished_at.map_or(0.0, |end| seconds(elapsed(attempt.started_at, end)));
        let mut out = format!(
            "<testcase classname=\"{}\" name=\"{}\" time=\"{}\">\n",
            xml::attribute(classname),
            xml::attribute(&name),
            java_double(time)
        );
        let status = attempt.status();
        if let (false, Some(result)) = (status == Status::Passed, attempt.worst_result()) {
            let element = if status == Status::Skipped { "skipped" } else { "failure" };
            let exception = result.exception.as_ref();
            let mut attributes = String::new();
            if status != Status::Skipped {
                if let Some(e) = exception {
                    attributes.push_str(&format!(" type=\"{}\"", xml::attribute(&e.exception_type)));
                    if let Some(m) = &e.message {
                        attributes.push_str(&format!(" message=\"{}\"", xml::attribute(m)));
                    }
                }
            }
            // Older producers put the stack trace in the message: fall back to it.
            let detail = exception.and_then(|e| e.stack_trace.as_deref()).or(result.message.as_deref());
            match detail {
                Some(text) => {
                    out.push_str(&format!("<{element}{attributes}>\n{}\n</{element}>\n", xml::cdata(text)));
                }
                None => out.push_str(&format!("<{element}{attributes}/>\n")),
            }
        }
        if status == Status::Passed {
            for (kind, message, detail) in self.retried.get(&tc.id).into_iter().flatten() {
                out.push_str(&format!(
                    "<flakyFailure type=\"{}\" message=\"{}\">\n<stackTrace>{}</stackTrace>\n</flakyFailure>\n",
                    xml::attribute(kind),
                    xml::attribute(message),
                    xml::cdata(detail)
                ));
            }
        }
        let mut steps = String::new();
        for (step_id, result) in &attempt.results {
            let Some(ps) =
                test_step(tc, step_id).and_then(|s| s.pickle_step_id.as_deref()).and_then(|id| pickle_step(pickle, id))
            else {
                continue; // hooks are not listed
            };
            let text = format!("{}{}", self.index.step_keyword(ps).unwrap_or(""), ps.text);
            let dots = ".".repeat(2 + 74usize.saturating_sub(text.encode_utf16().count()));
            steps.push_str(&format!("{text}{dots}{}\n", status_name(result.status)));
        }
        if !steps.is_empty() {
            out.push_str(&format!("<system-out>{}</system-out>\n", xml::cdata(&format!("\n{steps}"))));
        }
        out.push_str("</testcase>\n");
        Case { key: canonical_key(pickle), status, xml: out }
    }

    fn write_report(&mut self) -> std::io::Result<()> {
        if self.written {
            return Ok(());
        }
        self.written = true;
        self.cases.sort_by(|a, b| a.key.cmp(&b.key));
        let skipped = self.cases.iter().filter(|c| c.status == Status::Skipped).count();
        let failures = self.cases.iter().filter(|c| c.status != Status::Skipped && c.status != Status::Passed).count();
        let time = match (self.index.run_started, &self.index.run_finished) {
            (Some(start), Some(end)) => seconds(elapsed(start, end.timestamp)),
            _ => 0.0,
        };
        let mut header = format!(
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuite name=\"{}\" time=\"{}\" tests=\"{}\" skipped=\"{skipped}\" failures=\"{failures}\" errors=\"0\"",
            xml::attribute(&self.suite_name),
            java_double(time),
            self.cases.len()
        );
        if let Some(start) = self.index.run_started {
            header.push_str(&format!(" timestamp=\"{}\"", iso_instant(start)));
        }
        header.push_str(">\n");
        self.out.write_all(header.as_bytes())?;
        for case in &self.cases {
            self.out.write_all(case.xml.as_bytes())?;
        }
        self.out.write_all(b"</testsuite>\n")
    }
}

impl Reporter for JunitReporter {
    fn on_envelope(&mut self, envelope: &Envelope) -> std::io::Result<()> {
        self.index.update(envelope);
        if let Envelope::TestCaseFinished(f) = envelope {
            if let Some((attempt, tc, pickle)) = self.index.attempt_context(&f.test_case_started_id) {
                if !attempt.will_be_retried {
                    let case = self.render_case(attempt, tc, pickle);
                    self.retried.remove(&tc.id);
                    self.cases.push(case);
                } else if let Some(result) = attempt.worst_result() {
                    let exception = result.exception.as_ref();
                    let kind = exception.map_or("Error", |e| e.exception_type.as_str()).to_string();
                    let message =
                        exception.and_then(|e| e.message.clone()).or(result.message.clone()).unwrap_or_default();
                    let detail = exception.and_then(|e| e.stack_trace.clone()).unwrap_or_else(|| message.clone());
                    self.retried.entry(tc.id.clone()).or_default().push((kind, message, detail));
                }
            }
            self.index.forget(&f.test_case_started_id);
        }
        Ok(())
    }

    fn finish(&mut self) -> std::io::Result<()> {
        self.write_report()?;
        self.out.commit()
    }
}

fn seconds(duration: std::time::Duration) -> f64 {
    duration.as_millis() as f64 / 1000.0
}

/// A number as Java prints a double (`0.0`, `0.049`, `12.5`), the reference report's format.
fn java_double(value: f64) -> String {
    if value.fract() == 0.0 {
        format!("{value:.1}")
    } else {
        format!("{value}")
    }
}

/// An ISO-8601 UTC instant (`1970-01-01T00:00:00Z`, fractions only when non-zero).
pub fn iso_instant(t: Timestamp) -> String {
    let days = t.seconds.div_euclid(86_400);
    let secs = t.seconds.rem_euclid(86_400);
    // Days to civil date (Howard Hinnant's algorithm).
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    let (h, m, s) = (secs / 3600, secs / 60 % 60, secs % 60);
    let mut text = format!("{year:04}-{month:02}-{day:02}T{h:02}:{m:02}:{s:02}");
    if t.nanos > 0 && t.nanos < 1_000_000_000 {
        // Whole groups of three digits, as java.time prints them.
        let digits = if t.nanos % 1_000_000 == 0 {
            3
        } else if t.nanos % 1000 == 0 {
            6
        } else {
            9
        };
        text.push('.');
        text.push_str(&format!("{:09}", t.nanos)[..digits]);
    }
    text.push('Z');
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formats_instants_and_doubles() {
        assert_eq!(iso_instant(Timestamp { seconds: 0, nanos: 0 }), "1970-01-01T00:00:00Z");
        assert_eq!(iso_instant(Timestamp { seconds: 1_700_000_000, nanos: 5_000_000 }), "2023-11-14T22:13:20.005Z");
        assert_eq!(java_double(0.0), "0.0");
        assert_eq!(java_double(0.049), "0.049");
    }
}
