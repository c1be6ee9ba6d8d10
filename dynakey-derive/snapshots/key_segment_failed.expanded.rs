// The expansion of `key_segment_failed` in dynakey-derive/src/expansion_tests.rs; regenerate with
// `UPDATE_SNAPSHOTS=1 cargo test -p dynakey-derive expansion`.
::core::compile_error! {
    "the variants of `Priority` are not in key byte order: \"HIGH\" (`High`) sorts before \"LOW\" (`Low`, declared above it), but key order must be declaration order (the derived `Ord`); declare the variants in key order — High (\"HIGH\"), Low (\"LOW\") — or change the texts"
}
impl ::dynakey::KeySegment for Priority {
    fn encode_segment(
        &self,
        _: &mut ::dynakey::__private::String,
    ) -> ::core::result::Result<(), ::dynakey::SegmentError> {
        ::core::unreachable!("the KeySegment derive failed to compile")
    }
    fn decode_segment(_: &str) -> ::core::result::Result<Self, ::dynakey::SegmentError> {
        ::core::unreachable!("the KeySegment derive failed to compile")
    }
}
