//! The WHATWG URL parser behind the VM's `URL` class (js/web.js): the `url` crate, whose
//! `quirks` module is the URL Standard's API (the same answers as Node's and the browser's
//! `URL`: a scheme's own rules for hosts and paths, `webpack://_N_E/…` keeping its case and an
//! opaque origin, dot segments, IDNA, percent-encoding, each setter's rules).

use rquickjs::function::Opt;
use rquickjs::{Ctx, Function, Object};
use url::{quirks, Url};

/// Every component of `url`, as JSON for js/web.js.
fn components(url: &Url) -> String {
    serde_json::json!({
        "href": quirks::href(url),
        "origin": quirks::origin(url),
        "protocol": quirks::protocol(url),
        "username": quirks::username(url),
        "password": quirks::password(url),
        "host": quirks::host(url),
        "hostname": quirks::hostname(url),
        "port": quirks::port(url),
        "pathname": quirks::pathname(url),
        "search": quirks::search(url),
        "hash": quirks::hash(url),
    })
    .to_string()
}

/// `input` parsed against `base` (itself parsed first): its components, or `None` when either
/// is not a URL.
fn parse(input: &str, base: Option<&str>) -> Option<String> {
    let base = match base {
        Some(b) => Some(Url::parse(b).ok()?),
        None => None,
    };
    Url::options().base_url(base.as_ref()).parse(input).ok().map(|u| components(&u))
}

/// `href` with its `part` set to `value` by the Standard's setter (one that refuses the value
/// leaves the URL as it was, as in a browser); `None` when `href` is not a URL.
fn set(href: &str, part: &str, value: &str) -> Option<String> {
    let mut url = Url::parse(href).ok()?;
    match part {
        "protocol" => drop(quirks::set_protocol(&mut url, value)),
        "username" => drop(quirks::set_username(&mut url, value)),
        "password" => drop(quirks::set_password(&mut url, value)),
        "host" => drop(quirks::set_host(&mut url, value)),
        "hostname" => drop(quirks::set_hostname(&mut url, value)),
        "port" => drop(quirks::set_port(&mut url, value)),
        "pathname" => quirks::set_pathname(&mut url, value),
        "search" => quirks::set_search(&mut url, value),
        "hash" => quirks::set_hash(&mut url, value),
        _ => return None,
    }
    Some(components(&url))
}

/// Installs `urlParse(input, base?)` and `urlSet(href, part, value)` on `native`.
pub(crate) fn install<'js>(ctx: &Ctx<'js>, native: &Object<'js>) -> rquickjs::Result<()> {
    native.set(
        "urlParse",
        Function::new(ctx.clone(), |input: String, base: Opt<String>| parse(&input, base.0.as_deref()))?,
    )?;
    native.set(
        "urlSet",
        Function::new(ctx.clone(), |href: String, part: String, value: String| set(&href, &part, &value))?,
    )?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::{parse, set};

    fn field(json: &str, name: &str) -> String {
        serde_json::from_str::<serde_json::Value>(json).unwrap()[name].as_str().unwrap().to_string()
    }

    #[test]
    fn urls_parse_and_change_as_the_standard_says() {
        let webpack = parse("webpack://_N_E/src/app/List.tsx", None).unwrap();
        assert_eq!(field(&webpack, "host"), "_N_E");
        assert_eq!(field(&webpack, "origin"), "null");
        assert_eq!(field(&parse("webpack:///./src/x.ts", None).unwrap(), "href"), "webpack:///src/x.ts");
        assert_eq!(field(&parse("../b?q#h", Some("http://EX.com/a/c/d")).unwrap(), "href"), "http://ex.com/a/b?q#h");
        assert_eq!(parse("nope", None), None);
        assert_eq!(parse("a", Some("not a base")), None);
        let moved = set("http://ex.com:8080/p", "port", "443").unwrap();
        assert_eq!(field(&moved, "host"), "ex.com:443");
        assert_eq!(field(&set("https://ex.com/", "port", "443").unwrap(), "port"), "", "the default port");
        assert_eq!(field(&set("http://ex.com/", "search", "a=1").unwrap(), "href"), "http://ex.com/?a=1");
        assert_eq!(field(&set("http://ex.com/", "protocol", "1bad").unwrap(), "protocol"), "http:", "refused");
    }
}
