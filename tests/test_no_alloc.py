# MicroPython only (pytest skips it, see conftest.py): applying, checking, undoing and
# redoing commands allocates nothing on the heap, so a tap never triggers a collection.
import gc
import random

import micropython

from randplay import step, candidates
from play import play
from truc.match import Match
from truc import rules as R

SETUPS = ("variant mallorca\nset players=2 canton=12", "variant valencia", "variant palacios")


def _recorded_match(setup, seed):
    # Three bytes a command: a list of tuples would not fit the capped heap.
    random.seed(seed)
    m = play(setup)
    commands = bytearray()
    while True:
        c = step(m)
        if c is None:
            return commands
        commands.extend(bytes((c[0], c[1], c[2] & 255)))


def _locked(fn, m, arg):
    gc.collect()
    before = gc.mem_alloc()
    micropython.heap_lock()
    try:
        result = fn(m, arg)
    finally:
        micropython.heap_unlock()
    assert gc.mem_alloc() == before
    return result


def _apply_all(m, commands):
    for i in range(0, len(commands), 3):
        b = commands[i + 2]
        if m.apply(commands[i], commands[i + 1], b - 256 if b > 127 else b) != R.OK:
            return False
    return True


def _undo_redo_all(m, n):
    for _ in range(n):
        if m.undo() != R.OK:
            return False
    for _ in range(n):
        if m.redo() != R.OK:
            return False
    return True


def _check_all(m, commands):
    refused = 0
    for op, a, b in commands:
        if m.check(op, a, b) != R.OK:
            refused += 1
        if m.apply(op, a, b) != R.OK:
            refused += 1
    return refused


def test_applying_a_whole_match_allocates_nothing():
    for i in range(len(SETUPS)):
        commands = _recorded_match(SETUPS[i], i)
        m = play(SETUPS[i])
        assert _locked(_apply_all, m, commands)
        assert m.winner() != R.NOBODY


def test_undo_and_redo_allocate_nothing():
    commands = _recorded_match(SETUPS[1], 5)
    m = play(SETUPS[1])
    _apply_all(m, commands)
    end = bytes(m.state)
    assert _locked(_undo_redo_all, m, len(commands) // 3)
    assert bytes(m.state) == end


def test_refused_commands_allocate_nothing():
    m = play(SETUPS[2])
    random.seed(3)
    tries = candidates(m) + [(99, 0, 0), (R.BAZA, 7, 0), (R.SHOW, 0, 200)]
    assert _locked(_check_all, m, tries) > 0


def test_log_compaction_allocates_nothing():
    commands = _recorded_match(SETUPS[1], 9)
    m = Match(capacity=16)
    play(SETUPS[1], m)
    assert _locked(_apply_all, m, commands)
    assert m.entries() <= 16 and not m.from_start()
