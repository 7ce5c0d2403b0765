"""The director's tournament in SQLite (tools/director/tournament.py, formats.py): pairs,
CSV import, groups then a knockout, seeding, tie-breaks, tables, corrections, re-seating,
and a restart that loses nothing."""
import itertools

import pytest

from tools.director import formats
from tools.director.engine import random_log, replay
from tools.director.tournament import Tournament

SETUP = ["variant mallorca", "set canton=12 cantons=2"]
FINAL = ["variant mallorca", "set canton=12 cantons=3"]


def names(n):
    return ["P%02d/Q%02d" % (i, i) for i in range(1, n + 1)]


def new(path, pairs=16, tables=8, size=4, advance=2):
    t = Tournament(str(path))
    t.import_csv("pair\n" + "\n".join(names(pairs)))
    t.add_phase("groups", "groups", SETUP, group_size=size, advance=advance)
    t.add_phase("final", "knockout", SETUP, final_setup=FINAL)
    t.set_setting("tables", tables)
    return t


def play(t, m, seed):
    """Plays match m at its table with random legal commands, as a table sends them."""
    lines = random_log(t.assignment_payload(m)["setup"], seed)
    for seq, line in enumerate(lines, 1):
        assert t.receive(m["tbl"], m["id"], seq, line) == (1, [])
    assert t.finish_if_won(m["id"])
    return lines


def play_all(t, seed=1):
    played = 0
    while True:
        playing = [t.assignment(n) for n in t.tables()]
        playing = [m for m in playing if m is not None]
        if not playing:
            return played
        for m in playing:
            play(t, m, seed * 1000 + played)
            played += 1
        t.schedule()


def test_round_robin_meets_everyone_once():
    for n in range(2, 10):
        rounds = formats.round_robin(n)
        games = sorted(tuple(sorted(g)) for r in rounds for g in r)
        assert games == list(itertools.combinations(range(n), 2))
        for r in rounds:  # nobody plays twice in a round
            seen = [p for g in r for p in g]
            assert len(seen) == len(set(seen))


def test_bracket_seeds_keep_the_best_apart():
    assert formats.bracket_seeds(8) == [1, 8, 4, 5, 2, 7, 3, 6]
    s = formats.bracket_seeds(16)
    assert s.index(1) < 8 <= s.index(2)  # 1 and 2 in opposite halves
    assert all(s[i] + s[i + 1] == 17 for i in range(0, 16, 2))


def test_snake_and_group_sizes():
    assert formats.snake(list(range(1, 9)), 4) == [[1, 8], [2, 7], [3, 6], [4, 5]]
    groups = formats.snake(list(range(31)), formats.group_count(31, 4))
    assert sorted(map(len, groups)) == [3] + [4] * 7  # sa Fonda: 31 pairs, 8 groups


def test_rank_applies_keys_in_turn_and_head_to_head_among_the_tied_only():
    rows = [{"pair": p, "won": w, "cantons_diff": d, "seed": s}
            for p, w, d, s in (("a", 2, 1, 1), ("b", 2, 3, 2), ("c", 3, 0, 3), ("d", 2, 3, 4))]
    ranked = formats.rank(rows, ["won", "head_to_head", "cantons_diff", "seed"],
                          lambda tied: {r["pair"]: {"d": 1}.get(r["pair"], 0) for r in tied})
    assert [r["pair"] for r in ranked] == ["c", "d", "b", "a"]


def test_csv_import_and_bad_rows_change_nothing(tmp_path):
    t = Tournament(str(tmp_path / "t.db"))
    assert t.import_csv("seed,pair\n2,SEGUI/SEGUI\n,BERMUDEZ/DIAZ\n1,COLL/PONS\n") == 3
    names_ = [t.pair_name(p) for p in t.pairs()]
    assert names_ == ["COLL/PONS", "SEGUI/SEGUI", "BERMUDEZ/DIAZ"]  # seeds first
    for bad, why in (("pair\nX\nCOLL/PONS\n", "line 3: pair 'COLL/PONS' is already in"),
                     ("pair,seed\nY,zero\n", "line 2: the seed must be a number"),
                     ("pair\nZ\nZ\n", "line 3: pair 'Z' is twice in the file"),
                     ("\n\n", "the CSV has no pairs")):
        with pytest.raises(ValueError, match=why):
            t.import_csv(bad)
    assert len(t.pairs()) == 3


