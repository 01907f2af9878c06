"""Command line: `tabletop` (the app), `play`, `tutorial`, `arena`, `replay`, `review`, `selftest`."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from tabletop.engine.records import Replayed

SEAT_WORDS = {"human": "human", "phone": "phone", "ai": "normal", "random": "random", "easy": "easy",
              "normal": "normal", "hard": "hard"}


def _open_app(args: argparse.Namespace) -> int:
    from tabletop.ui.app import App
    from tabletop.ui.scenes.title import TitleScene

    app = App()
    first = TitleScene(app)
    if getattr(args, "game", None):
        from tabletop.arena import parse_options
        from tabletop.engine.records import Seat
        from tabletop.engine.tiled import TiledError
        from tabletop.i18n import t
        from tabletop.session import Session
        from tabletop.ui.scenes.table import TableScene

        given = [SEAT_WORDS.get(word.strip().lower()) for word in args.seats.split(",")] if args.seats else []
        players = args.players or len(given) or 4
        kinds = [k for k in given if k is not None] if given else ["human"] + ["normal"] * (players - 1)
        if len(kinds) < len(given) or len(kinds) != players:
            print("--seats takes one of human, phone, ai, easy, normal, hard, random per player", file=sys.stderr)
            return 2
        from tabletop.engine import registry

        if "phone" in kinds and not registry.get_game(args.game).seat_secrets:
            print(f"tabletop play: {args.game} has nothing private to hold: play its seats as human", file=sys.stderr)
            return 2
        names = t("app.ai_names").split(",")
        seats = [Seat(t("app.default_name", n=i + 1) if k in ("human", "phone") else names[i % len(names)], k)
                 for i, k in enumerate(kinds)]
        app.phone_url_out = lambda url: print(f"Phones join at {url}", flush=True)
        try:
            session = Session.new(args.game, players, seats, parse_options(args.option), args.seed)
        except TiledError as exc:  # a map given by path (kakapo --option mission=PATH.tmx): the loader's one line
            print(exc, file=sys.stderr)
            return 2
        except ValueError as exc:
            print(f"tabletop play: {exc}", file=sys.stderr)
            return 2
        app.stack.push(first)
        app.run(TableScene(app, session))
        return 0
    app.run(first)
    return 0


def _load_or_say(path: Path) -> Replayed | None:
    """The record at `path` replayed, or None after saying on stderr why it is refused."""
    from tabletop.engine.records import RecordError, load_record

    try:
        return load_record(path)
    except RecordError as exc:
        print(f"refused: {exc}", file=sys.stderr)
        return None


def _replay(args: argparse.Namespace) -> int:
    from tabletop.arena import shown_options
    from tabletop.engine.records import record_from_json

    path = Path(args.file)
    replayed = _load_or_say(path)
    if replayed is None:
        return 2
    record = replayed.record
    if not args.trace:
        result = replayed.state.result() if replayed.state.is_over() else None
        summary = {"file": str(path), "game": record.game, "players": record.players, "seed": record.seed,
                   "options": shown_options(record.options), "seats": [s.to_json() for s in record.seats],
                   "actions": len(record.actions), "finished": replayed.state.is_over(),
                   "scores": list(result.scores) if result else None,
                   "winners": list(result.winners) if result else None}
        print(json.dumps(summary, ensure_ascii=False))
        return 0
    from tabletop.engine import registry

    game = registry.get_game(record.game)
    state = record_from_json(record.to_json(), path).new_state()
    print(json.dumps({"initial": state.to_json()}, ensure_ascii=False))
    for index, (seat, text) in enumerate(record.actions):
        legal = [str(a) for a in state.legal_actions(seat)]
        events = state.apply(seat, game.parse_action(text))
        print(json.dumps({"index": index, "seat": seat, "legal": legal, "action": text,
                          "events": [e.to_json() for e in events], "state": state.to_json()}, ensure_ascii=False))
    return 0


def _review(args: argparse.Namespace) -> int:
    """The AI's review of a finished game's seats (the results screen's Review tab), as text or JSON."""
    from tabletop import i18n
    from tabletop.ai.review import review_record

    path = Path(args.file)
    replayed = _load_or_say(path)
    if replayed is None:
        return 2
    record = replayed.record
    if not replayed.state.is_over():
        print(f"tabletop review: {path}: the game is not finished", file=sys.stderr)
        return 2
    if args.seat is not None and not 0 <= args.seat < record.players:
        print(f"tabletop review: seat {args.seat} does not exist (seats 0 to {record.players - 1})", file=sys.stderr)
        return 2
    humans = [i for i, s in enumerate(record.seats) if s.kind == "human"]
    seats = [args.seat] if args.seat is not None else humans or [0]  # an arena record has no human: seat 0
    reviews = [review_record(record, seat, args.iterations) for seat in seats]
    if args.json:
        print(json.dumps({"file": str(path), "game": record.game,
                          "reviews": [r.to_json() for r in reviews]}, ensure_ascii=False))
        return 0
    from tabletop.engine import registry
    from tabletop.ui.results.review_words import rows, summary

    i18n.set_language(args.lang)
    game = registry.get_game(record.game)
    names = [s.name for s in record.seats]
    for review in reviews:
        print(f"{names[review.seat]}: {summary(review)}")
        for rank, row in enumerate(rows(game, review, names), 1):
            print(f"  {rank}. {row.moment} ({row.cost}): {row.played} ({row.played_chance}) → "
                  f"{row.suggested} ({row.suggested_chance})")
            if row.why:
                print(f"     {row.why}")
        if not review.marked:
            print(f"  {i18n.t('results.review_none')}")
    return 0


def _tutorial(args: argparse.Namespace) -> int:
    """Open a game's tutorial; with --auto, play it headless through its expected moves instead."""
    from tabletop import tutorial

    try:
        script = tutorial.load(args.game)
        if args.auto:
            tutorial.rehearse(script)
    except tutorial.TutorialError as exc:
        print(f"tabletop tutorial {args.game}: {exc}", file=sys.stderr)
        return 1
    if args.auto:
        print(f"tabletop tutorial {args.game}: all {len(script.steps)} steps played")
        return 0
    from tabletop.ui.app import App
    from tabletop.ui.scenes.title import TitleScene
    from tabletop.ui.scenes.tutorial import TutorialScene

    app = App()
    app.stack.push(TitleScene(app))
    app.run(TutorialScene(app, script))
    return 0


def _selftest(args: argparse.Namespace) -> int:
    from tabletop import selftest

    games = args.games.split(",") if args.games else None
    return selftest.run(Path(args.out), language=args.lang, size=tuple(args.size), games=games)


def _arena(args: argparse.Namespace) -> int:
    from tabletop import arena

    return arena.main(args)


def _worker_check(args: argparse.Namespace) -> int:
    """Hidden: one AI move thought in a real spawn worker process (checks frozen builds)."""
    from tabletop.ai.worker import AIRequest, AIWorker
    from tabletop.engine import registry

    game = registry.get_game(args.game)
    state = game.new_state(game.players.start, {}, 1)
    seat = state.to_act()[0]
    legal = tuple(str(a) for a in state.legal_actions(seat))
    worker = AIWorker(mode="process")
    try:
        worker.submit(AIRequest(args.game, "normal", state.view(seat), legal, seed=1, budget=0.2))
        answer = worker.wait(timeout=60)
    finally:
        worker.close()
    print(json.dumps({"game": args.game, "seat": seat, "action": answer, "legal": answer in legal}))
    return 0 if answer in legal else 1


class _Version(argparse.Action):
    """`--version`, looked up only when asked (package metadata, or baked into a frozen build)."""

    def __init__(self, option_strings: list[str], dest: str, **kwargs: object) -> None:
        super().__init__(option_strings, dest, nargs=0, help="print the version and exit")

    def __call__(self, parser: argparse.ArgumentParser, *args: object) -> None:
        from tabletop.resources import version

        print(f"tabletop {version()}")
        parser.exit()


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="tabletop", description="Six tabletop games against AI or hot-seat.")
    parser.add_argument("--version", action=_Version)
    sub = parser.add_subparsers(dest="command")
    play = sub.add_parser("play", help="open the app straight into a table")
    play.add_argument("game")
    play.add_argument("--players", type=int)
    play.add_argument("--seats", help="comma list: human, phone, ai, easy, normal, hard, random")
    play.add_argument("--seed", type=int)
    play.add_argument("--option", action="append", metavar="KEY=VALUE")
    play.set_defaults(func=_open_app)
    from tabletop import arena

    arena_parser = sub.add_parser("arena", help="AI against AI, headless; prints JSON")
    arena.add_arguments(arena_parser)
    arena_parser.set_defaults(func=_arena)
    rep = sub.add_parser("replay", help="validate a record and print its summary (or --trace)")
    rep.add_argument("file")
    rep.add_argument("--trace", action="store_true", help="one JSON line per action with full states")
    rep.set_defaults(func=_replay)
    rev = sub.add_parser("review", help="the AI's review of a finished game's decisions (JSON with --json)")
    rev.add_argument("file")
    rev.add_argument("--seat", type=int, help="the seat to review (default: every human seat, else seat 0)")
    rev.add_argument("--json", action="store_true", help="one JSON object: per seat the summary and marked moves")
    rev.add_argument("--lang", default="en", choices=("en", "ja"))
    rev.add_argument("--iterations", type=int, default=None, help=argparse.SUPPRESS)  # tests: a smaller budget
    rev.set_defaults(func=_review)
    tut = sub.add_parser("tutorial", help="learn a game with the coach (--auto: play it headless, exit 0 at its end)")
    tut.add_argument("game")
    tut.add_argument("--auto", action="store_true", help="play the tutorial's moves headless and check each step")
    tut.set_defaults(func=_tutorial)
    st = sub.add_parser("selftest", help="drive the UI through a full game of every game; save screenshots")
    st.add_argument("--out", required=True)
    st.add_argument("--lang", default="en", choices=("en", "ja"))
    st.add_argument("--size", type=int, nargs=2, default=(1280, 720), metavar=("W", "H"))
    st.add_argument("--games", help="comma list of game ids (default: all available)")
    st.set_defaults(func=_selftest)
    check = sub.add_parser("worker-check")  # undocumented: build checks of the AI process (tests/test_dist.py)
    check.add_argument("game", nargs="?", default="bluffit")
    check.set_defaults(func=_worker_check)
    return parser


def main(argv: list[str] | None = None) -> int:
    import multiprocessing
    import os

    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # stdout carries JSON for arena and replay
    multiprocessing.freeze_support()
    args = build_parser().parse_args(argv)
    if args.command is None:
        return _open_app(args)
    status: int = args.func(args)  # each subcommand's handler (`set_defaults(func=...)`)
    return status
