"""A small bot shaped like Waypost, for testing the offline stand-in without the real bot."""

from __future__ import annotations

import asyncio
import io
import json
from pathlib import Path

import discord
from discord import app_commands
from discord.ext import commands
from PIL import Image

from rules.errors import PlayerError

GAMES = ("vikings", "villages", "tally", "chess")


def png(colour: str = "red", size: tuple[int, int] = (8, 6)) -> bytes:
    buffer = io.BytesIO()
    Image.new("RGB", size, colour).save(buffer, format="PNG")
    return buffer.getvalue()


class PickView(discord.ui.View):
    """A persistent view: a select and a button with fixed custom ids."""

    def __init__(self) -> None:
        super().__init__(timeout=None)

    @discord.ui.select(
        custom_id="demo:pick",
        placeholder="Pick a fjord",
        options=[discord.SelectOption(label=f"Fjord {x}", value=x) for x in ("A", "B", "C")],
    )
    async def pick(self, interaction: discord.Interaction, select: discord.ui.Select) -> None:
        await interaction.response.edit_message(content=f"{interaction.user.display_name} picked {select.values[0]}")

    @discord.ui.button(label="Join", custom_id="demo:join")
    async def join(self, interaction: discord.Interaction, button: discord.ui.Button) -> None:
        await interaction.response.send_message(f"{interaction.user.display_name} joined")


class RouteView(discord.ui.View):
    """A select like a turn card's: long labels, numbers as values."""

    ROUTES = ("F1 — 1 move: F1", "A1 (village) — 2 moves: F1 A1", "Boat 1 — at B1", "Boat 2 — at D2")

    def __init__(self) -> None:
        super().__init__(timeout=None)

    @discord.ui.select(custom_id="demo:route", placeholder="To where?",
                       options=[discord.SelectOption(label=r, value=str(n)) for n, r in enumerate(ROUTES)])
    async def route(self, interaction: discord.Interaction, select: discord.ui.Select) -> None:
        await interaction.response.edit_message(content=f"went {self.ROUTES[int(select.values[0])]}")


class PanelView(discord.ui.View):
    """Buttons that change the message they are on: a new image (update, 7), a reset (deferred
    update, 6, then an edit of the original), and one that asks for a name (a modal, 9)."""

    def __init__(self) -> None:
        super().__init__(timeout=None)

    @discord.ui.button(label="Redraw", custom_id="demo:redraw")
    async def redraw(self, interaction: discord.Interaction, button: discord.ui.Button) -> None:
        file = discord.File(io.BytesIO(png("green")), filename="board.png", description="A green board")
        await interaction.response.edit_message(content="redrawn", attachments=[file])

    @discord.ui.button(label="Reset", custom_id="demo:reset")
    async def reset(self, interaction: discord.Interaction, button: discord.ui.Button) -> None:
        await interaction.response.defer()
        await interaction.edit_original_response(content="reset", attachments=[], view=None)

    @discord.ui.button(label="Name", custom_id="demo:name")
    async def name(self, interaction: discord.Interaction, button: discord.ui.Button) -> None:
        await interaction.response.send_modal(RenameModal())


class RenameModal(discord.ui.Modal, title="Rename the game"):
    name = discord.ui.TextInput(label="New name", custom_id="demo:new-name", max_length=40)
    note = discord.ui.Label(text="Why", component=discord.ui.TextInput(custom_id="demo:why", required=False))

    async def on_submit(self, interaction: discord.Interaction) -> None:
        why = self.note.component.value  # type: ignore[union-attr]
        text = f"renamed to {self.name.value}" + (f" ({why})" if why else "")
        if interaction.message is not None:  # opened from a button: update that message
            await interaction.response.edit_message(content=text)
        else:
            await interaction.response.send_message(text)


class VoteView(discord.ui.View):
    """A view that lives only in the bot's memory (auto custom ids, a timeout)."""

    def __init__(self) -> None:
        super().__init__(timeout=600)

    @discord.ui.button(label="Yes")
    async def yes(self, interaction: discord.Interaction, button: discord.ui.Button) -> None:
        await interaction.response.send_message("voted yes")


