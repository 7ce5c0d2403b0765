# ui.gestures, on CPython (pytest) and the MicroPython unix port (tests/mp_run.py): every
# gesture of both keymaps, the timing limits, tick wrap-around, event order across keys,
# stray edges, mashing, and no allocation per call.
# mp-heap: 72K
import random
from array import array

from ui import events as E
from ui.gestures import DOUBLE, KEYMAP_2, KEYMAP_3, LONG, SHORT, Recognizer
from heaplock import locked

MASK = (1 << 30) - 1  # MicroPython's ticks_ms period, minus one
KEYMAPS = (KEYMAP_2, KEYMAP_3)
# The same keys without chords: two keys down at once are each their own gesture.
SOLO_2, SOLO_3 = KEYMAP_2[:6], KEYMAP_3[:9]
# Every key with all three gestures, and chords.
FULL_3 = bytes((E.PREV, E.PREV2, E.BACK, E.SELECT, E.MENU, E.MENU, E.NEXT, E.NEXT2, E.SELECT,
                E.GO, E.UNDO))
# Three keys missing gestures: 0 has no double, 1 no long, 2 only a short.
PARTIAL = bytes((E.PREV, 0, E.BACK, E.NEXT, E.NEXT2, 0, E.SELECT, 0, 0))


def keys(keymap):
    return len(keymap) // 3


def drain(g, e, now, out):
    while e:
        out.append(e)
        e = g.poll(now)
    return out


def down(g, k, t):
    return drain(g, g.feed(k, True, t), t, [])


def up(g, k, t):
    return drain(g, g.feed(k, False, t), t, [])


def poll(g, t):
    return drain(g, g.poll(t), t, [])


def tap(g, k, t, hold=50):
    return down(g, k, t) + up(g, k, t + hold)


# The keymaps


def test_two_button_keymap_is_prev_and_next_with_back_and_select_on_long():
    assert KEYMAP_2[0 * 3 + SHORT] == E.PREV and KEYMAP_2[0 * 3 + DOUBLE] == E.PREV2
    assert KEYMAP_2[0 * 3 + LONG] == E.BACK
    assert KEYMAP_2[1 * 3 + SHORT] == E.NEXT and KEYMAP_2[1 * 3 + DOUBLE] == E.NEXT2
    assert KEYMAP_2[1 * 3 + LONG] == E.SELECT
    assert bytes(KEYMAP_2[6:]) == bytes((E.GO, E.UNDO))  # both keys: go; held: undo


def test_three_button_keymap_puts_select_and_menu_on_the_middle_key():
    assert bytes(KEYMAP_3[0:3]) == bytes((E.PREV, E.PREV2, E.BACK))
    assert bytes(KEYMAP_3[3:6]) == bytes((E.SELECT, 0, E.MENU))  # two choices are two
    assert bytes(KEYMAP_3[6:9]) == bytes((E.NEXT, E.NEXT2, E.SELECT))
    assert bytes(KEYMAP_3[9:]) == bytes((E.GO, E.UNDO))


def test_no_gesture_that_leaves_or_moves_in_a_menu_is_undo_or_go():
    # Backing out, moving, paging and choosing are single keys; undo and going are two
    # keys at once, which none of those gestures is.
    for keymap in KEYMAPS:
        n = len(keymap) // 3
        assert E.UNDO not in keymap[:n * 3] and E.GO not in keymap[:n * 3]


# Two keys at once


def test_two_keys_pressed_together_are_one_chord_fired_at_the_first_release():
    for keymap in KEYMAPS:
        last = len(keymap) // 3 - 1
        g = Recognizer(keymap)
        assert down(g, 0, 0) == [] and down(g, last, 40) == []
        assert poll(g, 200) == [] and up(g, last, 300) == [E.GO]
        assert up(g, 0, 350) == [] and poll(g, 2000) == []  # nothing more, no short


