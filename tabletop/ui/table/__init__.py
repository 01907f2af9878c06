"""The table scene's parts, one job each; `tabletop.ui.scenes.table.TableScene` ties them together.

- `hot_seat`: who sees what at a shared screen (viewer, hold, curtain, hand-over): the one place that decides.
- `pacing`: the AI's moves, asked of a worker and paced so people can follow them.
- `hints`, `undo_tool`, `teaching`: undo and hints for one human against AI, the hint worker, and the
  table's commands for them.
- `autosave`: the game's save after every move, and its archive at the end.
- `log_view`: the game log's rows, built and painted the same way for the side column and the big log.
- `side_column`, `big_log`: the column beside the board (seat rows, turn line, log) and the log large (L).
- `controls`: the menu and the tool buttons (Log, Undo, Hint) with their keys.
- `phones`: the phone server and its join screen over the table.
- `forward`: the parts' state, read and set through the table.
"""
