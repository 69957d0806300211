"""Extract the catalogs' messages and update every language's catalog (`make catalogs`).

    python tools/catalogs.py [--init LANG]

Writes `locale/waypost.pot`: the messages marked in the source (`Msg`, `Plural`: rules.messages)
and every command, group, option and choice name and description of the real bot's command tree
(`front.translator.command_strings`: the game commands are made from the rules at start-up, so
they are read from the tree, not the source), and the games' actions' and looks' names and questions
(`front.translator.question_strings`). Then merges it into each
`locale/<lang>/LC_MESSAGES/waypost.po` (new messages empty, gone ones kept as obsolete, changed
ones fuzzy), or starts a new language's catalog with `--init`.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from front.bot import command_tree  # noqa: E402 - after the checkout is on the path
from front.translator import command_strings, question_strings  # noqa: E402
from games import default_games  # noqa: E402
from waypost.i18n import DOMAIN, LOCALE_DIR  # noqa: E402

SOURCES = ("rules", "render", "waypost", "games", "front", "cogs")
KEYWORDS = {"Msg": None, "Plural": (1, 2), "say": None}  # say: render.words
HEADER = "# Waypost's player-facing text (docs/i18n.md). Made by `make catalogs`; translate the msgstr lines."


async def tree_strings() -> list[tuple[str | None, str]]:
    return list(command_strings(await command_tree()))


def template() -> Catalog:
    """The catalog template: the source's marked messages, then the command tree's."""
    pot = Catalog(project="Waypost", domain=DOMAIN, fuzzy=False, header_comment=HEADER)
    for folder in SOURCES:
        for path, line, message, comments, context in extract_from_dir(ROOT / folder, keywords=KEYWORDS,
                                                                        comment_tags=("TRANSLATORS:",)):
            pot.add(message, locations=[(f"{folder}/{path}", line)], auto_comments=comments, context=context,
                    flags=("python-brace-format",))
    for context, text in asyncio.run(tree_strings()):
        pot.add(text, locations=[("commands", 0)], context=context)
    for text in question_strings(default_games().values()):
        pot.add(text, locations=[("questions", 0)])
    return pot


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--init", metavar="LANG", help="start the catalog of a new language")
    args = parser.parse_args()
    pot = template()
    with (LOCALE_DIR / f"{DOMAIN}.pot").open("wb") as f:
        write_po(f, pot, width=120, omit_header=False)
    paths = sorted(LOCALE_DIR.glob(f"*/LC_MESSAGES/{DOMAIN}.po"))
    if args.init:
        paths.append(LOCALE_DIR / args.init / "LC_MESSAGES" / f"{DOMAIN}.po")
    for path in paths:
        if path.exists():
            with path.open("rb") as f:
                po = read_po(f, locale=path.parent.parent.name, domain=DOMAIN)
        else:
            path.parent.mkdir(parents=True, exist_ok=True)
            po = Catalog(locale=path.parent.parent.name, domain=DOMAIN, project="Waypost", fuzzy=False,
                         header_comment=HEADER, last_translator="Waypost", language_team="Waypost")
        po.update(pot, update_header_comment=False)
        with path.open("wb") as f:
            write_po(f, po, width=120, ignore_obsolete=False)
        print(f"{path.relative_to(ROOT)}: {sum(1 for m in po if m.id and not m.string)} untranslated")


if __name__ == "__main__":
    main()
