//! The built-in step library: browser steps (role- and label-first), assertions, waits,
//! screenshots and HTTP calls. Registered with `inventory` like user steps; listed by
//! `ferridriver steps` and in docs/steps.md. Reaches the browser only through the World's
//! lease; may not keep state outside the World.

mod http;
mod interaction;
mod navigation;
mod verification;

pub use navigation::resolve_url_in;

/// Makes sure every built-in step is linked into the binary: the linker keeps an object file
/// only if something refers to it, and the steps register themselves from their own files.
pub fn link() {
    navigation::link();
    interaction::link();
    verification::link();
    http::link();
}
