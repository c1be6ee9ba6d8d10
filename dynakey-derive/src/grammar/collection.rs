//! The member grammar of `#[derive(Collection)]`: a field's type says how many items of which
//! entity it holds — `T` (exactly one), `Option<T>` (at most one), `Vec<T>` (any number).
//!
//! Only the type's syntax is read here; whether `T` is an entity is for the compiler to say, through
//! the bounds code generation emits.

use syn::{GenericArgument, PathArguments, Type};

/// How many items a member holds.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Cardinality {
    One,
    Optional,
    Many,
}

/// Splits a member field's type into its cardinality and the entity type.
pub fn member_type(ty: &Type) -> (Cardinality, &Type) {
    if let Some(inner) = wrapped(ty, "Option", &["std::option", "core::option"]) {
        (Cardinality::Optional, inner)
    } else if let Some(inner) = wrapped(ty, "Vec", &["std::vec", "alloc::vec"]) {
        (Cardinality::Many, inner)
    } else {
        (Cardinality::One, ty)
    }
}

/// `true` when `ty` is itself an `Option<…>` or `Vec<…>`.
pub fn is_container(ty: &Type) -> bool {
    member_type(ty).0 != Cardinality::One
}

/// The `T` of `Name<T>`, written bare or with one of the `modules` paths (`std::option::Option<T>`).
fn wrapped<'a>(ty: &'a Type, name: &str, modules: &[&str]) -> Option<&'a Type> {
    let Type::Path(path) = ty else {
        return None;
    };
    if path.qself.is_some() {
        return None;
    }
    let segments: Vec<String> = path
        .path
        .segments
        .iter()
        .map(|s| s.ident.to_string())
        .collect();
    let (last, module) = segments.split_last()?;
    let module = module.join("::");
    if last != name || !(module.is_empty() || modules.contains(&module.as_str())) {
        return None;
    }
    let PathArguments::AngleBracketed(args) = &path.path.segments.last()?.arguments else {
        return None;
    };
    match args.args.iter().collect::<Vec<_>>().as_slice() {
        [GenericArgument::Type(inner)] => Some(inner),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ty(text: &str) -> Type {
        syn::parse_str(text).unwrap()
    }

    fn shape(text: &str) -> (Cardinality, String) {
        let ty = ty(text);
        let (cardinality, inner) = member_type(&ty);
        (cardinality, quote::quote!(#inner).to_string())
    }

    #[test]
    fn reads_the_cardinality_from_the_type() {
        assert_eq!(shape("Settings"), (Cardinality::One, "Settings".into()));
        assert_eq!(
            shape("Option<Settings>"),
            (Cardinality::Optional, "Settings".into())
        );
        assert_eq!(
            shape("std::option::Option<Settings>"),
            (Cardinality::Optional, "Settings".into())
        );
        assert_eq!(
            shape("Vec<crate::Project>"),
            (Cardinality::Many, "crate :: Project".into())
        );
        assert_eq!(shape("alloc::vec::Vec<P>"), (Cardinality::Many, "P".into()));
        // Not the std containers: an entity type of that name.
        assert_eq!(shape("my::Vec<P>").0, Cardinality::One);
        assert_eq!(shape("Vec").0, Cardinality::One);
        assert_eq!(shape("Option<A, B>").0, Cardinality::One);
        assert!(is_container(&ty("Option<Vec<P>>")));
        assert!(!is_container(&ty("(A, B)")));
    }
}
