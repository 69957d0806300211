"""/game: open, join, start, inspect, undo, export, import and end a channel's game."""

from __future__ import annotations

import dataclasses
import io
from collections.abc import Awaitable

import discord
from discord import app_commands
from discord.ext import commands

from front.answering import end_view
from front.help import show_help
from front.members import people
from front.mine import covered_text, games_text, mine_message
from front.replies import (
    channel_of,
    escape,
    fit,
    reader,
    respond,
    say_privately,
    table_of,
    user_of,
)
from front.sender import YOUR_CARD, awaited, card_button, run, send, spoken, timely
from front.status import status_embed
from front.suggestions import (
    board_names,
    colour_names,
    decision_options,
    focus_names,
    game_names,
    setting_names,
    your_pieces,
)
from rules.errors import BadInput, NoGame
from rules.messages import Msg, Plural
from waypost.ahead import DOINGS
from waypost.i18n import translate
from waypost.outcome import Outcome, User
from waypost.transfer import MAX_BYTES

Text = app_commands.Range[str, 1, 100]


async def privately(call: Awaitable[Outcome]) -> Outcome:
    """The outcome of `call`, answered only to whoever asked."""
    return dataclasses.replace(await call, private=True)


class GameCommands(commands.GroupCog, group_name="game", group_description="Open, join and run this channel's game"):
    """The commands every game shares."""

    def __init__(self, bot: commands.Bot):
        self.bot = bot

    # --- commands --------------------------------------------------------------------------

    @app_commands.command(description="Open a new game in this channel; you become its host")
    @app_commands.describe(game="Which game", board="Which map or board (depends on the game)")
    @app_commands.autocomplete(game=game_names, board=board_names)
    async def new(self, interaction: discord.Interaction, game: Text, board: Text | None = None) -> None:
        await run(interaction, table_of(interaction).new(
            channel_of(interaction), interaction.guild_id, user_of(interaction), game,
            board, str(interaction.guild_locale) if interaction.guild_locale else None))

    @app_commands.command(description="Take a seat at this channel's game")
    @app_commands.describe(colour="The colour you want (optional)")
    @app_commands.autocomplete(colour=colour_names)
    async def join(self, interaction: discord.Interaction, colour: Text | None = None) -> None:
        await run(interaction, table_of(interaction).join(channel_of(interaction), user_of(interaction),
                                                          colour, reader(interaction)))

    @app_commands.command(description="Give up your seat (in a game in progress: ask the host for a substitute)")
    async def leave(self, interaction: discord.Interaction) -> None:
        await run(interaction, table_of(interaction).leave(channel_of(interaction), user_of(interaction)))

    @app_commands.command(description="Start the game (host)")
    async def start(self, interaction: discord.Interaction) -> None:
        await run(interaction, table_of(interaction).start(channel_of(interaction), user_of(interaction)))

    @app_commands.command(description="The game, seats, phase, whose move it is, the deadline")
    @app_commands.describe(public="Post it in the channel for everyone (default: only you see it)")
    async def status(self, interaction: discord.Interaction, public: bool = False) -> None:
        status = await awaited(interaction, table_of(interaction).status(channel_of(interaction), away_spent_too=True),
                               private=not public)
        language = (await spoken(interaction, channel_of(interaction))) if public else reader(interaction)
        view = discord.ui.View(timeout=None)
        if status.status == "active":
            view.add_item(card_button(channel_of(interaction), label=translate(YOUR_CARD, language)))
        await respond(interaction, embed=status_embed(status, language), view=view, ephemeral=not public)

    @app_commands.command(description="Show the board (or a part of it), now or after an entry of the log")
    @app_commands.describe(private="As your seat sees it (only you see it)",
                           focus="A part at full size: a region, or a player's by colour, name or civilization",
                           at="The board as it was after this log entry (its number in /game log)",
                           full="The whole board at full size (open it to read it), not the view posted",
                           public="Post it in the channel for everyone (default: only you see it)")
    @app_commands.autocomplete(focus=focus_names)
    async def board(self, interaction: discord.Interaction, private: bool = False, focus: Text | None = None,
                    at: app_commands.Range[int, 1, 1_000_000] | None = None, full: bool = False,
                    public: bool = False) -> None:
        if private and public:
            raise BadInput(Msg("A board as your seat sees it (private:true) is never posted for everyone "
                               "(public:true): leave out one of them."))
        shown = table_of(interaction).board(channel_of(interaction), user_of(interaction), private, focus, at, full)
        await run(interaction, shown if public else privately(shown))

    @app_commands.command(description="Privately: where one of your pieces can go now, drawn on your board")
    @app_commands.describe(piece="Which of your pieces (suggested: those that can move now)")
    @app_commands.autocomplete(piece=your_pieces)
    async def reach(self, interaction: discord.Interaction, piece: Text) -> None:
        await run(interaction, table_of(interaction).reach(channel_of(interaction), user_of(interaction), piece))

    @app_commands.command(description="An animated recap of the last actions (default: since your own last one)")
    @app_commands.describe(actions="How many of the last actions (1–30)")
    async def recap(self, interaction: discord.Interaction,
                    actions: app_commands.Range[int, 1, 30] | None = None) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)  # replaying and drawing take a while
        limit = (interaction.guild.filesize_limit if interaction.guild else 10 * 2**20) - 64 * 1024
        data, frames = await table_of(interaction).recap(channel_of(interaction), user_of(interaction), actions, limit)
        said = Plural("The last {n} action, one frame each:", "The last {n} actions, one frame each:", frames)
        await interaction.followup.send(translate(said, reader(interaction)),
                                        file=discord.File(io.BytesIO(data), "recap.gif"), ephemeral=True)

    @app_commands.command(description="What happened since you last acted or looked")
    async def since(self, interaction: discord.Interaction) -> None:
        result = await awaited(interaction, table_of(interaction).since(channel_of(interaction),
                                                                        user_of(interaction)))
        language = reader(interaction)
        await say_privately(interaction, fit([translate(Msg("Since you last acted or looked:"), language),
                                              *(escape(translate(line, language)) for line in result.lines)]))

    @app_commands.command(description="The game's history in plain words, newest first")
    @app_commands.describe(page="Which page (1 is the newest)")
    async def log(self, interaction: discord.Interaction, page: app_commands.Range[int, 1, 100000] = 1) -> None:
        result = await awaited(interaction, table_of(interaction).log(channel_of(interaction), user_of(interaction),
                                                                      page))
        language = reader(interaction)
        head = Msg("Log, page {page} of {pages} (newest first):", page=result.page, pages=result.pages)
        await say_privately(interaction, fit([translate(head, language),
                                              *(escape(translate(line, language)) for line in result.lines)]))

    @app_commands.command(description="Take back your last action, if nobody has acted since")
    async def undo(self, interaction: discord.Interaction) -> None:
        await run(interaction, table_of(interaction).undo(channel_of(interaction), user_of(interaction)))

    @app_commands.command(description="Answer the decision the game asks of you")
    @app_commands.describe(choice="Your answer")
    @app_commands.autocomplete(choice=decision_options)
    async def choose(self, interaction: discord.Interaction, choice: Text) -> None:
        await run(interaction, table_of(interaction).choose(channel_of(interaction), user_of(interaction), choice,
                                                            language=reader(interaction)))

    @app_commands.command(description="Download the whole game and its log as a JSON file")
    async def export(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)  # a long game takes a while
        name, data = await table_of(interaction).export(channel_of(interaction), user_of(interaction))
        file = discord.File(io.BytesIO(data), name)
        await interaction.followup.send(translate(Msg("The whole game and its log:"), reader(interaction)), file=file,
                                        ephemeral=True)

    @app_commands.command(name="import", description="Continue an exported game in this channel")
    @app_commands.describe(file="A file made by /game export",
                           until="Keep the log up to this entry and play on from there (a finished game too)")
    async def import_(self, interaction: discord.Interaction, file: discord.Attachment,
                      until: app_commands.Range[int, 1, 1_000_000] | None = None) -> None:
        if file.size > MAX_BYTES:
            raise BadInput(Msg("The file is {size} KB; an export is at most {most} KB.", size=file.size // 1024,
                               most=MAX_BYTES // 1024))
        await interaction.response.defer(ephemeral=True, thinking=True)  # reading and checking a file takes a while
        try:
            data = await file.read()
        except discord.HTTPException as e:
            raise BadInput(Msg("Discord did not hand over the file (HTTP {status}); please try again.",
                               status=e.status)) from None
        outcome = await table_of(interaction).import_game(channel_of(interaction), interaction.guild_id,
                                                          user_of(interaction), data,
                                                          lambda ids: people(interaction.guild, ids), until)
        await send(interaction, outcome, thinking=True)  # the game is imported, whatever Discord makes of the answer

    @app_commands.command(description="Show the settings, or change one (host)")
    @app_commands.describe(name="The setting to change", value="Its new value")
    @app_commands.autocomplete(name=setting_names)
    async def settings(self, interaction: discord.Interaction, name: Text | None = None,
                       value: Text | None = None) -> None:
        await run(interaction, table_of(interaction).settings(
            channel_of(interaction), user_of(interaction), name, value))

    @app_commands.command(description="End this channel's game (host, or Manage Channels); asks to confirm")
    async def end(self, interaction: discord.Interaction) -> None:
        game_id, title = await awaited(interaction, table_of(interaction).may_end(channel_of(interaction),
                                                                                  user_of(interaction)))
        language = reader(interaction)
        asked = Msg("End the {game} game in this channel for everyone? This cannot be taken back.", game=title)
        await respond(interaction, content=translate(asked, language), ephemeral=True,
                      view=end_view(channel_of(interaction), interaction.user.id, game_id, language))

    @app_commands.command(description="Your games on this server, those waiting for you first, with your turn cards")
    async def mine(self, interaction: discord.Interaction) -> None:
        found = await awaited(interaction, table_of(interaction).mine(user_of(interaction), interaction.guild_id))
        if not found:
            await say_privately(interaction, Msg("You are not playing any game on this server."))
            return
        text, view = mine_message(interaction.guild, interaction.user.id, found, reader(interaction))
        await respond(interaction, content=text, view=view, ephemeral=True)

    @app_commands.command(description="Be away for some days: your clock stops meanwhile (0: back)")
    @app_commands.describe(days="How many days (0: you are back)",
                           everywhere="In all your games on this server, each within its own limits")
    async def away(self, interaction: discord.Interaction, days: app_commands.Range[int, 0, 30],
                   everywhere: bool = False) -> None:
        table, channel, user = table_of(interaction), channel_of(interaction), user_of(interaction)
        if not everywhere:
            await run(interaction, table.away(channel, user, days))
            return
        covered, late = await timely(table.away_everywhere(user, interaction.guild_id, days, channel),
                                     lambda: interaction.response.defer(ephemeral=True, thinking=True))
        if not covered:
            raise NoGame(Msg("You are not playing any game in progress on this server."))
        here = next((c for c in covered if c.channel_id == channel and not c.refused), None)
        if here is not None:  # this channel is told as by /game away here; the others, each in its own channel
            await send(interaction, Outcome(here.said), thinking=True if late else None)
        done = Msg("Away for {days}", days=Plural("{n} day", "{n} days", days)) if days else Msg("Back")
        await say_privately(interaction, covered_text(done, covered, reader(interaction)))

    @app_commands.command(description="Pause the game: every clock stops and nobody moves until it resumes (host)")
    async def pause(self, interaction: discord.Interaction) -> None:
        await run(interaction, table_of(interaction).pause(channel_of(interaction), user_of(interaction), True))

    @app_commands.command(description="Resume a paused game (host)")
    async def resume(self, interaction: discord.Interaction) -> None:
        await run(interaction, table_of(interaction).pause(channel_of(interaction), user_of(interaction), False))

    @app_commands.command(description="Play the default move for a player whose time ran out (host)")
    @app_commands.describe(player="The player whose time ran out")
    async def skip(self, interaction: discord.Interaction, player: discord.User) -> None:
        await run(interaction, table_of(interaction).skip(channel_of(interaction), user_of(interaction), player.id))

    @app_commands.command(description="Hand a player's seat to another member, who plays on from it (host)")
    @app_commands.describe(player="Whose seat", to="The member who takes it over")
    async def substitute(self, interaction: discord.Interaction, player: discord.User, to: discord.User) -> None:
        await run(interaction, table_of(interaction).substitute(
            channel_of(interaction), user_of(interaction), player.id, User(to.id, to.display_name)))

    @app_commands.command(description="Hand hosting to another seated player (host)")
    @app_commands.describe(to="The player who hosts from now on")
    async def host(self, interaction: discord.Interaction, to: discord.User) -> None:
        await run(interaction, table_of(interaction).hand_host(channel_of(interaction), user_of(interaction), to.id))

    @app_commands.command(description="How you are told a game waits for you: in the channel, or by direct message")
    @app_commands.describe(turn="A direct message when a game waits for you", hits="A direct message when a "
                           "move hits your pieces")
    async def notify(self, interaction: discord.Interaction, turn: bool, hits: bool) -> None:
        table = table_of(interaction)
        await awaited(interaction, table.set_member(interaction.user.id, turn, hits))
        said = {True: Msg("by direct message (in the channel if your messages are closed)"),
                False: Msg("in the channel")}
        here = games_text(await table.mine(user_of(interaction), interaction.guild_id))
        await say_privately(interaction, Msg("When a game waits for you: {turn}. When a move hits your pieces: {hits}. "
                                             "This is your choice for all your games, on every server, and for those "
                                             "you join later; on this server: {games}.", turn=said[turn],
                                             hits=said[hits], games=here))

    @app_commands.command(description="How to play: a game's commands and a short rules summary")
    @app_commands.describe(game="Which game (default: this channel's)")
    @app_commands.autocomplete(game=game_names)
    async def help(self, interaction: discord.Interaction, game: Text | None = None) -> None:
        table = table_of(interaction)
        key = game
        if key is None:
            try:
                key = (await awaited(interaction, table.status(channel_of(interaction)))).game_key
            except NoGame:
                key = None
        await show_help(interaction, table.game(key).key if key is not None else None)  # an unknown game: refused


class Ahead(commands.Cog):
    """/prepared: a turn prepared while another plays (issue 30), apart from /game (which holds
    as many commands as Discord allows a group)."""

    @app_commands.command(description="Your next turn prepared ahead: show it, take it back, replay it, or how "
                                      "it is played")
    @app_commands.describe(do="What to do with it (show, by default)")
    @app_commands.choices(do=[app_commands.Choice(name=d, value=d) for d in DOINGS])
    async def prepared(self, interaction: discord.Interaction, do: str = "show") -> None:
        await run(interaction, table_of(interaction).prepared(channel_of(interaction), user_of(interaction), do))


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(GameCommands(bot))
    await bot.add_cog(Ahead())