def test_two_keys_held_together_are_the_chords_long_press_while_held():
    g = Recognizer(KEYMAP_2)
    down(g, 1, 0)
    down(g, 0, 100)
    assert poll(g, 699) == []  # long counts from the second press
    assert poll(g, 700) == [E.UNDO]
    assert up(g, 0, 900) == [] and up(g, 1, 950) == [] and poll(g, 3000) == []
    assert tap(g, 0, 4000) == [] and poll(g, 4400) == [E.PREV]  # back to single keys


def test_a_key_pressed_after_the_other_fired_its_long_is_no_chord():
    g = Recognizer(KEYMAP_2)
    down(g, 0, 0)
    assert poll(g, 600) == [E.BACK]
    assert tap(g, 1, 700, 30) == [] and poll(g, 1100) == [E.NEXT]
    assert up(g, 0, 1200) == []


def test_a_key_pressed_after_the_other_was_released_is_no_chord():
    g = Recognizer(KEYMAP_2)
    assert tap(g, 0, 0, 50) == []  # waiting for its double
    assert down(g, 1, 60) == [E.PREV] and up(g, 1, 100) == [] and poll(g, 500) == [E.NEXT]


def test_bad_keymaps_and_timings_are_refused_at_construction():
    for keymap in (b"", b"\x01\x02", bytes(3 * 7)):
        try:
            Recognizer(keymap)
            raise AssertionError(keymap)
        except ValueError:
            pass
    for long_ms, double_ms in ((0, 300), (600, 0), (-1, 300), (1 << 29, 300)):
        try:
            Recognizer(KEYMAP_2, long_ms, double_ms)
            raise AssertionError((long_ms, double_ms))
        except ValueError:
            pass


# Each gesture on every key of both keymaps


def test_short_press_is_reported_when_the_double_window_closes():
    for keymap in KEYMAPS + (FULL_3,):
        for k in range(keys(keymap)):
            if not keymap[k * 3 + DOUBLE]:
                continue  # test_key_without_a_double_reports_its_short_on_the_release
            g = Recognizer(keymap)
            assert down(g, k, 1000) == [] and up(g, k, 1100) == []
            assert poll(g, 1200) == [] and poll(g, 1399) == []
            assert poll(g, 1400) == [keymap[k * 3 + SHORT]]
            assert poll(g, 5000) == []


def test_double_press_fires_on_the_second_press_and_its_release_adds_nothing():
    for keymap in KEYMAPS + (FULL_3,):
        for k in range(keys(keymap)):
            if not keymap[k * 3 + DOUBLE]:
                continue
            g = Recognizer(keymap)
            assert tap(g, k, 1000) == []
            assert down(g, k, 1150) == [keymap[k * 3 + DOUBLE]]
            assert poll(g, 1500) == [] and poll(g, 2500) == []  # held past long_ms too
            assert up(g, k, 3000) == [] and poll(g, 9000) == []


def test_long_press_fires_while_held_and_its_release_adds_nothing():
    for keymap in KEYMAPS:
        for k in range(keys(keymap)):
            g = Recognizer(keymap)
            assert down(g, k, 1000) == [] and poll(g, 1590) == []
            assert poll(g, 1610) == [keymap[k * 3 + LONG]]
            assert poll(g, 3000) == [] and up(g, k, 4000) == [] and poll(g, 9000) == []


def test_key_without_a_double_reports_its_short_on_the_release():
    g = Recognizer(PARTIAL)
    assert down(g, 0, 0) == [] and up(g, 0, 10) == [E.PREV]
    assert down(g, 0, 20) == [] and up(g, 0, 30) == [E.PREV]  # the quick second tap too
    assert poll(g, 1000) == []


def test_key_without_a_long_is_short_however_long_it_is_held():
    g = Recognizer(PARTIAL)
    assert down(g, 1, 0) == [] and poll(g, 5000) == [] and up(g, 1, 5000) == []
    assert poll(g, 5300) == [E.NEXT]
    assert down(g, 2, 6000) == [] and poll(g, 9000) == [] and up(g, 2, 9000) == [E.SELECT]


