"""The text compiler: turns the translations translators edit, firmware/app/lang_XX.py
(TEXT = {English: translation}), into firmware/app/lang_XX.bin, which app.i18n reads a
text at a time from flash. Host only. From the repo root:

    python -m tools.textc            (or: make texts)   rewrites every lang_XX.bin
    python -m tools.textc --check    exits 1 when a .bin is not what its source makes

File format (FORMAT 1), all numbers little endian:
  header, 8 bytes: b"TX", FORMAT, 0, COUNT (2), LONGEST (2: bytes of the longest key
      and translation together, the size of the firmware's read buffer)
  index: COUNT entries of 8 bytes, by hash: HASH (3), 0, OFFSET (2, from the file's
      start), KEY LENGTH (1), TRANSLATION LENGTH (1)
  then each entry's key and translation, UTF-8,
  then the check of every data file (tools.mpbuild.seal): the file's length (4), the
      crc32 of all before (4), which the firmware verifies when it opens the file.
HASH is text_hash() of the English key, over its code points, as app.i18n computes it.
"""
import argparse
import ast
import glob
import os
import sys

if __package__ in (None, ""):  # run as a script: make `tools` importable
    sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from tools.mpbuild import ROOT, seal  # noqa: E402

APP = os.path.join(ROOT, "firmware", "app")
MAGIC = b"TX"
FORMAT = 1
HEADER = 8
ENTRY = 8


def text_hash(text):
    """24 bits, so that h * 33 stays a small int on a 32-bit MicroPython."""
    h = 5381
    for ch in text:
        h = (h * 33 ^ ord(ch)) & 0xFFFFFF
    return h


def sources():
    """The translation sources, firmware/app/lang_XX.py, sorted."""
    return sorted(glob.glob(os.path.join(APP, "lang_*.py")))


def read_source(path):
    """The TEXT dict of a lang_XX.py, read without running it."""
    with open(path, encoding="utf-8") as f:
        tree = ast.parse(f.read(), path)
    for node in tree.body:
        if isinstance(node, ast.Assign) and [getattr(t, "id", "") for t in node.targets] \
                == ["TEXT"]:
            return ast.literal_eval(node.value)
    raise ValueError("%s has no TEXT = {...}" % path)


def compile_texts(table):
    """The bytes of a .bin file for {English: translation}."""
    entries = sorted((text_hash(k), k.encode("utf-8"), v.encode("utf-8"))
                     for k, v in table.items())
    for (h, k, _), (h2, k2, _) in zip(entries, entries[1:]):
        if h == h2:
            raise ValueError("%r and %r have the same hash: change text_hash" % (k, k2))
    offset = HEADER + ENTRY * len(entries)
    index, strings = bytearray(), bytearray()
    for h, k, v in entries:
        if len(k) > 255 or len(v) > 255:
            raise ValueError("%r: texts are at most 255 bytes" % k)
        index += bytes((h & 0xFF, h >> 8 & 0xFF, h >> 16, 0,
                        offset & 0xFF, offset >> 8, len(k), len(v)))
        strings += k + v
        offset += len(k) + len(v)
    if offset > 0xFFFF:
        raise ValueError("the texts passed 64 KB: offsets are 2 bytes")
    longest = max((len(k) + len(v) for _, k, v in entries), default=0)
    head = MAGIC + bytes((FORMAT, 0, len(entries) & 0xFF, len(entries) >> 8,
                          longest & 0xFF, longest >> 8))
    return seal(head + bytes(index) + bytes(strings))


def target(source):
    return source[:-3] + ".bin"


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--check", action="store_true",
                        help="only check that every .bin is up to date")
    args = parser.parse_args(argv)
    stale = []
    for source in sources():
        data = compile_texts(read_source(source))
        out = target(source)
        if args.check:
            with open(out, "rb") if os.path.exists(out) else open(os.devnull, "rb") as f:
                if f.read() != data:
                    stale.append(os.path.relpath(out, ROOT))
            continue
        with open(out, "wb") as f:
            f.write(data)
        print("wrote", os.path.relpath(out, ROOT))
    if stale:
        print("out of date (run make texts): " + ", ".join(stale))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
