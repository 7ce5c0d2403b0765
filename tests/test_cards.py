# RULES.md "Cards": encoding, decks, card order, envit, flor and the baza resolver.
# Runs on CPython (pytest) and on the MicroPython unix port (tests/mp_run.py).
from truc.cards import (card, rank_of, suit_of, parse_card, card_name, deck, removed,
                        strength, order, envit, flor, baza)
from truc.variants import MALLORCA, VALENCIA, PALACIOS
from truc import variants as V

SPANISH_RANKS = (1, 2, 3, 4, 5, 6, 7, 10, 11, 12)

# The order tables of RULES.md, highest first, "|" between lines, tied cards on one line.
MALLORCA_TWO_PECES = ("11b | 10o | 1e | 1b | 7e | 7o | 3o 3c 3e 3b | 1o 1c | 12o 12c 12e 12b"
                      " | 11o 11c 11e | 10c 10e 10b | 7c 7b | 6o 6c 6e 6b | 5o 5c 5e 5b"
                      " | 4o 4c 4e 4b")
MALLORCA_FOUR_PECES = ("5o | 5b | 11b | 10o | 1e | 1b | 7e | 7o | 3o 3c 3e 3b | 1o 1c"
                       " | 12o 12c 12e 12b | 11o 11c 11e | 10c 10e 10b | 7c 7b | 6o 6c 6e 6b"
                       " | 5c 5e | 4o 4c 4e 4b")
VALENCIA_ORDER = "1e | 1b | 7e | 7o | 3o 3c 3e 3b | 7c 7b | 6o 6c 6e 6b | 5o 5c 5e 5b | 4o 4c 4e 4b"


def raises(fn, *args):
    """Calls fn(*args), asserts it raised ValueError and returns the message."""
    try:
        fn(*args)
    except ValueError as e:
        return str(e)
    raise AssertionError("no ValueError for %r" % (args,))


def cards_of(text):
    return tuple(parse_card(name) for name in text.split())


def table(text):
    return tuple(cards_of(line) for line in text.split("|"))


def spanish_deck():
    return tuple(card(r, s) for r in SPANISH_RANKS for s in range(4))


# Encoding, names, parsing

def test_card_is_rank_times_four_plus_suit():
    assert card(1, 0) == 4
    assert card(5, 0) == 20
    assert card(11, 3) == 47
    assert card(12, 3) == 51
    for c in spanish_deck():
        assert card(rank_of(c), suit_of(c)) == c


def test_parse_card_reads_rank_and_suit_letter_any_case():
    assert parse_card("5o") == card(5, 0)
    assert parse_card("11b") == card(11, 3)
    assert parse_card("1E") == card(1, 2)
    assert parse_card("12C") == card(12, 1)
    assert parse_card("7c") == card(7, 1)


def test_card_name_is_rank_and_lowercase_suit():
    assert card_name(card(11, 3)) == "11b"
    assert card_name(card(1, 2)) == "1e"
    assert card_name(parse_card("10O")) == "10o"


def test_parse_and_name_round_trip_over_the_spanish_deck():
    names = set()
    for c in spanish_deck():
        name = card_name(c)
        assert parse_card(name) == c
        assert parse_card(name.upper()) == c
        names.add(name)
    assert len(names) == 40


def test_parse_card_rejects_ranks_8_9_0_and_above_12():
    for text in ("8o", "9c", "0e", "13b", "20o"):
        assert "rank" in raises(parse_card, text), text


def test_parse_card_rejects_malformed_text():
    for text in ("", "5", "o", "5x", "05o", "+5o", "-1b", " 5o", "5o ", "1.5o", "bb", "11",
                 "5oo", "o5"):
        assert "bad card" in raises(parse_card, text), text
    raises(parse_card, 5)
    raises(parse_card, None)


def test_card_rejects_bad_rank_or_suit():
    for rank, suit in ((0, 0), (8, 0), (9, 3), (13, 0), (5, 4), (5, -1), ("5", 0), (5, "o")):
        raises(card, rank, suit)


def test_rank_suit_and_name_reject_non_cards():
    for c in (-1, 0, 3, 32, 36, 52, 99, "5o", None, True):
        raises(rank_of, c)
        raises(suit_of, c)
        raises(card_name, c)


# Decks

def test_mallorca_deck_is_36_spanish_without_the_2s():
    d = deck(MALLORCA)
    assert len(d) == 36
    assert removed(MALLORCA) == cards_of("2o 2c 2e 2b")
    for c in spanish_deck():
        assert (c in d) == (rank_of(c) != 2)


