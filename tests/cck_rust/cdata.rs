//! Port of cck/samples/cdata.
use ferridriver::{given, World};

#[given(expr = "I have {int} <![CDATA[cukes]]> in my belly")]
async fn cukes(_w: &mut World, _count: i64) {}
