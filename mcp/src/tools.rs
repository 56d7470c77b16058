//! The built-in tools as `tools/list` shows them: names (`^[a-z][a-z0-9_]{0,63}$`), short
//! descriptions, input schemas and annotations. Descriptions are kept brief on purpose: an
//! agent pays for every byte of `tools/list` before it does any work.

use rmcp::model::{JsonObject, Tool, ToolAnnotations};
use serde_json::{json, Value};
use std::sync::Arc;

/// The names of the built-in tools, sorted.
pub const BUILTIN_TOOLS: &[&str] = &[
    "bdd_draft_scenario",
    "bdd_run",
    "bdd_run_steps",
    "bdd_steps",
    "ferridriver_extensions",
    "run_script",
    "session_close",
    "session_list",
];

const SESSION: &str =
    "Session 'instance:context' (default 'default'); one browser per instance, one context per session.";

fn schema(value: Value) -> Arc<JsonObject> {
    match value {
        Value::Object(map) => Arc::new(map),
        _ => Arc::new(JsonObject::new()),
    }
}

fn tool(name: &'static str, description: &'static str, input: Value, annotations: ToolAnnotations) -> Tool {
    Tool::new(name, description, schema(input)).with_annotations(annotations)
}

/// Every built-in tool, sorted by name.
pub fn builtin_tools() -> Vec<Tool> {
    let session = json!({ "type": "string", "description": SESSION });
    let mut tools = vec![
        tool(
            "run_script",
            "Run JavaScript against the session's live browser. `source` is the body of an async function: \
             `return` the result, top-level await works. Globals: page, context, browser, request (Playwright API), \
             args, vars (string store kept across resets), fs (script_root), artifacts, fetch, expect, console. \
             Returns {status, value|error{kind,message,line,column,source_snippet}, duration_ms, console}.",
            json!({
                "type": "object",
                "properties": {
                    "source": { "type": "string", "description": "Inline JavaScript (or an ES module with import/export: its default export is the result)." },
                    "path": { "type": "string", "description": "Instead of source: a .js/.mjs/.ts file under script_root." },
                    "args": { "description": "Bound to the global `args`; never spliced into the source." },
                    "timeout_ms": { "type": "integer", "minimum": 1, "description": "Default 300000." },
                    "memory_limit_mb": { "type": "integer", "minimum": 1, "description": "Default 256." },
                    "session": session
                },
                "additionalProperties": false
            }),
            ToolAnnotations::with_title("Run a script").read_only(false).destructive(true).idempotent(false).open_world(true),
        ),
        tool(
            "session_list",
            "List the open sessions: calls, busy, idle time, whether a browser page is open, vars count.",
            json!({ "type": "object", "properties": {}, "additionalProperties": false }),
            ToolAnnotations::with_title("List sessions").read_only(true).open_world(false),
        ),
        tool(
            "session_close",
            "Close a session: its browser context, globals and vars (the instance's browser closes with its last session).",
            json!({
                "type": "object",
                "properties": { "session": session },
                "required": ["session"],
                "additionalProperties": false
            }),
            ToolAnnotations::with_title("Close a session").read_only(false).destructive(true).idempotent(true).open_world(false),
        ),
        tool(
            "bdd_steps",
            "List the project's step definitions (built-in, Rust, JS/TS): expression, keyword, source file:line, \
             description and example where known.",
            json!({
                "type": "object",
                "properties": { "filter": { "type": "string", "description": "Only definitions whose expression, description or source contains this text (case-insensitive)." } },
                "additionalProperties": false
            }),
            ToolAnnotations::with_title("List steps").read_only(true).open_world(false),
        ),
        tool(
            "bdd_run_steps",
            "Run Gherkin step lines (doc strings and data tables allowed) in the session's World, on the page run_script \
             sees. Stops at the first step that does not pass. Returns each step's status, duration, error with its \
             source, snippets for undefined steps, candidates for ambiguous ones; failure screenshots as images.",
            json!({
                "type": "object",
                "properties": {
                    "steps": { "type": "string", "description": "Step lines, e.g. \"Given I open \\\"/login\\\"\\nWhen I click the \\\"Sign in\\\" button\"." },
                    "session": session
                },
                "required": ["steps"],
                "additionalProperties": false
            }),
            ToolAnnotations::with_title("Run steps").read_only(false).destructive(true).idempotent(false).open_world(true),
        ),
        tool(
            "bdd_run",
            "Run feature files as `ferridriver bdd` would (own browsers, fresh context per scenario). Returns counts \
             and each failed scenario with its failing step and error.",
            json!({
                "type": "object",
                "properties": {
                    "paths": { "type": "array", "items": { "type": "string" }, "description": "Feature files or directories, with optional :line (default: the config's paths or features/)." },
                    "tags": { "type": "string", "description": "Tag expression, e.g. \"@smoke and not @slow\"." },
                    "name": { "type": "string", "description": "Only scenarios whose name matches this regular expression." }
                },
                "additionalProperties": false
            }),
            ToolAnnotations::with_title("Run features").read_only(false).destructive(false).idempotent(true).open_world(true),
        ),
        tool(
            "ferridriver_extensions",
            "List the loaded extension files, their tools (declared and MCP name, description, exposed or why not, \
             timeout, declared capabilities) and the files that failed to load.",
            json!({ "type": "object", "properties": {}, "additionalProperties": false }),
            ToolAnnotations::with_title("List extensions").read_only(true).open_world(false),
        ),
        tool(
            "bdd_draft_scenario",
            "Write the steps that passed in this session since the last draft as a Gherkin feature, ready to save.",
            json!({
                "type": "object",
                "properties": {
                    "feature": { "type": "string" },
                    "scenario": { "type": "string" },
                    "keep": { "type": "boolean", "description": "Keep the steps for the next draft (default false)." },
                    "session": session
                },
                "additionalProperties": false
            }),
            ToolAnnotations::with_title("Draft a scenario").read_only(true).open_world(false),
        ),
    ];
    tools.sort_by(|a, b| a.name.cmp(&b.name));
    tools
}

