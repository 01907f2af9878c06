"""The desktop's half of a phone table: runs the phone server while a game with phone seats is open, turns
what the phones send into moves on the pygame thread, and sends each phone its seat's picture of the game.
The results screen takes it over from the table (moves are then refused: the game is over) to send each phone
seat its own review, and closes it when left.

Only this thread touches the Session: the server thread authenticates and validates, then queues
(`tabletop.remote.server`). What a phone receives is built from its seat's View alone
(`tabletop.remote.messages`). The room code and the seats' token digests live in the record's meta, so a
game resumed from Continue takes its phones back without pairing again.
"""

from __future__ import annotations

import queue
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import pygame

from tabletop import i18n
from tabletop.engine.core import IllegalAction
from tabletop.i18n import t
from tabletop.remote import messages
from tabletop.remote.binding import is_digest, is_room_code
from tabletop.remote.protocol import ActionRequest, Claimed, Connected, Disconnected, Inbound, LanguageChanged
from tabletop.remote.server import PhoneServer
from tabletop.save_writer import saves
from tabletop.session import Session
from tabletop.ui import phone_cards
from tabletop.userdata import save_game_soon

PHONE_EVENT = pygame.event.custom_type()  # posted by the server thread: a phone message is waiting
META_KEY = "phones"


def _wake() -> None:
    """Called on the server thread: SDL's event queue is thread-safe, and the posted event ends the
    main loop's sleep, so a phone's tap is handled at once while an idle table still sleeps."""
    try:
        pygame.event.post(pygame.event.Event(PHONE_EVENT))
    except pygame.error:  # the display went away while the app quits
        pass


def saved_room(saved: object, seats: list[int]) -> tuple[str | None, int, dict[int, str]]:
    """(room code, port, {seat: token digest}) kept in a save, each part checked: a save edited by hand or from
    another version gives a fresh room for what does not check out (its phones pair again), never an error."""
    if not isinstance(saved, dict):
        return None, 0, {}
    room = saved.get("room")
    room = room if isinstance(room, str) and is_room_code(room) else None
    port = saved.get("port")
    port = port if isinstance(port, int) and not isinstance(port, bool) and 1024 <= port <= 65535 else 0
    bound: dict[int, str] = {}
    raw = saved.get("bound")
    for seat, digest in (raw.items() if isinstance(raw, dict) else ()):
        if isinstance(seat, str) and seat.isdigit() and int(seat) in seats and is_digest(digest):
            bound[int(seat)] = digest
    return room, port, bound if room is not None else {}


@dataclass
class SeatLink:
    """What the desktop knows of one phone seat."""

    lang: str = "en"
    connected: bool = False
    sent: bytes = b""  # the last payload sent: an unchanged picture is not sent again


