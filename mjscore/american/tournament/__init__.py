"""American tournament scoring: organizers' tables as data, one game scored, a night's standings."""

from .scoring import (COMMON, EXPOSURE_BANDS, MAX_EXPOSURES, PRESET_NAMES, PRESETS, RECIPIENTS, SCORES_AS,
                      TOURNAMENT_HOWS, VARIANT, Game, GameScore, Line, Standing, Standings, TournamentError,
                      TournamentTable, get_table, load_table, points_by_role, preset, sample_night, score_game,
                      standings, table_from_json)

__all__ = ["COMMON", "EXPOSURE_BANDS", "MAX_EXPOSURES", "PRESET_NAMES", "PRESETS", "RECIPIENTS", "SCORES_AS",
           "TOURNAMENT_HOWS", "VARIANT", "Game", "GameScore", "Line", "Standing", "Standings", "TournamentError",
           "TournamentTable", "get_table", "load_table", "points_by_role", "preset", "sample_night", "score_game",
           "standings", "table_from_json"]
