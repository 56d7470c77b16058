//! `allow.commands`: what a tool declared, parsed in Rust from the registry (never from the
//! handler), and the strict `${name}` substitution.

use serde_json::Value;
use std::time::Duration;

/// How a command's stdout is shaped.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OutputMode {
    /// Trimmed text.
    Text,
    /// Parsed JSON (invalid JSON is an error).
    Json,
    /// Non-empty trimmed lines.
    Lines,
}

/// The program to run.
#[derive(Debug, Clone, PartialEq)]
pub enum Program {
    /// A shell line run by `sh -c` (values single-quote-escaped).
    Shell(String),
    /// An argv array run directly (values passed as literal arguments).
    Argv(Vec<String>),
}

/// One declared command.
#[derive(Debug, Clone, PartialEq)]
pub struct CommandSpec {
    /// What runs.
    pub program: Program,
    /// Its time limit (default one minute for one-shot commands).
    pub timeout: Option<Duration>,
    /// Server environment variables passed through (besides `PATH`).
    pub env: Vec<String>,
    /// Its working directory (relative to the project root).
    pub cwd: Option<String>,
    /// How stdout is returned.
    pub output: OutputMode,
    /// A long-running process managed with start/status/stop.
    pub persistent: bool,
}

/// Parses one declared command (`name` for messages): a shorthand string or a spec object.
pub fn parse_spec(name: &str, value: &Value) -> Result<CommandSpec, String> {
    let mut spec = CommandSpec {
        program: Program::Shell(String::new()),
        timeout: None,
        env: Vec::new(),
        cwd: None,
        output: OutputMode::Text,
        persistent: false,
    };
    match value {
        Value::String(line) => spec.program = Program::Shell(line.clone()),
        Value::Object(o) => {
            for key in o.keys() {
                if !["run", "timeoutMs", "env", "cwd", "output", "persistent"].contains(&key.as_str()) {
                    return Err(format!(
                        "command \"{name}\": unknown field `{key}` (run, timeoutMs, env, cwd, output, persistent)"
                    ));
                }
            }
            spec.program = match o.get("run") {
                Some(Value::String(line)) if !line.trim().is_empty() => Program::Shell(line.clone()),
                Some(Value::Array(items)) if !items.is_empty() => Program::Argv(
                    items
                        .iter()
                        .map(|i| i.as_str().map(str::to_string))
                        .collect::<Option<Vec<_>>>()
                        .ok_or_else(|| format!("command \"{name}\": every element of `run` must be a string"))?,
                ),
                _ => return Err(format!("command \"{name}\": `run` must be a shell line or a non-empty argv array")),
            };
            if let Some(t) = o.get("timeoutMs") {
                let ms = t
                    .as_f64()
                    .filter(|ms| *ms > 0.0)
                    .ok_or_else(|| format!("command \"{name}\": `timeoutMs` must be a positive number"))?;
                spec.timeout = Some(Duration::from_millis(ms as u64));
            }
            if let Some(env) = o.get("env") {
                spec.env = env
                    .as_array()
                    .and_then(|a| a.iter().map(|e| e.as_str().map(str::to_string)).collect())
                    .ok_or_else(|| format!("command \"{name}\": `env` must be an array of variable names"))?;
            }
            if let Some(cwd) = o.get("cwd") {
                spec.cwd = Some(
                    cwd.as_str().ok_or_else(|| format!("command \"{name}\": `cwd` must be a string"))?.to_string(),
                );
            }
            spec.output = match o.get("output").map(|v| v.as_str()) {
                None | Some(Some("text")) => OutputMode::Text,
                Some(Some("json")) => OutputMode::Json,
                Some(Some("lines")) => OutputMode::Lines,
                _ => return Err(format!("command \"{name}\": `output` is \"text\", \"json\" or \"lines\"")),
            };
            spec.persistent = o.get("persistent").and_then(Value::as_bool).unwrap_or(false);
        }
        _ => return Err(format!("command \"{name}\": a shell line or a spec object ({{ run, … }}) is expected")),
    }
    Ok(spec)
}

