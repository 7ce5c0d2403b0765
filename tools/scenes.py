# The main screens in a known state (scenes), on every board, for the pictures in docs/
# (tools/screens.py) and the golden checks (tests/test_goldens.py). Runs on CPython and on
# MicroPython.
import os
import sys

from tools.play import play
from app.app import App, Settings
from ui import events as E


def read_boards(folder="boards"):
    """(name, width, height, mono, keys) of every board file in folder (the repository's
    boards/), sorted by name: read from the file's NAME, WIDTH, HEIGHT, MONO and KEYS
    lines, as the MicroPython test runner imports no board file (and runs in the
    repository)."""
    if folder == "boards" and sys.implementation.name != "micropython":
        folder = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))),
                              folder)
    found = []
    for file in sorted(os.listdir(folder)):
        if not file.endswith(".py"):
            continue
        facts = {}
        with open(folder + "/" + file) as f:
            for line in f:
                name, _, value = line.partition(" = ")
                if name in ("NAME", "WIDTH", "HEIGHT", "MONO", "KEYS") and name not in facts:
                    facts[name] = value.split("#")[0].strip()
        size = [int(facts[k].replace("const(", "").rstrip(")")) for k in ("WIDTH", "HEIGHT")]
        found.append((facts["NAME"].strip('"'), size[0], size[1], facts["MONO"] == "True",
                      int(facts["KEYS"])))
    return tuple(found)


# Every board of boards/: its name, canvas and keys.
BOARDS = read_boards()

_MID_MATCH = ("variant valencia\nset canton=12\nbaza A\nbaza A\nenvit B\nvull A\nenvitwin B\n"
              "baza B\nbaza B\ntruc A\nvull B")


def _scoreboard(app):
    pass


def _truc_pending(app):
    play("baza A\ntruc B", app.match)


def _actions(app):
    app.event(E.SELECT)


def _summary(app):
    app.event(E.PREV)
    app.event(E.PREV)


def _menu(app):
    app.open("mainmenu")


def _new_match(app):
    app.open("newmatch")


def _settings(app):
    app.open("settingsmenu")


def _show_entry(app):
    play("baza A\nbaza A\nenvit A\nvull B", app.match)
    app.open("showentry")
    app.event(E.NEXT)
    app.event(E.SELECT)  # the second seat from the mà: its value, from the likeliest
    app.event(E.NEXT)


def _choose(app, value):
    # NEXT until the cursor is on the item of value, then SELECT, as a person would.
    screen = app.top()
    screen.refresh(app)
    for _ in range(len(screen.items)):
        if screen.items[screen.cursor][1] == value:
            break
        app.event(E.NEXT)
    app.event(E.SELECT)


def _assistant(app):
    app.open("assistant")


def _envit_calculator(app):
    from truc import cards

    _assistant(app)
    _choose(app, "envit")
    for name in ("7e", "6e", "1b"):
        card = cards.parse_card(name)
        _choose(app, card & 3)
        _choose(app, card)


def _pick(app, names):
    from truc import cards

    for name in names:
        card = cards.parse_card(name)
        _choose(app, card & 3)
        _choose(app, card)


def _baza_resolver(app):
    _assistant(app)
    _choose(app, "baza")
    _choose(app, 1)  # seat 1 leads
    _pick(app, ("3o", "7e", "3c", "1e"))


def _card_order(app):
    _assistant(app)
    _choose(app, "order")


def _signals(app):
    _assistant(app)
    _choose(app, "signals")


def _cards_to_take_out(app):
    _assistant(app)
    _choose(app, "removed")


def _adjust(app):
    app.open("adjust")


def _seat_names(app):
    app.settings.names[0] = "PEP"
    app.open("names", 4)


def _canton_won(app):
    play("adjust B +8", app.match)  # 11 of 12, and the truc of this round is worth 2
    app.event(E.NEXT)
    app.event(E.NEXT)


def _round_why(app):
    # Round 3's truc raised to joc fora, then three pardas: the mà's team (A) takes it,
    # and the summary says why.
    from truc import rules as R

    play("truc B fora\nvull A\nbaza parda\nbaza parda", app.match)
    app.apply(R.BAZA, R.PARDA)