def test_a_key_without_a_short_reports_no_tap_but_keeps_its_double_and_long():
    g = Recognizer(bytes((0, E.PREV2, E.BACK)))
    assert tap(g, 0, 0) == [] and poll(g, 1000) == []
    assert tap(g, 0, 2000) == [] and down(g, 0, 2100) == [E.PREV2] and up(g, 0, 2150) == []
    assert down(g, 0, 3000) == [] and poll(g, 3600) == [E.BACK]


# Timing limits


def test_long_fires_at_exactly_long_ms_and_not_a_millisecond_before():
    g = Recognizer(KEYMAP_2)
    down(g, 1, 0)
    assert poll(g, 599) == [] and poll(g, 600) == [E.SELECT]


def test_release_at_exactly_long_ms_without_a_poll_is_a_long():
    g = Recognizer(KEYMAP_2)
    down(g, 0, 0)
    assert up(g, 0, 600) == [E.BACK] and poll(g, 2000) == []


def test_release_a_millisecond_before_long_ms_is_a_short():
    g = Recognizer(KEYMAP_2)
    down(g, 0, 0)
    assert up(g, 0, 599) == [] and poll(g, 898) == [] and poll(g, 899) == [E.PREV]


def test_second_press_at_exactly_double_ms_starts_a_new_gesture():
    g = Recognizer(KEYMAP_2)
    tap(g, 1, 0, 40)
    assert down(g, 1, 340) == [E.NEXT]  # the window closed: short, from feed
    assert up(g, 1, 380) == [] and poll(g, 680) == [E.NEXT]


def test_second_press_a_millisecond_inside_the_window_is_a_double():
    g = Recognizer(KEYMAP_2)
    tap(g, 1, 0, 40)
    assert down(g, 1, 339) == [E.NEXT2]


def test_double_window_counts_from_the_release_not_the_press():
    g = Recognizer(KEYMAP_2)
    tap(g, 0, 0, 500)
    assert down(g, 0, 790) == [E.PREV2]


def test_custom_timings_are_used():
    g = Recognizer(KEYMAP_2, 1000, 100)
    down(g, 0, 0)
    assert poll(g, 999) == [] and poll(g, 1000) == [E.BACK]
    up(g, 0, 1100)
    tap(g, 1, 2000)
    assert poll(g, 2149) == [] and poll(g, 2150) == [E.NEXT]


def test_a_time_slightly_before_the_last_one_counts_as_no_time_passed():
    # A caller may read the clock for poll before an edge stamped by an interrupt.
    g = Recognizer(KEYMAP_2)
    tap(g, 0, 1000)
    assert poll(g, 1040) == [] and down(g, 0, 1045) == [E.PREV2]
    down(g, 1, 2000)
    assert poll(g, 1990) == [] and poll(g, 2600) == [E.SELECT]


# Tick wrap-around


def test_long_press_across_the_tick_wrap():
    g = Recognizer(KEYMAP_3)
    start = MASK - 300
    down(g, 1, start)
    assert poll(g, (start + 599) & MASK) == []
    assert poll(g, (start + 600) & MASK) == [E.MENU]
    assert up(g, 1, (start + 700) & MASK) == []


def test_double_window_across_the_tick_wrap():
    g = Recognizer(KEYMAP_3)
    start = MASK - 60
    tap(g, 2, start)
    assert down(g, 2, (start + 100) & MASK) == [E.NEXT2]
    up(g, 2, (start + 150) & MASK)
    tap(g, 0, MASK - 10, 5)
    assert poll(g, (MASK - 5 + 299) & MASK) == []
    assert poll(g, (MASK - 5 + 300) & MASK) == [E.PREV]


def test_a_counter_that_never_wraps_works_too():
    g = Recognizer(KEYMAP_2)
    t = 5 * (1 << 30) + 12345  # a big monotonic count of milliseconds
    down(g, 0, t)
    assert poll(g, t + 599) == [] and poll(g, t + 600) == [E.BACK]
    up(g, 0, t + 700)
    tap(g, 1, t + 1000)
    assert down(g, 1, t + 1100) == [E.NEXT2]


