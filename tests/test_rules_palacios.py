# RULES.md "Palacios del Sil (6 players)".
from play import play, refused, score, cantons
from truc import rules as R


def test_rounds_alternate_redondo_then_punta():
    m = play("variant palacios")
    assert not m.duel() and m.duel() == 0 and m.round() == 1
    play("baza A\nbaza A", m)
    assert m.duel() and m.duel() == 1 and m.round() == 2


def test_punta_round_has_three_duels_scored_on_their_own():
    m = play("variant palacios\nbaza A\nbaza A")  # round 2: dealer 0, mà 1
    assert m.ma() == 1 and m.hand_ma() == 1
    play("truc B\nvull A\nbaza B\nbaza B", m)  # duel 1: seats 1 and 4
    assert m.duel() == 2 and m.hand_ma() == 2 and score(m) == [1, 2]
    play("baza A\nbaza A", m)  # duel 2: seats 2 and 5
    assert m.duel() == 3 and m.hand_ma() == 3 and score(m) == [2, 2]
    play("baza A\nbaza A", m)  # duel 3: seats 3 and 0
    assert m.round() == 3 and m.duel() == 0 and score(m) == [3, 2]


def test_duel_seats_are_opposite_and_nearest_to_ma_first():
    m = play("variant palacios\nbaza A\nbaza A")
    assert [s for s in range(6) if m.plays(s)] == [1, 4]
    play("baza A\nbaza A", m)
    assert [s for s in range(6) if m.plays(s)] == [2, 5]


def test_duel_show_only_by_its_duelists_and_tie_to_duel_ma():
    m = play("variant palacios\nbaza A\nbaza A\nenvit A\nvull B")
    assert refused(m, "show 0:30") == "that seat does not play this duel"
    play("show 4:31 1:31", m)  # the duel's mà is seat 1 (team B)
    assert m.envit_result() == (R.B, 1, 31)


def test_duel_all_parda_goes_to_the_duel_ma():
    m = play("variant palacios\nbaza A\nbaza A\nbaza A\nbaza A")  # now duel 2, mà seat 2
    play("baza parda\nbaza parda\nbaza parda", m)
    assert score(m) == [3, 0] and m.duel() == 3


def test_duel_flor_one_per_duelist():
    m = play("variant palacios\nbaza A\nbaza A\nflor A")
    assert refused(m, "flor A") == "every player of that team has already declared a flor"
    m = play("variant palacios\nflor A\nflor A\nflor A")  # redondo: three players a team
    refused(m, "flor A")


def test_duel_that_wins_the_canton_ends_the_punta_round():
    m = play("variant palacios\nadjust A +23\nbaza B\nbaza B")  # round 2 is punta
    play("baza A\nbaza A", m)
    assert cantons(m) == [1, 0] and m.round() == 3 and not m.duel()


def test_going_in_a_duel_gives_the_rival_duelist_the_envit():
    m = play("variant palacios\nbaza A\nbaza A\nfold A")
    assert m.envit_window() == R.B and m.duel() == 1
    play("end", m)
    assert m.duel() == 2 and score(m) == [1, 1]


def test_team_only_option_keeps_every_round_redondo():
    m = play("variant palacios\nset rounds=team")
    for _ in range(3):
        play("baza A\nbaza A", m)
        assert not m.duel()


def test_dealer_rotates_through_punta_rounds():
    m = play("variant palacios\nbaza A\nbaza A")
    assert m.dealer() == 0
    play("baza A\nbaza A\nbaza A\nbaza A\nbaza A\nbaza A", m)
    assert m.round() == 3 and m.dealer() == 1
