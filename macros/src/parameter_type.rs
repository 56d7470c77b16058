//! `#[parameter_type(name = "…", regex = "…")]` on a function from capture groups to a value.

use crate::args::{runtime_path, AttrArgs};
use proc_macro2::TokenStream;
use quote::{format_ident, quote};
use syn::spanned::Spanned;
use syn::{FnArg, ItemFn, ReturnType, Type};

pub fn expand(attr: TokenStream, item: TokenStream) -> TokenStream {
    match expand_inner(attr, item) {
        Ok(t) => t,
        Err(e) => e.to_compile_error(),
    }
}

fn expand_inner(attr: TokenStream, item: TokenStream) -> syn::Result<TokenStream> {
    let args = AttrArgs::parse(attr)?;
    args.only(&["name", "regex", "use_for_snippets", "prefer_for_regexp_match", "crate"])?;
    let func: ItemFn = syn::parse2(item)?;
    let rt = runtime_path(&args)?;
    let name =
        args.string("name").ok_or_else(|| syn::Error::new(func.sig.span(), "a parameter type needs `name = \"…\"`"))?;
    let regex = args
        .string("regex")
        .ok_or_else(|| syn::Error::new(func.sig.span(), "a parameter type needs `regex = \"…\"`"))?;
    let use_for_snippets = args.bool("use_for_snippets")?.unwrap_or(true);
    let prefer = args.bool("prefer_for_regexp_match")?.unwrap_or(false);
    let ReturnType::Type(_, value_type) = &func.sig.output else {
        return Err(syn::Error::new(func.sig.span(), "a parameter type function returns the value steps receive"));
    };
    let mut groups = Vec::new();
    for (i, input) in func.sig.inputs.iter().enumerate() {
        let FnArg::Typed(pt) = input else {
            return Err(syn::Error::new(input.span(), "expected `&str` or `Option<&str>` parameters"));
        };
        let optional = matches!(&*pt.ty, Type::Path(p) if p.path.segments.last().is_some_and(|s| s.ident == "Option"));
        groups.push(if optional {
            quote!(__groups.get(#i).copied().flatten())
        } else {
            quote!(__groups.get(#i).copied().flatten().unwrap_or(""))
        });
    }
    let user = &func.sig.ident;
    let transformer = format_ident!("__ferridriver_parameter_{}", user);
    Ok(quote! {
        #func

        #[doc(hidden)]
        fn #transformer(__groups: &[Option<&str>]) -> Result<#rt::expressions::ArgValue, String> {
            Ok(#rt::expressions::ArgValue::Custom(::std::sync::Arc::new(#user(#(#groups),*))))
        }

        impl #rt::registry::FromArg for #value_type {
            fn from_arg(value: #rt::expressions::ArgValue, name: &str) -> Result<Self, String> {
                value
                    .downcast_ref::<#value_type>()
                    .cloned()
                    .ok_or_else(|| format!("argument `{name}` is not a {}", #name))
            }
        }

        #rt::inventory::submit! {
            #rt::registry::RustParameterType {
                name: #name,
                regexps: &[#regex],
                transformer: Some(#transformer),
                use_for_snippets: #use_for_snippets,
                prefer_for_regexp_match: #prefer,
                file: ::core::file!(),
                line: ::core::line!(),
            }
        }
    })
}
