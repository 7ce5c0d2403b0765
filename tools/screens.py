"""Pictures of the main screens, in every language and on every board of boards/, for
docs/, and the golden checksums of their canvases that tests/test_goldens.py holds them to.

    python -m tools.screens            writes docs/screens/NAME-BOARD-LANG.png
    python -m tools.screens --goldens  also rewrites tests/goldens.py (after a change to
                                       a screen that was meant: look at the pictures first)
"""
from binascii import crc32
import importlib
import os
import sys

from sim.picture import image
from tools.mpbuild import ROOT
from tools.scenes import BOARDS, SCENES, build
from app.i18n import LANGUAGES
from ui.canvas import Canvas

DOCS = os.path.join(ROOT, "docs", "screens")


def boards():
    """(name, canvas, keys, picture scale) of every board; what tools/scenes.py's BOARDS
    reads from the board files' text must be what they say when imported."""
    out = []
    for name, width, height, mono, keys in BOARDS:
        board = importlib.import_module("boards." + name)
        said = (board.WIDTH, board.HEIGHT, board.MONO, board.KEYS)
        if said != (width, height, mono, keys):
            sys.exit("tools/scenes.py BOARDS says %s is %r, boards/%s.py %r"
                     % (name, (width, height, mono, keys), name, said))
        out.append((name, Canvas(width, height, mono), keys, 3 if mono else 2))
    return out


def pictures():
    """Every picture, its canvas drawn: (NAME-BOARD-LANG, canvas, scale)."""
    every = boards()
    for name, _ in SCENES:
        for board, canvas, keys, scale in every:
            for language in LANGUAGES:
                build(canvas, name, language, keys=keys)
                yield "%s-%s-%s" % (name, board, language), canvas, scale


def main():
    os.makedirs(DOCS, exist_ok=True)
    for old in os.listdir(DOCS):  # pictures of screens or boards no longer shown
        if old.endswith(".png"):
            os.remove(os.path.join(DOCS, old))
    sums = []
    for key, canvas, scale in pictures():
        image(canvas, scale).save(os.path.join(DOCS, key + ".png"))
        sums.append('    "%s": 0x%08x,' % (key, crc32(canvas.buffer)))
    print("wrote %d pictures to %s" % (len(sums), os.path.relpath(DOCS, ROOT)))
    if "--goldens" in sys.argv:
        with open(os.path.join(ROOT, "tests", "goldens.py"), "w", encoding="utf-8") as f:
            f.write("# CRC-32 of the canvas bytes of each main screen: written by\n"
                    "# `python -m tools.screens --goldens`, checked by tests/test_goldens.py.\n"
                    "GOLDENS = {\n%s\n}\n" % "\n".join(sums))
        print("wrote tests/goldens.py")


if __name__ == "__main__":
    main()
