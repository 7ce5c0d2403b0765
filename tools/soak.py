"""A soak: random presses, chords, waits and battery pulls on a whole device, checked
after every one.

    python -m tools.soak --board B --presses N --seed S [--mp] [--home]

Without --mp the device is the simulator's (sim.device: the board file, its driver on the
display controller's model, the journal on the simulated flash); a pull boots again from
what had landed on the flash. With --mp it is the same firmware on the MicroPython unix
port (tools/mp_soak.py), where a pull boots again from the files as they are, and the
heap in use after each return to the scoreboard is reported (--home prints every figure).
The plan and the checks are tools/soakplan.py, the same on both: after every action no
exception, no screen twice and at most MAX_DEPTH on the stack, no failed save, a screen
dark after a timeout, and a reboot from the files giving the match back whole (the same
dump and state: the journal's load passes every command through the rules again, so it
is also a state the engine reaches); after every return to the scoreboard the table-log
export replays to the match.
Prints the figures; exits 1 with the seed, the action and the last actions on a failure.
"""
import os
import shutil
import subprocess
import sys
import tempfile
import time
import traceback

import tools  # noqa: F401  (puts the firmware and the stand-ins on the import path)
from machine import SIM
from sim import boards, fingers as F
from sim.device import Device
from sim.fingers import Fingers
from tools import soakplan as S
from sim.cli import Parser, number
from tools.mpbuild import ROOT, compile_file, tool

TIMINGS = (F.PRESS_MS, F.DOUBLE_GAP_MS, F.LONG_MS + F.LONG_EXTRA_MS,
           F.DOUBLE_MS + F.SETTLE_EXTRA_MS)
NAMES = {S.PRESS: "press", S.CHORD: "chord", S.WAIT: "wait", S.DIM: "dim", S.DARK: "dark",
         S.PULL: "pull", S.START: "start"}


class Failed(Exception):
    pass


def describe(action):
    return " ".join([NAMES[action[0]]] + [str(v) for v in action[1:]])


