//! Extension tools on the MCP side: which are exposed under which wire name, which are not and
//! why (a wire name that collides with a built-in or another tool is not exposed), and the
//! `ferridriver_extensions` report.

use crate::tools::{is_valid_tool_name, wire_name, BUILTIN_TOOLS};
use ferridriver_js_world::policy::Capabilities;
use ferridriver_js_world::JsPlugin;
use ferridriver_steps::registry::{Registry, ToolDefinition};
use rmcp::model::{JsonObject, Tool, ToolAnnotations};
use serde_json::{json, Value};
use std::collections::HashMap;
use std::sync::Arc;

/// The exposure of every extension tool, decided once when the server starts.
#[derive(Debug, Default)]
pub struct Exposure {
    /// Wire name → index in `registry.tools`.
    pub by_wire: HashMap<String, usize>,
    /// Index → why it is not exposed (for promoted tools only).
    pub refused: HashMap<usize, String>,
}

impl Exposure {
    /// Decides the wire names: in definition order, the first tool to claim a wire name gets
    /// it; built-in names are never given away.
    pub fn decide(registry: &Registry) -> Exposure {
        let mut exposure = Exposure::default();
        let mut claimed: HashMap<String, String> = HashMap::new();
        for (i, tool) in registry.tools.iter().enumerate() {
            if !tool.expose {
                continue;
            }
            let wire = wire_name(&tool.name);
            if BUILTIN_TOOLS.contains(&wire.as_str()) {
                exposure.refused.insert(i, format!("its MCP name `{wire}` is a built-in tool's"));
            } else if let Some(owner) = claimed.get(&wire) {
                exposure.refused.insert(i, format!("its MCP name `{wire}` is already taken by \"{owner}\""));
            } else if !is_valid_tool_name(&wire) {
                exposure.refused.insert(i, format!("`{wire}` is not a valid MCP tool name"));
            } else {
                claimed.insert(wire.clone(), tool.name.clone());
                exposure.by_wire.insert(wire, i);
            }
        }
        exposure
    }

    /// The exposed tools as `tools/list` shows them.
    pub fn tools(&self, registry: &Registry) -> Vec<Tool> {
        self.by_wire.iter().filter_map(|(wire, i)| registry.tools.get(*i).map(|t| listed(wire, t))).collect()
    }
}

fn object(value: &Value) -> Arc<JsonObject> {
    Arc::new(value.as_object().cloned().unwrap_or_default())
}

fn listed(wire: &str, tool: &ToolDefinition) -> Tool {
    let input = tool.input_schema.clone().unwrap_or_else(|| json!({ "type": "object" }));
    let description = tool.description.clone().unwrap_or_else(|| format!("Extension tool {}", tool.name));
    let mut listed = Tool::new(wire.to_string(), description, object(&input))
        .with_title(tool.name.clone())
        .with_annotations(ToolAnnotations::with_title(tool.name.clone()).open_world(true));
    if let Some(output) = &tool.output_schema {
        listed = listed.with_raw_output_schema(object(output));
    }
    listed
}

/// What the extension report is made of: one load of the project and its policy.
pub struct ReportInput<'a> {
    /// Steps and tools.
    pub registry: &'a Registry,
    /// Wire names.
    pub exposure: &'a Exposure,
    /// The bundled files, relative to the project.
    pub files: &'a [String],
    /// Load errors (a file that failed, a plugin that failed closed, with the reason).
    pub errors: &'a [String],
    /// The plugins that loaded.
    pub plugins: Vec<&'a JsPlugin>,
    /// What the tools may use.
    pub policy: &'a Capabilities,
}

/// The `ferridriver_extensions` report (and `ferridriver extensions list --json`): the policy,
/// every file with its plugins, tools and steps, every plugin, every tool with its wire name
/// and the policy's decision on each capability it declares, and the load errors.
pub fn report(input: &ReportInput<'_>) -> Value {
    let (registry, exposure) = (input.registry, input.exposure);
    let tools: Vec<Value> = registry
        .tools
        .iter()
        .enumerate()
        .map(|(i, t)| {
            let wire = exposure.by_wire.iter().find(|(_, j)| **j == i).map(|(w, _)| w.clone());
            json!({
                "name": t.name,
                "plugin": t.plugin,
                "mcp_name": wire,
                "description": t.description,
                "exposed": wire.is_some(),
                "not_exposed_because": exposure.refused.get(&i),
                "timeout_ms": t.timeout.map(|d| d.as_millis() as u64),
                "allow": t.allow,
                "capabilities": input.policy.describe_tool(t),
                "input_schema": t.input_schema.is_some(),
                "output_schema": t.output_schema.is_some(),
                "source": t.source.to_string(),
            })
        })
        .collect();
    let files: Vec<Value> = input
        .files
        .iter()
        .map(|f| {
            let defined: Vec<&str> =
                registry.tools.iter().filter(|t| &t.source.uri == f).map(|t| t.name.as_str()).collect();
            let steps: Vec<&str> = registry
                .steps
                .iter()
                .filter(|s| !s.builtin && &s.source.uri == f)
                .map(|s| s.pattern.as_str())
                .collect();
            let plugins: Vec<&str> =
                input.plugins.iter().filter(|p| &p.source.uri == f).map(|p| p.name.as_str()).collect();
            json!({ "file": f, "plugins": plugins, "tools": defined, "steps": steps })
        })
        .collect();
    let plugins: Vec<Value> = input
        .plugins
        .iter()
        .map(|p| {
            let tools: Vec<&str> = registry
                .tools
                .iter()
                .filter(|t| t.plugin.as_deref() == Some(p.name.as_str()))
                .map(|t| t.name.as_str())
                .collect();
            json!({
                "name": p.name,
                "version": p.version,
                "description": p.description,
                "source": p.source.to_string(),
                "tools": tools,
                "error_codes": p.error_codes,
                "lifecycle": lifecycle(p),
                "events": p.events,
            })
        })
        .collect();
    let policy = json!({ "profile": input.policy.profile().name(), "set_by": input.policy.profile_source() });
    json!({ "policy": policy, "files": files, "plugins": plugins, "tools": tools, "errors": input.errors })
}

/// The lifecycle functions a plugin declares (`["setup", "teardown"]`).
fn lifecycle(p: &ferridriver_js_world::JsPlugin) -> Vec<&'static str> {
    [p.has_setup.then_some("setup"), p.has_teardown.then_some("teardown")].into_iter().flatten().collect()
}
