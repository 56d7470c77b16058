//! The errors the JS world throws that hosts tell apart, as one type: Rust code that makes an
//! error picks a variant (never spells its name), and the hosts that read an error back from
//! JS (tool results, script results, step failures) parse the name once, here.

use serde::{Serialize, Serializer};

/// The `name` of an error thrown into JS by a binding, and what it means to the hosts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum JsErrorName {
    /// Anything else (the binding's message says what).
    Error,
    /// A wrong argument (a bad option, a non-base64 body, an unknown operation).
    TypeError,
    /// A wait ran out of time.
    TimeoutError,
    /// The session's sandbox refused it: a file or URL outside the roots, a host outside the
    /// running handler's `allow.net`.
    SandboxViolation,
    /// The policy denies the capability (a profile, a plugin override, a handler using another
    /// tool's commands).
    CapabilityDenied,
}

impl JsErrorName {
    /// The `name` JS sees.
    pub const fn as_str(self) -> &'static str {
        match self {
            JsErrorName::Error => "Error",
            JsErrorName::TypeError => "TypeError",
            JsErrorName::TimeoutError => "TimeoutError",
            JsErrorName::SandboxViolation => "SandboxViolationError",
            JsErrorName::CapabilityDenied => "CapabilityDeniedError",
        }
    }

    /// The variant of an error name read back from JS; `None` for names a host does not tell
    /// apart (a user's own error class, `RangeError`…).
    pub fn parse(name: &str) -> Option<Self> {
        [
            JsErrorName::Error,
            JsErrorName::TypeError,
            JsErrorName::TimeoutError,
            JsErrorName::SandboxViolation,
            JsErrorName::CapabilityDenied,
        ]
        .into_iter()
        .find(|n| n.as_str() == name)
    }

    /// The core error code an MCP client gets for it (`INTERNAL` when nothing more specific).
    pub const fn tool_code(self) -> &'static str {
        match self {
            JsErrorName::SandboxViolation => "SANDBOX_VIOLATION",
            JsErrorName::CapabilityDenied => "CAPABILITY_DENIED",
            JsErrorName::TimeoutError => "TIMEOUT",
            JsErrorName::Error | JsErrorName::TypeError => "INTERNAL",
        }
    }
}

impl Serialize for JsErrorName {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.as_str())
    }
}

impl std::fmt::Display for JsErrorName {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

#[cfg(test)]
mod tests {
    use super::JsErrorName;

    #[test]
    fn names_read_back_from_js_are_the_names_written() {
        for name in ["Error", "TypeError", "TimeoutError", "SandboxViolationError", "CapabilityDeniedError"] {
            assert_eq!(JsErrorName::parse(name).map(JsErrorName::as_str), Some(name));
        }
        assert_eq!(JsErrorName::parse("RangeError"), None);
        assert_eq!(JsErrorName::parse("SandboxViolationError").map(JsErrorName::tool_code), Some("SANDBOX_VIOLATION"));
    }
}
