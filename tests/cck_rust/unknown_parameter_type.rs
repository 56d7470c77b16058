//! Port of cck/samples/unknown-parameter-type.
use ferridriver::{given, World};

#[given(expr = "{airport} is closed because of a strike")]
async fn closed(_w: &mut World, _airport: String) -> Result<(), String> {
    Err("Should not be called because airport parameter type has not been defined".into())
}
