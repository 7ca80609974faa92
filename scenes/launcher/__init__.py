"""The launcher: main menu, seat setup, settings, saved games, rules viewer, pause menu."""

from __future__ import annotations


def install_routes() -> None:
    """Provide the launcher's screens to the layers below it (see ``scenes.routes``)."""
    from scenes import routes
    from scenes.launcher.menu import MainMenu
    from scenes.launcher.pause import PauseMenu
    from scenes.launcher.rules_viewer import RulesViewer
    from scenes.replay import ReplayScene
    from scenes.review_screen import ReviewScene
    from scenes.widgets.confirm import quit_dialog

    routes.provide(routes.MAIN_MENU, MainMenu)
    routes.provide(routes.GAME_MENU, PauseMenu)
    routes.provide(routes.RULES, RulesViewer)
    routes.provide(routes.ASK_QUIT, quit_dialog)
    routes.provide(routes.REPLAY, ReplayScene)
    routes.provide(routes.REVIEW, ReviewScene)
