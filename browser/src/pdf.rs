//! `page.pdf(options)`: the page printed by Chromium (`Page.printToPDF`, headless only), with
//! Playwright's options: a paper `format` or `width`/`height` and `margin` with units, scale,
//! landscape, backgrounds, page ranges, header and footer templates.

use crate::error::{BrowserError, Result};
use crate::page::Page;
use base64::Engine;
use serde::Deserialize;
use serde_json::{json, Map, Value};

/// Playwright's `page.pdf` options (the path is the caller's to write).
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct PdfOptions {
    /// A paper name (`Letter`, `A4`…); wins over `width`/`height`. Letter when nothing is said.
    pub format: Option<String>,
    /// Paper width: a number of pixels or a string with `px`, `in`, `cm` or `mm`.
    pub width: Option<Value>,
    /// Paper height, as `width`.
    pub height: Option<Value>,
    /// Margins, as `width`.
    #[serde(default)]
    pub margin: Margins,
    pub scale: Option<f64>,
    pub landscape: Option<bool>,
    pub print_background: Option<bool>,
    /// `"1-5, 8"`; empty prints everything.
    pub page_ranges: Option<String>,
    #[serde(rename = "preferCSSPageSize")]
    pub prefer_css_page_size: Option<bool>,
    pub display_header_footer: Option<bool>,
    pub header_template: Option<String>,
    pub footer_template: Option<String>,
    pub outline: Option<bool>,
    pub tagged: Option<bool>,
}

/// `margin: { top, right, bottom, left }`.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Margins {
    pub top: Option<Value>,
    pub right: Option<Value>,
    pub bottom: Option<Value>,
    pub left: Option<Value>,
}

/// Paper sizes in inches.
const FORMATS: &[(&str, f64, f64)] = &[
    ("letter", 8.5, 11.0),
    ("legal", 8.5, 14.0),
    ("tabloid", 11.0, 17.0),
    ("ledger", 17.0, 11.0),
    ("a0", 33.1102, 46.811),
    ("a1", 23.3858, 33.1102),
    ("a2", 16.5354, 23.3858),
    ("a3", 11.6929, 16.5354),
    ("a4", 8.2677, 11.6929),
    ("a5", 5.8268, 8.2677),
    ("a6", 4.1339, 5.8268),
];

/// A length in inches: a number of CSS pixels, or a string in px, in, cm or mm.
fn inches(what: &str, value: &Value) -> Result<f64> {
    let bad = || {
        BrowserError::Evaluation(format!(
            "page.pdf: {what} must be a number of pixels or a length like \"2cm\", not {value}"
        ))
    };
    let (number, unit) = match value {
        Value::Number(n) => (n.as_f64().ok_or_else(bad)?, "px"),
        Value::String(s) => {
            let s = s.trim().to_ascii_lowercase();
            let split = s.len().saturating_sub(2);
            let unit = ["px", "in", "cm", "mm"].into_iter().find(|u| s.get(split..) == Some(*u));
            match unit {
                Some(u) => (s[..split].trim().parse().map_err(|_| bad())?, u),
                None => (s.parse().map_err(|_| bad())?, "px"),
            }
        }
        _ => return Err(bad()),
    };
    let per_inch = match unit {
        "in" => 1.0,
        "cm" => 2.54,
        "mm" => 25.4,
        _ => 96.0,
    };
    Ok(number / per_inch)
}

/// The `Page.printToPDF` parameters of `options`.
fn print_params(options: &PdfOptions) -> Result<Map<String, Value>> {
    let (mut width, mut height) = (8.5, 11.0);
    if let Some(format) = &options.format {
        let Some((_, w, h)) = FORMATS.iter().find(|(n, _, _)| n.eq_ignore_ascii_case(format)) else {
            let known: Vec<&str> = FORMATS.iter().map(|(n, _, _)| *n).collect();
            return Err(BrowserError::Evaluation(format!(
                "page.pdf: unknown paper format {format} ({})",
                known.join(", ")
            )));
        };
        (width, height) = (*w, *h);
    } else {
        if let Some(w) = &options.width {
            width = inches("width", w)?;
        }
        if let Some(h) = &options.height {
            height = inches("height", h)?;
        }
    }
    let margin = |what: &str, v: &Option<Value>| v.as_ref().map_or(Ok(0.0), |v| inches(what, v));
    let mut params = Map::new();
    params.insert("paperWidth".into(), json!(width));
    params.insert("paperHeight".into(), json!(height));
    params.insert("marginTop".into(), json!(margin("margin.top", &options.margin.top)?));
    params.insert("marginRight".into(), json!(margin("margin.right", &options.margin.right)?));
    params.insert("marginBottom".into(), json!(margin("margin.bottom", &options.margin.bottom)?));
    params.insert("marginLeft".into(), json!(margin("margin.left", &options.margin.left)?));
    params.insert("scale".into(), json!(options.scale.unwrap_or(1.0)));
    params.insert("landscape".into(), json!(options.landscape.unwrap_or(false)));
    params.insert("printBackground".into(), json!(options.print_background.unwrap_or(false)));
    params.insert("pageRanges".into(), json!(options.page_ranges.clone().unwrap_or_default()));
    params.insert("preferCSSPageSize".into(), json!(options.prefer_css_page_size.unwrap_or(false)));
    params.insert("displayHeaderFooter".into(), json!(options.display_header_footer.unwrap_or(false)));
    params.insert("headerTemplate".into(), json!(options.header_template.clone().unwrap_or_default()));
    params.insert("footerTemplate".into(), json!(options.footer_template.clone().unwrap_or_default()));
    params.insert("generateDocumentOutline".into(), json!(options.outline.unwrap_or(false)));
    params.insert("generateTaggedPDF".into(), json!(options.tagged.unwrap_or(false)));
    Ok(params)
}

impl Page {
    /// The page as a PDF document.
    pub async fn pdf(&self, options: &PdfOptions) -> Result<Vec<u8>> {
        let params = print_params(options)?;
        let action = crate::trace::traced::Action {
            class: "Page",
            method: "pdf",
            params: Value::Object(params.clone()),
            title: Some("PDF".into()),
            waiting_for: None,
        };
        self.inner
            .traced(action, async {
                let reply = self.send("Page.printToPDF", Value::Object(params)).await?;
                let data = reply["data"].as_str().unwrap_or("");
                base64::engine::general_purpose::STANDARD
                    .decode(data)
                    .map_err(|e| BrowserError::Decode { method: "Page.printToPDF".into(), reason: e.to_string() })
            })
            .await
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lengths_and_formats_are_read_as_playwright_documents_them() {
        assert_eq!(inches("w", &json!(96)).unwrap(), 1.0);
        assert_eq!(inches("w", &json!("2in")).unwrap(), 2.0);
        assert!((inches("w", &json!("2.54cm")).unwrap() - 1.0).abs() < 1e-9);
        assert!((inches("w", &json!("25.4 mm")).unwrap() - 1.0).abs() < 1e-9);
        assert_eq!(inches("w", &json!("48px")).unwrap(), 0.5);
        assert!(inches("w", &json!("two inches")).is_err());
        let a4 = print_params(&PdfOptions { format: Some("A4".into()), ..Default::default() }).unwrap();
        assert_eq!((a4["paperWidth"].as_f64(), a4["paperHeight"].as_f64()), (Some(8.2677), Some(11.6929)));
        let letter = print_params(&PdfOptions::default()).unwrap();
        assert_eq!(letter["paperWidth"], json!(8.5));
        assert!(print_params(&PdfOptions { format: Some("B7".into()), ..Default::default() }).is_err());
    }
}
