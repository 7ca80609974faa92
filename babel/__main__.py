"""Entry point for ``python -m babel``."""

from __future__ import annotations

import sys

from babel.cli import main

sys.exit(main())
