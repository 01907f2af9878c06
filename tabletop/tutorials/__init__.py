"""Tutorial scripts, one `<game_id>.json` per game (package data; read by tabletop.tutorial)."""
