"""Plays a table log through the UI: each command becomes the key presses a person would
make on the device (team keys, the Actions menu, the show and adjust screens, the new
match screen), made as pin levels that the firmware's debouncer and gesture recognizer
read (sim.fingers). After each command the UI's match must equal an engine-only replay
of the log, byte for byte.

The autopilot looks at the screens the way a person reads them (which screen is up, its
items and cursor) and never touches the match itself.
"""
import heapq
import json

from truc import rules as R
from truc import tablelog
from truc.match import Match
from app import commands
from app import labels
from ui import events as E
from ui.gestures import DOUBLE, LONG, SHORT
from sim.state import describe

_SETUP = (R.VARIANT, R.OPTIONS, R.DEALER)
_FLAGS = (R.OPT_CANTONS3, R.OPT_PECES4, R.OPT_FLOR, R.OPT_FORA_MATCH, R.OPT_ALTERNATE)
_PRESSES = {SHORT: 1, LONG: 1, DOUBLE: 2}


class PlayError(Exception):
    """A line could not be played: the log is illegal, or the UI went wrong."""

    def __init__(self, line, message):  # line 0: before the log's first line
        Exception.__init__(self, "line %d: %s" % (line, message) if line else message)
        self.line = line


def gesture_map(keymap):
    """Semantic event -> (key, gesture) of its cheapest gesture on this keymap (a chord's
    key: the pair of outer keys)."""
    found = {}
    n = len(keymap) // 3
    for i in range(len(keymap)):
        key, gesture = divmod(i, 3)
        if key == n:  # the chord's short and long
            key, gesture = (0, n - 1), (SHORT, LONG)[gesture]
        event = keymap[i]
        presses = _PRESSES[gesture] * (2 if isinstance(key, tuple) else 1)
        cost = (presses, gesture == LONG)  # long presses take longer
        if event and (event not in found or cost < found[event][0]):
            found[event] = (cost, key, gesture)
    return {event: (key, gesture) for event, (cost, key, gesture) in found.items()}


def cheapest_path(start, goal, moves):
    """Events leading from start to goal; moves(position) yields (event, cost, next)."""
    queue = [(0, start, ())]
    seen = set()
    while queue:
        cost, here, path = heapq.heappop(queue)
        if here == goal:
            return list(path)
        if here in seen:
            continue
        seen.add(here)
        for event, step, there in moves(here):
            if there not in seen:
                heapq.heappush(queue, (cost + step, there, path + (event,)))
    raise ValueError("%r cannot be reached from %r" % (goal, start))


