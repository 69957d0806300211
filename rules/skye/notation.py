"""Reading what Isle of Skye players type (the shared tokenizer of `rules.notation`).

- a position: "2,0", "(2,0)", "(2, -1)" — north is +y, east is +x, the castle at 0,0;
- a tile id in any case ("l12" is L12); a tile of your territory also "castle" or its position;
- a road's edge: "x,y side" (side n, e, s, w or north …) or two neighbouring tiles ("castle L12");
- a list of tiles ("L03 L48", "L03, L48"; "none" for none);
- a plan marker: a tile of your territory, then ":track" to advance ("L12:merchant", "2,1:herald").
"""

from __future__ import annotations

from rules.errors import BadInput
from rules.messages import Msg
from rules.notation import fold, items, pair
from rules.skye.land import Pos, side_between
from rules.skye.model import EDGES, TRACKS
from rules.skye.state import Marker, SkyeState

NOTHING = ("", "-", "none", "nothing", "pass", "no")  # no tile: pass, no axe, discard nothing
SIDES = {"n": "n", "north": "n", "e": "e", "east": "e", "s": "s", "south": "s", "w": "w", "west": "w"}


def nothing(text: str) -> bool:
    """Whether the text names no tile ("none", "pass", "-", or nothing at all)."""
    return fold(text) in NOTHING


def position(text: str) -> Pos:
    """A position as typed: "2,0" or "(2,0)"."""
    found = pair(text)
    if found is None:
        raise BadInput(Msg("A position is x,y such as 1,0 or -2,3, not {text}.", text=repr(text.strip()[:30])))
    return found


def tile(text: str, among: tuple[str, ...]) -> str:
    """The tile of `among` typed in any case; else the text as typed (the rules refuse it, naming
    the tiles they would take)."""
    key = fold(text)
    return next((t for t in among if fold(t) == key), text.strip())


def tiles(text: str, among: tuple[str, ...]) -> tuple[str, ...]:
    """A list of tiles of `among` ("L03 L48", "L03, L48"); "none" (or nothing) for none."""
    return tuple(tile(word, among) for word in items(text) if not nothing(word))


def tile_at(state: SkyeState, seat: int, text: str) -> Pos:
    """A tile of the seat's territory named by id, "castle" or its position; BadInput if none."""
    territory = state.players[seat].territory
    at = pair(text)
    if at is not None:
        if any((p.x, p.y) == at for p in territory):
            return at
        raise BadInput(Msg("You have no tile at {x},{y}.", x=at[0], y=at[1]))
    key = fold(text)
    for placed in territory:
        if fold(placed.tile) == key or (key == "castle" and (placed.x, placed.y) == (0, 0)):
            return placed.x, placed.y
    raise BadInput(Msg("There is no tile {text} in your territory; name a tile by its id, 'castle' or 'x,y'.",
                       text=repr(text.strip()[:30])))


def edge(state: SkyeState, seat: int, text: str) -> tuple[int, int, str]:
    """A road's edge as (x, y, side): "x,y side", "TILE side" or two neighbouring tiles."""
    words = items(text, pairs=True)
    if len(words) == 2 and fold(words[1]) in SIDES:
        x, y = pair(words[0]) or tile_at(state, seat, words[0])
        return x, y, SIDES[fold(words[1])]
    if len(words) == 2:
        a, b = (tile_at(state, seat, w) for w in words)
        side = side_between(a, b)
        if side is None:
            raise BadInput(Msg("{one} and {other} are not next to each other.", one=words[0], other=words[1]))
        return a[0], a[1], EDGES[side]
    raise BadInput(Msg("Give the edge as 'x,y side' (side n, e, s or w) or as two tiles, not {text}.",
                       text=repr(text.strip()[:40])))


def marker(state: SkyeState, seat: int, text: str) -> Marker:
    """A plan marker: a tile of the seat's territory, then ":track" to advance on that track."""
    if not isinstance(text, str) or len(text) > 40:
        raise BadInput(Msg("Each marker is a tile with an optional track, like 'L12:merchant' or '1,0'."))
    where, _, track = text.partition(":")
    track = fold(track)
    if track and track not in TRACKS:
        raise BadInput(Msg("There is no track {track}. Tracks: {tracks} (or none).", track=repr(track[:20]),
                           tracks=", ".join(TRACKS)))
    return Marker(*tile_at(state, seat, where), track)
