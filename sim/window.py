"""The pygame front end: a picture of the board with what its display controller's glass
shows (the model's pixels, darkened by the backlight), keyboard and mouse as the
buttons, in real time: each frame runs the device's loop for the time that passed."""
import os
import sys
import time

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
import pygame  # noqa: E402

from sim.headless import prepare, sharing_line  # noqa: E402
from ui import events as E  # noqa: E402

FPS = 50
_INVISIBLE = ("offscreen", "dummy")  # SDL video drivers that show nothing
MARGIN = 10  # around the body, in screen pixels
STATUS_PX = 30  # a status line under the device
STATUS_GAP = "    "  # between the status line's parts
CATCH_UP_MS = 1000  # the most simulated time one frame may run

_SIDES = {"left": ((pygame.K_LEFT, pygame.K_a), "A / Left"),
          "middle": ((pygame.K_DOWN, pygame.K_s), "S / Down"),
          "right": ((pygame.K_RIGHT, pygame.K_d), "D / Right")}

_GLASS = (8, 8, 10)
_RIM = (70, 76, 90)
_METAL = (150, 152, 158)
_CAP = (205, 205, 210)
_CAP_DOWN = (120, 120, 126)
_INK = (225, 225, 215)


def sides(keys):
    """Board key -> the side of the keyboard that plays it: left, (middle,) right."""
    names = ("left", "middle", "right") if keys == 3 else ("left", "right")
    return dict(enumerate(names))


def fit_scale(look, desktop):
    """The board's zoom, or less if the window would not fit on the desktop."""
    scale = look.scale
    w, h = desktop
    while scale > 1 and w > 0 and h > 0 and (
            (look.body[0] + 2 * MARGIN) * scale > w * 0.95
            or (look.body[1] + 2 * MARGIN) * scale + STATUS_PX > h * 0.9):
        scale -= 1
    return scale


def shade(brightness):
    """A backlight's duty (0..1) as the grey the picture is multiplied by: the eye sees
    a PWM-dimmed light brighter than its duty (about duty ** (1 / 2.2))."""
    if brightness >= 1:
        return 255
    return round(255 * max(0.0, brightness) ** (1 / 2.2))


