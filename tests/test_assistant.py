# The dealer's assistant and the seat names, driven by key events through an App on a
# real canvas: the values and winners they show, their lines, the names they store.
# mp-heap: 224K  (both screen sizes at once, like test_app; the device loads one)
from play import play
from truc import cards
from ui.canvas import Canvas
from app.app import App, Settings
from app.textpage import GOES_ON
from ui import events as E

_CANVASES = {}  # one per size, made once: a fresh 16 KB canvas a test would fragment
                # MicroPython's capped heap


def _app(setup=None, large=True):
    """An app in English over a match played from setup (None: no variant yet)."""
    settings = Settings()
    settings.language = "en"
    canvas = _CANVASES.get(large)
    if canvas is None:
        canvas = _CANVASES[large] = Canvas(240, 135) if large else Canvas(128, 64, mono=True)
    canvas.forget()
    app = App(canvas, match=play(setup) if setup else None, settings=settings)
    app.home()  # without a variant the app opens New match first
    app.render()
    return app


def _press(app, *events):
    for e in events:
        app.event(e)
        app.render()


def _to(app, value):
    """NEXT until the top screen's cursor is on the item of value, then SELECT."""
    screen = app.top()
    values = [v for _, v in screen.items]
    assert value in values, "%r not offered: %r" % (value, values)
    for _ in range(len(values)):
        if screen.items[screen.cursor][1] == value:
            break
        _press(app, E.NEXT)
    assert screen.items[screen.cursor][1] == value
    _press(app, E.SELECT)


def _pick(app, *names):
    """Enters cards by their short names ("7e"): the suit, then the card."""
    for name in names:
        card = cards.parse_card(name)
        _to(app, card & 3)
        _to(app, card)


def _open(app, item):
    app.open("assistant")
    app.render()
    _to(app, item)
    return app.top()


def _labels(screen):
    return [item[0] for item in screen.items]


def _lines(page):
    """The page's lines, their wrapped rows joined again."""
    out = []
    for i in range(len(page.items)):
        if page.styles[i] & GOES_ON:
            out[-1] += " " + page.items[i]
        else:
            out.append(page.items[i])
    return out


def _ink(canvas, start=0):
    """How many bytes of the canvas from start on have a lit pixel."""
    buffer = canvas.buffer
    return sum(1 for i in range(start, len(buffer)) if buffer[i])


# ---- envit and flor -------------------------------------------------------------------

def test_mallorca_amo_and_seven_is_35():
    app = _app("variant mallorca")
    calc = _open(app, "envit")
    assert calc.name == "envitcalc"
    _pick(app, "11b", "7c", "4o")
    assert calc.shown and calc.envit == 35
    assert calc.flor_text() == ""  # mallorca plays no flor


def test_no_variant_yet_means_mallorca_with_two_peces():
    app = _app()
    assert app.match.variant() == 0
    calc = _open(app, "envit")
    assert app.stack[-2].title == "Assistant · Mallorca"
    _pick(app, "10o", "7o", "5b")  # madona 27 + 7; the 5b is no peça with two
    assert calc.envit == 34
    _press(app, E.SELECT)
    _pick(app, "5o", "4o", "1c")
    assert calc.envit == 29  # 5 + 4 + 20: plain cards


def test_four_peces_five_of_oros_counts_30():
    app = _app("variant mallorca\nset peces=4")
    calc = _open(app, "envit")
    _pick(app, "5o", "7c", "4b")
    assert calc.envit == 37


def test_valencia_envit_and_flor():
    app = _app("variant valencia")
    calc = _open(app, "envit")
    _pick(app, "7e", "6e", "1b")
    assert calc.envit == 33 and calc.flor_text() == "No flor"
    _press(app, E.SELECT)  # another hand
    assert not calc.shown and calc.picked == []
    _pick(app, "7e", "6e", "5e")
    assert calc.envit == 33 and calc.flor_text() == "Flor: 38"
    _press(app, E.SELECT)
    _pick(app, "3o", "4c", "5b")  # no two of a suit: the best card
    assert calc.envit == 5


def test_flor_shows_only_where_it_is_played():
    app = _app("variant valencia\nset flor=off")
    app.open("assistant")
    app.render()
    assert _labels(app.top())[0] == "Envit"
    _to(app, "envit")
    _pick(app, "7e", "6e", "5e")
    assert app.top().flor_text() == ""
    app = _app("variant mallorca\nset flor=on")
    app.open("assistant")
    app.render()
    assert _labels(app.top())[0] == "Envit and flor"


