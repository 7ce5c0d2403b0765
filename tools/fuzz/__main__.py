import sys

from tools import fuzz
from sim.cli import Parser, number
from tools.fuzz.targets import TARGETS


def main(argv=None):
    parser = Parser(prog="python -m tools.fuzz",
                                     description=fuzz.__doc__.split("\n")[0])
    parser.add_argument("target", choices=sorted(TARGETS) + ["all"])
    parser.add_argument("--seconds", type=number(0.001, 7 * 86400, float), default=10,
                        help="per target, at most a week (default 10)")
    parser.add_argument("--seed", type=number(0), default=1)
    parser.add_argument("--case", type=number(0), help="run this one case again")
    parser.add_argument("--keep-going", action="store_true",
                        help="go on after a finding (count them all)")
    parser.add_argument("--findings", default=fuzz.FINDINGS,
                        help="where reproducers go (default %(default)s)")
    args = parser.parse_args(argv)
    names = sorted(TARGETS) if args.target == "all" else [args.target]
    cases = None if args.case is None else [args.case]
    found = 0
    for name in names:
        _, f = fuzz.run(TARGETS[name](), args.seconds, args.seed, cases, folder=args.findings,
                        keep_going=args.keep_going)
        found += f
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
