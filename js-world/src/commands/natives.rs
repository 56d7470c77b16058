//! The natives behind a handler's `commands`: each call names its tool by index, and the
//! declared commands are looked up here, in Rust, from the registry — a handler cannot grant
//! itself a command its manifest did not declare.

use super::exec::{run_once, Processes};
use super::spec::{parse_commands, CommandSpec};
use crate::net_policy::{NetGrant, NetRule};
use crate::policy::{Capability, HostPolicy};
use crate::running::Actor;
use crate::JsErrorName;
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
    /// Per tool index: its plugin (none: the project's own tool).
    plugins: Vec<Option<String>>,
    /// Per tool index: its network grant (its `allow.net` under the policy).
    nets: Vec<Arc<NetGrant>>,
    /// The policy and the session's auditor.
    policy: HostPolicy,
    /// The session's persistent processes (kept across VM rebuilds).
    pub(crate) processes: Arc<Processes>,
    /// Where commands run (relative `cwd`s resolve against it): the project root.
    root: PathBuf,
}

/// A command refused: `CapabilityDeniedError` for the policy, plain errors otherwise.
struct Refused {
    name: Option<JsErrorName>,
    message: String,
}

impl From<String> for Refused {
    fn from(message: String) -> Self {
        Refused { name: None, message }
    }
}

