"""The progress board: requirements (J-T2), advancing (J-T1, J-T3–J-T5), banners (J-T6) and bonus
tiles (J-T7), and the end-of-phase effects of bonus tiles taken.

An advance is one of three kinds: "marker" (a collected waypoint marker: the tile must meet the
requirement, or be the castle and pay the castle cost, J-T3), "free" (regardless of requirement:
J-T9 and the Advance on a Track bonus) — Herald fees (J-T4) apply to all of them.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from rules.errors import IllegalMove
from rules.messages import Msg, Plural, joined
from rules.skye import words
from rules.skye.land import Land, Pos
from rules.skye.model import FEATURES, SLOTS, TRACKS, Side, Space, Track
from rules.skye.state import Held, Pending, PlayerState, SkyeState, phase_number, with_player

MOST_MARKERS = 5  # the most waypoint markers a player holds (Ruling 22: an adjustment sets 1–5)

NEED_TEXT = {
    "castle": Msg("your castle"),
    "scroll": Msg("a scroll"),
    "north": Msg("the northernmost tile"),
    "south": Msg("the southernmost tile"),
    "east": Msg("the easternmost tile"),
    "west": Msg("the westernmost tile"),
    "distance:2": Msg("a tile at least 2 from the castle"),
    "distance:3": Msg("a tile at least 3 from the castle"),
    "distance:4": Msg("a tile at least 4 from the castle"),
    "completed:pasture": Msg("a completed pasture area"),
    "completed:water": Msg("a completed water area"),
    "completed:mountain": Msg("a completed mountain area"),
    "completed:mountain+water": Msg("both a completed mountain and a completed water area"),
}


def need_text(need: str) -> str:
    return NEED_TEXT.get(need) or Msg("a {feature}", feature=words.feature(need))


def side_of(state: SkyeState) -> Side:
    """The side of the progress board this table uses (2–4 or 5 players)."""
    return state.board.progress.side_for(len(state.seats))


def next_space(track: Track, at: int) -> int:
    """The space an advance enters: the next one, or back from the last to the one before (J-T5)."""
    last = len(track.spaces)
    return last - 1 if at == last else at + 1


def space(track: Track, number: int) -> Space:
    return track.spaces[number - 1]


def entry_vp(track: Track, at: int, to: int) -> int:
    """Immediate VP for moving from `at` to `to` (J-T5): crossing between the last two spaces, either
    way, scores the last space's VP."""
    last = len(track.spaces)
    if {at, to} == {last - 1, last}:
        return space(track, last).vp
    return space(track, to).vp


def meets(land: Land, pos: Pos, need: str) -> bool:
    """Whether the tile at `pos` meets a track space's requirement (J-T2)."""
    tile = land.cells[pos][0]
    if need in FEATURES:
        return tile.count(need) > 0
    if need == "castle":
        return pos == (0, 0)
    if need == "scroll":
        return tile.scroll is not None
    if need in ("north", "south", "east", "west"):
        return pos in land.extremes[need]
    if need.startswith("distance:"):
        return land.distance(pos) >= int(need.split(":")[1])
    if need.startswith("completed:"):
        wanted = need.split(":")[1].split("+")
        return all(t in land.completed[pos] for t in wanted)
    return False


@dataclass(frozen=True)
class Cost:
    """What an advance costs: the castle cost (J-T3) and the Herald fee (J-T4)."""

    castle: int
    fee: int

    @property
    def total(self) -> int:
        return self.castle + self.fee


def price(state: SkyeState, seat: int, track_i: int, how: str, land: Land | None = None,
          pos: Pos | None = None) -> Cost:
    """The cost of advancing on track `track_i` now, or IllegalMove saying why it is not allowed."""
    player = state.players[seat]
    track = side_of(state).tracks[track_i]
    to = next_space(track, player.tracks[track_i])
    target = space(track, to)
    castle = 0
    if how == "marker":
        assert land is not None and pos is not None
        if not meets(land, pos, target.need):
            if pos != (0, 0):
                raise IllegalMove(Msg("{track} space {to} needs {need}; this tile does not meet it.",
                                      track=track.title, to=to, need=need_text(target.need)))
            castle = side_of(state).segment_cost(to)
    have = player.gold
    cost = Cost(castle, target.fee)
    if cost.total > have:
        parts = [Msg("the castle cost of {n}", n=castle)] if castle else []
        parts += [Msg("a fee of {n}", n=target.fee)] if target.fee else []
        raise IllegalMove(Msg("Advancing to {track} space {to} costs {parts} gold, more than the {gold} gold held.",
                              track=track.title, to=to, gold=have,
                              parts=Msg("{a} plus {b}", a=parts[0], b=parts[1]) if len(parts) == 2 else parts[0]))
    return cost


