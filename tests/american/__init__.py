"""Tests of mjscore.american (mirrors the package)."""