impl CommandContext {
    /// From the registry's tools (a tool whose commands do not parse has none: its load
    /// already reported why), under `policy`.
    pub(crate) fn new<'a>(
        tools: impl Iterator<Item = &'a ToolDefinition>,
        processes: Arc<Processes>,
        root: PathBuf,
        policy: HostPolicy,
    ) -> Self {
        let (mut commands, mut names, mut plugins, mut nets) = (Vec::new(), Vec::new(), Vec::new(), Vec::new());
        for tool in tools {
            let declared = parse_commands(&tool.allow["commands"]).unwrap_or_default();
            commands.push(declared.into_iter().collect());
            names.push(tool.name.clone());
            plugins.push(tool.plugin.clone());
            nets.push(Arc::new(net_grant(tool, &policy)));
        }
        CommandContext { commands, names, plugins, nets, policy, processes, root }
    }

    /// Tool `tool`'s network grant.
    pub(crate) fn net(&self, tool: usize) -> Arc<NetGrant> {
        self.nets.get(tool).cloned().unwrap_or_else(|| Arc::new(NetGrant::any("?")))
    }

    /// Who `actor` is, for decisions and messages: its plugin (none: the project's) and name.
    fn who<'a>(&'a self, actor: &'a Actor) -> (Option<&'a str>, String) {
        match actor {
            Actor::Tool(t) => (
                self.plugins.get(*t).and_then(Option::as_deref),
                self.names.get(*t).cloned().unwrap_or_else(|| "?".into()),
            ),
            Actor::Plugin(p) => (Some(p.as_str()), crate::running::events_label(p)),
        }
    }

    /// Whether every caller on `chain` before its innermost actor is granted `capability`:
    /// a callee never uses what its callers may not (each decision recorded).
    fn callers_allow(&self, chain: &[Actor], capability: Capability, target: &str) -> Result<(), Refused> {
        let Some((callee, callers)) = chain.split_last() else { return Ok(()) };
        let (_, callee_name) = self.who(callee);
        for caller in callers {
            let (plugin, name) = self.who(caller);
            if let Err(denial) = self.policy.capabilities.decide(plugin, &name, capability) {
                let message =
                    format!("{denial}; tool \"{callee_name}\" was called by it, and a call never lends a capability");
                if let Some(auditor) = &self.policy.auditor {
                    auditor.record(plugin, Some(&name), capability.name(), target, false, &message);
                }
                return Err(Refused { name: Some(JsErrorName::CapabilityDenied), message });
            }
        }
        Ok(())
    }

    /// The names `process.env` shows to the code of `chain` (none: the project's steps,
    /// hooks and scripts): `[scripting] allowEnv`'s names that are set, when the policy grants
    /// `env` to every actor on the chain (a plugin's handler reading a name is recorded).
    pub(crate) fn env_names(&self, chain: Option<&[Actor]>) -> Vec<String> {
        if !self.env_granted(chain) {
            return Vec::new();
        }
        self.policy.capabilities.env_names().iter().filter(|n| std::env::var(n).is_ok()).cloned().collect()
    }

    /// Whether the policy grants `env` to every actor of `chain` (none: the project's code).
    pub(crate) fn env_granted(&self, chain: Option<&[Actor]>) -> bool {
        let capabilities = &self.policy.capabilities;
        match chain {
            None | Some([]) => capabilities.decide(None, "steps", Capability::Env).is_ok(),
            Some(actors) => actors.iter().all(|a| {
                let (plugin, name) = self.who(a);
                capabilities.decide(plugin, &name, Capability::Env).is_ok()
            }),
        }
    }

    /// `process.env[name]` for the code of `chain`, recorded when a tool's or plugin's code
    /// reads a name `allowEnv` lists.
    pub(crate) fn env_value(&self, chain: Option<&[Actor]>, name: &str) -> Option<String> {
        let listed = self.policy.capabilities.env_names().iter().any(|n| n == name);
        let visible = listed && self.env_granted(chain);
        if let (true, Some(innermost), Some(auditor)) = (listed, chain.and_then(<[Actor]>::last), &self.policy.auditor)
        {
            let (plugin, tool) = self.who(innermost);
            let reason = if visible {
                "listed in allowEnv and granted by the policy".to_string()
            } else {
                format!("`env` is not granted to {tool} or one of its callers by the policy")
            };
            auditor.record(plugin, Some(&tool), Capability::Env.name(), name, visible, &reason);
        }
        visible.then(|| std::env::var(name).ok()).flatten()
    }

    /// The network grant of plugin `name`'s own code (its event handlers): no hosts of its
    /// own, so what the policy gives an empty `allow.net`.
    pub(crate) fn plugin_net(&self, name: &str) -> NetGrant {
        let label = crate::running::events_label(name);
        grant(&label, Some(name), Vec::new(), &self.policy)
    }

    /// Whether the code of `chain` (none: the project's steps, hooks and scripts) may run
    /// `program` with `node:child_process` (ADR 0036): the policy grants `commands` to every
    /// actor on the chain — and, for code outside any tool's chain, to every handler running
    /// now (`active`, as (plugin, tool): fail closed) — and `listed` (the allow-list's verdict
    /// on the program) holds. Recorded either way; the error is the sentence to throw.
    pub(crate) fn admit_program(
        &self,
        chain: Option<&[Actor]>,
        active: &[(Option<String>, String)],
        program: &str,
        api: &str,
        listed: Result<(), String>,
    ) -> Result<(), String> {
        let (plugin, tool) = match chain.and_then(<[Actor]>::last) {
            Some(actor) => {
                let (plugin, name) = self.who(actor);
                (plugin.map(str::to_string), Some(name))
            }
            None => (None, None),
        };
        let record = |allowed: bool, reason: &str| {
            if let Some(auditor) = &self.policy.auditor {
                auditor.record(
                    plugin.as_deref(),
                    tool.as_deref(),
                    Capability::Commands.name(),
                    program,
                    allowed,
                    reason,
                );
            }
        };
        let mut actors: Vec<(Option<String>, String)> = match chain {
            None | Some([]) => vec![(None, "steps".to_string())],
            Some(actors) => actors.iter().map(|a| self.who(a)).map(|(p, n)| (p.map(str::to_string), n)).collect(),
        };
        if !chain.unwrap_or_default().iter().any(|a| matches!(a, Actor::Tool(_))) {
            actors.extend(active.iter().cloned());
        }
        for (plugin, name) in &actors {
            if let Err(denial) = self.policy.capabilities.decide(plugin.as_deref(), name, Capability::Commands) {
                record(false, &denial.message);
                let why = denial.message.trim_start_matches("CAPABILITY_DENIED: ");
                return Err(format!("CAPABILITY_DENIED: child_process.{api}: {why}"));
            }
        }
        if let Err(why) = listed {
            let message = why.replacen("may not run", &format!("child_process.{api} may not run"), 1);
            record(false, &message);
            return Err(message);
        }
        record(true, "allowed by [scripting] allowCommands and granted by the policy");
        Ok(())
    }

    /// The programs `node:child_process` may run (`[scripting] allowCommands`).
    pub(crate) fn allowed_programs(&self) -> &[String] {
        self.policy.capabilities.allowed_programs()
    }

    /// Where commands run: the project root.
    pub(crate) fn root(&self) -> &std::path::Path {
        &self.root
    }

    /// The declared command `name` of `tool`, if the handler running now is that tool's and the
    /// policy grants it commands (and the environment the command passes through). Each
    /// decision is recorded.
    fn authorize(&self, tool: usize, running: Option<Arc<[Actor]>>, name: &str) -> Result<&CommandSpec, Refused> {
        let declared = self.commands.get(tool).ok_or_else(|| format!("no tool {tool}"))?;
        let tool_name = self.names.get(tool).map(String::as_str).unwrap_or("?");
        let plugin = self.plugins.get(tool).and_then(Option::as_deref);
        let record = |capability: Capability, target: &str, allowed, reason: &str| {
            if let Some(auditor) = &self.policy.auditor {
                auditor.record(plugin, Some(tool_name), capability.name(), target, allowed, reason);
            }
        };
        let chain: &[Actor] = running.as_deref().unwrap_or_default();
        if chain.last() != Some(&Actor::Tool(tool)) {
            // A handler's `commands` object used by other code (another plugin's handler, a
            // script that kept it): the capability is the running handler's, not the object's.
            let message = format!(
                "CAPABILITY_DENIED: the commands of tool \"{tool_name}\" may only be used by its own handler (called from {})",
                match chain.last() {
                    Some(other @ Actor::Tool(_)) => format!("tool \"{}\"", self.who(other).1),
                    Some(other) => self.who(other).1,
                    None => "outside any tool handler".to_string(),
                }
            );
            record(Capability::Commands, name, false, &message);
            return Err(Refused { name: Some(JsErrorName::CapabilityDenied), message });
        }
        let spec = declared.get(name).ok_or_else(|| {
            let mut known: Vec<&str> = declared.keys().map(String::as_str).collect();
            known.sort();
            format!(
                "tool \"{tool_name}\" did not declare a command \"{name}\" in allow.commands (declared: {})",
                if known.is_empty() { "none".to_string() } else { known.join(", ") }
            )
        })?;
        let checks = [(Capability::Commands, name.to_string())]
            .into_iter()
            .chain((!spec.env.is_empty()).then(|| (Capability::Env, spec.env.join(","))));
        for (capability, target) in checks {
            self.callers_allow(chain, capability, &target)?;
            match self.policy.capabilities.decide(plugin, tool_name, capability) {
                Ok(()) => record(capability, &target, true, "declared by the tool and granted by the policy"),
                Err(denial) => {
                    record(capability, &target, false, &denial.message);
                    return Err(Refused { name: Some(JsErrorName::CapabilityDenied), message: denial.message });
                }
            }
        }
        Ok(spec)
    }
}

