# The table experience (issue 8): what the scoreboard offers and shows is true.
# mp-heap: 192K
import random

from tools.randplay import step
from play import play
from truc import rules as R
from screenapp import make_app
from app import commands

_SETUPS = ("variant mallorca", "variant valencia\nset players=2", "variant valencia",
           "variant palacios", "variant mallorca\nset players=6 flor=on")
def _app(setup, language="en"):
    return make_app(setup, True, language)


def test_every_hinted_key_is_accepted_in_random_matches():
    random.seed(8)
    for setup in _SETUPS:
        for _ in range(3):
            m = play(setup)
            for _ in range(400):
                for team in (R.A, R.B):
                    op = commands.offered(m, commands.quick(m, team), team)
                    if op:  # a hint is drawn: pressing it must be accepted
                        assert m.check(op, team) is None, (setup, op, team, m.check(op, team))
                if step(m) is None:
                    break
            if m.winner() != R.NOBODY:  # the match is over: nothing is hinted
                for team in (R.A, R.B):
                    assert not commands.offered(m, commands.quick(m, team), team)


def test_no_hint_for_the_calling_teams_own_call():
    for setup, caller in (("variant valencia\nenvit B", R.B), ("variant valencia\ntruc A", R.A)):
        m = play(setup)
        assert not commands.offered(m, commands.quick(m, caller), caller)
        assert commands.offered(m, commands.quick(m, 1 - caller), 1 - caller) == R.VULL


def test_the_scoreboard_draws_no_hint_for_a_refused_press():
    app = _app("variant valencia\nenvit B")
    drawn = []
    original = app.canvas.text
    app.canvas.text = lambda font, s, x, y, colour, room=0: (drawn.append(s)
                                                     or original(font, s, x, y, colour, room))
    try:
        app.render()
    finally:
        del app.canvas.text
    assert ">" not in drawn and "<" in drawn


def _drawn(app):
    drawn = []
    original = app.canvas.text
    app.canvas.text = lambda font, s, x, y, colour, room=0: (drawn.append(s)
                                                     or original(font, s, x, y, colour, room))
    try:
        app.render()
    finally:
        del app.canvas.text
    return drawn


def test_a_notice_leaves_after_three_seconds_and_never_hides_the_pending_call():
    from ui import events as E

    app = _app("variant valencia\ntruc A")
    app.tick(1000)
    app.event(E.PREV)  # A cannot answer its own truc: refused, with the reason
    assert app.message
    drawn = _drawn(app)
    # The notice may wrap onto a second line: its words are all drawn, in order.
    assert "A: truc?" in drawn and app.message.split() == " ".join(
        d for d in drawn if d in app.message).split()
    assert not app.tick(1100) and app.message
    assert not app.tick(3900) and app.message
    assert app.tick(4200) and app.message == ""
    assert app.message not in _drawn(app) or not app.message
    app.event(E.UNDO)  # "Undone: A: truc" on the stakes line, then gone
    app.tick(5000)
    assert app.message == "Undone: A: truc" and "Undone: A: truc" in _drawn(app)
    app.tick(8100)
    assert "Undone: A: truc" not in _drawn(app) and "No bets" in _drawn(app)


def test_a_seat_name_does_not_rename_its_team_and_seats_count_from_one():
    app = _app("variant valencia")
    app.settings.names[0] = "PEP"
    assert app.team_name(R.A) == "A" and app.seat_name(0) == "PEP"
    assert app.seat_name(1) == "seat 2"
    app.settings.names[6] = "NOSALTRES"
    assert app.team_name(R.A) == "NOSALTRES"
