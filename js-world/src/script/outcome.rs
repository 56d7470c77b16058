//! What a script call is asked to do and what it answers: the `run_script` envelope
//! (`status`, `value` or `error`, `duration_ms`, `console`).

use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::path::PathBuf;
use std::time::Duration;

/// Five minutes, as the spec sets for `run_script`.
pub const DEFAULT_TIMEOUT: Duration = Duration::from_secs(300);
/// 256 MiB, as the spec sets for `run_script`.
pub const DEFAULT_MEMORY_LIMIT_MB: u64 = 256;

/// Where the script's code comes from.
#[derive(Debug, Clone, PartialEq)]
pub enum ScriptSource {
    /// Inline source (`source`).
    Inline(String),
    /// A file, relative to script_root (`path`).
    File(PathBuf),
}

/// One script call.
#[derive(Debug, Clone)]
pub struct ScriptRequest {
    /// The code.
    pub source: ScriptSource,
    /// The `args` global (any JSON; an array by convention). Never spliced into the source.
    pub args: Value,
    /// Time for the whole call.
    pub timeout: Duration,
    /// The VM's heap limit during the call, in MiB.
    pub memory_limit_mb: u64,
}

impl ScriptRequest {
    /// Inline `source` with the defaults and no arguments.
    pub fn inline(source: impl Into<String>) -> Self {
        ScriptRequest {
            source: ScriptSource::Inline(source.into()),
            args: Value::Array(Vec::new()),
            timeout: DEFAULT_TIMEOUT,
            memory_limit_mb: DEFAULT_MEMORY_LIMIT_MB,
        }
    }
}

/// The kinds of failure the envelope names.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ErrorKind {
    /// The source does not parse (or does not bundle).
    Syntax,
    /// The script threw.
    Runtime,
    /// The call ran past its timeout.
    Timeout,
    /// The VM ran out of its memory limit.
    MemoryLimit,
    /// The script tried to leave its sandbox (a path out of its root…).
    SandboxViolation,
    /// ferridriver itself failed (the VM could not start…).
    Internal,
}

/// A failed call's error.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ScriptError {
    /// What kind of failure.
    pub kind: ErrorKind,
    /// The message (the exception's, or ours).
    pub message: String,
    /// The stack, in the user's positions, when there is one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub stack: Option<String>,
    /// The file the failure is in (`eval_script` for inline source), when known.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub file: Option<String>,
    /// 1-based line in the user's source.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub line: Option<u32>,
    /// 1-based column in the user's source.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub column: Option<u32>,
    /// The lines around `line`, the line itself marked with `>>> `.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub source_snippet: Option<String>,
}

impl ScriptError {
    /// An error without a position.
    pub fn new(kind: ErrorKind, message: impl Into<String>) -> Self {
        ScriptError {
            kind,
            message: message.into(),
            stack: None,
            file: None,
            line: None,
            column: None,
            source_snippet: None,
        }
    }
}

/// One captured console entry.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ConsoleEntry {
    /// `log`, `info`, `warn`, `error` or `debug`.
    pub level: String,
    /// The formatted message, ANSI escapes removed, at most 8 KiB.
    pub message: String,
    /// Milliseconds since the call started.
    pub ts_ms: u64,
}

/// What a script call answers.
#[derive(Debug, Clone, PartialEq)]
pub struct ScriptOutcome {
    /// The returned value (JSON), or the failure.
    pub result: Result<Value, ScriptError>,
    /// Wall time of the call.
    pub duration_ms: u64,
    /// What the script printed (up to the limits).
    pub console: Vec<ConsoleEntry>,
    /// Console entries dropped past the limits.
    pub console_dropped: u64,
}

impl ScriptOutcome {
    /// The spec's JSON envelope.
    pub fn to_json(&self) -> Value {
        let mut out = serde_json::Map::new();
        match &self.result {
            Ok(v) => {
                out.insert("status".into(), "ok".into());
                out.insert("value".into(), v.clone());
            }
            Err(e) => {
                out.insert("status".into(), "error".into());
                out.insert("error".into(), serde_json::to_value(e).unwrap_or(Value::Null));
            }
        }
        out.insert("duration_ms".into(), self.duration_ms.into());
        out.insert("console".into(), serde_json::to_value(&self.console).unwrap_or(Value::Null));
        if self.console_dropped > 0 {
            out.insert("console_dropped".into(), self.console_dropped.into());
        }
        Value::Object(out)
    }

    /// Whether the script returned a value.
    pub fn is_ok(&self) -> bool {
        self.result.is_ok()
    }
}