def test_a_phase_set_up_the_engine_refuses_is_refused(tmp_path):
    t = Tournament(str(tmp_path / "t.db"))
    with pytest.raises(ValueError, match="cantons must be 2 or 3"):
        t.add_phase("final", "knockout", ["variant mallorca", "set cantons=5"])
    with pytest.raises(ValueError, match="starts with 'variant NAME'"):
        t.add_phase("final", "knockout", ["set canton=12"])
    assert t.phases() == []


def test_groups_then_knockout_to_the_final_standings(tmp_path):
    t = new(tmp_path / "t.db")
    first = t.start()
    assert len(first) == 8  # 4 groups of 4: two matches each in round 1, on 8 tables
    tables = [t.match(m)["tbl"] for m in first]
    assert sorted(tables) == list(range(1, 9))
    assert play_all(t) == 24 + 4 + 2 + 1
    groups, final = t.phases()
    # the knockout's quarter-finals: group winners against other groups' seconds
    quarter = [m for m in t.matches(final["id"]) if m["round"] == 1]
    tables_ = t.group_tables(groups)
    place = {row["pair"]: (grp, i) for grp, rows in tables_.items() for i, row in
             enumerate(rows)}
    for m in quarter:
        (ga, pa), (gb, pb) = place[m["pair_a"]], place[m["pair_b"]]
        assert (pa, pb) == (0, 1) and ga != gb
    # every result is the replay of its log; the final was played to 3 cantons
    for m in t.matches():
        live, reason = replay(t.log_text(m["id"]).splitlines())
        assert reason is None and live.winner() == m["winner"]
        assert live.state()["cantons"] == [m["cantons_a"], m["cantons_b"]]
    last = t.matches(final["id"])[-1]
    assert max(last["cantons_a"], last["cantons_b"]) == 3
    standings = t.standings()
    champion = (last["pair_a"], last["pair_b"])[last["winner"]]
    runner_up = (last["pair_a"], last["pair_b"])[1 - last["winner"]]
    assert [r["pair"] for r in standings[:2]] == [t.pair_name(champion), t.pair_name(runner_up)]
    assert [r["place"] for r in standings] == list(range(1, 17))
    assert sum(r["won"] for r in standings) == 31 == sum(r["lost"] for r in standings)


def test_a_straight_knockout_gives_byes_to_the_best_seeds(tmp_path):
    t = Tournament(str(tmp_path / "t.db"))
    t.import_csv("pair\n" + "\n".join(names(6)))
    t.add_phase("ko", "knockout", SETUP)
    t.set_setting("tables", 4)
    assert len(t.start()) == 2  # 6 pairs in a bracket of 8: seeds 1 and 2 wait
    byes = [m for m in t.matches() if m["status"] == "bye"]
    assert sorted(t.pair_name((m["pair_a"], m["pair_b"])[m["winner"]]) for m in byes) == \
        names(2)
    assert play_all(t) == 5
    assert len(t.export()["matches"]) == 5  # byes are not matches


def test_tiebreak_setting_is_checked(tmp_path):
    t = Tournament(str(tmp_path / "t.db"))
    t.set_setting("tiebreak", "won,cantons_diff,seed")
    assert t.keys() == ["won", "cantons_diff", "seed"]
    with pytest.raises(ValueError, match="tiebreak"):
        t.set_setting("tiebreak", "won,luck")
    assert t.keys() == ["won", "cantons_diff", "seed"]


def test_refused_and_duplicate_and_gapped_commands(tmp_path):
    t = new(tmp_path / "t.db")
    mid = t.start()[0]
    m = t.match(mid)
    lines = random_log(t.assignment_payload(m)["setup"], 5)
    with pytest.raises(ValueError, match="not assigned to table 2"):
        t.receive(2, mid, 1, lines[0])
    with pytest.raises(ValueError, match="the first command must be 'variant'"):
        t.receive(1, mid, 1, "baza A")
    assert t.receive(1, mid, 1, lines[0]) == (1, [])
    assert t.receive(1, mid, 1, lines[0]) == (0, [])  # a duplicate
    assert t.receive(1, mid, 3, lines[2]) == (0, [])  # held: seq 2 is missing
    assert t.receive(1, mid, 4, lines[3]) == (0, [])
    assert t.held_count(mid) == 1
    assert t.receive(1, mid, 2, lines[1]) == (3, [])  # the gap filled: 2, 3 and 4
    assert t.log_text(mid) == "".join(x + "\n" for x in lines[:4])


