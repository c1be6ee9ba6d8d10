//! Managed fields: the `Entity::MANAGED` constant, the build-time checks of their types and of
//! the table's TTL attribute, and the `Versioned`/`Unversioned` marker.

use proc_macro2::TokenStream;
use quote::{quote, quote_spanned};
use syn::spanned::Spanned;

use crate::codegen::parts::Parts;
use crate::model::Entity;

/// What `#[derive(Entity)]` emits for its managed fields: `MANAGED` in `impl Entity`, when any
/// field is managed; the checks and the versioning marker in the `const _` block. `bounds`: the
/// entity's where clause, which the marker impl carries like every other impl (so a field type
/// that is not a key segment is reported once).
pub fn expand(entity: &Entity<'_>, bounds: &TokenStream) -> Parts {
    let ident = entity.ident;
    let managed = &entity.managed;
    let mut inner = TokenStream::new();
    let attribute = |index: usize| entity.field(index).attribute.clone();
    let option = |value: Option<TokenStream>| match value {
        Some(value) => quote!(__dk::Some(#value)),
        None => quote!(__dk::None),
    };
    let version = managed.version.as_ref().map(|v| {
        let ty = entity.field(v.field).ty;
        inner.extend(quote_spanned! {ty.span()=>
            const _: () = __dk::assert_version_number::<#ty>();
        });
        let name = attribute(v.field);
        quote!(#name)
    });
    let stamp = |field: Option<&crate::model::managed::ManagedField>| {
        field.map(|f| {
            let ty = entity.field(f.field).ty;
            let name = attribute(f.field);
            quote_spanned!(ty.span()=> __dk::stamp::<#ty>(#name))
        })
    };
    let created_at = stamp(managed.created_at.as_ref());
    let updated_at = stamp(managed.updated_at.as_ref());
    let ttl = managed.ttl().map(|index| {
        let name = attribute(index);
        let table = &entity.table;
        let entity_name = ident.to_string();
        let span = entity.field(index).ttl.unwrap_or_else(|| ident.span());
        inner.extend(quote_spanned! {span=>
            const _: () = __dk::check_ttl::<#table>(#name, #entity_name);
        });
        quote!(#name)
    });
    let marker = if version.is_some() {
        quote!(Versioned)
    } else {
        quote!(Unversioned)
    };
    inner.extend(quote! {
        #[automatically_derived]
        impl ::dynakey::#marker for #ident #bounds {}
    });
    let any = version.is_some() || created_at.is_some() || updated_at.is_some() || ttl.is_some();
    let entity_items = if any {
        let (version, created_at, updated_at, ttl) = (
            option(version),
            option(created_at),
            option(updated_at),
            option(ttl),
        );
        quote! {
            const MANAGED: ::dynakey::ManagedFields =
                __dk::managed(#version, #created_at, #updated_at, #ttl);
        }
    } else {
        TokenStream::new()
    };
    Parts {
        inner,
        entity_items,
        ..Parts::default()
    }
}
