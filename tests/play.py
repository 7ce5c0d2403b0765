# Test helpers shared by CPython and MicroPython: drive a Match with table-log text
# (tools.play) and check what it refuses.
from truc import tablelog
from tools.play import play  # noqa: F401  (the tests import it from here)


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
