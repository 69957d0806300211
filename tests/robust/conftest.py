"""The real bot on a temporary database (tests/bot's fixtures), a real Vikings export, scenes."""

from __future__ import annotations

import pytest

from games import default_games
from tests.bot.conftest import config, discord_  # noqa: F401 - fixtures shared with tests/bot
from tests.robust.helpers import MANAGER, Scenes, join_server, make_export, run_apart


@pytest.fixture(scope="session")
def vikings_export(tmp_path_factory) -> bytes:
    """SCENE played once through the real bot, exported (a real file to import and to tamper with).
    Ask for it before `discord_`: its own harness then runs before any test's."""
    db = tmp_path_factory.mktemp("scene") / "waypost.sqlite3"
    return run_apart(lambda: make_export(db, default_games()))


@pytest.fixture
async def scenes(vikings_export, discord_) -> Scenes:  # noqa: F811 - the imported fixture
    discord_.grant(MANAGER, manage_channels=True)
    join_server(discord_)  # the export's players must be members of the server to import it
    return Scenes(discord_, vikings_export)
