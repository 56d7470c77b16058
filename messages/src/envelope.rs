//! The envelope: one line of a Cucumber Messages NDJSON stream.

use crate::*;
use serde::{Deserialize, Serialize};

/// One message. Serialises as `{"<type>": {...}}`, the shape of an NDJSON line.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum Envelope {
    Attachment(Box<Attachment>),
    GherkinDocument(Box<GherkinDocument>),
    Hook(Box<Hook>),
    Meta(Box<Meta>),
    ParameterType(Box<ParameterType>),
    ParseError(Box<ParseError>),
    Pickle(Box<Pickle>),
    Suggestion(Box<Suggestion>),
    Source(Box<Source>),
    StepDefinition(Box<StepDefinition>),
    TestCase(Box<TestCase>),
    TestCaseFinished(Box<TestCaseFinished>),
    TestCaseStarted(Box<TestCaseStarted>),
    TestRunFinished(Box<TestRunFinished>),
    TestRunStarted(Box<TestRunStarted>),
    TestStepFinished(Box<TestStepFinished>),
    TestStepStarted(Box<TestStepStarted>),
    TestRunHookStarted(Box<TestRunHookStarted>),
    TestRunHookFinished(Box<TestRunHookFinished>),
    UndefinedParameterType(Box<UndefinedParameterType>),
}

impl Envelope {
    /// The envelope as one NDJSON line (without the newline).
    pub fn to_json_line(&self) -> String {
        // Serialising plain structs of strings, integers and bools cannot fail.
        serde_json::to_string(self).unwrap_or_else(|e| format!("{{\"error\":\"{e}\"}}"))
    }
}

macro_rules! envelope_from {
    ($($t:ident),*) => {$(
        impl From<$t> for Envelope {
            fn from(m: $t) -> Self { Envelope::$t(Box::new(m)) }
        }
    )*};
}
envelope_from!(
    Attachment,
    GherkinDocument,
    Hook,
    Meta,
    ParameterType,
    ParseError,
    Pickle,
    Suggestion,
    Source,
    StepDefinition,
    TestCase,
    TestCaseFinished,
    TestCaseStarted,
    TestRunFinished,
    TestRunStarted,
    TestStepFinished,
    TestStepStarted,
    TestRunHookStarted,
    TestRunHookFinished,
    UndefinedParameterType
);