def test_valencia_and_palacios_deck_is_3_to_7_plus_1e_1b():
    for variant in (VALENCIA, PALACIOS):
        d = deck(variant)
        assert len(d) == 22
        assert parse_card("1e") in d and parse_card("1b") in d
        for c in d:
            assert 3 <= rank_of(c) <= 7 or c in cards_of("1e 1b")
        assert removed(variant) == cards_of("1o 1c 2o 2c 2e 2b 10o 10c 10e 10b 11o 11c 11e 11b"
                                            " 12o 12c 12e 12b")


def test_deck_and_removed_split_the_spanish_40():
    for variant in (MALLORCA, VALENCIA, PALACIOS):
        d = deck(variant)
        r = removed(variant)
        assert len(d) + len(r) == 40
        assert sorted(d + r) == sorted(spanish_deck())


def test_unknown_variant_is_refused():
    for variant in (0, 4, None, "mallorca"):
        raises(deck, variant)
        raises(removed, variant)
        raises(order, variant, 2)
        raises(strength, parse_card("3o"), variant, 2)
        raises(envit, cards_of("3o 4o 5o"), variant, 2)
        raises(baza, cards_of("3o 4o"), 0, 2, variant, 2)


# Order of the cards

def check_order(variant, peces, expected):
    lines = order(variant, peces)
    assert lines == table(expected)
    listed = [c for line in lines for c in line]
    assert sorted(listed) == sorted(deck(variant))
    above = 1000
    for line in lines:
        s = strength(line[0], variant, peces)
        assert s < above, card_name(line[0])
        for c in line:
            assert strength(c, variant, peces) == s, card_name(c)
        above = s


def test_mallorca_two_peces_order_is_the_rules_table():
    check_order(MALLORCA, 2, MALLORCA_TWO_PECES)


def test_mallorca_four_peces_puts_5o_then_5b_above_amo():
    check_order(MALLORCA, 4, MALLORCA_FOUR_PECES)
    assert strength(parse_card("5o"), MALLORCA, 4) > strength(parse_card("5b"), MALLORCA, 4)
    assert strength(parse_card("5b"), MALLORCA, 4) > strength(parse_card("11b"), MALLORCA, 4)


def test_valencia_and_palacios_order_starts_with_1e():
    check_order(VALENCIA, 0, VALENCIA_ORDER)
    check_order(PALACIOS, 0, VALENCIA_ORDER)


def test_four_peces_moves_only_5o_and_5b():
    for c in deck(MALLORCA):
        moved = c in cards_of("5o 5b")
        assert (strength(c, MALLORCA, 2) != strength(c, MALLORCA, 4)) == moved, card_name(c)


def test_with_two_peces_5o_and_5b_tie_with_the_other_fives():
    assert strength(parse_card("5o"), MALLORCA, 2) == strength(parse_card("5c"), MALLORCA, 2)
    assert strength(parse_card("5b"), MALLORCA, 2) == strength(parse_card("5e"), MALLORCA, 2)


def test_valencia_ignores_peces():
    for c in deck(VALENCIA):
        assert strength(c, VALENCIA, 0) == strength(c, VALENCIA, 4) == strength(c, VALENCIA, 2)


def test_strength_refuses_cards_not_in_the_deck():
    assert "not in the mallorca deck" in raises(strength, parse_card("2o"), MALLORCA, 2)
    for name in ("1o", "1c", "2e", "10o", "11b", "12c"):
        assert "not in the valencia deck" in raises(strength, parse_card(name), VALENCIA, 0)
        raises(strength, parse_card(name), PALACIOS, 0)
    for c in (0, 32, 52, -4, "3o", None):
        raises(strength, c, MALLORCA, 2)


def test_mallorca_peces_must_be_2_or_4():
    for peces in (0, 1, 3, 5, None):
        raises(strength, parse_card("3o"), MALLORCA, peces)
        raises(order, MALLORCA, peces)
        raises(envit, cards_of("3o 4o 5o"), MALLORCA, peces)


# Envit

def test_envit_two_of_a_suit_is_values_plus_20():
    assert envit(cards_of("6o 7o 3c"), VALENCIA, 0) == 33
    assert envit(cards_of("4e 5e 7b"), VALENCIA, 0) == 29
    assert envit(cards_of("1e 3e 7b"), VALENCIA, 0) == 24


