"""The table's own buttons: the menu over the table, and the tools on the log's header line (Log, Undo, Hint)
with their letter keys."""

from __future__ import annotations

from collections.abc import Callable, Mapping

import pygame

from tabletop.i18n import t
from tabletop.ui import style
from tabletop.ui.painter import Painter
from tabletop.ui.table.side_column import SIDE
from tabletop.ui.widgets import Button

MENU_TOP = 240  # the table menu's panel; its buttons follow under the heading
TOOL_KEYS = {pygame.K_z: "undo", pygame.K_h: "hint", pygame.K_l: "log"}
TOOL_LETTERS = {tool: key for key, tool in TOOL_KEYS.items()}
TOOLS = ("log", "undo", "hint")  # right to left on the header line


def menu_buttons_top(text_scale: float) -> float:
    """The menu's first button: under its heading, which grows with the text size."""
    return MENU_TOP + max(60.0, 24 + style.H2 * 1.45 * text_scale)


def menu_buttons(entries: list[tuple[str, Callable[[], None]]], back: Callable[[], None],
                 text_scale: float) -> list[Button]:
    """A column of the menu's entries, then Back."""
    top = menu_buttons_top(text_scale)
    buttons = [Button(pygame.FRect(520, top + 60 * i, 240, 48), label, action)
               for i, (label, action) in enumerate(entries)]
    buttons.append(Button(pygame.FRect(520, top + 60 * len(entries), 240, 48), t("app.back"), back, primary=True))
    return buttons


def draw_menu(p: Painter, rows: int, text_scale: float) -> None:
    """The veil over the table and the menu's panel with its heading (the buttons draw themselves)."""
    p.alpha_rect((0, 0, 1280, 720), style.SHADOW, 150)
    p.panel((480, MENU_TOP, 320, menu_buttons_top(text_scale) - MENU_TOP + 10 + 60 * rows))
    p.text(t("app.menu"), (640, MENU_TOP + 16), style.H2, style.TEXT_LIGHT, bold=True, anchor="midtop")


def tool_label(tool: str, letter_keys: frozenset[int]) -> str:
    """"Undo (Z)", or "Undo (Ctrl+Z)" where the board takes the plain letter for itself."""
    ctrl = TOOL_LETTERS[tool] in letter_keys
    return t(f"app.{tool}_button_ctrl" if ctrl else f"app.{tool}_button")


def tool_buttons(p: Painter, y: float, actions: Mapping[str, Callable[[], object]],
                 letter_keys: frozenset[int]) -> dict[str, Button]:
    """Small buttons on the log's header line at `y`, from the right; labels fit the narrower buttons (not
    below the readable minimum) when they do not all fit."""
    k = p.text_scale
    labels = [tool_label(tool, letter_keys) for tool in TOOLS]
    widths = [max(66.0, p.measure(label, style.TINY * k) + 14) for label in labels]
    room = SIDE.w - 20 - 4 * (len(TOOLS) - 1)
    squeeze = min(1.0, room / sum(widths))
    buttons: dict[str, Button] = {}
    x = SIDE.right - 10
    for tool, label, full in zip(TOOLS, labels, widths, strict=True):
        w = full * squeeze
        x -= w
        buttons[tool] = Button(pygame.FRect(x, y, w, 24 * k), label, _pressed(actions[tool]), size=style.TINY)
        x -= 4
    return buttons


def _pressed(action: Callable[[], object]) -> Callable[[], None]:
    """A button's press runs the tool; what the tool answers (undo's whether it undid) is for its callers."""
    def press() -> None:
        action()
    return press


def tool_for_key(event: pygame.event.Event, ctrl: bool, letter_keys: frozenset[int]) -> str | None:
    """Z undo, H hint, L big log; with Ctrl they win over a board that uses the letter itself, which then
    answers Ctrl only, in every phase, as its button says."""
    if event.type != pygame.KEYDOWN or event.key not in TOOL_KEYS:
        return None
    if bool(event.mod & pygame.KMOD_CTRL) != ctrl:
        return None
    if not ctrl and event.key in letter_keys:
        return None
    return TOOL_KEYS[event.key]
