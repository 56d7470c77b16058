//! Cucumber Messages: the one event format every ferridriver part speaks.
//!
//! The types mirror the official JSON schema (`messages` 34.x) field for field, with camelCase
//! names and optional fields omitted when absent, so that an envelope serialises to exactly the
//! NDJSON line other Cucumber implementations produce. Only plain structs and externally tagged
//! enums are used: the build enables `serde_json/arbitrary_precision`, under which untagged enums
//! with numeric fields stop deserialising.

mod common;
mod envelope;
mod execution;
mod gherkin_document;
mod ids;
mod pickle;
mod time;

pub use common::*;
pub use envelope::*;
pub use execution::*;
pub use gherkin_document::*;
pub use ids::*;
pub use pickle::*;
pub use time::*;
