//! Runs the Cucumber Expressions conformance suites on their own (without building the whole
//! workspace): `cargo test -p ferridriver-steps --test expressions_conformance -- --nocapture`.

#[path = "../../tests/conformance/tally.rs"]
mod tally;
pub use tally::Tally;
#[path = "../../tests/conformance/cucumber_expressions.rs"]
mod cucumber_expressions;

#[test]
fn cucumber_expressions_testdata() {
    let root = std::env::var("FERRIDRIVER_CONFORMANCE")
        .unwrap_or_else(|_| concat!(env!("CARGO_MANIFEST_DIR"), "/../../shared/conformance").to_owned());
    let root = std::path::Path::new(&root);
    let suites = [
        ("tokenizer", cucumber_expressions::tokenizer(root)),
        ("parser", cucumber_expressions::parser(root)),
        ("transformation", cucumber_expressions::transformation(root)),
        ("matching", cucumber_expressions::matching(root)),
        ("regular-expression", cucumber_expressions::regular_expression(root)),
    ];
    let mut failures = 0;
    for (name, tally) in &suites {
        println!("expressions {name} {}/{}", tally.passed, tally.total);
        for failure in &tally.failures {
            println!("FAIL [{name}] {failure}");
        }
        failures += tally.failures.len();
    }
    assert!(suites.iter().all(|(_, t)| t.total > 0), "a suite found no testdata under {}", root.display());
    assert_eq!(failures, 0, "{failures} conformance cases failed");
}
