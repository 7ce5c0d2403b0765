# Runs ON MicroPython (unix port), driven by tests/host/test_tournament_unixport.py:
#   micropython -m mp_tournament HOST PORT TABLE PASSWORD LOG [SECONDS]
# with MICROPYPATH naming firmware/ and tests/unixboard/lib (the unix
# board's network: a station joined at once), the current folder as the board's flash.
# The firmware's own tournament code (hw.tournament, hw.outbox, hw.tourfile) with its
# MQTT client (hw.mqtt) on the port's sockets: writes the tournament file,
# joins, waits for the assignment, plays the log's commands into a match kept by the
# journal (hw.journal), the outbox following it, a turn of the loop between commands, and
# waits until the director's `have` covers them. Prints "sent N" or "FAIL" and why.
import sys
import time

from hw import tourfile
from hw.journal import Journal
from hw.tournament import Tournament
from truc import tablelog
from truc.match import Match


def turns(tournament, until, seconds):
    end = time.ticks_add(time.ticks_ms(), int(seconds * 1000))
    while not until() and time.ticks_diff(end, time.ticks_ms()) > 0:
        tournament.poll(time.ticks_ms())
        time.sleep_ms(5)
    return until()


def main(host, port, table, password, log, seconds=20):
    tourfile.save(tourfile.Config(table, host, port, "table%d" % table, password, "venue",
                                  ""))
    match = Match()
    journal = Journal()
    journal.open(match)
    tournament = Tournament()
    tournament.start(match, time.ticks_ms())
    if not turns(tournament, lambda: tournament.assigned is not None, seconds):
        print("FAIL no assignment:", tournament.state(), tournament.refused)
        return
    with open(log, "rb") as f:
        lines = tablelog.split(f.read())
    for line in lines:
        why = tablelog.run(match, line)
        if why:
            print("FAIL", line, why)
            return
        if not tablelog.is_blank(line):
            journal.changed()
            tournament.changed(match)
            tournament.poll(time.ticks_ms())
    box = tournament.outbox
    if not turns(tournament, lambda: tournament.connected() and tournament.covered(),
                 seconds):
        print("FAIL the director holds %d of %d" % (tournament.have, box.count))
        return
    print("sent %d match %s" % (box.count, box.match_id))
    tournament.stop()


a = sys.argv
main(a[1], int(a[2]), int(a[3]), a[4], a[5], float(a[6]) if len(a) > 6 else 20)
