"""Settings that follow the person (issue 23 §4): `/game away everywhere:true` in all your games on
the server, each within its own table's limits, saying which it covered and why any refused;
`/game mine` with a link to each game and a turn-card button for each waiting for you, whose plays
are posted in the game's own channel; `/game status` showing who is away at all times; `/game
notify` saying which games its choice covers."""

from __future__ import annotations

from offline import OfflineDiscord
from offline.payloads import iter_components
from tests.bot.test_deadlines import mention, started

CH = "#slow"


def channel(discord_: OfflineDiscord, name: str) -> int:
    return discord_.builder.directory.channel_id(name)


async def lines(discord_: OfflineDiscord, *said: str) -> None:
    for line in said:
        user, text = line.split(" ", 1)
        channel_name, text = text.split(" ", 1)
        rec = await discord_.run(user, channel_name, text)
        assert rec.ok and "⛔" not in rec.content, (line, rec.content)


async def three_games(discord_: OfflineDiscord) -> None:
    """alice plays in #slow (her move), #other (carl's move) and #third, whose table allows one day away."""
    await started(discord_)
    await lines(discord_, "@carl #other /game new game:tally", "@alice #other /game join", "@carl #other /game start",
                "@dora #third /game new game:tally", "@alice #third /game join",
                "@dora #third /game settings name:away_days value:1", "@dora #third /game start")


def away_field(rec) -> str:
    return next(f["value"] for f in rec.embeds[0]["fields"] if f["name"] == "Away")


async def test_away_everywhere_covers_each_game_within_its_own_limits(timed):
    await three_games(timed)
    rec = await timed.run("@alice", CH, "/game away days:2 everywhere:true")
    assert not rec.ephemeral and rec.content == "alice is away for 2 days: their clock stops until they are back."
    summary = rec.followups[-1]
    assert summary.ephemeral and summary.content.startswith("Away for 2 days in 2 games:")
    assert f"<#{channel(timed, CH)}>" in summary.content and f"<#{channel(timed, '#other')}>" in summary.content
    assert (f"Not changed in:\n• Tally in <#{channel(timed, '#third')}>: At this table a player is away for at most "
            "1 day at once.") in summary.content
    await timed.bot.keep_time()  # the other games' channels are told through the outbox
    told = {m.channel_id: m.content for m in timed.channel_posts}
    assert told.get(channel(timed, "#other")) == "alice is away for 2 days: their clock stops until they are back."
    assert channel(timed, "#third") not in told
    status = await timed.run("@carl", "#other", "/game status")  # carl's move: alice is not waited for there
    assert f"Away now: {mention(timed, '@alice')} until" in away_field(status)
    assert "Away now" not in away_field(await timed.run("@dora", "#third", "/game status"))
    back = await timed.run("@alice", "#lobby", "/game away days:0 everywhere:true")  # from a channel without a game
    assert back.ephemeral and back.content.startswith("Back in 2 games:") and "You are not away." in back.content


async def test_away_everywhere_with_no_game_in_play_says_so(timed):
    rec = await timed.run("@alice", CH, "/game away days:2 everywhere:true")
    assert rec.ephemeral and "not playing any game in progress on this server" in rec.content


async def test_status_shows_who_is_away_even_when_the_game_does_not_wait_for_them(timed):
    await started(timed)  # alice's move
    await lines(timed, f"@bob {CH} /game away days:3")
    status = await timed.run("@alice", CH, "/game status")
    assert f"Away now: {mention(timed, '@bob')} until" in away_field(status)
    waiting = next(f["value"] for f in status.embeds[0]["fields"] if f["name"] == "Waiting for")
    assert mention(timed, "@bob") not in waiting


async def test_mine_opens_your_turn_card_and_what_you_play_goes_to_the_games_channel(timed):
    await three_games(timed)
    rec = await timed.run("@alice", "#lobby", "/game mine")
    assert rec.ephemeral and f"<#{channel(timed, CH)}>" in rec.content
    assert f"<#{channel(timed, '#other')}>" in rec.content
    buttons = [c for c in iter_components(rec.components) if c["type"] == 2]
    alice = timed.builder.directory.user_id("@alice")
    assert [(b["label"], b["custom_id"]) for b in buttons] == [
        ("Your turn card: Tally in #slow", f"waypost:card:{channel(timed, CH)}:{alice}")]
    card = await timed.click("@alice", "#lobby", rec.original, buttons[0]["custom_id"])
    assert f"This game is in <#{channel(timed, CH)}>" in card.original.content
    add = next(c for c in iter_components(card.original.components) if ":add:" in c.get("custom_id", ""))
    step = await timed.click("@alice", "#lobby", card.original.id, add["custom_id"])
    menu = next(c for c in iter_components(step.original.components) if c["type"] == 3)
    before = {m for m in timed.standin.messages}
    played = await timed.click("@alice", "#lobby", card.original.id, menu["custom_id"], [menu["options"][1]["value"]])
    assert played.ok and f"Played in <#{channel(timed, CH)}>." in played.original.content
    public = [timed.standin.message(m) for m in set(timed.standin.messages) - before]
    public = [m for m in public if not m.ephemeral]
    assert [m.channel_id for m in public] == [channel(timed, CH)]  # nothing public in #lobby
    assert public[0].content.startswith("alice added 2") and mention(timed, "@bob") in public[0].content
    assert any(c.get("label") == "Your turn card" for c in iter_components(public[0].components))


async def test_notify_says_which_games_it_covers(timed):
    await three_games(timed)
    rec = await timed.run("@alice", "#lobby", "/game notify turn:true hits:false")
    assert rec.ephemeral and "for all your games, on every server, and for those you join later" in rec.content
    assert all(f"Tally in <#{channel(timed, c)}>" in rec.content for c in (CH, "#other", "#third"))
