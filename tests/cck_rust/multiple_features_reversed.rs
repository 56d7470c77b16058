//! Port of cck/samples/multiple-features(-reversed).
use ferridriver::{given, World};

#[given(expr = "an order for {string}")]
async fn order(_w: &mut World, _item: String) {}
