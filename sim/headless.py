"""Scripted runs in simulated time, without a window: a table log through the autopilot,
then a key script, then a screenshot of the panel."""
import json
import sys

from tools.replay import describe

from sim import keyscript
from sim.autopilot import Autopilot, PlayError
from sim.device import Device
from sim.fingers import Fingers


def prepare(board, language, log_lines=None, keys=""):
    """A device after the log and the key script. Returns (device, fingers, error): error
    is the PlayError that stopped the log, or None."""
    device = Device(board, language)
    fingers = Fingers(device)
    if log_lines is not None:
        try:
            Autopilot(device, fingers).play(log_lines)
        except PlayError as e:
            return device, fingers, e
    keyscript.play(fingers, keyscript.parse(keys, board.keys))
    return device, fingers, None


def run(board, language, log_lines=None, keys="", screenshot=None, scale=1, out=sys.stdout,
        err=sys.stderr):
    """Returns the exit status: 0, or 2 when the log could not be played."""
    device, fingers, error = prepare(board, language, log_lines, keys)
    if screenshot:
        device.panel.image(scale).save(screenshot)
    print(json.dumps(describe(device.app.match)), file=out)
    print("key presses: %d, bytes sent to the panel: %d"
          % (device.presses, device.panel.bytes_sent), file=out)
    if error:
        print(error, file=err)
        return 2
    return 0
