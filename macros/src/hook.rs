//! `#[before]`, `#[after]`, `#[before_all]`, `#[after_all]`, `#[before_step]`, `#[after_step]`.

use crate::args::{runtime_path, AttrArgs};
use crate::step::world_type;
use proc_macro2::TokenStream;
use quote::{format_ident, quote};
use syn::spanned::Spanned;
use syn::ItemFn;

pub fn expand(kind: &str, attr: TokenStream, item: TokenStream) -> TokenStream {
    match expand_inner(kind, attr, item) {
        Ok(t) => t,
        Err(e) => e.to_compile_error(),
    }
}

fn expand_inner(kind: &str, attr: TokenStream, item: TokenStream) -> syn::Result<TokenStream> {
    let args = AttrArgs::parse(attr)?;
    args.only(&["tags", "name", "order", "timeout_ms", "crate"])?;
    let func: ItemFn = syn::parse2(item)?;
    let rt = runtime_path(&args)?;
    if func.sig.inputs.len() > 1 {
        return Err(syn::Error::new(func.sig.inputs.span(), "a hook takes at most one parameter: the world"));
    }
    let global = kind == "BeforeAll" || kind == "AfterAll";
    if global && args.string("tags").is_some() {
        return Err(syn::Error::new(func.sig.span(), "BeforeAll/AfterAll hooks cannot be filtered by tags"));
    }
    let opt_str = |v: Option<String>| match v {
        Some(s) => quote!(Some(#s)),
        None => quote!(None),
    };
    let tags = opt_str(args.string("tags"));
    let name = opt_str(args.string("name"));
    let order = args.int("order")?.unwrap_or(0) as i32;
    let timeout = match args.int("timeout_ms")? {
        Some(ms) => quote!(Some(#ms as u64)),
        None => quote!(None),
    };
    let user = &func.sig.ident;
    let wrapper = format_ident!("__ferridriver_hook_{}", user);
    let call_args = match world_type(&func)? {
        Some(world) => quote!(__world_all.state::<#world>()),
        None => quote!(),
    };
    let call = if func.sig.asyncness.is_some() { quote!(#user(#call_args).await) } else { quote!(#user(#call_args)) };
    let kind = format_ident!("{}", kind);
    Ok(quote! {
        #func

        #[doc(hidden)]
        #[allow(non_snake_case, unused_variables, clippy::needless_lifetimes)]
        fn #wrapper<'a>(__world_all: &'a mut #rt::registry::World) -> #rt::registry::StepFuture<'a> {
            ::std::boxed::Box::pin(async move { #rt::registry::IntoStepResult::into_step_result(#call) })
        }

        #rt::inventory::submit! {
            #rt::registry::RustHook {
                kind: #rt::registry::HookKind::#kind,
                tags: #tags,
                name: #name,
                order: #order,
                file: ::core::file!(),
                line: ::core::line!(),
                func: #wrapper,
                timeout_ms: #timeout,
            }
        }
    })
}
