# RULES.md "The bazas", "Flor", "Going" and "Closing the round".
# mp-heap: 72K
from play import play, refused, score, cantons
from truc import rules as R


def _winner_of(bazas, dealer=3):
    m = play("variant valencia\ndealer %d\n" % dealer + "\n".join("baza " + b for b in bazas))
    assert m.round() == 2, bazas  # decided exactly with the last baza
    return "A" if score(m) == [1, 0] else "B"


def test_two_bazas_win_the_round():
    assert _winner_of(["A", "A"]) == "A"
    assert _winner_of(["B", "A", "B"]) == "B"


def test_first_counts_for_a_thousand():
    assert _winner_of(["A", "parda"]) == "A"
    assert _winner_of(["B", "A", "parda"]) == "B"


def test_first_parda_next_non_parda_decides():
    assert _winner_of(["parda", "B"]) == "B"
    assert _winner_of(["parda", "parda", "A"]) == "A"


def test_all_three_parda_the_ma_wins():
    assert _winner_of(["parda", "parda", "parda"], dealer=3) == "A"  # mà seat 0
    assert _winner_of(["parda", "parda", "parda"], dealer=0) == "B"  # mà seat 1


def test_the_last_round_says_three_pardas_gave_it_to_the_ma():
    # last_round()'s why, bit 2: "+1" to the mà's team with no baza won (joc fora, bit 1,
    # may come with it).
    m = play("variant valencia\nbaza parda\nbaza parda\nbaza parda")
    assert m.last_round()[4:6] == (R.A, 1) and m.last_round()[8] == 2
    m = play("variant valencia\ntruc B fora\nvull A\nbaza parda\nbaza parda\nbaza parda")
    assert m.last_round()[4] == R.A and m.last_round()[8] == 3
    for bazas in ("parda\nparda\nB", "A\nparda", "B\nA\nparda"):
        m = play("variant valencia\nbaza " + bazas.replace("\n", "\nbaza "))
        assert m.last_round()[8] == 0, bazas



def test_round_undecided_until_decided():
    m = play("variant valencia\nbaza A\nbaza B")
    assert m.round() == 1 and m.round_winner() == R.NOBODY
    m = play("variant valencia\nbaza parda")
    assert m.round() == 1


def test_baza_after_round_decided_refused():
    m = play("variant valencia\nenvit A\nvull B\nbaza A\nbaza A")
    assert refused(m, "baza B") == "the round is already decided"
    assert refused(m, "baza X") == "team must be A or B, not 'x'"


def test_flor_pays_three_and_cancels_envit():
    m = play("variant valencia\nenvit A\nvull B\nflor B\nbaza A\nbaza A")
    assert score(m) == [1, 3]
    m = play("variant valencia\nenvit A\nflor B\nbaza A\nbaza A")  # pending envit void too
    assert score(m) == [1, 3]


def test_flor_each_declared_pays_its_team():
    m = play("variant valencia\nflor A\nflor A\nbaza B\nbaza B")
    assert score(m) == [6, 1]


def test_flor_at_most_one_per_player():
    m = play("variant valencia\nflor A\nflor A")
    assert refused(m, "flor A") == "every player of that team has already declared a flor"
    m = play("variant valencia\nset players=2\nflor B")
    refused(m, "flor B")


def test_flor_off_in_mallorca():
    m = play("variant mallorca")
    assert refused(m, "flor A") == "flor is off in this match"
    m = play("variant mallorca\nset flor=on\nflor A\nbaza A\nbaza A")
    assert score(m) == [4, 0]
    m = play("variant valencia\nset flor=off")
    refused(m, "flor B")


def test_flor_only_in_first_baza_and_not_while_truc_pending():
    m = play("variant valencia\nbaza A")
    assert refused(m, "flor A") == "the envit and the flor belong to the first baza"
    m = play("variant valencia\ntruc A")
    assert refused(m, "flor B") == "a truc call is pending: answer it first"


def test_no_envit_after_a_single_teams_flor():
    m = play("variant valencia\nflor A")
    assert refused(m, "envit B") == ("after a flor the envit is only on the flors, "
                                     "when both teams have one")
    refused(m, "envit A")


def test_envit_on_the_flors_when_both_teams_have_one():
    m = play("variant valencia\nflor A\nflor B\nenvit B\nvull A\nshow 0:35 1:33\nbaza B\nbaza B")
    assert score(m) == [3 + 2, 3 + 1]
    assert m.last_round()[:4] == (3, 3, R.A, 2)


def test_flor_envit_survives_further_flors_and_shows_flor_values():
    m = play("variant valencia\nflor A\nflor B\nenvit A\nvull B\nflor B\nshow 3:38")
    play("baza A\nbaza A", m)
    assert score(m) == [3 + 1, 6 + 2]


