"""A night at the table: the ledger of every hand, its journal on disk and the report card."""

from .ledger import (AMERICAN_COLUMNS, GAMES, WILLINGDON_COLUMNS, WILLINGDON_HOWS, Entry, Figures, Ledger,
                     LedgerError, Line, LoadResult, Problem, journal_path, load_journal, open_night, read_journal,
                     simulate_night)

__all__ = ["AMERICAN_COLUMNS", "Entry", "Figures", "GAMES", "Ledger", "LedgerError", "Line", "LoadResult",
           "Problem", "WILLINGDON_COLUMNS", "WILLINGDON_HOWS", "journal_path", "load_journal", "open_night",
           "read_journal", "simulate_night"]
