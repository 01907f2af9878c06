"""Game setup: player count, each seat's name and Human/AI level, the game's options, a seed.

Every option is explained in one line (catalog topic `setup_help`) while the mouse is over its row
or its button has the keyboard focus. The setup last started for a game (player count, every
seat's name and level, options) is remembered in the user data folder and comes back the next
time that game is set up; each remembered value is checked against the game, and one that no
longer fits (a removed option, a bad file) falls back to the default.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from tabletop import i18n, tutorial
from tabletop.engine import registry
from tabletop.engine.core import Game, Option
from tabletop.engine.records import Seat
from tabletop.i18n import plural, t
from tabletop.ui import style
from tabletop.ui.games import option_pickers
from tabletop.ui.painter import Painter
from tabletop.ui.scene import Scene
from tabletop.ui.widgets import Button, TextField
from tabletop.userdata import has_seen, mark_seen, remember_table, remembered_setup

if TYPE_CHECKING:
    from tabletop.session import Session
    from tabletop.ui.app import App

KINDS = ("human", "easy", "normal", "hard")
PHONE_KINDS = ("human", "phone", "easy", "normal", "hard")  # games with private hands: a seat may be a phone
OPTION_X, OPTION_TOP, OPTION_STEP, OPTION_W = 900, 176, 48, 340
VALUE_W = (140, 200)  # the value buttons' width range: as wide as the game's longest value needs
HELP_BOTTOM = 528  # the explanation box ends above the seed field
OFFER_KIND = "tutorial_offer"  # userdata.has_seen: the first-visit tutorial offer was answered
OFFER = pygame.FRect(40, 540, 820, 64)  # under the seats (six rows end at 476), above the bottom buttons
KIND_LABEL = {"human": "app.human", "phone": "phone.kind", "easy": "app.ai_easy", "normal": "app.ai_normal",
              "hard": "app.ai_hard", "random": "app.ai_random"}


def kinds_for(game: Game) -> tuple[str, ...]:
    """Who may play a seat: phones only where a seat has something to hide (the Haunted House has nothing)."""
    return PHONE_KINDS if game.seat_secrets else KINDS


def default_seats(players: int) -> list[Seat]:
    ai_names = t("app.ai_names").split(",")
    seats = [Seat(t("app.default_name", n=1), "human")]
    seats += [Seat(ai_names[i % len(ai_names)], "normal") for i in range(players - 1)]
    return seats


def default_names(i: int, lang: str) -> tuple[str, ...]:
    """The names setup fills in for seat `i` in `lang`: "Player n", and for a later seat its AI's name."""
    ai_names = t("app.ai_names", lang=lang).split(",")
    player = t("app.default_name", lang=lang, n=i + 1)
    return (player, ai_names[(i - 1) % len(ai_names)]) if i else (player,)


def follow_language(seats: list[Seat]) -> None:
    """A name setup filled in follows the language (remembered from a Japanese setup, it reads English after
    switching); a name the player typed stays as typed."""
    for i, seat in enumerate(seats):
        for lang in i18n.LANGUAGES:
            filled = default_names(i, lang)
            if seat.name in filled:
                seat.name = default_names(i, i18n.language())[filled.index(seat.name)]
                break


def option_label(game_id: str, option: Option) -> str:
    key = f"{game_id}.option.{option.key}"
    if i18n.has(key):
        return t(key)
    return option.label.get(i18n.language(), option.key)


def choice_label(game_id: str, option: Option, value: object) -> str:
    """An option value as players read it: On/Off, `<game>.option.<key>_<value>` (a named choice such as
    "Fixed rounds"), or a number with its noun (`<game>.option.<key>_value`, counted: "25 points")."""
    if isinstance(value, bool):
        return t("app.on") if value else t("app.off")
    key = f"{game_id}.option.{option.key}_{value}"
    if i18n.has(key):
        return t(key)
    counted = f"{game_id}.option.{option.key}_value"
    if isinstance(value, int) and i18n.has(f"{counted}.other"):
        return plural(counted, value)
    return str(value)


def option_help(game_id: str, option: Option) -> str:
    return t(f"setup_help.{game_id}.{option.key}")


def remembered(game: Game, saved: object) -> tuple[int, list[Seat], dict] | None:
    """(player count, seats, options) from a remembered setup, every value checked against `game`;
    None if there is nothing usable."""
    if not isinstance(saved, dict):
        return None
    count = saved.get("players")
    if not isinstance(count, int) or isinstance(count, bool) or count not in game.players:
        return None
    seats: list[Seat] = []
    for entry in saved.get("seats", []) if isinstance(saved.get("seats"), list) else []:
        if not (isinstance(entry, dict) and isinstance(entry.get("name"), str)
                and entry.get("kind") in kinds_for(game)):
            break
        seats.append(Seat(entry["name"][:TextField.max_len], entry["kind"]))
    if len(seats) < count:
        return None
    options: dict = {}
    given: dict[str, object] = saved["options"] if isinstance(saved.get("options"), dict) else {}
    for option in game.options:
        if option.key in given:
            try:
                options[option.key] = option.parse(given[option.key])
            except ValueError:
                pass  # no longer a choice: the default
    return count, seats, options


