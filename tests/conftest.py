"""Shared test helpers.

A test that needs something this machine lacks calls :func:`require`: locally it skips with
the reason; under ``CI=true`` it fails, because CI must never pass by skipping.
"""

from __future__ import annotations

import os

import pytest

IN_CI = os.environ.get("CI", "").lower() in ("1", "true", "yes")


def require(condition: bool, reason: str) -> None:
    if condition:
        return
    if IN_CI:
        pytest.fail(f"CI=true and {reason}", pytrace=False)
    pytest.skip(reason)


@pytest.fixture(autouse=True)
def _data_dir(tmp_path, monkeypatch):
    """Each engine test gets its own empty data folder."""
    monkeypatch.setenv("MJSCORE_DATA_DIR", str(tmp_path / "mjscore-data"))


def pytest_addoption(parser):
    parser.addoption("--fuzz-examples", type=int, default=None, metavar="N",
                     help="tests/test_fuzz.py: N random examples a format instead of the few, "
                          "derandomized, of `make test` (the long run of `make fuzz`)")


def pytest_configure(config):
    n = config.getoption("--fuzz-examples", default=None)
    if n:  # read by tests/test_fuzz.py when it is imported
        os.environ["MJSCORE_FUZZ_EXAMPLES"] = str(n)
