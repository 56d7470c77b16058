//! `ferridriver extensions list`: every extension file and plugin with its tools (declared and
//! MCP names), steps, error codes and the policy's decision on each capability, and the load
//! errors — the `ferridriver_extensions` report, on the command line. `ferridriver extensions
//! init NAME` scaffolds a plugin that passes `ferridriver bdd` and answers over MCP as it stands.

use crate::extensions::report;
use crate::server::Loaded;
use ferridriver_js_world::HostKind;
use ferridriver_runner::extension_policy::PolicyFlags;
use ferridriver_runner::project::{load_project, PluginStart};
use serde_json::Value;
use std::path::Path;
use std::sync::Arc;

const PLUGIN_TEMPLATE: &str = include_str!("../assets/plugin/plugin.ts");
const FEATURE_TEMPLATE: &str = include_str!("../assets/plugin/plugin.feature");
const RESERVED: &[&str] = &["ferridriver", "bdd", "session", "run", "script"];

/// `ferridriver extensions` arguments.
#[derive(Debug, clap::Args)]
pub struct ExtensionsArgs {
    #[command(subcommand)]
    pub command: ExtensionsCommand,
}

/// What `ferridriver extensions` does.
#[derive(Debug, clap::Subcommand)]
pub enum ExtensionsCommand {
    /// Every extension file and plugin: tools (declared and MCP names, exposed or not), steps,
    /// error codes, each capability a tool declares with the policy's decision, load errors.
    /// Exits 1 when a file or plugin failed to load.
    List {
        /// Print the report as JSON (the same as the MCP tool `ferridriver_extensions`).
        #[arg(long)]
        json: bool,
        /// The config file (default: ferridriver.toml/.yaml/.json here).
        #[arg(long)]
        config: Option<String>,
        #[command(flatten)]
        policy: PolicyFlags,
    },
    /// Scaffold a plugin: extensions/NAME.ts (a tool with an input schema, an error code, steps)
    /// and features/NAME.feature, and list the extensions folder in ferridriver.toml.
    Init {
        /// The plugin's name: its namespace (1-32 lowercase letters and digits).
        name: String,
    },
}

/// Runs the subcommand; returns the exit code.
pub fn run_extensions(args: ExtensionsArgs) -> i32 {
    let result = match args.command {
        ExtensionsCommand::List { json, config, policy } => list(json, config.as_deref(), &policy),
        ExtensionsCommand::Init { name } => init(&name),
    };
    result.unwrap_or_else(|e| {
        eprintln!("error: {e}");
        2
    })
}

fn list(json: bool, config: Option<&str>, flags: &PolicyFlags) -> Result<i32, String> {
    let root = std::env::current_dir().map_err(|e| format!("cannot read the current directory: {e}"))?;
    let project = Arc::new(load_project(config, &root, HostKind::Mcp, false, PluginStart::DescribeOnly)?);
    let policy = ferridriver_runner::extension_policy::resolve(
        flags,
        &root,
        project.config_path.as_deref(),
        project.config.extensions.policy.as_ref(),
        project.config.allowed_env(),
        project.config.allowed_commands()?,
    )?;
    let loaded = crate::host_setup::loaded_from_quietly(project, policy);
    let value = report(&loaded.report_input());
    if json {
        println!("{}", serde_json::to_string_pretty(&value).unwrap_or_default());
    } else {
        print!("{}", human(&value, &loaded));
    }
    Ok(i32::from(!loaded.project.errors.is_empty()))
}

/// The report as text: the policy, then each file with what it defines.
fn human(report: &Value, loaded: &Loaded) -> String {
    let s = |v: &Value| v.as_str().unwrap_or_default().to_string();
    let list = |v: &Value| v.as_array().map(|a| a.iter().map(s).collect::<Vec<_>>().join(", ")).unwrap_or_default();
    let mut out =
        format!("Extension policy: {} (set by {})\n", s(&report["policy"]["profile"]), s(&report["policy"]["set_by"]));
    let empty = Vec::new();
    let tools = report["tools"].as_array().unwrap_or(&empty);
    for file in report["files"].as_array().unwrap_or(&empty) {
        let name = s(&file["file"]);
        let defines_nothing =
            ["plugins", "tools", "steps"].iter().all(|k| file[k].as_array().is_none_or(Vec::is_empty));
        if defines_nothing {
            continue;
        }
        out.push_str(&format!("\n{name}\n"));
        // What this file defines, by the names the report lists for it.
        let named = |list: &Value, item: &Value| list.as_array().is_some_and(|l| l.contains(&item["name"]));
        for plugin in report["plugins"].as_array().unwrap_or(&empty).iter().filter(|p| named(&file["plugins"], p)) {
            out.push_str(&format!("  plugin {} {}", s(&plugin["name"]), s(&plugin["version"])));
            if let Some(d) = plugin["description"].as_str() {
                out.push_str(&format!(": {d}"));
            }
            out.push('\n');
            if plugin["error_codes"].as_array().is_some_and(|c| !c.is_empty()) {
                out.push_str(&format!("    error codes: {}\n", list(&plugin["error_codes"])));
            }
            if plugin["lifecycle"].as_array().is_some_and(|c| !c.is_empty()) {
                out.push_str(&format!("    lifecycle: {}\n", list(&plugin["lifecycle"])));
            }
            if plugin["events"].as_array().is_some_and(|c| !c.is_empty()) {
                out.push_str(&format!("    events: {}\n", list(&plugin["events"])));
            }
        }
        for tool in tools.iter().filter(|t| named(&file["tools"], t)) {
            let wire = match (tool["mcp_name"].as_str(), tool["not_exposed_because"].as_str()) {
                (Some(w), _) => format!("MCP {w}"),
                (None, Some(why)) => format!("not on MCP: {why}"),
                (None, None) => "plugins[] only".to_string(),
            };
            out.push_str(&format!("  tool {} ({wire})\n", s(&tool["name"])));
            for c in tool["capabilities"].as_array().unwrap_or(&empty) {
                let decision =
                    if c["allowed"] == true { "allowed".to_string() } else { format!("denied: {}", s(&c["reason"])) };
                out.push_str(&format!("    {}: {} — {decision}\n", s(&c["capability"]), s(&c["requested"])));
            }
        }
        for step in file["steps"].as_array().unwrap_or(&empty) {
            out.push_str(&format!("  step {}\n", s(step)));
        }
    }
    if !loaded.project.errors.is_empty() {
        out.push_str("\nLoad errors:\n");
        for e in &loaded.project.errors {
            out.push_str(&format!("  {}\n", e.replace('\n', "\n  ")));
        }
    }
    out
}

