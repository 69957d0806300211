"""The Discord front end: the bot class and its command tree, replies, menus and option checks.

Cogs (`cogs/`) hold the commands; everything they share with each other lives here.
"""
