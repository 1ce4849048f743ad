"""Worked examples of declaring messages, used by the README and the i18n tests.

They are real catalog entries (extracted and translated like any other), so the tests
exercise the whole path: declaration, extraction, translation, Traditional sync, render.
"""

from __future__ import annotations

from engine.core.text import message, plural_message

MOVE_REFUSED = message("i18n.example.move_refused", "You cannot move {unit} out of {area} this season.")
UNITS_LOST = plural_message("i18n.example.units_lost", "{n} unit was lost in {area}.", "{n} units were lost in {area}.")
WAITING_ON = message("i18n.example.waiting_on", "Waiting on {players}.")
ROUND_STARTS = message("i18n.example.round_starts", "Year {year}, {season}: {why}")
MERCENARIES = message("i18n.example.mercenaries", "Hire mercenaries clockwise, starting with {player}.")
# Slash-command texts (discord.py locale_str): a command description and an option description.
COMMAND_LANGUAGE = message("i18n.example.command.language", "Choose the language the bot speaks to you")
OPTION_LANGUAGE = message("i18n.example.option.language", "The language for your messages")
