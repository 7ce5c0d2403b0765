"""python -m sim: the firmware app on a simulated board, in a window or headless."""
import argparse
import sys

from app.i18n import LANGUAGES

from sim import keyscript
from sim.boards import BOARDS

CONTROLS = """\
keys: on the T-Display key 1 is GPIO0 (top), key 2 GPIO35 (bottom); on the OLED board
  keys 1, 2, 3 run left to right.
window: Left/A = left key, Right/D = right key, Down/S = middle key (3-button boards);
  click the drawn buttons; F12 or P saves a screenshot of the panel to the current
  directory; Esc or closing the window quits.
headless: the run is in simulated time; it prints the match state as one JSON line (as
  python -m tools.replay does), then the key presses used; exit status 2 when a log line
  is illegal or the UI did not reach the engine's state (the message names the line)."""


def parse_args(argv):
    parser = argparse.ArgumentParser(
        prog="python -m sim", formatter_class=argparse.RawDescriptionHelpFormatter,
        description="Runs the firmware app on a simulated board.",
        epilog=keyscript.SYNTAX + "\n\n" + CONTROLS)
    parser.add_argument("--board", choices=sorted(BOARDS), default="tdisplay",
                        help="tdisplay: 240x135 colour, 2 buttons (default); "
                             "oled: 128x64 mono, 3 buttons")
    parser.add_argument("--lang", choices=LANGUAGES, default="ca", help="the device's language")
    parser.add_argument("--headless", action="store_true", help="no window: simulated time")
    parser.add_argument("--log", metavar="FILE",
                        help='a table log ("-": standard input) played through the UI first')
    parser.add_argument("--keys", metavar="SCRIPT", default="", help="a key script, after the log")
    parser.add_argument("--screenshot", metavar="PNG", help="headless: save the final screen")
    parser.add_argument("--scale", type=int, metavar="N",
                        help="screen zoom (default: the board's, 3 or 4; headless screenshots 1)")
    args = parser.parse_args(argv)
    board = BOARDS[args.board]
    try:
        keyscript.parse(args.keys, board.keys)
    except ValueError as e:
        parser.error("--keys: %s" % e)
    if args.screenshot and not args.headless:
        parser.error("--screenshot needs --headless (in the window, press F12 or P)")
    if args.scale is not None and not 1 <= args.scale <= 8:
        parser.error("--scale must be 1 to 8")
    return args, board


def read_log(name):
    if name == "-":
        return sys.stdin.read().splitlines()
    with open(name, encoding="utf-8") as f:
        return f.read().splitlines()


def main(argv=None):
    args, board = parse_args(argv)
    try:
        log = read_log(args.log) if args.log else None
    except (OSError, UnicodeDecodeError) as e:
        print("sim: cannot read %s: %s" % (args.log, e), file=sys.stderr)
        return 2
    if args.headless:
        from sim import headless

        return headless.run(board, args.lang, log, args.keys, args.screenshot, args.scale or 1)
    from sim import window

    return window.run(board, args.lang, log, args.keys, args.scale)


if __name__ == "__main__":
    sys.exit(main())
