# RULES.md "Envit (the side bet)".
# mp-heap: 80K  (a Match of 512 entries per test: 64K left the 1.5 KB log no room after
# the engine grew by the envit on the flors after a refused one and tablelog by play)
from play import play, refused, score, cantons
from truc import rules as R


def test_envit_ladder_mallorca_2_4_6():
    for calls, worth in (("envit A\nvull B", 2), ("envit A\nenvit B\nvull A", 4),
                         ("envit A\nenvit B\nenvit A\nvull B", 6)):
        m = play("variant mallorca\n" + calls + "\nenvitwin B\nbaza A\nbaza A")
        assert score(m) == [1, worth], calls


def test_envit_ladder_valencia_2_4():
    for calls, worth in (("envit A\nvull B", 2), ("envit A\nenvit B\nvull A", 4)):
        m = play("variant valencia\n" + calls + "\nenvitwin A\nbaza B\nbaza B")
        assert score(m) == [worth, 1], calls


def test_envit_steps_may_be_skipped():
    m = play("variant mallorca\nenvit A 6\nvull B\nenvitwin A\nbaza B\nbaza B")
    assert score(m) == [6, 1]
    m = play("variant mallorca\nenvit A 2\nenvit B tots\nnovull A\nbaza B\nbaza B")
    assert score(m) == [0, 3]  # tots refused pays the 2 before it, plus the round


def test_refused_envit_pays_one_and_is_over():
    m = play("variant valencia\nenvit B\nnovull A")
    assert refused(m, "envit B") == "the envit of this round is already settled"
    refused(m, "envit A")
    play("baza A\nbaza A", m)
    assert score(m) == [1, 1]


def test_refused_raise_pays_value_before_it():
    m = play("variant valencia\nenvit A\nenvit B 4\nnovull A\nbaza A\nbaza A")
    assert score(m) == [1, 2]
    m = play("variant mallorca\nenvit A\nenvit B\nenvit A\nnovull B\nbaza B\nbaza B")
    assert score(m) == [4, 1]


def test_envit_only_in_first_baza():
    m = play("variant valencia\nbaza A")
    assert refused(m, "envit B") == "the envit and the flor belong to the first baza"


def test_no_envit_while_truc_pending():
    # Mallorca: the envit may follow an accepted truc (RULES.md changed: valencia no more).
    m = play("variant mallorca\ntruc A")
    assert refused(m, "envit B") == "a truc call is pending: answer it first"
    play("vull B\nenvit B\nvull A\nenvitwin B\nbaza A\nbaza A", m)
    assert score(m) == [3, 2]


_CLOSED = "a truc was called: the envit comes before the truc"


def test_valencia_and_palacios_envit_before_truc():
    for variant in ("valencia", "palacios"):
        m = play("variant %s\ntruc A" % variant)
        assert refused(m, "envit B") == _CLOSED
        play("vull B", m)
        assert refused(m, "envit B") == _CLOSED
        assert refused(m, "envit A") == _CLOSED
        play("baza A\nbaza A", m)
        assert score(m) == [2, 0]


def test_envit_first_closes_the_envit_on_the_flors_too():
    m = play("variant valencia\nflor A\nflor B\ntruc A\nvull B")
    assert refused(m, "envit A") == _CLOSED
    m = play("variant valencia\nflor A\nflor B\nenvit A\nvull B\ntruc B\nvull A")
    assert m.envit_state() == R.ENVIT_ACCEPTED  # an envit called before the truc stands


def test_refused_truc_opens_no_envit_window_where_envit_comes_first():
    m = play("variant valencia\ntruc A\nnovull B")
    assert m.envit_window() == R.NOBODY
    assert score(m) == [1, 0]  # the round closed at once
    m = play("variant valencia\ntruc A\nvull B\nfold B")
    assert m.envit_window() == R.NOBODY
    assert score(m) == [2, 0]
    m = play("variant mallorca\ntruc A\nnovull B")
    assert m.envit_window() == R.A  # mallorca keeps the window


def test_envitfirst_option_in_the_table_log():
    m = play("variant mallorca\nset envitfirst=on\ntruc A\nvull B")
    assert refused(m, "envit B") == _CLOSED
    m = play("variant valencia\nset envitfirst=off\ntruc A\nvull B\nenvit B\nvull A")
    assert m.envit_state() == R.ENVIT_ACCEPTED
    assert refused(play("variant valencia"), "set envitfirst=yes") == \
        "envitfirst must be off or on"


def test_envit_raised_only_while_pending_and_alternating():
    m = play("variant mallorca\nenvit A")
    assert refused(m, "envit A 4") == "a team cannot answer its own call"
    play("vull B", m)
    assert refused(m, "envit B") == "the envit of this round is already settled"


def test_envit_steps_tots_and_falta_are_the_top():
    m = play("variant valencia\nenvit A falta")
    assert m.envit_call() == (3, R.A)
    m = play("variant mallorca\nenvit A tots")
    assert m.envit_call() == (4, R.A)
    m = play("variant mallorca\nenvit A falta")
    assert m.envit_call() == (4, R.A)
    m = play("variant mallorca\nenvit A")
    assert refused(m, "envit B 3") and refused(m, "envit B 8")


