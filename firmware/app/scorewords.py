# The score's words for the shared page (hw.share), in the device's language: imported
# when sharing is first made (main), so that a device that never shares keeps no room
# for them.
from truc import rules as R
from app.i18n import t


def words(app):
    """The scoreboard's words: the title, each team's name and half, cantons, dealer and
    mà, the stakes; then the page's headings."""
    board = app.stack[0]  # the scoreboard, whose words these are
    m = app.match
    title = t("Round %d") % m.round() if m.winner() == R.NOBODY else t("Match over")
    if m.duel():
        title += " · " + t("punta %d/3") % m.duel()
    names = (app.team_name(R.A), app.team_name(R.B))
    return [title, names[R.A], names[R.B], board._half(m, R.A), board._half(m, R.B),
            board._cantons_text(m), board._seats_text(m),
            " · ".join(board._stakes(app, m, names)),
            t("Round history"), t("No rounds yet"), t("Past matches"),
            t("No past matches"), t("Download the match")]
