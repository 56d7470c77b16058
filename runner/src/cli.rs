//! The `bdd` command's arguments (cucumber-js names) and the run options and pickle filter they
//! make; the flow that uses them is `bdd_command.rs`.

use crate::execute::RunOptions;
use crate::filters::PickleFilter;
use crate::gherkin::dialect;
use ferridriver_steps::tag_expressions::TagExpression;
use regex::Regex;
use std::time::Duration;

/// Exit code of a run whose tests (or feature files) failed.
pub const EXIT_FAILED: i32 = 1;
/// Exit code of a usage or configuration error.
pub const EXIT_USAGE: i32 = 2;

/// `ferridriver bdd` arguments.
#[derive(Debug, Clone, Default, clap::Args)]
pub struct BddArgs {
    /// Feature files or directories, optionally with lines (`features/a.feature:12`), or
    /// `@rerun.txt`. Default: `features/`.
    pub paths: Vec<String>,

    /// Stay up after the run: re-run what a saved feature or step file changed, with the
    /// workers' browsers kept warm (keys: Enter re-run, a all, f failed, q quit).
    #[arg(long, short = 'w')]
    pub watch: bool,

    /// Match steps and report them without running anything.
    #[arg(long, short = 'd')]
    pub dry_run: bool,

    /// JS/TS step definition files (globs, relative to the working directory); repeatable.
    /// Replaces `[test] steps` from the config file (cucumber-js `--import`).
    #[arg(long, short = 'i', visible_alias = "require", value_name = "GLOB")]
    pub import: Vec<String>,

    /// Output formatter, `NAME` or `NAME:PATH`; repeatable.
    #[arg(long, short = 'f', value_name = "NAME[:PATH]")]
    pub format: Vec<String>,

    /// Only scenarios whose tags match this tag expression; repeatable (all must match).
    #[arg(long, short = 't', value_name = "EXPRESSION")]
    pub tags: Vec<String>,

    /// Only scenarios whose name matches this regular expression; repeatable (any may match).
    #[arg(long, value_name = "REGEX")]
    pub name: Vec<String>,

    /// Number of parallel workers (default: number of CPUs).
    #[arg(long, value_name = "N")]
    pub parallel: Option<usize>,

    /// Scenario order: defined (default), reverse, random or random:SEED.
    #[arg(long, value_name = "ORDER")]
    pub order: Option<String>,

    /// Retry a failing scenario up to N times.
    #[arg(long, value_name = "N")]
    pub retry: Option<u32>,

    /// Run every selected scenario N times (as Playwright's flag), to hunt for flaky ones.
    #[arg(long, value_name = "N")]
    pub repeat_each: Option<u32>,

    /// Only retry scenarios whose tags match this expression.
    #[arg(long, value_name = "EXPRESSION")]
    pub retry_tag_filter: Option<String>,

    /// Pending steps fail the run (the default).
    #[arg(long, overrides_with = "no_strict")]
    pub strict: bool,

    /// Pending steps do not fail the run.
    #[arg(long)]
    pub no_strict: bool,

    /// Stop scheduling scenarios after the first failure.
    #[arg(long)]
    pub fail_fast: bool,

    /// A scenario that passed only on a retry (flaky) fails the run.
    #[arg(long)]
    pub fail_on_flaky: bool,

    /// Run only shard INDEX of TOTAL (1-based), e.g. 2/4; `auto` takes them from GitLab's
    /// CI_NODE_INDEX/CI_NODE_TOTAL.
    #[arg(long, value_name = "INDEX/TOTAL")]
    pub shard: Option<String>,

    /// How shards are made: `count` (default: every TOTAL-th pickle) or `duration:FILE` (even
    /// summed durations, from an earlier run's message file; unknown pickles by count).
    #[arg(long, value_name = "count|duration:FILE")]
    pub shard_by: Option<String>,

    /// A JSON object handed to every World as `parameters`.
    #[arg(long, value_name = "JSON")]
    pub world_parameters: Option<String>,

    /// Default step timeout in milliseconds (default 5000).
    #[arg(long, value_name = "MS")]
    pub timeout: Option<u64>,

    /// Default language of feature files without a `# language:` header (default en).
    #[arg(long, value_name = "ISO_CODE")]
    pub language: Option<String>,

    /// Screenshots attached to the report: on-failure (default), off or always.
    #[arg(long, value_name = "WHEN")]
    pub screenshot: Option<String>,

    /// Playwright-format traces: off (default), on, retain-on-failure or on-first-retry. Open
    /// one with `npx playwright show-trace FILE` or at trace.playwright.dev.
    #[arg(long, value_name = "WHEN")]
    pub trace: Option<String>,

    /// Videos (WebM) of the pages each scenario used: off (default), on, retain-on-failure or
    /// on-first-retry, as --trace; attached to the scenario in the reports.
    #[arg(long, value_name = "WHEN")]
    pub video: Option<String>,

    /// Where traces and videos are written (default .ferridriver/traces and
    /// .ferridriver/videos).
    #[arg(long, value_name = "DIR")]
    pub output: Option<String>,

    #[command(flatten)]
    pub policy: crate::extension_policy::PolicyFlags,

    /// The browser to launch (default: $CHROME_PATH, chromium, chromium-browser, google-chrome).
    #[arg(long, value_name = "PATH")]
    pub browser_path: Option<String>,

    /// Show the browser window instead of running headless.
    #[arg(long)]
    pub headed: bool,

    /// Drive a browser that is already running (a container, a CDP vendor) instead of
    /// launching one: its DevTools WebSocket (ws:// or wss://) or an http(s):// address whose
    /// /json/version names it. Each worker opens its own connection; nothing is launched or
    /// killed, and the contexts it opened are closed.
    #[arg(long, value_name = "URL")]
    pub cdp_endpoint: Option<String>,

