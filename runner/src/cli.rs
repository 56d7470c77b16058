//! The `bdd` command: arguments (cucumber-js names) and the run that follows from them.

use crate::discovery::discover;
use crate::execute::{execute, workers::HostFactory, RunContext, RunOptions};
use crate::filters::PickleFilter;
use crate::gherkin::{dialect, languages};
use crate::load::load_features;
use crate::meta::meta;
use crate::reporting::spawn_reporters;
use crate::schedule::{parse_order, parse_shard, schedule};
use ferridriver_messages::{Clock, IdGenerator};
use ferridriver_reporters::{create_reporter, FormatSpec, Reporter};
use ferridriver_steps::registry::Registry;
use ferridriver_steps::tag_expressions::TagExpression;
use regex::Regex;
use std::sync::Arc;
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

    /// Match steps and report them without running anything.
    #[arg(long, short = 'd')]
    pub dry_run: bool,

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

    /// Scenario order: defined, reverse, random or random:SEED.
    #[arg(long, default_value = "defined", value_name = "ORDER")]
    pub order: String,

    /// Retry a failing scenario up to N times.
    #[arg(long, default_value_t = 0, value_name = "N")]
    pub retry: u32,

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

    /// Run only shard INDEX of TOTAL (1-based), e.g. 2/4.
    #[arg(long, value_name = "INDEX/TOTAL")]
    pub shard: Option<String>,

    /// A JSON object handed to every World as `parameters`.
    #[arg(long, value_name = "JSON")]
    pub world_parameters: Option<String>,

    /// Default step timeout in milliseconds.
    #[arg(long, default_value_t = 5000, value_name = "MS")]
    pub timeout: u64,

    /// Default language of feature files without a `# language:` header.
    #[arg(long, default_value = "en", value_name = "ISO_CODE")]
    pub language: String,

    /// List the languages Gherkin supports and exit.
    #[arg(long)]
    pub i18n_languages: bool,

    /// List the keywords of one language and exit.
    #[arg(long, value_name = "ISO_CODE")]
    pub i18n_keywords: Option<String>,
}

/// A usage error: message with hint, exit code 2.
fn usage(message: String) -> i32 {
    eprintln!("error: {message}");
    EXIT_USAGE
}

/// Runs `ferridriver bdd` with the Rust definitions linked into this binary.
pub fn run_bdd(args: BddArgs) -> i32 {
    let hosts: HostFactory = Arc::new(|_| Box::new(crate::execute::invoke::NoHost));
    run_bdd_with(args, hosts)
}

/// Runs `ferridriver bdd`; `hosts` makes each worker's host for non-Rust definitions.
pub fn run_bdd_with(args: BddArgs, hosts: HostFactory) -> i32 {
    if args.i18n_languages {
        for code in languages() {
            if let Some(d) = dialect(code) {
                println!("{code:<10} {:<24} {}", d.name, d.native);
            }
        }
        return 0;
    }
    if let Some(code) = &args.i18n_keywords {
        return match dialect(code) {
            Some(d) => {
                print_keywords(d);
                0
            }
            None => usage(format!("unknown language '{code}'\n  hint: `ferridriver bdd --i18n-languages` lists them")),
        };
    }
    let options = match run_options(&args) {
        Ok(o) => o,
        Err(e) => return usage(e),
    };
    let (shard, order) = match (args.shard.as_deref().map(parse_shard).transpose(), parse_order(&args.order)) {
        (Ok(s), Ok(o)) => (s, o),
        (Err(e), _) | (_, Err(e)) => return usage(e),
    };
    let filter = match build_filter(&args) {
        Ok(f) => f,
        Err(e) => return usage(e),
    };
    let mut reporters: Vec<Box<dyn Reporter>> = Vec::new();
    for value in &args.format {
        match FormatSpec::parse(value).and_then(|spec| create_reporter(&spec)) {
            Ok(r) => reporters.push(r),
            Err(e) => return usage(e),
        }
    }
    let paths = if args.paths.is_empty() { vec!["features".to_string()] } else { args.paths.clone() };
    let targets = match discover(&paths) {
        Ok(t) => t,
        Err(e) => return usage(e),
    };
    if let crate::execute::Order::Random(seed) = order {
        eprintln!("order: random:{seed} (pass --order random:{seed} to replay)");
    }

    let ids = Arc::new(IdGenerator::unique());
    let (sender, events) = std::sync::mpsc::channel();
    let reporter_thread = spawn_reporters(reporters, events);
    let ctx = RunContext::new(Arc::clone(&ids), Arc::new(Clock::System), sender);
    ctx.emit(meta());
    let loaded = load_features(&ctx, &targets, &args.language, &filter);
    let registry = Registry::from_inventory(Arc::clone(&ids));
    for e in &registry.errors {
        eprintln!("error: {e}\n  hint: fix the definition; the other definitions are still used");
    }
    let pickles = schedule(loaded.pickles, shard, order);
    let summary = execute(&ctx, Arc::new(registry), pickles, Arc::new(options), hosts);
    drop(ctx);
    let reported = reporter_thread.join().unwrap_or_else(|_| Err("the reporter thread stopped unexpectedly".into()));
    if let Err(e) = &reported {
        eprintln!("error: {e}");
    }
    if summary.success && loaded.syntax_errors == 0 && reported.is_ok() {
        0
    } else {
        EXIT_FAILED
    }
}

fn run_options(args: &BddArgs) -> Result<RunOptions, String> {
    if dialect(&args.language).is_none() {
        return Err(format!(
            "unknown --language '{}'\n  hint: `ferridriver bdd --i18n-languages` lists the codes",
            args.language
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
        retry: args.retry,
        retry_tag_filter,
        world_parameters,
        default_timeout: Duration::from_millis(args.timeout),
    })
}

fn build_filter(args: &BddArgs) -> Result<PickleFilter, String> {
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
    Ok(PickleFilter { tags, names })
}

fn print_keywords(d: &crate::gherkin::Dialect) {
    let rows: [(&str, &Vec<String>); 11] = [
        ("feature", &d.feature),
        ("background", &d.background),
        ("rule", &d.rule),
        ("scenario", &d.scenario),
        ("scenarioOutline", &d.scenario_outline),
        ("examples", &d.examples),
        ("given", &d.given),
        ("when", &d.when),
        ("then", &d.then),
        ("and", &d.and),
        ("but", &d.but),
    ];
    for (name, words) in rows {
        let quoted: Vec<String> = words.iter().map(|w| format!("\"{w}\"")).collect();
        println!("{name:<16} {}", quoted.join(", "));
    }
}