def test_envit_no_pair_is_best_single_card():
    assert envit(cards_of("7b 3o 6c"), VALENCIA, 0) == 7
    assert envit(cards_of("1e 1b 3o"), VALENCIA, 0) == 3
    assert envit(cards_of("4o 1c 6e"), MALLORCA, 2) == 6


def test_envit_three_of_a_suit_counts_best_two():
    assert envit(cards_of("7o 6o 3o"), VALENCIA, 0) == 33
    assert envit(cards_of("7c 10c 12c"), MALLORCA, 2) == 27


def test_envit_figures_count_zero():
    assert envit(cards_of("10c 11e 12o"), MALLORCA, 2) == 0
    assert envit(cards_of("10c 12c 4o"), MALLORCA, 2) == 20
    assert envit(cards_of("11o 12e 3b"), MALLORCA, 2) == 3


def test_envit_amo_plus_seven_is_35():
    assert envit(cards_of("11b 7c 4o"), MALLORCA, 2) == 35
    assert envit(cards_of("11b 7b 4o"), MALLORCA, 2) == 35  # beats the bastos pair's 27
    assert envit(cards_of("11b 7b 4o"), MALLORCA, 4) == 35


def test_envit_madona_is_27_plus_best_other_card():
    assert envit(cards_of("10o 7e 3c"), MALLORCA, 2) == 34
    assert envit(cards_of("10o 12c 11e"), MALLORCA, 2) == 27
    assert envit(cards_of("10o 6c 7c"), MALLORCA, 2) == 34  # over the copes pair's 33


def test_envit_peca_adds_best_other_card_whatever_its_suit():
    assert envit(cards_of("11b 6o 3e"), MALLORCA, 2) == 34
    assert envit(cards_of("10o 4b 5c"), MALLORCA, 2) == 32


def test_envit_other_peca_counts_its_plain_value():
    assert envit(cards_of("11b 10o 12c"), MALLORCA, 2) == 28  # madona adds 0 to the amo
    assert envit(cards_of("11b 5b 12o"), MALLORCA, 4) == 33  # 5b adds 5 to the amo
    assert envit(cards_of("5o 5b 4c"), MALLORCA, 4) == 35  # 5o 30 + 5b's 5


def test_envit_four_peces_5o_30_5b_29():
    assert envit(cards_of("5o 7c 3e"), MALLORCA, 4) == 37
    assert envit(cards_of("5b 7c 3e"), MALLORCA, 4) == 36
    assert envit(cards_of("5o 12c 11e"), MALLORCA, 4) == 30
    assert envit(cards_of("5b 12c 11e"), MALLORCA, 4) == 29


def test_envit_two_peces_5o_5b_are_plain_fives():
    assert envit(cards_of("5o 7c 3e"), MALLORCA, 2) == 7
    assert envit(cards_of("5o 5b 4c"), MALLORCA, 2) == 5
    assert envit(cards_of("5b 7b 3e"), MALLORCA, 2) == 32


def test_envit_refuses_bad_hands():
    raises(envit, cards_of("3o 4o"), VALENCIA, 0)
    raises(envit, cards_of("3o 4o 5o 6o"), VALENCIA, 0)
    assert "twice" in raises(envit, cards_of("3o 4o 3o"), VALENCIA, 0)
    raises(envit, cards_of("2o 4o 5o"), MALLORCA, 2)
    raises(envit, cards_of("10o 4o 5o"), VALENCIA, 0)
    raises(envit, (12, 16, 99), MALLORCA, 2)
    raises(envit, "3o 4o 5o", VALENCIA, 0)
    raises(envit, None, VALENCIA, 0)


def envit_limits(variant, peces):
    """(lowest, highest, highest without a peca, lowest with a peca, hands) over every hand."""
    d = deck(variant)
    pieces = cards_of("11b 10o")
    if peces == 4:
        pieces = cards_of("11b 10o 5o 5b")
    low = high = plain_high = None
    peca_low = 99
    hands = 0
    n = len(d)
    for i in range(n):
        for j in range(i + 1, n):
            for k in range(j + 1, n):
                e = envit((d[i], d[j], d[k]), variant, peces)
                hands += 1
                if low is None or e < low:
                    low = e
                if high is None or e > high:
                    high = e
                if d[i] in pieces or d[j] in pieces or d[k] in pieces:
                    peca_low = min(peca_low, e)
                elif plain_high is None or e > plain_high:
                    plain_high = e
    return low, high, plain_high, peca_low, hands


