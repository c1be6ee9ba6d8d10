#!/usr/bin/env python3
"""Fails when a crate's modules or files import each other in a circle, or the core breaks its layers.

For each crate given (default: dynakey, dynakey-runtime, dynakey-derive):

- files: every `.rs` file reached from `src/lib.rs` through `mod` declarations is a node; an edge
  A -> B is a module path written in A's code (`use` trees and paths in code: `crate::a::b`,
  `super::x`, `self::x`, a child module, a name A imports) that resolves to an item or module of
  file B. A name is followed through the `use` declarations (re-exports included) of the module
  it is read from, so `crate::Item` re-exported by lib.rs leads to the file that defines `Item`.
- modules: the top-level modules (`src/NAME.rs` with `src/NAME/**`, or `src/NAME/mod.rs`) are the
  nodes; an edge is a file edge between two of them.
- style: a crate writes every module that has submodules one way, `NAME.rs` beside `NAME/` or
  `NAME/mod.rs`, not both.
- layers (dynakey only): ARCHITECTURE.md lists the core's top-level modules in numbered layers,
  lowest first; a module may import only modules of a lower layer, and every module is listed.

Code is read as Rust: comments, string literals (escapes, `\\`-newline continuations, raw strings
`r#"…"#`, byte and C strings) and char literals (`'"'`, not a lifetime `'a`) never count. Test-only
code is left out: an item under `#[cfg(test)]` (an inline `mod tests { … }`), a file declared by
`#[cfg(test)] mod name;` (with its own modules), or a file starting with `#![cfg(test)]`.

A module's file assembles its submodules (declares them, re-exports them, calls into them): an
edge from a file to a file of its own submodules is not counted. Every other edge is, a child's
`super::Item` (an item of its parent) included, and so is a name the parent re-exports from a
sibling, which leads to that sibling.

Prints each circle (a strongly connected component of more than one node) and each upward import,
and exits 1 if there is one. `--crate DIR` (repeatable) and `--architecture FILE` select other
inputs (the script's own test uses them).
"""
import argparse
import os
import re
import sys

IDENT = r'[A-Za-z_][A-Za-z_0-9]*'
IDENT_RE = re.compile(IDENT)
# A raw string: r"…", r#"…"#, br"…", cr"…" (no escapes; ends at `"` and as many `#` as it opened with).
RAW_STRING = re.compile(r'[bc]?r(#*)"')
# A byte or C string, or a byte char: b"…", c"…", b'…'.
PREFIXED = re.compile(r'[bc](?=["\'])')


def newlines(text):
    return '\n' * text.count('\n')


def string_end(text, i):
    """The index after the closing quote of a string whose contents start at i."""
    n = len(text)
    while i < n:
        c = text[i]
        if c == '\\':
            i += 2  # an escape: `\"`, `\\`, or `\` + newline (a continuation)
        elif c == '"':
            return i + 1
        else:
            i += 1
    return n


def char_end(text, i):
    """At a `'`: the index after a char literal that starts there, or None for a lifetime/label."""
    n = len(text)
    if i + 1 < n and text[i + 1] == '\\':
        j = text.find("'", i + 3)  # after the escaped char: `'\''`, `'\\'`, `'\u{…}'`
        return n if j < 0 else j + 1
    if i + 2 < n and text[i + 2] == "'":
        return i + 3  # 'x', '"', '{'
    return None


def strip(text):
    """The code of a Rust file: comments removed, every string "" and every char ' ' (newlines kept)."""
    out = []
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if text.startswith('//', i):
            j = text.find('\n', i)
            i = n if j < 0 else j
        elif text.startswith('/*', i):
            depth, j = 1, i + 2
            while j < n and depth:
                if text.startswith('/*', j):
                    depth, j = depth + 1, j + 2
                elif text.startswith('*/', j):
                    depth, j = depth - 1, j + 2
                else:
                    j += 1
            out.append(' ' + newlines(text[i:j]))
            i = j
        elif c == '"':
            j = string_end(text, i + 1)
            out.append('""' + newlines(text[i:j]))
            i = j
        elif c == "'":
            j = char_end(text, i)
            if j is None:
                out.append(c)
                i += 1
            else:
                out.append("' '")
                i = j
        elif c.isalpha() or c == '_':
            raw = RAW_STRING.match(text, i)
            prefixed = PREFIXED.match(text, i)
            if raw:
                close = '"' + raw.group(1)
                j = text.find(close, raw.end())
                j = n if j < 0 else j + len(close)
                out.append('""' + newlines(text[i:j]))
                i = j
            elif prefixed:
                i = prefixed.end()  # the literal itself is read on the next turn
            else:
                m = IDENT_RE.match(text, i)
                if m:
                    out.append(m.group())
                    i = m.end()
                else:  # a letter outside ASCII
                    out.append(c)
                    i += 1
        else:
            out.append(c)
            i += 1
    return ''.join(out)


