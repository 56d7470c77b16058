//! The `bdd` command's flow: the language listings, then prepare, load the definitions
//! (failing before any scenario when a file did not load), and one run or watch mode.

use crate::cli::{BddArgs, EXIT_FAILED, EXIT_USAGE};
use crate::execute::workers::HostFactory;
use crate::gherkin::{dialect, languages};
use crate::run_once::{load_definitions, prepare, run_once};
use ferridriver_messages::IdGenerator;
use std::sync::Arc;

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
    let prepared = match prepare(args) {
        Ok(p) => p,
        Err(e) => return usage(e),
    };
    if prepared.args.watch {
        return crate::watch::run_watch(prepared, hosts);
    }
    let ids = Arc::new(IdGenerator::unique());
    let definitions = load_definitions(&prepared, &ids, hosts);
    if definitions.js_load_errors > 0 && !prepared.args.dry_run {
        let n = definitions.js_load_errors;
        eprintln!(
            "error: {n} problem{} loading the step, support and extension files (above); no scenario was run\n  hint: fix {}, then run again (`ferridriver bdd --dry-run` lists what the others define)",
            if n == 1 { "" } else { "s" },
            if n == 1 { "it" } else { "them" }
        );
        return EXIT_FAILED;
    }
    run_once(&prepared, &ids, &definitions, &prepared.filter).code
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
