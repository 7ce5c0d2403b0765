# The round history screen (app.rounds), the past matches screen (app.pastmatches) and
# undo naming what it undid, on both screen sizes.
# mp-heap: 208K  (it loads both screen sizes and every language; the device needs one of each)
from play import play
from ui import events as E
from hw.archive import Archive
from test_history import _VALENCIA
from tools.dictfs import Files as _Files
from screenapp import make_app
from app.i18n import LANGUAGES

def _app(setup=_VALENCIA, large=True, language="en"):
    return make_app(setup, large, language)


def _drawn(app):
    """(text, x, y) of every text the render draws."""
    drawn = []
    c = app.canvas
    original = c.text
    c.text = lambda font, s, x, y, colour, room=0: (
        drawn.append((s, x, y)) or original(font, s, x, y, colour, room))
    try:
        app.render()
    finally:
        del c.text
    return drawn


def _texts(app):
    return [s for s, _, _ in _drawn(app)]


def _inside(app):
    # Every text drawn lies on the screen and no two overlap.
    boxes = []
    for s, x, y in _drawn(app):
        w = app.canvas.text_width(app.font, s)
        assert x >= 0 and y >= 0 and x + w <= app.canvas.width, s
        assert y + app.font.HEIGHT <= app.canvas.height, s
        for t2, x2, y2, w2 in boxes:
            assert x + w <= x2 or x2 + w2 <= x or y + app.font.HEIGHT <= y2 \
                or y2 + app.font.HEIGHT <= y, (s, t2)
        boxes.append((s, x, y, w))


def test_opened_from_the_main_menu_on_the_latest_round():
    app = _app()
    app.open("mainmenu").refresh(app)
    values = [v for _, v in app.top().items]
    app.top().cursor = values.index("rounds")
    app.event(E.SELECT)
    assert app.top_name() == "rounds"
    drawn = _texts(app)
    assert "Round 6" in drawn and "7-12" in drawn
    assert "Points B +8" in drawn and "B wins the canton · cantons 0-1" in drawn


def test_every_round_with_what_it_paid_and_why():
    app = _app()
    app.open("rounds")
    pages = []
    for _ in range(6):
        app.event(E.NEXT)  # round at the end: the first round comes after the last
        pages.append(_texts(app))
    assert pages[0] == ["Round 1", "1-0", "Round: A +1"]
    assert pages[1] == ["Round 2", "1-3", "Envit: B +2", "Round: B +1"]
    assert pages[2] == ["Round 3", "5-3", "Points A +2", "Round: A +2 · B: vull"]
    assert pages[3] == ["Round 4", "6-4", "Envit: A +1 · B: no vull", "Round: B +1 · A: no vull"]
    assert pages[4] == ["Round 5", "7-4", "Round: A +1 · B goes"]
    app.event(E.PREV)
    assert _texts(app) == pages[4]


def test_a_refused_envit_before_an_envit_on_the_flors_has_its_line():
    app = _app("variant valencia\nenvit A\nnovull B\nflor A\nflor B\nenvit B\nvull A\n"
               "show 1:38\nbaza A\nbaza A")
    app.open("rounds")
    assert _texts(app) == ["Round 1", "5-5", "Flor: A +3", "Flor: B +3", "Envit: A +1",
                           "Envit of the flors: B +2", "seat 2: 38", "Round: A +1"]


def test_each_round_says_why_it_paid_in_the_tables_words():
    # Issue 34 (polish): joc fora (the variant's word for it), three pardas, an envit on
    # the flors, in every language; the rows fit the small glass too.
    log = ("variant mallorca\nadjust B +5\ntruc A fora\nvull B\nbaza A\nbaza A\n"
           "baza parda\nbaza parda\nbaza parda\n"
           "truc B 9\nvull A\nbaza parda\nbaza parda\nbaza parda")
    app = _app(log)
    app.open("rounds")
    pages = []
    for _ in range(3):
        app.event(E.NEXT)
        pages.append(_texts(app)[2:])
    assert pages == [["Points B +5", "Round: A +24 · joc fora, B: vull",
                      "A wins the canton · cantons 1-0"],
                     ["Round: B +1", "three pardas, the mà wins"],
                     ["Round: A +9", "A: vull, three pardas, the mà", "wins"]]
    app = _app(log, language="es")
    app.open("rounds")
    app.event(E.NEXT)
    assert _texts(app)[3:5] == ["Ronda: A +24", "juego fuera, B: quiero"]
    app = _app("variant valencia\nflor A\nflor B\nenvit A\nvull B\nshow 1:38\nbaza A\nbaza A")
    app.open("rounds")
    assert "Envit of the flors: B +2" in _texts(app)
    for large in (True, False):
        for language in LANGUAGES:
            app = _app(log, large, language)
            app.open("rounds")
            for _ in range(3):
                app.event(E.NEXT)
                _inside(app)


