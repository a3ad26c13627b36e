"""American tournament scoring: organizers' tables as data (:mod:`.tables`), one game scored
(:mod:`.scoring`), a night's standings and a sample night (:mod:`.night`), and the same games
settled at home for comparison (:mod:`.compare`)."""

from .night import Standing, Standings, sample_night, standings
from .scoring import Game, GameScore, Line, points_by_role, score_game
from .tables import (COMMON, EXPOSURE_BANDS, MAX_EXPOSURES, PRESET_NAMES, PRESETS, RECIPIENTS, SCORES_AS,
                     TOURNAMENT_HOWS, VARIANT, TournamentError, TournamentTable, get_table, load_table, preset,
                     table_from_json)

__all__ = ["COMMON", "EXPOSURE_BANDS", "MAX_EXPOSURES", "PRESET_NAMES", "PRESETS", "RECIPIENTS", "SCORES_AS",
           "TOURNAMENT_HOWS", "VARIANT", "Game", "GameScore", "Line", "Standing", "Standings", "TournamentError",
           "TournamentTable", "get_table", "load_table", "points_by_role", "preset", "sample_night", "score_game",
           "standings", "table_from_json"]
