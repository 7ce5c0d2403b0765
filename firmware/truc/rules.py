# The engine's vocabulary: command codes, option bits, bet ladders, envit states.
# Everything is a small int so that applying a command never allocates; a refused
# command comes back as a constant string, which does not allocate either.
from micropython import const

from truc.variants import MALLORCA

# Commands: one per table-log command (TABLE-LOG.md). undo/redo are Match methods.
VARIANT = const(1)  # a: variant id
OPTIONS = const(2)  # a: players, b: option bits (below)
DEALER = const(3)  # a: seat
ENVIT = const(4)  # a: team, b: ladder step (0 = the next one)
TRUC = const(5)  # a: team, b: ladder step (0 = the next one)
VULL = const(6)  # a: team
NOVULL = const(7)  # a: team
FLOR = const(8)  # a: team
BAZA = const(9)  # a: A, B or PARDA
FOLD = const(10)  # a: team
SHOW = const(11)  # a: seat, b: the best envit (or flor) value shown
ENVITWIN = const(12)  # a: team
END = const(13)
ADJUST = const(14)  # a: team, b: signed points
LAST_OP = const(14)

# The ranges of the commands' arguments, kept here once for the engine and the table log
# (which must write only what it reads back). Which commands take a `b` (index op - 1):
TAKES_B = b"\x00\x01\x00\x01\x01\x00\x00\x00\x00\x00\x01\x00\x00\x01"
PLAYER_COUNTS = b"\x02\x04\x06"
ADJUST_MAX = const(99)  # points one adjust may add or take; any canton fits in it
# Seats are 0..players-1; steps and shown values are bounded by the ladders and show masks.

A = const(0)
B = const(1)
PARDA = const(2)
NOBODY = const(2)  # "no team" in a team-valued field

# Option bits, the `b` of OPTIONS. The canton target is an index into TARGETS.
OPT_TARGET = const(3)
OPT_CANTONS3 = const(4)
OPT_PECES4 = const(8)
OPT_FLOR = const(16)
OPT_FORA_MATCH = const(32)
OPT_ALTERNATE = const(64)
OPT_ENVIT_FIRST = const(128)  # the envit round comes before the truc
OPT_ALL = const(255)
TARGETS = b"\x0c\x12\x18"  # 12, 18, 24


def players_ok(n):
    return n == PLAYER_COUNTS[0] or n == PLAYER_COUNTS[1] or n == PLAYER_COUNTS[2]


def target_index(points):
    """The option value of a canton target, or -1 if points is not one."""
    for i in range(len(TARGETS)):
        if TARGETS[i] == points:
            return i
    return -1

# Presets, indexed by variant id: players and option bits (target 24, 2 cantons).
PRESET_PLAYERS = b"\x00\x04\x04\x06"
PRESET_OPTIONS = b"\x00\x02\x92\xd2"

# Bet ladders: points by step, step 0 being "no bet" (worth 1 when refused).
# 0 marks the open-ended top step: joc fora, tots / falta.
TOP = const(0)
TRUC_MALLORCA = b"\x01\x03\x06\x09\x00"
TRUC_VALENCIA = b"\x01\x02\x03\x04\x00"
ENVIT_MALLORCA = b"\x01\x02\x04\x06\x00"
ENVIT_VALENCIA = b"\x01\x02\x04\x00"


def truc_ladder(variant):
    return TRUC_MALLORCA if variant == MALLORCA else TRUC_VALENCIA


def envit_ladder(variant):
    return ENVIT_MALLORCA if variant == MALLORCA else ENVIT_VALENCIA


def decided(bazas, start, n):
    """The team the n baza results at bazas[start:] give the round to (A, B or PARDA
    each), or NOBODY while it is open. Three pardas are left to the caller (the mà's
    team takes them)."""
    won_a = won_b = 0
    for i in range(start, start + n):
        r = bazas[i]
        if r == A:
            won_a += 1
        elif r == B:
            won_b += 1
    if won_a == 2:
        return A
    if won_b == 2:
        return B
    if n < 2:
        return NOBODY
    first = bazas[start]
    for i in range(start + 1, start + n):
        r = bazas[i]
        if first != PARDA and r == PARDA:
            return first  # the first counts for a thousand
        if first == PARDA and r != PARDA:
            return r  # after a parda the next baza decides
    return NOBODY


# Envit states of a round.
ENVIT_NONE = const(0)
ENVIT_PENDING = const(1)
ENVIT_ACCEPTED = const(2)
ENVIT_REFUSED = const(3)
ENVIT_SHOWN = const(4)
