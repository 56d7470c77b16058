//! Port of cck/samples/data-tables.
use ferridriver::{then, when, DataTable};

#[derive(Default)]
struct Transposed(Option<DataTable>);

#[when(expr = "the following table is transposed:")]
async fn transpose(w: &mut Transposed, table: &DataTable) {
    w.0 = Some(table.transpose());
}

#[then(expr = "it should be:")]
async fn should_be(w: &mut Transposed, expected: &DataTable) -> Result<(), ferridriver::steps::registry::StepFailure> {
    let got = w.0.as_ref().map(|t| t.raw().to_vec()).unwrap_or_default();
    if got == expected.raw() {
        Ok(())
    } else {
        Err(ferridriver::steps::registry::StepFailure::new(
            "AssertionError",
            format!("{got:?} != {:?}", expected.raw()),
        ))
    }
}
