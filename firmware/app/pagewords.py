# The shared page's words (hw.share, hw.httpd): the scoreboard's lines in the device's
# language, imported while sharing answers a phone and forgotten after (app.device), so
# that the scoreboard's resident module does not carry them.
from truc import rules as R
from app.i18n import t


def words(app):
    """The score's words in the device's language, for the shared page (hw.share):
    the title, each team's name and half, cantons, dealer and mà, the stakes; then the
    page's headings, what a round paid and the picture's legend."""
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
            " · ".join(board._stakes(app, m, names)),
            t("Round history"), t("No rounds yet"), t("Past matches"),
            t("No past matches"), t("Download the match"),
            # What a round paid, as the device's round history says it (13-18); the
            # picture's legend (19); what the page says when the board does not answer.
            t("Points %s %+d"), t("Flor: %s +%d"), t("Envit: %s +%d"), t("Round: %s +%d"),
            t("%s wins the canton"), t("%s wins the match!"),
            t("%s above the line, %s below: a call tall, a baza short")
            % (names[R.A], names[R.B]),
            t("No answer from the board: out of reach, or sharing ended")]

