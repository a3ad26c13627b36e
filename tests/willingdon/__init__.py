"""Tests of mjscore.willingdon (mirrors the package)."""
