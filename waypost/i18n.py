"""The players' languages: gettext catalogs, read with Babel (docs/i18n.md).

A language is a catalog `locale/<lang>/LC_MESSAGES/waypost.po`: adding one is adding a language.
The catalogs are kept as `.po` only and compiled in memory when first used (`catalog`), so what is
in git is what runs. English is the source (its text is the msgid) and needs no catalog; `qps`
is the pseudo-locale, every text of the catalog template transformed (`pseudo`) and any other left
as it is, for tests that look for text that never went through a catalog. Untranslated entries,
fuzzy ones and translations whose placeholders do not fit the English speak English.

Who reads what (issue 29): a private reply speaks the reader's client language (`language_of`
their Discord locale); the channel's posts and boards the game's (`game_language`).
"""

from __future__ import annotations

import gettext
import io
import re
import string
from collections.abc import Iterable, Mapping, Sequence
from functools import cache
from pathlib import Path
from typing import Any

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

from rules.messages import Capitalised, Msg, Unstopped, capitalised, unstopped

LOCALE_DIR = Path(__file__).resolve().parent.parent / "locale"
DOMAIN = "waypost"
SOURCE = "en"
PSEUDO = "qps"
ACCENTED = str.maketrans("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ",
                         "áƀćđéƒĝĥíĵķĺɱñóƥʠŕšţúʋŵẋýžÁƁĆĐÉƑĜĤÍĴĶĹṀÑÓƤɊŔŠŢÚṼŴẊÝŽ")


@cache
def languages() -> tuple[str, ...]:
    """English and every language with a catalog."""
    found = sorted(p.parent.parent.name for p in LOCALE_DIR.glob(f"*/LC_MESSAGES/{DOMAIN}.po"))
    return (SOURCE, *found)


def language_of(locale: str | None) -> str:
    """The catalog language for a Discord locale ("de", "pl", "en-US", "pt-BR"): the locale's own
    language where it has a catalog (or is the pseudo-locale), else English."""
    base = (locale or SOURCE).split("-")[0].lower()
    return base if base == PSEUDO or base in languages() else SOURCE


def game_language(setting: str | None, server_locale: str | None) -> str:
    """The language of a game's channel posts and boards: the host's setting, else the server's
    preferred locale."""
    return language_of(setting) if setting else language_of(server_locale)


@cache
def catalog(language: str) -> gettext.NullTranslations:
    """The language's catalog, compiled from its `.po` (English and the pseudo-locale: none)."""
    path = LOCALE_DIR / language / "LC_MESSAGES" / f"{DOMAIN}.po"
    if language in (SOURCE, PSEUDO) or not path.exists():
        return gettext.NullTranslations()
    with path.open("rb") as f:
        po = read_po(f, locale=language, domain=DOMAIN)
    mo = io.BytesIO()
    write_mo(mo, po)
    mo.seek(0)
    return gettext.GNUTranslations(mo)


@cache
def known() -> frozenset[tuple[str | None, str]]:
    """Every (msgctxt, msgid) of the catalog template `locale/waypost.pot`: the text the catalogs know."""
    with (LOCALE_DIR / f"{DOMAIN}.pot").open("rb") as f:
        return frozenset((m.context, m.id if isinstance(m.id, str) else m.id[0]) for m in read_po(f) if m.id)


def translate(text: str, language: str, context: str | None = None) -> str:
    """`text` in `language`: a `Msg` by its template, with its values (themselves translated when
    they are messages); any other text as a msgid (itself where the catalog lacks it). The
    pseudo-locale transforms only what the catalog template holds: text that never reached a
    catalog stays English there, as a test looking for it wants."""
    if language == SOURCE:
        return str(text)
    if not isinstance(text, Msg):
        if language == PSEUDO:
            return pseudo(text) if (context, text) in known() else str(text)
        return _lookup(language, context, text)
    params = {k: translate(v, language) if isinstance(v, Msg) else v for k, v in text.params.items()}
    if isinstance(text, Capitalised):
        return capitalised(params["text"])
    if isinstance(text, Unstopped):
        return unstopped(params["text"])
    template = _lookup(language, context, text.template, text.plural, text.number)
    if language == PSEUDO and (context, text.template) in known():
        template = pseudo(template, template=True)
    return _filled(template, params) or _filled(text.plural if text.number not in (None, 1) else text.template,
                                                params) or str(text)


