//! The `json` formatter: the legacy Cucumber JSON report as cucumber-js writes it (features,
//! their scenarios, steps with results), valid against the `cucumber-js` JSON schema.
//!
//! Deviations from cucumber-js, all forced by that schema: `ambiguous` results are reported as
//! `failed` (with the candidates in `error_message`), `unknown` as `undefined`, and attachments
//! are not embedded (the schema has no `embeddings`). Scenarios are converted to JSON when they
//! finish; the document is written at the end, as the format is one array.

use crate::query::{format_source_reference, pickle_step, Attempt, Index};
use crate::{Output, Reporter};
use ferridriver_messages::{Envelope, Pickle, TestCase, TestStep, TestStepResult, TestStepResultStatus as Status};
use serde_json::{json, Map, Value};
use std::collections::HashMap;
use std::io::Write;

/// One feature file's entry, filled as its scenarios finish.
struct FeatureEntry {
    header: Map<String, Value>,
    elements: Vec<Value>,
}

/// Collects scenario elements per feature and writes the array at the end.
pub struct JsonReporter {
    out: Output,
    index: Index,
    features: Vec<FeatureEntry>,
    feature_by_uri: HashMap<String, usize>,
    written: bool,
}

impl JsonReporter {
    /// A JSON reporter writing to `out` (it reads no options).
    pub fn new(out: Output, _options: &Value) -> Self {
        JsonReporter {
            out,
            index: Index::new(false),
            features: Vec::new(),
            feature_by_uri: HashMap::new(),
            written: false,
        }
    }

    fn add_attempt(&self, attempt: &Attempt, tc: &TestCase, pickle: &Pickle) -> (String, Map<String, Value>, Value) {
        let lineage = self.index.lineage(pickle);
        let feature_name = lineage.feature.map_or("", |(_, f)| f.name.as_str());
        let mut header = Map::new();
        if let Some((_, f)) = lineage.feature {
            header.insert("description".into(), json!(f.description));
            header.insert("id".into(), json!(slug(&f.name)));
            header.insert("line".into(), json!(f.line));
            header.insert("keyword".into(), json!(f.keyword));
            header.insert("name".into(), json!(f.name));
            let tags: Vec<Value> = f.tags.iter().map(|t| json!({"name": t.name, "line": t.line})).collect();
            header.insert("tags".into(), Value::Array(tags));
        } else {
            header.insert("description".into(), json!(""));
            header.insert("id".into(), json!(slug(&pickle.uri)));
            header.insert("line".into(), json!(1));
            header.insert("keyword".into(), json!("Feature"));
            header.insert("name".into(), json!(""));
            header.insert("tags".into(), json!([]));
        }
        header.insert("uri".into(), json!(pickle.uri));

        let mut id_parts = vec![slug(feature_name)];
        if let Some((_, rule)) = lineage.rule {
            id_parts.push(slug(&rule.name));
        }
        id_parts.push(slug(&pickle.name));
        let tags: Vec<Value> = pickle
            .tags
            .iter()
            .map(|t| json!({"name": t.name, "line": self.index.gherkin.tag_line(&t.ast_node_id).unwrap_or(0)}))
            .collect();
        let mut before = true;
        let steps: Vec<Value> = tc
            .test_steps
            .iter()
            .map(|step| {
                before = before && step.pickle_step_id.is_none();
                self.step(step, attempt.result_of(&step.id), pickle, before)
            })
            .collect();
        let element = json!({
            "description": lineage.scenario.map_or("", |s| s.description.as_str()),
            "id": id_parts.join(";"),
            "keyword": lineage.scenario.map_or("Scenario", |s| s.keyword.as_str()),
            "line": lineage.scenario.map(|s| s.line).or(pickle.location.map(|l| l.line)).unwrap_or(0),
            "name": pickle.name,
            "steps": steps,
            "tags": tags,
            "type": "scenario",
        });
        (pickle.uri.clone(), header, element)
    }

