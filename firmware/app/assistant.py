# The dealer's assistant, for the variant of the match (mallorca with two peces before
# one is chosen): the envit and flor of a hand, who takes a baza, the card order, the
# signals, and which cards of a 40-card deck to leave out (RULES.md "Cards", "Signals").
from truc import cards
from truc import rules as R
from truc.variants import MALLORCA, PALACIOS, NAMES
from app import events as E
from app.i18n import t
from app.menu import Menu, draw_title
from ui import canvas as C

# Cards with a name of their own. (A card is rank * 4 + suit, so card & 3 is its suit.)
_AMO = cards.card(11, 3)
_MADONA = cards.card(10, 0)
_FIVE_OROS = cards.card(5, 0)
_FIVE_BASTOS = cards.card(5, 3)
_SEVEN_OROS = cards.card(7, 0)
_SEVEN_ESPASES = cards.card(7, 2)

# The colours of the suits on a Spanish deck (monochrome screens show them all alike).
_SUIT_COLOUR = (C.MARK, C.WARN, C.TEAM_B, C.GOOD)  # oros, copes, espases, bastos
_TEAM_COLOUR = (C.TEAM_A, C.TEAM_B)
_PARDA = 2  # cards.baza's team for a tie


def game(app):
    """Variant, peces, whether flor is played, and players, of the match."""
    m = app.match
    variant = m.variant()
    if not variant:
        return MALLORCA, 2, False, R.PRESET_PLAYERS[MALLORCA]
    return variant, m.peces() or 2, bool(m.options() & R.OPT_FLOR), m.players()


# ---- card texts -----------------------------------------------------------------------

def suit_word(suit):
    if suit == 0:
        return t("oros")
    if suit == 1:
        return t("copes")
    if suit == 2:
        return t("espases")
    return t("bastos")


def card_text(c):
    """"7 of oros": a form per suit, so that a language can elide ("7 d'oros")."""
    rank = cards.rank_of(c)
    suit = cards.suit_of(c)
    if suit == 0:
        return t("%d of oros") % rank
    if suit == 1:
        return t("%d of copes") % rank
    if suit == 2:
        return t("%d of espases") % rank
    return t("%d of bastos") % rank


def nickname(c, variant, peces):
    """The name players give the card in this variant, or ""."""
    if variant == MALLORCA:
        if c == _AMO:
            return t("amo")
        if c == _MADONA:
            return t("madona")
        if peces == 4 and (c == _FIVE_OROS or c == _FIVE_BASTOS):
            return t("peça")
    if c == _SEVEN_ESPASES or c == _SEVEN_OROS:
        return t("manilla")
    return ""


def named(c, variant, peces):
    nick = nickname(c, variant, peces)
    return "%s (%s)" % (card_text(c), nick) if nick else card_text(c)


def _ranks(group):
    # The ranks of group, in the order they first appear.
    out = []
    for c in group:
        rank = cards.rank_of(c)
        if rank not in out:
            out.append(rank)
    return out


def _and(group):
    # "1 of oros and copes": cards of one rank, named by the first one's form.
    head = card_text(group[0])
    for c in group[1:-1]:
        head += ", " + suit_word(cards.suit_of(c))
    return t("%s and %s") % (head, suit_word(cards.suit_of(group[-1])))


def order_lines(variant, peces):
    """The card order, highest first, as (text, colour): one line per strength, cards
    that tie on one line, the named cards marked."""
    deck = cards.deck(variant)
    above = []  # cards on the lines already written
    out = []
    for line in cards.order(variant, peces):
        parts = []
        colour = C.FG
        for rank in _ranks(line):
            group = [c for c in line if cards.rank_of(c) == rank]
            same = [c for c in deck if cards.rank_of(c) == rank]
            if len(group) == 1:
                parts.append(named(group[0], variant, peces))
                if nickname(group[0], variant, peces):
                    colour = C.MARK
            elif len(group) == len(same):
                parts.append(t("all the %ds") % rank)
            elif len(group) > 2 and len(group) + sum(1 for c in same if c in above) == len(same):
                parts.append(t("the other %ds") % rank)  # the rest of the rank is above
            else:
                parts.append(_and(group))
        above.extend(line)
        out.append((" · ".join(parts), colour))
    return out


