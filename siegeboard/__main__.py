"""``python -m siegeboard``: the same as the ``siegeboard`` command (and the bundle's entry)."""

import sys

from siegeboard.cli import main

if __name__ == "__main__":
    sys.exit(main())
