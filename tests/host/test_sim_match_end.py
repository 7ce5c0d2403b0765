"""A match played to its end on the OLED board (128 x 64, issue 8): the scoreboard's title
says the match is over instead of the round, the line under the scores who won, and the
New match hint reads whole, in the three languages, every text clear of the others."""
import sys

import pytest

import sim  # noqa: F401  (firmware on the import path)
from truc import rules as R
from ui import text
from ui.gestures import SHORT
from sim.headless import prepare
from test_layout import Recorder, problems

_CANTON = "truc A fora\nvull B\nbaza A\nbaza A\n"  # joc fora accepted: A takes the canton
_MATCH = ("variant valencia\nset canton=12\n" + _CANTON + _CANTON).splitlines()
_SAYS = {  # the title, who won, the hint
    "ca": ("Partida acabada", "A guanya la partida!", "Partida nova"),
    "es": ("Partida terminada", "¡A gana la partida!", "Partida nueva"),
    "en": ("Match over", "A wins the match!", "New match"),
}


def _drawn(app):
    # (text, whole): every text the screen draws, and whether it was drawn uncut.
    canvas = app.canvas
    recorder = Recorder(canvas)
    try:
        canvas.forget()
        app.render()
    finally:
        recorder.stop()
    assert not problems(recorder, canvas.width, canvas.height), problems(recorder, canvas.width,
                                                                         canvas.height)
    return [(r[4], r[2] == text.width(r[5], r[4])) for r in recorder.texts]


@pytest.mark.parametrize("language", sorted(_SAYS))
def test_the_oled_scoreboard_says_the_match_is_over_and_offers_the_next_one(language):
    device, fingers, error = prepare("devkit_oled", language, _MATCH)
    app = device.app
    assert error is None and app.match.winner() == 0 and app.top_name() == "summary"
    fingers.gesture(0, SHORT)  # any key: the summary goes
    assert app.top_name() == "scoreboard"
    drawn = _drawn(app)
    title, won, hint = _SAYS[language]
    assert (title, True) in drawn, drawn
    assert (won, True) in drawn and (hint, True) in drawn, drawn
    round_word = {"ca": "Ronda", "es": "Ronda", "en": "Round"}[language]
    assert not [s for s, _ in drawn if s.startswith(round_word)], drawn
    fingers.gesture(2, SHORT)  # B's key, as the hint says: New match
    assert app.top_name() == "newmatch"


def test_the_archive_is_imported_only_while_it_is_used():
    # hw.archive is 2 KB of bytecode on the board: not loaded at boot, imported to keep a
    # match that ended and let go again, and imported by the past matches screen while open.
    # Left by an earlier test: the screen's module too, which imports hw.archive as it
    # does on a board, where each opening imports it anew.
    for name in ("hw.archive", "app.pastmatches"):
        sys.modules.pop(name, None)
    device, fingers, error = prepare("devkit_oled", "en")
    app = device.app
    assert error is None and "hw.archive" not in sys.modules
    device, fingers, error = prepare("devkit_oled", "en", _MATCH)
    app = device.app
    assert error is None and app.match.winner() == 0
    assert "truc.a00" in device.flash.listdir() and "hw.archive" not in sys.modules
    app.home()
    app.open("mainmenu")
    app.open("pastmatches")
    app.render()  # its rows are read when it shows
    assert "hw.archive" in sys.modules and app.top().items[0][1] is not None  # the match
    app.home()
    assert "hw.archive" not in sys.modules


@pytest.mark.parametrize("board", ("tdisplay", "m5stack_core"))
def test_undo_on_the_match_won_summary_undoes_the_winning_baza(board):
    # Both keys held on "A wins the match!" take the winning baza back at once (issue 34):
    # the summary does not swallow the chord, as it does not after a round or a canton.
    from sim import keyscript
    log = "variant valencia\nset canton=12\nadjust A 12\nadjust A 11\n".splitlines()
    device, fingers, error = prepare(board, "en", log)
    app = device.app
    assert error is None and app.match.winner() == R.NOBODY
    keyscript.play(fingers, keyscript.parse("1s 1s", device.keys))
    assert app.match.winner() == R.A and app.top_name() == "summary"
    keyscript.play(fingers, keyscript.parse("12l" if device.keys == 2 else "13l", device.keys))
    assert app.match.winner() == R.NOBODY and app.match.bazas() == 1
    assert app.top_name() == "scoreboard" and app.match.points(R.A) == 11


@pytest.mark.parametrize("board", ("tdisplay", "devkit_oled"))
def test_the_main_menu_is_its_presses_away_from_the_match_won_summary(board):
    # Trial of issue 34: "Actions, a double press up, choose" (the README's main menu, 4
    # presses) only closed "A wins the match!" with its first press and ended in Actions;
    # the summary passes Actions on, as after a round. A team key only closes it.
    from sim import keyscript
    device, fingers, error = prepare(board, "en", _MATCH)
    app = device.app
    assert error is None and app.match.winner() == R.A and app.top_name() == "summary"
    keyscript.play(fingers, keyscript.parse("2l 1d 2l" if device.keys == 2 else "2s 1d 2s",
                                            device.keys))
    assert app.top_name() == "mainmenu" and app.match.winner() == R.A
    device, fingers, error = prepare(board, "en", _MATCH)
    fingers.gesture(0, SHORT)
    assert device.app.top_name() == "scoreboard"