CFG_TEST = re.compile(r'#\s*\[\s*cfg\s*\(\s*(?:test|all\s*\([^()]*\btest\b[^()]*\))\s*\)\s*\]')
INNER_CFG_TEST = re.compile(r'#\s*!\s*\[\s*cfg\s*\(\s*test\s*\)\s*\]')
VIS = r'(?:pub\s*(?:\([^)]*\))?\s*)?'
MOD_FILE = re.compile(VIS + r'mod\s+(' + IDENT + r')\s*;')
MOD_DECL = re.compile(r'\b' + MOD_FILE.pattern)
MOD_INLINE = re.compile(r'\b' + VIS + r'mod\s+(' + IDENT + r')\s*\{')
ATTRIBUTE = re.compile(r'\s*#\s*\[')


def closing(code, i):
    """At an opening `{` or `[`: the index after its matching close."""
    open_, close = code[i], '}' if code[i] == '{' else ']'
    depth = 0
    for j in range(i, len(code)):
        if code[j] == open_:
            depth += 1
        elif code[j] == close:
            depth -= 1
            if depth == 0:
                return j + 1
    return len(code)


def item_end(code, i):
    """The end of the item starting at i: its `;`, or its `{ … }` block (and a `;` after it)."""
    depth = 0
    for j in range(i, len(code)):
        c = code[j]
        if c in '([':
            depth += 1
        elif c in ')]':
            depth -= 1
        elif depth == 0 and c == ';':
            return j + 1
        elif depth == 0 and c == '{':
            end = closing(code, j)
            m = re.compile(r'\s*;').match(code, end)
            return m.end() if m else end
        elif depth == 0 and c == '}':
            return j  # the enclosing block ends: the item was the last thing in it
    return len(code)


def drop_test_items(code):
    """(code without its `#[cfg(test)]` items, the names of `#[cfg(test)] mod name;` files)."""
    test_mods = []
    pos = 0
    while True:
        m = CFG_TEST.search(code, pos)
        if not m:
            return code, test_mods
        j = m.end()
        while True:  # the item's other attributes
            a = ATTRIBUTE.match(code, j)
            if not a:
                break
            j = closing(code, a.end() - 1)
        j += len(code[j:]) - len(code[j:].lstrip())
        mod = MOD_FILE.match(code, j)
        if mod:
            test_mods.append(mod.group(1))
            end = mod.end()
        else:
            end = item_end(code, j)
        code = code[:m.start()] + ' ' + newlines(code[m.start():end]) + code[end:]
        pos = m.start()


class Module:
    """A module: a file's top or an inline `mod name { … }` in it."""

    def __init__(self, name, parent, file, is_root):
        self.name, self.parent, self.file = name, parent, file
        self.is_root = is_root  # lib.rs, mod.rs, or the file whose directory holds its children
        self.children = {}  # name -> Module
        self.items = set()  # names defined here
        self.imports = {}  # name -> path (a list of segments) it was imported from
        self.globs = []  # paths of `use path::*`
        self.paths = []  # paths written in code here
        self.code = ''

    def path(self):
        out, m = [], self
        while m.parent is not None:
            out.append(m.name)
            m = m.parent
        return '::'.join(reversed(out)) or 'crate'


def use_trees(code):
    """Each `use` declaration's (start, end, [(path, alias)]) with alias '*' for a glob."""
    out = []
    for m in re.finditer(r'\b' + VIS + r'use\s+', code):
        end = code.find(';', m.end())
        if end < 0:
            break
        out.append((m.start(), end + 1, expand_tree(code[m.end():end])))
    return out


