"""The one place for the table's look: logical size, colours, type, timings.

Every game draws with these values, so changing the look changes it for all five at once.
``set_contrast("high")`` swaps the colours for the high-contrast look at once: the painters read
``theme.NAME`` when they draw, and ``GENERATION`` changes so that cached pictures are repainted.
"""

from __future__ import annotations

from pathlib import Path

# Scenes lay out in this logical space; the canvas scales it to any window, crisply.
LOGICAL_W, LOGICAL_H = 1600, 900
MIN_WINDOW = (1024, 640)
DEFAULT_WINDOW = (1280, 800)

ASSETS = Path(__file__).resolve().parent.parent / "assets"
FONT_FILES = {
    "title": "fonts/EBGaramond12-Regular.otf",
    "title_bold": "fonts/EBGaramond12-Bold.otf",
    "italic": "fonts/EBGaramond12-Italic.otf",
    "sans": "fonts/DejaVuSans.ttf",
    "sans_bold": "fonts/DejaVuSans-Bold.ttf",
    "condensed": "fonts/DejaVuSansCondensed.ttf",
}

# Table and paper
WOOD = (112, 72, 40)
WOOD_DARK = (74, 45, 24)
WOOD_LIGHT = (150, 102, 60)
FELT = (34, 84, 62)
FELT_DARK = (22, 58, 43)
PAPER = (242, 232, 208)
PAPER_DARK = (214, 198, 166)
INK = (38, 30, 24)
INK_SOFT = (92, 78, 64)
GOLD = (222, 178, 74)
GOLD_DARK = (150, 112, 40)
WHITE = (250, 248, 240)
SHADOW = (0, 0, 0)
SHADOW_ALPHA = 80
RED = (178, 46, 40)
GREEN = (72, 150, 84)

# Widgets
PANEL = (46, 34, 26)
PANEL_EDGE = (120, 92, 60)
BUTTON = (86, 60, 38)
BUTTON_HOVER = (118, 84, 52)
BUTTON_DOWN = (66, 44, 28)
BUTTON_DISABLED = (70, 62, 56)
BUTTON_TEXT = (250, 240, 214)
HIGHLIGHT = (255, 214, 102)  # legal targets and the active seat's glow
FOCUS = (120, 190, 255)
SOFT_TEXT = (200, 185, 160)  # help lines on dark panels
OUTLINE = 1  # outline widths (cards, blocks, legal targets, focus) are multiplied by this

# Cards
CARD_W, CARD_H = 96, 136
CARD_RADIUS = 9
CARD_FACE = (250, 246, 236)
CARD_EDGE = (60, 50, 40)
CARD_BACK = (122, 36, 40)
CARD_BACK_TRIM = (222, 178, 74)
SUIT_RED = (190, 30, 40)
SUIT_BLACK = (28, 28, 34)

# Player / nation colours, each paired with a pattern so colour-blind players can tell them apart
# (Okabe-Ito palette, high contrast on wood).
SEAT_COLOURS = (
    ((0, 114, 178), "plain", "Blue"),
    ((230, 159, 0), "dots", "Orange"),
    ((0, 158, 115), "stripes", "Green"),
    ((204, 121, 167), "cross", "Pink"),
    ((240, 228, 66), "diamond", "Yellow"),
    ((213, 94, 0), "ring", "Vermilion"),
    ((86, 180, 233), "checks", "Sky"),
    ((120, 120, 120), "bars", "Grey"),
    ((150, 90, 200), "wave", "Purple"),
    ((250, 250, 250), "star", "White"),
)
NEUTRAL_BLOCK = (196, 180, 150)

# Motion (seconds at normal speed); the animation-speed setting scales all of them.
SLIDE = 0.30
FLIP = 0.22
DIE_ROLL = 0.75
BOT_PAUSE = 0.55
TOAST = 2.6
CURSOR_BLINK = 0.5  # a focused text field's cursor: shown this long, then hidden as long
ANIM_SPEEDS = {"slow": 1.6, "normal": 1.0, "fast": 0.5, "instant": 0.0}

# Frame loop
UPDATE_HZ = 120
MAX_CATCH_UP = 5

# The high-contrast look: plain dark felt and wood, white words on black panels, black ink on
# white paper, strong outlines (twice as thick) and a pure yellow for legal targets.
HIGH_CONTRAST = {
    "WOOD": (34, 26, 20),
    "WOOD_DARK": (16, 12, 9),
    "WOOD_LIGHT": (58, 44, 32),
    "FELT": (12, 40, 28),
    "FELT_DARK": (4, 20, 12),
    "PAPER": (255, 255, 255),
    "PAPER_DARK": (228, 228, 228),
    "INK": (0, 0, 0),
    "INK_SOFT": (40, 40, 40),
    "GOLD": (255, 214, 64),
    "GOLD_DARK": (120, 84, 0),
    "WHITE": (255, 255, 255),
    "PANEL": (0, 0, 0),
    "PANEL_EDGE": (255, 255, 255),
    "BUTTON": (28, 28, 28),
    "BUTTON_HOVER": (76, 76, 76),
    "BUTTON_DOWN": (0, 0, 0),
    "BUTTON_DISABLED": (52, 52, 52),
    "BUTTON_TEXT": (255, 255, 255),
    "HIGHLIGHT": (255, 238, 0),
    "FOCUS": (0, 210, 255),
    "SOFT_TEXT": (240, 240, 240),
    "CARD_FACE": (255, 255, 255),
    "CARD_EDGE": (0, 0, 0),
    "SHADOW_ALPHA": 120,
    "OUTLINE": 2,
}
NORMAL_CONTRAST = {name: globals()[name] for name in HIGH_CONTRAST}
CONTRAST = "normal"
GENERATION = 0  # changes with the contrast: a key part of every cached picture of the table


def set_contrast(mode: str) -> bool:
    """Switch the colours to ``mode`` ("normal" or "high"); True when they changed (the caller
    then drops its cached pictures)."""
    global CONTRAST, GENERATION
    mode = "high" if mode == "high" else "normal"
    if mode == CONTRAST:
        return False
    globals().update(HIGH_CONTRAST if mode == "high" else NORMAL_CONTRAST)
    CONTRAST = mode
    GENERATION += 1
    return True


# The text size setting: the words of the places that reflow (launcher panels' help, dialogs,
# toasts, lesson words, the coach's note, the tables' logs, the end panel) are drawn this much
# larger; see ``Canvas.ts``. Artwork with fixed boxes (card faces, plates, buttons) keeps its size.
TEXT_SCALE = 1.0
MIN_SCALED_PX = 16  # the words of places that follow the text size are never under this many pixels


def set_text_size(percent: int) -> bool:
    """Scale the words that reflow to ``percent`` of their size; True when that changed."""
    global TEXT_SCALE, GENERATION
    scale = max(1.0, min(2.0, percent / 100))
    if scale == TEXT_SCALE:
        return False
    TEXT_SCALE = scale
    GENERATION += 1
    return True
