"""Every bad argument of the command lines (python -m sim, tools.pull, tools.report,
tools.replay) is said in one line with exit status 2, in bounded time, and nothing is
written (issue 26, item 14). tools.pull's own cases are in test_pull.py."""
import os
import subprocess
import sys

import pytest

from tools.mpbuild import ROOT


def _run(*args):
    # A bad argument must end at once: a script that ran on would hit the timeout.
    return subprocess.run([sys.executable, "-m", *args], cwd=ROOT, capture_output=True,
                          text=True, timeout=60)


@pytest.mark.parametrize("args, said", [
    (["--keys", "w99999999999999999999"], "--keys: 'w99999999999999999999': wait at most "
                                          "3600000 ms"),
    (["--keys", "2s*99999999999"], "--keys: '2s*99999999999': repeat at most 1000 times"),
    (["--keys", "w3000000 w700000"], "--keys: 'w700000': a script waits at most 3600000 ms "
                                     "in all and makes at most 2000 gestures"),
    (["--keys", "2s*999 1s*999 2s*3"], "--keys: '2s*3': a script waits at most 3600000 ms in "
                                       "all and makes at most 2000 gestures"),
    (["--screenshot", "{t}/missing/x.png"], "--screenshot: {t}/missing/x.png cannot be "
                                            "written (no such folder?)"),
    (["--screenshot", "{t}"], "--screenshot: {t} cannot be written (no such folder?)"),
])
def test_sim_bad_arguments(tmp_path, args, said):
    done = _run("sim", "--headless", *[a.format(t=tmp_path) for a in args])
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.splitlines() == ["python -m sim: " + said.format(t=tmp_path)]
    assert os.listdir(tmp_path) == []


def test_a_screenshot_without_pillow_is_one_line_before_the_run(tmp_path):
    # Trial of issue 34: the system's python (no Pillow) played the whole log, then ended
    # in a traceback. Said at once, with the python that has it. (Pillow hidden here by a
    # sitecustomize: the tests' own python has it.)
    (tmp_path / "sitecustomize.py").write_text("import sys\nsys.modules['PIL'] = None\n")
    env = dict(os.environ, PYTHONPATH=str(tmp_path))
    done = subprocess.run([sys.executable, "-m", "sim", "--headless", "--screenshot",
                           str(tmp_path / "x.png")], cwd=ROOT, capture_output=True, text=True,
                          timeout=60, env=env)
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.splitlines() == [
        "python -m sim: --screenshot needs Pillow: run it with the project's environment, "
        ".venv/bin/python (make sim sets it up)"]
    assert "x.png" not in os.listdir(tmp_path)


def test_report_into_a_missing_folder_is_one_line(tmp_path):
    log = tmp_path / "m.log"
    log.write_text("variant valencia\nbaza A\nbaza A\n")
    done = _run("tools.report", str(log), "-o", str(tmp_path / "missing" / "r.png"))
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.splitlines() == [
        "python -m tools.report: -o: %s cannot be written" % (tmp_path / "missing" / "r.png")]
    assert os.listdir(tmp_path) == ["m.log"]


@pytest.mark.parametrize("tool", ["tools.replay", "tools.report"])
def test_a_missing_log_is_one_line(tmp_path, tool):
    done = _run(tool, str(tmp_path / "none.log"))
    assert done.returncode == 2
    assert done.stderr.splitlines() == ["%s: cannot read %s: No such file or directory" % (
        tool.split(".")[1], tmp_path / "none.log")]


@pytest.mark.parametrize("tool", ["tools.replay", "tools.report", "tools.pull", "sim"])
def test_an_unknown_option_is_one_line(tool):
    done = _run(tool, "--bogus", "x")
    assert done.returncode == 2
    lines = done.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("python -m %s: " % tool), done.stderr
    assert "--bogus" in lines[0]


@pytest.mark.parametrize("args", [
    ["tools.fuzz", "load", "--seconds", "nan"], ["tools.fuzz", "load", "--seconds", "inf"],
    ["tools.fuzz", "load", "--seconds", "-1"], ["tools.fuzz", "load", "--seconds", "0"],
    ["tools.fuzz", "load", "--seconds", "x"], ["tools.fuzz", "load", "--seed", "-2"],
    ["tools.fuzz", "load", "--case", "-1"], ["tools.fuzz", "all", "--seconds", "1e9"],
    ["tools.soak", "--presses", "-3"], ["tools.soak", "--presses", "0"],
    ["tools.soak", "--presses", "nan"], ["tools.soak", "--seed", "-1"],
    ["tools.soak", "--mp", "--heap", "-5"], ["tools.soak", "--mp", "--every", "-1"],
])
def test_a_bad_number_of_the_fuzzers_and_the_soak_is_one_line(args):
    # Never run: --seconds nan ran for ever, --presses -3 exited 0 having soaked nothing.
    done = _run(*args)
    lines = done.stderr.splitlines()
    assert done.returncode == 2 and done.stdout == "", done
    assert len(lines) == 1 and lines[0].startswith("python -m %s: argument --" % args[0]) \
        and args[-2] in lines[0], done.stderr


