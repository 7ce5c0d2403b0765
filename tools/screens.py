"""Pictures of the main screens, in every language and on both screen sizes, for docs/,
and the golden checksums of their canvases that tests/test_goldens.py holds them to.

    python -m tools.screens            writes docs/screens/NAME-SIZE-LANG.png
    python -m tools.screens --goldens  also rewrites tests/goldens.py (after a change to
                                       a screen that was meant: look at the pictures first)
"""
from binascii import crc32
import os
import sys

from sim.picture import image
from tools.mpbuild import ROOT
from tools.scenes import SCENES, build
from ui.canvas import Canvas

SIZES = (("tdisplay", Canvas(240, 135), 2), ("oled", Canvas(128, 64, mono=True), 3))


LANGUAGES = ("ca", "es", "en")
DOCS = os.path.join(ROOT, "docs", "screens")


def pictures():
    """Every picture, its canvas drawn: (NAME-SIZE-LANG, canvas, scale)."""
    for name, _ in SCENES:
        for size, canvas, scale in SIZES:
            for language in LANGUAGES:
                build(canvas, name, language)
                yield "%s-%s-%s" % (name, size, language), canvas, scale


def main():
    os.makedirs(DOCS, exist_ok=True)
    sums = []
    for key, canvas, scale in pictures():
        image(canvas, scale).save(os.path.join(DOCS, key + ".png"))
        sums.append('    "%s": 0x%08x,' % (key, crc32(canvas.buffer)))
    out = DOCS
    print("wrote %d pictures to %s" % (len(sums), os.path.relpath(out, ROOT)))
    if "--goldens" in sys.argv:
        with open(os.path.join(ROOT, "tests", "goldens.py"), "w", encoding="utf-8") as f:
            f.write("# CRC-32 of the canvas bytes of each main screen: written by\n"
                    "# `python -m tools.screens --goldens`, checked by tests/test_goldens.py.\n"
                    "GOLDENS = {\n%s\n}\n" % "\n".join(sums))
        print("wrote tests/goldens.py")


if __name__ == "__main__":
    main()
