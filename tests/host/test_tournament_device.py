"""The device's side of the tournament (docs/TOURNAMENT.md) against a real Mosquitto:
the simulated board runs the firmware's tournament mode (hw.tournament, micropython-lib's
umqtt.simple) through real loopback sockets; a paho-mqtt client plays the director."""
import json
import subprocess
import sys

import pytest

from sim import headless
from sim import tournament as table
from sim.flash import Flash
from tools.replay import describe
from truc import tablelog
from truc.match import Match
from hw import tourfile
from tests.host.broker import Broker, Director, need_mosquitto

PASSWORD = "k3m9p2x7q4w8r6t5"
LOG = "tools/logs/mallorca.log"


@pytest.fixture
def venue(tmp_path):
    need_mosquitto()
    broker = Broker(tmp_path, {"table7": PASSWORD, "table8": "a" * 16})
    director = Director(broker.port, 7)
    yield broker, director
    director.close()
    broker.kill()


def _config(port, table_no=7):
    return table.config("mqtt://table%d:%s@127.0.0.1:%d" % (table_no, PASSWORD, port),
                        table_no)


def _replayed(lines):
    m = Match()
    assert tablelog.play(m, lines) is None
    return describe(m)


def _log_lines():
    with open(LOG, "rb") as f:
        return tablelog.split(f.read())


def test_every_command_arrives_once_in_order(venue):
    broker, director = venue
    director.assign("m1")
    device, fingers, error = headless.prepare("tdisplay", "en", _log_lines(),
                                              tournament=_config(broker.port))
    assert error is None
    assert table.wait(device, lambda: table.sent(device), 20)
    held = director.lines()
    assert held[0] == "variant mallorca"
    assert held[1].startswith("set players=2 canton=12 cantons=3 ")
    assert _replayed(held) == describe(device.app.match)
    assert device.app.tournament.outbox.match_id == "m1"
    seqs = [int(p.split(" ")[1]) for p in director.payloads]
    # In order; a command the director's `have` was slow to cover may come again (the
    # device resends after 5 s of its time): dropped, and counted.
    assert sorted(set(seqs)) == list(range(1, len(held) + 1))
    assert len(seqs) - len(held) == director.duplicates
