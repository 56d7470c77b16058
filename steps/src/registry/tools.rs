//! Extension tools (`defineTool`) as the registry holds them: every host reads them from here
//! (the MCP server exposes the promoted ones; scripts and steps call them as `plugins[name]`).

use super::SourceLocation;
use std::time::Duration;

/// Who runs a tool: a host's definition by index (the JS world's VM).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ToolBody {
    /// Definition `i` of the host.
    External(usize),
}

/// A registered tool.
#[derive(Debug, Clone, PartialEq)]
pub struct ToolDefinition {
    /// The declared name (`box.login`); unique.
    pub name: String,
    /// Shown to agents.
    pub description: Option<String>,
    /// The JSON Schema its arguments must match, checked before the handler runs.
    pub input_schema: Option<serde_json::Value>,
    /// The JSON Schema its result must match, checked before the result leaves.
    pub output_schema: Option<serde_json::Value>,
    /// Promoted to an MCP tool (`exposeAsTool`).
    pub expose: bool,
    /// Its own timeout, for every caller.
    pub timeout: Option<Duration>,
    /// The declared capabilities (`{ "commands": {…}, "net": […] }`).
    pub allow: serde_json::Value,
    /// The plugin that registered it (`definePlugin`); `None` for the project's own
    /// `defineTool`, whatever its name. The capability policy decides by it (ADR 0025).
    pub plugin: Option<String>,
    /// Where it was defined.
    pub source: SourceLocation,
    /// Who runs it.
    pub body: ToolBody,
}
