# Semantic input events: what the screens react to. Physical buttons and gestures are
# turned into these by ui.gestures with a board's keymap (README "Buttons"); 0 is no
# event, what the recognizer and the buttons return when nothing is due.
from micropython import const

PREV = const(1)  # move back; on the scoreboard: team A's key
NEXT = const(2)  # move on; on the scoreboard: team B's key
PREV2 = const(3)  # double press of the PREV key; scoreboard: team A calls or raises truc
NEXT2 = const(4)  # double press of the NEXT key; scoreboard: team B calls or raises truc
SELECT = const(5)  # choose; on the scoreboard: the menu of every legal action
BACK = const(6)  # go back; on the scoreboard nothing: backing out never changes the match
MENU = const(7)  # the main menu (three-button boards)
UNDO = const(8)  # both keys held: take back the last command
GO = const(9)  # both keys pressed: who goes? (the scoreboard asks, a team key answers)

NAMES = ("", "prev", "next", "prev2", "next2", "select", "back", "menu", "undo", "go")
