//! Port of cck/samples/hooks-conditional.
use ferridriver::{after, before, when, World};

#[before(tags = "@passing-hook")]
async fn passing_before(_w: &mut World) {}

#[before(tags = "@fail-before")]
async fn failing_before(_w: &mut World) -> Result<(), String> {
    Err("Exception in conditional hook".into())
}

#[when(expr = "a step passes")]
async fn passes(_w: &mut World) {}

#[after(tags = "@fail-after")]
async fn failing_after(_w: &mut World) -> Result<(), String> {
    Err("Exception in conditional hook".into())
}

#[after(tags = "@passing-hook")]
async fn passing_after(_w: &mut World) {}
