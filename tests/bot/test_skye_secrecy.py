"""Isle of Skye's secrets reach nobody else before their reveal: a sealed price (and axe) and a
sealed journeyman plan, each tried against every command and every autocomplete of the bot by
another seat and by an onlooker, the images drawn for them (the same whatever was sealed), the log
and the export; the sealer changes the sealed plan, and the reveal is one message with all."""

from __future__ import annotations

import json

from offline import OfflineDiscord
from tests.bot.test_skye import CH, play_script
from tests.support.seeing import everything_seen_by, images, texts

OTHERS = ("@bob", "@dave")  # another seat, and an onlooker
LOOKS = ("/game board", "/game board private:true", "/game board focus:red")
SKIPPED = ("game import", "game end", "game leave", "game new")


async def seen_by(discord_: OfflineDiscord, user: str) -> list[str]:
    """Everything every command and autocomplete shows `user`, and the log's first two pages."""
    seen = await everything_seen_by(discord_, user, CH, SKIPPED)
    for page in (1, 2):
        seen += texts(await discord_.run(user, CH, f"/game log page:{page}"))
    return seen


def leaks(seen: list[str], secrets: list[str]) -> list[str]:
    return [f"{s!r} in {t[:200]!r}" for t in seen for s in secrets if s in t]


async def test_sealed_prices_reach_nobody_else_before_the_reveal(discord_):
    await play_script(discord_, upto="/skye price")
    hand = [c["value"] for c in (await discord_.run("@alice", CH, "!complete /skye price axe:")).choices]
    sealed = await discord_.run("@alice", CH, f"/skye price axe:{hand[2]} price1:4 price2:1")
    secrets = [f"axe on {hand[2]}", f"{hand[0]} 4 gold", f"{hand[1]} 1 gold", f"axe={hand[2]}", f"{hand[0]}=4"]
    assert sealed.ephemeral and all(s in sealed.content for s in secrets[:3])
    public = [m.content for m in sealed.messages if not m.ephemeral]
    assert public == ["Red committed."]  # the channel: that Red committed; the log: its fingerprint too
    assert "Red committed (fingerprint " in (await discord_.run("@bob", CH, "/game log")).content
    mine = await discord_.run("@alice", CH, "/game log")
    assert f"axe on {hand[2]}" in mine.content  # the sealer reads their own entry
    after = {user: await images(discord_, user, CH, LOOKS) for user in OTHERS}

    again = await discord_.run("@alice", CH, f"/skye price axe:{hand[0]} price1:2 price2:3")
    assert again.ephemeral and "Red changed their prices" in again.content
    for user in OTHERS:  # what was sealed changes nothing the others see
        assert await images(discord_, user, CH, LOOKS) == after[user], user
    secrets += [f"axe on {hand[0]}", f"{hand[1]} 2 gold", f"{hand[2]} 3 gold", f"{hand[1]}=2"]

    for user in OTHERS:
        seen = await seen_by(discord_, user)
        assert not leaks(seen, secrets), (user, leaks(seen, secrets)[:3])
    export = await discord_.run("@bob", CH, "/game export")
    assert not [a for m in export.messages for a in m.attachments]  # refused while a price is hidden

    for user in ("@bob", "@carl"):  # Blue (again, after all it tried) and Yellow price: the last reveals all
        axe = (await discord_.run(user, CH, "!complete /skye price axe:")).choices[0]["value"]
        first = (await discord_.run(user, CH, f"!complete /skye price axe:{axe} price1:")).choices[0]["value"]
        second = (await discord_.run(user, CH, f"!complete /skye price axe:{axe} price1:{first} price2:")
                  ).choices[0]["value"]
        reveal = await discord_.run(user, CH, f"/skye price axe:{axe} price1:{first} price2:{second}")
    assert not reveal.ephemeral and "Prices revealed: " in reveal.content
    for colour in ("Red: axe on", "Blue: axe on", "Yellow: axe on"):
        assert colour in reveal.content
    assert f"Red: axe on {hand[0]}; {hand[1]} 2 gold, {hand[2]} 3 gold" in reveal.content
    log = await discord_.run("@bob", CH, "/game log")  # issue 19.4: Red's sealed move, read by Blue, names Red
    assert "Red sealed their prices" in log.content and "Red changed their prices" in log.content
    assert "You " not in log.content and " your " not in log.content


async def test_a_sealed_plan_reaches_nobody_else_and_can_be_changed_until_everyone_has_planned(discord_):
    rest = await play_script(discord_, upto="@bob /skye plan first:L48:merchant")
    await discord_.run("@bob", CH, "/skye plan first:L48:merchant")
    mark = await discord_.run("@alice", CH, "/skye plan first:castle:warrior")
    secrets = ["0,0:warrior", "castle → warrior", "Warrior 1 → 2"]
    assert mark.ephemeral and "castle cost 1 gold" in mark.content
    public = [m.content for m in mark.messages if not m.ephemeral]
    assert public == ["Red committed."]
    mine = await discord_.run("@alice", CH, "/game board private:true")
    after = {user: await images(discord_, user, CH, LOOKS) for user in OTHERS}

    changed = await discord_.run("@alice", CH, "/skye plan")
    assert changed.ephemeral and "changed their plan: no markers" in changed.content
    for user in OTHERS:
        assert await images(discord_, user, CH, LOOKS) == after[user], user
    assert (await discord_.run("@alice", CH, "/game board private:true")).attachments[0].data != \
        mine.attachments[0].data  # the sealer's own board shows their plan

    changed = await discord_.run("@alice", CH, "/skye plan first:castle:warrior")
    for user in OTHERS:
        seen = await seen_by(discord_, user)
        assert not leaks(seen, secrets), (user, leaks(seen, secrets)[:3])
    status = await discord_.run("@dave", CH, "/game status")
    assert "Yellow to plan" in json.dumps(status.embeds)
    export = await discord_.run("@bob", CH, "/game export")
    assert not [a for m in export.messages for a in m.attachments]

    user, channel, line = next(r for r in rest if r[0] == "@carl" and "/skye plan" in r[2])
    reveal = await discord_.run(user, channel, line)
    assert not reveal.ephemeral and reveal.content.count("Plans revealed") == 1
    assert "Red: 0,0:warrior" in reveal.content and "Yellow: 0,-1:warrior" in reveal.content
    assert "Blue: " in reveal.content
    log = await discord_.run("@dave", CH, "/game log")
    assert "castle → warrior" in log.content or "0,0:warrior" in log.content  # revealed: now anyone reads it