def _last_round(app):
    # Round 4 closed (an envit won on the values shown, the round): round 5 has no
    # stakes yet, so the scoreboard says what round 4 paid, each line with its round.
    play("baza A\nbaza A\nenvit A\nvull B\nbaza B\nbaza B\nshow 0:31 1:33", app.match)


def _round_history(app):
    app.open("rounds")  # the latest round: round 2, an envit and the bazas


def _past_matches(app):
    from tools.dictfs import Files
    from hw.archive import Archive

    archive = Archive(Files())
    archive.keep(play("variant mallorca\nbaza A\nbaza A\nadjust B +23\nbaza B\nbaza B"))
    archive.keep(app.match)
    app.archive = lambda: archive
    app.open("pastmatches")


def _match_won(app):
    play("adjust A +12\nadjust A +11", app.match)
    app.event(E.PREV)
    app.event(E.PREV)


def _match_over(app):
    _match_won(app)
    app.event(E.PREV)  # the summary goes: the scoreboard says who won


def _may_envit(app):
    app.match.clear()
    play("variant mallorca\nadjust B +5\nfold A", app.match)  # B may still envit


def _keys(app):
    app.open("mainmenu")
    _choose(app, "keys")


def _language(app):
    app.welcome()  # the first boot's question, over whatever is on top


def _welcome(app):
    app.welcome()  # the language (app.language), the current one chosen, then its help in it
    app.event(E.SELECT)


def _going(app):
    play("baza A", app.match)
    app.event(E.GO)


def _tournament(app):
    # Menu -> Tournament on a provisioned board, joined: the director's assignment, one
    # press from its start (hw.tournament's own parsing of the retained payload).
    from tools.dictfs import Files
    from hw import tourfile
    from hw.payloads import assignment
    from hw.tournament import Tournament

    t = Tournament(Files())
    t.config = tourfile.Config(7, "192.168.4.2", 1883, "table7", "k3m9p2x7q4w8r6t5",
                               "Fonda", "")
    t.assigned = assignment(
        b'{"match": "m17", "table": 7, "pairs": ["SEGUI/SEGUI", "BERMUDEZ/DIAZ"],'
        b' "setup": ["variant mallorca", "set canton=12 cantons=3"], "title": "Table 7:'
        b' SEGUI/SEGUI v BERMUDEZ/DIAZ \\u00b7 Mallorca \\u00b7 to 3 cantons"}', 7)
    t.client = t  # the broker took the table: the screen says Connected
    app.tournament = t
    app.make_tournament = lambda: t
    app.open("tournament")


SCENES = (
    ("scoreboard", _scoreboard),
    ("truc-pending", _truc_pending),
    ("actions", _actions),
    ("summary", _summary),
    ("menu", _menu),
    ("new-match", _new_match),
    ("settings", _settings),
    ("show-entry", _show_entry),
    ("match-won", _match_won),
    ("match-over", _match_over),
    ("may-envit", _may_envit),
    ("assistant", _assistant),
    ("envit-calculator", _envit_calculator),
    ("baza-resolver", _baza_resolver),
    ("card-order", _card_order),
    ("signals", _signals),
    ("cards-to-take-out", _cards_to_take_out),
    ("adjust", _adjust),
    ("seat-names", _seat_names),
    ("canton-won", _canton_won),
    ("round-why", _round_why),
    ("last-round", _last_round),
    ("round-history", _round_history),
    ("past-matches", _past_matches),
    ("keys", _keys),
    ("welcome", _welcome),
    ("language", _language),
    ("going", _going),
    ("tournament", _tournament),
)


def build(canvas, name, language, names=None, power=None, before_render=None, keys=2):
    """An app on canvas (with keys buttons) showing the named screen in language,
    rendered; names (the settings' seat and team names), power and a hook called before
    rendering are for tests that draw the screens in other conditions."""
    settings = Settings()
    settings.language = language
    if names:
        settings.names[:] = names
    canvas.forget()
    app = App(canvas, match=play(_MID_MATCH), settings=settings, power=power, keys=keys)
    for scene, setup in SCENES:
        if scene == name:
            setup(app)
    if before_render:
        before_render(app)
    app.render()
    return app
