//! Comparing a message stream with a Compatibility Kit sample's `.ndjson`, using the kit's
//! normalisation rules (shared/conformance/README.md): `meta` is dropped; ids are compared as
//! the graph they form (each id is renamed by order of first appearance); timestamps and
//! durations, exception message/stack text, snippet code and language are ignored.
//! Source references are ignored too: these ports live in Rust files, not in the sample's `.ts`.

use serde_json::{Map, Value};
use std::collections::HashMap;

/// Keys whose string values (or arrays of strings) are ids.
fn is_id_key(key: &str) -> bool {
    key == "id" || key.ends_with("Id") || key.ends_with("Ids")
}

/// Keys whose values legitimately differ between implementations.
fn is_ignored_key(parent: &str, key: &str) -> bool {
    matches!(key, "timestamp" | "duration" | "stackTrace" | "sourceReference")
        || (parent == "exception" && key == "message")
        || (parent == "testStepResult" && key == "message")
        || (parent == "result" && key == "message")
        || (parent == "snippets" && (key == "code" || key == "language"))
}

struct Ids(HashMap<String, String>);

impl Ids {
    fn rename(&mut self, id: &str) -> String {
        let next = self.0.len();
        self.0.entry(id.to_string()).or_insert_with(|| format!("#{next}")).clone()
    }
}

fn normalise(value: &Value, parent: &str, ids: &mut Ids) -> Value {
    match value {
        Value::Object(map) => {
            let mut keys: Vec<&String> = map.keys().collect();
            keys.sort();
            let mut out = Map::new();
            for k in keys {
                if is_ignored_key(parent, k) {
                    continue;
                }
                let v = &map[k];
                let nv = if is_id_key(k) {
                    match v {
                        Value::String(s) => Value::String(ids.rename(s)),
                        Value::Array(a) => Value::Array(
                            a.iter()
                                .map(|x| match x {
                                    Value::String(s) => Value::String(ids.rename(s)),
                                    other => other.clone(),
                                })
                                .collect(),
                        ),
                        other => normalise(other, k, ids),
                    }
                } else {
                    normalise(v, k, ids)
                };
                out.insert(k.clone(), nv);
            }
            Value::Object(out)
        }
        Value::Array(a) => Value::Array(a.iter().map(|v| normalise(v, parent, ids)).collect()),
        other => other.clone(),
    }
}

/// Both streams normalised, `meta` removed.
pub fn normalise_stream(stream: &[Value]) -> Vec<Value> {
    let mut ids = Ids(HashMap::new());
    stream.iter().filter(|m| m.get("meta").is_none()).map(|m| normalise(m, "", &mut ids)).collect()
}

/// The first difference between ours and the expected stream, if any.
pub fn first_difference(ours: &[Value], expected: &[Value]) -> Option<String> {
    let (a, b) = (normalise_stream(ours), normalise_stream(expected));
    for (i, (x, y)) in a.iter().zip(&b).enumerate() {
        if x != y {
            return Some(format!("message {i} differs:\n    ours     {x}\n    expected {y}"));
        }
    }
    if a.len() != b.len() {
        let kind = |v: &Value| v.as_object().and_then(|o| o.keys().next().cloned()).unwrap_or_default();
        let extra: Vec<String> = if a.len() > b.len() {
            a[b.len()..].iter().map(kind).collect()
        } else {
            b[a.len()..].iter().map(kind).collect()
        };
        return Some(format!("{} messages, expected {}; the extra ones: {extra:?}", a.len(), b.len()));
    }
    None
}
