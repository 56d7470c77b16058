//! Reading `key = value` attribute arguments.

use proc_macro2::TokenStream;
use syn::parse::Parser;
use syn::punctuated::Punctuated;
use syn::{Expr, Lit, Meta, Token};

/// Attribute arguments: a bare string literal (stored as `expr`) and `key = literal` pairs.
#[derive(Default)]
pub struct AttrArgs {
    pub pairs: Vec<(String, Lit, proc_macro2::Span)>,
}

impl AttrArgs {
    pub fn parse(attr: TokenStream) -> syn::Result<AttrArgs> {
        let mut args = AttrArgs::default();
        if attr.is_empty() {
            return Ok(args);
        }
        // `#[given("text")]` is shorthand for `expr = "text"`.
        if let Ok(lit) = syn::parse2::<syn::LitStr>(attr.clone()) {
            args.pairs.push(("expr".into(), Lit::Str(lit.clone()), lit.span()));
            return Ok(args);
        }
        let metas = Punctuated::<Meta, Token![,]>::parse_terminated.parse2(attr)?;
        for meta in metas {
            let Meta::NameValue(nv) = meta else {
                return Err(syn::Error::new_spanned(meta, "expected `key = \"value\"`"));
            };
            let key = nv.path.get_ident().map(|i| i.to_string()).unwrap_or_default();
            let lit = match nv.value {
                Expr::Lit(l) => l.lit,
                Expr::Unary(syn::ExprUnary { op: syn::UnOp::Neg(_), expr, .. }) => match *expr {
                    Expr::Lit(syn::ExprLit { lit: Lit::Int(i), .. }) => {
                        Lit::Int(syn::LitInt::new(&format!("-{}", i.base10_digits()), i.span()))
                    }
                    other => return Err(syn::Error::new_spanned(other, "expected a literal")),
                },
                other => return Err(syn::Error::new_spanned(other, "expected a literal")),
            };
            args.pairs.push((key, lit, nv.path.span_hack()));
        }
        Ok(args)
    }

    pub fn string(&self, key: &str) -> Option<String> {
        self.pairs.iter().find(|(k, _, _)| k == key).and_then(|(_, l, _)| match l {
            Lit::Str(s) => Some(s.value()),
            _ => None,
        })
    }

    pub fn int(&self, key: &str) -> syn::Result<Option<i64>> {
        match self.pairs.iter().find(|(k, _, _)| k == key) {
            None => Ok(None),
            Some((_, Lit::Int(i), _)) => i.base10_parse().map(Some),
            Some((_, l, _)) => Err(syn::Error::new_spanned(l, format!("`{key}` must be an integer"))),
        }
    }

    pub fn bool(&self, key: &str) -> syn::Result<Option<bool>> {
        match self.pairs.iter().find(|(k, _, _)| k == key) {
            None => Ok(None),
            Some((_, Lit::Bool(b), _)) => Ok(Some(b.value)),
            Some((_, l, _)) => Err(syn::Error::new_spanned(l, format!("`{key}` must be true or false"))),
        }
    }

    /// Fails on keys outside `allowed`, naming them.
    pub fn only(&self, allowed: &[&str]) -> syn::Result<()> {
        for (k, _, span) in &self.pairs {
            if !allowed.contains(&k.as_str()) {
                return Err(syn::Error::new(
                    *span,
                    format!("unknown argument `{k}`; expected one of: {}", allowed.join(", ")),
                ));
            }
        }
        Ok(())
    }
}

trait SpanHack {
    fn span_hack(&self) -> proc_macro2::Span;
}

impl SpanHack for syn::Path {
    fn span_hack(&self) -> proc_macro2::Span {
        self.segments.first().map(|s| s.ident.span()).unwrap_or_else(proc_macro2::Span::call_site)
    }
}

/// The path of the runtime crate: `::ferridriver` unless `crate = "…"` says otherwise (the
/// built-in steps inside `ferridriver-steps` use `crate = "crate"`).
pub fn runtime_path(args: &AttrArgs) -> syn::Result<syn::Path> {
    match args.string("crate") {
        Some(p) => syn::parse_str(&p),
        None => syn::parse_str("::ferridriver::steps"),
    }
}
