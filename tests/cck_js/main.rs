//! The Cucumber Compatibility Kit with its own TypeScript step definitions: every sample in
//! shared/conformance/cck/samples runs with the sample's `.ts` file, unchanged, as its step
//! file (bundled, compiled and run in QuickJS by the JS world) and its `.arguments.txt` flags;
//! our message stream must equal the sample's `.ndjson` under the kit's normalisation rules.
//! Prints `CCK (js) N/46` and why each other sample fails.

#[path = "../cck/compare.rs"]
mod compare;
#[path = "../cck/kit.rs"]
mod kit;
#[path = "../conformance/locate.rs"]
mod locate;
#[path = "../conformance/schema.rs"]
mod schema;

use ferridriver_js_world::{load_with, CacheMode, JsConfig, JsHost};
use ferridriver_runner::execute::workers::HostFactory;
use ferridriver_steps::registry::Registry;
use serde_json::Value;
use std::path::Path;
use std::sync::Arc;

/// Runs one sample with its own `.ts` step file, unchanged.
fn run_sample(dir: &Path, name: &str) -> Result<Vec<Value>, String> {
    // The samples live in the shared conformance folder: never write a cache there.
    let config =
        JsConfig { steps: vec!["*.ts".into()], extensions: vec![], root: dir.to_path_buf(), ..Default::default() };
    let report = load_with(&config, CacheMode { memory: true, disk: false });
    if !report.errors.is_empty() {
        return Err(format!("JS load errors: {}", report.errors.join("; ")));
    }
    kit::run(dir, name, |ids, options| {
        let mut registry = Registry::new(ids);
        let hosts: HostFactory = match report.program {
            Some(program) => {
                program.register(&mut registry);
                let timeout = options.default_timeout;
                Arc::new(move |_| Box::new(JsHost::new(Arc::clone(&program), timeout)))
            }
            None => Arc::new(|_| Box::new(ferridriver_runner::execute::invoke::NoHost)),
        };
        Ok((registry, hosts))
    })
}

#[test]
fn compatibility_kit_with_typescript_steps() {
    let Some(root) = locate::conformance_dir() else { return };
    kit::run_kit("js", &root, run_sample);
}
