"""Speaking the players' language (waypost.i18n): messages translated by their template, plurals by
the catalog, a broken translation falling back to English, Discord locales mapped to catalogs."""

from __future__ import annotations

import copy
import pickle

import pytest
from babel.messages.catalog import Catalog
from babel.messages.pofile import write_po

from rules.messages import Msg, Plural, unstopped
from waypost import i18n


@pytest.fixture
def catalogs(tmp_path, monkeypatch):
    """Small German and Polish catalogs in place of the shipped ones."""
    entries = {
        "de": [("{name} is not playing in this game.", "{name} spielt in diesem Spiel nicht mit."),
               ("the {colour} boat", "das {colour} Boot"), ("red", "rote"),
               ("{n} boat is left", "{nmae} Boot bleibt")],
        "pl": [(("{n} settler", "{n} settlers"), ("{n} osadnik", "{n} osadnicy", "{n} osadników"))],
    }
    for language, messages in entries.items():
        po = Catalog(locale=language, domain=i18n.DOMAIN)
        for english, translated in messages:
            po.add(english, translated)
        folder = tmp_path / language / "LC_MESSAGES"
        folder.mkdir(parents=True)
        with (folder / f"{i18n.DOMAIN}.po").open("wb") as f:
            write_po(f, po)
    monkeypatch.setattr(i18n, "LOCALE_DIR", tmp_path)
    i18n.catalog.cache_clear()
    i18n.languages.cache_clear()
    yield
    i18n.catalog.cache_clear()
    i18n.languages.cache_clear()


def test_a_message_reads_as_english_and_translates_by_its_template(catalogs):
    message = Msg("{name} is not playing in this game.", name="Ann")
    assert message == "Ann is not playing in this game." and isinstance(message, str)
    assert i18n.translate(message, "de") == "Ann spielt in diesem Spiel nicht mit."
    assert i18n.translate(message, "pl") == "Ann is not playing in this game."  # no entry: English
    nested = Msg("the {colour} boat", colour=Msg("red"))
    assert (nested, i18n.translate(nested, "de")) == ("the red boat", "das rote Boot")


def test_plural_forms_come_from_the_catalog(catalogs):
    said = {n: i18n.translate(Plural("{n} settler", "{n} settlers", n), "pl") for n in (1, 3, 5, 22, 25)}
    assert said == {1: "1 osadnik", 3: "3 osadnicy", 5: "5 osadników", 22: "22 osadnicy", 25: "25 osadników"}
    assert [Plural("{n} settler", "{n} settlers", n) for n in (1, 2)] == ["1 settler", "2 settlers"]


def test_a_translation_with_broken_placeholders_speaks_english(catalogs):
    assert i18n.translate(Msg("{n} boat is left", n=1), "de") == "1 boat is left"


def test_a_sentence_read_inside_another_loses_its_stop_once_translated(catalogs):
    """A prepared turn's steps quote each result without its full stop (`waypost.ahead._steps`):
    the message stays one, so the reader's language is kept and its own stop left out."""
    step = unstopped(Msg("{name} is not playing in this game.", name="Ann"))
    assert step == "Ann is not playing in this game"
    assert i18n.translate(step, "de") == "Ann spielt in diesem Spiel nicht mit"
    assert i18n.translate(pickle.loads(pickle.dumps(step)), "de") == "Ann spielt in diesem Spiel nicht mit"
    assert unstopped("Played.") == "Played"


def test_a_message_keeps_its_template_when_copied_or_pickled():
    message = Plural("{n} settler", "{n} settlers", 3, island="Hel")
    for twin in (copy.deepcopy(message), pickle.loads(pickle.dumps(message))):
        assert (twin, twin.template, twin.plural, twin.params) == (message, message.template, message.plural,
                                                                   message.params)


def test_discord_locales_choose_a_catalog_or_english(catalogs):
    assert [i18n.language_of(x) for x in ("de", "pl", "en-US", "pt-BR", None, "qps")] == \
        ["de", "pl", "en", "en", "en", "qps"]
    assert i18n.game_language(None, "pl") == "pl"  # the server's preferred language by default
    assert i18n.game_language("de", "pl") == "de"  # the host's setting
    assert i18n.game_language("fr", "pl") == "en"  # a language without a catalog


def test_the_pseudo_locale_transforms_the_text_and_keeps_the_values(monkeypatch):
    monkeypatch.setattr(i18n, "known", lambda: {(None, "{name} sails {n} boats"), (None, "Sail a boat")})
    assert i18n.translate(Msg("{name} sails {n} boats", name="Ann", n=2), "qps") == "[Ann šáíĺš 2 ƀóáţš]"
    assert i18n.translate("Sail a boat", "qps") == "[Šáíĺ á ƀóáţ]"
    assert i18n.pseudo("sail", bracket=False) == "šáíĺ"


def test_the_pseudo_locale_leaves_text_no_catalog_holds_in_english():
    """Text that never reached the catalog template (an f-string refusal) stays English in `qps`,
    so a test looking for English there finds it."""
    assert i18n.translate("Sail a boat nowhere marked", "qps") == "Sail a boat nowhere marked"
    assert i18n.translate(Msg("{name} sails nowhere marked", name="Ann"), "qps") == "Ann sails nowhere marked"
    assert i18n.translate(Msg("{names} to decide", names="Ann"), "qps") == "[Ann ţó đéćíđé]"