def test_flors_shows_and_duels_on_both_sizes_in_every_language():
    log = ("variant palacios\nbaza A\nbaza A\nflor A\nbaza B\nbaza B\n"
           "envit A\nvull B\nshow 5:31 2:31\nbaza A\nbaza A\n"
           "truc B\nvull A\ntruc A\nnovull B")
    for large in (True, False):
        for language in LANGUAGES:
            app = _app(log, large, language)
            app.settings.names[2] = "TONI"
            app.settings.names[7] = "Vosaltres"
            app.open("rounds")
            for _ in range(4):
                _inside(app)
                app.event(E.NEXT)
    app = _app(log)
    app.open("rounds")
    app.event(E.PREV)
    drawn = _texts(app)
    assert "Round 2 · punta 2/3" in drawn and "Envit: A +2 · seat 3: 31" in drawn
    app.event(E.PREV)
    assert "Flor: A +3" in _texts(app)


def test_long_pages_scroll_and_the_small_screen_splits_why():
    log = ("variant palacios\nflor A\nflor B\nenvit A\nvull B\nshow 0:33\n"
           "truc A\nvull B\nbaza A\nbaza A")
    app = _app(log, large=False)
    app.settings.names[6] = "Nosaltres"
    app.open("rounds")
    drawn = _texts(app)
    assert drawn[:3] == ["Round 1", "7-3", "Flor: Nosaltres +3"]
    assert "v" in drawn and "^" not in drawn  # more below
    for _ in range(5):
        app.event(E.NEXT2)
    drawn = _texts(app)
    assert "^" in drawn and "v" not in drawn
    assert drawn[-3:-1] == ["Round: Nosaltres +2", "B: vull"]
    _inside(app)


def test_no_rounds_yet_and_back_to_the_menu():
    app = _app("variant valencia")
    app.open("mainmenu")
    app.open("rounds")
    assert "No rounds yet" in _texts(app)
    app.event(E.SELECT)
    assert app.top_name() == "mainmenu"


def test_undo_and_redo_name_the_command():
    app = _app("variant valencia\nbaza A\ntruc B")
    app.event(E.UNDO)
    assert app.message == "Undone: B: truc"
    app.redo()
    assert app.message == "Redone: B: truc" and app.match.truc_call()[0] == 1
    app = _app("variant valencia\nadjust A +3", language="ca")
    app.event(E.UNDO)
    assert app.message == "Desfet: Punts A +3"
    app = _app("variant valencia\nbaza A\nbaza A\nenvit B\nvull A\nshow 1:31\nbaza A")
    app.undo()
    app.undo()
    assert app.message == "Undone: seat 2: 31"


def test_past_matches_listed_newest_first_and_opened_as_their_history():
    fs = _Files()
    archive = Archive(fs)
    assert archive.keep(play(_VALENCIA))
    assert archive.keep(play("variant mallorca\nbaza A\nbaza A\nbaza B\nbaza B\nbaza B"))
    app = _app("variant valencia")
    app.archive = lambda: archive
    app.open("mainmenu")
    app.open("pastmatches")
    drawn = _texts(app)
    assert drawn[1:3] == ["Mallorca · A 0-0 B · 2 rounds", "València · A 0-1 B · 5 rounds"]
    _inside(app)
    app.event(E.NEXT)
    app.event(E.SELECT)
    assert app.top_name() == "rounds"
    drawn = _texts(app)
    assert "Round 6" in drawn and "B wins the canton · cantons 0-1" in drawn
    assert app.match.round() == 1  # the match in play is untouched
    app.event(E.BACK)
    assert app.top_name() == "pastmatches"
    small = _app("variant valencia", large=False)
    small.archive = lambda: archive
    small.open("pastmatches")
    assert _texts(small)[1] == "Mallorca 0-0 · 2 rounds"
    _inside(small)


def test_past_matches_name_the_teams_as_they_were_kept():
    fs = _Files()
    archive = Archive(fs)
    assert archive.keep(play(_VALENCIA), ("NÓS", "ELLS"))
    app = _app("variant valencia")
    app.settings.names[6:8] = ["ARA", "ALTRES"]  # the names set now are not those
    app.archive = lambda: archive
    app.open("pastmatches")
    assert _texts(app)[1] == "València · NÓS 0-1 ELLS"  # the names rather than the rounds
    app.event(E.SELECT)
    assert app.top_name() == "rounds"
    drawn = _texts(app)
    assert "Points ELLS +8" in drawn and "ELLS wins the canton" in drawn
    assert not any("ALTRES" in d for d in drawn)
    app.pop()
    app.pop()
    app.open("rounds")  # the match in play: the names set now
    assert not any("NÓS" in d or "ELLS" in d for d in _texts(app))


def test_a_past_matchs_shown_envit_names_the_seat_by_number_not_todays_names():
    fs = _Files()
    archive = Archive(fs)
    assert archive.keep(play("variant valencia\nenvit A\nvull B\nbaza A\nbaza A\n"
                             "show 2:33"))
    app = _app("variant valencia")
    app.settings.names[2] = "XISC"  # who sits in the 3rd seat today
    app.archive = lambda: archive
    app.open("pastmatches")
    app.event(E.SELECT)
    drawn = _texts(app)
    assert "Envit: A +2 · seat 3: 33" in drawn and not any("XISC" in d for d in drawn)
    app.pop()
    app.pop()
    play("envit A\nvull B\nbaza A\nbaza A\nshow 2:33", app.match)
    app.open("rounds")  # the match in play: today's names are its names
    assert "Envit: A +2 · XISC: 33" in _texts(app)


