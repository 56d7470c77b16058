//! Page videos (`recordVideo`, ADR 0031), judged by Chromium's own WebM decoder: the files we
//! write are played in a page, and what a frame shows at a given time is read off a canvas.

mod support;

use base64::Engine;
use ferridriver_browser::{Browser, ContextOptions, LaunchOptions, Page, RecordVideo, Viewport};
use serde_json::{json, Value};
use std::time::Duration;

const PAGES: &[(&str, &str)] = &[
    ("/", "<!DOCTYPE html><title>Judge</title>"),
    ("/red", "<!DOCTYPE html><title>Red</title><body style=\"margin:0;background:rgb(255,0,0)\"><h1>Red</h1>"),
    // A site that moves on by itself while loading: a script replaces the document. (It shows
    // text: without a contentful paint Chromium keeps showing the previous document.)
    (
        "/moving",
        "<!DOCTYPE html><body style=\"margin:0;background:rgb(0,160,0)\"><p>Loading…</p><script>setTimeout(() => location.replace('/red'), 300)</script>",
    ),
];

/// Plays `video` in `judge` and answers its duration, size and the color at (`x`, `y`) of the
/// frame shown at each time of `at` (seconds; negative counts from the end).
async fn play(judge: &Page, video: &[u8], x: u32, y: u32, at: &[f64]) -> Value {
    let data = base64::engine::general_purpose::STANDARD.encode(video);
    let script = r#"async ({ data, x, y, at }) => {
        const bytes = Uint8Array.from(atob(data), (c) => c.charCodeAt(0));
        const v = document.createElement('video');
        v.muted = true;
        v.src = URL.createObjectURL(new Blob([bytes], { type: 'video/webm' }));
        await new Promise((ok, fail) => { v.onloadeddata = ok; v.onerror = () => fail(new Error('cannot play: ' + v.error?.message)); });
        // A WebM whose duration is only known at its end reports Infinity until sought there.
        if (!isFinite(v.duration)) { v.currentTime = 1e9; await new Promise((ok) => (v.onseeked = ok)); }
        const duration = v.duration, colors = [];
        for (const t of at) {
            v.currentTime = t < 0 ? duration + t : t;
            await new Promise((ok) => (v.onseeked = ok));
            const c = document.createElement('canvas');
            c.width = v.videoWidth; c.height = v.videoHeight;
            const g = c.getContext('2d');
            // 'seeked' can come before the frame reaches a canvas, which then draws nothing
            // (alpha 0; a video frame is opaque): wait for the frame rather than read nothing.
            let pixel = [0, 0, 0, 0];
            for (let tries = 0; pixel[3] === 0; tries++) {
                if (tries === 100) throw new Error('no frame at ' + t);
                if (tries) await new Promise((ok) => requestAnimationFrame(ok));
                g.drawImage(v, 0, 0);
                pixel = Array.from(g.getImageData(x, y, 1, 1).data);
            }
            colors.push(pixel.slice(0, 3));
        }
        return { duration, width: v.videoWidth, height: v.videoHeight, colors };
    }"#;
    let arg = json!({ "data": data, "x": x, "y": y, "at": at });
    judge.evaluate(&format!("({script})({arg})")).await.expect("the video plays")
}

/// Whether `rgb` is within a lossy encoder's reach of `want`.
fn near(rgb: &Value, want: [i64; 3]) -> bool {
    let got: Vec<i64> = rgb.as_array().unwrap().iter().map(|c| c.as_i64().unwrap()).collect();
    got.iter().zip(want).all(|(g, w)| (g - w).abs() <= 40)
}

fn recording(dir: &std::path::Path, size: Option<(u32, u32)>) -> ContextOptions {
    ContextOptions {
        record_video: Some(RecordVideo {
            dir: Some(dir.to_string_lossy().into_owned()),
            size: size.map(|(width, height)| Viewport { width, height }),
            fps: None,
            show_actions: None,
            scratch: false,
        }),
        ..ContextOptions::default()
    }
}