class SimSoak:
    def __init__(self, board):
        self.device = Device(board, draw=False)
        self.fingers = Fingers(self.device)
        self.presses = self.pulls = self.waits = self.returns = 0
        self.playing = 0  # presses made with a match in progress (after the press)
        self.deepest = 1
        self.checker = S.Checker()

    def pressed(self):
        self.presses += 1
        if self.device.app.match.in_progress():
            self.playing += 1

    def act(self, a):
        d, kind = self.device, a[0]
        if kind == S.PRESS:
            self.fingers.gesture(a[1], a[2])
            self.pressed()
        elif kind == S.CHORD:
            d.press(a[1])
            self.fingers.wait(F.PRESS_MS)
            d.press(a[2])
            self.fingers.wait(a[3])
            d.release(a[1])
            d.release(a[2])
            self.fingers.wait(self.fingers.settle_ms)
            self.pressed()
        elif kind == S.START:
            for _ in range(S.START_MOST):
                e = S.to_start(d.app)
                if e < 0:
                    d.app.open("newmatch")
                    d.step()
                elif e:
                    self.act((S.PRESS,) + S.gesture(d.keymap, e))
                else:
                    break
        elif kind == S.PULL:
            d.pull_battery()
            self.pulls += 1
        elif kind == S.WAIT:
            self.fingers.wait(a[1])
            self.waits += 1
        else:
            for _ in range(S.wait_ms(a, d.app.settings) // S.LONG_STEP_MS):
                SIM.advance_us(S.LONG_STEP_MS * 1000)
                d.step()
            self.waits += 1

    def check(self, a):
        d = self.device
        why = self.checker.check(d.app, d.flash.reboot(), a, d.power)
        if not why and d.model.errors:
            why = "panel: " + d.model.errors[0]
        return why


def run_sim(board, presses, seed, out=sys.stdout):
    """Returns the figures as a dict; raises Failed."""
    soak = SimSoak(board)
    plan = S.Plan(seed, soak.device.keys)
    recent = []
    depth = 1
    t0 = time.perf_counter()
    while soak.presses < presses:
        a = plan.next()
        recent = (recent + [describe(a)])[-12:]
        try:
            soak.act(a)
            why = soak.check(a)
        except Exception:
            why = traceback.format_exc()
        if why:
            raise Failed("%s seed %d, after %d presses (%s): %s\nlast actions: %s" % (
                board, seed, soak.presses, describe(a), why, ", ".join(recent)))
        now = len(soak.device.app.stack)
        soak.deepest = max(soak.deepest, now)
        if now == 1 and depth > 1:
            soak.returns += 1
            why = soak.checker.export(soak.device.app.match)
            if why:
                raise Failed("%s seed %d, after %d presses (%s): %s" % (
                    board, seed, soak.presses, describe(a), why))
        depth = now
    seconds = time.perf_counter() - t0
    return {"board": board, "presses": soak.presses, "playing": soak.playing,
            "playing_share": round(soak.playing / max(1, soak.presses), 3), "pulls": soak.pulls,
            "waits": soak.waits, "returns": soak.returns, "deepest": soak.deepest,
            "commands": soak.device.app.match.entries(), "seconds": round(seconds, 1),
            "ms_per_press": round(1000 * seconds / max(1, soak.presses), 2)}


def mp_tree(board, out):
    """What `make flash BOARD=board` puts on the board, plus the unix board's machine and
    network (as the unix-port tests have them), the plan and the soak, in out."""
    from tools import deploy

    deploy.build(deploy.device_files(os.path.join(ROOT, "boards", board + ".py")), out)
    for src, name in (("tests/unixboard/lib/machine.py", "machine.mpy"),
                      ("tests/unixboard/lib/network.py", "network.mpy"),
                      ("tools/soakplan.py", "soakplan.mpy"), ("tools/mp_soak.py", "mp_soak.mpy")):
        proc = compile_file(src, os.path.join(out, name))
        if proc.returncode:  # a module missing would look like the firmware's fault
            raise RuntimeError("mpy-cross %s: %s" % (src, proc.stderr.strip()))
    return out


def scratch():
    """A temporary folder for a run on the port: on tmpfs (/dev/shm) when there is one,
    where the journal's flush after every record (an fsync on the port) writes no disk."""
    shm = "/dev/shm"
    usable = os.path.isdir(shm) and os.access(shm, os.W_OK)
    return tempfile.TemporaryDirectory(prefix="soak-", dir=shm if usable else None)


HARNESS = ("machine.mpy", "network.mpy", "soakplan.mpy", "mp_soak.mpy")  # not a board's


def mp_process(binary, tree, flash, presses, seed, home=False, heap=None, every=0,
               starved=False, walk=False):
    """The soak started on the unix port (a Popen, text pipes), flash its filesystem;
    starved: the heap may run out (the loop recovers); walk: the heap's walk (mp_soak),
    the board's files laid out in flash as on a board and the harness the port's own
    (tools/mp32.py freezes it)."""
    cmd = [binary] + (["-X", "heapsize=%d" % heap] if heap else [])
    cmd += ["-m", "mp_soak", str(presses), str(seed)] + [str(v) for v in TIMINGS]
    cmd += ["home"] if home else []
    cmd += ["every=%d" % every] if every else []
    cmd += ["starved"] if starved else []
    path = tree
    if walk:  # sys.path as on a board, as the device bench has it (tools/bench.py device);
        # no tree on it (the port interns each entry in the heap, more in a longer folder)
        cmd.append("walk")
        path = ".frozen:lib"
        shutil.copytree(tree, flash, dirs_exist_ok=True, ignore=lambda folder, names: [
            n for n in names if n in HARNESS and folder == tree])
    return subprocess.Popen(cmd, cwd=flash, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True, env=dict(os.environ, MICROPYPATH=path))


def _cpu(pid):
    """The CPU seconds the process has had so far (Linux's /proc), or None."""
    try:
        with open("/proc/%d/stat" % pid) as f:
            fields = f.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError, IndexError):
        return None


