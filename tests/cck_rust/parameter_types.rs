//! Port of cck/samples/parameter-types.
use ferridriver::steps::registry::StepFailure;
use ferridriver::{given, parameter_type, World};

#[derive(Debug, Clone, PartialEq)]
pub struct Flight {
    from: String,
    to: String,
}

#[parameter_type(name = "flight", regex = "([A-Z]{3})-([A-Z]{3})")]
fn flight(from: &str, to: &str) -> Flight {
    Flight { from: from.into(), to: to.into() }
}

#[given(expr = "{flight} has been delayed")]
async fn delayed(_w: &mut World, flight: Flight) -> Result<(), StepFailure> {
    if flight.from == "LHR" && flight.to == "CDG" {
        Ok(())
    } else {
        Err(StepFailure::new("AssertionError", format!("unexpected {flight:?}")))
    }
}