def test_picker_offers_the_deck_without_repeats():
    app = _app("variant valencia")
    calc = _open(app, "envit")
    assert _labels(calc) == ["oros", "copes", "espases", "bastos"]
    _to(app, 0)
    assert _labels(calc) == ["the 3", "the 4", "the 5", "the 6",
                             "the 7 (manilla)"]  # valencia has no 1o, no figures
    _press(app, E.BACK)
    _pick(app, "7e")
    _to(app, 2)
    assert "the 7 (manilla)" not in _labels(calc)
    assert _labels(calc)[0] == "the ace"
    app = _app("variant mallorca")
    calc = _open(app, "envit")
    _to(app, 3)
    assert _labels(calc) == ["the ace", "the 3", "the 4", "the 5", "the 6", "the 7",
                             "the jack", "the knight (amo)", "the king"]  # no 2s in mallorca


def test_back_steps_back_one_thing_at_a_time():
    app = _app("variant valencia")
    calc = _open(app, "envit")
    _pick(app, "7e")
    _to(app, 3)  # bastos: its ranks
    _press(app, E.BACK)
    assert calc.suit == -1 and calc.picked == [cards.parse_card("7e")]
    assert calc.items[calc.cursor][1] == 3  # back on the suit it came from
    _press(app, E.BACK)
    assert calc.picked == []
    _pick(app, "7e", "6e", "1b")
    _press(app, E.BACK)  # from the result: the last card comes out
    assert not calc.shown and len(calc.picked) == 2
    _pick(app, "5e")
    assert calc.envit == 33
    _press(app, E.BACK, E.BACK, E.BACK, E.BACK)
    assert app.top_name() == "assistant"


# ---- who wins the baza ----------------------------------------------------------------

def test_baza_winner_in_seat_order_from_the_leader():
    app = _app("variant valencia")
    calc = _open(app, "baza")
    assert calc.name == "bazacalc" and _labels(calc)[:2] == ["seat 1 (A)", "seat 2 (B)"]
    _to(app, 1)  # seat 1 leads: then seats 2, 3, 0
    assert calc.prompt(app) == "Card of seat 2 (B)"
    _pick(app, "3o", "7e", "3c", "1e")
    assert calc.shown and calc.team == 0 and calc.winner == 0
    assert calc.verdict(app) == "Team A wins: seat 1"
    assert calc.best == [False, False, False, True]
    _press(app, E.SELECT)  # the next baza: its winner leads, everyone plays
    assert calc.leader == 0 and calc.order == [0, 1, 2, 3] and not calc.shown
    assert calc.prompt(app) == "Card of seat 1 (A)"
    _press(app, E.BACK)  # no card in yet: back to the leader, to correct it
    assert calc.leader == -1 and calc.items[calc.cursor][1] == 0


def test_baza_parda_when_both_teams_hold_the_best():
    app = _app("variant valencia")
    calc = _open(app, "baza")
    _to(app, 0)
    _pick(app, "3o", "3c")
    _to(app, -1)  # Done: the others have not played
    assert calc.team == 2 and calc.verdict(app) == "Parda"
    assert calc.best == [True, True]
    _press(app, E.BACK)  # back to the cards, both still there
    assert not calc.shown and len(calc.picked) == 2
    _pick(app, "4o", "3e")  # seats 2 (A) and 3 (B): still the two teams' threes
    assert calc.team == 2 and calc.best == [True, True, False, True]
    app = _app("variant mallorca\nset players=2")
    calc = _open(app, "baza")
    _to(app, 1)
    _pick(app, "1o", "1c")  # the two plain aces tie in mallorca
    assert calc.team == 2


def test_baza_same_team_holding_the_best_wins_it():
    app = _app("variant mallorca")
    calc = _open(app, "baza")
    _to(app, 0)
    _pick(app, "3o", "4c", "3e", "5c")  # seats 0 and 2, both team A, tie at the top
    assert calc.team == 0 and calc.winner == 0
    _press(app, E.SELECT)  # seat 0 won: it leads the second baza
    _pick(app, "11b", "10o", "1e", "12b")  # amo (seat 0) over madona and the ace
    assert calc.team == 0 and calc.winner == 0
    assert calc.verdict(app) == "Round: A"  # two bazas: the round is decided


