//! The compression half of `node:zlib`: deflate, inflate, their raw forms, gzip, gunzip and
//! unzip (either), done in one call on whole buffers by flate2 (zlib-rs, the same backend as
//! trace zips). The prelude (`js/node_zlib_http.js`) gives them Node's sync and callback forms.
//! Errors start with zlib's code (`Z_DATA_ERROR: incorrect header check`), which the prelude
//! turns into Node's `code` and `errno`.

use crate::bytes::Bytes;
use flate2::Compression;
use rquickjs::{Ctx, Exception, Function, Object, TypedArray};
use std::io::{Read, Write};

/// What one call does.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Operation {
    Deflate,
    Inflate,
    DeflateRaw,
    InflateRaw,
    Gzip,
    Gunzip,
    /// Gunzip or inflate, by the header.
    Unzip,
}

impl Operation {
    fn parse(name: &str) -> Option<Operation> {
        Some(match name {
            "deflate" => Operation::Deflate,
            "inflate" => Operation::Inflate,
            "deflateRaw" => Operation::DeflateRaw,
            "inflateRaw" => Operation::InflateRaw,
            "gzip" => Operation::Gzip,
            "gunzip" => Operation::Gunzip,
            "unzip" => Operation::Unzip,
            _ => return None,
        })
    }
}

/// A zlib failure as Node reports it: the code and zlib's message.
#[derive(Debug, PartialEq, Eq)]
struct ZlibError {
    code: &'static str,
    message: String,
}

impl ZlibError {
    fn header() -> ZlibError {
        ZlibError { code: "Z_DATA_ERROR", message: "incorrect header check".into() }
    }
}

fn is_gzip(data: &[u8]) -> bool {
    data.starts_with(&[0x1f, 0x8b])
}

/// A zlib stream's two header bytes: deflate with a window of at most 32 KiB, and a check
/// that makes the pair a multiple of 31.
fn is_zlib(data: &[u8]) -> bool {
    match data {
        [cmf, flg, ..] => cmf & 0x0f == 8 && cmf >> 4 <= 7 && (u16::from(*cmf) << 8 | u16::from(*flg)) % 31 == 0,
        _ => false,
    }
}

/// Runs `operation` on `data`; `level` is Node's (-1 for the default, 0–9).
fn run(operation: Operation, data: &[u8], level: i32) -> Result<Vec<u8>, ZlibError> {
    let level = if (0..=9).contains(&level) { Compression::new(level as u32) } else { Compression::default() };
    let encoded = |result: std::io::Result<Vec<u8>>| {
        result.map_err(|e| ZlibError { code: "Z_STREAM_ERROR", message: e.to_string() })
    };
    match operation {
        Operation::Deflate => encoded(encode(flate2::write::ZlibEncoder::new(Vec::new(), level), data)),
        Operation::DeflateRaw => encoded(encode(flate2::write::DeflateEncoder::new(Vec::new(), level), data)),
        // Node writes the header zlib writes: no name or time, OS 3 (Unix).
        Operation::Gzip => encoded(encode(flate2::GzBuilder::new().operating_system(3).write(Vec::new(), level), data)),
        Operation::Inflate if data.is_empty() => Err(end_of_file()),
        Operation::Inflate if !is_zlib(data) => Err(ZlibError::header()),
        Operation::Inflate => decode(flate2::read::ZlibDecoder::new(data)),
        Operation::InflateRaw => decode(flate2::read::DeflateDecoder::new(data)),
        Operation::Gunzip if data.is_empty() => Err(end_of_file()),
        Operation::Gunzip if !is_gzip(data) => Err(ZlibError::header()),
        Operation::Gunzip => decode(flate2::read::MultiGzDecoder::new(data)),
        Operation::Unzip if is_gzip(data) => run(Operation::Gunzip, data, -1),
        Operation::Unzip => run(Operation::Inflate, data, -1),
    }
}

