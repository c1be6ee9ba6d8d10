//! Stage 2 of `#[derive(Collection)]`: the struct resolved into its members.

use syn::{DeriveInput, Ident, Type};

use crate::ctxt::Ctxt;
use crate::grammar::collection::{member_type, Cardinality};

/// One member: a field, the entity type it holds and how many.
pub struct Member<'a> {
    pub ident: &'a Ident,
    /// The entity type (`T` of `T`, `Option<T>`, `Vec<T>`).
    pub entity: &'a Type,
    pub cardinality: Cardinality,
}

impl Member<'_> {
    /// The entity type as written, for messages (`Project`, `crate::Project`).
    pub fn type_name(&self) -> String {
        let entity = self.entity;
        quote::quote!(#entity).to_string().replace(' ', "")
    }
}

/// The collection as checks and code generation see it.
pub struct Collection<'a> {
    pub input: &'a DeriveInput,
    pub ident: &'a Ident,
    pub members: Vec<Member<'a>>,
}

/// Builds the model; `None` when the input is not a struct with named fields.
pub fn collection<'a>(cx: &Ctxt, input: &'a DeriveInput) -> Option<Collection<'a>> {
    let syn::Data::Struct(syn::DataStruct {
        fields: syn::Fields::Named(named),
        ..
    }) = &input.data
    else {
        cx.error_at(
            &input.ident,
            "#[derive(Collection)] needs a struct with named fields, one per member, e.g. \
             `struct WorkspaceView { settings: Settings, projects: Vec<Project> }`",
        );
        return None;
    };
    let members = named
        .named
        .iter()
        .filter_map(|field| {
            let ident = field.ident.as_ref()?;
            let (cardinality, entity) = member_type(&field.ty);
            Some(Member {
                ident,
                entity,
                cardinality,
            })
        })
        .collect();
    Some(Collection {
        input,
        ident: &input.ident,
        members,
    })
}
