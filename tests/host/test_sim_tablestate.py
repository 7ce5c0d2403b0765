"""Key scripts on the headless simulator for what a table reads at the end of a match."""
import sim  # noqa: F401  (firmware on the import path)
from truc import rules as R
from sim.headless import prepare

_WON = ["variant valencia", "set canton=12", "adjust B +12", "adjust B +12"]


def test_after_the_match_a_team_key_opens_new_match():
    device, _, error = prepare("tdisplay", "en", log_lines=_WON)
    assert error is None and device.app.match.winner() == R.B
    assert device.app.top_name() == "scoreboard"
    for board, keys in (("tdisplay", "2s"), ("tdisplay", "1s"), ("devkit_oled", "1s")):
        device, _, _ = prepare(board, "ca", log_lines=_WON, keys=keys)
        assert device.app.top_name() == "newmatch", (board, keys)
