#!/usr/bin/env python3
"""Fails when the top-level modules of a crate import each other in a circle.

For each crate given (default: dynakey, dynakey-runtime, dynakey-derive), every top-level module
(`src/NAME.rs` with `src/NAME/**`, or `src/NAME/mod.rs`) is a node; an edge A -> B is any path
`crate::B…` written in A's files (in `use` or in code), `super::B` in A's top-level file, or
`crate::Item` where the crate root re-exports `Item` from B. Test-only code (`#[cfg(test)]` files
named tests.rs / *_tests.rs) is left out. Prints each circle (a strongly connected component of
more than one module) and exits 1 if there is one.
"""
import os, re, sys

def strip(text):
    text = re.sub(r'//[^\n]*', '', text)
    text = re.sub(r'/\*.*?\*/', '', text, flags=re.S)
    text = re.sub(r'"(?:\\.|[^"\\])*"', '""', text)
    return text

def modules(src):
    lib = os.path.join(src, 'lib.rs')
    text = strip(open(lib).read())
    mods = re.findall(r'^\s*(?:pub(?:\([^)]*\))?\s+)?mod\s+([a-z_0-9]+)\s*;', text, flags=re.M)
    return mods, text

def files_of(src, mod):
    out = []
    f = os.path.join(src, mod + '.rs')
    if os.path.exists(f):
        out.append(f)
    d = os.path.join(src, mod)
    if os.path.isdir(d):
        for root, _, names in os.walk(d):
            for n in names:
                if n.endswith('.rs'):
                    out.append(os.path.join(root, n))
    return out

def is_test_file(path):
    base = os.path.basename(path)
    return base == 'tests.rs' or base.endswith('_tests.rs')

def reexports(libtext, mods):
    """Item name -> module, from `pub use module::…::{A, B}` at the crate root."""
    out = {}
    for m in re.finditer(r'pub\s+use\s+([a-z_0-9]+)::([^;]*);', libtext):
        mod, rest = m.group(1), m.group(2)
        if mod not in mods:
            continue
        for name in re.findall(r'\b([A-Za-z_][A-Za-z_0-9]*)\b', rest):
            out.setdefault(name, mod)
    return out

def uses(text):
    """Every first segment after `crate::`, including each name of a `crate::{a, b::c}` group."""
    firsts = []
    for m in re.finditer(r'\bcrate\s*::\s*(\{|[A-Za-z_][A-Za-z_0-9]*)', text):
        if m.group(1) == '{':
            depth, i, start = 1, m.end(), m.end()
            while i < len(text) and depth:
                if text[i] == '{': depth += 1
                elif text[i] == '}': depth -= 1
                i += 1
            inner = text[start:i - 1]
            # first names at depth 0 of the group
            depth, token = 0, ''
            parts, cur = [], ''
            for ch in inner:
                if ch == '{': depth += 1
                elif ch == '}': depth -= 1
                if ch == ',' and depth == 0:
                    parts.append(cur); cur = ''
                else:
                    cur += ch
            parts.append(cur)
            for p in parts:
                mm = re.match(r'\s*([A-Za-z_][A-Za-z_0-9]*)', p)
                if mm: firsts.append(mm.group(1))
        else:
            firsts.append(m.group(1))
    return firsts

def graph(crate):
    src = os.path.join(crate, 'src')
    mods, libtext = modules(src)
    items = reexports(libtext, set(mods))
    edges = {m: set() for m in mods}
    for mod in mods:
        for f in files_of(src, mod):
            if is_test_file(f):
                continue
            text = strip(open(f).read())
            text = re.sub(r'#\[cfg\(test\)\]\s*mod\s+\w+\s*\{.*', '', text, flags=re.S)
            names = uses(text)
            if f == os.path.join(src, mod + '.rs') or f == os.path.join(src, mod, 'mod.rs'):
                names += re.findall(r'\bsuper\s*::\s*([A-Za-z_][A-Za-z_0-9]*)', text)
            for n in names:
                target = n if n in edges else items.get(n)
                if target and target != mod:
                    edges[mod].add(target)
    return edges

def sccs(edges):
    index, low, on, stack, out, counter = {}, {}, set(), [], [], [0]
    sys.setrecursionlimit(10000)
    def visit(v):
        index[v] = low[v] = counter[0]; counter[0] += 1
        stack.append(v); on.add(v)
        for w in sorted(edges[v]):
            if w not in index:
                visit(w); low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop(); on.discard(w); comp.append(w)
                if w == v: break
            out.append(sorted(comp))
    for v in sorted(edges):
        if v not in index:
            visit(v)
    return out

def main():
    root = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..')
    crates = sys.argv[1:] or ['dynakey', 'dynakey-runtime', 'dynakey-derive']
    bad = False
    for c in crates:
        edges = graph(os.path.join(root, c))
        circles = [s for s in sccs(edges) if len(s) > 1]
        if circles:
            bad = True
            for s in circles:
                print(f'{c}: {len(s)} of {len(edges)} top-level modules import each other in a circle:')
                for m in s:
                    print(f'    {m} -> {", ".join(sorted(t for t in edges[m] if t in s))}')
        else:
            print(f'{c}: {len(edges)} top-level modules, no import circle')
    sys.exit(1 if bad else 0)

if __name__ == '__main__':
    main()
