"""Scoring tiles (each `kind` a rule with parameters from scoring.json), scrolls and the final score."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, ItemsView

from rules.messages import Msg
from rules.skye.glossary import TEXTS
from rules.skye.land import Land, Pos, land
from rules.skye.model import ScoringTile, Tile, Variant
from rules.skye.progress import bridges_passed
from rules.skye.state import SkyeState

Rule = Callable[[ScoringTile, SkyeState, int, Land], int]


def _tiles(lnd: Land) -> ItemsView[Pos, tuple[Tile, int]]:
    return lnd.cells.items()


def _journeyman_distance(tile: ScoringTile, state: SkyeState, seat: int, lnd: Land) -> int:
    return tile.vp * lnd.distance(state.players[seat].journeyman)


def _broch_lines(tile: ScoringTile, state: SkyeState, seat: int, lnd: Land) -> int:
    spots = [pos for pos, (t, _r) in _tiles(lnd) if t.broch]
    return tile.vp * (len({p[1] for p in spots}) + len({p[0] for p in spots}))


def _matching_rows(tile: ScoringTile, state: SkyeState, seat: int, lnd: Land) -> int:
    rows: dict[int, Counter[str]] = {}
    for pos, (t, _r) in _tiles(lnd):
        rows.setdefault(pos[1], Counter()).update(t.symbols)
    return tile.vp * sum(1 for symbols in rows.values() if any(n >= 2 for n in symbols.values()))


def _bridges(tile: ScoringTile, state: SkyeState, seat: int, lnd: Land) -> int:
    return tile.vp * bridges_passed(state, seat)


def _connected_feature(tile: ScoringTile, state: SkyeState, seat: int, lnd: Land) -> int:
    return tile.vp * sum(lnd.cells[pos][0].count(tile.feature) for pos in lnd.castle_network)


def _completed_areas(tile: ScoringTile, state: SkyeState, seat: int, lnd: Land) -> int:
    return tile.vp * sum(1 for terrain, done, _t in lnd.areas if done and terrain == tile.terrain)


def _long_lines(tile: ScoringTile, state: SkyeState, seat: int, lnd: Land) -> int:
    rows = Counter(pos[1] for pos in lnd.cells)
    return tile.vp * sum(1 for n in rows.values() if n >= tile.count)


def _feature_count(tile: ScoringTile, state: SkyeState, seat: int, lnd: Land) -> int:
    return tile.vp * sum(t.count(tile.feature) for _p, (t, _r) in _tiles(lnd))


def _largest_area(tile: ScoringTile, state: SkyeState, seat: int, lnd: Land) -> int:
    sizes = [len(tiles) for terrain, _done, tiles in lnd.areas if terrain == tile.terrain]
    return tile.vp * max(sizes, default=0)


def _feature_in_completed(tile: ScoringTile, state: SkyeState, seat: int, lnd: Land) -> int:
    return tile.vp * sum(t.count(tile.feature) for pos, (t, _r) in _tiles(lnd) if tile.terrain in lnd.completed[pos])


def _adjacent(tile: ScoringTile, state: SkyeState, seat: int, lnd: Land) -> int:
    def near(pos: tuple[int, int]) -> bool:
        x, y = pos
        return any(lnd.cells[n][0].count(tile.other) for n in ((x, y + 1), (x + 1, y), (x, y - 1), (x - 1, y))
                   if n in lnd.cells)

    return tile.vp * sum(1 for pos, (t, _r) in _tiles(lnd) if t.count(tile.feature) and near(pos))


def _blocks(tile: ScoringTile, state: SkyeState, seat: int, lnd: Land) -> int:
    cells = lnd.cells
    return tile.vp * sum(1 for (x, y) in cells
                         if (x + 1, y) in cells and (x, y + 1) in cells and (x + 1, y + 1) in cells)


def _road_network(tile: ScoringTile, state: SkyeState, seat: int, lnd: Land) -> int:
    return tile.vp * (len(lnd.castle_network) - 1 if lnd.castle_network else 0)


RULES: dict[str, Rule] = {
    "journeyman_distance": _journeyman_distance,
    "broch_lines": _broch_lines,
    "matching_rows": _matching_rows,
    "bridges": _bridges,
    "connected_feature": _connected_feature,
    "completed_areas": _completed_areas,
    "long_lines": _long_lines,
    "feature_count": _feature_count,
    "largest_area": _largest_area,
    "feature_in_completed": _feature_in_completed,
    "adjacent": _adjacent,
    "blocks": _blocks,
    "road_network": _road_network,
}


def score_tile(state: SkyeState, seat: int, tile_id: str) -> int:
    """What scoring tile `tile_id` gives the seat now."""
    tile = state.board.scoring.tile_by_id[tile_id]
    return RULES[tile.kind](tile, state, seat, land(state.board, state.players[seat]))


def letters_now(state: SkyeState) -> str:
    """The scoring letters (A–D) of the current round's schedule."""
    return variant(state).score[state.round - 1]


def schedule_name(state: SkyeState) -> str:
    """The schedule in force: the table's setting, else the board's."""
    return str(state.settings.get("schedule") or state.board.schedule)


def variant(state: SkyeState) -> Variant:
    """The schedule variant for this game's length (setup made sure it exists)."""
    schedule = state.board.scoring.schedule(schedule_name(state))
    assert schedule is not None
    found = schedule.variant(state.rounds)
    assert found is not None
    return found


def scroll_points(state: SkyeState, seat: int) -> list[tuple[str, int]]:
    """Each scroll in a completed area with what it scores (base game, at the end)."""
    lnd = land(state.board, state.players[seat])
    kinds = state.board.scoring.scroll_by_id
    totals: Counter[str] = Counter()
    for _p, (t, _r) in _tiles(lnd):
        for feature in ("barrel", "sheep", "cattle", "farm", "broch", "lighthouse", "ship"):
            totals[feature] += t.count(feature)
    out: list[tuple[str, int]] = []
    for pos, (t, _r) in sorted(_tiles(lnd)):
        if t.scroll is None:
            continue
        done = lnd.complete(lnd.area_of(pos, t.scroll.zone))
        kind = kinds[t.scroll.kind]
        text = TEXTS.get(kind.text, kind.text)
        out.append((Msg("{tile} ({text})", tile=lnd.ids[pos], text=text) if done else
                    Msg("{tile} ({text}, area not completed)", tile=lnd.ids[pos], text=text),
                    kind.vp * totals[kind.feature] if done else 0))
    return out
