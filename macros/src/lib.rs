//! Attribute macros that register Rust step definitions, hooks and parameter types with the
//! ferridriver registry (through `inventory`, so no central list is needed).
//!
//! ```ignore
//! #[given(expr = "I have {int} cukes")]          // also #[given("…")], regex = "…", timeout_ms = 500
//! async fn have_cukes(world: &mut Basket, n: i64) -> anyhow::Result<()> { … }
//!
//! #[before(tags = "@db", name = "reset", order = 1)]
//! async fn reset(world: &mut World) { … }
//!
//! #[parameter_type(name = "flight", regex = "([A-Z]{3})-([A-Z]{3})")]
//! fn flight(from: &str, to: &str) -> Flight { Flight { from: from.into(), to: to.into() } }
//! ```
//! The first parameter of a step or hook is `&mut W` for any `W: Default + Send + 'static`
//! (per-scenario state) or `&mut World` itself; the others are the expression's arguments
//! (any `FromArg` type), then `&DataTable`/`DataTable` and `&str`/`String` named `doc_string`.

mod args;
mod hook;
mod parameter_type;
mod step;

use proc_macro::TokenStream;

/// A step definition usable with Given, When or Then (matching ignores the keyword).
#[proc_macro_attribute]
pub fn given(attr: TokenStream, item: TokenStream) -> TokenStream {
    step::expand("Given", attr.into(), item.into()).into()
}

/// A step definition usable with Given, When or Then (matching ignores the keyword).
#[proc_macro_attribute]
pub fn when(attr: TokenStream, item: TokenStream) -> TokenStream {
    step::expand("When", attr.into(), item.into()).into()
}

/// A step definition usable with Given, When or Then (matching ignores the keyword).
#[proc_macro_attribute]
pub fn then(attr: TokenStream, item: TokenStream) -> TokenStream {
    step::expand("Then", attr.into(), item.into()).into()
}

/// A step definition registered without a keyword (cucumber-js `defineStep`).
#[proc_macro_attribute]
pub fn step(attr: TokenStream, item: TokenStream) -> TokenStream {
    step::expand("Step", attr.into(), item.into()).into()
}

/// A hook run before each scenario (optionally only for `tags = "…"`).
#[proc_macro_attribute]
pub fn before(attr: TokenStream, item: TokenStream) -> TokenStream {
    hook::expand("Before", attr.into(), item.into()).into()
}

/// A hook run after each scenario, whatever its outcome.
#[proc_macro_attribute]
pub fn after(attr: TokenStream, item: TokenStream) -> TokenStream {
    hook::expand("After", attr.into(), item.into()).into()
}

/// A hook run once before any scenario.
#[proc_macro_attribute]
pub fn before_all(attr: TokenStream, item: TokenStream) -> TokenStream {
    hook::expand("BeforeAll", attr.into(), item.into()).into()
}

/// A hook run once after all scenarios.
#[proc_macro_attribute]
pub fn after_all(attr: TokenStream, item: TokenStream) -> TokenStream {
    hook::expand("AfterAll", attr.into(), item.into()).into()
}

/// A hook run before each step.
#[proc_macro_attribute]
pub fn before_step(attr: TokenStream, item: TokenStream) -> TokenStream {
    hook::expand("BeforeStep", attr.into(), item.into()).into()
}

/// A hook run after each step.
#[proc_macro_attribute]
pub fn after_step(attr: TokenStream, item: TokenStream) -> TokenStream {
    hook::expand("AfterStep", attr.into(), item.into()).into()
}

/// A custom parameter type: the function receives the regex's capture groups as `&str`
/// (or `Option<&str>`) and returns the value steps receive.
#[proc_macro_attribute]
pub fn parameter_type(attr: TokenStream, item: TokenStream) -> TokenStream {
    parameter_type::expand(attr.into(), item.into()).into()
}
