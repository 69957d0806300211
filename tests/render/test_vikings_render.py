"""The Tiny Epic Vikings board image (the shared drawing modules are tested in test_shared.py)."""

from __future__ import annotations

import copy
import io
import json
import math
import pickle
from dataclasses import replace
from pathlib import Path

import pytest
from PIL import Image, ImageChops

from render import vikings
from render.vikings import boats, fury, panel
from rules.base import Actor, Posted, Seat
from rules.frozen import FrozenDict
from rules.vikings import GAME
from rules.vikings.actions import PlaceBoat, Sail
from rules.vikings.board import Board
from rules.vikings.state import Bump, LastSail, VikingsState
from tests.render.legibility import drawn
from tests.rules.vikings_fixtures import put

MAPS = Path(__file__).resolve().parents[2] / "data" / "vikings" / "maps"
SEATS = (Seat(1, "Astrid", "red"), Seat(2, "Bjørn the Bold", "blue"), Seat(3, "Yrsa", "yellow"),
         Seat(4, "Gudrun", "green"))
MEGABYTE = 1_000_000


def load(name: str) -> Board:
    path = MAPS / f"{name}.json"
    return GAME.load_board(json.loads(path.read_text(encoding="utf-8")), str(path))


def map_names() -> list[str]:
    return sorted(p.stem for p in MAPS.glob("*.json"))


def largest() -> Board:
    boards = [load(name) for name in map_names()]
    return max(boards, key=lambda b: (len(b.docks) + len(b.fjords) + len(b.edges), b.width * b.height))


def fresh(board: Board, players: int | None = None) -> VikingsState:
    """A game just set up: nothing on the map yet."""
    return GAME.setup(board, list(SEATS[: players or board.max_players]), {}, seed=7)


def busy(board: Board) -> VikingsState:
    """A game in full swing: every boat out, settlers and temples on islands, runes held,
    villages raided, fury past 20, a bumped boat aside and the last sail drawn."""
    state = fresh(board)
    docks = [d.name for d in board.docks]
    fjords = [f.name for f in board.fjords]
    islands = [i.name for i in board.islands]
    players = []
    for seat, player in enumerate(state.players):
        boats = {1: docks[seat * 3 % len(docks)], 2: fjords[seat % len(fjords)], 3: fjords[(seat + 1) % len(fjords)],
                 4: None if seat % 2 else fjords[0]}
        settlers = {**player.settlers, **{island: n + 1 for n, island in enumerate(islands[seat % len(islands):][:3])}}
        players.append(replace(player, boats=FrozenDict(boats), settlers=FrozenDict(settlers),
                               temples=player.temples.with_item(islands[seat % len(islands)], 1),
                               mat_settlers=6 - sum(settlers.values()), mat_temples=1, wood=7, food=seat + 1, steel=3,
                               raided=seat))
    state = replace(state, placing=False, turn=0, era=2, sails=1, players=tuple(players),
                    runes=FrozenDict({**state.runes, islands[0]: 0, islands[-1]: len(state.seats) - 1}),
                    villages=state.villages - set(sorted(board.village_docks)[:2]),
                    fury=FrozenDict({**state.fury, **dict(zip(board.gods, (3, 14, 23)))}))
    # the second player's boat 1 was bumped by the first player's boat 4, arriving there now
    target = state.players[1].boats[1]
    state = put(state, 0, 4, target)
    state = replace(state, pending=(Bump(1, 1, target, board.fjords_next_to(target)),))
    path = [target, board.fjords_next_to(target)[0]]
    path.append(next(n for n in board.neighbours[path[1]] if n not in path))
    state = replace(state, last_sail=LastSail(0, 4, tuple(reversed(path))))
    GAME.check(state)
    return state


def decode(png: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(png))
    image.load()
    return image.convert("RGB")


def changed(a: Image.Image, b: Image.Image, centre: tuple[float, float], radius: int) -> int:
    """How many pixels differ between `a` and `b` in the square of `radius` around `centre`."""
    x, y = round(centre[0]), round(centre[1])
    box = (x - radius, y - radius, x + radius, y + radius)
    diff = ImageChops.difference(a.crop(box), b.crop(box)).convert("L").point(lambda v: 255 if v > 24 else 0)
    return diff.histogram()[255]