/// Parses a tool's whole `allow.commands` map; the first problem is the error.
pub fn parse_commands(commands: &Value) -> Result<Vec<(String, CommandSpec)>, String> {
    match commands {
        Value::Null => Ok(Vec::new()),
        Value::Object(map) => map.iter().map(|(n, v)| parse_spec(n, v).map(|s| (n.clone(), s))).collect(),
        _ => Err("`allow.commands` must be an object: name → command".into()),
    }
}

/// The `${name}` placeholders of a template, in order.
fn placeholders(template: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut rest = template;
    while let Some(at) = rest.find("${") {
        let after = &rest[at + 2..];
        match after.find('}') {
            Some(end) => {
                out.push(after[..end].to_string());
                rest = &after[end + 1..];
            }
            None => break,
        }
    }
    out
}

/// A value as a string, or why it cannot be substituted.
fn scalar(name: &str, value: &Value) -> Result<String, String> {
    match value {
        Value::String(s) => Ok(s.clone()),
        Value::Number(n) => Ok(n.to_string()),
        Value::Bool(b) => Ok(b.to_string()),
        _ => Err(format!("`${{{name}}}` must be a string, number or boolean, not {}", kind_of(value))),
    }
}

fn kind_of(value: &Value) -> &'static str {
    match value {
        Value::Null => "null",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
        _ => "that",
    }
}

/// `template` with each `${name}` replaced by `vars[name]` through `quote`.
fn substitute(
    template: &str,
    vars: &serde_json::Map<String, Value>,
    quote: impl Fn(&str) -> String,
) -> Result<String, String> {
    let mut out = template.to_string();
    for name in placeholders(template) {
        let value = vars.get(&name).ok_or_else(|| format!("`${{{name}}}` has no value: pass {{ {name}: … }}"))?;
        out = out.replace(&format!("${{{name}}}"), &quote(&scalar(&name, value)?));
    }
    Ok(out)
}

/// A value inside single quotes for `sh`: `'` becomes `'\''`.
pub fn shell_quote(value: &str) -> String {
    format!("'{}'", value.replace('\'', "'\\''"))
}

/// The program with every placeholder filled in (shell values quoted, argv values literal).
pub fn fill(program: &Program, vars: &serde_json::Map<String, Value>) -> Result<Program, String> {
    Ok(match program {
        Program::Shell(line) => Program::Shell(substitute(line, vars, shell_quote)?),
        Program::Argv(items) => {
            Program::Argv(items.iter().map(|i| substitute(i, vars, str::to_string)).collect::<Result<_, _>>()?)
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn vars(v: Value) -> serde_json::Map<String, Value> {
        v.as_object().cloned().unwrap()
    }

    #[test]
    fn substitution_is_strict_and_quoted() {
        let shell = Program::Shell("echo ${a} ${b}".into());
        let filled = fill(&shell, &vars(json!({"a": "x'; rm -rf /; '", "b": 2}))).unwrap();
        assert_eq!(filled, Program::Shell("echo 'x'\\''; rm -rf /; '\\''' '2'".into()));
        assert!(fill(&shell, &vars(json!({"a": "x"}))).unwrap_err().contains("${b}"));
        assert!(fill(&shell, &vars(json!({"a": {}, "b": 1}))).unwrap_err().contains("object"));
        let argv = Program::Argv(vec!["echo".into(), "--v=${a}".into()]);
        assert_eq!(
            fill(&argv, &vars(json!({"a": "$(id)"}))).unwrap(),
            Program::Argv(vec!["echo".into(), "--v=$(id)".into()])
        );
    }

    #[test]
    fn specs_parse_or_say_why_not() {
        assert_eq!(parse_spec("s", &json!("ls")).unwrap().program, Program::Shell("ls".into()));
        let spec =
            parse_spec("a", &json!({"run": ["git", "status"], "output": "lines", "timeoutMs": 500, "env": ["HOME"]}))
                .unwrap();
        assert_eq!(spec.output, OutputMode::Lines);
        assert_eq!(spec.timeout, Some(Duration::from_millis(500)));
        assert!(parse_spec("b", &json!({"run": []})).is_err());
        assert!(parse_spec("c", &json!({"run": "x", "output": "yaml"})).is_err());
        assert!(parse_spec("d", &json!({"run": "x", "shell": true})).unwrap_err().contains("unknown field"));
    }
}
