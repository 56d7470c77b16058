//! The configuration file: `ferridriver.toml`, `.yaml`/`.yml` or `.json` in the working
//! directory (or `--config PATH`). Its `[test]` table sets the same options as the `bdd` flags,
//! under the same names (snake_case or cucumber-js camelCase); flags given on the command line
//! win. Unknown keys are errors, so a typo never silently does nothing.

use serde::Deserialize;
use std::path::{Path, PathBuf};

/// The whole file. Only `[test]` concerns the runner; the other tables belong to the JS world
/// and the MCP server and are accepted here so that one file serves every host.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ConfigFile {
    /// The extension files, and the policy their tools run under (`[extensions.policy]`).
    #[serde(default)]
    pub extensions: crate::extension_policy::ExtensionsConfig,
    /// Plugins by package name (from the project's `node_modules`) or path relative to the
    /// project (`plugins = ["@acme/ferridriver-box", "./plugins/local"]`), loaded like
    /// extension files. Nothing is found by scanning `node_modules`.
    #[serde(default)]
    pub plugins: Vec<String>,
    #[serde(default)]
    pub scripting: Option<serde_json::Value>,
    #[serde(default)]
    pub test: TestConfig,
    #[serde(default)]
    pub mcp: McpConfig,
    /// Playwright's context options for every scenario's context (`viewport`, `locale`,
    /// `storageState`…), checked by `ferridriver_browser::ContextOptions`.
    #[serde(default)]
    pub browser: Option<serde_json::Value>,
}

impl ConfigFile {
    /// `[scripting] allowEnv` (or `allow_env`): the environment variables JS may read.
    pub fn allowed_env(&self) -> Vec<String> {
        let listed = self.scripting.as_ref().and_then(|s| s.get("allowEnv").or_else(|| s.get("allow_env")));
        listed
            .and_then(|v| v.as_array())
            .map(|names| names.iter().filter_map(|n| n.as_str().map(str::to_string)).collect())
            .unwrap_or_default()
    }

    /// `[scripting] allowCommands` (or `allow_commands`): the programs test code may run with
    /// `node:child_process`, by name. Anything but a list of names is an error.
    pub fn allowed_commands(&self) -> Result<Vec<String>, String> {
        let Some(listed) =
            self.scripting.as_ref().and_then(|s| s.get("allowCommands").or_else(|| s.get("allow_commands")))
        else {
            return Ok(Vec::new());
        };
        let names: Option<Vec<String>> =
            listed.as_array().and_then(|a| a.iter().map(|n| n.as_str().map(str::to_string)).collect());
        match names {
            Some(names) if names.iter().all(|n| !n.trim().is_empty()) => Ok(names),
            _ => Err(format!(
                "[scripting] allowCommands must be a list of program names, like [\"git\", \"cucumber-js\"]; found {listed}"
            )),
        }
    }
}

/// The `[mcp]` table: defaults for `ferridriver mcp` (its flags win) and the script hosts.
#[derive(Debug, Default, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct McpConfig {
    /// Serve streamable HTTP on `HOST:PORT` instead of stdio.
    pub http: Option<String>,
    /// The bearer token HTTP clients must send (else `FERRIDRIVER_MCP_TOKEN`, else a random one).
    pub token: Option<String>,
    /// Serve HTTP without a token (refused on a non-loopback address).
    #[serde(alias = "noAuth")]
    pub no_auth: Option<bool>,
    /// Browser origins allowed to call the HTTP endpoint (besides none: requests without an
    /// `Origin` header, as non-browser clients send).
    #[serde(alias = "allowedOrigins")]
    pub allowed_origins: Option<Vec<String>>,
    /// `Host` header values accepted besides the loopback names.
    #[serde(alias = "allowedHosts")]
    pub allowed_hosts: Option<Vec<String>>,
    /// Where `path` scripts, `fs` and relative imports live (default `.ferridriver/scripts`).
    #[serde(alias = "scriptRoot")]
    pub script_root: Option<String>,
    /// Where `artifacts` writes (default `.ferridriver/artifacts`).
    #[serde(alias = "artifactsRoot")]
    pub artifacts_root: Option<String>,
    /// The most a call may ask as `timeout_ms` (default 30 minutes).
    #[serde(alias = "maxTimeoutMs")]
    pub max_timeout_ms: Option<u64>,
    /// The most a call may ask as `memory_limit_mb` (default 2048).
    #[serde(alias = "maxMemoryLimitMb")]
    pub max_memory_limit_mb: Option<u64>,
    /// Idle time after which a session ends, in seconds (default 1800).
    #[serde(alias = "idleTimeoutSecs")]
    pub idle_timeout_secs: Option<u64>,
    /// The most sessions at once (default 32).
    #[serde(alias = "maxSessions")]
    pub max_sessions: Option<usize>,
    /// The most sessions that keep their VM between calls (default 16).
    #[serde(alias = "maxWarmSessions")]
    pub max_warm_sessions: Option<usize>,
}

