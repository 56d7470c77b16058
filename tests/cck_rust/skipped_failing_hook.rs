//! Port of cck/samples/skipped-failing-hook.
use ferridriver::{after, given, StepOutcome, World};

#[given(expr = "a step that skips")]
async fn skips(_w: &mut World) -> StepOutcome {
    StepOutcome::Skipped
}

#[after]
async fn after(_w: &mut World) -> Result<(), String> {
    Err("whoops".into())
}
