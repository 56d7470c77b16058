//! Turns screencast JPEGs into a WebM file (ADR 0031): each frame decoded, laid on a canvas of
//! the video's size, encoded as a VP8 key frame by libwebp's lossy encoder (a lossy WebP is a
//! RIFF wrapper around exactly that bitstream) and muxed by libwebm at its own time.

use std::io::{Seek, Write};
use webm::mux::{Segment, SegmentBuilder, VideoCodecId, VideoTrack, Writer};
use zune_jpeg::zune_core::bytestream::ZCursor;

/// Where a frame does not cover the canvas (Playwright pads with gray too).
const PAD: u8 = 0x80;

/// libwebp's quality (0–100) for the frames: text stays readable, files stay small.
const QUALITY: f32 = 60.0;

/// A WebM file being written, one key frame at a time.
pub(crate) struct WebmWriter<W: Write + Seek> {
    segment: Segment<W>,
    track: VideoTrack,
    width: u32,
    height: u32,
    /// The frame as laid out for the encoder: `width × height` RGB.
    canvas: Vec<u8>,
    /// The last frame written (VP8) and its time, repeated when the video ends.
    last: Option<(Vec<u8>, u64)>,
}

impl<W: Write + Seek> WebmWriter<W> {
    /// Starts a video of `width × height` (each at least 1) into `out`.
    pub(crate) fn new(out: W, width: u32, height: u32) -> Result<Self, String> {
        let builder = SegmentBuilder::new(Writer::new(out))
            .and_then(|b| b.set_writing_app("ferridriver"))
            .map_err(|e| format!("cannot start the video: {e:?}"))?;
        let (builder, track) = builder
            .add_video_track(width, height, VideoCodecId::VP8, None)
            .map_err(|e| format!("cannot start the video: {e:?}"))?;
        let canvas = vec![PAD; width as usize * height as usize * 3];
        Ok(WebmWriter { segment: builder.build(), track, width, height, canvas, last: None })
    }

    /// Adds `jpeg` shown from `at_ms` (milliseconds from the start; made later than the
    /// previous frame if it is not).
    pub(crate) fn add_jpeg(&mut self, jpeg: &[u8], at_ms: u64) -> Result<(), String> {
        self.lay_out(jpeg)?;
        let frame = vp8_key_frame(&self.canvas, self.width, self.height)?;
        self.write(frame, at_ms)
    }

    /// Ends the video at `end_ms`, showing the last frame until then (a video that never got a
    /// frame shows the padding), and hands back the output to be flushed.
    pub(crate) fn finish(mut self, end_ms: u64) -> Result<W, String> {
        let last = match &self.last {
            Some((frame, _)) => frame.clone(),
            None => vp8_key_frame(&self.canvas, self.width, self.height)?,
        };
        self.write(last, end_ms)?;
        let end = self.last.as_ref().map_or(end_ms, |(_, at)| *at);
        self.segment.finalize(Some(end)).map(Writer::into_inner).map_err(|_| "cannot finish the video file".to_string())
    }

    fn write(&mut self, frame: Vec<u8>, at_ms: u64) -> Result<(), String> {
        // Timestamps must grow: a frame that claims an earlier time goes just after the last.
        let at = match &self.last {
            Some((_, last)) if at_ms <= *last => last + 1,
            _ => at_ms,
        };
        self.segment
            .add_frame(self.track, &frame, at * 1_000_000, true)
            .map_err(|e| format!("cannot write a video frame: {e:?}"))?;
        self.last = Some((frame, at));
        Ok(())
    }

    /// Decodes `jpeg` onto the canvas at its top left: what is outside the frame keeps the
    /// padding, what overflows is cut.
    fn lay_out(&mut self, jpeg: &[u8]) -> Result<(), String> {
        let mut decoder = zune_jpeg::JpegDecoder::new(ZCursor::new(jpeg));
        let options = zune_jpeg::zune_core::options::DecoderOptions::default()
            .jpeg_set_out_colorspace(zune_jpeg::zune_core::colorspace::ColorSpace::RGB);
        decoder.set_options(options);
        let rgb = decoder.decode().map_err(|e| format!("a screencast frame is not a JPEG: {e:?}"))?;
        let (w, h) = decoder.dimensions().ok_or("a screencast frame has no size")?;
        self.canvas.fill(PAD);
        let (width, height) = (self.width as usize, self.height as usize);
        let (cols, rows) = (w.min(width), h.min(height));
        for row in 0..rows {
            let from = &rgb[row * w * 3..row * w * 3 + cols * 3];
            self.canvas[row * width * 3..row * width * 3 + cols * 3].copy_from_slice(from);
        }
        Ok(())
    }
}

