"""The director on the broker (docs/TOURNAMENT.md): it reads every table's commands
(truc/+/log) and status, stores each command once, answers with the retained `have`,
publishes the tables' retained assignments and the live results.

Every change goes through one lock: paho's network thread (the messages), the pages'
thread (snapshot, correct, reseat) and the live publisher take turns."""
import json
import threading
import time

import paho.mqtt.client as mqtt

from tools.director.tournament import Tournament, match_id, match_name

LOG_MAX = 128  # bytes of a log payload


def parse_log(payload):
    """(match id, seq, line) of a truc/table<N>/log payload; ValueError with the reason."""
    if len(payload) > LOG_MAX:
        raise ValueError("payload of %d bytes (at most %d)" % (len(payload), LOG_MAX))
    try:
        text = payload.decode("utf-8")
    except UnicodeError:
        raise ValueError("payload not UTF-8") from None
    words = text.split(" ", 2)
    if len(words) != 3 or not words[1].isascii() or not words[1].isdigit() \
            or len(words[1]) > 6 or "\n" in words[2]:
        raise ValueError("payload is not '<match> <seq> <line>'")
    return match_id(words[0]), int(words[1]), words[2]


def topic_table(topic):
    """The table number of truc/table<N>/..., or None."""
    parts = topic.split("/")
    if len(parts) != 3 or not parts[1].startswith("table"):
        return None
    number = parts[1][5:]
    if not (number.isascii() and number.isdigit()) or not 1 <= int(number) <= 999 \
            or number != str(int(number)):
        return None
    return int(number)


