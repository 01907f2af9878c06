"""Phone seats (issue 36): a seat played from a browser on the local network while the desktop is the table.

The server (aiohttp on its own thread) authenticates and queues; the pygame thread owns the Session and builds
each phone seat's message (`messages`) from that seat's View. Nothing here imports pygame except *_art modules.
"""
