# The table log's reader, on CPython and MicroPython alike: lines, words and numbers.
# mp-heap: 72K
from play import play, refused
from truc.match import Match
from truc import rules as R
from truc import tablelog


def test_only_newline_ends_a_line():
    # Form feed, NEL, line and paragraph separators, vertical tab... stay in their line:
    # after a "#" they are part of the comment, so nothing runs.
    for sep in ("\x0b", "\x0c", "\x1c", "\x1d", "\x1e", "\x85", "\u2028", "\u2029", "\r"):
        data = ("variant valencia\n# a note%struc A\nbaza A\r\n" % sep).encode("utf-8")
        lines = tablelog.split(data)
        assert lines[:3] == ["variant valencia", "# a note%struc A" % sep, "baza A"], sep
        m = play("\n".join(lines))
        assert m.truc_call() == (0, 0) and m.bazas() == 1, sep


def test_other_separators_do_not_split_words():
    m = play("variant valencia")
    for sep in ("\x0c", "\x85", "\u2028", "\xa0", "\u3000"):
        refused(m, "truc%sA" % sep)
    play("truc\tA", m)
    assert m.truc_call()[0] == 1


def test_byte_order_mark_at_start_is_skipped():
    lines = tablelog.split(b"\xef\xbb\xbfvariant mallorca\ntruc A\n")
    m = play("\n".join(lines))
    assert m.variant() == 1 and m.truc_call()[0] == 1


def test_bytes_not_utf8_give_none_for_their_line_only():
    lines = tablelog.split(b"variant valencia\ntruc A \xff\xfe\nbaza A\n")
    assert lines[0] == "variant valencia" and lines[1] is None and lines[2] == "baza A"
    assert tablelog.split(b"a\xc3\xa9\n")[0] == "a\u00e9"


def test_numbers_are_ascii_digits_only():
    m = play("variant valencia")
    for digit in ("\u0663", "\u00b2", "\uff13", "\u0969"):  # Arabic-Indic 3, ², fullwidth 3
        assert refused(m, "dealer " + digit) == "seat must be a number, not '%s'" % digit
        refused(m, "set players=" + digit)
        refused(m, "truc A " + digit)
    assert m.first_dealer() == 3


def test_long_numbers_are_refused_in_the_projects_words():
    m = play("variant valencia")
    huge = "9" * 600  # CPython's int() refuses 4300 digits and more: tests/host/test_replay.py
    assert refused(m, "adjust A +" + huge) == "points must be a number below 1000"
    assert refused(m, "dealer " + huge) == "seat must be a number below 1000"
    assert refused(m, "set canton=" + huge) == "canton must be a number below 1000"
    reason = refused(m, "truc A " + huge)
    assert reason.startswith("'9999999999999999...' is not a step"), reason
    assert len(refused(m, "x" * 600)) < 60


def test_refusals_never_come_from_python():
    m = play("variant valencia\nenvit A\nvull B")
    for line in ("show 1:\u0663\u0663", "show \u0663:20", "show 1:" + "2" * 400,
                 "adjust A +\u00b2", "adjust A -", "dealer -1", "set players=+4"):
        reason = refused(m, line)
        assert "int()" not in reason and "literal" not in reason and "digits" not in reason, \
            reason
    assert Match().variant() == 0


# Matches at every kind of point a command can meet: set-up, calls waiting, an envit
# waiting for its result, a round waiting for its optional envit, a punta duel.
STATES = ("", "variant mallorca", "variant valencia\nset players=2 canton=12",
          "variant palacios\ndealer 2", "variant mallorca\nset peces=4 flor=on\nbaza A",
          "variant valencia\ntruc A", "variant mallorca\nenvit B\nvull A",
          "variant valencia\nset flor=on\nflor A\nflor B\nenvit A 4",
          "variant valencia\ntruc A\nnovull B",
          "variant palacios\nbaza A\nbaza A\nenvit A\nvull B",
          "variant mallorca\nadjust A +20\nadjust B 23")


def test_every_command_the_engine_takes_is_written_as_a_line_that_reads_back():
    wide = list(range(-128, 256))
    narrow = (0, 1, 2, 255, -1)
    checked = 0
    for text in STATES:
        m = play(text)
        for op in range(R.VARIANT, R.LAST_OP + 1):
            for a in (0, 1, 2, 3, 4, 5, 6, 7, 24, 127, 128, 255):
                for b in wide if R.TAKES_B[op - 1] else narrow:
                    if m.check(op, a, b):
                        continue
                    line = tablelog.format_command(m.variant() or (a if op == R.VARIANT else 0),
                                                   op, a, b)
                    try:
                        got = tablelog.parse(m, line)
                    except ValueError as e:
                        raise AssertionError("%r after %r: %s" % (line, text, e)) from None
                    assert m.apply(op, a, b) is None
                    entry = m.entry(m.entries() - 1)
                    m.undo()
                    assert (got[0], got[1], got[2] & 255) == entry, (line, text)
                    checked += 1
    assert checked > 300


def test_the_log_and_the_engine_keep_the_same_ranges():
    m = play("variant mallorca")
    assert refused(m, "adjust A +%d" % (R.ADJUST_MAX + 1)) == "adjust by 1 to 99 points"
    assert m.check(R.ADJUST, R.A, R.ADJUST_MAX + 1) == "adjust by 1 to 99 points"
    assert m.check(R.ADJUST, R.A, -R.ADJUST_MAX - 1) == "adjust by 1 to 99 points"
    assert m.check(R.ADJUST, R.A, R.ADJUST_MAX) is None
    for op in (R.VULL, R.NOVULL, R.FLOR, R.BAZA, R.FOLD, R.ENVITWIN, R.END, R.DEALER):
        assert m.check(op, 0, 1) == "argument out of range", op
    # end names no team: apply keeps none, whatever key pressed it, and check agrees
    assert m.check(R.END, 3, 0) == m.apply(R.END, 3, 0) == "the round is not waiting for an " \
        "optional envit"
    assert refused(m, "set players=5") == "players must be 2, 4 or 6"
    assert refused(m, "set canton=300") == "canton must be 12, 18 or 24"
    for n in range(256):
        engine = m.check(R.OPTIONS, n, 2) is None
        try:
            log = tablelog.parse(m, "set players=%d" % n) == (R.OPTIONS, n, 2)
        except ValueError:
            log = False
        assert engine == log == R.players_ok(n), n

