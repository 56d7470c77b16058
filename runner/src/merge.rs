//! `ferridriver merge-reports`: the message streams of several shards (`--shard i/n --format
//! message:…`, often run on different machines) read back as one run and written in any
//! formats. Files are streamed twice (first for the run's start, end and outcome, then
//! envelope by envelope into the reporters), so memory does not grow with the suite.
//!
//! What makes the shards one run:
//! - one `meta`, one `testRunStarted` (the earliest) and one `testRunFinished` (the latest; it
//!   succeeds only if every shard did);
//! - every shard emits the same sources, Gherkin documents, step definitions, hooks and
//!   parameter types: the first copy is kept and the others' ids are mapped onto it (a shard
//!   that ran a different version of a feature file is an error);
//! - every other id gets its shard's prefix, so ids stay unique whatever generator made them.

use crate::cli::{EXIT_FAILED, EXIT_USAGE};
use crate::reporting::spawn_reporters;
use ferridriver_messages::Envelope;
use ferridriver_reporters::{create_reporter, FormatSpec, Reporter};
use serde_json::Value;
use std::collections::HashMap;
use std::io::BufRead;
use std::path::{Path, PathBuf};

/// `ferridriver merge-reports` arguments.
#[derive(Debug, Clone, Default, clap::Args)]
pub struct MergeArgs {
    /// Message NDJSON files of the shards, or directories holding them (`*.ndjson`).
    #[arg(required = true)]
    pub inputs: Vec<String>,

    /// Output formatter, `NAME` or `NAME:PATH`; repeatable (default `summary`).
    #[arg(long, short = 'f', value_name = "NAME[:PATH]")]
    pub format: Vec<String>,

    /// Options for the formatters, a JSON object.
    #[arg(long, value_name = "JSON")]
    pub format_options: Option<String>,
}

/// Merges the inputs into the requested reports; returns the exit code (that of the whole run).
pub fn run_merge(args: MergeArgs) -> i32 {
    match merge(&args) {
        Ok(true) => 0,
        Ok(false) => EXIT_FAILED,
        Err(e) => {
            eprintln!("error: {e}");
            EXIT_USAGE
        }
    }
}

fn merge(args: &MergeArgs) -> Result<bool, String> {
    let files = input_files(&args.inputs)?;
    let options = match args.format_options.as_deref().map(serde_json::from_str::<Value>) {
        None => serde_json::json!({}),
        Some(Ok(v)) if v.is_object() => v,
        Some(_) => return Err("--format-options must be a JSON object".into()),
    };
    let formats = if args.format.is_empty() { vec!["summary".to_string()] } else { args.format.clone() };
    let mut reporters: Vec<Box<dyn Reporter>> = Vec::new();
    for value in &formats {
        reporters.push(FormatSpec::parse(value).and_then(|spec| create_reporter(&spec, &options))?);
    }
    let run = scan(&files)?;
    let (sender, events) = std::sync::mpsc::channel();
    let reporter_thread = spawn_reporters(reporters, events);
    let mut merger = Merger::default();
    let result = (|| {
        for (shard, file) in files.iter().enumerate() {
            for_each_line(file, |line_no, envelope| {
                let out =
                    merger.envelope(shard, &run, envelope).map_err(|e| format!("{}:{line_no}: {e}", file.display()))?;
                for value in out {
                    let envelope: Envelope = serde_json::from_value(value)
                        .map_err(|e| format!("{}:{line_no}: not a Cucumber message: {e}", file.display()))?;
                    sender.send(vec![envelope]).map_err(|_| "the reporters stopped".to_string())?;
                }
                Ok(())
            })?;
        }
        let finished = serde_json::json!({ "testRunFinished": run.finished(&merger) });
        let envelope: Envelope = serde_json::from_value(finished).map_err(|e| e.to_string())?;
        sender.send(vec![envelope]).map_err(|_| "the reporters stopped".to_string())
    })();
    drop(sender);
    let reported = reporter_thread.join().unwrap_or_else(|_| Err("the reporter thread stopped unexpectedly".into()));
    result?;
    reported?;
    Ok(run.success)
}

/// The files to read: each input file as given, each directory's `*.ndjson` sorted by name.
fn input_files(inputs: &[String]) -> Result<Vec<PathBuf>, String> {
    let mut files = Vec::new();
    for input in inputs {
        let path = PathBuf::from(input);
        if path.is_dir() {
            let mut found: Vec<PathBuf> = std::fs::read_dir(&path)
                .map_err(|e| format!("{input}: {e}"))?
                .filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|p| p.extension().is_some_and(|x| x == "ndjson"))
                .collect();
            found.sort();
            if found.is_empty() {
                return Err(format!("{input}: no .ndjson files\n  hint: shards write them with --format message:PATH"));
            }
            files.extend(found);
        } else if path.is_file() {
            files.push(path);
        } else {
            return Err(format!("{input}: no such file or directory"));
        }
    }
    Ok(files)
}

