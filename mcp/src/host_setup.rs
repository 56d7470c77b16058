//! What the script hosts (`mcp`, `run`) share before any session: their flags, the project
//! loaded with them, and what every session of it gets.

use crate::extensions::Exposure;
use crate::server::Loaded;
use crate::session::SessionContext;
use ferridriver_js_world::HostKind;
use ferridriver_runner::browser_table::BrowserTable;
use ferridriver_runner::project::{load_project, PluginStart, Project};
use ferridriver_steps::lease::BrowserSettings;
use std::path::PathBuf;
use std::sync::Arc;

/// The flags `mcp` and `run` share: the project's config, the script roots and the browser.
#[derive(Debug, Clone, Default, clap::Args)]
pub struct HostFlags {
    /// The config file (default: ferridriver.toml/.yaml/.json here).
    #[arg(long)]
    pub config: Option<String>,
    /// Where `path` scripts, `fs` and imports live (mcp: .ferridriver/scripts; run: the current directory).
    #[arg(long)]
    pub script_root: Option<PathBuf>,
    /// Where `artifacts` writes (default .ferridriver/artifacts).
    #[arg(long)]
    pub artifacts_root: Option<PathBuf>,
    /// Show the browser windows.
    #[arg(long)]
    pub headed: bool,
    /// The Chromium binary (default: CHROME_PATH, else chromium on PATH).
    #[arg(long)]
    pub browser_path: Option<PathBuf>,
    /// Attach to a running browser (ws://…, or http://… resolved through /json/version)
    /// instead of launching one.
    #[arg(long)]
    pub cdp_endpoint: Option<String>,
    #[command(flatten)]
    pub grid: ferridriver_runner::grid_flags::GridFlags,
    #[command(flatten)]
    pub policy: ferridriver_runner::extension_policy::PolicyFlags,
    /// Where each session's Playwright trace is written when it ends (`mcp --save-trace`);
    /// kept here so that a reload of the project keeps it.
    #[arg(skip)]
    pub trace_dir: Option<PathBuf>,
}

impl HostFlags {
    /// The browser settings these flags ask for.
    /// The browser settings of the flags over the project's `[browser]` table.
    pub fn browser(&self, table: &BrowserTable) -> Result<BrowserSettings, String> {
        let grid = self.grid.settings(table.grid.clone())?;
        if !table.args.is_empty() {
            eprintln!("note: [browser] args are not applied here: a project's file does not change the agent's browser (they apply to `ferridriver bdd`)");
        }
        Ok(BrowserSettings {
            executable: self.browser_path.clone(),
            headed: self.headed,
            cdp_endpoint: self.cdp_endpoint.clone(),
            cdp_headers: Vec::new(),
            context: table.context.clone(),
            isolation: Default::default(),
            grid,
            // A project's file never changes the agent's browser (a switch could open DevTools
            // to pages or turn off its same-origin policy): `[browser] args` are for `bdd`.
            args: Vec::new(),
        })
    }
}

/// What a script host needs from the project and the flags.
pub(crate) struct HostSetup {
    pub project: Arc<Project>,
    pub context: Arc<SessionContext>,
    pub browser: BrowserSettings,
}

/// Loads the project and prepares what sessions share. Broken step files are reported on
/// stderr (with their file and a hint) and the rest is used.
/// `reloads`: the host loads the project again after saves (keeps its bundler).
pub(crate) fn host_setup(
    flags: &HostFlags,
    kind: HostKind,
    default_script_root: &str,
    reloads: bool,
) -> Result<HostSetup, String> {
    let root = std::env::current_dir().map_err(|e| format!("cannot read the current directory: {e}"))?;
    // Everything that can still fail is checked before the project is loaded: loading starts
    // its plugins (and, on a reload, tears the running ones down), which must not happen for a
    // load that is then refused and leaves the previous one served.
    let config_path = ferridriver_runner::config::find_config(flags.config.as_deref(), &root)?;
    let config = match &config_path {
        Some(path) => ferridriver_runner::config::load_config(path)?,
        None => ferridriver_runner::config::ConfigFile::default(),
    };
    let mcp = &config.mcp;
    let script_root = flags
        .script_root
        .clone()
        .or_else(|| mcp.script_root.clone().map(PathBuf::from))
        .unwrap_or_else(|| PathBuf::from(default_script_root));
    let artifacts_root = flags
        .artifacts_root
        .clone()
        .or_else(|| mcp.artifacts_root.clone().map(PathBuf::from))
        .unwrap_or_else(|| PathBuf::from(".ferridriver/artifacts"));
    let absolute = |p: PathBuf| if p.is_absolute() { p } else { root.join(p) };
    let (script_root, artifacts_root) = (absolute(script_root), absolute(artifacts_root));
    std::fs::create_dir_all(&script_root)
        .map_err(|e| format!("cannot create script_root {}: {e}", script_root.display()))?;
    let policy = ferridriver_runner::extension_policy::resolve(
        &flags.policy,
        &root,
        config_path.as_deref(),
        config.extensions.policy.as_ref(),
        config.allowed_env(),
        config.allowed_commands()?,
    )?;
    // `[browser]`: every session's context options, `baseUrl` for relative URLs, `getByTestId`.
    let table_path = config_path.clone().unwrap_or_else(|| root.join("ferridriver.toml"));
    let table = BrowserTable::parse(config.browser.as_ref(), &table_path)?;
    let browser = flags.browser(&table)?;
    let project = load_project(flags.config.as_deref(), &root, kind, reloads, PluginStart::Start)?;
    for e in &project.errors {
        eprintln!("error: {e}");
    }
    let language = project.config.test.language.clone().unwrap_or_else(|| "en".into());
    policy.record_load(kind.command(), project.registry.tools.iter());
    let mut options = project.options.clone();
    ferridriver_runner::browser_table::apply_base_url(&table.context, &mut options.world_parameters);
    let context = Arc::new(SessionContext {
        registry: Arc::clone(&project.registry),
        table: Arc::clone(&project.table),
        program: project.program.clone(),
        options,
        kind,
        script_root,
        artifacts_root,
        language,
        trace_dir: flags.trace_dir.as_ref().map(|d| absolute(d.clone())),
        policy,
        test_id_attribute: table.test_id_attribute.clone(),
    });
    Ok(HostSetup { project: Arc::new(project), context, browser })
}

/// A load of the project as the server serves it, reporting tools that are not exposed.
pub(crate) fn loaded_from(project: Arc<Project>, policy: Arc<ferridriver_js_world::policy::Capabilities>) -> Loaded {
    let loaded = loaded_from_quietly(project, policy);
    for (i, why) in &loaded.exposure.refused {
        let tool = &loaded.project.registry.tools[*i];
        eprintln!("warning: tool \"{}\" ({}) is not exposed: {why}", tool.name, tool.source);
    }
    loaded
}

/// A load of the project as the server would serve it (`extensions list` reports the rest).
pub(crate) fn loaded_from_quietly(
    project: Arc<Project>,
    policy: Arc<ferridriver_js_world::policy::Capabilities>,
) -> Loaded {
    let exposure = Exposure::decide(&project.registry);
    let files = bundled_files(&project);
    Loaded { project, exposure, files, policy }
}

/// The bundled JS files, relative to the project root.
fn bundled_files(project: &Project) -> Vec<String> {
    let root = project.root.canonicalize().unwrap_or_else(|_| project.root.clone());
    project
        .program
        .as_ref()
        .map(|p| {
            p.files().iter().map(|f| f.strip_prefix(&root).unwrap_or(f).to_string_lossy().replace('\\', "/")).collect()
        })
        .unwrap_or_default()
}