# Several keys: event order equals the order the user made the gestures in


def test_press_of_another_key_first_reports_the_short_waiting_for_its_window():
    g = Recognizer(KEYMAP_2)
    assert tap(g, 0, 0) == []
    assert down(g, 1, 100) == [E.PREV]
    assert up(g, 1, 150) == [] and poll(g, 450) == [E.NEXT]


def test_quick_taps_alternating_keys_are_shorts_in_order_not_doubles():
    g = Recognizer(KEYMAP_3)
    out = []
    for i in range(9):
        out += tap(g, (0, 2, 1)[i % 3], i * 60, 20)
    out += poll(g, 2000)
    assert out == [E.PREV, E.NEXT, E.SELECT] * 3


def test_long_press_of_another_key_first_reports_the_waiting_short():
    g = Recognizer(SOLO_2)
    down(g, 1, 0)
    assert tap(g, 0, 400, 30) == []  # key 0 waits until 730, key 1 turns long at 600
    assert poll(g, 600) == [E.PREV, E.SELECT]


def test_release_of_a_held_key_first_reports_another_keys_waiting_short():
    g = Recognizer(SOLO_3)
    down(g, 0, 0)
    assert tap(g, 2, 100) == []
    assert up(g, 0, 200) == [E.NEXT]
    assert poll(g, 500) == [E.PREV]


def test_long_presses_due_in_one_poll_come_in_the_order_they_were_pressed():
    g = Recognizer(SOLO_3)
    down(g, 2, 0)
    down(g, 0, 30)
    down(g, 1, 60)
    assert poll(g, 5000) == [E.SELECT, E.BACK, E.MENU]


def test_a_late_feed_first_reports_what_was_due_before_its_edge():
    g = Recognizer(SOLO_3)
    assert down(g, 1, 0) == []
    assert down(g, 0, 700) == [E.MENU]  # no poll since: key 1 turned long at 600
    assert up(g, 0, 750) == [] and up(g, 1, 760) == [] and poll(g, 1050) == [E.PREV]


def test_holding_one_key_does_not_delay_gestures_of_another():
    g = Recognizer(KEYMAP_2)
    down(g, 0, 0)
    assert poll(g, 600) == [E.BACK]
    out = []
    for i in range(5):
        out += tap(g, 1, 700 + i * 400, 30)
    out += poll(g, 3000)
    assert out == [E.NEXT] * 5
    assert up(g, 0, 3100) == []


# Stray and nasty edges


def test_release_without_a_press_is_ignored():
    g = Recognizer(KEYMAP_2)
    assert up(g, 0, 0) == [] and up(g, 1, 10) == [] and poll(g, 2000) == []
    assert tap(g, 0, 3000) == [] and poll(g, 3350) == [E.PREV]


def test_repeated_press_keeps_the_first_press_time():
    g = Recognizer(KEYMAP_2)
    down(g, 0, 0)
    assert down(g, 0, 500) == [] and down(g, 0, 590) == []
    assert poll(g, 600) == [E.BACK]
    assert down(g, 0, 700) == [] and up(g, 0, 800) == [] and up(g, 0, 900) == []
    assert poll(g, 3000) == []


def test_press_without_release_then_release_much_later_is_one_long():
    g = Recognizer(KEYMAP_3)
    down(g, 1, 0)
    assert poll(g, 100000) == [E.MENU] and up(g, 1, 200000) == []


def test_unknown_keys_are_ignored_and_do_not_disturb_a_waiting_double():
    for keymap in KEYMAPS:
        g = Recognizer(keymap)
        tap(g, 0, 0)
        for k in (-1, keys(keymap), 99, 1 << 40, -(1 << 40)):
            assert down(g, k, 60) == [] and up(g, k, 70) == []
        assert down(g, 0, 100) == [E.PREV2]


