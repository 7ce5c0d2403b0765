"""The tournament director (docs/TOURNAMENT.md).

    python -m tools.director init --db FILE [--name NAME] [--tables N] [--csv PAIRS.csv]
    python -m tools.director import --db FILE PAIRS.csv
    python -m tools.director phase --db FILE NAME (--groups N --advance K | --knockout)
                                   [--variant V] [--set "canton=12 cantons=2"] [--final-set ...]
    python -m tools.director set --db FILE KEY VALUE
    python -m tools.director serve --db FILE [--broker HOST:PORT] [--listen ADDR] [--port P]
                                   [--web-port P]
    python -m tools.director provision --db FILE --table N (PORT | --out FILE) --broker HOST
                                   [--broker-port P] [--ssid S --wifi W] [--new-password]
    python -m tools.director correct --db FILE --match m17 --winner 0 --cantons 2,1
                                   --reason "..."
    python -m tools.director reseat --db FILE --match m17 --table 3
    python -m tools.director export --db FILE [--csv]
    python -m tools.director demo --pairs 16 --tables 8 --seed S --db FILE [--chaos]
"""
import json
import os
import signal
import sys
import threading

from sim.cli import Parser, number


def _tournament(args):
    from tools.director.tournament import Tournament
    if args.command != "init" and not os.path.exists(args.db):
        raise ValueError("no tournament at %s (python -m tools.director init --db %s)"
                         % (args.db, args.db))
    return Tournament(args.db)


def cmd_init(args):
    t = _tournament(args)
    if args.name:
        t.set_setting("name", args.name)
    if args.tables:
        t.set_setting("tables", args.tables)
    if args.csv:
        with open(args.csv, encoding="utf-8-sig") as f:
            print("%d pairs" % t.import_csv(f.read()))


def cmd_import(args):
    with open(args.csv, encoding="utf-8-sig") as f:
        print("%d pairs" % _tournament(args).import_csv(f.read()))


def phase_setup(variant, options):
    setup = ["variant " + variant]
    if options:
        setup.append("set " + options)
    return setup


def cmd_phase(args):
    kind = "knockout" if args.knockout else "groups"
    if kind == "groups" and not args.groups:
        raise ValueError("a phase is --groups N (with --advance K) or --knockout")
    _tournament(args).add_phase(
        args.name, kind, phase_setup(args.variant, args.set), group_size=args.groups,
        advance=args.advance, final_setup=phase_setup(args.variant, args.final_set)
        if args.final_set else None)


def cmd_set(args):
    _tournament(args).set_setting(args.key, args.value)


def _cantons(text):
    parts = text.split(",")
    if len(parts) != 2 or not all(p.strip().isdigit() for p in parts):
        raise ValueError("--cantons: two numbers, as 2,1 (the pairs' in order), not %r" % text)
    return [int(p) for p in parts]


def cmd_correct(args):
    # As the console's correction (Director.correct on the tournament's file): checked
    # whole before anything is written.
    from tools.director.tournament import match_id
    t = _tournament(args)
    t.correct(match_id(args.match), args.winner, _cantons(args.cantons), args.reason)
    print("%s corrected: pair %d won, cantons %s" % (args.match, args.winner, args.cantons))


def cmd_reseat(args):
    from tools.director.tournament import match_id
    _tournament(args).reseat(match_id(args.match), args.table)
    print("%s to table %d" % (args.match, args.table))


def cmd_export(args):
    t = _tournament(args)
    if args.csv:
        sys.stdout.write(t.standings_csv())
    else:
        print(json.dumps(t.export(), ensure_ascii=False, indent=1))


def cmd_provision(args):
    from tools.director import provision
    t = _tournament(args)
    if args.port and not args.ssid:
        raise ValueError("a board needs the venue's WiFi: --ssid NAME [--wifi PASSWORD]")
    data = provision.tournament_file(args.broker, args.broker_port, args.table,
                                     t.password(args.table, new=args.new_password),
                                     args.ssid or "venue", args.wifi or "")
    if args.out:
        with open(args.out, "wb") as f:
            f.write(data)
    elif args.port:
        provision.write_to_board(args.port, data)
    else:
        raise ValueError("provision writes to a board (PORT) or to a file (--out FILE)")
    print("table %d provisioned for %s:%d" % (args.table, args.broker, args.broker_port))


def cmd_serve(args):
    from tools.director.venue import Venue
    venue = Venue(args.db, broker=args.broker, listen=args.listen, port=args.port)
    venue.start()
    stop = threading.Event()
    signal.signal(signal.SIGTERM, lambda *a: stop.set())
    from tools.director import web
    pages = web.serve(venue.director, args.listen, args.web_port)
    print("director on %s:%d; pages on http://%s:%d/" % (venue.host, venue.port, args.listen,
                                                          pages.port), flush=True)
    try:
        stop.wait()
    except KeyboardInterrupt:
        pass
    finally:
        pages.close()
        venue.stop()


