# truc.match beyond the rules (those are the test_rules_* suites): undo and redo of any
# command, hand adjustment of points, the command log and its export.
# mp-heap: 72K
from play import play, refused, score, cantons
from truc.match import Match
from truc import rules as R
from truc import tablelog

SCRIPT = """variant valencia
set canton=12 players=4 envitfirst=off
dealer 2
envit A
envit B
vull A
flor B
flor A
envit B falta
vull A
show 1:35
truc B
truc A
vull B
baza A
fold B
adjust A +3
adjust B +2
adjust B -1
truc A fora
novull B
end
baza parda
baza B"""


def test_undo_then_redo_every_command_returns_the_same_state():
    m = Match()
    states = [bytes(m.state)]
    for line in SCRIPT.split("\n"):
        play(line, m)
        states.append(bytes(m.state))
    for i in range(len(states) - 1, 0, -1):
        assert m.undo() is None
        assert bytes(m.state) == states[i - 1], i
    assert m.undo() == "nothing to undo"
    for i in range(1, len(states)):
        assert m.redo() is None
        assert bytes(m.state) == states[i], i
    assert m.redo() == "nothing to redo"


def test_undo_redo_from_the_table_log():
    m = play("variant mallorca\ntruc A\nvull B\nbaza A\nbaza A")
    assert score(m) == [3, 0]
    play("undo", m)
    assert score(m) == [0, 0] and m.bazas() == 1 and m.round() == 1
    play("undo", m)
    assert m.bazas() == 0 and m.truc_step() == 1
    play("redo\nredo", m)
    assert score(m) == [3, 0] and m.round() == 2
    refused(m, "redo")


def test_new_command_after_undo_drops_the_redo():
    m = play("variant valencia\nbaza A\nundo\nbaza B")
    assert m.baza(0) == R.B
    assert refused(m, "redo") == "nothing to redo"


def test_undo_of_setup_commands():
    m = play("variant valencia\nset canton=12\nundo")
    assert m.target() == 24
    play("undo", m)
    assert m.variant() == 0
    refused(m, "undo")
    play("variant mallorca", m)
    assert m.variant() == 1


def test_undo_takes_back_a_won_match():
    m = play("variant valencia\nset canton=12\nadjust A +12\nadjust A +12")
    assert m.winner() == R.A
    play("undo", m)
    assert m.winner() == R.NOBODY and cantons(m) == [1, 0]


def test_refused_commands_are_not_logged():
    m = play("variant valencia")
    refused(m, "vull A")
    play("undo", m)
    assert m.variant() == 0


def test_adjust_adds_and_removes_points():
    m = play("variant valencia\nadjust A +5\nadjust B 2\nadjust A -2")
    assert score(m) == [3, 2]


def test_adjust_never_below_zero():
    m = play("variant valencia\nadjust B +2\nadjust B -5")
    assert score(m) == [0, 0]
    assert refused(m, "adjust B -1") == "the adjustment changes nothing"


def test_adjust_reaching_target_wins_the_canton():
    m = play("variant valencia\nset canton=12\nadjust B +20")
    assert cantons(m) == [0, 1] and score(m) == [0, 0] and m.round() == 1
    m = play("variant valencia\nset canton=12\nbaza A\nadjust B +12")  # mid-round
    assert cantons(m) == [0, 1] and m.round() == 2 and m.bazas() == 0


def test_adjust_input_checked():
    m = play("variant valencia")
    for line in ("adjust C +1", "adjust A", "adjust A +0", "adjust A +x", "adjust A ++1",
                 "adjust A +100", "adjust A -0"):
        refused(m, line)


def test_log_full_keeps_the_newest_half_undoable():
    m = Match(capacity=8)
    play("variant valencia\nset canton=24", m)
    for _ in range(10):
        play("baza A\nbaza A", m)
    assert score(m) == [10, 0] and m.entries() <= 8 and not m.from_start()
    for _ in range(m.entries()):
        assert m.undo() is None
    assert m.undo() == "nothing to undo"
    assert m.variant() == 2 and 0 < m.points(0) < 10


def test_export_replays_to_the_same_state():
    m = play(SCRIPT)
    assert cantons(m) == [0, 1] and score(m) == [4, 2] and m.round() == 4
    lines = list(tablelog.export(m))
    again = play("\n".join(lines))
    assert bytes(again.state) == bytes(m.state)
    assert lines[1] == ("set players=4 canton=12 cantons=2 envitfirst=off flor=on"
                        " jocfora=canton rounds=team")
    assert "envit B falta" in lines and "truc A fora" in lines and "adjust B -1" in lines
