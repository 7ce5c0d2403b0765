# The words and colours of cards for the dealer's assistant's screens (app.assistant,
# envitcalc, bazacalc, picker, textpage), for the variant of the match (mallorca with two peces
# before one is chosen).
from truc import cards
from truc import rules as R
from truc import variants as V
from truc.variants import MALLORCA
from app import varianttexts as VT
from app.i18n import t
from ui import canvas as C

# Cards with a name of their own. (A card is rank * 4 + suit, so card & 3 is its suit.)
_AMO = cards.card(11, 3)
_MADONA = cards.card(10, 0)
_FIVE_OROS = cards.card(5, 0)
_FIVE_BASTOS = cards.card(5, 3)
_SEVEN_OROS = cards.card(7, 0)
_SEVEN_ESPASES = cards.card(7, 2)

# The colours of the suits on a Spanish deck (monochrome screens show them all alike).
SUIT_COLOUR = (C.MARK, C.WARN, C.TEAM_B, C.GOOD)  # oros, copes, espases, bastos
PARDA = 2  # cards.baza's team for a tie


def game(app):
    """Variant, peces, whether flor is played, and players, of the match."""
    m = app.match
    variant = m.variant()
    if not variant:
        return MALLORCA, 2, False, V.PRESET_PLAYERS[MALLORCA]
    return variant, m.peces() or 2, bool(m.options() & R.OPT_FLOR), m.players()


def variant_name(variant):
    """The variant as its players write it."""
    return t(VT.TITLES[variant])


# ---- card texts -----------------------------------------------------------------------

def suit_word(suit):
    if suit == 0:
        return t("oros")
    if suit == 1:
        return t("copes")
    if suit == 2:
        return t("espases")
    return t("bastos")


def of_suit(suit):
    # "d'oros", "de copes": the form a language elides.
    if suit == 0:
        return t("of oros")
    if suit == 1:
        return t("of copes")
    if suit == 2:
        return t("of espases")
    return t("of bastos")


def _the_rank(rank):
    if rank == 1:
        return t("the ace")
    if rank == 10:
        return t("the jack")
    if rank == 11:
        return t("the knight")
    if rank == 12:
        return t("the king")
    return t("the %d") % rank


def card_text(c):
    """The card as a table says it: "l'as d'espases", "el 7 d'oros", "la sota de copes"."""
    return "%s %s" % (_the_rank(cards.rank_of(c)), of_suit(cards.suit_of(c)))


def nickname(c, variant, peces):
    """The name players give the card in this variant, or ""."""
    if V.PECES[variant]:
        if c == _AMO:
            return t("amo")
        if c == _MADONA:
            return t("madona")
        if peces == 4 and (c == _FIVE_OROS or c == _FIVE_BASTOS):
            return t("peça")
    if c == _SEVEN_ESPASES or c == _SEVEN_OROS:
        return t("manilla")
    return ""


def named(c, variant, peces):
    nick = nickname(c, variant, peces)
    return "%s (%s)" % (card_text(c), nick) if nick else card_text(c)


def rank_named(c, variant, peces):
    """named() without the suit, for a list of one suit's cards: "la sota (madona)"."""
    nick = nickname(c, variant, peces)
    rank = _the_rank(cards.rank_of(c))
    return "%s (%s)" % (rank, nick) if nick else rank


def seat_name(app, seat):
    return app.seat_name(seat)


def seat_label(app, seat):
    """The seat's name and its team letter, for screens without team colours."""
    return "%s (%s)" % (seat_name(app, seat), R.TEAMS[seat & 1])

