//! Playwright's context options (`browser.newContext({...})`, `[browser]` in the config file):
//! what every page of the context starts with. Names are Playwright's (camelCase; snake_case
//! accepted too); an unknown option is an error that names it.

use crate::error::Result;
use crate::page::Page;
use serde::{Deserialize, Serialize};
use serde_json::json;
use std::collections::BTreeMap;

/// The viewport of every page.
#[derive(Debug, Clone, Copy, PartialEq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct Viewport {
    pub width: u32,
    pub height: u32,
}

/// A field where `null` means something of its own (`Some(None)`), apart from absent (`None`).
fn null_or_value<'de, D, T>(deserializer: D) -> std::result::Result<Option<Option<T>>, D::Error>
where
    D: serde::Deserializer<'de>,
    T: Deserialize<'de>,
{
    Option::<T>::deserialize(deserializer).map(Some)
}

/// Where `navigator.geolocation` says the user is.
#[derive(Debug, Clone, Copy, PartialEq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct Geolocation {
    pub latitude: f64,
    pub longitude: f64,
    #[serde(default)]
    pub accuracy: Option<f64>,
}

/// Playwright's `recordVideo`: a WebM of each page of the context, written into `dir` (made if
/// missing; without one, a scratch folder whose files go with their videos), `size` or the
/// viewport scaled down to fit 800×800, at most `fps` frames a second (25 without) (ADR 0031).
#[derive(Debug, Clone, PartialEq, Deserialize, Serialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct RecordVideo {
    #[serde(default)]
    pub dir: Option<String>,
    #[serde(default)]
    pub size: Option<Viewport>,
    #[serde(default)]
    pub fps: Option<f64>,
    /// Playwright's action annotations drawn on the video: refused by name (not ours yet).
    #[serde(default)]
    pub show_actions: Option<serde_json::Value>,
    /// `dir` is a scratch folder the host chose because the options named none: each file
    /// goes with its video's last handle (never read from the options).
    #[serde(skip)]
    pub scratch: bool,
}

/// Playwright's `recordHar`: the context's network log written as a HAR file at `path` when the
/// context closes (`har_recorder.rs`). `content` is `embed` (bodies in the file; the default for
/// a `.har`), `attach` (bodies in files beside it; the default for a `.zip`) or `omit`; `mode`
/// `full` or `minimal` (only what replaying needs); `urlFilter` keeps the requests whose URL it
/// matches (a glob, or a RegExp as `{ source, flags }`).
#[derive(Debug, Clone, PartialEq, Deserialize, Serialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct RecordHar {
    pub path: String,
    #[serde(default)]
    pub content: Option<String>,
    #[serde(default)]
    pub mode: Option<String>,
    #[serde(default, alias = "url_filter")]
    pub url_filter: Option<UrlFilter>,
    /// Playwright's older spelling of `content: 'omit'`.
    #[serde(default, alias = "omit_content")]
    pub omit_content: Option<bool>,
    /// Where attached bodies go instead of beside the HAR (`tracing.startHar`'s
    /// `resourcesDir`; not an option of a new context, so never read from one).
    #[serde(skip)]
    pub resources_dir: Option<String>,
}

/// A URL pattern: Playwright's glob, or a RegExp's source and flags.
#[derive(Debug, Clone, PartialEq, Deserialize, Serialize)]
#[serde(untagged)]
pub enum UrlFilter {
    Glob(String),
    Regex {
        source: String,
        #[serde(default)]
        flags: String,
    },
}

/// Playwright's `proxy`: the context's requests go through `server` (`http://host:port`,
/// `socks5://host:port`; `host:port` is HTTP), except to the hosts in `bypass` (comma-separated);
/// loopback addresses go through it too unless `bypass` names one, as in Playwright. A proxy
/// that asks for a sign-in (407) gets `username` and `password` (`network.rs`).
#[derive(Debug, Clone, PartialEq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct Proxy {
    pub server: String,
    #[serde(default)]
    pub bypass: Option<String>,
    #[serde(default)]
    pub username: Option<String>,
    #[serde(default)]
    pub password: Option<String>,
}