def test_after_a_parda_only_the_tied_players_play_on():
    # Seed 000: "el desempate se decide con la carta que queda de los dos jugadores que
    # han empatado". Six players, seat 5 leads: the threes of seats 1 (B) and 4 (A) tie.
    app = _app("variant palacios")
    calc = _open(app, "baza")
    _to(app, 5)
    _pick(app, "4o", "5o", "3c", "6o", "7c", "3e")  # seats 5, 0, 1, 2, 3, 4
    assert calc.team == 2 and calc.verdict(app) == "Parda"
    _press(app, E.SELECT)
    assert calc.order == [1, 4] and calc.most == 2  # in the order they played
    assert calc.prompt(app) == "Card of seat 2 (B)"
    _pick(app, "5e", "5c")  # parda again: their last cards decide
    assert calc.shown and calc.team == 2
    _press(app, E.SELECT)
    assert calc.order == [1, 4]
    _pick(app, "6e")
    assert calc.prompt(app) == "Card of seat 5 (A)"
    _pick(app, "7o")
    assert calc.team == 0 and calc.winner == 4 and calc.verdict(app) == "Round: A"
    _press(app, E.SELECT)  # three bazas: the round is over, the next one starts
    assert calc.leader == -1 and len(calc.results) == 0


def test_after_a_parda_in_mallorca_every_player_plays_on():
    # Seed 002 says only "si s'empata la primera, decideix la segona": the four play the
    # second baza, led by the seat of the first tied card.
    app = _app("variant mallorca")
    calc = _open(app, "baza")
    _to(app, 0)
    _pick(app, "4o", "3o", "3e", "5c")  # the threes of seats 1 (B) and 2 (A) tie
    assert calc.team == 2
    _press(app, E.SELECT)
    assert calc.order == [1, 2, 3, 0] and calc.most == 4
    _pick(app, "4c", "1e", "7e", "6c")  # seat 2 (A)'s ace decides the round
    assert calc.team == 0 and calc.winner == 2
    _press(app, E.SELECT)
    assert calc.leader == -1


def test_the_round_decided_after_a_parda_ends_the_bazas():
    app = _app("variant palacios")
    calc = _open(app, "baza")
    _to(app, 0)
    _pick(app, "3o", "3c", "3e", "4o", "5o", "6o")  # seats 0, 1 and 2 tie (A, B, A)
    assert calc.team == 2
    _press(app, E.BACK)  # the last card out and in again: still one baza
    _pick(app, "6o")
    assert list(calc.results) == [2]
    _press(app, E.SELECT)
    assert calc.order == [0, 1, 2]
    _pick(app, "4c", "1e", "7e")  # seat 1 (B) takes the baza after the parda: B's round
    assert calc.team == 1 and calc.winner == 1
    assert calc.verdict(app) == "Round: B"
    _press(app, E.SELECT)
    assert calc.leader == -1


def test_the_round_taker_is_named_once_the_bazas_decide_it():
    app = _app("variant valencia")
    app.settings.names[7] = "ELLS"  # team B's name (TEAM_NAMES + 1)
    calc = _open(app, "baza")
    _to(app, 0)
    _pick(app, "1e", "3c", "4o", "5c")  # seat 0 (A)
    assert calc.verdict(app) == "Team A wins: seat 1"  # one baza decides nothing
    _press(app, E.SELECT)
    _pick(app, "4c", "1b", "5o", "6c")  # seat 1 (B): one each, still open
    assert calc.verdict(app) == "Team B wins: seat 2"
    _press(app, E.SELECT)
    _pick(app, "7o", "7b", "6e", "4e")  # seat 1 (B)'s 7 of oros: B's second baza
    assert calc.verdict(app) == "Round: ELLS"
    assert calc.verdict(app, False) == "Round: ELLS"
    app = _app("variant valencia")  # three pardas: the mà's team takes the round
    calc = _open(app, "baza")
    ma = calc.ma
    _to(app, 0)
    for rank in "456":
        _pick(app, rank + "o", rank + "c")
        if rank == "4":
            _to(app, -1)  # Done; after the parda only the two tied seats play
        assert calc.team == 2
        if len(calc.results) < 3:
            assert calc.verdict(app) == "Parda"
            _press(app, E.SELECT)
    assert calc.verdict(app) == "Round: %s" % "AB"[ma & 1]


