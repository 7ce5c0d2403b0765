"""Pictures of the main screens, in every language and on every board of boards/, for
docs/, and the golden checksums of their canvases that tests/test_goldens.py holds them to.

    python -m tools.screens            writes docs/screens/NAME-BOARD-LANG.png
    python -m tools.screens --goldens  also rewrites tests/goldens.py (after a change to
                                       a screen that was meant: look at the pictures first)
"""
from binascii import crc32
import os
import sys

import tools  # noqa: F401  (puts the firmware on the import path)
from tools.mpbuild import ROOT

sys.path.insert(0, os.path.join(ROOT, "tests"))
sys.path.insert(0, ROOT)
import importlib  # noqa: E402

from screens import BOARDS, SCREENS, build  # noqa: E402
from app.i18n import LANGUAGES  # noqa: E402
from sim.picture import image  # noqa: E402
from ui.canvas import Canvas  # noqa: E402


def boards():
    """(name, canvas, keys, picture scale) of every board; tests/screens.py's BOARDS must
    say what the board files say."""
    out = []
    for name, width, height, mono, keys in BOARDS:
        board = importlib.import_module("boards." + name)
        said = (board.WIDTH, board.HEIGHT, board.MONO, board.KEYS)
        if said != (width, height, mono, keys):
            sys.exit("tests/screens.py BOARDS says %s is %r, boards/%s.py %r"
                     % (name, (width, height, mono, keys), name, said))
        out.append((name, Canvas(width, height, mono), keys, 3 if mono else 2))
    return out


def main():
    out = os.path.join(ROOT, "docs", "screens")
    os.makedirs(out, exist_ok=True)
    for old in os.listdir(out):  # pictures of screens or boards no longer shown
        if old.endswith(".png"):
            os.remove(os.path.join(out, old))
    sums = []
    every = boards()
    for name, _ in SCREENS:
        for size, canvas, keys, scale in every:
            for language in LANGUAGES:
                build(canvas, name, language, keys=keys)
                path = os.path.join(out, "%s-%s-%s.png" % (name, size, language))
                image(canvas, scale).save(path)
                crc = crc32(canvas.buffer)
                sums.append('    "%s-%s-%s": 0x%08x,' % (name, size, language, crc))
    print("wrote %d pictures to %s" % (len(sums), os.path.relpath(out, ROOT)))
    if "--goldens" in sys.argv:
        with open(os.path.join(ROOT, "tests", "goldens.py"), "w", encoding="utf-8") as f:
            f.write("# CRC-32 of the canvas bytes of each main screen: written by\n"
                    "# `python -m tools.screens --goldens`, checked by tests/test_goldens.py.\n"
                    "GOLDENS = {\n%s\n}\n" % "\n".join(sums))
        print("wrote tests/goldens.py")


if __name__ == "__main__":
    main()