def test_envit_limits_valencia_3_to_33_over_every_hand():
    low, high, plain_high, _, hands = envit_limits(VALENCIA, 0)
    assert hands == 1540
    assert (low, high) == (3, 33)


def test_envit_limits_mallorca_two_peces_0_to_35_over_every_hand():
    low, high, plain_high, peca_low, hands = envit_limits(MALLORCA, 2)
    assert hands == 7140
    assert (low, high) == (0, 35)
    assert plain_high == 33  # without a peça: 6 + 7 + 20
    assert peca_low == 27  # madona with two figures


def test_envit_limits_mallorca_four_peces_0_to_37_over_every_hand():
    low, high, plain_high, peca_low, hands = envit_limits(MALLORCA, 4)
    assert (low, high) == (0, 37)
    assert plain_high == 33
    assert peca_low == 27




def show_values(variant, peces, flors):
    """Every value a show can give, ascending: the envit of each hand of the deck, or
    (flors) the value of each flor. It enumerates every hand (7,140 in mallorca), so it
    lives here: the engine keeps the result in truc.variants."""
    cards = deck(variant)
    n = len(cards)
    seen = bytearray(40)
    for i in range(n):
        for j in range(i + 1, n):
            for k in range(j + 1, n):
                hand = (cards[i], cards[j], cards[k])
                value = flor(hand) if flors else envit(hand, variant, peces)
                if value >= 0:
                    seen[value] = 1
    return tuple(v for v in range(40) if seen[v])


def test_rules_md_gaps_in_the_shown_values():
    # RULES.md: valencia 8..23, mallorca (two peces) 2, 8..19, 22 no hand makes.
    assert show_values(VALENCIA, 0, False) == tuple(range(3, 8)) + tuple(range(24, 34))
    gaps = [v for v in range(36) if v not in show_values(MALLORCA, 2, False)]
    assert gaps == [2] + list(range(8, 20)) + [22]


def _runs(values):
    # "3-7, 24-33": the refusal's list of the possible values.
    out = []
    i = 0
    while i < len(values):
        j = i
        while j + 1 < len(values) and values[j + 1] == values[j] + 1:
            j += 1
        out.append(str(values[i]) if i == j else "%d-%d" % (values[i], values[j]))
        i = j + 1
    return ", ".join(out)


def test_the_engine_show_tables_are_the_decks_hands():
    for variant in range(1, len(V.NAMES)):
        for peces, kinds in ((2, V.SHOW_ENVIT2), (4, V.SHOW_ENVIT4), (0, V.SHOW_FLOR)):
            flors = peces == 0
            values = show_values(variant, peces or 2, flors)
            kind = kinds[variant]
            mask = V.SHOW_MASKS[kind]
            assert [v for v in range(40) if mask[v >> 3] >> (v & 7) & 1] == list(values)
            assert V.SHOW_RANGES[kind] == (values[0], values[-1])
            what = "no flor makes that value: " if flors else "no hand makes that envit: "
            assert V.SHOW_REFUSALS[kind] == what + _runs(values)


# Flor

def test_flor_is_sum_of_three_values_plus_20():
    assert flor(cards_of("7o 6o 5o")) == 38
    assert flor(cards_of("1e 7e 3e")) == 31
    assert flor(cards_of("3b 4b 1b")) == 28
    assert flor([parse_card("10c"), parse_card("11c"), parse_card("12c")]) == 20


def test_flor_needs_three_of_one_suit():
    assert flor(cards_of("7o 6o 5c")) == -1
    assert flor(cards_of("1e 1b 3e")) == -1
    assert flor(cards_of("3o 3c 3e")) == -1


def test_flor_refuses_bad_hands():
    raises(flor, cards_of("7o 6o"))
    raises(flor, cards_of("7o 6o 5o 4o"))
    assert "twice" in raises(flor, cards_of("7o 6o 7o"))
    raises(flor, (28, 24, 32))  # 32 would be an 8
    raises(flor, "7o 6o 5o")


# Baza

def test_baza_highest_card_wins_for_its_team():
    assert baza(cards_of("3o 1e 7o 4c"), 0, 4, MALLORCA, 2) == (1, 1)
    assert baza(cards_of("3o 1e 11b 4c"), 0, 4, MALLORCA, 2) == (0, 2)
    assert baza(cards_of("7o 7e 1b 1e"), 0, 4, VALENCIA, 0) == (1, 3)


