# What each key of the board does, and what the scoreboard's short forms mean: the
# Keys page's lines (app.textpage; from the main menu, and once on the first boot), a
# module of their own, imported by that page alone.
from app.i18n import t
from ui import canvas as C


def key_lines(app):
    """What each press does on this board's keys (2: the T-Display's left and right; 3:
    A, B, C): the scoreboard's first, then going, undo, Actions, back and the menus."""
    if app.keys == 2:
        texts = (t("Left key: team A. Right: B."),
                 t("Short: the baza, or vull."),
                 t("Double: truc, or raise it."),
                 t("Both keys: who goes? Then the team's key."),
                 t("Hold both keys: undo."),
                 t("Hold right: Actions (parda, flor, envit values); choose in menus."),
                 t("Hold left: back; it never changes the match."),
                 t("In menus: short moves, double is a page."),
                 t("Main menu: Actions, then Menu at the top."))
    else:
        texts = (t("A: team A, C: B."),
                 t("Short: baza, or vull."),
                 t("Double: truc, raise."),
                 t("A and C together: who goes? Then the team's key."),
                 t("Hold A and C: undo."),
                 t("B: Actions (parda, flor, envit values); choose in menus."),
                 t("Hold A: back; it never changes the match."),
                 t("In menus: A and C move, double is a page."),
                 t("Hold B: main menu."))
    return [(text, C.FG) for text in texts]


def abbreviation_lines():
    """What the scoreboard's short forms mean, written as it writes them."""
    texts = (t("On the score:"),
             t("D%d M%d") % (1, 2) + " " + t("= seat 1 deals, seat 2 is mà."),
             t("bazas") + " AB-: " + t("who took each baza, - parda."),
             t("males") + ", " + t("bones") + ": " + t("the canton's first, second half."),
             t("Flor %s") % "A" + "x2: " + t("team A's two flors."),
             t("punta %d/3") % 2 + ": " + t("the second of three duels."))
    return [(text, C.DIM if i == 0 else C.FG) for i, text in enumerate(texts)]
