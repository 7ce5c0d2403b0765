# The device's main loop: buttons -> app -> power -> panel, then a nap. It imports nothing:
# app.boot builds and wires the parts (the power gate on the buttons, the settings and
# the battery shared with the app) and hands them here:
#
#     loop = Loop(app, buttons, power)
#     loop.run(time.ticks_ms)
#
# Each turn: scan the buttons (the power gate has already dropped a press that only lit
# the screen: hw.power), give every event to the app, tick the app and the power, render
# when anything may have changed, and rest until the next turn: a scan period while a key
# or a gesture is under way, else a light sleep that a press ends (hw.power), no longer
# than the app's next change of its own. The app is anything with event(e), tick(now_ms),
# due_ms(now_ms), render(), stack and recover(); the loop knows no screen.
import gc


class Loop:
    def __init__(self, app, buttons, power):
        self.app = app
        self.buttons = buttons
        self.power = power
        self.renders = 0
        self.recoveries = 0  # times the heap ran out and the app was brought home
        self._dirty = True  # the first turn draws the first screen

    def step(self, now_ms):
        """One turn, without the rest. Returns True when it rendered."""
        try:
            return self._step(now_ms)
        except MemoryError:
            # Out of heap: the match is safe (the engine and the journal allocate
            # nothing per command); what is let go is the screens above the scoreboard.
            self.recoveries += 1
            gc.collect()
            self.app.recover()
            self._dirty = True
            return False

    def _step(self, now_ms):
        app = self.app
        buttons = self.buttons
        dirty = self._dirty
        e = buttons.scan(now_ms)
        while e:
            app.event(e)
            dirty = True
            e = buttons.scan(now_ms)
        # A tick can change the screen (the round summary leaves by itself): a screen
        # that came or went is the sign, and costs no allocation to check.
        stack = app.stack
        top = stack[-1]
        depth = len(stack)
        if app.tick(now_ms) or stack[-1] is not top or len(stack) != depth:
            dirty = True
        if self.power.tick(now_ms):  # the battery figure or its warning changed
            dirty = True
        sharing = getattr(app, "sharing", None)  # hw.share's: answered at every turn
        if sharing is not None and sharing.poll(now_ms):  # it ended by itself
            app.sharing_ended()
            dirty = True
        tour = getattr(app, "tournament", None)  # hw.tournament's: its turn too
        if tour is not None and tour.poll(now_ms):  # connected or not: the mark changed
            dirty = True
        self._dirty = False
        if dirty:
            app.render()
            self.renders += 1
        return dirty

    def run(self, clock, turns=-1):
        """Runs turns turns (-1: forever); clock() gives ticks_ms values."""
        while turns:
            self.step(clock())
            now = clock()
            # No light sleep while sharing or in a tournament: it would stop the radio.
            # (sim.device's paced run rests the same way.)
            sharing = getattr(self.app, "sharing", None)
            self.power.rest(now, self.buttons.busy(now) or sharing is not None
                            and sharing.active() or getattr(self.app, "tournament", None)
                            is not None, self.app.due_ms(now))
            if turns > 0:
                turns -= 1
