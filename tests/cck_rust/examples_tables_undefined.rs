//! Port of the cck/samples/examples-tables family.
use ferridriver::steps::registry::StepFailure;
use ferridriver::{given, then, when};

#[derive(Default)]
struct Cukes {
    count: i64,
}

#[given(expr = "there are {int} cucumbers")]
async fn there_are(w: &mut Cukes, n: i64) {
    w.count = n;
}

#[when(expr = "I eat {int} cucumbers")]
async fn eat(w: &mut Cukes, n: i64) {
    w.count -= n;
}

#[then(expr = "I should have {int} cucumbers")]
async fn should_have(w: &mut Cukes, n: i64) -> Result<(), StepFailure> {
    if w.count == n {
        Ok(())
    } else {
        Err(StepFailure::new(
            "AssertionError",
            format!("Expected values to be strictly equal:\n\n{} !== {n}\n", w.count),
        ))
    }
}
