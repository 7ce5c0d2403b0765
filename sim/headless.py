"""Scripted runs in simulated time, without a window: a table log through the autopilot,
then a key script, then a screenshot of the glass."""
import json
import sys
import time

from sim import keyscript
from sim.autopilot import Autopilot, PlayError
from sim.device import Device
from sim.fingers import Fingers
from sim.state import describe


def prepare(name, language=None, log_lines=None, keys="", flash=None, store=None,
            share=None, tournament=None, wait=30, pull_battery=0):
    """A device booted from flash (None: an empty one, gone when the run ends; store, a
    sim.flashdir.FlashFolder, keeps it), after the log and the key script; sharing on
    127.0.0.1:share when share is a port. Returns (device, fingers, error): error is the
    PlayError that stopped the log, or None. tournament: a tournament file's Config
    (hw.tourfile): written to the flash, tournament mode on, the log played once the
    assignment came (wait seconds at most). pull_battery N: the battery pulled after the
    log's Nth line, the rest entered once the device booted again from its flash."""
    if tournament is not None:
        from sim.flash import Flash
        from sim import tournament as table

        flash = flash if flash is not None else Flash()
        table.provision(flash, tournament)
    device = Device(name, language, flash, store, share_port=share or 0)
    fingers = Fingers(device)
    if not hasattr(device.app, "match"):  # ui.fault's page: the boot could not start
        return device, fingers, None
    if tournament is not None:
        on = device.app.tour()
        if not table.wait(device, lambda: on.assigned is not None, wait):
            return device, fingers, PlayError(0, "no assignment from the director in %gs"
                                              % wait)
    if log_lines is not None:
        if device.app.top_name() not in ("newmatch", "language"):  # a log starts a match
            return device, fingers, PlayError(0, "the flash holds a match in progress; "
                                                 "--fresh starts from an empty flash")
        try:
            pilot = Autopilot(device, fingers)
            if 0 < pull_battery < len(log_lines):
                pilot.play(log_lines[:pull_battery])
                device.pull_battery()
                pilot.app = device.app  # booted again: the same match, from the flash
                log_lines = log_lines[pull_battery:]
            pilot.play(log_lines)
        except PlayError as e:
            return device, fingers, e
    keyscript.play(fingers, keyscript.parse(keys, device.keys))
    if share is not None:  # 0: a free port
        start_sharing(device)
    return device, fingers, None


def started(name):
    """A device of board name, in English, whose first New match (the preset one) was
    begun through its keys: (device, fingers)."""
    from ui.gestures import LONG, SHORT

    device = Device(name, "en")
    fingers = Fingers(device)
    fingers.gesture(0, SHORT)  # "Start" is the last item: PREV wraps to it
    fingers.gesture(1, LONG if device.keys == 2 else SHORT)  # SELECT
    assert device.app.match.variant() == 1
    return device, fingers


def start_sharing(device):
    """Sharing on, as Menu -> Share turns it on (the screen under it stays)."""
    sharing = device.app.share()
    if not sharing.active():
        sharing.on(device.now())
    device.app.after_event()  # saved with the settings, as after a press


def sharing_line(device):
    sharing = device.app.sharing
    return "sharing: http://127.0.0.1:%d/ (network %s, password %s)" % (
        sharing.server.port, sharing.name(), device.app.settings.password)


def serve(device, lock=None, until=None):
    """Runs the device in real time (its loop answers the page's requests) until
    interrupted, or until until() is true; lock, if given, is held for each turn."""
    try:
        while until is None or not until():
            if lock is None:
                device.run(10)
            else:
                with lock:
                    device.run(10)
            time.sleep(0.01)
    except KeyboardInterrupt:
        pass


def _saved(device):
    # The match the journal on the device's flash holds (the fault page keeps it).
    from hw.journal import Journal
    from truc.match import Match

    m = Match()
    Journal(device.flash.reboot()).open(m)
    return m


def run(name, language=None, log_lines=None, keys="", screenshot=None, scale=1, flash=None,
        store=None, out=sys.stdout, err=sys.stderr, share=None, tournament=None, wait=30,
        pull_battery=0):
    """Returns the exit status: 0; 1 when the device boots to its fault page (a data file
    damaged: the page said, the match kept on flash printed); 2 when the log could not
    be played. With share (a port), the device then serves the match's page until
    interrupted."""
    try:
        device, fingers, error = prepare(name, language, log_lines, keys, flash, store, share,
                                         tournament, wait, pull_battery)
    except OSError as e:  # the port is taken
        print("sim: cannot share on port %s: %s" % (share, e), file=err)
        return 2
    if screenshot:
        try:
            device.image(scale).save(screenshot, "PNG")
        except OSError as e:
            print("sim: cannot write %s: %s" % (screenshot, e.strerror or e), file=err)
            return 2
    if not hasattr(device.app, "match"):  # ui.fault's page, and the match kept on flash
        print("sim: the device shows its fault page: %s" % " / ".join(device.app.lines),
              file=err)
        print(json.dumps(describe(_saved(device))), file=out)
        return 1
    print(json.dumps(describe(device.app.match)), file=out)
    print("key presses: %d, bytes sent to the panel: %d"
          % (device.presses, device.model.bytes_in), file=out)
    for text in device.model.errors:  # the driver broke a rule of the chip
        print("panel: %s" % text, file=err)
    if error:
        print(error, file=err)
        return 2
    if tournament is not None:
        from sim import tournament as table

        on = device.app.tournament
        if not table.wait(device, lambda: table.sent(device), wait):
            print("sim: the director holds %d of the %d commands after %gs (%s)"
                  % (on.have, on.outbox.count, wait, on.state()), file=err)
            return 3
        print("tournament: table %d, match %s: the director holds all %d commands"
              % (tournament.table, on.outbox.match_id, on.outbox.count), file=out)
    if share is not None:
        print(sharing_line(device), file=out, flush=True)
        serve(device)
    return 0
