//! The `[extensions]` table (the extension files and their policy) and the precedence chain
//! that resolves the policy every host runs extension tools under (ADR 0025): the
//! `--extension-policy` flag, `FERRIDRIVER_EXTENSION_POLICY`, the project's
//! `[extensions.policy]`, the user's (`$XDG_CONFIG_HOME/ferridriver/config.toml`), the default.

use ferridriver_js_world::policy::{AuditLog, Capabilities, PluginOverride, PolicyLayer};
use serde::Deserialize;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// The environment variable naming a profile (below the flag, above the config files).
pub const POLICY_ENV: &str = "FERRIDRIVER_EXTENSION_POLICY";

/// Where the audit log goes unless `--audit-log` says otherwise (relative to the project).
pub const DEFAULT_AUDIT_LOG: &str = ".ferridriver/audit.jsonl";

/// `extensions = ["…"]` (the files) or an `[extensions]` table with `files` and `policy`.
#[derive(Debug, Default, Clone)]
pub struct ExtensionsConfig {
    /// Extension files and globs, relative to the project.
    pub files: Vec<String>,
    /// `[extensions.policy]`.
    pub policy: Option<PolicyConfig>,
}

/// `[extensions.policy]`: a profile and per-plugin overrides.
#[derive(Debug, Default, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PolicyConfig {
    /// `safe`, `standard` or `permissive`.
    pub profile: Option<String>,
    /// `[extensions.policy.plugins.NAME] allow = […], deny = […]`.
    #[serde(default)]
    pub plugins: BTreeMap<String, PluginOverride>,
    /// Folders (relative to the project) whose `file:` pages the agent hosts (mcp, run) may
    /// open besides script_root and artifacts_root. Read from the project's config only.
    #[serde(default, alias = "fileRoots")]
    pub file_roots: Vec<String>,
}

impl<'de> Deserialize<'de> for ExtensionsConfig {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        #[derive(Deserialize)]
        #[serde(deny_unknown_fields)]
        struct Table {
            #[serde(default)]
            files: Vec<String>,
            policy: Option<PolicyConfig>,
        }
        #[derive(Deserialize)]
        #[serde(untagged)]
        enum Form {
            List(Vec<String>),
            Table(Table),
        }
        match Form::deserialize(deserializer).map_err(|_| {
            serde::de::Error::custom(
                "`extensions` is a list of files, or a table with `files` and `policy` ([extensions.policy] profile = \"safe\" | \"standard\" | \"permissive\", [extensions.policy.plugins.NAME] allow/deny)",
            )
        })? {
            Form::List(files) => Ok(ExtensionsConfig { files, policy: None }),
            Form::Table(t) => Ok(ExtensionsConfig { files: t.files, policy: t.policy }),
        }
    }
}

/// What the command line says about the policy (the same flags on `bdd`, `mcp` and `run`).
#[derive(Debug, Default, Clone, clap::Args)]
pub struct PolicyFlags {
    /// What extension tools may use: safe, standard (default) or permissive. Beats
    /// FERRIDRIVER_EXTENSION_POLICY and [extensions.policy] profile.
    #[arg(long = "extension-policy", value_name = "PROFILE")]
    pub profile: Option<String>,
    /// Where every capability use and denial is recorded (default .ferridriver/audit.jsonl).
    #[arg(long, value_name = "PATH")]
    pub audit_log: Option<PathBuf>,
}

/// The user's config file: `$XDG_CONFIG_HOME/ferridriver/config.toml`, else `~/.config/…`.
fn user_config() -> Option<PathBuf> {
    let base = std::env::var_os("XDG_CONFIG_HOME")
        .filter(|v| !v.is_empty())
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".config")))?;
    Some(base.join("ferridriver/config.toml"))
}

/// The `[extensions.policy]` of the user's config file, if it has one.
fn user_layer() -> Result<Option<PolicyLayer>, String> {
    let Some(path) = user_config().filter(|p| p.is_file()) else { return Ok(None) };
    let text = std::fs::read_to_string(&path).map_err(|e| format!("{}: cannot read: {e}", path.display()))?;
    let value: toml::Value = toml::from_str(&text).map_err(|e| format!("{}: {}", path.display(), e.message()))?;
    let Some(policy) = value.get("extensions").and_then(|e| e.get("policy")) else { return Ok(None) };
    let policy: PolicyConfig = policy
        .clone()
        .try_into()
        .map_err(|e: toml::de::Error| format!("{}: [extensions.policy]: {}", path.display(), e.message()))?;
    Ok(Some(layer(path.display().to_string(), &policy)))
}

fn layer(source: String, policy: &PolicyConfig) -> PolicyLayer {
    PolicyLayer { source, profile: policy.profile.clone(), plugins: policy.plugins.clone() }
}

/// Resolves the chain for a project at `root` whose config (at `config_path`) has `project`
/// and lets `process.env` show `allow_env` (`[scripting] allowEnv`) and `node:child_process`
/// run `allow_commands` (`[scripting] allowCommands`). Warnings (an unknown
/// profile name) are printed once here.
pub fn resolve(
    flags: &PolicyFlags,
    root: &Path,
    config_path: Option<&Path>,
    project: Option<&PolicyConfig>,
    allow_env: Vec<String>,
    allow_commands: Vec<String>,
) -> Result<Arc<Capabilities>, String> {
    let mut layers = Vec::new();
    if let Some(profile) = &flags.profile {
        layers.push(PolicyLayer {
            source: "--extension-policy".into(),
            profile: Some(profile.clone()),
            ..Default::default()
        });
    }
    if let Some(profile) = std::env::var(POLICY_ENV).ok().filter(|v| !v.trim().is_empty()) {
        layers.push(PolicyLayer { source: POLICY_ENV.into(), profile: Some(profile), ..Default::default() });
    }
    if let Some(policy) = project {
        let shown = config_path
            .map(|p| p.strip_prefix(root).unwrap_or(p).display().to_string())
            .unwrap_or_else(|| "the project config".into());
        layers.push(layer(shown, policy));
    }
    layers.extend(user_layer()?);
    let audit = flags.audit_log.clone().unwrap_or_else(|| root.join(DEFAULT_AUDIT_LOG));
    let roots = project.map(|p| p.file_roots.iter().map(|r| root.join(r)).collect()).unwrap_or_default();
    let capabilities = Capabilities::resolve(&layers, Some(AuditLog::shared(audit)))?
        .with_file_roots(roots)
        .with_visible_env(allow_env)
        .with_allowed_programs(allow_commands);
    for warning in capabilities.warnings() {
        eprintln!("warning: {warning}");
    }
    Ok(Arc::new(capabilities))
}
