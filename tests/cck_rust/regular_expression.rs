//! Port of cck/samples/regular-expression.
use ferridriver::{given, World};

#[given(regex = "^a (.*?)(?: and a (.*?))?(?: and a (.*?))?$")]
async fn vegetables(_w: &mut World, _a: Option<String>, _b: Option<String>, _c: Option<String>) {}
