"""Words players understand (issue 28 §7), for every registered game: what players read holds no
internal token, and every game term of its menus is in the game's glossary, which /game help shows
(tests/bot/test_help_words.py).

Player-facing text is gathered by random play from the legal options (tests/support/walking.py): the
kinds' labels, the questions of each step and every menu's labels along the way, confirmations,
results' summaries and details, status lines, `describe`, headings, prompts and decisions, the
looks' questions and lines, endings, and the help's phases and settings. Internal tokens are
snake_case words ("cubes_per_round"), words with digits glued on ("action2"), parameter names in
brackets ("food (value)"), Python's reprs ("None", "[", "{"), a phase that "ends never", and an
aside said on every line of a menu ("(assuming x3)"). Names on the boards (spaces, tiles, hexes,
areas) are taken from the boards' own data, never listed here by hand.

A game term is any word of a kind's label or a question that is not plain English (`PLAIN`, the
words every game may use without explaining them) nor a name from the board's data: each must be
one of the game's glossary terms' words. A new term in a menu therefore fails here until the game
explains it (or, if it is plain English after all, until it joins `PLAIN`).
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterable, Iterator
from typing import Any

import pytest

from games import default_games
from rules.base import Actor, Game, Seat
from rules.errors import PlayerError
from rules.options import Choice, Param
from tests.support.walking import walk
from waypost.registry import GameEntry

GAMES = default_games()
STEPS = 80  # random actions per board
SNAKE = re.compile(r"\b[A-Za-z]+_[A-Za-z0-9_]+\b")
GLUED = re.compile(r"\b[A-Za-z]{3,}[0-9]+\b")
REPR = re.compile(r"\b(None|True|False)\b(?!\s+[a-z])|[\[\]{}]|object at 0x")  # not "None of them"
TYPED = re.compile(r"`[^`]*`")  # what to type, in backticks, is shown as typed
PRINTED = re.compile(r"\bfingerprint [0-9a-f]{8}\b")  # a seal's fingerprint, hex digits (by chance "baf93767")
NEVER = re.compile(r"\bends? never\b", re.IGNORECASE)
ASIDE = re.compile(r"\([^()]*\)")
WORD = re.compile(r"[A-Za-z][A-Za-z'-]*")
PLAIN = frozenset("""
a aboard adjust advance after all an and answer are at attack back between build by can cheapest choose clockwise
count default deploy discard does drawn drop each empty end ended every extra fifth first fourth from gets go
grow how in is it its keep last look many move moving new no none now number of offered on only or order out
own paid pass pay phase pick pieces place player player's quarter question report return route runs second
spend spending start starts steps stop take that the them third through to turn turned turns two type until
up use value way what where which whose with without x y your yours
""".split())


def seats(game: Game[Any], count: int) -> list[Seat]:
    return [Seat(1000 + i, f"Player {chr(65 + i)}", colour) for i, colour in enumerate(game.colours[:count])]


def board_names(entry: GameEntry) -> frozenset[str]:
    """Every word of the boards' data (names of spaces, tiles, hexes, areas, gods, tracks…), folded."""
    def leaves(data: Any) -> Iterator[str]:
        if isinstance(data, str):
            yield data
        elif isinstance(data, dict):
            for key, value in data.items():
                yield str(key)
                yield from leaves(value)
        elif isinstance(data, list):
            for item in data:
                yield from leaves(item)
    return frozenset(w.casefold() for board in entry.boards.values() for text in leaves(board.raw)
                     for w in re.findall(r"[A-Za-z0-9][A-Za-z0-9'-]*", text))