def removed_lines(variant):
    """What to take out of a 40-card Spanish deck (4 suits of 1-7, 10, 11, 12)."""
    out = cards.removed(variant)
    lines = [(t("Take out %d cards:") % len(out), C.MARK)]
    for rank in _ranks(out):
        group = [c for c in out if cards.rank_of(c) == rank]
        if len(group) == 4:
            text = t("all the %ds") % rank
        elif len(group) == 1:
            text = card_text(group[0])
        else:
            text = _and(group)
        lines.append((text, C.FG))
    lines.append((t("%d cards stay") % len(cards.deck(variant)), C.DIM))
    return lines


def signal_lines(variant):
    """Both tables' signals, the variant's own first; headings marked."""
    mallorca = [("Mallorca:", C.MARK),
                (t("Eyebrows raised: the amo"), C.FG),
                (t("Wink: the madona"), C.FG),
                (t("Tongue out: a good ace"), C.FG),
                (t("Cheek squeezed: a manilla"), C.FG),
                (t("Lips pressed: a three"), C.FG),
                (t("Nose wrinkled: 1 of oros or copes"), C.FG),
                (t("Said aloud: vine a mi, mata, truca, envida"), C.FG)]
    valencia = [("Valencia, Palacios:", C.MARK),
                (t("Both cheeks puffed: 33"), C.FG),
                (t("Right cheek: 32"), C.FG),
                (t("Left cheek: 31"), C.FG),
                (t("Both eyes shut: cec, no good cards"), C.FG)]
    return mallorca + valencia if variant == MALLORCA else valencia + mallorca


def seat_name(app, seat):
    return app.settings.names[seat] or t("seat %d") % seat


def seat_label(app, seat):
    """The seat's name and its team letter, for screens without team colours."""
    return "%s (%s)" % (seat_name(app, seat), "AB"[seat & 1])


def wrap(c, font, text, first, rest):
    """text cut at spaces into lines no wider than first, then rest (pixels); a word
    longer than that stays whole."""
    out = []
    line = ""
    width = first
    for word in text.split(" "):
        longer = line + " " + word if line else word
        if line and c.text_width(font, longer) > width:
            out.append(line)
            line = word
            width = rest
        else:
            line = longer
    out.append(line)
    return out


# ---- screens --------------------------------------------------------------------------

class Assistant(Menu):
    def __init__(self):
        Menu.__init__(self, t("Assistant"))

    def refresh(self, app):
        if self.items:  # built once: the match cannot change under this screen
            return
        variant, peces, flor, players = game(app)
        self.title = "%s · %s" % (t("Assistant"), NAMES[variant])
        self.items = [(t("Envit and flor") if flor else t("Envit"), "envit"),
                      (t("Who wins this baza?"), "baza"),
                      (t("Card order"), "order"),
                      (t("Signals"), "signals"),
                      (t("Cards to take out"), "removed"),
                      (t("Back"), "back")]

    def choose(self, app, value):
        variant, peces, flor, players = game(app)
        if value == "envit":
            app.push(EnvitCalc(app))
        elif value == "baza":
            app.push(BazaCalc(app))
        elif value == "order":
            app.push(TextPage(app, t("Card order"), order_lines(variant, peces)))
        elif value == "signals":
            app.push(TextPage(app, t("Signals"), signal_lines(variant)))
        elif value == "removed":
            app.push(TextPage(app, t("Cards to take out"), removed_lines(variant)))
        else:
            app.pop()


