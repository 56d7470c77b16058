//! Port of cck/samples/undefined(-multiple).
use ferridriver::{given, World};

#[given(expr = "an implemented step")]
async fn implemented(_w: &mut World) {}

#[given(expr = "a step that will be skipped")]
async fn skipped(_w: &mut World) {}
