# The assistant's Card order and Cards to take out pages, as lines of text (app.textpage):
# a module of their own, imported by those pages alone, so that the other screens of the
# assistant hold the card words without them.
from truc import cards
from app import cardwords as W
from app.i18n import t
from ui import canvas as C


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
    head = W.card_text(group[0])
    for c in group[1:-1]:
        head += ", " + W.of_suit(cards.suit_of(c))
    return t("%s and %s") % (head, W.of_suit(cards.suit_of(group[-1])))


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
                parts.append(W.named(group[0], variant, peces))
                if W.nickname(group[0], variant, peces):
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
            text = W.card_text(group[0])
        else:
            text = _and(group)
        lines.append((text, C.FG))
    lines.append((t("%d cards stay") % len(cards.deck(variant)), C.DIM))
    return lines
