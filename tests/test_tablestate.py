# What a table needs to read off the scoreboard (issue 8, item 5 and "Words"): the
# refused envit's point, what tots / falta is worth, the envit left after going, the
# envit on the flors, the match's end; the ladders, going and variants by their names.
# mp-heap: 256K
from truc import rules as R
from truc import variants as V
from ui import events as E
from screenapp import make_app
from app import commands
from app import labels

def _app(setup, language="en"):
    return make_app(setup, True, language)


def _drawn(app):
    drawn = []
    original = app.canvas.text
    app.canvas.text = lambda font, s, x, y, colour, room=0: (
        drawn.append(s) or original(font, s, x, y, colour, room))
    try:
        app.render()
    finally:
        del app.canvas.text
    return drawn


def _shows(setup, text, language="en"):
    drawn = _drawn(_app(setup, language))
    assert text in drawn, (setup, text, drawn)


def test_a_refused_envit_shows_its_point_until_the_round_ends():
    _shows("variant valencia\nenvit B\nnovull A", "Envit: B +1")
    _shows("variant valencia\nenvit A\nenvit B\nnovull A", "Envit: B +2")
    _shows("variant mallorca\nenvit A\nenvit B 6\nnovull A\nbaza A",
           "Envit: B +2 · bazas A")
    _shows("variant valencia\nenvit B\nnovull A", "Envit: B +1", "es")


def test_falta_and_tots_say_what_they_are_worth_now():
    _shows("variant valencia\nenvit B falta", "B: falta (canton)?")  # both in the males
    _shows("variant valencia\nadjust A +14\nenvit B falta", "B: falta 10?")
    _shows("variant valencia\nadjust A +14\nenvit B falta\nvull A", "Falta 10")
    _shows("variant mallorca\nadjust B +13\nadjust A +3\nenvit A tots", "A: tots 11?")
    _shows("variant valencia\nadjust A +14\nenvit B falta", "B: falta 10?", "ca")
    _shows("variant valencia\nenvit B falta", "B: falta (cantó)?", "ca")


def test_going_says_who_went_and_that_the_rivals_may_still_envit():
    _shows("variant mallorca\nfold A", "A went: B may envit")
    _shows("variant mallorca\nfold A", "A se'n va: B pot envidar", "ca")
    _shows("variant mallorca\ntruc A\nnovull B", "A may still envit")


def test_an_envit_on_the_flors_says_so():
    _shows("variant valencia\nflor A\nflor B\nenvit A", "A: envit of the flors?")
    _shows("variant valencia\nflor A\nflor B\nenvit A\nvull B",
           "Envit of the flors · Flor A · Flor B")
    _shows("variant valencia\nflor A\nflor B\nenvit A", "A: envit de flors?", "ca")
    _shows("variant valencia\nflor A\nflor B\nenvit A", "¿A: envit de flores?", "es")


def test_the_match_end_says_who_won_and_offers_the_next_match():
    app = _app("variant valencia\nadjust B +24\nadjust B +24")
    drawn = _drawn(app)
    assert "B wins the match!" in drawn and "New match" in drawn and "Match over" in drawn
    assert "No bets" not in drawn
    app.event(E.NEXT)
    assert app.top_name() == "newmatch"
    app.home()
    app.event(E.PREV)
    assert app.top_name() == "newmatch"
    app.home()
    app.event(E.SELECT)  # and the Actions menu opens on it
    menu = app.top()
    menu.refresh(app)
    assert menu.items[menu.cursor][1] == "newmatch"
    app.event(E.SELECT)
    assert app.top_name() == "newmatch"


def _steps(setup, op, language="en"):
    app = _app(setup, language)
    ladders = V.TRUC_LADDERS if op == R.TRUC else V.ENVIT_LADDERS
    return [commands.step_word(app.match, op, step)
            for step in range(1, len(ladders[app.match.variant()]))]


def test_the_ladders_by_their_names():
    assert _steps("variant valencia", R.TRUC) == ["truc", "retruc", "quatre val", "joc fora"]
    assert _steps("variant palacios", R.TRUC, "es") == ["truc", "retruc", "vale cuatro",
                                                        "juego fuera"]
    assert _steps("variant mallorca", R.TRUC, "ca") == ["truc 3", "retruc 6", "val nou",
                                                        "joc fora"]
    assert _steps("variant valencia", R.ENVIT, "ca") == ["envit", "torne", "falta (cantó)"]
    assert _steps("variant valencia", R.ENVIT, "es") == ["envit", "vuelvo", "falta (cantón)"]
    assert _steps("variant mallorca", R.ENVIT) == ["envit 2", "envit 4", "envit 6",
                                                   "tots (canton)"]


def test_calls_and_the_menu_use_the_names():
    _shows("variant valencia\ntruc A\ntruc B", "B: retruc?", "ca")
    _shows("variant valencia\ntruc A\ntruc B\nvull A", "Retruc")
    _shows("variant mallorca\ntruc A\nvull B\ntruc B 9", "¿B: vale nueve?", "es")
    _shows("variant valencia\ntruc A\ntruc B fora", "B: joc fora?", "ca")
    app = _app("variant valencia\ntruc A\nvull B", "ca")
    said = [labels.label(app, op, a, b) for op, a, b in labels.legal(app.match)]
    assert "B: retruc" in said and "B: joc fora" in said, said
    assert not [text for text in said if "truc fora" in text or "fora" == text[-4:]
                and "joc" not in text]


def test_going_in_the_players_words():
    for setup, language, said in (("variant mallorca", "ca", "A: ens n'anam"),
                                  ("variant valencia", "ca", "A: ens n'anem"),
                                  ("variant palacios", "es", "A: nos vamos")):
        app = _app(setup, language)
        assert labels.label(app, R.FOLD, R.A) == said


def test_variants_by_the_names_their_players_write():
    for language, names in (("ca", ("Mallorca", "València", "Palacios del Sil")),
                            ("es", ("Mallorca", "Valencia", "Palacios del Sil"))):
        app = _app("variant mallorca", language)
        menu = app.open("newmatch")
        for name in names:
            menu.refresh(app)
            assert menu.items[0][0].endswith(": " + name), menu.items[0][0]
            menu.choose(app, "variant")


def _page(setup, language, page):
    from app.decklines import order_lines, removed_lines
    app = _app(setup, language)
    m = app.match
    lines = order_lines(m.variant(), m.peces() or 2) if page == "order" \
        else removed_lines(m.variant())
    return [text for text, _ in lines]


def test_cards_as_a_table_says_them():
    # As seed 002's list says them ("els tresos", "ses altres sotes"): "tots" is a call.
    lines = _page("variant mallorca", "ca", "order")
    assert "l'as d'espases" in lines and "els tresos" in lines and "les altres sotes" in lines
    assert "l'as d'oros i de copes" in lines and not [x for x in lines if "tots" in x]
    lines = _page("variant palacios", "es", "removed")
    assert "las sotas" in lines and "los caballos" in lines and "el as de oros y de copas" in lines
