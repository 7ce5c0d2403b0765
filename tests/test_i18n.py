# app.i18n on CPython (pytest) and the MicroPython unix port: every translation comes
# back from the compiled file, untranslated texts stay English, and the cache holds a
# few texts, never the whole language.
from app import i18n


def _check(language, table):
    i18n.use(language)
    try:
        for english, translated in table.items():
            assert i18n.t(english) == translated, english
        assert i18n.t("no such text, not translated") == "no such text, not translated"
        assert len(i18n._cache) <= i18n.SLOTS < len(table)
        for english, translated in table.items():  # again, through the cache's evictions
            assert i18n.t(english) == translated, english
    finally:
        i18n.use("en")


def _source(name):
    # The translators' dict, only to compare with: then dropped, as the firmware never
    # loads it (two of them do not fit the capped heap).
    import gc
    import sys

    table = __import__("app." + name, None, None, ["TEXT"]).TEXT
    sys.modules.pop("app." + name)
    import app
    if hasattr(app, name):
        delattr(app, name)
    gc.collect()
    return table


def _check_file(language):
    _check(language, _source("lang_" + language))


def test_every_language_comes_from_its_file():
    import gc

    for language in i18n.LANGUAGES:
        if language != "en":
            _check_file(language)  # its table dropped on return: two do not fit
            gc.collect()


def test_english_is_the_text_itself():
    i18n.use("en")
    assert i18n.t("New match") == "New match" and not i18n._cache


def test_a_repeated_text_allocates_nothing():
    import gc

    if not hasattr(gc, "mem_alloc"):  # CPython has no such counter
        return
    i18n.use("ca")
    try:
        texts = ("New match", "Back", "Actions", "Settings")
        for s in texts:
            i18n.t(s)
        gc.collect()
        before = gc.mem_alloc()
        for _ in range(5):
            for s in texts:
                i18n.t(s)
        assert gc.mem_alloc() == before
    finally:
        i18n.use("en")
