//! Bytes handed to JS.

use rquickjs::{Ctx, IntoJs, TypedArray, Value};

/// Bytes that reach JS as a `Uint8Array`.
pub(crate) struct Bytes(pub(crate) Vec<u8>);

impl<'js> IntoJs<'js> for Bytes {
    fn into_js(self, ctx: &Ctx<'js>) -> rquickjs::Result<Value<'js>> {
        TypedArray::new(ctx.clone(), self.0).map(TypedArray::into_value)
    }
}

/// Named files (a zip's) that reach JS as `[name, Uint8Array]` pairs: names are data, never
/// property keys (`__proto__` is a file name like any other).
pub(crate) struct NamedFiles(pub(crate) Vec<(String, Vec<u8>)>);

impl<'js> IntoJs<'js> for NamedFiles {
    fn into_js(self, ctx: &Ctx<'js>) -> rquickjs::Result<Value<'js>> {
        let files = rquickjs::Array::new(ctx.clone())?;
        for (i, (name, bytes)) in self.0.into_iter().enumerate() {
            let pair = rquickjs::Array::new(ctx.clone())?;
            pair.set(0, name)?;
            pair.set(1, Bytes(bytes))?;
            files.set(i, pair)?;
        }
        Ok(files.into_value())
    }
}

/// The bytes of a typed array, copied out before any more JS runs.
pub fn copy(bytes: &TypedArray<'_, u8>) -> Vec<u8> {
    // SAFETY: the slice is copied at once; no JavaScript runs while it is borrowed.
    unsafe { bytes.as_bytes() }.map(<[u8]>::to_vec).unwrap_or_default()
}