def test_baza_seats_follow_play_order_from_the_leader():
    assert baza(cards_of("4o 11b 5c 6c"), 2, 4, MALLORCA, 2) == (1, 3)
    assert baza(cards_of("4o 11b 5c 6c"), 3, 4, MALLORCA, 2) == (0, 0)
    assert baza(cards_of("4o 5c 6c 7c 3o 1e"), 5, 6, PALACIOS, 0) == (0, 4)
    assert baza(cards_of("1e 5c 6c 7c 3o 4e"), 5, 6, PALACIOS, 0) == (1, 5)


def test_first_baza_parda_when_both_teams_hold_top_rank():
    assert baza(cards_of("3o 4c 5e 3b"), 1, 4, MALLORCA, 2) == (2, 1)
    assert baza(cards_of("3o 3c"), 0, 2, VALENCIA, 0) == (2, 0)
    assert baza(cards_of("1o 1c 4e 5b"), 0, 4, MALLORCA, 2) == (2, 0)
    assert baza(cards_of("7c 7b 6o 4b"), 0, 4, VALENCIA, 0) == (2, 0)


def test_baza_tie_within_one_team_is_won_by_that_team():
    assert baza(cards_of("3o 4c 3e 5b"), 0, 4, MALLORCA, 2) == (0, 0)
    assert baza(cards_of("4c 3o 5b 3e"), 0, 4, MALLORCA, 2) == (1, 1)
    assert baza(cards_of("3o 4c 3e 5b 6o 3c"), 0, 6, PALACIOS, 0) == (2, 0)


def test_baza_tie_below_the_best_card_does_not_matter():
    assert baza(cards_of("3o 3c 1e 4b"), 0, 4, MALLORCA, 2) == (0, 2)


def test_baza_four_peces_5o_beats_amo():
    assert baza(cards_of("11b 5o"), 0, 2, MALLORCA, 4) == (1, 1)
    assert baza(cards_of("11b 5o"), 0, 2, MALLORCA, 2) == (0, 0)
    assert baza(cards_of("5b 5o"), 1, 2, MALLORCA, 4) == (0, 0)
    assert baza(cards_of("5b 5o"), 1, 2, MALLORCA, 2) == (2, 1)


def test_baza_partial_tells_who_is_winning_so_far():
    assert baza(cards_of("3o"), 1, 4, MALLORCA, 2) == (1, 1)
    assert baza(cards_of("3o 7o"), 1, 4, MALLORCA, 2) == (0, 2)
    assert baza(cards_of("3o 3c"), 1, 4, MALLORCA, 2) == (2, 1)
    assert baza([parse_card("6b"), parse_card("1b"), parse_card("7e")], 4, 6, PALACIOS, 0) == (1, 5)


def test_baza_refuses_bad_input():
    assert "1 to 4" in raises(baza, (), 0, 4, MALLORCA, 2)
    raises(baza, [], 0, 4, MALLORCA, 2)
    assert "twice" in raises(baza, cards_of("3o 4c 3o"), 0, 4, MALLORCA, 2)
    assert "not in the mallorca deck" in raises(baza, cards_of("3o 2c"), 0, 4, MALLORCA, 2)
    raises(baza, cards_of("3o 11c"), 0, 4, VALENCIA, 0)
    raises(baza, cards_of("3o 4c 5e"), 0, 2, MALLORCA, 2)  # more cards than players
    raises(baza, cards_of("3o 4c 5e 6b 7b"), 0, 4, MALLORCA, 2)
    for leader in (-1, 4, None):
        raises(baza, cards_of("3o 4c"), leader, 4, MALLORCA, 2)
    for players in (0, 1, 3, 5, 8, None):
        raises(baza, cards_of("3o"), 0, players, MALLORCA, 2)
    raises(baza, cards_of("3o 4c"), 0, 4, MALLORCA, 3)
    raises(baza, (12, 99), 0, 4, MALLORCA, 2)
    raises(baza, "3o", 0, 4, MALLORCA, 2)


def test_baza_of_the_tied_players_only():
    # After a parda only the tied seats play: each card belongs to the seat named for it.
    assert baza(cards_of("5c 5e"), 1, 6, PALACIOS, 0, [1, 4]) == (2, 1)
    assert baza(cards_of("6e 7o"), 1, 6, PALACIOS, 0, [1, 4]) == (0, 4)
    assert baza(cards_of("7o"), 1, 6, PALACIOS, 0, [1, 4]) == (1, 1)
    for seats in ([1, 1], [1, 6]):
        try:
            baza(cards_of("6e 7o"), 1, 6, PALACIOS, 0, seats)
        except ValueError:
            continue
        raise AssertionError(seats)
