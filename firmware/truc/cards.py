# Cards for the assistant tools (RULES.md "Cards"): encoding, decks, the order of the
# cards, envit and flor of a hand, and who takes a baza.
# A card is the small int rank * 4 + suit, so a 52-byte table indexed by card (in
# truc.variants) holds everything per variant and nothing here builds a dict.
from micropython import const

from truc import variants as V

_SUITS = "oceb"  # oros, copes, espases, bastos: the suit is the letter's index
_LAST_CARD = const(51)  # 12 bastos
_FIVE_OROS = const(20)
_FIVE_BASTOS = const(23)
_MADONA = const(40)  # 10 oros
_AMO = const(47)  # 11 bastos

_FOUR_PECES_5B = const(16)  # the strengths of the 5b and 5o with four peces (truc.variants
_FOUR_PECES_5O = const(17)  # has the rest), above the amo's 15


def _strength_table(variant):
    if type(variant) is not int or not 1 <= variant <= V.COUNT:
        raise ValueError("unknown variant %r" % (variant,))
    return V.STRENGTHS[variant]


def _four_peces(variant, peces):
    # Only a variant with peces has the option; elsewhere the argument is ignored.
    if not V.PECES[variant]:
        return False
    if peces != 2 and peces != 4:
        raise ValueError("mallorca plays with 2 or 4 peces, not %r" % (peces,))
    return peces == 4


def _is_rank(rank):
    return 1 <= rank <= 12 and rank != 8 and rank != 9


def _check_card(c):
    # bool is an int on CPython; True/False are never meant as cards.
    if type(c) is not int or not 4 <= c <= _LAST_CARD or not _is_rank(c >> 2):
        raise ValueError("not a card: %r" % (c,))


def _check_cards(cards, count):
    # count 0 = any number (a baza in progress); cards must be distinct either way.
    if not isinstance(cards, (list, tuple)):
        raise ValueError("cards must be a list or tuple, not %r" % (cards,))
    if count and len(cards) != count:
        raise ValueError("need %d cards, got %d" % (count, len(cards)))
    for i in range(len(cards)):
        _check_card(cards[i])
        if cards.index(cards[i]) != i:
            raise ValueError("card %s given twice" % card_name(cards[i]))


def _plain_value(c):
    # The envit value of a card: its number, figures 0.
    rank = c >> 2
    return rank if rank <= 7 else 0


def card(rank, suit):
    if type(rank) is not int or not _is_rank(rank):
        raise ValueError("no card rank %r (ranks are 1-7, 10, 11, 12)" % (rank,))
    if type(suit) is not int or not 0 <= suit <= 3:
        raise ValueError("no suit %r (0 oros, 1 copes, 2 espases, 3 bastos)" % (suit,))
    return rank * 4 + suit


def rank_of(c):
    _check_card(c)
    return c >> 2


def suit_of(c):
    _check_card(c)
    return c & 3


def parse_card(text):
    if not isinstance(text, str) or len(text) < 2:
        raise ValueError("bad card %r: write rank then suit, e.g. 5o, 11b" % (text,))
    digits = text[:-1]
    suit = _SUITS.find(text[-1].lower())
    # Only ASCII digits (int() would take signs, spaces, other scripts), no leading zero.
    if suit < 0 or digits.strip("0123456789") or str(int(digits)) != digits:
        raise ValueError("bad card %r: write rank then suit (o c e b), e.g. 5o, 11b" % (text,))
    rank = int(digits)
    if not _is_rank(rank):
        raise ValueError("bad card %r: no rank %d (ranks are 1-7, 10, 11, 12)" % (text, rank))
    return rank * 4 + suit


def card_name(c):
    _check_card(c)
    return "%d%s" % (c >> 2, _SUITS[c & 3])


def deck(variant):
    table = _strength_table(variant)
    return tuple(c for c in range(len(table)) if table[c])


def removed(variant):
    table = _strength_table(variant)
    return tuple(c for c in range(4, _LAST_CARD + 1)
                 if _is_rank(c >> 2) and (c >= len(table) or not table[c]))


def strength(c, variant, peces):
    table = _strength_table(variant)
    four = _four_peces(variant, peces)
    _check_card(c)
    if c >= len(table) or not table[c]:
        raise ValueError("%s is not in the %s deck" % (card_name(c), V.NAMES[variant]))
    if four and c == _FIVE_OROS:
        return _FOUR_PECES_5O
    if four and c == _FIVE_BASTOS:
        return _FOUR_PECES_5B
    return table[c]


def order(variant, peces):
    cards = deck(variant)
    strengths = [strength(c, variant, peces) for c in cards]
    lines = []
    for s in range(max(strengths), 0, -1):
        line = tuple(cards[i] for i in range(len(cards)) if strengths[i] == s)
        if line:  # with four peces the 5o and 5b leave their line
            lines.append(line)
    return tuple(lines)


def _peca_envit(c, four):
    # What a peça counts in the envit before the best other card is added; 0 = not a peça.
    if c == _AMO:
        return 28
    if c == _MADONA:
        return 27
    if four and c == _FIVE_BASTOS:
        return 29
    if four and c == _FIVE_OROS:
        return 30
    return 0


def envit(cards, variant, peces):
    _check_cards(cards, 3)
    for c in cards:
        strength(c, variant, peces)  # in this deck; also checks variant and peces
    four = _four_peces(variant, peces)
    values = [_plain_value(c) for c in cards]
    best = max(values)
    for i in range(3):
        for j in range(i + 1, 3):
            if cards[i] & 3 == cards[j] & 3:
                best = max(best, values[i] + values[j] + 20)
        if V.PECES[variant]:
            peca = _peca_envit(cards[i], four)
            if peca:
                best = max(best, peca + max(values[(i + 1) % 3], values[(i + 2) % 3]))
    return best


def flor(cards):
    _check_cards(cards, 3)
    suit = cards[0] & 3
    if cards[1] & 3 != suit or cards[2] & 3 != suit:
        return -1
    return _plain_value(cards[0]) + _plain_value(cards[1]) + _plain_value(cards[2]) + 20


def baza(cards, leader, players, variant, peces, seats=None):
    """Who takes a baza: (team or 2 for parda, the seat of the best card). The cards come
    in play order from the leader, one a seat; seats, if given, names the seat of each
    card instead (after a parda only the tied players play on)."""
    _check_cards(cards, 0)
    if type(players) is not int or players not in (2, 4, 6):
        raise ValueError("players must be 2, 4 or 6, not %r" % (players,))
    if type(leader) is not int or not 0 <= leader < players:
        raise ValueError("no seat %r at a table of %d" % (leader, players))
    if seats is None:
        seats = [(leader + i) % players for i in range(players)]
    elif len(set(seats)) != len(seats) or [s for s in seats if not 0 <= s < players]:
        raise ValueError("seats must be different seats of a table of %d" % players)
    if not 1 <= len(cards) <= len(seats):
        raise ValueError("a baza has 1 to %d cards, got %d" % (len(seats), len(cards)))
    best = 0
    best_seat = 0
    teams = 0  # bit 0: team A holds the best strength, bit 1: team B
    for i in range(len(cards)):
        s = strength(cards[i], variant, peces)
        seat = seats[i]
        if s > best:
            best = s
            best_seat = seat
            teams = 0
        if s == best:
            teams |= 1 << (seat & 1)
    return (2 if teams == 3 else best_seat & 1), best_seat

