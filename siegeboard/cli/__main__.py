"""``python -m siegeboard.cli``: the same as the ``siegeboard`` command."""

import sys

from siegeboard.cli.entry import main

if __name__ == "__main__":
    sys.exit(main())