class TextPage(Menu):
    """Lines to read: PREV/NEXT scroll a line (round at the ends), PREV2/NEXT2 a page;
    SELECT or BACK closes. lines are (text, colour); long ones are wrapped once, here."""

    def __init__(self, app, title, lines):
        Menu.__init__(self, title)
        self.lines = lines
        # Rows start at 4, continuations at 10; the scroll marks take the last 8 pixels.
        width = app.canvas.width - 8
        rows = []
        for text, colour in lines:
            parts = wrap(app.canvas, app.font, text, width - 4, width - 10)
            for i in range(len(parts)):
                rows.append((parts[i], colour, 4 if i == 0 else 10))
        self.items = rows
        self.rows = (app.canvas.height - app.line - 1) // app.line

    def event(self, app, e):
        last = max(len(self.items) - self.rows, 0)  # the top row of the last page
        if e == E.NEXT:
            self.cursor = self.cursor + 1 if self.cursor < last else 0
        elif e == E.PREV:
            self.cursor = self.cursor - 1 if self.cursor > 0 else last
        elif e == E.NEXT2:
            self.cursor = min(self.cursor + self.rows, last)
        elif e == E.PREV2:
            self.cursor = max(self.cursor - self.rows, 0)
        elif e == E.SELECT:
            app.pop()
        else:
            Menu.event(self, app, e)

    def draw(self, app, c):
        draw_title(app, c, self.title)
        line = app.line
        top = line + 1
        n = len(self.items)
        first = self.cursor  # the top row shown
        for i in range(first, min(first + self.rows, n)):
            text, colour, x = self.items[i]
            c.text(app.font, text, x, top + (i - first) * line + (1 if app.large else 0), colour)
        if first > 0:
            c.text(app.font, "^", c.width - 8, top, C.DIM)
        if first + self.rows < n:
            c.text(app.font, "v", c.width - 8, c.height - line, C.DIM)


