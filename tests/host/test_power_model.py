# The power model of docs/POWER.md (tools/power_model.py, printed by make bench): the
# README's battery hours come from it, so it must run whole and reach them. The duty
# cycle is measured on the paced simulator, which is deterministic.
import io

from tools import power_model as P


def test_the_model_runs_whole_and_gives_the_readmes_hours():
    out = io.StringIO()
    play, share = P.report("tdisplay", out)
    text = out.getvalue()
    # Playing: the CPU asleep between presses most of the time, 40 h at least.
    assert play["asleep"] > 0.9 and play["presses"] > 500, text
    assert P.hours("tdisplay", P.average_ma("tdisplay", play)) >= 40, text
    # Sharing: the radio was on (the page served by the app's own Sharing) and 8 h at least.
    assert share["sharing"] > 0.2, text
    assert P.hours("tdisplay", P.sharing_ma("tdisplay", share)) >= 8, text
    assert "h  (goal: 40)" in text and "h  (goal: 8)" in text, text
