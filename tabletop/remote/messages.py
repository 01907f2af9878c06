"""The state message a phone seat receives: built on the pygame thread, forwarded as is by the server.

`seat_payload(session, seat, lang, version)` is a pure function of the game id, `state.view(seat)`, the seat's
legal actions when it is to act (`state.to_act()` is public), the log events visible to the seat, the seat
names, the language and the version; it never reads another seat's hidden cards, so two worlds that differ
only in what the seat cannot see give byte-identical `encode(...)` (tests/remote/test_message_privacy.py).
All text is in the seat's language (`i18n.speaking`), from the game's Words and the catalogs; the engine's
notation `str(action)` appears only in a move's "a" field, which the phone sends back to act.

The payload (JSON object; `encode` sorts keys, keeps UTF-8, compact separators):

    t        "state"
    v        int: the version = number of actions in the record; the phone sends it back with "act"
    game     the game id ("bluffit", "ghost_bumpers", "bloody_summer", "sumidagawa", "kakapo")
    seat     int: this seat;  you: its name
    lang     "en" | "ja": the language of every text below
    title    the game's title
    status   whose turn, in words: "Your turn, Aki" / "Waiting for Ben" / "Game over"
    turn     bool: the seat has a move to make on the phone now (the page vibrates when it becomes true)
    phase    the game's own state line (round, phase), as the table's header says it
    labels   {key: text} for the page's fixed words (section titles, Confirm, Cancel, …): see LABELS
    hand     [{"img": picture name, "text": the card in words, "n": copies held}] in table order;
             the picture is served at img/<name>.png (names `[a-z0-9_]{1,64}`, see remote.sheets)
    table    [str]: public facts (cards on the table, each seat's score and cards)
    private  [str]: what only this seat knows (its bid, its hidden card, cards it saw in secret)
    log      [str]: the last 30 log lines visible to this seat, oldest first
    moves    [{"a": notation, "label": words, "group": section ("" = none), "confirm": bool}]: every legal
             move the phone offers, each exactly once; empty when the seat is not to act
    notice   str | null: a move to make elsewhere ("Place your piece on the table screen")
    over     null | {"lines": [str]}: standings (or the co-op outcome) once the game is over
    review   null | the AI's review of this seat's own decisions, sent on the results screen only to this seat
             (`review_field`, from `tabletop.ai.review`, which replays the record through the seat's views):
             {"status": progress words ("Reviewing your game… 3/12"), the failure, or null once ready,
              "progress": [done, total] | null, "summary": str | null, "note": str | null (well played, or
              what the chances mean in a co-op game), "moves": [{"moment", "cost", "played", "played_chance",
              "suggested", "suggested_chance", "why"}: str each, the marked moves in words]}

The desktop, when the phone table opens: `server.set_lobby(names, lobby_labels())` (the seat picker's words)
and, for every name in `tabletop.ui.phone_cards.all_names(game_id)`,
`server.publish_image(name, phone_cards.render(game_id, name))` — all of them at once (≤ 0.25 s a game): a
picture published only when a hand holds its card would tell any phone which cards are in hands. Then, after
every change (a move, a phone's language), for each phone seat:
`server.publish(seat, seat_payload(session, seat, lang, len(session.record.actions)))`. Once the game is over the
table hands its phone table to the results screen, which keeps the server open until the results are left and
sets each seat's "review" to `review_field(...)` of that seat's own review, built in that seat's language.
"""

from __future__ import annotations

import json
from typing import Any

from tabletop import i18n
from tabletop.ai.review import Review
from tabletop.engine.core import Action, Event, Game, Result, View
from tabletop.i18n import t
from tabletop.remote.sheets import PHONE_GAMES, sheet_for
from tabletop.session import Session
from tabletop.ui.eventlog import format_event
from tabletop.ui.results.review_words import rows, summary
from tabletop.ui.words import names_of

LOG_LINES = 30
# The page's fixed words: payload label key -> catalog key.
LABELS = {
    "hand": "app.phone.hand", "table": "app.phone.table", "private": "app.phone.private", "log": "app.phone.log",
    "moves": "app.phone.moves", "confirm": "app.confirm", "cancel": "app.cancel",
    "confirm_title": "app.phone.confirm_title", "hand_empty": "app.phone.hand_empty",
    "wait": "app.phone.wait", "over": "app.game_over", "language": "app.language",
    "reconnecting": "app.phone.reconnecting", "sent": "app.phone.sent", "review": "app.phone.review",
    "review_played": "results.review_played", "review_suggested": "results.review_suggested",
}


