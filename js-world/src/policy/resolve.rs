//! The precedence chain (flag > environment > project config > user config > default) resolved
//! into one decision per plugin and capability.

use super::audit::AuditLog;
use super::profile::{Capability, Profile};
use std::collections::{BTreeMap, HashMap};
use std::fmt;
use std::sync::Arc;

/// A plugin's `allow`/`deny` capability names at one level.
#[derive(Debug, Clone, Default, PartialEq, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PluginOverride {
    /// Capabilities granted beyond the profile.
    #[serde(default)]
    pub allow: Vec<String>,
    /// Capabilities taken away (deny beats allow at the same level).
    #[serde(default)]
    pub deny: Vec<String>,
}

/// One level of the chain: where it comes from (for messages), the profile it names (if any)
/// and its per-plugin overrides.
#[derive(Debug, Clone, Default)]
pub struct PolicyLayer {
    /// Where this level was read: `--extension-policy`, `ferridriver.toml`…
    pub source: String,
    /// The profile named here.
    pub profile: Option<String>,
    /// Per plugin name.
    pub plugins: BTreeMap<String, PluginOverride>,
}

/// The resolved policy of one host process, with its audit log.
#[derive(Debug)]
pub struct Capabilities {
    profile: Profile,
    /// Where the profile was set (`the default` when nowhere).
    profile_source: String,
    /// `(plugin, capability)` → granted, and the level that decided it.
    overrides: HashMap<(String, Capability), (bool, String)>,
    /// Grants left out because they come from below the level that names the profile: the
    /// level each was written at (for the denial's message).
    outranked: HashMap<(String, Capability), String>,
    /// Where uses and denials are recorded (none: not recorded).
    audit: Option<Arc<AuditLog>>,
    /// What resolving found worth a warning (an unknown profile name).
    warnings: Vec<String>,
    /// Folders whose `file:` pages the agent hosts may open besides script_root and
    /// artifacts_root (`fileRoots`, absolute).
    file_roots: Vec<std::path::PathBuf>,
    /// The environment variables `process.env` shows (`[scripting] allowEnv`), when set and
    /// the profile lets handlers see the environment at all.
    visible_env: Vec<String>,
    /// The programs `node:child_process` may run (`[scripting] allowCommands`), by name.
    allowed_programs: Vec<String>,
}

/// A capability a tool may not use, and why.
#[derive(Debug, Clone, PartialEq)]
pub struct Denial {
    /// What was denied.
    pub capability: Capability,
    /// The whole sentence: capability, tool, plugin, profile and how to grant it.
    pub message: String,
}

impl fmt::Display for Denial {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl Default for Capabilities {
    /// The `standard` profile, set by nobody, recording nothing.
    fn default() -> Self {
        Capabilities {
            profile: Profile::Standard,
            profile_source: "the default".into(),
            overrides: HashMap::new(),
            outranked: HashMap::new(),
            audit: None,
            warnings: Vec::new(),
            file_roots: Vec::new(),
            visible_env: Vec::new(),
            allowed_programs: Vec::new(),
        }
    }
}

impl Capabilities {
    /// Resolves `layers`, highest precedence first. An unknown capability name is an error
    /// naming its level; an unknown profile name is `safe` with a warning (see [`Self::warnings`]).
    pub fn resolve(layers: &[PolicyLayer], audit: Option<Arc<AuditLog>>) -> Result<Capabilities, String> {
        let mut resolved = Capabilities { audit, ..Default::default() };
        // The level that names the profile: a grant from below it would undo that choice
        // (`--extension-policy safe` over a project's `allow`), so it does not apply; a deny
        // applies from any level.
        let profile_level = layers.iter().position(|l| l.profile.is_some());
        if let Some(layer) = profile_level.map(|i| &layers[i]) {
            let name = layer.profile.as_deref().unwrap_or_default();
            let (profile, warning) = Profile::parse(name);
            resolved.profile = profile;
            resolved.profile_source = layer.source.clone();
            resolved.warnings.extend(warning.map(|w| format!("{}: {w}", layer.source)));
        }
        // Lowest level first, so a higher one overwrites what it also decides.
        for (level, layer) in layers.iter().enumerate().rev() {
            let outranked = profile_level.is_some_and(|p| level > p);
            for (plugin, o) in &layer.plugins {
                let mut decided: HashMap<Capability, bool> = HashMap::new();
                for (names, granted) in [(&o.allow, true), (&o.deny, false)] {
                    for name in names {
                        let capability = Capability::parse(name).ok_or_else(|| {
                            format!(
                                "{}: [extensions.policy.plugins.{plugin}]: unknown capability `{name}` (known: net, env, commands)",
                                layer.source
                            )
                        })?;
                        // Deny is applied after allow: at one level, deny wins.
                        decided.insert(capability, granted);
                    }
                }
                for (capability, granted) in decided {
                    let key = (plugin.clone(), capability);
                    if granted && outranked {
                        resolved.outranked.insert(key, layer.source.clone());
                        continue;
                    }
                    resolved.outranked.remove(&key);
                    resolved.overrides.insert(key, (granted, layer.source.clone()));
                }
            }
        }
        Ok(resolved)
    }

