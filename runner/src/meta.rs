//! The `meta` message: who produced the stream, on what.

use ferridriver_messages::{Meta, Product};

/// The Cucumber Messages protocol version our types follow.
pub const PROTOCOL_VERSION: &str = "34.2.1";

/// Meta for this process.
pub fn meta() -> Meta {
    Meta {
        protocol_version: PROTOCOL_VERSION.to_string(),
        implementation: Product { name: "ferridriver".into(), version: Some(env!("CARGO_PKG_VERSION").into()) },
        runtime: Product { name: "rust".into(), version: Some(env!("CARGO_PKG_RUST_VERSION").into()) },
        os: Product { name: std::env::consts::OS.into(), version: None },
        cpu: Product { name: std::env::consts::ARCH.into(), version: None },
    }
}