def cmd_demo(args):
    from tools.director.demo import demo
    return demo(args)


def parser():
    p = Parser(prog="python -m tools.director", description=__doc__.split("\n")[0])
    sub = p.add_subparsers(dest="command", required=True)

    def command(name, helptext):
        c = sub.add_parser(name, help=helptext)
        c.error = lambda message: p.exit(2, "%s %s: %s\n" % (p.prog, name, message))
        c.add_argument("--db", required=True, help="the tournament's SQLite file")
        return c

    c = command("init", "a new tournament (or settings of one)")
    c.add_argument("--name")
    c.add_argument("--tables", type=number(1, 999))
    c.add_argument("--csv", help="pairs to import")
    c = command("import", "pairs from a CSV (columns pair[,seed])")
    c.add_argument("csv")
    c = command("phase", "add a phase after the last")
    c.add_argument("name")
    c.add_argument("--groups", type=number(2, 999), metavar="N",
                   help="groups of N, all against all")
    c.add_argument("--advance", type=number(1, 999), metavar="K",
                   help="pairs of each group going on")
    c.add_argument("--knockout", action="store_true")
    c.add_argument("--variant", default="mallorca")
    c.add_argument("--set", default="", metavar="OPTIONS", help='e.g. "canton=12 cantons=2"')
    c.add_argument("--final-set", metavar="OPTIONS", help="the knockout final's options")
    c = command("set", "a setting: name, tables, tiebreak, draw, draw_seed")
    c.add_argument("key")
    c.add_argument("value")
    c = command("serve", "run the director (and its broker, and its pages)")
    c.add_argument("--broker", help="HOST:PORT of a running broker (else one is started)")
    c.add_argument("--listen", default="127.0.0.1", help="address of the started broker")
    c.add_argument("--port", type=number(0, 65535), default=1883,
                   help="port of the started broker (0: any free one)")
    c.add_argument("--web-port", type=number(0, 65535), default=8035)
    c = command("provision", "write a table's tournament file")
    c.add_argument("port", nargs="?", help="the board's serial port (mpremote)")
    c.add_argument("--table", type=number(1, 999), required=True)
    c.add_argument("--out", help="write the file here instead (the simulator)")
    c.add_argument("--broker", required=True, help="the broker's address as the table sees it")
    c.add_argument("--broker-port", type=number(1, 65535), default=1883)
    c.add_argument("--ssid", help="the venue's WiFi (a board needs it)")
    c.add_argument("--wifi", help="its password (none: an open network)")
    c.add_argument("--new-password", action="store_true")
    c = command("correct", "a match's result by hand, with its reason (as the console)")
    c.add_argument("--match", required=True, help="the match, as m17")
    c.add_argument("--winner", type=int, required=True, help="0 or 1: the index in pairs")
    c.add_argument("--cantons", required=True, help="the pairs' cantons, as 2,1")
    c.add_argument("--reason", required=True)
    c = command("reseat", "a match not yet begun to another table (as the console)")
    c.add_argument("--match", required=True, help="the match, as m17")
    c.add_argument("--table", type=number(1, 999), required=True)
    c = command("export", "the matches and standings as JSON (or the standings as CSV)")
    c.add_argument("--csv", action="store_true")
    c = command("demo", "play a whole tournament with simulated tables")
    c.add_argument("--pairs", type=number(2, 999), default=16)
    c.add_argument("--tables", type=number(1, 999), default=8)
    c.add_argument("--seed", type=number(0), default=1)
    c.add_argument("--group-size", type=number(2, 999), default=4)
    c.add_argument("--chaos", action="store_true",
                   help="kill and restart the broker and the director, pull batteries")
    c.add_argument("--runner", choices=("sim", "paho"), default="sim",
                   help="tables: the firmware in the simulator (python -m sim), or paho "
                   "clients speaking the protocol without it (the bridge's test, loads)")
    c.add_argument("--pace", type=number(0, 60, float), help="seconds between a table's commands "
                   "(default 0.002; with --chaos 0.04)")
    c.add_argument("--web-port", type=number(0, 65535), help="serve the pages while it plays")
    return p


def main(argv=None):
    args = parser().parse_args(argv)
    try:
        return globals()["cmd_" + args.command](args) or 0
    except (ValueError, OSError) as e:
        print("tools.director %s: %s" % (args.command, e), file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