def _lookup(language: str, context: str | None, msgid: str, plural: str = "", count: int | None = None) -> str:
    found = catalog(language)
    if plural and count is not None:
        return found.npgettext(context, msgid, plural, count) if context else found.ngettext(msgid, plural, count)
    return found.pgettext(context, msgid) if context else found.gettext(msgid)


def _filled(template: str, params: dict[str, Any]) -> str:
    """The template with its values; "" when its placeholders do not fit them (a broken translation)."""
    try:
        return template.format(**params) if params else template
    except (KeyError, IndexError, ValueError):
        return ""


def named(word: str, language: str) -> str:
    """A typed word (a seat colour: "red") as the catalog names it in `language` ("Rot"): its
    capitalised form is the msgid boards and alt text use."""
    return translate(word.capitalize(), language)


def typed(text: str, words: Iterable[str], language: str) -> str:
    """The one of `words` (English, as the rules take them) that `text` spells, in English or in
    the catalog's name for it in `language` (a colour's capitalised, `named`, or a keyword's as it
    is: "none" → "keine"), in any case ("Blau" → "blue"); else `text` as it is (the rules refuse
    it, naming the words they take)."""
    key = text.strip().casefold()
    return next((w for w in words if key in (w.casefold(), named(w, language).casefold(),
                                             translate(w, language).casefold())), text)


def english(text: str, words: Mapping[str, Sequence[str]], language: str) -> str:
    """`text` as typed, each word of it that one of `words`' messages names in `language` (in any
    case, a count's number left aside: "2 Bogenschützen") put back as its English word ("2 archer"),
    which the rules read; the rest as it is."""
    if language == SOURCE or not words:
        return text
    forms = _forms(tuple((w, tuple(said)) for w, said in words.items()), language)
    return forms[0].sub(lambda m: forms[1][m[0].casefold()], text) if forms[1] else text


@cache
def _forms(words: tuple[tuple[str, tuple[str, ...]], ...], language: str) -> tuple[re.Pattern[str], dict[str, str]]:
    found: dict[str, str] = {}
    for word, said in words:
        for message in said:
            name = re.sub(r"^\d+\s*", "", translate(message, language)).strip()
            if name and name.casefold() != word.casefold():
                found.setdefault(name.casefold(), word)
    ordered = sorted(found, key=len, reverse=True)
    return re.compile(r"(?<!\w)(?:" + "|".join(map(re.escape, ordered)) + r")(?!\w)", re.IGNORECASE), found


def placeholders(template: str) -> set[str]:
    """The names a `str.format` template fills in."""
    return {name.split(".")[0].split("[")[0] for _, name, _, _ in string.Formatter().parse(template)
            if name is not None}


def pseudo(text: str, bracket: bool = True, template: bool = False) -> str:
    """The pseudo-locale's form: letters accented, bracketed unless `bracket` is false (a Discord
    name takes no brackets): "Sail a boat" → "[Šáíĺ á ƀóáţ]". A `template` keeps its placeholders."""
    if not template:
        body = text.translate(ACCENTED)
    else:
        parts = []
        for literal, name, spec, conversion in string.Formatter().parse(text):
            parts.append(literal.replace("{", "{{").replace("}", "}}").translate(ACCENTED))
            if name is not None:
                parts.append("{" + name + (f"!{conversion}" if conversion else "") + (f":{spec}" if spec else "") + "}")
        body = "".join(parts)
    return f"[{body}]" if bracket else body
