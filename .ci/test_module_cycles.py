#!/usr/bin/env python3
"""Tests of .ci/module_cycles.py on small crates written to a temporary directory."""
import importlib.util
import os
import subprocess
import sys
import tempfile
import textwrap
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
SCRIPT = os.path.join(HERE, 'module_cycles.py')
spec = importlib.util.spec_from_file_location('module_cycles', SCRIPT)
mc = importlib.util.module_from_spec(spec)
spec.loader.exec_module(mc)


class Fixture:
    """A crate `dir/NAME/src/…` made of {relative path: Rust text}."""

    def __init__(self, files, name='krate'):
        self.tmp = tempfile.TemporaryDirectory()
        self.dir = os.path.join(self.tmp.name, name)
        for rel, text in files.items():
            path = os.path.join(self.dir, 'src', rel)
            os.makedirs(os.path.dirname(path), exist_ok=True)
            with open(path, 'w', encoding='utf-8') as f:
                f.write(textwrap.dedent(text).lstrip('\n'))

    def crate(self):
        return mc.Crate(self.dir)

    def module_circles(self):
        c = self.crate()
        return mc.circles(c.module_edges(c.file_edges()))

    def file_circles(self):
        c = self.crate()
        return [[c.rel(f) for f in s] for s in mc.circles(c.file_edges())]

    def close(self):
        self.tmp.cleanup()


def module_circles(files):
    fx = Fixture(files)
    try:
        return fx.module_circles()
    finally:
        fx.close()


def file_circles(files):
    fx = Fixture(files)
    try:
        return fx.file_circles()
    finally:
        fx.close()


# b uses a; whether a uses b decides whether there is a circle.
B_USES_A = 'pub fn g() -> u8 { crate::a::f() }\n'
LIB = 'mod a;\nmod b;\n'


class Literals(unittest.TestCase):
    def circles_with(self, a_text):
        return module_circles({'lib.rs': LIB, 'a.rs': a_text, 'b.rs': B_USES_A})

    def test_code_after_a_continued_string_is_read(self):
        # The `\`-newline continuation once made the check pair the second quote with the next
        # string's first, so the path between them went unseen.
        a = '''
            pub const HELP: &str = "first line \\
                second line";
            pub fn f() -> u8 { crate::b::g() }
            pub const OTHER: &str = "x";
        '''
        self.assertEqual(self.circles_with(a), [['a', 'b']])

    def test_a_continued_string_naming_a_module_is_no_import(self):
        a = '''
            pub const HELP: &str = "see \\
                crate::b::g";
            pub fn f() -> u8 { 1 }
        '''
        self.assertEqual(self.circles_with(a), [])

    def test_raw_strings_with_quotes_and_hashes(self):
        a = '''
            pub const RAW: &str = r#"a "quoted" crate::b::g "#;
            pub const BYTES: &[u8] = br"crate::b\\";
            pub const C: &core::ffi::CStr = c"crate::b::g";
            pub fn f() -> u8 { 1 }
        '''
        self.assertEqual(self.circles_with(a), [])
        a_using = a.replace('{ 1 }', '{ crate::b::g() }')
        self.assertEqual(self.circles_with(a_using), [['a', 'b']])

    def test_char_literals_and_lifetimes(self):
        a = '''
            pub fn quote<'a>(s: &'a str) -> (char, char, u8, &'a str) {
                ('"', '\\'', b'"', s)
            }
            pub fn f() -> u8 { crate::b::g() }
            pub const LAST: &str = "crate::b::g";
        '''
        self.assertEqual(self.circles_with(a), [['a', 'b']])

    def test_comments(self):
        a = '''
            // crate::b::g
            /* outer /* nested crate::b::g */ still a comment crate::b::g */
            /// [`g`](crate::b::g)
            pub fn f() -> u8 { 1 }
        '''
        self.assertEqual(self.circles_with(a), [])


class TestCode(unittest.TestCase):
    def test_inline_cfg_test_module_is_left_out(self):
        a = '''
            pub fn f() -> u8 { 1 }
            #[cfg(test)]
            #[allow(unused)]
            mod tests {
                fn t() { let _ = "}"; crate::b::g(); }
            }
            pub fn after() -> u8 { 2 }
        '''
        self.assertEqual(module_circles({'lib.rs': LIB, 'a.rs': a, 'b.rs': B_USES_A}), [])
        # The code after the test module still counts.
        after = a.replace('{ 2 }', '{ crate::b::g() }')
        self.assertEqual(module_circles({'lib.rs': LIB, 'a.rs': after, 'b.rs': B_USES_A}), [['a', 'b']])

    def test_cfg_test_module_file_is_left_out(self):
        fx = Fixture({
            'lib.rs': LIB,
            'a.rs': 'pub fn f() -> u8 { 1 }\n#[cfg(test)]\nmod tests;\n',
            'a/tests.rs': 'use crate::b::g;\n#[test]\nfn t() { g(); }\n',
            'b.rs': B_USES_A,
        })
        c = fx.crate()
        self.assertNotIn(os.path.join(c.src, 'a', 'tests.rs'), c.file_edges())
        self.assertEqual(fx.module_circles(), [])
        fx.close()


