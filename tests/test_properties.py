# Properties over random legal matches: every variant and option mix, with undo and redo.
# mp-heap: 72K
import random

from tools.randplay import candidates, step
from play import play
from truc.match import Match
from truc import rules as R
from truc import tablelog

SETUPS = (
    "variant mallorca",
    "variant mallorca\nset players=2 canton=12 cantons=3 peces=4 jocfora=match",
    "variant mallorca\nset players=6 canton=18 flor=on",
    "variant valencia",
    "variant valencia\nset players=2 canton=12 flor=off\ndealer 0",
    "variant valencia\nset players=6 canton=18 cantons=3",
    "variant palacios",
    "variant palacios\nset canton=12 cantons=3 jocfora=match",
    "variant palacios\nset players=4 rounds=team",
)


def _invariants(m):
    target = m.target()
    for team in (R.A, R.B):
        assert 0 <= m.points(team) < target or m.winner() != R.NOBODY
        assert m.cantons(team) <= m.cantons_to_win()
    assert not (m.cantons(R.A) == m.cantons(R.B) == m.cantons_to_win())
    n = m.players()
    assert m.dealer() == (m.first_dealer() + m.round() - 1) % n and m.ma() == (m.dealer() + 1) % n
    assert m.bazas() <= 3 and m.flors(R.A) <= n // 2 and m.flors(R.B) <= n // 2
    assert (m.duel() != 0) == (bool(m.options() & R.OPT_ALTERNATE) and m.round() % 2 == 0)


def _random_match(setup, seed, limit=3000):
    random.seed(seed)
    m = play(setup)
    for _ in range(limit):
        before = bytes(m.state)
        # A refused command changes nothing.
        c = random.choice(candidates(m))
        if m.check(c[0], c[1], c[2]) is not None:
            assert m.apply(c[0], c[1], c[2]) is not None and bytes(m.state) == before
        if step(m) is None:
            break
        _invariants(m)
        after = bytes(m.state)
        # Undo returns to the state before; redo to the state after.
        if random.randint(0, 7) == 0:
            assert m.undo() is None and bytes(m.state) == before
            assert m.redo() is None and bytes(m.state) == after
    return m


def test_random_matches_keep_points_cantons_and_seats_consistent():
    for seed in range(40):
        setup = SETUPS[seed % len(SETUPS)]
        m = _random_match(setup, seed)
        assert m.winner() != R.NOBODY, setup  # 3000 commands finish any match


def test_random_match_replays_from_its_export():
    for i in range(len(SETUPS)):
        m = _random_match(SETUPS[i], 100 + i, limit=300)
        again = Match()
        for line in tablelog.export(m):
            play(line, again)
        assert bytes(again.state) == bytes(m.state), SETUPS[i]


def test_undo_to_the_start_and_redo_to_the_end():
    m = _random_match(SETUPS[6], 7, limit=400)
    end = bytes(m.state)
    n = m.entries()
    while m.entries():
        m.undo()
    assert m.variant() == 0 and m.round() == 1
    for _ in range(n):
        assert m.redo() is None
    assert bytes(m.state) == end


# States where each command meets a different check: the empty match, set-up, a round's
# first baza, an envit waiting for its answer, an accepted one waiting for its result, a
# truc call, a round decided with the envit window open, and a won match.
_CHECK_STATES = (
    "",
    "variant valencia",
    "variant mallorca\nset players=6 flor=on canton=12\ndealer 2",
    "variant valencia\nenvit A",
    "variant mallorca\nenvit A\nvull B",
    "variant palacios\nset players=6\nbaza A\ntruc B",
    "variant valencia\nfold A",
    "variant palacios\nset canton=12\ntruc A fora\nvull B\nbaza A\nbaza A\n"
    "truc A fora\nvull B\nbaza A\nbaza A",
)


def _agree(m, op, a, b):
    said = m.check(op, a, b)
    before = bytes(m.state)
    entries = m.entries()
    done = m.apply(op, a, b)
    assert done == said, (op, a, b, said, done)
    if done is None:
        assert m.entries() == entries + 1
        m.undo()
    assert bytes(m.state) == before, (op, a, b)


def test_check_says_what_apply_does_for_every_op_and_argument():
    # Every op (and one either side of the range), every a in range and one beyond each
    # end with a few b, and every b likewise with a few a.
    for setup in _CHECK_STATES:
        m = play(setup)
        for op in range(R.LAST_OP + 2):
            for a in range(-1, 257):
                for b in (0, 1):
                    _agree(m, op, a, b)
            for b in range(-129, 257):
                for a in (0, 1, 2, 3):
                    _agree(m, op, a, b)
