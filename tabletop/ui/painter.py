"""Drawing in virtual coordinates: panels, text, images. `draw()` code talks to this only."""

from __future__ import annotations

import math
from collections import OrderedDict
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass

import pygame

from tabletop.ui import cards, style
from tabletop.ui.text import font_at, typeset, wrap
from tabletop.ui.viewport import Viewport

Rectish = pygame.FRect | pygame.Rect | tuple[float, float, float, float]
_ANCHORS = ("topleft", "midtop", "topright", "midleft", "center", "midright", "bottomleft", "midbottom",
            "bottomright")


@dataclass(frozen=True)
class TextProblem:
    """Text a player cannot read whole: wider than its box after fitting, fitted too small, cut off, or
    drawn over other text.

    kind: "overflow" (width > limit, the box), "too_small" (size < the readable minimum, `Painter.min_text`),
    "shrunk" (at a text size above 100 %, drawn smaller than the same text in the same state at 100 %, see
    `Painter.seen_at_100`: width is that size),
    "clipped" (wrapped lines that did not fit the box's height were left out), "overlap" (text is "this ×
    the other"; width and limit are the overlap's width and height), "covered" (an opaque shape or image
    drawn later hides part of the text, not all of it; width and limit are the hidden part's width and
    height). Sizes and widths are virtual px."""

    kind: str
    text: str
    size: float
    width: float
    limit: float

    def __str__(self) -> str:
        if self.kind == "too_small":
            return f"{self.kind}: {self.text!r} at {self.size:.1f} px"
        if self.kind == "shrunk":
            return f"{self.kind}: {self.text!r} at {self.size:.1f} px, {self.width:.1f} px at 100 %"
        if self.kind in ("overlap", "covered"):
            return f"{self.kind}: {self.text!r} ({self.width:.0f}x{self.limit:.0f} px)"
        return f"{self.kind}: {self.text!r} at {self.size:.1f} px ({self.width:.0f} > {self.limit:.0f})"


_TEXT_CACHE: OrderedDict[tuple, pygame.Surface] = OrderedDict()
_MEASURE_CACHE: dict[tuple, int] = {}
_WRAP_CACHE: dict[tuple, list[str]] = {}
_ALPHA_CACHE: dict[tuple, pygame.Surface] = {}
_BODY_CACHE: dict[tuple, pygame.Rect] = {}