class Demo(commands.Cog):
    game = app_commands.Group(name="game", description="Play a game")

    def __init__(self, bot: DemoBot) -> None:
        self.bot = bot

    @game.command(name="new", description="Open a game")
    @app_commands.describe(game="Which game", board="Which board", seats="How many seats")
    async def new(
        self,
        interaction: discord.Interaction,
        game: str,
        board: str = "default",
        seats: app_commands.Range[int, 2, 6] = 2,
    ) -> None:
        await interaction.response.send_message(
            f"{interaction.user.display_name} opened {game} on {board} for {seats} in #{interaction.channel}"
        )

    @new.autocomplete("game")
    async def game_names(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return [app_commands.Choice(name=g.title(), value=g) for g in GAMES if current.lower() in g]

    @game.command(name="secret", description="An ephemeral reply")
    async def secret(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message("only you see this", ephemeral=True)

    @game.command(name="board", description="Defer, then follow up with a PNG")
    async def board(self, interaction: discord.Interaction, private: bool = False) -> None:
        await interaction.response.defer(ephemeral=private, thinking=True)
        image = await asyncio.to_thread(png, "blue")
        file = discord.File(io.BytesIO(image), filename="board.png", description="A blue board")
        await interaction.followup.send("the board", file=file)
        await interaction.followup.send("and a second message")

    @game.command(name="menu", description="A select menu")
    async def menu(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message("Where to?", view=PickView())

    @game.command(name="route", description="A select with long labels")
    async def route(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message("Which way?", view=RouteView())

    @game.command(name="panel", description="A message with buttons that change it")
    async def panel(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message("the panel", view=PanelView())

    @game.command(name="edit", description="Reply, then edit the reply (new image, then text only)")
    async def edit(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message("first draft")
        file = discord.File(io.BytesIO(png("yellow")), filename="draft.png")
        await interaction.edit_original_response(content="second draft", attachments=[file])
        await interaction.edit_original_response(content="final")

    @game.command(name="rename", description="Ask for a name in a modal")
    async def rename(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_modal(RenameModal())

    @game.command(name="dm", description="Send the user a direct message")
    async def dm(self, interaction: discord.Interaction, text: str) -> None:
        await interaction.user.send(f"psst: {text}")
        await interaction.response.send_message("sent you a DM", ephemeral=True)

    @game.command(name="whisper", description="A direct message, the DM channel opened with a string id")
    async def whisper(self, interaction: discord.Interaction, text: str) -> None:
        dm = await self.bot.http.start_private_message(str(interaction.user.id))  # type: ignore[arg-type]
        await self.bot.get_partial_messageable(int(dm["id"])).send(f"psst: {text}")
        await interaction.response.send_message("whispered", ephemeral=True)

    @game.command(name="vote", description="A view that does not survive a restart")
    async def vote(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message("Vote now", view=VoteView())

    @game.command(name="whois", description="Calls an endpoint the stand-in does not emulate")
    async def whois(self, interaction: discord.Interaction) -> None:
        user = await self.bot.fetch_user(42)
        await interaction.response.send_message(user.name)

    @game.command(name="announce", description="Post to a channel")
    async def announce(
        self, interaction: discord.Interaction, where: app_commands.AppCommandChannel, text: str
    ) -> None:
        await self.bot.get_partial_messageable(where.id).send(f"announcement: {text}")
        await interaction.response.send_message("announced", ephemeral=True)

    @game.command(name="remind", description="Post later, outside the interaction")
    async def remind(self, interaction: discord.Interaction, seconds: float) -> None:
        channel = self.bot.get_partial_messageable(interaction.channel_id or 0)

        async def later() -> None:
            await asyncio.sleep(seconds)
            await channel.send(f"<@{interaction.user.id}>, your move!")

        self.bot.background.add(asyncio.create_task(later()))
        await interaction.response.send_message("reminder set")

    @game.command(name="upload", description="Read an attachment")
    async def upload(self, interaction: discord.Interaction, file: discord.Attachment) -> None:
        data = await file.read()
        await interaction.response.send_message(f"{file.filename}: {len(data)} bytes, starts {data[:4]!r}")

    @game.command(name="say", description="Say something long")
    async def say(self, interaction: discord.Interaction, length: int, embeds: int = 0) -> None:
        embed_list = [discord.Embed(description="e" * 1000) for _ in range(embeds)]
        await interaction.response.send_message("x" * length, embeds=embed_list)

    @game.command(name="slow", description="Answer late")
    async def slow(self, interaction: discord.Interaction, seconds: float) -> None:
        await asyncio.sleep(seconds)
        await interaction.response.send_message("finally")

    @game.command(name="twice", description="Answer twice")
    async def twice(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message("one")
        adapter = discord.webhook.async_.async_context.get()  # past discord.py's own guard, as a bug would
        await adapter.create_interaction_response(
            interaction.id,
            interaction.token,
            session=interaction._session,
            params=discord.webhook.async_.interaction_response_params(4, {"content": "two"}),
        )

    @game.command(name="refuse", description="A refusal")
    async def refuse(self, interaction: discord.Interaction) -> None:
        raise PlayerError("It is not your turn.")

    @game.command(name="crash", description="A bug")
    async def crash(self, interaction: discord.Interaction) -> None:
        raise RuntimeError("boom")

    @game.command(name="silent", description="Never answers")
    async def silent(self, interaction: discord.Interaction) -> None:
        return None

    @game.command(name="note", description="Remember a note (kept in the database file)")
    async def note(self, interaction: discord.Interaction, text: str | None = None) -> None:
        if text:
            self.bot.notes.append(text)
            self.bot.db_path.write_text(json.dumps(self.bot.notes))
        await interaction.response.send_message("notes: " + ", ".join(self.bot.notes))

    @game.command(name="end", description="End the game (Manage Channels)")
    @app_commands.checks.has_permissions(manage_channels=True)
    async def end(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message("game ended")

    @app_commands.command(name="roll", description="Typed options")
    @app_commands.choices(size=[app_commands.Choice(name=n, value=n[0].lower()) for n in ("Small", "Large")])
    async def roll(
        self,
        interaction: discord.Interaction,
        count: app_commands.Range[int, 1, 10],
        size: app_commands.Choice[str],
        name: app_commands.Range[str, 2, 8] = "dice",
        ratio: float = 1.0,
        loud: bool = False,
        target: discord.User | None = None,
    ) -> None:
        who = target.display_name if target else "nobody"
        text = f"{count} {size.name} {name} ratio={ratio!r} loud={loud} target={who}"
        await interaction.response.send_message(text.upper() if loud else text)

    @app_commands.command(name="where", description="A channel option resolved from the guild cache")
    async def where(self, interaction: discord.Interaction, channel: discord.TextChannel) -> None:
        await channel.send(f"hello #{channel.name}")
        await interaction.response.send_message(f"posted in {channel.mention}, guild {interaction.guild.name}")

    @app_commands.command(name="many", description="Autocomplete with too many choices")
    async def many(self, interaction: discord.Interaction, item: str) -> None:
        await interaction.response.send_message(item)

    @many.autocomplete("item")
    async def items(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return [app_commands.Choice(name=f"item {i}", value=str(i)) for i in range(30)]


class DemoTree(app_commands.CommandTree):
    async def on_error(self, interaction: discord.Interaction, error: app_commands.AppCommandError) -> None:
        original = getattr(error, "original", error)
        text = f"⛔ {original}" if isinstance(original, PlayerError | app_commands.CheckFailure) else (
            "Something went wrong."
        )
        if interaction.response.is_done():
            await interaction.followup.send(text, ephemeral=True)
        else:
            await interaction.response.send_message(text, ephemeral=True)


class DemoBot(commands.Bot):
    def __init__(self, db_path: Path, intents: discord.Intents | None = None) -> None:
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=intents or discord.Intents.none(),
            help_command=None,
            tree_cls=DemoTree,
        )
        self.db_path = db_path
        self.notes: list[str] = []
        self.background: set[asyncio.Task[None]] = set()

    async def setup_hook(self) -> None:
        if self.db_path.exists():
            self.notes = json.loads(self.db_path.read_text())
        await self.add_cog(Demo(self))
        self.add_view(PickView())
        self.add_view(PanelView())