/// The MCP name of a declared tool name: lower case, every character outside `[a-z0-9_]`
/// (dots included: several clients refuse them) becomes `_`, a leading non-letter gets `x_`,
/// at most 64 characters (`box.login` → `box_login`).
pub fn wire_name(declared: &str) -> String {
    let mut out: String = declared
        .chars()
        .map(|c| {
            let c = c.to_ascii_lowercase();
            if c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_' {
                c
            } else {
                '_'
            }
        })
        .collect();
    if !out.starts_with(|c: char| c.is_ascii_lowercase()) {
        out.insert_str(0, "x_");
    }
    out.truncate(64);
    out
}

/// Whether `name` is a name every MCP client accepts.
pub fn is_valid_tool_name(name: &str) -> bool {
    let mut chars = name.chars();
    matches!(chars.next(), Some('a'..='z'))
        && name.len() <= 64
        && chars.all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wire_names() {
        assert_eq!(wire_name("box.login"), "box_login");
        assert_eq!(wire_name("Vendor.Area-Action"), "vendor_area_action");
        assert_eq!(wire_name("3d.view"), "x_3d_view");
        assert!(is_valid_tool_name(&wire_name(&"é".repeat(100))));
    }

    #[test]
    fn tools_are_sorted_valid_and_small() {
        let tools = builtin_tools();
        let names: Vec<&str> = tools.iter().map(|t| t.name.as_ref()).collect();
        assert_eq!(names, BUILTIN_TOOLS);
        assert!(names.iter().all(|n| is_valid_tool_name(n)));
        let bytes = serde_json::to_vec(&tools).unwrap().len();
        assert!(bytes < 12 * 1024, "tools/list is {bytes} bytes");
        for t in &tools {
            assert!(t.annotations.is_some(), "{} has annotations", t.name);
            jsonschema::validator_for(&Value::Object((*t.input_schema).clone())).unwrap();
        }
    }
}
