//! One `bdd` run, in three parts that watch mode calls separately: [`prepare`] (flags merged
//! with the config file, checked once), [`load_definitions`] (the registry with the Rust and
//! JS/TS steps, reloaded when step files change) and [`run_once`] (load the features, run the
//! selected pickles, report).

use crate::cli::{BddArgs, EXIT_FAILED, EXIT_USAGE};
use crate::config::{load_project_config, CucumberFile, TestConfig};
use crate::discovery::discover;
use crate::execute::{execute, workers::HostFactory, Order, RunContext, RunOptions, RunSummary};
use crate::filters::PickleFilter;
use crate::js::JsSettings;
use crate::load::load_features;
use crate::meta::meta;
use crate::reporting::spawn_reporters;
use crate::schedule::{parse_order, parse_shard, schedule};
use ferridriver_js_world::JsProgram;
use ferridriver_messages::{Clock, IdGenerator, Pickle};
use ferridriver_reporters::{create_reporter, FormatSpec, Reporter};
use ferridriver_steps::registry::Registry;
use std::path::PathBuf;
use std::sync::Arc;

/// Everything the command line and the config file decide, checked.
pub struct Prepared {
    /// The flags, with what the config file set filled in.
    pub args: BddArgs,
    /// The config file used, if any.
    pub config_path: Option<PathBuf>,
    pub js_settings: JsSettings,
    pub format_options: serde_json::Value,
    /// `--format` values (the console default when none).
    pub formats: Vec<String>,
    pub options: RunOptions,
    pub filter: PickleFilter,
    pub order: Order,
    /// Feature paths (default `features/`).
    pub paths: Vec<String>,
    pub language: String,
}

