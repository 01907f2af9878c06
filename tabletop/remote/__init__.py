"""Phone seats: a seat played from a phone browser on the same local network (issue 36).

server.py (PhoneServer: aiohttp in a daemon thread), protocol.py (messages, schemas, limits, inbound items),
binding.py (room code, seat tokens, code lockout), netaddr.py (the LAN address), static.py (the page's files),
client.py (a scripted phone for tests, selftest and benchmarks). No pygame here: the desktop side lives in ui/.
"""
