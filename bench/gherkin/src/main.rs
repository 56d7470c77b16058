//! Generates a corpus of feature files (10,000 scenarios by default), then measures, on the same
//! files, ferridriver's parse + pickle compilation and the `gherkin` crate's parse.
//! Usage: `cargo run --release -- [SCENARIOS] [ROUNDS]`.

use ferridriver_messages::IdGenerator;
use std::path::PathBuf;
use std::time::{Duration, Instant};

const SCENARIOS_PER_FILE: usize = 100;

fn feature_text(file: usize) -> String {
    let mut s = format!("@file{file}\nFeature: Generated feature {file}\n  Some description of the feature.\n\n");
    s.push_str("  Background:\n    Given a logged-in user \"ada\"\n    And the catalogue is loaded\n\n");
    for i in 0..SCENARIOS_PER_FILE {
        if i % 10 == 9 {
            // Every tenth entry is an outline with three rows (three pickles).
            s.push_str(&format!(
                "  @outline\n  Scenario Outline: outline {i} with <n>\n    When I add <n> items of \"widget\"\n    Then the cart holds <total> items\n\n    Examples:\n      | n | total |\n      | 1 | 1     |\n      | 2 | 2     |\n      | 3 | 3     |\n\n"
            ));
        } else {
            s.push_str(&format!(
                "  @tag{}\n  Scenario: scenario {i}\n    Given I open the page \"/items/{i}\"\n    When I fill the form:\n      | name  | value |\n      | title | t{i}  |\n    Then I should see \"saved\"\n\n",
                i % 7
            ));
        }
    }
    s
}

fn median(mut v: Vec<Duration>) -> Duration {
    v.sort();
    v[v.len() / 2]
}

fn main() {
    let mut args = std::env::args().skip(1);
    let target: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(10_000);
    let rounds: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(5);
    let dir = std::env::temp_dir().join(format!("ferridriver-bench-gherkin-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");

    // Each file holds 90 scenarios + 10 outlines of 3 rows = 120 pickles.
    let pickles_per_file = SCENARIOS_PER_FILE - SCENARIOS_PER_FILE / 10 + 3 * (SCENARIOS_PER_FILE / 10);
    let files = target.div_ceil(pickles_per_file);
    let paths: Vec<PathBuf> = (0..files)
        .map(|f| {
            let p = dir.join(format!("f{f:04}.feature"));
            std::fs::write(&p, feature_text(f)).expect("write feature");
            p
        })
        .collect();
    let bytes: usize = paths.iter().map(|p| std::fs::metadata(p).map(|m| m.len() as usize).unwrap_or(0)).sum();

    let mut ours = Vec::new();
    let mut ours_parse_only = Vec::new();
    let mut theirs = Vec::new();
    let mut pickles = 0;
    let mut their_scenarios = 0;
    for _ in 0..rounds {
        let t = Instant::now();
        let ids = IdGenerator::unique();
        pickles = 0;
        for p in &paths {
            let data = std::fs::read_to_string(p).expect("read");
            let parsed = ferridriver_runner::gherkin::parse_source(&p.to_string_lossy(), &data, "en", &ids);
            assert!(parsed.errors.is_empty(), "{:?}", parsed.errors);
            pickles += parsed.pickles.len();
        }
        ours.push(t.elapsed());

        let t = Instant::now();
        let ids = IdGenerator::unique();
        for p in &paths {
            let data = std::fs::read_to_string(p).expect("read");
            let doc = ferridriver_runner::gherkin::parse_document(&data, "x", false, "en", &ids).expect("parses");
            std::hint::black_box(doc);
        }
        ours_parse_only.push(t.elapsed());

        let t = Instant::now();
        their_scenarios = 0;
        for p in &paths {
            let f = gherkin::Feature::parse_path(p, gherkin::GherkinEnv::default()).expect("gherkin crate parses");
            // The crate has no pickles; count what an outline would expand to, for reference.
            their_scenarios += f
                .scenarios
                .iter()
                .map(|s| s.examples.iter().map(|e| e.table.as_ref().map_or(0, |t| t.rows.len().saturating_sub(1))).sum::<usize>().max(1))
                .sum::<usize>();
        }
        theirs.push(t.elapsed());
    }
    let _ = std::fs::remove_dir_all(&dir);
    assert_eq!(pickles, their_scenarios, "both read the same number of test cases");

    let rate = |d: Duration| pickles as f64 / d.as_secs_f64();
    let (o, op, g) = (median(ours), median(ours_parse_only), median(theirs));
    println!("corpus: {files} files, {pickles} scenarios (pickles), {:.1} MB, median of {rounds} rounds", bytes as f64 / 1e6);
    println!("{:<44} {:>10} {:>16}", "", "time", "scenarios/s");
    println!("{:<44} {:>8.1}ms {:>16.0}", "ferridriver parse + compile pickles", o.as_secs_f64() * 1e3, rate(o));
    println!("{:<44} {:>8.1}ms {:>16.0}", "ferridriver parse only", op.as_secs_f64() * 1e3, rate(op));
    println!("{:<44} {:>8.1}ms {:>16.0}", "gherkin 0.16 parse (no pickles)", g.as_secs_f64() * 1e3, rate(g));
    println!("ratio (gherkin parse / ferridriver parse+pickles): {:.2}x", g.as_secs_f64() / o.as_secs_f64());
}
