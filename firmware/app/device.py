# What the app calls back once the device is booted (app.boot makes it, then the app): the
# journal saved at every change, a won match archived
# (retried until it is), a failed save said once and marked on the score, sharing made the
# first time it is asked for, and tournament mode's outbox told of every change saved.
import sys

from truc import rules as R
from app.app import App  # noqa: F401  (App: the type of Device.app)
from app.i18n import t
from app.settings import TEAM_NAMES
from ui import forget

ARCHIVE_FULL = "Not archived: flash full"  # notices of a won match not archived
NOT_ARCHIVED = "Not archived: retrying"
SETTINGS_FULL = "Flash full: settings not saved"  # the match is: its score not marked


class Device:
    """The app's callbacks, for the match kept in journal with settings: files is the
    filesystem (None: the real one), share_ports where sharing answers HTTP and DNS;
    make_app(device) makes the app that calls them back (app.boot's)."""

    unarchived = ""  # why the won match is not archived yet: marked, and retried
    failing = False  # the journal's last save failed

    def __init__(self, files, share_ports, match, settings, journal, make_app):
        self.files = files
        self.share_ports = share_ports
        self.match = match
        self.settings = settings
        self.journal = journal
        self.app = make_app(self)  # type: App

    def archive(self):
        # Past matches, their module imported only when asked (2 KB of bytecode): by the
        # screens that list or show them (and dropped with them), and at a match's end.
        from hw.archive import Archive

        return Archive(self.files)

    def keep(self):
        # A match won or left for a new one goes to the archive, with the teams' names.
        # Returns "" or why it did not: the match then stays in the journal.
        loaded = "hw.archive" in sys.modules
        why = ""
        try:
            self.archive().keep(self.match, self.settings.names[TEAM_NAMES:TEAM_NAMES + 2])
        except (OSError, MemoryError) as e:  # play goes on
            why = ARCHIVE_FULL if e.args and e.args[0] == 28 else NOT_ARCHIVED  # 28: ENOSPC
        if not loaded:
            forget(("hw.archive",))
        return why

    def before_new_match(self):  # New match asks before it lets a match go unarchived
        why = self.keep()
        return why and t(why)

    def said(self, told):
        # A failed save, or a won match not archived, is said once and marked on the
        # score until it succeeds.
        app = self.app
        failed = self.journal.error is not None
        if failed and not self.failing:
            app.message = t(self.journal.problem())
        elif self.unarchived and not told:
            app.message = t(self.unarchived)
        self.failing = failed
        app.unsaved = failed or self.unarchived != ""

    def make_sharing(self):
        # Menu -> Share the first time (App.share): hw.share's part, its module imported
        # now (the radio's and the server's when it is turned on).
        from hw.share import Sharing

        app = self.app
        return Sharing(self.match, self.settings, self.archive, self.share_ports[0],
                       self.share_ports[1], words=lambda: _page_words(app),
                       tell=lambda notice: setattr(app, "message", t(notice)))

    def make_tournament(self):  # App.tour, given on a board with a tournament file only
        from hw.tournament import started

        return started(self)

    def changed(self):
        self.journal.changed()
        tour = self.app.tournament
        if tour is not None and self.journal.error is None:  # a change not saved: not sent
            try:
                tour.changed(self.match)
            except OSError as e:  # a full flash: said as a failed save is
                self.journal.error = e
        if self.app.sharing is not None:
            self.app.sharing.changed()
        told = self.unarchived
        # Won: to the archive (an undo of the win: kept when won again, or at New match).
        self.unarchived = self.keep() if self.match.winner() != R.NOBODY else ""
        self.said(told)

    def after_event(self):
        journal = self.journal
        if journal.error is not None:  # retried at every press, not only at a change
            journal.changed()
            if isinstance(journal.error, MemoryError):  # the heap: the screens go home
                self.app.recover()  # before a command is left unsaved, then once more
                journal.changed()
        if self.unarchived:
            self.unarchived = self.keep()
        try:
            if self.settings.save() and self.app.sharing is not None:
                self.app.sharing.changed()  # the language or the names: the page's too
        except OSError:  # the settings alone (the journal says its own): retried
            self.app.message = t(SETTINGS_FULL)  # at every press, the score unmarked
        self.said(True)


def _page_words(app):
    # The scoreboard's words for the shared page, from a module imported for the moment.
    from app.pagewords import words

    try:
        return words(app)
    finally:
        forget(("app.pagewords",))
