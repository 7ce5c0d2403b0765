"""No gesture that leaves, pages or moves destroys: on every board, BACK pressed any number
of times from any screen (and from the screens a menu opens) changes nothing in the match;
and the key scripts that lost a command or made one by accident now do neither."""
import pytest

import sim  # noqa: F401  (firmware on the import path)
from sim import boards, keyscript
from sim.headless import prepare
from truc import rules as R
from ui.gestures import LONG

# The match states to start from: a baza in, a redo waiting after an undo, a round
# waiting for the envit values, a call waiting, a canton just won.
STATES = ("variant valencia\nbaza A",
          "variant valencia\nbaza A\nbaza B\nundo",
          "variant valencia\nenvit A\nvull B\nbaza A\nbaza A",
          "variant valencia\ntruc B",
          "variant valencia\nset canton=12\nadjust A +11\nbaza A\nbaza A")
# Every screen, as reached: (name, arg) from the scoreboard up.
PATHS = ((("actions", None),),
         (("mainmenu", None),),
         (("mainmenu", None), ("newmatch", None), ("names", 4)),
         (("mainmenu", None), ("settingsmenu", None)),
         (("mainmenu", None), ("assistant", None), ("envitcalc", None)),
         (("mainmenu", None), ("assistant", None), ("bazacalc", None)),
         (("mainmenu", None), ("assistant", None), ("textpage", "order")),
         (("mainmenu", None), ("assistant", None), ("textpage", "signals")),
         (("mainmenu", None), ("assistant", None), ("textpage", "removed")),
         (("mainmenu", None), ("rounds", None)),
         (("mainmenu", None), ("pastmatches", None)),
         (("mainmenu", None), ("textpage", "keys")),
         (("actions", None), ("adjust", None)),
         (("summary", None),),
         (("going", None),),
         (("language", None),),
         (("language", None), ("textpage", "welcome")))


def _match(m):
    return bytes(m.state), m.entries(), m.can_redo()


@pytest.mark.parametrize("board", boards.NAMES)
def test_back_any_number_of_times_from_any_screen_changes_nothing(board):
    device, fingers, error = prepare(board, "en", log_lines=STATES[0].split("\n"))
    assert error is None
    app = device.app
    walked = 0
    for state in STATES:
        for path in PATHS + ((("showentry", None),),) if "envit" in state else PATHS:
            app.match.clear()
            for line in state.split("\n"):
                keyscript_free_apply(app.match, line)
            app.home()
            before = _match(app.match)
            for name, arg in path:
                app.open(name, arg)
                device.step()  # drawn, as a person sees it
            assert app.top_name() == path[-1][0]
            for _ in range(len(path) + 2):  # backing out, and twice too many
                fingers.gesture(0, LONG)  # BACK, on every board
            assert app.top_name() == "scoreboard", (board, state, path)
            assert _match(app.match) == before, (board, state, path, app.message)
            walked += 1
    assert walked == len(STATES) * len(PATHS) + 1


def keyscript_free_apply(m, line):
    # A table log line straight into the engine (the state to start from, not a test).
    from truc import tablelog

    command = tablelog.parse(m, line)
    if command == tablelog.UNDO:
        assert not m.undo()
    else:
        assert not m.apply(*command), line


def _played(board, log, keys):
    device, fingers, error = prepare(board, "en", log_lines=log.split("\n"))
    assert error is None
    keyscript.play(fingers, keyscript.parse(keys, device.keys))
    return device.app.match


TWO, THREE = "tdisplay", "devkit_oled"


def test_a_press_on_the_round_summary_is_not_lost():
    # The script: the press closed the summary and the baza was never entered.
    for board, keys in ((TWO, "2s w6000"), (THREE, "3s w6000")):
        m = _played(board, "variant valencia\nbaza A\nbaza A", keys)
        assert m.round() == 2 and m.bazas() == 1 and m.baza(0) == R.B, board


def test_a_double_press_in_actions_makes_nobody_go():
    # "2l 2d" from a new match: B had gone.
    for board, keys in ((TWO, "2l 2d"), (THREE, "2s 3d")):
        m = _played(board, "variant valencia", keys)
        assert m.round_winner() == R.NOBODY and m.entries() == 3, board  # variant, dealer


def test_backing_out_of_a_menu_once_too_often_keeps_the_baza():
    # "2l 1s 2l 1l 1l" from a round with one baza: Actions, up to Menu, the main menu,
    # back, back once too often: the baza was undone.
    for board, keys in ((TWO, "2l 1s 2l 1l 1l"), (THREE, "2s 1s 2s 1l 1l")):
        m = _played(board, "variant valencia\nbaza A", keys)
        assert m.bazas() == 1 and m.baza(0) == R.A, board


def test_key_scripts_press_two_keys_at_once():
    steps = keyscript.parse("12s 13l 2s", 3)
    assert steps == [("press", (0, 1), 0), ("press", (0, 2), 2), ("press", 1, 0)]
    for bad, keys in (("12d", 2), ("11s", 2), ("13s", 2), ("10s", 3)):
        with pytest.raises(ValueError):
            keyscript.parse(bad, keys)
