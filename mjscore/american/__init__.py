"""American Mah Jongg: home payments (the National Mah Jongg League's way) and, in
:mod:`mjscore.american.tournament`, tournament scoring from an organizer's table."""

from .home import (CATEGORIES, HOME, HOWS, LEAGUE_CARD, PAYS_AS, AmericanError, HandResult, HomeRules, Payout,
                   check_category, check_how, check_value, home_payments, settle)

__all__ = ["AmericanError", "CATEGORIES", "HOME", "HOWS", "HandResult", "HomeRules", "LEAGUE_CARD", "PAYS_AS", "Payout",
           "check_category", "check_how", "check_value", "home_payments", "settle"]
