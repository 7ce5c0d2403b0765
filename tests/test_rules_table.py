# RULES.md "Table, seats, teams" and "Cantons and match".
# mp-heap: 72K
from play import play, refused, score, cantons
from truc.match import Match
from truc import rules as R


def test_first_dealer_is_last_seat_so_seat_0_is_ma():
    m = play("variant valencia")
    assert m.dealer() == 3 and m.ma() == 0 and m.round() == 1


def test_deal_passes_to_the_right_each_round():
    m = play("variant mallorca\nset players=6")
    seen = []
    for _ in range(7):
        seen.append((m.dealer(), m.ma()))
        play("baza A\nbaza A", m)
    assert seen == [(5, 0), (0, 1), (1, 2), (2, 3), (3, 4), (4, 5), (5, 0)]


def test_dealer_command_sets_first_dealer():
    m = play("variant valencia\ndealer 1")
    assert m.dealer() == 1 and m.ma() == 2
    play("baza B\nbaza B", m)
    assert m.dealer() == 2 and m.ma() == 3


def test_dealer_seat_out_of_range_refused():
    m = play("variant valencia\nset players=2")
    assert refused(m, "dealer 2") == "no such seat"
    m = play("variant valencia\ndealer 3")
    refused(m, "set players=2")


def test_teams_alternate_even_seats_are_a():
    # A show by seat 3 wins the envit for team B, by seat 2 for team A.
    m = play("variant valencia\nenvit A\nvull B\nshow 3:31 2:30\nbaza A\nbaza A")
    assert score(m) == [1, 2]
    m = play("variant valencia\nenvit A\nvull B\nshow 3:30 2:31\nbaza A\nbaza A")
    assert score(m) == [3, 0]


def test_two_players_one_against_one():
    m = play("variant valencia\nset players=2")
    assert m.dealer() == 1 and m.ma() == 0
    play("baza B\nbaza B", m)
    assert m.dealer() == 0 and m.ma() == 1 and score(m) == [0, 1]


def test_round_without_bets_is_worth_one():
    m = play("variant mallorca\nbaza B\nbaza B")
    assert score(m) == [0, 1] and m.round() == 2


def test_canton_won_at_target_resets_points():
    m = play("variant valencia\nset canton=12\nadjust A +11\nbaza A\nbaza A")
    assert cantons(m) == [1, 0] and score(m) == [0, 0]


def test_points_above_target_are_dropped():
    m = play("variant mallorca\nset canton=12\nadjust B +10\ntruc B\nvull A\nbaza B\nbaza B")
    assert cantons(m) == [0, 1] and score(m) == [0, 0]
    assert m.last_round()[4:7] == (R.B, 3, R.B)


def test_canton_targets_12_18_24():
    for target in (12, 18, 24):
        m = play("variant mallorca\nset canton=%d" % target)
        assert m.target() == target
        play("adjust A +%d" % (target - 1), m)
        assert cantons(m) == [0, 0]
        play("baza A\nbaza A", m)
        assert cantons(m) == [1, 0]


def test_match_goes_to_two_cantons():
    m = play("variant valencia\nset canton=12")
    for _ in range(2):
        play("adjust B +11\nbaza B\nbaza B", m)
    assert m.winner() == R.B


def test_match_option_three_cantons():
    m = play("variant valencia\nset canton=12 cantons=3")
    for _ in range(2):
        play("adjust A +11\nbaza A\nbaza A", m)
    assert m.winner() == R.NOBODY
    play("adjust A +11\nbaza A\nbaza A", m)
    assert m.winner() == R.A and cantons(m) == [3, 0]


def test_command_after_match_won_refused():
    m = play("variant valencia\nset canton=12")
    for _ in range(2):
        play("adjust A +12", m)
    assert m.winner() == R.A
    for line in ("baza A", "truc B", "envit A", "adjust B +1", "fold A", "flor A", "end"):
        assert refused(m, line) == "the match is over"


def test_deal_keeps_rotating_across_cantons_and_round_numbers_go_on():
    m = play("variant valencia\nset canton=12\nadjust A +11\nbaza A\nbaza A")
    assert cantons(m) == [1, 0] and m.round() == 2 and m.dealer() == 0
    play("baza B\nbaza B", m)
    assert m.round() == 3 and m.dealer() == 1 and score(m) == [0, 1]


def test_presets():
    m = play("variant mallorca")
    assert (m.players(), m.target(), m.cantons_to_win(), m.peces()) == (4, 24, 2, 2)
    assert not m.options() & R.OPT_FLOR and not m.duel()
    m = play("variant valencia")
    assert (m.players(), m.target(), m.peces()) == (4, 24, 0)
    assert m.options() & R.OPT_FLOR and not m.options() & R.OPT_ALTERNATE
    m = play("variant palacios")
    assert (m.players(), m.target()) == (6, 24)
    assert m.options() & R.OPT_FLOR and m.options() & R.OPT_ALTERNATE


def test_setup_must_start_with_variant_and_end_before_round():
    m = Match()
    for line in ("baza A", "set players=2", "dealer 1", "truc A"):
        refused(m, line)
    play("variant valencia\nbaza A", m)
    assert refused(m, "set players=2") == "set-up commands must come before the first round command"
    refused(m, "dealer 0")
    refused(m, "variant mallorca")


def test_option_values_checked():
    m = play("variant valencia")
    for line in ("set players=3", "set canton=20", "set cantons=4", "set flor=maybe",
                 "set jocfora=never", "set peces=4", "set colour=red", "set players",
                 "set", "set rounds=alternate"):
        refused(m, line)
    m = play("variant palacios")
    assert refused(m, "set players=4") == "punta rounds need 6 players"
    play("set players=4 rounds=team", m)
    assert m.players() == 4 and not m.duel()
