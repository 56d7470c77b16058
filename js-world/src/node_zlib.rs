//! The compression half of `node:zlib`: deflate, inflate, their raw forms, gzip, gunzip and
//! unzip (either), done in one call on whole buffers by flate2 (zlib-rs, the same backend as
//! trace zips). The prelude (`js/node_zlib_http.js`) gives them Node's sync and callback forms.
//! Errors start with zlib's code (`Z_DATA_ERROR: incorrect header check`), which the prelude
//! turns into Node's `code` and `errno`.

use crate::bytes::Bytes;
use flate2::{Compression, Decompress, FlushDecompress, Status};
use rquickjs::{Ctx, Exception, Function, Object, TypedArray};
use std::io::Write;

/// The most a decompression may produce unless `maxOutputLength` says less: a few bytes of
/// gzip can stand for gigabytes, which would take the runner down before the VM's own memory
/// limit sees them (Node's cap is 4 GiB).
pub(crate) const DEFAULT_OUTPUT_LIMIT: usize = 256 << 20;

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

/// Runs `operation` on `data`; `level` is Node's (-1 for the default, 0–9); a decompression
/// stops with an error past `limit` bytes.
fn run(operation: Operation, data: &[u8], level: i32, limit: usize) -> Result<Vec<u8>, ZlibError> {
    let level = if (0..=9).contains(&level) { Compression::new(level as u32) } else { Compression::default() };
    let encoded = |result: std::io::Result<Vec<u8>>| {
        result.map_err(|e| ZlibError { code: "Z_STREAM_ERROR", message: e.to_string() })
    };
    match operation {
        Operation::Deflate => encoded(encode(flate2::write::ZlibEncoder::new(Vec::new(), level), data)),
        Operation::DeflateRaw => encoded(encode(flate2::write::DeflateEncoder::new(Vec::new(), level), data)),
        // Node writes the header zlib writes: no name or time, OS 3 (Unix).
        Operation::Gzip => encoded(encode(flate2::GzBuilder::new().operating_system(3).write(Vec::new(), level), data)),
        Operation::Inflate if data.len() < 2 => Err(end_of_file()),
        Operation::Inflate if !is_zlib(data) => Err(ZlibError::header()),
        Operation::Inflate => inflate(Decompress::new(true), data, limit, Vec::new()).map(|(out, _)| out),
        Operation::InflateRaw => inflate(Decompress::new(false), data, limit, Vec::new()).map(|(out, _)| out),
        Operation::Gunzip => gunzip(data, limit),
        // One byte cannot say which; Node waits for more and finds the end of the input.
        Operation::Unzip if data.len() < 2 => Err(end_of_file()),
        Operation::Unzip if is_gzip(data) => gunzip(data, limit),
        Operation::Unzip => run(Operation::Inflate, data, -1, limit),
    }
}

/// Gzip members one after another, as Node reads them: the input may hold several, and
/// ends at its end or at a zero byte (padding after the last member).
fn gunzip(data: &[u8], limit: usize) -> Result<Vec<u8>, ZlibError> {
    if data.is_empty() {
        return Err(end_of_file());
    }
    let mut out = Vec::new();
    let mut rest = data;
    loop {
        if rest.len() < 2 && rest.first() != Some(&0) {
            return Err(end_of_file());
        }
        if !is_gzip(rest) {
            return Err(ZlibError::header());
        }
        let (more, used) = inflate(Decompress::new_gzip(15), rest, limit, out)?;
        out = more;
        rest = &rest[used..];
        if rest.first().is_none_or(|b| *b == 0) {
            return Ok(out);
        }
    }
}

