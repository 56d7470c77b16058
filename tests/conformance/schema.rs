//! Validating emitted envelopes against the official Cucumber Messages JSON schema.

use serde_json::Value;
use std::path::Path;

/// A validator for envelopes.
pub struct EnvelopeSchema(jsonschema::Validator);

impl EnvelopeSchema {
    /// Loads `messages/jsonschema/messages.schema.json` (all definitions bundled in one file).
    pub fn load(root: &Path) -> EnvelopeSchema {
        let path = root.join("messages/jsonschema/messages.schema.json");
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let schema: Value = serde_json::from_str(&text).expect("schema is JSON");
        EnvelopeSchema(jsonschema::validator_for(&schema).expect("schema compiles"))
    }

    /// The schema violations of one envelope, as `path: error` lines.
    pub fn problems(&self, envelope: &Value) -> Vec<String> {
        self.0.iter_errors(envelope).map(|e| format!("{}: {e}", e.instance_path())).collect()
    }
}