def phone_games() -> frozenset[str]:
    """The games whose seats may be played from a phone (the Haunted House needs no hand)."""
    return PHONE_GAMES


def seat_payload(session: Session, seat: int, lang: str, version: int) -> dict[str, Any]:
    """The state message for `seat`, in `lang`. Reads the session only through what the seat may know."""
    state = session.state
    acting = state.to_act()
    legal = state.legal_actions(seat) if seat in acting else []
    visible = [entry.event for entry in session.log if entry.event.visible_for(seat)]
    result = state.result() if state.is_over() else None
    return build(session.game.id, session.game.title, state.view(seat), acting, legal, visible, session.names(),
                 lang, version, result)


def build(game_id: str, titles: dict[str, str], view: View, acting: tuple[int, ...], legal: list[Action],
          events: list[Event], names: list[str], lang: str, version: int, result: Result | None) -> dict[str, Any]:
    """The payload from the seat's knowledge alone (see the module docstring for its fields)."""
    sheet = sheet_for(game_id)
    seat = view.seat
    assert seat is not None
    with i18n.speaking(lang):
        offered, notice = sheet.playable(view, legal)
        moves = [{"a": str(action), "label": sheet.label(view, action, names), "group": sheet.group(view, action),
                  "confirm": sheet.confirm(action)} for action in offered]
        return {
            "t": "state", "v": version, "game": game_id, "seat": seat, "lang": lang,
            "title": titles.get(lang, titles.get("en", game_id)), "you": names[seat],
            "status": _turn_line(seat, acting, names, result), "turn": bool(moves), "phase": sheet.status(view, names),
            "labels": {key: t(catalog_key) for key, catalog_key in LABELS.items()},
            "hand": sheet.hand(view), "table": sheet.table(view, names), "private": sheet.private(view, names),
            "log": _log(game_id, events, names), "moves": moves, "notice": notice,
            "over": None if result is None else {"lines": sheet.over(view, result, names)}, "review": None,
        }


def review_field(game: Game, review: Review | None, progress: tuple[int, int], names: list[str],
                 failed: bool = False) -> dict[str, Any]:
    """A seat's review for its phone, in the current language (call inside `i18n.speaking`): its progress while
    the AI works, then the summary and the marked moves in the words of the results' Review tab."""
    done, total = progress
    if review is None:
        status = t("results.review_failed") if failed else t("app.phone.review_progress", done=done,
                                                               total=max(total, done))
        return {"status": status, "progress": None if failed else [done, max(total, done)], "summary": None,
                "note": None, "moves": []}
    marked = rows(game, review, names)
    notes = [t("results.review_team")] if game.cooperative else []
    if not marked:
        notes.append(t("results.review_none"))
    return {"status": None, "progress": None, "summary": summary(review), "note": " ".join(notes) or None,
            "moves": [{"moment": r.moment, "cost": r.cost, "played": r.played, "played_chance": r.played_chance,
                       "suggested": r.suggested, "suggested_chance": r.suggested_chance, "why": r.why}
                      for r in marked]}


def encode(payload: dict[str, Any]) -> bytes:
    return json.dumps(payload, sort_keys=True, ensure_ascii=False, separators=(",", ":")).encode("utf-8")


def _turn_line(seat: int, acting: tuple[int, ...], names: list[str], result: Result | None) -> str:
    if result is not None or not acting:
        return t("app.game_over")
    if seat in acting:
        return t("app.your_turn", name=names[seat])
    return t("app.waiting_for", name=names_of(acting, names))


def _log(game_id: str, events: list[Event], names: list[str]) -> list[str]:
    lines: list[str] = []
    for event in reversed(events):  # only the newest lines are sent: format no more than those
        text = format_event(game_id, event, names)
        if text:
            lines.append(text)
            if len(lines) == LOG_LINES:
                break
    lines.reverse()
    return lines


# The lobby's words (`server.set_lobby(names, lobby_labels())`): lobby label key -> catalog key.
LOBBY_LABELS = {"title": "app.name", "lobby_title": "app.phone.lobby_title", "lobby_free": "app.phone.lobby_free",
                "lobby_taken": "app.phone.lobby_taken"}


def lobby_labels() -> dict[str, dict[str, str]]:
    """The seat picker's words in every language, for the server's lobby message."""
    return {lang: {key: t(catalog_key, lang) for key, catalog_key in LOBBY_LABELS.items()} for lang in i18n.LANGUAGES}
