# RULES.md "Truc (the round's stake)".
# mp-heap: 72K
from play import play, refused, score, cantons
from truc import rules as R


def test_truc_ladder_mallorca_3_6_9():
    for calls, worth in (("truc A\nvull B", 3), ("truc A\ntruc B\nvull A", 6),
                         ("truc A\ntruc B\ntruc A\nvull B", 9)):
        m = play("variant mallorca\n" + calls + "\nbaza A\nbaza A")
        assert score(m) == [worth, 0], calls


def test_truc_ladder_valencia_2_3_4():
    for calls, worth in (("truc A\nvull B", 2), ("truc A\ntruc B\nvull A", 3),
                         ("truc A\ntruc B\ntruc A\nvull B", 4)):
        m = play("variant valencia\n" + calls + "\nbaza B\nbaza B")
        assert score(m) == [0, worth], calls


def test_joc_fora_closes_the_canton_for_its_winner():
    m = play("variant mallorca\nadjust B +5\ntruc A fora\nvull B\nbaza A\nbaza A")
    assert cantons(m) == [1, 0] and score(m) == [0, 0]
    assert m.last_round()[4:7] == (R.A, 24, R.A)
    m = play("variant valencia\nadjust A +20\ntruc A fora\nvull B\nbaza B\nbaza B")
    assert cantons(m) == [0, 1]


def test_the_last_round_says_its_truc_was_joc_fora():
    # last_round()'s why, bit 1: what made "+24" (the screens say "joc fora"); a refused
    # joc fora pays the step below it, and is not one.
    m = play("variant mallorca\nadjust B +5\ntruc A fora\nvull B\nbaza A\nbaza A")
    assert m.last_round()[8] == 1
    m = play("variant mallorca\nbaza A\ntruc A fora\nnovull B")
    assert m.last_round()[4:6] == (R.A, 1) and m.last_round()[8] == 0
    m = play("variant valencia\ntruc A\ntruc B\ntruc A\nvull B\nbaza B\nbaza B")
    assert m.last_round()[4:6] == (R.B, 4) and m.last_round()[8] == 0


def test_joc_fora_option_match_wins_the_match():
    m = play("variant mallorca\nset jocfora=match\ntruc A\ntruc B fora\nvull A\nbaza B\nbaza B")
    assert cantons(m) == [0, 2] and m.winner() == R.B


def test_refused_truc_pays_one_and_ends_round():
    m = play("variant mallorca\nbaza A\ntruc B\nnovull A")
    assert score(m) == [0, 1] and m.round() == 2


def test_refusal_pays_value_before_last_raise():
    m = play("variant mallorca\ntruc A\ntruc B\nnovull A\nend")  # 6 refused: 3
    assert score(m) == [0, 3]
    m = play("variant valencia\nbaza A\ntruc A\ntruc B\ntruc A\nnovull B")  # 4 refused: 3
    assert score(m) == [3, 0]
    m = play("variant mallorca\nbaza A\ntruc A\ntruc B 9\nnovull A")  # jump to 9 refused: 3
    assert score(m) == [0, 3]
    m = play("variant mallorca\nbaza A\ntruc A fora\nnovull B")
    assert score(m) == [1, 0]


def test_raise_accepts_the_level_below():
    m = play("variant valencia\ntruc A\ntruc B")
    assert m.truc_step() == 1 and m.truc_call() == (2, R.B)


def test_jump_straight_to_a_higher_step():
    m = play("variant mallorca\ntruc A 9\nvull B\nbaza A\nbaza A")
    assert score(m) == [9, 0]
    m = play("variant valencia\ntruc B 4\nvull A\nbaza B\nbaza B")
    assert score(m) == [0, 4]


def test_only_the_accepting_team_may_raise_next():
    m = play("variant valencia\ntruc A\nvull B")
    assert refused(m, "truc A") == "only the team that accepted the last truc may raise it"
    play("baza A\ntruc B\nvull A", m)
    assert refused(m, "truc B") == "only the team that accepted the last truc may raise it"
    play("truc A\nvull B\nbaza A", m)
    assert score(m) == [4, 0]


def test_truc_at_any_baza():
    m = play("variant valencia\nbaza A\nbaza B\ntruc B\nvull A\nbaza B")
    assert score(m) == [0, 2]


def test_a_team_cannot_answer_its_own_call():
    m = play("variant valencia\ntruc A")
    assert refused(m, "vull A") == "a team cannot answer its own call"
    refused(m, "novull A")
    refused(m, "truc A")


def test_raise_must_go_above_and_stay_on_ladder():
    m = play("variant mallorca\ntruc A 6")
    assert refused(m, "truc B 6") == "a raise must go above the current call"
    refused(m, "truc B 3")
    refused(m, "truc B 7")
    play("truc B fora", m)
    assert refused(m, "truc A") == "the bet is already at the top of its ladder"


def test_no_truc_while_envit_pending():
    m = play("variant valencia\nenvit A")
    assert refused(m, "truc B") == "an envit is pending: answer it first"
    play("vull B\ntruc B\nvull A", m)


def test_no_baza_or_fold_while_truc_pending():
    m = play("variant valencia\ntruc A")
    assert refused(m, "baza A") == "a truc call is pending: answer it first"
    refused(m, "fold B")
    refused(m, "fold A")


def test_answer_without_call_refused():
    m = play("variant valencia")
    assert refused(m, "vull A") == "no call is pending"
    refused(m, "novull B")


def test_accepted_truc_is_worth_its_step_to_the_round_winner():
    m = play("variant mallorca\ntruc B\nvull A\nbaza A\nbaza A")
    assert score(m) == [3, 0]