def expand_tree(tree):
    """`crate::{a::{b, c as d}, e::*}` -> [(['crate','a','b'], 'b'), (['crate','a','c'], 'd'), …]."""
    tree = re.sub(r'\s+', ' ', tree).strip()
    out = []

    def walk(prefix, text):
        text = text.strip()
        if not text:
            return
        if text.startswith('::'):
            text = text[2:].strip()
            if not prefix:
                prefix = ['']  # `::name`: an external crate
        brace = text.find('{')
        if brace >= 0 and text.endswith('}'):
            head = [s.strip() for s in text[:brace].split('::') if s.strip()]
            inner, depth, cur, parts = text[brace + 1:-1], 0, '', []
            for ch in inner:
                if ch == '{':
                    depth += 1
                elif ch == '}':
                    depth -= 1
                if ch == ',' and depth == 0:
                    parts.append(cur)
                    cur = ''
                else:
                    cur += ch
            parts.append(cur)
            for p in parts:
                walk(prefix + head, p)
            return
        alias = None
        m = re.match(r'(.*?)\s+as\s+(' + IDENT + r')$', text)
        if m:
            text, alias = m.group(1), m.group(2)
        segs = [s.strip() for s in text.split('::') if s.strip()]
        if segs == ['self']:
            path = prefix
        else:
            path = prefix + segs
        if not path:
            return
        if path[-1] == '*':
            out.append((path[:-1], '*'))
        else:
            out.append((path, alias or path[-1]))

    walk([], tree)
    return out


ITEM = re.compile(r'\b(?:fn|struct|enum|trait|type|const|static|union|macro_rules\s*!)\s+(' + IDENT + r')')
PATH = re.compile(r'(::\s*)?\b(' + IDENT + r')((?:\s*::\s*' + IDENT + r')+)')
KEYWORDS = {'crate', 'self', 'super'}


