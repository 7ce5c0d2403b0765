"""The director's benchmark (`make bench-director`; figures in docs/PERFORMANCE.md): N
tables at once on loopback, each playing a whole match at a table's pace sped up, against
a Mosquitto and a director (`python -m tools.director serve`) in processes of their own.

    python -m tools.director.bench [--tables 128] [--pace 0.1] [--seed 1]

Prints the command-to-director latency (a table's publish to the director's commit of
the command in SQLite, whose time it stores), its p50/p99, the CPU seconds of the
director and of the broker, and the commands lost and stored twice (both must be 0)."""
import os
import shutil
import subprocess
import sys
import tempfile
import threading
import time

from sim.cli import Parser, number
from tools.director.broker import Mosquitto
from tools.director.engine import random_log
from tools.director.table_client import TableClient
from tools.director.tournament import Tournament

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def cpu_seconds(pid):
    """User + system CPU seconds of a process so far (Linux /proc)."""
    with open("/proc/%d/stat" % pid) as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def percentile(values, p):
    values = sorted(values)
    return values[min(len(values) - 1, int(round(p / 100 * (len(values) - 1))))]


def run_table(client, pace, seed, sent, errors):
    try:
        a = client.wait_assignment(timeout=60)
        lines = random_log(a["setup"], seed * 100003 + int(a["match"][1:]))
        times = sent[a["match"]] = []
        for line in lines:
            times.append((line, time.time()))
            client.send(a["match"], line)
            time.sleep(pace)
        client.wait_have(a["match"], len(lines), timeout=120)
    except Exception as e:  # a table that fails is counted, not hidden
        errors.append("table %d: %s" % (client.table, e))


def bench(tables=128, pace=0.1, seed=1):
    folder = tempfile.mkdtemp(prefix="truc-bench-")
    db = os.path.join(folder, "bench.db")
    t = Tournament(db)
    t.import_csv("pair\n" + "\n".join("P%d/Q%d" % (i, i) for i in range(2 * tables)))
    t.add_phase("ko", "knockout", ["variant mallorca", "set canton=12 cantons=2"])
    t.set_setting("tables", tables)
    users = t.broker_users()
    t.close()
    broker = Mosquitto(os.path.join(folder, "broker"), users).start()
    env = dict(os.environ, PYTHONPATH=ROOT)
    director = subprocess.Popen([sys.executable, "-m", "tools.director", "serve", "--db", db,
                                 "--broker", "127.0.0.1:%d" % broker.port, "--web-port", "0"],
                                cwd=ROOT, env=env, stdout=subprocess.PIPE, text=True)
    clients = []
    try:
        director.stdout.readline()  # "director on ...": connected, round one assigned
        clients = [TableClient("127.0.0.1", broker.port, n, users["table%d" % n]).start()
                   for n in range(1, tables + 1)]
        for c in clients:
            c.wait_assignment(timeout=60)
        cpu0 = cpu_seconds(director.pid), cpu_seconds(broker.process.pid)
        sent, errors = {}, []
        started = time.time()
        threads = [threading.Thread(target=run_table, args=(c, pace, seed, sent, errors))
                   for c in clients]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        wall = time.time() - started
        cpu1 = cpu_seconds(director.pid), cpu_seconds(broker.process.pid)
    finally:
        for c in clients:
            c.stop()
        director.terminate()
        director.wait(30)
        broker.stop()
    t = Tournament(db)
    latencies, lost, twice = [], 0, 0
    for match, times in sent.items():
        rows = t.db.execute("SELECT seq, line, at FROM commands WHERE match = ? ORDER BY seq",
                            (int(match[1:]),)).fetchall()
        twice += len(rows) - len({r["seq"] for r in rows})
        stored = {r["seq"]: r for r in rows}
        for seq, (line, at) in enumerate(times, 1):
            row = stored.get(seq)
            if row is None or row["line"] != line:
                lost += 1
            else:
                latencies.append(row["at"] - at)
    t.close()
    shutil.rmtree(folder, ignore_errors=True)
    commands = sum(len(v) for v in sent.values())
    return {"tables": tables, "commands": commands, "seconds": wall,
            "rate": commands / wall, "p50_ms": 1000 * percentile(latencies, 50),
            "p99_ms": 1000 * percentile(latencies, 99), "max_ms": 1000 * max(latencies),
            "director_cpu": cpu1[0] - cpu0[0], "broker_cpu": cpu1[1] - cpu0[1],
            "lost": lost, "twice": twice, "errors": errors}


def main(argv=None):
    p = Parser(prog="python -m tools.director.bench", description=__doc__.split("\n")[0])
    p.add_argument("--tables", type=number(1, 999), default=128)
    p.add_argument("--pace", type=number(0, 60, float), default=0.1,
                   help="seconds between a table's commands")
    p.add_argument("--seed", type=number(0), default=1)
    args = p.parse_args(argv)
    r = bench(args.tables, args.pace, args.seed)
    print("%(tables)d tables, %(commands)d commands in %(seconds).1f s (%(rate).0f/s): "
          "latency p50 %(p50_ms).1f ms, p99 %(p99_ms).1f ms, max %(max_ms).1f ms; CPU: "
          "director %(director_cpu).1f s, broker %(broker_cpu).1f s; lost %(lost)d, "
          "stored twice %(twice)d" % r)
    for e in r["errors"]:
        print(e, file=sys.stderr)
    return 1 if r["lost"] or r["twice"] or r["errors"] else 0


if __name__ == "__main__":
    sys.exit(main())
