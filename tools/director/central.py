"""The central director of venues bridged to one broker (docs/TOURNAMENT.md, "Venues
bridged to a central broker"): it reads every venue's live standings and ranks all their
pairs as one."""
import json
import threading

import paho.mqtt.client as mqtt


def ranking(venues):
    """One ranking of {venue: standings rows}: by place in the venue, then matches won,
    cantons and points won minus lost, then venue name."""
    rows = [dict(row, venue=venue) for venue, standings in venues.items() for row in standings]
    rows.sort(key=lambda r: (r["place"], -r["won"], -(r["cantons_for"] - r["cantons_against"]),
                             -(r["points_for"] - r["points_against"]), r["venue"]))
    return [dict(row, rank=i) for i, row in enumerate(rows, 1)]


class Central:
    def __init__(self, host, port, password, user="director", client_id="central"):
        self.lock = threading.Lock()
        self.venues = {}  # venue -> its standings rows
        self.tables = {}  # venue -> its live tables
        self.version = 0
        self.client = mqtt.Client(mqtt.CallbackAPIVersion.VERSION2, client_id=client_id,
                                  protocol=mqtt.MQTTv311)
        self.client.username_pw_set(user, password)
        self.client.reconnect_delay_set(0.1, 2)
        self.client.on_connect = lambda c, u, f, reason, p: c.subscribe(
            "truc/venue/+/live/#", 1)
        self.client.on_message = self._on_message
        self.host, self.port = host, port

    def start(self):
        self.client.connect_async(self.host, self.port, keepalive=15)
        self.client.loop_start()
        return self

    def stop(self):
        self.client.disconnect()
        self.client.loop_stop()

    def _on_message(self, client, userdata, msg):
        parts = msg.topic.split("/")  # truc/venue/<V>/live/<what>
        if len(parts) != 5 or not msg.payload:
            return
        try:
            data = json.loads(msg.payload)
        except ValueError:
            return
        with self.lock:
            if parts[4] == "standings":
                self.venues[parts[2]] = data.get("standings", [])
            elif parts[4] == "tables":
                self.tables[parts[2]] = data.get("tables", [])
            self.version += 1

    def snapshot(self):
        with self.lock:
            return {"version": self.version, "venues": sorted(self.venues),
                    "ranking": ranking(self.venues),
                    "tables": {v: list(t) for v, t in self.tables.items()}}
