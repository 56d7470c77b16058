//! Bytes handed to JS.

use rquickjs::{Ctx, IntoJs, TypedArray, Value};

/// Bytes that reach JS as a `Uint8Array`.
pub(crate) struct Bytes(pub(crate) Vec<u8>);

impl<'js> IntoJs<'js> for Bytes {
    fn into_js(self, ctx: &Ctx<'js>) -> rquickjs::Result<Value<'js>> {
        TypedArray::new(ctx.clone(), self.0).map(TypedArray::into_value)
    }
}
