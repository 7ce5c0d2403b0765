"""A real Mosquitto on a free loopback port, started as the director starts it
(tools.director.broker: its generated configuration, password file and ACL of
docs/TOURNAMENT.md), and a paho-mqtt client
that plays the director's part of the protocol: it assigns a table its match (retained),
takes the table's commands in seq order, drops the duplicates, and says what it holds
(`have`, retained). The tournament tests start both and stop both."""
import threading

import pytest

from tools.director.broker import Mosquitto, free_port, mosquitto  # noqa: F401 (free_port)

DIRECTOR_PASSWORD = "directorpassword"


def need_mosquitto():
    if mosquitto() is None:
        pytest.skip("Mosquitto is not installed (Debian: apt-get install mosquitto)")


class Broker(Mosquitto):
    """The director's Mosquitto (tools.director.broker: its configuration, password
    file and ACL) on a free loopback port in folder, started; users {name: password},
    and the director."""

    def __init__(self, folder, users):
        need_mosquitto()
        Mosquitto.__init__(self, str(folder), dict(users, director=DIRECTOR_PASSWORD))
        self.start()


class Director:
    """The director's side for one table (paho-mqtt): assign(match) publishes the
    assignment; every `log` payload is kept in self.payloads as it came, the commands in
    self.held in seq order (a duplicate dropped and counted), and `have` published."""

    def __init__(self, port, table):
        import paho.mqtt.client as mqtt

        self.table = table
        self.prefix = "truc/table%d/" % table
        self.payloads = []
        self.held = []  # the commands of the match, seq 1 on
        self.duplicates = 0
        self.deaf = False  # True: what comes is lost (never held, never acknowledged)
        self.match = None
        self.assignment = None
        self.lock = threading.Lock()
        self.client = mqtt.Client(mqtt.CallbackAPIVersion.VERSION2,
                                  client_id="director-%d" % table)
        self.client.username_pw_set("director", DIRECTOR_PASSWORD)
        self.client.on_connect = self._connected
        self.client.on_message = self._message
        self.client.reconnect_delay_set(0.1, 0.5)
        self.connected = threading.Event()
        self.client.connect("127.0.0.1", port, keepalive=10)
        self.client.loop_start()
        if not self.connected.wait(10):
            raise RuntimeError("the director could not connect")

    def _connected(self, client, userdata, flags, reason, properties):
        client.subscribe(self.prefix + "log", 1)
        client.subscribe(self.prefix + "status", 1)
        with self.lock:  # a broker without persistence lost the retained: again
            if self.assignment is not None:
                client.publish(self.prefix + "assign", self.assignment, 1, retain=True)
            if self.match is not None:
                client.publish(self.prefix + "have", "%s %d" % (self.match, len(self.held)),
                               1, retain=True)
        self.connected.set()

    def assign(self, match, setup=("variant mallorca", "set players=2 canton=12 cantons=3"),
               pairs=("SEGUI/SEGUI", "BERMUDEZ/DIAZ")):
        import json

        title = "Table %d: %s v %s · Mallorca · to 3 cantons" % (self.table, pairs[0],
                                                                 pairs[1])
        with self.lock:
            self.match = match
            self.held = []
            self.assignment = json.dumps({"match": match, "phase": "groups", "round": 1,
                                          "table": self.table, "pairs": list(pairs),
                                          "setup": list(setup), "title": title})
        self.client.publish(self.prefix + "assign", self.assignment, 1, retain=True)

    def _message(self, client, userdata, message):
        if not message.topic.endswith("/log"):
            return
        text = message.payload.decode()
        with self.lock:
            if self.deaf:
                return
            self.payloads.append(text)
            match, seq, line = text.split(" ", 2)
            seq = int(seq)
            if match != self.match or seq > len(self.held) + 1:
                return  # not this match's, or a gap: the device sends it again
            if seq <= len(self.held):
                self.duplicates += 1
                return
            self.held.append(line)
            have = "%s %d" % (match, len(self.held))
        client.publish(self.prefix + "have", have, 1, retain=True)

    def lines(self):
        with self.lock:
            return list(self.held)

    def close(self):
        self.client.loop_stop()
        self.client.disconnect()
