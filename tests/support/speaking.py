"""Lines played through the stand-in with the server and every client in one locale (issue 29's
language tests), and what the bot said back."""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Iterator, Sequence
from typing import Any

from offline.payloads import iter_components
from tests.render.legibility import drawn
from waypost.drawing import in_language
from waypost.i18n import known


def content(message: Any) -> Iterable[str]:
    return (message.content,)


async def said_in(discord_: Any, locale: str, channel: str, users: Sequence[str],
                  lines: Sequence[tuple[str, str]], accepted: bool = False,
                  read: Callable[[Any], Iterable[str]] = content) -> tuple[list[tuple[str, str]], Any]:
    """Each (user, line) run in `channel` with the server and `users` speaking `locale` (every line
    `accepted`, if asked): each reply's and channel post's text (what `read` reads of a message:
    its content, unless told) and autocomplete's suggestions, with the line that led to it, and
    the game's state at the end."""
    discord_.builder.guild_locale = locale
    for user in users:
        discord_.builder.speaks(user, locale)
    said = []
    for user, line in lines:
        rec = await discord_.run(user, channel, line)
        assert rec.ok or not accepted, (line, rec.content)
        said += [(line, text) for m in rec.messages for text in read(m)]
        said += [(line, c["name"]) for c in rec.choices or ()]  # autocomplete's suggestions
    said += [("(posted)", text) for m in discord_.channel_posts for text in read(m)]
    return said, discord_.bot.table.channels.cached(discord_.builder.directory.channel_id(channel[1:])).state


def shown(message: Any) -> Iterator[str]:
    """Every text a message shows: its content and embeds, its buttons' and menus' words and its
    images' alt text."""
    yield message.text()
    for c in iter_components(message.components):
        yield from (c.get(k) or "" for k in ("label", "placeholder"))
        for option in c.get("options", ()):
            yield from (option.get(k) or "" for k in ("label", "description"))
    yield from (a.description or "" for a in message.attachments)


def drawings(discord_: Any) -> list[tuple[Any, tuple[Any, ...]]]:
    """Every board the bot draws from now on, as (work, its arguments): the drawing lane's runner
    is watched, the drawing still done as ever."""
    lane, seen = discord_.bot.table.looking.drawing, []
    run = lane._runner

    async def watched(work: Any, *args: Any) -> Any:
        seen.append((work, args))
        return await run(work, *args)

    lane._runner = watched
    return seen


def board_labels(boards: list[tuple[Any, tuple[Any, ...]]], compose: Callable[..., Any]) -> list[str]:
    """The text each board drawn shows (`render.text.labels`), drawn again as the bot drew it by
    `compose` (the game's, given the drawing's arguments, returning the image), recorded."""
    said = []
    for work, args in boards:
        with in_language(work.language):
            _, found = drawn(compose, *args)
        said += [m.text for m in found]
    return said


async def menus(discord_: Any, user: str, channel: str, least: int = 3, playing: tuple[str, ...] = ()) -> list[str]:
    """What `user`'s turn card shows, and each of its actions' menus opened from it (a card anew
    for each; at least `least` actions), but those of the kinds `playing`, which a tap plays (an
    action that asks nothing: their button is read on the card)."""
    async def card() -> Any:
        message, button = discord_.find_component("waypost:card:", user, channel, prefix=True)
        opened = (await discord_.click(user, channel, message, button["custom_id"])).original
        assert opened is not None and opened.ephemeral
        return opened

    first = await card()
    said = list(shown(first))
    actions = [c["custom_id"] for c in iter_components(first.components)
               if c.get("custom_id", "").startswith("waypost:step:") and c["custom_id"].endswith("::0:to")
               and c["custom_id"].split(":")[4] not in playing]
    assert len(actions) >= least, said
    for custom_id in actions:
        opened = await card()
        button = next(c for c in iter_components(opened.components) if c.get("custom_id", "").split(":")[4:] ==
                      custom_id.split(":")[4:])
        assert (await discord_.click(user, channel, opened.id, button["custom_id"])).ok, custom_id
        said += shown(discord_.standin.message(opened.id))
    return said


def catalog_sentences() -> list[str]:
    """The catalogs' English sentences (msgids of more than two words, no placeholder): none may
    be left verbatim in a German or Polish game."""
    return [text for _, text in known() if len(text.split()) > 2 and "{" not in text]


def reads_in(text: str, samples: Sequence[str], names: Collection[str] = ()) -> None:
    """What a German or Polish game said (`text`) keeps no catalog sentence in English (`names`,
    such as a board's title the catalogs hold for the boards drawn, aside) and says each sample."""
    left = [s for s in catalog_sentences() if s in text and s not in names]
    assert not left, left
    for sample in samples:
        assert sample in text, sample
