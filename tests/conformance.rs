//! Conformance with Cucumber's official test data (read from the shared conformance folder,
//! never copied): Gherkin good and bad files, Cucumber expressions, tag expressions.
//! Prints one summary line of pass counts.

#[path = "conformance/cucumber_expressions.rs"]
mod cucumber_expressions;
#[path = "conformance/gherkin.rs"]
mod gherkin;
#[path = "conformance/locate.rs"]
mod locate;
#[path = "conformance/schema.rs"]
mod schema;
#[path = "conformance/tag_expressions.rs"]
mod tag_expressions;
#[path = "conformance/tally.rs"]
mod tally;

pub use tally::Tally;

/// All Cucumber-expression suites counted as one.
fn expressions(root: &std::path::Path) -> Tally {
    let mut all = Tally::default();
    for t in [
        cucumber_expressions::matching(root),
        cucumber_expressions::transformation(root),
        cucumber_expressions::regular_expression(root),
        cucumber_expressions::parser(root),
        cucumber_expressions::tokenizer(root),
    ] {
        all.passed += t.passed;
        all.total += t.total;
        all.failures.extend(t.failures);
    }
    all
}

#[test]
fn official_test_data() {
    let Some(root) = locate::conformance_dir() else { return };
    let suites = [
        ("gherkin good", gherkin::good(&root)),
        ("gherkin bad", gherkin::bad(&root)),
        ("expressions", expressions(&root)),
        ("tags", tag_expressions::all(&root)),
    ];
    let summary: Vec<String> = suites.iter().map(|(n, t)| format!("{n} {}/{}", t.passed, t.total)).collect();
    println!("conformance: {}", summary.join(", "));
    let failures: Vec<String> =
        suites.iter().flat_map(|(n, t)| t.failures.iter().map(move |f| format!("[{n}] {f}"))).collect();
    for f in &failures {
        println!("FAIL {f}");
    }
    assert!(failures.is_empty(), "{} conformance cases failed", failures.len());
}
