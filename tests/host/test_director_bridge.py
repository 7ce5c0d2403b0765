"""Venues bridged to a central broker (docs/TOURNAMENT.md): two venues, each its own
Mosquitto and director, bridging truc/live/# to a third Mosquitto, all on loopback; the
central director ranks both venues' pairs as one, and a venue cannot write as another."""
import threading
import time

import paho.mqtt.client as mqtt
import pytest

from tools.director.broker import CENTRAL_ACL, Mosquitto, bridge, mosquitto
from tools.director.central import Central, ranking
from tools.director.demo import play_table
from tools.director.director import Director
from tools.director.tournament import Tournament

pytestmark = pytest.mark.skipif(mosquitto() is None, reason="mosquitto is not installed")

SETUP = ["variant mallorca", "set canton=12 cantons=2"]


def wait_for(predicate, timeout=60.0, what="condition"):
    deadline = time.monotonic() + timeout
    while not predicate():
        if time.monotonic() > deadline:
            raise AssertionError("timed out waiting for " + what)
        time.sleep(0.05)


def test_ranking_orders_places_then_records():
    row = {"won": 1, "cantons_for": 2, "cantons_against": 2, "points_for": 30,
           "points_against": 30}
    venues = {"muro": [dict(row, place=1, pair="A", won=3), dict(row, place=2, pair="B")],
              "palma": [dict(row, place=1, pair="C", won=2), dict(row, place=2, pair="D",
                                                                  cantons_for=3)]}
    assert [(r["rank"], r["pair"]) for r in ranking(venues)] == \
        [(1, "A"), (2, "C"), (3, "D"), (4, "B")]


def test_two_venues_bridged_to_a_central_ranking(tmp_path):
    central_users = {"director": "CENTRALDIRECTOR1", "spectator": "SPECTATOR0000001",
                     "palma": "PALMAPASSWORD001", "muro": "MUROPASSWORD0001"}
    central = Mosquitto(str(tmp_path / "central"), central_users, acl=CENTRAL_ACL).start()
    running = []
    stop = threading.Event()
    try:
        reader = Central("127.0.0.1", central.port, central_users["director"]).start()
        running.append(reader)
        venues = {}
        for name, pairs in (("palma", ("SEGUI/SEGUI", "COLL/PONS", "MAS/ROIG", "FIOL/RIERA")),
                            ("muro", ("BAUZA/NADAL", "SERRA/VIDAL", "PALOU/LLULL",
                                      "MIRO/TORRENS"))):
            db = str(tmp_path / (name + ".db"))
            t = Tournament(db)
            t.import_csv("pair\n" + "\n".join(pairs))
            t.add_phase("final", "knockout", SETUP)
            t.set_setting("tables", 2)
            users = t.broker_users()
            t.close()
            broker = Mosquitto(str(tmp_path / name), users, extra=bridge(
                name, "127.0.0.1", central.port, central_users[name])).start()
            running.append(broker)
            d = Director(db, port=broker.port, live_interval=0.05).start()
            d.wait_connected()
            running.append(d)
            d.start_tournament()
            journal = {}
            for table in (1, 2):
                thread = threading.Thread(target=play_table, daemon=True, args=(
                    table, stop, 3, 0.001, journal, "127.0.0.1", broker.port,
                    users["table%d" % table]))
                thread.start()
            venues[name] = d

        def finished():
            for d in venues.values():
                with d.lock:
                    if d.tournament.db.execute("SELECT 1 FROM matches WHERE status IN "
                                               "('waiting', 'playing')").fetchone():
                        return False
            return True

        wait_for(finished, what="both venues' knockouts")
        expected = {}
        for name, d in venues.items():
            with d.lock:
                expected[name] = d.tournament.standings()
        wait_for(lambda: reader.snapshot()["venues"] == ["muro", "palma"] and all(
            reader.venues.get(n) == rows for n, rows in expected.items()),
            what="the central director to hold both venues' final standings")
        snap = reader.snapshot()
        assert [(r["venue"], r["place"]) for r in snap["ranking"][:2]] in (
            [("muro", 1), ("palma", 1)], [("palma", 1), ("muro", 1)])
        assert len(snap["ranking"]) == 8
        assert {r["venue"] for r in snap["ranking"]} == {"muro", "palma"}
        assert set(snap["tables"]) == {"muro", "palma"}
        # a venue's bridge user cannot write as another venue
        impostor = mqtt.Client(mqtt.CallbackAPIVersion.VERSION2, client_id="impostor")
        impostor.username_pw_set("muro", central_users["muro"])
        impostor.connect("127.0.0.1", central.port)
        impostor.loop_start()
        impostor.publish("truc/venue/palma/live/standings", b'{"standings": []}', qos=1,
                         retain=True).wait_for_publish(5)
        impostor.publish("truc/venue/muro/live/standings", b'{"standings": []}', qos=1,
                         retain=True).wait_for_publish(5)
        impostor.loop_stop()
        impostor.disconnect()
        wait_for(lambda: reader.venues.get("muro") == [], what="muro's own topic")
        assert reader.venues["palma"] == expected["palma"]
    finally:
        stop.set()
        for thing in reversed(running):
            thing.stop()
        central.stop()
