# The variants as data: every fact in which the presets differ, one table per fact
# indexed by variant id (0: none chosen yet), read by the engine, the table log, the card
# tools and the screens. Bytes and tuples of constants: reading them never allocates. A
# fourth variant is one more entry in each table here, and its words on screen in
# app/varianttexts.py (translated in app/lang_*.py). tests/test_variants.py checks every
# table for every variant.
from micropython import const

from truc import rules as R

MALLORCA = const(1)
VALENCIA = const(2)
PALACIOS = const(3)

# Variant 0's entry in the tables of words. A name rather than "": a tuple holding a name
# is built at import from interned strings, where a tuple of literals alone would be
# loaded with a heap copy of every string.
_NO = ""
NAMES = (_NO, "mallorca", "valencia", "palacios")  # in the table log (TABLE-LOG.md)
COUNT = len(NAMES) - 1  # the variant ids are 1..COUNT

# The preset a variant starts from: players, and option bits (truc.rules OPT_*): mallorca
# 24 points; valencia also flor and the envit before the truc; palacios also 6 players in
# alternate rounds.
PRESET_PLAYERS = b"\x00\x04\x04\x06"
PRESET_OPTIONS = b"\x00\x02\x92\xd2"
# 1 where the variant plays peces: the amo and the madona, and the option of four.
PECES = b"\x00\x01\x00\x00"
# Who plays the baza after a parda: 1 where every player does (mallorca: seed 002 says
# only "si s'empata la primera, decideix la segona"), 0 where only the players who tied
# play on (seed 000: "el desempate se decide con la carta que queda de los dos jugadores
# que han empatado").
PARDA_ALL_PLAY = b"\x00\x01\x00\x00"


def setup_ok(variant, players, options):
    """Whether the rules take this set-up (the VARIANT and OPTIONS commands): what New
    match offers, and what a saved set-up (app.settings) and a saved match must be."""
    return 1 <= variant <= COUNT and R.players_ok(players) and not options & ~R.OPT_ALL \
        and options & R.OPT_TARGET < len(R.TARGETS) \
        and not (options & R.OPT_PECES4 and not PECES[variant]) \
        and not (options & R.OPT_ALTERNATE and players != 6)

# Bet ladders: points by step, step 0 being "no bet" (worth 1 when refused); 0 marks the
# open-ended top step (rules.TOP). Index 0 reads as valencia's.
_TRUC_369 = b"\x01\x03\x06\x09\x00"
_TRUC_234 = b"\x01\x02\x03\x04\x00"
_ENVIT_246 = b"\x01\x02\x04\x06\x00"
_ENVIT_24 = b"\x01\x02\x04\x00"
TRUC_LADDERS = (_TRUC_234, _TRUC_369, _TRUC_234, _TRUC_234)
ENVIT_LADDERS = (_ENVIT_24, _ENVIT_246, _ENVIT_24, _ENVIT_24)
# The log's words for the top steps; the log reads every variant's word in any variant.
TRUC_TOP = (_NO, "fora", "fora", "fora")
ENVIT_TOP = (_NO, "tots", "falta", "falta")

# The cards' strengths (truc.cards), by card (rank * 4 + suit): 0 = not in the deck. One
# row per rank (0..12), suits o c e b. Mallorca's 5o and 5b sit with the other fives;
# with four peces they go above the amo (truc.cards).
_STRENGTH_MALLORCA = (
    b"\x00\x00\x00\x00"  # (no rank 0)
    b"\x08\x08\x0d\x0c"  # 1: 1o 1c tie, then 1b, 1e
    b"\x00\x00\x00\x00"  # 2: removed
    b"\x09\x09\x09\x09"  # 3
    b"\x01\x01\x01\x01"  # 4
    b"\x02\x02\x02\x02"  # 5
    b"\x03\x03\x03\x03"  # 6
    b"\x0a\x04\x0b\x04"  # 7: 7o, 7e are manilles; 7c 7b tie low
    b"\x00\x00\x00\x00"  # 8
    b"\x00\x00\x00\x00"  # 9
    b"\x0e\x05\x05\x05"  # 10: madona 10o
    b"\x06\x06\x06\x0f"  # 11: amo 11b
    b"\x07\x07\x07\x07"  # 12
)
_STRENGTH_VALENCIA = (
    b"\x00\x00\x00\x00"
    b"\x00\x00\x09\x08"  # 1: only 1e and 1b are played
    b"\x00\x00\x00\x00"
    b"\x05\x05\x05\x05"  # 3
    b"\x01\x01\x01\x01"  # 4
    b"\x02\x02\x02\x02"  # 5
    b"\x03\x03\x03\x03"  # 6
    b"\x06\x04\x07\x04"  # 7
)  # 8..12 are not in this deck: indexes past the end read as "not in deck"
STRENGTHS = (b"", _STRENGTH_MALLORCA, _STRENGTH_VALENCIA, _STRENGTH_VALENCIA)

# The values a show can give, by kind of show: the envit with 2 peces, with 4, and the
# flor, each a kind index into the SHOW_ tables below (index = variant id).
SHOW_ENVIT2 = b"\x00\x00\x02\x02"
SHOW_ENVIT4 = b"\x00\x01\x02\x02"
SHOW_FLOR = b"\x00\x03\x04\x04"
# Per kind: the values some hand of the deck makes, as a bit mask over 0..39 (bit v & 7
# of byte v >> 3); the lowest and highest; and the refusal that lists them.
# tests/test_cards.py derives all three from the decks by enumerating every hand.
SHOW_MASKS = (b"\xfb\x00\xb0\xff\x0f", b"\xfb\x00\xb0\xff\x3f", b"\xf8\x00\x00\xff\x03",
              b"\x00\x00\xb0\xff\x7f", b"\x00\x00\x00\xf0\x7f")
SHOW_RANGES = ((0, 35), (0, 37), (3, 33), (20, 38), (28, 38))
SHOW_REFUSALS = ("no hand makes that envit: 0-1, 3-7, 20-21, 23-35",
                 "no hand makes that envit: 0-1, 3-7, 20-21, 23-37",
                 "no hand makes that envit: 3-7, 24-33",
                 "no flor makes that value: 20-21, 23-38",
                 "no flor makes that value: 28-38")
