"""Scripted runs in simulated time, without a window: a table log through the autopilot,
then a key script, then a screenshot of the glass."""
import json
import sys

from tools.replay import describe

from sim import keyscript
from sim.autopilot import Autopilot, PlayError
from sim.device import Device
from sim.fingers import Fingers


def prepare(name, language=None, log_lines=None, keys="", flash=None, store=None):
    """A device booted from flash (None: an empty one, gone when the run ends; store, a
    sim.flashdir.FlashFolder, keeps it), after the log and the key script. Returns
    (device, fingers, error): error is the PlayError that stopped the log, or None."""
    device = Device(name, language, flash, store)
    fingers = Fingers(device)
    if log_lines is not None:
        if device.app.top_name() != "newmatch":  # a log is a match from its start
            return device, fingers, PlayError(0, "the flash holds a match in progress; "
                                                 "--fresh starts from an empty flash")
        try:
            Autopilot(device, fingers).play(log_lines)
        except PlayError as e:
            return device, fingers, e
    keyscript.play(fingers, keyscript.parse(keys, device.keys))
    return device, fingers, None


def run(name, language=None, log_lines=None, keys="", screenshot=None, scale=1, flash=None,
        store=None, out=sys.stdout, err=sys.stderr):
    """Returns the exit status: 0, or 2 when the log could not be played."""
    device, fingers, error = prepare(name, language, log_lines, keys, flash, store)
    if screenshot:
        try:
            device.image(scale).save(screenshot, "PNG")
        except OSError as e:
            print("sim: cannot write %s: %s" % (screenshot, e.strerror or e), file=err)
            return 2
    print(json.dumps(describe(device.app.match)), file=out)
    print("key presses: %d, bytes sent to the panel: %d"
          % (device.presses, device.model.bytes_in), file=out)
    for text in device.model.errors:  # the driver broke a rule of the chip
        print("panel: %s" % text, file=err)
    if error:
        print(error, file=err)
        return 2
    return 0
