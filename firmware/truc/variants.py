# The three presets and their card-related facts, shared by the engine and the card tools.
from micropython import const

MALLORCA = const(1)
VALENCIA = const(2)
PALACIOS = const(3)

# Index = variant id; 0 is "no variant chosen yet".
NAMES = ("", "mallorca", "valencia", "palacios")

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
