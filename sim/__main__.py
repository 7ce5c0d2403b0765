"""python -m sim: the firmware on a simulated board, in a window or headless."""
import argparse
import importlib
import os
import sys

from app.i18n import LANGUAGES

from sim import boards, keyscript
from sim.flashdir import FlashFolder, default_folder
from sim.cli import Parser, log_bytes, number
from truc import tablelog

CONTROLS = """\
boards: tdisplay (LILYGO T-Display, 2 keys: 1 = GPIO0, 2 = GPIO35), m5stickc_plus2 (2 keys:
  1 = B on the top edge, 2 = A on the front), m5stack_core (3 keys A B C), devkit_oled
  (alias oled; 3 keys left to right). Each runs its board file's driver on a model of its
  display controller, the firmware's debounced buttons, backlight timeout and journal.
flash: the window keeps each board's flash in .sim-flash/BOARD (or --flash DIR), so a
  match resumes where it was; headless runs start from an empty flash unless --flash is
  given. --fresh empties it first. --log plays a match from its start: on a flash that
  holds a match in progress it is refused (add --fresh).
window: Left/A = left key, Right/D = right key, Down/S = middle key (3-button boards);
  click the drawn buttons; F5 pulls the battery (the device boots again from its flash);
  F12 or P saves a screenshot of the glass to the current directory; Esc or closing the
  window quits.
headless: the run is in simulated time; it prints the match state as one JSON line (as
  python -m tools.replay does), then the key presses used; exit status 2 when a log line
  is illegal or the UI did not reach the engine's state (the message names the line)."""


def parse_args(argv):
    parser = Parser(
        prog="python -m sim", formatter_class=argparse.RawDescriptionHelpFormatter,
        description="Runs the firmware on a simulated board.",
        epilog=keyscript.SYNTAX + "\n\n" + CONTROLS)
    parser.add_argument("--board", choices=boards.NAMES + tuple(boards.ALIASES),
                        default=boards.NAMES[0], metavar="BOARD",
                        help="a board file of boards/: %s (default %s)"
                             % (", ".join(boards.NAMES), boards.NAMES[0]))
    parser.add_argument("--lang", choices=LANGUAGES,
                        help="set the device's language, skipping the first run's language "
                             "question and keys help (default: what its flash holds, ca)")
    parser.add_argument("--headless", action="store_true", help="no window: simulated time")
    parser.add_argument("--log", metavar="FILE",
                        help='a table log ("-": standard input) played through the UI first')
    parser.add_argument("--keys", metavar="SCRIPT", default="", help="a key script, after the log")
    parser.add_argument("--screenshot", metavar="PNG", help="headless: save the final screen")
    parser.add_argument("--scale", type=number(1, 8), metavar="N",
                        help="screen zoom (default: the board's, 2 to 4; headless screenshots 1)")
    parser.add_argument("--flash", metavar="DIR", help="keep the device's flash in this folder")
    parser.add_argument("--fresh", action="store_true", help="start with an empty flash")
    parser.add_argument("--share", type=number(1, 65535), metavar="PORT",
                        help="turn sharing on (Menu -> Share) and serve the match's page on "
                             "http://127.0.0.1:PORT/; headless: after the log and keys, "
                             "until interrupted")
    parser.add_argument("--tournament", metavar="URL",
                        help="mqtt://[table<N>:PASSWORD@]HOST:PORT: play as a tournament's "
                             "table (Menu -> Tournament) against that broker; headless: the "
                             "log is played once the assignment came, and the run ends when "
                             "the director holds every command (exit status 3 if it does "
                             "not within --wait seconds)")
    parser.add_argument("--table", type=number(1, 999), metavar="N",
                        help="the table's number (1-999)")
    parser.add_argument("--tournament-file", metavar="FILE",
                        help="the table's tournament file (tools.director provision's)")
    parser.add_argument("--wait", type=number(0.1, 86400, float), default=30, metavar="S",
                        help="tournament: seconds to wait for the assignment, and for the "
                             "director to hold every command (default 30)")
    parser.add_argument("--pull-battery", type=number(0), default=0, metavar="N",
                        help="headless: the battery pulled after the log's Nth line, the rest "
                             "entered once it booted again (as F5)")
    args = parser.parse_args(argv)
    if args.tournament is not None:
        from sim import tournament

        if not args.headless:
            parser.error("--tournament needs --headless (the window does not join yet)")
        if args.table is None or not 1 <= args.table <= 999:
            parser.error("--tournament needs --table N, 1 to 999")
        try:
            args.tournament = tournament.config(args.tournament, args.table,
                                                args.tournament_file)
        except (ValueError, OSError) as e:
            parser.error(str(e))
    elif args.table is not None or args.tournament_file is not None:
        parser.error("--table and --tournament-file go with --tournament")
    args.board = boards.resolve(args.board)
    try:
        keyscript.parse(args.keys, importlib.import_module("boards." + args.board).KEYS)
    except ValueError as e:
        parser.error("--keys: %s" % e)
    if args.screenshot and not args.headless:
        parser.error("--screenshot needs --headless (in the window, press F12 or P)")
    if args.screenshot and (os.path.isdir(args.screenshot) or not os.path.isdir(
            os.path.dirname(os.path.abspath(args.screenshot)))):
        parser.error("--screenshot: %s cannot be written (no such folder?)" % args.screenshot)
    if args.screenshot:  # said now, not after the whole log was played
        try:
            import PIL  # noqa: F401
        except ImportError:
            parser.error("--screenshot needs Pillow: run it with the project's environment, "
                         ".venv/bin/python (make sim sets it up)")
    return args


def main(argv=None):
    args = parse_args(argv)
    try:  # the lines as every tool reads them; the autopilot stops at one not UTF-8
        log = tablelog.split(log_bytes(args.log)) if args.log else None
    except OSError as e:
        print("sim: cannot read %s: %s" % (args.log, e.strerror or e), file=sys.stderr)
        return 2
    if args.pull_battery and not (log and args.pull_battery < len(log)):
        print("python -m sim: argument --pull-battery: %d needs a --log of more lines (%d)"
              % (args.pull_battery, len(log or ())), file=sys.stderr)
        return 2
    path = args.flash or (None if args.headless else default_folder(args.board))
    folder = flash = None
    if path:
        folder = FlashFolder(path)
        try:
            flash = folder.open(args.fresh)
        except (ValueError, OSError) as e:
            print("sim: flash folder: %s" % e, file=sys.stderr)
            return 2
    if args.headless:
        from sim import headless

        return headless.run(args.board, args.lang, log, args.keys, args.screenshot,
                            args.scale or 1, flash, folder, share=args.share,
                            tournament=args.tournament, wait=args.wait,
                            pull_battery=args.pull_battery)
    from sim import window

    return window.run(args.board, args.lang, log, args.keys, args.scale, flash, folder,
                      share=args.share)


if __name__ == "__main__":
    sys.exit(main())