class Window:
    def __init__(self, device, scale=None, clock_ms=None, realtime=True):
        pygame.display.init()  # not pygame.init(): no audio, which may have no device
        # Without a display SDL falls back to a window nobody can see, and the loop
        # would run forever: unless that driver was asked for (tests), say so.
        driver = pygame.display.get_driver()
        if driver in _INVISIBLE and not os.environ.get("SDL_VIDEODRIVER"):
            raise pygame.error("no display to show it on (SDL's '%s' video driver)" % driver)
        pygame.font.init()
        self.device = device
        look = self.look = device.look
        info = pygame.display.Info()
        self.scale = s = scale or fit_scale(look, (info.current_w, info.current_h))
        self.origin = (MARGIN * s, MARGIN * s)  # the body's top-left
        width = (look.body[0] + 2 * MARGIN) * s
        self.status_font = pygame.font.Font(None, 22)
        # As many status lines as its widest text needs on a narrow board (M5Stack at 1x).
        widest = self.status_lines(("last event: %s" % max(E.NAMES, key=len),
                                    "backlight 100%", "flash: 999 files"), width)
        self.status_rows = len(widest)
        size = (width, (look.body[1] + 2 * MARGIN) * s + STATUS_PX * self.status_rows)
        self.surface = pygame.display.set_mode(size)
        pygame.display.set_caption("Truc scorekeeper - %s" % look.title)
        self.label_font = pygame.font.Font(None, max(12, 7 * s))
        self.small_font = pygame.font.Font(None, max(10, 5 * s))
        self.keyboard = {}
        self.labels = {}
        for key, side in sides(device.keys).items():
            codes, self.labels[key] = _SIDES[side]
            for code in codes:
                self.keyboard[code] = key
        self.holders = [set() for _ in range(device.keys)]  # what holds each key down
        self.clock_ms = clock_ms or pygame.time.get_ticks
        self.last_ms = self.clock_ms()
        self.realtime = realtime
        self.pacer = pygame.time.Clock()
        self.running = True
        self.shots = []
        self.picture = None  # the model's glass as a pygame surface, at the window's zoom
        self._picture_of = None  # device.glass_version() when it was made

    # The loop.
    def run(self, frames=None):
        count = 0
        while self.running and (frames is None or count < frames):
            self.step()
            count += 1
            if self.realtime:
                self.pacer.tick(FPS)
        return 0

    def step(self):
        """One frame: input, the device's loop for the time that passed, the picture."""
        for event in pygame.event.get():
            self.handle(event)
        now = self.clock_ms()
        # Real time drives the SIM clock; a stall (a slow frame, a suspended laptop)
        # counts for at most CATCH_UP_MS.
        self.device.run(min(max(0, now - self.last_ms), CATCH_UP_MS))
        self.last_ms = now
        self.draw()
        pygame.display.flip()

    def handle(self, event):
        if event.type == pygame.QUIT:
            self.running = False
        elif event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.running = False
            elif event.key in (pygame.K_F12, pygame.K_p):
                self.screenshot()
            elif event.key == pygame.K_F5:
                self.device.pull_battery()
            elif event.key in self.keyboard:
                self.hold(self.keyboard[event.key], event.key, True)
        elif event.type == pygame.KEYUP and event.key in self.keyboard:
            self.hold(self.keyboard[event.key], event.key, False)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            key = self.button_at(event.pos)
            if key is not None:
                self.hold(key, "mouse", True)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            for key in range(self.device.keys):
                self.hold(key, "mouse", False)
        elif event.type == pygame.WINDOWFOCUSLOST:  # key-ups go elsewhere now
            for key in range(self.device.keys):
                for source in list(self.holders[key]):
                    self.hold(key, source, False)

    def hold(self, key, source, down):
        """A key is down while anything holds it: two keyboard keys, the mouse."""
        holders = self.holders[key]
        if down:
            holders.add(source)
            self.device.press(key)
        else:
            holders.discard(source)
            if not holders:
                self.device.release(key)

    def screenshot(self):
        stamp = time.strftime("%Y%m%d-%H%M%S")
        path = "truc-%s-%s.png" % (self.device.name, stamp)
        n = 1
        while os.path.exists(path):
            n += 1
            path = "truc-%s-%s-%d.png" % (self.device.name, stamp, n)
        self.device.image(self.scale).save(path)
        path = os.path.abspath(path)
        print(path, flush=True)
        self.shots.append(path)
        return path

    # Drawing.
    def rect(self, x, y, w, h):
        """Body coordinates (glass pixels) to a window rectangle."""
        s = self.scale
        return pygame.Rect(self.origin[0] + x * s, self.origin[1] + y * s, w * s, h * s)

    def button_at(self, pos):
        for button in self.look.buttons:
            if self.rect(*button.rect).collidepoint(pos):
                return button.key
        return None

    def screen_rect(self):
        look = self.look
        return self.rect(look.screen[0], look.screen[1], *look.size)

    def draw(self):
        look, s, surface = self.look, self.scale, self.surface
        surface.fill((44, 46, 52))
        body = self.rect(0, 0, *look.body)
        if look.connector:  # the socket sticks out of the body's edge
            pygame.draw.rect(surface, _METAL, self.rect(*look.connector), border_radius=2 * s)
        pygame.draw.rect(surface, look.body_colour, body, border_radius=6 * s)
        pygame.draw.rect(surface, _RIM, body, width=max(1, s // 2), border_radius=6 * s)
        if look.holes:
            for cx, cy in ((5, 5), (look.body[0] - 5, 5), (5, look.body[1] - 5),
                           (look.body[0] - 5, look.body[1] - 5)):
                centre = self.rect(cx, cy, 0, 0).topleft
                pygame.draw.circle(surface, (196, 160, 80), centre, 2 * s)
                pygame.draw.circle(surface, (30, 30, 30), centre, s)
        pygame.draw.rect(surface, _GLASS, self.rect(*look.glass), border_radius=2 * s)
        self.draw_screen()
        for button in look.buttons:
            self.draw_button(button)
        device = self.device
        parts = ("last event: %s" % (device.last_event() or "-"),
                 "backlight %d%%" % round(100 * device.backlight()),
                 "flash: %d files" % len(device.flash.files))
        y = surface.get_height() - STATUS_PX * self.status_rows + 6
        for line in self.status_lines(parts, surface.get_width())[:self.status_rows]:
            surface.blit(self.status_font.render(line, True, (200, 200, 200)), (MARGIN * s, y))
            y += STATUS_PX

    def status_lines(self, parts, width):
        """The status parts and the F5 hint, as many to a line as fit in width between
        the margins: never cut at the window's edge."""
        room = width - 2 * MARGIN * self.scale
        lines = []
        for part in parts + ("F5: pull the battery",):
            if lines and self.status_font.size(lines[-1] + STATUS_GAP + part)[0] <= room:
                lines[-1] += STATUS_GAP + part
            else:
                lines.append(part)
        return lines

    def draw_screen(self):
        """The model's glass, behind the backlight: a dim light darkens what it shows."""
        device = self.device
        screen = self.screen_rect()
        if device.glass_version() != self._picture_of:  # visible() is costly: on change only
            self._picture_of = device.glass_version()
            image = device.image()
            picture = pygame.image.frombytes(image.tobytes(), image.size, "RGB")
            # pygame.transform.scale is nearest-neighbour: the pixels stay crisp.
            self.picture = pygame.transform.scale(picture, screen.size)
        self.surface.blit(self.picture, screen)
        k = shade(device.backlight())
        if k < 255:
            self.surface.fill((k, k, k), screen, special_flags=pygame.BLEND_MULT)

    def draw_button(self, button):
        s, surface = self.scale, self.surface
        x, y, w, h = button.rect
        base = self.rect(x, y, w, h)
        down = bool(self.holders[button.key])
        pygame.draw.rect(surface, (58, 60, 66), base, border_radius=s)
        cap = base.inflate(-w * s // 4, -h * s // 4).move(0, s if down else 0)
        pygame.draw.ellipse(surface, _CAP_DOWN if down else _CAP, cap)
        number = self.label_font.render(str(button.key + 1), True, (40, 40, 44))
        surface.blit(number, number.get_rect(center=cap.center))
        if button.name:
            name = self.small_font.render(button.name, True, _INK)
            surface.blit(name, name.get_rect(midbottom=(base.centerx, base.top - s)))
        label = self.small_font.render(self.labels[button.key], True, _INK)
        surface.blit(label, label.get_rect(midtop=(base.centerx, base.bottom + s)))


def run(name, language=None, log_lines=None, keys="", scale=None, flash=None, store=None,
        share=None):
    """Opens the window on a device that has played log_lines and keys first (booted
    from flash, kept by store, sharing on port share: see sim.headless.prepare)."""
    try:
        device, fingers, error = prepare(name, language, log_lines, keys, flash, store, share)
    except OSError as e:  # the port is taken
        print("sim: cannot share on port %s: %s" % (share, e), file=sys.stderr)
        return 2
    if share is not None:
        print(sharing_line(device), flush=True)
    if error:
        print(error, file=sys.stderr)
        return 2
    try:
        window = Window(device, scale)
    except pygame.error as e:  # no display: say what to do instead
        print("sim: cannot open a window (%s); without a display run it headless:"
              " python -m sim --headless --keys ... (--help says more)" % e, file=sys.stderr)
        pygame.quit()
        return 2
    try:
        return window.run()
    finally:
        pygame.quit()
