"""Replays a table log (TABLE-LOG.md) and prints the match state as JSON.

    python -m tools.replay FILE [--each]      (FILE "-" reads standard input)

The log is read as bytes (tablelog.split): only "\n" ends a line. An illegal or malformed
line, or one that is not UTF-8, stops the replay with "line N: reason" on standard error and
exit status 2; the state printed is the one before that line.
"""
import json
import sys

import tools  # noqa: F401  (puts the firmware on the import path)
from sim.cli import Parser, log_bytes
from sim.state import describe
from truc.match import Match
from truc import tablelog


def replay(lines, each=False, out=sys.stdout, err=sys.stderr):
    """Applies lines (tablelog.split's, None for one that is not UTF-8) to a new match;
    returns (match, exit status)."""
    match = Match()

    def said(m):
        print(json.dumps(describe(m)), file=out)

    reason = tablelog.play(match, lines, said if each else None)
    if not each:
        said(match)
    if reason:
        print(reason, file=err)
        return match, 2
    return match, 0


def main(argv=None):
    parser = Parser(prog="python -m tools.replay", description=__doc__.split("\n")[0])
    parser.add_argument("file", help='a table log, or "-" for standard input')
    parser.add_argument("--each", action="store_true", help="print the state after every command")
    args = parser.parse_args(argv)
    try:
        data = log_bytes(args.file)
    except OSError as e:
        print("replay: cannot read %s: %s" % (args.file, e.strerror or e), file=sys.stderr)
        return 2
    return replay(tablelog.split(data), args.each)[1]


if __name__ == "__main__":
    sys.exit(main())
