//! What a tool asks for and what the policy answers, for `extensions list` and the MCP
//! `ferridriver_extensions` report (the same decisions the bindings make at the call).

use super::profile::Capability;
use super::resolve::Capabilities;
use crate::commands::parse_commands;
use ferridriver_steps::registry::ToolDefinition;

/// One capability a tool declares, and the policy's decision on it.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct CapabilityDecision {
    /// `net`, `env` or `commands`.
    pub capability: &'static str,
    /// What it declares: hosts, command names or variable names (`any host` for no list).
    pub requested: String,
    /// Granted or not.
    pub allowed: bool,
    /// Why not (the denial's message), when denied.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
}

impl Capabilities {
    /// Records, for `host` loading `tools`, the decision on every capability each declares
    /// (the `at load` lines of the audit log; nothing without a log).
    pub fn record_load<'a>(&self, host: &str, tools: impl Iterator<Item = &'a ToolDefinition>) {
        let Some(log) = self.audit() else { return };
        let auditor = super::Auditor::new(std::sync::Arc::clone(log), host, None);
        for tool in tools {
            for d in self.describe_tool(tool) {
                let reason = match &d.reason {
                    Some(why) => format!("at load: {why}"),
                    None => "at load: declared by the tool and granted by the policy".to_string(),
                };
                auditor.record(
                    tool.plugin.as_deref(),
                    Some(&tool.name),
                    d.capability,
                    &d.requested,
                    d.allowed,
                    &reason,
                );
            }
        }
    }

    /// The decisions on everything `tool` declares: always `net`, then `commands` and `env`
    /// when it declares commands (and environment for them).
    pub fn describe_tool(&self, tool: &ToolDefinition) -> Vec<CapabilityDecision> {
        let plugin = tool.plugin.as_deref();
        let decide = |capability: Capability, requested: String| {
            let decision = self.decide(plugin, &tool.name, capability);
            CapabilityDecision {
                capability: capability.name(),
                requested,
                allowed: decision.is_ok(),
                reason: decision.err().map(|d| d.message),
            }
        };
        let hosts = crate::net_policy::parse_rules(&tool.allow["net"]);
        let mut out = vec![if hosts.is_empty() && self.empty_net_is_none(plugin) {
            CapabilityDecision {
                capability: "net",
                requested: "no hosts".into(),
                allowed: false,
                reason: Some(self.no_net_message(plugin, &tool.name)),
            }
        } else if hosts.is_empty() {
            decide(Capability::Net, "any host".into())
        } else {
            decide(Capability::Net, hosts.join(", "))
        }];
        let commands = parse_commands(&tool.allow["commands"]).unwrap_or_default();
        if !commands.is_empty() {
            let mut names: Vec<&str> = commands.iter().map(|(n, _)| n.as_str()).collect();
            names.sort();
            out.push(decide(Capability::Commands, names.join(", ")));
            let mut env: Vec<&str> = commands.iter().flat_map(|(_, s)| s.env.iter().map(String::as_str)).collect();
            env.sort();
            env.dedup();
            if !env.is_empty() {
                out.push(decide(Capability::Env, env.join(", ")));
            }
        }
        out
    }
}
