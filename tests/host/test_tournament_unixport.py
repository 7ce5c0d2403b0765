"""The device's tournament code on the MicroPython unix port (tools/mp_tournament.py):
hw.tournament with its MQTT client (hw.mqtt) on the port's own sockets, against a
real Mosquitto, a paho-mqtt client as the director."""
import os
import subprocess

from tools.mpbuild import ROOT, tool
from tools.replay import describe
from truc import tablelog
from truc.match import Match
from tests.host.broker import Broker, Director, need_mosquitto

PASSWORD = "k3m9p2x7q4w8r6t5"


def test_the_unix_port_sends_a_whole_match(tmp_path):
    need_mosquitto()
    broker = Broker(tmp_path, {"table7": PASSWORD})
    director = Director(broker.port, 7)
    try:
        director.assign("m5")
        flash = tmp_path / "flash"
        flash.mkdir()
        path = os.pathsep.join(os.path.join(ROOT, p) for p in (
            "tools", "firmware", "tests/unixboard/lib"))
        log = os.path.join(ROOT, "tools", "logs", "valencia.log")
        proc = subprocess.run([tool("micropython"), "-m", "mp_tournament", "127.0.0.1",
                               str(broker.port), "7", PASSWORD, log], cwd=str(flash),
                              capture_output=True, text=True, timeout=120,
                              env=dict(os.environ, MICROPYPATH=path))
        assert proc.stdout.startswith("sent "), proc.stdout + proc.stderr
        with open(log, "rb") as f:
            lines = tablelog.split(f.read())
        m = Match()
        assert tablelog.play(m, lines) is None
        held = director.lines()
        assert proc.stdout.split()[1:4] == [str(len(held)), "match", "m5"]
        replayed = Match()
        assert tablelog.play(replayed, held) is None
        assert describe(replayed) == describe(m)
        assert sorted(os.listdir(flash)) == ["truc.log", "truc.out", "truc.snp", "truc.trn"]
    finally:
        director.close()
        broker.kill()