impl Proxy {
    /// The proxy server and bypass list as Chromium takes them (Playwright's reading).
    pub(crate) fn for_chromium(&self) -> std::result::Result<(String, Option<String>), String> {
        let parsed = url::Url::parse(&self.server)
            .ok()
            .filter(|u| u.has_host())
            .or_else(|| url::Url::parse(&format!("http://{}", self.server)).ok())
            .filter(|u| u.has_host())
            .ok_or_else(|| {
                format!("proxy: {:?} is not a proxy server (e.g. http://proxy.example:3128)", self.server)
            })?;
        let port = parsed.port().map(|p| format!(":{p}")).unwrap_or_default();
        let server = format!("{}://{}{port}", parsed.scheme(), parsed.host_str().unwrap_or_default());
        let bypass = self.bypass.as_ref().map(|b| b.split(',').map(str::trim).collect::<Vec<_>>().join(","));
        let hosts: Vec<&str> = bypass.as_deref().unwrap_or("").split(',').collect();
        let loopback = ["localhost", "127.0.0.1", "::1", "[::]", "[::1]", "<loopback>", "<-loopback>"];
        let bypass = match loopback.iter().any(|h| hosts.contains(h)) {
            true => bypass,
            false => Some(match bypass {
                Some(b) if !b.is_empty() => format!("<-loopback>,{b}"),
                _ => "<-loopback>".to_string(),
            }),
        };
        Ok((server, bypass))
    }
}

/// Where a context's storage comes from: a file written by `context.storageState({ path })`,
/// or the state itself.
#[derive(Debug, Clone, PartialEq, Deserialize, Serialize)]
#[serde(untagged)]
pub enum StorageStateSource {
    Path(String),
    State(crate::storage_state::StorageState),
}

