//! The error collector every stage pushes into, so one derive reports all its mistakes at once
//! (the `serde_derive` pattern).

use std::cell::RefCell;
use std::fmt::Display;

use quote::ToTokens;

/// Collects `syn::Error`s; must be consumed with [`Ctxt::check`].
#[derive(Default)]
pub struct Ctxt {
    errors: RefCell<Option<Vec<syn::Error>>>,
}

impl Ctxt {
    pub fn new() -> Self {
        Ctxt {
            errors: RefCell::new(Some(Vec::new())),
        }
    }

    /// Records an error spanning the tokens of `at`.
    pub fn error_at<A: ToTokens, M: Display>(&self, at: A, message: M) {
        self.push(syn::Error::new_spanned(at.into_token_stream(), message));
    }

    /// Records an error at `span`.
    pub fn error_span<M: Display>(&self, span: proc_macro2::Span, message: M) {
        self.push(syn::Error::new(span, message));
    }

    /// Records a parse error.
    pub fn push(&self, error: syn::Error) {
        if let Some(errors) = self.errors.borrow_mut().as_mut() {
            errors.push(error);
        }
    }

    /// Consumes the collector: `Err` with every error combined into one, if any.
    pub fn check(self) -> syn::Result<()> {
        let errors = self.errors.borrow_mut().take().unwrap_or_default();
        let mut iter = errors.into_iter();
        match iter.next() {
            None => Ok(()),
            Some(mut first) => {
                for error in iter {
                    first.combine(error);
                }
                Err(first)
            }
        }
    }
}

impl Drop for Ctxt {
    fn drop(&mut self) {
        if !std::thread::panicking() && self.errors.borrow().is_some() {
            panic!("dynakey-derive: Ctxt dropped without check()");
        }
    }
}