fn end_of_file() -> ZlibError {
    ZlibError { code: "Z_BUF_ERROR", message: "unexpected end of file".into() }
}

/// Finishes an encoder over `data`.
fn encode<W: Write + Finish>(mut encoder: W, data: &[u8]) -> std::io::Result<Vec<u8>> {
    encoder.write_all(data)?;
    encoder.finish_output()
}

/// Reads a decoder to its end; a stream cut short is zlib's "unexpected end of file", bad
/// data its data error.
fn decode(mut decoder: impl Read) -> Result<Vec<u8>, ZlibError> {
    let mut out = Vec::new();
    decoder.read_to_end(&mut out).map_err(|e| match e.kind() {
        std::io::ErrorKind::UnexpectedEof => end_of_file(),
        _ => ZlibError { code: "Z_DATA_ERROR", message: data_error_message(&e) },
    })?;
    Ok(out)
}

/// zlib's wording where flate2's names the same failure.
fn data_error_message(e: &std::io::Error) -> String {
    let text = e.to_string();
    if text.contains("header") {
        "incorrect header check".into()
    } else if text.contains("checksum") || text.contains("crc") {
        "incorrect data check".into()
    } else {
        "invalid stored block lengths".into()
    }
}

/// The encoders' common end.
trait Finish {
    fn finish_output(self) -> std::io::Result<Vec<u8>>;
}

impl Finish for flate2::write::ZlibEncoder<Vec<u8>> {
    fn finish_output(self) -> std::io::Result<Vec<u8>> {
        self.finish()
    }
}

impl Finish for flate2::write::DeflateEncoder<Vec<u8>> {
    fn finish_output(self) -> std::io::Result<Vec<u8>> {
        self.finish()
    }
}

impl Finish for flate2::write::GzEncoder<Vec<u8>> {
    fn finish_output(self) -> std::io::Result<Vec<u8>> {
        self.finish()
    }
}

/// `zlibRun(operation, bytes, level)`: the result's bytes, or an error `CODE: message`.
pub(crate) fn install<'js>(ctx: &Ctx<'js>, native: &Object<'js>) -> rquickjs::Result<()> {
    native.set(
        "zlibRun",
        Function::new(
            ctx.clone(),
            |ctx: Ctx<'_>, operation: String, data: TypedArray<'_, u8>, level: i32| -> rquickjs::Result<Bytes> {
                let Some(op) = Operation::parse(&operation) else {
                    return Err(Exception::throw_message(&ctx, &format!("zlib: unknown operation {operation}")));
                };
                run(op, &crate::bytes::copy(&data), level)
                    .map(Bytes)
                    .map_err(|e| Exception::throw_message(&ctx, &format!("{}: {}", e.code, e.message)))
            },
        )?,
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trips_and_headers() {
        let text = b"hello hello hello hello".repeat(20);
        for (encode, decode) in [
            (Operation::Deflate, Operation::Inflate),
            (Operation::DeflateRaw, Operation::InflateRaw),
            (Operation::Gzip, Operation::Gunzip),
            (Operation::Gzip, Operation::Unzip),
            (Operation::Deflate, Operation::Unzip),
        ] {
            let packed = run(encode, &text, -1).unwrap();
            assert!(packed.len() < text.len());
            assert_eq!(run(decode, &packed, -1).unwrap(), text, "{encode:?} then {decode:?}");
        }
        assert_eq!(&run(Operation::Deflate, b"x", -1).unwrap()[..2], &[0x78, 0x9c]);
        assert_eq!(&run(Operation::Gzip, b"x", -1).unwrap()[..10], &[0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 3]);
        assert_eq!(run(Operation::Inflate, b"not zlib", -1), Err(ZlibError::header()));
        assert_eq!(run(Operation::Gunzip, b"", -1), Err(end_of_file()));
        let cut = run(Operation::Gzip, &text, -1).unwrap();
        assert_eq!(run(Operation::Gunzip, &cut[..cut.len() / 2], -1), Err(end_of_file()));
    }
}