def test_no_past_matches():
    app = _app("variant valencia")
    app.open("pastmatches")
    assert "No past matches" in _texts(app)
    app.event(E.SELECT)
    assert app.top_name() == "pastmatches"
    app.archive = lambda: Archive(_Files())
    app.pop()
    app.open("pastmatches")
    assert "No past matches" in _texts(app)


def test_a_past_match_whose_team_name_is_not_utf8_is_listed_with_the_teams_letter():
    # Issue 33 item 10: a readable match is never set aside for its names (it vanished
    # from Past matches and from pull --all).
    fs = _Files()
    archive = Archive(fs)
    assert archive.keep(play(_VALENCIA), ("NOS", "ELLS"))
    assert archive.keep(play("variant mallorca\nbaza A\nbaza A"), ("NOS", "ELLS"))
    data = bytearray(fs.files["truc.a01"][:-4])
    data[18] = 0xFF  # "\xffOS": a crafted name
    from binascii import crc32
    fs.files["truc.a01"] = bytes(data) + (crc32(data) & 0xFFFFFFFF).to_bytes(4, "little")
    app = _app("variant valencia")
    app.archive = lambda: Archive(fs)
    app.open("pastmatches")
    assert _texts(app)[1:] == ["Mallorca · A 0-0 ELLS · 1 round", "València · NOS 0-1 ELLS"]
    assert "truc.a01.bad1" not in fs.files and "truc.a01" in fs.files


def test_the_flors_are_listed_in_the_order_they_were_paid_as_the_summary_does():
    # Both teams' flors: the mà's team first, on the round history as on the summary (issue
    # 34: the history listed them in team order).
    from app.summary import Summary

    firsts = []
    for dealer in (0, 1):
        app = _app("variant valencia\ndealer %d\nflor A\nflor B\nbaza B\nbaza B" % dealer)
        summary = [s for s, _ in Summary(1 << 2).lines(app) if s.startswith("Flor")]
        app.open("rounds")
        history = [s for s in _texts(app) if s.startswith("Flor")]
        assert len(summary) == 2 and history == summary, (dealer, history, summary)
        firsts.append(summary[0])
    assert firsts == ["Flor: B +3", "Flor: A +3"]  # round 1's mà: the seat after the dealer


def test_a_past_match_of_one_round_says_one_round():
    # Issue 34: "1 rondes".
    fs = _Files()
    archive = Archive(fs)
    assert archive.keep(play("variant mallorca\nbaza A\nbaza A"))
    app = _app("variant valencia", language="ca")
    app.archive = lambda: archive
    app.open("mainmenu")
    app.open("pastmatches")
    assert _texts(app)[1] == "Mallorca · A 0-0 B · 1 ronda"


def test_past_matches_lets_its_rows_go_while_a_past_match_shows_and_reads_them_again():
    # A full archive's twenty rows took the room a long past match's replay needed (issue
    # 33): they go while its history shows, and come back, at its row, when it leaves.
    fs = _Files()
    archive = Archive(fs)
    for setup in (_VALENCIA, "variant mallorca\nbaza A\nbaza A", "variant valencia\nbaza B"):
        assert archive.keep(play(setup))
    app = _app("variant valencia")
    app.archive = lambda: archive
    app.open("mainmenu")
    past = app.open("pastmatches")
    rows = _texts(app)[1:4]
    app.event(E.NEXT)
    app.event(E.SELECT)
    assert app.top_name() == "rounds" and past.items == []
    assert "B wins the canton · cantons 0-1" not in _texts(app)  # the Mallorca match's
    app.event(E.BACK)
    assert app.top() is past and _texts(app)[1:4] == rows and past.cursor == 1
    app.event(E.NEXT)
    app.event(E.SELECT)
    assert "B wins the canton · cantons 0-1" in _texts(app)  # the València one


def test_a_past_match_won_by_adjusting_the_points_says_so_not_0_rounds():
    # Issue 34's trial: a match won by Adjust points alone was listed as "0 rondas".
    fs = _Files()
    archive = Archive(fs)
    assert archive.keep(play("variant valencia\nset canton=12\nadjust A 12\nadjust A 12"))
    assert archive.keep(play("variant mallorca\nbaza A"))  # no round closed, no score
    said = {"en": "adjusted", "ca": "corregida", "es": "corregida"}  # (the match)
    for language in LANGUAGES:
        for large in (True, False):
            app = _app("variant valencia", large, language)
            app.archive = lambda: archive
            app.open("pastmatches")
            _texts(app)  # drawn: its rows are read when it shows
            labels = [label for label, _ in app.top().items]
            assert labels[1].endswith(" · " + said[language]), (language, large, labels)
            assert " · 0 " in labels[0], (language, large, labels)  # "0 rounds": true
