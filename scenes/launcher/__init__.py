"""The launcher: main menu, seat setup, settings, saved games, rules viewer, pause menu."""