# --- the image as a whole ---------------------------------------------------------------------


@pytest.mark.parametrize("name", map_names())
def test_every_map_draws_a_png_of_the_expected_size(name):
    board = load(name)
    for state in (fresh(board), busy(board)):
        image = decode(vikings.draw(state, None))
        assert image.size == vikings.image_size(board)
        assert 1400 <= image.width <= 1600
        assert 700 <= image.height <= 1200


def test_the_largest_map_stays_under_a_megabyte():
    state = busy(largest())
    png = vikings.draw(state, 0)
    assert png.startswith(b"\x89PNG\r\n\x1a\n")
    assert len(png) < MEGABYTE


def test_drawing_is_deterministic_even_after_the_cache_is_rebuilt():
    state = busy(largest())
    first = vikings.draw(state, 1)
    assert vikings.draw(copy.deepcopy(state), 1) == first
    vikings.clear_cache()
    assert vikings.draw(state, 1) == first


def test_a_state_decoded_from_storage_reuses_the_static_layer_and_draws_the_same():
    state = busy(largest())
    again = GAME.decode_state(json.loads(json.dumps(GAME.encode_state(state))))
    equal = copy.copy(state.board)  # the layer is keyed by value, not by object
    assert equal is not state.board and vikings.static_layer(equal) is vikings.static_layer(state.board)
    assert vikings.static_layer(again.board) is vikings.static_layer(state.board)
    assert vikings.draw(again, None) == vikings.draw(state, None)


def test_the_viewer_is_marked_on_their_card_only():
    state = busy(largest())
    public, mine = decode(vikings.draw(state, None)), decode(vikings.draw(state, 2))
    box = ImageChops.difference(public, mine).getbbox()
    assert box is not None
    assert box[0] >= vikings.MAP_W  # only the side panel changes


# --- pieces -----------------------------------------------------------------------------------


