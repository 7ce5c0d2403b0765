# A Match driven by table-log text: for the tests, the screen scenes (tools.scenes) and
# the benches. Runs on CPython and on MicroPython.
from truc.match import Match
from truc import tablelog


def play(text, match=None):
    """Applies every line of text (table-log commands); each must be accepted."""
    m = match or Match()
    for line in text.split("\n"):
        reason = tablelog.run(m, line)
        assert reason is None, "%r refused: %s" % (line.strip(), reason)
    return m
