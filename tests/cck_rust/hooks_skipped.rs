//! Port of cck/samples/hooks-skipped.
use ferridriver::{after, before, given, StepOutcome, World};

#[before]
async fn before_1(_w: &mut World) {}

#[before(tags = "@skip-before")]
async fn skip_before(_w: &mut World) -> StepOutcome {
    StepOutcome::Skipped
}

#[before]
async fn before_3(_w: &mut World) {}

#[given(expr = "a normal step")]
async fn normal(_w: &mut World) {}

#[given(expr = "a step that skips")]
async fn skips(_w: &mut World) -> StepOutcome {
    StepOutcome::Skipped
}

#[after]
async fn after_1(_w: &mut World) {}

#[after(tags = "@skip-after")]
async fn skip_after(_w: &mut World) -> StepOutcome {
    StepOutcome::Skipped
}

#[after]
async fn after_3(_w: &mut World) {}