def test_a_card_played_in_an_earlier_baza_of_the_round_is_not_offered_again():
    # Issue 34's trial: the second baza offered the first baza's cards again, though one
    # deck is dealt (RULES.md) and a card played stays played until the next round.
    app = _app("variant valencia\nset players=2")
    calc = _open(app, "baza")
    _to(app, 0)
    _pick(app, "1e", "3e")  # seat 1's ace of espases takes the first baza
    _press(app, E.SELECT)
    assert calc.leader == 0 and calc.gone == [cards.parse_card("1e"), cards.parse_card("3e")]
    _to(app, cards.parse_card("3e") & 3)  # espases: still offered, without the two
    offered = [v for _, v in calc.items]
    assert cards.parse_card("1e") not in offered and cards.parse_card("3e") not in offered
    assert cards.parse_card("7e") in offered
    _press(app, E.BACK)
    # The default picks still work: SELECT twice enters the first card offered, twice more
    # the next seat's, and the baza's result shows.
    _press(app, E.SELECT, E.SELECT, E.SELECT, E.SELECT)
    assert calc.shown and len(calc.picked) == 2 and not set(calc.picked) & set(calc.gone)
    _press(app, E.SELECT)  # one baza each: the third, led by seat 2 (B)
    assert calc.leader == 1 and len(set(calc.gone)) == 4
    _press(app, E.SELECT, E.SELECT, E.SELECT, E.SELECT)
    assert calc.shown and len(calc.picked) == 2 and not set(calc.picked) & set(calc.gone)
    # A round decided: the next one deals every card again.
    app = _app("variant valencia\nset players=2")
    calc = _open(app, "baza")
    _to(app, 0)
    _pick(app, "1e", "3c")
    _press(app, E.SELECT)
    _pick(app, "1b", "4c")  # seat 1 (A) took both: the round is decided
    _press(app, E.SELECT)
    assert calc.leader == -1 and calc.gone == []
    _to(app, 0)
    _to(app, cards.parse_card("1e") & 3)
    assert cards.parse_card("1e") in [v for _, v in calc.items]


def test_punta_duel_plays_two_cards():
    app = _app("variant palacios\nbaza A\nbaza A")  # round 1 (redondo) is over
    assert app.match.duel() == 1
    ma = app.match.hand_ma()
    calc = _open(app, "baza")
    assert [v for _, v in calc.items] == [ma, (ma + 3) % 6]
    _to(app, (ma + 3) % 6)
    _pick(app, "7o", "1b")
    assert calc.shown  # two cards are the whole baza
    assert calc.winner == ma and calc.team == ma & 1


def test_seat_names_appear_in_the_baza():
    app = _app("variant valencia")
    app.settings.names[2] = "JOAN"
    calc = _open(app, "baza")
    assert _labels(calc)[2] == "JOAN (A)"
    _to(app, 2)
    _pick(app, "1e", "7o")
    _to(app, -1)  # Done: the others have not played
    assert calc.verdict(app) == "Team A wins: JOAN"


# ---- reference pages ------------------------------------------------------------------

def test_mallorca_card_order():
    app = _app("variant mallorca")
    page = _open(app, "order")
    assert page.name == "textpage"
    assert _lines(page) == [
        "the knight of bastos (amo)", "the jack of oros (madona)", "the ace of espases",
        "the ace of bastos", "the 7 of espases (manilla)", "the 7 of oros (manilla)",
        "the threes", "the ace of oros and of copes", "the kings", "the other knights",
        "the other jacks", "the 7 of copes and of bastos", "the sixes", "the fives",
        "the fours"]


def test_four_peces_order_starts_with_the_fives():
    app = _app("variant mallorca\nset peces=4")
    lines = _lines(_open(app, "order"))
    assert lines[:3] == ["the 5 of oros (peça)", "the 5 of bastos (peça)",
                         "the knight of bastos (amo)"]
    assert "the 5 of copes and of espases" in lines and "the fives" not in lines


def test_valencia_card_order():
    app = _app("variant valencia")
    assert _lines(_open(app, "order")) == [
        "the ace of espases", "the ace of bastos", "the 7 of espases (manilla)",
        "the 7 of oros (manilla)", "the threes", "the 7 of copes and of bastos", "the sixes",
        "the fives", "the fours"]


def test_order_page_scrolls_round():
    app = _app("variant mallorca", large=False)
    page = _open(app, "order")
    rows = page.rows
    assert rows == 4 and page.cursor == 0
    _press(app, E.PREV)  # from the top round to the last page
    assert page.cursor == len(page.items) - rows
    _press(app, E.NEXT)
    assert page.cursor == 0
    _press(app, E.NEXT2)
    assert page.cursor == rows
    _press(app, E.SELECT)
    assert app.top_name() == "assistant"