/// Reads the config file and checks every option; an error is a usage error (exit 2).
pub fn prepare(args: BddArgs) -> Result<Prepared, String> {
    let mut args = args;
    let mut js_settings = JsSettings::default();
    let mut context = ferridriver_browser::ContextOptions::default();
    let mut isolation = None;
    let mut grid_from_config = None;
    let project = load_project_config(
        args.config.as_deref(),
        std::path::Path::new("."),
        &args.cucumber_profile,
        CucumberFile::Required,
    )?;
    for note in &project.notes {
        eprintln!("note: {note}");
    }
    let config_path = project.path.clone();
    let mut project_policy = None;
    let mut allow_env = Vec::new();
    let mut allow_commands = Vec::new();
    let mut test_id_attribute = None;
    let mut browser_args = Vec::new();
    if config_path.is_some() || project.cucumber_path.is_some() {
        let cfg = project.file;
        let path = config_path.as_deref().or(project.cucumber_path.as_deref()).unwrap_or(std::path::Path::new("."));
        let browser = crate::browser_table::BrowserTable::parse(cfg.browser.as_ref(), path)?;
        (isolation, grid_from_config, test_id_attribute) =
            (browser.isolation.clone(), browser.grid.clone(), browser.test_id_attribute.clone());
        browser_args = browser.args.clone();
        context = browser.context;
        allow_env = cfg.allowed_env();
        allow_commands = cfg.allowed_commands().map_err(|e| format!("{}: {e}", path.display()))?;
        js_settings = JsSettings {
            steps: cfg.test.steps.clone().unwrap_or_default(),
            extensions: cfg.extensions.files,
            plugins: cfg.plugins,
            policy: Default::default(),
            test_id_attribute: None,
            launch_switches: None,
            keep_bundler: false,
            dry_run: false,
            preset_env: project.cucumber_env.clone(),
        };
        project_policy = cfg.extensions.policy;
        merge_config(&mut args, cfg.test);
    }
    if !args.import.is_empty() {
        js_settings.steps = args.import.clone();
    }
    let root = std::env::current_dir().unwrap_or_else(|_| ".".into());
    js_settings.test_id_attribute = test_id_attribute;
    // What the workers' browsers run with, when ferridriver starts them (here or on a Grid).
    js_settings.launch_switches = args.cdp_endpoint.is_none().then(|| {
        let options = ferridriver_browser::LaunchOptions {
            headless: !args.headed,
            args: browser_args.clone(),
            ..Default::default()
        };
        ferridriver_browser::browser_switches(&options)
    });
    // Every save rebundles under --watch: keep the module graph so only changed files are parsed.
    js_settings.keep_bundler = args.watch;
    js_settings.dry_run = args.dry_run;
    js_settings.policy = crate::extension_policy::resolve(
        &args.policy,
        &root,
        config_path.as_deref(),
        project_policy.as_ref(),
        allow_env,
        allow_commands,
    )?;
    let format_options = match args.format_options.as_deref().map(serde_json::from_str::<serde_json::Value>) {
        None => serde_json::json!({}),
        Some(Ok(v)) if v.is_object() => v,
        Some(Ok(_)) => return Err("--format-options must be a JSON object".into()),
        Some(Err(e)) => return Err(format!("--format-options is not valid JSON: {e}")),
    };
    let mut options = crate::cli::run_options(&args)?;
    if let Some(style) = format_options.get("snippetInterface").filter(|s| !s.is_null()) {
        let name = style.as_str().unwrap_or_default();
        options.snippet_interface = ferridriver_steps::snippets::JsInterface::parse(name).ok_or_else(|| {
            format!(
                "--format-options: snippetInterface {style} is not one cucumber-js knows\n  hint: use one of {}",
                ferridriver_steps::snippets::JsInterface::NAMES.join(", ")
            )
        })?;
    }
    // `baseURL` of the context is where relative URLs go, for every step (unless the world
    // parameters name their own).
    crate::browser_table::apply_base_url(&context, &mut options.world_parameters);
    let shard = args.shard.as_deref().map(parse_shard).transpose()?;
    let order = parse_order(args.order.as_deref().unwrap_or("defined"))?;
    let filter = PickleFilter { shard, ..crate::cli::build_filter(&args)? };
    // As cucumber-js's default `progress` (dots, then the summary): without any --format,
    // progress and summary go to the console.
    let mut formats =
        if args.format.is_empty() { vec!["progress".to_string(), "summary".to_string()] } else { args.format.clone() };
    // Only files named (`--format message:run.ndjson`): the console still shows progress, as
    // cucumber-js's does.
    if !formats.iter().any(|f| writes_to_console(f)) {
        formats.insert(0, "progress".to_string());
    }
    // `--format progress` (or `progress-bar`) on the console ends with the failures and counts,
    // as cucumber-js's does (its progress formatters are the summary's too); the progress
    // reporter itself prints only the marks, as Cucumber's shared formatter fixtures expect.
    let on_console =
        |name: &str| formats.iter().any(|f| FormatSpec::parse(f).is_ok_and(|s| s.name == name && s.path.is_none()));
    if (on_console("progress") || on_console("progress-bar")) && !on_console("summary") {
        formats.push("summary".to_string());
    }
    for value in &formats {
        let spec = FormatSpec::parse(value)?;
        if !ferridriver_reporters::KNOWN_FORMATS.contains(&spec.name.as_str())
            && !crate::js_formatter::is_custom_formatter(&spec.name, &root)
        {
            return Err(format!(
                "unknown formatter '{}'\n  hint: use one of: {} (or a custom formatter: ./file.js or an installed package)",
                spec.name,
                ferridriver_reporters::KNOWN_FORMATS.join(", ")
            ));
        }
    }
    let paths = if args.paths.is_empty() { vec!["features".to_string()] } else { args.paths.clone() };
    let targets = discover(&paths)?;
    if js_settings.steps.is_empty() {
        // As cucumber-js: with no step files named, those beside the features are loaded.
        js_settings.steps = crate::discovery::support_globs_beside(&targets);
    }
    let filter = shard_filter(&args, filter, &targets)?;
    if let Order::Random(seed) = order {
        eprintln!("order: random:{seed} (pass --order random:{seed} to replay)");
    }
    let isolation = match args.isolation.clone().or_else(|| isolation.and_then(|v| v.as_str().map(str::to_string))) {
        Some(mode) => ferridriver_steps::lease::Isolation::parse(&mode).map_err(|e| format!("--isolation: {e}"))?,
        None => Default::default(),
    };
    let grid = grid_settings(&args, grid_from_config)?;
    if let Some(grid) = &grid {
        if args.cdp_endpoint.is_some() {
            return Err("--grid and --cdp-endpoint both say where browsers come from; give one".into());
        }
        check_grid_now(grid)?;
    }
    options.browsers = crate::execute::browsers::WorkerBrowsers::new(ferridriver_steps::lease::BrowserSettings {
        executable: args.browser_path.clone().map(Into::into),
        headed: args.headed,
        cdp_endpoint: args.cdp_endpoint.clone(),
        cdp_headers: args.cdp_header.iter().map(|h| parse_header(h)).collect::<Result<_, _>>()?,
        context,
        isolation,
        grid,
        args: browser_args,
    });
    let language = args.language.clone().unwrap_or_else(|| "en".into());
    Ok(Prepared { args, config_path, js_settings, format_options, formats, options, filter, order, paths, language })
}