@pytest.mark.parametrize("module, args", [
    ("sim.__main__", ["--headless", "--tournament", "mqtt://127.0.0.1:1", "--table", "7",
                      "--wait", "inf"]),
    ("sim.__main__", ["--headless", "--tournament", "mqtt://127.0.0.1:1", "--table", "7",
                      "--wait", "nan"]),
    ("sim.__main__", ["--headless", "--pull-battery", "-1"]),
    ("sim.__main__", ["--headless", "--scale", "0"]),
    ("sim.__main__", ["--headless", "--share", "99999999999999"]),
    ("tools.director.__main__", ["init", "--db", "{t}/t.db", "--tables", "0"]),
    ("tools.director.__main__", ["serve", "--db", "{t}/t.db", "--port", "-1"]),
    ("tools.director.__main__", ["demo", "--db", "{t}/t.db", "--pace", "nan"]),
    ("tools.director.__main__", ["demo", "--db", "{t}/t.db", "--pace", "-1"]),
    ("tools.director.__main__", ["demo", "--db", "{t}/t.db", "--web-port", "-1"]),
    ("tools.director.__main__", ["demo", "--db", "{t}/t.db", "--seed", "-1"]),
    ("tools.director.__main__", ["phase", "g", "--db", "{t}/t.db", "--groups", "1e9"]),
    ("tools.director.web", ["--stand-in", "--port", "-1"]),
    ("tools.director.web", ["--stand-in", "--port", "65536"]),
    ("tools.director.bench", ["--tables", "-1"]),
    ("tools.director.bench", ["--pace", "inf"]),
])
def test_a_bad_number_of_the_simulator_and_the_director_is_one_line(module, args, tmp_path,
                                                                     capsys):
    # Issue 33 item 14: --wait inf waited for ever, --pull-battery -1 and --tables 0 were
    # taken for nothing (exit 0), --pace nan or inf ran for ever or failed in a thread,
    # a port of -1 ended in a traceback (the pages, the demo) or two lines (the broker's).
    import importlib

    main = importlib.import_module(module)
    with pytest.raises(SystemExit) as e:
        (main.parse_args if module == "sim.__main__" else main.main)(
            [a.format(t=tmp_path) for a in args])
    said = capsys.readouterr()
    lines = said.err.splitlines()
    assert e.value.code == 2 and said.out == "" and os.listdir(tmp_path) == []
    assert len(lines) == 1 and "argument %s: " % args[-2] in lines[0], said.err


def test_a_battery_pulled_past_the_log_is_one_line(tmp_path):
    # --pull-battery 99999999999999 (or with no log) was taken for nothing, exit 0.
    log = tmp_path / "m.log"
    log.write_text("variant valencia\nbaza A\nbaza A\n")
    for args in (["--log", str(log), "--pull-battery", "99999999999999"],
                 ["--pull-battery", "1"]):
        done = _run("sim", "--headless", *args)
        assert done.returncode == 2 and done.stdout == ""
        assert len(done.stderr.splitlines()) == 1 and done.stderr.startswith(
            "python -m sim: argument --pull-battery: %s needs a --log of more lines (" % args[-1])
    done = _run("sim", "--headless", "--log", str(log), "--pull-battery", "2")
    assert done.returncode == 0, done.stderr


def test_a_tournament_set_to_no_table_or_too_many_is_one_line(tmp_path):
    # `tools.director set tables 0` was taken (exit 0), 99999999999999 ran for ever (a
    # row a table), 1000 made tables no device can be (tools.director set).
    from tools.director.__main__ import main
    from tools.director.tournament import Tournament

    db = str(tmp_path / "t.db")
    assert main(["init", "--db", db, "--tables", "2"]) == 0
    for value in ("0", "00", "1000", "99999999999999"):
        done = _run("tools.director", "set", "--db", db, "tables", value)
        assert done.returncode == 2 and done.stderr == "tools.director set: tables: 1 to 999\n"
    t = Tournament(db)
    try:
        assert t.tables() == [1, 2]
    finally:
        t.close()
