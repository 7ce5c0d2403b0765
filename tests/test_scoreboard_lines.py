# The scoreboard's lines on every glass (issue 34): the title and the key hints always
# show, however many lines the stakes take (the README promises "what each key does
# now"); lines beyond the glass's room come a page at a time; this round's stakes and
# what the last round paid are never on the scoreboard together, and the last round's
# lines each start with its round; a finished punta match draws no duellists and names
# no duel.
# mp-heap: 512K  (every board, all three languages in one process)
from ui import events as E
from test_layout import _SIZES, _draw, _new, _notice_over_call, problems, STATES, LONG_NAMES

# Stakes that wrap: a raised truc, a refused envit's point, two bazas (issue 34, item 4);
# a pending call with a notice under it; flors and a raised truc.
_MANY = (
    _new("variant mallorca\nenvit A tots\nnovull B\ntruc B\ntruc A\ntruc B\nvull A\nbaza B\n"
         "baza A"),
    _notice_over_call,
    _new("variant valencia\nset flor=on\nflor A\nflor B\nflor A\ntruc A\nvull B\ntruc B\n"
         "vull A\nbaza A\nbaza parda"),
) + tuple(setup for name, setup in STATES if name == "scoreboard")
_TITLES = {"ca": ("Ronda", "punta"), "es": ("Ronda", "punta"), "en": ("Round", "punta")}


def _texts(recorder):
    return [(box[4], box[1]) for box in recorder.texts]


def _pages(i, language, setup):
    # Every page of the stakes, as the ticks turn them: (recorder, app) a page.
    app, recorder = _draw(i, "scoreboard", language, LONG_NAMES, None, setup)
    if app.top_name() != "scoreboard":  # a state of the Actions menu
        return []
    screen = app.top()
    out = [(recorder, app)]
    for page in range(1, getattr(screen, "_pages", 1)):
        def turn(app, page=page):
            setup(app)
            app.top()._page = page
        app, recorder = _draw(i, "scoreboard", language, LONG_NAMES, None, turn)
        out.append((recorder, app))
    return out


def test_the_title_and_the_key_hints_always_show_and_every_line_on_some_page():
    wrong = []
    for language in ("ca", "es", "en"):
        for i in range(len(_SIZES)):
            size, width, height = _SIZES[i][:3]
            for k, setup in enumerate(_MANY):
                seen = []
                pages = _pages(i, language, setup)
                for recorder, _ in pages:
                    texts = _texts(recorder)
                    where = "%s-%s-%d" % (size, language, k)
                    wrong.extend(where + ": " + p for p in problems(recorder, width, height))
                    if not [s for s, y in texts if y == 0 and s.startswith(_TITLES[language])]:
                        wrong.append(where + ": no title")
                    bottom = _LAYOUT_BOTTOM[width, height]
                    if ("<", bottom) not in texts and (">", bottom) not in texts:
                        wrong.append(where + ": no key hint")
                    seen.extend(s for s, _ in texts)
                if not pages:
                    continue
                app = pages[0][1]
                screen = app.top()
                for line in screen._lines(app, app.canvas, app.match, width - 4):
                    if line not in seen:
                        wrong.append("%s-%s-%d: %r never shown" % (size, language, k, line))
    assert not wrong, "\n".join(wrong)


_LAYOUT_BOTTOM = {(240, 135): 118, (320, 240): 220, (128, 64): 52}  # the hints' row, by glass


def test_the_pages_turn_by_themselves_and_a_press_starts_them_again():
    oled = [s[1:3] for s in _SIZES].index((128, 64))
    app, _ = _draw(oled, "scoreboard", "es", None, None, _MANY[0])
    screen = app.top()
    assert app.large is False and screen._pages == 2
    now = app.now
    assert not app.tick(now + 1000)
    assert app.tick(now + 2600) and screen._page == 1
    app.event(E.BACK)  # changes nothing, but the stakes show from their start again
    assert screen._page == 0


