"""A match's state from its commands, by the engine (firmware/truc) as tools.replay reads
a table log: the one judge of what a command means."""
import tools  # noqa: F401  (puts the firmware on the import path)
from tools.replay import describe
from truc import rules as R
from truc import tablelog
from truc.match import Match


class Live:
    """One match replayed command by command, with the points each team scored over
    its cantons (a closed canton counts its target for its winner and the loser's points
    before the command that closed it)."""

    def __init__(self):
        self.match = Match()
        self.closed = []  # per canton closed: (winner team, loser's points)
        self.count = 0

    def apply(self, line):
        """Applies one table-log line; returns None or the engine's reason (nothing
        changes then)."""
        m = self.match
        before = (m.cantons(0), m.cantons(1))
        points = (m.points(0), m.points(1))
        reason = tablelog.run(m, line)
        if reason:
            return reason
        self.count += 1
        after = (m.cantons(0), m.cantons(1))
        if sum(after) > sum(before):
            team = 0 if after[0] > before[0] else 1
            self.closed.append((team, points[1 - team]))
        elif sum(after) < sum(before) and self.closed:  # an undo reopened a canton
            self.closed.pop()
        return None

    def state(self):
        return describe(self.match)

    def winner(self):
        """0 or 1, the index of the winning pair, or None."""
        w = self.match.winner()
        return w if w == R.A or w == R.B else None

    def totals(self):
        """[A, B] points scored over the whole match."""
        m = self.match
        out = [m.points(0), m.points(1)]
        for team, loser_points in self.closed:
            out[team] += m.target()
            out[1 - team] += loser_points
        return out


def replay(lines):
    """A Live of lines (strings), and the reason of the first refused one or None."""
    live = Live()
    for number, line in enumerate(lines, 1):
        reason = live.apply(line)
        if reason:
            return live, "line %d: %s" % (number, reason)
    return live, None


def random_log(setup, seed):
    """A whole match's table log after setup (lines), played by tools.randplay's random
    legal commands from seed: what a simulated table enters."""
    import random

    from tools import randplay
    random.seed(seed)
    live, reason = replay(setup)
    if reason:
        raise ValueError(reason)
    lines = list(setup)
    m = live.match
    if not any(line.startswith("dealer") for line in setup):  # said, as a table says it
        lines.append("dealer %d" % m.first_dealer())
        live.apply(lines[-1])
    while live.winner() is None:
        command = randplay.step(m)
        if command is None:
            break
        lines.append(tablelog.format_command(m.variant(), *command))
    return lines