/// `--shard-by duration:FILE`: the shard becomes the content keys it runs (see
/// `shard_by_duration.rs`); with `count` (the default) the filter stays as it is.
fn shard_filter(
    args: &BddArgs,
    filter: PickleFilter,
    targets: &[crate::discovery::FeatureTarget],
) -> Result<PickleFilter, String> {
    use crate::shard_by_duration::{durations_from, split, ShardBy};
    let ShardBy::Duration(file) = ShardBy::parse(args.shard_by.as_deref().unwrap_or("count"))? else {
        return Ok(filter);
    };
    let Some(shard) = filter.shard else {
        return Err("--shard-by duration:FILE splits shards: it needs --shard I/N".into());
    };
    let durations = durations_from(&file)?;
    let everything = PickleFilter { shard: None, repeat_each: 1, ..filter.clone() };
    let language = args.language.as_deref().unwrap_or("en");
    let scanned = crate::load::scan_features(targets, language, &everything);
    let keys: Vec<u64> = scanned.pickles.iter().map(|p| crate::filters::pickle_key(p)).collect();
    let mine = split(&keys, &durations, shard);
    Ok(PickleFilter { shard: None, only: Some(Arc::new(mine)), ..filter })
}

/// `Name: value` of `--cdp-header`.
fn parse_header(header: &str) -> Result<(String, String), String> {
    match header.split_once(':') {
        Some((name, value)) if !name.trim().is_empty() => Ok((name.trim().to_string(), value.trim().to_string())),
        _ => Err(format!("--cdp-header {header:?} must be \"Name: value\", e.g. \"Authorization: Bearer abc\"")),
    }
}

/// The Grid to take browsers from: `--grid`, else FERRIDRIVER_GRID, else `[browser] grid`.
fn grid_settings(
    args: &BddArgs,
    from_config: Option<String>,
) -> Result<Option<ferridriver_steps::lease::GridSettings>, String> {
    args.grid.settings(from_config)
}

/// Checks that the Grid answers before anything runs: a Grid that is down is one error.
fn check_grid_now(grid: &ferridriver_steps::lease::GridSettings) -> Result<(), String> {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .map_err(|e| format!("cannot start a runtime to reach the Grid: {e}"))?;
    runtime.block_on(ferridriver_steps::lease::check_grid(grid))
}

