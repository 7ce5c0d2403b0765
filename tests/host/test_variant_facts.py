"""The variants are told apart only by their tables (truc.variants, app.varianttexts):
no other firmware module compares a variant id, counts the variants or keeps a per-variant
table of its own. Read from the sources' syntax trees."""
import ast
import glob
import os

from tools.mpbuild import ROOT

FIRMWARE = os.path.join(ROOT, "firmware")
TABLES = ("truc/variants.py", "app/varianttexts.py")
IDS = ("MALLORCA", "VALENCIA", "PALACIOS")


def _sources():
    for path in sorted(glob.glob(os.path.join(FIRMWARE, "**", "*.py"), recursive=True)):
        rel = os.path.relpath(path, FIRMWARE).replace(os.sep, "/")
        if rel not in TABLES:
            with open(path, encoding="utf-8") as f:
                yield rel, ast.parse(f.read(), path)


def _name(node):
    if isinstance(node, ast.Call):
        return _name(node.func)
    if isinstance(node, ast.Name):
        return node.id
    return node.attr if isinstance(node, ast.Attribute) else ""


def _variant_facts(tree):
    # Comparisons with a variant id, "% 3" on a variant, and module-level tables of as
    # many entries as there are variants (with the unchosen 0) named after one.
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Compare):
            names = [_name(n) for n in [node.left] + node.comparators]
            if any(n in IDS for n in names) or any("variant" in n for n in names) and any(
                    isinstance(n, ast.Constant) and isinstance(n.value, int)
                    for n in node.comparators):
                found.append("line %d: a comparison with a variant" % node.lineno)
        elif isinstance(node, ast.BinOp) and isinstance(node.op, ast.Mod) \
                and "variant" in _name(node.left) and isinstance(node.right, ast.Constant):
            found.append("line %d: the variant count written out" % node.lineno)
        elif isinstance(node, ast.Assign) and isinstance(node.value, ast.Tuple) \
                and any(i.lower() in _name(t).lower() for t in node.targets for i in IDS):
            found.append("line %d: a table named after a variant" % node.lineno)
    return found


def test_no_module_but_the_tables_tells_the_variants_apart():
    found = {rel: facts for rel, tree in _sources() for facts in [_variant_facts(tree)]
             if facts}
    assert not found, found


def test_the_scan_finds_what_the_old_code_had():
    old = ("if variant == MALLORCA:\n    pass\n"
           "x = self.variant % 3 + 1\n"
           "_MALLORCA_STRENGTH = (b'', b'')\n"
           "if m.variant() != 1:\n    pass\n")
    assert len(_variant_facts(ast.parse(old))) == 4
