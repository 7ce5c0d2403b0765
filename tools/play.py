# A Match driven by table-log text: for the tests, the screen scenes (tools.scenes) and
# the benches. Runs on CPython and on MicroPython.
from truc.match import Match
from truc import tablelog


def play(text, match=None):
    """Applies every line of text (table-log commands, read as every tool reads a log:
    truc.tablelog.play); each must be accepted."""
    m = match or Match()
    reason = tablelog.play(m, text.split("\n"))
    assert reason is None, reason
    return m
