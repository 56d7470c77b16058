//! Port of cck/samples/doc-strings.
use ferridriver::{given, World};

#[given(expr = "a doc string:")]
async fn doc(_w: &mut World, doc_string: &str) {
    let _ = doc_string;
}
