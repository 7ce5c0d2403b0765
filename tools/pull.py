"""Reads the matches off a board (or a simulator's flash) as table logs.

    python -m tools.pull [--port PORT] -o match.log        # the match in progress
    python -m tools.pull --flash .sim-flash/tdisplay --all DIR   # it and every past match

The files are read whole (over USB with the pinned mpremote, which runs one read-only
listing on the board; or from the folder `python -m sim --flash DIR` keeps), then decoded
with the firmware's own code on a copy in memory: hw.journal for the match in progress,
hw.archive for the past ones, truc.tablelog for the lines. Nothing is written to the board.
`tools.replay FILE` replays each log to the state the device held. A match that outgrew
its undo log (more than 512 commands: its start is no longer kept) cannot be a log: it is
said and skipped. The team names a past match was kept with are printed, not written: the
table log (TABLE-LOG.md) has no place for them.

A file that does not read back (hw.archive and hw.journal check every fact, as the device
does) is skipped with a line that names it and says why; the others are written, and the
exit status is 1. A bad argument, or a place that cannot be written, is said in one line
with exit status 2.
"""
import ast
import os
import sys

import tools  # noqa: F401  (puts the firmware on the import path)
from hw.archive import Archive, rounds, summary, teams
from hw.journal import Journal
from sim.flash import Flash
from sim.cli import Parser, printable
from truc import rules as R
from truc import tablelog
from truc.match import Match
from truc.variants import NAMES

# Run on the board: prints a dict of every truc.* file at the root, as bytes literals (but
# the 4 KB of room kept for sharing's password, hw.room's: nothing to read there).
_LIST = ("import os\n"
         "print('{')\n"
         "for n in os.listdir():\n"
         " if n[:5]=='truc.' and n!='truc.rsv':\n"
         "  f=open(n,'rb');print(repr(n),':',repr(f.read()),',');f.close()\n"
         "print('}')\n")


class PullError(Exception):
    pass


def from_folder(path):
    """The flash files a simulator folder holds (name -> bytes)."""
    if not os.path.isdir(path):
        raise PullError("%s is not a folder" % path)
    files = {}
    for name in os.listdir(path):
        full = os.path.join(path, name)
        if name.startswith("truc.") and os.path.isfile(full):
            with open(full, "rb") as f:
                files[name] = f.read()
    return files


def from_board(port):
    """The truc.* files at the board's root, read with one mpremote exec."""
    from tools import deploy

    try:
        out = deploy.mpremote(port or deploy.find_port(), "exec", _LIST, timeout=60).stdout
    except deploy.DeployError as e:
        raise PullError(str(e)) from None
    try:
        return ast.literal_eval(out[out.index("{"):])
    except (ValueError, SyntaxError):
        raise PullError("the board's answer is not a file listing: %r" % out[:200]) from None


def lines(match):
    """The table log of match, or None if its start is no longer kept."""
    try:
        return [line + "\n" for line in tablelog.export(match)]
    except ValueError:
        return None


def current(files, say):
    """The match the journal holds, decoded by hw.journal (on a copy: set-asides stay
    here). Returns (match, whether a file was skipped)."""
    m = Match()
    note = Journal(Flash(files)).open(m)
    if note:
        say("the match in progress does not read (%s): the device starts a new one" % note)
    return m, bool(note)


def past(files, say):
    """(seq, summary tuple, rounds played, team names, Match) of every past match, newest
    first, and whether a file was skipped."""
    archive = Archive(Flash(files))
    found = []
    for seq, name, head in archive.matches():
        m = Match()
        if archive.load(name, m):
            found.append((seq, summary(head), rounds(head), teams(head), m))
    for old, _, why in archive.set_aside:
        say("%s skipped: %s" % (old, why))
    return found, bool(archive.set_aside)


def what(m):
    """What the journal's match is, in words."""
    if m.winner() != R.NOBODY:
        return "the match %s won" % R.TEAMS[m.winner()]
    return "the match in progress"


def _write(path, text_lines):
    with open(path, "w", encoding="utf-8") as f:
        f.writelines(text_lines)


def _writable(parser, path, folder):
    # Says (and exits 2) if path cannot be written: a missing or unwritable folder.
    place = path if folder else os.path.dirname(os.path.abspath(path))
    if folder and not os.path.isdir(path):
        if os.path.exists(path):
            parser.error("--all: %s is not a folder" % path)
        try:
            os.makedirs(path)
        except OSError as e:
            parser.error("--all: cannot make %s: %s" % (path, e.strerror))
    elif not folder and os.path.isdir(path):
        parser.error("-o: %s is a folder" % path)
    if not os.path.isdir(place):
        parser.error("-o: no folder %s" % place)
    if not os.access(place, os.W_OK):
        parser.error("%s: %s cannot be written" % ("--all" if folder else "-o", place))


def main(argv=None):
    parser = Parser(prog="python -m tools.pull", description=__doc__.split("\n")[0])
    src = parser.add_mutually_exclusive_group()
    src.add_argument("--port",
                     help="the board's serial port (default: the first USB serial device)")
    src.add_argument("--flash", metavar="DIR", help="a simulator's flash folder instead of a board")
    parser.add_argument("-o", "--output", metavar="FILE", help="write the match in progress here")
    parser.add_argument("--all", metavar="DIR", help="write every match into DIR")
    args = parser.parse_args(argv)
    if not args.output and not args.all:
        parser.error("say where: -o FILE and/or --all DIR")
    if args.output:
        _writable(parser, args.output, False)
    if args.all:
        _writable(parser, args.all, True)

    def say(text):
        print("pull: " + text, file=sys.stderr)

    try:
        files = from_folder(args.flash) if args.flash else from_board(args.port)
        return _pull(files, args.output, args.all, say)
    except (PullError, OSError) as e:
        say(str(e))
        return 2


def _pull(files, output, folder, say):
    m, skipped = current(files, say)
    status = 1 if skipped else 0
    text = lines(m)
    if text is None:
        say("%s outgrew its log (over 512 commands): not written" % what(m))
        status = 1
    elif output:
        _write(output, text)
        print("%s: %s, %d commands" % (output, what(m), len(text)))
    if not folder:
        return status
    if text:
        path = os.path.join(folder, "current.log")
        _write(path, text)
        print("%s: %s, %d commands" % (path, what(m), len(text)))
    found, skipped = past(files, say)
    if skipped:
        status = 1
    for seq, (variant, players, ca, cb, _, _, _, _), played, names, pm in found:
        # hw.archive reads a sequence only in its own slot: one name per file.
        path = os.path.join(folder, "match-%04d-%s.log" % (seq, NAMES[variant]))
        plines = lines(pm)
        if plines is None:
            say("%s outgrew its log (over 512 commands): skipped" % path)
            status = 1
            continue
        _write(path, plines)
        print("%s: %s, %d players, cantons %d-%d, %d rounds, teams %s and %s" % (
            path, NAMES[variant], players, ca, cb, played, printable(names[0]),
            printable(names[1])))
    return status


if __name__ == "__main__":
    sys.exit(main())
