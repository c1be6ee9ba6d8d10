// The expansion of `key_segment` in dynakey-derive/src/expansion_tests.rs; regenerate with
// `UPDATE_SNAPSHOTS=1 cargo test -p dynakey-derive expansion`.
#[automatically_derived]
impl ::dynakey::KeySegment for Status {
    fn encode_segment(
        &self,
        out: &mut ::dynakey::__private::String,
    ) -> ::core::result::Result<(), ::dynakey::SegmentError> {
        out.push_str(
            match self {
                Status::Active => "ACTIVE",
                Status::Archived => "ARCHIVED",
            },
        );
        ::core::result::Result::Ok(())
    }
    fn decode_segment(
        text: &str,
    ) -> ::core::result::Result<Self, ::dynakey::SegmentError> {
        match text {
            "ACTIVE" => ::core::result::Result::Ok(Status::Active),
            "ARCHIVED" => ::core::result::Result::Ok(Status::Archived),
            _ => {
                ::core::result::Result::Err(
                    ::dynakey::__private::unknown_variant(
                        "Status (one of: ACTIVE, ARCHIVED)",
                        text,
                    ),
                )
            }
        }
    }
}
#[automatically_derived]
impl ::dynakey::__private::KeyTexts for Status {
    const TEXTS: &'static [&'static str] = &["ACTIVE", "ARCHIVED"];
}