/// The options of a new context. `None` leaves Chromium's (or Playwright's) default.
#[derive(Debug, Clone, Default, PartialEq, Deserialize, Serialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct ContextOptions {
    /// Default 1280×720, as in Playwright; `null` (`Some(None)`) emulates none: the pages have
    /// the browser window's size.
    #[serde(default, deserialize_with = "null_or_value", skip_serializing_if = "Option::is_none")]
    pub viewport: Option<Option<Viewport>>,
    /// The size of `window.screen` (a device's, from Playwright's `devices`); the viewport's
    /// size when not given.
    pub screen: Option<Viewport>,
    /// `navigator.language`, `Intl` and `Accept-Language`, e.g. `fr-FR`.
    pub locale: Option<String>,
    /// e.g. `Europe/Paris`.
    #[serde(alias = "timezone_id")]
    pub timezone_id: Option<String>,
    /// `light`, `dark` or `no-preference` (`prefers-color-scheme`).
    #[serde(alias = "color_scheme")]
    pub color_scheme: Option<String>,
    #[serde(alias = "user_agent")]
    pub user_agent: Option<String>,
    /// Headers sent with every request.
    #[serde(rename = "extraHTTPHeaders", alias = "extra_http_headers")]
    pub extra_http_headers: Option<BTreeMap<String, String>>,
    /// Answers HTTP authentication challenges (basic, digest…).
    #[serde(alias = "http_credentials")]
    pub http_credentials: Option<crate::credentials::CredentialsList>,
    #[serde(rename = "ignoreHTTPSErrors", alias = "ignore_https_errors")]
    pub ignore_https_errors: Option<bool>,
    pub offline: Option<bool>,
    pub geolocation: Option<Geolocation>,
    /// Granted to every origin (`geolocation`, `notifications`, `clipboard-read`…).
    pub permissions: Option<Vec<String>>,
    #[serde(alias = "java_script_enabled")]
    pub java_script_enabled: Option<bool>,
    #[serde(alias = "device_scale_factor")]
    pub device_scale_factor: Option<f64>,
    #[serde(alias = "is_mobile")]
    pub is_mobile: Option<bool>,
    #[serde(alias = "has_touch")]
    pub has_touch: Option<bool>,
    /// Relative URLs of `page.goto` (and `request`) resolve against it.
    #[serde(rename = "baseURL", alias = "base_url", alias = "baseUrl")]
    pub base_url: Option<String>,
    /// Cookies and local storage to start with.
    #[serde(alias = "storage_state")]
    pub storage_state: Option<StorageStateSource>,
    /// Which browser Playwright's test runner would pick for a device (`devices[…]` carry
    /// it): accepted so that a device spreads into the options; pages here are Chromium's.
    #[serde(alias = "default_browser_type")]
    pub default_browser_type: Option<String>,
    /// Films each page of the context (`video.rs`).
    #[serde(alias = "record_video")]
    pub record_video: Option<RecordVideo>,
    /// Writes the context's network log as a HAR when it closes (`har_recorder.rs`).
    #[serde(alias = "record_har")]
    pub record_har: Option<RecordHar>,
    /// Downloads are accepted when a page waits for them (Playwright's default, `true`);
    /// `false` refuses every download of the context.
    #[serde(alias = "accept_downloads")]
    pub accept_downloads: Option<bool>,
    /// Pages run what their Content-Security-Policy forbids (scripts added by the test,
    /// `eval` of page code).
    #[serde(rename = "bypassCSP", alias = "bypass_csp")]
    pub bypass_csp: Option<bool>,
    /// `reduce`, `no-preference` or `no-override` (`prefers-reduced-motion`).
    #[serde(alias = "reduced_motion")]
    pub reduced_motion: Option<String>,
    /// `active`, `none` or `no-override` (`forced-colors`).
    #[serde(alias = "forced_colors")]
    pub forced_colors: Option<String>,
    /// `more`, `no-preference` or `no-override` (`prefers-contrast`).
    pub contrast: Option<String>,
    /// `allow` (default) or `block`: `navigator.serviceWorker.register` registers nothing.
    #[serde(alias = "service_workers")]
    pub service_workers: Option<String>,
    /// Where the context's requests go (Chromium's own per-context proxy).
    pub proxy: Option<Proxy>,
    /// The page's selector shortcuts (`page.click(selector)`, `page.fill`…) require one match,
    /// as a locator does, where Playwright's default takes the first (applied by the JS world).
    #[serde(alias = "strict_selectors")]
    pub strict_selectors: Option<bool>,
}

/// The values each media option takes (`no-override` leaves the browser's own).
const MEDIA_VALUES: [(&str, &[&str]); 4] = [
    ("colorScheme", &["light", "dark", "no-preference", "no-override"]),
    ("reducedMotion", &["reduce", "no-preference", "no-override"]),
    ("forcedColors", &["active", "none", "no-override"]),
    ("contrast", &["more", "no-preference", "no-override"]),
];

/// What a page of a context that blocks service workers runs first.
const BLOCK_SERVICE_WORKERS: &str = "if (navigator.serviceWorker) navigator.serviceWorker.register = async () => { console.warn('Service Worker registration blocked by ferridriver (serviceWorkers: block)'); };";

impl ContextOptions {
    /// The viewport the pages emulate: the one given, or none for `viewport: null`.
    pub fn fixed_viewport(&self) -> Option<Viewport> {
        self.viewport.flatten()
    }

    /// `viewport: null`: the pages keep the browser window's size.
    pub fn window_viewport(&self) -> bool {
        self.viewport == Some(None)
    }