def test_stray_edges_of_another_key_do_not_break_a_double():
    g = Recognizer(SOLO_3)
    down(g, 1, 0)
    tap(g, 0, 100)
    assert down(g, 1, 160) == [] and up(g, 2, 170) == []  # repeated press, stray release
    assert down(g, 0, 200) == [E.PREV2]


def test_triple_tap_is_a_double_then_a_short():
    g = Recognizer(KEYMAP_2)
    out = tap(g, 1, 0) + tap(g, 1, 100) + tap(g, 1, 200) + poll(g, 1000)
    assert out == [E.NEXT2, E.NEXT]


def test_quadruple_tap_is_two_doubles():
    g = Recognizer(KEYMAP_2)
    out = []
    for i in range(4):
        out += tap(g, 0, i * 100)
    assert out + poll(g, 1000) == [E.PREV2, E.PREV2]


def test_press_and_release_in_the_same_millisecond_is_a_short():
    g = Recognizer(KEYMAP_3)
    assert tap(g, 0, 10, 0) == [] and poll(g, 310) == [E.PREV]


# Mashing


def test_a_thousand_taps_slower_than_the_double_window_are_a_thousand_shorts():
    for keymap in KEYMAPS:
        g = Recognizer(keymap)
        count = 0
        t = MASK - 20000  # wraps on the way
        for _ in range(1000):
            for e in tap(g, 0, t & MASK, 40):
                assert e == E.PREV
                count += 1
            t += 40 + 300 + 7
        assert count + len(poll(g, t & MASK)) == 1000


def test_a_thousand_pairs_of_quick_taps_are_a_thousand_doubles():
    g = Recognizer(KEYMAP_3)
    count = 0
    t = 0
    for i in range(2000):
        for e in tap(g, 0, t, 30):
            assert e == E.PREV2
            count += 1
        t += 30 + (50 if i % 2 == 0 else 400)  # pairs close, gaps between pairs wide
    assert count == 1000 and poll(g, t + 1000) == []


def test_nonstop_quick_mashing_is_one_double_per_two_presses():
    g = Recognizer(KEYMAP_2)
    out = []
    for i in range(2001):
        out += tap(g, 1, i * 20, 10)
    out += poll(g, 100000)
    assert out.count(E.NEXT2) == 1000 and out.count(E.NEXT) == 1 and len(out) == 1001
    assert out[-1] == E.NEXT


class _Player:
    """Drives a recognizer through time, polling every `step` ms (0: never) and draining
    every call, the way the device loop does."""

    def __init__(self, g, t, step, wrap):
        self.g = g
        self.t = t
        self.step = step
        self.wrap = wrap
        self.out = []

    def now(self):
        return self.t & MASK if self.wrap else self.t

    def wait(self, ms):
        end = self.t + ms
        if self.step:
            while self.t + self.step < end:
                self.t += self.step
                drain(self.g, self.g.poll(self.now()), self.now(), self.out)
        self.t = end

    def edge(self, k, pressed):
        drain(self.g, self.g.feed(k, pressed, self.now()), self.now(), self.out)