class Heard:
    """What players of one game read, line by line, with where each line came from."""

    def __init__(self, game: Game[Any]) -> None:
        self.game = game
        self.lines: dict[str, str] = {}  # text -> where
        self.menus: list[tuple[str, list[str]]] = []  # (question, labels)
        self.params = {p.name for cls in game.actions for p in cls.params} | \
                      {p.name for look in game.looks for p in look.params}

    def add(self, where: str, texts: Iterable[str]) -> None:
        for text in texts:
            if text:
                self.lines.setdefault(text, where)

    def menu(self, param: Param, offered: list[Choice]) -> None:
        self.add(f"a question of {param.name}", [param.ask])
        self.add(f"a choice of {param.name}", [c.label for c in offered])
        if len(offered) >= 3:
            self.menus.append((param.ask, [c.label for c in offered]))

    def position(self, state: Any) -> None:
        game = self.game
        pos = game.position(state)
        self.add("the status line", [game.status_line(state), game.describe(state)])
        self.add("the position", [pos.heading, pos.prompt, *(d.prompt for d in pos.decisions),
                                  *(o for d in pos.decisions for o in d.options)])
        self.add("an awaited prompt", [a.prompt for a in game.awaiting(state)])

    def kinds(self, view: Any, actor: Actor) -> None:
        for kind in self.game.kinds(view, actor):
            self.add("a kind's label", [kind.label])
            self.add("a question", [p.ask for p in kind.params])

    def walked(self, view: Any, actor: Actor, kind: str, chosen: dict[str, Any]) -> None:
        """The menus a player went through to choose `chosen`, then the confirmation."""
        so_far: dict[str, Any] = {}
        for name, value in chosen.items():
            param = next(p for p in self.game.params_now(view, actor, kind, so_far) if p.name == name)
            self.menu(param, self.game.choices(view, actor, kind, name, so_far))
            so_far[name] = value
        self.add("a confirmation", [self.game.confirmation(view, actor, kind)])

    def looks(self, view: Any, actor: Actor, rng: random.Random) -> None:
        for look in self.game.looks:
            self.add("a look's label", [look.label])
            chosen: dict[str, Any] = {}
            for param in look.params:
                offered = self.game.choices(view, actor, look.kind, param.name, chosen)
                self.menu(param, offered)
                if offered and (param.required or rng.random() < 0.5):
                    chosen[param.name] = rng.choice(offered).value
            try:
                self.add(f"the look {look.kind}", self.game.report(view, actor, look.kind, chosen))
            except PlayerError:
                pass  # a look needing what was left out says so

    def help(self) -> None:
        game = self.game
        self.add("the help", [game.summary, *(s.help for s in game.settings)])
        for phase in game.flow.phases:
            self.add(f"the help of phase {phase.name}", [phase.title, phase.prompt, f"It ends {phase.ends}."
                                                         if phase.ends else "", phase.done])


def hear(key: str) -> Heard:
    """Random play of `key` on each board, at its fewest players, gathering what players read."""
    entry = GAMES[key]
    game = entry.rules
    heard = Heard(game)
    heard.help()
    for name, board in entry.boards.items():
        rng = random.Random(f"words-{key}-{name}")
        state = game.setup(board.model, seats(game, board.info.min_players), game.default_settings(), 1)
        for step in range(STEPS):
            ending = game.ending(state)
            if ending is not None:
                heard.add("the ending", [ending.text])
                break
            heard.position(state)
            awaited = [a.seat for a in game.awaiting(state)] or list(range(len(state.seats)))
            actor = Actor(rng.choice(awaited), host=rng.random() < 0.2)
            view = game.view(state, actor.seat)
            if step % 10 == 0:
                heard.kinds(view, actor)
                heard.looks(view, actor, rng)
            walked = walk(game, view, actor, rng)
            if walked is None:
                continue
            kind, chosen, action = walked
            heard.walked(view, actor, kind, chosen)
            result = game.apply(state, actor, action)
            heard.add(f"the result of {kind}", [result.summary, *result.details])
            state = result.state
    return heard


@pytest.fixture(scope="module", params=sorted(GAMES))
def heard(request: pytest.FixtureRequest) -> Heard:
    return hear(request.param)