    /// Grants the agent hosts' `file:` pages these folders too.
    pub fn with_file_roots(mut self, roots: Vec<std::path::PathBuf>) -> Self {
        self.file_roots = roots;
        self
    }

    /// Lets `process.env` show these variables (`[scripting] allowEnv`); each load of the
    /// project resolves its own list, so a reload sees an edited one.
    pub fn with_visible_env(mut self, names: Vec<String>) -> Self {
        self.visible_env = names;
        self
    }

    /// Lets `node:child_process` run the programs `names` (`[scripting] allowCommands`).
    pub fn with_allowed_programs(mut self, names: Vec<String>) -> Self {
        self.allowed_programs = names;
        self
    }

    /// The programs `node:child_process` may run, by name (to code the policy grants
    /// `commands`).
    pub fn allowed_programs(&self) -> &[String] {
        &self.allowed_programs
    }

    /// The environment variables `process.env` may show (`[scripting] allowEnv`): to code the
    /// policy grants `env` (the project's code under `safe` has none), and only those set.
    pub fn env_names(&self) -> &[String] {
        &self.visible_env
    }

    /// The folders granted to `file:` pages beyond the script hosts' own roots.
    pub fn file_roots(&self) -> &[std::path::PathBuf] {
        &self.file_roots
    }

    /// The profile in force.
    pub fn profile(&self) -> Profile {
        self.profile
    }

    /// Where the profile was set (`--extension-policy`, a config file, `the default`).
    pub fn profile_source(&self) -> &str {
        &self.profile_source
    }

    /// Warnings from resolving (print them once).
    pub fn warnings(&self) -> &[String] {
        &self.warnings
    }

    /// The audit log, if uses are recorded.
    pub fn audit(&self) -> Option<&Arc<AuditLog>> {
        self.audit.as_ref()
    }

    /// Whether tool `tool` (of `plugin`, or the project's when `None`) may use `capability`.
    pub fn decide(&self, plugin: Option<&str>, tool: &str, capability: Capability) -> Result<(), Denial> {
        if let Some((granted, source)) = plugin.and_then(|p| self.overrides.get(&(p.to_string(), capability))) {
            if *granted {
                return Ok(());
            }
            return Err(Denial {
                capability,
                message: format!(
                    "CAPABILITY_DENIED: tool \"{tool}\" of plugin {} may not use `{capability}`: denied for that plugin by {source} (the `{}` extension policy, set by {})",
                    plugin.unwrap_or_default(),
                    self.profile.name(),
                    self.profile_source
                ),
            });
        }
        if self.profile.grants(capability, plugin.is_some()) {
            return Ok(());
        }
        let whose = match plugin {
            Some(p) => format!("of plugin {p}"),
            None => "of the project".to_string(),
        };
        let outranked = plugin.and_then(|p| self.outranked.get(&(p.to_string(), capability)));
        let grant = match (plugin, outranked) {
            (Some(_), Some(source)) => format!(
                "the grant in {source} does not apply, being below {} which names the profile; ",
                self.profile_source
            ),
            (Some(p), None) => format!("grant it with [extensions.policy.plugins.{p}] allow = [\"{capability}\"] or "),
            (None, _) => String::new(),
        };
        Err(Denial {
            capability,
            message: format!(
                "CAPABILITY_DENIED: tool \"{tool}\" {whose} may not use `{capability}` under the `{}` extension policy (set by {}); {grant}choose another profile (--extension-policy)",
                self.profile.name(),
                self.profile_source
            ),
        })
    }

    /// Whether an empty `allow.net` means no network for this tool (the `safe` profile, unless
    /// an override allows the plugin `net`).
    pub fn empty_net_is_none(&self, plugin: Option<&str>) -> bool {
        let allowed_by_override = plugin
            .and_then(|p| self.overrides.get(&(p.to_string(), Capability::Net)))
            .is_some_and(|(granted, _)| *granted);
        self.profile == Profile::Safe && !allowed_by_override
    }