    fn step(&self, step: &TestStep, result: Option<&TestStepResult>, pickle: &Pickle, before: bool) -> Value {
        let mut data = Map::new();
        match step.pickle_step_id.as_deref().and_then(|id| pickle_step(pickle, id)) {
            Some(ps) => {
                let node = ps.ast_node_ids.first().and_then(|id| self.index.gherkin.step(id));
                let mut arguments = Vec::new();
                if let Some(argument) = &ps.argument {
                    if let Some(table) = &argument.data_table {
                        let rows: Vec<Value> = table
                            .rows
                            .iter()
                            .map(|r| json!({"cells": r.cells.iter().map(|c| c.value.as_str()).collect::<Vec<_>>()}))
                            .collect();
                        arguments.push(json!({ "rows": rows }));
                    } else if let Some(doc) = &argument.doc_string {
                        let line = node.and_then(|n| n.doc_string_line).unwrap_or(0);
                        arguments.push(json!({"content": doc.content, "line": line}));
                    }
                }
                data.insert("arguments".into(), Value::Array(arguments));
                data.insert("keyword".into(), json!(node.map_or("", |n| n.keyword.as_str())));
                data.insert("line".into(), json!(node.map_or(0, |n| n.line)));
                data.insert("name".into(), json!(ps.text));
            }
            None => {
                data.insert("keyword".into(), json!(if before { "Before" } else { "After" }));
                data.insert("hidden".into(), json!(true));
            }
        }
        if let Some(location) =
            self.index.unambiguous_definition(step).and_then(|d| format_source_reference(&d.source_reference))
        {
            data.insert("match".into(), json!({ "location": location }));
        }
        data.insert("result".into(), self.result(step, result));
        Value::Object(data)
    }

    fn result(&self, step: &TestStep, result: Option<&TestStepResult>) -> Value {
        let Some(result) = result else { return json!({"status": "skipped"}) };
        let status = match result.status {
            Status::Passed => "passed",
            Status::Skipped => "skipped",
            Status::Pending => "pending",
            Status::Undefined | Status::Unknown => "undefined",
            Status::Ambiguous | Status::Failed => "failed",
        };
        let nanos = result.duration.seconds.saturating_mul(1_000_000_000).saturating_add(result.duration.nanos);
        let mut value = json!({"status": status, "duration": nanos.max(0)});
        let message = match result.status {
            Status::Failed => crate::fragments::error_text(result).map(str::to_string),
            Status::Ambiguous => {
                let candidates: Vec<String> = self
                    .index
                    .definitions_of(step)
                    .iter()
                    .map(|d| match format_source_reference(&d.source_reference) {
                        Some(location) => format!("  {} # {location}", d.pattern.source),
                        None => format!("  {}", d.pattern.source),
                    })
                    .collect();
                Some(format!("Multiple matching step definitions found:\n{}", candidates.join("\n")))
            }
            _ => None,
        };
        if let Some(message) = message {
            value["error_message"] = json!(message);
        }
        value
    }

    fn write_report(&mut self) -> std::io::Result<()> {
        if self.written {
            return Ok(());
        }
        self.written = true;
        let features: Vec<Value> = std::mem::take(&mut self.features)
            .into_iter()
            .map(|f| {
                let mut header = f.header;
                header.insert("elements".into(), Value::Array(f.elements));
                Value::Object(header)
            })
            .collect();
        serde_json::to_writer_pretty(&mut self.out, &features).map_err(std::io::Error::other)?;
        self.out.write_all(b"\n")
    }
}

/// An id from a name: spaces to dashes, lower case (as cucumber-js does).
fn slug(name: &str) -> String {
    name.replace(' ', "-").to_lowercase()
}

impl Reporter for JsonReporter {
    fn on_envelope(&mut self, envelope: &Envelope) -> std::io::Result<()> {
        self.index.update(envelope);
        if let Envelope::TestCaseFinished(f) = envelope {
            if let Some((attempt, tc, pickle)) = self.index.attempt_context(&f.test_case_started_id) {
                if !attempt.will_be_retried {
                    let (uri, header, element) = self.add_attempt(attempt, tc, pickle);
                    match self.feature_by_uri.get(&uri) {
                        Some(&i) => {
                            if let Some(entry) = self.features.get_mut(i) {
                                entry.elements.push(element);
                            }
                        }
                        None => {
                            self.feature_by_uri.insert(uri, self.features.len());
                            self.features.push(FeatureEntry { header, elements: vec![element] });
                        }
                    }
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