class Crate:
    def __init__(self, directory):
        self.dir = os.path.abspath(directory)
        self.src = os.path.join(self.dir, 'src')
        self.files = {}  # path -> top Module of the file
        self.modules = []
        self.test_files = set()
        self.root = self.load(os.path.join(self.src, 'lib.rs'), 'crate', None, True)

    def rel(self, path):
        return os.path.relpath(path, self.src)

    def load(self, path, name, parent, is_root):
        with open(path, encoding='utf-8') as f:
            code = strip(f.read())
        top = Module(name, parent, path, is_root)
        self.files[path] = top
        if INNER_CFG_TEST.search(code):
            self.test_files.add(path)
            code = ''
        code, test_mods = drop_test_items(code)
        for t in test_mods:
            found = self.child_file(top, t)
            if found:
                self.test_files.add(found[0])
        self.read_module(top, code)
        return top

    def child_file(self, module, name):
        """(path, is_root) of the file of `mod name;` declared in module (a file's top module)."""
        base = os.path.dirname(module.file)
        if not module.is_root:
            base = os.path.join(base, os.path.splitext(os.path.basename(module.file))[0])
        for path, is_root in ((os.path.join(base, name + '.rs'), False),
                              (os.path.join(base, name, 'mod.rs'), True)):
            if os.path.exists(path):
                return path, is_root
        return None

    def read_module(self, module, code):
        self.modules.append(module)
        # Inline modules first: their code is theirs, not this module's.
        own, pos = [], 0
        for m in MOD_INLINE.finditer(code):
            if m.start() < pos:
                continue
            end = closing(code, m.end() - 1)
            own.append(code[pos:m.start()] + newlines(code[m.start():end]))
            child = Module(m.group(1), module, module.file, False)
            child.inline = True
            module.children[m.group(1)] = child
            self.read_module(child, code[m.end():end - 1])
            pos = end
        own.append(code[pos:])
        code = ''.join(own)
        for m in MOD_DECL.finditer(code):
            found = self.child_file(module, m.group(1))
            if not found:
                continue  # a module of a feature's file not present, or a `#[path]` we do not read
            path, is_root = found
            module.children[m.group(1)] = self.load(path, m.group(1), module, is_root)
        module.items.update(ITEM.findall(code))
        rest, pos = [], 0
        for start, end, tree in use_trees(code):
            rest.append(code[pos:start])
            pos = end
            for path, alias in tree:
                if alias == '*':
                    module.globs.append(path)
                elif alias != '_':
                    module.imports[alias] = path
                module.paths.append(path)
        rest.append(code[pos:])
        code = ''.join(rest)
        for m in PATH.finditer(code):
            if m.group(1):
                continue  # `::name::…`: an external crate
            segs = [m.group(2)] + [s.strip() for s in m.group(3).split('::') if s.strip()]
            module.paths.append(segs)
        module.code = code

    # Resolution: a path written in `module` -> the file of what it names (None: outside the crate).
    def resolve(self, module, segs, depth=0):
        if depth > 32 or not segs or segs[0] == '':
            return None
        first = segs[0]
        if first == 'crate':
            return self.walk(self.root, segs[1:], depth)
        if first == 'super' or first == 'self':
            cur = module
            while segs and segs[0] == 'super':
                if cur.parent is None:
                    return None
                cur = cur.parent
                segs = segs[1:]
            if segs and segs[0] == 'self':
                segs = segs[1:]
            return self.walk(cur, segs, depth)
        # A relative path: a child module, or a name defined or imported here.
        if first in module.children or first in module.items or first in module.imports:
            return self.walk(module, segs, depth)
        return None

    def walk(self, cur, segs, depth):
        if not segs:
            return cur.file
        name = segs[0]
        if name in cur.children:
            return self.walk(cur.children[name], segs[1:], depth)
        if name in cur.items:
            return cur.file
        if name in cur.imports:
            target = cur.imports[name]
            if target[-1:] == [name] and len(target) == 1:
                return None  # `use name;`: an external crate
            return self.resolve(cur, target + segs[1:], depth + 1)
        for glob in cur.globs:
            found = self.resolve(cur, glob + segs, depth + 1)
            if found:
                return found
        return cur.file  # a name we do not see defined (a macro's, a derive's): the module's file

    def ancestors(self, path):
        """The files of the modules that (directly or not) declare the file at path."""
        out, m = set(), self.files[path].parent
        while m is not None:
            out.add(m.file)
            m = m.parent
        return out

    def file_edges(self):
        edges = {f: set() for f in self.files if f not in self.test_files}
        live = set(edges)
        for module in self.modules:
            if module.file not in live:
                continue
            for segs in module.paths:
                target = self.resolve(module, segs)
                if (target and target != module.file and target in live
                        and module.file not in self.ancestors(target)):
                    edges[module.file].add(target)
        return edges

    def top_module(self, path):
        rel = self.rel(path)
        if rel == 'lib.rs':
            return None
        first = rel.split(os.sep)[0]
        return first[:-3] if first.endswith('.rs') else first

    def module_edges(self, file_edges):
        edges = {}
        for f in file_edges:
            m = self.top_module(f)
            if m:
                edges.setdefault(m, set())
        for f, targets in file_edges.items():
            a = self.top_module(f)
            for t in targets:
                b = self.top_module(t)
                if a and b and a != b:
                    edges[a].add(b)
        return edges


def sccs(edges):
    """Tarjan's strongly connected components, iteratively."""
    index, low, on, stack, out = {}, {}, set(), [], []
    counter = 0
    for root in sorted(edges):
        if root in index:
            continue
        work = [(root, iter(sorted(edges[root])))]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on.add(root)
        while work:
            v, it = work[-1]
            advanced = False
            for w in it:
                if w not in index:
                    index[w] = low[w] = counter
                    counter += 1
                    stack.append(w)
                    on.add(w)
                    work.append((w, iter(sorted(edges[w]))))
                    advanced = True
                    break
                elif w in on:
                    low[v] = min(low[v], index[w])
            if advanced:
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[v])
            if low[v] == index[v]:
                comp = []
                while True:
                    w = stack.pop()
                    on.discard(w)
                    comp.append(w)
                    if w == v:
                        break
                out.append(sorted(comp))
    return out


def circles(edges):
    return [c for c in sccs(edges) if len(c) > 1]


def layers_of(architecture):
    """The core's layers from ARCHITECTURE.md: the numbered list after the line naming them."""
    with open(architecture, encoding='utf-8') as f:
        lines = f.read().splitlines()
    layers, reading = [], False
    for line in lines:
        if 'Layers of the core' in line:
            reading = True
            continue
        if reading:
            m = re.match(r'\s*\d+\.\s+(.*)', line)
            if m:
                layers.append(re.findall(r'`([a-z_0-9]+)`', m.group(1)))
            elif layers and line.strip() == '':
                break
    return layers