    /// Why an empty `allow.net` gives this tool no network (for its error).
    pub fn no_net_message(&self, plugin: Option<&str>, tool: &str) -> String {
        let whose = plugin.map(|p| format!(" of plugin {p}")).unwrap_or_default();
        format!(
            "CAPABILITY_DENIED: tool \"{tool}\"{whose} declares no allow.net hosts, which is no network under the `safe` extension policy (set by {}); declare the hosts it needs",
            self.profile_source
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn layer(source: &str, profile: Option<&str>, plugins: &[(&str, &[&str], &[&str])]) -> PolicyLayer {
        PolicyLayer {
            source: source.into(),
            profile: profile.map(str::to_string),
            plugins: plugins
                .iter()
                .map(|(p, allow, deny)| {
                    let names = |l: &[&str]| l.iter().map(|s| s.to_string()).collect();
                    (p.to_string(), PluginOverride { allow: names(allow), deny: names(deny) })
                })
                .collect(),
        }
    }

    #[test]
    fn the_highest_level_naming_a_profile_wins_and_unknown_names_fail_closed() {
        let c = Capabilities::resolve(&[layer("flag", None, &[]), layer("project", Some("permissive"), &[])], None)
            .unwrap();
        assert_eq!(c.profile(), Profile::Permissive);
        let c =
            Capabilities::resolve(&[layer("flag", Some("safe"), &[]), layer("project", Some("permissive"), &[])], None)
                .unwrap();
        assert_eq!(c.profile(), Profile::Safe);
        let c = Capabilities::resolve(&[layer("env", Some("lenient"), &[])], None).unwrap();
        assert_eq!(c.profile(), Profile::Safe);
        assert!(c.warnings()[0].contains("unknown extension policy `lenient`"), "{:?}", c.warnings());
        assert_eq!(Capabilities::resolve(&[], None).unwrap().profile(), Profile::Standard);
    }

    #[test]
    fn profiles_and_overrides_decide_per_plugin() {
        let standard = Capabilities::resolve(&[], None).unwrap();
        assert!(standard.decide(None, "t", Capability::Commands).is_ok(), "the project's own tools");
        let denied = standard.decide(Some("box"), "box.x", Capability::Commands).unwrap_err();
        assert!(denied.message.contains("plugin box") && denied.message.contains("`standard`"), "{denied}");
        let safe = Capabilities::resolve(&[layer("f", Some("safe"), &[])], None).unwrap();
        assert!(safe.decide(None, "t", Capability::Commands).is_err());
        assert!(safe.decide(None, "t", Capability::Env).is_err());
        assert!(safe.decide(Some("box"), "t", Capability::Net).is_ok());
        assert!(safe.empty_net_is_none(Some("box")));
        let c = Capabilities::resolve(
            &[
                layer("project", None, &[("box", &["commands"], &["net"])]),
                layer("user", None, &[("box", &["net"], &["commands"])]),
            ],
            None,
        )
        .unwrap();
        assert!(c.decide(Some("box"), "t", Capability::Commands).is_ok(), "the higher level wins");
        let net = c.decide(Some("box"), "t", Capability::Net).unwrap_err();
        assert!(net.message.contains("by project"), "{net}");
        let both = Capabilities::resolve(&[layer("p", None, &[("box", &["net"], &["net"])])], None).unwrap();
        assert!(both.decide(Some("box"), "t", Capability::Net).is_err(), "deny beats allow at one level");
        assert!(Capabilities::resolve(&[layer("p", None, &[("box", &["disk"], &[])])], None).is_err());
    }

    #[test]
    fn a_grant_below_the_level_that_names_the_profile_does_not_undo_it() {
        let c = Capabilities::resolve(
            &[
                layer("--extension-policy", Some("safe"), &[]),
                layer("ferridriver.toml", None, &[("box", &["commands", "env"], &[])]),
            ],
            None,
        )
        .unwrap();
        let denied = c.decide(Some("box"), "box.deploy", Capability::Commands).unwrap_err();
        assert!(
            denied.message.contains("the grant in ferridriver.toml does not apply, being below --extension-policy"),
            "{denied}"
        );
        assert!(c.decide(Some("box"), "box.x", Capability::Env).is_err());
        let above = Capabilities::resolve(
            &[
                layer("--extension-policy", None, &[("box", &["commands"], &[])]),
                layer("ferridriver.toml", Some("safe"), &[]),
            ],
            None,
        )
        .unwrap();
        assert!(above.decide(Some("box"), "box.deploy", Capability::Commands).is_ok(), "a grant above the profile");
        let same =
            Capabilities::resolve(&[layer("ferridriver.toml", Some("safe"), &[("box", &["commands"], &[])])], None)
                .unwrap();
        assert!(same.decide(Some("box"), "box.deploy", Capability::Commands).is_ok(), "a grant beside the profile");
        let deny = Capabilities::resolve(
            &[
                layer("--extension-policy", Some("permissive"), &[]),
                layer("config.toml", None, &[("box", &[], &["net"])]),
            ],
            None,
        )
        .unwrap();
        assert!(deny.decide(Some("box"), "box.x", Capability::Net).is_err(), "a deny applies from any level");
    }
}
