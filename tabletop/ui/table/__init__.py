"""The table scene's parts, one job each; `tabletop.ui.scenes.table.TableScene` ties them together.

- `hot_seat`: who sees what at a shared screen (viewer, hold, curtain, hand-over).
- `pacing`: the AI's moves, paced so people can follow them.
- `hints`: undo and hints for one human against AI, and the hint worker.
- `autosave`: the game's save after every move, and its archive at the end.
- `log_view`: the game log's rows, built and painted the same way for the side column and the big log.
- `side_column`: the seat rows, turn line and log beside the board.
- `controls`: the menu and the tool buttons (Log, Undo, Hint) with their keys.
"""
