"""Where the solitaire's things lie: the top bar of buttons, the draw pile, the line of stacks
(tiles are square, cards tall; long lines wrap into rows) and the status line. Pure geometry."""

from __future__ import annotations

import pygame

from babel.games.solitaire.deals import Variant

TOP_BAR_Y = 20
BAR_X, BAR_H, BAR_GAP = 360, 50, 10  # the row of the table's own buttons, after the title
MENU_ROW = (1280, TOP_BAR_Y + 8, 310, BAR_H)  # Menu and Rules, at the right end of the bar
LINE_X = 250
LINE_Y = 150
PILE_POS = (130, 230)
FINISH_RECT = (PILE_POS[0] - 75, PILE_POS[1] + 100, 150, 50)  # under the pile
FELT = pygame.Rect(30, 110, 1540, 760)
ANALYSIS_FELT = pygame.Rect(30, 110, 1540, 690)
STATUS_POS = (800, 842)
HELP_POS = (800, 806)
COACH_ANCHOR = (1560, 790, 560)  # the hint's note: bottom right of the felt, above the help line
LESSON_BOX = (60, 560, 560, 0)  # a lesson's words: below the first rows of the line
LOG_RECT = pygame.Rect(48, 428, 194, 352)  # the moves so far: the column under the pile
LOG_INK = (236, 226, 204)  # the log's words on the felt
LOG_LESSON_BOTTOM = 548  # in a lesson the log stops above the lesson's words
DRAG_THRESHOLD = 6  # pixels a press must move to be a drag rather than a click


def bar(widths: list[int]) -> list[tuple[int, int, int, int]]:
    """The rects of the top bar's buttons, left to right, for the given widths."""
    out, x = [], BAR_X
    for w in widths:
        out.append((x, TOP_BAR_Y + 8, w, BAR_H))
        x += w + BAR_GAP
    return out


class Geometry:
    """Where pieces go for a variant."""

    def __init__(self, variant: Variant) -> None:
        self.variant = variant
        if variant is Variant.TILES:
            self.size = (108, 108)
            self.pitch, self.row_pitch, self.per_row = 122, 165, 10
        else:
            self.size = (80, 114)
            self.pitch, self.row_pitch, self.per_row = 100, 160, 13

    def centre(self, index: int) -> tuple[float, float]:
        row, col = divmod(index, self.per_row)
        w, h = self.size
        return (LINE_X + col * self.pitch + w / 2, LINE_Y + row * self.row_pitch + h / 2)

    def rect(self, index: int) -> pygame.Rect:
        w, h = self.size
        cx, cy = self.centre(index)
        return pygame.Rect(round(cx - w / 2), round(cy - h / 2), w, h)

    def pile_rect(self) -> pygame.Rect:
        w, h = self.size
        return pygame.Rect(round(PILE_POS[0] - w / 2), round(PILE_POS[1] - h / 2), w, h)

    def stack_at(self, stacks: int, pos) -> int | None:
        """The stack of a line of ``stacks`` under ``pos`` (with a little slack), or None."""
        for i in range(stacks):
            if self.rect(i).inflate(8, 8).collidepoint(pos):
                return i
        return None

    def lesson_clear(self, stacks: int) -> tuple[tuple[pygame.Rect, ...], tuple[pygame.Rect, ...]]:
        """What a lesson's words leave in sight: the pile with its count under it, every stack of
        the line and the status line; and where they can, the deal's line and the help line."""
        pile = self.pile_rect()
        need = [pile.union((PILE_POS[0] - 60, pile.bottom + 18, 120, 30))]
        need += [self.rect(i) for i in range(stacks)]
        need.append(pygame.Rect(STATUS_POS[0] - 400, STATUS_POS[1] - 14, 800, 28))
        rather = (pygame.Rect(40, TOP_BAR_Y + 52, 300, 28), pygame.Rect(HELP_POS[0] - 700, HELP_POS[1] - 12, 1400, 24))
        return tuple(need), rather
