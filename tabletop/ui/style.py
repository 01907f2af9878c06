"""The one visual style of Tabletop (documented in docs/STYLE.md): palette, type, spacing, motion.

Every table uses these names; nothing else in ui/ writes a colour literal or a
font size. Sizes are in virtual pixels of the 1280x720 layout (see viewport).
"""

from __future__ import annotations

Color = tuple[int, int, int]

# Palette: a dark felt table, warm paper cards, one accent for "your move".
FELT = (22, 52, 46)
FELT_DARK = (14, 34, 30)
FELT_LINE = (40, 78, 68)
FELT_LIT = (30, 64, 56)  # the zone of the seat that acts now
FELT_SUNK = (18, 42, 37)  # a zone inside a dark zone (a mat's trick zone)
FELT_COLUMN = (24, 48, 42)  # a column of choices on the dark felt
PANEL = (250, 245, 235)
PANEL_DARK = (33, 38, 44)
PANEL_EDGE = (70, 80, 90)
INK = (32, 30, 28)
INK_SOFT = (105, 100, 92)
TEXT_LIGHT = (240, 236, 226)
TEXT_MUTED = (170, 180, 172)
ACCENT = (242, 178, 52)  # legal moves, whose turn: always also marked by an outline or a glyph
ACCENT_DARK = (180, 120, 20)
GOOD = (96, 180, 110)
BAD = (214, 84, 70)
INFO = (90, 150, 220)
CARD_FACE = (252, 248, 238)
CARD_EDGE = (60, 56, 50)
CARD_BACK = (120, 36, 44)
CARD_BACK_PATTERN = (150, 60, 62)
SHADOW = (0, 0, 0)
SEAT_COLORS: tuple[Color, ...] = (
    (230, 95, 80), (80, 150, 230), (240, 190, 60), (120, 190, 100), (180, 120, 220), (90, 200, 200),
)
SEAT_GLYPHS = ("●", "▲", "■", "◆", "★", "✚")  # colour never carries meaning alone

# Type scale (virtual px)
TITLE = 56
H1 = 32
H2 = 24
BODY = 18
SMALL = 15
TINY = 13
MIN_TEXT = 11  # the smallest size text may be fitted down to (max_width); below it, the box must grow

# Spacing (virtual px)
GAP = 8
PAD = 16
RADIUS = 10
CARD_W, CARD_H = 84, 120  # the standard card; games scale it by a factor, never change its ratio

# Motion (seconds)
TWEEN = 0.25
JUST_ACTED = 0.9  # a seat's or a place's "just acted" glow after a move (see ui/glow.py)
AI_PACE = {"instant": 0.0, "normal": 0.7, "slow": 1.6}  # pause after each AI move so humans can follow
# A hidden-information move announced on the board (tabletop.ui.moments) stays this long for its first line, half
# as long more for each further line; never less than instant's, however fast the AI is set.
MOMENT_PACE = {"instant": 1.5, "normal": 2.5, "slow": 4.0}