    /// A header for --cdp-endpoint, "Name: value" (repeatable), e.g. "Authorization: Bearer …".
    #[arg(long, value_name = "HEADER", requires = "cdp_endpoint")]
    pub cdp_header: Vec<String>,

    #[command(flatten)]
    pub grid: crate::grid_flags::GridFlags,

    /// How scenarios are kept apart: `context` (default: a fresh incognito context per
    /// scenario) or `reset` (one context per worker, reset between scenarios: faster).
    #[arg(long, value_name = "MODE")]
    pub isolation: Option<String>,

    /// Leave the built-in step library out: only your own Rust and JS/TS steps match (no
    /// `stepDefinition` messages for the built-ins). Without it your steps shadow built-in
    /// ones that match the same text.
    #[arg(long)]
    pub no_builtin_steps: bool,

    /// Options for the formatters, a JSON object (cucumber-js `--format-options`).
    #[arg(long, value_name = "JSON")]
    pub format_options: Option<String>,

    /// Configuration file (default: ferridriver.toml, .yaml, .yml or .json in the working
    /// directory, if present). Command-line flags override it. cucumber-js's own file
    /// (cucumber.js, .cjs, .mjs, .json, .yaml, .yml) is read too; ferridriver's wins key by key.
    #[arg(long, short = 'c', value_name = "PATH")]
    pub config: Option<String>,

    /// The cucumber-js profile(s) of its configuration file to use (default: `default`);
    /// repeatable, merged in order as cucumber-js merges them.
    #[arg(long = "profile", short = 'p', value_name = "NAME")]
    pub cucumber_profile: Vec<String>,

    /// List the languages Gherkin supports and exit.
    #[arg(long)]
    pub i18n_languages: bool,

    /// List the keywords of one language and exit.
    #[arg(long, value_name = "ISO_CODE")]
    pub i18n_keywords: Option<String>,
}

pub(crate) fn run_options(args: &BddArgs) -> Result<RunOptions, String> {
    let language = args.language.as_deref().unwrap_or("en");
    if dialect(language).is_none() {
        return Err(format!(
            "unknown --language '{language}'\n  hint: `ferridriver bdd --i18n-languages` lists the codes"
        ));
    }
    let world_parameters = match &args.world_parameters {
        None => serde_json::json!({}),
        Some(text) => match serde_json::from_str::<serde_json::Value>(text) {
            Ok(v) if v.is_object() => v,
            Ok(_) => return Err("--world-parameters must be a JSON object, e.g. '{\"baseUrl\":\"http://localhost\"}'".into()),
            Err(e) => {
                return Err(format!(
                    "--world-parameters is not valid JSON: {e} (column {})\n  hint: quote it for the shell: --world-parameters '{{\"key\":1}}'",
                    e.column()
                ))
            }
        },
    };
    let retry_tag_filter = match &args.retry_tag_filter {
        Some(t) => Some(TagExpression::parse(t).map_err(|e| format!("--retry-tag-filter: {e}"))?),
        None => None,
    };
    if args.parallel == Some(0) {
        return Err("--parallel must be at least 1".into());
    }
    Ok(RunOptions {
        parallel: args.parallel.unwrap_or_else(|| std::thread::available_parallelism().map(|n| n.get()).unwrap_or(1)),
        order: crate::execute::Order::Defined,
        dry_run: args.dry_run,
        strict: !args.no_strict,
        fail_fast: args.fail_fast,
        fail_on_flaky: args.fail_on_flaky,
        retry: args.retry.unwrap_or(0),
        retry_tag_filter,
        world_parameters,
        default_timeout: Duration::from_millis(args.timeout.unwrap_or(5000)),
        screenshots: match args.screenshot.as_deref() {
            None | Some("on-failure") => crate::execute::Screenshots::OnFailure,
            Some("off") => crate::execute::Screenshots::Off,
            Some("always") => crate::execute::Screenshots::Always,
            Some(other) => return Err(format!("--screenshot '{other}' must be on-failure, off or always")),
        },
        threads: None,
        browsers: Default::default(),
        trace: crate::execute::TraceMode::parse(args.trace.as_deref().unwrap_or("off"))?,
        trace_dir: std::path::PathBuf::from(args.output.as_deref().unwrap_or(crate::execute::DEFAULT_TRACE_DIR)),
        video: crate::execute::TraceMode::parse_for("--video", args.video.as_deref().unwrap_or("off"))?,
        video_dir: std::path::PathBuf::from(args.output.as_deref().unwrap_or(crate::execute::DEFAULT_VIDEO_DIR)),
        // From `--format-options` (`prepare` reads it).
        snippet_interface: Default::default(),
    })
}

pub(crate) fn build_filter(args: &BddArgs) -> Result<PickleFilter, String> {
    let mut tags: Option<TagExpression> = None;
    for t in &args.tags {
        let e =
            TagExpression::parse(t).map_err(|e| format!("--tags: {e}\n  hint: e.g. --tags '@smoke and not @slow'"))?;
        tags = Some(match tags {
            None => e,
            Some(prev) => TagExpression::And(Box::new(prev), Box::new(e)),
        });
    }
    let names = args
        .name
        .iter()
        .map(|n| Regex::new(n).map_err(|e| format!("--name '{n}' is not a valid regular expression: {e}")))
        .collect::<Result<Vec<_>, _>>()?;
    if args.repeat_each == Some(0) {
        return Err("--repeat-each must be at least 1".into());
    }
    Ok(PickleFilter { tags, names, shard: None, only: None, repeat_each: args.repeat_each.unwrap_or(1) })
}
