# The variants as data (issue 11 item 1): every table in truc.variants and
# app.varianttexts has an entry for every variant, and each consumer reads it: the
# engine, the table log, the card tools and the screens. The variant count comes from
# the table alone, so a fourth variant is one more entry in each table.
# mp-heap: 256K  (the New match screen and the scoreboard's words load the app)
from play import play, refused
from truc import cards, tablelog
from truc import rules as R
from truc import variants as V
from truc.match import Match
from ui.canvas import Canvas
from app.app import App, Settings
from app import commands
from app import varianttexts as VT

# Tables indexed by kind of show, not by variant.
_BY_KIND = ("SHOW_MASKS", "SHOW_RANGES", "SHOW_REFUSALS")
_IDS = range(1, V.COUNT + 1)


def _tables(module):
    return [(name, getattr(module, name)) for name in dir(module)
            if name.isupper() and name[0] != "_" and name not in _BY_KIND
            and isinstance(getattr(module, name), (bytes, tuple))]


def test_the_count_comes_from_the_names():
    assert V.COUNT == len(V.NAMES) - 1 >= 3
    assert (V.MALLORCA, V.VALENCIA, V.PALACIOS) == (1, 2, 3)


def test_every_table_has_an_entry_for_every_variant():
    found = _tables(V) + _tables(VT)
    assert len(found) >= 16, [name for name, _ in found]
    for name, table in found:
        assert len(table) == V.COUNT + 1, name


def test_every_variant_is_chosen_by_its_name_and_no_other():
    for v in _IDS:
        m = play("variant " + V.NAMES[v])
        assert m.variant() == v
        assert tablelog.format_command(v, R.VARIANT, v, 0) == "variant " + V.NAMES[v]
    m = Match()
    assert m.check(R.VARIANT, V.COUNT + 1) == "unknown variant"
    assert m.check(R.VARIANT, 0) == "unknown variant"
    reason = refused(m, "variant castello")
    for v in _IDS:
        assert V.NAMES[v] in reason, reason


def test_the_preset_players_and_options():
    for v in _IDS:
        m = play("variant " + V.NAMES[v])
        assert (m.players(), m.options()) == (V.PRESET_PLAYERS[v], V.PRESET_OPTIONS[v])


def test_peces_only_where_the_table_has_them():
    for v in _IDS:
        m = play("variant " + V.NAMES[v])
        if V.PECES[v]:
            assert m.peces() == 2
            play("set peces=4", m)
            assert m.peces() == 4
        else:
            assert m.peces() == 0
            assert refused(m, "set peces=4") == "peces are a mallorca option"
            assert m.check(R.OPTIONS, m.players(), m.options() | R.OPT_PECES4)
        text = tablelog.format_command(v, R.OPTIONS, 4, V.PRESET_OPTIONS[v])
        assert ("peces=" in text) == bool(V.PECES[v]), text


def test_the_truc_ladder_of_every_variant():
    for v in _IDS:
        ladder = V.TRUC_LADDERS[v]
        top = len(ladder) - 1
        for step in range(1, top + 1):
            m = play("variant " + V.NAMES[v])
            word = str(ladder[step]) if ladder[step] != R.TOP else V.TRUC_TOP[v]
            assert tablelog.format_command(v, R.TRUC, R.A, step) == "truc A " + word
            play("truc A %s\nvull B" % word, m)
            assert m.truc_step() == step
            assert m.truc_worth() == (ladder[step] if ladder[step] != R.TOP else m.target())
        m = play("variant " + V.NAMES[v])
        assert m.check(R.TRUC, R.A, top + 1)
        assert m.truc_worth() == ladder[0]


def test_the_envit_ladder_of_every_variant():
    for v in _IDS:
        ladder = V.ENVIT_LADDERS[v]
        top = len(ladder) - 1
        assert ladder[top] == R.TOP
        for step in range(1, top + 1):
            word = str(ladder[step]) if step < top else V.ENVIT_TOP[v]
            assert tablelog.format_command(v, R.ENVIT, R.A, step) == "envit A " + word
            m = play("variant %s\nenvit A %s" % (V.NAMES[v], word))
            assert m.envit_call()[0] == step
        m = play("variant " + V.NAMES[v])
        assert m.check(R.ENVIT, R.A, top + 1)


def test_the_log_reads_every_top_word_in_every_variant():
    for v in _IDS:
        for w in V.ENVIT_TOP[1:]:
            m = play("variant %s\nenvit A %s" % (V.NAMES[v], w))
            assert m.envit_call()[0] == len(V.ENVIT_LADDERS[v]) - 1
        for w in V.TRUC_TOP[1:]:
            m = play("variant %s\ntruc A %s" % (V.NAMES[v], w))
            assert m.truc_call()[0] == len(V.TRUC_LADDERS[v]) - 1
        m = play("variant " + V.NAMES[v])
        assert V.ENVIT_TOP[v] in refused(m, "envit A 99")  # the variant's own word


