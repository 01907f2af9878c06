"""Tabletop: six tabletop games by Japanese indie designers, solo against AI or hot-seat."""

import time

# When the package was first imported: the start-up timing fallback where the process's own start time
# cannot be read (`tabletop.ui.app.seconds_since_process_start`).
IMPORTED_AT = time.perf_counter()
