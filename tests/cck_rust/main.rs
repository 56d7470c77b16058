//! The Cucumber Compatibility Kit with Rust step definitions: every sample in
//! shared/conformance/cck/samples runs with its steps ported to Rust (tests/cck_rust/*.rs) and
//! its `.arguments.txt` flags; our message stream must equal the sample's `.ndjson` under the
//! kit's normalisation rules. Prints `CCK (rust) N/46` and why each other sample fails.

#[path = "../cck/compare.rs"]
mod compare;
#[path = "../cck/kit.rs"]
mod kit;
#[path = "../conformance/locate.rs"]
mod locate;
#[path = "../conformance/schema.rs"]
mod schema;

mod all_statuses;
mod ambiguous;
mod attachments;
mod backgrounds;
mod cdata;
mod data_tables;
mod doc_strings;
mod examples_tables;
mod examples_tables_attachment;
mod examples_tables_undefined;
mod examples_tables_undefined_multiple;
mod failedish_combinations;
mod global_hooks;
mod global_hooks_afterall_error;
mod global_hooks_attachments;
mod global_hooks_beforeall_error;
mod hooks;
mod hooks_attachment;
mod hooks_conditional;
mod hooks_named;
mod hooks_skipped;
mod hooks_undefined;
mod markdown;
mod minimal;
mod multiple_features;
mod multiple_features_reversed;
mod parameter_types;
mod pending;
mod pending_exception;
mod regular_expression;
mod retry;
mod retry_ambiguous;
mod retry_pending;
mod rules;
mod rules_backgrounds;
mod skipped;
mod skipped_exception;
mod skipped_failing_hook;
mod stack_traces;
mod test_run_exception;
mod undefined;
mod undefined_multiple;
mod unknown_parameter_type;
mod unused_steps;

use ferridriver_runner::execute::workers::HostFactory;
use ferridriver_steps::registry::Registry;
use serde_json::Value;
use std::path::{Path, PathBuf};
use std::sync::{Arc, OnceLock};

static SAMPLES: OnceLock<PathBuf> = OnceLock::new();

/// A file next to a sample's feature (images, PDFs), for the ported steps that attach them.
pub fn sample_file(sample: &str, name: &str) -> Result<Vec<u8>, String> {
    let dir = SAMPLES.get().ok_or("the samples folder is not set")?;
    std::fs::read(dir.join(sample).join(name)).map_err(|e| format!("{sample}/{name}: {e}"))
}

/// Runs one sample with its Rust port (the definitions of `tests/cck_rust/<sample>.rs`).
fn run_sample(dir: &Path, name: &str) -> Result<Vec<Value>, String> {
    let suffix = format!("cck_rust/{}.rs", name.replace('-', "_"));
    kit::run(dir, name, |ids, _| {
        let registry = Registry::from_inventory_where(ids, |file| file.ends_with(&suffix));
        let hosts: HostFactory = Arc::new(|_| Box::new(ferridriver_runner::execute::invoke::NoHost));
        Ok((registry, hosts))
    })
}

#[test]
fn compatibility_kit_with_rust_steps() {
    let Some(root) = locate::conformance_dir() else { return };
    let _ = SAMPLES.set(root.join("cck/samples"));
    kit::run_kit("rust", &root, run_sample);
}
