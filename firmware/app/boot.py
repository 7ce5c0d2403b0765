# The boot's wiring (main.start): the panel, the saved settings and match, the buttons,
# the power and the app built with its collaborators, and the loop that runs them.
# Imported for the boot alone (main forgets it): the rest of the time its bytecode is not
# in the heap. A boot always ends in the loop: if the app cannot start on any match (a
# data file missing or damaged), ui.fault says why and the saved match is kept.
import time

from truc import rules as R
from truc.match import Match
from app.app import App
from app.device import Device
from app.i18n import check, t
from app.settings import Settings
from app.loop import Loop
from hw import files as store
from hw import parts
from hw.journal import Journal
from ui import forget


def _exists(fs, name):
    try:
        fs.stat(name)
    except OSError:
        return False
    return True


def boot(board, canvas, files, share_ports):
    """The loop of the device on board, drawing into canvas; files: the filesystem (None:
    the real one); share_ports: where sharing answers HTTP and DNS."""
    display = board.make_display()
    match = Match()
    settings = Settings(files)
    notice = settings.load()
    journal = Journal(files)
    notice = journal.open(match) or notice  # a set-aside file is said, never fatal
    # The reading back and a match's checks: not needed again until the next boot.
    forget(("hw.recover", "truc.loadcheck"))
    # Dim, not dark, through a match in progress; a press on a dark screen wakes it and
    # goes no further.
    power = parts.power(board, settings, display, playing=match.in_progress)
    keys = parts.buttons(board, gate=power.edge)
    # Menu -> Tournament on a board with a tournament file (hw.tourfile's), and on at
    # once when its outbox (hw.outbox's) holds a match the director may lack.
    provisioned = _exists(files or store, "truc.trn")
    unsent = provisioned and _exists(files or store, "truc.out")
    forget(("hw.parts",))  # the parts are made: its bytecode goes (unless a class stays)

    def make_app(device):  # the app, with what it calls back
        return App(canvas, display, device.match, settings, keys=board.KEYS, power=power,
                   on_change=device.changed, after_event=device.after_event,
                   before_new_match=device.before_new_match, archive=device.archive,
                   make_sharing=device.make_sharing,
                   make_tournament=device.make_tournament if provisioned else None)

    def build(m):
        check()  # every language's file, with the fonts App opens: a damaged one is said now
        return Device(files, share_ports, m, settings, journal, make_app)

    try:
        device = build(match)
        if not settings.helped:  # the first boot: the keys' help over the first screen
            try:
                device.app.welcome()
            except Exception:  # out of heap too: no help rather than no boot (it comes
                pass  # at the next one), and never a match set aside for it
        device.app.render()  # the boot's last file access (deploy --dev's Ctrl-C expects it)
    except MemoryError:  # the heap, not the match: never set a good match aside for it
        raise
    except Exception:
        # The saved match, or anything else (a data file missing or damaged)? An app on
        # a clean match tells: only if that one starts is the match to blame.
        try:
            build(Match()).app.render()
        except MemoryError:
            raise
        except Exception as e:  # the match stays on flash as it is; the screen says why
            from ui.fault import Fault

            power.show()
            return Loop(Fault(canvas, display, e), keys, power)
        notice = journal.discard()  # a saved match the app cannot show: set aside
        device = build(match)
    power.show()  # the first frame is on the glass: lit now
    app = device.app
    if notice:
        app.message = t(notice)
    try:  # the room kept for sharing's password, while there is room (and heap: the
        from hw import room  # next boot makes it, never a boot stopped for it)

        room.keep(files or store)
    except MemoryError:
        pass
    forget(("hw.room",))
    if settings.sharing:  # it was on before the power went: on again
        try:
            app.share().on(time.ticks_ms())
        except Exception as e:  # as Menu -> Share: said, the boot goes on
            app.share().off()
            app.message = str(e)
    if unsent:
        try:
            app.tour()
        except Exception as e:  # as sharing: said, the boot goes on
            app.message = str(e)
    if match.winner() != R.NOBODY:  # won, and saved before it was archived (a reboot between)
        device.unarchived = device.keep()
        app.unsaved = device.unarchived != ""
    return Loop(app, keys, power)