def tokens(text: str, names: frozenset[str], params: set[str]) -> list[str]:
    """The internal tokens in one line players read (`params`: the parameter names that name no
    thing of the game, like "value"; what is in backticks, shown as typed, and a seal's fingerprint
    aside)."""
    text = PRINTED.sub("", TYPED.sub("", text))
    found = [m.group() for m in SNAKE.finditer(text)]
    found += [m.group() for m in GLUED.finditer(text) if m.group().casefold() not in names]
    found += [m.group() for m in REPR.finditer(text)]
    found += [m.group() for m in NEVER.finditer(text)]
    found += [m.group() for m in ASIDE.finditer(text)
              if {w.strip() for w in m.group()[1:-1].split(",")} <= params]  # "(island, value)"
    return found


def test_players_read_no_internal_tokens(heard):
    """Issue 28 §7: no line players read holds a snake_case word, a word with digits glued on, a
    parameter name in brackets, a repr or a deadline of "never"."""
    names = board_names(GAMES[heard.game.key])
    params = heard.params - glossed(heard.game)
    bad = {text: (where, found) for text, where in heard.lines.items() if (found := tokens(text, names, params))}
    assert bad == {}, heard.game.key


def test_no_menu_says_the_same_aside_on_every_line(heard):
    """Issue 28 §7: an aside true of every option ("(assuming x3)") is said once, in the question: no
    question's menus (two or more) all have an aside on every line (one menu may, by chance: every
    army it lists marched)."""
    shared: dict[str, list[bool]] = {}
    for question, labels in heard.menus:
        shared.setdefault(question, []).append(bool(set.intersection(*(set(ASIDE.findall(x)) for x in labels))))
    assert [q for q, menus in shared.items() if len(menus) > 1 and all(menus)] == [], heard.game.key


def test_the_detector_finds_what_players_could_not_read():
    """The checks above catch each token the issue names, and pass names from the boards' data."""
    params = {"value", "island", "area"}
    for line in ("food (value)", "settlers (island, value)", "era mat action2", "cubes_per_round: cubes",
                 "Where? None", "It ends never.", "[1, 2]"):
        assert tokens(line, frozenset(), params), line
    for line in ("F1 — 1 move: F1", "1 gold for L12", "Look at D7", "A1 (village) — 2 moves: F1 A1",
                 "era-mat action 2 (0 of 2 used this era)", "food: the new number"):
        assert tokens(line, frozenset(), params) == [], line
    assert tokens("Tile Track7", frozenset({"track7"}), params) == []


def glossed(game: Game[Any]) -> set[str]:
    """Every form of every word of the game's glossary terms."""
    return {form for term, _ in game.glossary for w in WORD.findall(term) for form in fold(w)}


def fold(word: str) -> list[str]:
    """A word and the forms a glossary may define it by: singular, without "'s", without "un"."""
    word = word.casefold().removesuffix("'s")
    forms = [word, word.removesuffix("s"), word.removesuffix("es"), re.sub("ies$", "y", word)]
    return forms + [f.removeprefix("un") for f in forms if f.startswith("un")]


@pytest.mark.parametrize("key", sorted(GAMES))
def test_every_game_term_of_the_menus_is_in_the_glossary(key):
    """Issue 28 §7: each word of a kind's label or a question (of its actions and looks) that is not
    plain English nor a board's name is one of the glossary's terms, and every term is explained."""
    entry = GAMES[key]
    game = entry.rules
    defined = glossed(game)
    names = board_names(entry)
    texts = [*(cls.named() for cls in game.actions), *(look.label for look in game.looks),
             *(p.ask for cls in game.actions for p in cls.params), *(p.ask for look in game.looks for p in look.params)]
    unexplained = sorted({w for text in texts for w in WORD.findall(text)
                          if not {*fold(w), w.casefold()} & (defined | PLAIN | names)})
    assert unexplained == [], f"{game.title}: words players meet in menus, not in its glossary"
    assert all(term and meaning for term, meaning in game.glossary)
    assert len({term.casefold() for term, _ in game.glossary}) == len(game.glossary), "a term twice"