/// `tool`'s `allow.net` under `policy`.
fn net_grant(tool: &ToolDefinition, policy: &HostPolicy) -> NetGrant {
    grant(&tool.name, tool.plugin.as_deref(), crate::net_policy::parse_rules(&tool.allow["net"]), policy)
}

/// What code named `name` (of `plugin`) that declares `hosts` may reach under `policy`.
fn grant(name: &str, plugin: Option<&str>, hosts: Vec<String>, policy: &HostPolicy) -> NetGrant {
    let capabilities = &policy.capabilities;
    let rule = match capabilities.decide(plugin, name, Capability::Net) {
        Err(denial) => NetRule::Denied(denial.message),
        Ok(()) if hosts.is_empty() && capabilities.empty_net_is_none(plugin) => {
            NetRule::Denied(capabilities.no_net_message(plugin, name))
        }
        Ok(()) if hosts.is_empty() => NetRule::Any,
        Ok(()) => NetRule::Hosts(hosts),
    };
    NetGrant { rule, tool: name.to_string(), plugin: plugin.map(str::to_string), auditor: policy.auditor.clone() }
}

fn key(tool: usize, name: &str) -> String {
    format!("{tool}:{name}")
}

/// Adds `commandRun/Start/Status/Stop` (and `checkAllow`, used while loading) to `native`.
pub(crate) fn install<'js>(
    ctx: &Ctx<'js>,
    native: &Object<'js>,
    context: Option<Arc<CommandContext>>,
    session: Option<Arc<crate::playwright::Session>>,
) -> rquickjs::Result<()> {
    native.set(
        "checkAllow",
        Function::new(ctx.clone(), |json: String| -> Option<String> {
            let value: serde_json::Value = serde_json::from_str(&json).ok()?;
            parse_commands(&value["commands"]).err().or_else(|| crate::net_policy::rules_problem(&value["net"]))
        })?,
    )?;
    let (Some(context), Some(session)) = (context, session) else { return Ok(()) };
    // Which handler runs now, as Rust saw it (never the index the call passes).
    let running = move || session.net().chain(session.net().running());
    let c = Arc::clone(&context);
    let now = running.clone();
    native.set(
        "commandRun",
        Function::new(
            ctx.clone(),
            Async(move |tool: f64, name: String, vars: String| {
                let c = Arc::clone(&c);
                // Read at the call: the future may first run after other code.
                let running = now();
                async move {
                    let vars: serde_json::Value = serde_json::from_str(&vars).unwrap_or_default();
                    let vars = vars.as_object().cloned().unwrap_or_default();
                    let result = match c.authorize(tool as usize, running, &name) {
                        Ok(spec) => run_once(&name, spec, &vars, &c.root).await.map_err(Refused::from),
                        Err(e) => Err(e),
                    };
                    Ok::<_, rquickjs::Error>(encode(result))
                }
            }),
        )?,
    )?;
    let (c, now) = (Arc::clone(&context), running.clone());
    native.set(
        "commandStart",
        Function::new(ctx.clone(), move |tool: f64, name: String| {
            let t = tool as usize;
            encode(c.authorize(t, now(), &name).and_then(|s| Ok(c.processes.start(&key(t, &name), &name, s, &c.root)?)))
        })?,
    )?;
    let (c, now) = (Arc::clone(&context), running.clone());
    native.set(
        "commandStatus",
        Function::new(ctx.clone(), move |tool: f64, name: String| {
            let t = tool as usize;
            encode(c.authorize(t, now(), &name).and_then(|s| Ok(c.processes.status(&key(t, &name), &name, s)?)))
        })?,
    )?;
    let c = context;
    native.set(
        "commandStop",
        Function::new(ctx.clone(), move |tool: f64, name: String| {
            let t = tool as usize;
            encode(
                c.authorize(t, running(), &name)
                    .and_then(|s| Ok(c.processes.stop(&key(t, &name), &name, s)?))
                    .map(serde_json::Value::Bool),
            )
        })?,
    )?;
    Ok(())
}

/// `{ok}` or `{error, name?}` as JSON (the prelude throws the error at the caller's line).
fn encode(result: Result<serde_json::Value, Refused>) -> String {
    match result {
        Ok(v) => serde_json::json!({ "ok": v }).to_string(),
        Err(Refused { name: Some(name), message }) => serde_json::json!({ "error": message, "name": name }).to_string(),
        Err(Refused { name: None, message }) => serde_json::json!({ "error": message }).to_string(),
    }
}
