//! What the two Compatibility Kit harnesses share: reading a sample (its features and its
//! `.arguments.txt`), running it in-process with a given registry and hosts, and running the
//! whole kit with the count, the known failures and the schema check.

use super::{compare, schema};
use ferridriver_messages::{Clock, IdGenerator};
use ferridriver_runner::execute::{execute, workers::HostFactory, Order, RunContext, RunOptions};
use ferridriver_runner::filters::PickleFilter;
use ferridriver_runner::load::{load_sources, FeatureSource};
use ferridriver_runner::schedule::schedule;
use ferridriver_steps::registry::Registry;
use serde_json::Value;
use std::path::Path;
use std::sync::Arc;

/// Samples no implementation can pass without the reference runner's test-only switch.
pub const KNOWN_FAILURES: &[(&str, &str)] = &[(
    "test-run-exception",
    "needs the reference runner's --error switch to inject an internal failure; ferridriver has no such test-only switch",
)];

/// The run options a sample's `.arguments.txt` asks for.
pub fn options(dir: &Path, name: &str) -> Result<(RunOptions, Order), String> {
    let args = std::fs::read_to_string(dir.join(format!("{name}.arguments.txt"))).unwrap_or_default();
    let words: Vec<&str> = args.split_whitespace().collect();
    let mut options = RunOptions { parallel: 1, ..Default::default() };
    let mut order = Order::Defined;
    for pair in words.windows(2) {
        match pair {
            ["--retry", n] => options.retry = n.parse().map_err(|_| format!("bad --retry {n}"))?,
            ["--order", "reverse"] => order = Order::Reverse,
            _ => {}
        }
    }
    Ok((options, order))
}

/// Runs a sample's features with the registry and hosts `setup` makes from the run's ids.
pub fn run(
    dir: &Path,
    name: &str,
    setup: impl FnOnce(Arc<IdGenerator>, &RunOptions) -> Result<(Registry, HostFactory), String>,
) -> Result<Vec<Value>, String> {
    let mut features: Vec<String> = std::fs::read_dir(dir)
        .map_err(|e| e.to_string())?
        .filter_map(|e| e.ok()?.file_name().into_string().ok())
        .filter(|n| n.ends_with(".feature") || n.ends_with(".feature.md"))
        .collect();
    features.sort();
    let (options, order) = options(dir, name)?;
    let ids = Arc::new(IdGenerator::incrementing());
    let (sender, events) = std::sync::mpsc::channel();
    let ctx = RunContext::new(Arc::clone(&ids), Arc::new(Clock::fake()), sender);
    ctx.emit(ferridriver_runner::meta::meta());
    let sources = features
        .iter()
        .map(|f| {
            Ok(FeatureSource {
                uri: format!("samples/{name}/{f}"),
                data: std::fs::read_to_string(dir.join(f)).map_err(|e| e.to_string())?,
                lines: vec![],
            })
        })
        .collect::<Result<Vec<_>, String>>()?;
    let loaded = load_sources(&ctx, sources, "en", &PickleFilter::default());
    let (registry, hosts) = setup(Arc::clone(&ids), &options)?;
    let pickles = schedule(loaded.pickles, None, order);
    execute(&ctx, Arc::new(registry), pickles, &loaded.documents, Arc::new(options), hosts);
    drop(ctx);
    Ok(events.into_iter().flatten().map(|e| serde_json::to_value(&e).expect("envelopes serialise")).collect())
}

/// Runs every sample, prints `CCK (<label>) N/46` and the failures with their reasons, and
/// fails on any sample outside [`KNOWN_FAILURES`].
pub fn run_kit(label: &str, root: &Path, run_sample: impl Fn(&Path, &str) -> Result<Vec<Value>, String>) {
    let samples_dir = root.join("cck/samples");
    let mut names: Vec<String> = std::fs::read_dir(&samples_dir)
        .expect("samples folder")
        .filter_map(|e| e.ok()?.file_name().into_string().ok())
        .collect();
    names.sort();
    let envelope_schema = schema::EnvelopeSchema::load(root);
    let (mut passed, mut unexpected, mut report) = (0, Vec::new(), Vec::new());
    for name in &names {
        let dir = samples_dir.join(name);
        let expected: Vec<Value> = std::fs::read_to_string(dir.join(format!("{name}.ndjson")))
            .expect("expected ndjson")
            .lines()
            .filter(|l| !l.trim().is_empty())
            .map(|l| serde_json::from_str(l).expect("valid ndjson"))
            .collect();
        let problem = match run_sample(&dir, name) {
            Ok(ours) => {
                let invalid: Vec<String> = ours.iter().flat_map(|m| envelope_schema.problems(m)).collect();
                if invalid.is_empty() {
                    compare::first_difference(&ours, &expected)
                } else {
                    Some(format!("messages violate the schema: {}", invalid.join("; ")))
                }
            }
            Err(e) => Some(e),
        };
        match (problem, KNOWN_FAILURES.iter().find(|(n, _)| n == name)) {
            (None, _) => passed += 1,
            (Some(_), Some((_, reason))) => report.push(format!("  {name}: {reason}")),
            (Some(p), None) => {
                report.push(format!("  {name}: {p}"));
                unexpected.push(name.clone());
            }
        }
    }
    println!("CCK ({label}) {passed}/{}", names.len());
    for line in &report {
        println!("{line}");
    }
    assert!(unexpected.is_empty(), "samples failing unexpectedly: {unexpected:?}");
}
