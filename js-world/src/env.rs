//! Which environment variables scripts may see: none unless `[scripting] allowEnv` lists them,
//! and then only those that are actually set (names are never invented).

use std::sync::OnceLock;

static ALLOWED: OnceLock<Vec<String>> = OnceLock::new();

/// Sets the allow-list for this process (the first call wins; the runner calls it from the
/// config file).
pub fn allow_env(names: Vec<String>) {
    let _ = ALLOWED.set(names);
}

/// The visible variables as a JSON object, for the VM's frozen `process.env`.
pub(crate) fn visible_env() -> String {
    let mut visible = serde_json::Map::new();
    for name in ALLOWED.get().into_iter().flatten() {
        if let Ok(value) = std::env::var(name) {
            visible.insert(name.clone(), serde_json::Value::String(value));
        }
    }
    serde_json::Value::Object(visible).to_string()
}