/// The `[test]` table.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TestConfig {
    pub paths: Option<Vec<String>>,
    /// JS/TS step-definition globs (used by the JS world).
    pub steps: Option<Vec<String>>,
    pub format: Option<Vec<String>>,
    #[serde(alias = "formatOptions")]
    pub format_options: Option<serde_json::Value>,
    pub tags: Option<String>,
    pub name: Option<Vec<String>>,
    pub parallel: Option<usize>,
    pub order: Option<String>,
    pub retry: Option<u32>,
    #[serde(alias = "retryTagFilter")]
    pub retry_tag_filter: Option<String>,
    pub strict: Option<bool>,
    #[serde(alias = "failFast")]
    pub fail_fast: Option<bool>,
    /// A scenario that passed only on a retry fails the run.
    #[serde(alias = "failOnFlaky")]
    pub fail_on_flaky: Option<bool>,
    pub shard: Option<String>,
    /// `count` or `duration:FILE` (`--shard-by`).
    #[serde(alias = "shardBy")]
    pub shard_by: Option<String>,
    #[serde(alias = "worldParameters")]
    pub world_parameters: Option<serde_json::Value>,
    /// Playwright-format traces: off, on, retain-on-failure, on-first-retry (`--trace`).
    pub trace: Option<String>,
    /// Videos of each scenario's pages, the same modes (`--video`).
    pub video: Option<String>,
    /// Where traces and videos are written (`--output`).
    pub output: Option<String>,
    /// Default step timeout in milliseconds.
    pub timeout: Option<u64>,
    pub language: Option<String>,
    #[serde(alias = "dryRun")]
    pub dry_run: Option<bool>,
    /// `false` leaves the built-in step library out (`--no-builtin-steps`).
    #[serde(alias = "builtinSteps")]
    pub builtin_steps: Option<bool>,
}

/// The names looked for in the working directory, in order.
pub const CONFIG_NAMES: &[&str] = &["ferridriver.toml", "ferridriver.yaml", "ferridriver.yml", "ferridriver.json"];

/// Finds the configuration: the explicit path (which must exist), else the first of
/// [`CONFIG_NAMES`] in `dir`, else none.
pub fn find_config(explicit: Option<&str>, dir: &Path) -> Result<Option<PathBuf>, String> {
    if let Some(p) = explicit {
        let path = PathBuf::from(p);
        return if path.is_file() {
            Ok(Some(path))
        } else {
            Err(format!("config file {p} not found\n  hint: --config takes a path to a .toml, .yaml or .json file"))
        };
    }
    Ok(CONFIG_NAMES.iter().map(|n| dir.join(n)).find(|p| p.is_file()))
}

/// The configuration a run uses: ferridriver's file, with the `[test]` options of cucumber-js's
/// file (its chosen profiles) filled in where ours sets none.
#[derive(Debug, Default)]
pub struct ProjectConfig {
    /// ferridriver's own file, if any.
    pub path: Option<PathBuf>,
    /// cucumber-js's file, if any.
    pub cucumber_path: Option<PathBuf>,
    pub file: ConfigFile,
    /// What cucumber-js's file asks that is not applied, each with why (for stderr).
    pub notes: Vec<String>,
    /// Why cucumber-js's file could not be used, when the caller tolerates it
    /// ([`CucumberFile::Tolerated`]); its options are left out then.
    pub cucumber_error: Option<String>,
    /// The variables cucumber-js's file set in `process.env` (see
    /// [`crate::cucumber_config::CucumberOptions::env`]).
    pub cucumber_env: Vec<(String, String)>,
}

/// What a broken cucumber-js file means to the caller.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CucumberFile {
    /// An error (a `bdd` run stops before anything runs).
    Required,
    /// Reported in [`ProjectConfig::cucumber_error`]; the hosts that serve calls go on.
    Tolerated,
}

