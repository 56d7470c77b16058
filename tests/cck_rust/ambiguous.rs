//! Port of cck/samples/ambiguous.
use ferridriver::{given, World};

#[given(regex = "^a (.*?) with (.*?)$")]
async fn first(_w: &mut World, _a: String, _b: String) {}

#[given(regex = "^a step with (.*?)$")]
async fn second(_w: &mut World, _a: String) {}
