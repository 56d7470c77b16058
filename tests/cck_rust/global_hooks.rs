//! Port of cck/samples/global-hooks.
use ferridriver::{after_all, before_all, when, World};

#[before_all]
async fn before_1() {}

#[before_all]
async fn before_2() {}

#[when(expr = "a step passes")]
async fn passes(_w: &mut World) {}

#[when(expr = "a step fails")]
async fn fails(_w: &mut World) -> Result<(), String> {
    Err("Exception in step".into())
}

#[after_all]
async fn after_1() {}

#[after_all]
async fn after_2() {}