@dataclass
class PhoneTable:
    """Owned by the table on the pygame thread. `pump` takes what the phones sent; what goes back (the seats' new
    pictures, the answers to their moves) waits for `flush`, which the app runs once the frame is on screen, so
    the frame that shows a move never also builds six payloads or waits for the disk."""

    session: Session
    notify: Callable[[str], None]  # a line for the desktop ("Aki's phone joined")
    later: Callable[[Callable[[], None]], None]  # runs a job once the frame is on screen (App.after_frame)
    server: PhoneServer | None = None
    links: dict[int, SeatLink] = field(default_factory=dict)
    # Per seat, the record length when its current decision opened: the version its phone acts on. Other seats'
    # moves in a simultaneous phase (every BLUFFIT bid) leave it standing; the seat's own move, or its turn coming
    # round again, opens a new one, so a tap on an older picture is refused as stale.
    opened: dict[int, int] = field(default_factory=dict)
    was_to_act: set[int] = field(default_factory=set)
    answers: list[tuple[int, str]] = field(default_factory=list)  # (seat, move id) played, told once saved
    started: bool = False  # the host has started (or resumed) the game on the join screen: phones may act
    # On the results screen: a seat's review for its own phone only (`messages.review_field`, built in the
    # seat's language), or None while that seat has none.
    review_of: Callable[[int], dict[str, Any] | None] | None = None
    stale: bool = False  # the phones' pictures are behind the game

    # ----- lifecycle ------------------------------------------------------------------
    def open(self, *, bind_host: str = "0.0.0.0", port: int = 0) -> None:
        """Start listening (only while a table with phone seats is open)."""
        room, saved_port, bound = saved_room(self.session.record.meta.get(META_KEY), self.session.phone_seats())
        self.links = {seat: SeatLink(lang=i18n.language()) for seat in self.session.phone_seats()}
        self.server = PhoneServer(seats=self._names(), wake=_wake, bind_host=bind_host,
                                  port=saved_port or port, room_code=room,
                                  saved_bindings=bound)
        self.server.start()
        # Every picture the game has, before any phone joins: a picture served only once some hand held its
        # card would tell any phone which cards are in hands.
        for name in phone_cards.all_names(self.session.game.id):
            self.server.publish_image(name, phone_cards.render(self.session.game.id, name))
        self.server.set_lobby(self._names(), messages.lobby_labels())
        self._remember()
        self._follow_decisions()
        self._send_pictures()

    def close(self) -> None:
        if self.server is not None:
            self.server.stop()
            self.server = None

    @property
    def url(self) -> str:
        return self.server.url if self.server is not None else ""

    def _names(self) -> dict[int, str]:
        names = self.session.names()
        return {seat: names[seat] for seat in self.session.phone_seats()}

    def _remember(self) -> None:
        """The room and the seats' token digests go into the record, so the save keeps them."""
        assert self.server is not None
        meta = self.session.record.meta.setdefault(META_KEY, {})
        meta.update(room=self.server.room_code, port=self.server.port,
                    bound={str(seat): digest for seat, digest in self.server.bindings().items()})
        save_game_soon(self.session.record)

    # ----- the host's decisions -------------------------------------------------------
    def start(self) -> None:
        """The host starts the game: the phones get their moves."""
        self.started = True
        self.publish()

    def bound(self) -> set[int]:
        return set(self.server.bindings()) if self.server is not None else set()

    def connected(self) -> set[int]:
        return {seat for seat, link in self.links.items() if link.connected}

    def all_bound(self) -> bool:
        return set(self.session.phone_seats()) <= self.bound()

    def release(self, seat: int) -> None:
        """The host frees a seat (a lost phone): another device may claim it."""
        if self.server is not None:
            self.server.release(seat)
            self.links[seat] = SeatLink(lang=self.links.get(seat, SeatLink()).lang)
            self._remember()

    def reseat(self, seat: int, kind: str) -> None:
        """A phone seat nobody took is played by an AI level or at the screen instead."""
        self.release(seat)
        self.session.record.seats[seat].kind = kind
        self.links.pop(seat, None)
        if self.server is not None:
            self.server.set_lobby(self._names(), messages.lobby_labels())
        if not self.session.phone_seats():
            self.close()

    # ----- the pump: called by the scene on top, on the pygame thread ------------------
    def pump(self, act: Callable[[int, Any], bool] | None) -> bool:
        """Handle what the phones sent; actions only when `act` is given (the table is on top).
        Returns whether anything changed on the desktop."""
        if self.server is None:
            return False
        changed = False
        waiting: list[Inbound] = []
        while True:
            try:
                item = self.server.inbox.get_nowait()
            except queue.Empty:
                break
            if isinstance(item, ActionRequest) and act is None:
                if not self.started:  # before the host's Start: said at once, nothing kept for later
                    self._refuse(item.seat, item.move, "not_started")
                else:
                    waiting.append(item)
                continue
            changed |= self._take(item, act)
        for item in waiting:  # back in the queue, in order, for when the table is on top again
            self.server.inbox.put(item)
        if changed:
            self.publish()
        return changed

    def flush(self) -> None:
        """After the frame: the moves played from phones are saved, then confirmed; every phone whose picture
        changed gets it."""
        if self.server is None:
            return
        if self.answers:
            saves.flush()  # a move a phone is told is done is in the save
            for seat, move in self.answers:
                self._reply(seat, move, True, "")
            self.answers.clear()
        if self.stale:
            self.stale = False
            self._send_pictures()

    def _take(self, item: Inbound, act: Callable[[int, Any], bool] | None) -> bool:
        names = self.session.names()
        link = self.links.get(item.seat)
        if link is None:
            return False
        if isinstance(item, Claimed):
            link.lang, link.connected, link.sent = item.lang, True, b""
            self._remember()
            self.notify(t("phone.joined", name=names[item.seat]))
            return True
        if isinstance(item, Connected):
            link.lang, link.connected, link.sent = item.lang, True, b""
            self.notify(t("phone.reconnected", name=names[item.seat]))
            return True
        if isinstance(item, Disconnected):
            link.connected = False
            self.notify(t("phone.disconnected", name=names[item.seat]))
            return True
        if isinstance(item, LanguageChanged):
            link.lang, link.sent = item.lang, b""
            return True
        if isinstance(item, ActionRequest) and act is not None:
            return self._act(item, act)
        return False

    def _act(self, item: ActionRequest, act: Callable[[int, Any], bool]) -> bool:
        """A move from a phone: only from the seat to act, on the position it saw, once per move id."""
        assert self.server is not None
        seat, record = item.seat, self.session.record
        done = record.meta.get(META_KEY, {}).get("moves", {})
        if done.get(str(seat)) == item.move:  # a resend of a move that is already in the save
            self._reply(seat, item.move, True, "")
            return False
        state = self.session.state
        if not self.started:
            return self._refuse(seat, item.move, "not_started")
        if state.is_over():
            return self._refuse(seat, item.move, "game_over")
        if seat not in state.to_act():
            return self._refuse(seat, item.move, "not_your_turn")
        if item.version != self.opened.get(seat):
            return self._refuse(seat, item.move, "stale")
        try:
            action = self.session.game.parse_action(item.action_text)
            state.clone().check(seat, action)
        except (ValueError, IllegalAction):
            return self._refuse(seat, item.move, "illegal")
        if not act(seat, action):
            return self._refuse(seat, item.move, "illegal")
        record.meta.setdefault(META_KEY, {}).setdefault("moves", {})[str(seat)] = item.move
        self.answers.append((seat, item.move))  # told in flush(), once the save holds it
        self.later(self.flush)
        return True

    def _refuse(self, seat: int, move: str, code: str) -> bool:
        with i18n.speaking(self.links[seat].lang):
            self._reply(seat, move, False, t(f"phone.refused.{code}"))
        return False

    def _reply(self, seat: int, move: str, ok: bool, msg: str) -> None:
        assert self.server is not None
        self.server.reply(seat, {"t": "result", "move": move, "ok": ok, "msg": msg})

    # ----- what each phone sees ---------------------------------------------------------
    def _follow_decisions(self) -> None:
        actions = self.session.record.actions
        to_act = set(self.session.state.to_act())
        last = actions[-1][0] if actions else None
        for seat in self.links:
            if seat not in self.opened or (seat in to_act and (seat not in self.was_to_act or seat == last)):
                self.opened[seat] = len(actions)
        self.was_to_act = to_act

    def publish(self) -> None:
        """The game changed: the phones' pictures follow once the frame is on screen."""
        self._follow_decisions()
        self.stale = True
        self.later(self.flush)

    def _send_pictures(self) -> None:
        """Each phone seat's picture of the game, sent when it changed (and its card images first)."""
        if self.server is None:
            return
        for seat, link in self.links.items():
            payload = messages.seat_payload(self.session, seat, link.lang, self.opened[seat])
            if not self.started:  # the join screen is still up: the phones wait for the host's Start
                with i18n.speaking(link.lang):
                    payload.update(moves=[], turn=False, notice=t("phone.waiting_start"))
            if self.review_of is not None:
                with i18n.speaking(link.lang):
                    payload["review"] = self.review_of(seat)
            data = messages.encode(payload)
            if data == link.sent:
                continue
            self.server.publish(seat, payload)
            link.sent = data
