# Translations. Screens write their texts in English, `t("...")`; a language module maps
# each English text to its translation. Only the language in use is loaded.
LANGUAGES = ("ca", "es", "en")
NAMES = ("Català", "Español", "English")

_table = None  # the language in use, None for English


def use(language):
    global _table
    if language == "ca":
        from app.lang_ca import TEXT
    elif language == "es":
        from app.lang_es import TEXT
    else:
        TEXT = None
    _table = TEXT


def t(text):
    if _table is None:
        return text
    return _table.get(text, text)