def layer_problems(edges, layers):
    level = {}
    for i, names in enumerate(layers):
        for n in names:
            level[n] = i
    out = []
    for m in sorted(edges):
        if m not in level:
            out.append(f'{m} is in no layer')
    for m in sorted(set(level) - set(edges)):
        out.append(f'{m} is listed in a layer but is no top-level module')
    for a in sorted(edges):
        for b in sorted(edges[a]):
            if a in level and b in level and level[b] >= level[a]:
                out.append(f'{a} (layer {level[a] + 1}) imports {b} (layer {level[b] + 1})')
    return out


def style_problem(crate):
    """When a crate writes a module with submodules both ways (`NAME/mod.rs` and `NAME.rs` beside
    `NAME/`): the files of the less used way, to rename."""
    styles = {'mod.rs': [], 'NAME.rs': []}
    for path, top in crate.files.items():
        base = os.path.basename(path)
        if path in crate.test_files or base == 'lib.rs':
            continue
        if any(child.file != path for child in top.children.values()):
            styles['mod.rs' if base == 'mod.rs' else 'NAME.rs'].append(crate.rel(path))
    if not styles['mod.rs'] or not styles['NAME.rs']:
        return None
    # On a tie, the mod.rs ones: NAME.rs beside NAME/ is the style since Rust 2018.
    fewer = min(styles, key=lambda k: (len(styles[k]), k != 'mod.rs'))
    other = 'NAME.rs' if fewer == 'mod.rs' else 'mod.rs'
    return (f'{len(styles[other])} modules with submodules are written as {other}, '
            f'{len(styles[fewer])} as {fewer}: {", ".join(sorted(styles[fewer]))}')


def check(crate_dir, layers=None):
    """(report lines, problems found) for one crate."""
    crate = Crate(crate_dir)
    name = os.path.basename(crate.dir)
    fe = crate.file_edges()
    me = crate.module_edges(fe)
    lines, bad = [], 0
    mc = circles(me)
    for c in mc:
        lines.append(f'{name}: {len(c)} of {len(me)} top-level modules import each other in a circle:')
        for m in c:
            lines.append(f'    {m} -> {", ".join(sorted(t for t in me[m] if t in c))}')
    fc = circles(fe)
    for c in fc:
        lines.append(f'{name}: {len(c)} of {len(fe)} files import each other in a circle:')
        for f in c:
            lines.append(f'    {crate.rel(f)} -> {", ".join(sorted(crate.rel(t) for t in fe[f] if t in c))}')
    bad += len(mc) + len(fc)
    style = style_problem(crate)
    if style:
        lines.append(f'{name}: one module-file style per crate: {style}')
        bad += 1
    if layers is not None:
        problems = layer_problems(me, layers)
        for p in problems:
            lines.append(f'{name}: against the layers of ARCHITECTURE.md: {p}')
        bad += len(problems)
    if not bad:
        lines.append(f'{name}: {len(me)} top-level modules, {len(fe)} files, no import circle'
                     + ('' if layers is None else f', {len(layers)} layers kept'))
    return lines, bad


def main():
    root = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..')
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--crate', action='append', help='a crate directory (default: the three crates)')
    ap.add_argument('--architecture', default=os.path.join(root, 'ARCHITECTURE.md'),
                    help="the file listing the core's layers")
    ap.add_argument('--layered', default='dynakey', help='the crate (directory name) the layers are of')
    args = ap.parse_args()
    crates = args.crate or [os.path.join(root, c) for c in ('dynakey', 'dynakey-runtime', 'dynakey-derive')]
    bad = 0
    for c in crates:
        layers = None
        if os.path.basename(os.path.abspath(c)) == args.layered:
            layers = layers_of(args.architecture)
            if not layers:
                print(f'{args.architecture}: no "Layers of the core" list found')
                bad += 1
        lines, n = check(c, layers)
        print('\n'.join(lines))
        bad += n
    sys.exit(1 if bad else 0)


if __name__ == '__main__':
    main()