def test_moving_a_boat_changes_the_pixels_where_it_was_and_where_it_goes():
    board = largest()
    state = fresh(board)
    state = replace(state, placing=False)
    docks = [d.name for d in board.docks]
    state = put(state, 0, 1, docks[0])
    moved = put(state, 0, 1, docks[-1])
    before, after = decode(vikings.draw(state, None)), decode(vikings.draw(moved, None))
    lay = vikings.static_layer(board).layout
    for dock in (docks[0], docks[-1]):
        assert changed(before, after, lay.xy(*board.position(dock)), vikings.BOAT_R) > vikings.BOAT_R ** 2
    far = lay.xy(*board.position(board.fjords[len(board.fjords) // 2].name))
    assert changed(before, after, far, 10) == 0


def test_boats_sharing_a_fjord_are_all_drawn_apart_around_its_name():
    board = largest()
    empty = fresh(board)
    empty = replace(empty, placing=False)
    fjord = board.fjords[0].name
    crowded = replace(empty, players=tuple(replace(p, boats=FrozenDict(dict.fromkeys(range(1, 5), fjord)))
                                           for p in empty.players))
    lay = vikings.static_layer(board).layout
    centre = lay.xy(*board.position(fjord))
    spots = vikings.fjord_spots(centre, 16)
    assert min(math.dist(a, b) for i, a in enumerate(spots) for b in spots[i + 1:]) >= 2 * vikings.BOAT_R
    assert min(math.dist(a, centre) for a in spots) >= vikings.FJORD_R + vikings.BOAT_R - 5
    before, after = decode(vikings.draw(empty, None)), decode(vikings.draw(crowded, None))
    for spot in spots:
        assert changed(before, after, spot, vikings.BOAT_R // 2) > vikings.BOAT_R


def test_the_last_sail_is_drawn_along_its_path():
    state = busy(largest())
    plain_state = replace(state, last_sail=None)
    with_path, without = decode(vikings.draw(state, None)), decode(vikings.draw(plain_state, None))
    board = state.board
    lay = vikings.static_layer(board).layout
    assert state.last_sail is not None
    points = [lay.xy(*board.position(p)) for p in state.last_sail.path]
    for a, b in zip(points, points[1:]):
        middle = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
        assert changed(with_path, without, middle, 4) > 0, f"no path drawn between {a} and {b}"
    assert changed(with_path, without, points[0], vikings.DOCK_R + 8) > 0  # the start is ringed


def test_a_sail_played_through_the_rules_is_drawn_with_its_path():
    board = load("two-isles")
    state = GAME.setup(board, list(SEATS[:2]), {}, seed=1)
    state = GAME.apply(state, Actor(1), PlaceBoat("B1")).state
    state = GAME.apply(state, Actor(0), PlaceBoat("A1")).state
    before = decode(vikings.draw(state, 0))
    after_state = GAME.apply(state, Actor(0), Sail(1, ("F1", "F2", "B1"), 3)).state
    after = decode(vikings.draw(after_state, 0))
    lay = vikings.static_layer(board).layout
    assert after_state.last_sail is not None
    points = [lay.xy(*board.position(p)) for p in after_state.last_sail.path]
    for a, b in zip(points, points[1:]):
        assert changed(before, after, ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2), 4) > 0


def test_a_boat_set_aside_is_drawn_apart_from_the_boat_that_bumped_it():
    state = busy(largest())
    bump = state.pending[-1]
    settled = put(replace(state, pending=state.pending[:-1]), bump.seat, bump.boat, bump.options[0])
    assert decode(vikings.draw(state, None)) != decode(vikings.draw(settled, None))
    lay = vikings.static_layer(state.board).layout
    spot = boats.aside_spot(vikings.static_layer(state.board), state.board, bump.dock, [])
    dock = lay.xy(*state.board.position(bump.dock))
    assert math.dist(spot, dock) >= 2 * vikings.BOAT_R


def test_the_header_names_the_owner_of_a_bumped_boat_while_the_turn_waits():
    """Issue 27 (V-S4): while a bumped boat waits for its fjord, the header of the posted view and
    of the whole board says who must move it (with their marker), not whose turn it is."""
    board = load("nordhav")
    state = GAME.setup(board, list(SEATS[:3]), {}, seed=1)
    for seat, dock in ((2, "E1"), (1, "D1"), (0, "A2")):
        state = GAME.apply(state, Actor(seat), PlaceBoat(dock)).state
    state = GAME.apply(state, Actor(0), Sail(1, ("F4", "D1"), 2)).state
    line = "Blue must move boat 1 from D1 to F4 or F5 (Red's turn waits)"
    for compose, args in ((vikings.compose, (state, None, Posted())), (vikings.compose, (state, None))):
        _, found = drawn(compose, *args)
        texts = " ".join(label.text for label in found)  # the whole board's narrow panel wraps it
        assert line in texts and "sail left" not in texts and "sails left" not in texts, texts
    assert panel.awaited(state) == ["blue"]


def test_runes_fury_resources_and_raids_show():
    board = largest()
    state, later = fresh(board), busy(board)
    a, b = decode(vikings.draw(state, None)), decode(vikings.draw(later, None))
    lay = vikings.static_layer(board).layout
    first = board.islands[0]
    assert changed(a, b, lay.xy(first.x, first.y), 20) > 0  # the rune left its island
    raided = sorted(board.village_docks)[0]
    assert changed(a, b, vikings.static_layer(board).village_spots[raided], 8) > 0
    for i in range(len(board.gods)):
        y = fury.track_y(lay, i)
        assert changed(a, b, (fury.TRACK_X0 + 10 * fury.TRACK_STEP, y), 10 * fury.TRACK_STEP) > 0


# --- drawing in worker processes ------------------------------------------------------------


def test_draw_is_sent_to_drawing_workers_by_its_module_level_name():
    assert vikings.draw.__module__ == "render.vikings" and vikings.draw.__qualname__ == "draw"
    assert pickle.loads(pickle.dumps(vikings.draw)) is vikings.draw