/// Calls `each` with every non-empty line parsed as JSON; a bad line is an error at `file:line`.
fn for_each_line(file: &Path, mut each: impl FnMut(usize, Value) -> Result<(), String>) -> Result<(), String> {
    let reader = std::io::BufReader::new(std::fs::File::open(file).map_err(|e| format!("{}: {e}", file.display()))?);
    for (i, line) in reader.lines().enumerate() {
        let line = line.map_err(|e| format!("{}:{}: {e}", file.display(), i + 1))?;
        if line.trim().is_empty() {
            continue;
        }
        let value: Value = serde_json::from_str(&line).map_err(|e| {
            format!(
                "{}:{}: not JSON ({e})\n  hint: merge-reports reads the NDJSON of --format message",
                file.display(),
                i + 1
            )
        })?;
        each(i + 1, value)?;
    }
    Ok(())
}

/// What the first pass learns: when the whole run started and ended, and how it went.
struct RunSpan {
    started: Option<Value>,
    started_id: String,
    finished_at: Option<Value>,
    success: bool,
    exception: Option<Value>,
}

impl RunSpan {
    fn finished(&self, merger: &Merger) -> Value {
        let mut finished = serde_json::json!({
            "success": self.success,
            "timestamp": self.finished_at.clone().unwrap_or(serde_json::json!({"seconds": 0, "nanos": 0})),
        });
        if merger.run_started_emitted {
            finished["testRunStartedId"] = Value::String(self.started_id.clone());
        }
        if let Some(e) = &self.exception {
            finished["exception"] = e.clone();
        }
        finished
    }
}

fn scan(files: &[PathBuf]) -> Result<RunSpan, String> {
    let mut span =
        RunSpan { started: None, started_id: String::new(), finished_at: None, success: true, exception: None };
    for (shard, file) in files.iter().enumerate() {
        let mut finished = false;
        for_each_line(file, |_, value| {
            if let Some(started) = value.get("testRunStarted") {
                if span.started.as_ref().is_none_or(|s| seconds(&s["timestamp"]) > seconds(&started["timestamp"])) {
                    span.started = Some(started.clone());
                    let id = started.get("id").and_then(Value::as_str).unwrap_or("run");
                    span.started_id = prefixed(shard, id);
                }
            }
            if let Some(f) = value.get("testRunFinished") {
                finished = true;
                span.success &= f.get("success").and_then(Value::as_bool).unwrap_or(false);
                if span.finished_at.as_ref().is_none_or(|t| seconds(t) < seconds(&f["timestamp"])) {
                    span.finished_at = Some(f["timestamp"].clone());
                }
                if span.exception.is_none() {
                    span.exception = f.get("exception").cloned();
                }
            }
            Ok(())
        })?;
        if !finished {
            return Err(format!(
                "{}: the stream has no testRunFinished: that shard did not complete\n  hint: rerun the shard; a partial run cannot be merged",
                file.display()
            ));
        }
    }
    Ok(span)
}

fn seconds(timestamp: &Value) -> f64 {
    let s = timestamp.get("seconds").and_then(Value::as_f64).unwrap_or(0.0);
    s + timestamp.get("nanos").and_then(Value::as_f64).unwrap_or(0.0) / 1e9
}

fn prefixed(shard: usize, id: &str) -> String {
    format!("s{}-{id}", shard + 1)
}

/// The second pass's state: the definitions already emitted (by what they are, with the id
/// they were emitted under) and each shard's id mapping onto them.
#[derive(Default)]
struct Merger {
    meta_emitted: bool,
    run_started_emitted: bool,
    /// uri → (hash of the source text, the kept document's ids in walk order).
    documents: HashMap<String, (u64, Vec<String>)>,
    sources: HashMap<String, u64>,
    /// A definition's identity (type, pattern or name, source) → its merged id.
    definitions: HashMap<String, String>,
    /// Other deduplicated messages (parse errors, undefined parameter types) by content.
    seen: std::collections::HashSet<String>,
    /// Per shard: original id → merged id, for what was deduplicated.
    remap: HashMap<(usize, String), String>,
    current_shard: usize,
}

