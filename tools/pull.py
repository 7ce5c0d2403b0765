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
"""
import argparse
import ast
import os
import sys

import tools  # noqa: F401  (puts the firmware on the import path)
from hw.archive import Archive, summary, teams
from hw.journal import Journal
from sim.flash import Flash
from truc import tablelog
from truc.match import Match
from truc.variants import NAMES

# Run on the board: prints a dict of every truc.* file at the root, as bytes literals.
_LIST = ("import os\n"
         "print('{')\n"
         "for n in os.listdir():\n"
         " if n[:5]=='truc.':\n"
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
        raise PullError(str(e))
    try:
        return ast.literal_eval(out[out.index("{"):])
    except (ValueError, SyntaxError):
        raise PullError("the board's answer is not a file listing: %r" % out[:200])


def lines(match):
    """The table log of match, or None if its start is no longer kept."""
    try:
        return [line + "\n" for line in tablelog.export(match)]
    except ValueError:
        return None


def current(files, say):
    """The match in progress, decoded by hw.journal (on a copy: set-asides stay here)."""
    m = Match()
    note = Journal(Flash(files)).open(m)
    if note:
        say("the match in progress does not read (%s): the device starts a new one" % note)
    return m


def past(files, say):
    """(seq, summary tuple, team names, Match) of every past match, newest first."""
    archive = Archive(Flash(files))
    found = []
    for seq, name, head in archive.matches():
        m = Match()
        if archive.load(name, m):
            found.append((seq, summary(head), teams(head), m))
        else:
            say("%s does not replay: skipped" % name)
    for old, _ in archive.set_aside:
        say("%s is damaged: skipped" % old)
    return found


def _write(path, text_lines):
    with open(path, "w", encoding="utf-8") as f:
        f.writelines(text_lines)


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m tools.pull",
                                     description=__doc__.split("\n")[0])
    src = parser.add_mutually_exclusive_group()
    src.add_argument("--port",
                     help="the board's serial port (default: the first USB serial device)")
    src.add_argument("--flash", metavar="DIR", help="a simulator's flash folder instead of a board")
    parser.add_argument("-o", "--output", metavar="FILE", help="write the match in progress here")
    parser.add_argument("--all", metavar="DIR", help="write every match into DIR")
    args = parser.parse_args(argv)
    if not args.output and not args.all:
        parser.error("say where: -o FILE and/or --all DIR")

    def say(text):
        print("pull: " + text, file=sys.stderr)

    try:
        files = from_folder(args.flash) if args.flash else from_board(args.port)
    except PullError as e:
        say(str(e))
        return 2
    status = 0
    m = current(files, say)
    text = lines(m)
    if text is None:
        say("the match in progress outgrew its log (over 512 commands): not written")
        status = 1
    elif args.output:
        _write(args.output, text)
        print("%s: the match in progress, %d commands" % (args.output, len(text)))
    if args.all:
        os.makedirs(args.all, exist_ok=True)
        if text:
            path = os.path.join(args.all, "current.log")
            _write(path, text)
            print("%s: the match in progress, %d commands" % (path, len(text)))
        for seq, (variant, players, ca, cb, _, _, _, rnd), names, pm in past(files, say):
            name = "match-%04d-%s.log" % (seq, NAMES[variant] or "none")
            plines = lines(pm)
            if plines is None:
                say("%s outgrew its log (over 512 commands): skipped" % name)
                status = 1
                continue
            path = os.path.join(args.all, name)
            _write(path, plines)
            print("%s: %s, %d players, cantons %d-%d, %d rounds, teams %s and %s" % (
                path, NAMES[variant], players, ca, cb, rnd, names[0], names[1]))
    return status


if __name__ == "__main__":
    sys.exit(main())