class Autopilot:
    def __init__(self, device, fingers):
        self.device = device
        self.app = device.app
        self.fingers = fingers
        self.reference = Match()  # the engine-only replay
        self.keys = gesture_map(device.keymap)
        self.line = 0
        self._done = []  # UI commands per log command, for undo
        self._undone = []  # the same, for redo
        self._setup_line = 0  # the last set-up line not yet entered on the device

    # The log.
    def play(self, lines):
        """Plays lines (truc.tablelog.split's: None for a line that is not UTF-8)."""
        if self.app.top_name() == "language":  # a fresh device's first question: BACK
            self.send(E.BACK)  # keeps the language it has, and skips the help
        for number, text in enumerate(lines, 1):
            self.line = number
            try:
                if text is None:
                    raise PlayError(number, "not UTF-8")
                if not tablelog.is_blank(text):
                    self._play_line(text)
            except PlayError:
                if self._setup_line:  # the device holds every line before the refused one
                    self._enter_setup()
                raise
        if self._setup_line:
            self._enter_setup()

    def _play_line(self, text):
        ref = self.reference
        try:
            command = tablelog.parse(ref, text)
        except ValueError as e:
            raise PlayError(self.line, str(e)) from None
        if command not in (tablelog.UNDO, tablelog.REDO) and command[0] in _SETUP:
            self._refuse_if(ref.check(*command))
            if self._done:
                self._fail("set-up after the match was entered on the device")
            ref.apply(*command)
            self._setup_line = self.line
            return
        if self._setup_line:
            line = self.line
            self._enter_setup()
            self.line = line
        if command == tablelog.UNDO:
            self._refuse_if(ref.undo())
            if len(self._done) == 1:
                self._fail("the device enters the set-up as one step: it cannot be undone alone")
            count = self._done.pop()
            self._undone.append(count)
            for _ in range(count):
                self._undo()
        elif command == tablelog.REDO:
            self._refuse_if(ref.redo())
            count = self._undone.pop()
            self._done.append(count)
            for _ in range(count):
                self._redo()
        else:
            self._refuse_if(ref.check(*command))
            before = self.app.match.entries()
            self._command(command, text)
            ref.apply(*command)
            self._done.append(self.app.match.entries() - before)
            self._undone = []
        self._verify(text)

    def _refuse_if(self, reason):
        if reason:
            raise PlayError(self.line, reason)

    def _fail(self, message):
        raise PlayError(self.line, "through the UI: " + message)

    def _verify(self, text):
        ui, ref = self.app.match, self.reference
        if bytes(ui.state) != bytes(ref.state):
            said = " (the device said: %s)" % self.app.message if self.app.message else ""
            self._fail("after '%s'%s the device's match is %s (%s), the engine's %s (%s)" % (
                text.strip(), said, json.dumps(describe(ui)), bytes(ui.state).hex(),
                json.dumps(describe(ref)), bytes(ref.state).hex()))

    # Pressing keys.
    def send(self, event):
        """Makes the gesture of event and checks that the app received exactly it."""
        if event not in self.keys:
            self._fail("this board has no gesture for %s" % E.NAMES[event])
        key, gesture = self.keys[event]
        seen = len(self.device.events)
        self.fingers.gesture(key, gesture)
        got = self.device.events[seen:]
        if got != [event]:
            keys = "+".join(str(k + 1) for k in key) if isinstance(key, tuple) else key + 1
            self._fail("key %s %s gave %s, not %s" % (keys, "sdl"[gesture],
                                                      [E.NAMES[e] for e in got], E.NAMES[event]))

    def _screen(self, name):
        if self.app.top_name() != name:
            self._fail("expected the %s screen, found %s" % (name, self.app.top_name()))
        return self.app.top()

    def _home(self):
        """Back to the scoreboard: BACK leaves a menu or a summary (a team key there
        would go on to the scoreboard)."""
        for _ in range(10):
            top = self.app.top_name()
            if top == "scoreboard":
                return
            self.send(E.BACK)
        self._fail("cannot get back to the scoreboard from %s" % self.app.top_name())

    def _move_to(self, menu, index):
        n = len(menu.items)
        rows = menu.rows

        from app.actions import Actions

        ends = isinstance(menu, Actions)  # it stops at its ends; a double press up: the top

        def moves(c):
            yield E.NEXT, 1, min(c + 1, n - 1) if ends else (c + 1) % n
            yield E.PREV, 1, max(c - 1, 0) if ends else (c - 1) % n
            yield E.NEXT2, 2, min(c + rows, n - 1)  # a page, for a double press
            yield E.PREV2, 2, 0 if ends else max(c - rows, 0)

        for event in cheapest_path(menu.cursor, index, moves):
            self.send(event)
        if menu.cursor != index:
            self._fail("the cursor went to %d, not %d" % (menu.cursor, index))

    def _choose(self, menu, value):
        menu.refresh(self.app)  # as Menu.event sees them (a covered menu was not drawn yet)
        values = [v for _, v in menu.items]
        if value not in values:
            self._fail("%s offers no %r (it has %s)" % (type(menu).__name__, value,
                                                        [label for label, _ in menu.items]))
        self._move_to(menu, values.index(value))
        self.send(E.SELECT)

    def _open_actions(self):
        self._home()
        self.send(E.SELECT)
        return self._screen("actions")

    # Commands.
    def _command(self, command, text):
        op, a, b = command
        m = self.app.match
        self._home()
        if op == R.SHOW:
            self._show(a, b)
        elif op == R.ADJUST:
            self._adjust(a, b)
        else:
            if (op == R.TRUC or op == R.ENVIT) and b == labels.next_step(m, op):
                b = 0  # the menu's and the keys' "call or raise one step"
            if op == R.FOLD:  # both keys, then the team's key
                self.send(E.GO)
                self._screen("going")
                self.send(E.PREV if a == R.A else E.NEXT)
            elif not self._team_key(op, a, b):
                self._choose(self._open_actions(), (op, a, b))

    def _team_key(self, op, a, b):
        """Presses the scoreboard key that does the command, if one does."""
        m = self.app.match
        team = m.envit_window() if op == R.END else a
        if team > R.B or b:
            return False
        if commands.quick(m, team) == op:
            self.send(E.PREV if team == R.A else E.NEXT)
        elif commands.strong(m, team) == op:
            self.send(E.PREV2 if team == R.A else E.NEXT2)
        else:
            return False
        return True

    def _show(self, seat, value):
        # The log's show is its winning seat and value (truc.tablelog resolved the pairs).
        self._choose(self._open_actions(), "showentry")
        entry = self._screen("showentry")
        self._choose(entry, entry.seats.index(seat))
        self._set_value(entry, entry.value, value)
        if entry.value != value:
            self._fail("seat %d's value became %d, not %d" % (seat, entry.value, value))
        self.send(E.SELECT)

    def _set_value(self, entry, start, value):
        m = self.app.match

        def moves(v):
            yield E.NEXT, 1, entry.moved(m, v, 1, 1)
            yield E.PREV, 1, entry.moved(m, v, -1, 1)
            yield E.NEXT2, 2, entry.moved(m, v, 1, 5)
            yield E.PREV2, 2, entry.moved(m, v, -1, 5)

        for event in cheapest_path(start, value, moves):
            self.send(event)

    def _adjust(self, team, b):
        # The adjust screen adds or takes one point a choice: as many as the points
        # would really change (they stop at 0 and at the canton's target).
        m = self.app.match
        delta = b - 256 if b > 127 else b
        now = m.points(team)
        steps = abs(min(max(now + delta, 0), m.target()) - now)
        self._choose(self._open_actions(), "adjust")
        screen = self._screen("adjust")
        values = [v for _, v in screen.items]
        self._move_to(screen, values.index((team, 1 if delta > 0 else -1)))
        for _ in range(steps):
            self.send(E.SELECT)
        self._home()

    def _undo(self):
        self._home()
        self.send(E.UNDO if E.UNDO in self.keys else E.BACK)

    def _redo(self):
        self._choose(self._open_actions(), "redo")

    def _enter_setup(self):
        """The set-up lines so far, entered on the new match screen in one go."""
        ref = self.reference
        self.line = self._setup_line
        screen = self._screen("newmatch")
        options = ref.options()
        dealer = ref.first_dealer()
        self._choose_until(screen, "variant", lambda: screen.variant == ref.variant())
        self._choose_until(screen, "players", lambda: screen.players == ref.players())
        self._choose_until(screen, "target",
                           lambda: screen.options & R.OPT_TARGET == options & R.OPT_TARGET)
        for bit in _FLAGS:
            self._choose_until(screen, bit,
                               lambda bit=bit: not (screen.options ^ options) & bit)
        self._choose_until(screen, "dealer", lambda: screen.dealer == dealer)
        self._choose(screen, "begin")
        # The device always names the first dealer; a log may leave it implicit, which
        # the engine stores differently. Name it in the reference too: same match.
        ref.apply(R.DEALER, dealer)
        self._done.append(self.app.match.entries())
        self._setup_line = 0
        self._verify("the set-up")

    def _choose_until(self, menu, value, done, most=8):
        """Chooses an item that cycles through values until done() holds."""
        for _ in range(most):
            if done():
                return
            self._choose(menu, value)
        self._fail("choosing %r %d times did not give the set-up of the log" % (value, most))
