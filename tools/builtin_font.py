"""Writes sim/stand_ins/font_8x8.bin: the glyphs of MicroPython framebuf's built-in 8x8
font (FrameBuffer.text), read back from the MicroPython unix port by drawing each one,
so that the simulator's stand-in draws the same pixels. Host only. From the repo root:

    python -m tools.builtin_font            rewrites the file
    python -m tools.builtin_font --check    exits 1 when the file differs from the port's

The font is MicroPython's (MIT license, Copyright (c) 2013-2024 Damien P. George and
others); the file holds the bitmaps of characters 32..127, 8 bytes each, a byte a column
with bit 0 at the top (framebuf.MONO_VLSB), as text() draws them.
"""
import argparse
import os
import subprocess
import sys

if __package__ in (None, ""):  # run as a script: make `tools` importable
    sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from tools.mpbuild import ROOT, tool  # noqa: E402

OUT = os.path.join(ROOT, "sim", "stand_ins", "font_8x8.bin")
_DRAW = """
import framebuf, sys
b = bytearray(8)
fb = framebuf.FrameBuffer(b, 8, 8, framebuf.MONO_VLSB)
out = bytearray()
for c in range(32, 128):
    fb.fill(0)
    fb.text(chr(c), 0, 0, 1)
    out += b
sys.stdout.write(out.hex())
"""


def glyphs():
    """The 768 bytes of the font, as the unix port draws it."""
    done = subprocess.run([tool("micropython"), "-c", _DRAW], capture_output=True, text=True,
                          check=True)
    return bytes.fromhex(done.stdout)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--check", action="store_true", help="only compare")
    args = parser.parse_args(argv)
    data = glyphs()
    if args.check:
        with open(OUT, "rb") as f:
            if f.read() != data:
                print("out of date (run python -m tools.builtin_font):", os.path.relpath(OUT, ROOT))
                return 1
        return 0
    with open(OUT, "wb") as f:
        f.write(data)
    print("wrote", os.path.relpath(OUT, ROOT))
    return 0


if __name__ == "__main__":
    sys.exit(main())