/// `rgb` (`width × height`) as one VP8 key frame.
fn vp8_key_frame(rgb: &[u8], width: u32, height: u32) -> Result<Vec<u8>, String> {
    use libwebp_sys as webp;
    let failed = |what: &str| format!("cannot encode a video frame ({what})");
    // SAFETY: the config and picture are initialized by libwebp before use, the picture copies
    // `rgb` (width × height × 3 bytes, checked below) in `WebPPictureImportRGB`, and the memory
    // writer's buffer is copied out before it is freed.
    unsafe {
        if rgb.len() != width as usize * height as usize * 3 {
            return Err(failed("size"));
        }
        let mut config = std::mem::MaybeUninit::<webp::WebPConfig>::uninit();
        let version = webp::WEBP_ENCODER_ABI_VERSION as i32;
        if webp::WebPConfigInitInternal(config.as_mut_ptr(), webp::WebPPreset::WEBP_PRESET_DEFAULT, QUALITY, version)
            == 0
        {
            return Err(failed("config"));
        }
        let mut config = config.assume_init();
        config.method = 0;
        let mut picture = webp::WebPPicture::new().map_err(|()| failed("picture"))?;
        picture.width = width as i32;
        picture.height = height as i32;
        let mut memory = std::mem::MaybeUninit::<webp::WebPMemoryWriter>::uninit();
        webp::WebPMemoryWriterInit(memory.as_mut_ptr());
        let mut memory = memory.assume_init();
        let imported = webp::WebPPictureImportRGB(&mut picture, rgb.as_ptr(), width as i32 * 3);
        picture.writer = Some(webp::WebPMemoryWrite);
        picture.custom_ptr = (&mut memory as *mut webp::WebPMemoryWriter).cast();
        let encoded = imported != 0 && webp::WebPEncode(&config, &mut picture) != 0;
        webp::WebPPictureFree(&mut picture);
        let file = if encoded && !memory.mem.is_null() {
            std::slice::from_raw_parts(memory.mem, memory.size).to_vec()
        } else {
            Vec::new()
        };
        webp::WebPMemoryWriterClear(&mut memory);
        if !encoded {
            return Err(failed("encoder"));
        }
        vp8_chunk(&file).ok_or_else(|| failed("no VP8 chunk"))
    }
}

/// The `VP8 ` chunk of a simple lossy WebP file (`RIFF size WEBP 'VP8 ' size data`).
fn vp8_chunk(webp: &[u8]) -> Option<Vec<u8>> {
    if webp.get(0..4)? != b"RIFF" || webp.get(8..16)? != b"WEBPVP8 " {
        return None;
    }
    let size = u32::from_le_bytes(webp.get(16..20)?.try_into().ok()?) as usize;
    webp.get(20..20 + size).map(<[u8]>::to_vec)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_frame_is_a_vp8_key_frame_of_the_canvas_size() {
        let rgb = vec![200u8; 33 * 17 * 3];
        let frame = vp8_key_frame(&rgb, 33, 17).unwrap();
        // A VP8 key frame: bit 0 of the first byte clear, then the start code and the size.
        assert_eq!(frame[0] & 1, 0);
        assert_eq!(&frame[3..6], &[0x9d, 0x01, 0x2a]);
        assert_eq!(u16::from_le_bytes([frame[6], frame[7]]) & 0x3fff, 33);
        assert_eq!(u16::from_le_bytes([frame[8], frame[9]]) & 0x3fff, 17);
    }

    #[test]
    fn a_file_that_is_not_a_lossy_webp_has_no_vp8_chunk() {
        assert_eq!(vp8_chunk(b"RIFF\0\0\0\0WEBPVP8L\x01\0\0\0x"), None);
        assert_eq!(vp8_chunk(b"RIFF"), None);
        assert_eq!(vp8_chunk(b"RIFF\0\0\0\0WEBPVP8 \x09\0\0\0ab"), None);
    }

    #[test]
    fn a_broken_jpeg_is_an_error_not_a_panic() {
        let mut writer = WebmWriter::new(std::io::Cursor::new(Vec::new()), 16, 16).unwrap();
        assert!(writer.add_jpeg(b"\xff\xd8 not really", 0).is_err());
        assert!(writer.finish(10).is_ok());
    }
}
