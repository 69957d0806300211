"""A quiet channel (issue 23 §2): a round posts at most one board per change of the map and one line
per player for their secret moves of a phase, edited in place (front/sender.py) — Mega Civilization's
drafts, Skye's sealed prices and plans — and no board for a Glory pass or end of turn; the host's
`chatter: loud` posts every line and board as before. docs/play-by-post.md counts a round of each
game both ways (tools/count_posts.py)."""

from __future__ import annotations

from offline import OfflineDiscord
from offline.payloads import iter_components
from offline.standin import Message
from tests.bot.test_megaciv import SETUP, play


class Channel:
    """What a channel of the stand-in is sent from now on: new public messages, and edits in place."""

    def __init__(self, discord_: OfflineDiscord, name: str):
        self.discord, self.id = discord_, discord_.builder.directory.channel_id(name)
        self.seen = set(discord_.standin.messages)

    def posts(self) -> list[Message]:
        new = sorted(set(self.discord.standin.messages) - self.seen)
        found = [self.discord.standin.message(m) for m in new]
        return [m for m in found if m.channel_id == self.id and not m.ephemeral]

    def boards(self) -> list[Message]:
        return [m for m in self.posts() if m.attachments]


async def megaciv(discord_: OfflineDiscord, chatter: str) -> Channel:
    await play(discord_, "@alice /game new game:megaciv board:pelagos", "@bob /game join", "@carl /game join",
               f"@alice /game settings name:chatter value:{chatter}", "@alice /game start", *SETUP,
               "@alice /megaciv start")
    return Channel(discord_, "#delta")


async def test_a_mega_civilization_draft_is_one_line_edited_in_place_and_its_declaration_one_board(discord_):
    channel = await megaciv(discord_, "quiet")
    await play(discord_, "@alice /megaciv move from:Silsab to:Osnar count:2", "@alice /megaciv move from:Silsab "
               "to:Fava count:2", "@alice /megaciv takeback", "@alice /megaciv build area:Ishar")
    assert [m.content for m in channel.posts()] == ["Rome changed their movement draft (4 times)"]  # one line
    await play(discord_, "@alice /megaciv declare confirm:true")
    assert len(channel.boards()) == 1 and "Rome declared their movement ended" in channel.boards()[0].content
    await play(discord_, "@bob /megaciv move from:Bomaga to:Nistar count:2", "@bob /megaciv takeback")
    lines = [m.content for m in channel.posts() if not m.attachments]
    assert lines == ["Rome changed their movement draft (4 times)", "Babylon changed their movement draft (2 times)"]


async def test_loud_posts_every_line_of_a_draft(discord_):
    channel = await megaciv(discord_, "loud")
    await play(discord_, "@alice /megaciv move from:Silsab to:Osnar count:2", "@alice /megaciv takeback")
    assert [m.content for m in channel.posts()] == ["Rome changed their movement draft"] * 2


async def test_skye_seals_are_one_line_a_player_and_the_proof_is_behind_verify(discord_):
    for line in ("@alice /game new game:skye board:journeyman", "@bob /game join", "@carl /game join",
                 "@alice /game settings name:deal value:133", "@alice /game start"):
        user, text = line.split(" ", 1)
        assert (await discord_.run(user, "#skye", text)).ok
    channel = Channel(discord_, "#skye")
    for line in ("@bob /skye price axe:L62 price1:3 price2:1", "@bob /skye price axe:L62 price1:2 price2:1",
                 "@carl /skye price axe:L06 price1:3 price2:2"):
        user, text = line.split(" ", 1)
        rec = await discord_.run(user, "#skye", text)
        assert rec.ephemeral and rec.ok, rec.content
    assert [m.content for m in channel.posts()] == ["Blue committed. (2 times)", "Yellow committed."]
    assert channel.boards() == []  # nothing on the board changed yet
    rec = await discord_.run("@alice", "#skye", "/skye price axe:J2 price1:4 price2:1")  # the last: all revealed
    reveal = channel.posts()[-1]
    assert reveal.attachments and "Prices revealed" in reveal.content and "Blue: axe on L62; L03 2 gold" in \
        reveal.content
    assert "fingerprint" not in " ".join(m.content for m in channel.posts()) and "salt" not in reveal.content
    assert "Verify" in [c.get("label") for c in iter_components(reveal.components)]


async def test_a_glory_pass_or_end_of_turn_posts_no_board(discord_):
    for line in ("@alice /game new game:glory board:five-kingdoms", "@bob /game join", "@carl /game join",
                 "@alice /game start"):
        user, text = line.split(" ", 1)
        assert (await discord_.run(user, "#glory", text)).ok
    channel = Channel(discord_, "#glory")
    for line in ("@alice /glory maneuver army:B2 to:E3", "@alice /glory end", "@bob /glory pass", "@carl /glory pass",
                 "@alice /glory pass"):
        user, text = line.split(" ", 1)
        rec = await discord_.run(user, "#glory", text)
        assert rec.ok and "⛔" not in rec.content, (line, rec.content)
    posts = channel.posts()
    assert [bool(m.attachments) for m in posts] == [True, False, False, False, True]  # the maneuver; the round's end
    assert "everyone has passed" in posts[-1].content  # a new round: depletion cleared on the map
