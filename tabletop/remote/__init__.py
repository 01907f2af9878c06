"""Phone seats: a seat played from a phone's browser on the same local network while the desktop is the table.

server.py (PhoneServer: aiohttp in a daemon thread, with its parts named in its docstring), protocol.py (messages,
schemas, limits, inbound items), binding.py (room code, seat tokens, code lockout), netaddr.py (the LAN address),
static.py (the page's files), client.py (a scripted phone for tests, selftest and benchmarks), messages.py and
sheets/ (what a phone seat is sent, built from that seat's View alone), page/ (the phone page). The server
authenticates and queues; the pygame thread owns the Session (tabletop/ui/phone_table.py). No pygame here.
"""