def _rate(figures, seconds, cpu=None):
    """The figures with the wall time and, on a shared machine the better measure, the
    process's CPU time."""
    presses = max(1, figures["presses"])
    figures["seconds"] = round(seconds, 1)
    figures["ms_per_press"] = round(1000 * seconds / presses, 2)
    if cpu is not None:
        figures["cpu_seconds"] = round(cpu, 1)
        figures["cpu_ms_per_press"] = round(1000 * cpu / presses, 2)
    return figures


def _figures(board, line):
    figures = {"board": board}
    figures.update((k, int(v)) for k, v in (w.split("=", 1) for w in line.split()[1:]))
    figures["playing_share"] = round(figures.get("playing", 0) / max(1, figures["presses"]), 3)
    return figures


def run_mp(board, presses, seed, home=False, heap=None, binary=None, out=sys.stdout,
           every=0, starved=False, walk=False, prepare=None):
    """The soak on the unix port; returns the figures as a dict; raises Failed. every:
    print the figures so far every that many presses, as they come; walk: the heap's
    walk (mp_process); prepare(tree): adds files to the tree before the run (the walk's
    flash is a copy of it)."""
    with scratch() as tmp:
        tree = mp_tree(board, os.path.join(tmp, "tree"))
        if prepare is not None:
            prepare(tree)
        flash = os.path.join(tmp, "flash")
        os.mkdir(flash)
        t0 = time.perf_counter()
        proc = mp_process(binary or tool("micropython"), tree, flash, presses, seed, home,
                          heap, every, starved, walk)
        lines = []
        for line in proc.stdout:
            line = line.rstrip("\n")
            lines.append(line)
            if line.startswith(("home ", "at ")):
                if line.startswith("at "):
                    line = " ".join("%s=%s" % kv for kv in _rate(
                        _figures(board, line), time.perf_counter() - t0,
                        _cpu(proc.pid)).items())
                print(line, file=out, flush=True)
                lines = lines[-40:]
        stderr = proc.stderr.read()
        cpu = _cpu(proc.pid)  # the process is done but not yet reaped: its final figure
        proc.wait()
        seconds = time.perf_counter() - t0
    last = lines[-1] if lines else ""
    if proc.returncode or not last.startswith("soaked "):
        raise Failed("%s seed %d on the unix port: %s%s" % (board, seed, "\n".join(lines)[-2000:],
                                                            stderr[-2000:]))
    return _rate(_figures(board, last), seconds, cpu)


def main(argv=None):
    parser = Parser(prog="python -m tools.soak", description=__doc__.split("\n\n")[0])
    parser.add_argument("--board", choices=boards.NAMES, default=boards.NAMES[0])
    parser.add_argument("--presses", type=number(1), default=1000)
    parser.add_argument("--seed", type=number(0), default=1)
    parser.add_argument("--mp", action="store_true", help="on the MicroPython unix port")
    parser.add_argument("--home", action="store_true",
                        help="--mp: print the heap in use after every return home")
    parser.add_argument("--heap", type=number(16384), help="--mp: the port's -X heapsize")
    parser.add_argument("--starved", action="store_true",
                        help="--mp: a heap too small for every screen (the loop may recover)")
    parser.add_argument("--every", type=number(0), default=0,
                        help="--mp: print the figures so far every N presses")
    args = parser.parse_args(argv)
    try:
        if args.mp:
            figures = run_mp(args.board, args.presses, args.seed, args.home, args.heap,
                             every=args.every, starved=args.starved)
        else:
            figures = run_sim(args.board, args.presses, args.seed)
    except Failed as e:
        print("FAIL", e, file=sys.stderr)
        return 1
    print(" ".join("%s=%s" % kv for kv in figures.items()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
