# The Names screen and its letter wheel (app.names, app.namewheel), on CPython and on
# the MicroPython unix port: ordered anew before each letter, the likeliest under the
# cursor and the next ones either side; every letter and Done are on it once; names and
# team names are typed, kept, deleted letter by letter. The presses on the boards:
# tests/host/test_sim_names.py.
# mp-heap: 160K
from app.app import App, Settings, TEAM_NAMES
from app import namewheel
from ui import events as E
from ui.canvas import Canvas

_CANVAS = Canvas(128, 64, True)


def _names_screen(players=4):
    settings = Settings()
    settings.language = "en"
    _CANVAS.forget()
    app = App(_CANVAS, settings=settings)
    app.open("names", players)
    screen = app.top()
    screen.refresh(app)
    return app, screen


def _type(app, screen, text, done=True):
    # NEXT to each letter (the wheel shown as it is), then SELECT; Done if it is short.
    for ch in text + ("\n" if done and len(text) < screen.most else ""):
        while screen.wheel[screen.letter] != ch:
            app.event(E.NEXT)
        app.event(E.SELECT)
        app.render()


def test_the_wheel_holds_every_letter_and_done_once_whatever_was_typed():
    for typed in ("", "T", "TO", "MAR", "QQQ", "ÀLEX"[:3]):
        for likely in (namewheel.SEATS, namewheel.TEAMS):
            wheel = namewheel.wheel(typed, likely)
            assert sorted(wheel) == sorted(namewheel.LETTERS + "\n"), (typed, wheel)


def _reference(typed, likely):
    # The wheel as its comment says, with sorts: the characters that go on with typed,
    # those of most names first, then of the earlier name; then those that follow its last
    # letter; Done after three letters; every other letter; Done.
    def ranked(after):
        seen, count = [], {}
        n = len(typed)
        for name in likely:
            if after:
                nexts = [name[j + 1] if j + 1 < len(name) else "\n"
                         for j in range(len(name)) if name[j] == typed[-1]]
            else:
                nexts = [name[n] if len(name) > n else "\n"] if name.startswith(typed) else []
            for ch in nexts:
                if ch not in count:
                    seen.append(ch)
                count[ch] = count.get(ch, 0) + 1
        return sorted(seen, key=lambda ch: (-count[ch], seen.index(ch)))

    out = ranked(False)
    if typed:
        out += [ch for ch in ranked(True) if ch not in out]
    if len(typed) >= 3 and "\n" not in out:
        out.append("\n")
    out += [ch for ch in namewheel.LETTERS + "\n" if ch not in out]
    ring = [""] * len(out)
    for k in range(len(out)):
        ring[(k + 1) // 2 if k & 1 else -(k // 2)] = out[k]
    return "".join(ring)


def test_the_wheel_is_the_one_its_comment_describes():
    # Ordered with preallocated tables (a press allocates only the wheel's text): the same
    # wheel as sorting, for the list's every start, every letter and a few crafted starts.
    typed = ["", "ZZZ", "QQ", "PEP", "AAAAAAAAA", "ÀÀ", "__"]
    for likely in (namewheel.SEATS, namewheel.TEAMS):
        for name in likely:
            typed += [name[:k] for k in range(len(name) + 1)]
    typed += list(namewheel.LETTERS)
    for likely in (namewheel.SEATS, namewheel.TEAMS):
        for text in typed:
            assert namewheel.wheel(text, likely) == _reference(text, likely), (text, likely)


def test_the_likeliest_letters_sit_under_the_cursor_and_beside_it():
    # After T the list's names go on with O (TONI, TOLO), then I (TIÀ), then E (TERE).
    wheel = namewheel.wheel("T", namewheel.SEATS)
    assert (wheel[0], wheel[1], wheel[-1]) == ("O", "I", "E")
    # A listed name of three letters: Done is the likeliest next.
    wheel = namewheel.wheel("PEP", namewheel.SEATS)
    assert (wheel[0], wheel[1]) == ("\n", "E")  # then E: PEPE
    # Three letters not in the list may be the whole name too: Done is near.
    assert namewheel.wheel("ZZZ", namewheel.SEATS).index("\n") <= 2
    # An unlisted start: the letters that follow its last one in the list come first.
    assert namewheel.wheel("QQ", namewheel.SEATS)[0] == "U"  # QUIM
    assert namewheel.wheel("N", namewheel.TEAMS)[0] == "O"  # NOSALTRES, NOSOTROS


def test_a_seat_name_and_the_team_names_are_typed_and_kept():
    app, screen = _names_screen()
    app.event(E.SELECT)  # seat 1
    _type(app, screen, "TONI")  # the fourth letter finishes it
    assert app.settings.names[0] == "TONI" and screen.seat < 0 and screen.cursor == 1
    app.event(E.SELECT)  # seat 2
    _type(app, screen, "PEP")
    assert app.settings.names[1] == "PEP"
    screen.cursor = 4  # after the four seats: team A, team B, Done
    screen.refresh(app)
    assert [v for _, v in screen.items][4:] == [TEAM_NAMES, TEAM_NAMES + 1, -1]
    app.event(E.SELECT)
    _type(app, screen, "NOSALTRES")  # nine letters, the most a team's name has
    assert app.settings.names[TEAM_NAMES] == "NOSALTRES" and screen.cursor == 5
    app.event(E.SELECT)
    _type(app, screen, "ELLS")
    assert app.settings.names[TEAM_NAMES:] == ["NOSALTRES", "ELLS"]
    assert app.team_name(0) == "NOSALTRES" and app.team_name(1) == "ELLS"
    assert screen.cursor == 6 and screen.items[6][1] == -1
    app.event(E.SELECT)  # Done
    assert app.top_name() == "newmatch"  # where it was opened from (no match yet)


def test_a_name_already_there_is_kept_by_select_and_back_deletes_a_letter():
    app, screen = _names_screen()
    app.settings.names[2] = "MARC"
    screen.items = []
    screen.refresh(app)
    screen.cursor = 2
    app.event(E.SELECT)
    assert screen.typed == "MARC" and screen.label(screen.letter) == "Done"
    app.event(E.SELECT)
    assert app.settings.names[2] == "MARC"
    app.event(E.SELECT)  # seat 4
    _type(app, screen, "XI", False)
    app.event(E.BACK)  # the I goes; the wheel is turned for what follows X again
    assert screen.typed == "X" and screen.wheel == namewheel.wheel("X", namewheel.SEATS)
    app.event(E.BACK)
    app.event(E.BACK)  # an empty name: finished, the seat without a name
    assert screen.seat < 0 and app.settings.names[3] == ""
