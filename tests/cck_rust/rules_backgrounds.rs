//! Port of cck/samples/rules-backgrounds.
use ferridriver::{given, then, when, World};

#[given(expr = "an order for {string}")]
async fn order(_w: &mut World, _item: String) {}

#[when(expr = "an action")]
async fn action(_w: &mut World) {}

#[then(expr = "an outcome")]
async fn outcome(_w: &mut World) {}
