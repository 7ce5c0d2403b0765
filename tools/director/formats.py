"""The arithmetic of a tournament's formats, without storage: groups, all-against-all
rounds, brackets and rankings (docs/TOURNAMENT.md, "Formats, seeding and tie-breaks")."""


def group_count(pairs, size):
    """How many groups of at most size pairs hold pairs (31 pairs of 4: 8 groups)."""
    if size < 2:
        raise ValueError("a group needs at least 2 pairs")
    return max(1, -(-pairs // size))


def snake(items, groups):
    """items (best seed first) dealt to groups as a snake: 1 2 3 4 / 8 7 6 5 / ..."""
    out = [[] for _ in range(groups)]
    for i, item in enumerate(items):
        lap, k = divmod(i, groups)
        out[k if lap % 2 == 0 else groups - 1 - k].append(item)
    return out


def round_robin(n):
    """The rounds of n players all against all (the circle method): a list of rounds,
    each a list of (i, j) indices; with n odd one player rests each round."""
    ids = list(range(n)) + ([None] if n % 2 else [])
    m = len(ids)
    rounds = []
    for _ in range(m - 1):
        games = []
        for k in range(m // 2):
            a, b = ids[k], ids[m - 1 - k]
            if a is not None and b is not None:
                games.append((a, b) if len(rounds) % 2 == 0 or k else (b, a))
        rounds.append(games)
        ids = [ids[0]] + [ids[-1]] + ids[1:-1]
    return rounds


def bracket_size(n):
    size = 1
    while size < n:
        size *= 2
    return size


def bracket_seeds(size):
    """Seed numbers (1 = best) in bracket order: 1 and 2 meet only in the final, and
    round one pairs seed s with seed size+1-s (byes go to the best seeds)."""
    order = [1]
    while len(order) < size:
        n = 2 * len(order)
        order = [s for seed in order for s in (seed, n + 1 - seed)]
    return order


def knockout_rounds(size):
    rounds = 0
    while (1 << rounds) < size:
        rounds += 1
    return rounds


def rank(rows, keys, head_to_head=None):
    """rows (dicts) ranked by keys in turn: each key only orders the rows that every key
    before it left tied. A key is a row field (higher first) or "head_to_head", which
    calls head_to_head(tied_rows) for each row's wins among the tied rows alone."""
    if len(rows) < 2 or not keys:
        return list(rows)
    key = keys[0]
    if key == "head_to_head":
        if head_to_head is None:
            return rank(rows, keys[1:], head_to_head)
        values = head_to_head(rows)
        value = lambda row: values[row["pair"]]  # noqa: E731
    elif key == "seed":
        value = lambda row: -row["seed"]  # noqa: E731  (seed 1 first)
    else:
        value = lambda row: row[key]  # noqa: E731
    out = []
    for v in sorted({value(row) for row in rows}, reverse=True):
        tied = [row for row in rows if value(row) == v]
        out.extend(rank(tied, keys[1:], head_to_head))
    return out