def test_this_round_and_the_last_are_never_on_one_line():
    from app.scoreboard import Scoreboard
    from screenapp import make_app

    # The last round paid a falta (B +24, the canton); this one a refused envit (A +1).
    app = make_app("variant valencia\nenvit B falta\nvull A\nbaza A\nbaza A\nenvitwin B\n"
                   "envit A\nnovull B")
    assert Scoreboard()._stakes(app, app.match, ("A", "B")) == ["Envit: A +1"]
    app = make_app("variant valencia\nenvit B\nnovull A\nbaza A\nbaza A\nflor A")
    assert Scoreboard()._stakes(app, app.match, ("A", "B")) == ["Flor A"]
    app = make_app("variant valencia\nenvit B\nnovull A\nbaza A\nbaza A")
    assert Scoreboard()._stakes(app, app.match, ("A", "B")) == [
        "Round 1: Envit: B +1", "Round 1: A +1"]


# Issue 34, item 3: this round's stakes and what the last round paid read alike ("Envit:
# B +1", B has 1 coming, and "Envit: B +1", paid in round 1), on the OLED a page each
# ("Round: A +1" alone under "Round 2"). Played from the new-user trial's logs.
_PAID = "variant valencia\nenvit A\nenvit B 4\nvull A\nbaza A\nbaza A\nshow 0:31 1:33\n"
_REFUSED = "variant valencia\nenvit B\nnovull A\nbaza A\nbaza A\n"
_THIS_ROUND = (_PAID + "envit B\nnovull A", _REFUSED + "envit B\nnovull A")
_LAST_ROUND = (
    (_PAID, "Round 1"), (_REFUSED, "Round 1"),
    # Texts that wrap: the flors and the envit on the flors; a joc fora in three pardas.
    ("variant valencia\nflor A\nflor B\nenvit A\nvull B\nshow 1:38\nbaza A\nbaza A",
     "Round 1"),
    ("variant valencia\ntruc B fora\nvull A\nbaza parda\nbaza parda\nbaza parda", "Round 1"),
    ("variant palacios\nbaza A\nbaza A\nbaza A\nbaza A", "punta 1/3"),  # a duel's
)
_LABELS = {"ca": {"Round 1": "Ronda 1: "}, "es": {"Round 1": "Ronda 1: "}}


def _stake_lines(i, language, log):
    """The stakes' lines drawn on each page (a list a page), and all of them."""
    pages = _pages(i, language, _new(log))
    app = pages[0][1]
    lines = app.top()._lines(app, app.canvas, app.match, app.canvas.width - 4)
    return [[s for s, _ in _texts(recorder) if s in lines] for recorder, _ in pages], lines


def test_the_last_rounds_lines_start_with_its_round_on_every_page():
    wrong = []
    for language in ("ca", "es", "en"):
        for i in range(len(_SIZES)):
            where = "%s-%s" % (_SIZES[i][0], language)
            now = set()
            for log in _THIS_ROUND:
                pages, lines = _stake_lines(i, language, log)
                now.update(lines)
                if [s for s in lines if s.startswith(("Round", "Ronda", "punta"))]:
                    wrong.append("%s: this round's labelled as the last: %r" % (where, lines))
            for log, label in _LAST_ROUND:
                label = _LABELS.get(language, {}).get(label, label + ": ")
                pages, lines = _stake_lines(i, language, log)
                if now & set(lines):
                    wrong.append("%s: reads as this round's: %r" % (where, now & set(lines)))
                if [s for page in pages for s in page] != lines:
                    wrong.append("%s: not every line on a page: %r" % (where, pages))
                for page in pages:  # every line: a page may show one alone (the OLED)
                    if not page or [s for s in page if not s.startswith(label)]:
                        wrong.append("%s: a line without its round: %r" % (where, page))
    assert not wrong, "\n".join(wrong)


def _won_in_a_duel(app):
    # Palacios: round 2 is de punta; corrections win both cantons in its first duel.
    _new("variant palacios\nbaza A\nbaza A\nadjust A 24\nadjust A 24")(app)
    assert app.match.winner() == 0 and app.match.duel() == 1


def test_a_match_won_in_a_punta_duel_draws_no_duellists_and_names_no_duel():
    from test_app import _seat_pixels

    for i in range(len(_SIZES)):
        app, recorder = _draw(i, "scoreboard", "en", None, None, _won_in_a_duel)
        assert not [s for s, _ in _texts(recorder) if "punta" in s], _SIZES[i][0]
        from app.pagewords import words as page_words

        words = page_words(app)
        assert words[0] == "Match over", words
        if not app.large:
            for seat in range(6):  # every seat drawn whole: no seat sits a duel out
                assert sum(sum(row) for row in _seat_pixels(app, seat)) >= 16, seat