def _play_gestures(p, keymap, long_ms, double_ms, count, intended):
    """Makes `count` random gestures, one after another, appending each to `intended`."""
    last_key = -1
    last_waits = False  # the last gesture was a short that waited for a double
    chords = len(keymap) > keys(keymap) * 3
    for _ in range(count):
        if chords and random.randrange(4) == 0:  # two keys at once
            if last_waits:  # the last short's window closes first
                p.wait(double_ms + random.choice((0, 1, random.randint(0, 300))))
            k = random.randrange(keys(keymap))
            j = (k + 1 + random.randrange(keys(keymap) - 1)) % keys(keymap)
            held = random.choice((SHORT, LONG))
            p.edge(k, True)
            p.wait(random.choice((0, long_ms - 1, random.randint(0, long_ms - 1))))
            p.edge(j, True)
            if held == LONG:
                p.wait(long_ms + random.choice((0, 1, random.randint(0, 900))))
            else:
                p.wait(random.choice((0, long_ms - 1, random.randint(0, long_ms - 1))))
            first, second = (k, j) if random.randrange(2) else (j, k)
            p.edge(first, False)
            p.wait(random.choice((0, random.randint(0, 2 * long_ms))))
            p.edge(second, False)
            intended.append(keymap[keys(keymap) * 3 + (1 if held == LONG else 0)])
            last_key = -1
            last_waits = False
            continue
        k = random.randrange(keys(keymap))
        m = k * 3
        kind = random.choice([g for g in (SHORT, DOUBLE, LONG) if keymap[m + g]] or [SHORT])
        short_hold = long_ms - 1 if keymap[m + LONG] else 3 * long_ms
        gap = random.choice((0, 1, random.randint(0, 80), random.randint(0, 2 * double_ms)))
        if k == last_key and last_waits:
            gap = double_ms + random.choice((0, 1, random.randint(0, 300)))
        p.wait(gap)
        p.edge(k, True)
        if kind == LONG:
            p.wait(long_ms + random.choice((0, 1, random.randint(0, 900))))
        else:
            p.wait(random.choice((0, short_hold, random.randint(0, short_hold))))
        p.edge(k, False)
        if kind == DOUBLE:
            p.wait(random.choice((0, double_ms - 1, random.randint(0, double_ms - 1))))
            p.edge(k, True)
            p.wait(random.randint(0, 2 * long_ms))
            p.edge(k, False)
        if keymap[m + kind]:
            intended.append(keymap[m + kind])
        last_key = k
        last_waits = kind == SHORT and keymap[m + DOUBLE] != 0
    p.wait(long_ms + double_ms)
    drain(p.g, p.g.poll(p.now()), p.now(), p.out)


def test_thousands_of_random_gesture_sequences_are_recognized_exactly():
    random.seed(20240611)
    gestures = 0
    for seq in range(2500):
        keymap = (KEYMAP_2, KEYMAP_3, PARTIAL)[seq % 3]
        if seq % 4 == 0:
            long_ms, double_ms = 600, 300
            g = Recognizer(keymap)
        else:
            long_ms, double_ms = random.randint(2, 1000), random.randint(1, 500)
            g = Recognizer(keymap, long_ms, double_ms)
        start = random.choice((0, MASK - random.randint(0, 4000), random.randint(0, MASK),
                               3 << 30))
        step = 1 if seq % 50 == 1 else random.choice((0, 10, random.randint(2, 40)))
        p = _Player(g, start, step, seq % 5 != 0)
        intended = []
        count = random.randint(1, 10)
        _play_gestures(p, keymap, long_ms, double_ms, count, intended)
        assert p.out == intended, (seq, intended, p.out)
        assert g.lost == 0
        gestures += count
    assert gestures > 10000


