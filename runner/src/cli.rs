//! The `bdd` command: arguments (cucumber-js names) and the run that follows from them.

use crate::diagnostics::describe_parse_error;
use crate::discovery::{discover, uri_of};
use crate::filters::{selected_by_lines, PickleFilter};
use crate::gherkin::{dialect, languages, parse_source};
use crate::meta::meta;
use ferridriver_messages::{Envelope, IdGenerator};
use ferridriver_reporters::{create_reporter, FormatSpec, Reporter};
use ferridriver_steps::tag_expressions::TagExpression;
use regex::Regex;

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

    /// Parse and match everything, run nothing.
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

/// Runs `ferridriver bdd` and returns the process exit code.
pub fn run_bdd(args: BddArgs) -> i32 {
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
    if dialect(&args.language).is_none() {
        return usage(format!(
            "unknown --language '{}'\n  hint: `ferridriver bdd --i18n-languages` lists the codes",
            args.language
        ));
    }
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
    if !args.dry_run {
        return usage(
            "running scenarios is not available in this build yet\n  hint: use --dry-run to parse features and print their messages"
                .into(),
        );
    }
    let paths = if args.paths.is_empty() { vec!["features".to_string()] } else { args.paths.clone() };
    let targets = match discover(&paths) {
        Ok(t) => t,
        Err(e) => return usage(e),
    };

    let ids = IdGenerator::unique();
    let emit = |envelope: Envelope, reporters: &mut Vec<Box<dyn Reporter>>| -> Result<(), String> {
        for r in reporters.iter_mut() {
            r.on_envelope(&envelope).map_err(|e| format!("cannot write report: {e}"))?;
        }
        Ok(())
    };
    let mut syntax_errors = 0usize;
    let mut pickle_count = 0usize;
    let mut run = || -> Result<(), String> {
        emit(meta().into(), &mut reporters)?;
        for target in &targets {
            let uri = uri_of(&target.path);
            let data = match std::fs::read_to_string(&target.path) {
                Ok(d) => d,
                Err(e) => {
                    eprintln!("{uri}: cannot read: {e}");
                    syntax_errors += 1;
                    continue;
                }
            };
            let parsed = parse_source(&uri, &data, &args.language, &ids);
            for e in &parsed.errors {
                eprintln!("{}", describe_parse_error(&uri, e));
            }
            syntax_errors += parsed.errors.len();
            let selected: Vec<bool> = parsed
                .pickles
                .iter()
                .map(|p| {
                    filter.accepts(p)
                        && parsed.document.as_ref().is_some_and(|d| selected_by_lines(p, d, &target.lines))
                })
                .collect();
            for (i, envelope) in parsed.envelopes().into_iter().enumerate() {
                // Pickles come last; drop the ones the filters exclude.
                let first_pickle = parsed.envelopes().len() - parsed.pickles.len();
                if i >= first_pickle && !selected[i - first_pickle] {
                    continue;
                }
                if i >= first_pickle {
                    pickle_count += 1;
                }
                emit(envelope, &mut reporters)?;
            }
        }
        Ok(())
    };
    if let Err(e) = run() {
        eprintln!("error: {e}");
        return EXIT_FAILED;
    }
    for r in reporters.iter_mut() {
        if let Err(e) = r.finish() {
            eprintln!("error: cannot complete report: {e}");
            return EXIT_FAILED;
        }
    }
    eprintln!(
        "{} feature file{}, {pickle_count} scenario{} (dry run){}",
        targets.len(),
        if targets.len() == 1 { "" } else { "s" },
        if pickle_count == 1 { "" } else { "s" },
        if syntax_errors > 0 { format!(", {syntax_errors} syntax error(s)") } else { String::new() }
    );
    if syntax_errors > 0 {
        EXIT_FAILED
    } else {
        0
    }
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
