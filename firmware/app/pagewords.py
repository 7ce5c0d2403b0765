# The shared page's words (hw.share, hw.httpd): the scoreboard's lines in the device's
# language, imported while sharing answers a phone and forgotten after (app.device), so
# that the scoreboard's resident module does not carry them.
from truc import rules as R
from app.i18n import t


def words(app):
    """The score's words in the device's language, for the shared page (hw.share):
    the title, each team's name and half, cantons, dealer and mà, the stakes. The page's
    own words (its headings, what a round paid, the legend) are in the page, in each
    language (hw/share.html's PAGE): the heap holds none of them."""
    m = app.match
    board = app.stack[0]  # the scoreboard, whose lines these are
    title = t("Round %d") % m.round() if m.winner() == R.NOBODY else t("Match over")
    if m.duel() and m.winner() == R.NOBODY:  # no next duel once the match is won
        title += " · " + t("punta %d/3") % m.duel()
    names = (app.team_name(R.A), app.team_name(R.B))
    return [title, names[R.A], names[R.B], board._half(m, R.A), board._half(m, R.B),
            board._cantons_text(m),
            # The page has room for the seats' names, where the glass has "D2 M1".
            t("Deals: %s · mà: %s") % (app.seat_name(m.dealer()),
                                        app.seat_name(m.hand_ma()))
            if m.winner() == R.NOBODY else "",
            " · ".join(board._stakes(app, m, names))]