impl Merger {
    /// What to emit for one envelope of `shard`: nothing, or the envelope with its ids mapped.
    fn envelope(&mut self, shard: usize, run: &RunSpan, mut value: Value) -> Result<Vec<Value>, String> {
        self.current_shard = shard;
        let Some((kind, body)) = value.as_object().and_then(|o| o.iter().next()).map(|(k, v)| (k.clone(), v.clone()))
        else {
            return Err("an envelope must be an object with one message".into());
        };
        match kind.as_str() {
            "meta" => {
                if std::mem::replace(&mut self.meta_emitted, true) {
                    return Ok(vec![]);
                }
                return Ok(vec![value]);
            }
            "testRunStarted" => {
                if let Some(id) = body.get("id").and_then(Value::as_str) {
                    self.remap.insert((shard, id.to_string()), run.started_id.clone());
                }
                if std::mem::replace(&mut self.run_started_emitted, true) {
                    return Ok(vec![]);
                }
                let mut started = run.started.clone().unwrap_or(body);
                started["id"] = Value::String(run.started_id.clone());
                return Ok(vec![serde_json::json!({ "testRunStarted": started })]);
            }
            "testRunFinished" => return Ok(vec![]),
            "source" => {
                let uri = body.get("uri").and_then(Value::as_str).unwrap_or("").to_string();
                let hash = text_hash(body.get("data").and_then(Value::as_str).unwrap_or(""));
                match self.sources.get(&uri) {
                    Some(h) if *h == hash => return Ok(vec![]),
                    Some(_) => {
                        return Err(format!(
                        "{uri} differs from the copy another shard ran\n  hint: every shard must run the same commit"
                    ))
                    }
                    None => {
                        self.sources.insert(uri, hash);
                    }
                }
            }
            "gherkinDocument" => {
                let uri = body.get("uri").and_then(Value::as_str).unwrap_or("").to_string();
                let hash = self.sources.get(&uri).copied().unwrap_or(0);
                let mut ids = Vec::new();
                collect_ids(&body, &mut ids);
                if let Some((kept_hash, kept_ids)) = self.documents.get(&uri) {
                    if *kept_hash == hash && kept_ids.len() == ids.len() {
                        for (theirs, ours) in ids.into_iter().zip(kept_ids.iter()) {
                            self.remap.insert((shard, theirs), ours.clone());
                        }
                        return Ok(vec![]);
                    }
                    return Err(format!(
                        "{uri}: the shards' documents differ\n  hint: every shard must run the same commit"
                    ));
                }
                let merged: Vec<String> = ids.iter().map(|id| prefixed(shard, id)).collect();
                self.documents.insert(uri, (hash, merged));
            }
            "stepDefinition" | "hook" | "parameterType" => {
                let mut identity = body.clone();
                if let Some(o) = identity.as_object_mut() {
                    o.remove("id");
                }
                let key = format!("{kind}:{identity}");
                let id = body.get("id").and_then(Value::as_str).unwrap_or("").to_string();
                if let Some(merged) = self.definitions.get(&key) {
                    self.remap.insert((shard, id), merged.clone());
                    return Ok(vec![]);
                }
                self.definitions.insert(key, prefixed(shard, &id));
            }
            "parseError" | "undefinedParameterType" if !self.seen.insert(format!("{kind}:{body}")) => {
                return Ok(vec![]);
            }
            _ => {}
        }
        self.map_ids(&mut value);
        Ok(vec![value])
    }

    /// Rewrites every id (`id`, `…Id`, `…Ids`) to its merged form.
    fn map_ids(&self, value: &mut Value) {
        match value {
            Value::Object(map) => {
                for (key, v) in map.iter_mut() {
                    let is_id = key == "id" || key.ends_with("Id") || key.ends_with("Ids");
                    match v {
                        Value::String(s) if is_id => *s = self.merged_id(s),
                        Value::Array(items) if is_id => {
                            for item in items.iter_mut() {
                                if let Value::String(s) = item {
                                    *s = self.merged_id(s);
                                }
                            }
                        }
                        _ => self.map_ids(v),
                    }
                }
            }
            Value::Array(items) => items.iter_mut().for_each(|v| self.map_ids(v)),
            _ => {}
        }
    }

    fn merged_id(&self, id: &str) -> String {
        match self.remap.get(&(self.current_shard, id.to_string())) {
            Some(merged) => merged.clone(),
            None => prefixed(self.current_shard, id),
        }
    }
}

/// Every `id` value in a Gherkin document, in a fixed walk order (the same for equal documents).
fn collect_ids(value: &Value, out: &mut Vec<String>) {
    match value {
        Value::Object(map) => {
            for (key, v) in map {
                match v {
                    Value::String(s) if key == "id" => out.push(s.clone()),
                    _ => collect_ids(v, out),
                }
            }
        }
        Value::Array(items) => items.iter().for_each(|v| collect_ids(v, out)),
        _ => {}
    }
}

fn text_hash(text: &str) -> u64 {
    use std::hash::{Hash, Hasher};
    let mut hasher = std::collections::hash_map::DefaultHasher::new();
    text.hash(&mut hasher);
    hasher.finish()
}
