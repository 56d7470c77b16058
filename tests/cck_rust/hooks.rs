//! Port of cck/samples/hooks.
use ferridriver::{after, before, when, World};

#[before]
async fn before(_w: &mut World) {}

#[when(expr = "a step passes")]
async fn passes(_w: &mut World) {}

#[when(expr = "a step fails")]
async fn fails(_w: &mut World) -> Result<(), String> {
    Err("Exception in step".into())
}

#[after]
async fn after(_w: &mut World) {}