fn init(name: &str) -> Result<i32, String> {
    let valid = name.len() <= 32
        && name.starts_with(|c: char| c.is_ascii_lowercase())
        && name.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit());
    if !valid {
        return Err(format!(
            "`{name}` is not a plugin name: 1-32 lowercase letters and digits, starting with a letter"
        ));
    }
    if RESERVED.contains(&name) {
        return Err(format!("`{name}` is reserved ({})", RESERVED.join(", ")));
    }
    let root = std::env::current_dir().map_err(|e| format!("cannot read the current directory: {e}"))?;
    let files = [
        (format!("extensions/{name}.ts"), PLUGIN_TEMPLATE.replace("__NAME__", name)),
        (format!("features/{name}.feature"), FEATURE_TEMPLATE.replace("__NAME__", name)),
    ];
    if let Some((path, _)) = files.iter().find(|(p, _)| root.join(p).exists()) {
        return Err(format!("{path} already exists; choose another name or remove it"));
    }
    for (path, text) in &files {
        let target = root.join(path);
        if let Some(dir) = target.parent() {
            std::fs::create_dir_all(dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
        }
        std::fs::write(&target, text).map_err(|e| format!("cannot write {path}: {e}"))?;
        println!("  created {path}");
    }
    list_extensions_folder(&root, &files[0].0)?;
    if !root.join("types/ferridriver.d.ts").exists() {
        let types = ferridriver_runner::init::InitArgs {
            dir: Some(root.display().to_string()),
            force: false,
            types_only: true,
        };
        if ferridriver_runner::init::run_init(types) != 0 {
            return Ok(2);
        }
    }
    println!(
        "\nNext: `ferridriver bdd features/{name}.feature` runs its steps; `ferridriver extensions list` shows it;\n\
         `ferridriver mcp` serves its tool as {name}_greet."
    );
    Ok(0)
}

/// Makes the config list the plugin's file: a new ferridriver.toml, `files` added to a TOML
/// config without extension files, or a hint when the config lists others (its lists are the
/// user's to edit).
fn list_extensions_folder(root: &Path, file: &str) -> Result<(), String> {
    let config = ferridriver_runner::config::find_config(None, root)?;
    let Some(path) = config else {
        std::fs::write(root.join("ferridriver.toml"), "[extensions]\nfiles = [\"extensions\"]\n")
            .map_err(|e| format!("cannot write ferridriver.toml: {e}"))?;
        println!("  created ferridriver.toml");
        return Ok(());
    };
    let parsed = ferridriver_runner::config::load_config(&path)?;
    // Only the extension files: a step glob that matches nothing keeps the default step globs
    // out of the answer.
    let listed = ferridriver_js_world::discover(&ferridriver_js_world::JsConfig {
        steps: vec!["-".into()],
        extensions: parsed.extensions.files.clone(),
        plugins: Vec::new(),
        root: root.to_path_buf(),
        host: HostKind::Mcp,
        keep_bundler: false,
        preset_env: Vec::new(),
    })
    .0
    .iter()
    .any(|f| f.ends_with(file));
    if listed {
        return Ok(());
    }
    let text = std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
    let is_toml = path.extension().is_some_and(|e| e == "toml");
    let has_key = text.lines().any(|l| l.trim_start().starts_with("extensions") && l.contains('='))
        || text.lines().any(|l| l.trim_start().starts_with("files") && l.contains('='));
    if !is_toml || has_key || !parsed.extensions.files.is_empty() {
        let shown = path.strip_prefix(root).unwrap_or(&path).display().to_string();
        println!("\nAdd {file} (or the extensions folder) to `extensions` in {shown} so hosts load it.");
        return Ok(());
    }
    let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
    // Into an `[extensions]` table if there is one, else a new one before its sub-tables
    // (`[extensions.policy]`), else at the end.
    match lines.iter().position(|l| l.trim() == "[extensions]") {
        Some(i) => lines.insert(i + 1, "files = [\"extensions\"]".into()),
        None => {
            let mut at = lines.iter().position(|l| l.trim().starts_with("[extensions.")).unwrap_or(lines.len());
            // Above the comment that introduces that sub-table.
            while at > 0 && at < lines.len() && lines[at - 1].trim_start().starts_with('#') {
                at -= 1;
            }
            lines.splice(at..at, ["[extensions]".to_string(), "files = [\"extensions\"]".into(), String::new()]);
        }
    }
    let shown = path.strip_prefix(root).unwrap_or(&path).display().to_string();
    std::fs::write(&path, lines.join("\n") + "\n").map_err(|e| format!("cannot write {shown}: {e}"))?;
    println!("  updated {shown} (extensions: files = [\"extensions\"])");
    Ok(())
}