class Painter:
    def __init__(self, surface: pygame.Surface, viewport: Viewport) -> None:
        self.surface = surface
        self.vp = viewport
        # The caches are keyed in window px, not by painter: every Painter shares them, so a board's
        # offscreen painter (a cached layer redrawn after a move) finds the text the table drew before
        # instead of rendering each label again in the frame that applies the move.
        self._text_cache: OrderedDict[tuple, pygame.Surface] = _TEXT_CACHE
        self._measure_cache: dict[tuple, int] = _MEASURE_CACHE  # text widths in window px
        self._wrap_cache: dict[tuple, list[str]] = _WRAP_CACHE  # (text, px size, bold, px width) -> lines
        self._alpha_cache: dict[tuple, pygame.Surface] = _ALPHA_CACHE
        self._body_cache: dict[tuple, pygame.Rect] = _BODY_CACHE  # (text, px size, bold) -> its letters' box
        # Text size setting (100/125/150 %): every size passed to `text`/`wrapped` is multiplied by it, on
        # every screen; layouts read `scale_now` to grow their rows and boxes with it.
        self._text_scale = 1.0
        self.drawn: list[str] | None = None  # when a list, every string `text` draws is appended (tests read it)
        # When a list, text that overflows its box, is fitted below `min_text`, is clipped, is drawn over
        # other visible text or is partly covered by a later shape is reported (see `report_to`).
        self.problems: list[TextProblem] | None = None
        # Also report "shrunk" text (see TextProblem) while reporting: on, so every check of the report holds
        # the rule that larger text is never smaller than at 100 %. A check of another fault may turn it off.
        self.report_shrunk = True
        # While a dict: the smallest window px size each text (as asked, before names are shortened; and bold)
        # was drawn at, filled while drawing at text size 100 % (`_compare_with_100`) and read while drawing the
        # same state at a larger size, where a text drawn smaller than its 100 % self is reported "shrunk".
        self.seen_at_100: dict[tuple[str, bool], int] | None = None
        # This frame's visible text while reporting: (its letters' body, the letters' whole height, text,
        # its size in window px, the overlay depth it was drawn at).
        self._visible_text: list[tuple[pygame.Rect, pygame.Rect, str, int, int]] = []
        self._floating = 0  # > 0 while drawing an overlay (see `overlay`)
        # The players' names at the table (set by the table scene): in a text too wide for its box they are
        # shortened by `shorten_names` instead of the text overflowing.
        self.player_names: frozenset[str] = frozenset()

    @property
    def text_scale(self) -> float:
        return self._text_scale

    @text_scale.setter
    def text_scale(self, scale: float) -> None:
        self._text_scale = scale
        cards.set_index_scale(scale)  # card corner indices are text too: they follow the setting

    @property
    def min_text(self) -> float:
        """The smallest size text may be fitted down to: style.MIN_TEXT (11 px) at 100 %, 1 px more per
        25 % of text size (13 px at 150 %), so a player who asked for larger text never gets 11 px."""
        return style.MIN_TEXT + 4 * max(0.0, self._text_scale - 1)

    def report_to(self, problems: list[TextProblem] | None) -> None:
        """Start (a list) or stop (None) reporting text problems; each call begins a new frame."""
        self.problems = problems
        self._visible_text = []

    def set_target(self, surface: pygame.Surface, viewport: Viewport) -> None:
        if viewport.scale != self.vp.scale:
            self._text_cache.clear()
            self._measure_cache.clear()
        self.surface, self.vp = surface, viewport

    # ----- shapes ---------------------------------------------------------------------
    def fill(self, color: style.Color) -> None:
        self.surface.fill(color)
        self._visible_text.clear()

    @contextmanager
    def overlay(self) -> Iterator[None]:
        """Draw a floating panel (a hint banner, a toast, the end-of-game banner, a menu): it lies over
        the table, so the table's text it hides in part is not reported as cut; its own text that its own
        later shapes cut is."""
        self._floating += 1
        try:
            yield
        finally:
            self._floating -= 1

    def _cover(self, screen: pygame.Rect) -> None:
        """An opaque shape or image hides the text under it: that text can no longer collide. Hiding all
        of a text is drawing over it (a dialog, a card on a finished zone); hiding only part of its
        letters cuts them (a card over a zone label), which is reported."""
        if not self._visible_text:
            return
        screen = screen.clip(self.surface.get_clip())  # a scrolling view's clip keeps the shape to its view
        kept = []
        for seen in self._visible_text:
            letters, text = seen[1], seen[2]
            hit = screen.clip(letters)
            if hit.w <= 2 or hit.h <= 2:
                kept.append(seen)
            elif not screen.contains(letters) and self.problems is not None and self._floating <= seen[4]:
                self._report("covered", text, 0.0, hit.w / self.vp.scale, hit.h / self.vp.scale)
        self._visible_text = kept

    def rect(self, r: Rectish, color: style.Color, radius: float = 0, width: float = 0) -> None:
        screen = self.vp.rect(r)
        pygame.draw.rect(self.surface, color, screen, self.vp.px(width) if width else 0,
                         border_radius=self.vp.px(radius) if radius else 0)
        if not width:
            self._cover(screen)

    def alpha_rect(self, r: Rectish, color: style.Color, alpha: int, radius: float = 0) -> None:
        screen = self.vp.rect(r)
        if alpha >= 140:  # veils under dialogs and menus hide what is beneath
            self._cover(screen)
        if tuple(color) == (0, 0, 0) and not radius:
            # A black veil darkens: multiplying in place is that blend without reading a source (3x faster).
            self.surface.fill((255 - alpha,) * 3, screen, special_flags=pygame.BLEND_RGB_MULT)
            return
        key = (screen.size, color, alpha, self.vp.px(radius) if radius else 0)
        layer = self._alpha_cache.get(key)
        if layer is None:  # shadows and veils repeat every frame: build each shape once
            if len(self._alpha_cache) > 600:
                self._alpha_cache.clear()
            layer = pygame.Surface(screen.size, pygame.SRCALPHA)
            pygame.draw.rect(layer, (*color, alpha), layer.get_rect(), border_radius=key[3])
            self._alpha_cache[key] = layer
        self.surface.blit(layer, screen)

    def panel(self, r: Rectish, dark: bool = True, radius: float = style.RADIUS) -> None:
        """The standard raised panel: a soft shadow, a fill and a hairline edge."""
        x, y, w, h = r
        self._panel_shadow(pygame.FRect(x + 3, y + 4, w, h), radius)
        self.rect(r, style.PANEL_DARK if dark else style.PANEL, radius)
        self.rect(r, style.PANEL_EDGE if dark else style.CARD_EDGE, radius, width=1)

    def _panel_shadow(self, r: pygame.FRect, radius: float) -> None:
        """A panel's shadow (offset 3, 4): only its edges show, so its middle, which the panel covers, is
        left transparent and the layer run-length encoded; the blit then touches the edges alone."""
        screen = self.vp.rect(r)
        rounding = self.vp.px(radius) if radius else 0
        key = ("panel shadow", screen.size, rounding)
        layer = self._alpha_cache.get(key)
        if layer is None:
            if len(self._alpha_cache) > 600:
                self._alpha_cache.clear()
            layer = pygame.Surface(screen.size, pygame.SRCALPHA)
            pygame.draw.rect(layer, (*style.SHADOW, 70), layer.get_rect(), border_radius=rounding)
            dx, dy = self.vp.px(3) + rounding + 1, self.vp.px(4) + rounding + 1  # clear of the panel's corners
            layer.fill((0, 0, 0, 0), (rounding + 1, rounding + 1, screen.w - dx - rounding - 1,
                                      screen.h - dy - rounding - 1))
            layer.set_alpha(255, pygame.RLEACCEL)
            self._alpha_cache[key] = layer
        self.surface.blit(layer, screen)

    def line(self, a: tuple[float, float], b: tuple[float, float], color: style.Color, width: float = 1) -> None:
        pygame.draw.line(self.surface, color, self.vp.point(*a), self.vp.point(*b), self.vp.px(width))

    def circle(self, center: tuple[float, float], radius: float, color: style.Color, width: float = 0) -> None:
        pygame.draw.circle(self.surface, color, self.vp.point(*center), self.vp.px(radius),
                           self.vp.px(width) if width else 0)

    def polygon(self, points: list[tuple[float, float]], color: style.Color, width: float = 0) -> None:
        pygame.draw.polygon(self.surface, color, [self.vp.point(*p) for p in points],
                            self.vp.px(width) if width else 0)

    # ----- text -----------------------------------------------------------------------
    def _render(self, text: str, size: float, color: style.Color, bold: bool) -> pygame.Surface:
        key = (text, self.vp.px(size), color, bold)
        cached = self._text_cache.get(key)
        if cached is None:
            face = font_at(self.vp.px(size), bold)
            try:
                cached = face.render(typeset(text), True, color)
            except pygame.error as exc:  # only zero-width characters (e.g. U+200B typed in a name)
                if "zero width" not in str(exc):
                    raise
                cached = face.render("", True, color)
            self._text_cache[key] = cached
            if len(self._text_cache) > 1500:
                self._text_cache.popitem(last=False)
        else:
            self._text_cache.move_to_end(key)
        return cached

    def measure(self, text: str, size: float, bold: bool = False) -> float:
        key = (text, self.vp.px(size), bold)
        width = self._measure_cache.get(key)
        if width is None:
            if len(self._measure_cache) > 4000:
                self._measure_cache.clear()
            width = self._measure_cache[key] = font_at(key[1], bold).size(typeset(text))[0]
        return width / self.vp.scale

    @property
    def scale_now(self) -> float:
        """The text-size factor every text size is multiplied by (the text-size setting)."""
        return self.text_scale

    @contextmanager
    def scaled(self) -> Iterator[float]:
        """Kept for callers written when only some regions followed the setting; yields the factor."""
        yield self.text_scale

    def _report(self, kind: str, text: str, size: float, width: float = 0.0, limit: float = 0.0) -> None:
        if self.problems is not None:
            self.problems.append(TextProblem(kind, text, size, width, limit))

    def text(self, text: str, pos: tuple[float, float], size: float = style.BODY, color: style.Color = style.TEXT_LIGHT,
             bold: bool = False, anchor: str = "topleft", max_width: float | None = None,
             icon: bool = False) -> pygame.FRect:
        """One line of text; shrunk to fit `max_width` if given. Returns its virtual rect.

        `icon`: a symbol sized to its shape (a glyph in a seat disc), not to the text-size setting."""
        assert anchor in _ANCHORS
        if self.drawn is not None:
            self.drawn.append(text)
        at_100 = size  # the size this text has at text size 100 %
        if not icon:
            size *= self.text_scale
        asked = text
        if max_width is not None:
            # A text with players' names is never fitted below its size at 100 % when the text size is larger:
            # the names give way first (`shorten_names`). Other text is fitted down to `min_text`, so it stays
            # whole; drawn smaller than at 100 % it is reported (`seen_at_100`): its box must grow.
            least = self.min_text if icon or self.text_scale <= 1 else max(self.min_text, at_100)
            if self.player_names and self.measure(text, least, bold) > max_width:
                text = self.shorten_names(text, max_width, bold, size=least)
            size = self._fit(text, size, bold, max_width, least if self.measure(text, least, bold) <= max_width
                             else None)
            if self.problems is not None and text.strip():
                width = self.measure(text, size, bold)
                if width > max_width + 0.5:
                    self._report("overflow", text, size, width, max_width)
        if size < (style.MIN_TEXT if icon else self.min_text) - 0.01 and text.strip():
            self._report("too_small", text, size)
        if self.seen_at_100 is not None and not icon and text.strip():
            self._compare_with_100(asked, bold, size)
        surf = self._render(text, size, color, bold)
        screen = surf.get_rect(**{anchor: self.vp.point(*pos)})
        self.surface.blit(surf, screen)
        # Text a scrolling view's clip cuts (a rules line scrolled half out of sight) is scrolled, not laid
        # out wrong: the part in sight is all that is drawn, and it is not checked against other text.
        if self.problems is not None and not icon and text.strip() and self.surface.get_clip().contains(screen):
            self._check_overlap(text, surf, (text, self.vp.px(size), bold), size, screen)
        return pygame.FRect(self.vp.to_virtual(screen.topleft), (screen.w / self.vp.scale, screen.h / self.vp.scale))

    def _compare_with_100(self, text: str, bold: bool, size: float) -> None:
        """At 100 %, notes the smallest window px size `text` is drawn at; above it, reports `text` drawn
        smaller than that (in window px: the sizes a font exists in, so 17.5 and 18 px in a 1024 window,
        one size, are not a difference). The same state drawn at both sizes makes this exact: a text fitted
        small at 100 % already is not reported, a box that did not grow with the text, or shrank, is.
        Wrapped text breaks elsewhere at another size: `wrapped` compares the whole text (text a board wraps
        itself is compared line by line, where its lines are the same)."""
        px = self.vp.px(size)
        key = (text, bold)
        seen = self.seen_at_100
        if seen is None:  # not comparing: nothing was drawn at 100 % for this state
            return
        if self.text_scale <= 1:
            seen[key] = min(px, seen.get(key, px))
            return
        then = seen.get(key)
        if self.report_shrunk and then is not None and px < then:
            self._report("shrunk", text, size, then / self.vp.scale)

    def _check_overlap(self, text: str, surf: pygame.Surface, key: tuple, size: float, screen: pygame.Rect) -> None:
        """Reports `text` when its letters run into other visible text drawn this frame.

        Each text's box is its letters' body (`_body`): the pixels its glyphs paint, down to the foot of
        an ideograph (a Latin descender below that dips into the next line's leading). Two texts collide
        when their bodies share 2 window px or more both ways, however they were laid out (rows stepped
        closer than the letters are tall, a heading grown by the text size onto the line under it, two
        labels side by side); paragraph lines at 1.15 em keep about a fifth of an em between bodies.
        The same text drawn again where it is (a redraw, an embossed shadow) is not a collision."""
        body = self._body(surf, key).move(screen.topleft)
        px = key[1]
        for other, _letters, other_text, _px, _depth in self._visible_text:
            if other_text == text and abs(other.x - body.x) <= 2 and abs(other.y - body.y) <= 2:
                continue
            across = min(body.right, other.right) - max(body.x, other.x)  # > 0: they share columns
            down = min(body.bottom, other.bottom) - max(body.y, other.y)  # > 0: they share rows
            if across >= 2 and down >= 2:
                self._report("overlap", f"{text} × {other_text}", size, max(0, across) / self.vp.scale,
                             max(0, down) / self.vp.scale)
                break
        # Letters (kana, kanji, capitals, descenders) fill about 14-88 % of the line box: a shape over
        # that band cuts them, even where it misses the middle.
        letters = pygame.Rect(screen.x + 1, screen.y + round(screen.h * 0.14), screen.w - 2, round(screen.h * 0.74))
        self._visible_text.append((body, letters, text, px, self._floating))

    def _body(self, surf: pygame.Surface, key: tuple) -> pygame.Rect:
        """The box of a rendered text's letters, relative to its surface: the pixels its glyphs paint,
        cut at the foot of an ideograph (0.12 em under the baseline). Kept per rendering."""
        body = self._body_cache.get(key)
        if body is None:
            if len(self._body_cache) > 4000:
                self._body_cache.clear()
            ink = surf.get_bounding_rect(min_alpha=64)
            foot = font_at(key[1], key[2]).get_ascent() + round(0.12 * key[1])
            body = self._body_cache[key] = pygame.Rect(ink.x, ink.y, ink.w, max(1, min(ink.bottom, foot) - ink.y))
        return body

    def _fit(self, text: str, size: float, bold: bool, max_width: float, floor: float | None = None) -> float:
        """`size`, or the largest smaller one (down to `floor`, `min_text` if not given) at which `text` is at
        most `max_width` wide.

        Fonts exist in whole window pixels only, so the proportional guess is rounded down (rounding it to
        the nearest pixel could give back the original size) and then lowered until the text fits, or raised
        while the next pixel still fits (widths are not quite proportional: the same text fitted from 150 %
        comes out as large as fitted from 100 %). Text that still does not fit at the floor overflows (and
        is reported): the box must grow instead."""
        width = self.measure(text, size, bold)
        if width <= max_width:
            return size
        ceiling = size
        floor = min(size, self.min_text if floor is None else floor)
        step = 1 / self.vp.scale
        size = max(floor, math.floor(size * self.vp.scale * max_width / width) / self.vp.scale)
        while size > floor and self.measure(text, size, bold) > max_width:
            size = max(floor, size - step)
        while size + step < ceiling and self.measure(text, size + step, bold) <= max_width:
            size += step
        return size

    def elide_left(self, text: str, max_width: float, bold: bool = False) -> str:
        """`text`, or "…" and its end where it would not fit even at `min_text` (a long folder path)."""
        if self.measure(text, self.min_text, bold) <= max_width:
            return text
        keep = len(text)
        while keep > 1 and self.measure("…" + text[-keep:], self.min_text, bold) > max_width:
            keep -= 1
        return "…" + text[-keep:]

    def shorten_names(self, text: str, max_width: float, bold: bool = False,
                      names: frozenset[str] | None = None, size: float | None = None) -> str:
        """The one rule for players' names (setup accepts 16 characters) in a text too wide for its box at
        `size` (`min_text` if not given; above 100 % `text` passes the text's size at 100 %, so a name is
        shortened rather than drawn smaller than at 100 %): the longest name in it is cut, a character at a
        time, to its beginning and "…" (a name is told apart by how it starts), until the text fits or every
        name is down to one letter. `names`: the names to look for, where they are not the table's (a saved
        game's seats)."""
        size = self.min_text if size is None else size
        shown_as = {name: name for name in (self.player_names if names is None else names) if name and name in text}
        while shown_as and self.measure(text, size, bold) > max_width:
            name, shown = max(shown_as.items(), key=lambda item: len(item[1].rstrip("…")))
            keep = len(shown.rstrip("…")) - 1
            if keep < 1:
                break
            shorter = name[:keep].rstrip() + "…"
            text = text.replace(shown, shorter)
            shown_as[name] = shorter
        return text

    def line_or_two(self, text: str, x: float, cy: float, size: float, color: style.Color, width: float,
                    bold: bool = False) -> None:
        """Text left-aligned at `x` and centred on `cy` in `width`: one line fitted where it fits at its size at
        100 % (at 100 %, down to `min_text`), else two lines at that size if it takes no more, else two at
        `min_text`: a larger text size never makes it smaller than at 100 % (a label beside a wide button)."""
        k = self.text_scale
        if self.measure(text, size if k > 1 else self.min_text, bold) <= width:
            self.text(text, (x, cy), size, color, bold, anchor="midleft", max_width=width)
            return
        # Sizes are scaled by the setting: size / k draws at size, min_text / k at min_text.
        small = next((s for s in (size / k, self.min_text / k) if len(self.wrap_lines(text, width, s, bold)) <= 2),
                     self.min_text / k)
        lines = self.wrap_lines(text, width, small, bold)[:2]
        step = small * k * 1.1
        for i, line in enumerate(lines):
            self.text(line, (x, cy + (i - (len(lines) - 1) / 2) * step), small, color, bold, anchor="midleft",
                      max_width=width)

    def keeps_label(self, label: str, label_size: float, text: str, size: float, room: float,
                    bold: bool = False) -> bool:
        """Whether a label (a hand's "Your hand (5)") stays left of an instruction fitted into the rest of
        `room` (the row's width after the gap between them): above 100 % it gives way where the instruction
        beside it would come out smaller than beside it at 100 %, so the instruction keeps its 100 % size."""
        if self.text_scale <= 1:
            return True
        width = self.measure(text, size, bold)  # at 100 %
        then = room - self.measure(label, label_size)
        now = room - self.measure(label, label_size * self.text_scale)
        return min(width, then) <= now

    @staticmethod
    def under(rect: pygame.FRect, y: float) -> float:
        """The top for a line of text under `rect` (a drawn line of text): `y`, or lower where the letters
        of a heading grown by the text-size setting reach down to it (a line box is ~20 % padding below)."""
        return max(y, rect.bottom - rect.h * 0.2)

    def seat_disc(self, center: tuple[float, float], radius: float, seat: int) -> None:
        """A seat's colour disc with its glyph (colour never carries meaning alone); the glyph fits the disc."""
        self.circle(center, radius, style.SEAT_COLORS[seat % len(style.SEAT_COLORS)])
        self.text(style.SEAT_GLYPHS[seat % len(style.SEAT_GLYPHS)], center, max(style.MIN_TEXT, radius * 1.1),
                  style.INK, anchor="center", icon=True)

    def wrapped(self, text: str, r: Rectish, size: float = style.BODY, color: style.Color = style.TEXT_LIGHT,
                bold: bool = False, line_gap: float = 1.25, align: str = "left") -> float:
        """Text wrapped into a rect (Japanese line breaking rules applied); returns the height used."""
        x, y, w, h = r
        lines = self._wrap(text, self.vp.px(size * self.text_scale), bold, self.vp.px(w))
        scaled_size = size * self.text_scale
        if self.seen_at_100 is not None and text.strip():
            self._compare_with_100(text, bold, scaled_size)
        step = scaled_size * line_gap
        seen, self.seen_at_100 = self.seen_at_100, None  # compared whole above: a line is no text of its own
        for i, line in enumerate(lines):
            if (i + 1) * step > h + 0.5:
                self._report("clipped", " / ".join(lines[i:]), scaled_size, len(lines) * step, h)
                break
            if self.problems is not None and (width := self.measure(line, scaled_size, bold)) > w + 0.5:
                self._report("overflow", line, scaled_size, width, w)
            if align == "center":
                self.text(line, (x + w / 2, y + i * step), size, color, bold, anchor="midtop")
            else:
                self.text(line, (x, y + i * step), size, color, bold)
        self.seen_at_100 = seen
        return len(lines) * step

    def wrapped_fit(self, text: str, r: Rectish, sizes: tuple[float, ...], color: style.Color = style.TEXT_LIGHT,
                    bold: bool = False, line_gap: float = 1.25) -> float:
        """`wrapped` at the first of `sizes` (largest first) whose lines fit the rect's height: a fixed
        panel keeps all of its explanation when the text-size setting grows, one size step smaller."""
        size = sizes[-1]
        for candidate in sizes[:-1]:
            lines = len(self.wrap_lines(text, r[2], candidate, bold))
            if lines * candidate * self.text_scale * line_gap <= r[3] + 0.5:
                size = candidate
                break
        return self.wrapped(text, r, size, color, bold, line_gap)

    def wrap_lines(self, text: str, width: float, size: float, bold: bool = False) -> list[str]:
        return self._wrap(text, self.vp.px(size * self.text_scale), bold, self.vp.px(width))

    def _wrap(self, text: str, size_px: int, bold: bool, width_px: int) -> list[str]:
        """Wrapped lines, kept: boards wrap the same help and log lines every frame (a few ms at 1080p)."""
        key = (text, size_px, bold, width_px)
        lines = self._wrap_cache.get(key)
        if lines is None:
            if len(self._wrap_cache) > 2000:
                self._wrap_cache.clear()
            lines = self._wrap_cache[key] = wrap(text, font_at(size_px, bold), width_px)
        return list(lines)

    # ----- images ---------------------------------------------------------------------
    def blit(self, surface: pygame.Surface, pos: tuple[float, float], anchor: str = "topleft") -> None:
        screen = surface.get_rect(**{anchor: self.vp.point(*pos)})
        self.surface.blit(surface, screen)
        self._cover(screen)

    def size_px(self, w: float, h: float) -> tuple[int, int]:
        return self.vp.px(w), self.vp.px(h)
