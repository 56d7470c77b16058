//! The natives behind a handler's `commands`: each call names its tool by index, and the
//! declared commands are looked up here, in Rust, from the registry — a handler cannot grant
//! itself a command its manifest did not declare.

use super::exec::{run_once, Processes};
use super::spec::{parse_commands, CommandSpec};
use ferridriver_steps::registry::ToolDefinition;
use rquickjs::prelude::Async;
use rquickjs::{Ctx, Function, Object};
use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::Arc;

/// What the command natives of one session know.
pub(crate) struct CommandContext {
    /// Per tool index: its declared commands.
    commands: Vec<HashMap<String, CommandSpec>>,
    /// Tool names, for messages.
    names: Vec<String>,
    /// Per tool index: its `allow.net` list (empty: unrestricted).
    nets: Vec<Arc<Vec<String>>>,
    /// The session's persistent processes (kept across VM rebuilds).
    pub(crate) processes: Arc<Processes>,
    /// Where commands run (relative `cwd`s resolve against it): the project root.
    root: PathBuf,
}

impl CommandContext {
    /// From the registry's tools (a tool whose commands do not parse has none: its load
    /// already reported why).
    pub(crate) fn new<'a>(
        tools: impl Iterator<Item = &'a ToolDefinition>,
        processes: Arc<Processes>,
        root: PathBuf,
    ) -> Self {
        let (mut commands, mut names, mut nets) = (Vec::new(), Vec::new(), Vec::new());
        for tool in tools {
            let declared = parse_commands(&tool.allow["commands"]).unwrap_or_default();
            commands.push(declared.into_iter().collect());
            names.push(tool.name.clone());
            nets.push(Arc::new(crate::net_policy::parse_rules(&tool.allow["net"])));
        }
        CommandContext { commands, names, nets, processes, root }
    }

    /// Tool `tool`'s `allow.net` list.
    pub(crate) fn net(&self, tool: usize) -> Arc<Vec<String>> {
        self.nets.get(tool).cloned().unwrap_or_default()
    }

    fn spec(&self, tool: usize, name: &str) -> Result<&CommandSpec, String> {
        let declared = self.commands.get(tool).ok_or_else(|| format!("no tool {tool}"))?;
        declared.get(name).ok_or_else(|| {
            let mut known: Vec<&str> = declared.keys().map(String::as_str).collect();
            known.sort();
            format!(
                "tool \"{}\" did not declare a command \"{name}\" in allow.commands (declared: {})",
                self.names.get(tool).map(String::as_str).unwrap_or("?"),
                if known.is_empty() { "none".to_string() } else { known.join(", ") }
            )
        })
    }
}

fn key(tool: usize, name: &str) -> String {
    format!("{tool}:{name}")
}

/// Adds `commandRun/Start/Status/Stop` (and `checkAllow`, used while loading) to `native`.
pub(crate) fn install<'js>(
    ctx: &Ctx<'js>,
    native: &Object<'js>,
    context: Option<Arc<CommandContext>>,
) -> rquickjs::Result<()> {
    native.set(
        "checkAllow",
        Function::new(ctx.clone(), |json: String| -> Option<String> {
            let value: serde_json::Value = serde_json::from_str(&json).ok()?;
            parse_commands(&value["commands"]).err().or_else(|| crate::net_policy::rules_problem(&value["net"]))
        })?,
    )?;
    let Some(context) = context else { return Ok(()) };
    let c = Arc::clone(&context);
    native.set(
        "commandRun",
        Function::new(
            ctx.clone(),
            Async(move |tool: f64, name: String, vars: String| {
                let c = Arc::clone(&c);
                async move {
                    let vars: serde_json::Value = serde_json::from_str(&vars).unwrap_or_default();
                    let vars = vars.as_object().cloned().unwrap_or_default();
                    let result = match c.spec(tool as usize, &name) {
                        Ok(spec) => run_once(&name, spec, &vars, &c.root).await,
                        Err(e) => Err(e),
                    };
                    Ok::<_, rquickjs::Error>(encode(result))
                }
            }),
        )?,
    )?;
    let c = Arc::clone(&context);
    native.set(
        "commandStart",
        Function::new(ctx.clone(), move |tool: f64, name: String| {
            encode(
                c.spec(tool as usize, &name)
                    .and_then(|s| c.processes.start(&key(tool as usize, &name), &name, s, &c.root)),
            )
        })?,
    )?;
    let c = Arc::clone(&context);
    native.set(
        "commandStatus",
        Function::new(ctx.clone(), move |tool: f64, name: String| {
            encode(c.spec(tool as usize, &name).and_then(|s| c.processes.status(&key(tool as usize, &name), &name, s)))
        })?,
    )?;
    let c = context;
    native.set(
        "commandStop",
        Function::new(ctx.clone(), move |tool: f64, name: String| {
            encode(
                c.spec(tool as usize, &name)
                    .and_then(|s| c.processes.stop(&key(tool as usize, &name), &name, s))
                    .map(serde_json::Value::Bool),
            )
        })?,
    )?;
    Ok(())
}

/// `{ok}` or `{error}` as JSON (the prelude throws the error at the caller's line).
fn encode(result: Result<serde_json::Value, String>) -> String {
    match result {
        Ok(v) => serde_json::json!({ "ok": v }).to_string(),
        Err(e) => serde_json::json!({ "error": e }).to_string(),
    }
}
