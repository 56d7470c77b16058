//! Port of cck/samples/failedish-combinations.
use ferridriver::{given, StepOutcome, World};

#[given(regex = "^a step$")]
async fn a_step(_w: &mut World) {}

#[given(regex = "^a skipped step$")]
async fn skipped(_w: &mut World) -> StepOutcome {
    StepOutcome::Skipped
}

#[given(regex = "^a pending step$")]
async fn pending(_w: &mut World) -> StepOutcome {
    StepOutcome::Pending
}

#[given(regex = "^an ambiguous (.*?)$")]
async fn ambiguous_1(_w: &mut World, _x: String) {}

#[given(regex = "^(.*?) ambiguous step$")]
async fn ambiguous_2(_w: &mut World, _x: String) {}

#[given(regex = "^a failing step$")]
async fn failing(_w: &mut World) -> Result<(), String> {
    Err("whoops".into())
}