def test_signals_of_both_tables_the_variants_first():
    app = _app("variant valencia")
    lines = _lines(_open(app, "signals"))
    assert lines[0] == "València, Palacios del Sil:" and "Both cheeks puffed: 33" in lines
    # The card signs of its tables next to the seed's cheeks and cec, set apart from them.
    signs = lines.index("Also at the tables:")
    assert lines.index("Both eyes shut: cec, no good cards") < signs
    assert "Eyebrows raised: the ace of espases" in lines[signs:lines.index("Mallorca:")]
    assert "Wink: the ace of bastos" in lines[signs:]
    assert "Mallorca:" in lines and "Eyebrows raised: the amo" in lines
    app = _app("variant mallorca")
    lines = _lines(_open(app, "signals"))
    assert lines[:3] == ["Mallorca:", "Eyebrows raised: the amo", "Wink: the madona"]
    assert "Right cheek: 32" in lines and "Left cheek: 31" in lines


def test_cards_to_take_out():
    app = _app("variant mallorca")
    assert _lines(_open(app, "removed")) == ["Take out 4 cards:", "the twos", "36 cards stay"]
    app = _app("variant palacios")
    assert _lines(_open(app, "removed")) == [
        "Take out 18 cards:", "the ace of oros and of copes", "the twos", "the jacks",
        "the knights", "the kings", "22 cards stay"]


def test_long_lines_wrap_to_the_small_screen():
    app = _app("variant mallorca", large=False)
    page = _open(app, "signals")
    assert len(page.items) > len(_lines(page))  # some lines took two rows
    for text, style in zip(page.items, page.styles):
        x = 10 if style & GOES_ON else 4
        assert x + app.canvas.text_width(app.font, text) <= app.canvas.width - 8, text


def test_card_labels_fit_the_small_screen():
    app = _app("variant mallorca\nset peces=4", large=False)
    calc = _open(app, "envit")
    for suit in range(4):
        _to(app, suit)
        for label in _labels(calc):
            assert 4 + app.canvas.text_width(app.font, label) <= app.canvas.width, label
        _press(app, E.BACK)


# ---- seat names -----------------------------------------------------------------------

def _letter(app, ch):
    """Turns the wheel (as the screen orders it) to ch with NEXT and takes it ("": Done)."""
    screen = app.top()
    target = ch or "\n"  # where the wheel holds Done
    for _ in range(len(screen.wheel) + 1):
        if screen.wheel[screen.letter] == target:
            break
        _press(app, E.NEXT)
    assert screen.wheel[screen.letter] == target
    _press(app, E.SELECT)


def test_new_match_opens_seat_names_and_they_are_stored():
    app = _app("variant valencia")
    app.open("newmatch")
    app.render()
    _to(app, "names")
    names = app.top()
    assert names.name == "names" and len(names.items) == 4 + 2 + 1  # seats, teams, Done
    _to(app, 0)
    _letter(app, "J")
    _letter(app, "O")
    _letter(app, "")  # Done
    assert app.settings.names[0] == "JO"
    assert names.items[names.cursor][1] == 1  # on to the next seat
    assert _labels(names)[0] == "seat 1 (A): JO"
    assert app.seat_name(0) == "JO" and app.team_name(0) == "A"  # a seat names no team


def test_accents_space_and_four_characters_at_most():
    app = _app("variant valencia")
    app.open("names", 4)
    app.render()
    _to(app, 1)
    for ch in "ÇÉ Ñ":
        _letter(app, ch)
    assert app.settings.names[1] == "ÇÉ Ñ"  # the fourth character ends the name
    assert app.top().seat == -1


def test_back_deletes_and_on_an_empty_name_finishes():
    app = _app("variant valencia")
    app.settings.names[3] = "PEP"
    names = app.open("names", 4)
    app.render()
    _to(app, 3)
    assert names.typed == "PEP"
    _press(app, E.SELECT)  # the wheel starts on Done: a name already there stays
    assert app.settings.names[3] == "PEP"
    _to(app, 3)
    _press(app, E.BACK)
    assert names.typed == "PE"
    _letter(app, "À")
    _letter(app, "")
    assert app.settings.names[3] == "PEÀ"
    _to(app, 3)
    _press(app, E.BACK, E.BACK, E.BACK, E.BACK)  # three deleted, then finished empty
    assert app.settings.names[3] == "" and names.seat == -1
    _to(app, 2)
    _letter(app, " ")
    _letter(app, "")
    assert app.settings.names[2] == ""  # spaces only: no name
    _to(app, -1)
    assert app.top_name() != "names"