/// Inflates one stream from the start of `data` onto `out`; answers the output and how much
/// input the stream took. zlib's own message names a bad stream; input that ends early is
/// "unexpected end of file", as Node says.
fn inflate(
    mut decoder: Decompress,
    data: &[u8],
    limit: usize,
    mut out: Vec<u8>,
) -> Result<(Vec<u8>, usize), ZlibError> {
    let start_in = decoder.total_in();
    loop {
        if out.len() == out.capacity() {
            if out.len() > limit {
                return Err(too_large(limit));
            }
            out.reserve((out.len() / 2).max(data.len() * 2).max(32 << 10));
        }
        let (consumed_before, produced_before) = (decoder.total_in(), decoder.total_out());
        let at = (decoder.total_in() - start_in) as usize;
        let status = decoder.decompress_vec(&data[at.min(data.len())..], &mut out, FlushDecompress::Finish).map_err(
            |e| match e.needs_dictionary() {
                Some(_) => ZlibError { code: "Z_NEED_DICT", message: "Missing dictionary".into() },
                None => ZlibError {
                    code: "Z_DATA_ERROR",
                    message: e.message().unwrap_or("invalid compressed data").to_string(),
                },
            },
        )?;
        if out.len() > limit {
            return Err(too_large(limit));
        }
        let used = (decoder.total_in() - start_in) as usize;
        match status {
            Status::StreamEnd => return Ok((out, used)),
            // No progress with room left: the input ended inside the stream.
            _ if decoder.total_in() == consumed_before
                && decoder.total_out() == produced_before
                && out.len() < out.capacity() =>
            {
                return Err(end_of_file())
            }
            _ => {}
        }
    }
}

fn too_large(limit: usize) -> ZlibError {
    ZlibError { code: "ERR_BUFFER_TOO_LARGE", message: format!("Cannot create a Buffer larger than {limit} bytes") }
}

fn end_of_file() -> ZlibError {
    ZlibError { code: "Z_BUF_ERROR", message: "unexpected end of file".into() }
}

/// Finishes an encoder over `data`.
fn encode<W: Write + Finish>(mut encoder: W, data: &[u8]) -> std::io::Result<Vec<u8>> {
    encoder.write_all(data)?;
    encoder.finish_output()
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

/// `zlibRun(operation, bytes, level, limit)`: the result's bytes, or an error `CODE: message`.
pub(crate) fn install<'js>(ctx: &Ctx<'js>, native: &Object<'js>) -> rquickjs::Result<()> {
    native.set(
        "zlibRun",
        Function::new(
            ctx.clone(),
            |ctx: Ctx<'_>,
             operation: String,
             data: TypedArray<'_, u8>,
             level: i32,
             limit: f64|
             -> rquickjs::Result<Bytes> {
                let Some(op) = Operation::parse(&operation) else {
                    return Err(Exception::throw_message(&ctx, &format!("zlib: unknown operation {operation}")));
                };
                let limit =
                    if limit >= 1.0 { (limit as usize).min(DEFAULT_OUTPUT_LIMIT) } else { DEFAULT_OUTPUT_LIMIT };
                run(op, &crate::bytes::copy(&data), level, limit)
                    .map(Bytes)
                    .map_err(|e| Exception::throw_message(&ctx, &format!("{}: {}", e.code, e.message)))
            },
        )?,
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    const L: usize = DEFAULT_OUTPUT_LIMIT;

    #[test]
    fn output_past_the_limit_is_refused_and_padding_ends_the_members() {
        let zeros = vec![0u8; 1 << 20];
        let packed = run(Operation::Gzip, &zeros, 9, L).unwrap();
        assert!(packed.len() < 4096);
        assert_eq!(run(Operation::Gunzip, &packed, -1, 1000), Err(too_large(1000)));
        assert_eq!(run(Operation::Gunzip, &packed, -1, L).unwrap().len(), zeros.len());
        let mut padded = run(Operation::Gzip, b"a", -1, L).unwrap();
        padded.extend(run(Operation::Gzip, b"b", -1, L).unwrap());
        padded.extend([0, 0, 0]);
        assert_eq!(run(Operation::Gunzip, &padded, -1, L).unwrap(), b"ab");
    }

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
            let packed = run(encode, &text, -1, L).unwrap();
            assert!(packed.len() < text.len());
            assert_eq!(run(decode, &packed, -1, L).unwrap(), text, "{encode:?} then {decode:?}");
        }
        assert_eq!(&run(Operation::Deflate, b"x", -1, L).unwrap()[..2], &[0x78, 0x9c]);
        assert_eq!(&run(Operation::Gzip, b"x", -1, L).unwrap()[..10], &[0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 3]);
        assert_eq!(run(Operation::Inflate, b"not zlib", -1, L), Err(ZlibError::header()));
        assert_eq!(run(Operation::Gunzip, b"", -1, L), Err(end_of_file()));
        let cut = run(Operation::Gzip, &text, -1, L).unwrap();
        assert_eq!(run(Operation::Gunzip, &cut[..cut.len() / 2], -1, L), Err(end_of_file()));
    }
}