def _line(setup, language="en"):
    from app import i18n
    from app.scoreboard import Scoreboard
    from screenapp import make_app

    app = make_app(setup, language=language)
    try:
        return Scoreboard()._stakes(app, app.match, ("A", "B"))
    finally:
        i18n.use("en")


def test_the_last_round_says_why_it_paid_in_the_tables_words():
    # Issue 34 (polish): joc fora, three pardas, an envit on the flors, said; in each
    # language (the variant's own word for joc fora).
    fora = "variant mallorca\nadjust B +5\ntruc A fora\nvull B\nbaza A\nbaza A"
    assert _line(fora) == ["Round 1: A +24 (joc fora)", "Round 1: A wins the canton"]
    assert _line(fora, "es") == ["Ronda 1: A +24 (juego fuera)", "Ronda 1: A gana el cantón"]
    pardas = "variant valencia\nbaza parda\nbaza parda\nbaza parda"
    assert _line(pardas) == ["Round 1: A +1 (three pardas, the", "Round 1: mà wins)"]
    assert _line(pardas, "ca") == ["Ronda 1: A +1 (tres pardes,", "Ronda 1: guanya la mà)"]
    assert _line(pardas, "es") == ["Ronda 1: A +1 (tres pardas, gana", "Ronda 1: la mano)"]
    both = "variant valencia\ntruc B fora\nvull A\nbaza parda\nbaza parda\nbaza parda"
    assert _line(both) == ["Round 1: A +24 (joc fora, three", "Round 1: pardas, the mà wins)",
                           "Round 1: A wins the canton"]
    flors = "variant valencia\nflor A\nflor B\nenvit A\nvull B\nshow 1:38\nbaza A\nbaza A"
    assert _line(flors) == ["Round 1: Flor: A +3 · Flor: B +3",
                            "Round 1: Envit of the flors: B +2", "Round 1: (38) · Round: A +1"]
    assert _line(flors, "ca")[1:] == ["Ronda 1: Envit de flors: B +2 (38)", "Ronda 1: A +1"]
    assert _line(flors, "es")[1:] == ["Ronda 1: Envit de flores: B +2",
                                      "Ronda 1: (38) · Ronda: A +1"]
    refused = "variant valencia\nflor A\nflor B\nenvit A\nnovull B\nbaza A\nbaza A"
    assert _line(refused)[1] == "Round 1: Envit of the flors: A +1"
    # An ordinary envit, a round won by its bazas, a joc fora refused: nothing added.
    assert _line("variant valencia\nenvit A\nvull B\nshow 1:31\nbaza parda\nbaza A") == [
        "Round 1: Envit: B +2 (31)", "Round 1: A +1"]
    assert _line("variant mallorca\nbaza A\ntruc A fora\nnovull B") == [
        "Round 1: A +1 (B: no vull)"]


def test_an_adjust_says_what_it_corrected():
    # Issue 34 (polish): a correction by hand shows until the next command of play, in
    # the round in play's place (never beside the last round's payments).
    assert _line("variant valencia\nbaza A\nbaza A\nadjust B +3") == ["Points B +3"]
    fixed = "variant valencia\nbaza A\nbaza A\nadjust B +3\nadjust A -1\nadjust B 2"
    assert _line(fixed) == ["Points A -1", "Points B +5"]
    assert _line("variant valencia\nbaza A\nbaza A\nadjust B +3", "es") == ["Piedras B +3"]
    assert _line("variant valencia\nbaza A\nadjust B +3") == ["bazas A", "Points B +3"]
    assert _line("variant valencia\nbaza A\nadjust B +3\nbaza B") == ["bazas AB"]
    assert _line("variant valencia\nenvit A\nnovull B\nadjust B +3") == [
        "Envit: A +1", "Points B +3"]
    assert _line("variant valencia\nset canton=12\nbaza A\nadjust B +12") == [
        "Points B +12", "B wins the canton"]
    # Undone to nothing by hand: the last round again.
    assert _line("variant valencia\nbaza A\nbaza A\nadjust B +3\nadjust B -3") == [
        "Round 1: A +1"]
    # The next command of play: the correction is in the round history, not here.
    assert _line("variant valencia\nbaza A\nbaza A\nadjust B +3\ntruc A\nvull B") == ["Truc"]
