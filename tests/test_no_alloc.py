# MicroPython only (pytest skips it, see conftest.py): applying, checking, undoing and
# redoing commands, and drawing text, allocate nothing on the heap, so a tap never
# triggers a collection.
# mp-heap: 96K  (the engine and a random match, then a canvas and a font)
import random


from tools.randplay import step, candidates
from play import play
from truc.match import Match
from truc import rules as R

from test_properties import SETUPS
from heaplock import locked

# Two matches made once and reused: fresh 3 KB logs would fragment the capped heap.
_RECORDER = Match()
_PLAYER = Match()


def _new(m, setup):
    m.clear()
    return play(setup, m)


def _recorded_match(setup, seed):
    # Three bytes a command: a list of tuples would not fit the capped heap.
    random.seed(seed)
    m = _new(_RECORDER, setup)
    commands = bytearray()
    while True:
        c = step(m)
        if c is None:
            return commands
        commands.extend(bytes((c[0], c[1], c[2] & 255)))


def _apply_all(m, commands):
    for i in range(0, len(commands), 3):
        b = commands[i + 2]
        if m.apply(commands[i], commands[i + 1], b - 256 if b > 127 else b) is not None:
            return False
    return True


def _undo_redo_all(m, n):
    for _ in range(n):
        if m.undo() is not None:
            return False
    for _ in range(n):
        if m.redo() is not None:
            return False
    return True


def _check_all(m, commands):
    refused = 0
    for op, a, b in commands:
        if m.check(op, a, b) is not None:
            refused += 1
        if m.apply(op, a, b) is not None:
            refused += 1
    return refused


def test_applying_a_whole_match_allocates_nothing():
    shows = 0
    for seed in range(3 * len(SETUPS)):
        setup = SETUPS[seed % len(SETUPS)]
        commands = _recorded_match(setup, seed)
        shows += sum(1 for i in range(0, len(commands), 3) if commands[i] == R.SHOW)
        m = _new(_PLAYER, setup)
        assert locked(lambda: _apply_all(m, commands)), setup
        assert m.winner() != R.NOBODY
    assert shows > 10  # every kind of command was exercised, shows included


def test_undo_and_redo_allocate_nothing():
    commands = _recorded_match(SETUPS[1], 5)
    m = _new(_PLAYER, SETUPS[1])
    _apply_all(m, commands)
    end = bytes(m.state)
    assert locked(lambda: _undo_redo_all(m, len(commands) // 3))
    assert bytes(m.state) == end


def test_refused_commands_allocate_nothing():
    m = _new(_PLAYER, SETUPS[2])
    random.seed(3)
    tries = candidates(m) + [(99, 0, 0), (R.BAZA, 7, 0), (R.SHOW, 0, 200)]
    assert locked(lambda: _check_all(m, tries)) > 0


def test_log_compaction_allocates_nothing():
    commands = _recorded_match(SETUPS[1], 6)  # 115 commands: the log compacts often
    m = Match(capacity=16)
    play(SETUPS[1], m)
    assert locked(lambda: _apply_all(m, commands))
    assert m.entries() <= 16 and not m.from_start()


def _draw(args, s):
    font, line, draw, width = args
    for _ in range(3):
        draw(line, font, s, -3, 1, 1)
        width(font, s)
    return True


def test_drawing_text_allocates_nothing_even_reading_glyphs_from_flash():
    # More distinct glyphs than a font's cache holds: each draw reads some from the file.
    import framebuf
    from ui import text

    s = "Truc! Envit: 3 à ç ñ ¿Què? «Sí» ŀ€ AbCdEfGhIjKlMnOpQrStUvWxYz 0123456789+-:/"
    line = framebuf.FrameBuffer(bytearray(128 * 2), 128, 16, framebuf.MONO_VLSB)
    for name in ("small", "medium", "large", "digits_small", "digits_large", "digits_huge"):
        font = text.font(name)
        try:
            assert len(set(font.glyph(ord(ch)) for ch in s)) > len(font._owner), name
            parts = (font, line, text.draw, text.width)
            assert locked(lambda: _draw(parts, s))
        finally:  # the heap cap is tight: the other tests need the room
            text._fonts.pop(name)._file.close()


def _changes(canvas, n):
    for _ in range(n):
        canvas.changes()
    return True


def _frame(canvas, y):
    # A frame kept, drawn and its changes found, as App.render does (one slice).
    canvas.keep()
    canvas.fill_rect(3, y, 20, 9, 1)
    kept = canvas.stop()
    canvas.fill(0)
    canvas.replay()
    return canvas.changes() if kept == 1 else -kept


def test_change_detection_allocates_nothing():
    # The spans array is reused and a kept frame is matched with the last one call by
    # call: no band is summed (a crc32 of 2**30 or more was a long int on a 32-bit port,
    # made at every band that changed).
    from ui.canvas import Canvas

    canvas = Canvas(64, 32)
    canvas.fill_rect(3, 5, 20, 9, 1)
    assert locked(lambda: _changes(canvas, 3))
    assert list(canvas.spans[:canvas.changes()]) == [0, 32]  # drawn as it goes: all
    assert _frame(canvas, 5) == 2  # the first frame kept: all of it
    assert locked(lambda: _frame(canvas, 5)) == -2  # the same frame: nothing
    n = locked(lambda: _frame(canvas, 13))  # moved: its old rows and its new ones
    assert list(canvas.spans[:n]) == [4, 24]


def test_ordering_the_names_wheel_allocates_only_its_text():
    # Before each letter the wheel is ordered anew: with dicts and sorts that was about
    # 1 KB a press on the 32-bit port. Now its preallocated tables leave only its text.
    import gc
    from app import namewheel

    seats, teams = namewheel.SEATS, namewheel.TEAMS
    cases = (("", seats), ("PE", seats), ("NOS", teams), ("ZZZ", seats))
    for typed, likely in cases:  # the names' one-letter texts are interned the first time
        namewheel.wheel(typed, likely)
    for typed, likely in cases:
        gc.collect()
        before = gc.mem_alloc()
        wheel = namewheel.wheel(typed, likely)
        used = gc.mem_alloc() - before
        # The text (50 bytes of UTF-8) and its object: 80 B on a 32-bit port, 96 B on 64.
        assert len(wheel) == len(namewheel.LETTERS) + 1 and used <= 112, (typed, used)
