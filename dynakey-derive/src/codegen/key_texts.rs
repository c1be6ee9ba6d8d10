//! Build-time checks that no key text of a `#[derive(KeySegment)]` enum holds the terminator of a
//! template it fills: the entity cannot see the enum's texts, so it asks the type at compile time
//! (`__private::Probe`, which answers "no texts" for any type that is not such an enum).

use proc_macro2::TokenStream;
use quote::quote_spanned;
use syn::Type;

use crate::model::{Entity, Segment};

/// Key segment types that are never derived enums: no check is emitted for them.
const NOT_ENUMS: &[&str] = &[
    "String",
    "str",
    "Cow",
    "bool",
    "char",
    "u8",
    "u16",
    "u32",
    "u64",
    "u128",
    "usize",
    "i8",
    "i16",
    "i32",
    "i64",
    "i128",
    "isize",
    "f32",
    "f64",
    "KeyPath",
    "Ulid",
    "Uuid",
    "DateTime",
    "OffsetDateTime",
];

/// `true` for a type spelled as a key type of the standard library or dynakey (integers, floats,
/// `bool`, `char`, `String`, `Cow<str>`, `KeyPath`, the ULID/UUID/timestamp types behind
/// features): one that is `Clone + PartialEq + Debug` whatever the entity, so derives on the
/// parsed-key structs cannot fail.
pub fn is_std_key_type(ty: &Type) -> bool {
    !maybe_enum(ty) && matches!(ty, Type::Path(path) if path.qself.is_none())
}

fn maybe_enum(ty: &Type) -> bool {
    match ty {
        Type::Path(path) => path
            .path
            .segments
            .last()
            .is_none_or(|last| !NOT_ENUMS.contains(&last.ident.to_string().as_str())),
        _ => true,
    }
}

/// One `const _` per field type and terminator that may be an enum's (each reports on its own,
/// so several mistakes are reported together).
pub fn checks(entity: &Entity<'_>) -> TokenStream {
    let mut out = TokenStream::new();
    let mut seen: Vec<(String, char)> = Vec::new();
    let entity_name = entity.ident.to_string();
    let templates = entity
        .pk
        .first()
        .into_iter()
        .chain(entity.sk.first())
        .chain(entity.other_shapes().flat_map(|e| e.templates()))
        .chain(entity.index_templates());
    for template in templates {
        for (i, segment) in template.segments.iter().enumerate() {
            let (Segment::Field(index), Some(terminator)) = (segment, template.terminator(i))
            else {
                continue;
            };
            let field = entity.field(*index);
            let ty = field.key_ty();
            if !maybe_enum(ty) {
                continue;
            }
            let key = (quote::quote!(#ty).to_string(), terminator);
            if seen.contains(&key) {
                continue;
            }
            let (ty_name, field_name, text) = (key.0.clone(), field.name(), template.lit.value());
            seen.push(key);
            out.extend(quote_spanned! {template.lit.span()=>
                const _: () = {
                    #[allow(unused_imports)]
                    use __dk::NoKeyTexts as _;
                    __dk::check_key_texts(
                        __dk::Probe::<#ty>::TEXTS,
                        #terminator,
                        #ty_name,
                        #field_name,
                        #text,
                        #entity_name,
                    )
                };
            });
        }
    }
    out
}
