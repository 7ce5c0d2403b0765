# The device's main loop: buttons -> app -> power -> panel, then a nap. The board file
# builds the parts (pins, PWM, ADC, display, App) and hands them here:
#
#     loop = Loop(app, Buttons(pins, Recognizer(KEYMAP_2)), Power(...))
#     loop.run(time.ticks_ms)
#
# Each turn: scan the buttons (the power gate has already dropped a press that only lit
# the screen: hw.power), give every event to the app, tick the app and the power, render
# when anything may have changed, and rest until the next turn.


class Loop:
    def __init__(self, app, buttons, power):
        self.app = app
        self.buttons = buttons
        self.power = power
        buttons.gate = power.edge  # a press on a dark screen wakes it and goes no further
        if power.settings is None:  # the timeout the players chose in the app's settings
            power.settings = getattr(app, "settings", None)
        self.renders = 0
        self._dirty = True  # the first turn draws the first screen

    def step(self, now_ms):
        """One turn, without the rest. Returns True when it rendered."""
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
        top = app.top()
        depth = len(app.stack)
        app.tick(now_ms)
        if app.top() is not top or len(app.stack) != depth:
            dirty = True
        if self.power.tick(now_ms):  # the battery figure or its warning changed
            app.battery = self.power.battery()
            app.battery_low = self.power.low()
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
            self.power.rest(now, self.buttons.busy(now))
            if turns > 0:
                turns -= 1
