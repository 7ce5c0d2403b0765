# The device's entry point: /main.py on the board runs start(board).run(). The canvas comes
# first, while the heap is still in one piece; then the panel, the saved settings and
# match, the buttons, the power and the app built with its collaborators, and the loop
# that runs them. A boot always ends in the loop: if the app cannot start on any match
# (a data file missing or damaged), ui.fault says why and the saved match is kept.
import sys
import time

from micropython import const

from ui.canvas import Canvas

# The rows of the frame a colour canvas holds at a time (ui.canvas: it is drawn a slice
# at a time and each slice sent before the next).
CANVAS_ROWS = const(24)
ARCHIVE_FULL = "Not archived: flash full"  # notices of a won match not archived
NOT_ARCHIVED = "Not archived: retrying"


def start(board, files=None, share_ports=(80, 53)):
    """share_ports: where sharing (hw.share) answers HTTP and DNS (None: no DNS)."""
    from hw import parts

    parts.hold_power(board)
    canvas = Canvas(board.WIDTH, board.HEIGHT, board.MONO, CANVAS_ROWS)
    display = board.make_display()
    from truc import rules as R
    from truc.match import Match
    from app.app import App, forget
    from app.i18n import check, t
    from app.settings import Settings, TEAM_NAMES
    from hw.journal import Journal
    from app.loop import Loop

    match = Match()
    settings = Settings(files)
    notice = settings.load()
    journal = Journal(files)
    notice = journal.open(match) or notice  # a set-aside file is said, never fatal
    forget(("hw.recover",))  # the reading back: not needed again until the next boot
    keys = parts.buttons(board)
    power = parts.power(board, settings, keys, display)
    forget(("hw.parts",))  # the parts are made: its bytecode goes (unless a class stays)
    # A press on a dark screen wakes it and goes no further.
    keys.gate = power.edge  # pyright: ignore[reportAttributeAccessIssue]

    def archive():
        # Past matches, their module imported only when asked (2 KB of bytecode): by the
        # screens that list or show them (and dropped with them), and at a match's end.
        from hw.archive import Archive

        return Archive(files)

    unarchived = ""  # why the won match is not archived yet: marked, and retried

    def keep():
        # A match won or left for a new one goes to the archive, with the teams' names.
        # Returns "" or why it did not: the match then stays in the journal.
        loaded = "hw.archive" in sys.modules
        why = ""
        try:
            archive().keep(match, settings.names[TEAM_NAMES:TEAM_NAMES + 2])
        except (OSError, MemoryError) as e:  # play goes on
            why = ARCHIVE_FULL if e.args and e.args[0] == 28 else NOT_ARCHIVED  # 28: ENOSPC
        if not loaded:
            forget(("hw.archive",))
        return why

    def before_new_match():  # New match asks before it lets a match go unarchived
        why = keep()
        return why and t(why)

    failing = False  # the journal's last save failed

    def said(told):
        # A failed save, or a won match not archived, is said once and marked on the
        # score until it succeeds.
        nonlocal failing
        failed = journal.error is not None
        if failed and not failing:
            app.message = t(journal.problem())
        elif unarchived and not told:
            app.message = t(unarchived)
        failing = failed
        app.unsaved = failed or unarchived != ""

    def make_sharing():
        # Menu -> Share: hw.share's part, made (and its module imported) the first time.
        sharing = app.sharing
        if sharing is None:
            # The radio's module and the server's are imported now (sockets and all).
            from hw.share import Sharing

            sharing = Sharing(match, settings, archive, share_ports[0], share_ports[1])
            sharing.words = lambda: app.stack[0].words(app)  # the scoreboard's words
            app.sharing = sharing  # pyright: ignore[reportAttributeAccessIssue]
        return sharing

    def changed():
        nonlocal unarchived
        journal.changed()
        if app.sharing is not None:
            app.sharing.changed()
        told = unarchived
        # Won: to the archive (an undo of the win: kept when won again, or at New match).
        unarchived = keep() if match.winner() != R.NOBODY else ""
        said(told)

    def after_event():
        nonlocal unarchived
        if journal.error is not None:  # retried at every press, not only at a change
            journal.changed()
        if unarchived:
            unarchived = keep()
        try:
            if settings.save() and app.sharing is not None:
                app.sharing.changed()  # the language or the names: the page's too
        except OSError as e:
            journal.error = e
        said(True)

    def build(m):
        check()  # every language's file, with the fonts App opens: a damaged one is said now
        return App(canvas, display, m, settings, keys=board.KEYS, power=power,
                   on_change=changed, after_event=after_event,
                   before_new_match=before_new_match, archive=archive,
                   make_sharing=make_sharing)

    try:
        app = build(match)
        if not settings.helped:  # the first boot: the keys' help over the first screen
            try:
                app.welcome()
            except Exception:  # out of heap too: no help rather than no boot (it comes
                pass  # at the next one), and never a match set aside for it
        app.render()  # the boot's last file access (deploy --dev's Ctrl-C expects it)
    except MemoryError:  # the heap, not the match: never set a good match aside for it
        raise
    except Exception:
        # The saved match, or anything else (a data file missing or damaged)? An app on
        # a clean match tells: only if that one starts is the match to blame.
        try:
            build(Match()).render()
        except MemoryError:
            raise
        except Exception as e:  # the match stays on flash as it is; the screen says why
            from ui.fault import Fault

            return Loop(Fault(canvas, display, e), keys, power)
        notice = journal.discard()  # a saved match the app cannot show: set aside
        app = build(match)
    if notice:
        app.message = t(notice)
    power.playing = app.playing  # dim, not dark, through a match in progress
    if settings.sharing:  # it was on before the power went: on again
        try:
            make_sharing().on(time.ticks_ms())
        except Exception as e:  # as Menu -> Share: said, the boot goes on
            make_sharing().off()
            app.message = str(e)
    if match.winner() != R.NOBODY:  # won, and saved before it was archived (a reboot between)
        unarchived = keep()
        app.unsaved = unarchived != ""
    return Loop(app, keys, power)


def run():
    import board

    start(board).run(time.ticks_ms)
