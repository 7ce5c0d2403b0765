"""A table that speaks the protocol with paho-mqtt (docs/TOURNAMENT.md, "What the table
sends, and the outbox"): the tests' and the benchmark's stand-in for a device. It keeps
its match's commands as its outbox and sends everything after the retained `have` at
every connection, as the device's journal does."""
import json
import threading

import paho.mqtt.client as mqtt


class TableClient:
    def __init__(self, host, port, table, password, client_id=None):
        self.table = table
        self.topic = "truc/table%d/" % table
        self.lock = threading.Condition()
        self.assignment = None  # the latest retained assignment (dict) or None
        self.have = {}  # match id -> commands the director holds
        self.outbox = {}  # match id -> [lines]
        self.connected = False
        self.client = mqtt.Client(mqtt.CallbackAPIVersion.VERSION2,
                                  client_id=client_id or "table%d" % table,
                                  clean_session=True, protocol=mqtt.MQTTv311)
        self.client.username_pw_set("table%d" % table, password)
        self.client.will_set(self.topic + "status", b"off", qos=1, retain=True)
        self.client.reconnect_delay_set(0.05, 1)
        self.client.on_connect = self._on_connect
        self.client.on_disconnect = self._on_disconnect
        self.client.on_message = self._on_message
        self.host, self.port = host, port

    def start(self):
        self.client.connect_async(self.host, self.port, keepalive=10)
        self.client.loop_start()
        return self

    def stop(self):
        self.client.disconnect()
        self.client.loop_stop()

    def _on_connect(self, client, userdata, flags, reason, properties):
        if reason.is_failure:
            return
        client.subscribe([(self.topic + "assign", 1), (self.topic + "have", 1)])
        client.publish(self.topic + "status", b"on paho", qos=1, retain=True)
        with self.lock:
            self.connected = True
            for match in list(self.outbox):
                self._flush(match)
            self.lock.notify_all()

    def _on_disconnect(self, client, userdata, flags, reason, properties):
        with self.lock:
            self.connected = False

    def _on_message(self, client, userdata, msg):
        with self.lock:
            if msg.topic.endswith("/assign"):
                self.assignment = json.loads(msg.payload) if msg.payload else None
            else:
                match, count = msg.payload.decode().split()
                count = int(count)
                if count <= self.have.get(match, 0) and match in self.outbox:
                    self._flush(match, count)  # a have that does not advance: send again
                self.have[match] = max(self.have.get(match, 0), count)
            self.lock.notify_all()

    def _flush(self, match, start=None):
        lines = self.outbox[match]
        first = self.have.get(match, 0) if start is None else start
        for seq in range(first + 1, len(lines) + 1):
            self.client.publish(self.topic + "log", ("%s %d %s" % (match, seq, lines[seq - 1])
                                                     ).encode(), qos=1)

    def send(self, match, line):
        """Journals one command and publishes it (if connected)."""
        with self.lock:
            lines = self.outbox.setdefault(match, [])
            lines.append(line)
            if self.connected:
                self.client.publish(self.topic + "log", ("%s %d %s" % (match, len(lines), line)
                                                         ).encode(), qos=1)
            return len(lines)

    def wait(self, predicate, timeout=20.0):
        with self.lock:
            if not self.lock.wait_for(lambda: predicate(self), timeout):
                raise TimeoutError("table %d: still waiting after %.0f s" % (self.table, timeout))

    def wait_assignment(self, timeout=20.0, other_than=None):
        self.wait(lambda c: c.assignment is not None and c.assignment["match"] != other_than,
                  timeout)
        return self.assignment

    def wait_have(self, match, count, timeout=20.0):
        self.wait(lambda c: c.have.get(match, 0) >= count, timeout)