#[tokio::test(flavor = "current_thread")]
async fn a_page_is_filmed_until_its_context_closes_and_chromium_plays_what_it_showed() {
    if !support::browser_available() {
        return;
    }
    let base = support::serve(PAGES);
    let dir = std::env::temp_dir().join(format!("ferridriver-video-{}", std::process::id()));
    let browser = Browser::launch(&LaunchOptions::default()).await.expect("chromium launches");
    let context = browser.new_context_with(&recording(&dir, Some((320, 240)))).await.unwrap();
    let page = context.new_page().await.unwrap();
    let video = page.video().expect("a page of a filming context has a video");
    assert!(video.path().starts_with(&dir) && video.path().extension().is_some_and(|e| e == "webm"));
    // Shown for a while each: green, then (the page replaces itself) red, then blue.
    page.goto(&format!("{base}/moving")).await.unwrap();
    tokio::time::sleep(Duration::from_millis(700)).await;
    assert_eq!(page.title().await.unwrap(), "Red");
    page.evaluate("document.body.style.background = 'rgb(0,0,255)'").await.unwrap();
    tokio::time::sleep(Duration::from_millis(500)).await;
    context.close().await.unwrap();
    let bytes = std::fs::read(video.path()).expect("the video is complete once its context closed");
    assert_eq!(&bytes[..4], b"\x1a\x45\xdf\xa3", "a Matroska/WebM file");

    let judge = browser.new_context().await.unwrap().new_page().await.unwrap();
    judge.goto(&format!("{base}/")).await.unwrap();
    // 1280×720 scaled into 320×240: the page fills the top 320×180. Sampled every 100 ms.
    let times: Vec<f64> = (0..30).map(|i| f64::from(i) / 10.0).chain([-0.02]).collect();
    let played = play(&judge, &bytes, 100, 100, &times).await;
    assert_eq!((played["width"].as_u64(), played["height"].as_u64()), (Some(320), Some(240)), "{played}");
    let duration = played["duration"].as_f64().unwrap();
    assert!((1.0..5.0).contains(&duration), "the video lasts as long as the page lived: {played}");
    // What the page showed, in order: blank (until the first paint), green, red, blue.
    let named = |rgb: &Value| {
        [("white", [255, 255, 255]), ("green", [0, 160, 0]), ("red", [255, 0, 0]), ("blue", [0, 0, 255])]
            .into_iter()
            .find(|(_, want)| near(rgb, *want))
            .map_or("other", |(name, _)| name)
    };
    let mut shown: Vec<&str> = played["colors"].as_array().unwrap().iter().map(named).collect();
    shown.dedup();
    if shown.first() == Some(&"white") {
        shown.remove(0);
    }
    assert_eq!(shown, ["green", "red", "blue"], "{played}");
    assert_eq!(named(played["colors"].as_array().unwrap().last().unwrap()), "blue", "blue at the end: {played}");
    browser.close().await;
    let _ = std::fs::remove_dir_all(&dir);
}

