# The three presets and their card-related facts, shared by the engine and the card tools.
from micropython import const

MALLORCA = const(1)
VALENCIA = const(2)
PALACIOS = const(3)

# Index = variant id; 0 is "no variant chosen yet".
NAMES = ("", "mallorca", "valencia", "palacios")
