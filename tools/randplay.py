# Random legal play for property tests and benchmarks (CPython and MicroPython).
import random

from truc import rules as R

_MOVES = (R.ENVIT, R.TRUC, R.VULL, R.NOVULL, R.FLOR, R.FOLD, R.ENVITWIN, R.END)


def candidates(m):
    """Every command worth trying now, as (op, a, b); most will be refused."""
    out = []
    for op in _MOVES:
        for team in (R.A, R.B):
            if op == R.ENVIT or op == R.TRUC:
                for step in range(5):
                    out.append((op, team, step))
            else:
                out.append((op, team, 0))
    for result in (R.A, R.B, R.PARDA):
        out.append((R.BAZA, result, 0))
    low, high = m.show_range()
    for seat in range(m.players()):
        value = random.randint(low, high)
        while not m.show_possible(value):  # a value some hand makes
            value = random.randint(low, high)
        out.append((R.SHOW, seat, value))
    for team in (R.A, R.B):
        out.append((R.ADJUST, team, random.randint(-5, 5)))
    return out


def legal(m):
    return [c for c in candidates(m) if m.check(c[0], c[1], c[2]) is None]


def step(m):
    """Applies one random legal command, favouring bazas so that rounds end.
    Returns the command, or None when the match is over."""
    moves = legal(m)
    if not moves:
        return None
    bazas = [c for c in moves if c[0] == R.BAZA]
    others = [c for c in moves if c[0] != R.ADJUST]
    if bazas and random.randint(0, 2):
        c = random.choice(bazas)
    elif others and random.randint(0, 30):  # adjust rarely
        c = random.choice(others)
    else:
        c = random.choice(moves)
    assert m.apply(c[0], c[1], c[2]) is None
    return c
