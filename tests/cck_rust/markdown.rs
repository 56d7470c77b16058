//! Port of cck/samples/markdown.
use ferridriver::{given, then, when, DataTable, World};

// The original names its argument `dataTable`, but the step carries a doc string.
#[given(expr = "some TypeScript code:")]
async fn code(_w: &mut World, doc_string: &str) {
    assert!(!doc_string.is_empty());
}

#[given(expr = "some classic Gherkin:")]
async fn classic(_w: &mut World, doc_string: &str) {
    assert!(!doc_string.is_empty());
}

#[when(expr = "we use a data table and attach something and then {word}")]
async fn table_then(w: &mut World, word: String, table: &DataTable) -> Result<(), String> {
    assert!(!table.raw().is_empty());
    w.log(format!("We are logging some plain text ({word})"));
    if word == "fail" {
        return Err("You asked me to fail".into());
    }
    Ok(())
}

#[then(expr = "this might or might not run")]
async fn might(_w: &mut World) {}