def test_tots_in_the_males_closes_the_canton_for_the_winner():
    m = play("variant mallorca\nadjust A +11\nadjust B +3\nenvit A tots\nvull B\nenvitwin B")
    play("baza A\nbaza A", m)
    assert cantons(m) == [0, 1] and score(m) == [0, 0]
    assert m.last_round()[2:7] == (R.B, 21, R.NOBODY, 0, R.B)


def test_falta_outside_the_males_is_what_the_leader_lacks():
    m = play("variant valencia\nadjust A +15\nadjust B +4\nenvit B falta\nvull A\nenvitwin B")
    play("baza A\nbaza A", m)
    assert score(m) == [16, 13]  # B takes 24 - 15 = 9; A the round
    m = play("variant valencia\nadjust A +10\nadjust B +12\nenvit A falta\nvull B\nenvitwin A")
    play("baza B\nbaza B", m)
    assert score(m) == [22, 13]  # A takes 24 - 12 = 12


def test_envit_shown_best_value_wins():
    m = play("variant valencia\nenvit A\nvull B\nshow 0:27 1:31 2:25 3:30")
    assert m.envit_result() == (R.B, 1, 31)
    play("baza A\nbaza A", m)
    assert score(m) == [1, 2]


def test_envit_tie_goes_to_the_seat_nearest_the_ma():
    # Round 1: the mà is seat 0. Seats 1 and 2 tie: seat 1 is nearer.
    m = play("variant valencia\nenvit A\nvull B\nshow 2:31 1:31\nbaza A\nbaza A")
    assert m.last_round()[2:4] == (R.B, 2)
    # Round 2: the mà is seat 1, so of seats 0 and 3, seat 3 is nearer.
    m = play("variant valencia\nbaza A\nbaza A\nenvit A\nvull B\nshow 0:30 3:30\nbaza A\nbaza A")
    assert m.last_round()[2:4] == (R.B, 2)
    m = play("variant valencia\nbaza A\nbaza A\nenvit A\nvull B\nshow 0:30 2:30\nbaza A\nbaza A")
    assert m.last_round()[2:4] == (R.A, 2)


def test_envit_paid_at_end_of_round_and_waits_for_result():
    m = play("variant valencia\nenvit A\nvull B\nbaza A\nbaza A")
    assert m.round() == 1 and score(m) == [0, 0]  # decided but waiting for the show
    refused(m, "baza A")
    play("envitwin A", m)
    assert m.round() == 2 and score(m) == [3, 0]


def test_nobody_scores_an_envit_nobody_called():
    m = play("variant valencia\nbaza A\nbaza A")
    assert score(m) == [1, 0]


def test_show_without_accepted_envit_refused():
    m = play("variant valencia")
    assert refused(m, "show 0:30") == "no accepted envit is waiting for its result"
    refused(m, "envitwin A")
    play("envit A", m)
    refused(m, "show 0:30")


def test_show_values_checked():
    m = play("variant valencia\nenvit A\nvull B")
    refused(m, "show 0:34")
    refused(m, "show 0:2")
    refused(m, "show 4:30")
    refused(m, "show 0:30 0:31")
    refused(m, "show 0-30")
    refused(m, "show")
    m = play("variant mallorca\nenvit A\nvull B")
    play("show 1:35", m)
    m = play("variant mallorca\nenvit A\nvull B")
    refused(m, "show 1:36")
    m = play("variant mallorca\nset peces=4\nenvit A\nvull B")
    play("show 1:37", m)


def test_envit_refused_before_truc_counts_first():
    m = play("variant valencia\nadjust A +23\nenvit A\nnovull B\ntruc B\nvull A\nbaza B\nbaza B")
    assert cantons(m) == [1, 0]


def test_shown_values_no_hand_makes_are_refused():
    m = play("variant valencia\nenvit A\nvull B")
    valencia = "no hand makes that envit: 3-7, 24-33"
    assert refused(m, "show 0:15 1:12") == valencia
    assert refused(m, "show 0:8") == valencia and refused(m, "show 1:23") == valencia
    assert refused(m, "show 0:40") == valencia
    play("show 0:7 1:24", m)
    assert m.envit_result() == (R.B, 1, 24)
    m = play("variant mallorca\nenvit A\nvull B")
    for value in (2, 8, 19, 22, 36):
        assert refused(m, "show 0:%d" % value) == \
            "no hand makes that envit: 0-1, 3-7, 20-21, 23-35", value
    play("show 0:0 1:1", m)
    m = play("variant mallorca\nset peces=4\nenvit A\nvull B")
    assert refused(m, "show 0:22") == "no hand makes that envit: 0-1, 3-7, 20-21, 23-37"
    play("show 0:37", m)


def test_shown_flor_values_no_flor_makes_are_refused():
    m = play("variant valencia\nflor A\nflor B\nenvit A\nvull B")
    assert refused(m, "show 0:27") == "no flor makes that value: 28-38"
    play("show 0:28 1:38", m)
    m = play("variant mallorca\nset flor=on\nflor A\nflor B\nenvit A\nvull B")
    assert refused(m, "show 0:22") == "no flor makes that value: 20-21, 23-38"
    play("show 0:20", m)
