"""Babel Builders' table: ``table`` (the scene), ``layout``, ``draw`` and ``panels`` (painters),
``animate``, ``art``, ``choice`` (the selection in progress), ``talk`` (the suspicion sheet),
``speech`` and ``speaking`` (spoken table talk: the menu, the words by the seats, the table's
part), ``timeline`` (who was what, at the end) and ``blueprints`` (the blueprint editor)."""

from scenes.tables.builders.table import BuildersTable

__all__ = ["BuildersTable"]
