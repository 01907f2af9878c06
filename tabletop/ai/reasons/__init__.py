"""Why a move is good, in words: one module per game id with `reason(view, action) -> (slug, params) | None`.

Slugs live under "advice." in the i18n catalogs; parameters are plain numbers, seats
(keys ending in "seat", worded as names) and cards (keys "card"/"cards", worded by the
game's formatter). Reasons read only the seat's View, like the agents (tabletop/ai/advice.py).
"""
