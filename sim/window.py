"""The pygame front end: a picture of the board, its panel's memory at an integer zoom,
keyboard and mouse as the buttons, in real time."""
import os
import sys
import time

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
import pygame  # noqa: E402

from sim.headless import prepare  # noqa: E402

FPS = 50
MARGIN = 10  # around the body, in screen pixels
STATUS_PX = 30  # the status line under the device
REFRESH_MS = 1000  # redraw at least this often, for screens that change with time

_SIDES = {"left": ((pygame.K_LEFT, pygame.K_a), "A / Left"),
          "middle": ((pygame.K_DOWN, pygame.K_s), "S / Down"),
          "right": ((pygame.K_RIGHT, pygame.K_d), "D / Right")}

_GLASS = (8, 8, 10)
_RIM = (70, 76, 90)
_METAL = (150, 152, 158)
_CAP = (205, 205, 210)
_CAP_DOWN = (120, 120, 126)
_INK = (225, 225, 215)


def sides(board):
    """Board key -> the side of the keyboard that plays it: left, (middle,) right."""
    names = ("left", "middle", "right") if board.keys == 3 else ("left", "right")
    return dict(enumerate(names))


def fit_scale(board, desktop):
    """The board's zoom, or less if the window would not fit on the desktop."""
    scale = board.scale
    w, h = desktop
    while scale > 1 and w > 0 and h > 0 and (
            (board.body[0] + 2 * MARGIN) * scale > w * 0.95
            or (board.body[1] + 2 * MARGIN) * scale + STATUS_PX > h * 0.9):
        scale -= 1
    return scale


