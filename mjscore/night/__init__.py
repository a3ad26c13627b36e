"""A night at the table: the ledger of every hand (:mod:`.ledger`), one strategy per game
(:mod:`.american`, :mod:`.willingdon`), its append-only journal on disk (:mod:`.journal`; the
format :mod:`.journal_format`, the file :mod:`.journal_file`, reading it back :mod:`.replay`),
the report card (:mod:`.report`) and the school's simulated night (:mod:`.simulate`)."""

from .entry import GAMES, Entry, Figures, LedgerError, Line, LoadResult, Problem, Unsaid
from .american import AMERICAN_COLUMNS, tournament_games
from .willingdon import WILLINGDON_COLUMNS, WILLINGDON_HOWS
from .ledger import Ledger
from .journal import journal_path, list_nights, load_journal, night_file, open_night, read_journal
from .report import places
from .simulate import how_it_went, simulate_night

__all__ = ["AMERICAN_COLUMNS", "Entry", "Figures", "GAMES", "Ledger", "LedgerError", "Line", "LoadResult", "Unsaid",
           "Problem", "WILLINGDON_COLUMNS", "WILLINGDON_HOWS", "journal_path", "list_nights", "load_journal",
           "how_it_went", "night_file", "open_night", "places", "read_journal", "simulate_night", "tournament_games"]
