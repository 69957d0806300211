"""The table is made of parts (docs/architecture.md, "the table"): services with one job each, given
their collaborators, behind the `Table` facade, which is all the Discord side holds."""

from __future__ import annotations

import ast
from pathlib import Path

from waypost.channels import Channels
from waypost.deadlines import Deadlines
from waypost.lobby import Lobby
from waypost.looking import Looking
from waypost.offering import Offering
from waypost.play import Play
from waypost.table import Table, Transfers

ROOT = Path(__file__).resolve().parent.parent.parent


def test_the_table_is_a_facade_over_services_none_a_mixin_of_another():
    for part in (Table, Channels, Play, Lobby, Deadlines, Looking, Offering, Transfers):
        assert part.__bases__ == (object,), part


def test_the_discord_side_reaches_the_store_only_through_the_table():
    """front/ and cogs/ never use a table's store, services or private parts (`table.store`)."""
    reaching = []
    for path in sorted([*(ROOT / "front").glob("*.py"), *(ROOT / "cogs").glob("*.py")]):
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Attribute | ast.Name) and \
                    (node.value.attr if isinstance(node.value, ast.Attribute) else node.value.id) == "table" and \
                    (node.attr in ("store", "channels") or node.attr.startswith("_")):
                reaching.append(f"{path.relative_to(ROOT)}:{node.lineno} table.{node.attr}")
    assert reaching == []