# ---- on screen ------------------------------------------------------------------------

def test_main_menu_opens_the_assistant():
    app = _app("variant valencia")
    app.open("mainmenu")
    app.render()
    _to(app, "assistant")
    assert app.top_name() == "assistant"
    _to(app, "back")
    assert app.top_name() == "mainmenu"


def _every_screen(app):
    """Opens each state of each screen in turn; yields after rendering it."""
    _open(app, "envit")
    yield "envit suit"
    _to(app, 2)
    yield "envit rank"
    _press(app, E.BACK)
    _pick(app, "7e", "6e", "5e")
    yield "envit result"
    app.home()
    _open(app, "baza")
    yield "baza leader"
    _to(app, 0)
    _pick(app, "3o", "1e", "3c", "7o")
    yield "baza result"
    for item in ("order", "signals", "removed"):
        app.home()
        _open(app, item)
        yield item
    app.home()
    app.open("names", 4)
    app.render()
    yield "names"
    _to(app, 0)
    _press(app, E.NEXT)
    yield "name entry"


def test_every_screen_draws_on_both_sizes():
    for large in (True, False):
        app = _app("variant valencia", large)
        canvas = app.canvas
        for name in _every_screen(app):
            below_title = len(canvas.buffer) // 4
            assert _ink(canvas) > 20 and _ink(canvas, below_title) > 10, (large, name)


def test_result_rows_scroll_on_the_small_screen():
    app = _app("variant mallorca\nset players=6", large=False)
    calc = _open(app, "baza")
    _to(app, 0)
    _pick(app, "3o", "4o", "5o", "6o", "7o", "12o")
    assert calc.shown and calc.winner == 4  # 7o, a manilla, at seat 4
    before = bytes(app.canvas.buffer)
    _press(app, E.NEXT)
    assert calc.scroll == 1 and bytes(app.canvas.buffer) != before
    _press(app, E.NEXT, E.NEXT, E.NEXT)
    assert calc.scroll == 6 - 4  # held at the last page once drawn


def _drawn_texts(app):
    drawn = []
    c = app.canvas
    original = c.text
    c.text = lambda font, s, x, y, colour, room=0: (
        drawn.append((s, room)) or original(font, s, x, y, colour, room))
    try:
        c.forget()
        app.render()
    finally:
        del c.text
    return drawn


def test_the_calculator_names_the_cards_whole_and_shows_the_flor_it_voids_the_envit_by():
    # Issue 34: "(amo)"/"(madona)" were dropped where the names were wide, and a flor
    # hand's large number was the envit the flor voids.
    for large in (True, False):
        app = _app("variant mallorca", large)
        _open(app, "envit")
        _pick(app, "10o", "11b", "4o")
        drawn = _drawn_texts(app)
        texts = [s for s, _ in drawn]
        joined = " ".join(texts)  # (the OLED wraps a long name under itself)
        assert "the jack of oros (madona)" in joined and "the knight of bastos (amo)" in joined
        assert all(not room for s, room in drawn if "(" in s), drawn  # never cut to a room
        app = _app("variant valencia", large)
        _open(app, "envit")
        _pick(app, "7e", "6e", "5e")  # envit 33, flor 38
        texts = [s for s, _ in _drawn_texts(app)]
        assert ("38" in texts or "Flor: 38" in texts) and "33" not in texts, texts
        assert not [s for s in texts if "33" in s], texts


def test_the_menus_under_a_page_let_their_rows_go_and_build_them_again_when_shown():
    # The heap's room for the page: the main menu's and the assistant's rows are not kept
    # while a screen they opened shows (the grown 32-bit port's sharing walk ran out
    # opening the baza resolver); back on them, the same rows and the cursor where it was.
    app = _app("variant valencia")
    app.open("mainmenu")
    app.render()
    menu = app.top()
    rows = list(menu.items)
    _to(app, "assistant")
    assistant = app.top()
    assert app.top_name() == "assistant" and menu.items == []
    app.render()
    pages = list(assistant.items)
    _to(app, "baza")
    assert app.top_name() == "bazacalc" and assistant.items == []
    _press(app, E.BACK)
    assert app.top() is assistant and assistant.items == pages
    assert assistant.items[assistant.cursor][1] == "baza"
    _press(app, E.BACK)
    assert app.top() is menu and menu.items == rows
    assert menu.items[menu.cursor][1] == "assistant"