/// Fills every option the command line left unset from the config file's `[test]` table;
/// tags and names combine with the file's.
fn merge_config(args: &mut BddArgs, cfg: TestConfig) {
    if args.paths.is_empty() {
        args.paths = cfg.paths.unwrap_or_default();
    }
    // As cucumber-js merges its command line into the profile, the formats add up; a
    // formatter the command line puts on the console takes the place of the file's.
    let console_on_command_line = args.format.iter().any(|f| writes_to_console(f));
    let mut formats: Vec<String> = cfg
        .format
        .unwrap_or_default()
        .into_iter()
        .filter(|f| !(console_on_command_line && writes_to_console(f)))
        .collect();
    formats.append(&mut args.format);
    // One reporter per file, the last named for it (cucumber-js keys its formats by file).
    let mut files = std::collections::HashSet::new();
    let mut kept: Vec<String> = formats
        .into_iter()
        .rev()
        .filter(|f| FormatSpec::parse(f).ok().and_then(|s| s.path).is_none_or(|path| files.insert(path)))
        .collect();
    kept.reverse();
    args.format = kept;
    // As cucumber-js merges its command line into the profile: the file's tag expression and
    // the flags' must all match, and the names add up (a scenario matching any runs).
    args.tags.splice(0..0, cfg.tags);
    args.name.splice(0..0, cfg.name.unwrap_or_default());
    args.parallel = args.parallel.or(cfg.parallel);
    args.order = args.order.take().or(cfg.order);
    args.retry = args.retry.or(cfg.retry);
    args.retry_tag_filter = match (cfg.retry_tag_filter, args.retry_tag_filter.take()) {
        (Some(file), Some(flag)) => Some(format!("({file}) and ({flag})")),
        (file, flag) => flag.or(file),
    };
    if !args.strict && !args.no_strict {
        args.no_strict = cfg.strict == Some(false);
    }
    args.fail_fast |= cfg.fail_fast.unwrap_or(false);
    args.fail_on_flaky |= cfg.fail_on_flaky.unwrap_or(false);
    args.dry_run |= cfg.dry_run.unwrap_or(false);
    args.no_builtin_steps |= cfg.builtin_steps == Some(false);
    args.shard = args.shard.take().or(cfg.shard);
    args.shard_by = args.shard_by.take().or(cfg.shard_by);
    args.trace = args.trace.take().or(cfg.trace);
    args.video = args.video.take().or(cfg.video);
    args.output = args.output.take().or(cfg.output);
    if args.world_parameters.is_none() {
        args.world_parameters = cfg.world_parameters.map(|v| v.to_string());
    }
    if args.format_options.is_none() {
        args.format_options = cfg.format_options.map(|v| v.to_string());
    }
    args.timeout = args.timeout.or(cfg.timeout);
    args.language = args.language.take().or(cfg.language);
}

/// The step definitions of a run and how workers reach the JS ones.
pub struct Definitions {
    pub registry: Arc<Registry>,
    pub hosts: HostFactory,
    /// The JS program, when there are JS/TS step files.
    pub program: Option<Arc<JsProgram>>,
    /// Whether every definition loaded (problems are already on stderr).
    pub ok: bool,
    /// How many JS/TS step, support or extension files failed to bundle or to evaluate. A
    /// plain `bdd` run stops before any scenario then (as cucumber-js does): a suite with its
    /// World or hooks missing must not report green scenarios. Watch mode reports them and
    /// goes on serving.
    pub js_load_errors: usize,
}

/// Builds the registry: the Rust steps linked in (the built-in library unless left out), then
/// the JS/TS step files. `hosts` runs non-JS external steps when there are no JS ones.
pub fn load_definitions(prepared: &Prepared, ids: &Arc<IdGenerator>, hosts: HostFactory) -> Definitions {
    ferridriver_steps::builtin::link();
    let mut registry = Registry::from_inventory_builtin(Arc::clone(ids), !prepared.args.no_builtin_steps);
    let (hosts, program, js_load_errors) =
        crate::js::add_js_steps(&mut registry, prepared.js_settings.clone(), hosts, prepared.options.default_timeout);
    for e in &registry.errors {
        eprintln!("error: {e}\n  hint: fix the definition; the other definitions are still used");
    }
    let ok = js_load_errors == 0 && registry.errors.is_empty();
    Definitions { registry: Arc::new(registry), hosts, program, ok, js_load_errors }
}

