//! JS/TS step definitions in a `bdd` run: find and load them (once per process), add them to
//! the registry after the Rust ones, and give every worker a `JsHost` of its own.

use crate::execute::workers::HostFactory;
use ferridriver_js_world::policy::HostPolicy;
use ferridriver_js_world::{load, HostKind, JsConfig, JsHost, JsProgram};
use ferridriver_steps::registry::Registry;
use std::sync::Arc;
use std::time::Duration;

/// Where the configuration says JS code lives (`[test] steps` and top-level `extensions`).
#[derive(Debug, Clone, Default)]
pub struct JsSettings {
    pub steps: Vec<String>,
    pub extensions: Vec<String>,
    /// `plugins = [...]`: packages and local plugin folders.
    pub plugins: Vec<String>,
    /// What extension tools may use (ADR 0025).
    pub policy: Arc<ferridriver_js_world::policy::Capabilities>,
    /// `[browser] testIdAttribute`: what `getByTestId` matches (default `data-testid`).
    pub test_id_attribute: Option<String>,
    /// The switches the workers' browsers run with (`None` for a browser ferridriver did not
    /// start), for `chromium.launch({ args })`'s warning.
    pub launch_switches: Option<Vec<String>>,
    /// `--watch`: every save loads again, so the bundler is kept between loads.
    pub keep_bundler: bool,
    /// `--dry-run`: nothing of the plugins runs (no `setup`).
    pub dry_run: bool,
    /// What cucumber-js's configuration file set in `process.env`: every VM's starts with it.
    pub preset_env: Vec<(String, String)>,
}

/// Loads the JS definitions into `registry`. Returns the host factory to run with (a `JsHost`
/// per worker when there are JS definitions, else `hosts` unchanged), the program, and how many
/// problems loading found; each is reported on stderr with its file and a hint.
pub fn add_js_steps(
    registry: &mut Registry,
    settings: JsSettings,
    hosts: HostFactory,
    default_timeout: Duration,
) -> (HostFactory, Option<Arc<JsProgram>>, usize) {
    let root = std::env::current_dir().unwrap_or_else(|_| ".".into());
    let loaded = load(&JsConfig {
        steps: settings.steps.clone(),
        extensions: settings.extensions.clone(),
        plugins: settings.plugins.clone(),
        root,
        keep_bundler: settings.keep_bundler,
        host: HostKind::Bdd,
        preset_env: settings.preset_env.clone(),
    });
    // Plugins' setups run once, before any scenario; one that fails registers nothing and
    // counts as a file that failed to load.
    let report =
        if settings.dry_run { loaded } else { ferridriver_js_world::plugin_lifecycle::activate(loaded, HostKind::Bdd) };
    for e in &report.errors {
        eprintln!("error: {e}");
    }
    let problems = report.errors.len();
    match report.program {
        Some(program) => {
            program.register(registry);
            settings.policy.record_load("bdd", program.manifest.tools());
            let shared = Arc::clone(&program);
            let policy = settings.policy;
            let test_id = settings.test_id_attribute;
            let switches = settings.launch_switches;
            let factory: HostFactory = Arc::new(move |_| {
                let mut host = JsHost::new(Arc::clone(&shared), default_timeout);
                host.set_policy(HostPolicy::new(Arc::clone(&policy), "bdd", None));
                host.set_test_id_attribute(test_id.clone());
                host.set_launch_switches(switches.clone());
                Box::new(host)
            });
            (factory, Some(program), problems)
        }
        None => (hosts, None, problems),
    }
}