class SetupScene(Scene):
    arrows_2d = True  # seats and options are rows of choices: the arrows move across a row and between rows
    name = "setup"

    def __init__(self, app: App, game_id: str, seats: list[Seat] | None = None,
                 options: dict | None = None) -> None:
        super().__init__(app)
        self.game = registry.get_game(game_id)
        most = self.game.players.stop - 1
        count = max(self.game.players.start, min(4, most))
        memory = remembered(self.game, remembered_setup(game_id)) if seats is None and options is None else None
        if memory is not None:  # nothing given: the last setup of this game, if any
            count, seats, options = memory
        elif seats:
            count = len(seats)
        self.seats = (seats or default_seats(most))[:most]
        while len(self.seats) < most:
            self.seats += default_seats(len(self.seats) + 1)[len(self.seats):]
        self.count = count
        self.options = self.game.resolve_options(options)
        self.seed_text = ""
        self.error = ""
        self.pointer = pygame.Vector2(-1, -1)
        # The first visit to a game's setup offers its tutorial once; either answer ends the offer for good.
        self.offer = self.game.id in tutorial.available() and not has_seen(OFFER_KIND, self.game.id) \
            and not has_seen("tutorial", self.game.id)
        self.value_x: float = OPTION_X + OPTION_W - VALUE_W[0]
        self.option_buttons: dict[int, Option] = {}  # widget index -> the option it sets

    def remember(self) -> None:
        """Keep this setup for the next time the game is set up."""
        remember_table(self.game.id, self.count, self.seats, self.options)

    def layout(self) -> None:
        follow_language(self.seats)  # also after the language is switched with this screen open
        w: list = []
        y = 112
        w.append(Button(pygame.FRect(200, y, 44, 40), "−", lambda: self.set_count(self.count - 1),
                        enabled=self.count > self.game.players.start, hotkey=pygame.K_MINUS))
        w.append(Button(pygame.FRect(300, y, 44, 40), "+", lambda: self.set_count(self.count + 1),
                        enabled=self.count < self.game.players.stop - 1, hotkey=pygame.K_EQUALS))
        y = 176
        for i in range(self.count):
            seat = self.seats[i]
            w.append(TextField(pygame.FRect(110, y, 230, 40), seat.name, self._namer(i)))
            kinds = kinds_for(self.game)
            step = 520 / len(kinds)  # the seat's kinds share the row up to the options column
            for k, kind in enumerate(kinds):
                w.append(Button(pygame.FRect(356 + k * step, y, step - 8, 40), t(KIND_LABEL[kind]),
                                self._kinder(i, kind), selected=seat.kind == kind, size=style.SMALL))
            y += 52
        oy = OPTION_TOP
        pickers = option_pickers(self.game.id)
        self.value_x = self._value_x(pickers)
        value_w = OPTION_X + OPTION_W - self.value_x
        self.option_buttons = {}
        for option in self.game.options:
            value = self.options[option.key]
            self.option_buttons[len(w)] = option
            if option.key in pickers:  # a dedicated chooser scene (e.g. KAKAPO's mission select)
                w.append(Button(pygame.FRect(self.value_x, oy, value_w, 38), t("app.choose"),
                                self._picker(pickers[option.key]), size=style.SMALL, primary=True))
            else:
                w.append(Button(pygame.FRect(self.value_x, oy, value_w, 38), choice_label(self.game.id, option, value),
                                self._cycler(option), selected=value is True, size=style.SMALL))
            oy += 48
        w.append(TextField(pygame.FRect(900, 560, 200, 40), self.seed_text, self._set_seed, max_len=10))
        w.append(Button(pygame.FRect(40, 648, 180, 48), t("app.back"), self.app.stack.pop,
                        hotkey=pygame.K_ESCAPE))
        w.append(Button(pygame.FRect(240, 648, 180, 48), t("app.rules_button"), self.open_rules, hotkey=pygame.K_F1))
        if self.game.id in tutorial.available():  # offered once, on the first visit, by the banner above
            w.append(Button(pygame.FRect(440, 648, 280, 48), t("tutorial.learn_button"), self.open_tutorial))
        w.append(Button(pygame.FRect(1040, 648, 200, 48), t("app.start"), self.start, primary=True))
        if self.offer:
            w += self._offer_buttons()
        self.widgets = w

    # ----- the first-visit tutorial offer ---------------------------------------------------------
    def _offer_buttons(self) -> list[Button]:
        size = style.SMALL * self.app.painter.text_scale
        later_w = max(100.0, self.app.painter.measure(t("tutorial.offer_later"), size, bold=True) + 28)
        learn_w = max(100.0, self.app.painter.measure(t("tutorial.offer_learn"), size, bold=True) + 28)
        y = OFFER.centery - 19
        later = pygame.FRect(OFFER.right - 12 - later_w, y, later_w, 38)
        learn = pygame.FRect(later.x - 8 - learn_w, y, learn_w, 38)
        return [Button(learn, t("tutorial.offer_learn"), self.accept_offer, primary=True, size=style.SMALL),
                Button(later, t("tutorial.offer_later"), self.decline_offer, size=style.SMALL)]

    def _answer_offer(self) -> None:
        self.offer = False
        try:
            mark_seen(OFFER_KIND, self.game.id)
        except OSError:
            pass  # asked again next visit; nothing else is lost

    def accept_offer(self) -> None:
        self._answer_offer()
        self.open_tutorial()

    def decline_offer(self) -> None:
        self._answer_offer()
        self.layout()

    def _draw_offer(self, p: Painter) -> None:
        p.rect(OFFER, style.FELT_DARK, style.RADIUS)
        p.rect(OFFER, style.ACCENT, style.RADIUS, width=2)
        buttons_x = min((w.rect.x for w in self.widgets[-2:]), default=OFFER.right)
        text = t("tutorial.offer", game=self.game.title[i18n.language()])
        width = buttons_x - OFFER.x - 28
        for size in (style.BODY, style.SMALL, style.TINY):  # one or two lines, as large as fits the banner
            lines = p.wrap_lines(text, width, size)
            step = size * 1.25 * p.scale_now
            if len(lines) * step <= OFFER.h - 8:
                break
        top = OFFER.centery - len(lines) * step / 2
        for i, line in enumerate(lines):
            p.text(line, (OFFER.x + 16, top + i * step), size, style.TEXT_LIGHT, max_width=width)

    def _draw_option_name(self, p: Painter, name: str, top: float, color: style.Color) -> None:
        """An option's name left of its value button: one line, or two when a wide value (larger text) leaves
        it too little room (`Painter.line_or_two`: never smaller than at 100 %)."""
        p.line_or_two(name, OPTION_X, top + 19, style.SMALL, color, self.value_x - OPTION_X - 10)

    def _value_x(self, pickers: dict) -> float:
        """Where the value buttons start: the longest value of any option fits at full size (within
        VALUE_W), and the option names get the rest of the column."""
        labels = [t("app.choose")] + [choice_label(self.game.id, o, v) for o in self.game.options
                                      if o.key not in pickers for v in o.choices]
        painter = self.app.painter
        widest = max(painter.measure(label, style.SMALL * painter.text_scale, bold=True) for label in labels) + 24
        # Larger text may shrink a long value, but never below the readable minimum: the column grows instead.
        cap = max(VALUE_W[1], max(painter.measure(label, painter.min_text, bold=True) for label in labels) + 24)
        return OPTION_X + OPTION_W - min(cap, max(VALUE_W[0], widest))

    def open_rules(self) -> None:
        from tabletop.ui.scenes.rules import RulesScene

        self.app.stack.push(RulesScene(self.app, self.game.id))

    def open_tutorial(self) -> None:
        from tabletop.ui.scenes.tutorial import TutorialScene

        mark_seen("tutorial", self.game.id)
        self.app.stack.push(TutorialScene(self.app, tutorial.load(self.game.id)))

    def _namer(self, i: int) -> Callable[[str], None]:
        def set_name(text: str) -> None:
            self.seats[i].name = text
        return set_name

    def _kinder(self, i: int, kind: str) -> Callable[[], None]:
        def set_kind(_kind: str = kind) -> None:
            self.seats[i].kind = _kind
            self.layout()
        return set_kind

    def _picker(self, open_picker: Callable[[App, list[Seat]], None]) -> Callable[[], None]:
        def pick() -> None:
            self.remember()  # the picker starts the game itself
            open_picker(self.app, self._seats())
        return pick

    def _cycler(self, option: Option) -> Callable[[], None]:
        def cycle() -> None:
            choices = list(option.choices)
            current = choices.index(self.options[option.key]) if self.options[option.key] in choices else -1
            self.options[option.key] = choices[(current + 1) % len(choices)]
            self.layout()
        return cycle

    def _set_seed(self, text: str) -> None:
        self.seed_text = "".join(ch for ch in text if ch.isdigit())

    def set_count(self, n: int) -> None:
        if n in self.game.players:
            self.count = n
            self.layout()

    def _seats(self) -> list[Seat]:
        return [Seat(s.name.strip() or t("app.default_name", n=i + 1), s.kind) for i, s in
                enumerate(self.seats[: self.count])]

    def start(self) -> None:
        from tabletop.session import Session
        from tabletop.ui.scenes.confirm import ConfirmScene
        from tabletop.ui.scenes.saves import date_text, game_title, players_text
        from tabletop.userdata import load_save, slot_of

        seats = self._seats()
        self.remember()
        seed = int(self.seed_text) if self.seed_text else None
        try:
            session = Session.new(self.game.id, self.count, seats, self.options, seed)
        except ValueError as exc:
            self.error = str(exc)
            return
        saved, problem = load_save(slot_of(session.record))  # other games' saves are never touched
        if saved is None:
            self._open_table(session, problem)
            return
        body = t("app.save_replace_body", game=game_title(saved.record.game), players=players_text(saved),
                 n=len(saved.record.actions), date=date_text(saved.saved_at))
        self.app.stack.push(ConfirmScene(self.app, t("app.save_replace_title"), body, t("app.save_replace_confirm"),
                                         lambda: self._open_table(session, None, replace=True)))

    def _open_table(self, session: Session, problem: str | None, replace: bool = False) -> None:
        """Sit down at the new game; a confirmed replacement is saved at once (atomically over the old save)."""
        from tabletop.ui.scenes.table import TableScene
        from tabletop.userdata import save_game

        table = TableScene(self.app, session)
        self.app.stack.replace(table)
        if problem:  # the old save could not be read: it was moved aside, say so
            table.show_toast(t("app.autosave_corrupt", reason=problem))
        if replace:
            try:
                save_game(session.record)
            except OSError as exc:
                table.show_toast(t("app.save_failed", reason=exc.strerror or str(exc)))

    # ----- option explanations ------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> pygame.event.Event | None:
        if event.type == pygame.MOUSEMOTION:
            self.pointer = self.app.mouse(event.pos)
        return super().handle(event)

    def explained_option(self) -> Option | None:
        """The option the keyboard focus is on, else the one under the mouse, else none."""
        if self.focus in self.option_buttons:
            return self.option_buttons[self.focus]
        for k, option in enumerate(self.game.options):
            if pygame.FRect(OPTION_X, OPTION_TOP + k * OPTION_STEP, OPTION_W, 38).collidepoint(self.pointer):
                return option
        return None

    def _draw_help(self, p: Painter) -> None:
        """The explanation under the options, in a box as tall as its text (at most down to the seed field)."""
        option = self.explained_option()
        text, color = (option_help(self.game.id, option), style.TEXT_LIGHT) if option else \
            (t("setup_help.hint"), style.TEXT_MUTED)
        top = OPTION_TOP + len(self.game.options) * OPTION_STEP + 2
        lines = max(2, len(p.wrap_lines(text, OPTION_W - 12, style.SMALL)))
        box = pygame.FRect(OPTION_X - 8, top, OPTION_W + 8, min(HELP_BOTTOM - top,
                                                                  lines * style.SMALL * 1.25 * p.scale_now + 18))
        p.rect(box, style.FELT_DARK, style.RADIUS)
        p.wrapped(text, (box.x + 10, box.y + 8, box.w - 20, box.h - 12), style.SMALL, color)

    def draw(self, p: Painter) -> None:
        title = self.game.title[i18n.language()]
        p.text(t("app.setup_title", game=title), (40, 28), style.H1, style.TEXT_LIGHT, bold=True)
        p.text(t("app.players"), (40, 132), style.BODY, style.TEXT_MUTED, anchor="midleft")
        p.text(str(self.count), (272, 132), style.H2, style.TEXT_LIGHT, bold=True, anchor="center")
        y = 176
        for i in range(self.count):
            color = style.SEAT_COLORS[i]
            p.circle((74, y + 20), 16, color)
            p.text(style.SEAT_GLYPHS[i], (74, y + 20), style.SMALL, style.INK, anchor="center", icon=True)
            y += 52
        if self.game.options:
            p.text(t("app.options"), (900, 132), style.BODY, style.TEXT_MUTED, anchor="midleft")
            oy = OPTION_TOP
            explained = self.explained_option()
            for option in self.game.options:
                if option is explained:
                    p.rect((OPTION_X - 8, oy, 4, 38), style.ACCENT, 2)
                self._draw_option_name(p, option_label(self.game.id, option), oy,
                                       style.ACCENT if option is explained else style.TEXT_LIGHT)
                oy += OPTION_STEP
            self._draw_help(p)
        p.text(t("app.seed"), (900, 540), style.SMALL, style.TEXT_MUTED, anchor="midleft")
        p.text(t("app.seed_hint"), (1110, 580), style.TINY, style.TEXT_MUTED, anchor="midleft")
        if self.offer:
            self._draw_offer(p)
        if self.error:
            p.text(self.error, (640, 620), style.SMALL, style.BAD, anchor="center", max_width=1000)
        self.draw_widgets(p)