class _Picker(Menu):
    """Cards entered one by one, a suit and then a rank of it, offering only the cards of
    the variant's deck not entered yet. Once `most` cards are in (or Done, where
    can_stop), the result shows. BACK steps back: rank to suit, then takes out the last
    card, then leaves; on the result SELECT starts again and BACK takes out the last card."""

    can_stop = False

    def __init__(self, app, most):
        Menu.__init__(self, "")
        self.variant, self.peces, self.flor, self.players = game(app)
        self.deck = cards.deck(self.variant)
        self.most = most
        self.picked = []
        self.suit = -1  # -1: a suit is being chosen; else a rank of this suit
        self.shown = False  # the result is on screen
        self.stopped = False  # it came from Done, not from the last card
        self.scroll = 0  # first result row shown

    # What subclasses give.
    def prompt(self, app):
        return ""

    def result(self, app):
        pass

    def draw_result(self, app, c):
        pass

    def restart(self, app):
        self.picked = []
        self.shown = self.stopped = False
        self.suits(0)

    def leave(self, app):
        app.pop()

    # Choosing.
    def _left(self, suit):
        for c in self.deck:
            if c & 3 == suit and c not in self.picked:
                return True
        return False

    def suits(self, suit):
        """The suit step, the cursor on suit."""
        self.suit = -1
        self.items = [(suit_word(s), s) for s in range(4) if self._left(s)]
        if self.can_stop and len(self.picked) >= 2:
            self.items.append((t("Done"), -1))
        self.cursor = 0
        for i in range(len(self.items)):
            if self.items[i][1] == suit:
                self.cursor = i

    def ranks(self, suit):
        self.suit = suit
        self.items = [(named(c, self.variant, self.peces), c) for c in self.deck
                      if c & 3 == suit and c not in self.picked]
        self.cursor = 0

    def choose(self, app, value):
        if self.suit >= 0:
            self.picked.append(value)
            if len(self.picked) == self.most:
                self.finish(app, False)
            else:
                self.suits(value & 3)  # the next card is often of the same suit
        elif value < 0:
            self.finish(app, True)
        else:
            self.ranks(value)

    def finish(self, app, stopped):
        self.shown = True
        self.stopped = stopped
        self.scroll = 0
        self.result(app)

    def event(self, app, e):
        if self.shown:
            if e == E.SELECT:
                self.restart(app)
            elif e == E.BACK:
                self.shown = False
                last = self.picked[-1]
                if not self.stopped:
                    self.picked.pop()
                self.suits(last & 3)
            elif e == E.NEXT or e == E.PREV:
                self.scroll += 1 if e == E.NEXT else -1
            elif e == E.MENU or e == E.UNDO:
                Menu.event(self, app, e)
        elif e == E.BACK:
            if self.suit >= 0:
                self.suits(self.suit)
            elif self.picked:
                self.suits(self.picked.pop() & 3)
            else:
                self.leave(app)
        else:
            Menu.event(self, app, e)

    # Drawing.
    def draw(self, app, c):
        if self.shown:
            self.draw_result(app, c)
            return
        font = app.font
        line = app.line
        draw_title(app, c, self.prompt(app))
        # The cards so far, short and in their suit's colour, then what is being chosen.
        y = line + 1 + (1 if app.large else 0)
        x = 4
        for card in self.picked:
            x = c.text(font, cards.card_name(card), x, y, _SUIT_COLOUR[card & 3]) + 4
        # With six cards the small screen runs out: the suit and the count only if they fit.
        count = "%d/%d" % (len(self.picked) + 1, self.most)
        room = c.width - 6 - c.text_width(font, count)
        doing = suit_word(self.suit) if self.suit >= 0 else "?"
        if x + c.text_width(font, doing) <= room:
            c.text(font, doing, x, y, C.DIM)
            c.text_right(font, count, c.width - 2, y, C.DIM)
        elif x <= room:
            c.text_right(font, count, c.width - 2, y, C.DIM)
        self.draw_list(app, c, 2 * line + 1)

    def draw_list(self, app, c, top):
        # As Menu.draw does, from row top down.
        font = app.font
        line = app.line
        self.rows = rows = (c.height - top) // line
        n = len(self.items)
        first = min(max(self.cursor - rows // 2, 0), max(n - rows, 0))
        for i in range(first, min(first + rows, n)):
            y = top + (i - first) * line
            ty = y + 1 if app.large else y
            if i == self.cursor:
                c.fill_rect(0, y, c.width, line, C.FG)
                c.text(font, self.items[i][0], 4, ty, C.BG)
            else:
                c.text(font, self.items[i][0], 4, ty, C.FG)
        if first > 0:
            c.text(font, "^", c.width - 8, top, C.DIM)
        if first + rows < n:
            c.text(font, "v", c.width - 8, c.height - line, C.DIM)


class EnvitCalc(_Picker):
    """Three cards: their envit, and their flor where the variant plays flor."""

    def __init__(self, app):
        _Picker.__init__(self, app, 3)
        self.envit = 0
        self.flor_value = -1  # -1: not a flor
        self.suits(0)

    def prompt(self, app):
        return t("Card %d of 3") % (len(self.picked) + 1)

    def result(self, app):
        self.envit = cards.envit(self.picked, self.variant, self.peces)
        self.flor_value = cards.flor(self.picked)

    def flor_text(self):
        """What the screen says of the flor ("" where the variant plays none)."""
        if not self.flor:
            return ""
        return t("Flor: %d") % self.flor_value if self.flor_value >= 0 else t("No flor")

    def draw_result(self, app, c):
        font = app.font
        line = app.line
        draw_title(app, c, t("Envit"))
        y = line + 2
        for card in self.picked:
            # The small screen has no room for nicknames beside the value.
            text = named(card, self.variant, self.peces) if app.large else card_text(card)
            c.text(font, text, 4, y, _SUIT_COLOUR[card & 3])
            y += line
        c.text_right(app.big, str(self.envit), c.width - 4, line + 2, C.FG)
        flor = self.flor_text()
        if flor:
            c.text(font, flor, 4, y + (4 if app.large else 0),
                   C.GOOD if self.flor_value >= 0 else C.DIM)
        if app.large:
            c.text(font, t("Select: another hand"), 4, c.height - line, C.DIM)


class BazaCalc(_Picker):
    """The leading seat, then the cards in play order from it (one a player, or Done):
    the team that takes the baza, or parda, and the seat. In a punta duel the two
    duelists play."""

    can_stop = True

    def __init__(self, app):
        m = app.match
        _Picker.__init__(self, app, 2 if m.duel() else game(app)[3])
        self.duel = m.duel() != 0
        self.ma = m.hand_ma() if m.variant() else 0
        self.leader = -1  # -1: the leading seat is being chosen
        self.team = self.winner = 0
        self.best = []  # per card: whether it has the winning strength
        self.leaders(app, self.ma)

    def leaders(self, app, seat):
        """The leader step, the cursor on seat."""
        self.leader = -1
        self.shown = self.stopped = False
        self.picked = []
        seats = (self.ma, (self.ma + 3) % 6) if self.duel else range(self.players)
        self.items = [(seat_label(app, s), s) for s in seats]
        self.cursor = 0
        for i in range(len(self.items)):
            if self.items[i][1] == seat:
                self.cursor = i

    def seat(self, i):
        """The seat that plays the i-th card."""
        if self.duel:
            return (self.leader + 3 * i) % 6
        return (self.leader + i) % self.players

    def prompt(self, app):
        return t("Card of %s") % seat_label(app, self.seat(len(self.picked)))

    def restart(self, app):
        self.leaders(app, self.winner)  # the winner leads the next baza

    def leave(self, app):
        self.leaders(app, self.leader)

    def event(self, app, e):
        if self.leader < 0 and e == E.BACK:
            app.pop()
        else:
            _Picker.event(self, app, e)

    def choose(self, app, value):
        if self.leader < 0:
            self.leader = value
            self.suits(0)
        else:
            _Picker.choose(self, app, value)

    def result(self, app):
        if self.duel:
            # As a table of two: the leader at its team's seat, the other duelist next.
            team, seat = cards.baza(self.picked, self.leader & 1, 2, self.variant, self.peces)
            self.winner = self.leader if seat == self.leader & 1 else (self.leader + 3) % 6
        else:
            team, seat = cards.baza(self.picked, self.leader, self.players, self.variant,
                                    self.peces)
            self.winner = seat
        self.team = team
        strengths = [cards.strength(c, self.variant, self.peces) for c in self.picked]
        top = max(strengths)
        self.best = [s == top for s in strengths]

    def verdict(self, app):
        if self.team == _PARDA:
            return t("Parda")
        return t("Team %s wins: %s") % ("AB"[self.team], seat_name(app, self.winner))

    def draw(self, app, c):
        if self.leader < 0:
            self.title = t("Who leads the baza?")
            Menu.draw(self, app, c)
        else:
            _Picker.draw(self, app, c)

    def draw_result(self, app, c):
        font = app.font
        line = app.line
        draw_title(app, c, self.verdict(app),
               C.MARK if self.team == _PARDA else _TEAM_COLOUR[self.team])
        top = line + 1
        rows = (c.height - top) // line
        n = len(self.picked)
        self.scroll = min(max(self.scroll, 0), max(n - rows, 0))
        for i in range(self.scroll, min(self.scroll + rows, n)):
            y = top + (i - self.scroll) * line
            text = "%s: %s" % (seat_label(app, self.seat(i)), card_text(self.picked[i]))
            colour = _TEAM_COLOUR[self.seat(i) & 1]
            if self.best[i]:  # the winning card (every tied one in a parda)
                c.fill_rect(0, y, c.width, line, colour)
                colour = C.BG
            c.text(font, text, 4, y + 1 if app.large else y, colour)
        # The rows take the whole width: the scroll marks go in the title bar.
        ty = 1 if app.large else 0
        if self.scroll > 0:
            c.text(font, "^", c.width - 16, ty, C.DIM)
        if self.scroll + rows < n:
            c.text(font, "v", c.width - 8, ty, C.DIM)
