//! Derived key encoding and decoding, without an engine.
