# Test helpers shared by CPython and MicroPython: drive a Match with table-log text.
from truc.match import Match
from truc import tablelog


def play(text, match=None):
    """Applies every line of text (table-log commands); each must be accepted."""
    m = match or Match()
    for line in text.split("\n"):
        reason = tablelog.run(m, line)
        assert reason is None, "%r refused: %s" % (line.strip(), reason)
    return m


def refused(m, line):
    """Asserts that line is refused and changes nothing; returns the reason."""
    before = bytes(m.state)
    entries = m.entries()
    reason = tablelog.run(m, line)
    assert reason, "%r was accepted" % line
    assert bytes(m.state) == before, "%r changed the state" % line
    assert m.entries() == entries
    return reason


def score(m):
    return [m.points(0), m.points(1)]


def cantons(m):
    return [m.cantons(0), m.cantons(1)]
