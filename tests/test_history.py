# truc.history: what every round paid and why, derived from the command log by replay.
# mp-heap: 72K
from play import play
from truc import history as H
from truc import rules as R
from truc.history import History

_VALENCIA = ("variant valencia\nset canton=12\n"
             "baza A\nbaza A\n"  # 1: A +1 by its bazas
             "envit B\nvull A\nenvitwin B\nbaza B\nbaza B\n"  # 2: envit B +2, B +1
             "truc A\nvull B\nadjust A +2\nbaza A\nbaza A\n"  # 3: corrected A +2, truc A +2
             "envit A\nnovull B\ntruc B\nnovull A\n"  # 4: both refused
             "baza A\nfold B\n"  # 5: B went
             "adjust B +11")  # 6: a correction wins the canton


def _rows(h, *fields):
    return [tuple(h.field(i, f) for f in fields) for i in range(h.count())]


def test_each_round_says_what_it_paid_and_the_points_after():
    m = play(_VALENCIA)
    h = History(m)
    assert h.count() == 6
    assert [h.round_name(i) for i in range(6)] == [(r, 0) for r in range(1, 7)]
    assert _rows(h, H.ENVIT_TEAM, H.ENVIT_PTS, H.TRUC_TEAM, H.TRUC_PTS) == [
        (R.NOBODY, 0, R.A, 1), (R.B, 2, R.B, 1), (R.NOBODY, 0, R.A, 2), (R.A, 1, R.B, 1),
        (R.NOBODY, 0, R.A, 1), (R.NOBODY, 0, R.NOBODY, 0)]
    assert _rows(h, H.PTS_A, H.PTS_B) == [(1, 0), (1, 3), (5, 3), (6, 4), (7, 4), (7, 12)]
    assert _rows(h, H.CANTON, H.CANTONS_A, H.CANTONS_B)[-2:] == [(R.NOBODY, 0, 0), (R.B, 0, 1)]
    assert [h.signed(i, H.ADJUST_A) for i in range(6)] == [0, 0, 2, 0, 0, 0]
    assert h.signed(5, H.ADJUST_B) == 8  # 4 + 11 is capped at the canton's 12
    assert (m.points(0), m.points(1), m.cantons(1)) == (0, 0, 1)  # the match is untouched


def test_each_round_says_why():
    h = History(play(_VALENCIA))
    assert _rows(h, H.ENVIT_HOW, H.ENVIT_WHO)[1] == (H.HOW_NONE, 255)  # given as a team
    assert _rows(h, H.TRUC_HOW, H.TRUC_WHO)[2] == (H.HOW_ACCEPTED, R.B)
    assert _rows(h, H.ENVIT_HOW, H.ENVIT_WHO, H.TRUC_HOW, H.TRUC_WHO)[3] == (
        H.HOW_REFUSED, R.B, H.HOW_REFUSED, R.A)
    assert _rows(h, H.TRUC_HOW, H.TRUC_WHO)[4] == (H.HOW_WENT, R.B)
    assert _rows(h, H.TRUC_HOW)[0] == (H.HOW_NONE,)


def test_the_counts_per_team():
    h = History(play(_VALENCIA))
    assert h.calls[H.ENVIT_CALLS:H.ENVIT_CALLS + 2] == [1, 1]
    assert h.calls[H.TRUC_CALLS:H.TRUC_CALLS + 2] == [1, 1]
    assert h.calls[H.ENVIT_REFUSED:H.ENVIT_REFUSED + 2] == [0, 1]  # B refused A's envit
    assert h.calls[H.TRUC_REFUSED:H.TRUC_REFUSED + 2] == [1, 0]


def test_punta_duels_flors_and_shows_are_records_of_their_own():
    m = play("variant palacios\nbaza A\nbaza A\n"  # round 1, redondo
             "flor A\nbaza B\nbaza B\n"  # round 2 duel 1: flor A +3, B +1
             "envit A\nvull B\nshow 5:31 2:31\nbaza A\nbaza A\n"  # duel 2: seat 2 (mà) wins
             "truc B\nvull A\ntruc A\nnovull B")  # duel 3: retruc refused: A +2
    h = History(m)
    assert [h.round_name(i) for i in range(h.count())] == [(1, 0), (2, 1), (2, 2), (2, 3)]
    assert _rows(h, H.FLOR_A, H.FLOR_B)[1] == (3, 0)
    assert _rows(h, H.ENVIT_TEAM, H.ENVIT_HOW, H.ENVIT_WHO, H.ENVIT_VALUE)[2] == (
        R.A, H.HOW_SHOWN, 2, 31)
    assert _rows(h, H.TRUC_TEAM, H.TRUC_PTS, H.TRUC_HOW, H.TRUC_WHO)[3] == (
        R.A, 2, H.HOW_REFUSED, R.B)
    assert _rows(h, H.PTS_A, H.PTS_B)[-1] == (m.points(0), m.points(1))


def test_corrections_in_the_round_in_play_show_as_in_play():
    m = play("variant mallorca\nbaza A\nbaza A\nadjust B +3\nadjust B -1\nbaza A")
    h = History(m)
    assert h.count() == 2 and h.field(1, H.FLAGS) == H.IN_PLAY
    assert h.signed(1, H.ADJUST_B) == 2 and _rows(h, H.PTS_A, H.PTS_B)[1] == (1, 2)
    assert History(play("variant mallorca\nbaza A")).count() == 0


def test_undone_commands_are_not_history():
    m = play("variant mallorca\nbaza A\nbaza A\ntruc B")
    m.undo()
    m.undo()
    h = History(m)
    assert h.count() == 0 and h.calls[H.TRUC_CALLS + 1] == 0


def test_a_refused_envit_paid_beside_an_envit_on_the_flors_counts_in_the_points():
    m = play("variant valencia\nenvit A\nnovull B\nflor A\nflor B\nenvit B\nvull A\n"
             "show 1:38\nbaza A\nbaza A")
    h = History(m)
    assert _rows(h, H.ENVIT_TEAM, H.ENVIT_PTS, H.ENVIT_RIVALS) == [(R.B, 2, 1)]
    assert _rows(h, H.PTS_A, H.PTS_B) == [(m.points(0), m.points(1))] == [(5, 5)]


def test_a_match_replayed_in_place_gives_the_same_history_and_no_second_log():
    # A past match (app.rounds) is the history's alone: replayed into itself, its log read
    # ahead of where the replay writes the same entries back (issue 33: a fragmented heap
    # had no room for a second log of a long match's size).
    import random

    from tools import randplay
    from truc.match import Match

    random.seed(5)
    for setup in (_VALENCIA, "variant mallorca\nset players=6 canton=18 cantons=3"):
        m = play(setup)
        for _ in range(300):
            randplay.step(m)
        copy = Match(m.entries())
        assert copy.load(m.dump())
        made = []
        real = H.Match
        H.Match = lambda n=512: made.append(n) or real(n)
        try:
            own = History(copy, True)
        finally:
            H.Match = real
        kept = History(m)
        assert made == [] and own.count() == kept.count() > 5
        assert bytes(own.records()) == bytes(kept.records()) and own.calls == kept.calls
        assert copy.dump() == m.dump() and copy.state == m.state
