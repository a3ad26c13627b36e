"""Tests of mjscore.night (mirrors the package)."""
