"""Results: ranking and scores (or the co-op outcome), play again, back to the title."""

from __future__ import annotations

import pygame

from tabletop import i18n
from tabletop.i18n import t
from tabletop.session import Session
from tabletop.ui import style
from tabletop.ui.painter import Painter
from tabletop.ui.scene import Scene
from tabletop.ui.widgets import Button


class ResultsScene(Scene):
    name = "results"

    def __init__(self, app, session: Session) -> None:
        super().__init__(app)
        self.session = session
        self.result = session.state.result()

    def enter(self) -> None:
        super().enter()
        human_won = any(s in self.result.winners for s in self.session.humans())
        if self.result.coop_success is not None:
            human_won = self.result.coop_success
        self.app.sound("win" if human_won or not self.session.humans() else "lose")

    def layout(self) -> None:
        self.widgets = [
            Button(pygame.FRect(270, 640, 220, 50), t("app.play_again"), self.play_again, primary=True,
                   hotkey=pygame.K_RETURN),
            Button(pygame.FRect(530, 640, 220, 50), t("app.watch_replay"), self.watch_replay, hotkey=pygame.K_r),
            Button(pygame.FRect(790, 640, 220, 50), t("app.to_title"), self.to_title, hotkey=pygame.K_ESCAPE),
        ]

    def play_again(self) -> None:
        from tabletop.ui.scenes.table import TableScene

        r = self.session.record
        fresh = Session.new(r.game, r.players, [type(s)(s.name, s.kind) for s in r.seats], r.options)
        self.app.stack.replace(TableScene(self.app, fresh))

    def watch_replay(self) -> None:
        from tabletop.ui.scenes.replay import ReplayScene

        self.app.stack.push(ReplayScene(self.app, self.session.record))

    def to_title(self) -> None:
        self.app.stack.pop()

    def draw(self, p: Painter) -> None:
        names = self.session.names()
        title = self.session.game.title[i18n.language()]
        p.text(f"{t('app.results')} — {title}", (640, 40), style.H1, style.TEXT_LIGHT, bold=True, anchor="midtop")
        result = self.result
        if result.coop_success is not None:
            verdict = t("app.coop_win") if result.coop_success else t("app.coop_loss")
            color = style.GOOD if result.coop_success else style.BAD
        else:
            winners = [names[s] for s in result.winners]
            verdict = t("app.winners" if len(winners) > 1 else "app.winner", names="・".join(winners)
                        if i18n.language() == "ja" else ", ".join(winners))
            color = style.ACCENT
        p.text(verdict, (640, 104), style.H2, color, bold=True, anchor="midtop", max_width=1100)
        order = sorted(range(len(names)), key=lambda s: (result.ranks[s], s))
        row_h = 62
        top = 170
        p.panel((290, top - 14, 700, row_h * len(order) + 28))
        for i, seat in enumerate(order):
            y = top + i * row_h
            winner = seat in result.winners
            if winner:
                p.rect((300, y, 680, row_h - 6), (70, 62, 30), 8)
            if result.coop_success is None:
                p.text(t("app.rank", rank=result.ranks[seat]), (330, y + row_h / 2 - 3), style.H2,
                       style.ACCENT if winner else style.TEXT_MUTED, bold=True, anchor="midleft")
            color = style.SEAT_COLORS[seat % 6]
            p.circle((420, y + row_h / 2 - 3), 15, color)
            p.text(style.SEAT_GLYPHS[seat % 6], (420, y + row_h / 2 - 3), style.SMALL, style.INK, anchor="center")
            p.text(names[seat], (450, y + row_h / 2 - 3), style.H2, style.TEXT_LIGHT, anchor="midleft",
                   max_width=330)
            if result.coop_success is not None:
                continue  # co-op: the team's result above is the score
            score = result.scores[seat]
            shown = int(score) if float(score).is_integer() else round(score, 1)
            p.text(t("app.score_of", points=shown), (960, y + row_h / 2 - 3), style.H2, style.TEXT_LIGHT,
                   bold=True, anchor="midright")
        self.draw_widgets(p)