/// Finds and reads both files in `dir`. `explicit` (`--config`) names either kind: a
/// `cucumber.*` or JS/TS file is cucumber-js's. `profiles` (`--profile`) choose cucumber-js
/// profiles and need its file.
pub fn load_project_config(
    explicit: Option<&str>,
    dir: &Path,
    profiles: &[String],
    broken: CucumberFile,
) -> Result<ProjectConfig, String> {
    let explicit_cucumber = explicit.filter(|p| crate::cucumber_config::is_cucumber_config(Path::new(p)));
    let (path, cucumber_path) = match explicit_cucumber {
        Some(p) if !Path::new(p).is_file() => {
            return Err(format!("config file {p} not found\n  hint: --config takes a path to a cucumber-js or ferridriver configuration file"))
        }
        Some(p) => (find_config(None, dir)?, Some(PathBuf::from(p))),
        None => (find_config(explicit, dir)?, crate::cucumber_config::locate(dir)),
    };
    let mut file = match &path {
        Some(p) => load_config(p)?,
        None => ConfigFile::default(),
    };
    let (mut notes, mut cucumber_error, mut cucumber_env) = (Vec::new(), None, Vec::new());
    match &cucumber_path {
        Some(cucumber) => match crate::cucumber_config::read(cucumber, dir, profiles, &file.allowed_env()) {
            Ok(read) => {
                crate::cucumber_config::fill_unset(&mut file.test, read.test);
                (notes, cucumber_env) = (read.notes, read.env);
            }
            Err(e) if broken == CucumberFile::Tolerated => cucumber_error = Some(e),
            Err(e) => return Err(e),
        },
        None if !profiles.is_empty() => {
            return Err(format!(
                "--profile {} needs cucumber-js's configuration file, and there is none\n  hint: profiles live in one of {}",
                profiles.join(", "),
                crate::cucumber_config::CUCUMBER_CONFIG_NAMES.join(", ")
            ))
        }
        None => {}
    }
    Ok(ProjectConfig { path, cucumber_path, file, notes, cucumber_error, cucumber_env })
}

/// Reads and parses a configuration file. Errors name the file, line and column.
pub fn load_config(path: &Path) -> Result<ConfigFile, String> {
    let shown = path.display();
    let text = std::fs::read_to_string(path).map_err(|e| format!("{shown}: cannot read: {e}"))?;
    let ext = path.extension().and_then(|e| e.to_str()).unwrap_or("");
    let hint = "\n  hint: the runner's options go in a [test] table; see README.md for the keys";
    match ext {
        "toml" => toml::from_str(&text).map_err(|e| {
            let (line, col) = e.span().map(|s| line_col(&text, s.start)).unwrap_or((1, 1));
            format!("{shown}:{line}:{col}: {}{hint}", e.message())
        }),
        "yaml" | "yml" => serde_yaml::from_str(&text).map_err(|e| {
            let (line, col) = e.location().map(|l| (l.line(), l.column())).unwrap_or((1, 1));
            format!("{shown}:{line}:{col}: {e}{hint}")
        }),
        "json" => serde_json::from_str(&text).map_err(|e| format!("{shown}:{}:{}: {e}{hint}", e.line(), e.column())),
        other => Err(format!("{shown}: unknown config format '.{other}'\n  hint: use .toml, .yaml, .yml or .json")),
    }
}

/// 1-based line and column of a byte offset.
fn line_col(text: &str, offset: usize) -> (usize, usize) {
    let before = &text[..offset.min(text.len())];
    let line = before.matches('\n').count() + 1;
    let col = before.rsplit('\n').next().map(|l| l.chars().count()).unwrap_or(0) + 1;
    (line, col)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A config file in a directory of its own, removed when dropped.
    struct Scratch(PathBuf);

    impl std::ops::Deref for Scratch {
        type Target = std::path::Path;
        fn deref(&self) -> &std::path::Path {
            &self.0
        }
    }

    impl Drop for Scratch {
        fn drop(&mut self) {
            if let Some(dir) = self.0.parent() {
                let _ = std::fs::remove_dir_all(dir);
            }
        }
    }

    fn write(name: &str, text: &str) -> Scratch {
        let dir = std::env::temp_dir().join(format!("ferridriver-config-{}-{name}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let p = dir.join(name);
        std::fs::write(&p, text).unwrap();
        Scratch(p)
    }

    #[test]
    fn reads_all_three_formats() {
        let t =
            load_config(&write("a.toml", "[test]\nretry = 2\nfailFast = true\nworld_parameters = { base = \"x\" }\n"))
                .unwrap();
        assert_eq!((t.test.retry, t.test.fail_fast), (Some(2), Some(true)));
        assert_eq!(t.test.world_parameters.unwrap()["base"], "x");
        let y = load_config(&write("a.yaml", "test:\n  parallel: 3\n  tags: '@smoke'\n")).unwrap();
        assert_eq!(y.test.parallel, Some(3));
        let j = load_config(&write("a.json", "{\"test\": {\"format\": [\"message\"]}}")).unwrap();
        assert_eq!(j.test.format.unwrap(), vec!["message"]);
    }

    #[test]
    fn errors_point_at_the_line() {
        let e = load_config(&write("b.toml", "[test]\nretry = 1\nretyr = 2\n")).unwrap_err();
        assert!(e.contains("b.toml:3:1"), "{e}");
        assert!(e.contains("retyr"), "{e}");
        let e = load_config(&write("b.yaml", "test:\n  parallel: many\n")).unwrap_err();
        assert!(e.contains("b.yaml:2:"), "{e}");
        let e = load_config(&write("b.json", "{\"test\": {\n \"retry\": -1}}")).unwrap_err();
        assert!(e.contains("b.json:2:"), "{e}");
    }
}
