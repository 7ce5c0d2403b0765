# Translations. Screens write their texts in English, `t("...")`; a language module maps
# each English text to its translation. Only the language in use stays loaded.
import sys

import app

LANGUAGES = ("ca", "es", "en")
NAMES = ("Català", "Español", "English")

_table = None  # the language in use, None for English


def use(language):
    global _table
    _table = None
    for other in ("lang_ca", "lang_es"):  # let the one in use before be collected
        sys.modules.pop("app." + other, None)
        if hasattr(app, other):
            delattr(app, other)
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