def test_an_envit_on_the_flors_may_follow_a_refused_envit():
    # Seed 000: "...a no ser que otro jugador tenga flor y haya envite de flores". The
    # refused envit stays paid, to its caller, beside the envit on the flors.
    m = play("variant valencia\nenvit A\nnovull B\nflor A\nflor B")
    assert m.envit_kept() == (R.NOBODY, 0)
    play("envit B\nvull A", m)
    assert m.envit_kept() == (R.A, 1) and m.envit_on_flors()
    play("show 1:38\nbaza A\nbaza A", m)
    assert score(m) == [3 + 1 + 1, 3 + 2]  # flor, refused envit, round; flor, flors' envit
    assert m.last_round() == (3, 3, R.B, 2, R.A, 1, R.NOBODY, 1, 4)  # 4: on the flors
    m = play("variant valencia\nenvit A\nenvit B\nnovull A\nflor B\nflor A\nenvit A")
    assert m.envit_on_flors()
    assert refused(m, "envit A") == "a team cannot answer its own call"
    play("envit B\nnovull A\nbaza B\nbaza B", m)  # the torne refused: 2, and 2 again
    assert score(m) == [3, 3 + 2 + 2 + 1]
    assert m.last_round() == (3, 3, R.B, 4, R.B, 1, R.NOBODY, 0, 4)
    m = play("variant valencia\nenvit A\nnovull B\nflor A\nflor B\nenvit B\nnovull A")
    assert refused(m, "envit A") == "the envit of this round is already settled"
    assert refused(m, "envit B") == "the envit of this round is already settled"


def test_no_envit_after_a_refused_one_without_a_flor_each():
    m = play("variant valencia\nenvit A\nnovull B\nflor A")
    assert refused(m, "envit A") == "the envit of this round is already settled"


def test_the_refused_envit_is_paid_before_the_one_on_the_flors():
    # A refused envit that reaches the target wins the canton: the next is not added.
    m = play("variant valencia\nadjust A +20\nadjust B +17\nenvit A\nnovull B\nflor A"
             "\nflor B\nenvit B\nvull A\nshow 1:38\nbaza B\nbaza B")
    assert cantons(m) == [1, 0] and m.last_round()[2:] == (R.A, 1, R.NOBODY, 0, R.A, 0, 0)


def test_refused_envit_stays_paid_after_a_flor():
    m = play("variant valencia\nenvit A\nnovull B\nflor B\nbaza B\nbaza B")
    assert score(m) == [1, 4]


def test_going_gives_the_rivals_the_truc_so_far():
    m = play("variant mallorca\nbaza A\nfold B")
    assert score(m) == [1, 0] and m.round() == 2
    m = play("variant mallorca\ntruc A\nvull B\nbaza B\nfold A")
    assert score(m) == [0, 3]
    m = play("variant valencia\nbaza A\ntruc A\ntruc B\nvull A\nfold A")
    assert score(m) == [0, 3]


def test_going_in_first_baza_leaves_the_rivals_an_envit():
    m = play("variant valencia\nfold A")
    assert m.round() == 1 and m.envit_window() == R.B
    assert refused(m, "envit A") == ("the round is over: only the rivals may still call an envit, "
                                     "or 'end'")
    for line in ("baza A", "truc B", "flor B", "fold B"):
        assert refused(m, line) == "the round is already decided"
    play("envit B\nvull A\nenvitwin B", m)
    assert score(m) == [0, 3] and m.round() == 2


def test_going_in_first_baza_then_end_closes_without_envit():
    m = play("variant valencia\nfold B\nend")
    assert score(m) == [1, 0] and m.round() == 2
    m = play("variant valencia\nfold B\nenvit A\nnovull B")
    assert score(m) == [2, 0] and m.round() == 2


def test_going_closes_at_once_after_an_envit_or_flor():
    m = play("variant valencia\nenvit A\nnovull B\nfold A")
    assert score(m) == [1, 1] and m.round() == 2
    m = play("variant valencia\nflor A\nfold A")
    assert score(m) == [3, 1] and m.round() == 2
    m = play("variant valencia\nbaza A\nfold A")
    assert m.round() == 2


def test_refused_truc_in_first_baza_opens_envit_for_the_caller():
    # Mallorca: in valencia the truc call has closed the envit (RULES.md "Going").
    m = play("variant mallorca\ntruc A\nnovull B")
    assert m.envit_window() == R.A and m.round() == 1
    play("envit A\nenvit B\nvull A\nenvitwin B", m)
    assert score(m) == [1, 4]


def test_going_while_a_call_is_pending_refused():
    m = play("variant valencia\nenvit A")
    assert refused(m, "fold B") == "an envit is pending: answer it first"


def test_end_only_when_waiting_for_an_optional_envit():
    m = play("variant valencia")
    assert refused(m, "end") == "the round is not waiting for an optional envit"
    m = play("variant valencia\nfold A\nenvit B")
    refused(m, "end")


def test_envit_counts_before_truc_and_wins_the_canton():
    # Both would reach 24 this round: the canton goes to the envit.
    m = play("variant mallorca\nadjust A +22\nadjust B +21\nenvit A\nvull B\ntruc B\nvull A")
    play("envitwin A\nbaza B\nbaza B", m)
    assert cantons(m) == [1, 0]
    assert m.last_round() == (0, 0, R.A, 2, R.NOBODY, 0, R.A, 0, 0)


def test_flor_counts_before_truc():
    m = play("variant valencia\nadjust B +22\nadjust A +21\nflor A\nbaza B\nbaza B")
    assert cantons(m) == [1, 0]


def test_envit_point_then_truc_both_added_when_no_canton():
    m = play("variant mallorca\nenvit B\nvull A\nenvitwin B\ntruc A\nvull B\nbaza A\nbaza A")
    assert score(m) == [3, 2]
    assert m.last_round() == (0, 0, R.B, 2, R.A, 3, R.NOBODY, 0, 0)


def test_a_canton_won_by_an_adjust_says_no_round_paid_it():
    m = play("variant valencia\nset canton=12\nbaza A\nbaza A\nadjust B +12")
    assert m.last_round() == (0, 0, R.NOBODY, 0, R.NOBODY, 0, R.B, 0, 0)
