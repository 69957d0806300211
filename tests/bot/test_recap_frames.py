"""A recap through the real bot shows the posted views (issue 28 §8: read in the preview like the
channel's posts), not the whole boards."""

from __future__ import annotations

from render.posted import POSTED_W

CH = "#fjord"


async def test_a_recaps_frames_are_the_posted_views(discord_):
    await discord_.run("@alice", CH, "/game new game:vikings board:nordhav")
    await discord_.run("@bob", CH, "/game join")
    await discord_.run("@carl", CH, "/game join")
    await discord_.run("@alice", CH, "/game start")
    for user, dock in (("@carl", "D1"), ("@bob", "B1"), ("@alice", "A2")):
        rec = await discord_.run(user, CH, f"/vikings place dock:{dock}")
        assert rec.ok and not rec.ephemeral, rec.content
    rec = await discord_.run("@bob", CH, "/game recap actions:2")
    image = rec.attachments[0].image()
    assert image.n_frames == 2
    assert image.width == POSTED_W  # the whole Vikings board is 1,500 pixels wide