    /// Reads options from JSON (JS or a config table); the error names the bad option.
    pub fn from_json(value: serde_json::Value) -> std::result::Result<ContextOptions, String> {
        if value.is_null() {
            return Ok(ContextOptions::default());
        }
        let options: ContextOptions = serde_json::from_value(value).map_err(|e| {
            format!("{e}\n  hint: context options are Playwright's: viewport, screen, locale, timezoneId, colorScheme, userAgent, extraHTTPHeaders, httpCredentials, ignoreHTTPSErrors, offline, geolocation, permissions, javaScriptEnabled, deviceScaleFactor, isMobile, hasTouch, baseURL, storageState, recordVideo, recordHar, acceptDownloads, bypassCSP, reducedMotion, forcedColors, contrast, serviceWorkers, strictSelectors, proxy")
        })?;
        if options.viewport == Some(None) {
            // Playwright's words.
            for (name, given) in [
                ("deviceScaleFactor", options.device_scale_factor.is_some()),
                ("isMobile", options.is_mobile.is_some()),
            ] {
                if given {
                    return Err(format!("\"{name}\" option is not supported with null \"viewport\""));
                }
            }
        }
        let media = [&options.color_scheme, &options.reduced_motion, &options.forced_colors, &options.contrast];
        for ((name, allowed), value) in MEDIA_VALUES.iter().zip(media) {
            // Playwright's words.
            if value.as_deref().is_some_and(|v| !allowed.contains(&v)) {
                return Err(format!("{name}: expected one of ({})", allowed.join("|")));
            }
        }
        if options.service_workers.as_deref().is_some_and(|v| !["allow", "block"].contains(&v)) {
            return Err("serviceWorkers: expected one of (allow|block)".into());
        }
        if let Some(credentials) = &options.http_credentials {
            credentials.check()?;
        }
        if let Some(video) = &options.record_video {
            if let Some(fps) = video.fps.filter(|f| *f <= 0.0 || !f.is_finite()) {
                // Playwright's words.
                return Err(format!("\"recordVideo.fps\" must be a positive number, got {fps}"));
            }
            if video.show_actions.is_some() {
                return Err(
                    "recordVideo.showActions is not supported by ferridriver yet (the video shows the page only)"
                        .into(),
                );
            }
        }
        if let Some(har) = &options.record_har {
            crate::har_recorder::check(har)?;
        }
        Ok(options)
    }

    /// Applies what concerns one page (emulation, headers, network), right after it opened.
    pub(crate) async fn apply_to_page(&self, page: &Page) -> Result<()> {
        let agent = self.browser_user_agent(page.connection()).await?;
        let mut setup = crate::page_setup::Setup::new(page);
        self.plan(&mut setup, agent.as_deref())?;
        setup.finish().await
    }

    /// The browser's own user agent when the pages need it: a `locale` without a `userAgent`
    /// changes the agent's language, not the agent. Asked of the browser, never of a page (a
    /// held page answers nothing).
    pub(crate) async fn browser_user_agent(
        &self,
        connection: &crate::connection::Connection,
    ) -> Result<Option<String>> {
        if self.user_agent.is_some() || self.locale.is_none() {
            return Ok(None);
        }
        let version = connection.call_raw("Browser.getVersion", json!({}), None).await?;
        Ok(Some(version["userAgent"].as_str().unwrap_or("").to_string()))
    }

