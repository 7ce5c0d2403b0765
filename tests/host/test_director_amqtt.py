"""The broker where Mosquitto is missing: amqtt (PyPI), started by tools.director with
the same users and ACL. A match played through it; the ACL enforced: a table publishing
for another, a spectator publishing, a wrong password are all refused."""
import time

import paho.mqtt.client as mqtt
import pytest

from tools.director.director import Director
from tools.director.engine import random_log
from tools.director.table_client import TableClient
from tools.director.tournament import Tournament

amqtt = pytest.importorskip("amqtt", reason="amqtt is not installed (requirements.txt)")

from tools.director.broker import Amqtt  # noqa: E402


def test_a_match_through_amqtt_and_its_acl(tmp_path):
    db = str(tmp_path / "t.db")
    t = Tournament(db)
    t.import_csv("pair\nA/A\nB/B\n")
    t.add_phase("final", "knockout", ["variant mallorca", "set canton=12 cantons=2"])
    t.set_setting("tables", 2)
    users = t.broker_users()
    t.close()
    broker = Amqtt(str(tmp_path / "broker"), users).start(timeout=60)
    running = []
    try:
        d = Director(db, port=broker.port).start()
        running.append(d)
        d.wait_connected(30)
        d.start_tournament()
        table = TableClient("127.0.0.1", broker.port, 1, users["table1"]).start()
        running.append(table)
        a = table.wait_assignment(timeout=30)
        # refused by the ACL: table 2 publishing for table 1, the spectator assigning
        for user, topic, payload in (("table2", "truc/table1/log", "m1 1 variant valencia"),
                                     ("spectator", "truc/table1/assign", "")):
            other = mqtt.Client(mqtt.CallbackAPIVersion.VERSION2, client_id=user + "x")
            other.username_pw_set(user, users[user])
            other.connect("127.0.0.1", broker.port)
            other.loop_start()
            other.publish(topic, payload.encode(), qos=1, retain=True).wait_for_publish(10)
            other.loop_stop()
            other.disconnect()
        answers = []
        wrong = mqtt.Client(mqtt.CallbackAPIVersion.VERSION2, client_id="wrong")
        wrong.username_pw_set("table1", "x" * 16)
        wrong.on_connect = lambda c, u, f, reason, p: answers.append(reason.is_failure)
        wrong.connect("127.0.0.1", broker.port)
        wrong.loop_start()
        deadline = time.monotonic() + 20
        while not answers and time.monotonic() < deadline:
            time.sleep(0.05)
        wrong.loop_stop()
        assert answers == [True]
        lines = random_log(a["setup"], 4)
        for line in lines:
            table.send(a["match"], line)
        table.wait_have(a["match"], len(lines), timeout=60)
        with d.lock:
            assert d.tournament.log_text(1) == "".join(x + "\n" for x in lines)
            assert d.tournament.match(1)["status"] == "done"
        assert d.counts["refused"] == 0  # the impostor's line never reached the director
    finally:
        for thing in reversed(running):
            thing.stop()
        broker.stop()