def test_restart_keeps_everything(tmp_path):
    path = tmp_path / "t.db"
    t = new(path)
    mid = t.start()[0]
    m = t.match(mid)
    lines = random_log(t.assignment_payload(m)["setup"], 9)
    for seq, line in enumerate(lines[:10], 1):
        t.receive(1, mid, seq, line)
    t.receive(1, mid, 12, lines[11])
    before = t.export()
    t.close()
    t = Tournament(str(path))
    assert t.export() == before
    assert t.receive(1, mid, 11, lines[10]) == (2, [])  # the held 12 survived too
    for seq, line in enumerate(lines[12:], 13):
        t.receive(1, mid, seq, line)
    assert t.finish_if_won(mid)
    assert t.log_text(mid) == "".join(x + "\n" for x in lines)


def test_correct_keeps_the_reason_and_reseat_moves_a_match_not_begun(tmp_path):
    t = new(tmp_path / "t.db")
    first = t.start()
    mid = first[0]
    with pytest.raises(ValueError, match="needs its reason"):
        t.correct(mid, 1, [0, 2], " ")
    with pytest.raises(ValueError, match="unknown match m999"):
        t.correct(999, 1, [0, 2], "x")
    with pytest.raises(ValueError, match="fewer cantons"):
        t.correct(mid, 1, [2, 0], "x")
    t.correct(mid, 1, [0, 2], "table 1's device broke; result from the scoresheet")
    m = t.match(mid)
    assert (m["status"], m["winner"], m["cantons_b"]) == ("done", 1, 2)
    assert t.corrections(mid) == [{"reason": "table 1's device broke; result from the "
                                   "scoresheet", "winner": 1, "cantons": [0, 2]}]
    second = first[1]
    t.receive(2, second, 1, "variant mallorca")
    with pytest.raises(ValueError, match="has begun at table 2"):
        t.reseat(second, 3)
    third = first[2]
    t.reseat(third, 1)  # table 1 is free since m1's correction... unless it got a match
    assert t.match(third)["tbl"] == 1
    with pytest.raises(ValueError, match="no table 99"):
        t.reseat(third, 99)


def test_the_director_fuzz_target_finds_a_planted_defect(monkeypatch, tmp_path):
    # A result recorded with its cantons the wrong way round when they are 2-1: the
    # fuzz target (tools/fuzz/targets.py, "director") must find it.
    from tools import fuzz
    from tools.fuzz.targets import TARGETS

    result = Tournament._result

    def planted(self, m, winner, cantons, points=None):
        if list(cantons) == [2, 1]:
            cantons = [1, 2]
        return result(self, m, winner, cantons, points)

    monkeypatch.setattr(Tournament, "_result", planted)
    said = []
    ran, found = fuzz.run(TARGETS["director"](), 0, seed=1, cases=range(60),
                          out=said.append, folder=str(tmp_path))
    assert found == 1 and "a result that is not its log's, unsaid" in said[-1]


def test_commands_after_the_result_are_kept_and_a_changed_log_is_said(tmp_path):
    """A table's device keeps a match until the director holds all of it: what it sends
    after the result (an undo at the table; the rest of a match corrected by hand) is
    stored, the result stands, and a log that no longer agrees is said."""
    t = new(tmp_path / "t.db")
    first, second = t.start()[:2]
    lines = random_log(t.assignment_payload(t.match(first))["setup"], 3)
    for seq, line in enumerate(lines, 1):
        t.receive(1, first, seq, line)
    assert t.finish_if_won(first) and t.disagreement(first) is None
    winner = t.match(first)["winner"]
    assert t.receive(1, first, len(lines) + 1, "undo") == (1, [])
    note = t.disagreement(first)
    assert note.startswith("m%d: the table's log now says winner None" % first)
    assert "the result stands (winner %d" % winner in note
    assert t.receive(1, first, len(lines) + 2, "redo") == (1, [])
    assert t.disagreement(first) is None  # the log agrees again
    assert t.match(first)["winner"] == winner
    # corrected mid-match: the rest still arrives and is kept; the correction stands
    other = random_log(t.assignment_payload(t.match(second))["setup"], 4)
    for seq, line in enumerate(other[:10], 1):
        t.receive(2, second, seq, line)
    t.correct(second, 1, [0, 2], "the pairs agreed the rest on paper")
    for seq, line in enumerate(other[10:], 11):
        t.receive(2, second, seq, line)
    assert t.held_count(second) == len(other)
    assert t.disagreement(second) is None
    m = t.match(second)
    assert (m["winner"], m["cantons_a"], m["cantons_b"]) == (1, 0, 2)
