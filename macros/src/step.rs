//! `#[given]`, `#[when]`, `#[then]`, `#[step]`.

use crate::args::{runtime_path, AttrArgs};
use proc_macro2::TokenStream;
use quote::{format_ident, quote, quote_spanned};
use syn::spanned::Spanned;
use syn::{FnArg, ItemFn, Pat, Type};

pub fn expand(keyword: &str, attr: TokenStream, item: TokenStream) -> TokenStream {
    match expand_inner(keyword, attr, item) {
        Ok(t) => t,
        Err(e) => e.to_compile_error(),
    }
}

/// How one parameter of the user's function is filled.
enum Source {
    Argument,
    DataTable { by_ref: bool },
    DocString { by_ref: bool },
}

fn last_segment(ty: &Type) -> Option<String> {
    match ty {
        Type::Path(p) => p.path.segments.last().map(|s| s.ident.to_string()),
        Type::Reference(r) => last_segment(&r.elem),
        _ => None,
    }
}

/// The `T` of a `&mut T` world parameter.
pub fn world_type(func: &ItemFn) -> syn::Result<Option<Type>> {
    match func.sig.inputs.first() {
        None => Ok(None),
        Some(FnArg::Receiver(r)) => Err(syn::Error::new(r.span(), "steps and hooks are free functions, not methods")),
        Some(FnArg::Typed(t)) => match &*t.ty {
            Type::Reference(r) if r.mutability.is_some() => Ok(Some((*r.elem).clone())),
            other => Err(syn::Error::new(
                other.span(),
                "the first parameter must be the world: `&mut World` or `&mut YourState`",
            )),
        },
    }
}

fn expand_inner(keyword: &str, attr: TokenStream, item: TokenStream) -> syn::Result<TokenStream> {
    let args = AttrArgs::parse(attr)?;
    args.only(&["expr", "regex", "timeout_ms", "crate", "description", "example"])?;
    let func: ItemFn = syn::parse2(item)?;
    let rt = runtime_path(&args)?;
    let (pattern, regex) = match (args.string("expr"), args.string("regex")) {
        (Some(e), None) => (e, false),
        (None, Some(r)) => (r, true),
        _ => {
            return Err(syn::Error::new(
                func.sig.ident.span(),
                "give the step exactly one pattern: `expr = \"…\"` (Cucumber expression) or `regex = \"…\"`",
            ))
        }
    };
    let timeout = match args.int("timeout_ms")? {
        Some(ms) => quote!(Some(#ms as u64)),
        None => quote!(None),
    };
    let doc = |key: &str| match args.string(key) {
        Some(text) => quote!(Some(#text)),
        None => quote!(None),
    };
    let (description, example) = (doc("description"), doc("example"));
    let world = world_type(&func)?.ok_or_else(|| {
        syn::Error::new(func.sig.span(), "a step's first parameter must be `&mut World` (or your state)")
    })?;

    let mut bindings = Vec::new();
    let mut call_args = Vec::new();
    for input in func.sig.inputs.iter().skip(1) {
        let FnArg::Typed(pt) = input else { continue };
        let name = match &*pt.pat {
            Pat::Ident(i) => i.ident.to_string(),
            _ => "argument".to_string(),
        };
        let by_ref = matches!(&*pt.ty, Type::Reference(_));
        let source = match last_segment(&pt.ty).as_deref() {
            Some("DataTable") => Source::DataTable { by_ref },
            _ if name == "doc_string" => Source::DocString { by_ref },
            _ => Source::Argument,
        };
        let var = format_ident!("__arg_{}", bindings.len());
        let ty = &pt.ty;
        let span = pt.ty.span();
        bindings.push(match source {
            Source::Argument => quote_spanned! {span=>
                let #var: #ty = <#ty as #rt::registry::FromArg>::from_arg(
                    __args.next().unwrap_or(#rt::expressions::ArgValue::Null), #name)?;
            },
            Source::DataTable { by_ref: true } => quote! {
                let #var = __inv.data_table.as_ref().ok_or_else(|| "this step has no data table".to_string())?;
            },
            Source::DataTable { by_ref: false } => quote! {
                let #var = __inv.data_table.clone().ok_or_else(|| "this step has no data table".to_string())?;
            },
            Source::DocString { by_ref: true } => quote! {
                let #var: &str = __inv.doc_string.as_deref().ok_or_else(|| "this step has no doc string".to_string())?;
            },
            Source::DocString { by_ref: false } => quote! {
                let #var: String = __inv.doc_string.clone().ok_or_else(|| "this step has no doc string".to_string())?;
            },
        });
        call_args.push(var);
    }
    let user = &func.sig.ident;
    let wrapper = format_ident!("__ferridriver_step_{}", user);
    let call = if func.sig.asyncness.is_some() {
        quote!(#user(__world, #(#call_args),*).await)
    } else {
        quote!(#user(__world, #(#call_args),*))
    };
    let keyword = format_ident!("{}", keyword);
    Ok(quote! {
        #func

        #[doc(hidden)]
        #[allow(non_snake_case, clippy::needless_lifetimes)]
        fn #wrapper<'a>(
            __world_all: &'a mut #rt::registry::World,
            __inv: #rt::registry::Invocation,
        ) -> #rt::registry::StepFuture<'a> {
            ::std::boxed::Box::pin(async move {
                #[allow(unused_mut, unused_variables)]
                let mut __args = __inv.args.clone().into_iter();
                #(#bindings)*
                let __world: &mut #world = __world_all.state::<#world>();
                #rt::registry::IntoStepResult::into_step_result(#call)
            })
        }

        #rt::inventory::submit! {
            #rt::registry::RustStep {
                keyword: #rt::registry::StepKeyword::#keyword,
                pattern: #pattern,
                regex: #regex,
                file: ::core::file!(),
                module: ::core::module_path!(),
                line: ::core::line!(),
                func: #wrapper,
                timeout_ms: #timeout,
                description: #description,
                example: #example,
            }
        }
    })
}
