"""A real Mosquitto on a free loopback port, with a generated configuration (a password
file made by mosquitto_passwd, the ACL of docs/TOURNAMENT.md), and a paho-mqtt client
that plays the director's part of the protocol: it assigns a table its match (retained),
takes the table's commands in seq order, drops the duplicates, and says what it holds
(`have`, retained). The tournament tests start both and stop both."""
import os
import pwd
import shutil
import socket
import subprocess
import threading
import time

import pytest

MOSQUITTO = shutil.which("mosquitto") or ("/usr/sbin/mosquitto"
                                          if os.path.exists("/usr/sbin/mosquitto") else None)
PASSWD = shutil.which("mosquitto_passwd")
ACL = """\
# every table: its own topics only
pattern write truc/%u/log
pattern write truc/%u/status
pattern read truc/%u/assign
pattern read truc/%u/have
# the director: everything
user director
topic readwrite truc/#
# spectators (pages, projector): the live results only
user spectator
topic read truc/live/#
"""
DIRECTOR_PASSWORD = "directorpassword"


def need_mosquitto():
    if MOSQUITTO is None or PASSWD is None:
        pytest.skip("Mosquitto is not installed (Debian: apt-get install mosquitto)")


def free_port():
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()
    return port


class Broker:
    """Mosquitto on 127.0.0.1:port in folder; users {name: password}."""

    def __init__(self, folder, users):
        need_mosquitto()
        self.folder = str(folder)
        self.port = free_port()
        passwd = os.path.join(self.folder, "passwd")
        open(passwd, "w").close()
        for user, password in dict(users, director=DIRECTOR_PASSWORD).items():
            subprocess.run([PASSWD, "-b", passwd, user, password], check=True,
                           capture_output=True)
        with open(os.path.join(self.folder, "acl"), "w") as f:
            f.write(ACL)
        self.conf = os.path.join(self.folder, "mosquitto.conf")
        with open(self.conf, "w") as f:
            # user: run as root (a container), it would drop to "mosquitto", which may
            # not read the test's folder: it stays who it was started as.
            f.write("user %s\n" % pwd.getpwuid(os.getuid()).pw_name)
            f.write("listener %d 127.0.0.1\nallow_anonymous false\npassword_file %s\n"
                    "acl_file %s\npersistence false\nlog_dest file %s\n"
                    % (self.port, passwd, os.path.join(self.folder, "acl"),
                       os.path.join(self.folder, "mosquitto.log")))
        self.process = None
        self.start()

    def start(self):
        self.process = subprocess.Popen([MOSQUITTO, "-c", self.conf],
                                        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        end = time.monotonic() + 10
        while time.monotonic() < end:
            try:
                socket.create_connection(("127.0.0.1", self.port), 0.2).close()
                return
            except OSError:
                if self.process.poll() is not None:
                    raise RuntimeError("mosquitto: %s"
                                       % self.process.stderr.read().decode()) from None
                time.sleep(0.05)
        raise RuntimeError("mosquitto did not listen on %d" % self.port)

    def kill(self):
        if self.process is not None and self.process.poll() is None:
            self.process.kill()
            self.process.wait()
        self.process = None

    def log(self):
        with open(os.path.join(self.folder, "mosquitto.log")) as f:
            return f.read()


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