def test_random_nasty_edges_never_raise_nor_invent_gestures():
    # Distinct events per key and gesture, so each one tells what was recognized.
    keymap = bytes(range(1, 10))
    random.seed(7)
    for seq in range(300):
        g = Recognizer(keymap, random.randint(1, 700), random.randint(1, 400))
        presses = [0, 0, 0]
        used = [0, 0, 0]  # presses the recognized gestures account for, per key
        t = random.randint(0, MASK)
        out = []
        for _ in range(60):
            t += random.choice((0, 1, random.randint(0, 50), random.randint(0, 900)))
            now = t & MASK
            if random.randint(0, 3) == 0:
                drain(g, g.poll(now), now, out)
                continue
            k = random.choice((0, 1, 2, 0, 1, 2, -1, 3, 1000))
            pressed = random.randint(0, 1)
            if pressed and 0 <= k < 3:
                presses[k] += 1
            drain(g, g.feed(k, pressed, now), now, out)
        for e in out:
            assert 1 <= e <= 9
            used[(e - 1) // 3] += 2 if (e - 1) % 3 == DOUBLE else 1
        for k in range(3):
            assert used[k] <= presses[k], (seq, k, presses, out)
        # Whatever happened, releasing everything brings it back to a clean state.
        t += 10000
        for k in range(3):
            g.feed(k, False, t & MASK)
        drain(g, g.poll((t + 10000) & MASK), (t + 10000) & MASK, [])
        t += 20000
        assert tap(g, 1, t & MASK, 0) == [] and down(g, 1, t & MASK) == [5]
        assert g.lost == 0


# The queue


def test_a_caller_taking_one_event_per_call_still_gets_every_event_in_order():
    keymap = bytes(range(1, 19))  # six keys, the most a recognizer takes
    g = Recognizer(keymap)
    got = []
    for k in range(6):
        got.append(g.feed(k, True, k))
    got.append(g.poll(5000))  # six longs at once: one returned, five queued
    for k in range(6):
        got.append(g.feed(k, False, 6000 + k))
    got.append(g.poll(7000))
    assert [e for e in got if e] == [3, 6, 9, 12, 15, 18] and g.lost == 0


def test_queue_keeps_the_first_eight_events_when_full_and_counts_the_rest_lost():
    # Unreachable through feed and poll (see the module); the guard must still hold.
    g = Recognizer(KEYMAP_2)
    for e in range(1, 12):
        g._push(e)
    assert g.lost == 3
    assert [g.poll(0) for _ in range(9)] == [1, 2, 3, 4, 5, 6, 7, 8, 0]
    g._push(0)  # a gesture mapped to nothing takes no place
    assert g.poll(0) == 0 and g.lost == 3


# No allocation


def _count(g, e, t, hist):
    # Counts event e and those polled after it at time t.
    while e:
        hist[e] += 1
        e = g.poll(t & MASK)


def _hold(g, t, ms, hist):
    # Polls every 10 ms for ms, counting events; returns the time after.
    end = t + ms
    while t < end:
        t += 10
        _count(g, g.poll(t & MASK), t, hist)
    return t


def _mash(g, rounds, start, hist):
    # Every gesture of every key, polled every 10 ms, over the tick wrap; counts each
    # event in hist. Only ints and preallocated arrays, so it can run under heap_lock.
    t = start
    for i in range(rounds):
        k = i % 3
        kind = (i // 3) % 3
        holds = 2 if kind == DOUBLE else 1
        if i % 9 == 8:  # and a chord of the outer keys, short or long
            for key in (0, 2):
                _count(g, g.feed(key, True, t & MASK), t, hist)
                t += 20
            t = _hold(g, t, 700 if (i // 9) % 2 else 100, hist)
            for key in (2, 0):
                _count(g, g.feed(key, False, t & MASK), t, hist)
                t += 20
            t += 400
        for press in range(holds):
            _count(g, g.feed(k, True, t & MASK), t, hist)
            t = _hold(g, t, 700 if kind == LONG else 100, hist)
            _count(g, g.feed(k, False, t & MASK), t, hist)
            t += 50 if press + 1 < holds else 400
    return t


def test_feed_and_poll_allocate_nothing():
    g = Recognizer(FULL_3)
    hist = array("i", [0] * 10)
    t = _mash(g, 18, MASK - 5000, hist)  # warm up: every code path runs once
    for e in range(10):
        hist[e] = 0
    rounds = 9 * 40
    # (CPython, whose heap cannot be locked: the state stays the same preallocated objects;
    # on both runtimes every gesture is counted.)
    phase, times, queue = g._phase, g._t, g._q
    locked(lambda: _mash(g, rounds, t, hist))
    assert g._phase is phase and g._t is times and g._q is queue
    assert type(g._phase) is bytearray and type(g._q.buf) is bytearray
    assert type(g._t) is array
    each = rounds // 9  # times each key made each gesture
    expected = array("i", [0] * 10)
    for k in range(3):
        for kind in (SHORT, DOUBLE, LONG):
            expected[FULL_3[k * 3 + kind]] += each
    expected[E.GO] += each // 2  # a chord every 9 gestures, short and long in turn
    expected[E.UNDO] += each // 2
    assert list(hist) == list(expected), (list(hist), list(expected))
    assert g.lost == 0
