# The signals players make to their partners, both tables' sets (the assistant's Signals
# page): a module of their own, imported by that page alone.
from truc import variants as V
from app import varianttexts as VT
from app.i18n import t
from ui import canvas as C


def _heading(group):
    # The variants whose players use a group of signals (varianttexts.SIGNALS).
    return ", ".join(t(VT.TITLES[v]) for v in range(1, V.COUNT + 1)
                     if VT.SIGNALS[v] == group) + ":"


def signal_lines(variant):
    """Both tables' signals, the variant's own first; headings marked."""
    mallorca = [(_heading(0), C.MARK),  # seed 002, all of them
                (t("Eyebrows raised: the amo"), C.FG),
                (t("Wink: the madona"), C.FG),
                (t("Tongue out: a good ace"), C.FG),
                (t("Cheek squeezed: a manilla"), C.FG),
                (t("Lips pressed: a three"), C.FG),
                (t("Nose wrinkled: the ace of oros or copes"), C.FG),
                (t("Said aloud: vine a mi, mata, truca, envida"), C.FG)]
    valencia = [(_heading(1), C.MARK),
                (t("Both cheeks puffed: 33"), C.FG),  # these four: seed 000
                (t("Right cheek: 32"), C.FG),
                (t("Left cheek: 31"), C.FG),
                (t("Both eyes shut: cec, no good cards"), C.FG),
                # Not in the seeds: the card signs Valencian tables commonly use.
                (t("Also at the tables:"), C.DIM),
                (t("Eyebrows raised: the ace of espases"), C.FG),
                (t("Wink: the ace of bastos"), C.FG),
                (t("Tongue out: the 7 of espases"), C.FG),
                (t("A nod: a good envit"), C.FG)]
    return valencia + mallorca if VT.SIGNALS[variant] else mallorca + valencia