def advance(state: SkyeState, seat: int, track_i: int, cost: Cost) -> tuple[SkyeState, str]:
    """Move the marker one space (already priced), paying, scoring immediate VP and taking a bonus."""
    player = state.players[seat]
    track = side_of(state).tracks[track_i]
    at = player.tracks[track_i]
    to = next_space(track, at)
    tracks = list(player.tracks)
    tracks[track_i] = to
    best = list(player.best)
    best[track_i] = max(best[track_i], to)
    vp = entry_vp(track, at, to)
    changes: dict[str, Any] = {"tracks": tuple(tracks), "best": tuple(best), "gold": player.gold - cost.total,
                     "vp": player.vp + vp}
    said: list[str] = [f"{track.title} {at} → {to}"]
    if cost.castle:
        said.append(Msg("castle cost {n} gold", n=cost.castle))
    if cost.fee:
        said.append(Msg("Herald fee {n} gold", n=cost.fee))
    if vp:
        said.append(Msg("+{n} VP", n=vp))
    slot = space(track, to).slot
    if slot:
        bonus_id = player.layout[TRACKS.index(track.name) * len(SLOTS) + SLOTS.index(slot)]
        if bonus_id not in player.taken:
            changes["taken"] = (*player.taken, bonus_id)
            changes["unlocked"] = (*player.unlocked, Held(bonus_id, phase_number(state)))
            bonus = state.board.progress.bonus_by_id[bonus_id]
            said.append(Msg("takes the {bonus} bonus tile (it takes effect at the end of the phase)",
                            bonus=bonus.title))
    return with_player(state, seat, **changes), joined(said, ", ")


def free_options(state: SkyeState, seat: int, tracks: tuple[str, ...] = TRACKS) -> tuple[str, ...]:
    """The tracks (among `tracks`) a free advance could take now (only Herald fees can stop one)."""
    out = []
    for name in tracks:
        try:
            price(state, seat, TRACKS.index(name), "free")
        except IllegalMove:
            continue
        out.append(name)
    return tuple(out)


# --- banners (J-T6) -------------------------------------------------------------------------------


def banner(state: SkyeState, player: PlayerState, track_name: str, field: str) -> int:
    """The rightmost banner value `field` reached on a track (0 if none): never added up."""
    track_i = TRACKS.index(track_name)
    track = side_of(state).tracks[track_i]
    value = 0
    for space_ in track.spaces[: player.best[track_i]]:
        value = getattr(space_, field) or value
    return value


def movement(state: SkyeState, seat: int) -> int:
    """Movement points from the Merchant track's shoes (J-M3), before any Extra Movement."""
    return banner(state, state.players[seat], "merchant", "shoes") or side_of(state).start_shoes


def vp_per_round(state: SkyeState, seat: int) -> tuple[int, int]:
    """VP per round from the Warrior and the Herald track banners, scored separately."""
    player = state.players[seat]
    return banner(state, player, "warrior", "vp_round"), banner(state, player, "herald", "vp_round")


def usable(state: SkyeState, seat: int, bonus: str) -> Held | None:
    """A kept bonus tile of that effect the seat may use now: taken in an earlier phase (J-T6)."""
    for held in state.players[seat].held:
        effect = state.board.progress.bonus_by_id[held.bonus].effect
        if effect == bonus and held.step < phase_number(state):
            return held
    return None


def bridges_passed(state: SkyeState, seat: int) -> int:
    """Bridges on the progress board the seat's markers have passed (between segments)."""
    bridges = side_of(state).bridges
    return sum(1 for at in state.players[seat].tracks for b in bridges if at > b)


# --- bonus tiles at the end of a phase (J-T7) -------------------------------------------------------


def resolve_bonuses(state: SkyeState, names: list[str]) -> tuple[SkyeState, list[str]]:
    """Carry out the bonus tiles taken during the phase that ends now, seat by seat."""
    lines: list[str] = []
    for seat in range(len(state.seats)):
        player = state.players[seat]
        if not player.unlocked:
            continue
        for held in player.unlocked:
            player = state.players[seat]
            bonus = state.board.progress.bonus_by_id[held.bonus]
            changes: dict[str, Any] = {}
            said: list[str] = []
            if bonus.effect == "marker":  # never past the most a player holds (an adjustment may reach it first)
                changes["markers"] = min(player.markers + 1, MOST_MARKERS)
                said.append(Plural("now {n} waypoint marker", "now {n} waypoint markers", changes["markers"]))
            elif bonus.effect == "advance":
                state = replace(state, pending=(*state.pending, Pending(seat, "bonus")))
                said.append(Msg("choose a track to advance on"))
            elif bonus.effect == "gold":
                changes["gold"] = player.gold + bonus.gold
                said.append(Msg("+{n} gold", n=bonus.gold))
            elif bonus.effect == "roads":
                changes["road_stock"] = (*player.road_stock, *([held.step] * bonus.roads))
                said.append(Plural("+{n} road, placeable from the next phase", "+{n} roads, placeable from the next "
                                   "phase", bonus.roads))
            else:
                changes["held"] = (*player.held, held)
                said.append(Msg("kept, usable from the next phase") if bonus.effect == "movement" else Msg("kept"))
            if bonus.vp:
                changes["vp"] = changes.get("vp", player.vp) + bonus.vp
                said.append(Msg("+{n} VP", n=bonus.vp))
            state = with_player(state, seat, **changes)
            lines.append(Msg("{name}'s {bonus}: {said}.", name=names[seat], bonus=bonus.title, said=joined(said, ", ")))
        state = with_player(state, seat, unlocked=())
    return state, lines
