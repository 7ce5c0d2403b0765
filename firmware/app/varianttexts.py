# The variants' words on screen, one table per kind of text indexed by variant id like
# truc.variants (which holds their rules and keeps screen words out of the engine). The
# entries are English keys for t(). tests/test_variants.py checks every table for every
# variant.

# Variant 0's entry, and step 0's. A name rather than "": a tuple holding a name is built
# at import from interned strings (shared with the translations), where a tuple of
# literals alone would be loaded with a heap copy of every string.
_NO = ""

# The variant as its players write it, and shorter (past matches).
TITLES = (_NO, "Mallorca", "València", "Palacios del Sil")
SHORT_TITLES = (_NO, "Mallorca", "València", "Palacios")

# What the table calls each step of the ladders (truc.variants), by step; where the steps
# are counted (mallorca) a name says its points through "%d" ("envit 4"), unless the
# name says them already ("val nou").
_TRUC_MALLORCA = (_NO, "truc %d", "retruc %d", "val nou", "joc fora")
_TRUC_VALENCIA = (_NO, "truc", "retruc", "quatre val", "joc fora")
_ENVIT_MALLORCA = (_NO, "envit %d", "envit %d", "envit %d", "tots")  # 4 and 6: the points say it
_ENVIT_VALENCIA = (_NO, "envit", "torne", "falta")
TRUC_NAMES = (_TRUC_VALENCIA, _TRUC_MALLORCA, _TRUC_VALENCIA, _TRUC_VALENCIA)
ENVIT_NAMES = (_ENVIT_VALENCIA, _ENVIT_MALLORCA, _ENVIT_VALENCIA, _ENVIT_VALENCIA)

# What a team says as it folds.
FOLD_WORDS = (_NO, "%s goes (ens n'anam)", "%s goes (ens n'anem)", "%s goes (ens n'anem)")

# Whose signals the players use (the assistant lists them first; app.cardwords has
# them): 0 mallorca's (seed 002), 1 those of the Valencian tables (seed 000).
SIGNALS = b"\x00\x00\x01\x01"
