"""Tests of mjscore.views (mirrors the package)."""