#[tokio::test(flavor = "current_thread")]
async fn a_frame_smaller_than_the_video_is_padded_and_a_closed_page_saves_and_deletes_its_video() {
    if !support::browser_available() {
        return;
    }
    let base = support::serve(PAGES);
    let dir = std::env::temp_dir().join(format!("ferridriver-video-pad-{}", std::process::id()));
    let browser = Browser::launch(&LaunchOptions::default()).await.expect("chromium launches");
    let options = ContextOptions {
        viewport: Some(Some(Viewport { width: 400, height: 300 })),
        ..recording(&dir, Some((640, 480)))
    };
    let context = browser.new_context_with(&options).await.unwrap();
    let mut page = context.new_page().await.unwrap();
    page.goto(&format!("{base}/red")).await.unwrap();
    tokio::time::sleep(Duration::from_millis(300)).await;
    let video = page.video().unwrap();
    page.close().await.unwrap();
    let copy = dir.join("kept.webm");
    video.save_as(&copy).await.unwrap();
    let bytes = std::fs::read(&copy).unwrap();

    let judge = browser.new_context().await.unwrap().new_page().await.unwrap();
    judge.goto(&format!("{base}/")).await.unwrap();
    let inside = play(&judge, &bytes, 390, 290, &[-0.05]).await;
    assert_eq!((inside["width"].as_u64(), inside["height"].as_u64()), (Some(640), Some(480)), "{inside}");
    assert!(near(&inside["colors"][0], [255, 0, 0]), "the page's 400×300 at the top left: {inside}");
    let outside = play(&judge, &bytes, 600, 450, &[-0.05]).await;
    assert!(near(&outside["colors"][0], [128, 128, 128]), "gray around it: {outside}");

    video.delete().await.unwrap();
    assert!(!video.path().exists(), "deleted");
    assert!(copy.exists(), "the saved copy stays");
    // A context that films none of its pages: none has a video.
    assert!(judge.video().is_none());
    context.close().await.unwrap();
    browser.close().await;
    let _ = std::fs::remove_dir_all(&dir);
}

#[tokio::test(flavor = "current_thread")]
async fn a_context_filmed_mid_life_films_its_open_and_later_pages_until_it_stops() {
    if !support::browser_available() {
        return;
    }
    let base = support::serve(PAGES);
    let dir = std::env::temp_dir().join(format!("ferridriver-filming-{}", std::process::id()));
    let browser = Browser::launch(&LaunchOptions::default()).await.expect("chromium launches");
    let context = browser.new_context().await.unwrap();
    let page = context.new_page().await.unwrap();
    page.goto(&format!("{base}/moving")).await.unwrap();
    assert!(page.video().is_none(), "not filmed before filming starts");

    // A run's filming (`bdd --video`) starts on a page that is already open (a context kept
    // between scenarios, or opened ahead of its scenario).
    let filming = ferridriver_browser::Filming::new(&dir);
    context.set_filming(Some(filming.clone())).await.unwrap();
    page.goto(&format!("{base}/red")).await.unwrap();
    tokio::time::sleep(Duration::from_millis(300)).await;
    let popup = context.new_page().await.unwrap();
    popup.goto(&format!("{base}/red")).await.unwrap();
    tokio::time::sleep(Duration::from_millis(200)).await;
    context.set_filming(None).await.unwrap();
    // Not filmed any more, still open: what it shows now is in no video.
    assert!(page.video().is_none() && popup.video().is_none(), "the videos ended with the filming");
    page.evaluate("document.body.style.background = 'rgb(0,0,255)'").await.unwrap();

    let videos = filming.videos();
    assert_eq!(videos.len(), 2, "the open page and the one opened while filming: {videos:?}");
    for video in &videos {
        video.finished().await.expect("each video is complete once its filming stopped");
    }
    let judge = browser.new_context().await.unwrap().new_page().await.unwrap();
    judge.goto(&format!("{base}/")).await.unwrap();
    let first = play(&judge, &std::fs::read(videos[0].path()).unwrap(), 10, 10, &[-0.05]).await;
    assert!(near(&first["colors"][0], [255, 0, 0]), "ends on red, not on the blue after it: {first}");
    let later = play(&judge, &std::fs::read(videos[1].path()).unwrap(), 10, 10, &[-0.05]).await;
    assert!(near(&later["colors"][0], [255, 0, 0]), "{later}");

    // Filmed again (the next scenario on a kept page): a file of its own.
    let again = ferridriver_browser::Filming::new(&dir);
    context.set_filming(Some(again.clone())).await.unwrap();
    context.set_filming(None).await.unwrap();
    let second = again.videos();
    assert_eq!(second.len(), 2);
    assert!(second.iter().all(|v| videos.iter().all(|w| w.path() != v.path())), "no file is written over");
    context.close().await.unwrap();
    browser.close().await;
    let _ = std::fs::remove_dir_all(&dir);
}