    /// Queues what concerns one page on `setup`; `browser_agent` is
    /// [`ContextOptions::browser_user_agent`]'s answer.
    pub(crate) fn plan(&self, setup: &mut crate::page_setup::Setup<'_>, browser_agent: Option<&str>) -> Result<()> {
        let page = setup.page();
        // Without a viewport (`viewport: null`) there is nothing to emulate: `screen` is left
        // out, as Playwright leaves it (the two others are refused).
        let emulated = !self.window_viewport();
        if emulated && (self.device_scale_factor.is_some() || self.is_mobile.is_some() || self.screen.is_some()) {
            let (width, height) = page.viewport_size();
            if let Ok(mut device) = page.inner.device.lock() {
                *device = (self.device_scale_factor.unwrap_or(1.0), self.is_mobile.unwrap_or(false));
            }
            let mut metrics = page.inner.metrics(width, height);
            if let Some(screen) = self.screen {
                metrics["screenWidth"] = json!(screen.width);
                metrics["screenHeight"] = json!(screen.height);
            }
            setup.send("Emulation.setDeviceMetricsOverride", metrics);
        }
        // Taps need `hasTouch` itself, as Playwright's (a mobile device alone does not do).
        page.inner.touch.store(self.has_touch == Some(true), std::sync::atomic::Ordering::Relaxed);
        if self.has_touch == Some(true) || self.is_mobile == Some(true) {
            setup.send("Emulation.setTouchEmulationEnabled", json!({ "enabled": true, "maxTouchPoints": 1 }));
        }
        if let Some(locale) = &self.locale {
            setup.send("Emulation.setLocaleOverride", json!({ "locale": locale }));
        }
        if let Some(agent) = self.user_agent.as_deref().or(browser_agent) {
            let mut params = json!({ "userAgent": agent });
            if let Some(locale) = &self.locale {
                params["acceptLanguage"] = json!(locale);
            }
            setup.send("Emulation.setUserAgentOverride", params);
        }
        if let Some(zone) = &self.timezone_id {
            setup.send("Emulation.setTimezoneOverride", json!({ "timezoneId": zone }));
        }
        // `no-override` (and an option not given) leaves the browser's own value.
        let chosen = |value: &Option<String>| value.clone().filter(|v| v != "no-override");
        let media = crate::emulation::MediaEmulation {
            color_scheme: chosen(&self.color_scheme),
            reduced_motion: chosen(&self.reduced_motion),
            forced_colors: chosen(&self.forced_colors),
            contrast: chosen(&self.contrast),
            ..Default::default()
        };
        if media != crate::emulation::MediaEmulation::default() {
            setup.media(&media)?;
        }
        if self.bypass_csp == Some(true) {
            setup.send("Page.setBypassCSP", json!({ "enabled": true }));
        }
        if self.service_workers.as_deref() == Some("block") {
            setup.send(
                "Page.addScriptToEvaluateOnNewDocument",
                json!({ "source": BLOCK_SERVICE_WORKERS, "runImmediately": true }),
            );
        }
        if self.ignore_https_errors == Some(true) {
            setup.send("Security.setIgnoreCertificateErrors", json!({ "ignore": true }));
        }
        if let Some(credentials) = &self.http_credentials {
            page.inner.network.set_credentials(credentials.all());
        }
        if let Some(Proxy { username: Some(username), password, .. }) = &self.proxy {
            page.inner.network.set_proxy_credentials(username, password.as_deref().unwrap_or(""));
        }
        if self.http_credentials.is_some() || self.proxy.as_ref().is_some_and(|p| p.username.is_some()) {
            setup.interception();
        }
        if self.java_script_enabled == Some(false) {
            setup.send("Emulation.setScriptExecutionDisabled", json!({ "value": true }));
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn playwright_names_snake_case_and_clear_errors() {
        let o = ContextOptions::from_json(json!({
            "viewport": { "width": 800, "height": 600 },
            "locale": "fr-FR",
            "timezone_id": "Europe/Paris",
            "extraHTTPHeaders": { "X-Test": "1" },
            "baseURL": "http://localhost:3000",
            "storageState": "state.json",
        }))
        .unwrap();
        assert_eq!(o.viewport, Some(Some(Viewport { width: 800, height: 600 })));
        assert_eq!(o.timezone_id.as_deref(), Some("Europe/Paris"));
        assert_eq!(o.storage_state, Some(StorageStateSource::Path("state.json".into())));
        let e = ContextOptions::from_json(json!({ "locales": "fr" })).unwrap_err();
        assert!(e.contains("unknown field `locales`") && e.contains("hint:"), "{e}");
        assert!(ContextOptions::from_json(json!({ "colorScheme": "blue" })).is_err());
    }
}
