"""Reading what Mega Civilization players type (`rules.megaciv.notation`): area names, lists and
voyages (M-S3, M-S4)."""

from __future__ import annotations

import pytest

from rules.errors import Ambiguous, BadInput
from rules.megaciv import GAME, notation
from rules.megaciv.actions import Sail
from rules.megaciv.notation import Voyage
from tests.rules.megaciv_fixtures import RED, blank, board, first_to_move, moving, new_game, put, ship


@pytest.fixture(scope="module")
def big():
    return GAME.setup(board("oikumene"), list(new_game().seats), {}, seed=1)


def test_an_area_in_any_case_and_spacing_or_the_start_of_one_name(big):
    state = new_game()
    assert notation.area(state, " os ") == "OS" and notation.area(state, "o") == "OS"
    sea = big.board.sea_areas[3]
    assert notation.area(big, sea.replace("-", " ").upper()) == sea
    assert notation.area(big, "urfa") == "Urfa"  # a whole name, though Urfarlam starts so too
    with pytest.raises(Ambiguous, match="'Urf' could be Urfa, Urfarlam: which area?"):
        notation.area(big, "Urf")
    with pytest.raises(BadInput, match="There is no area 'Urfz' on Oikumene. Did you mean Urfa?"):
        notation.area(big, "Urfz")


def test_a_list_of_areas_by_commas_or_spaces(big):
    state = new_game()
    assert notation.areas(state, "a, b;e") == ("A", "B", "E")
    assert notation.areas(state, "a b  e") == ("A", "B", "E")
    b = big.board
    sea = next(s for s in b.sea_areas if "-" in s)
    land = b.land_areas[0]
    assert notation.areas(big, f"{sea.replace('-', ' ').lower()} {land}") == (sea, land)
    with pytest.raises(BadInput, match="There is no area 'A\\+2'"):
        notation.areas(state, "A+2")


def test_M_S4_a_voyage_with_what_goes_aboard_and_off_at_each_stop(big):
    state = new_game()
    assert notation.voyage(state, "a+3 g h-1, d c") == Voyage(("A", "G", "H", "D", "C"), (3, 0, 0, 0, 0),
                                                              (0, 0, 1, 0, 0))
    assert notation.voyage(state, "A +2 -> OS -> C") == Voyage(("A", "OS", "C"), (2, 0, 0), (0, 0, 0))
    with pytest.raises(BadInput, match="There is no area 'Nowhere'"):
        notation.voyage(state, "A → Nowhere")
    with pytest.raises(BadInput, match="Write \\+2 after the area it is for"):
        notation.voyage(state, "+2 G")
    b = big.board
    sea = next(s for s in b.sea_areas if any(b.areas[a].kind == "land" for a in b.water_next[s]))
    land = sorted(a for a in b.water_next[sea] if b.areas[a].kind == "land")[0]
    assert notation.voyage(big, f"{land.lower()}+2 {sea.replace('-', ' ').lower()}") == Voyage((land, sea), (2, 0),
                                                                                             (0, 0))
    assert notation.voyage(big, f"{land} {sea}-1").put == (0, 1)


def test_M_S3_a_sail_from_the_ships_own_area_and_a_lone_end_by_its_shortest_route():
    state = ship(first_to_move(moving(put(blank(), RED, "A", 3)), RED), RED, 1, "A", built=True)
    assert notation.sail(state, RED, 1, "d") == Sail(1, ("G", "H", "D"))  # the shortest route
    assert notation.sail(state, RED, 1, "G H-1 D", take=2) == Sail(1, ("G", "H", "D"), (2, 0, 0, 0), (0, 0, 1, 0))
    assert notation.sail(state, RED, 1, "A+2 G") == Sail(1, ("G",), (2, 0), (0, 0))  # the start typed
    with pytest.raises(BadInput, match="Say how many tokens go aboard at A once"):
        notation.sail(state, RED, 1, "A+2 G", take=1)
    assert notation.sail(state, RED, 3, "G") == Sail(3, ("G",))  # a ship in stock: the rules refuse it
    with pytest.raises(BadInput, match="Give the route"):
        notation.sail(state, RED, 1, " , ")
