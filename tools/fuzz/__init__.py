"""The project's fuzzers: one target per input path the device or a PC tool reads.

    python -m tools.fuzz TARGET --seconds N --seed S     (TARGET: a name, or all)
    python -m tools.fuzz TARGET --seed S --case N        (one case again)

A target makes valid inputs (a corpus, from the seed), then cases: each a mutation of
them (tools/fuzz/mutate.py), made from (seed, case number) alone, so any case can be made
again. It runs the input path on the case and checks the invariants the issue states
(tools/fuzz/targets.py). A finding prints the target, seed, case number and a reproducer
(the case's files, in fuzz-findings/), and the run exits 1; otherwise it prints the
figures (cases run, findings 0) and exits 0.
"""
import os
import re
import random
import time
import traceback

FINDINGS = "fuzz-findings"


class Finding(Exception):
    """An invariant that does not hold."""


def case_rng(seed, case):
    return random.Random("%d:%d" % (seed, case))


def write_reproducer(target, seed, case, files, folder=FINDINGS):
    """The case's files in folder/TARGET-SEED-CASE/; returns that path."""
    path = os.path.join(folder, "%s-%d-%d" % (target, seed, case))
    os.makedirs(path, exist_ok=True)
    for name, data in files.items():
        with open(os.path.join(path, name), "wb") as f:
            f.write(data)
    return path


def run_case(target, corpus, seed, case):
    """None, or why the case fails (a Finding's message or a traceback)."""
    files = target.make(case_rng(seed, case), corpus)
    try:
        target.check(files)
    except Finding as e:
        return files, str(e)
    except Exception:
        return files, traceback.format_exc(limit=-8)  # the innermost frames
    return files, None


def run(target, seconds, seed, cases=None, out=print, folder=FINDINGS, keep_going=False):
    """Runs target for seconds (or the given case numbers); returns (cases, findings).
    Stops at the first finding, unless keep_going (a long run's figures: each finding
    whose first line is new is printed with its reproducer, the rest only counted)."""
    corpus = target.corpus(seed)
    end = time.monotonic() + seconds
    ran = found = 0
    seen = set()
    numbers = cases if cases is not None else _count()
    for case in numbers:
        if cases is None and time.monotonic() >= end and ran:
            break
        files, why = run_case(target, corpus, seed, case)
        ran += 1
        if why:
            found += 1
            kind = re.sub(r"\d+", "N", why.strip().splitlines()[-1])[:60]
            if kind not in seen:
                seen.add(kind)
                path = write_reproducer(target.name, seed, case, files, folder)
                out("FINDING target=%s seed=%d case=%d reproducer=%s\n%s" % (
                    target.name, seed, case, path, why.rstrip()))
            if not keep_going:
                return ran, found
    out("fuzz %s: seed %d, %d cases, %d findings" % (target.name, seed, ran, found))
    return ran, found


def _count():
    n = 0
    while True:
        yield n
        n += 1
