//! The project as every host sees it: the config file, the registry (built-in and user Rust
//! steps, then the JS/TS step files and extensions), its match table and the JS program. `bdd`
//! builds the same pieces in `cli.rs`; the MCP server and `ferridriver run` load them here.

use crate::config::{load_project_config, ConfigFile, CucumberFile};
use crate::execute::RunOptions;
use ferridriver_js_world::{load, HostKind, JsConfig, JsProgram};
use ferridriver_messages::IdGenerator;
use ferridriver_steps::registry::{MatchTable, Registry};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

/// A loaded project.
pub struct Project {
    /// The project directory (where the config file is looked for).
    pub root: PathBuf,
    /// The config file used, if any.
    pub config_path: Option<PathBuf>,
    /// Its contents (defaults when there is none).
    pub config: ConfigFile,
    /// Every step, hook and parameter type.
    pub registry: Arc<Registry>,
    /// The match table of `registry`.
    pub table: Arc<MatchTable>,
    /// The JS/TS step files and extensions, compiled once.
    pub program: Option<Arc<JsProgram>>,
    /// World parameters and the default step timeout from `[test]`.
    pub options: RunOptions,
    /// Problems found while loading (each with its file and a hint); what loaded is usable.
    pub errors: Vec<String>,
}

/// Whether loading a project starts its plugins (their `setup`, plugin_lifecycle.rs): the
/// hosts that serve calls do; commands that only describe the project do not.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PluginStart {
    /// Run the setups (once per process); a plugin whose setup fails is left out.
    Start,
    /// Load without running anything of the plugins (`steps`, `extensions list`).
    DescribeOnly,
}

/// Loads the project in `root`. Only an unreadable or invalid config file is an error; broken
/// step files are reported in [`Project::errors`] and the rest loads.
/// `keep_bundler`: the host loads again after saves (see `JsConfig::keep_bundler`).
pub fn load_project(
    explicit_config: Option<&str>,
    root: &Path,
    host: HostKind,
    keep_bundler: bool,
    plugins: PluginStart,
) -> Result<Project, String> {
    // The project's own step files count, whichever file names them; notes go to stderr, which
    // no host uses for its protocol. A broken cucumber-js file is one of the project's
    // problems: these hosts go on with ferridriver's own file.
    let loaded_config = load_project_config(explicit_config, root, &[], CucumberFile::Tolerated)?;
    for note in &loaded_config.notes {
        eprintln!("note: {note}");
    }
    let cucumber_error = loaded_config.cucumber_error;
    let (config_path, config) = (loaded_config.path, loaded_config.file);
    let mut options = RunOptions::default();
    if let Some(parameters) = &config.test.world_parameters {
        if !parameters.is_object() {
            return Err(format!(
                "{}: [test] world_parameters must be a table/object",
                config_path.as_deref().unwrap_or(Path::new("config")).display()
            ));
        }
        options.world_parameters = parameters.clone();
    }
    if let Some(ms) = config.test.timeout {
        options.default_timeout = Duration::from_millis(ms);
    }
    ferridriver_steps::builtin::link();
    let builtin_steps = config.test.builtin_steps != Some(false);
    let mut registry = Registry::from_inventory_builtin(Arc::new(IdGenerator::unique()), builtin_steps);
    let loaded = load(&JsConfig {
        steps: config.test.steps.clone().unwrap_or_default(),
        extensions: config.extensions.files.clone(),
        plugins: config.plugins.clone(),
        root: root.to_path_buf(),
        host,
        keep_bundler,
        // Agent hosts start from the process's environment only (default-deny).
        preset_env: Vec::new(),
    });
    let report = match plugins {
        PluginStart::Start => ferridriver_js_world::plugin_lifecycle::activate(loaded, host),
        PluginStart::DescribeOnly => loaded,
    };
    let mut errors = report.errors.clone();
    errors.extend(cucumber_error.map(|e| format!("{e}\n  hint: fix the file; its options are left out meanwhile")));
    if let Some(program) = &report.program {
        program.register(&mut registry);
    }
    errors
        .extend(registry.errors.iter().map(|e| format!("{e}\n  hint: fix the definition; the others are still used")));
    let table = Arc::new(MatchTable::new(&registry.steps));
    Ok(Project {
        root: root.to_path_buf(),
        config_path,
        config,
        registry: Arc::new(registry),
        table,
        program: report.program,
        options,
        errors,
    })
}
