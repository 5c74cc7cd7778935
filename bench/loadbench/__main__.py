"""python -m bench.loadbench, from the repository's root: the same as bench/load.py."""

from .cli import main

raise SystemExit(main())
