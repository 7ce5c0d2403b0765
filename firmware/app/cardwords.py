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


def _of_suit(suit):
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
    return "%s %s" % (_the_rank(cards.rank_of(c)), _of_suit(cards.suit_of(c)))


def _all_of(rank):
    # "els tresos", "les sotes": every card of a rank ("tots" is a call at the table).
    if rank == 1:
        return t("the aces")
    if rank == 2:
        return t("the twos")
    if rank == 3:
        return t("the threes")
    if rank == 4:
        return t("the fours")
    if rank == 5:
        return t("the fives")
    if rank == 6:
        return t("the sixes")
    if rank == 7:
        return t("the sevens")
    if rank == 10:
        return t("the jacks")
    if rank == 11:
        return t("the knights")
    return t("the kings")


def _other(rank):
    # "les altres sotes": the rest of a figure whose named card is above. "" otherwise.
    if rank == 10:
        return t("the other jacks")
    if rank == 11:
        return t("the other knights")
    if rank == 12:
        return t("the other kings")
    return ""


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


def _ranks(group):
    # The ranks of group, in the order they first appear.
    out = []
    for c in group:
        rank = cards.rank_of(c)
        if rank not in out:
            out.append(rank)
    return out


def _and(group):
    # "l'as d'oros i de copes": cards of one rank, named once.
    head = card_text(group[0])
    for c in group[1:-1]:
        head += ", " + _of_suit(cards.suit_of(c))
    return t("%s and %s") % (head, _of_suit(cards.suit_of(group[-1])))


def order_lines(variant, peces):
    """The card order, highest first, as (text, colour): one line per strength, cards
    that tie on one line, the named cards marked."""
    deck = cards.deck(variant)
    above = bytearray(52)  # 1: the card is on a line already written (cards 0-51)
    out = []
    for line in cards.order(variant, peces):
        parts = []
        colour = C.FG
        for rank in _ranks(line):
            group = [c for c in line if cards.rank_of(c) == rank]
            same = [c for c in deck if cards.rank_of(c) == rank]
            if len(group) == 1:
                parts.append(named(group[0], variant, peces))
                if nickname(group[0], variant, peces):
                    colour = C.MARK
            elif len(group) == len(same):
                parts.append(_all_of(rank))
            elif len(group) > 2 and len(group) + sum(above[c] for c in same) \
                    == len(same) and _other(rank):
                parts.append(_other(rank))  # the rest of the rank is above
            else:
                parts.append(_and(group))
        for c in line:
            above[c] = 1
        out.append((" · ".join(parts), colour))
    return out


def removed_lines(variant):
    """What to take out of a 40-card Spanish deck (4 suits of 1-7, 10, 11, 12)."""
    out = cards.removed(variant)
    lines = [(t("Take out %d cards:") % len(out), C.MARK)]
    for rank in _ranks(out):
        group = [c for c in out if cards.rank_of(c) == rank]
        if len(group) == 4:
            text = _all_of(rank)
        elif len(group) == 1:
            text = card_text(group[0])
        else:
            text = _and(group)
        lines.append((text, C.FG))
    lines.append((t("%d cards stay") % len(cards.deck(variant)), C.DIM))
    return lines


def seat_name(app, seat):
    return app.seat_name(seat)


def seat_label(app, seat):
    """The seat's name and its team letter, for screens without team colours."""
    return "%s (%s)" % (seat_name(app, seat), R.TEAMS[seat & 1])