def test_the_show_ranges_of_every_variant():
    for v in _IDS:
        setups = [("", V.SHOW_ENVIT2)]
        if V.PECES[v]:
            setups.append(("set peces=4\n", V.SHOW_ENVIT4))
        for setup, kinds in setups:
            m = play("variant %s\n%senvit A\nvull B" % (V.NAMES[v], setup))
            assert m.show_range() == V.SHOW_RANGES[kinds[v]]
            low, high = m.show_range()
            assert m.show_possible(low) and m.show_possible(high)
            assert not m.show_possible(high + 1)
        m = play("variant %s\nset flor=on\nflor A\nflor B\nenvit A\nvull B" % V.NAMES[v])
        assert m.show_range() == V.SHOW_RANGES[V.SHOW_FLOR[v]]


def test_the_cards_strengths_of_every_variant():
    for v in _IDS:
        table = V.STRENGTHS[v]
        deck = cards.deck(v)
        assert deck == tuple(c for c in range(len(table)) if table[c])
        for c in deck:
            assert cards.strength(c, v, 2) == table[c]
        for c in cards.removed(v):
            assert c >= len(table) or not table[c]
    for bad in (0, V.COUNT + 1):
        try:
            cards.deck(bad)
        except ValueError as e:
            assert "unknown variant" in str(e)
        else:
            raise AssertionError("deck(%d) was accepted" % bad)


_CANVAS = []


def _app(setup):
    if not _CANVAS:
        _CANVAS.append(Canvas(240, 135))
    _CANVAS[0].forget()
    settings = Settings()
    settings.language = "en"
    return App(_CANVAS[0], match=play(setup), settings=settings)


def test_the_screen_words_of_every_variant():
    for v in _IDS:
        assert len(VT.TRUC_NAMES[v]) == len(V.TRUC_LADDERS[v]), v
        assert len(VT.ENVIT_NAMES[v]) == len(V.ENVIT_LADDERS[v]), v
        app = _app("variant " + V.NAMES[v])
        m = app.match
        for op, ladder, names in ((R.TRUC, V.TRUC_LADDERS[v], VT.TRUC_NAMES[v]),
                                  (R.ENVIT, V.ENVIT_LADDERS[v], VT.ENVIT_NAMES[v])):
            for step in range(1, len(ladder)):
                word = commands.step_word(m, op, step)
                name = names[step].replace(" %d", "")
                assert word.startswith(name), (v, op, step, word)
                counted = "%d" in names[step]  # the points said once: "val nou", not "9"
                assert word.endswith(" %d" % ladder[step]) == counted, (v, word)
                assert not (counted and ladder[step] == R.TOP), (v, word)
        assert commands.label(app, R.FOLD, R.A) == VT.FOLD_WORDS[v] % "A"


def test_the_signals_list_every_variant_under_its_table():
    from app import signals
    groups = sorted(set(VT.SIGNALS[1:]))
    assert groups == list(range(len(groups)))  # every group has a variant
    for v in _IDS:
        lines = signals.signal_lines(v)
        heads = [text for text, colour in lines if text.endswith(":")
                 and signals.C.MARK == colour]
        assert len(heads) == len(groups)
        assert VT.TITLES[v] in heads[0]  # the variant's own signals come first
        for u in _IDS:
            assert sum(1 for h in heads if VT.TITLES[u] in h) == 1


def test_new_match_cycles_through_every_variant_and_its_preset():
    app = _app("variant valencia")
    app.open("newmatch")
    menu = app.top()
    seen = []
    for _ in range(V.COUNT):
        menu.refresh(app)
        v = menu.variant
        seen.append(v)
        assert (menu.players, menu.options) == (V.PRESET_PLAYERS[v], V.PRESET_OPTIONS[v])
        labels = [label for label, value in menu.items]
        assert "Variant: " + VT.TITLES[v] in labels
        assert any(value == R.OPT_PECES4 for label, value in menu.items) == bool(V.PECES[v])
        menu.choose(app, "variant")
    assert menu.variant == seen[0] and sorted(seen) == list(_IDS)


def _with_a_fourth_variant(check):
    # Valencia's entries again under a fourth name, in every table and nowhere else.
    saved = []
    for module in (V, VT):
        for name, table in _tables(module):
            saved.append((module, name, table))
            extra = ("castello",) if name == "NAMES" else table[V.VALENCIA:V.VALENCIA + 1]
            setattr(module, name, table + extra)
    count = V.COUNT
    V.COUNT = count + 1
    try:
        check(count + 1)
    finally:
        V.COUNT = count
        for module, name, table in saved:
            setattr(module, name, table)


def test_a_fourth_variant_is_one_more_entry_in_each_table():
    def check(v):
        m = play("variant castello\ntruc A\nvull B\nbaza A\nbaza A")
        assert (m.variant(), m.players(), m.points(R.A)) == (v, V.PRESET_PLAYERS[v], 2)
        assert tablelog.format_command(v, R.VARIANT, v, 0) == "variant castello"
        assert Match().check(R.VARIANT, v + 1) == "unknown variant"
        assert cards.deck(v) == cards.deck(V.VALENCIA)
        app = _app("variant castello\nenvit A")
        assert commands.step_word(app.match, R.ENVIT, 1) == "envit"
        app.open("newmatch")
        menu = app.top()
        seen = []
        for _ in range(v):
            seen.append(menu.variant)
            menu.choose(app, "variant")
        assert sorted(seen) == list(range(1, v + 1)) and menu.variant == seen[0]
        for name, table in _tables(V) + _tables(VT):
            assert len(table) == v + 1, name
    _with_a_fourth_variant(check)
    assert V.COUNT == len(V.NAMES) - 1 == 3  # restored