class Director:
    def __init__(self, db, host="127.0.0.1", port=1883, password=None, user="director",
                 client_id="director", live_interval=0.2, topics="truc"):
        self.tournament = Tournament(db)
        self.lock = threading.RLock()
        self.changed = threading.Condition(self.lock)
        t = self.tournament
        self.version = self._clock()
        self.counts = {"stored": 0, "duplicates": 0, "held": 0, "refused": 0}
        self.on_stored = None  # f(table, match id, seq, time): the benchmark's probe
        self.host, self.port = host, port
        self.topics = topics
        self.live_interval = live_interval
        self._published = {}  # topic -> payload last published (retained ones)
        self._live_dirty = self._standings_dirty = True
        self._stop = threading.Event()
        self.connected = False
        self.client = mqtt.Client(mqtt.CallbackAPIVersion.VERSION2, client_id=client_id,
                                  clean_session=False, protocol=mqtt.MQTTv311)
        self.client.username_pw_set(user, password or t.meta("director_password"))
        self.client.reconnect_delay_set(0.1, 2)
        self.client.max_queued_messages_set(0)
        self.client.max_inflight_messages_set(100)
        self.client.on_connect = self._on_connect
        self.client.on_disconnect = self._on_disconnect
        self.client.on_message = self._on_message
        self._publisher = None
        self._snapshot = None

    # --- the interface of the pages (docs: tournament-common, h19's web.py)

    def snapshot(self):
        """The state the pages show (read it, do not change it: one is kept per version,
        for every page that asks)."""
        from tools.director.snapshot import snapshot
        with self.lock:
            if self._snapshot is None or self._snapshot["version"] != self.version:
                self._snapshot = snapshot(self)
            return self._snapshot

    def correct(self, match, winner, cantons, reason):
        with self.lock:
            self.tournament.correct(match_id(match), winner, cantons, reason)
            self._after_result()

    def reseat(self, match, table):
        with self.lock:
            self.tournament.reseat(match_id(match), table)
            self._publish_assignments()
            self._bump()

    def wait(self, since, timeout=10.0):
        """Waits until version > since (or timeout); returns the version."""
        with self.changed:
            self.changed.wait_for(lambda: self.version > since, timeout)
            return self.version

    # --- running

    def start(self, publisher=True):
        self.client.connect_async(self.host, self.port, keepalive=15)
        self.client.loop_start()
        if publisher:
            self._publisher = threading.Thread(target=self._publish_live_loop, daemon=True,
                                               name="director-live")
            self._publisher.start()
        return self

    def wait_connected(self, timeout=10.0):
        deadline = time.monotonic() + timeout
        while not self.connected:
            if time.monotonic() > deadline:
                raise OSError("the director could not connect to %s:%d" % (self.host, self.port))
            time.sleep(0.02)

    def stop(self):
        self._stop.set()
        if self._publisher is not None:
            self._publisher.join(5)
        self.client.disconnect()
        self.client.loop_stop()
        with self.lock:
            self.tournament.close()

    def start_tournament(self):
        with self.lock:
            assigned = self.tournament.start()
            self._publish_assignments()
            self._bump()
            return assigned

    # --- MQTT

    def _on_connect(self, client, userdata, flags, reason, properties):
        if reason.is_failure:
            return
        client.subscribe([(self.topics + "/+/log", 1), (self.topics + "/+/status", 1)])
        with self.lock:
            self._published.clear()  # a broker restarted may have lost the retained ones
            self._publish_assignments()
            for table in self.tournament.tables():
                self._publish_have(table)
            self._live_dirty = self._standings_dirty = True
            self.connected = True

    def _on_disconnect(self, client, userdata, flags, reason, properties):
        self.connected = False

    def _publish(self, topic, payload, retain=True, qos=1, force=False):
        if not force and retain and self._published.get(topic) == payload:
            return
        self._published[topic] = payload
        self.client.publish(topic, payload, qos=qos, retain=retain)

    def _publish_assignments(self):
        t = self.tournament
        for table in t.tables():
            m = t.assignment(table)
            payload = json.dumps(t.assignment_payload(m), ensure_ascii=False) if m else ""
            self._publish("%s/table%d/assign" % (self.topics, table), payload.encode())

    def _publish_have(self, table):
        t = self.tournament
        row = t.db.execute("SELECT m.id FROM matches m JOIN commands c ON c.match = m.id "
                           "WHERE m.tbl = ? ORDER BY m.started DESC LIMIT 1", (table,)).fetchone()
        if row is None:  # nothing received yet: "have <its match> 0"
            row = t.assignment(table)
        if row is not None:
            payload = ("%s %d" % (match_name(row[0]), t.held_count(row[0]))).encode()
            self._publish("%s/table%d/have" % (self.topics, table), payload)

    def _on_message(self, client, userdata, msg):
        table = topic_table(msg.topic)
        with self.lock:
            if table is None:
                self._refuse(None, msg, "not a table's topic")
            elif msg.topic.endswith("/status"):
                self._status(table, msg)
            else:
                self._log(table, msg)

    def _refuse(self, table, msg, reason):
        self.counts["refused"] += 1
        self.tournament.refuse(table, msg.topic, msg.payload.decode("utf-8", "replace")[:200],
                               reason)
        self._bump()

    def _status(self, table, msg):
        text = msg.payload.decode("utf-8", "replace")
        if table not in self.tournament.tables():
            return self._refuse(table, msg, "no table %d in this tournament" % table)
        if text != "off" and not text.startswith("on"):
            return self._refuse(table, msg, "status is 'on FIRMWARE' or 'off'")
        db = self.tournament.db
        with db:
            db.execute("UPDATE tables SET connected = ?, firmware = ? WHERE tbl = ?",
                       (text != "off", text[3:] or None, table))
        self._bump()

    def _log(self, table, msg):
        t = self.tournament
        try:
            mid, seq, line = parse_log(msg.payload)
            stored, refused = t.receive(table, mid, seq, line)
        except ValueError as e:
            return self._refuse(table, msg, str(e))
        for seq_, reason in refused:
            self.counts["refused"] += 1
            t.refuse(table, msg.topic, "%s %d (held)" % (match_name(mid), seq_), reason)
        if not stored:
            held = t.db.execute("SELECT 1 FROM held WHERE match = ? AND seq = ?",
                                (mid, seq)).fetchone()
            self.counts["held" if held else "duplicates"] += 1
            return
        self.counts["stored"] += stored
        self._publish_have(table)
        if self.on_stored is not None:
            self.on_stored(table, mid, seq, time.monotonic())
        if t.finish_if_won(mid):
            self._after_result()
            return
        note = t.disagreement(mid)
        if note:  # stored, and said where the organizer looks
            self.counts["refused"] += 1
            t.refuse(table, msg.topic, msg.payload.decode("utf-8", "replace")[:200], note)
        self._bump()

    def _after_result(self):
        self._standings_dirty = True
        self.tournament.schedule()
        self._publish_assignments()
        self._bump()

    @staticmethod
    def _clock():
        # Versions are milliseconds of the wall clock (or one more than the last), so a
        # restarted director goes on above the versions its pages have seen.
        return int(time.time() * 1000)

    def _bump(self):
        self.version = max(self.version + 1, self._clock())
        self._live_dirty = True
        self.changed.notify_all()

    def _publish_live_loop(self):
        from tools.director.snapshot import live_standings, live_tables
        while not self._stop.wait(self.live_interval):
            with self.lock:
                if not self._live_dirty or not self.connected:
                    continue
                self._live_dirty = False
                tables = json.dumps(live_tables(self), ensure_ascii=False).encode()
                self._publish(self.topics + "/live/tables", tables, qos=0)
                if self._standings_dirty:  # they change with results only
                    self._standings_dirty = False
                    standings = json.dumps(live_standings(self), ensure_ascii=False).encode()
                    self._publish(self.topics + "/live/standings", standings, qos=0)
