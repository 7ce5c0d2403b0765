"""The tournament director (issue 35, docs/TOURNAMENT.md): `python -m tools.director`.

tournament.py keeps the tournament in SQLite (pairs, phases, matches, tables, commands);
director.py connects it to the broker (ingestion, assignments); broker.py starts a
Mosquitto of its own; formats.py is the pure arithmetic of groups, brackets and rankings.
"""