/// What one run did.
pub struct RunResult {
    /// The process exit code this run stands for.
    pub code: i32,
    pub summary: Option<RunSummary>,
    /// The pickles that ran.
    pub pickles: Vec<Arc<Pickle>>,
}

/// Loads the features, runs the pickles `filter` selects and writes every report.
pub fn run_once(
    prepared: &Prepared,
    ids: &Arc<IdGenerator>,
    definitions: &Definitions,
    filter: &PickleFilter,
) -> RunResult {
    let failed = |code| RunResult { code, summary: None, pickles: Vec::new() };
    let mut reporters: Vec<Box<dyn Reporter>> = Vec::new();
    for value in &prepared.formats {
        let root = std::env::current_dir().unwrap_or_else(|_| ".".into());
        let created = FormatSpec::parse(value).and_then(|spec| {
            if crate::js_formatter::is_custom_formatter(&spec.name, &root) {
                crate::js_formatter::JsFormatterReporter::start(&spec, &root, &prepared.format_options)
                    .map(|r| Box::new(r) as Box<dyn Reporter>)
            } else {
                create_reporter(&spec, &prepared.format_options)
            }
        });
        match created {
            Ok(r) => reporters.push(r),
            Err(e) => {
                eprintln!("error: {e}");
                return failed(EXIT_USAGE);
            }
        }
    }
    let targets = match discover(&prepared.paths) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("error: {e}");
            return failed(EXIT_USAGE);
        }
    };
    let (sender, events) = std::sync::mpsc::channel();
    let reporter_thread = spawn_reporters(reporters, events);
    let ctx = RunContext::new(Arc::clone(ids), Arc::new(Clock::System), sender);
    ctx.emit(meta());
    let loaded = load_features(&ctx, &targets, &prepared.language, filter);
    let pickles = schedule(loaded.pickles, None, prepared.order);
    let summary = execute(
        &ctx,
        Arc::clone(&definitions.registry),
        pickles.clone(),
        &loaded.documents,
        Arc::new(prepared.options.clone()),
        Arc::clone(&definitions.hosts),
    );
    drop(ctx);
    let reported = reporter_thread.join().unwrap_or_else(|_| Err("the reporter thread stopped unexpectedly".into()));
    if let Err(e) = &reported {
        eprintln!("error: {e}");
    }
    let code = if summary.success && definitions.ok && loaded.syntax_errors == 0 && reported.is_ok() {
        0
    } else {
        EXIT_FAILED
    };
    RunResult { code, summary: Some(summary), pickles }
}

/// Whether a `--format` value writes to the console (it names no file); a value that does not
/// parse counts as one (the check of the formats reports it).
fn writes_to_console(format: &str) -> bool {
    FormatSpec::parse(format).map_or(true, |spec| spec.path.is_none())
}

#[cfg(test)]
mod tests {
    use super::merge_config;
    use crate::cli::BddArgs;
    use crate::config::TestConfig;

    #[test]
    fn the_command_line_adds_to_the_files_tags_names_and_retry_filter() {
        let mut args = BddArgs {
            tags: vec!["@smoke".into()],
            name: vec!["login".into()],
            retry_tag_filter: Some("@flaky".into()),
            ..BddArgs::default()
        };
        let file = TestConfig {
            tags: Some("not @wip".into()),
            name: Some(vec!["basket".into()]),
            retry_tag_filter: Some("not @never".into()),
            ..TestConfig::default()
        };
        merge_config(&mut args, file);
        assert_eq!(args.tags, ["not @wip", "@smoke"], "every expression must match");
        assert_eq!(args.name, ["basket", "login"], "a scenario matching either name runs");
        assert_eq!(args.retry_tag_filter.as_deref(), Some("(not @never) and (@flaky)"));
        let mut alone = BddArgs::default();
        merge_config(&mut alone, TestConfig { retry_tag_filter: Some("@flaky".into()), ..TestConfig::default() });
        assert_eq!(alone.retry_tag_filter.as_deref(), Some("@flaky"));
    }
}
