//! JSON Schema checks for tools, in Rust with the `jsonschema` crate: whether a declared schema
//! is valid (at load), and whether arguments or a result match it (at every call, from MCP and
//! from `plugins[name]` alike). Compiled validators are kept per schema text.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock, PoisonError};

type Cache = Mutex<HashMap<String, Arc<jsonschema::Validator>>>;

fn cache() -> &'static Cache {
    static CACHE: OnceLock<Cache> = OnceLock::new();
    CACHE.get_or_init(Cache::default)
}

fn validator(schema: &serde_json::Value) -> Result<Arc<jsonschema::Validator>, String> {
    let key = schema.to_string();
    if let Some(v) = cache().lock().unwrap_or_else(PoisonError::into_inner).get(&key) {
        return Ok(Arc::clone(v));
    }
    let compiled = Arc::new(jsonschema::validator_for(schema).map_err(|e| e.to_string())?);
    cache().lock().unwrap_or_else(PoisonError::into_inner).insert(key, Arc::clone(&compiled));
    Ok(compiled)
}

/// Why `schema` (JSON text) is not a usable JSON Schema, if it is not.
pub fn schema_problem(schema: &str) -> Option<String> {
    let value: serde_json::Value = match serde_json::from_str(schema) {
        Ok(v) => v,
        Err(e) => return Some(format!("not JSON: {e}")),
    };
    validator(&value).err()
}

/// Why `value` does not match `schema`, if it does not: each violation with its JSON path.
pub fn violations(schema: &serde_json::Value, value: &serde_json::Value) -> Option<String> {
    let validator = match validator(schema) {
        Ok(v) => v,
        Err(e) => return Some(format!("the schema is invalid: {e}")),
    };
    let problems: Vec<String> = validator
        .iter_errors(value)
        .take(10)
        .map(|e| {
            let at = e.instance_path().to_string();
            if at.is_empty() {
                e.to_string()
            } else {
                format!("{at}: {e}")
            }
        })
        .collect();
    (!problems.is_empty()).then(|| problems.join("; "))
}

/// [`violations`] for JSON texts (the natives' form).
pub fn violations_of_text(schema: &str, value: &str) -> Option<String> {
    let schema: serde_json::Value = match serde_json::from_str(schema) {
        Ok(v) => v,
        Err(e) => return Some(format!("the schema is not JSON: {e}")),
    };
    let value: serde_json::Value = match serde_json::from_str(value) {
        Ok(v) => v,
        Err(e) => return Some(format!("the value is not JSON: {e}")),
    };
    violations(&schema, &value)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn checks_schemas_and_values() {
        assert!(schema_problem(r#"{"type":"object"}"#).is_none());
        assert!(schema_problem(r#"{"type":"nonsense"}"#).is_some());
        let schema = json!({"type":"object","properties":{"user":{"type":"string"}},"required":["user"]});
        assert!(violations(&schema, &json!({"user":"ada"})).is_none());
        let problem = violations(&schema, &json!({"user": 5})).unwrap();
        assert!(problem.contains("/user"), "{problem}");
        assert!(violations(&schema, &json!({})).unwrap().contains("required"));
    }
}
