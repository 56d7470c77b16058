//! Port of cck/samples/global-hooks-beforeall-error.
use ferridriver::{after_all, before_all, when, World};

#[before_all]
async fn before_1() {}

#[before_all]
async fn before_2() -> Result<(), String> {
    Err("BeforeAll hook went wrong".into())
}

#[before_all]
async fn before_3() {}

#[when(expr = "a step passes")]
async fn passes(_w: &mut World) {}

#[after_all]
async fn after_1() {}

#[after_all]
async fn after_2() {}
