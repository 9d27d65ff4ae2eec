"""Twisted Terra: its fight rules are not built yet (see rules.systems.unbuilt)."""

from __future__ import annotations

from rules.systems.unbuilt import Unbuilt

RULES = Unbuilt("terra", "Twisted Terra", "Искажённая Терра")