class Resolution(unittest.TestCase):
    def test_use_groups_self_and_aliases(self):
        self.assertEqual(module_circles({
            'lib.rs': LIB,
            'a.rs': 'use crate::{b::{self as other}, a as _};\npub fn f() -> u8 { other::g() }\n',
            'b.rs': B_USES_A,
        }), [['a', 'b']])

    def test_a_root_reexport_leads_to_the_defining_module(self):
        self.assertEqual(module_circles({
            'lib.rs': 'mod a;\nmod b;\npub use b::{Thing, g};\n',
            'a.rs': 'pub fn f(_: crate::Thing) -> u8 { 1 }\n',
            'b.rs': 'pub struct Thing;\n' + B_USES_A,
        }), [['a', 'b']])

    def test_sibling_files_in_a_circle(self):
        self.assertEqual(file_circles({
            'lib.rs': 'mod x;\n',
            'x.rs': 'mod one;\nmod two;\npub use one::One;\npub struct Shared;\n',
            'x/one.rs': 'use super::two::Two;\npub struct One(pub Two);\n',
            'x/two.rs': 'pub struct Two;\nfn make() -> super::One { super::One(Two) }\n',
        }), [['x/one.rs', 'x/two.rs']])

    def test_a_parent_using_its_children_is_no_circle(self):
        self.assertEqual(file_circles({
            'lib.rs': 'mod x;\n',
            'x/mod.rs': 'mod one;\npub use one::One;\npub struct Shared;\npub fn go() { one::run() }\n',
            'x/one.rs': 'use super::Shared;\npub struct One(pub Shared);\npub fn run() {}\n',
        }), [])

    def test_self_paths_and_inline_modules(self):
        self.assertEqual(module_circles({
            'lib.rs': 'mod x;\nmod y;\n',
            'x.rs': 'mod inner {\n    pub use crate::y::Y;\n}\npub struct X(self::inner::Y);\n',
            'y.rs': 'pub struct Y;\npub fn f(_: crate::x::X) {}\n',
        }), [['x', 'y']])


class Style(unittest.TestCase):
    def lines(self, files):
        fx = Fixture(files)
        try:
            return mc.check(fx.dir)
        finally:
            fx.close()

    def test_two_styles_in_one_crate_fail(self):
        lines, bad = self.lines({
            'lib.rs': 'mod x;\nmod y;\nmod z;\n',
            'x.rs': 'mod a;\n', 'x/a.rs': '',
            'y.rs': 'mod a;\n', 'y/a.rs': '',
            'z/mod.rs': 'mod a;\n', 'z/a.rs': '',
        })
        self.assertEqual(bad, 1, lines)
        self.assertIn('2 modules with submodules are written as NAME.rs, 1 as mod.rs: z/mod.rs',
                      '\n'.join(lines))

    def test_one_style_passes(self):
        lines, bad = self.lines({
            'lib.rs': 'mod x;\nmod y;\n',
            'x/mod.rs': 'mod a;\n#[cfg(test)]\nmod tests;\n', 'x/a.rs': '', 'x/tests.rs': '',
            'y/mod.rs': 'mod b;\n', 'y/b/mod.rs': 'mod c;\n', 'y/b/c.rs': '',
        })
        self.assertEqual(bad, 0, lines)


ARCHITECTURE = '''
# Architecture

Layers of the core, lowest first:

1. `low`
2. `mid`, `other`
3. `high`

More text.
'''


class Layers(unittest.TestCase):
    def run_script(self, files):
        fx = Fixture(files, name='core')
        arch = os.path.join(fx.tmp.name, 'ARCHITECTURE.md')
        with open(arch, 'w') as f:
            f.write(ARCHITECTURE)
        out = subprocess.run([sys.executable, SCRIPT, '--crate', fx.dir, '--architecture', arch,
                              '--layered', 'core'], capture_output=True, text=True)
        fx.close()
        return out.returncode, out.stdout

    def files(self, low_text='pub struct L;\n'):
        return {
            'lib.rs': 'mod low;\nmod mid;\nmod other;\nmod high;\n',
            'low.rs': low_text,
            'mid.rs': 'pub struct M(pub crate::low::L);\n',
            'other.rs': 'pub struct O;\n',
            'high.rs': 'pub struct H(crate::mid::M, crate::other::O);\n',
        }

    def test_layers_are_read_from_the_architecture_page(self):
        fx = Fixture({'lib.rs': ''})
        arch = os.path.join(fx.tmp.name, 'ARCHITECTURE.md')
        with open(arch, 'w') as f:
            f.write(ARCHITECTURE)
        self.assertEqual(mc.layers_of(arch), [['low'], ['mid', 'other'], ['high']])
        fx.close()

    def test_imports_downwards_pass(self):
        code, out = self.run_script(self.files())
        self.assertEqual(code, 0, out)
        self.assertIn('3 layers kept', out)

    def test_an_upward_import_fails(self):
        code, out = self.run_script(self.files('pub struct L;\npub fn f(_: crate::other::O) {}\n'))
        self.assertEqual(code, 1, out)
        self.assertIn('low (layer 1) imports other (layer 2)', out)

    def test_a_module_in_no_layer_fails(self):
        files = self.files()
        files['lib.rs'] += 'mod extra;\n'
        files['extra.rs'] = 'pub struct E;\n'
        code, out = self.run_script(files)
        self.assertEqual(code, 1, out)
        self.assertIn('extra is in no layer', out)

    def test_a_circle_fails_the_run(self):
        fx = Fixture({'lib.rs': LIB, 'a.rs': 'pub fn f() -> u8 { crate::b::g() }\n', 'b.rs': B_USES_A})
        out = subprocess.run([sys.executable, SCRIPT, '--crate', fx.dir], capture_output=True, text=True)
        fx.close()
        self.assertEqual(out.returncode, 1, out.stdout)
        self.assertIn('2 of 2 top-level modules import each other in a circle', out.stdout)


if __name__ == '__main__':
    unittest.main()