class Window:
    def __init__(self, device, scale=None, clock_ms=None, realtime=True, start_ms=0):
        pygame.display.init()  # not pygame.init(): no audio, which may have no device
        pygame.font.init()
        self.device = device
        board = self.board = device.board
        info = pygame.display.Info()
        self.scale = s = scale or fit_scale(board, (info.current_w, info.current_h))
        self.origin = (MARGIN * s, MARGIN * s)  # the body's top-left
        size = ((board.body[0] + 2 * MARGIN) * s, (board.body[1] + 2 * MARGIN) * s + STATUS_PX)
        self.surface = pygame.display.set_mode(size)
        pygame.display.set_caption("Truc scorekeeper - %s" % board.title)
        # Shares the panel's bytes: the window shows what the panel holds, nothing else.
        self.panel_surface = pygame.image.frombuffer(device.panel.rgb, (board.width, board.height),
                                                     "RGB")
        self.label_font = pygame.font.Font(None, max(12, 7 * s))
        self.small_font = pygame.font.Font(None, max(10, 5 * s))
        self.status_font = pygame.font.Font(None, 22)
        self.keyboard = {}
        self.labels = {}
        for key, side in sides(board).items():
            codes, self.labels[key] = _SIDES[side]
            for code in codes:
                self.keyboard[code] = key
        self.holders = [set() for _ in range(board.keys)]  # what holds each key down
        ticks0 = pygame.time.get_ticks()
        self.clock_ms = clock_ms or (lambda: start_ms + pygame.time.get_ticks() - ticks0)
        self.realtime = realtime
        self.pacer = pygame.time.Clock()
        self.running = True
        self.shots = []

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
        now = self.clock_ms()
        for event in pygame.event.get():
            self.handle(event, now)
        device = self.device
        device.frame(now)
        if device.last_render_ms is None or now - device.last_render_ms >= REFRESH_MS:
            device.render(now)
        self.draw()
        pygame.display.flip()

    def handle(self, event, now):
        if event.type == pygame.QUIT:
            self.running = False
        elif event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.running = False
            elif event.key in (pygame.K_F12, pygame.K_p):
                self.screenshot()
            elif event.key in self.keyboard:
                self.hold(self.keyboard[event.key], event.key, True, now)
        elif event.type == pygame.KEYUP and event.key in self.keyboard:
            self.hold(self.keyboard[event.key], event.key, False, now)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            key = self.button_at(event.pos)
            if key is not None:
                self.hold(key, "mouse", True, now)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            for key in range(self.board.keys):
                self.hold(key, "mouse", False, now)
        elif event.type == pygame.WINDOWFOCUSLOST:  # key-ups go elsewhere now
            for key in range(self.board.keys):
                for source in list(self.holders[key]):
                    self.hold(key, source, False, now)

    def hold(self, key, source, down, now):
        """A key is down while anything holds it: two keyboard keys, the mouse."""
        holders = self.holders[key]
        was = bool(holders)
        if down:
            holders.add(source)
        else:
            holders.discard(source)
        if bool(holders) != was:
            self.device.edge(key, down, now)

    def screenshot(self):
        stamp = time.strftime("%Y%m%d-%H%M%S")
        path = "truc-%s-%s.png" % (self.board.name, stamp)
        n = 1
        while os.path.exists(path):
            n += 1
            path = "truc-%s-%s-%d.png" % (self.board.name, stamp, n)
        self.device.panel.image(self.scale).save(path)
        path = os.path.abspath(path)
        print(path, flush=True)
        self.shots.append(path)
        return path

    # Drawing.
    def rect(self, x, y, w, h):
        """Body coordinates (screen pixels) to a window rectangle."""
        s = self.scale
        return pygame.Rect(self.origin[0] + x * s, self.origin[1] + y * s, w * s, h * s)

    def button_at(self, pos):
        for button in self.board.buttons:
            if self.rect(*button.rect).collidepoint(pos):
                return button.key
        return None

    def draw(self):
        board, s, surface = self.board, self.scale, self.surface
        surface.fill((44, 46, 52))
        body = self.rect(0, 0, *board.body)
        if board.connector:  # the socket sticks out of the body's edge
            pygame.draw.rect(surface, _METAL, self.rect(*board.connector), border_radius=2 * s)
        pygame.draw.rect(surface, board.body_colour, body, border_radius=6 * s)
        pygame.draw.rect(surface, _RIM, body, width=max(1, s // 2), border_radius=6 * s)
        for cx, cy in ((5, 5), (board.body[0] - 5, 5), (5, board.body[1] - 5),
                       (board.body[0] - 5, board.body[1] - 5)):  # mounting holes
            centre = self.rect(cx, cy, 0, 0).topleft
            pygame.draw.circle(surface, (196, 160, 80), centre, 2 * s)
            pygame.draw.circle(surface, (30, 30, 30), centre, s)
        pygame.draw.rect(surface, _GLASS, self.rect(*board.glass), border_radius=2 * s)
        screen = self.rect(board.screen[0], board.screen[1], board.width, board.height)
        # pygame.transform.scale is nearest-neighbour: the pixels stay crisp.
        surface.blit(pygame.transform.scale(self.panel_surface, screen.size), screen)
        for button in board.buttons:
            self.draw_button(button)
        device = self.device
        status = "last event: %s    sent %d bytes in %d updates" % (
            device.last_event() or "-", device.panel.bytes_sent, device.panel.updates)
        text = self.status_font.render(status, True, (200, 200, 200))
        surface.blit(text, (MARGIN * s, surface.get_height() - STATUS_PX + 6))

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


def run(board, language, log_lines=None, keys="", scale=None):
    """Opens the window on a device that has played log_lines and keys first."""
    device, fingers, error = prepare(board, language, log_lines, keys)
    if error:
        print(error, file=sys.stderr)
        return 2
    try:
        window = Window(device, scale, start_ms=fingers.now)
    except pygame.error as e:  # no display: say what to do instead
        print("sim: cannot open a window (%s); try --headless" % e, file=sys.stderr)
        pygame.quit()
        return 2
    try:
        return window.run()
    finally:
        pygame.quit()
